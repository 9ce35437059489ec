/*
 * metrics/dra_use.h: the metrics of DRA devices (metrics/dra_use.c), as
 * the other device kinds are counted (metrics/kinds.h): whole devices
 * free, and the consumable memory of shared devices, used and
 * fragmented.
 */
#ifndef GS_METRICS_DRA_USE_H
#define GS_METRICS_DRA_USE_H

#include <stddef.h>
#include <stdint.h>

#include "model/model.h"

/* One whole DRA device: a device that consumes no counters, or a
 * counter set (a partitionable device whose partitions consume it). */
struct gs_dra_unit {
	long		 node;		/* the slice's nodeName, or -1 */
	char		*name;		/* driver/pool/device or .../set */
	int		 counters;	/* a counter set */
	int		 shared;	/* allowMultipleAllocations */
	int		 allocs;	/* allocations on it (device) */
	int		 free;		/* nothing allocated or consumed */
	int64_t		 mem, mem_used;	/* consumable memory, bytes */
};

struct gs_dra_metrics {
	struct gs_dra_unit	*u;
	size_t			 nu, free;
	/* Consumable memory of shared devices (a capacity named memory),
	 * bytes: total, used, free on devices whose free part is below the
	 * target (the smallest memory a claim of the run asks, else the
	 * device's default), and the largest free on one device. */
	size_t			 nmem;
	int64_t			 mem, mem_used, mem_frag, mem_largest;
	int64_t			 target;	/* 0: the devices' defaults */
};

/* The metrics of c's DRA devices at its usage; its claims (the
 * workload's joined) give the target.  Nothing (nu 0) without DRA
 * devices. */
void	gs_dra_metrics(const struct gs_cluster *c, struct gs_dra_metrics *m);
void	gs_dra_metrics_release(struct gs_dra_metrics *m);
struct gs_dra;
/* Per slice of d->sref: is it of the newest generation of its pool?
 * One pass over d's pools (caller frees). */
unsigned char *gs_dra_newest(const struct gs_dra *d);

#endif
