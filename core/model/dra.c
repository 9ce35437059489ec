/*
 * model/dra.c: DRA objects' lifetime, the allocator's slice order, lookups
 * and the usage of devices (model/dra.h).
 */
#include <stdlib.h>
#include <string.h>

#include "model/dra.h"
#include "util/util.h"

struct gs_dra_block *
gs_dra_block_new(void)
{
	struct gs_dra_block	*b = xcalloc(1, sizeof *b);

	b->refs = 1;
	return b;
}

static void
sels_free(struct gs_dra_sel *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		free(v[i].expr);
		free(v[i].file);
		if (v[i].cel != NULL)
			gs_cel_free(v[i].cel);
	}
	free(v);
}

static void
counters_free(struct gs_dra_counter *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		free(v[i].set);
		free(v[i].name);
	}
	free(v);
}

static void
attrs_free(struct gs_cel_attr *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		free((char *)v[i].name);
		free((char *)v[i].val.s);
	}
	free(v);
}

static void
device_free(struct gs_dra_device *d)
{
	size_t	i;

	free(d->name);
	attrs_free(d->attrs, d->nattrs);
	attrs_free(d->capv, d->ncaps);
	for (i = 0; i < d->ncaps; i++)
		free(d->caps[i].name);
	free(d->caps);
	counters_free(d->consumes, d->nconsumes);
}

static void
slice_free(struct gs_dra_slice *s)
{
	size_t	i, j, k;

	free(s->name);
	free(s->driver);
	free(s->pool);
	free(s->node);
	for (i = 0; i < s->nnsel; i++) {
		for (j = 0; j < s->nsel[i].nreqs; j++) {
			struct gs_selreq *r = &s->nsel[i].reqs[j];

			free(r->key);
			free(r->op);
			for (k = 0; k < r->nvalues; k++)
				free(r->values[k]);
			free(r->values);
		}
		free(s->nsel[i].reqs);
	}
	free(s->nsel);
	for (i = 0; i < s->ndevs; i++)
		device_free(&s->devs[i]);
	free(s->devs);
	counters_free(s->shared, s->nshared);
	free(s->file);
}

static void
capreqs_free(struct gs_dra_capreq *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		free(v[i].name);
	free(v);
}

void
gs_dra_claim_free(struct gs_dra_claim *c)
{
	size_t	i, j;

	free(c->name);
	free(c->ns);
	for (i = 0; i < c->nreqs; i++) {
		for (j = 0; j < c->reqs[i].nsubs; j++) {
			struct gs_dra_sub *s = &c->reqs[i].subs[j];

			free(s->name);
			free(s->class);
			sels_free(s->sels, s->nsels);
			capreqs_free(s->capreq, s->ncapreq);
			free(s->file);
		}
		free(c->reqs[i].subs);
		free(c->reqs[i].name);
	}
	free(c->reqs);
	for (i = 0; i < c->ncons; i++) {
		for (j = 0; j < c->cons[i].nreqs; j++)
			free(c->cons[i].reqs[j]);
		free(c->cons[i].reqs);
		free(c->cons[i].match);
	}
	free(c->cons);
	for (i = 0; i < c->nalloc; i++) {
		free(c->alloc[i].request);
		free(c->alloc[i].driver);
		free(c->alloc[i].pool);
		free(c->alloc[i].device);
		capreqs_free(c->alloc[i].consumed, c->alloc[i].nconsumed);
	}
	free(c->alloc);
	free(c->file);
}

static void
class_free(struct gs_dra_class *c)
{
	size_t	i;

	free(c->name);
	sels_free(c->sels, c->nsels);
	free(c->ext_res);
	for (i = 0; i < c->nconfig; i++)
		free(c->config[i]);
	free(c->config);
	free(c->file);
}

