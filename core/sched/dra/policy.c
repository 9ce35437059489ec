/*
 * sched/dra/policy.c: the `dra` profiles: kube-scheduler v1.34, v1.35 and
 * v1.36 (sched/dra/kversion.c) placing pods with ResourceClaims.  Nodes
 * pass the filters (sched/kubefilter.h), NodeResourcesFit on cpu and
 * memory, and the DynamicResources plugin's Filter (the structured
 * allocator, sched/dra/alloc.h, with the version's feature gates); among
 * them NodeResourcesFit LeastAllocated over cpu and memory picks the node,
 * plus from v1.35 the DynamicResources Score (dynamicresources.go Score,
 * computeScore; NormalizeScore is helper.DefaultNormalizeScore to 100;
 * weight 1, the default MultiPoint weight of
 * pkg/scheduler/apis/config/v1/default_plugins.go), the first listed on
 * ties.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/policy.h"
#include "sched/kubefilter.h"
#include "sched/peer_view.h"
#include "sched/dra/alloc.h"
#include "sched/dra/dra.h"
#include "sched/dra/extres.h"
#include "sched/dra/kversion.h"
#include "sched/window.h"
#include "util/util.h"

/* A dra scheduler: its Kubernetes release and percentageOfNodesToScore
 * (sched/window.h). */
struct dra_st {
	const struct gs_kube_version	*kv;
	int				 pct;
};

static void *
dra_create_v(const char *profile, const struct gs_config *cfg)
{
	struct dra_st	*st = xcalloc(1, sizeof *st);

	st->kv = gs_kube_version_of(profile);
	st->pct = gs_window_pct(cfg);
	return st;
}

static void *
dra_create(const struct gs_cluster *c, const struct gs_config *cfg)
{
	(void)c;
	return dra_create_v("dra", cfg);
}

static void *
dra_create_v135(const struct gs_cluster *c, const struct gs_config *cfg)
{
	(void)c;
	return dra_create_v("dra-v1.35", cfg);
}

static void *
dra_create_v136(const struct gs_cluster *c, const struct gs_config *cfg)
{
	(void)c;
	return dra_create_v("dra-v1.36", cfg);
}

static void
dra_destroy(void *st)
{
	free(st);
}

size_t
gs_dra_pod_wants(const struct gs_dra *d, const struct gs_pod *pod,
    struct gs_dra_want **out)
{
	const struct gs_dra_podref	*p = gs_dra_pod_find(d, pod->ns,
					    pod->name);
	size_t				 i, n = 0;

	*out = NULL;
	if (p == NULL || p->n == 0)
		return 0;
	*out = xcalloc(p->n, sizeof **out);
	for (i = 0; i < p->n; i++) {
		const struct gs_dra_podclaim *c = &p->v[i];
		const struct gs_dra_claim *cl = gs_dra_claim_find(d, pod->ns,
		    c->claim ? c->claim : c->tmpl, c->tmpl != NULL);

		if (cl == NULL)
			continue;	/* refused when loaded */
		(*out)[n].claim = cl;
		(*out)[n++].name = c->name;
	}
	return n;
}

/* NodeResourcesFit's Filter on cpu and memory. */
static int
cpu_mem_fit(const struct gs_node *n, const struct gs_pod *pod)
{
	if (!n->has_alloc)
		return 1;
	return n->used_cpu + pod->req_cpu <= n->alloc_cpu &&
	    n->used_mem + pod->req_mem <= n->alloc_mem;
}

static void
why_add(struct gs_dra_why *t, const struct gs_dra_why *w)
{
	t->tried += w->tried;
	t->selector += w->selector;
	t->in_use += w->in_use;
	t->counters += w->counters;
	t->capacity += w->capacity;
	t->constraint += w->constraint;
	t->pools_bad += w->pools_bad;
}

/* A node that passed every filter: its allocation and scores. */
struct cand {
	size_t			 node;
	double			 fit;		/* LeastAllocated */
	struct gs_dra_alloc	 a;
};

