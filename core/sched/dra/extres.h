/*
 * sched/dra/extres.h: KEP-5004, a pod's extended resources that a
 * DeviceClass maps, allocated through the DynamicResources plugin's
 * special claim where the DRAExtendedResource gate is on
 * (sched/dra/extres.c).
 */
#ifndef GS_SCHED_DRA_EXTRES_H
#define GS_SCHED_DRA_EXTRES_H

#include "model/dra.h"

/* The class that maps extended resource name, or NULL. */
const struct gs_dra_class *gs_dra_class_for_ext(const struct gs_dra *,
	    const char *name);
/* Does the pod ask a resource a class maps (preFilterExtendedResources)? */
int	gs_dra_extres_wanted(const struct gs_dra *, const struct gs_pod *);
/*
 * The special claim for node n (filterExtendedResources): 1 and *cl
 * filled (gs_dra_claim_free), 0 when nothing is left to DRA, -1 when
 * the node's allocatable lists a mapped resource (*dp its name): its
 * device plugin serves it, which the dra profiles do not model.
 */
int	gs_dra_extres_claim(const struct gs_dra *, const struct gs_pod *,
	    const struct gs_node *n, struct gs_dra_claim *cl, const char **dp);

#endif
