/*
 * sched/hami/metax_score.c: the node score of pods asking for Metax's
 * whole GPUs (metax-tech.com/gpu).  MetaxDevices.ScoreNode
 * (pkg/device/metax/device.go, the same in v2.6.1 ... v2.10.0) counts the
 * devices of the pod's Metax entry on the node (every container's list,
 * as fitInDevices built it: hami_ctr_type_range) and, when the node
 * policy in force is exactly "binpack" and the node carries
 * metax-tech.com/gpu.topology.losses, returns 2000 minus the loss
 * parseMetaxAnnos finds for that count (float32); exactly "spread" reads
 * .scores the same way (a higher Metax score gives a lower node score,
 * which spread prefers); anything else, or no annotation, 0.  A value
 * that does not decode or lacks the count reads 0, so such a node gets
 * 2000 (load/metax_topo.c).  OverrideScore (pkg/scheduler/policy/
 * node_policy.go) sums the types' ScoreNode: v2.6.1 sets the node score
 * to the sum when it is above 0, v2.7.0 on adds it (MetaxDevices is no
 * policyNeutralScorer in v2.10.0).
 */
#include <string.h>

#include "load/metax_topo.h"
#include "sched/hami/metax.h"
#include "sched/hami/vendor.h"

int
hami_metax_scored(const struct hami_creq *reqs, size_t nreqs)
{
	size_t	c, t;

	for (c = 0; c < nreqs; c++)
		for (t = 0; t < reqs[c].n; t++)
			if (reqs[c].r[t].vendor == GV_METAX)
				return 1;
	return 0;
}

float
hami_metax_node_score(const struct gs_node *n, const struct hami_creq *reqs,
    size_t nreqs, const int (*type_grants)[HAMI_MAX_TYPES],
    const struct hami_filter *f)
{
	const struct gs_metax_topo	*t;
	size_t				 c, from, upto;
	int64_t				 sum = 0;
	int				 asked = 0;

	for (c = 0; c < nreqs; c++)
		if (hami_ctr_type_range(&reqs[c], type_grants[c], GV_METAX,
		    f->hp, &from, &upto)) {
			asked = 1;
			sum += (int64_t)(upto - from);
		}
	if (!asked)
		return 0;	/* no Metax-GPU entry: no ScoreNode call */
	if (f->node_binpack)
		t = &n->metax_topo[0];
	else if (f->node_spread)
		t = &n->metax_topo[1];
	else
		return 0;
	if (!t->present)
		return 0;
	return 2000.0f - (float)gs_metax_topo_value(t, sum);
}

float
hami_override_total(float score, float dev, const struct hami_profile *hp)
{
	if (hp->override_replaces)
		return dev > 0 ? dev : score;
	return score + dev;
}

const char *
hami_node_policy_value(const struct gs_pod *pod, const struct gs_config *cfg)
{
	const char	*v = cfg->override_policies ? NULL :
			    gs_kv_get(&pod->annotations, HAMI_NODE_POLICY_ANNO);

	return v != NULL ? v : cfg->node_policy;
}
