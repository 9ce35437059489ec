/*
 * sched/volcano/explain.h: why Volcano's deviceshare (the volcano-*
 * profiles, v1.15.1) put a vGPU or dynamic-MIG pod where it did, or left
 * it pending (issue 19 item 5): per node the predicate that refused it or
 * its score, and for the chosen node (or another one) each GPU in the
 * order checkNodeGPUSharingPredicateAndScore walks them, the check it
 * failed, and on a MIG GPU the geometry groups and instance kinds
 * findMatch and pickFromGroup tried (sched/volcano/explain.c).  The node
 * walks are the engine's own (sched/peers.c, sched/peer_rules.c), so
 * the verdicts cannot drift from the placements.
 */
#ifndef GS_VOLCANO_EXPLAIN_H
#define GS_VOLCANO_EXPLAIN_H

#include <stddef.h>
#include <stdint.h>

#include "model/model.h"
#include "sched/explain_turn.h"
#include "sched/peer_view.h"

/* Why a node is no candidate (sched/peers.c counts the first four for
 * the pending reason). */
enum {
	GS_VCX_FILTER,		/* a kube-scheduler filter */
	GS_VCX_NO_GPUS,		/* no GPU registered for Volcano */
	GS_VCX_GPUS,		/* FilterNode: devices short */
	GS_VCX_MODE,		/* volcano.sh/vgpu-mode is not the node's */
	GS_VCX_PINNED,		/* the pod names another node */
	GS_VCX_OFF		/* deviceshare.VGPUEnable off */
};

/* One node as peer_decide evaluates the pod there (sched/peers.c). */
struct gs_peer_veval {
	int			 unmanaged;	/* asks no vGPU */
	int			 why;		/* GS_VCX_*, or -1: fits */
	char			 text[192];	/* filter or mode text */
	int			 mode;		/* the node's GS_VCM_* */
	int			 policy;	/* the walk's GS_VCP_* */
	double			 raw;		/* sum of GPUScore */
	double			 score;		/* x ScheduleWeight */
	struct gs_preq		*req;		/* per container */
	size_t			 nreq;
	struct gs_peer_vtrace	 trace;		/* the device walk */
};

/* sched/peers.c: pod on node i of c under the volcano-* profile cfg
 * names, the walk recorded in e (release with gs_peer_veval_release). */
void	gs_peer_volcano_eval(const struct gs_cluster *c,
	    const struct gs_config *cfg, const struct gs_pod *pod, size_t i,
	    struct gs_peer_veval *e);
void	gs_peer_veval_release(struct gs_peer_veval *);

/* One GPU of the detail node for one container. */
struct gs_vc_xgpu {
	int	 dev;
	int	 try_pos;	/* 1-based in the walk; 0: not reached */
	int	 check;		/* GS_VCF_*, or -1 when not reached */
	int64_t	 mem;		/* memreqForCard */
	double	 score;		/* GPUScore, when taken */
	char	 why[320];	/* the check, with its numbers */
	char	 mig[96];	/* the instance taken: "uuid[group-pos]" */
};

/* One container asking vGPU: its devices on the detail node. */
struct gs_vc_xctr {
	size_t			 ctr;
	struct gs_vc_xgpu	*gpu;		/* walk order, then the rest */
	size_t			 ngpus;
};

struct gs_vc_explain {
	int			 policy;	/* GS_VCP_* */
	int			 weight;	/* ScheduleWeight (1 unset) */
	struct gs_preq		*req;		/* per container */
	size_t			 nreq;
	const char		*pod_mode;	/* volcano.sh/vgpu-mode, or NULL */
	int			*mode;		/* per node: GS_VCM_*, -1 */
	double			*score;		/* per node: fits: its score */
	struct gs_xverdict	*verdict;	/* per node */
	char			**why;		/* owned texts of verdict */
	size_t			 nnodes;
	long			 chosen;	/* the best node, or -1 */
	long			 detail;	/* node whose GPUs follow, -1 */
	struct gs_vc_xctr	*ctrs;
	size_t			 nctrs;
	char			 cards[128];	/* detail: "no enough gpu cards" */
};

/*
 * Explain pod on c (the state at its turn) under cfg's volcano-*
 * profile, d the engine's decision of it there; detail the node whose
 * GPUs to list (-1: the chosen one, none when pending).  0, or -1 when
 * the pod asks no vGPU; release ex either way.
 */
int	gs_volcano_explain(const struct gs_cluster *c,
	    const struct gs_config *cfg, const struct gs_pod *pod,
	    const struct gs_placement *d, long detail,
	    struct gs_vc_explain *ex);
void	gs_volcano_explain_release(struct gs_vc_explain *);

/*
 * Why findMatch (mig.go) finds no instance of req MiB on a MIG GPU whose
 * geometry is m, group in use group (0 none) and positions used, in the
 * order it tries them: the group in use alone, else every group; in a
 * group the kinds by memory ascending (pickFromGroup).
 */
void	gs_vc_mig_why(const struct gs_vc_mig *m, int32_t group,
	    uint64_t used, uint32_t req, char *buf, size_t len);

#endif
