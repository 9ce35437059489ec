/*
 * sched/fgd_share.h: the FGD paper's policies deciding on the share view of
 * the one model (sched/fgd_share.c), which sched/fgd.c's entries use when
 * the configuration asks for it (gs_config.share: the replay).
 */
#ifndef GS_FGD_SHARE_H
#define GS_FGD_SHARE_H

#include "sched/policy.h"

struct gs_fgd_share;

/* The state of the paper's policy pol (its row of the table; BestFit
 * normalises) on c's nodes; cfg (its typical pods, rank and rng) must
 * outlive it. */
struct gs_fgd_share *gs_fgd_share_new(const struct gs_policy *pol,
	    const struct gs_cluster *c, const struct gs_config *cfg);
void	gs_fgd_share_free(struct gs_fgd_share *);
/* The decision for pod: placed with one grant a GPU charging the pod's
 * milli-GPU share (CPU-only pods too), or pending. */
void	gs_fgd_share_decide(struct gs_fgd_share *, const struct gs_cluster *,
	    const struct gs_pod *, struct gs_placement *);
/* The engine released d (GpuClustering takes its pod off its counts). */
void	gs_fgd_share_release(struct gs_fgd_share *, const struct gs_cluster *,
	    const struct gs_pod *, const struct gs_placement *);

#endif
