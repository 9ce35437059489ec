/*
 * model/dra_pools.c: a gs_dra's pool index (model/dra.h), made by
 * gs_dra_refresh: where each pool's slices start in sref (the allocator's
 * order), the pools only one node sees grouped by node name and reached
 * through a hash of it, and the others, so that the allocator gathers a
 * node's pools (sched/dra/view.c) in time independent of the cluster.
 */
#include <stdlib.h>
#include <string.h>

#include "model/dra.h"
#include "util/util.h"

static uint64_t
node_hash(const char *node)
{
	return gs_hash_mix(gs_hash_str(GS_HASH_START, node));
}

/* The slot of node in d->bynode: its run of d->bound, or an empty one
 * (hi 0) where it would go. */
static struct gs_dra_nodeslot *
bynode_slot(const struct gs_dra *d, const char *node, uint64_t h)
{
	struct gs_dra_nodeslot	*e;
	size_t			 i = (size_t)h & (d->bynode_cap - 1);

	for (;; i = (i + 1) & (d->bynode_cap - 1)) {
		e = &d->bynode[i];
		if (e->hi == 0 || (e->h == h &&
		    strcmp(d->bound[e->lo].node, node) == 0))
			return e;
	}
}

/* Each node's run of d->bound (sorted by node) in the hash table, at
 * most half full. */
static void
bynode_index(struct gs_dra *d)
{
	struct gs_dra_nodeslot	*e;
	size_t			 i, j;
	uint64_t		 h;

	d->bynode_cap = 2;
	while (d->bynode_cap < 2 * d->nbound)
		d->bynode_cap *= 2;
	d->bynode = xcalloc(d->bynode_cap, sizeof *d->bynode);
	for (i = 0; i < d->nbound; i = j) {
		for (j = i + 1; j < d->nbound && strcmp(d->bound[j].node,
		    d->bound[i].node) == 0; j++)
			;
		h = node_hash(d->bound[i].node);
		e = bynode_slot(d, d->bound[i].node, h);
		e->h = h;
		e->lo = i;
		e->hi = j;
	}
}

static int
poolnode_cmp(const void *a, const void *b)
{
	const struct gs_dra_poolnode *x = a, *y = b;
	int	r = strcmp(x->node, y->node);

	if (r != 0)
		return r;
	return x->pool < y->pool ? -1 : x->pool > y->pool;
}

/* The node that alone sees every slice of pool p, or NULL: a slice on
 * nodeName only, not a slice of shared counters alone (which every node
 * sees, sched/dra/view.c slice_in), as gs_dra_slice_on decides. */
static const char *
pool_node(const struct gs_dra *d, size_t p)
{
	const char	*node = NULL;
	size_t		 i;

	for (i = d->pool0[p]; i < d->pool0[p + 1]; i++) {
		const struct gs_dra_slice *s = d->sref[i].s;

		if (s->all_nodes || s->node == NULL || (s->nshared > 0 &&
		    s->ndevs == 0) || (node != NULL && strcmp(node, s->node)
		    != 0))
			return NULL;
		node = s->node;
	}
	return node;
}

/* The pools of sref (sorted): where each starts, which one node sees. */
void
gs_dra_pools_index(struct gs_dra *d)
{
	const struct gs_dra_slice *s, *o;
	const char	*node;
	size_t		 i;

	gs_dra_pools_free(d);
	d->pool0 = xcalloc(d->nsref + 1, sizeof *d->pool0);
	d->npools = 0;
	for (i = 0; i < d->nsref; i++) {
		s = d->sref[i].s;
		o = i > 0 ? d->sref[i - 1].s : NULL;
		if (o == NULL || strcmp(o->driver, s->driver) != 0 ||
		    strcmp(o->pool, s->pool) != 0)
			d->pool0[d->npools++] = i;
	}
	d->pool0[d->npools] = d->nsref;
	d->bound = xcalloc(d->npools + 1, sizeof *d->bound);
	d->unbound = xcalloc(d->npools + 1, sizeof *d->unbound);
	d->nbound = d->nunbound = 0;
	for (i = 0; i < d->npools; i++) {
		if ((node = pool_node(d, i)) == NULL) {
			d->unbound[d->nunbound++] = i;
			continue;
		}
		d->bound[d->nbound].node = node;
		d->bound[d->nbound++].pool = i;
	}
	qsort(d->bound, d->nbound, sizeof *d->bound, poolnode_cmp);
	bynode_index(d);
	d->pool_bad = xmalloc(d->npools + 1);
	memset(d->pool_bad, -1, d->npools + 1);
}

/* The range [*lo, *hi) of d->bound of the pools only node sees (empty
 * when there are none): one hash lookup, not a search over the nodes. */
void
gs_dra_node_pools(const struct gs_dra *d, const char *node, size_t *lo,
    size_t *hi)
{
	const struct gs_dra_nodeslot *e;

	*lo = *hi = 0;
	if (d->bynode == NULL)
		return;		/* not refreshed: no pools */
	e = bynode_slot(d, node, node_hash(node));
	*lo = e->lo;
	*hi = e->hi;
}

long
gs_dra_pool_find(const struct gs_dra *d, const char *driver,
    const char *pool)
{
	const struct gs_dra_slice	*s;
	size_t				 a = 0, b = d->npools, m;
	int				 r;

	while (a < b) {
		m = a + (b - a) / 2;
		s = d->sref[d->pool0[m]].s;
		if ((r = strcmp(s->driver, driver)) == 0)
			r = strcmp(s->pool, pool);
		if (r == 0)
			return (long)m;
		if (r < 0)
			a = m + 1;
		else
			b = m;
	}
	return -1;
}

void
gs_dra_pools_free(struct gs_dra *d)
{
	free(d->pool0);
	free(d->bound);
	free(d->unbound);
	free(d->pool_bad);
	free(d->bynode);
	d->pool0 = d->unbound = NULL;
	d->bound = NULL;
	d->pool_bad = NULL;
	d->bynode = NULL;
	d->npools = d->nbound = d->nunbound = d->bynode_cap = 0;
}
