/*
 * sched/hami/vgcu_fit.h: kube-scheduler's NodeResourcesFit on the
 * enflame.com/shared-gcu that HAMi's Enflame vGCU webhook adds to a pod
 * (v2.6.1 to v2.9.0, the profile flag vgcu_shared_fit).
 */
#ifndef GS_HAMI_VGCU_FIT_H
#define GS_HAMI_VGCU_FIT_H

#include <stddef.h>
#include <stdint.h>

#include "model/model.h"

struct hami_profile;

/* pkg/device/enflame/device.go SharedResourceName: the device plugin's
 * slices, on the node's capacity and in the pods the webhook mutated. */
#define HAMI_VGCU_SHARED	"enflame.com/shared-gcu"

/*
 * The enflame.com/shared-gcu pod requests as kube-scheduler sees it once
 * HAMi's webhook has mutated it under profile hp on cluster c; 0 when hp
 * has no vgcu_shared_fit.
 */
int64_t		 hami_vgcu_shared_request(const struct gs_cluster *c,
		    const struct gs_pod *pod, const struct hami_profile *hp);
/*
 * NodeResourcesFit's refusal of node n for pod's enflame.com/shared-gcu
 * (written into buf), or NULL.
 */
const char	*hami_vgcu_refusal(const struct gs_cluster *c,
		    const struct gs_node *n, const struct gs_pod *pod,
		    const struct hami_profile *hp, char *buf, size_t len);

#endif
