/*
 * sched/kai/frac_explain.c: the per-GPU reasons of `explain` for a pod
 * KAI-Scheduler places from its own view of a node (sched/kai/
 * frac_explain.h; the node loop is sched/peers.c's, beside the decision
 * it explains).  KAI v0.20.1:
 *
 * - a GPU's memory: MemoryOfEveryGpuOnNode (getNodeGpuMemory,
 *   pkg/scheduler/api/node_info/node_info.go: the gpu.memory label
 *   floored to 100) on a device plugin node, HAMi's registered memory on
 *   a HAMi node; a fraction's part gpu-memory MiB or (int64)(fraction x
 *   memory) (gpu_sharing.go);
 * - a fraction goes to a shared GPU group with that much left
 *   (IsTaskFitOnGpuGroup, pkg/scheduler/api/node_info/
 *   gpu_sharing_node_info.go) or opens a group on an idle whole GPU;
 *   whole GPUs take idle ones (FittingGPUs, framework/session.go);
 * - among the GPUs that fit, the highest gpuOrderFn score wins:
 *   gpupack (pkg/scheduler/plugins/gpupack/gpupack.go) scores a group its
 *   used portion and an idle GPU 0, gpuspread (plugins/gpuspread/
 *   gpuspread.go) an idle GPU 1 and a group 1 - used portion, then
 *   index; a group and an idle GPU never tie, since a group of 0 MiB is
 *   no candidate (IsTaskFitOnGpuGroup; sched/peer_rules.c kai_better).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load/sharing.h"
#include "sched/kai/dp.h"
#include "sched/kai/frac_explain.h"
#include "util/util.h"

double
gs_kai_gpu_order(int binpack, const struct gs_pdev *d)
{
	double	used = d->cap > 0 ? (double)d->use / (double)d->cap : 0;

	if (d->idle)
		return binpack ? 0 : 1;
	return binpack ? used : 1 - used;
}

/* Why device d (the node's j-th) does or does not take request k. */
static void
gpu_why(const struct gs_node *n, size_t j, const struct gs_preq *k,
    struct gs_kx_gpu *x)
{
	const struct gs_pdev	*d = &x->v;
	char			 r[80];
	int64_t			 left = d->cap - d->use;

	if (!x->kai) {
		gs_dev_resource(n, &n->devs[j], r, sizeof r);
		if (n->devs[j].kind == GS_DEV_MIG)
			snprintf(x->why, sizeof x->why, "a MIG instance (%s): "
			    "KAI shares a whole nvidia.com/gpu only", r);
		else
			snprintf(x->why, sizeof x->why, "%s replicas of a GPU "
			    "(%s x%d): KAI counts nvidia.com/gpu only",
			    n->devs[j].kind == GS_DEV_MPS ? "MPS" :
			    "time-slicing", r, (int)n->devs[j].count);
	} else if (!d->health)
		snprintf(x->why, sizeof x->why, "unhealthy");
	else if (d->idle && !k->frac)
		snprintf(x->why, sizeof x->why, "idle: a whole GPU of %lld "
		    "MiB", (long long)d->cap);
	else if (d->idle)
		snprintf(x->why, sizeof x->why, x->fits ? "idle: a new "
		    "shared GPU, %lld of its %lld MiB" : "idle, but %lld MiB "
		    "asked > its %lld MiB", (long long)x->need,
		    (long long)d->cap);
	else if (!d->group)
		snprintf(x->why, sizeof x->why, "taken: %lld of %lld MiB used "
		    "by %d pod(s), no shared group (a whole GPU's pod, or "
		    "full)", (long long)d->use, (long long)d->cap, d->npods);
	else if (!k->frac)
		snprintf(x->why, sizeof x->why, "shared by %d pod(s) (%lld of "
		    "%lld MiB used): a whole GPU must be idle", d->npods,
		    (long long)d->use, (long long)d->cap);
	else if (d->use == 0)
		snprintf(x->why, sizeof x->why, "shared by %d pod(s) using 0 "
		    "MiB: KAI joins no group without memory", d->npods);
	else
		snprintf(x->why, sizeof x->why, "shared by %d pod(s): %lld of "
		    "%lld MiB left, %s %lld asked", d->npods, (long long)left,
		    (long long)d->cap, x->fits ? ">=" : "<",
		    (long long)x->need);
}

void
gs_kai_fx_gpus(int binpack, const struct gs_node *n,
    const struct gs_pnode *v, const struct gs_preq *k,
    const struct gs_pgrant *g, size_t ng, struct gs_kx_node *x)
{
	static const struct gs_preq none = { 0, 0, -1, 0, 1 };
	size_t	j, t;

	if (k == NULL)
		k = &none;
	x->viewed = 1;
	x->ngpu = v->ndev;
	x->gpu = xcalloc(v->ndev ? v->ndev : 1, sizeof *x->gpu);
	x->nidle = v->nidle;
	for (j = 0; j < v->ndev; j++) {
		struct gs_kx_gpu	*e = &x->gpu[j];

		e->v = v->dev[j];
		e->dev = gs_kai_dp_entry_dev(n, j, &e->unit);
		/* A device KAI does not share has an all-zero view. */
		e->kai = !n->dp || gs_kai_dp_fraction_dev(n, e->dev);
		e->need = k->frac ? gs_peer_kai_mem(&e->v, k) : e->v.cap;
		e->fits = e->kai && gs_peer_kai_dev_fits(&e->v, k);
		e->order = gs_kai_gpu_order(binpack, &e->v);
		for (t = 0; t < ng; t++)
			if (g[t].dev == (int)j)
				e->given = (int)t + 1;
		if (e->kai) {
			x->ngpus++;
			x->nshared += e->v.group;
			x->nfrac += e->v.group ? e->v.npods : 0;
			if (e->v.health && e->v.use < e->v.cap)
				x->idle_mem += e->v.cap - e->v.use;
		}
		gpu_why(n, e->dev, k, e);
	}
}

void
gs_kai_fx_release(struct gs_kai_fx *ex)
{
	size_t	i;

	for (i = 0; i < ex->nnodes; i++)
		free(ex->node[i].gpu);
	free(ex->node);
	free(ex->req);
	free(ex->given);
	memset(ex, 0, sizeof *ex);
}