void
gs_dra_block_unref(struct gs_dra_block *b)
{
	size_t	i, j;

	if (b == NULL || --b->refs > 0)
		return;
	for (i = 0; i < b->nclasses; i++)
		class_free(&b->classes[i]);
	free(b->classes);
	for (i = 0; i < b->nslices; i++)
		slice_free(&b->slices[i]);
	free(b->slices);
	for (i = 0; i < b->nclaims; i++)
		gs_dra_claim_free(&b->claims[i]);
	free(b->claims);
	for (i = 0; i < b->npods; i++) {
		for (j = 0; j < b->pods[i].n; j++) {
			free(b->pods[i].v[j].name);
			free(b->pods[i].v[j].claim);
			free(b->pods[i].v[j].tmpl);
		}
		free(b->pods[i].v);
		free(b->pods[i].ns);
		free(b->pods[i].pod);
		free(b->pods[i].file);
	}
	free(b->pods);
	free(b);
}

void
gs_dra_block_truncate(struct gs_dra_block *b, size_t nclasses,
    size_t nslices, size_t nclaims, size_t npods)
{
	size_t	j;

	while (b->nclasses > nclasses)
		class_free(&b->classes[--b->nclasses]);
	while (b->nslices > nslices)
		slice_free(&b->slices[--b->nslices]);
	while (b->nclaims > nclaims)
		gs_dra_claim_free(&b->claims[--b->nclaims]);
	while (b->npods > npods) {
		struct gs_dra_podref *p = &b->pods[--b->npods];

		for (j = 0; j < p->n; j++) {
			free(p->v[j].name);
			free(p->v[j].claim);
			free(p->v[j].tmpl);
		}
		free(p->v);
		free(p->ns);
		free(p->pod);
		free(p->file);
	}
}

struct gs_dra_block *
gs_dra_own_block(struct gs_dra **d)
{
	if (*d == NULL)
		*d = xcalloc(1, sizeof **d);
	gs_dra_names_open(*d);
	if ((*d)->nblocks == 0) {
		(*d)->blocks = xcalloc(1, sizeof *(*d)->blocks);
		(*d)->blocks[0] = gs_dra_block_new();
		(*d)->nblocks = 1;
	}
	return (*d)->blocks[0];
}

/*
 * The allocator's order: GatherPools (structured/pools.go) keys pools by
 * driver and pool name; the allocator walks them sorted, and within a
 * pool its slices, then each slice's devices in listed order.  Only the
 * slices of a pool's newest generation count.
 */
static int
sref_cmp(const void *a, const void *b)
{
	const struct gs_dra_slice *x = ((const struct gs_dra_sref *)a)->s;
	const struct gs_dra_slice *y = ((const struct gs_dra_sref *)b)->s;
	int	r;

	if ((r = strcmp(x->driver, y->driver)) != 0)
		return r;
	if ((r = strcmp(x->pool, y->pool)) != 0)
		return r;
	return strcmp(x->name, y->name);
}

void
gs_dra_refresh(struct gs_dra *d)
{
	size_t	i, j, n = 0;

	for (i = 0; i < d->nblocks; i++)
		n += d->blocks[i]->nslices;
	free(d->sref);
	d->sref = xcalloc(n ? n : 1, sizeof *d->sref);
	d->nsref = 0;
	for (i = 0; i < d->nblocks; i++)
		for (j = 0; j < d->blocks[i]->nslices; j++)
			d->sref[d->nsref++].s = &d->blocks[i]->slices[j];
	qsort(d->sref, d->nsref, sizeof *d->sref, sref_cmp);
	gs_dra_pools_index(d);
	d->ndev = d->ncap = d->nctr = 0;
	for (i = 0; i < d->nsref; i++) {
		const struct gs_dra_slice *s = d->sref[i].s;

		d->sref[i].dev0 = d->ndev;
		d->sref[i].cap0 = d->ncap;
		d->sref[i].ctr0 = d->nctr;
		d->ndev += s->ndevs;
		for (j = 0; j < s->ndevs; j++)
			d->ncap += s->devs[j].ncaps;
		d->nctr += s->nshared;
	}
	free(d->dev_alloc);
	free(d->cap_used);
	free(d->ctr_used);
	d->dev_alloc = xcalloc(d->ndev ? d->ndev : 1, sizeof *d->dev_alloc);
	d->cap_used = xcalloc(d->ncap ? d->ncap : 1, sizeof *d->cap_used);
	d->ctr_used = xcalloc(d->nctr ? d->nctr : 1, sizeof *d->ctr_used);
	if (d->scratch == NULL)
		d->scratch = xcalloc(1, sizeof *d->scratch);
	gs_dra_celmemo_clear(d);
	gs_dra_names_open(d);
}

