/*
 * sched/kai/request.c: KAI-Scheduler's fractional GPU request from the
 * pod's own annotations (issue 18 item 4).
 *
 * What the scheduler reads: updatePodAdditionalFieldsIfRunaiPodgroup
 * (pkg/scheduler/api/pod_info/pod_info.go, v0.20.1): gpu-memory (MiB)
 * makes a GpuMemory request, gpu-fraction a Fraction request, and with
 * either gpu-fraction-num-devices makes it a multi-fraction over that
 * many devices.  What is refused: ValidateGpuRequests
 * (pkg/binder/plugins/gpusharing/gpu-request/gpu_request_validator.go,
 * v0.20.1): gpu-memory a positive integer, gpu-fraction a number in
 * (0, 1), the device count a positive integer and only beside one of
 * them, gpu-fraction not beside a whole nvidia.com/gpu limit, gpu-memory
 * beside neither, mps "true" only with a fraction.  Such a pod never
 * runs under KAI, so gpusched refuses it as an input error.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/kai/request.h"
#include "util/util.h"

/* strconv.ParseUint(s, 10, 64): decimal digits only. */
static int
parse_uint(const char *s, int64_t max, int64_t *out)
{
	char	*end;
	long long v;

	if (s[0] < '0' || s[0] > '9')
		return -1;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (*end != '\0' || errno != 0 || v > max)
		return -1;
	*out = v;
	return 0;
}

/* Does any container (init containers too) limit nvidia.com/gpu
 * (getFirstGPULimit)? */
static int
whole_gpu_limit(const struct gs_pod *pod)
{
	size_t	i;

	for (i = 0; i < pod->nctrs; i++)
		if (pod->ctrs[i].lim[GS_RES_GPU].set)
			return 1;
	for (i = 0; i < pod->ninit; i++)
		if (pod->init[i].lim[GS_RES_GPU].set)
			return 1;
	return 0;
}

/* gpu-fraction: strconv.ParseFloat, 0 < f < 1; gpusched keeps it as a
 * whole percentage of the device, so it must be a multiple of 0.01. */
static int
parse_fraction(const char *s, int32_t *pct, char *why, size_t len)
{
	char	*end;
	double	 f, p;

	errno = 0;
	f = strtod(s, &end);
	if (s[0] == '\0' || *end != '\0' || errno != 0 || !(f > 0) ||
	    !(f < 1)) {
		snprintf(why, len, "gpu-fraction '%s' must be a positive "
		    "number smaller than 1.0", s);
		return -1;
	}
	p = f * 100.0;
	if (p < 0.5 || p > 99.5 || p - (double)(int32_t)(p + 0.5) > 1e-9 ||
	    (double)(int32_t)(p + 0.5) - p > 1e-9) {
		snprintf(why, len, "gpu-fraction '%s': gpusched models "
		    "fractions in steps of 0.01", s);
		return -1;
	}
	*pct = (int32_t)(p + 0.5);
	return 0;
}

int
gs_kai_request(const struct gs_pod *pod, struct gs_kai_req *r, char *why,
    size_t len)
{
	const char	*frac = gs_kv_get(&pod->annotations, "gpu-fraction");
	const char	*mem = gs_kv_get(&pod->annotations, "gpu-memory");
	const char	*num = gs_kv_get(&pod->annotations,
			    "gpu-fraction-num-devices");
	const char	*mps = gs_kv_get(&pod->annotations, "mps");
	int		 whole = whole_gpu_limit(pod);
	int64_t		 v;

	memset(r, 0, sizeof *r);
	r->pct = -1;
	r->num = 1;
	r->fractional = frac != NULL || mem != NULL;
	if (!r->fractional && mps != NULL && strcmp(mps, "true") == 0)
		return gs_why(why, len, "mps \"true\" is only supported with "
		    "a GPU fraction request");
	if (frac != NULL && whole)
		return gs_why(why, len, "gpu-fraction beside a whole "
		    "nvidia.com/gpu limit");
	if (mem != NULL && (frac != NULL || whole))
		return gs_why(why, len, "gpu-memory beside gpu-fraction or "
		    "a whole nvidia.com/gpu limit");
	if (num != NULL && !r->fractional)
		return gs_why(why, len, "gpu-fraction-num-devices without "
		    "gpu-fraction or gpu-memory");
	if (mem != NULL) {
		if (parse_uint(mem, INT32_MAX, &v) != 0 || v == 0)
			return gs_why(why, len, "gpu-memory '%s' must be a "
			    "positive integer (MiB)", mem);
		r->mem = v;
	}
	if (frac != NULL && parse_fraction(frac, &r->pct, why, len) != 0)
		return -1;
	if (num != NULL) {
		if (parse_uint(num, 1024, &v) != 0 || v == 0)
			return gs_why(why, len, "gpu-fraction-num-devices "
			    "'%s' must be a positive integer", num);
		r->num = (int32_t)v;
	}
	return 0;
}
