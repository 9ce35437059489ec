/*
 * sched/policy.h: the one interface every scheduling policy implements.
 *
 * A policy is a pure function of (cluster state, pod) -> decision: which
 * node, which GPUs per container with what memory and cores, or why the pod
 * stays pending.  It never changes the cluster; the engine alone charges
 * usage.  A policy may keep private caches keyed on struct gs_node.gen,
 * brought up to date from the cluster's touch log (gs_cluster_touch, the
 * one way usage changes: model/model.h).
 * HAMi's later versions, kube-scheduler, KAI, Volcano and the FGD family
 * are further entries in the table, not changes to the engine.
 *
 * There is one table, gs_policies[]: every scheduler is one entry whose
 * attributes are fields: the views it works on (HAMi's device model, which
 * simulate, compare, explain, plan and state drive; the trace's milli-GPU
 * share model, which replay drives), how it breaks ties, whether the
 * replay may cache its scores, whether explain can show its reasoning.
 * The row is the policy's identity (the FGD family's scores,
 * sched/fgd_scores.c, are named by it).
 */
#ifndef GS_POLICY_H
#define GS_POLICY_H

#include "model/model.h"
#include "util/util.h"

/* The views of the cluster a policy works on (bits of gs_policy.views). */
#define GS_VIEW_DEVICE	1u	/* HAMi's model: devices, memory, cores */
#define GS_VIEW_SHARE	2u	/* the trace's model: milli-GPU shares */

/* How a policy breaks ties between nodes of the best score (replay). */
enum gs_tie {
	GS_TIE_RANK,		/* the seeded node order (the paper's fork) */
	GS_TIE_NAME,		/* the smallest node name (KAI) */
	GS_TIE_RANDOM,		/* uniformly at random (kube, Volcano) */
	GS_TIE_FIRST		/* the node listed first (HAMi, gpusched) */
};

/* The placement strategy a row names (KAI's and Volcano's binpack or
 * spread; gs_policy.strategy). */
enum gs_strategy {
	GS_STRATEGY_NONE,	/* the row names none */
	GS_STRATEGY_BINPACK,
	GS_STRATEGY_SPREAD
};

struct gs_policy {
	const char	*name;		/* "hami-v2.6.1" */
	const char	*summary;	/* one line for listings */
	const char	*family;	/* "hami", "openb", "kube", "kai",
					   "volcano" */
	int		 dra;		/* kube-scheduler with DRA: the pods'
					   claims, not the device plugin's
					   resources (family "kube") */
	int		 strategy;	/* enum gs_strategy */
	unsigned	 views;		/* GS_VIEW_* it works on */
	int		 tie;		/* enum gs_tie */
	int		 cacheable;	/* replay: score depends on the node
					   alone, cached per node version */
	int		 normalize;	/* NormalizeScore over feasible nodes */
	int		 mem;		/* score depends on the pod's memory */
	int		 explains;	/* explain shows its reasoning */
	/* Share view of HAMi: the HAMi profile (device view) the replay
	 * runs, when not this entry, and its node and GPU policies (NULL:
	 * the chart's defaults, or --node-policy/--gpu-policy). */
	const struct gs_policy *hami;
	const char	*hami_node, *hami_gpu;
	/* The device view (GS_VIEW_DEVICE); NULL without it. */
	void		*(*create)(const struct gs_cluster *,
			    const struct gs_config *);
	void		 (*destroy)(void *state);
	/*
	 * Fill d (status, node, node_score, ctrs with one entry per pod
	 * container, reason) and return 0.  A pod that fits nowhere is a
	 * decision (pending with its reason), not an error; an error is
	 * what stops the run (-1 with err's message, which the engine
	 * locates at the pod: gs_policy_decide), and d is then released
	 * by the caller.
	 */
	int		 (*decide)(void *state, const struct gs_cluster *,
			    const struct gs_pod *, struct gs_placement *d,
			    struct gs_error *err);
	/* Optional: the workload to be placed, before the first decide
	 * (FGD's typical pods are the workload's). */
	void		 (*workload)(void *state, const struct gs_workload *);
	/* Optional: the engine released placement d of pod (a departure
	 * of the timed replay), for a policy that counts its decisions. */
	void		 (*release)(void *state, const struct gs_cluster *,
			    const struct gs_pod *, const struct gs_placement *d);
};

