/*
 * util/ostat.c: the order-statistic set (a Fenwick tree over positions) and the
 * replay's random trim built on it.
 */
#include <stdlib.h>
#include <string.h>

#include "util/ostat.h"
#include "util/util.h"

void
gs_ostat_init(struct gs_ostat *o, size_t n)
{
	size_t	i;

	o->n = o->left = n;
	o->tree = xreallocarray(NULL, n + 1, sizeof *o->tree);
	/* All ones: node i covers the (i & -i) positions ending at i. */
	o->tree[0] = 0;
	for (i = 1; i <= n; i++)
		o->tree[i] = i & (~i + 1);
	for (o->top = 1; o->top <= n / 2; o->top *= 2)
		;
}

size_t
gs_ostat_take(struct gs_ostat *o, size_t k)
{
	size_t	pos = 0, rem = k + 1, step, i;

	/* The largest pos whose prefix count is below k + 1. */
	for (step = o->top; step > 0; step /= 2)
		if (pos + step <= o->n && o->tree[pos + step] < rem) {
			pos += step;
			rem -= o->tree[pos];
		}
	for (i = pos + 1; i <= o->n; i += i & (~i + 1))
		o->tree[i]--;
	o->left--;
	return pos;
}

void
gs_ostat_free(struct gs_ostat *o)
{
	free(o->tree);
	memset(o, 0, sizeof *o);
}

size_t
gs_trim_random(gsl_rng *rng, size_t *order, size_t *n,
    const int64_t *weight, int64_t *total, double target)
{
	struct gs_ostat	 o;
	unsigned char	*gone;
	size_t		 i, m, pos, removed = 0;

	if (!((double)*total > target && *n > 0))
		return 0;
	gs_ostat_init(&o, *n);
	gone = xcalloc(*n, 1);
	while ((double)*total > target && o.left > 0) {
		pos = gs_ostat_take(&o, (size_t)gsl_rng_uniform_int(rng,
		    (unsigned long)o.left));
		gone[pos] = 1;
		*total -= weight[order[pos]];
		removed++;
	}
	for (i = m = 0; i < *n; i++)
		if (!gone[i])
			order[m++] = order[i];
	*n = m;
	free(gone);
	gs_ostat_free(&o);
	return removed;
}
