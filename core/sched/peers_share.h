/*
 * sched/peers_share.h: the peers deciding on the share view of the one
 * model (sched/peers_share.c), which sched/peers.c's entries use when the
 * configuration asks for it (gs_config.share: the replay).
 */
#ifndef GS_PEERS_SHARE_H
#define GS_PEERS_SHARE_H

#include "model/model.h"

/* The peers' rules, in the order of sched/peers.c's kinds. */
enum gs_peer_rule {
	GS_PEER_KUBE_LEAST,
	GS_PEER_KUBE_MOST,
	GS_PEER_KUBE_RTCR,
	GS_PEER_KAI_BINPACK,
	GS_PEER_KAI_SPREAD,
	GS_PEER_VOLCANO_BINPACK,
	GS_PEER_VOLCANO_SPREAD
};

struct gs_peer_share;

/* The state of rule on c's nodes: their share views and score cache (none
 * under cfg->exhaustive); cfg must outlive it. */
struct gs_peer_share *gs_peer_share_new(int rule, const struct gs_cluster *c,
	    const struct gs_config *cfg);
void	gs_peer_share_free(struct gs_peer_share *);
/* The decision for pod: placed with one grant a GPU charging the pod's
 * milli-GPU share (CPU-only pods too), or pending. */
void	gs_peer_share_decide(struct gs_peer_share *, const struct gs_cluster *,
	    const struct gs_pod *, struct gs_placement *);

#endif
