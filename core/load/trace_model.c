/*
 * load/trace_model.c: the openb trace as the one model (model/model.h): a trace
 * node list becomes a gs_cluster and a pod list a gs_workload, the same structs
 * the manifest loaders produce, so that every policy and the engine see a
 * trace cluster as any other.
 *
 * The mapping, documented in gpusched(1):
 * - a node has allocatable cpu_milli, memory_mib and 1001 pods (the FGD
 *   simulator's node objects); a node with GPUs is registered with HAMi;
 * - a trace GPU is a HAMi device with 10 slots (deviceSplitCount), 100
 *   cores, the memory the FGD paper's simulator gives its model (MiB;
 *   16384 for a model it does not know) and the type "NVIDIA-<model>";
 *   its share view is exact: 1000 milli-GPU (gs_device.milli);
 * - a pod asks nvidia.com/gpu: num_gpu; a share (gpu_milli < 1000) also
 *   asks nvidia.com/gpumem-percentage and nvidia.com/gpucores of
 *   ceil(gpu_milli / 10), so that HAMi's memory and cores follow the
 *   share, and keeps the exact share in gs_pod.gpu_milli;
 * - a gpu_spec becomes nvidia.com/use-gputype with the same models;
 * - cpu and memory are requests, checked by kube-scheduler's filters.
 */
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "load/trace.h"

#define TRACE_SPLIT		10
#define TRACE_MAX_PODS		1001	/* the simulator's node objects */
#define TRACE_UNKNOWN_MEM	16384
#define TRACE_TYPE_PREFIX	"NVIDIA-"

/* GPU memory (MiB) per trace model, as the FGD paper's simulator has it. */
static const struct {
	const char	*model;
	int32_t		 mib;
} model_mem[] = {
	{ "P4", 7611 }, { "2080", 11019 }, { "1080", 11178 },
	{ "M40", 11448 }, { "T4", 15109 }, { "V100M16", 16160 },
	{ "P100", 16280 }, { "A10", 22731 }, { "3090", 24268 },
	{ "V100M32", 32510 }, { "A100", 81251 }, { "G1", 10000 },
	{ "G2", 20000 }, { "G3", 30000 },
};

static int32_t
model_mib(const char *model)
{
	size_t	i;

	for (i = 0; i < sizeof model_mem / sizeof model_mem[0]; i++)
		if (strcmp(model_mem[i].model, model) == 0)
			return model_mem[i].mib;
	return TRACE_UNKNOWN_MEM;
}

static void
build_node(struct gs_node *n, const struct gs_trace_node *tn)
{
	int	g;

	memset(n, 0, sizeof *n);
	n->name = xstrdup(tn->name);
	n->src_line = tn->line;
	n->registered = tn->gpus > 0;
	n->has_alloc = 1;
	n->alloc_cpu = tn->cpu_milli;
	n->alloc_mem = tn->mem_mib << 20;
	n->alloc_pods = TRACE_MAX_PODS;
	n->ndevs = (size_t)tn->gpus;
	n->devs = xcalloc(n->ndevs ? n->ndevs : 1, sizeof *n->devs);
	for (g = 0; g < tn->gpus; g++) {
		struct gs_device *d = &n->devs[g];

		d->id = xasprintf("GPU-%s-%d", tn->name, g);
		d->index = g;
		d->count = TRACE_SPLIT;
		d->devmem = model_mib(tn->model);
		d->devcore = 100;
		d->type = xasprintf(TRACE_TYPE_PREFIX "%s", tn->model);
		d->health = 1;
		d->mode = xstrdup("hami-core");
		d->milli = GS_MILLI;
	}
}

void
gs_trace_cluster(const struct gs_trace_nodes *t, struct gs_cluster *c)
{
	size_t	i;

	memset(c, 0, sizeof *c);
	c->nnodes = c->cap = t->n;
	c->nodes = xcalloc(t->n ? t->n : 1, sizeof *c->nodes);
	for (i = 0; i < t->n; i++)
		build_node(&c->nodes[i], &t->v[i]);
}

const char *
gs_trace_device_model(const struct gs_device *d)
{
	size_t	len = strlen(TRACE_TYPE_PREFIX);

	if (d->type == NULL || strncmp(d->type, TRACE_TYPE_PREFIX, len) != 0)
		return NULL;
	return d->type + len;
}

static void
limit(struct gs_container *c, enum gs_res r, int64_t v)
{
	c->lim[r].set = 1;
	c->lim[r].ok = 1;
	c->lim[r].v = v;
}

void
gs_trace_pod(struct gs_pod *hp, const struct gs_trace_pod *tp)
{
	struct gs_container	*c;
	char			*types, *q;

	memset(hp, 0, sizeof *hp);
	hp->name = xstrdup(tp->name);
	hp->ns = xstrdup("default");
	hp->workload = xstrdup(tp->name);
	hp->kind = xstrdup("Pod");
	hp->src_line = tp->line;	/* a failed decision's place */
	hp->pinned_node = -1;
	hp->req_cpu = tp->cpu_milli;
	hp->req_mem = tp->mem_mib << 20;
	hp->gpu_milli = tp->num_gpu > 0 ? tp->gpu_milli : 0;
	hp->nctrs = 1;
	hp->ctrs = c = xcalloc(1, sizeof *c);
	c->name = xstrdup("main");
	c->cpu = hp->req_cpu;
	c->mem = hp->req_mem;
	if (tp->num_gpu > 0)
		limit(c, GS_RES_GPU, tp->num_gpu);
	if (tp->num_gpu == 1 && tp->gpu_milli < GS_MILLI) {
		limit(c, GS_RES_GPUMEM_PCT, (tp->gpu_milli + 9) / 10);
		limit(c, GS_RES_GPUCORES, (tp->gpu_milli + 9) / 10);
	}
	if (tp->gpu_spec[0] != '\0') {
		/* "A|B|" -> "A,B"; a spec of only empty entries names none. */
		types = xstrdup(tp->gpu_spec);
		for (q = types; *q != '\0'; q++)
			if (*q == '|')
				*q = ',';
		if (strspn(types, ",") != strlen(types))
			gs_kv_set(&hp->annotations, HAMI_USE_TYPE_ANNO, types);
		free(types);
	}
}

void
gs_trace_workload(const struct gs_trace_pods *t, const size_t *order,
    size_t n, struct gs_workload *w)
{
	size_t	i;

	memset(w, 0, sizeof *w);
	w->npods = w->cap = n;
	w->pods = xcalloc(n ? n : 1, sizeof *w->pods);
	for (i = 0; i < n; i++)
		gs_trace_pod(&w->pods[i], &t->v[order != NULL ? order[i] : i]);
}
