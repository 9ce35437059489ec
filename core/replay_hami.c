/*
 * replay_hami.c: HAMi as a replay policy: any HAMi profile of the one
 * table (hami-v2.6.1 ... hami-v2.10.0, with the chart's default node and
 * GPU policies, binpack and spread, unless told), and the four entries
 * hami-binpack-binpack ... hami-spread-spread defined here, HAMi v2.6.1
 * under one node x GPU policy each.  The trace's nodes become HAMi nodes
 * and its pods HAMi requests, and every decision is the HAMi policy's own
 * (policy_hami.c), bit for bit; the replay mirrors the chosen GPUs into
 * its milli-GPU state for the fragmentation measure.
 *
 * The mapping, documented in gpusched(1):
 * - a trace GPU is a HAMi device with 10 slots (deviceSplitCount), 100
 *   cores, the memory the FGD paper's simulator gives its model (MiB;
 *   16384 for a model it does not know) and the type "NVIDIA-<model>";
 * - a pod asks nvidia.com/gpu: num_gpu; a share (gpu_milli < 1000) also
 *   asks nvidia.com/gpumem-percentage and nvidia.com/gpucores of
 *   ceil(gpu_milli / 10), so that HAMi's memory and cores follow the share;
 * - a gpu_spec becomes nvidia.com/use-gputype with the same models;
 * - cpu and memory are requests, checked by kube-scheduler's filters;
 * - CPU-only pods, which HAMi leaves to kube-scheduler, are placed by the
 *   replay's kube-least-allocated (the default scoring strategy).
 */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "hami.h"
#include "replay_int.h"
#include "running.h"

#define HAMI_SPLIT		10
#define HAMI_CHART_NODE_POLICY	"binpack"	/* the chart's defaults */
#define HAMI_CHART_GPU_POLICY	"spread"
#define HAMI_UNKNOWN_MEM	16384

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

struct rhami {
	const struct gs_policy	*p;		/* the HAMi profile */
	struct gs_cluster	 cl;
	struct gs_config	 cfg;
	void			*state;
	struct gs_pod		*pods;		/* as rs->pods */
	struct gs_placement	*pl;		/* the last decision per pod */
	size_t			 npods;
};

static int32_t
model_mib(const char *model)
{
	size_t	i;

	for (i = 0; i < sizeof model_mem / sizeof model_mem[0]; i++)
		if (strcmp(model_mem[i].model, model) == 0)
			return model_mem[i].mib;
	return HAMI_UNKNOWN_MEM;
}

static void
build_node(struct gs_node *n, const struct gs_rcluster *cl, size_t i)
{
	const struct gs_rnode	*r = &cl->v[i];
	int			 g;

	memset(n, 0, sizeof *n);
	n->name = xstrdup(cl->names[i]);
	n->registered = r->ngpu > 0;
	n->has_alloc = 1;
	n->alloc_cpu = r->cpu_cap;
	n->alloc_mem = r->mem_cap << 20;
	n->alloc_pods = r->max_pods;
	n->ndevs = (size_t)r->ngpu;
	n->devs = xcalloc(n->ndevs ? n->ndevs : 1, sizeof *n->devs);
	for (g = 0; g < r->ngpu; g++) {
		struct gs_device *d = &n->devs[g];

		d->id = xasprintf("GPU-%s-%d", cl->names[i], g);
		d->index = g;
		d->count = HAMI_SPLIT;
		d->devmem = model_mib(cl->models[r->model]);
		d->devcore = 100;
		d->type = xasprintf("NVIDIA-%s", cl->models[r->model]);
		d->health = 1;
		d->mode = xstrdup("hami-core");
	}
}

static void
limit(struct gs_container *c, enum gs_res r, int64_t v)
{
	c->lim[r].set = 1;
	c->lim[r].ok = 1;
	c->lim[r].v = v;
}

