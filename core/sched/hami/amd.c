/*
 * sched/hami/amd.c: AMD GPUs as HAMi v2.10.0 schedules them
 * (pkg/device/amd/device.go, the GV_AMD row of sched/hami/vendor.c): the
 * webhook's MutateAdmission, GenerateResourceRequests from amd.com/gpu,
 * gpumem and gpucores limits, and the capacity rules of its Fit (memory
 * defaulting to the whole card, cores as a share of the device's).  The
 * v2.7.1 to v2.9.0 form (GV_AMDGPU, a capacity count) is vendor_fit.c's
 * slots rule.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "util/int32.h"
#include "sched/hami/vendor.h"

/* A core limit MutateAdmission and GenerateResourceRequests accept:
 * AsInt64 succeeds and 1 <= x <= 100. */
static int
core_ok(const struct gs_resval *core)
{
	return core->ok && core->v >= 1 && core->v <= 100;
}

int
hami_amd_admits(const struct gs_resval *lim)
{
	const struct gs_vendor_info	*vi = &gs_vendors[GV_AMD];

	/* MutateAdmission: the count, else the memory, else the core
	 * resource in limits. */
	return lim[vi->res_count].set || lim[vi->res_mem].set ||
	    lim[vi->res_core].set;
}

const char *
hami_amd_webhook(const struct gs_resval *lim, char *buf, size_t len)
{
	const struct gs_vendor_info	*vi = &gs_vendors[GV_AMD];
	const struct gs_resval		*core = &lim[vi->res_core];

	/* MutateAdmission: with the count in limits, a core limit must be
	 * an integer percentage between 1 and 100. */
	if (!lim[vi->res_count].set || !core->set || core_ok(core))
		return NULL;
	snprintf(buf, len, "%s must be an integer percentage between 1 and "
	    "100", gs_res_names[vi->res_core]);
	return buf;
}

void
hami_amd_request(const struct gs_resval *lim, struct hami_req *out)
{
	const struct gs_vendor_info	*vi = &gs_vendors[GV_AMD];
	const struct gs_resval		*n = &lim[vi->res_count];
	const struct gs_resval		*m = &lim[vi->res_mem];
	const struct gs_resval		*core = &lim[vi->res_core];

	/* GenerateResourceRequests reads limits only; a count outside
	 * 1..MaxInt32, memory outside 0..MaxInt32 or cores outside 1..100
	 * give no request (ContainerDeviceRequest{}). */
	memset(out, 0, sizeof *out);
	if (!n->set || !n->ok || n->v <= 0 || n->v > INT32_MAX)
		return;
	if (m->set && (!m->ok || m->v < 0 || m->v > INT32_MAX))
		return;
	if (core->set && !core_ok(core))
		return;
	out->nums = (int32_t)n->v;
	out->memreq = m->set ? (int32_t)m->v : 0;
	/* An omitted core limit: every CU of each GPU. */
	out->coresreq = core->set ? (int32_t)core->v : 100;
	out->mempct = 0;		/* MemPercentagereq 0 */
	out->vendor = GV_AMD;
}

int
hami_amd_capacity(const struct gs_device *d, const struct hami_req *k,
    int32_t *memreq, int32_t *cores)
{
	int32_t	mem = k->memreq, core = 0;

	if (d->count <= d->used)
		return HR_CARD_TIME_SLICING_EXHAUSTED;
	/* No memory asked: the whole card. */
	if (mem <= 0 && d->devmem > 0)
		mem = d->devmem;
	if (i32_sub(d->devmem, d->usedmem) < mem)
		return HR_CARD_INSUFFICIENT_MEMORY;
	if (k->coresreq > 0) {
		if (d->devcore <= 0)
			return HR_CARD_INSUFFICIENT_CORE;
		/* Totalcore * Coresreq / 100, at least 1, at most
		 * Totalcore (int32, as Go). */
		core = i32_div(i32_mul(d->devcore, k->coresreq), 100);
		if (core < 1)
			core = 1;
		if (core > d->devcore)
			core = d->devcore;
	} else if (d->devmem > 0 && mem >= d->devmem)
		core = d->devcore;	/* the whole card's memory */
	if (i32_sub(d->devcore, d->usedcores) < core)
		return HR_CARD_INSUFFICIENT_CORE;
	*memreq = mem;
	*cores = core;
	return -1;
}
