/*
 * plan/nodes.c: the cheapest set of nodes to add so that every pod
 * places.  Best-first search over node counts per pool: count vectors are
 * taken in order of cost (nodes when no pool has a price), then node
 * count, then pool order; each is checked by a full simulation, so the
 * first that places every pod is the answer, not an estimate.
 */
#include <stdlib.h>
#include <string.h>

#include "load/load.h"
#include "plan/plan.h"
#include "sched/sim.h"
#include "util/util.h"

struct cand {
	size_t	*count;
	size_t	 last;		/* pools >= last may still be incremented */
	size_t	 nodes;
	double	 cost;
	size_t	 seq;		/* insertion order: final tie-break */
};

struct heap {
	struct cand	*v;
	size_t		 n, cap;
	size_t		 npools;
};

static int
cand_less(const struct heap *h, const struct cand *a, const struct cand *b)
{
	size_t	i;

	if (a->cost != b->cost)
		return a->cost < b->cost;
	if (a->nodes != b->nodes)
		return a->nodes < b->nodes;
	for (i = 0; i < h->npools; i++)	/* more of the earlier pools first */
		if (a->count[i] != b->count[i])
			return a->count[i] > b->count[i];
	return a->seq < b->seq;
}

static void
heap_push(struct heap *h, struct cand c)
{
	size_t	i, p;

	grow_array(&h->v, &h->cap, h->n + 1, sizeof *h->v);
	i = h->n++;
	h->v[i] = c;
	while (i > 0 && cand_less(h, &h->v[i], &h->v[p = (i - 1) / 2])) {
		struct cand t = h->v[i];

		h->v[i] = h->v[p];
		h->v[p] = t;
		i = p;
	}
}

static struct cand
heap_pop(struct heap *h)
{
	struct cand	top = h->v[0], t;
	size_t		i = 0, l, m;

	h->v[0] = h->v[--h->n];
	for (;;) {
		l = 2 * i + 1;
		if (l >= h->n)
			break;
		m = l + 1 < h->n && cand_less(h, &h->v[l + 1], &h->v[l]) ?
		    l + 1 : l;
		if (!cand_less(h, &h->v[m], &h->v[i]))
			break;
		t = h->v[i];
		h->v[i] = h->v[m];
		h->v[m] = t;
		i = m;
	}
	return top;
}

void
gs_cluster_with_pools(struct gs_cluster *out, const struct gs_cluster *c,
    const struct gs_pool *pools, size_t npools, const size_t *count)
{
	size_t	i, k, d, total = c->nnodes;

	gs_cluster_copy(out, c);
	for (i = 0; i < npools; i++)
		total += count[i];
	grow_array(&out->nodes, &out->cap, total, sizeof *out->nodes);
	for (i = 0; i < npools; i++)
		for (k = 0; k < count[i]; k++) {
			struct gs_node	*n = &out->nodes[out->nnodes++];

			gs_node_copy(n, &pools[i].node);
			free(n->name);
			n->name = xasprintf("%s-added-%zu", pools[i].name, k);
			gs_kv_set(&n->labels, "kubernetes.io/hostname",
			    n->name);
			for (d = 0; d < n->ndevs; d++) {
				free(n->devs[d].id);
				n->devs[d].id = gs_gpu_uuid(n->name, (int)d);
			}
			n->gen = 0;
		}
}

/* Pods w leaves pending on c plus count[i] nodes of each pool into
 * *pending; -1 with err when the simulation failed. */
static int
simulate(const struct gs_cluster *c, const struct gs_workload *w,
    const struct gs_config *cfg, const struct gs_policy *p,
    const struct gs_pool *pools, size_t npools, const size_t *count,
    size_t *pending, struct gs_error *err)
{
	struct gs_cluster	cc;
	struct gs_sim		sim;
	int			rc;

	gs_cluster_with_pools(&cc, c, pools, npools, count);
	rc = gs_simulate(&cc, w, cfg, p, NULL, &sim, err);
	*pending = sim.res.pending;
	gs_sim_release(&sim);
	gs_cluster_release(&cc);
	return rc;
}

int
gs_plan_nodes(const struct gs_cluster *c, const struct gs_workload *w,
    const struct gs_config *cfg, const struct gs_policy *p,
    const struct gs_pool *pools, size_t npools, size_t max_nodes,
    size_t max_sims, const struct gs_progress *prog,
    struct gs_nodes_plan *out, struct gs_error *err)
{
	struct heap	h;
	struct cand	start;
	size_t		i, seq = 0, pending;
	int		priced = 0, rc = 0;

	memset(out, 0, sizeof *out);
	memset(&h, 0, sizeof h);
	h.npools = npools;
	out->count = xcalloc(npools ? npools : 1, sizeof *out->count);
	out->pending_after = (size_t)-1;
	for (i = 0; i < npools; i++)
		priced |= pools[i].has_cost;
	memset(&start, 0, sizeof start);
	start.count = xcalloc(npools ? npools : 1, sizeof *start.count);
	heap_push(&h, start);
	while (h.n > 0 && !out->found && out->simulations < max_sims) {
		struct cand cur = heap_pop(&h);

		if ((rc = simulate(c, w, cfg, p, pools, npools, cur.count,
		    &pending, err)) != 0) {
			free(cur.count);
			break;
		}
		out->simulations++;
		gs_progress_step(prog, out->simulations, 0);
		if (out->simulations == 1)
			out->pending_before = pending;
		if (pending < out->pending_after) {
			out->pending_after = pending;
			memcpy(out->count, cur.count, npools *
			    sizeof *out->count);
			out->cost = cur.cost;
			out->nodes = cur.nodes;
		}
		if (pending == 0) {
			out->found = 1;
			free(cur.count);
			break;
		}
		for (i = cur.last; i < npools && cur.nodes < max_nodes; i++) {
			struct cand next = cur;

			next.count = xcalloc(npools, sizeof *next.count);
			memcpy(next.count, cur.count, npools *
			    sizeof *next.count);
			next.count[i]++;
			next.last = i;
			next.nodes = cur.nodes + 1;
			next.cost = cur.cost + (priced ? pools[i].cost : 1.0);
			next.seq = ++seq;
			heap_push(&h, next);
		}
		free(cur.count);
	}
	for (i = 0; i < h.n; i++)
		free(h.v[i].count);
	free(h.v);
	return rc;
}

void
gs_nodes_plan_release(struct gs_nodes_plan *pl)
{
	free(pl->count);
	memset(pl, 0, sizeof *pl);
}