/* NodeResourcesFit LeastAllocated over cpu and memory (weights 1, 1). */
static double
least_allocated(const struct gs_node *n, const struct gs_pod *pod)
{
	static const int	 w[3] = { 1, 1, 0 };
	struct gs_pnode		 v;
	struct gs_ppod		 pp;

	memset(&v, 0, sizeof v);
	memset(&pp, 0, sizeof pp);
	pp.cpu = pod->req_cpu;
	pp.mem = pod->req_mem;
	v.cpu_cap = n->has_alloc ? n->alloc_cpu : 0;
	v.cpu_use = n->used_cpu;
	v.mem_cap = n->has_alloc ? n->alloc_mem : 0;
	v.mem_use = n->used_mem;
	return gs_peer_kube_score(GS_KUBE_LEAST, w, &v, &pp);
}

/*
 * The best candidate: LeastAllocated plus, where the version scores,
 * the DynamicResources score normalised over the candidates
 * (DefaultNormalizeScore: 100 * s / max, integer; all kept at 0 when the
 * maximum is 0); the first listed on ties.
 */
static size_t
best_cand(const struct gs_kube_version *kv, struct cand *v, size_t n,
    double *score)
{
	int64_t	max = 0;
	double	s;
	size_t	i, best = 0;

	for (i = 0; kv->feat.score && i < n; i++)
		if (v[i].a.score > max)
			max = v[i].a.score;
	for (i = 0; i < n; i++) {
		s = v[i].fit + (max > 0 ? (double)(100 * v[i].a.score / max) :
		    0);
		if (i == 0 || s > *score) {
			*score = s;
			best = i;
		}
	}
	return best;
}

/* Why nodes were refused, for the pending reason. */
struct refusals {
	int			 n[GS_DRA_NVERDICTS];
	char			 dp[192];	/* a device plugin's resource */
	struct gs_dra_why	 why;
};

static void
pending(struct gs_placement *d, const struct gs_cluster *c,
    const struct refusals *r)
{
	const struct gs_dra_why	*w = &r->why;
	char			*x;

	d->status = GS_PENDING;
	d->reason = xasprintf("0/%zu nodes are available: %d refused by "
	    "kube-scheduler filters, %d Insufficient cpu or memory, %d cannot "
	    "allocate all claims%s%s (devices tried %zu: selector %zu, in use "
	    "%zu, counters %zu, capacity %zu, constraint %zu)%s%s",
	    c->nnodes, r->n[GS_DRA_FILTERED], r->n[GS_DRA_CPUMEM],
	    r->n[GS_DRA_NOALLOC], w->failed[0] ? ": " : "", w->failed,
	    w->tried, w->selector, w->in_use, w->counters, w->capacity,
	    w->constraint, w->sel[0] ? "; first selector false: " : "",
	    w->sel);
	if (w->pools_bad > 0) {
		x = xasprintf("%s; %zu incomplete or invalid resource pools",
		    d->reason, w->pools_bad);
		free(d->reason);
		d->reason = x;
	}
	if (r->n[GS_DRA_DEVPLUG] > 0) {
		x = xasprintf("%s; %d list %s in allocatable: a device plugin "
		    "serves it there, which the dra profiles do not model",
		    d->reason, r->n[GS_DRA_DEVPLUG], r->dp);
		free(d->reason);
		d->reason = x;
	}
}

int
gs_dra_node_check(const struct gs_kube_version *kv,
    const struct gs_cluster *c, const struct gs_pod *pod, size_t i,
    struct gs_dra_want *want, size_t nwant, int ext,
    struct gs_dra_alloc *a, struct gs_dra_why *why, char *buf, size_t len)
{
	const struct gs_node	*n = &c->nodes[i];
	struct gs_dra_claim	 xcl;
	const char		*dp;
	int			 x = 0, ok;

