/*
 * test_amd.c: AMD GPUs as HAMi v2.7.1 to v2.9.0 schedule them (the GV_AMDGPU
 * row of core/sched/hami/vendor.c, its capacity count in core/load/metax.c,
 * its slots-only Fit in core/sched/hami/vendor_fit.c) against
 * pkg/device/amd/device.go: GetNodeDevices, GenerateResourceRequests, Fit;
 * values worked out by hand.
 */
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/hami/hami.h"
#include "../../core/sched/hami/vendor.h"

/* GetNodeDevices: capacity amd.com/gpu 2 gives two devices of
 * Mi300xMemory (192000 MiB), 100 cores, count 1, type AMDGPU. */
static void
test_amd_registration(void)
{
	static const char doc[] = "kind: Node\nmetadata: {name: mi}\n"
	    "status:\n  capacity: {amd.com/gpu: '2'}\n";
	struct gs_cluster	c;
	struct gs_error		err;
	const struct gs_device	*d;

	CU_ASSERT_EQUAL_FATAL(t_load_cluster(doc, &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(c.nodes[0].ndevs, 2);
	d = &c.nodes[0].devs[1];
	CU_ASSERT_STRING_EQUAL(d->id, "mi-AMDGPU-1");
	CU_ASSERT_STRING_EQUAL(d->type, "AMDGPU");
	CU_ASSERT_EQUAL(d->index, 1);
	CU_ASSERT_EQUAL(d->count, 1);
	CU_ASSERT_EQUAL(d->devmem, 192000);
	CU_ASSERT_EQUAL(d->devcore, 100);
	CU_ASSERT_EQUAL(d->vendor, GV_AMDGPU);
	gs_cluster_release(&c);
	/* v2.7.1 to v2.9.0: v2.7.0 has no pkg/device/amd, v2.10 rewrote it. */
	CU_ASSERT_FALSE(gs_vendor_registered(GV_AMDGPU, t_hp("2.7.0")));
	CU_ASSERT(gs_vendor_registered(GV_AMDGPU, t_hp("2.7.1")));
	CU_ASSERT(gs_vendor_registered(GV_AMDGPU, t_hp("2.9.0")));
	CU_ASSERT_FALSE(gs_vendor_registered(GV_AMDGPU, t_hp("2.10.0")));
}

/* GenerateResourceRequests: Nums from limits, else requests; Memreq
 * Mi300xMemory, MemPercentagereq 0, Coresreq 0. */
static void
test_amd_request(void)
{
	struct hami_creq	r;

	r = t_res_creq(GS_RES_AMD, 2, 0, "hami-v2.8.0");
	t_assert_one_req(&r, &(struct hami_req){ 2, 192000, 0, 0, GV_AMDGPU });
	r = t_res_creq(GS_RES_AMD, 1, 1, "hami-v2.10.0");
	CU_ASSERT_EQUAL(r.n, 0);
}

/*
 * Fit: one AMDGPU whose memory a running pod partly holds (5000 MiB).
 * fitInCertainDevice would refuse it (192000 - 5000 < 192000); AMD's Fit
 * tests the slot alone and grants Usedmem 192000, Usedcores 0.  With the
 * slot used: CardTimeSlicingExhausted.
 */
static void
test_amd_fit_slots(void)
{
	struct t_fit	 x;
	struct hami_req	 r = { 1, 192000, 0, 0, GV_AMDGPU };
	struct gs_device *d;

	d = t_fit_vendor(&x, "hami-v2.9.0", GV_AMDGPU, "AMDGPU", 192000, 1);
	d->usedmem = 5000;
	CU_ASSERT_TRUE(t_fit_req(&x, &r));
	CU_ASSERT_EQUAL(x.g[0].usedmem, 192000);
	CU_ASSERT_EQUAL(x.g[0].usedcores, 0);
	d->used = 1;
	CU_ASSERT_FALSE(t_fit_req(&x, &r));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_TIME_SLICING_EXHAUSTED], 1);
	t_fit_release(&x);
}

CU_TestInfo amd_tests[] = {
	{ "AMD registration from capacity", test_amd_registration },
	{ "AMD requests (Mi300xMemory)", test_amd_request },
	{ "AMD Fit: slots alone", test_amd_fit_slots },
	CU_TEST_INFO_NULL
};
