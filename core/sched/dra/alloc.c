/*
 * sched/dra/alloc.c: the structured allocator (sched/dra/alloc.h), after
 * k8s.io/dynamic-resource-allocation/structured/internal/stable/
 * allocator.go (v1.34): Allocate -> allocateOne walks the claims, their
 * requests and each request's devices; for a device it walks pools
 * (sorted by driver and pool, pools.go GatherPools), their slices and the
 * slices' devices in listed order, takes the first that fits
 * (isSelectable: class then request selectors; not allocated unless
 * allowMultipleAllocations; counters, KEP-4815; consumable capacity,
 * KEP-5075), and backtracks to the next device when a later request or
 * a matchAttribute constraint cannot be met.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/dra/alloc.h"

/* A bound on the search, as the scheduler's per-node timeout bounds it. */
#define DRA_MAX_STEPS	200000

struct search {
	const struct gs_dra	*d;
	const struct gs_node	*n;
	const struct gs_dra_want *want;
	size_t			 nwant;
	unsigned char		*on;		/* per sref: serves the node */
	int32_t			*pend_dev;	/* this allocation's, per device */
	int64_t			*pend_cap;
	int64_t			*pend_ctr;
	struct gs_dra_take	*stk;		/* devices taken, in order */
	const char		**stk_req;	/* their request names */
	size_t			 nstk, capstk;
	size_t			 steps;
	struct gs_dra_why	*why;
	const struct gs_dra_claim *owner;	/* a ResourceClaim's takes */
};

/* The CEL view of a device. */
static void
cel_device(const struct gs_dra_slice *s, const struct gs_dra_device *dv,
    struct gs_cel_device *cd)
{
	cd->driver = s->driver;
	cd->attrs = dv->attrs;
	cd->nattrs = dv->nattrs;
	cd->capacity = dv->capv;
	cd->ncapacity = dv->ncaps;
	cd->allow_multiple = dv->allow_multiple;
}

static int
sels_ok(struct search *st, const struct gs_dra_sel *v, size_t n,
    const struct gs_cel_device *cd)
{
	struct gs_error	err;
	size_t		i;

	for (i = 0; i < n; i++)
		if (gs_cel_eval(v[i].cel, cd, &err) != 1) {
			if (st->why->sel[0] == '\0')
				snprintf(st->why->sel, sizeof st->why->sel,
				    "%s", v[i].expr);
			return 0;
		}
	return 1;
}

/* isSelectable: the class's selectors, then the request's. */
static int
selectable(struct search *st, const struct gs_dra_sub *sub,
    const struct gs_dra_slice *s, const struct gs_dra_device *dv)
{
	const struct gs_dra_class *cls = gs_dra_class_find(st->d, sub->class);
	struct gs_cel_device	 cd;

	if (cls == NULL)
		return 0;
	cel_device(s, dv, &cd);
	return sels_ok(st, cls->sels, cls->nsels, &cd) &&
	    sels_ok(st, sub->sels, sub->nsels, &cd);
}

/* What one request consumes of capacity j of a shareable device
 * (KEP-5075, v1.34 calculateConsumedCapacity): the request's amount, or
 * the policy's default, or the whole capacity; raised to validRange.min
 * and rounded up to its step; -1 above max. */
static int64_t
consumed(const struct gs_dra_sub *sub, const char *driver,
    const struct gs_dra_cap *c)
{
	int64_t	v = -1;
	size_t	i;
	char	q[256];

	for (i = 0; i < sub->ncapreq; i++) {
		const char *nm = sub->capreq[i].name;

		if (strchr(nm, '/') == NULL) {
			snprintf(q, sizeof q, "%s/%s", driver, nm);
			nm = q;
		}
		if (strcmp(nm, c->name) == 0)
			v = sub->capreq[i].v;
	}
	if (!c->has_policy)
		return v < 0 ? c->v : v;
	if (v < 0)
		v = c->def > 0 ? c->def : c->v;
	if (c->min > 0 && v < c->min)
		v = c->min;
	if (c->step > 0 && (v - c->min) % c->step != 0)
		v = c->min + ((v - c->min) / c->step + 1) * c->step;
	if (c->max > 0 && v > c->max)
		return -1;
	return v;
}

static long
counter_at(const struct gs_dra_slice *s, const struct gs_dra_counter *c)
{
	size_t	i;

	for (i = 0; i < s->nshared; i++)
		if (strcmp(s->shared[i].set, c->set) == 0 &&
		    strcmp(s->shared[i].name, c->name) == 0)
			return (long)i;
	return -1;
}

