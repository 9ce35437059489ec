/*
 * replay/hami_bridge.c: HAMi as a replay policy: any HAMi profile of the one
 * table (hami-v2.6.1 ... hami-v2.10.0, with the chart's default node and
 * GPU policies, binpack and spread, unless told), and the four entries
 * hami-binpack-binpack ... hami-spread-spread defined here, HAMi v2.6.1
 * under one node x GPU policy each.  The trace's nodes become HAMi nodes
 * and its pods HAMi requests, and every decision is the HAMi policy's own
 * (sched/hami/policy.c), bit for bit, on the replay's model, which the engine
 * charges with HAMi's grants and the trace's share (replay/replay.c).
 *
 * HAMi runs on the one model of the trace (load/trace_model.c: the nodes as
 * HAMi devices, the pods as HAMi requests); CPU-only pods, which HAMi
 * leaves to kube-scheduler, are placed by the replay's
 * kube-least-allocated (the default scoring strategy).
 */
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "replay/internal.h"
#include "model/running.h"

#define HAMI_CHART_NODE_POLICY	"binpack"	/* the chart's defaults */
#define HAMI_CHART_GPU_POLICY	"spread"

struct rhami {
	const struct gs_policy	*p;		/* the HAMi profile */
	struct gs_config	 cfg;
	void			*state;
};

void
gs_replay_hami_policies(const struct gs_policy *entry, const char *node,
    const char *gpu, const char **node_out, const char **gpu_out)
{
	*node_out = entry->hami_node != NULL ? entry->hami_node : node != NULL ?
	    node : HAMI_CHART_NODE_POLICY;
	*gpu_out = entry->hami_gpu != NULL ? entry->hami_gpu : gpu != NULL ?
	    gpu : HAMI_CHART_GPU_POLICY;
}

void
rhami_create(struct rstate *rs, const struct gs_policy *entry,
    const char *node_policy, const char *gpu_policy)
{
	struct rhami	*h = xcalloc(1, sizeof *h);

	gs_replay_hami_policies(entry, node_policy, gpu_policy, &node_policy,
	    &gpu_policy);
	h->p = gs_policy_hami_profile(entry);
	gs_config_init(&h->cfg);
	gs_config_set_policies(&h->cfg, node_policy, gpu_policy);
	free(h->cfg.profile);
	h->cfg.profile = xstrdup(h->p->name);
	h->cfg.override_policies = 1;
	gs_cluster_for_version(&rs->work, hami_version(&h->cfg));
	h->state = h->p->create(&rs->work, &h->cfg);
	rs->hami = h;
}

void
rhami_free(struct rhami *h)
{
	if (h == NULL)
		return;
	h->p->destroy(h->state);
	gs_config_release(&h->cfg);
	free(h);
}

int
rhami_decide(struct rhami *h, const struct gs_cluster *c,
    const struct gs_pod *pod, struct gs_placement *pl, uint32_t *devs)
{
	size_t	j;

	*devs = 0;
	h->p->decide(h->state, c, pod, pl);
	if (pl->status == GS_UNMANAGED) {
		gs_placement_release(pl);
		memset(pl, 0, sizeof *pl);
		return -3;
	}
	if (pl->status != GS_PLACED)
		return -1;
	for (j = 0; j < pl->ctrs[0].ngrants; j++)
		*devs |= UINT32_C(1) << pl->ctrs[0].grants[j].dev;
	return (int)pl->node;
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
