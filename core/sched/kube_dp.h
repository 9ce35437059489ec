/*
 * sched/kube_dp.h: kube-scheduler over NVIDIA's device plugin's resources: MIG
 * instances and time-slicing or MPS replicas as extended resources, handed
 * out as the device plugin does (sched/kube_dp.c).
 */
#ifndef GS_KUBE_DP_H
#define GS_KUBE_DP_H

#include "model/model.h"
#include "sched/peer_view.h"

/* Is this pod kube_dp's to place: it asks a device plugin resource
 * (nvidia.com/mig-*, gpu.shared), or nvidia.com/gpu alone in a cluster
 * with device plugin nodes? */
int	gs_kube_dp_takes(const struct gs_cluster *, const struct gs_pod *);
/* The decision (pending with kube's reason, or the UnexpectedAdmissionError
 * of failRequestsGreaterThanOne). */
void	gs_kube_dp_decide(const struct gs_cluster *, const struct gs_pod *,
	    enum gs_kube_strategy, const int w[3], struct gs_placement *);

#endif
