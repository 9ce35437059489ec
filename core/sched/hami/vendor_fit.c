/*
 * sched/hami/vendor_fit.c: the capacity checks of the vendors whose own Fit
 * (pkg/device/<vendor>/device.go) differs from fitInCertainDevice's slots,
 * memory and cores: Biren's, Vastai's and AMD's (v2.7.1 to v2.9) slots
 * alone, v2.10 AMD's own (sched/hami/amd.c), Enflame's GCUs (refused once
 * used), and Metax's and Mthreads' customFilterRule after the common
 * checks; and AddResourceUsage (hami_vendor_add: Kunlun's charges the
 * slot alone).
 */
#include "sched/hami/hami.h"
#include "sched/hami/vendor.h"
#include "util/int32.h"

int
hami_vendor_capacity(const struct hami_scratch *s, const struct gs_device *d,
    struct hami_req *k, int32_t *memreq, int32_t *cores)
{
	int	r;

	/* v2.10 AMD (pkg/device/amd/device.go Fit): sched/hami/amd.c. */
	if (gs_vendors[k->vendor].fit == GVF_AMD)
		return hami_amd_capacity(d, k, memreq, cores);

	/*
	 * Biren (pkg/device/biren/device.go Fit, v2.10.0), Vastai
	 * (pkg/device/vastai/device.go Fit, v2.9+, a whole card) and AMD
	 * (pkg/device/amd/device.go Fit, v2.7.1 to v2.9.0): "dev.Count <=
	 * dev.Used" is the only capacity test.  Biren's and Vastai's
	 * ContainerDevice sets
	 * Usedcores k.Coresreq (0) and no Usedmem; AMD's Usedmem
	 * Mi300xMemory, its Memreq, and Usedcores 0.
	 */
	if (gs_vendors[k->vendor].fit == GVF_SLOTS) {
		*memreq = k->memreq;
		*cores = k->coresreq;
		return d->count <= d->used ? HR_CARD_TIME_SLICING_EXHAUSTED :
		    -1;
	}
	/* Enflame's GCU (pkg/device/enflame/gcu.go Fit, v2.7+): a used
	 * device is refused, whatever its count. */
	if (gs_vendors[k->vendor].fit == GVF_EXCLUSIVE) {
		*memreq = k->memreq;
		*cores = k->coresreq;
		return d->used > 0 ? HR_EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT : -1;
	}
	/* v2.10 Enflame DRS (pkg/device/enflame/device.go Fit): the
	 * profile's memory and cores (sched/hami/enflame_drs.c). */
	if (gs_vendors[k->vendor].fit == GVF_DRS) {
		*memreq = k->memreq;
		*cores = k->coresreq;
		return hami_drs_capacity(d, k);
	}
	if ((r = hami_capacity_check(d, k, memreq)) >= 0)
		return r;
	*cores = k->coresreq;
	/* Metax's customFilterRule (pkg/device/metax/device.go): every
	 * device an earlier container of the pod got must be this one;
	 * with count 1 that one is already exhausted, so any earlier Metax
	 * grant refuses the rest. */
	if (k->vendor == GV_METAX && s->metax_granted)
		return HR_CARD_NOT_FOUND_CUSTOM_FILTER_RULE;
	/* Mthreads' (pkg/device/mthreads/device.go): likewise, but its
	 * GPUs have 100 slots: the earlier grants' own GPU passes. */
	if (k->vendor == GV_MTHREADS && !hami_mthreads_rule(s, d))
		return HR_CARD_NOT_FOUND_CUSTOM_FILTER_RULE;
	return -1;
}

void
hami_vendor_add(int vendor, struct gs_device *d, const struct gs_grant *g)
{
	/* Enflame DRS: its profile's slices (gs_grant_slots); others 1. */
	d->used = i32_add(d->used, gs_grant_slots(g));
	/* Kunlun's AddResourceUsage (pkg/device/kunlun/device.go): n.Used++
	 * alone, though the grant records the whole card. */
	if (vendor == GV_KUNLUN)
		return;
	d->usedcores = i32_add(d->usedcores, g->usedcores);
	d->usedmem = i32_add(d->usedmem, g->usedmem);
}