static struct gs_dra_take *
takes_dup(const struct gs_dra_take *v, size_t n)
{
	struct gs_dra_take	*o = xcalloc(n + 1, sizeof *o);
	size_t			 i;

	for (i = 0; i < n; i++) {
		o[i] = v[i];
		o[i].claim = xstrdup(v[i].claim);
		o[i].request = xstrdup(v[i].request);
		o[i].cap = xcalloc(v[i].ncap + 1, sizeof *o[i].cap);
		memcpy(o[i].cap, v[i].cap, v[i].ncap * sizeof *o[i].cap);
	}
	return o;
}

static void
takes_free(struct gs_dra_take *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		free(v[i].claim);
		free(v[i].request);
		free(v[i].cap);
	}
	free(v);
}

struct gs_dra *
gs_dra_copy(const struct gs_dra *s)
{
	struct gs_dra	*d;
	size_t		 i;

	if (s == NULL)
		return NULL;
	d = xcalloc(1, sizeof *d);
	d->nblocks = s->nblocks;
	d->blocks = xcalloc(s->nblocks ? s->nblocks : 1, sizeof *d->blocks);
	for (i = 0; i < s->nblocks; i++) {
		d->blocks[i] = s->blocks[i];
		d->blocks[i]->refs++;
	}
	gs_dra_refresh(d);
	memcpy(d->dev_alloc, s->dev_alloc, s->ndev * sizeof *d->dev_alloc);
	memcpy(d->cap_used, s->cap_used, s->ncap * sizeof *d->cap_used);
	memcpy(d->ctr_used, s->ctr_used, s->nctr * sizeof *d->ctr_used);
	d->nclaimed = s->nclaimed;
	d->claimed = xcalloc(s->nclaimed + 1, sizeof *d->claimed);
	for (i = 0; i < s->nclaimed; i++) {
		d->claimed[i] = s->claimed[i];
		d->claimed[i].v = takes_dup(s->claimed[i].v, s->claimed[i].n);
	}
	d->byclaim = xcalloc(s->nclaimed + 1, sizeof *d->byclaim);
	if (s->nclaimed > 0)
		memcpy(d->byclaim, s->byclaim,
		    s->nclaimed * sizeof *d->byclaim);
	return d;
}

void
gs_dra_free(struct gs_dra *d)
{
	size_t	i;

	if (d == NULL)
		return;
	for (i = 0; i < d->nblocks; i++)
		gs_dra_block_unref(d->blocks[i]);
	free(d->blocks);
	free(d->sref);
	gs_dra_pools_free(d);
	free(d->dev_alloc);
	free(d->cap_used);
	free(d->ctr_used);
	for (i = 0; i < d->nclaimed; i++)
		takes_free(d->claimed[i].v, d->claimed[i].n);
	free(d->claimed);
	free(d->byclaim);
	if (d->scratch != NULL)
		free(d->scratch->v);
	free(d->scratch);
	gs_dra_celmemo_free(d);
	gs_dra_names_free(d);
	free(d);
}

