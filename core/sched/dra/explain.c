/*
 * sched/dra/explain.c: `explain` for the dra profiles (sched/dra/
 * explain.h).  The nodes get the verdict of the profile's own filters
 * (gs_dra_node_check: kube-scheduler's filters, NodeResourcesFit on cpu
 * and memory, KEP-5004's device plugin case, the structured allocator);
 * the devices of one node are tried one by one for each claim request
 * (gs_dra_devices_why), at the usage before the pod, so that a device
 * shows the selector, use, counter or capacity that refuses it.  The
 * allocator's search itself (constraints, backtracking, devices an
 * earlier request of the pod took) is in the node's verdict.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/dra/dra.h"
#include "sched/dra/explain.h"
#include "sched/dra/extres.h"
#include "sched/dra/kversion.h"
#include "sched/sim.h"

/* One line per claim: its name, object and requests. */
static char *
claim_line(const struct gs_dra *d, const struct gs_dra_want *w, int special)
{
	const struct gs_dra_claim *cl = w->claim;
	char	*s, *t;
	size_t	 i, k;

	s = xasprintf("%s: %s%s%s", w->name, special ? "KEP-5004's special "
	    "claim for extended resources" : cl->is_template ?
	    "ResourceClaimTemplate " : "ResourceClaim ", special ? "" :
	    cl->name,
	    cl->allocated ? ", allocated (status.allocation)" :
	    gs_dra_claimed_find(d, cl) != NULL ? ", allocated by an earlier "
	    "pod" : "");
	for (i = 0; i < cl->nreqs; i++)
		for (k = 0; k < cl->reqs[i].nsubs; k++) {
			const struct gs_dra_sub *u = &cl->reqs[i].subs[k];
			char	n[32];

			snprintf(n, sizeof n, "%lld", (long long)u->count);
			t = xasprintf("%s; request %s%s%s: %s of class %s, "
			    "%zu selector%s%s", s, cl->reqs[i].name,
			    u->name ? "/" : "", u->name ? u->name : "",
			    u->all ? "all" : n, u->class, u->nsels,
			    u->nsels == 1 ? "" : "s", u->ncapreq > 0 ?
			    ", capacity requests" : "");
			free(s);
			s = t;
		}
	return s;
}

/* The verdict of node i as text. */
static char *
node_text(const struct gs_dra *d, int v, const char *buf,
    const struct gs_dra_why *w, const struct gs_dra_alloc *a)
{
	char	*s, *t, one[320];
	size_t	 i;

	switch (v) {
	case GS_DRA_FITS:
		s = xstrdup("allocates");
		for (i = 0; i < a->n; i++) {
			gs_dra_take_format(d, &a->v[i], one, sizeof one);
			t = xasprintf("%s%s %s", s, i ? "," : "", one);
			free(s);
			s = t;
		}
		return s;
	case GS_DRA_DEVPLUG:
		return xasprintf("allocatable lists %s: its device plugin "
		    "serves it (not modeled)", buf);
	case GS_DRA_NOALLOC:
		return xasprintf("cannot allocate %s (devices tried %zu: "
		    "selector %zu, in use %zu, counters %zu, capacity %zu, "
		    "constraint %zu)%s%s%s", w->failed[0] ? w->failed :
		    "the claims", w->tried, w->selector, w->in_use,
		    w->counters, w->capacity, w->constraint, w->sel[0] ?
		    "; first selector false: " : "", w->sel, w->pools_bad ?
		    "; incomplete or invalid pools" : "");
	default:
		return xstrdup(buf);
	}
}

struct rows {
	struct gs_dra_explain		*ex;
	const struct gs_dra		*d;
	const struct gs_placement	*pl;
	const char			*req;
	const char			*claim, *request;
};

static void
add_row(void *arg, size_t si, size_t j, const char *why)
{
	struct rows			*r = arg;
	const struct gs_dra_slice	*s = r->d->sref[si].s;
	struct gs_dra_xdev		*x;
	size_t				 k;

	grow_array(&r->ex->dev, &r->ex->capdev, r->ex->ndev + 1,
	    sizeof *r->ex->dev);
	x = &r->ex->dev[r->ex->ndev++];
	x->request = xstrdup(r->req);
	x->device = xasprintf("%s/%s/%s", s->driver, s->pool,
	    s->devs[j].name);
	x->why = why != NULL ? xstrdup(why) : NULL;
	x->given = 0;
	for (k = 0; r->pl->dra != NULL && k < r->pl->dra->n; k++) {
		const struct gs_dra_take *t = &r->pl->dra->v[k];

		if (t->sref == si && t->dev == j &&
		    strcmp(t->claim, r->claim) == 0 &&
		    strcmp(t->request, r->request) == 0)
			x->given = 1;
	}
}

