/*
 * plan/headroom.c: how many more pods of each workload fit.  Workloads
 * whose templates ask the scheduler the same share one count: each
 * count adds pods until one stays pending, so the work grows with the
 * templates that differ, not with the workloads.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "model/ident.h"
#include "plan/plan.h"
#include "util/util.h"

/*
 * The resource behind a pending reason: the reason that counts the most
 * devices (nodes x devices) in "0/N nodes fit: G nodes: a/b Name, ...".
 */
const char *
gs_binding_from_reason(const char *reason)
{
	static const struct {
		const char	*name;
		const char	*binding;
	} map[] = {
		{ "CardInsufficientMemory", "memory" },
		{ "CardTimeSlicingExhausted", "slots" },
		{ "CardInsufficientCore", "cores" },
		{ "CardComputeUnitsExhausted", "cores" },
		{ "ExclusiveDeviceAllocateConflict", "whole GPUs" },
		{ "AllocatedCardsInsufficientRequest", "GPUs on one node" },
		{ "NodeInsufficientDevice", "GPUs per node" },
		{ "CardTypeMismatch", "GPU type" },
		{ "CardUuidMismatch", "GPU UUID" },
		{ "NumaNotFit", "NUMA" },
		{ "NodeSelectorMismatch", "nodes (selector)" },
		{ "node unregistered", "nodes" },
	};
	const size_t	nmap = sizeof map / sizeof map[0];
	double		weight[sizeof map / sizeof map[0]];
	const char	*p, *q;
	size_t		k, best = nmap;
	long		nodes = 1;

	memset(weight, 0, sizeof weight);
	if (reason == NULL)
		return "none";
	/* The peers' profiles say it in one sentence (sched/peers.c,
	 * sched/fgd.c). */
	if (strstr(reason, "which no node advertises without HAMi") != NULL)
		return "HAMi's resources (not advertised)";
	if (strstr(reason, "without enough free GPUs") != NULL)
		return "free GPUs";
	if (strstr(reason, "GPUs (in milli-GPU), cpu and memory") != NULL)
		return "GPU share, cpu or memory";
	/* kube-scheduler over the device plugin's resources
	 * (sched/kube_dp.c): "F refused by kube-scheduler filters, I
	 * Insufficient <resource>". */
	if ((p = strstr(reason, " Insufficient ")) != NULL &&
	    strstr(reason, "refused by kube-scheduler filters") != NULL) {
		while (p > reason && p[-1] >= '0' && p[-1] <= '9')
			p--;
		return strtol(p, NULL, 10) > 0 ? "device plugin resources" :
		    "nodes (kube-scheduler filters)";
	}
	p = strchr(reason, ':');
	while (p != NULL && *p != '\0') {
		/* A group: " G node(s): items" up to ';' */
		p++;
		nodes = strtol(p, (char **)&q, 10);
		if (q == p)
			break;
		p = strchr(q, ':');
		if (p == NULL)
			break;
		q = strchr(p, ';');
		for (k = 0; k < nmap; k++) {
			const char *hit = strstr(p, map[k].name);
			long cnt = 1;

			if (hit == NULL || (q != NULL && hit > q))
				continue;
			/* "a/b Name": a devices of b on each node. */
			if (hit >= p + 5 && hit[-1] == ' ') {
				const char *s = hit - 2;

				while (s > p && *s >= '0' && *s <= '9')
					s--;
				if (*s == '/') {
					s--;
					while (s > p && s[-1] >= '0' &&
					    s[-1] <= '9')
						s--;
					cnt = strtol(s, NULL, 10);
				}
			}
			weight[k] += (double)nodes * (double)cnt;
		}
		p = q;
	}
	/* What ran out (the first seven) before what never fitted: devices
	 * of another type or UUID, nodes filtered out. */
	for (k = 0; k < 7; k++)
		if (weight[k] > 0 && (best == nmap || weight[k] > weight[best]))
			best = k;
	for (k = 7; k < nmap && best == nmap; k++)
		if (weight[k] > 0)
			best = k;
	for (k = 7; k < nmap; k++)
		if (best >= 7 && best < nmap && weight[k] > weight[best])
			best = k;
	return best == nmap ? "unknown" : map[best].binding;
}

/* pod_same compares every field of these: a new field must be added
 * there (or said to be irrelevant) before these sizes change. */