static const struct gs_cel_value *
attr_of(const struct gs_dra_slice *s, const struct gs_dra_device *dv,
    const char *name)
{
	char	q[256];
	size_t	i;

	if (strchr(name, '/') == NULL) {
		snprintf(q, sizeof q, "%s/%s", s->driver, name);
		name = q;
	}
	for (i = 0; i < dv->nattrs; i++)
		if (strcmp(dv->attrs[i].name, name) == 0)
			return &dv->attrs[i].val;
	return NULL;
}

static int
covers(const struct gs_dra_constraint *c, const char *req)
{
	size_t	i, l;

	if (c->nreqs == 0)
		return 1;
	for (i = 0; i < c->nreqs; i++) {
		l = strlen(c->reqs[i]);
		if (strncmp(c->reqs[i], req, l) == 0 &&
		    (req[l] == '\0' || req[l] == '/'))
			return 1;
	}
	return 0;
}

/* matchAttribute: every device of the covered requests has the same
 * value (constraints.go matchAttributeConstraint.add). */
static int
constraints_ok(struct search *st, const struct gs_dra_claim *cl,
    const char *req, const struct gs_dra_slice *s,
    const struct gs_dra_device *dv, size_t base)
{
	const struct gs_cel_value *a, *b;
	size_t	i, k;

	for (i = 0; i < cl->ncons; i++) {
		if (!covers(&cl->cons[i], req))
			continue;
		if ((a = attr_of(s, dv, cl->cons[i].match)) == NULL)
			return 0;
		for (k = base; k < st->nstk; k++) {
			const struct gs_dra_sref *r = &st->d->sref[st->stk[k].sref];

			if (!covers(&cl->cons[i], st->stk_req[k]))
				continue;
			b = attr_of(r->s, &r->s->devs[st->stk[k].dev],
			    cl->cons[i].match);
			if (b == NULL || a->type != b->type || a->i != b->i ||
			    ((a->s != NULL || b->s != NULL) && (a->s == NULL ||
			    b->s == NULL || strcmp(a->s, b->s) != 0)))
				return 0;
			break;
		}
	}
	return 1;
}

/* Can the device be taken for sub now?  Fills cap (per capacity). */
static int
fits(struct search *st, size_t si, size_t j, const struct gs_dra_sub *sub,
    int64_t *cap)
{
	const struct gs_dra_sref	*r = &st->d->sref[si];
	const struct gs_dra_device	*dv = &r->s->devs[j];
	size_t				 k, c0 = r->cap0, di = r->dev0 + j;
	long				 x;

	for (k = 0; k < j; k++)
		c0 += r->s->devs[k].ncaps;
	if (!dv->allow_multiple &&
	    st->d->dev_alloc[di] + st->pend_dev[di] > 0) {
		st->why->in_use++;
		return 0;
	}
	for (k = 0; k < dv->nconsumes; k++) {
		x = counter_at(r->s, &dv->consumes[k]);
		if (x < 0 || st->d->ctr_used[r->ctr0 + x] +
		    st->pend_ctr[r->ctr0 + x] + dv->consumes[k].v >
		    r->s->shared[x].v) {
			st->why->counters++;
			return 0;
		}
	}
	for (k = 0; k < dv->ncaps; k++) {
		int64_t v = consumed(sub, r->s->driver, &dv->caps[k]);

		cap[k] = dv->allow_multiple ? v : 0;
		if (v < 0 || (dv->allow_multiple ? st->d->cap_used[c0 + k] +
		    st->pend_cap[c0 + k] + v > dv->caps[k].v :
		    v > dv->caps[k].v)) {
			st->why->capacity++;
			return 0;
		}
	}
	return 1;
}

static void
push(struct search *st, size_t si, size_t j, const char *claim,
    const char *req, int64_t *cap, int sign)
{
	const struct gs_dra_sref	*r = &st->d->sref[si];
	const struct gs_dra_device	*dv = &r->s->devs[j];
	struct gs_dra_take		 t;
	size_t				 k, c0 = r->cap0;
	long				 x;

	if (sign < 0) {
		st->nstk--;
		cap = st->stk[st->nstk].cap;
	}
	for (k = 0; k < j; k++)
		c0 += r->s->devs[k].ncaps;
	st->pend_dev[r->dev0 + j] += sign;
	for (k = 0; k < dv->ncaps; k++)
		st->pend_cap[c0 + k] += sign * cap[k];
	for (k = 0; k < dv->nconsumes; k++)
		if ((x = counter_at(r->s, &dv->consumes[k])) >= 0)
			st->pend_ctr[r->ctr0 + x] += sign * dv->consumes[k].v;
	if (sign < 0) {
		free(st->stk[st->nstk].cap);
		free(st->stk[st->nstk].request);
		free(st->stk[st->nstk].claim);
		return;
	}
	grow_array(&st->stk, &st->capstk, st->nstk + 1, sizeof *st->stk);
	st->stk_req = xreallocarray(st->stk_req, st->capstk,
	    sizeof *st->stk_req);
	t.sref = si;
	t.dev = j;
	t.claim = xstrdup(claim);
	t.request = xstrdup(req);
	t.exclusive = !dv->allow_multiple;
	t.cap = cap;
	t.ncap = dv->ncaps;
	t.owner = st->owner;
	st->stk[st->nstk] = t;
	st->stk_req[st->nstk] = t.request;
	st->nstk++;
}

