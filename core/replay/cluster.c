/*
 * replay/cluster.c: the replay's view of the one model (a gs_cluster,
 * load/trace_model.c): nodes with CPU, memory, a pod limit and per-GPU milli
 * shares, the GPU models named by gpu_spec; the filters a pod must pass
 * (kube-scheduler's NodeResourcesFit and the simulator's Open-Gpu-Share),
 * and a node's view brought up to date after the engine charged or
 * released a placement on the model.
 */
#include <stdlib.h>
#include <string.h>

#include "replay/internal.h"

#define MAX_MODELS	64

static int
model_index(const struct gs_rcluster *cl, const char *model, size_t len)
{
	size_t	i;

	for (i = 0; i < cl->nmodels; i++)
		if (strlen(cl->models[i]) == len &&
		    memcmp(cl->models[i], model, len) == 0)
			return (int)i;
	return -1;
}

/* Recompute what follows from free[] and tags[]. */
static void
node_derive(struct gs_rnode *n)
{
	int	g;

	n->idle = 0;
	n->nfull = 0;
	n->maxfree = 0;
	for (g = 0; g < n->ngpu; g++) {
		n->idle += n->free[g];
		if (n->free[g] == GS_MILLI)
			n->nfull++;
		if (n->free[g] > n->maxfree)
			n->maxfree = n->free[g];
	}
	n->ntags = 0;
	for (g = 0; g <= GS_TRACE_MAXGPU; g++)
		if (n->tags[g] > 0)
			n->ntags++;
}

/* Each node's position in name order (Go's string order: bytes). */
static int
by_name(size_t a, size_t b, const void *arg)
{
	const struct gs_rcluster *cl = arg;

	return strcmp(cl->names[a], cl->names[b]);
}

static void
name_ranks(struct gs_rcluster *cl)
{
	size_t	*idx = xreallocarray(NULL, cl->n ? cl->n : 1, sizeof *idx);
	size_t	 i;

	for (i = 0; i < cl->n; i++)
		idx[i] = i;
	rsort_stable(idx, cl->n, by_name, cl);
	for (i = 0; i < cl->n; i++)
		cl->v[idx[i]].name_rank = (uint32_t)i;
	free(idx);
}

/* The model of node i's GPUs (the trace's, else the device type). */
static const char *
node_model(const struct gs_node *n)
{
	const char	*m = gs_trace_device_model(&n->devs[0]);

	return m != NULL ? m : n->devs[0].type != NULL ? n->devs[0].type : "";
}

/*
 * The usage of node m in the replay's terms: allocatable left, the
 * milli-GPU left per GPU (the exact share where the device keeps it),
 * pods per GPU, and the GPUs a whole-GPU pod holds (one pod, all of the
 * GPU: a share pod asks less than 1000 milli).
 */
static void
node_usage(struct gs_rnode *n, const struct gs_node *m)
{
	size_t	g;

	n->cpu_cap = m->alloc_cpu;
	n->cpu_left = m->alloc_cpu - m->used_cpu;
	n->mem_cap = m->alloc_mem >> 20;
	n->mem_left = n->mem_cap - (m->used_mem >> 20);
	n->max_pods = (int32_t)m->alloc_pods;
	n->pods = (int32_t)m->used_pods;
	n->ngpu = (int)m->ndevs;
	n->whole = 0;
	for (g = 0; g < m->ndevs; g++) {
		const struct gs_device *d = &m->devs[g];

		n->free[g] = (int16_t)(d->milli > 0 ? d->milli - d->usedmilli :
		    GS_MILLI);
		n->nused[g] = (int8_t)d->used;
		if (d->used == 1 && d->milli > 0 && d->usedmilli == d->milli)
			n->whole |= UINT32_C(1) << g;
	}
}

/* The replay's view of node i of the model. */
static int
view_node(struct gs_rcluster *cl, size_t i, size_t *mcap,
    struct gs_error *err)
{
	const struct gs_node	*m = &cl->model->nodes[i];
	struct gs_rnode		*n = &cl->v[i];
	const char		*model;

	if (m->ndevs > GS_TRACE_MAXGPU)
		return gs_error_set(err, NULL, m->src_line, 0, "node '%s' has "
		    "%zu GPUs; the replay takes at most %d", m->name, m->ndevs,
		    GS_TRACE_MAXGPU);
	n->model = -1;
	if (m->ndevs > 0) {
		model = node_model(m);
		n->model = model_index(cl, model, strlen(model));
		if (n->model < 0) {
			if (cl->nmodels == MAX_MODELS)
				return gs_error_set(err, NULL, m->src_line, 0,
				    "more than %d GPU models", MAX_MODELS);
			grow_array(&cl->models, mcap, cl->nmodels + 1,
			    sizeof *cl->models);
			cl->models[cl->nmodels] = xstrdup(model);
			n->model = (int)cl->nmodels++;
		}
	}
	node_usage(n, m);
	node_derive(n);
	return 0;
}

int
gs_rcluster_build(const struct gs_cluster *m, struct gs_rcluster *cl,
    struct gs_error *err)
{
	size_t	i, mcap = 0;

	memset(cl, 0, sizeof *cl);
	cl->model = m;
	cl->n = m->nnodes;
	cl->v = xcalloc(m->nnodes ? m->nnodes : 1, sizeof *cl->v);
	cl->names = xcalloc(m->nnodes ? m->nnodes : 1, sizeof *cl->names);
	for (i = 0; i < m->nnodes; i++) {
		cl->names[i] = m->nodes[i].name;
		if (view_node(cl, i, &mcap, err) != 0) {
			gs_rcluster_release(cl);
			return -1;
		}
		cl->v[i].rank = (uint32_t)i;
		cl->gpus += cl->v[i].ngpu;
		cl->idle += cl->v[i].idle;
	}
	name_ranks(cl);
	return 0;
}

void
gs_rcluster_release(struct gs_rcluster *cl)
{
	size_t	i;

	for (i = 0; i < cl->nmodels; i++)
		free(cl->models[i]);
	free(cl->models);
	free(cl->names);
	free(cl->v);
	memset(cl, 0, sizeof *cl);
}

uint64_t
gs_rcluster_spec_mask(const struct gs_rcluster *cl, const char *spec)
{
	uint64_t	mask = 0;
	size_t		i;

	if (spec[0] == '\0')
		return ~UINT64_C(0);
	for (i = 0; i < cl->nmodels; i++)
		if (gs_trace_spec_allows(spec, cl->models[i]))
			mask |= UINT64_C(1) << i;
	return mask;
}

int
gs_rnode_fits(const struct gs_rnode *n, const struct gs_rpod *p)
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

void
gs_rnode_sync(struct gs_rcluster *cl, size_t i, const struct gs_rpod *p,
    int sign, const struct gs_typical *t)
{
	struct gs_rnode	*n = &cl->v[i];

	node_usage(n, &cl->model->nodes[i]);
	if (p->milli > 0)
		n->tags[p->num == 1 && p->milli < GS_MILLI ? 0 : p->num] +=
		    sign;
	node_derive(n);
	n->frag = gs_frag_node(n, t);
	n->ver++;
}
