/*
 * sched/fgd_scores.h: the node scores of the FGD paper's policies
 * (sched/fgd_scores.c) on a node of the share view (sched/share_view.h):
 * sched/fgd.c (device view, its nodes read into the same terms) and
 * sched/fgd_share.c (the replay's share view) call them.  The policy's
 * table row is its identity; what a policy keeps of a node beside the
 * view (GpuClustering's pods per kind, FGD's fragmentation) is its own,
 * cached on the node's gen (sched/policy.h).
 */
#ifndef GS_FGD_SCORES_H
#define GS_FGD_SCORES_H

#include <stdint.h>

#include "metrics/typical.h"
#include "sched/policy.h"
#include "sched/share_view.h"

/* What the FGD family keeps of one node beside the share view. */
struct gs_fgd_aux {
	/* GpuClustering's affinity: [0] share pods, [k] k-GPU pods. */
	int32_t		tags[GS_TRACE_MAXGPU + 1];
	int		ntags;		/* distinct tags present */
	int64_t		frag;		/* FGD: sum_m count_m * F_n(m), milli */
};

/* What a score may depend on besides the node and the pod: the policy
 * (a row of the table: dotprod, gpuclustering, gpupacking, bestfit,
 * fgd) and FGD's typical pods. */
struct gs_fgd_ctx {
	const struct gs_policy	*policy;
	const struct gs_typical	*t;
};

void	gs_fgd_ctx_init(struct gs_fgd_ctx *, const struct gs_policy *,
	    const struct gs_typical *);
/*
 * The paper's score of a node that passed gs_snode_fits, as the plugin
 * returns it (before any normalisation), and the GPUs it would take (bit
 * mask).  Random is chosen by the policy, not scored (0).
 */
double	gs_openb_score(const struct gs_fgd_ctx *, const struct gs_snode *,
	    const struct gs_fgd_aux *, const struct gs_spod *, uint32_t *devs);
/* Best-fit GPU choice (Open-Gpu-Share): the tightest GPU for a share
 * pod, first index on ties; whole GPUs by index otherwise. */
uint32_t gs_bestfit_gpus(const struct gs_snode *, const struct gs_spod *);
/* GpuClustering's count of the tags a node holds. */
void	gs_fgd_aux_count(struct gs_fgd_aux *);

#endif