static int	search_claims(struct search *, size_t ci, size_t ri);

/* The k-th device of request ri (sub), then the rest. */
static int
pick(struct search *st, size_t ci, size_t ri, const struct gs_dra_sub *sub,
    const char *req, int64_t k, size_t base)
{
	const struct gs_dra_claim	*cl = st->want[ci].claim;
	size_t				 si, j;
	int64_t				*cap;

	if (k == sub->count)
		return search_claims(st, ci, ri + 1);
	for (si = 0; si < st->d->nsref; si++) {
		const struct gs_dra_slice *s = st->d->sref[si].s;

		if (!st->on[si])
			continue;
		for (j = 0; j < s->ndevs; j++) {
			if (++st->steps > DRA_MAX_STEPS)
				return 0;
			st->why->tried++;
			if (!selectable(st, sub, s, &s->devs[j])) {
				st->why->selector++;
				continue;
			}
			if (st->pend_dev[st->d->sref[si].dev0 + j] > 0 &&
			    s->devs[j].allow_multiple)
				continue;	/* once per allocation */
			cap = xcalloc(s->devs[j].ncaps + 1, sizeof *cap);
			if (!fits(st, si, j, sub, cap)) {
				free(cap);
				continue;
			}
			if (!constraints_ok(st, cl, req, s, &s->devs[j],
			    base)) {
				st->why->constraint++;
				free(cap);
				continue;
			}
			/* A ResourceClaim's devices are its pods'. */
			st->owner = cl->is_template ? NULL : cl;
			push(st, si, j, st->want[ci].name, req, cap, 1);
			if (pick(st, ci, ri, sub, req, k + 1, base))
				return 1;
			push(st, si, j, NULL, NULL, NULL, -1);
		}
	}
	return 0;
}

/* allocationMode All: every matching device on the node, all free. */
static int
pick_all(struct search *st, size_t ci, size_t ri,
    const struct gs_dra_sub *sub, const char *req, size_t base)
{
	size_t	si, j, before = st->nstk;
	int64_t	*cap;
	int	ok = 1;

	for (si = 0; ok && si < st->d->nsref; si++) {
		const struct gs_dra_slice *s = st->d->sref[si].s;

		for (j = 0; ok && st->on[si] && j < s->ndevs; j++) {
			st->why->tried++;
			if (!selectable(st, sub, s, &s->devs[j])) {
				st->why->selector++;
				continue;
			}
			cap = xcalloc(s->devs[j].ncaps + 1, sizeof *cap);
			if (!fits(st, si, j, sub, cap) ||
			    !constraints_ok(st, st->want[ci].claim, req, s,
			    &s->devs[j], base)) {
				free(cap);
				ok = 0;
				break;
			}
			st->owner = st->want[ci].claim->is_template ? NULL :
			    st->want[ci].claim;
			push(st, si, j, st->want[ci].name, req, cap, 1);
		}
	}
	if (ok && st->nstk > before && search_claims(st, ci, ri + 1))
		return 1;
	while (st->nstk > before) {
		const struct gs_dra_take *t = &st->stk[st->nstk - 1];

		push(st, t->sref, t->dev, NULL, NULL, NULL, -1);
	}
	return 0;
}

/* Is an allocated claim's device reachable from the node? */
static int
allocated_here(struct search *st, const struct gs_dra_claim *cl)
{
	size_t	i, si, j;

	for (i = 0; i < cl->nalloc; i++)
		for (si = 0; si < st->d->nsref; si++) {
			const struct gs_dra_slice *s = st->d->sref[si].s;

			if (strcmp(s->driver, cl->alloc[i].driver) != 0 ||
			    strcmp(s->pool, cl->alloc[i].pool) != 0)
				continue;
			for (j = 0; j < s->ndevs; j++)
				if (strcmp(s->devs[j].name,
				    cl->alloc[i].device) == 0 && !st->on[si])
					return 0;
		}
	return 1;
}

