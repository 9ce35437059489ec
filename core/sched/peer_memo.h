/*
 * sched/peer_memo.h: what the peers' `simulate` profiles (sched/peers.c)
 * keep across pods so that a pod costs a look at each node's kept
 * verdict, not a rebuilt view: per request shape, each node's verdict
 * and score parts keyed on the node's gen (sched/policy.h); the node
 * names' order (KAI's ties); KAI binpack's free-GPU range kept as a
 * count per value.  Only usage changes between pods, and only through
 * gs_cluster_touch, which bumps the gen.
 */
#ifndef GS_PEER_MEMO_H
#define GS_PEER_MEMO_H

#include <stddef.h>
#include <stdint.h>

#include "model/model.h"
#include "sched/peer_view.h"

/* One node's kept verdict for one request shape. */
struct gs_pmemo_ent {
	uint64_t	gen1;		/* the node's gen + 1; 0: none kept */
	int		why;		/* -1: fits; else peers.c's PW_* */
	int		sharing;	/* KAI: gs_kai_local.sharing */
	double		score;		/* fits: the score, or KAI's base */
	/* What KAI's nodeplacement reads of the node's view. */
	int		nidle;
	size_t		ndev;
	int64_t		gpus_all;
};

/* One request shape (what the view's rules read of a pod: the GPU count
 * and the requests) and its entries, one per node. */
struct gs_pmemo {
	struct gs_preq		*req;
	size_t			 nreq;
	int64_t			 gpu;
	struct gs_pmemo_ent	*ent;
};

#define GS_PMEMO_MAX	16	/* shapes kept; the oldest makes room */

struct gs_pmemos {
	struct gs_pmemo	 m[GS_PMEMO_MAX];
	size_t		 n, next, nnodes;
};

/* The memo of p's shape over nnodes nodes, made (every entry empty) when
 * none is kept; every memo is dropped when nnodes differs. */
struct gs_pmemo	*gs_pmemo_find(struct gs_pmemos *, const struct gs_ppod *p,
		    size_t nnodes);
/* Forget every kept entry (another cluster, or a lost touch log). */
void		 gs_pmemo_clear(struct gs_pmemos *);
void		 gs_pmemo_free(struct gs_pmemos *);

/* Each node's rank among the node names in strcmp order, equal names
 * equal ranks: rank[i] >= rank[j] exactly when strcmp(name i, name j)
 * >= 0.  Free with free(). */
int		*gs_peer_name_ranks(const struct gs_cluster *);

/* KAI binpack's range over the node set (gs_peer_kai_range_add of every
 * counted node's free whole GPUs), kept as a count per value. */
struct gs_kai_hist {
	size_t	*cnt;		/* nodes per value */
	size_t	 cap;
	int32_t	*val;		/* per node; -1: not counted */
	size_t	 nn;
};

/* Reset for nn nodes, none counted. */
void	gs_kai_hist_init(struct gs_kai_hist *, size_t nn);
/* Node i counts val (>= 0), or is not counted (-1). */
void	gs_kai_hist_set(struct gs_kai_hist *, size_t i, int32_t val);
/* The range as gs_peer_kai_range_add over the counted nodes gives it. */
void	gs_kai_hist_range(const struct gs_kai_hist *, struct gs_kai_range *);
void	gs_kai_hist_free(struct gs_kai_hist *);

#endif
