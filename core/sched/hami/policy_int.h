/*
 * sched/hami/policy_int.h: the HAMi policy's private state, shared by
 * policy.c (the node order, the fit memo, decide) and reason.c (the
 * pending reason).  Nothing outside sched/hami/ includes it.
 */
#ifndef GS_HAMI_POLICY_INT_H
#define GS_HAMI_POLICY_INT_H

#include <stddef.h>
#include <stdint.h>

#include "sched/hami/hami.h"
#include "sched/hami/order.h"
#include "sched/window.h"

#define MEMO_MAX_SHAPES	64
#define MEMO_FROM_START	((size_t)-2)

/* What one node did with one request: HAMi's reason counts. */
struct node_outcome {
	uint64_t	gen;		/* node gen it was computed at */
	unsigned char	known;		/* failed at some gen */
	unsigned char	insufficient;	/* NodeInsufficientDevice */
	uint16_t	cards;		/* the counts are out of */
	uint16_t	counts[HR_N];
};

struct reason_index;	/* reason.c */
struct hint_index;	/* reason.c */

/* Failures of one request shape (request + filter annotations). */
struct memo_shape {
	struct hami_creq	 req;
	char			*filter_key;	/* namespace too, with quotas */
	char			*quota_used;	/* the quotas' use, or NULL */
	struct node_outcome	*node;		/* per node */
	/* Per kept order ([0] binpack, [1] spread): the nodes before node
	 * from[s] (MEMO_FROM_START: none, HAMI_ORDER_END: all) are known to
	 * fail this shape, but for its holes, nodes not known to fail that
	 * moved there since: hami_state's hole[s] says which, holes[s] has
	 * them (policy.c's memo_unlink and memo_link keep it so,
	 * place_ordered tries the holes in the order and then walks on
	 * from from[s]). */
	size_t			 from[2];
	struct hami_holes	 holes[2];
	/* Its pending reason's nodes grouped, kept on the nodes' gen
	 * (reason.c), or NULL. */
	struct reason_index	*rix;
};

struct hami_state {
	const struct gs_config	*cfg;
	size_t			 nnodes, maxdevs;
	size_t			 stride;	/* grants per container */
	/* The current pod's grants per container and per request type
	 * (eval_node). */
	int			(*tgrants)[HAMI_MAX_TYPES];
	int			*ngrants;
	float			*nscore;	/* cached node scores */
	uint64_t		*ngen;		/* gen the cache was built at */
	unsigned char		*nvalid;
	size_t			*heap;
	/* The kept orders, [0] binpack, [1] spread: node indices, most
	 * preferred first; oscore the scores they are sorted by. */
	struct hami_order	 ord[2];
	float			*oscore;
	unsigned char		 obuilt[2];
	/* Per node, bit k for memo[k]: a hole of that shape in the order
	 * of direction s (hole[s]); known to fail it (known, set where the
	 * policy finds it, a subset of memo[k].node[].known). */
	uint64_t		*hole[2], *known;
	/* memory_hint's per-node answer for one vendor: the most free
	 * memory on a GPU of its type and the first GPU with it (-1: none),
	 * at gen hgen[i]; hvalid 0 when not computed. */
	int64_t			*hfree;
	long			*hdev;
	uint64_t		*hgen;
	unsigned char		*hvalid;
	int			 hvendor;
	/* The nodes touched since the reason indexes were built
	 * (hami_reason_sync): tlog[0..ntlog) in era tera, read from
	 * cluster tcl up to tseen; hint the memory hint's index. */
	uint32_t		*tlog;
	size_t			 ntlog, tlogcap;
	uint64_t		 tera, tseen;
	const struct gs_cluster	*tcl;
	int			 tlog_on;
	struct hint_index	*hint;
	/* The cluster's touch log read up to here (ord_refresh). */
	const struct gs_cluster	*ocl;
	uint64_t		 seen;
	struct hami_scratch	 scratch;
	struct hami_pod_quota	 quota;		/* the pod's, in scratch */
	struct memo_shape	 memo[MEMO_MAX_SHAPES];
	size_t			 nmemo;
	uint64_t		 epoch;
	int			 memo_off;	/* tests: straightforward path */
	/* hami-scheduler's kube-scheduler window (sched/window.h). */
	struct gs_window	 win;
};

/* Try every container of the pod on the node; 0 with *out's reason
 * counts when one does not fit (policy.c). */
int	hami_eval_node(struct hami_state *, const struct gs_node *,
	    const struct hami_creq *reqs, size_t ninit, size_t nctrs,
	    const struct hami_filter *, struct gs_grant *grants,
	    struct node_outcome *out);
/* HAMi's reason counts of one node as text (policy.c). */
void	hami_format_outcome(const struct node_outcome *, char *buf,
	    size_t len);
/* "0/N nodes fit: ...", every node's outcome grouped, with the memory
 * hint when a GPU lacked memory (reason.c); the caller frees it. */
char	*hami_pending_reason(struct hami_state *, const struct gs_cluster *,
	    const struct gs_pod *, const struct hami_creq *reqs, size_t ninit,
	    const struct hami_filter *, struct gs_grant *grants,
	    struct memo_shape *memo);

/* kube-scheduler's walk for pod (window.c) from the cluster's start index
 * for hami-scheduler, the next one left in d: 1 when it stopped at its
 * window, whose nodes (st->win.feasible) alone reach HAMi's Filter; 0
 * when every node passing kube-scheduler's filters does. */
int	hami_window(struct hami_state *, const struct gs_cluster *,
	    const struct gs_pod *, struct gs_placement *d);

/* Note the nodes touched since the last call, for the reason indexes
 * (reason.c; every decide, once an index exists). */
void	hami_reason_sync(struct hami_state *, const struct gs_cluster *);
/* Free a shape's reason index (its memo entry was cleared) and, with
 * NULL, the state's own (reason.c). */
void	hami_reason_index_free(struct reason_index *);
void	hami_reason_state_free(struct hami_state *);

#endif
