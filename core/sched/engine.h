/*
 * sched/engine.h: place a workload's pods one at a time, in order, through a
 * policy, charging each placement to the cluster before the next pod (as
 * HAMi's podManager.addPod does before bind); and the event loop in time
 * (arrivals, departures, a FIFO wait queue) that the timed replay drives.
 */
#ifndef GS_ENGINE_H
#define GS_ENGINE_H

#include "model/model.h"
#include "sched/policy.h"
#include "util/progress.h"
#include "util/util.h"

struct gs_result {
	struct gs_placement	*pl;		/* one per pod, pod order */
	size_t			 npl;
	size_t			 placed, pending, unmanaged;
};

/*
 * Run w on c (whose usage is charged in place) under cfg and policy p,
 * reporting pods decided to prog (may be NULL).  A simulation calls
 * gs_simulate (sched/sim.h), which gives the engine the cluster that the
 * scheduler of cfg sees.  Returns 0, or -1 with err (may be NULL) located
 * at the pod whose decision failed; res then holds the pods decided
 * before it and is released as always.
 */
int	gs_engine_run(struct gs_cluster *c, const struct gs_workload *w,
	    const struct gs_config *cfg, const struct gs_policy *p,
	    const struct gs_progress *prog, struct gs_result *res,
	    struct gs_error *err);
/* Charge one placement (GPU grants, pod cpu/memory/count) to the cluster. */
void	gs_engine_commit(struct gs_cluster *c, const struct gs_placement *pl,
	    const struct gs_pod *pod);
/* The start index the decision d leaves for its scheduler's next pod
 * (kube-scheduler's nextStartNodeIndex, sched/window.h), placed or not. */
void	gs_engine_advance(struct gs_cluster *c, const struct gs_placement *d);
/* Give them back (the pod left); bumps the cluster's epoch. */
void	gs_engine_release(struct gs_cluster *c, const struct gs_placement *pl,
	    const struct gs_pod *pod);
void	gs_result_release(struct gs_result *);

/*
 * The event loop in time (sched/engine_events.c): pods arrive in `order` at
 * arrive_at and are placed at once (place: decide and commit, 1 if
 * placed, 0 if not, -1 when the decision failed), else wait in a FIFO
 * queue; a placed pod leaves at leave_at (release: give it back), after
 * which the waiting pods are retried in order, those whose leave_at has
 * passed dropped (expire).  step is called after every arrival or batch
 * of departures with the time, the pods placed and not gone, the pods
 * waiting and the pods arrived.  *waiting: the pods still waiting when
 * nothing was left to leave.  Returns 0, or -1 when a place failed (the
 * loop stopped there; the error is the caller's, kept in arg).
 */
struct gs_event_ops {
	int64_t	(*arrive_at)(void *arg, size_t pod);
	int64_t	(*leave_at)(void *arg, size_t pod);
	void	(*arrive)(void *arg, size_t pod, int64_t now);
	int	(*place)(void *arg, size_t pod, int64_t now);
	void	(*release)(void *arg, size_t pod);
	void	(*expire)(void *arg, size_t pod);
	void	(*step)(void *arg, int64_t now, size_t running,
		    size_t waiting, size_t arrived);
};

int	gs_engine_events(const size_t *order, size_t n,
	    const struct gs_event_ops *, void *arg, size_t *waiting);

#endif
