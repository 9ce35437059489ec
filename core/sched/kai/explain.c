/*
 * sched/kai/explain.c: the reasons behind gs_kai_mig_decide
 * (sched/kai/explain.h).  KAI's allocate action asks, per node, its
 * predicates (kube-scheduler's filters, PredicateByNodeResourcesType,
 * pkg/scheduler/api/node_info/node_info.go), then whether the node's idle
 * resources hold the pod's (IsTaskAllocatable: each nvidia.com/mig-<p>
 * and nvidia.com/gpu a scalar count); the device plugin then hands out
 * the units, so the devices' reasons are kube_dp_explain's.  A MIG pod
 * skips the type predicate as gs_kai_mig_decide does (the nodes it
 * refuses advertise no MIG resource).
 */
#include <stdio.h>
#include <string.h>

#include "sched/kai/dp.h"
#include "sched/kai/explain.h"
#include "sched/kai/guard.h"
#include "sched/kai/mig.h"
#include "sched/kai/request.h"
#include "sched/kubefilter.h"

int
gs_kai_dp_takes(const struct gs_cluster *c, const struct gs_pod *pod)
{
	struct gs_kai_req	r;
	char			why[160];

	if (gs_kai_mig_takes(pod))
		return 1;
	if (gs_kai_request(pod, &r, why, sizeof why) != 0 || r.fractional)
		return 0;
	return gs_kai_dp_cluster(c) && gs_kube_dp_takes(c, pod);
}

void
gs_kai_dp_explain(const struct gs_cluster *c, const struct gs_pod *pod,
    const struct gs_placement *d, long detail, struct gs_dp_explain *ex)
{
	char		 fbuf[192];
	const char	*t;
	size_t		 i;

	gs_kube_dp_explain(c, pod, d, detail, ex);
	if (gs_kai_mig_takes(pod))
		return;
	for (i = 0; i < c->nnodes; i++) {
		const struct gs_node *n = &c->nodes[i];

		/* KAI's Idle holds what the device plugin's units do not
		 * (the gpu.count guard, sched/kai/guard.h). */
		if (!ex->node[i].fits && gs_kai_guard_fits(n, ex->ask,
		    ex->nasks)) {
			ex->node[i].fits = ex->verdict[i].fits = 1;
			snprintf(ex->node[i].why, sizeof ex->node[i].why,
			    "fits KAI's Idle, %d GPU(s) of it only the "
			    "gpu.count guard counts", gs_kai_node_extra(n));
		}
		if ((pod->pinned_node >= 0 && (size_t)pod->pinned_node != i) ||
		    gs_kube_filter(n, pod, fbuf, sizeof fbuf) != NULL ||
		    (t = gs_kai_node_type(n, GS_KAI_POD_WHOLE)) == NULL)
			continue;
		ex->node[i].fits = 0;
		ex->verdict[i].fits = 0;
		snprintf(ex->node[i].why, sizeof ex->node[i].why, "refused by "
		    "KAI: %s", t);
	}
}
