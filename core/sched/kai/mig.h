/*
 * sched/kai/mig.h: KAI-Scheduler's placement of pods asking MIG instances
 * (nvidia.com/mig-<profile>) of NVIDIA's device plugin (issue 18 item 4).
 */
#ifndef GS_KAI_MIG_H
#define GS_KAI_MIG_H

#include "model/model.h"

/* Does the pod ask an nvidia.com/mig-* resource (IsMigResource)? */
int	gs_kai_mig_takes(const struct gs_pod *);
/*
 * KAI's nodeplacement score of node n for a MIG pod, without the
 * constant nodeavailability: binpack MaxHighDensity x (1 - (free -
 * mn) / (mx - mn)) over the nodes' free whole nvidia.com/gpu, spread
 * the node's free whole nvidia.com/gpu (no MIG instance, no shared
 * GPU's part) over GetNumberOfGPUsInNode.
 */
double	gs_kai_mig_placement(int binpack, const struct gs_node *n,
	    double mn, double mx);
/* Free (na, as KAI's Idle counts them: with the extra of the gpu.count
 * guard, sched/kai/guard.h) and allocatable (all) whole nvidia.com/gpu
 * of n. */
void	gs_kai_mig_whole(const struct gs_node *n, double *na, double *all);
/* GetNumberOfGPUsInNode (node_info.go): the nvidia.com/gpu.count label,
 * else allocatable nvidia.com/gpu (a replica each). */
double	gs_kai_node_gpus(const struct gs_node *n);
/* The decision: placed with the device plugin's instances, pending with
 * why, or unmanaged when the pod asks nothing. */
void	gs_kai_mig_decide(const struct gs_cluster *, const struct gs_pod *,
	    int binpack, struct gs_placement *);

#endif
