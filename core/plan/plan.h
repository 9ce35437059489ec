/*
 * plan/plan.h: capacity planning on top of the engine.
 *
 * Headroom: after a workload is placed, how many more pods of each
 * workload's template still fit, and what runs out first.
 * Nodes to add: the cheapest (or fewest) nodes from candidate pools so
 * that every pod places, found by best-first search over node counts,
 * every candidate checked by a full simulation.
 */
#ifndef GS_PLAN_H
#define GS_PLAN_H

#include "sched/engine.h"
#include "model/model.h"
#include "sched/policy.h"
#include "util/progress.h"

struct gs_headroom {
	char	*workload;
	char	*kind;
	size_t	 placed, pending;
	size_t	 additional;	/* more pods of its template that fit */
	int	 limited;	/* stopped at the limit, not a failure */
	char	*binding;	/* what ran out: "memory", "slots", ... */
	char	*reason;	/* HAMi's reason for the first that failed */
};

/*
 * For each workload of w (in order of first appearance), starting from
 * cluster c after result r: add pods of its first pod's template one at
 * a time until one stays pending (or limit pods were added).  c is not
 * changed.  Returns 0, or -1 with err when a decision failed (*out, *n
 * hold the workloads so far, freed as always).
 */
int	gs_plan_headroom(const struct gs_cluster *c, const struct gs_workload *w,
	    const struct gs_result *r, const struct gs_config *cfg,
	    const struct gs_policy *p, size_t limit,
	    struct gs_headroom **out, size_t *n, struct gs_error *err);
void	gs_headroom_free(struct gs_headroom *, size_t);
/* "memory", "slots", "cores", "whole GPUs", "GPUs per node", ...: the
 * capacity that ran out, weighted by devices; "GPU type", "GPU UUID" and
 * node filters only when no capacity ran out. */
const char *gs_binding_from_reason(const char *reason);

/* A candidate pool for plan nodes: one node's shape and its price. */
struct gs_pool {
	char		*name;
	struct gs_node	 node;		/* template: devices, labels */
	double		 cost;		/* per node per hour; 1 when unset */
	int		 has_cost;
};

struct gs_nodes_plan {
	size_t		*count;		/* per pool */
	double		 cost;
	size_t		 nodes;
	size_t		 pending_before;	/* with no node added */
	size_t		 pending_after;
	size_t		 simulations;
	int		 found;
};

/*
 * Search node counts over pools, cheapest first (fewest nodes when no
 * pool has a cost), until w places completely on c plus the added nodes.
 * At most max_nodes added and max_sims simulations, each reported to
 * prog (may be NULL; the total is not known).  Returns 0, or -1 with err
 * when a simulation failed (out released as always).
 */
int	gs_plan_nodes(const struct gs_cluster *c, const struct gs_workload *w,
	    const struct gs_config *cfg, const struct gs_policy *p,
	    const struct gs_pool *pools, size_t npools, size_t max_nodes,
	    size_t max_sims, const struct gs_progress *prog,
	    struct gs_nodes_plan *out, struct gs_error *err);
void	gs_nodes_plan_release(struct gs_nodes_plan *);
/* c plus count[i] nodes of each pool, named POOL-added-K. */
void	gs_cluster_with_pools(struct gs_cluster *out, const struct gs_cluster *c,
	    const struct gs_pool *pools, size_t npools, const size_t *count);

#endif
