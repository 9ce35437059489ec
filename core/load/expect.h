/*
 * load/expect.h: expectations a scenario carries about its outcome (the
 * `expect:` block), and their evaluation against a simulation, for
 * `gpusched check`.
 *
 *   expect:
 *     - workload: web          # or pod: NAME; ns/name or a bare name;
 *                              # no selector = cluster-wide
 *       oneNode: true
 *       maxPodsPerGPU: 2
 *     - maxPending: 0
 *       minWholeGPUsFree: 4
 */
#ifndef GS_EXPECT_H
#define GS_EXPECT_H

#include "sched/engine.h"
#include "metrics/metrics.h"
#include "model/model.h"
#include "load/yamltree.h"

enum gs_expect_kind {
	/* about the selected pods */
	EX_ON_NODE,
	EX_ONE_NODE,
	EX_MIN_NODES,
	EX_DISTINCT_GPUS,
	EX_MAX_PODS_PER_GPU,
	EX_NOT_PENDING,
	/* cluster-wide */
	EX_MAX_PENDING,
	EX_MIN_WHOLE_FREE,
	EX_MIN_LARGEST_BLOCK,
	EX_MAX_FRAG_PCT,
	EX_MAX_NODES_USED
};

struct gs_expect {
	enum gs_expect_kind	 kind;
	char			*workload;	/* selector, or NULL */
	char			*pod;		/* selector, or NULL */
	char			*node;		/* EX_ON_NODE */
	double			 value;		/* the K or X */
	char			*src_file;
	int			 line, col;
};

struct gs_expect_list {
	struct gs_expect	*v;
	size_t			 n, cap;
};

struct gs_expect_result {
	int	pass;
	char	what[384];	/* "workload web on one node" */
	char	got[384];	/* the measured value */
};

/* Append the expectations of an `expect:` node. */
int	gs_expect_load(const struct yt_file *, const struct yt_node *,
	    struct gs_expect_list *, struct gs_error *);
void	gs_expect_list_release(struct gs_expect_list *);
/*
 * Evaluate one expectation.  A pod or workload is "ns/name", or a bare
 * name: namespace default's, else the only namespace that has it; -1
 * with a located error when several namespaces have it.
 */
int	gs_expect_eval(const struct gs_expect *, const struct gs_cluster *,
	    const struct gs_workload *, const struct gs_result *,
	    const struct gs_metrics *, struct gs_expect_result *,
	    struct gs_error *);

#endif