static void
build_pod(struct gs_pod *hp, const struct gs_trace_pod *tp)
{
	struct gs_container	*c;
	char			*types, *q;

	memset(hp, 0, sizeof *hp);
	hp->name = xstrdup(tp->name);
	hp->ns = xstrdup("default");
	hp->workload = xstrdup(tp->name);
	hp->kind = xstrdup("Pod");
	hp->pinned_node = -1;
	hp->req_cpu = tp->cpu_milli;
	hp->req_mem = tp->mem_mib << 20;
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
gs_replay_hami_policies(const struct gs_policy *entry, const char *node,
    const char *gpu, const char **node_out, const char **gpu_out)
{
	*node_out = entry->hami_node != NULL ? entry->hami_node : node != NULL ?
	    node : HAMI_CHART_NODE_POLICY;
	*gpu_out = entry->hami_gpu != NULL ? entry->hami_gpu : gpu != NULL ?
	    gpu : HAMI_CHART_GPU_POLICY;
}

int
rhami_create(struct rstate *rs, const struct gs_trace_pods *tp,
    const struct gs_policy *entry, const char *node_policy,
    const char *gpu_policy)
{
	struct rhami	*h = xcalloc(1, sizeof *h);
	size_t		 i;

	gs_replay_hami_policies(entry, node_policy, gpu_policy, &node_policy,
	    &gpu_policy);
	h->p = gs_policy_hami_profile(entry);

	h->cl.nnodes = h->cl.cap = rs->cl.n;
	h->cl.nodes = xcalloc(rs->cl.n ? rs->cl.n : 1, sizeof *h->cl.nodes);
	for (i = 0; i < rs->cl.n; i++)
		build_node(&h->cl.nodes[i], &rs->cl, i);
	gs_config_init(&h->cfg);
	gs_config_set_policies(&h->cfg, node_policy, gpu_policy);
	free(h->cfg.profile);
	h->cfg.profile = xstrdup(h->p->name);
	h->cfg.override_policies = 1;
	gs_cluster_for_version(&h->cl, hami_version(&h->cfg));
	h->npods = rs->npods;
	h->pods = xcalloc(rs->npods ? rs->npods : 1, sizeof *h->pods);
	h->pl = xcalloc(rs->npods ? rs->npods : 1, sizeof *h->pl);
	for (i = 0; i < rs->npods; i++)
		build_pod(&h->pods[i], &tp->v[rs->pods[i].src]);
	h->state = h->p->create(&h->cl, &h->cfg);
	rs->hami = h;
	return 0;
}

void
rhami_free(struct rhami *h)
{
	size_t	i;

	if (h == NULL)
		return;
	h->p->destroy(h->state);
	for (i = 0; i < h->npods; i++) {
		gs_pod_release(&h->pods[i]);
		gs_placement_release(&h->pl[i]);
	}
	free(h->pods);
	free(h->pl);
	gs_cluster_release(&h->cl);
	gs_config_release(&h->cfg);
	free(h);
}

int
rhami_place(struct rhami *h, size_t pod, uint32_t *devs)
{
	struct gs_placement	*pl = &h->pl[pod];
	size_t			 j;

	*devs = 0;
	gs_placement_release(pl);
	h->p->decide(h->state, &h->cl, &h->pods[pod], pl);
	if (pl->status == GS_UNMANAGED)
		return -3;
	if (pl->status != GS_PLACED)
		return -1;
	for (j = 0; j < pl->ctrs[0].ngrants; j++)
		*devs |= UINT32_C(1) << pl->ctrs[0].grants[j].dev;
	gs_engine_commit(&h->cl, pl, &h->pods[pod]);
	return (int)pl->node;
}

void
rhami_commit_cpu(struct rhami *h, size_t pod, int node)
{
	struct gs_placement	*pl = &h->pl[pod];

	gs_placement_release(pl);
	memset(pl, 0, sizeof *pl);
	pl->pod = pod;
	pl->status = GS_PLACED;
	pl->node = node;
	pl->nctrs = 1;
	pl->ctrs = xcalloc(1, sizeof *pl->ctrs);
	gs_engine_commit(&h->cl, pl, &h->pods[pod]);
}

void
rhami_unplace(struct rhami *h, size_t pod)
{
	gs_engine_release(&h->cl, &h->pl[pod], &h->pods[pod]);
	gs_placement_release(&h->pl[pod]);
}

/* HAMi v2.6.1 under its four node x GPU policies, replay names.  HAMi
 * decides itself, the first listed node on ties; CPU-only pods, which it
 * leaves to kube-scheduler, go to kube-least-allocated (its tie rule). */
#define HAMI_V261(n, s, node, gpu) {					\
	.name = (n), .summary = (s), .family = "hami",			\
	.views = GS_VIEW_SHARE, .tie = GS_TIE_FIRST,			\
	.scorer = GS_RP_HAMI, .hami = &gs_policy_hami_v261,		\
	.hami_node = (node), .hami_gpu = (gpu) }

const struct gs_policy gs_policy_hami_bb = HAMI_V261("hami-binpack-binpack",
    "HAMi v2.6.1: node binpack, GPU binpack (trace shares mapped)",
    "binpack", "binpack");
const struct gs_policy gs_policy_hami_bs = HAMI_V261("hami-binpack-spread",
    "HAMi v2.6.1: node binpack, GPU spread (HAMi's defaults)",
    "binpack", "spread");
const struct gs_policy gs_policy_hami_sb = HAMI_V261("hami-spread-binpack",
    "HAMi v2.6.1: node spread, GPU binpack", "spread", "binpack");
const struct gs_policy gs_policy_hami_ss = HAMI_V261("hami-spread-spread",
    "HAMi v2.6.1: node spread, GPU spread", "spread", "spread");
