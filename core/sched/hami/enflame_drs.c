/*
 * sched/hami/enflame_drs.c: what HAMi v2.10.0's Enflame DRS GCUs
 * (pkg/device/enflame/device.go) do beyond the common vendor rules: the
 * webhook's checks (MutateAdmission), GenerateResourceRequests (a
 * profile's slices directly, or memory and cores to match), and the
 * Fit's profile choice (selectProfileByRequest) and per-device checks.
 * Registration is the GV_ENFLAME_DRS row of vendor.c and
 * load/enflame_drs.c; a grant takes its profile's slices of the device's
 * slots (AddResourceUsage, gs_grant.slots).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "sched/hami/vendor.h"
#include "util/int32.h"

/* getContainerResourceRequest and the webhook's lookups: limits, else
 * requests. */

int
hami_drs_admits(const struct gs_resval *lim, const struct gs_resval *req)
{
	return hami_pick(lim, req, GS_RES_ENFLAME_DRS)->set ||
	    hami_pick(lim, req, GS_RES_ENFLAME_GCU_MEM)->set ||
	    hami_pick(lim, req, GS_RES_ENFLAME_GCU_CORE)->set;
}

/*
 * MutateAdmission: enflame.com/drs-gcu (limits, else requests) below 1
 * is refused; without it, gcu-memory below 1 or gcu-core outside 1..100
 * is.  The values it copies between limits and requests change no
 * request.
 */
const char *
hami_drs_webhook(const struct gs_resval *lim, const struct gs_resval *req,
    char *buf, size_t len)
{
	const struct gs_resval	*n = hami_pick(lim, req, GS_RES_ENFLAME_DRS);
	const struct gs_resval	*m = hami_pick(lim, req, GS_RES_ENFLAME_GCU_MEM);
	const struct gs_resval	*c = hami_pick(lim, req, GS_RES_ENFLAME_GCU_CORE);

	if (n->set) {
		if (n->v > 0)
			return NULL;
		snprintf(buf, len, "%s must be greater than 0",
		    gs_res_names[GS_RES_ENFLAME_DRS]);
		return buf;
	}
	if (m->set && m->v <= 0) {
		snprintf(buf, len, "%s must be greater than 0",
		    gs_res_names[GS_RES_ENFLAME_GCU_MEM]);
		return buf;
	}
	if (c->set && (c->v <= 0 || c->v > 100)) {
		snprintf(buf, len, "%s must be in range (0,100]",
		    gs_res_names[GS_RES_ENFLAME_GCU_CORE]);
		return buf;
	}
	return NULL;
}

/*
 * GenerateResourceRequests: drs-gcu n (AsInt64, above 0; beyond
 * MaxInt32: no request) asks Nums 1, Memreq n, MemPercentagereq 0
 * (direct: a profile of n slices); else gcu-memory and gcu-core (either;
 * beyond MaxInt32: no request) ask Nums 1, Memreq the memory,
 * MemPercentagereq -1 (by spec), Coresreq the cores.
 */
void
hami_drs_request(const struct gs_resval *lim, const struct gs_resval *req,
    struct hami_req *out)
{
	const struct gs_resval	*n = hami_pick(lim, req, GS_RES_ENFLAME_DRS);
	const struct gs_resval	*m = hami_pick(lim, req, GS_RES_ENFLAME_GCU_MEM);
	const struct gs_resval	*c = hami_pick(lim, req, GS_RES_ENFLAME_GCU_CORE);

	memset(out, 0, sizeof *out);
	if (n->set && n->ok && n->v > 0) {
		if (n->v > INT32_MAX)
			return;
		out->memreq = (int32_t)n->v;
	} else {
		if ((!m->set && !c->set) || (m->set && m->v > INT32_MAX) ||
		    (c->set && c->v > INT32_MAX))
			return;
		out->memreq = m->set ? i32_from64(m->v) : 0;
		out->mempct = -1;
		out->coresreq = c->set ? i32_from64(c->v) : 0;
	}
	out->nums = 1;
	out->vendor = GV_ENFLAME_DRS;
}

/* normalizeMemoryRequestToGB: above twice the largest profile's memory,
 * the request is MiB (rounded up to GB); else GB. */
static int64_t
memory_gb(int32_t raw, int64_t max_gb)
{
	if (raw <= 0)
		return 0;
	if (max_gb <= 0)
		return raw;
	if ((int64_t)raw > max_gb * 2)
		return (int64_t)ceil((double)raw / 1024.0);
	return raw;
}

/*
 * selectProfileByRequest on node n's profiles (sorted by size, then
 * memory): direct, the first of Memreq slices; by spec, the first with
 * the memory (GB) and core percentage asked.  Then the Fit's bounds
 * (size and core percentage within int32, memory within MaxInt32/1024
 * GB).  On a match k asks the profile's memory (GB x 1024 MiB) and
 * cores, *slots its slices; else ModeNotFit (1 when refused).
 */
int
hami_drs_mode_refused(const struct gs_node *n, struct hami_req *k,
    int32_t *slots)
{
	const struct gs_drs_profile	*p = NULL;
	int64_t				 gb;
	size_t				 i;

	if (n == NULL || n->ndrs == 0)
		return 1;
	gb = memory_gb(k->memreq, n->drs[n->ndrs - 1].mem_gb);
	for (i = 0; i < n->ndrs && p == NULL; i++)
		if (k->mempct == 0 ? n->drs[i].size == k->memreq :
		    (gb <= 0 || n->drs[i].mem_gb >= gb) &&
		    (k->coresreq <= 0 || n->drs[i].core_pct >= k->coresreq))
			p = &n->drs[i];
	if (p == NULL || p->size > INT32_MAX ||
	    p->mem_gb > INT32_MAX / 1024 || p->core_pct > INT32_MAX)
		return 1;
	k->memreq = (int32_t)(p->mem_gb * 1024);
	k->coresreq = (int32_t)p->core_pct;
	*slots = (int32_t)p->size;
	return 0;
}

/*
 * The Fit's checks after health, type, UUID and mutex: the slots
 * (CardTimeSlicingExhausted), the profile's memory
 * (CardInsufficientMemory), and its cores where the device has some
 * (CardInsufficientCore).  -1 when d takes k.
 */
int
hami_drs_capacity(const struct gs_device *d, const struct hami_req *k)
{
	if (d->count <= d->used)
		return HR_CARD_TIME_SLICING_EXHAUSTED;
	if (i32_sub(d->devmem, d->usedmem) < k->memreq)
		return HR_CARD_INSUFFICIENT_MEMORY;
	if (d->devcore > 0 && i32_sub(d->devcore, d->usedcores) < k->coresreq)
		return HR_CARD_INSUFFICIENT_CORE;
	return -1;
}
