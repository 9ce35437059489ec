/*
 * sched/kai/explain.h: why KAI-Scheduler put a pod it counts in the device
 * plugin's resources (a MIG pod, or a whole-GPU pod in a cluster with
 * device plugin nodes, sched/kai/mig.c) where it did, or left it pending:
 * per node kube-scheduler's filters, KAI's PredicateByNodeResourcesType
 * or the resource it is short of; per device of one node the units it
 * offers or why it gives none (sched/kube_dp_explain.h's shape).
 */
#ifndef GS_KAI_EXPLAIN_H
#define GS_KAI_EXPLAIN_H

#include "model/model.h"
#include "sched/kube_dp_explain.h"

/* Does KAI decide pod through sched/kai/mig.c (what this explains)? */
int	gs_kai_dp_takes(const struct gs_cluster *, const struct gs_pod *);
/* Explain pod on c (the state at its turn), d the decision made of it
 * there (NULL: none); detail the node whose devices to list (-1: the
 * chosen one).  Release with gs_kube_dp_explain_release. */
void	gs_kai_dp_explain(const struct gs_cluster *c, const struct gs_pod *,
	    const struct gs_placement *d, long detail,
	    struct gs_dp_explain *);

#endif
