/*
 * model/dra_names.c: a gs_dra's index of the pods' resourceClaims entries
 * (gs_dra_podref) by namespace and pod name, and of ResourceClaims and
 * templates by kind, namespace and name, so that gs_dra_pod_find and
 * gs_dra_claim_find cost the same whatever the number of pods (they
 * searched every block: a DRA run, and HAMi-DRA's mapping of every pod,
 * were quadratic in pods).
 *
 * The blocks' objects are only appended (a failed load drops those it had
 * just added), so the index follows them: each lookup first adds what the
 * blocks gained since, and starts afresh only when a block lost objects
 * or the blocks are others.  Entries are (block, index) pairs, as a
 * block's arrays move when they grow.  Both lookups return the first
 * match in block order, as the searches did.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model/dra.h"
#include "util/util.h"

struct name_ent {
	uint64_t	 h;
	uint32_t	 b;		/* block + 1; 0: an empty slot */
	uint32_t	 i;		/* pod or claim in the block */
};

struct name_tab {
	struct name_ent	*v;
	size_t		 cap, n;	/* cap a power of two */
};

struct gs_dra_names {
	struct gs_dra_block	**blocks;	/* those indexed, in order */
	size_t			 *npods, *nclaims;	/* indexed of each */
	size_t			  nblocks;
	struct name_tab		  pods, claims;
};

static uint64_t
pod_hash(const char *ns, const char *pod)
{
	return gs_hash_mix(gs_hash_str(gs_hash_str(gs_hash_str(
	    GS_HASH_START, ns), "\n"), pod));
}

static uint64_t
claim_hash(int is_template, const char *ns, const char *name)
{
	return gs_hash_mix(gs_hash_str(gs_hash_str(gs_hash_str(gs_hash_str(
	    GS_HASH_START, is_template ? "t\n" : "c\n"), ns), "\n"), name));
}

static const struct gs_dra_podref *
pod_at(const struct gs_dra *d, const struct name_ent *e)
{
	return &d->blocks[e->b - 1]->pods[e->i];
}

static const struct gs_dra_claim *
claim_at(const struct gs_dra *d, const struct name_ent *e)
{
	return &d->blocks[e->b - 1]->claims[e->i];
}

static int
pod_is(const struct gs_dra *d, const struct name_ent *e, const char *ns,
    const char *pod)
{
	const struct gs_dra_podref *p = pod_at(d, e);

	return strcmp(p->pod, pod) == 0 && strcmp(p->ns, ns) == 0;
}

static int
claim_is(const struct gs_dra *d, const struct name_ent *e, int is_template,
    const char *ns, const char *name)
{
	const struct gs_dra_claim *c = claim_at(d, e);

	return c->is_template == is_template && strcmp(c->name, name) == 0 &&
	    strcmp(c->ns, ns) == 0;
}

/* Double the slots of t (at most half full), moving every entry. */
static void
grow(struct name_tab *t)
{
	struct name_ent	*old = t->v;
	size_t		 i, j, ocap = t->cap;

	t->cap = ocap ? 2 * ocap : 64;
	t->v = xcalloc(t->cap, sizeof *t->v);
	for (i = 0; i < ocap; i++) {
		if (old[i].b == 0)
			continue;
		for (j = (size_t)old[i].h & (t->cap - 1); t->v[j].b != 0;
		    j = (j + 1) & (t->cap - 1))
			;
		t->v[j] = old[i];
	}
	free(old);
}

/* Add pod (or claim) i of block b: a name already indexed keeps its
 * first place in block order. */
static void
add(const struct gs_dra *d, struct name_tab *t, int pods, size_t b,
    size_t i)
{
	const struct gs_dra_block *bl = d->blocks[b];
	struct name_ent	*e;
	uint64_t	 h;
	size_t		 k;

	if (2 * (t->n + 1) > t->cap)
		grow(t);
	h = pods ? pod_hash(bl->pods[i].ns, bl->pods[i].pod) :
	    claim_hash(bl->claims[i].is_template, bl->claims[i].ns,
	    bl->claims[i].name);
	for (k = (size_t)h & (t->cap - 1); t->v[k].b != 0;
	    k = (k + 1) & (t->cap - 1)) {
		e = &t->v[k];
		if (e->h != h || (pods ? !pod_is(d, e, bl->pods[i].ns,
		    bl->pods[i].pod) : !claim_is(d, e,
		    bl->claims[i].is_template, bl->claims[i].ns,
		    bl->claims[i].name)))
			continue;
		if (e->b - 1 > b || (e->b - 1 == b && e->i > i)) {
			e->b = (uint32_t)b + 1;
			e->i = (uint32_t)i;
		}
		return;
	}
	t->v[k].h = h;
	t->v[k].b = (uint32_t)b + 1;
	t->v[k].i = (uint32_t)i;
	t->n++;
}

