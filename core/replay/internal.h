/*
 * replay/internal.h: what replay/replay.c shares with replay/timed.c: the state
 * of one replay (working cluster and its measures, typical pods, random
 * source) and the steps both replays are made of.  Not part of the core's
 * interface.
 */
#ifndef GS_REPLAY_INT_H
#define GS_REPLAY_INT_H

#include <gsl/gsl_rng.h>

#include "replay/replay.h"

struct rstate {
	/* The one model the replay runs on: the cluster, charged and
	 * released by the engine (gs_engine_commit, gs_engine_release),
	 * the pods in name order, and each pod's last placement. */
	struct gs_cluster	 work;
	struct gs_workload	 w;
	struct gs_placement	*pl;
	/* The measures, through work's share view (read again where the
	 * engine touched a node): per node its idle milli-GPU and frag
	 * numerator, and their totals. */
	struct gs_share		*sv;
	int64_t			*idle, *frag;
	int64_t			 idle_all, frag_all, gpus;
	size_t			 nnodes;
	struct gs_typical	 typ;
	const struct gs_replay_opts *opts;
	gsl_rng			*rng;
	struct gs_rpod		*pods;		/* trace pods, by name */
	size_t			 npods;
	uint32_t		*rank;		/* per node (gs_config.rank) */
	/* The entry that decides through the table (gs_policy.decide over
	 * work): the policy, or a HAMi row's profile; its configuration
	 * (the share view, the seeded source and order; HAMi's policies)
	 * and state.  For the pods HAMi leaves alone (CPU-only),
	 * kube-scheduler's default (LeastAllocated) on the share view. */
	const struct gs_policy	*table;
	struct gs_config	 cfg;
	void			*pstate;
	const struct gs_policy	*cpu_table;
	struct gs_config	 cpu_cfg;
	void			*cpu_state;
	struct gs_replay_result	*res;
	size_t			 evcap;
	int64_t			 arrived;
};

int	rstate_init(struct rstate *, const struct gs_cluster *model,
	    const struct gs_trace_pods *, const struct gs_replay_opts *,
	    struct gs_replay_result *, struct gs_error *);
void	rstate_release(struct rstate *);
/* Stable sort of indices by cmp(a, b, arg). */
void	rsort_stable(size_t *, size_t n,
	    int (*cmp)(size_t, size_t, const void *), const void *arg);
/* uniform integer in [0, n) from the replay's seeded source. */
size_t	rstate_intn(struct rstate *, size_t n);
/* The seeded node tie order (rank of every node). */
void	rstate_assign_ranks(struct rstate *);
/* Choose a node and GPUs for p and charge them through the engine: *node,
 * or -1 when not placed.  -1 with err when the decision failed. */
int	rstate_place(struct rstate *, const struct gs_rpod *, uint32_t *devs,
	    int *node, struct gs_error *err);
/* Give a placed pod's resources back through the engine. */
void	rstate_unplace(struct rstate *, const struct gs_rpod *);
/* Record the cluster state as an event. */
void	rstate_event(struct rstate *, int64_t time, int32_t running,
	    int32_t pending);
/* Fold one decision into the digest. */
void	rstate_digest(struct rstate *, size_t pod, int node, uint32_t devs);

/*
 * HAMi as a replay policy (replay/hami_bridge.c): cfg for entry's HAMi
 * profile under the entry's node and GPU policies, else node_policy and
 * gpu_policy, else the chart's defaults; work given HAMi's version view.
 */
void	rhami_config(const struct gs_policy *entry, const char *node_policy,
	    const char *gpu_policy, struct gs_config *cfg,
	    struct gs_cluster *work);

int	gs_replay_timed(struct rstate *, const struct gs_trace_pods *,
	    struct gs_error *);

#endif
