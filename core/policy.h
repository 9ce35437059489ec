/*
 * policy.h: the one interface every scheduling policy implements.
 *
 * A policy is a pure function of (cluster state, pod) -> decision: which
 * node, which GPUs per container with what memory and cores, or why the pod
 * stays pending.  It never changes the cluster; the engine alone charges
 * usage.  A policy may keep private caches keyed on struct gs_node.gen.
 * HAMi's later versions, kube-scheduler, KAI, Volcano and the FGD family
 * are further entries in the table, not changes to the engine.
 */
#ifndef GS_POLICY_H
#define GS_POLICY_H

#include "model.h"
#include "util.h"

struct gs_policy {
	const char	*name;		/* "hami-v2.6.1" */
	const char	*summary;	/* one line for listings */
	void		*(*create)(const struct gs_cluster *,
			    const struct gs_config *);
	void		 (*destroy)(void *state);
	/*
	 * Fill d (status, node, node_score, ctrs with one entry per pod
	 * container, reason).  It cannot fail: the inputs were checked
	 * when loaded, and a pod that fits nowhere is a decision (pending
	 * with its reason), not an error.
	 */
	void		 (*decide)(void *state, const struct gs_cluster *,
			    const struct gs_pod *, struct gs_placement *d);
	/* Optional: the workload to be placed, before the first decide
	 * (FGD's typical pods are the workload's). */
	void		 (*workload)(void *state, const struct gs_workload *);
};

extern const struct gs_policy gs_policy_hami_v261, gs_policy_hami_v270,
    gs_policy_hami_v271, gs_policy_hami_v280, gs_policy_hami_v290,
    gs_policy_hami_v2100;
/* The peers on the same model (policy_peer.c). */
extern const struct gs_policy gs_policy_kube_least, gs_policy_kube_most,
    gs_policy_kube_rtcr, gs_policy_kai_binpack, gs_policy_kai_spread,
    gs_policy_volcano_binpack, gs_policy_volcano_spread;
/* The FGD paper's policies on the same model (policy_openb.c). */
extern const struct gs_policy gs_policy_openb_dotprod,
    gs_policy_openb_gpupacking, gs_policy_openb_bestfit, gs_policy_openb_fgd;

/* create(), then workload() when the policy has it and w is not NULL. */
void	*gs_policy_start(const struct gs_policy *, const struct gs_cluster *,
	    const struct gs_config *, const struct gs_workload *w);

/* The policy for a profile name, or NULL. */
const struct gs_policy *gs_policy_find(const char *name);
/* All policies, NULL-terminated, for listings. */
extern const struct gs_policy *const gs_policies[];

#endif
