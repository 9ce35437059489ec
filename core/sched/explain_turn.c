/*
 * sched/explain_turn.c: the steps every `explain` shares
 * (sched/explain_turn.h): the run up to the pod's turn, the profile's
 * decision there, and the verdict of each node.
 */
#include "sched/explain_turn.h"

int
gs_explain_before(const struct gs_cluster *c0, const struct gs_workload *w,
    size_t k, const struct gs_config *cfg, const struct gs_policy *sel,
    struct gs_sim *sim, struct gs_error *err)
{
	struct gs_workload	before = *w;

	before.npods = k;
	return gs_simulate(c0, &before, cfg, sel, NULL, sim, err);
}

int
gs_explain_decide(const struct gs_policy *p, const struct gs_config *cfg,
    const struct gs_cluster *c, const struct gs_pod *pod,
    struct gs_placement *d, struct gs_error *err)
{
	void	*st = p->create(c, cfg);
	int	 rc;

	rc = gs_policy_decide(p, st, c, pod, d, err);
	p->destroy(st);
	return rc;
}

void
gs_xverdict_chosen(struct gs_xverdict *v, size_t n,
    const struct gs_placement *d)
{
	size_t	i;

	for (i = 0; i < n; i++)
		v[i].chosen = d->status == GS_PLACED && d->node == (long)i;
}

int
gs_placement_gives(const struct gs_placement *d, size_t j)
{
	size_t	i, k;

	for (i = 0; d->status == GS_PLACED && i < d->nctrs; i++)
		for (k = 0; k < d->ctrs[i].ngrants; k++)
			if ((size_t)d->ctrs[i].grants[k].dev == j)
				return 1;
	return 0;
}
