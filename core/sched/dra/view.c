/*
 * sched/dra/view.c: the pools one node sees and the scratch of one
 * allocation there (sched/dra/view.h), after
 * k8s.io/dynamic-resource-allocation/structured/internal/incubating/
 * pools_incubating.go GatherPools and checkSlicesInPool.  A node's check
 * looks at the pools that serve no single node and at its own (the pool
 * index of model/dra.c gs_dra_refresh), and its scratch covers those
 * pools only: sizing it by the cluster's devices made a pod's placement
 * cost nodes x cluster devices.
 */
#include <stdlib.h>
#include <string.h>

#include "sched/dra/view.h"
#include "util/util.h"

struct gather {
	struct gs_dra_view		*v;
	const struct gs_dra_features	*feat;
	const struct gs_node		*n;
};

/* Is slice s part of the node's view of its pool?  A slice of shared
 * counters always is (pools_incubating.go GatherPools). */
static int
slice_in(const struct gather *g, const struct gs_dra_slice *s)
{
	return gs_dra_slice_on(s, g->n) || (s->nshared > 0 && s->ndevs == 0 &&
	    g->feat->partitionable);
}

/* Two devices of one name among the pool's slices [a, b) the node sees
 * at generation gen (validateDeviceNames). */
static int
pool_invalid(const struct gather *g, size_t a, size_t b, int64_t gen)
{
	const struct gs_dra	*d = g->v->d;
	size_t			 i, j, i2, j2;

	for (i = a; i < b; i++) {
		const struct gs_dra_slice *s = d->sref[i].s;

		if (s->generation != gen || !slice_in(g, s))
			continue;
		for (j = 0; j < s->ndevs; j++)
			for (i2 = i; i2 < b; i2++) {
				const struct gs_dra_slice *o = d->sref[i2].s;

				if (o->generation != gen || !slice_in(g, o))
					continue;
				for (j2 = i2 == i ? j + 1 : 0; j2 < o->ndevs;
				    j2++)
					if (strcmp(s->devs[j].name,
					    o->devs[j2].name) == 0)
						return 1;
			}
	}
	return 0;
}

/*
 * Pool p as the node sees it (checkSlicesInPool): the slices the node
 * sees, of their newest generation; complete when they are
 * resourceSliceCount, or when the pool's slices of that generation are
 * and no slice is newer (a newer generation elsewhere makes the pool
 * obsolete: not seen).  An incomplete or invalid pool gives no device
 * and fails allocationMode All.  bound: only this node sees the pool
 * (every slice of it), whose validity is worked out once (d->pool_bad).
 * Returns the newest generation of a usable pool, else -1.
 */
static int64_t
gather_pool(struct gather *g, size_t p, int bound)
{
	const struct gs_dra	*d = g->v->d;
	signed char	*bad = bound ? &d->pool_bad[p] : NULL;
	int64_t		 gen = -1, seen = 0, all = 0, want = 0;
	size_t		 i, a = d->pool0[p], b = d->pool0[p + 1];
	int		 newer = 0;

	g->v->visited += b - a;
	for (i = a; i < b; i++)
		if (slice_in(g, d->sref[i].s) && d->sref[i].s->generation > gen)
			gen = d->sref[i].s->generation;
	if (gen < 0)
		return -1;
	for (i = a; i < b; i++) {
		const struct gs_dra_slice *s = d->sref[i].s;

		if (s->generation == gen) {
			all++;
			seen += slice_in(g, s);
			want = s->slice_count;
		}
		newer |= s->generation > gen;
	}
	if (seen != want) {
		if (newer)
			return -1;
		if (all != want) {
			g->v->pools_bad++;
			return -1;
		}
	}
	if (bad != NULL && *bad < 0)
		*bad = (signed char)pool_invalid(g, a, b, gen);
	if (bad != NULL ? *bad : pool_invalid(g, a, b, gen)) {
		g->v->pools_bad++;
		return -1;
	}
	return gen;
}

