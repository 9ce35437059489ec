/*
 * sched/kubefilter.h: the kube-scheduler filters that run before HAMi's
 * extender sees a node (HAMi only scores the nodes they let through):
 * NodeUnschedulable, TaintToleration (NoSchedule, NoExecute),
 * NodeAffinity (nodeSelector and required node affinity, all operators)
 * and NodeResourcesFit (cpu, memory, pods against allocatable; an
 * extended resource with gs_kube_fit_ext).
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

/* Container c's count of extended resource name (gs_container.ext), 0
 * when it asks none. */
int64_t		 gs_ctr_ext_count(const struct gs_container *c,
		    const char *name);
/*
 * NodeResourcesFit's request of extended resource name (the containers'
 * requests after defaulting, from limits when not given, as
 * gs_container.ext holds them): the containers' sum, or an init
 * container's when larger (k8s.io/component-helpers resource.PodRequests;
 * no sidecars or overhead).
 */
int64_t		 gs_pod_ext_request(const struct gs_pod *, const char *name);
/*
 * NodeResourcesFit's fitsRequest on extended resource name: NULL when
 * want is 0 or at most alloc - used, else "NodeResourcesFit
 * (Insufficient name)" written into buf.
 */
const char	*gs_kube_fit_ext(const char *name, int64_t want, int64_t alloc,
		    int64_t used, char *buf, size_t len);

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
