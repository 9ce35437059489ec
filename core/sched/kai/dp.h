/*
 * sched/kai/dp.h: KAI-Scheduler on nodes whose GPUs NVIDIA's device plugin
 * advertises (GPU operator labels, compact pools with mig:/sharing:):
 * which pods KAI lets onto a node, the memory it counts per GPU there, and
 * which devices its fractions may take (issue 18).
 */
#ifndef GS_KAI_DP_H
#define GS_KAI_DP_H

#include <stdint.h>

#include "model/model.h"

/* What a KAI pod asks, for PredicateByNodeResourcesType. */
enum gs_kai_podkind {
	GS_KAI_POD_WHOLE,	/* nvidia.com/gpu (IsRegularGPURequest) */
	GS_KAI_POD_FRACTION,	/* gpu-fraction, gpu-memory, gpumem */
	GS_KAI_POD_MIG		/* nvidia.com/mig-<profile> */
};

/* NodeInfo.IsMIGEnabled: the node-role.kubernetes.io/mig-enabled label
 * (strconv.ParseBool), else some nvidia.com/mig-* advertised. */
int	gs_kai_mig_enabled(const struct gs_node *);
/* PredicateByNodeResourcesType: NULL when n takes a pod of kind k, else
 * KAI's fit error. */
const char *gs_kai_node_type(const struct gs_node *, enum gs_kai_podkind k);
/*
 * MemoryOfEveryGpuOnNode: the nvidia.com/gpu.memory label (bytes when
 * 1 TiB or more in MiB), floored to a multiple of 100; without it a
 * compact pool's (it stands for a node GPU feature discovery labelled:
 * its first nvidia.com/gpu device's memory) and a Node object's
 * DefaultGpuMemory, 100.
 */
int64_t	gs_kai_gpu_memory(const struct gs_node *);
/* May a KAI fraction's reservation pod take device j of device plugin
 * node n: a whole nvidia.com/gpu (a GPU, or a MIG instance under the
 * single strategy), not a replica. */
int	gs_kai_dp_fraction_dev(const struct gs_node *n, size_t j);
/* Does the cluster hold a node of NVIDIA's device plugin (whole-GPU KAI
 * pods are then counted in its nvidia.com/gpu, sched/kai/mig.c)? */
int	gs_kai_dp_cluster(const struct gs_cluster *);

#endif