/* The slice and device index of (driver, pool, device), or 0. */
static int
find_device(const struct gs_dra *d, const char *driver, const char *pool,
    const char *dev, size_t *si, size_t *di)
{
	size_t	i, j;

	for (i = 0; i < d->nsref; i++) {
		const struct gs_dra_slice *s = d->sref[i].s;

		if (strcmp(s->driver, driver) != 0 ||
		    strcmp(s->pool, pool) != 0)
			continue;
		for (j = 0; j < s->ndevs; j++)
			if (strcmp(s->devs[j].name, dev) == 0) {
				*si = i;
				*di = j;
				return 1;
			}
	}
	return 0;
}

static void	charge_takes(struct gs_dra *, const struct gs_dra_take *,
		    size_t, int);

/* Charge a claim's status.allocation; the results naming no device. */
static size_t
charge_claim(struct gs_dra *d, const struct gs_dra_claim *c)
{
	struct gs_dra_alloc	 a;
	size_t			 i, j, si, di, missing = 0;

	memset(&a, 0, sizeof a);
	a.v = xcalloc(c->nalloc ? c->nalloc : 1, sizeof *a.v);
	for (i = 0; i < c->nalloc; i++) {
		const struct gs_dra_result *r = &c->alloc[i];
		const struct gs_dra_device *dv;
		struct gs_dra_take *t = &a.v[a.n];

		if (!find_device(d, r->driver, r->pool, r->device, &si, &di)) {
			missing++;
			continue;
		}
		dv = &d->sref[si].s->devs[di];
		t->sref = si;
		t->dev = di;
		t->exclusive = !dv->allow_multiple;
		t->cap = xcalloc(dv->ncaps ? dv->ncaps : 1, sizeof *t->cap);
		t->ncap = dv->ncaps;
		for (j = 0; j < r->nconsumed; j++) {
			long k = gs_dra_cap_index(dv, r->consumed[j].name);

			if (k >= 0)
				t->cap[k] = r->consumed[j].v;
		}
		a.n++;
	}
	charge_takes(d, a.v, a.n, 1);
	gs_dra_alloc_release(&a);
	return missing;
}

size_t
gs_dra_prepare(struct gs_dra **c, const struct gs_dra *w)
{
	size_t	i, j, missing = 0;

	if (w != NULL && w->nblocks > 0) {
		if (*c == NULL)
			*c = xcalloc(1, sizeof **c);
		for (i = 0; i < w->nblocks; i++) {
			(*c)->blocks = xreallocarray((*c)->blocks,
			    (*c)->nblocks + 1, sizeof *(*c)->blocks);
			(*c)->blocks[(*c)->nblocks++] = w->blocks[i];
			w->blocks[i]->refs++;
		}
	}
	if (*c == NULL)
		return 0;
	gs_dra_refresh(*c);
	for (i = 0; i < (*c)->nblocks; i++)
		for (j = 0; j < (*c)->blocks[i]->nclaims; j++)
			if ((*c)->blocks[i]->claims[j].allocated)
				missing += charge_claim(*c,
				    &(*c)->blocks[i]->claims[j]);
	return missing;
}

const struct gs_dra_class *
gs_dra_class_find(const struct gs_dra *d, const char *name)
{
	size_t	i, j;

	for (i = 0; d != NULL && i < d->nblocks; i++)
		for (j = 0; j < d->blocks[i]->nclasses; j++)
			if (strcmp(d->blocks[i]->classes[j].name, name) == 0)
				return &d->blocks[i]->classes[j];
	return NULL;
}

/* One node selector requirement on labels (In, NotIn, Exists,
 * DoesNotExist), as the core API's NodeSelectorRequirement. */
static int
req_ok(const struct gs_selreq *r, const struct gs_node *n)
{
	const char	*v = r->field ? n->name : gs_kv_get(&n->labels, r->key);
	size_t		 i;
	int		 in = 0;

	if (strcmp(r->op, "Exists") == 0)
		return v != NULL;
	if (strcmp(r->op, "DoesNotExist") == 0)
		return v == NULL;
	for (i = 0; v != NULL && i < r->nvalues; i++)
		if (strcmp(r->values[i], v) == 0)
			in = 1;
	return strcmp(r->op, "In") == 0 ? in : !in;
}

