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
#include "sched/peer_view.h"

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
/* May a KAI fraction's reservation pod take a unit of device j of device
 * plugin node n: it offers nvidia.com/gpu (a GPU, a MIG instance under
 * the single strategy, or replicas not renamed to nvidia.com/gpu.shared). */
int	gs_kai_dp_fraction_dev(const struct gs_node *n, size_t j);
/*
 * KAI's GPUs of device plugin node n, one view entry per unit of
 * allocatable nvidia.com/gpu (a device's count of them: 1, or its
 * replicas) and one empty entry per other device, in device then unit
 * order: how many (a node of HAMi's: its devices).
 */
size_t	gs_kai_dp_entries(const struct gs_node *n);
/* The device of view entry `entry` of n, and in *unit which of its units
 * (0 for a device of one unit, and on a node of HAMi's). */
size_t	gs_kai_dp_entry_dev(const struct gs_node *n, size_t entry,
	    int32_t *unit);
/*
 * The view of n into v (v->dev holds gs_kai_dp_entries(n)): each unit a
 * GPU of MemoryOfEveryGpuOnNode; a group's unit its fractions' memory; the
 * free units idle; units held by whole-GPU pods full.  v's divisor for
 * spread is GetNumberOfGPUsInNode.
 */
void	gs_kai_dp_view(const struct gs_node *n, struct gs_pnode *v);
/* KAI's Idle GPUs of n: free units of nvidia.com/gpu. */
int32_t	gs_kai_dp_idle(const struct gs_node *n);
/* Scratch for gs_kai_dp_grant over one placement on n (free it). */
int32_t	*gs_kai_dp_claims(const struct gs_node *n);
/*
 * Grant g of view entry `entry` of n: a group's unit joined, else the
 * unit the device plugin gives a new group's reservation pod (a whole
 * container: the unit, gs_kube_dp_grant); mem is the fraction's memory.
 */
void	gs_kai_dp_grant(const struct gs_node *n, size_t entry, int whole,
	    int64_t mem, int32_t *claimed, struct gs_grant *g);
/*
 * The engine charges (sign 1) or takes back (-1) fraction grant g on d:
 * its unit's group pods and memory; returns the slots that changes (1
 * when the group opens or closes: its reservation pod's unit, else 0).
 */
int32_t	gs_kai_dp_charge(struct gs_device *d, const struct gs_grant *g,
	    int32_t sign);
/* Does the cluster hold a node of NVIDIA's device plugin (whole-GPU KAI
 * pods are then counted in its nvidia.com/gpu, sched/kai/mig.c)? */
int	gs_kai_dp_cluster(const struct gs_cluster *);

#endif
