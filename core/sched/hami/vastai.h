/*
 * sched/hami/vastai.h: Vastai's die mode, the v2.10 "mutex" GPU policy
 * and the AIC node score (sched/hami/vastai.c,
 * pkg/device/vastai/device.go).
 */
#ifndef GS_HAMI_VASTAI_H
#define GS_HAMI_VASTAI_H

#include "sched/hami/hami.h"

/*
 * Vastai's die mode (sched/hami/vastai.c, pkg/device/vastai/device.go).
 * isDieMode: is request req's Fit on the node in s (sorted) over dies?
 */
int	hami_vastai_die(const struct hami_scratch *, const struct hami_req *req,
	    const struct hami_profile *);
/* v2.10 "mutex" GPU policy: does Fit refuse d (not exhausted) as in use,
 * or, in die mode (die), as a die of a card with a die in use? */
int	hami_mutex_refused(const struct hami_scratch *,
	    const struct hami_profile *, const struct gs_device *d, int die);
/* computeBestCombination: of the n dies in tmp keep want, the fullest
 * cards first; dies without a string AIC are dropped (fewer kept). */
int	hami_vastai_combine(const struct hami_scratch *, struct gs_grant *tmp,
	    int n, int want);
/* ScoreNode, taking what hami_ascend_node_score takes; the pods that
 * have one: those asking for Vastai devices. */
float	hami_vastai_node_score(const struct gs_device *devs,
	    const struct hami_creq *reqs, size_t nreqs,
	    const struct gs_grant *grants, size_t stride,
	    const int (*type_grants)[HAMI_MAX_TYPES],
	    const struct hami_profile *);
int	hami_vastai_scored(const struct hami_creq *reqs, size_t nreqs);

#endif
