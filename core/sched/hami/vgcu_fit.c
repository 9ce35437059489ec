/*
 * sched/hami/vgcu_fit.c: kube-scheduler's check of enflame.com/shared-gcu
 * under HAMi v2.6.1 to v2.9.0.  Enflame's MutateAdmission
 * (pkg/device/enflame/device.go) writes enflame.com/shared-gcu into a
 * container asking enflame.com/vgcu (hami_enflame_webhook says how much),
 * the chart's scheduler configuration leaves it out of the extender's
 * ignoredByScheduler managedResources (values.yaml
 * devices.enflame.customresources: vgcu, vgcu-percentage, gcu), so
 * NodeResourcesFit (pkg/scheduler/framework/plugins/noderesources/fit.go
 * fitsRequest) holds it to the node's enflame.com/shared-gcu less what
 * the node's pods request, before HAMi's extender sees the node.  The
 * node's amount is status.capacity's (gs_node.vgcu_shared), which the
 * device plugin also advertises as allocatable.
 */
#include <string.h>

#include "sched/hami/hami.h"
#include "sched/hami/vgcu_fit.h"
#include "sched/kubefilter.h"
#include "util/int32.h"

/*
 * The webhook (pkg/scheduler/webhook.go Handle, v2.6.1 to v2.9.0) mutates
 * the containers, not the init containers, and skips privileged ones;
 * where MutateAdmission writes no enflame.com/shared-gcu the container's
 * own stands.  kube-scheduler's PodRequests: the containers' sum, or an
 * init container's when larger.
 */
int64_t
hami_vgcu_shared_request(const struct gs_cluster *c, const struct gs_pod *pod,
    const struct hami_profile *hp)
{
	struct gs_resval	 lim[GS_RES_N];
	int64_t			 factor, sum = 0, v;
	size_t			 i;

	if (!hp->vgcu_shared_fit)
		return 0;
	factor = hami_enflame_pod_factor(c, pod, hp);
	for (i = 0; i < pod->nctrs; i++) {
		const struct gs_container *k = &pod->ctrs[i];

		v = -1;
		if (!k->privileged && k->lim[GS_RES_ENFLAME_VGCU].set) {
			memcpy(lim, k->lim, sizeof lim);
			v = hami_enflame_webhook(factor, lim);
		}
		sum = i64_add(sum, v >= 0 ? v :
		    gs_ctr_ext_count(k, HAMI_VGCU_SHARED));
	}
	for (i = 0; i < pod->ninit; i++)
		if ((v = gs_ctr_ext_count(&pod->init[i], HAMI_VGCU_SHARED)) >
		    sum)
			sum = v;
	return sum;
}

const char *
hami_vgcu_refusal(const struct gs_cluster *c, const struct gs_node *n,
    const struct gs_pod *pod, const struct hami_profile *hp, char *buf,
    size_t len)
{
	if (!hp->vgcu_shared_fit)
		return NULL;
	return gs_kube_fit_ext(HAMI_VGCU_SHARED,
	    hami_vgcu_shared_request(c, pod, hp), n->vgcu_shared,
	    n->used_vgcu_shared, buf, len);
}
