/*
 * sched/kube_dp_explain.h: why kube-scheduler and NVIDIA's device plugin put a
 * pod asking MIG instances or replicas where they did, or left it pending
 * (issue 18 item 6): per node the filter or the resource it is short of,
 * per device of one node the units it offers or why it gives none.
 */
#ifndef GS_KUBE_DP_EXPLAIN_H
#define GS_KUBE_DP_EXPLAIN_H

#include "model/model.h"
#include "sched/kube_dp.h"
#include "sched/explain_turn.h"

#define GS_DP_ASKS	16

/* One node's verdict. */
struct gs_dp_node_why {
	int	 fits;
	char	 why[224];	/* the filter, or "Insufficient R: ..." */
};

/* One device of the detail node, for the pod's first ask it concerns. */
struct gs_dp_dev_why {
	int32_t	 cap, used;	/* of the resource it offers */
	int	 usable;	/* offers an asked resource with a free unit */
	char	 res[80];	/* the resource it advertises */
	char	 why[160];
	int	 given;		/* the placement took it */
};

struct gs_dp_explain {
	struct gs_dp_ask	 ask[GS_DP_ASKS];
	size_t			 nasks;
	struct gs_dp_node_why	*node;		/* one per cluster node */
	struct gs_xverdict	*verdict;	/* the same, for cmd/ */
	size_t			 nnodes;
	long			 detail;	/* node whose devices follow */
	struct gs_dp_dev_why	*dev;		/* one per device of it */
	size_t			 ndevs;
	int			 fail_gt1;	/* its failRequestsGreaterThanOne */
};

/* Explain pod on c (the state at its turn), d the decision made of it
 * there (NULL: none); detail the node whose devices to list (-1: the
 * chosen one, none when pending or without d). */
void	gs_kube_dp_explain(const struct gs_cluster *c, const struct gs_pod *,
	    const struct gs_placement *d, long detail,
	    struct gs_dp_explain *);
void	gs_kube_dp_explain_release(struct gs_dp_explain *);

#endif
