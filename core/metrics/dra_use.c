/*
 * metrics/dra_use.c: DRA devices counted as the other kinds are
 * (metrics/dra_use.h).  A physical device is a device that consumes no
 * counters, or a counter set of a pool (KEP-4815: the NVIDIA DRA driver
 * publishes one set per partitionable GPU, its MIG partitions and the
 * whole GPU consuming it); it is whole free when nothing is allocated on
 * it and none of its capacity (or of the set's counters) is consumed.
 * Only the newest generation of each pool counts, as GatherPools sees it.
 * A slice's node is its nodeName; slices of allNodes or a nodeSelector
 * count without one.
 *
 * Consumable memory (KEP-5075): shared devices' capacity named memory
 * (any domain).  Fragmented: free memory on a device less than the
 * smallest memory any claim of the cluster asks (capacity.requests), or,
 * when no claim asks one, than the device's default consumption
 * (requestPolicy default, else the whole capacity, which a claim asking
 * nothing takes): memory no such request can use.
 */
#include <stdlib.h>
#include <string.h>

#include "metrics/dra_use.h"
#include "model/dra.h"

static int
is_memory(const char *name)
{
	const char *s = strrchr(name, '/');

	return strcmp(s != NULL ? s + 1 : name, "memory") == 0;
}

/* The smallest memory a claim asks, or 0. */
static int64_t
target_mem(const struct gs_dra *d)
{
	int64_t	t = 0;
	size_t	b, i, r, k, q;

	for (b = 0; b < d->nblocks; b++)
		for (i = 0; i < d->blocks[b]->nclaims; i++) {
			const struct gs_dra_claim *cl = &d->blocks[b]->claims[i];

			for (r = 0; r < cl->nreqs; r++)
				for (k = 0; k < cl->reqs[r].nsubs; k++)
					for (q = 0; q < cl->reqs[r].subs[k].
					    ncapreq; q++) {
						const struct gs_dra_capreq *c =
						    &cl->reqs[r].subs[k].
						    capreq[q];

						if (is_memory(c->name) &&
						    c->v > 0 && (t == 0 ||
						    c->v < t))
							t = c->v;
					}
		}
	return t;
}

unsigned char *
gs_dra_newest(const struct gs_dra *d)
{
	unsigned char	*v = xcalloc(d->nsref + 1, sizeof *v);
	int64_t		 gen;
	size_t		 p, i;

	/* A pool's slices are consecutive in sref (model/dra.c pools_index). */
	for (p = 0; p < d->npools; p++) {
		gen = d->sref[d->pool0[p]].s->generation;
		for (i = d->pool0[p]; i < d->pool0[p + 1]; i++)
			if (d->sref[i].s->generation > gen)
				gen = d->sref[i].s->generation;
		for (i = d->pool0[p]; i < d->pool0[p + 1]; i++)
			v[i] = d->sref[i].s->generation == gen;
	}
	return v;
}

static struct gs_dra_unit *
unit_add(struct gs_dra_metrics *m, const struct gs_cluster *c,
    const struct gs_dra_slice *s, const char *name)
{
	struct gs_dra_unit	*u;
	size_t			 i;

	m->u = xreallocarray(m->u, m->nu + 1, sizeof *m->u);
	u = &m->u[m->nu++];
	memset(u, 0, sizeof *u);
	u->node = -1;
	for (i = 0; s->node != NULL && i < c->nnodes; i++)
		if (strcmp(c->nodes[i].name, s->node) == 0)
			u->node = (long)i;
	u->name = xasprintf("%s/%s/%s", s->driver, s->pool, name);
	u->free = 1;
	return u;
}

/* The slice's counter sets, each once. */
static void
sets(struct gs_dra_metrics *m, const struct gs_cluster *c, size_t si)
{
	const struct gs_dra		*d = c->dra;
	const struct gs_dra_slice	*s = d->sref[si].s;
	struct gs_dra_unit		*u;
	size_t				 k, j;

	for (k = 0; k < s->nshared; k++) {
		for (j = 0; j < k && strcmp(s->shared[j].set,
		    s->shared[k].set) != 0; j++)
			;
		if (j < k)
			continue;
		u = unit_add(m, c, s, s->shared[k].set);
		u->counters = 1;
		for (j = k; j < s->nshared; j++)
			if (strcmp(s->shared[j].set, s->shared[k].set) == 0 &&
			    d->ctr_used[d->sref[si].ctr0 + j] > 0)
				u->free = 0;
	}
}

/* Device j of slice si, consuming no counters. */
static void
device(struct gs_dra_metrics *m, const struct gs_cluster *c, size_t si,
    size_t j, size_t c0)
{
	const struct gs_dra		*d = c->dra;
	const struct gs_dra_device	*dv = &d->sref[si].s->devs[j];
	struct gs_dra_unit		*u = unit_add(m, c, d->sref[si].s,
					    dv->name);
	int64_t				 free, want;
	size_t				 k;

	u->shared = dv->allow_multiple;
	u->allocs = d->dev_alloc[d->sref[si].dev0 + j];
	u->free = u->allocs == 0;
	for (k = 0; k < dv->ncaps; k++) {
		if (d->cap_used[c0 + k] > 0)
			u->free = 0;
		if (!dv->allow_multiple || !is_memory(dv->caps[k].name))
			continue;
		u->mem = dv->caps[k].v;
		u->mem_used = d->cap_used[c0 + k];
		/* Taken whole by an exclusive allocation: nothing free. */
		free = u->allocs > 0 && u->mem_used == 0 ? 0 :
		    u->mem - u->mem_used;
		want = m->target > 0 ? m->target : dv->caps[k].has_policy &&
		    dv->caps[k].def > 0 ? dv->caps[k].def : dv->caps[k].v;
		m->nmem++;
		m->mem += u->mem;
		m->mem_used += u->mem - free;
		if (free > 0 && free < want)
			m->mem_frag += free;
		if (free > m->mem_largest)
			m->mem_largest = free;
	}
}

void
gs_dra_metrics(const struct gs_cluster *c, struct gs_dra_metrics *m)
{
	const struct gs_dra	*d = c->dra;
	unsigned char		*newest;
	size_t			 si, j, c0;

	memset(m, 0, sizeof *m);
	if (d == NULL)
		return;
	m->target = target_mem(d);
	newest = gs_dra_newest(d);
	for (si = 0; si < d->nsref; si++) {
		if (!newest[si])
			continue;
		sets(m, c, si);
		c0 = d->sref[si].cap0;
		for (j = 0; j < d->sref[si].s->ndevs; j++) {
			if (d->sref[si].s->devs[j].nconsumes == 0)
				device(m, c, si, j, c0);
			c0 += d->sref[si].s->devs[j].ncaps;
		}
	}
	free(newest);
	for (j = 0; j < m->nu; j++)
		m->free += m->u[j].free;
}

void
gs_dra_metrics_release(struct gs_dra_metrics *m)
{
	size_t	i;

	for (i = 0; i < m->nu; i++)
		free(m->u[i].name);
	free(m->u);
	memset(m, 0, sizeof *m);
}
