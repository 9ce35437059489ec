/*
 * sched/sim.h: one simulation, every step in one place.  Every driver of the
 * engine (simulate, compare, check, diff, explain, plan, Monte Carlo,
 * state) goes through here, so none can skip a step: the cluster is
 * copied, made the cluster the scheduler of cfg sees (HAMi's version
 * view: gs_cluster_for_version), the policy started, the workload run,
 * drains applied, and the metrics computed.
 */
#ifndef GS_SIM_H
#define GS_SIM_H

#include "sched/engine.h"
#include "metrics/metrics.h"
#include "model/model.h"
#include "sched/policy.h"
#include "util/progress.h"

struct gs_sim_opts {
	const struct gs_progress *progress;	/* pods decided, or NULL */
	/*
	 * Called on the viewed copy before the policy starts, or NULL
	 * (Monte Carlo's registration order).
	 */
	void		(*prepare)(struct gs_cluster *, void *arg);
	void		 *arg;
	/* Nodes (indices of c) drained after the run, in this order:
	 * their pods placed again with the node cordoned (gs_drain). */
	const long	 *drain;
	size_t		  ndrain;
};

struct gs_sim {
	struct gs_cluster	cluster;	/* as seen, with the run's usage */
	struct gs_config	cfg;		/* copy of the one run under */
	struct gs_result	res;
	struct gs_metrics	m;
	/* The run's GPUs laid out as a sharing mode (sched/sharing_modes.h,
	 * owned; gs_sim_share), or NULL. */
	struct gs_share_run	*share;
};

/* dst: a copy of c as the scheduler of cfg sees it (before any run). */
void	gs_sim_cluster(struct gs_cluster *dst, const struct gs_cluster *c,
	    const struct gs_config *cfg);
/* A running pod's HAMi MIG suffix that the knownMigGeometries of cfg's
 * HAMi version (its chart's, no --hami-config) cannot hold, as loaded
 * into c->hg_bad: -1 with that located error, else 0. */
int	gs_sim_cluster_check(const struct gs_cluster *c,
	    const struct gs_config *cfg, struct gs_error *err);
/*
 * Run w on a copy of c under cfg and policy p (o may be NULL) into out,
 * which the caller releases with gs_sim_release.  c, w and cfg are not
 * changed.  Returns 0, or -1 with err (may be NULL) located at the pod
 * whose decision failed; out has no metrics then.
 */
int	gs_simulate(const struct gs_cluster *c, const struct gs_workload *w,
	    const struct gs_config *cfg, const struct gs_policy *p,
	    const struct gs_sim_opts *o, struct gs_sim *out,
	    struct gs_error *err);
void	gs_sim_release(struct gs_sim *);
/*
 * The same with c's GPUs laid out as sharing mode `mode` and w's requests
 * rewritten (gs_share_run_init, cfg's scheduler for the mode), the pods
 * short of memory measured after, under the profile serving the mode:
 * out->share holds the mode's inputs.
 */
int	gs_sim_share(const struct gs_cluster *c, const struct gs_workload *w,
	    const struct gs_config *cfg, int mode, const struct gs_sim_opts *o,
	    struct gs_sim *out, struct gs_error *err);
/* The workload the simulation ran: the sharing mode's, else w. */
const struct gs_workload *gs_sim_workload(const struct gs_sim *,
	    const struct gs_workload *w);

#endif
