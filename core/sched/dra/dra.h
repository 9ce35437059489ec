/*
 * sched/dra/dra.h: the `dra` profile (sched/dra/policy.c) and what the
 * report shows of its allocations.
 */
#ifndef GS_SCHED_DRA_H
#define GS_SCHED_DRA_H

#include "model/dra.h"
#include "sched/dra/alloc.h"

/* The claims pod names, resolved (*out freed by the caller). */
size_t	gs_dra_pod_wants(const struct gs_dra *, const struct gs_pod *,
	    struct gs_dra_want **out);
/* One taken device as "claim/request=driver/pool/device[ cap=q,...]",
 * into buf. */
void	gs_dra_take_format(const struct gs_dra *, const struct gs_dra_take *,
	    char *buf, size_t len);

#endif
