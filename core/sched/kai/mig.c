/*
 * sched/kai/mig.c: KAI-Scheduler places a pod asking MIG instances
 * (nvidia.com/mig-<profile>: 1) of NVIDIA's device plugin (issue 18
 * item 4), and a pod asking whole nvidia.com/gpu in a cluster where the
 * device plugin advertises GPUs (sched/kai/dp.h), as KAI v0.20.1 does:
 *
 * - request and fit: a MIG resource is a scalar resource counted in
 *   instances (ResourceFromResourceList, IsMigResource,
 *   pkg/scheduler/api/resource_info/resource_info.go); a node fits when
 *   its idle count of each asked resource holds the pod's
 *   (NodeInfo.IsTaskAllocatable, pkg/scheduler/api/node_info/node_info.go),
 *   here the device plugin's instances of that profile not in use
 *   (gs_kube_dp_node_fits);
 * - node order: nodeavailability's constant, then nodeplacement's GPU
 *   strategy (pkg/scheduler/plugins/nodeplacement): binpack
 *   (nodeResourcePack, getScoreOfCurrentNode) scores the node's
 *   non-allocated whole nvidia.com/gpu against the min and max over the
 *   fitting nodes that have any (getMinMaxPerNode), 0 where it has none,
 *   as under the mixed strategy; spread (nodeResourceSpread, spread.go)
 *   is NonAllocatedResource(nvidia.com/gpu), Idle plus Releasing whole
 *   GPUs (Resource.Get reads the gpus field only: no MIG instance, no
 *   shared GPU's free part, unlike GetSumOfIdleGPUs), over
 *   GetNumberOfGPUsInNode (the nvidia.com/gpu.count label, else
 *   allocatable nvidia.com/gpu); a MIG pod is no fraction, so
 *   gpusharingorder adds nothing.  Ties go to the smallest node name, as
 *   for KAI's other pods in gpusched;
 * - hand-out: the kubelet and device plugin give the first free instance
 *   of the profile in index order (gs_kube_dp_hand_out).
 *
 * A whole-GPU pod is counted the same way in nvidia.com/gpu (a HAMi
 * node's GPUs one unit each, free when no pod holds them; a device
 * plugin node's allocatable: GPUs, single-strategy MIG instances or
 * replicas), after PredicateByNodeResourcesType (a mixed-strategy MIG
 * node takes MIG pods only; node_info.go).  A MIG pod skips that
 * predicate: the nodes it refuses advertise no MIG resource anyway.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load/sharing.h"
#include "sched/kai/dp.h"
#include "sched/kai/guard.h"
#include "sched/kai/mig.h"
#include "sched/kube_dp.h"
#include "sched/kubefilter.h"
#include "util/util.h"

#define KAI_MAX_HIGH_DENSITY	9	/* scores.MaxHighDensity */
#define KAI_AVAILABILITY	100	/* scores.Availability */
#define KAI_MIG_ASKS		16

int
gs_kai_mig_takes(const struct gs_pod *pod)
{
	size_t	i, j;

	for (i = 0; i < pod->nctrs; i++)
		for (j = 0; j < pod->ctrs[i].dp.n; j++)
			if (strncmp(pod->ctrs[i].dp.v[j].key, "nvidia.com/mig-",
			    15) == 0)
				return 1;
	return 0;
}

void
gs_kai_mig_whole(const struct gs_node *n, double *na, double *all)
{
	int32_t	cap, used;
	size_t	j;

	*na = *all = 0;
	for (j = 0; j < n->ndevs; j++)
		if (gs_kube_dp_offers(n, j, "nvidia.com/gpu", &cap, &used)) {
			*all += cap;
			*na += cap - used;
		}
	*na += gs_kai_idle_extra(n, *all);	/* KAI's Idle */
}

/* GetNumberOfGPUsInNode: the gpu.count label (strconv.Atoi: a 64-bit
 * ParseInt), else allocatable nvidia.com/gpu. */
double
gs_kai_node_gpus(const struct gs_node *n)
{
	const char	*s = gs_kv_get(&n->labels, "nvidia.com/gpu.count");
	double		 na, all;
	int64_t		 v;

	if (s != NULL && gs_go_parse_int64(s, strlen(s), &v) == 0)
		return (double)v;
	gs_kai_mig_whole(n, &na, &all);
	return all;
}