_Static_assert(sizeof(struct gs_pod) == 216 &&
    sizeof(struct gs_container) == 1504,
    "struct gs_pod or gs_container changed: update plan/headroom.c's "
    "pod_same");

static int
str_same(const char *a, const char *b)
{
	return a == b || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

static int
kv_same(const struct gs_kvlist *a, const struct gs_kvlist *b)
{
	size_t	i;

	if (a->n != b->n)
		return 0;
	for (i = 0; i < a->n; i++)
		if (!str_same(a->v[i].key, b->v[i].key) ||
		    !str_same(a->v[i].val, b->v[i].val))
			return 0;
	return 1;
}

static int
ctrs_same(const struct gs_container *a, const struct gs_container *b,
    size_t n)
{
	size_t	i, k;

	for (i = 0; i < n; i++) {
		if (!str_same(a[i].name, b[i].name) ||
		    a[i].privileged != b[i].privileged ||
		    a[i].cpu != b[i].cpu || a[i].mem != b[i].mem ||
		    memcmp(a[i].lim, b[i].lim, sizeof a[i].lim) != 0 ||
		    memcmp(a[i].req, b[i].req, sizeof a[i].req) != 0 ||
		    !kv_same(&a[i].dp, &b[i].dp) || a[i].next != b[i].next ||
		    a[i].init_warning != b[i].init_warning)
			return 0;
		for (k = 0; k < a[i].next; k++)
			if (!str_same(a[i].ext[k].name, b[i].ext[k].name) ||
			    a[i].ext[k].count != b[i].ext[k].count ||
			    a[i].ext[k].ridx != b[i].ext[k].ridx)
				return 0;
	}
	return 1;
}

static int
affinity_same(const struct gs_pod *a, const struct gs_pod *b)
{
	size_t	i, k, m;

	if (a->naffinity != b->naffinity)
		return 0;
	for (i = 0; i < a->naffinity; i++) {
		const struct gs_selterm *x = &a->affinity[i],
		    *y = &b->affinity[i];

		if (x->nreqs != y->nreqs)
			return 0;
		for (k = 0; k < x->nreqs; k++) {
			if (!str_same(x->reqs[k].key, y->reqs[k].key) ||
			    !str_same(x->reqs[k].op, y->reqs[k].op) ||
			    x->reqs[k].field != y->reqs[k].field ||
			    x->reqs[k].nvalues != y->reqs[k].nvalues)
				return 0;
			for (m = 0; m < x->reqs[k].nvalues; m++)
				if (!str_same(x->reqs[k].values[m],
				    y->reqs[k].values[m]))
					return 0;
		}
	}
	return 1;
}

/*
 * Do templates a and b ask the scheduler the same?  Every field but the
 * names, the owner and where it was read (no scheduler reads them for
 * placement; DRA's claims name their pod, so runs with DRA objects are
 * never shared: see gs_plan_headroom).
 */
static int
pod_same(const struct gs_pod *a, const struct gs_pod *b)
{
	size_t	i;

	if (!str_same(a->ns, b->ns) || !str_same(a->kind, b->kind) ||
	    !kv_same(&a->annotations, &b->annotations) ||
	    !kv_same(&a->node_selector, &b->node_selector) ||
	    a->nctrs != b->nctrs || a->ninit != b->ninit ||
	    a->pinned_node != b->pinned_node || a->req_cpu != b->req_cpu ||
	    a->req_mem != b->req_mem || a->ntols != b->ntols ||
	    a->gpu_milli != b->gpu_milli ||
	    !str_same(a->pod_group, b->pod_group) ||
	    !str_same(a->scheduler_name, b->scheduler_name) ||
	    !str_same(a->queue, b->queue) ||
	    !ctrs_same(a->ctrs, b->ctrs, a->nctrs) ||
	    !ctrs_same(a->init, b->init, a->ninit) || !affinity_same(a, b))
		return 0;
	for (i = 0; i < a->ntols; i++)
		if (!str_same(a->tols[i].key, b->tols[i].key) ||
		    !str_same(a->tols[i].op, b->tols[i].op) ||
		    !str_same(a->tols[i].value, b->tols[i].value) ||
		    !str_same(a->tols[i].effect, b->tols[i].effect))
			return 0;
	return 1;
}

/* Add pods of tmpl's template to a copy of c until one stays pending or
 * limit were added: h's additional, limited, binding and reason. */
static int
fill(struct gs_headroom *h, const struct gs_pod *tmpl,
    const struct gs_cluster *c, const struct gs_workload *w,
    const struct gs_config *cfg, const struct gs_policy *p, size_t limit,
    struct gs_error *err)
{
	struct gs_cluster	 cc;
	struct gs_pod		 pod;
	void			*st;
	int			 rc = 0;

	gs_cluster_copy(&cc, c);
	gs_pod_copy(&pod, tmpl);
	st = gs_policy_start(p, &cc, cfg, w);
	for (;;) {
		struct gs_placement	d;

		if (h->additional >= limit) {
			h->limited = 1;
			h->binding = xasprintf("none before the limit of %zu",
			    limit);
			break;
		}
		free(pod.name);
		pod.name = xasprintf("%s-extra-%zu", tmpl->workload,
		    h->additional);
		if ((rc = gs_policy_decide(p, st, &cc, &pod, &d, err)) != 0)
			break;
		if (d.status != GS_PLACED) {
			if (d.status == GS_UNMANAGED)
				h->binding = xstrdup("n/a (no GPU request)");
			else {
				h->binding = xstrdup(
				    gs_binding_from_reason(d.reason));
				h->reason = d.reason ? xstrdup(d.reason) : NULL;
			}
			gs_placement_release(&d);
			break;
		}
		gs_engine_commit(&cc, &d, &pod);
		gs_placement_release(&d);
		h->additional++;
	}
	p->destroy(st);
	gs_pod_release(&pod);
	gs_cluster_release(&cc);
	return rc;
}

/* h takes src's counted outcome (a template that asks the same). */
static void
share(struct gs_headroom *h, const struct gs_headroom *src)
{
	h->additional = src->additional;
	h->limited = src->limited;
	h->binding = src->binding ? xstrdup(src->binding) : NULL;
	h->reason = src->reason ? xstrdup(src->reason) : NULL;
}

int
gs_plan_headroom(const struct gs_cluster *c, const struct gs_workload *w,
    const struct gs_result *r, const struct gs_config *cfg,
    const struct gs_policy *p, size_t limit, struct gs_headroom **out,
    size_t *n, struct gs_error *err)
{
	struct gs_headroom	*v = NULL;
	struct gs_idset		 names;
	size_t			 nv = 0, cap = 0, tcap = 0, i, j,
				*tmpl = NULL, *counted = NULL, ncounted = 0;
	long			 g;
	int			 rc = 0, shared = c->dra == NULL &&
				    w->dra == NULL;

	memset(&names, 0, sizeof names);
	/* The workloads in order of their first pod, one pass. */
	for (i = 0; i < w->npods; i++) {
		if (gs_idset_add(&names, "w", NULL, w->pods[i].workload, NULL,
		    0, 0) != NULL)
			continue;
		grow_array(&v, &cap, nv + 1, sizeof *v);
		memset(&v[nv], 0, sizeof *v);
		v[nv].workload = xstrdup(w->pods[i].workload);
		v[nv].kind = xstrdup(w->pods[i].kind);
		grow_array(&tmpl, &tcap, nv + 1, sizeof *tmpl);
		tmpl[nv++] = i;
	}
	for (i = 0; i < r->npl; i++) {
		g = gs_idset_find(&names, "w", NULL,
		    w->pods[r->pl[i].pod].workload);
		v[g].placed += r->pl[i].status == GS_PLACED;
		v[g].pending += r->pl[i].status == GS_PENDING;
	}
	gs_idset_free(&names);
	counted = xcalloc(nv ? nv : 1, sizeof *counted);
	for (i = 0; i < nv && rc == 0; i++) {
		const struct gs_pod *t = &w->pods[tmpl[i]];

		if (t->pinned_node >= 0) {
			v[i].binding = xstrdup("n/a (one pod per node)");
			continue;
		}
		for (j = 0; shared && j < ncounted; j++)
			if (pod_same(&w->pods[tmpl[counted[j]]], t))
				break;
		if (shared && j < ncounted) {
			share(&v[i], &v[counted[j]]);
			continue;
		}
		rc = fill(&v[i], t, c, w, cfg, p, limit, err);
		counted[ncounted++] = i;
	}
	free(counted);
	free(tmpl);
	*out = v;
	*n = nv;
	return rc;
}

void
gs_headroom_free(struct gs_headroom *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		free(v[i].workload);
		free(v[i].kind);
		free(v[i].binding);
		free(v[i].reason);
	}
	free(v);
}
