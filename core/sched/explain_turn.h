/*
 * sched/explain_turn.h: what every `explain` computes whatever the
 * scheduler (sched/explain_turn.c): the cluster at pod k's turn, the
 * decision the profile makes of the pod there, and each node's verdict
 * in one shape, filled by the explains that reason per scheduler
 * (sched/kube_dp_explain.h, sched/dra/explain.h), so that cmd/ only
 * formats them.
 */
#ifndef GS_SCHED_EXPLAIN_TURN_H
#define GS_SCHED_EXPLAIN_TURN_H

#include "model/model.h"
#include "sched/policy.h"
#include "sched/sim.h"

/* One node's verdict. */
struct gs_xverdict {
	const char	*why;		/* its result, owned by the explain */
	int		 fits;		/* passes every filter */
	int		 chosen;	/* the node the placement names */
};

/*
 * The simulation of w's pods before pod k on c0 under cfg and sel (the
 * run's policy, or the route): the cluster as it is when pod k's turn
 * comes.  Returns 0, or -1 with err; sim is released by the caller
 * either way.
 */
int	gs_explain_before(const struct gs_cluster *c0,
	    const struct gs_workload *w, size_t k, const struct gs_config *cfg,
	    const struct gs_policy *sel, struct gs_sim *sim,
	    struct gs_error *err);
/* The decision p with cfg makes of pod on c: gs_policy_decide's. */
int	gs_explain_decide(const struct gs_policy *p,
	    const struct gs_config *cfg, const struct gs_cluster *c,
	    const struct gs_pod *pod, struct gs_placement *d,
	    struct gs_error *err);
/* v[0..n): chosen set for the node d places the pod on, if any. */
void	gs_xverdict_chosen(struct gs_xverdict *v, size_t n,
	    const struct gs_placement *d);
/* Whether d took device j of its node for any container. */
int	gs_placement_gives(const struct gs_placement *d, size_t j);

#endif
