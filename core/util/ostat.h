/*
 * util/ostat.h: an order-statistic set of positions 0..n-1 (a Fenwick tree of
 * counts): take the k-th position still present in O(log n).  The replay's
 * trim removes random pods with it in O(n log n) instead of shifting the
 * array on every removal.
 */
#ifndef GS_OSTAT_H
#define GS_OSTAT_H

#include <stddef.h>
#include <stdint.h>

#include <gsl/gsl_rng.h>

struct gs_ostat {
	size_t	*tree;		/* 1-based Fenwick tree of presence counts */
	size_t	 n;		/* positions */
	size_t	 left;		/* positions still present */
	size_t	 top;		/* highest power of two <= n */
};

/* Every position 0..n-1 present. */
void	gs_ostat_init(struct gs_ostat *, size_t n);
/* Remove the k-th present position (k < left, counted from 0) and
 * return it. */
size_t	gs_ostat_take(struct gs_ostat *, size_t k);
void	gs_ostat_free(struct gs_ostat *);

/*
 * The replay's trim (spec/openb-fgd.md §5.4): while *total exceeds target
 * and pods are left, draw k uniform in [0, *n) with gsl_rng_uniform_int,
 * remove the k-th pod of order[0..*n), subtract weight[that pod], so
 * that the draws and the order left are those of removing by shifting
 * the array.  Returns how many were removed.
 */
size_t	gs_trim_random(gsl_rng *, size_t *order, size_t *n,
	    const int64_t *weight, int64_t *total, double target);

#endif
