/*
 * sched/dra/alloc.h: kube-scheduler's structured allocator
 * (k8s.io/dynamic-resource-allocation/structured, allocator.go v1.34) for
 * one pod's claims on one node: first fit over pools, slices and devices
 * in order, with backtracking across the claims' requests and their
 * matchAttribute constraints; counters of partitionable devices and
 * consumable capacity of shared devices.
 */
#ifndef GS_DRA_ALLOC_H
#define GS_DRA_ALLOC_H

#include "model/dra.h"

/*
 * The DRA feature gates the allocator follows (pkg/features/
 * kube_features.go; the version rows of sched/dra/kversion.c set them).
 */
struct gs_dra_features {
	int		 prioritized_list;	/* DRAPrioritizedList */
	int		 partitionable;		/* DRAPartitionableDevices */
	int		 consumable;		/* DRAConsumableCapacity */
	int		 extended_resource;	/* DRAExtendedResource */
	int		 score;			/* DynamicResources Score */
};

/* Every feature on (the newest row; unit tests). */
extern const struct gs_dra_features gs_dra_features_all;

/* resourceapi.AllocationResultsMaxSize: devices per claim (v1). */
#define GS_DRA_MAX_RESULTS	32

/* Why devices were refused while searching one node (explain). */
struct gs_dra_why {
	size_t		 tried;		/* devices looked at */
	size_t		 selector;	/* a selector false (or an error) */
	size_t		 in_use;	/* allocated, not shareable */
	size_t		 counters;	/* a shared counter exhausted */
	size_t		 capacity;	/* consumable capacity short */
	size_t		 constraint;	/* matchAttribute differs */
	size_t		 pools_bad;	/* incomplete or invalid pools */
	char		 failed[160];	/* "claim/request" left unmet */
	char		 sel[160];	/* the first selector that failed */
};

/* One claim to allocate, resolved from a pod's resourceClaims. */
struct gs_dra_want {
	const struct gs_dra_claim *claim;
	const char	*name;		/* the pod's name for it */
};

/*
 * Allocate every claim of want on node n: 1 and *out filled, 0 when no
 * choice fits (why filled).  Allocated claims are checked for their
 * node only.  Pure: d is not changed.  out->score is the v1.35
 * DynamicResources Score before normalising: per firstAvailable request
 * allocated, 8 (FirstAvailableDeviceRequestMaxSize) less the index of
 * the subrequest chosen (dynamicresources.go computeScore).
 */
int	gs_dra_allocate(const struct gs_dra *d,
	    const struct gs_dra_features *feat, const struct gs_node *n,
	    const struct gs_dra_want *want, size_t nwant,
	    struct gs_dra_alloc *out, struct gs_dra_why *why);

/*
 * Explain: each device of the pools node n sees, in the allocator's
 * order, tried alone for sub at d's usage (selectors, use, counters,
 * capacity; no constraint, no backtracking): fn(arg, slice, device,
 * NULL) when it could serve, else with why not.  Returns the number of
 * incomplete or invalid pools, whose devices are not listed.
 */
size_t	gs_dra_devices_why(const struct gs_dra *d,
	    const struct gs_dra_features *feat, const struct gs_node *n,
	    const struct gs_dra_sub *sub,
	    void (*fn)(void *arg, size_t si, size_t j, const char *why),
	    void *arg);

#endif