/* The detail node's devices for every request of every claim. */
static void
devices(const struct gs_cluster *c, const struct gs_kube_version *kv,
    const struct gs_dra_want *want, size_t nwant,
    const struct gs_placement *pl, struct gs_dra_explain *ex)
{
	static const struct gs_placement none;
	const struct gs_node	*n = &c->nodes[ex->detail];
	struct rows		 r;
	char			 req[256];
	size_t			 i, q, k;

	r.ex = ex;
	r.d = c->dra;
	r.pl = pl->status == GS_PLACED && pl->node == ex->detail ? pl : &none;
	for (i = 0; i < nwant; i++) {
		const struct gs_dra_claim *cl = want[i].claim;

		if (cl->allocated || gs_dra_claimed_find(c->dra, cl) != NULL)
			continue;
		for (q = 0; q < cl->nreqs; q++)
			for (k = 0; k < cl->reqs[q].nsubs; k++) {
				const struct gs_dra_req *rq = &cl->reqs[q];

				if (rq->first_available)
					snprintf(req, sizeof req, "%s/%s",
					    rq->name, rq->subs[k].name);
				else
					snprintf(req, sizeof req, "%s",
					    rq->name);
				r.claim = want[i].name;
				r.request = req;
				r.req = xasprintf("%s/%s", want[i].name, req);
				ex->pools_bad = gs_dra_devices_why(c->dra,
				    &kv->feat, n, &rq->subs[k], add_row, &r);
				free((char *)r.req);
			}
	}
}

void
gs_dra_explain(const struct gs_cluster *c, const char *profile,
    const struct gs_pod *pod, const struct gs_placement *pl, long detail,
    struct gs_dra_explain *ex)
{
	const struct gs_kube_version *kv = gs_kube_version_of(profile);
	struct gs_dra_want	*want;
	struct gs_dra_alloc	 a;
	struct gs_dra_why	 why;
	struct gs_dra_claim	 xcl;
	char			 buf[192];
	const char		*dp;
	size_t			 i, nwant;
	int			 ext, v;

	memset(ex, 0, sizeof *ex);
	ex->detail = detail >= 0 ? detail : pl->status == GS_PLACED ?
	    pl->node : -1;
	if (kv == NULL)
		return;
	ext = gs_dra_pod_claims(kv, c->dra, pod, &want, &nwant);
	ex->claims = xcalloc(nwant + 2, sizeof *ex->claims);
	for (i = 0; i < nwant; i++)
		ex->claims[ex->nclaims++] = claim_line(c->dra, &want[i], 0);
	ex->nnodes = c->nnodes;
	ex->node = xcalloc(c->nnodes + 1, sizeof *ex->node);
	ex->verdict = xcalloc(c->nnodes + 1, sizeof *ex->verdict);
	for (i = 0; i < c->nnodes; i++) {
		v = gs_dra_node_check(kv, c, pod, i, want, nwant, ext, &a,
		    &why, buf, sizeof buf);
		ex->node[i].verdict = v;
		ex->node[i].why = node_text(c->dra, v, buf, &why, &a);
		ex->verdict[i].why = ex->node[i].why;
		ex->verdict[i].fits = v == GS_DRA_FITS;
		if (v == GS_DRA_FITS)
			gs_dra_alloc_release(&a);
	}
	gs_xverdict_chosen(ex->verdict, c->nnodes, pl);
	/* KEP-5004's special claim as the detail node gets it. */
	memset(&xcl, 0, sizeof xcl);
	if (ext && ex->detail >= 0 && gs_dra_extres_claim(c->dra, pod,
	    &c->nodes[ex->detail], &xcl, &dp) > 0) {
		want[nwant].claim = &xcl;
		want[nwant].name = xcl.name;
		ex->claims[ex->nclaims++] = claim_line(c->dra, &want[nwant++], 1);
	}
	if (ex->detail >= 0)
		devices(c, kv, want, nwant, pl, ex);
	gs_dra_claim_free(&xcl);
	free(want);
}

void
gs_dra_explain_release(struct gs_dra_explain *ex)
{
	size_t	i;

	for (i = 0; i < ex->nclaims; i++)
		free(ex->claims[i]);
	free(ex->claims);
	for (i = 0; i < ex->nnodes; i++)
		free(ex->node[i].why);
	free(ex->node);
	free(ex->verdict);
	for (i = 0; i < ex->ndev; i++) {
		free(ex->dev[i].request);
		free(ex->dev[i].device);
		free(ex->dev[i].why);
	}
	free(ex->dev);
	memset(ex, 0, sizeof *ex);
}

int
gs_dra_explain_turn(const struct gs_cluster *c0, const struct gs_workload *w,
    size_t k, const struct gs_config *cfg, const struct gs_policy *p,
    struct gs_sim *sim, struct gs_error *err)
{
	struct gs_cluster	c1;
	struct gs_workload	before = *w;
	int			rc;

	gs_cluster_copy(&c1, c0);
	gs_dra_prepare(&c1.dra, w->dra);
	(void)gs_dra_hami_map(&c1.dra, &c1, w);
	before.npods = k;
	before.dra = NULL;	/* joined above */
	rc = gs_simulate(&c1, &before, cfg, p, NULL, sim, err);
	gs_cluster_release(&c1);
	return rc;
}