static void
names_clear(struct gs_dra_names *x)
{
	free(x->blocks);
	free(x->npods);
	free(x->nclaims);
	free(x->pods.v);
	free(x->claims.v);
	memset(x, 0, sizeof *x);
}

/* Bring the index up to d's blocks. */
static void
sync(const struct gs_dra *d, struct gs_dra_names *x)
{
	size_t	i;
	int	fresh = x->nblocks > d->nblocks;

	for (i = 0; !fresh && i < x->nblocks; i++)
		fresh = x->blocks[i] != d->blocks[i] ||
		    x->npods[i] > d->blocks[i]->npods ||
		    x->nclaims[i] > d->blocks[i]->nclaims;
	if (fresh)
		names_clear(x);
	if (x->nblocks < d->nblocks) {
		x->blocks = xreallocarray(x->blocks, d->nblocks,
		    sizeof *x->blocks);
		x->npods = xreallocarray(x->npods, d->nblocks,
		    sizeof *x->npods);
		x->nclaims = xreallocarray(x->nclaims, d->nblocks,
		    sizeof *x->nclaims);
		for (i = x->nblocks; i < d->nblocks; i++) {
			x->blocks[i] = d->blocks[i];
			x->npods[i] = x->nclaims[i] = 0;
		}
		x->nblocks = d->nblocks;
	}
	for (i = 0; i < d->nblocks; i++) {
		for (; x->npods[i] < d->blocks[i]->npods; x->npods[i]++)
			add(d, &x->pods, 1, i, x->npods[i]);
		for (; x->nclaims[i] < d->blocks[i]->nclaims; x->nclaims[i]++)
			add(d, &x->claims, 0, i, x->nclaims[i]);
	}
}

void
gs_dra_names_open(struct gs_dra *d)
{
	if (d->names == NULL)
		d->names = xcalloc(1, sizeof *d->names);
}

void
gs_dra_names_free(struct gs_dra *d)
{
	if (d->names != NULL)
		names_clear(d->names);
	free(d->names);
	d->names = NULL;
}

/* The entry of the pod ns/name (pods) or of the claim (is_template, ns,
 * name), or NULL. */
static const struct name_ent *
lookup(const struct gs_dra *d, int pods, int is_template, const char *ns,
    const char *name)
{
	const struct name_tab	*t;
	uint64_t		 h;
	size_t			 k;

	if (d == NULL || d->names == NULL)
		return NULL;
	sync(d, d->names);
	t = pods ? &d->names->pods : &d->names->claims;
	if (t->n == 0)
		return NULL;
	h = pods ? pod_hash(ns, name) : claim_hash(is_template, ns, name);
	for (k = (size_t)h & (t->cap - 1); t->v[k].b != 0;
	    k = (k + 1) & (t->cap - 1))
		if (t->v[k].h == h && (pods ? pod_is(d, &t->v[k], ns, name) :
		    claim_is(d, &t->v[k], is_template, ns, name)))
			return &t->v[k];
	return NULL;
}

const struct gs_dra_podref *
gs_dra_pod_find(const struct gs_dra *d, const char *ns, const char *pod)
{
	const struct name_ent	*e = lookup(d, 1, 0, ns, pod);

	return e != NULL ? pod_at(d, e) : NULL;
}

const struct gs_dra_claim *
gs_dra_claim_find(const struct gs_dra *d, const char *ns, const char *name,
    int is_template)
{
	const struct name_ent	*e = lookup(d, 0, is_template, ns, name);

	return e != NULL ? claim_at(d, e) : NULL;
}
