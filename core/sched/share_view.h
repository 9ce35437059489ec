/*
 * sched/share_view.h: the share view of the one model (the trace's
 * milli-GPU model, load/trace_model.c: gs_device.milli, gs_pod.gpu_milli)
 * as the policies that decide on it read a node and a pod, kept per node
 * by the policy and keyed on gs_node.gen (sched/policy.h): per GPU the
 * milli-GPU left and the pods on it, the GPUs a whole-GPU pod holds, CPU
 * and memory (MiB) left and the pod count; a pod's cpu, memory, GPUs, its
 * per-GPU milli and the GPU models its gpu_spec allows; the filters of
 * the FGD paper's simulator (NodeResourcesFit, Open-Gpu-Share); and a
 * score cache per (pod shape, node) valid while the node's gen stands.
 */
#ifndef GS_SHARE_VIEW_H
#define GS_SHARE_VIEW_H

#include <stdint.h>

#include "load/trace.h"
#include "model/model.h"

/* One node as the share view sees it. */
struct gs_snode {
	uint64_t	gen1;		/* the node's gen + 1 when read; 0 */
	int64_t		cpu_cap, cpu_left;
	int64_t		mem_cap, mem_left;	/* MiB */
	int32_t		pods, max_pods;
	int		ngpu;
	int		model;		/* index of its GPU model; -1 */
	int16_t		free[GS_TRACE_MAXGPU];	/* milli left per GPU */
	int8_t		nused[GS_TRACE_MAXGPU];	/* pods on each GPU */
	uint32_t	whole;		/* GPUs held by whole-GPU pods */
	int64_t		idle;		/* sum of free */
	int		nfull;		/* GPUs with free == 1000 */
	int		maxfree;
};

/* One pod as the share view sees it. */
struct gs_spod {
	int64_t		cpu;		/* milli */
	int64_t		mem;		/* MiB */
	int		num, milli;	/* GPUs, and milli-GPU on each */
	uint64_t	mask;		/* GPU models allowed */
	int		shape;		/* score-cache key, or -1 */
};

/* A cached score of (pod shape, node): valid while gen1 is the node's
 * gen + 1; aux for what a policy keeps beside the score. */
struct gs_scache {
	uint64_t	gen1;
	int		aux;
	double		score;
};

struct gs_share;

/* The view of c's nodes; the score cache keys shapes on (cpu, milli,
 * num), and memory too when with_mem; none when cache is 0. */
struct gs_share	*gs_share_new(const struct gs_cluster *c, int with_mem,
		    int cache);
void		 gs_share_free(struct gs_share *);
/* The view of c's nodes (indexed as c's), those whose usage changed
 * (gs_cluster_touch) read again. */
const struct gs_snode *gs_share_nodes(struct gs_share *,
		    const struct gs_cluster *c);
/* The nodes the last gs_share_nodes read again (a node may repeat). */
const size_t	*gs_share_changed(const struct gs_share *, size_t *n);
/* Mask of the view's GPU models a gpu_spec ("A|B") allows; all ones for
 * "". */
uint64_t	 gs_share_spec_mask(const struct gs_share *, const char *spec);
/* Can the share view hold c: at most GS_TRACE_MAXGPU GPUs a node and 64
 * GPU models?  0, or -1 with err located at the node. */
int		 gs_share_check(const struct gs_cluster *c, struct gs_error *err);
/* The pod in the view, its shape numbered. */
void		 gs_share_pod(struct gs_share *, const struct gs_pod *,
		    struct gs_spod *);
/* The cache entries of p's shape, one per node, or NULL when not cached. */
struct gs_scache *gs_share_row(struct gs_share *, const struct gs_spod *);

/* d: pod placed on node with score; its GPU container gets one grant a
 * GPU of devs (bit mask), by index, each charging milli of the share. */
void		 gs_share_place(struct gs_placement *d, const struct gs_pod *pod,
		    long node, double score, uint32_t devs, int milli);

/* Does p pass the filters (CPU, memory, pods, model, GPUs) on n? */
static inline int
gs_snode_fits(const struct gs_snode *n, const struct gs_spod *p)
{
	/* NodeResourcesFit: CPU, memory and the pod count. */
	if (n->cpu_left < p->cpu || n->mem_left < p->mem ||
	    n->pods >= n->max_pods)
		return 0;
	if (p->milli == 0)
		return 1;	/* Open-Gpu-Share passes CPU-only pods */
	if (n->ngpu == 0 || n->model < 0 ||
	    (p->mask & (UINT64_C(1) << n->model)) == 0)
		return 0;
	if (p->num == 1 && p->milli < GS_MILLI)
		return n->maxfree >= p->milli;
	return n->nfull >= p->num;
}

#endif
