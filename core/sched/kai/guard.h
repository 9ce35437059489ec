/*
 * sched/kai/guard.h: KAI-Scheduler's Idle on a node whose
 * nvidia.com/gpu.count label exceeds its allocatable nvidia.com/gpu
 * (the guard in addSharedTaskResourcesPerPodGroup, KAI v0.20.1), and what
 * becomes of a pod KAI places on the GPUs that guard leaves in Idle.
 */
#ifndef GS_KAI_GUARD_H
#define GS_KAI_GUARD_H

#include "model/model.h"
#include "sched/kube_dp.h"
#include "sched/peer_view.h"

/*
 * The GPUs KAI's Idle counts beyond the device plugin's free units on
 * device plugin node n of `all` allocatable nvidia.com/gpu: with the
 * gpu.count label N above `all` by d, the first d shared GPU groups
 * (using memory) take no GPU from Idle, so min(groups, d); else 0.
 */
int32_t	gs_kai_idle_extra(const struct gs_node *n, double all);
/* The same, all counted (gs_kai_mig_whole). */
int32_t	gs_kai_node_extra(const struct gs_node *n);
/* Does KAI's Idle hold the asks a on n although the device plugin's
 * free units do not (nvidia.com/gpu short by at most the extra)? */
int	gs_kai_guard_fits(const struct gs_node *n, const struct gs_dp_ask *a,
	    size_t na);
/* A pod KAI placed on node n where a grant (dev -1) or, for whole GPUs
 * (g NULL), the asks fall on GPUs only the guard counts: pending with
 * why in d (1); else 0. */
int	gs_kai_guard_pending(const struct gs_node *n, const struct gs_pgrant *g,
	    size_t ng, struct gs_placement *d);

#endif
