/*
 * sched/kai/request.h: KAI-Scheduler's own GPU-sharing request, read from
 * the pod's annotations gpu-fraction, gpu-memory and
 * gpu-fraction-num-devices (KAI v0.20.1).
 */
#ifndef GS_KAI_REQUEST_H
#define GS_KAI_REQUEST_H

#include <stddef.h>
#include <stdint.h>

#include "model/model.h"

struct gs_kai_req {
	int	 fractional;	/* gpu-fraction or gpu-memory given */
	int32_t	 pct;		/* gpu-fraction in % of a device, or -1 */
	int64_t	 mem;		/* gpu-memory in MiB, or 0 */
	int32_t	 num;		/* gpu-fraction-num-devices (1) */
};

/*
 * The pod's KAI request into r: 0, or -1 with why (a one-line reason
 * naming the annotation) when the binder's ValidateGpuRequests refuses
 * the pod.  A pod with none of the annotations is not fractional.
 */
int	gs_kai_request(const struct gs_pod *, struct gs_kai_req *r,
	    char *why, size_t len);

#endif
