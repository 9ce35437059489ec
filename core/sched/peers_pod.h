/*
 * sched/peers_pod.h: a pod as the peers' `simulate` profiles read it
 * (sched/peers.c): its requests in the peer view (sched/peer_view.h),
 * with KAI's and Volcano's own resources and annotations where it asks
 * them, its HAMi device filter, and one node's scratch.
 */
#ifndef GS_PEERS_POD_H
#define GS_PEERS_POD_H

#include <stddef.h>

#include "model/model.h"
#include "sched/hami/hami.h"
#include "sched/peer_view.h"

/* A pod's requests in the view, its HAMi filter (Volcano's), and the
 * scratch one node's evaluation needs. */
struct gs_peer_pod {
	struct gs_ppod		 v;
	struct gs_preq		*req;		/* per container */
	int			 sharing;	/* asks gpumem/percentage/cores */
	struct hami_filter	 f;
	struct gs_pdev		*dv;		/* per device */
	unsigned char		*taken;
	struct gs_pgrant	*g;		/* one node's grants */
	size_t			 ng;
	struct gs_kai_range	 kr;
	/* Volcano: the device config and the node's sharing mode. */
	const struct gs_volcano_conf *vconf;
	int			 vmode;
	int			 vwant;		/* asks a vgpu-mode */
};

/* pp from pod (nvidia.com/gpu, gpumem, gpumem-percentage, gpucores as
 * HAMi builds them), scratch for maxdevs devices. */
void	gs_peer_pod_init(struct gs_peer_pod *pp, const struct gs_pod *pod,
	    const struct gs_config *cfg, size_t maxdevs);
/* KAI's gpu-fraction / gpu-memory annotations, when the pod has them
 * (1), as its one fractional request. */
int	gs_peer_pod_kai_own(struct gs_peer_pod *pp, const struct gs_pod *pod);
/* Volcano's volcano.sh/vgpu-* resources, where a container asks them. */
void	gs_peer_pod_volcano_own(struct gs_peer_pod *pp,
	    const struct gs_pod *pod, size_t maxdevs);
void	gs_peer_pod_release(struct gs_peer_pod *pp);

#endif