double
gs_kai_mig_placement(int binpack, const struct gs_node *n, double mn,
    double mx)
{
	double	na, all;

	gs_kai_mig_whole(n, &na, &all);
	if (!binpack) {
		all = gs_kai_node_gpus(n);
		return all == 0 ? 0 : na / all;
	}
	if (all == 0 || mx == 0)
		return 0;
	if (mn == mx)
		return KAI_MAX_HIGH_DENSITY;
	return KAI_MAX_HIGH_DENSITY * (1 - (na - mn) / (mx - mn));
}

/* Why nodes did not fit: kube-scheduler's filters, KAI's node type
 * predicate (the last reason), short of a resource (the first). */
struct kai_why {
	int		 filtered, typed, short_n;
	const char	*type_why, *short_of;
};

/* Which nodes fit (fit[i]), why the others did not, and the binpack
 * range over the fitting ones with whole GPUs. */
static void
fitting(const struct gs_cluster *c, const struct gs_pod *pod,
    const struct gs_dp_ask *a, size_t na, unsigned char *fit,
    struct kai_why *w, double *mn, double *mx)
{
	struct gs_pnode	 v;
	char		 fbuf[192];
	double		 free1, all;
	size_t		 i;
	int		 mig = gs_kai_mig_takes(pod);
	const char	*t;

	*mn = -1;
	*mx = 0;
	for (i = 0; i < c->nnodes; i++) {
		const struct gs_node *n = &c->nodes[i];

		if (pod->pinned_node >= 0 && (size_t)pod->pinned_node != i)
			continue;
		if (gs_kube_filter(n, pod, fbuf, sizeof fbuf) != NULL) {
			w->filtered++;
			continue;
		}
		if (!mig && (t = gs_kai_node_type(n, GS_KAI_POD_WHOLE)) !=
		    NULL) {
			w->typed++;
			w->type_why = t;
			continue;
		}
		fit[i] = 1;
		if (!gs_kube_dp_node_fits(n, a, na, &v, &w->short_of) &&
		    !(fit[i] = 2 * gs_kai_guard_fits(n, a, na))) {
			w->short_n++;
			continue;
		}
		gs_kai_mig_whole(n, &free1, &all);
		if (all == 0)
			continue;
		if (*mn < 0 || free1 < *mn)
			*mn = free1;
		if (free1 > *mx)
			*mx = free1;
	}
}

void
gs_kai_mig_decide(const struct gs_cluster *c, const struct gs_pod *pod,
    int binpack, struct gs_placement *d)
{
	struct gs_dp_ask	 a[KAI_MIG_ASKS];
	struct kai_why		 w = { 0, 0, 0, NULL, NULL };
	unsigned char		*fit;
	size_t			 i, na;
	long			 best = -1;
	double			 mn, mx, score, best_score = 0;
	char			*s;

	memset(d, 0, sizeof *d);
	d->node = -1;
	na = gs_kube_dp_asks(pod, a, KAI_MIG_ASKS);
	if (na == 0) {
		d->status = GS_UNMANAGED;
		return;
	}
	d->nctrs = pod->nctrs;
	d->ctrs = xcalloc(pod->nctrs ? pod->nctrs : 1, sizeof *d->ctrs);
	fit = xcalloc(c->nnodes ? c->nnodes : 1, 1);
	fitting(c, pod, a, na, fit, &w, &mn, &mx);
	for (i = 0; i < c->nnodes; i++) {
		if (!fit[i])
			continue;
		score = KAI_AVAILABILITY + gs_kai_mig_placement(binpack,
		    &c->nodes[i], mn < 0 ? 0 : mn, mx);
		if (best >= 0 && (score < best_score || (score == best_score &&
		    strcmp(c->nodes[i].name, c->nodes[best].name) >= 0)))
			continue;
		best = (long)i;
		best_score = score;
	}
	if (best >= 0 && fit[best] == 2 &&
	    gs_kai_guard_pending(&c->nodes[best], NULL, 0, d)) {
		free(fit);
		return;
	}
	free(fit);
	if (best < 0) {
		d->status = GS_PENDING;
		d->reason = xasprintf("0/%zu nodes are available: %d refused "
		    "by kube-scheduler filters, %d didn't have enough "
		    "resource: %s", c->nnodes, w.filtered, w.short_n,
		    w.short_of != NULL ? w.short_of : a[0].name);
		if (w.typed > 0) {
			s = xasprintf("%s, %d refused by KAI (%s)", d->reason,
			    w.typed, w.type_why);
			free(d->reason);
			d->reason = s;
		}
		return;
	}
	gs_kube_dp_hand_out(&c->nodes[best], pod, a, na, d);
	d->status = GS_PLACED;
	d->node = best;
	d->node_score = (float)best_score;
}
