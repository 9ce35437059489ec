/*
 * engine.h: place a workload's pods one at a time, in order, through a
 * policy, charging each placement to the cluster before the next pod (as
 * HAMi's podManager.addPod does before bind).
 */
#ifndef GS_ENGINE_H
#define GS_ENGINE_H

#include "model.h"
#include "policy.h"
#include "progress.h"
#include "util.h"

struct gs_result {
	struct gs_placement	*pl;		/* one per pod, pod order */
	size_t			 npl;
	size_t			 placed, pending, unmanaged;
};

/*
 * Run w on c (whose usage is charged in place) under cfg and policy p,
 * reporting pods decided to prog (may be NULL).  A simulation calls
 * gs_simulate (sim.h), which gives the engine the cluster that the
 * scheduler of cfg sees.
 */
void	gs_engine_run(struct gs_cluster *c, const struct gs_workload *w,
	    const struct gs_config *cfg, const struct gs_policy *p,
	    const struct gs_progress *prog, struct gs_result *res);
/* Charge one placement (GPU grants, pod cpu/memory/count) to the cluster. */
void	gs_engine_commit(struct gs_cluster *c, const struct gs_placement *pl,
	    const struct gs_pod *pod);
/* Give them back (the pod left); bumps the cluster's epoch. */
void	gs_engine_release(struct gs_cluster *c, const struct gs_placement *pl,
	    const struct gs_pod *pod);
void	gs_result_release(struct gs_result *);

#endif
