/*
 * replay/scorers.c: the replay's scoring context and the dispatch, on a
 * policy's scorer (its entry in the one table, sched/policy.h), to the paper's
 * scorers (replay/fgd_scorers.c).  The peers decide through the table
 * (sched/peers_share.c).
 */
#include <string.h>

#include "replay/replay.h"

void
gs_rctx_init(struct gs_rctx *c, int scorer, const struct gs_typical *t)
{
	memset(c, 0, sizeof *c);
	c->policy = scorer;
	c->t = t;
}

double
gs_rpolicy_score(const struct gs_rctx *c, const struct gs_rnode *n,
    const struct gs_rpod *p, uint32_t *devs)
{
	return gs_openb_score(c, n, p, devs);
}
