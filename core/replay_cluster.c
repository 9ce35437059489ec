/*
 * replay_cluster.c: the replay's cluster: nodes with CPU, memory, a pod
 * limit and per-GPU milli shares built from a trace node list; the filters
 * a pod must pass (kube-scheduler's NodeResourcesFit and the simulator's
 * Open-Gpu-Share), and charging a placement to a node.
 */
#include <stdlib.h>
#include <string.h>

#include "replay_int.h"

/* The simulator's node objects allow 1001 pods. */
#define TRACE_MAX_PODS	1001
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

int
gs_rcluster_build(const struct gs_trace_nodes *t, struct gs_rcluster *cl,
    struct gs_error *err)
{
	size_t	i, mcap = 0;
	int	g;

	memset(cl, 0, sizeof *cl);
	cl->n = t->n;
	cl->v = xcalloc(t->n, sizeof *cl->v);
	cl->names = xcalloc(t->n, sizeof *cl->names);
	for (i = 0; i < t->n; i++) {
		const struct gs_trace_node	*tn = &t->v[i];
		struct gs_rnode			*n = &cl->v[i];

		cl->names[i] = tn->name;
		n->cpu_left = n->cpu_cap = tn->cpu_milli;
		n->mem_left = n->mem_cap = tn->mem_mib;
		n->max_pods = TRACE_MAX_PODS;
		n->ngpu = tn->gpus;
		n->model = -1;
		if (tn->gpus > 0) {
			n->model = model_index(cl, tn->model,
			    strlen(tn->model));
			if (n->model < 0) {
				if (cl->nmodels == MAX_MODELS) {
					gs_rcluster_release(cl);
					return gs_error_set(err, NULL, tn->line,
					    0, "more than %d GPU models",
					    MAX_MODELS);
				}
				grow_array(&cl->models, &mcap, cl->nmodels + 1,
				    sizeof *cl->models);
				cl->models[cl->nmodels] = xstrdup(tn->model);
				n->model = (int)cl->nmodels++;
			}
		}
		for (g = 0; g < n->ngpu; g++)
			n->free[g] = GS_MILLI;
		node_derive(n);
		n->rank = (uint32_t)i;
		cl->gpus += n->ngpu;
		cl->idle += n->idle;
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
gs_rnode_charge(struct gs_rnode *n, const struct gs_rpod *p, uint32_t devs,
    int sign, const struct gs_typical *t)
{
	int	g;

	n->cpu_left -= sign * p->cpu;
	n->mem_left -= sign * p->mem;
	n->pods += sign;
	for (g = 0; g < n->ngpu; g++)
		if (devs & (UINT32_C(1) << g)) {
			n->free[g] = (int16_t)(n->free[g] - sign * p->milli);
			n->nused[g] = (int8_t)(n->nused[g] + sign);
		}
	if (p->milli > 0 && !(p->num == 1 && p->milli < GS_MILLI)) {
		if (sign > 0)
			n->whole |= devs;
		else
			n->whole &= ~devs;
	}
	if (p->milli > 0)
		n->tags[p->num == 1 && p->milli < GS_MILLI ? 0 : p->num] +=
		    sign;
	node_derive(n);
	n->frag = gs_frag_node(n, t);
	n->ver++;
}
