/*
 * sched/dra/view.h: the pools one node sees, as the structured allocator
 * gathers them (k8s.io/dynamic-resource-allocation/structured/internal/
 * incubating/pools_incubating.go GatherPools), with the scratch of one
 * allocation on that node: the pending usage of those pools' devices,
 * capacities and counters only.  Built from the pool index of
 * model/dra.c gs_dra_refresh (the pools that serve no single node, then
 * the node's own), so that a node's check costs what its own pools and
 * the shared ones hold, never the cluster's devices.
 */
#ifndef GS_SCHED_DRA_VIEW_H
#define GS_SCHED_DRA_VIEW_H

#include <stdint.h>

#include "sched/dra/alloc.h"

/* A complete, valid pool the node sees; where its scratch lies. */
struct gs_dra_vpool {
	size_t		 a, b;		/* its slices, in gs_dra.sref */
	int64_t		 gen;		/* the newest generation seen */
	size_t		 on0;		/* its first slice in on[] */
	size_t		 dev0, cap0, ctr0;	/* its first pending entries */
};

struct gs_dra_view {
	const struct gs_dra	*d;
	void			*own;	/* its own bytes: the scratch was busy */
	struct gs_dra_vpool	*v;		/* in sref order */
	size_t			 n;
	/* Per slice of the pools: part of the node's view at the pool's
	 * newest generation, and on the node (its devices are offered). */
	unsigned char		*on;
	/* This allocation's usage, per device, capacity, shared counter
	 * of the pools (gs_dra_view_dev, _cap, _ctr). */
	int32_t			*pend_dev;
	int64_t			*pend_cap;
	int64_t			*pend_ctr;
	size_t			 pools_bad;	/* incomplete or invalid */
	size_t			 visited;	/* slices gather looked at */
};

/* The end of gs_dra_view_next's walk. */
#define GS_DRA_VIEW_END	((size_t)-1)

/* Gather node n's pools (slice_in: shared counters with the
 * partitionable gate), pending usage zero, in d's scratch (its own bytes
 * while another view holds it); close gives them back. */
void	gs_dra_view_open(struct gs_dra_view *, const struct gs_dra *d,
	    const struct gs_dra_features *feat, const struct gs_node *n);
void	gs_dra_view_close(struct gs_dra_view *);
/* The first slice from si on whose devices the node is offered, in the
 * allocator's order, or GS_DRA_VIEW_END. */
size_t	gs_dra_view_next(const struct gs_dra_view *, size_t si);
/* The view's pool holding slice si (a slice gs_dra_view_next gave). */
const struct gs_dra_vpool *gs_dra_view_pool(const struct gs_dra_view *,
	    size_t si);
/* Pending entries: device j of slice si; capacity c (in gs_dra.cap_used
 * numbering) and shared counter slot x (gs_dra.ctr_used) of si's pool. */
int32_t	*gs_dra_view_dev(const struct gs_dra_view *, size_t si, size_t j);
int64_t	*gs_dra_view_cap(const struct gs_dra_view *, size_t si, size_t c);
int64_t	*gs_dra_view_ctr(const struct gs_dra_view *, size_t si, size_t x);
/* The value of shared counter slot x of slice si's pool. */
int64_t	 gs_dra_view_ctr_total(const struct gs_dra_view *, size_t si,
	    size_t x);

#endif