	memset(why, 0, sizeof *why);
	buf[0] = '\0';
	if (pod->pinned_node >= 0 && (size_t)pod->pinned_node != i) {
		snprintf(buf, len, "not the DaemonSet pod's node");
		return GS_DRA_FILTERED;
	}
	if (gs_kube_filter(n, pod, buf, len) != NULL)
		return GS_DRA_FILTERED;
	if (!cpu_mem_fit(n, pod)) {
		snprintf(buf, len, "Insufficient cpu or memory");
		return GS_DRA_CPUMEM;
	}
	memset(&xcl, 0, sizeof xcl);
	if (ext && (x = gs_dra_extres_claim(c->dra, pod, n, &xcl, &dp)) < 0) {
		snprintf(buf, len, "%s", dp);
		return GS_DRA_DEVPLUG;
	}
	if (x > 0) {
		want[nwant].claim = &xcl;
		want[nwant].name = xcl.name;
	}
	ok = gs_dra_allocate(c->dra, &kv->feat, n, want, nwant + (x > 0), a,
	    why);
	gs_dra_claim_free(&xcl);
	return ok ? GS_DRA_FITS : GS_DRA_NOALLOC;
}

int
gs_dra_pod_claims(const struct gs_kube_version *kv, const struct gs_dra *d,
    const struct gs_pod *pod, struct gs_dra_want **want, size_t *nwant)
{
	int	ext;

	*nwant = gs_dra_pod_wants(d, pod, want);
	ext = kv->feat.extended_resource && gs_dra_extres_wanted(d, pod);
	*want = xreallocarray(*want, *nwant + 1, sizeof **want);
	return ext;
}

/* One pod's walk over the nodes (gs_window_walk's arg). */
struct dra_walk_arg {
	const struct gs_kube_version *kv;
	const struct gs_cluster	*c;
	const struct gs_pod	*pod;
	struct gs_dra_want	*want;
	size_t			 nwant;
	int			 ext;
	struct refusals		*r;
	struct cand		*cv;
	size_t			 ncv;
	struct gs_window	*win;
	int			 pct;
};

/* Node i: 1 when it passes every filter, DRA's allocation included; kept
 * as a candidate unless it is the window's (k+1)th feasible node, which
 * only stops the walk (findNodesThatPassFilters). */
static int
dra_node(size_t i, void *arg)
{
	struct dra_walk_arg	*a = arg;
	struct refusals		*r = a->r;
	struct gs_dra_why	 why;
	char			 buf[192];
	int			 v;

	v = gs_dra_node_check(a->kv, a->c, a->pod, i, a->want, a->nwant,
	    a->ext, &a->cv[a->ncv].a, &why, buf, sizeof buf);
	/* The first node's failed request and selector, every node's
	 * counts. */
	if (v == GS_DRA_NOALLOC && r->n[v] == 0)
		r->why = why;
	else if (v == GS_DRA_NOALLOC)
		why_add(&r->why, &why);
	if (v == GS_DRA_DEVPLUG)
		snprintf(r->dp, sizeof r->dp, "%s", buf);
	if (v != GS_DRA_FITS) {
		r->n[v]++;
		return 0;
	}
	if (a->win->nfeasible == a->win->k && a->pod->pinned_node < 0) {
		gs_dra_alloc_release(&a->cv[a->ncv].a);
		return 1;
	}
	r->n[v]++;
	a->cv[a->ncv].node = i;
	a->cv[a->ncv++].fit = least_allocated(&a->c->nodes[i], a->pod);
	return 1;
}

static int
cand_by_node(const void *x, const void *y)
{
	const struct cand	*a = x, *b = y;

	return (a->node > b->node) - (a->node < b->node);
}

/*
 * kube-scheduler's walk from the dra scheduler's start index (the
 * DaemonSet pod's node alone), the next index left in d; the candidates
 * in node order, so that the node listed first wins a tie as before.
 */
static void
dra_walk(struct dra_walk_arg *a, struct gs_placement *d)
{
	struct gs_window	*w = a->win;
	const struct gs_cluster	*c = a->c;

	gs_window_init(w, a->pct);
	w->next = c->win_next[GS_WIN_DRA];
	if (a->pod->pinned_node >= 0) {
		w->k = 1;
		if ((size_t)a->pod->pinned_node < c->nnodes)
			(void)dra_node((size_t)a->pod->pinned_node, a);
		gs_window_one(w, c->nnodes);
	} else
		(void)gs_window_walk(w, c->nnodes, dra_node, a);
	qsort(a->cv, a->ncv, sizeof *a->cv, cand_by_node);
	d->win_slot = GS_WIN_DRA;
	d->win_next = w->next;
	gs_window_release(w);
}

