/*
 * model/dra_memo.c: a gs_dra's memo of CEL selector results per
 * (selector expression, device).  A selector reads the device's driver,
 * attributes and capacities (sched/dra/alloc.c cel_device), never its
 * usage, so its result for a device holds for the whole run; a DRA run
 * evaluated every class and request selector on every gathered device for
 * every pod (more than half of its time).  The key is the expression's
 * text, not its compiled form: HAMi-DRA's webhook and the claim
 * templates give every pod its own copy of the same selectors.  The
 * memo keeps its own copy of each text; it holds devices by address as
 * the gs_dra's sref holds their slices, and gs_dra_refresh, which
 * re-derives sref when objects join, empties it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model/dra.h"
#include "util/util.h"

/* The text's hash (FNV-1a, kept by its selector: one pass over the text
 * when it is read, not one per device and pod) mixed with the device's
 * address. */
static uint64_t
hash(uint64_t th, const struct gs_dra_device *dev)
{
	uint64_t	h = th;

	h ^= (uint64_t)(uintptr_t)dev * 0x9e3779b97f4a7c15ULL;
	return h ^ h >> 29;
}

static int
same(const struct gs_dra_celent *e, uint64_t h, const char *expr,
    const struct gs_dra_device *dev)
{
	return e->h == h && e->dev == dev && (e->expr == expr ||
	    strcmp(e->expr, expr) == 0);
}

int
gs_dra_celmemo_get(const struct gs_dra *d, const char *expr, uint64_t th,
    const struct gs_dra_device *dev, int *res)
{
	const struct gs_dra_celmemo *m = d->memo;
	uint64_t	h;
	size_t		i;

	if (m == NULL || m->cap == 0 || expr == NULL)
		return 0;
	h = hash(th, dev);
	for (i = (size_t)h & (m->cap - 1); m->v[i].expr != NULL;
	    i = (i + 1) & (m->cap - 1))
		if (same(&m->v[i], h, expr, dev)) {
			*res = m->v[i].res;
			return 1;
		}
	return 0;
}

/* e (its text taken) into a slot; the callers look it up first. */
static void
insert(struct gs_dra_celmemo *m, const struct gs_dra_celent *e)
{
	size_t	i;

	for (i = (size_t)e->h & (m->cap - 1); m->v[i].expr != NULL;
	    i = (i + 1) & (m->cap - 1))
		;
	m->v[i] = *e;
	m->n++;
}

void
gs_dra_celmemo_put(const struct gs_dra *d, const char *expr, uint64_t th,
    const struct gs_dra_device *dev, int res)
{
	struct gs_dra_celmemo	*m = d->memo;
	struct gs_dra_celent	*old, e;
	size_t			 i, ocap;
	int			 known;

	if (m == NULL || expr == NULL ||
	    gs_dra_celmemo_get(d, expr, th, dev, &known))
		return;
	/* At most half full: twice the slots, every entry again. */
	if (2 * (m->n + 1) > m->cap) {
		old = m->v;
		ocap = m->cap;
		m->cap = ocap ? 2 * ocap : 256;
		m->v = xcalloc(m->cap, sizeof *m->v);
		m->n = 0;
		for (i = 0; i < ocap; i++)
			if (old[i].expr != NULL)
				insert(m, &old[i]);
		free(old);
	}
	e.expr = xstrdup(expr);
	e.dev = dev;
	e.h = hash(th, dev);
	e.res = res;
	insert(m, &e);
}

static void
entries_free(struct gs_dra_celmemo *m)
{
	size_t	i;

	for (i = 0; i < m->cap; i++)
		free((char *)m->v[i].expr);
	free(m->v);
	m->v = NULL;
	m->cap = m->n = 0;
}

void
gs_dra_celmemo_clear(struct gs_dra *d)
{
	if (d->memo == NULL)
		d->memo = xcalloc(1, sizeof *d->memo);
	entries_free(d->memo);
}

void
gs_dra_celmemo_free(struct gs_dra *d)
{
	if (d->memo != NULL)
		entries_free(d->memo);
	free(d->memo);
	d->memo = NULL;
}
