/*
 * explain_dp.h: explain of a device plugin pod under a kube-* profile
 * (cmd/explain_dp.c), of a KAI pod on KAI's own view (cmd/explain_kai.c)
 * and of a pod under a dra profile (cmd/explain_dra.c), and what they
 * print alike.
 */
#ifndef GS_CMD_EXPLAIN_DP_H
#define GS_CMD_EXPLAIN_DP_H

#include "../core/load/scenario.h"
#include <jansson.h>

#include "../core/sched/policy.h"
#include "../core/sched/explain_turn.h"

/* Explain pod k of run on c0 (the cluster before the run), the pods
 * before it placed under sel (the run's policy, or the route), the pod
 * under p with cfg (naming p); detail: the node whose devices to show
 * (-1: the chosen one). */
int	cmd_explain_dp(const struct gs_run *run, size_t k,
	    const struct gs_policy *sel, const struct gs_policy *p,
	    const struct gs_config *cfg, const struct gs_cluster *c0,
	    long detail, const char *fmt);

/* The same for a pod KAI places from its own view of the nodes, its
 * fractions and whole GPUs (cmd/explain_kai.c); detail: a node whose
 * GPUs to show too (-1: none). */
int	cmd_explain_kai(const struct gs_run *run, size_t k,
	    const struct gs_policy *sel, const struct gs_policy *p,
	    const struct gs_config *cfg, const struct gs_cluster *c0,
	    long detail, const char *fmt);
/* The cluster at pod k's turn (sim) and the decision p makes of the pod
 * there (d): EXIT_OK, or the error's status (sim released). */
int	cmd_explain_turn(const struct gs_run *run, size_t k,
	    const struct gs_policy *sel, const struct gs_policy *p,
	    const struct gs_config *cfg, const struct gs_cluster *c0,
	    struct gs_sim *sim, struct gs_placement *d);
/* The same for a pod under a volcano-* profile (cmd/explain_volcano.c). */
int	cmd_explain_volcano(const struct gs_run *run, size_t k,
	    const struct gs_policy *sel, const struct gs_policy *p,
	    const struct gs_config *cfg, const struct gs_cluster *c0,
	    long detail, const char *fmt);

int	cmd_explain_dra(const struct gs_run *run, size_t k,
	    const struct gs_policy *p, const struct gs_cluster *c0,
	    long detail, const char *fmt);

/* "pod NAME (...)" and where it comes from. */
void	cmd_explain_head(const struct gs_pod *pod, const char *run,
	    size_t k, size_t n);
/* Every node's verdict, then the chosen node with its score (named
 * score) or the pending reason. */
void	cmd_explain_nodes(const struct gs_cluster *c,
	    const struct gs_xverdict *v, const struct gs_placement *d,
	    const char *score);
/* JSON: pod, namespace, run and profile; then nodes (their verdicts),
 * chosen, reason, devices_node and devs (taken). */
json_t	*cmd_explain_json(const struct gs_pod *pod, const char *run,
	    const char *profile);
void	cmd_explain_json_nodes(json_t *o, const struct gs_cluster *c,
	    const struct gs_xverdict *v, const struct gs_placement *d,
	    long detail, json_t *devs);

#endif
