/*
 * metrics/typical.h: the one builder of typical pod shapes (spec/openb-fgd.md
 * §4) and the one fragmentation measure F_n that the trace replay
 * (metrics/frag.c), the FGD family (sched/fgd.c, sched/fgd_share.c) and the
 * fragmentation metric (metrics/metrics.c) share; the trace's typical pods
 * and F_n of a node of the share view (sched/share_view.h).  The builder groups equal
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

#include "load/trace.h"
#include "sched/share_view.h"

/* One typical pod shape (§4) and how often it occurs. */
struct gs_tshape {
	int64_t		 cpu;		/* milli */
	int		 milli;		/* per GPU; 0 for CPU-only */
	int		 num;
	char		*spec;		/* "" for any */
	uint64_t	 mask;		/* models allowed (bits of the view) */
	int64_t		 count;
};

struct gs_typical {
	struct gs_tshape	*v;
	size_t			 n;
	int64_t			 kept;		/* sum of the kept counts */
	int64_t			 total;		/* pods considered */
	size_t			 distinct;	/* shapes before the cut */
};

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

/* Typical pods of a trace's pod list (§4: key (cpu, milli, num, spec),
 * count 1 each, sorted by count then key, descending, cut at threshold
 * %), their gpu_spec as masks of the share view's GPU models. */
void	gs_typical_build(const struct gs_trace_pods *, const struct gs_share *,
	    int threshold, struct gs_typical *);
void	gs_typical_release(struct gs_typical *);

/* F_n(M) numerator of a node of the share view (§4), and of one shape. */
int64_t	gs_frag_node(const struct gs_snode *, const struct gs_typical *);
int64_t	gs_frag_shape(const struct gs_snode *, const struct gs_tshape *);

#endif
