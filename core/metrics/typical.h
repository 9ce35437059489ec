/*
 * metrics/typical.h: the one builder of typical pod shapes (spec/openb-fgd.md
 * §4) and the one fragmentation measure F_n that the trace replay
 * (metrics/frag.c), the FGD family on HAMi-style clusters (sched/fgd.c) and the
 * fragmentation metric (metrics/metrics.c) share.  The builder groups equal
 * keys, counts them, orders them and keeps those that cover a share of the
 * items; what a key holds is the caller's.  F_n takes what each world
 * measures of a node for one shape: its idle capacity (milli-GPU, or
 * GPUs of free memory), how many devices the shape fits and the idle
 * capacity of the others.
 */
#ifndef GS_TYPICAL_H
#define GS_TYPICAL_H

#include <stddef.h>
#include <stdint.h>

/* One item's key, then, after gs_typical_shapes, one shape's. */
struct gs_tkey {
	int64_t		 k[4];		/* compared in order */
	const char	*spec;		/* then bytes (Go's string order) */
	size_t		 first;		/* the item's index; a shape's first */
	int64_t		 count;		/* items of the shape */
};

/* How the shapes are ordered. */
enum gs_torder {
	GS_TORDER_POPULAR_KEY,	/* count, then key, both descending (the
				   trace simulator's sort.Reverse) */
	GS_TORDER_POPULAR_FIRST,	/* count descending, then first seen */
	GS_TORDER_FIRST		/* first seen (no popularity order) */
};

/*
 * Group v[0..n) (each item's k, spec and first set) into shapes with
 * their counts, order them, and keep the leading shapes until they cover
 * threshold % of the n items (100: all).  The shapes are v[0..returned);
 * *kept, if not NULL, gets the items they cover, *distinct the shapes
 * before the cut.
 */
size_t	gs_typical_shapes(struct gs_tkey *v, size_t n, enum gs_torder,
	    int threshold, int64_t *kept, size_t *distinct);

/*
 * F_n(m) of one node (§4): all its idle capacity `all` when m cannot use
 * the node (node_ok 0: CPU-only, no access to its model, CPU short) or
 * fewer than m's num devices fit m; else `small`, the idle capacity of
 * the devices m does not fit.
 */
double	gs_frag_value(int node_ok, size_t fit, int64_t num, double all,
	    double small);

#endif