extern const struct gs_policy gs_policy_hami_v261, gs_policy_hami_v270,
    gs_policy_hami_v271, gs_policy_hami_v280, gs_policy_hami_v290,
    gs_policy_hami_v2100;
/* The peers on the same model (sched/peers.c). */
extern const struct gs_policy gs_policy_kube_least, gs_policy_kube_most,
    gs_policy_kube_rtcr, gs_policy_kai_binpack, gs_policy_kai_spread,
    gs_policy_volcano_binpack, gs_policy_volcano_spread;
/* kube-scheduler with DRA's structured allocator (sched/dra/policy.c). */
extern const struct gs_policy gs_policy_dra, gs_policy_dra_v135,
    gs_policy_dra_v136;
/* The FGD paper's policies on the same model (sched/fgd.c). */
extern const struct gs_policy gs_policy_openb_dotprod,
    gs_policy_openb_gpupacking, gs_policy_openb_bestfit, gs_policy_openb_fgd;

/* The attributes of a policy on both views, in an entry's initialiser:
 * family, tie rule, cacheable, normalize, mem. */
#define GS_POLICY_BOTH(fam, t, c, n, m)					\
	.family = (fam), .views = GS_VIEW_DEVICE | GS_VIEW_SHARE,	\
	.tie = (t), .cacheable = (c), .normalize = (n), .mem = (m)

/*
 * p->decide(st, c, pod, d, err); on its error, d released and err's message
 * located at the pod when the policy gave no place ("FILE:LINE:COL: pod
 * NS/NAME: message").  Every caller of a policy decides through here.
 */
int	gs_policy_decide(const struct gs_policy *p, void *st,
	    const struct gs_cluster *c, const struct gs_pod *pod,
	    struct gs_placement *d, struct gs_error *err);
/* create(), then workload() when the policy has it and w is not NULL. */
void	*gs_policy_start(const struct gs_policy *, const struct gs_cluster *,
	    const struct gs_config *, const struct gs_workload *w);

/* The random and GpuClustering policies of the FGD paper (sched/fgd.c)
 * and HAMi v2.6.1 under its four node x GPU policies, for the replay
 * (replay/hami_bridge.c). */
extern const struct gs_policy gs_policy_openb_random,
    gs_policy_openb_gpuclustering, gs_policy_hami_bb, gs_policy_hami_bs,
    gs_policy_hami_sb, gs_policy_hami_ss;

/* The policy of that name with every view in `views` (0: any), or NULL. */
const struct gs_policy *gs_policy_lookup(const char *name, unsigned views);
/* The device-view policy for a profile name, or NULL. */
const struct gs_policy *gs_policy_find(const char *name);
/* The one table of every policy, NULL-terminated, in listing order. */
extern const struct gs_policy *const gs_policies[];
/* The HAMi profile a share-view HAMi entry runs: p->hami, or p itself. */
const struct gs_policy *gs_policy_hami_profile(const struct gs_policy *p);
/* Is the policy named profile (any view) of family ("hami", "kai", ...)
 * in the table?  0 for a name the table does not hold. */
int	gs_policy_of_family(const char *profile, const char *family);
/* Is the policy named profile kube-scheduler over the device plugin's
 * resources (family "kube" without DRA)?  0 for a name the table does not
 * hold. */
int	gs_policy_is_kube_dp(const char *profile);
/* The placement strategy (enum gs_strategy) of the policy named profile;
 * GS_STRATEGY_NONE for a name the table does not hold. */
int	gs_policy_strategy(const char *profile);
/* Is p a HAMi version's own row (not a fixed node x GPU variant)? */
int	gs_policy_is_version(const struct gs_policy *p);
/* The names of a tie rule and of a view set, for listings. */
const char *gs_tie_name(int tie);

#endif