int
gs_dra_slice_on(const struct gs_dra_slice *s, const struct gs_node *n)
{
	size_t	i, j;

	if (s->all_nodes)
		return 1;
	if (s->node != NULL)
		return strcmp(s->node, n->name) == 0;
	for (i = 0; i < s->nnsel; i++) {
		for (j = 0; j < s->nsel[i].nreqs; j++)
			if (!req_ok(&s->nsel[i].reqs[j], n))
				break;
		if (j == s->nsel[i].nreqs)
			return 1;
	}
	return 0;
}

long
gs_dra_cap_index(const struct gs_dra_device *dv, const char *name)
{
	size_t	i;

	for (i = 0; i < dv->ncaps; i++)
		if (strcmp(dv->caps[i].name, name) == 0)
			return (long)i;
	return -1;
}

/*
 * The usage slot of counter (set, name) for a device of slice si: a
 * counter set is the pool's (1.35+ publishes it in a slice of its own,
 * 1.34 beside the devices), so every slice of the pool's generation is
 * searched (incubating/pools_incubating.go buildPool,
 * getAndValidateCounterSets: counter set names are unique in a pool).
 */
long
gs_dra_counter_slot(const struct gs_dra *d, size_t si, const char *set,
    const char *name)
{
	const struct gs_dra_slice	*s = d->sref[si].s, *o;
	size_t				 a, i, k;

	for (a = si; a > 0 && strcmp(d->sref[a - 1].s->driver, s->driver) ==
	    0 && strcmp(d->sref[a - 1].s->pool, s->pool) == 0; a--)
		;
	for (i = a; i < d->nsref; i++) {
		o = d->sref[i].s;
		if (strcmp(o->driver, s->driver) != 0 ||
		    strcmp(o->pool, s->pool) != 0)
			break;
		if (o->generation != s->generation)
			continue;
		for (k = 0; k < o->nshared; k++)
			if (strcmp(o->shared[k].set, set) == 0 &&
			    strcmp(o->shared[k].name, name) == 0)
				return (long)(d->sref[i].ctr0 + k);
	}
	return -1;
}

/*
 * Charge (sign 1) or release (-1) takes.  A device's counters are taken
 * while it is allocated at all: once for an exclusive take, once for a
 * shared (allowMultipleAllocations) device whatever its number of
 * allocations (incubating/allocator_incubating.go allocateDevice:
 * skipCounterCheck when capacity is in use; checkAvailableCounters counts
 * every allocated device once, IsDeviceAllocated).
 */
static void
charge_takes(struct gs_dra *d, const struct gs_dra_take *v, size_t n,
    int sign)
{
	size_t	i, j, dv0, cp0;
	long	k;
	int	first;

	for (i = 0; i < n; i++) {
		const struct gs_dra_take *t = &v[i];
		const struct gs_dra_sref *r = &d->sref[t->sref];
		const struct gs_dra_device *dv = &r->s->devs[t->dev];

		dv0 = r->dev0 + t->dev;
		d->dev_alloc[dv0] += sign;
		first = t->exclusive || (sign > 0 ? d->dev_alloc[dv0] == 1 :
		    d->dev_alloc[dv0] == 0);
		for (j = 0, cp0 = r->cap0; j < t->dev; j++)
			cp0 += r->s->devs[j].ncaps;
		for (j = 0; j < dv->ncaps; j++)
			d->cap_used[cp0 + j] += sign * t->cap[j];
		/* KEP-4815: a partitionable device takes its counters. */
		for (j = 0; first && j < dv->nconsumes; j++) {
			k = gs_dra_counter_slot(d, t->sref,
			    dv->consumes[j].set, dv->consumes[j].name);
			if (k >= 0)
				d->ctr_used[k] += sign * dv->consumes[j].v;
		}
	}
}

