/*
 * sched/peers_int.h: what sched/peers.c (the peers' decisions) shares with
 * sched/peers_explain.c (their explain entry points): the policy state,
 * the reasons a node fails, and the per-node steps both walk.
 */
#ifndef GS_PEERS_INT_H
#define GS_PEERS_INT_H

#include "sched/kai/mig.h"
#include "sched/kai/request.h"
#include "sched/volcano/explain.h"
#include "sched/peer_memo.h"
#include "sched/peer_view.h"
#include "sched/peers_pod.h"
#include "sched/peers_share.h"
#include "sched/window.h"

enum peer_kind {
	PK_KUBE_LEAST = GS_PEER_KUBE_LEAST,
	PK_KUBE_MOST = GS_PEER_KUBE_MOST,
	PK_KUBE_RTCR = GS_PEER_KUBE_RTCR,
	PK_KAI_BINPACK = GS_PEER_KAI_BINPACK,
	PK_KAI_SPREAD = GS_PEER_KAI_SPREAD,
	PK_VOLCANO_BINPACK = GS_PEER_VOLCANO_BINPACK,
	PK_VOLCANO_SPREAD = GS_PEER_VOLCANO_SPREAD
};

struct peer_state {
	enum peer_kind		 kind;
	const struct gs_config	*cfg;
	struct gs_peer_share	*share;	/* the share view (replay), or NULL */
	/* What every pod reads of the cluster's nodes (they do not change
	 * while a run lasts; cluster_facts): the most view entries on a node and
	 * gs_kai_dp_cluster, for the cluster ncl of nn nodes. */
	const struct gs_cluster	*ncl;
	size_t			 nn, maxdevs;
	int			 kai_dp;
	/* kube-scheduler's window (sched/window.h); KAI's and Volcano's
	 * every node. */
	struct gs_window	 win;
	/* What peer_decide keeps across pods (sched/peer_memo.h) for the
	 * cluster fcl, up to date with its touch log up to seen: verdicts
	 * per request shape; per node its name's rank, KAI's refusal by
	 * type (PredicateByNodeResourcesType for a fraction), Volcano's
	 * sharing mode (the node's devices do not change in a run); KAI
	 * binpack's range. */
	const struct gs_cluster	*fcl;
	size_t			 fnn;
	uint64_t		 seen;
	struct gs_pmemos	 memo;
	int			*rank;
	const char		**kai_why;
	int			*vmode;
	struct gs_kai_hist	 hist;
};

/* Why nodes failed, counted for the pending reason. */
enum peer_why {
	PW_FILTER = GS_VCX_FILTER,	/* a kube-scheduler filter */
	PW_NO_GPUS = GS_VCX_NO_GPUS,	/* no devices */
	PW_GPUS = GS_VCX_GPUS,		/* not enough free GPUs / device fit */
	PW_MODE = GS_VCX_MODE,		/* Volcano: another vgpu-mode */
	PW_KAI_TYPE = GS_VCX_MODE + 1,	/* KAI: PredicateByNodeResourcesType */
	PW_N
};

void	gs_pk_cluster_facts(struct peer_state *st, const struct gs_cluster *c);
void	gs_pk_view_node(const struct peer_state *st, const struct gs_node *n,
    const struct gs_peer_pod *pp, struct gs_pnode *v);
int	gs_pk_volcano_node(int binpack, const struct gs_vc_sched *vs,
    const struct gs_node *n, struct gs_peer_pod *pp, struct gs_pnode *v,
    struct gs_peer_vtrace *tr, double *score);
int	gs_pk_node(const struct peer_state *st, const struct gs_node *n,
    struct gs_peer_pod *pp, double *score, struct gs_pmemo_ent *e);
void	gs_pk_kai_prepare(const struct gs_cluster *c, enum gs_kai_podkind k,
    struct gs_kai_range *r);
int	gs_pk_node_refused(const struct peer_state *st, const struct gs_cluster *c,
    const struct gs_node *n, const struct gs_pod *pod, struct gs_peer_pod *pp,
    char *mbuf, size_t mlen);
void	gs_pk_place(struct gs_placement *d, const struct gs_node *n,
    const struct gs_pod *pod, const struct gs_peer_pod *pp,
    const struct gs_pgrant *g, size_t ng);
void	gs_pk_pod_setup(struct peer_state *st, const struct gs_cluster *c,
    const struct gs_pod *pod, struct gs_peer_pod *pp, size_t *maxdevs);

#endif
