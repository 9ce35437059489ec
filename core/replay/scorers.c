/*
 * replay/scorers.c: the replay's scoring context and the dispatch, on a
 * policy's scorer (its entry in the one table, sched/policy.h), to the paper's
 * scorers (replay/fgd_scorers.c) and the peers' (replay/peer_scorers.c).
 */
#include <string.h>

#include "replay/replay.h"

#define DEFAULT_SPLIT	10	/* HAMi/Volcano deviceSplitCount */

void
gs_rctx_init(struct gs_rctx *c, int scorer, const struct gs_typical *t)
{
	memset(c, 0, sizeof *c);
	c->policy = scorer;
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
