/*
 * sched/hami/mthreads.c: what HAMi's Mthreads device
 * (pkg/device/mthreads/device.go, v2.6.1 to v2.10.0) does beyond the
 * common vendor rules: its MutateAdmission (whole GPUs for several or
 * for no memory asked, the legal sGPU memory sizes), the request's
 * memory and cores divided by the count (GenerateResourceRequests), and
 * customFilterRule (a pod's containers share one GPU).  Up to v2.9 its
 * webhook writes the pod's annotations without making the map: a pod
 * without annotations asking several GPUs panics it.  Registration is
 * the GV_MTHREADS row of vendor.c (load/cluster.c reads the capacity).
 */
#include <stdio.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "sched/hami/vendor.h"
#include "util/int32.h"

/* coresPerMthreadsGPU, memoryPerMthreadsGPU (512 MiB units). */
#define MT_CORES	16
#define MT_MEMORY	96

static void
set_limit(struct gs_resval *lim, enum gs_res r, int64_t v)
{
	lim[r].set = lim[r].ok = 1;
	lim[r].v = v;
}

/* What controller-runtime's Webhook.Handle answers when the handler
 * panics and it recovers (v0.21+: RecoverPanic defaults to true). */
const char hami_mthreads_panic[] =
    "panic: assignment to entry in nil map [recovered]";

/*
 * MutateAdmission: mthreads.com/vgpu in limits (v2.10: else requests;
 * a count below 1 refused).  A count above 1, or one without
 * sgpu-memory in limits, gets count x 16 cores and count x 96 memory
 * units in limits; a count of 1 with sgpu-memory in limits must ask
 * one of legalMemoryslices.  The reason HAMi refuses the pod, or NULL;
 * hami_mthreads_panic itself when a count above 1 writes
 * p.Annotations["mthreads.com/request-gpu-num"] into the nil map of a
 * pod without annotations (up to v2.9; v2.10 makes the map).
 */
const char *
hami_mthreads_webhook(const struct hami_profile *hp, const struct gs_pod *pod,
    struct gs_resval *lim, const struct gs_resval *req, char *buf, size_t len)
{
	static const int64_t	 legal[] = { 2, 4, 8, 16, 32, 64, 96 };
	const struct gs_resval	*count = &lim[GS_RES_MTHREADS];
	const struct gs_resval	*mem = &lim[GS_RES_MTHREADS_MEM];
	int64_t			 n;
	size_t			 i;

	if (!count->set && hp->mthreads_webhook_requests)
		count = &req[GS_RES_MTHREADS];
	if (!count->set)
		return NULL;
	n = count->v;
	if (hp->mthreads_webhook_requests && n <= 0) {
		snprintf(buf, len, "%s must be greater than 0",
		    gs_res_names[GS_RES_MTHREADS]);
		return buf;
	}
	if (n > 1 && !hp->mthreads_webhook_requests && pod != NULL &&
	    pod->annotations.n == 0)
		return hami_mthreads_panic;
	if (n > 1 || !mem->set) {
		set_limit(lim, GS_RES_MTHREADS_CORE, i64_mul(n, MT_CORES));
		set_limit(lim, GS_RES_MTHREADS_MEM, i64_mul(n, MT_MEMORY));
		return NULL;
	}
	for (i = 0; i < sizeof legal / sizeof legal[0]; i++)
		if (mem->v == legal[i])
			return NULL;
	/* Up to v2.9 the message lists 1, which the check refuses. */
	snprintf(buf, len, "sGPU memory request value is invalid, valid "
	    "values are [%s2, 4, 8, 16, 32, 64, 96]",
	    hp->mthreads_webhook_requests ? "" : "1, ");
	return buf;
}

/* GenerateResourceRequests: Memreq int32(memnum) / int32(n), Coresreq
 * corenum / int32(n) (Go's truncating division); nums > 0. */
void
hami_mthreads_split(struct hami_req *r)
{
	r->memreq = i32_div(r->memreq, r->nums);
	r->coresreq = i32_div(r->coresreq, r->nums);
}

/*
 * customFilterRule: every device an earlier container of the pod got
 * (allocated[device.Type]) must be this one.  s->mthreads_on is 0 when
 * there is none, 1 + the device's index when all are one device, -1
 * when they are several.  1 when d passes.
 */
int
hami_mthreads_rule(const struct hami_scratch *s, const struct gs_device *d)
{
	if (s->mthreads_on == 0)
		return 1;
	return s->mthreads_on > 0 &&
	    strcmp(s->devs[s->mthreads_on - 1].id, d->id) == 0;
}

/* A container's Mthreads grants g[0..n-1] join the pod's allocated. */
void
hami_mthreads_note(struct hami_scratch *s, const struct gs_grant *g, int n)
{
	int	i;

	for (i = 0; i < n; i++)
		if (s->mthreads_on == 0)
			s->mthreads_on = g[i].dev + 1;
		else if (s->mthreads_on != g[i].dev + 1)
			s->mthreads_on = -1;
}
