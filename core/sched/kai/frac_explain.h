/*
 * sched/kai/frac_explain.h: why KAI-Scheduler put a pod that takes GPUs
 * from its own view of a node (a fraction: gpu-fraction, gpu-memory,
 * gpu-fraction-num-devices or a HAMi memory request; or whole GPUs on
 * HAMi-registered nodes) where it did, or left it pending (issue 18 item
 * 6).  Per node: kube-scheduler's filters, KAI's predicates, its idle
 * memory, shared GPUs and whole GPUs as KAI counts them, and its score
 * under binpack or spread.  Per GPU: the memory KAI counts it (the
 * device plugin's gpu.memory label floored to 100, or HAMi's registered
 * memory), what other pods hold of it, whether it takes the pod and its
 * gpupack/gpuspread order score; the GPUs KAI picks.  sched/peers.c
 * fills it from the very view its decision reads; cmd/ prints it.
 */
#ifndef GS_KAI_FRAC_EXPLAIN_H
#define GS_KAI_FRAC_EXPLAIN_H

#include "model/model.h"
#include "sched/peer_view.h"

/* A node's verdict. */
enum gs_kx_verdict {
	GS_KX_FITS,		/* a candidate: its GPUs take the pod */
	GS_KX_PINNED,		/* the pod names another node */
	GS_KX_FILTER,		/* a kube-scheduler filter refuses it */
	GS_KX_TYPE,		/* PredicateByNodeResourcesType */
	GS_KX_NO_GPUS,		/* no GPU KAI sees */
	GS_KX_SHORT		/* too few of its GPUs take the pod */
};

/* One device of a node, for the pod's first GPU request. */
struct gs_kx_gpu {
	struct gs_pdev	 v;		/* KAI's view: memory in MiB */
	int		 kai;		/* a GPU KAI shares (not a MIG
					   instance or replica) */
	int64_t		 need;		/* MiB the request takes of it */
	int		 fits;		/* FittingGPUs may take it */
	double		 order;		/* gpupack / gpuspread score */
	int		 given;		/* 1 + its place in the pick, or 0 */
	char		 why[192];
};

/* One node. */
struct gs_kx_node {
	int		 verdict;	/* GS_KX_* */
	char		 why[224];	/* the verdict in words */
	double		 score;		/* GS_KX_FITS: KAI's node order */
	double		 placement;	/* its nodeplacement part */
	int		 sharing;	/* gpusharingorder adds 1000 */
	int		 viewed;	/* the figures below are set */
	int		 ngpus;		/* GPUs KAI shares */
	int		 nidle;		/* of them wholly free */
	int		 nshared;	/* shared GPU groups */
	int		 nfrac;		/* pods on them */
	int64_t		 idle_mem;	/* memory left over its GPUs, MiB */
	struct gs_kx_gpu *gpu;		/* one per device when viewed */
	size_t		 ngpu;
};

struct gs_kai_fx {
	int		 binpack;	/* kai-binpack, else spread */
	int		 unmanaged;	/* asks no GPU */
	int		 own;		/* KAI's own annotations */
	struct gs_preq	*req;		/* per request as KAI reads it */
	size_t		 nreq;
	int64_t		 ngpu;		/* devices asked in all */
	struct gs_kai_range range;	/* binpack: free whole GPUs */
	struct gs_kx_node *node;	/* one per cluster node */
	size_t		 nnodes;
	int		 frac;		/* the first request is a fraction */
	long		 chosen;	/* -1: pending */
	double		 score;
	int		 ties;		/* other fitting nodes of its score */
	int		*given;		/* the chosen node's devices, in */
	size_t		 ngiven;	/* the order they were picked */
};

/* Explain pod on c (the state at its turn) under kai-binpack (binpack)
 * or kai-spread with cfg, as sched/peers.c decides it. */
void	gs_kai_frac_explain(const struct gs_cluster *c,
	    const struct gs_pod *pod, const struct gs_config *cfg,
	    int binpack, struct gs_kai_fx *);
void	gs_kai_fx_release(struct gs_kai_fx *);

/*
 * The per-GPU reasons of node n, viewed as v, for request k (the first
 * with devices; NULL: none), the pick g[0..ng) marked; x->gpu and the
 * node's figures filled (sched/kai/frac_explain.c).
 */
void	gs_kai_fx_gpus(int binpack, const struct gs_node *n,
	    const struct gs_pnode *v, const struct gs_preq *k,
	    const struct gs_pgrant *g, size_t ng, struct gs_kx_node *x);
/* gpupack's (binpack) or gpuspread's order score of device d. */
double	gs_kai_gpu_order(int binpack, const struct gs_pdev *d);

#endif
