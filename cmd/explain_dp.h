/*
 * explain_dp.h: explain of a device plugin pod under a kube-* profile
 * (cmd/explain_dp.c).
 */
#ifndef GS_CMD_EXPLAIN_DP_H
#define GS_CMD_EXPLAIN_DP_H

#include "../core/load/scenario.h"
#include "../core/sched/policy.h"

/* Explain pod k of run on c0 (the cluster before the run), the pods
 * before it placed under sel (the run's policy, or the route), the pod
 * under p with cfg (naming p); detail: the node whose devices to show
 * (-1: the chosen one). */
int	cmd_explain_dp(const struct gs_run *run, size_t k,
	    const struct gs_policy *sel, const struct gs_policy *p,
	    const struct gs_config *cfg, const struct gs_cluster *c0,
	    long detail, const char *fmt);

#endif
