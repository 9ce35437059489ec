/*
 * rpolicy.c: the table of replay policies (names, how each breaks ties,
 * whether its score depends on the node alone) and the dispatch to the
 * paper's scorers (openb_policy.c) and the peers' (peer_policy.c).
 */
#include <string.h>

#include "replay.h"

#define DEFAULT_SPLIT	10	/* HAMi/Volcano deviceSplitCount */

const struct gs_rpolicy_info gs_rpolicies[GS_RP_N] = {
	[GS_RP_RANDOM] = { "random",
	    "openb: a feasible node uniformly at random; random GPU",
	    GS_TIE_RANK, 1, 0 },
	[GS_RP_DOTPROD] = { "dotprod",
	    "openb: Tetris dot product of free and requested CPU/GPU",
	    GS_TIE_RANK, 1, 0 },
	[GS_RP_GPUCLUSTERING] = { "gpuclustering",
	    "openb: nodes already running pods of the same GPU kind",
	    GS_TIE_RANK, 1, 0 },
	[GS_RP_GPUPACKING] = { "gpupacking",
	    "openb: shared GPUs first, then used nodes, then empty ones",
	    GS_TIE_RANK, 1, 0 },
	[GS_RP_BESTFIT] = { "bestfit",
	    "openb: least CPU+GPU left after placement (normalised)",
	    GS_TIE_RANK, 1, 1 },
	[GS_RP_FGD] = { "fgd",
	    "openb: fragmentation gradient descent (typical pods)",
	    GS_TIE_RANK, 1, 0 },
	[GS_RP_KUBE_LEAST] = { "kube-least-allocated",
	    "kube-scheduler NodeResourcesFit LeastAllocated, cpu/mem/GPU",
	    GS_TIE_RANDOM, 1, 0, 1 },
	[GS_RP_KUBE_MOST] = { "kube-most-allocated",
	    "kube-scheduler NodeResourcesFit MostAllocated, cpu/mem/GPU",
	    GS_TIE_RANDOM, 1, 0, 1 },
	[GS_RP_KUBE_RTCR] = { "kube-requested-to-capacity-ratio",
	    "kube-scheduler RequestedToCapacityRatio, bin-pack shape",
	    GS_TIE_RANDOM, 1, 0, 1 },
	[GS_RP_KAI_BINPACK] = { "kai-binpack",
	    "KAI-Scheduler: fewest free GPUs, fullest shared GPU",
	    GS_TIE_NAME, 0, 0 },
	[GS_RP_KAI_SPREAD] = { "kai-spread",
	    "KAI-Scheduler: most free GPUs, an idle GPU first",
	    GS_TIE_NAME, 1, 0 },
	[GS_RP_VOLCANO_BINPACK] = { "volcano-binpack",
	    "Volcano deviceshare vGPU: fullest cards (v1.15+)",
	    GS_TIE_RANDOM, 1, 0 },
	[GS_RP_VOLCANO_SPREAD] = { "volcano-spread",
	    "Volcano deviceshare vGPU: emptiest cards (v1.15+)",
	    GS_TIE_RANDOM, 1, 0 },
	/* HAMi decides itself (first listed node on ties); the tie rule is
	 * kube-scheduler's, for the CPU-only pods HAMi leaves to it. */
	[GS_RP_HAMI_BB] = { "hami-binpack-binpack",
	    "HAMi v2.6.1: node binpack, GPU binpack (trace shares mapped)",
	    GS_TIE_RANDOM, 0, 0, 0, "binpack", "binpack" },
	[GS_RP_HAMI_BS] = { "hami-binpack-spread",
	    "HAMi v2.6.1: node binpack, GPU spread (HAMi's defaults)",
	    GS_TIE_RANDOM, 0, 0, 0, "binpack", "spread" },
	[GS_RP_HAMI_SB] = { "hami-spread-binpack",
	    "HAMi v2.6.1: node spread, GPU binpack",
	    GS_TIE_RANDOM, 0, 0, 0, "spread", "binpack" },
	[GS_RP_HAMI_SS] = { "hami-spread-spread",
	    "HAMi v2.6.1: node spread, GPU spread",
	    GS_TIE_RANDOM, 0, 0, 0, "spread", "spread" },
};

int
gs_rpolicy_lookup(const char *name)
{
	int	i;

	for (i = 0; i < GS_RP_N; i++)
		if (strcmp(gs_rpolicies[i].name, name) == 0)
			return i;
	return -1;
}

void
gs_rctx_init(struct gs_rctx *c, int policy, const struct gs_typical *t)
{
	memset(c, 0, sizeof *c);
	c->policy = policy;
	c->t = t;
	c->kube_w[0] = c->kube_w[1] = c->kube_w[2] = 1;
	c->split = DEFAULT_SPLIT;
}

double
gs_rpolicy_score(const struct gs_rctx *c, const struct gs_rnode *n,
    const struct gs_rpod *p, uint32_t *devs)
{
	if (c->policy < GS_RP_NOPENB)
		return gs_openb_score(c, n, p, devs);
	return gs_peer_score(c, n, p, devs);
}
