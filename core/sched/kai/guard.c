/*
 * sched/kai/guard.c: KAI-Scheduler's Idle on a node whose
 * nvidia.com/gpu.count label exceeds its allocatable nvidia.com/gpu (an
 * unhealthy GPU the device plugin leaves out), as KAI v0.20.1 counts it
 * (addSharedTaskResourcesPerPodGroup, pkg/scheduler/api/node_info/
 * gpu_sharing_node_info.go):
 *
 * - Idle starts at allocatable (NewNodeInfo); a whole-GPU pod takes its
 *   GPUs from Idle and adds them to Used (addTaskResources), so Idle +
 *   Used stays allocatable; the first fraction of a GPU group takes one
 *   GPU from Idle only when GetNumberOfGPUsInNode (the label) <
 *   Idle + Used + the groups using memory (getNumberOfUsedGPUs, the new
 *   group counted).  With the label N = allocatable A + d, d > 0, that is
 *   false for the first d groups: KAI's Idle is A - whole - max(0,
 *   groups - d), min(groups, d) GPUs above the device plugin's free
 *   units (each group's GPU is held by the binder's reservation pod).
 *   N <= A (no label, a time-sliced node's replicas): every group takes
 *   one.  Whole-GPU pods meet no guard, but see the larger Idle.
 * - Those GPUs count wherever KAI reads Idle: IsTaskAllocatable for
 *   whole GPUs (isTaskAllocatableOnNonAllocatedResources), FittingGPUs'
 *   WholeGpuIndicators for a fraction (framework/session.go),
 *   nodeplacement's binpack range and spread share.
 * - A pod KAI places on them does not run: a whole-GPU pod is bound and
 *   the kubelet's device manager has too few nvidia.com/gpu for it
 *   (admission fails), a fraction's new group gets a reservation pod
 *   that finds no free GPU, so its binding fails.  gpusched leaves such
 *   a pod pending with why; the decision is KAI's, so another node does
 *   not take it.
 */
#include <stdio.h>
#include <string.h>

#include "load/sharing.h"
#include "sched/kai/dp.h"
#include "sched/kai/guard.h"
#include "sched/kai/mig.h"
#include "util/util.h"

#define KAI_GUARD_ASKS	16

/* Shared GPU groups on n that use memory (getNumberOfUsedSharedGPUs). */
static int64_t
groups(const struct gs_node *n)
{
	int64_t	g = 0;
	size_t	j;
	int32_t	u;

	for (j = 0; j < n->ndevs; j++) {
		const struct gs_device *d = &n->devs[j];

		for (u = 0; d->kai != NULL && u < d->count; u++)
			g += d->kai[u].pods > 0 && d->kai[u].mem > 0;
	}
	return g;
}

int32_t
gs_kai_idle_extra(const struct gs_node *n, double all)
{
	const char	*s;
	int64_t		 lab, d, g;

	if (!n->dp || (s = gs_kv_get(&n->labels,
	    "nvidia.com/gpu.count")) == NULL ||
	    gs_go_parse_int64(s, strlen(s), &lab) != 0)
		return 0;		/* N is allocatable: no guard */
	d = lab - (int64_t)all;
	if (d <= 0)
		return 0;
	g = groups(n);
	return (int32_t)(g < d ? g : d);
}

int32_t
gs_kai_node_extra(const struct gs_node *n)
{
	double	fr, all;

	gs_kai_mig_whole(n, &fr, &all);
	return gs_kai_idle_extra(n, all);
}

int
gs_kai_guard_fits(const struct gs_node *n, const struct gs_dp_ask *a,
    size_t na)
{
	struct gs_dp_ask	 b[KAI_GUARD_ASKS];
	struct gs_pnode		 v;
	const char		*short_of;
	double			 fr, all;
	size_t			 k;

	gs_kai_mig_whole(n, &fr, &all);	/* its free counts the extra */
	if (na > KAI_GUARD_ASKS || gs_kai_idle_extra(n, all) == 0)
		return 0;
	memcpy(b, a, na * sizeof *b);
	for (k = 0; k < na; k++)
		if (strcmp(b[k].name, "nvidia.com/gpu") == 0)
			b[k].n -= gs_kai_idle_extra(n, all);
	return gs_kube_dp_node_fits(n, b, na, &v, &short_of);
}

int
gs_kai_guard_pending(const struct gs_node *n, const struct gs_pgrant *g,
    size_t ng, struct gs_placement *d)
{
	const char	*s = gs_kv_get(&n->labels, "nvidia.com/gpu.count");
	double		 fr, all;
	size_t		 t;
	int		 whole = g == NULL;

	for (t = 0; !whole && t < ng && g[t].dev >= 0; t++)
		;
	if (!whole && t == ng)
		return 0;
	gs_kai_mig_whole(n, &fr, &all);
	d->status = GS_PENDING;
	d->node = -1;
	d->reason = xasprintf("KAI-Scheduler binds it to %s, counting %.0f "
	    "idle GPU(s) where the device plugin has %.0f free: "
	    "nvidia.com/gpu.count %s > allocatable nvidia.com/gpu %.0f keeps "
	    "%d shared GPU(s) in Idle (addSharedTaskResourcesPerPodGroup); "
	    "%s", n->name, fr, fr - gs_kai_idle_extra(n, all),
	    s != NULL ? s : "?", all, (int)gs_kai_idle_extra(n, all), whole ?
	    "the kubelet rejects the pod (too few nvidia.com/gpu)" : "the "
	    "binder's reservation pod for a new shared GPU gets none, the "
	    "binding fails");
	return 1;
}
