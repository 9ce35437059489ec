/*
 * plan/whatif.h: edits to a scenario before simulating it (what if this node
 * were gone, drained, the split count different, the policy different, a
 * workload scaled or given other gpumem) and the difference they make:
 * moved pods, newly pending and newly placed pods.
 */
#ifndef GS_WHATIF_H
#define GS_WHATIF_H

#include "sched/engine.h"
#include "model/model.h"
#include "sched/policy.h"

enum gs_edit_kind {
	ED_REMOVE_NODE,		/* --remove-node NODE */
	ED_DRAIN_NODE,		/* --drain-node NODE: its pods rescheduled */
	ED_SET_SPLIT,		/* --set-split N */
	ED_SET_POLICY,		/* --set-policy node=P,gpu=P */
	ED_SCALE,		/* --scale WORKLOAD=REPLICAS */
	ED_SET_GPUMEM		/* --set-gpumem WORKLOAD=MIB */
};

struct gs_edit {
	enum gs_edit_kind	 kind;
	char			*text;		/* as given, for reports */
	char			*target;	/* node or workload */
	char			*node_policy, *gpu_policy;
	int64_t			 value;
};

/* Parse the argument of an edit flag; -1 with why on error. */
int	gs_edit_parse(enum gs_edit_kind, const char *arg, struct gs_edit *,
	    char *why, size_t whylen);
void	gs_edit_release(struct gs_edit *);
/*
 * Apply every edit but drains to c, w and cfg (copies the caller owns).
 * -1 with why when an edit names no node or workload.
 */
int	gs_edits_apply(const struct gs_edit *, size_t n, struct gs_cluster *c,
	    struct gs_workload *w, struct gs_config *cfg, char *why,
	    size_t whylen);
/*
 * The nodes the edits drain, in their order, as indices of c (the cluster
 * gs_edits_apply edited); *out (caller frees) has the returned count.
 */
size_t	gs_edits_drains(const struct gs_edit *, size_t n,
	    struct gs_cluster *c, long **out);
/*
 * Drain node: its pods leave, the node is cordoned, and they are placed
 * again in their order on the cluster as it is.  r is updated.  Returns
 * 0, or -1 with err when a decision failed (that pod counted pending).
 */
int	gs_drain(struct gs_cluster *c, const struct gs_workload *w,
	    const struct gs_config *cfg, const struct gs_policy *p,
	    struct gs_result *r, long node, struct gs_error *err);

struct gs_change {
	char	*pod;		/* name */
	char	*ns;		/* namespace */
	char	*before;	/* "t4-node GPU 3", "pending", "absent" */
	char	*after;
	char	*reason;	/* pending reason after, if any */
};

struct gs_whatif_diff {
	struct gs_change	*moved, *pending, *placed, *other;
	size_t			 nmoved, npending, nplaced, nother;
};

void	gs_whatif_diff(const struct gs_cluster *c0, const struct gs_workload *w0,
	    const struct gs_result *r0, const struct gs_cluster *c1,
	    const struct gs_workload *w1, const struct gs_result *r1,
	    struct gs_whatif_diff *out);
void	gs_whatif_diff_release(struct gs_whatif_diff *);

#endif
