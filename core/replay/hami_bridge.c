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
 * HAMi devices, the pods as HAMi requests) and decides through the one
 * table like every policy (replay/replay.c); this file only configures it
 * (its version's view of the model, node and GPU policies).  CPU-only
 * pods, which HAMi leaves to kube-scheduler, are placed by
 * kube-least-allocated (the default scoring strategy) on the share view.
 */
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "replay/internal.h"
#include "model/running.h"

#define HAMI_CHART_NODE_POLICY	"binpack"	/* the chart's defaults */
#define HAMI_CHART_GPU_POLICY	"spread"

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
rhami_config(const struct gs_policy *entry, const char *node_policy,
    const char *gpu_policy, struct gs_config *cfg, struct gs_cluster *work)
{
	gs_replay_hami_policies(entry, node_policy, gpu_policy, &node_policy,
	    &gpu_policy);
	gs_config_set_policies(cfg, node_policy, gpu_policy);
	free(cfg->profile);
	cfg->profile = xstrdup(gs_policy_hami_profile(entry)->name);
	cfg->override_policies = 1;
	gs_cluster_for_version(work, hami_version(cfg));
}

/* HAMi v2.6.1 under its four node x GPU policies, replay names.  HAMi
 * decides itself, the first listed node on ties; CPU-only pods, which it
 * leaves to kube-scheduler, go to kube-least-allocated (its tie rule). */
#define HAMI_V261(n, s, node, gpu) {					\
	.name = (n), .summary = (s), .family = "hami",			\
	.views = GS_VIEW_SHARE, .tie = GS_TIE_FIRST,			\
	.hami = &gs_policy_hami_v261,					\
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
