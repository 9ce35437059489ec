/*
 * sched/hami/metax.h: Metax's node score (MetaxDevices.ScoreNode,
 * pkg/device/metax/device.go) and OverrideScore's use of the vendors'
 * node scores (pkg/scheduler/policy/node_policy.go), in
 * sched/hami/metax_score.c.
 */
#ifndef GS_HAMI_METAX_H
#define GS_HAMI_METAX_H

#include "sched/hami/hami.h"

/*
 * MetaxDevices.ScoreNode for the pod's grants on node n: under the node
 * policy "binpack" 2000 minus the node's metax-tech.com/gpu.topology.losses
 * entry for the number of Metax GPUs the pod gets there, under "spread"
 * 2000 minus its .scores entry; 0 without that annotation or under
 * another policy.
 */
float	hami_metax_node_score(const struct gs_node *n,
	    const struct hami_creq *reqs, size_t nreqs,
	    const int (*type_grants)[HAMI_MAX_TYPES],
	    const struct hami_filter *);
/* Does a pod with those requests ask for Metax's whole GPUs? */
int	hami_metax_scored(const struct hami_creq *reqs, size_t nreqs);
/* OverrideScore: the node score after the vendors' devScore dev joins
 * score (v2.6.1: replaces it when above 0; later: adds it). */
float	hami_override_total(float score, float dev,
	    const struct hami_profile *);
/* The node policy value in force for pod, as written: its
 * hami.io/node-scheduler-policy annotation unless the configuration
 * overrides pods, else the scheduler's. */
const char *hami_node_policy_value(const struct gs_pod *,
	    const struct gs_config *);

#endif