/* Are the devices an earlier pod allocated for claim cl on this node? */
static int
claimed_here(struct search *st, const struct gs_dra_claim *cl)
{
	const struct gs_dra_claimed *e = gs_dra_claimed_find(st->d, cl);
	size_t	i;

	for (i = 0; i < e->n; i++)
		if (!st->on[e->v[i].sref])
			return 0;
	return 1;
}

/* Requests from ri of claim ci, then the next claims. */
static int
search_claims(struct search *st, size_t ci, size_t ri)
{
	const struct gs_dra_claim	*cl;
	const struct gs_dra_req		*rq;
	char				 name[256];
	size_t				 k, base;

	if (ci == st->nwant)
		return 1;
	cl = st->want[ci].claim;
	if (cl->allocated)
		return allocated_here(st, cl) && search_claims(st, ci + 1, 0);
	if (gs_dra_claimed_find(st->d, cl) != NULL)
		return claimed_here(st, cl) && search_claims(st, ci + 1, 0);
	if (ri == cl->nreqs)
		return search_claims(st, ci + 1, 0);
	rq = &cl->reqs[ri];
	/* Constraints compare within the claim: its first device. */
	for (base = st->nstk; base > 0 && strcmp(st->stk[base - 1].claim,
	    st->want[ci].name) == 0; base--)
		;
	/* firstAvailable: the subrequests in order (prioritized list). */
	for (k = 0; k < rq->nsubs; k++) {
		const struct gs_dra_sub *sub = &rq->subs[k];

		if (rq->first_available)
			snprintf(name, sizeof name, "%s/%s", rq->name,
			    sub->name);
		else
			snprintf(name, sizeof name, "%s", rq->name);
		if (sub->all ? pick_all(st, ci, ri, sub, name, base) :
		    pick(st, ci, ri, sub, name, 0, base))
			return 1;
	}
	if (st->why->failed[0] == '\0')
		snprintf(st->why->failed, sizeof st->why->failed, "%s/%s",
		    st->want[ci].name, rq->name);
	return 0;
}

/* Only a pool's newest generation counts, and only whole pools
 * (pools.go: a pool with fewer slices than resourceSliceCount at its
 * newest generation is incomplete and not used). */
static int
pool_usable(const struct gs_dra *d, size_t si)
{
	const struct gs_dra_slice *s = d->sref[si].s, *o;
	int64_t	gen = s->generation, count = 0;
	size_t	i;

	for (i = 0; i < d->nsref; i++) {
		o = d->sref[i].s;
		if (strcmp(o->driver, s->driver) == 0 &&
		    strcmp(o->pool, s->pool) == 0 && o->generation > gen)
			gen = o->generation;
	}
	for (i = 0; i < d->nsref; i++) {
		o = d->sref[i].s;
		if (strcmp(o->driver, s->driver) == 0 &&
		    strcmp(o->pool, s->pool) == 0 && o->generation == gen)
			count++;
	}
	return s->generation == gen && count >= s->slice_count;
}

int
gs_dra_allocate(const struct gs_dra *d, const struct gs_node *n,
    const struct gs_dra_want *want, size_t nwant,
    struct gs_dra_alloc *out, struct gs_dra_why *why)
{
	struct search	st;
	size_t		i;
	int		ok;

	memset(&st, 0, sizeof st);
	memset(why, 0, sizeof *why);
	memset(out, 0, sizeof *out);
	st.d = d;
	st.n = n;
	st.want = want;
	st.nwant = nwant;
	st.why = why;
	st.on = xcalloc(d->nsref + 1, 1);
	for (i = 0; i < d->nsref; i++)
		st.on[i] = gs_dra_slice_on(d->sref[i].s, n) &&
		    pool_usable(d, i);
	st.pend_dev = xcalloc(d->ndev + 1, sizeof *st.pend_dev);
	st.pend_cap = xcalloc(d->ncap + 1, sizeof *st.pend_cap);
	st.pend_ctr = xcalloc(d->nctr + 1, sizeof *st.pend_ctr);
	ok = search_claims(&st, 0, 0);
	if (ok) {
		out->v = st.stk;
		out->n = st.nstk;
		st.stk = NULL;
		out->uses = xcalloc(nwant + 1, sizeof *out->uses);
		for (i = 0; i < nwant; i++)
			if (gs_dra_claimed_find(d, want[i].claim) != NULL)
				out->uses[out->nuses++] = want[i].claim;
	} else {
		while (st.nstk > 0)
			push(&st, st.stk[st.nstk - 1].sref,
			    st.stk[st.nstk - 1].dev, NULL, NULL, NULL, -1);
	}
	free(st.stk);
	free(st.stk_req);
	free(st.on);
	free(st.pend_dev);
	free(st.pend_cap);
	free(st.pend_ctr);
	return ok;
}
