/*
 * sched/hami/window.c: the nodes hami-scheduler's kube-scheduler hands to
 * HAMi's /filter.  HAMi runs as an extender behind its own kube-scheduler
 * (the chart's hami-scheduler deployment, whose KubeSchedulerConfiguration
 * sets no percentageOfNodesToScore: charts/hami/templates/scheduler/
 * configmap*.yaml, v2.6.1 to v2.10.0), which filters with its own plugins
 * (HAMi's resources are ignoredByScheduler there) and passes only the
 * feasible nodes of its window to findNodesThatPassExtenders
 * (pkg/scheduler/schedule_one.go findNodesThatFitPod).
 */
#include "sched/hami/policy_int.h"
#include "sched/kubefilter.h"

struct walk_arg {
	const struct gs_cluster	*c;
	const struct gs_pod	*pod;
};

/* kube-scheduler's own filters on node i (sched/kubefilter.h). */
static int
kube_passes(size_t i, void *arg)
{
	const struct walk_arg	*a = arg;
	char			 buf[192];

	return gs_kube_filter(&a->c->nodes[i], a->pod, buf,
	    sizeof buf) == NULL;
}

int
hami_window(struct hami_state *st, const struct gs_cluster *c,
    const struct gs_pod *pod, struct gs_placement *d)
{
	struct walk_arg	a = { c, pod };
	int		cut = 0;

	st->win.next = c->win_next[GS_WIN_HAMI];
	d->win_slot = GS_WIN_HAMI;
	if (pod->pinned_node >= 0) {
		/* NodeAffinity's PreFilter names the DaemonSet pod's node. */
		gs_window_one(&st->win, c->nnodes);
	} else if (!gs_window_partial(&st->win, c->nnodes)) {
		/* Every node tried: nothing to walk, the start stays. */
		st->win.start = st->win.next;
		st->win.k = c->nnodes;
	} else {
		(void)gs_window_walk(&st->win, c->nnodes, kube_passes, &a);
		cut = st->win.cut;
	}
	d->win_next = st->win.next;
	return cut;
}