static int
dra_decide(void *stp, const struct gs_cluster *c, const struct gs_pod *pod,
    struct gs_placement *d, struct gs_error *err)
{
	const struct dra_st	*ds = stp;
	const struct gs_kube_version *kv = ds->kv;
	struct gs_dra_want	*want;
	struct refusals		 r;
	struct cand		*cv;
	struct dra_walk_arg	 wa;
	struct gs_window	 win;
	size_t			 i, nwant, ncv = 0, best;
	double			 best_score = 0;
	int			 ext;

	(void)err;		/* it cannot fail */
	memset(d, 0, sizeof *d);
	d->node = -1;
	ext = gs_dra_pod_claims(kv, c->dra, pod, &want, &nwant);
	if (nwant == 0 && !ext) {
		free(want);
		d->status = GS_UNMANAGED;
		return 0;
	}
	d->nctrs = pod->nctrs;
	d->ctrs = xcalloc(pod->nctrs ? pod->nctrs : 1, sizeof *d->ctrs);
	memset(&r, 0, sizeof r);
	memset(&wa, 0, sizeof wa);
	wa.kv = kv;
	wa.c = c;
	wa.pod = pod;
	wa.want = want;
	wa.nwant = nwant;
	wa.ext = ext;
	wa.r = &r;
	wa.cv = cv = xcalloc(c->nnodes + 1, sizeof *cv);
	wa.win = &win;
	wa.pct = ds->pct;
	dra_walk(&wa, d);
	ncv = wa.ncv;
	free(want);
	if (ncv == 0) {
		free(cv);
		pending(d, c, &r);
		return 0;
	}
	best = best_cand(kv, cv, ncv, &best_score);
	for (i = 0; i < ncv; i++)
		if (i != best)
			gs_dra_alloc_release(&cv[i].a);
	d->status = GS_PLACED;
	d->node = (long)cv[best].node;
	d->node_score = (float)best_score;
	d->dra = xmalloc(sizeof *d->dra);
	*d->dra = cv[best].a;
	free(cv);
	return 0;
}

/* A Kubernetes version's row: kube-scheduler's family, with DRA. */
#define DRA_POLICY(n, s, fn) {						\
	.name = (n), .summary = (s), .family = "kube", .dra = 1,	\
	.views = GS_VIEW_DEVICE, .tie = GS_TIE_FIRST, .create = (fn),	\
	.destroy = dra_destroy, .decide = dra_decide }

const struct gs_policy gs_policy_dra = DRA_POLICY("dra",
    "kube-scheduler v1.34 with DRA: the structured allocator's first fit, "
    "LeastAllocated over cpu and memory", dra_create);
const struct gs_policy gs_policy_dra_v135 = DRA_POLICY("dra-v1.35",
    "kube-scheduler v1.35 with DRA: first fit, LeastAllocated plus the "
    "prioritized list's score", dra_create_v135);
const struct gs_policy gs_policy_dra_v136 = DRA_POLICY("dra-v1.36",
    "kube-scheduler v1.36 with DRA: partitionable devices and consumable "
    "capacity on, first fit, LeastAllocated plus the prioritized list's "
    "score", dra_create_v136);

void
gs_dra_take_format(const struct gs_dra *d, const struct gs_dra_take *t,
    char *buf, size_t len)
{
	const struct gs_dra_slice	*s = d->sref[t->sref].s;
	const struct gs_dra_device	*dv = &s->devs[t->dev];
	size_t				 k, o;

	o = (size_t)snprintf(buf, len, "%s/%s=%s/%s/%s", t->claim, t->request,
	    s->driver, s->pool, dv->name);
	for (k = 0; k < dv->ncaps && o < len; k++)
		if (t->cap[k] > 0)
			o += (size_t)snprintf(buf + o, len - o, "%s%s=%lld",
			    o > 0 && strchr(buf, ' ') ? "," : " ",
			    dv->caps[k].name, (long long)t->cap[k]);
	/* The class's config, which its driver applies at prepare. */
	for (k = 0; t->cls != NULL && k < t->cls->nconfig && o < len; k++)
		o += (size_t)snprintf(buf + o, len - o, "%s%s", k == 0 ?
		    " config " : "; ", t->cls->config[k]);
}
