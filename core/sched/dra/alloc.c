/*
 * sched/dra/alloc.c: the structured allocator (sched/dra/alloc.h), after
 * k8s.io/dynamic-resource-allocation/structured/internal/stable/
 * allocator_stable.go (v1.34, v1.35) and internal/incubating/
 * allocator_incubating.go (v1.36: consumable capacity): Allocate ->
 * allocateOne walks the claims, their requests and each request's
 * devices; for a device it walks the node's pools (GatherPools), their
 * slices and the slices' devices in listed order, takes the first that
 * fits (isSelectable: class then request selectors; not allocated
 * unless allowMultipleAllocations; counters, KEP-4815; consumable
 * capacity, KEP-5075), and backtracks to the next device when a later
 * request or a matchAttribute constraint cannot be met.
 *
 * Order: GatherPools returns the pools in Go map order and a pool's
 * slices in the informer's order, neither of them defined; pools are
 * taken here sorted by driver and pool name, slices by name
 * (model/dra.c gs_dra_refresh), so that a run is reproducible.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/dra/alloc.h"
#include "sched/dra/view.h"

/* A bound on the search, as the scheduler's per-node timeout bounds it. */
#define DRA_MAX_STEPS	200000

const struct gs_dra_features gs_dra_features_all = { 1, 1, 1, 1, 1 };