/* Where the devices, capacities and counters of the slices from si on
 * start in the usage arrays (si may be nsref: their ends). */
static void
starts(const struct gs_dra *d, size_t si, size_t *dev, size_t *cap,
    size_t *ctr)
{
	*dev = si < d->nsref ? d->sref[si].dev0 : d->ndev;
	*cap = si < d->nsref ? d->sref[si].cap0 : d->ncap;
	*ctr = si < d->nsref ? d->sref[si].ctr0 : d->nctr;
}

/* Keep pool p (usable at generation gen): its place in the scratch. */
static void
keep(struct gs_dra_view *v, size_t p, int64_t gen, size_t *nsl,
    size_t *ndev, size_t *ncap, size_t *nctr)
{
	const struct gs_dra	*d = v->d;
	struct gs_dra_vpool	*vp = &v->v[v->n++];
	size_t			 dev[2], cap[2], ctr[2];

	vp->a = d->pool0[p];
	vp->b = d->pool0[p + 1];
	vp->gen = gen;
	vp->on0 = *nsl;
	vp->dev0 = *ndev;
	vp->cap0 = *ncap;
	vp->ctr0 = *nctr;
	starts(d, vp->a, &dev[0], &cap[0], &ctr[0]);
	starts(d, vp->b, &dev[1], &cap[1], &ctr[1]);
	*nsl += vp->b - vp->a;
	*ndev += dev[1] - dev[0];
	*ncap += cap[1] - cap[0];
	*nctr += ctr[1] - ctr[0];
}

/* At least bytes of the view's memory, what it held kept. */
static unsigned char *
room(struct gs_dra_view *v, size_t bytes)
{
	struct gs_dra_scratch	*sc = v->d->scratch;

	if (v->own != NULL || sc == NULL || sc->busy != 1) {
		v->own = xreallocarray(v->own, bytes, 1);
		return v->own;
	}
	if (sc->cap < bytes) {
		sc->v = xreallocarray(sc->v, bytes, 1);
		sc->cap = bytes;
	}
	return sc->v;
}

/* Round n up to a multiple of 8 (the int64_t arrays' alignment). */
static size_t
up8(size_t n)
{
	return (n + 7) & ~(size_t)7;
}

/* The scratch after the pools: the pending usage and on, zeroed. */
static void
carve(struct gs_dra_view *v, size_t nsl, size_t ndev, size_t ncap,
    size_t nctr)
{
	size_t		 ocap = up8(v->n * sizeof *v->v), octr, odev, oon, end;
	unsigned char	*b;

	octr = ocap + (ncap + 1) * sizeof *v->pend_cap;
	odev = octr + (nctr + 1) * sizeof *v->pend_ctr;
	oon = odev + (ndev + 1) * sizeof *v->pend_dev;
	end = oon + nsl + 1;
	b = room(v, end);
	memset(b + ocap, 0, end - ocap);
	v->v = (struct gs_dra_vpool *)(void *)b;
	v->pend_cap = (int64_t *)(void *)(b + ocap);
	v->pend_ctr = (int64_t *)(void *)(b + octr);
	v->pend_dev = (int32_t *)(void *)(b + odev);
	v->on = b + oon;
}

/*
 * Every pool the node can see, in sref order: those of no one node
 * merged with its own (a pool only another node sees gives it nothing).
 * The scratch is d's, reused from node to node and zeroed only as far as
 * this node's pools reach.
 */
