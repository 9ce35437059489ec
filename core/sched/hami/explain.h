/*
 * sched/hami/explain.h: why a pod landed where it did, or why it is pending, as
 * HAMi v2.6.1 would decide it at the moment the pod is scheduled: the
 * request as HAMi built it, every node's score or the reason it failed,
 * and for the chosen node (and any node asked for) every GPU's score, its
 * place in the try order and the check it failed.  Names are HAMi's.
 */
#ifndef GS_EXPLAIN_H
#define GS_EXPLAIN_H

#include "sched/hami/hami.h"
#include "model/model.h"

struct gs_explain_gpu {
	int	dev;		/* index into the node's devices */
	float	score;		/* ComputeScore for this container */
	int	try_pos;	/* 1 = tried first; 0 = not reached */
	int	result;		/* enum hami_reason, HR_N = chosen, -1 = not tried */
	/* v2.10 MIG GPU: the profile(s) chosen ("1g.10gb at 6") or tried
	 * ("2g.20gb, 3g.40gb: no free placement"); "" otherwise. */
	char	mig[128];
};

struct gs_explain_detail {
	size_t			 ctr;		/* index into reqs */
	struct gs_explain_gpu	*gpus;		/* node's device order */
	size_t			 ngpus;
};

struct gs_explain_node {
	const char		*filtered;	/* set when not a candidate */
	char			 filter_buf[192];
	float			 score;		/* network included */
	float			 network;	/* OverrideScore's devScore */
	const char		*network_label;	/* whose (Kunlun's, Ascend's) */
	int			 fits;
	char			 reason[256];	/* HAMi's, when it fails */
	struct gs_explain_detail *detail;	/* per requesting container */
	size_t			 ndetail;
};

struct gs_explain {
	struct hami_creq	*reqs;		/* init containers, then */
	size_t			 ninit;		/* the containers */
	size_t			 nctrs;		/* init ones included */
	char			 refused[320];	/* webhook/Filter refusal */
	const char		*node_policy;	/* effective */
	const char		*gpu_policy;
	int			 node_policy_from_pod, gpu_policy_from_pod;
	struct gs_explain_node	*nodes;		/* cluster order */
	size_t			 nnodes;
	long			 chosen;	/* node index, or -1 */
	char			 why[512];
	size_t			 ties;		/* other nodes at the same score */
};

/*
 * Explain pod on cluster c in its current state.  GPU detail is given for
 * the chosen node and for node detail_node (>= 0).  Returns 0.
 */
int	gs_explain_pod(const struct gs_cluster *c, const struct gs_pod *pod,
	    const struct gs_config *cfg, long detail_node,
	    struct gs_explain *out);
void	gs_explain_release(struct gs_explain *);
/* The name of the container behind ex->reqs[i], and whether it is an
 * init container. */
const char *gs_explain_ctr(const struct gs_explain *, const struct gs_pod *,
	    size_t i, int *init);
/* The quotas explain shows: the i-th limited quota of the pod's
 * namespace that profile reads (v2.7+, FitQuota), i moved past it; NULL
 * past the last. */
const struct gs_quota *gs_explain_quota(const struct gs_cluster *c,
	    const struct gs_pod *pod, const char *profile, size_t *i);

#endif