struct search {
	const struct gs_dra	*d;
	const struct gs_dra_features *feat;
	int64_t			 score;
	const struct gs_node	*n;
	const struct gs_dra_want *want;
	size_t			 nwant;
	/* The node's pools and this allocation's usage of them. */
	struct gs_dra_view	 v;
	struct gs_dra_take	*stk;		/* devices taken, in order */
	const char		**stk_req;	/* their request names */
	size_t			 nstk, capstk;
	size_t			 steps;
	struct gs_dra_why	*why;
	const struct gs_dra_claim *owner;	/* a ResourceClaim's takes */
	const struct gs_dra_class *cls;	/* the class of what is taken */
	char			*detail;	/* explain: why a device fails */
	size_t			 ldetail;
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

/* The selectors v[0..n) on device dv (cd its CEL view); a result is
 * memoised per (expression, device): it reads no usage
 * (model/dra_memo.c). */
static int
sels_ok(struct search *st, const struct gs_dra_sel *v, size_t n,
    const struct gs_dra_device *dv, const struct gs_cel_device *cd)
{
	struct gs_error	err;
	size_t		i;
	int		res;

	for (i = 0; i < n; i++) {
		if (!gs_dra_celmemo_get(st->d, v[i].expr, v[i].h, dv, &res)) {
			res = gs_cel_eval(v[i].cel, cd, &err);
			gs_dra_celmemo_put(st->d, v[i].expr, v[i].h, dv, res);
		}
		if (res != 1) {
			if (st->why->sel[0] == '\0')
				snprintf(st->why->sel, sizeof st->why->sel,
				    "%s", v[i].expr);
			return 0;
		}
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
	st->cls = cls;
	cel_device(s, dv, &cd);
	return sels_ok(st, cls->sels, cls->nsels, dv, &cd) &&
	    sels_ok(st, sub->sels, sub->nsels, dv, &cd);
}

/* Does the device serve allowMultipleAllocations?  Only with the
 * DRAConsumableCapacity gate (allocator_incubating.go allocateDevice);
 * without it the device is taken whole. */
static int
shared(const struct search *st, const struct gs_dra_device *dv)
{
	return st->feat->consumable && dv->allow_multiple;
}

/* Capacity c's name as a request names it: unqualified is the driver's
 * (consumable_capacity.go resolveCapacityName). */
static int
cap_named(const char *req, const char *driver, const struct gs_dra_cap *c)
{
	size_t	l = strlen(driver);

	if (strchr(req, '/') != NULL)
		return strcmp(req, c->name) == 0;
	return strncmp(c->name, driver, l) == 0 && c->name[l] == '/' &&
	    strcmp(c->name + l + 1, req) == 0;
}

/* Does every capacity the request names exist on the device?  A device
 * without one does not satisfy it (consumable_capacity.go
 * resolveCapacityRequests). */
static int
caps_known(const struct gs_dra_sub *sub, const char *driver,
    const struct gs_dra_device *dv)
{
	size_t	i, k;

	for (i = 0; i < sub->ncapreq; i++) {
		for (k = 0; k < dv->ncaps; k++)
			if (cap_named(sub->capreq[i].name, driver, &dv->caps[k]))
				break;
		if (k == dv->ncaps)
			return 0;
	}
	return 1;
}

/*
 * What one request consumes of capacity c (KEP-5075,
 * consumable_capacity.go calculateConsumedQuantity then violatesPolicy):
 * no amount asked: the policy's default, else the whole capacity, as
 * they are; an amount: raised to validRange.min and rounded up to its
 * step (roundUpRange); then the default always passes, and a value above
 * max or off the step is refused: -1.
 */
static int64_t
consumed(const struct gs_dra_sub *sub, const char *driver,
    const struct gs_dra_cap *c)
{
	int64_t	v = -1;
	size_t	i;

	for (i = 0; i < sub->ncapreq; i++)
		if (cap_named(sub->capreq[i].name, driver, c))
			v = sub->capreq[i].v;
	if (v < 0)
		v = c->has_policy && c->def > 0 ? c->def : c->v;
	else if (c->has_policy && c->min > 0) {
		if (v < c->min)
			v = c->min;
		else if (c->step > 0 && (v - c->min) % c->step != 0)
			v = c->min + ((v - c->min) / c->step + 1) * c->step;
	}
	if (!c->has_policy || (c->def > 0 && v == c->def))
		return v;
	if ((c->max > 0 && v > c->max) ||
	    (c->step > 0 && (v - c->min) % c->step != 0))
		return -1;
	return v;
}

/* Is a device's counter set short of what it consumes? (KEP-4815,
 * checkAvailableCounters: the pool's counters less the allocated
 * devices' and this allocation's.) */
static int
counters_short(struct search *st, size_t si, const struct gs_dra_device *dv)
{
	size_t	k;
	long	x;

	for (k = 0; k < dv->nconsumes; k++) {
		x = gs_dra_counter_slot(st->d, si, dv->consumes[k].set,
		    dv->consumes[k].name);
		if (x < 0 || st->d->ctr_used[x] + *gs_dra_view_ctr(&st->v,
		    si, (size_t)x) + dv->consumes[k].v >
		    gs_dra_view_ctr_total(&st->v, si, (size_t)x)) {
			if (st->detail != NULL && x < 0)
				snprintf(st->detail, st->ldetail, "counter "
				    "%s/%s: no such counter in the pool",
				    dv->consumes[k].set, dv->consumes[k].name);
			else if (st->detail != NULL)
				snprintf(st->detail, st->ldetail, "counter "
				    "%s/%s: consumes %lld, %lld of %lld used",
				    dv->consumes[k].set, dv->consumes[k].name,
				    (long long)dv->consumes[k].v, (long long)
				    st->d->ctr_used[x], (long long)
				    gs_dra_view_ctr_total(&st->v, si,
				    (size_t)x));
			return 1;
		}
	}
	return 0;
}

/*
 * Can the device be taken for sub now?  Fills cap (per capacity).
 * allocator_incubating.go allocateDevice: in use unless shared; a device
 * consuming counters needs DRAPartitionableDevices and its counters,
 * except a shared device already in use (skipCounterCheck); capacity
 * with DRAConsumableCapacity only (CmpRequestOverCapacity): a shared
 * device's consumed capacity adds up, an exclusive one's is compared
 * alone.
 */
static int
fits(struct search *st, size_t si, size_t j, const struct gs_dra_sub *sub,
    int64_t *cap)
{
	const struct gs_dra_sref	*r = &st->d->sref[si];
	const struct gs_dra_device	*dv = &r->s->devs[j];
	size_t				 k, c0 = r->cap0, di = r->dev0 + j;
	int				 multi = shared(st, dv);
	int32_t				 use;

	for (k = 0; k < j; k++)
		c0 += r->s->devs[k].ncaps;
	use = st->d->dev_alloc[di] + *gs_dra_view_dev(&st->v, si, j);
	if (!multi && use > 0) {
		if (st->detail != NULL)
			snprintf(st->detail, st->ldetail, "in use%s",
			    dv->allow_multiple ? " (allowMultipleAllocations "
			    "needs DRAConsumableCapacity)" : "");
		st->why->in_use++;
		return 0;
	}
	if (dv->nconsumes > 0 && !st->feat->partitionable) {
		if (st->detail != NULL)
			snprintf(st->detail, st->ldetail, "consumes counters: "
			    "needs DRAPartitionableDevices");
		st->why->counters++;
		return 0;
	}
	if (dv->nconsumes > 0 && (!multi || use == 0) &&
	    counters_short(st, si, dv)) {
		st->why->counters++;
		return 0;
	}
	if (!st->feat->consumable)
		return 1;
	if (!caps_known(sub, r->s->driver, dv)) {
		if (st->detail != NULL)
			snprintf(st->detail, st->ldetail, "capacity: the "
			    "request names one the device lacks");
		st->why->capacity++;
		return 0;
	}
	for (k = 0; k < dv->ncaps; k++) {
		int64_t v = consumed(sub, r->s->driver, &dv->caps[k]);

		cap[k] = multi ? v : 0;
		if (v < 0 || (multi ? st->d->cap_used[c0 + k] +
		    *gs_dra_view_cap(&st->v, si, c0 + k) + v >
		    dv->caps[k].v :
		    v > dv->caps[k].v)) {
			if (st->detail != NULL && v < 0)
				snprintf(st->detail, st->ldetail, "capacity %s: "
				    "the amount breaks its requestPolicy",
				    dv->caps[k].name);
			else if (st->detail != NULL)
				snprintf(st->detail, st->ldetail, "capacity %s: "
				    "asks %lld, %lld of %lld used",
				    dv->caps[k].name, (long long)v, multi ?
				    (long long)st->d->cap_used[c0 + k] : 0LL,
				    (long long)dv->caps[k].v);
			st->why->capacity++;
			return 0;
		}
	}
	return 1;
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

/* Take (sign 1) or give back (-1) a device in this allocation; a shared
 * device's counters with its first use only (charge_takes in
 * model/dra.c). */
static void
push(struct search *st, size_t si, size_t j, const char *claim,
    const char *req, int64_t *cap, int sign)
{
	const struct gs_dra_sref	*r = &st->d->sref[si];
	const struct gs_dra_device	*dv = &r->s->devs[j];
	struct gs_dra_take		 t;
	size_t				 k, c0 = r->cap0, di = r->dev0 + j;
	long				 x;
	int				 excl;

	if (sign < 0) {
		st->nstk--;
		cap = st->stk[st->nstk].cap;
	}
	excl = !shared(st, dv);
	for (k = 0; k < j; k++)
		c0 += r->s->devs[k].ncaps;
	*gs_dra_view_dev(&st->v, si, j) += sign;
	for (k = 0; k < dv->ncaps; k++)
		*gs_dra_view_cap(&st->v, si, c0 + k) += sign * cap[k];
	if (excl || st->d->dev_alloc[di] +
	    *gs_dra_view_dev(&st->v, si, j) == (sign > 0 ? 1 : 0))
		for (k = 0; k < dv->nconsumes; k++)
			if ((x = gs_dra_counter_slot(st->d, si,
			    dv->consumes[k].set, dv->consumes[k].name)) >= 0)
				*gs_dra_view_ctr(&st->v, si, (size_t)x) +=
				    sign * dv->consumes[k].v;
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
	t.exclusive = excl;
	t.cls = st->cls;
	t.cap = cap;
	t.ncap = dv->ncaps;
	t.owner = st->owner;
	st->stk[st->nstk] = t;
	st->stk_req[st->nstk] = t.request;
	st->nstk++;
}

static int	search_claims(struct search *, size_t ci, size_t ri);
static int	pick_next(struct search *, size_t ci, size_t ri,
		    const struct gs_dra_sub *, const char *req, int64_t k,
		    size_t base, size_t si0, size_t j0);

/* Try device j of slice si for the k-th device of the request: 1 when
 * it and everything after it is allocated. */
static int
try_device(struct search *st, size_t ci, size_t ri,
    const struct gs_dra_sub *sub, const char *req, int64_t k, size_t base,
    size_t si, size_t j)
{
	const struct gs_dra_claim	*cl = st->want[ci].claim;
	const struct gs_dra_slice	*s = st->d->sref[si].s;
	int64_t				*cap;

	st->why->tried++;
	if (!selectable(st, sub, s, &s->devs[j])) {
		st->why->selector++;
		return 0;
	}
	cap = xcalloc(s->devs[j].ncaps + 1, sizeof *cap);
	if (!fits(st, si, j, sub, cap)) {
		free(cap);
		return 0;
	}
	if (!constraints_ok(st, cl, req, s, &s->devs[j], base)) {
		st->why->constraint++;
		free(cap);
		return 0;
	}
	/* A ResourceClaim's devices are its pods'. */
	st->owner = cl->is_template ? NULL : cl;
	push(st, si, j, st->want[ci].name, req, cap, 1);
	if (pick_next(st, ci, ri, sub, req, k + 1, base, si, j + 1))
		return 1;
	push(st, si, j, NULL, NULL, NULL, -1);
	return 0;
}

/*
 * The k-th device of request ri (sub), then the rest.  The search for
 * the next device of the same request starts after the one taken
 * (allocator_incubating.go allocateOne's startLocation; the stable
 * allocator starts over, which finds the same first solution since a
 * device taken is in use), and a claim holds at most
 * GS_DRA_MAX_RESULTS devices (errAllocationResultMaxSizeExceeded).
 */
static int
pick_next(struct search *st, size_t ci, size_t ri,
    const struct gs_dra_sub *sub, const char *req, int64_t k, size_t base,
    size_t si0, size_t j0)
{
	size_t	si, j;

	if (k == sub->count)
		return search_claims(st, ci, ri + 1);
	if ((int64_t)(st->nstk - base) + sub->count - k > GS_DRA_MAX_RESULTS)
		return 0;
	for (si = gs_dra_view_next(&st->v, si0); si != GS_DRA_VIEW_END;
	    si = gs_dra_view_next(&st->v, si + 1)) {
		for (j = si == si0 ? j0 : 0; j < st->d->sref[si].s->ndevs;
		    j++) {
			if (++st->steps > DRA_MAX_STEPS)
				return 0;
			if (try_device(st, ci, ri, sub, req, k, base, si, j))
				return 1;
		}
	}
	return 0;
}

/*
 * allocationMode All: every device of the node's pools that the
 * selectors match, each of which must be free; refused when a pool on
 * the node is incomplete or invalid, when none matches, or beyond
 * GS_DRA_MAX_RESULTS (allocator_stable.go validateDeviceRequest and
 * allocateOne with allDevices).
 */
static int
pick_all(struct search *st, size_t ci, size_t ri,
    const struct gs_dra_sub *sub, const char *req, size_t base)
{
	size_t	si, j, before = st->nstk;
	int64_t	*cap;
	int	ok = st->v.pools_bad == 0;

	for (si = gs_dra_view_next(&st->v, 0); ok && si != GS_DRA_VIEW_END;
	    si = gs_dra_view_next(&st->v, si + 1)) {
		const struct gs_dra_slice *s = st->d->sref[si].s;

		for (j = 0; ok && j < s->ndevs; j++) {
			st->why->tried++;
			if (!selectable(st, sub, s, &s->devs[j])) {
				st->why->selector++;
				continue;
			}
			cap = xcalloc(s->devs[j].ncaps + 1, sizeof *cap);
			if (st->nstk - base >= GS_DRA_MAX_RESULTS ||
			    !fits(st, si, j, sub, cap) ||
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

/* Is an allocated claim's device reachable from the node?  Its pool
 * found by bisection, not by a walk of the cluster's slices. */
static int
allocated_here(struct search *st, const struct gs_dra_claim *cl)
{
	size_t	i, si, j;
	long	p;

	for (i = 0; i < cl->nalloc; i++) {
		p = gs_dra_pool_find(st->d, cl->alloc[i].driver,
		    cl->alloc[i].pool);
		for (si = p < 0 ? 0 : st->d->pool0[p]; p >= 0 &&
		    si < st->d->pool0[p + 1]; si++) {
			const struct gs_dra_slice *s = st->d->sref[si].s;

			for (j = 0; j < s->ndevs; j++)
				if (strcmp(s->devs[j].name,
				    cl->alloc[i].device) == 0 &&
				    !gs_dra_slice_on(s, st->n))
					return 0;
		}
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
		if (!gs_dra_slice_on(st->d->sref[e->v[i].sref].s, st->n))
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
	/* firstAvailable: the subrequests in order (prioritized list);
	 * without DRAPrioritizedList the claim is refused (Allocate's
	 * "has subrequests, but the DRAPrioritizedList feature is
	 * disabled"). */
	for (k = 0; k < rq->nsubs; k++) {
		const struct gs_dra_sub *sub = &rq->subs[k];

		if (rq->first_available && !st->feat->prioritized_list)
			break;
		if (rq->first_available)
			snprintf(name, sizeof name, "%s/%s", rq->name,
			    sub->name);
		else
			snprintf(name, sizeof name, "%s", rq->name);
		if (sub->all ? pick_all(st, ci, ri, sub, name, base) :
		    pick_next(st, ci, ri, sub, name, 0, base, 0, 0)) {
			if (rq->first_available)
				st->score += 8 - (int64_t)k;
			return 1;
		}
	}
	if (st->why->failed[0] == '\0')
		snprintf(st->why->failed, sizeof st->why->failed, "%s/%s",
		    st->want[ci].name, rq->name);
	return 0;
}

int
gs_dra_allocate(const struct gs_dra *d, const struct gs_dra_features *feat,
    const struct gs_node *n, const struct gs_dra_want *want, size_t nwant,
    struct gs_dra_alloc *out, struct gs_dra_why *why)
{
	struct search	st;
	size_t		i;
	int		ok;

	memset(&st, 0, sizeof st);
	memset(why, 0, sizeof *why);
	memset(out, 0, sizeof *out);
	st.d = d;
	st.feat = feat;
	st.n = n;
	st.want = want;
	st.nwant = nwant;
	st.why = why;
	gs_dra_view_open(&st.v, d, feat, n);
	why->pools_bad = st.v.pools_bad;
	ok = search_claims(&st, 0, 0);
	if (ok) {
		out->v = st.stk;
		out->n = st.nstk;
		out->score = st.score;
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
	gs_dra_view_close(&st.v);
	return ok;
}

/*
 * Explain: every device of the pools node n sees, in the allocator's
 * order, tried alone for sub at d's usage; fn gets NULL for a device that
 * could serve it, else why not.  Returns the incomplete or invalid pools.
 */
size_t
gs_dra_devices_why(const struct gs_dra *d, const struct gs_dra_features *feat,
    const struct gs_node *n, const struct gs_dra_sub *sub,
    void (*fn)(void *, size_t si, size_t j, const char *why), void *arg)
{
	struct search	 st;
	struct gs_dra_why why;
	char		 buf[256];
	size_t		 si, j, pools_bad;

	memset(&st, 0, sizeof st);
	memset(&why, 0, sizeof why);
	st.d = d;
	st.feat = feat;
	st.n = n;
	st.why = &why;
	st.detail = buf;
	st.ldetail = sizeof buf;
	gs_dra_view_open(&st.v, d, feat, n);
	for (si = gs_dra_view_next(&st.v, 0); si != GS_DRA_VIEW_END;
	    si = gs_dra_view_next(&st.v, si + 1))
		for (j = 0; j < d->sref[si].s->ndevs; j++) {
			const struct gs_dra_slice *s = d->sref[si].s;
			int64_t *cap = xcalloc(s->devs[j].ncaps + 1,
			    sizeof *cap);

			buf[0] = why.sel[0] = '\0';
			if (!selectable(&st, sub, s, &s->devs[j]))
				snprintf(buf, sizeof buf, "selector false: %s",
				    why.sel);
			else if (fits(&st, si, j, sub, cap))
				buf[0] = '\0';
			fn(arg, si, j, buf[0] != '\0' ? buf : NULL);
			free(cap);
		}
	pools_bad = st.v.pools_bad;
	gs_dra_view_close(&st.v);
	return pools_bad;
}