void
gs_dra_view_open(struct gs_dra_view *v, const struct gs_dra *d,
    const struct gs_dra_features *feat, const struct gs_node *n)
{
	struct gather	 g = { v, feat, n };
	size_t		 u = 0, lo, hi, p, i, k, nsl = 0, ndev = 0, ncap = 0,
			 nctr = 0;
	int64_t		 gen;
	int		 bound;

	memset(v, 0, sizeof *v);
	v->d = d;
	if (d->scratch != NULL)
		d->scratch->busy++;
	gs_dra_node_pools(d, n->name, &lo, &hi);
	v->v = (struct gs_dra_vpool *)(void *)room(v, (d->nunbound + hi -
	    lo + 1) * sizeof *v->v);
	while (u < d->nunbound || lo < hi) {
		bound = u == d->nunbound || (lo < hi &&
		    d->bound[lo].pool < d->unbound[u]);
		p = bound ? d->bound[lo++].pool : d->unbound[u++];
		if ((gen = gather_pool(&g, p, bound)) >= 0)
			keep(v, p, gen, &nsl, &ndev, &ncap, &nctr);
	}
	carve(v, nsl, ndev, ncap, nctr);
	for (k = 0; k < v->n; k++)
		for (i = v->v[k].a; i < v->v[k].b; i++)
			v->on[v->v[k].on0 + i - v->v[k].a] =
			    d->sref[i].s->generation == v->v[k].gen &&
			    gs_dra_slice_on(d->sref[i].s, n);
}

void
gs_dra_view_close(struct gs_dra_view *v)
{
	if (v->d != NULL && v->d->scratch != NULL)
		v->d->scratch->busy--;
	free(v->own);
	memset(v, 0, sizeof *v);
}

/* The first of the view's pools that ends after slice si, or v->n. */
static size_t
pool_from(const struct gs_dra_view *v, size_t si)
{
	size_t	a = 0, b = v->n, m;

	while (a < b) {
		m = a + (b - a) / 2;
		if (v->v[m].b <= si)
			a = m + 1;
		else
			b = m;
	}
	return a;
}

size_t
gs_dra_view_next(const struct gs_dra_view *v, size_t si)
{
	const struct gs_dra_vpool	*vp;
	size_t				 k, i;

	for (k = pool_from(v, si); k < v->n; k++) {
		vp = &v->v[k];
		for (i = si > vp->a ? si : vp->a; i < vp->b; i++)
			if (v->on[vp->on0 + i - vp->a])
				return i;
	}
	return GS_DRA_VIEW_END;
}

const struct gs_dra_vpool *
gs_dra_view_pool(const struct gs_dra_view *v, size_t si)
{
	return &v->v[pool_from(v, si)];
}

int32_t *
gs_dra_view_dev(const struct gs_dra_view *v, size_t si, size_t j)
{
	const struct gs_dra_vpool *vp = gs_dra_view_pool(v, si);

	return &v->pend_dev[vp->dev0 + v->d->sref[si].dev0 + j -
	    v->d->sref[vp->a].dev0];
}

int64_t *
gs_dra_view_cap(const struct gs_dra_view *v, size_t si, size_t c)
{
	const struct gs_dra_vpool *vp = gs_dra_view_pool(v, si);

	return &v->pend_cap[vp->cap0 + c - v->d->sref[vp->a].cap0];
}

int64_t *
gs_dra_view_ctr(const struct gs_dra_view *v, size_t si, size_t x)
{
	const struct gs_dra_vpool *vp = gs_dra_view_pool(v, si);

	return &v->pend_ctr[vp->ctr0 + x - v->d->sref[vp->a].ctr0];
}

/* The slice of the pool holding slot x is the last whose counters start
 * at or before it (gs_dra_counter_slot finds x in si's pool). */
int64_t
gs_dra_view_ctr_total(const struct gs_dra_view *v, size_t si, size_t x)
{
	const struct gs_dra_vpool	*vp = gs_dra_view_pool(v, si);
	const struct gs_dra		*d = v->d;
	size_t				 a = vp->a, b = vp->b, m;

	while (b - a > 1) {
		m = a + (b - a) / 2;
		if (d->sref[m].ctr0 <= x)
			a = m;
		else
			b = m;
	}
	return d->sref[a].s->shared[x - d->sref[a].ctr0].v;
}
