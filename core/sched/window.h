/*
 * sched/window.h: the part of a large cluster kube-scheduler tries for a
 * pod.  kube-scheduler stops filtering once it has found
 * numFeasibleNodesToFind feasible nodes, starting where the previous pod's
 * walk stopped (nextStartNodeIndex) and wrapping; only those nodes are
 * scored and handed to extenders (HAMi's /filter).  Each scheduler
 * instance keeps its own start index: one gs_window per policy state.
 *
 * Modelled sequentially (parallelism 1): production filters with 16
 * goroutines, so which nodes win at the window's edge is racy there.
 */
#ifndef GS_WINDOW_H
#define GS_WINDOW_H

#include <stddef.h>

#include "model/model.h"

struct gs_window {
	int	 pct;		/* percentageOfNodesToScore; -1: every node */
	size_t	 next;		/* nextStartNodeIndex */
	/* The last walk (explain): where it started, how many nodes it
	 * tried, the feasible nodes it kept (in walk order). */
	size_t	 start, processed, k, nfeasible;
	size_t	*feasible;
	int	 cut;		/* stopped at a (k+1)th feasible node */
};

/*
 * numFeasibleNodesToFind(percentage, n) of kube-scheduler
 * (pkg/scheduler/schedule_one.go): n when n < 100; percentage 0 is
 * adaptive, 50 - n/125 but at least 5; n * percentage / 100, at least 100.
 * pct < 0 (every node) gives n.
 */
size_t	gs_window_size(size_t n, int pct);

/*
 * The percentageOfNodesToScore a kube-scheduler based policy (HAMi's,
 * kube-*, dra*) uses under cfg: cfg->pct_nodes, or 100 (every node) when
 * unset; 0 is production's adaptive window.  Policies that try every node
 * (KAI, Volcano, the FGD family) do not ask: their window's pct is -1.
 */
int	gs_window_pct(const struct gs_config *cfg);

void	gs_window_init(struct gs_window *, int pct);
void	gs_window_release(struct gs_window *);

/*
 * findNodesThatPassFilters over nodes 0..n-1, from w->next on: pass(i,
 * arg) is kube-scheduler's filters on node i (1: feasible).  Keeps the
 * first k = gs_window_size(n) feasible nodes in w->feasible (walk order)
 * and returns their count.  processed counts the feasible nodes and every
 * node that failed a filter before the walk stopped (at the (k+1)th
 * feasible node, or after every node), and the next pod starts at
 * (next + processed) % n (findNodesThatFitPod).
 */
size_t	gs_window_walk(struct gs_window *, size_t n,
	    int (*pass)(size_t i, void *arg), void *arg);

/* A pod whose PreFilter names one node (a DaemonSet pod's node
 * affinity): that node alone is processed, the start moves on by one. */
void	gs_window_one(struct gs_window *, size_t n);

/* Does the window leave nodes out (k below the nodes of the cluster)? */
int	gs_window_partial(const struct gs_window *, size_t n);

#endif
