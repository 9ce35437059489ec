/*
 * sched/kube_dp.h: kube-scheduler over NVIDIA's device plugin's resources: MIG
 * instances and time-slicing or MPS replicas as extended resources, handed
 * out as the device plugin does (sched/kube_dp.c).
 */
#ifndef GS_KUBE_DP_H
#define GS_KUBE_DP_H

#include "model/model.h"
#include "sched/peer_view.h"

/* One resource the pod asks, summed over its containers. */
struct gs_dp_ask {
	const char	*name;
	int64_t		 n;
};

/* The pod's asks: nvidia.com/gpu, then its device plugin resources in
 * container and listing order; how many (at most max). */
size_t	gs_kube_dp_asks(const struct gs_pod *, struct gs_dp_ask *, size_t max);
/* Container c's count of resource r. */
int64_t	gs_kube_dp_ctr_asks(const struct gs_container *c, const char *r);
/* The units of resource r device j of n offers (cap) and holds (used,
 * all of them when unhealthy); 0 when it does not offer r. */
int	gs_kube_dp_offers(const struct gs_node *n, size_t j, const char *r,
	    int32_t *cap, int32_t *used);

/* Does n hold the asks (allocatable - used >= asked for each)?  Fills
 * v's GPU columns; else names the first resource short in *short_of. */
int	gs_kube_dp_node_fits(const struct gs_node *n, const struct gs_dp_ask *,
	    size_t na, struct gs_pnode *v, const char **short_of);
/* Grant g of one unit of device d (index dev): a replica charges one
 * slot (MPS: the device's memory and threads / replicas), a whole GPU or
 * MIG instance all of it. */
void	gs_kube_dp_grant(const struct gs_device *d, struct gs_grant *g,
	    int dev);
/* The device plugin's hand-out of the asks on n into d's containers
 * (d->ctrs allocated). */
void	gs_kube_dp_hand_out(const struct gs_node *n, const struct gs_pod *,
	    const struct gs_dp_ask *, size_t na, struct gs_placement *d);

/* Is this pod kube_dp's to place: it asks a device plugin resource
 * (nvidia.com/mig-*, gpu.shared), or nvidia.com/gpu alone in a cluster
 * with device plugin nodes? */
int	gs_kube_dp_takes(const struct gs_cluster *, const struct gs_pod *);
/* The decision (pending with kube's reason, or the UnexpectedAdmissionError
 * of failRequestsGreaterThanOne). */
void	gs_kube_dp_decide(const struct gs_cluster *, const struct gs_pod *,
	    enum gs_kube_strategy, const int w[3], struct gs_placement *);

#endif
