/*
 * sched/kai/dp.c: KAI-Scheduler on nodes whose GPUs NVIDIA's device plugin
 * advertises, as KAI v0.20.1 counts them (issue 18):
 *
 * - a node's GPUs are its allocatable nvidia.com/gpu
 *   (NewNodeInfo, ResourceFromResourceList,
 *   pkg/scheduler/api/node_info/node_info.go); a whole-GPU pod takes units
 *   of it, the device plugin hands them out (sched/kai/mig.c);
 * - a fraction's GPU is one such unit, held by KAI's reservation pod
 *   (IsResourceReservationTask; gpu_sharing_node_info.go
 *   addSharedGPUTaskResourcesPerPodGroup), shared by memory against
 *   MemoryOfEveryGpuOnNode (getNodeGpuMemory: the nvidia.com/gpu.memory
 *   label, floored to 100; 100 without it);
 * - PredicateByNodeResourcesType: a MIG pod only on a MIG node, a MIG
 *   node (IsMIGEnabled) under mig.strategy mixed takes MIG pods only,
 *   under single whole-GPU pods only (GetMigStrategy reads
 *   nvidia.com/mig.strategy; gpusched's node keeps it as mig_strategy).
 */
#include <string.h>

#include "load/sharing.h"
#include "sched/kai/dp.h"
#include "util/util.h"

#define KAI_DEFAULT_GPU_MEMORY	100		/* DefaultGpuMemory */
#define KAI_TIB_IN_MIB		(1024LL * 1024)	/* TibInMib */

int
gs_kai_mig_enabled(const struct gs_node *n)
{
	const char	*v = gs_kv_get(&n->labels,
			    "node-role.kubernetes.io/mig-enabled");
	size_t		 j;

	if (v != NULL)
		return gs_go_parse_bool(v) == 1;
	if (!n->dp || n->mig_strategy != GS_MIG_MIXED)
		return 0;
	for (j = 0; j < n->ndevs; j++)
		if (n->devs[j].kind == GS_DEV_MIG)
			return 1;
	return 0;
}

const char *
gs_kai_node_type(const struct gs_node *n, enum gs_kai_podkind k)
{
	int	mig = gs_kai_mig_enabled(n);

	if (!mig && k == GS_KAI_POD_MIG)
		return "MIG job cannot be scheduled on non-MIG node";
	if (!mig || !n->dp)
		return NULL;
	if (n->mig_strategy == GS_MIG_SINGLE && k != GS_KAI_POD_WHOLE)
		return "only whole gpu jobs can run on a node with "
		    "MigStrategy='single'";
	if (n->mig_strategy == GS_MIG_MIXED && k != GS_KAI_POD_MIG)
		return "non MIG jobs cant run on a node with "
		    "MigStrategy='mixed'";
	return NULL;
}

int
gs_kai_dp_fraction_dev(const struct gs_node *n, size_t j)
{
	const struct gs_device	*d = &n->devs[j];
	char			 r[80];

	if (d->kind != GS_DEV_WHOLE && d->kind != GS_DEV_MIG)
		return 0;
	gs_dev_resource(n, d, r, sizeof r);
	return strcmp(r, "nvidia.com/gpu") == 0;
}

int64_t
gs_kai_gpu_memory(const struct gs_node *n)
{
	const char	*v = gs_kv_get(&n->labels, "nvidia.com/gpu.memory");
	int64_t		 m;
	size_t		 j;

	/* strconv.ParseInt(s, 10, 64): no spaces, no overflow */
	if (v != NULL && gs_go_parse_int64(v, strlen(v), &m) == 0) {
		if (m >= KAI_TIB_IN_MIB)	/* bytes (GFD #26) */
			m /= 1024 * 1024;
		return m - m % 100;
	}
	if (n->pool == NULL)
		return KAI_DEFAULT_GPU_MEMORY;
	for (j = 0; j < n->ndevs; j++)
		if (gs_kai_dp_fraction_dev(n, j))
			return n->devs[j].devmem - n->devs[j].devmem % 100;
	return KAI_DEFAULT_GPU_MEMORY;
}

int
gs_kai_dp_cluster(const struct gs_cluster *c)
{
	size_t	i;

	for (i = 0; i < c->nnodes; i++)
		if (c->nodes[i].dp)
			return 1;
	return 0;
}