/*
 * Where claim c's entry is, or would go, in d->byclaim, the claimed
 * indices sorted by claim address: a lookup per claim per node per pod
 * must not walk every claim placed so far.
 */
static size_t
byclaim_pos(const struct gs_dra *d, const struct gs_dra_claim *c)
{
	size_t	lo = 0, hi = d->nclaimed, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if ((uintptr_t)d->claimed[d->byclaim[mid]].claim <
		    (uintptr_t)c)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

const struct gs_dra_claimed *
gs_dra_claimed_find(const struct gs_dra *d, const struct gs_dra_claim *c)
{
	size_t	k;

	if (d == NULL)
		return NULL;
	k = byclaim_pos(d, c);
	if (k < d->nclaimed && d->claimed[d->byclaim[k]].claim == c)
		return &d->claimed[d->byclaim[k]];
	return NULL;
}

/* Claimed entry e leaves: the last one takes its index (order kept as
 * before the index existed), byclaim follows. */
static void
claimed_drop(struct gs_dra *d, struct gs_dra_claimed *e)
{
	size_t	i = (size_t)(e - d->claimed), k = byclaim_pos(d, e->claim);

	memmove(&d->byclaim[k], &d->byclaim[k + 1],
	    (d->nclaimed - k - 1) * sizeof *d->byclaim);
	if (i != --d->nclaimed) {
		d->byclaim[byclaim_pos(d, d->claimed[d->nclaimed].claim)] = i;
		*e = d->claimed[d->nclaimed];
	}
}

/* One more (sign 1) or one less user of claim c; its first user brings
 * its takes (n of v), charged then, released with its last user. */
static void
claimed_use(struct gs_dra *d, const struct gs_dra_claim *c,
    const struct gs_dra_take *v, size_t n, int sign)
{
	struct gs_dra_claimed	*e = (struct gs_dra_claimed *)
				    gs_dra_claimed_find(d, c);
	size_t			 k;

	if (e == NULL && sign > 0) {
		k = byclaim_pos(d, c);
		d->claimed = xreallocarray(d->claimed, d->nclaimed + 1,
		    sizeof *d->claimed);
		d->byclaim = xreallocarray(d->byclaim, d->nclaimed + 1,
		    sizeof *d->byclaim);
		memmove(&d->byclaim[k + 1], &d->byclaim[k],
		    (d->nclaimed - k) * sizeof *d->byclaim);
		d->byclaim[k] = d->nclaimed;
		e = &d->claimed[d->nclaimed++];
		e->claim = c;
		e->v = takes_dup(v, n);
		e->n = n;
		e->users = 0;
		charge_takes(d, e->v, e->n, 1);
	}
	if (e == NULL)
		return;
	e->users += sign;
	if (e->users > 0)
		return;
	charge_takes(d, e->v, e->n, -1);
	takes_free(e->v, e->n);
	claimed_drop(d, e);
}

void
gs_dra_charge(struct gs_dra *d, const struct gs_dra_alloc *a, int sign)
{
	size_t	i, j;

	if (a == NULL)
		return;
	for (i = 0; i < a->n; i = j) {
		for (j = i + 1; j < a->n && a->v[j].owner == a->v[i].owner;
		    j++)
			;
		if (a->v[i].owner == NULL)
			charge_takes(d, &a->v[i], j - i, sign);
		else
			claimed_use(d, a->v[i].owner, &a->v[i], j - i, sign);
	}
	for (i = 0; i < a->nuses; i++)
		claimed_use(d, a->uses[i], NULL, 0, sign);
}

void
gs_dra_alloc_release(struct gs_dra_alloc *a)
{
	takes_free(a->v, a->n);
	free(a->uses);
	memset(a, 0, sizeof *a);
}
