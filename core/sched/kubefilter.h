/*
 * sched/kubefilter.h: the kube-scheduler filters that run before HAMi's
 * extender sees a node (HAMi only scores the nodes they let through):
 * NodeUnschedulable, TaintToleration (NoSchedule, NoExecute),
 * NodeAffinity (nodeSelector and required node affinity, all operators)
 * and NodeResourcesFit (cpu, memory, pods against allocatable).
 */
#ifndef GS_KUBEFILTER_H
#define GS_KUBEFILTER_H

#include <stddef.h>

#include "model/model.h"

/*
 * NULL when pod may go to node, else the failing filter and why, e.g.
 * "TaintToleration (untolerated taint gpu=broken:NoSchedule)", written
 * into buf.
 */
const char	*gs_kube_filter_full(const struct gs_node *node,
		    const struct gs_pod *pod, char *buf, size_t len);

/* The common case first: nothing to check, nothing to call. */
static inline const char *
gs_kube_filter(const struct gs_node *node, const struct gs_pod *pod,
    char *buf, size_t len)
{
	if (!node->unschedulable && node->ntaints == 0 && !node->has_alloc &&
	    pod->node_selector.n == 0 && pod->naffinity == 0)
		return NULL;
	return gs_kube_filter_full(node, pod, buf, len);
}

/*
 * Add the tolerations the DaemonSet controller gives its pods
 * (not-ready, unreachable, disk/memory/pid pressure, unschedulable,
 * network-unavailable).
 */
void		 gs_add_daemonset_tolerations(struct gs_pod *);
/*
 * Should a DaemonSet pod run on node (the controller's view): taints,
 * cordon, nodeSelector and node affinity; resources are not considered
 * (such a pod is created and stays pending).
 */
int		 gs_daemonset_eligible(const struct gs_node *,
		    const struct gs_pod *);

#endif
