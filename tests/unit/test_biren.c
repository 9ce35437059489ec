/*
 * test_biren.c: Biren GPUs (the GV_BIREN row of core/sched/hami/vendor.c, its
 * JSON registration in core/load/cluster.c, its slots-only Fit in
 * core/sched/hami/vendor_fit.c) against HAMi v2.10.0's
 * pkg/device/biren/device.go: GetNodeDevices, GenerateResourceRequests,
 * checkType and Fit; values worked out by hand.
 */
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/hami/hami.h"
#include "../../core/sched/hami/vendor.h"

/* GetNodeDevices: UnMarshalNodeDevices, then Devcore 100 on each. */
static void
test_biren_registration(void)
{
	static const char doc[] = "kind: Node\nmetadata:\n  name: b\n"
	    "  annotations:\n    hami.io/node-biren-register: '[{\"id\":"
	    "\"BR-0\",\"index\":3,\"count\":4,\"devmem\":32768,\"devcore\":7,"
	    "\"type\":\"Biren-BR106\",\"health\":true}]'\n";
	struct gs_cluster	c;
	struct gs_error		err;
	const struct gs_device	*d;

	CU_ASSERT_EQUAL_FATAL(t_load_cluster(doc, &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(c.nodes[0].ndevs, 1);
	d = &c.nodes[0].devs[0];
	CU_ASSERT_STRING_EQUAL(d->id, "BR-0");
	CU_ASSERT_EQUAL(d->index, 3);
	CU_ASSERT_EQUAL(d->count, 4);
	CU_ASSERT_EQUAL(d->devmem, 32768);
	CU_ASSERT_EQUAL(d->devcore, 100);	/* not the registered 7 */
	CU_ASSERT_EQUAL(d->vendor, GV_BIREN);
	gs_cluster_release(&c);
	/* v2.10.0 alone; it has no vNPU templates (not Ascend). */
	CU_ASSERT_FALSE(gs_vendor_registered(GV_BIREN, t_hp("2.9.0")));
	CU_ASSERT(gs_vendor_registered(GV_BIREN, t_hp("2.10.0")));
	CU_ASSERT_FALSE(gs_vendor_is_ascend(GV_BIREN));
	CU_ASSERT(gs_vendor_is_ascend(GV_ASCEND910C));
}

/* GenerateResourceRequests: limits, else requests; Nums, MemPercentagereq
 * 100, Coresreq 0.  v2.9.0 reads no Biren resource. */
static void
test_biren_request(void)
{
	struct hami_creq	r;

	r = t_res_creq(GS_RES_BIREN, 3, 0, "hami-v2.10.0");
	t_assert_one_req(&r, &(struct hami_req){ 3, 0, 100, 0, GV_BIREN });
	r = t_res_creq(GS_RES_BIREN, 3, 0, "hami-v2.9.0");
	CU_ASSERT_EQUAL(r.n, 0);
	/* A count of 0 is no request. */
	r = t_res_creq(GS_RES_BIREN, 0, 1, "hami-v2.10.0");
	CU_ASSERT_EQUAL(r.n, 0);
}

/*
 * Fit: one GPU "biren-br106" (lower case: v2.10's getNodeResources keeps
 * it, case-insensitively; checkType passes every device), 2 slots, one
 * used, its memory and cores all taken.  fitInCertainDevice's checks
 * would refuse it (memory); Biren's takes the free slot, charging 0 MiB
 * and 0 cores.  With both slots used: CardTimeSlicingExhausted.
 */
static void
test_biren_fit_slots(void)
{
	struct t_fit	x;
	struct hami_req	r = { 1, 0, 100, 0, GV_BIREN };
	struct gs_device *d;

	d = t_fit_vendor(&x, "hami-v2.10.0", GV_BIREN, "biren-br106", 65536,
	    2);
	d->used = 1;
	d->usedmem = 65536;
	d->usedcores = 100;
	CU_ASSERT_TRUE(t_fit_req(&x, &r));
	CU_ASSERT_EQUAL(x.g[0].dev, 0);
	CU_ASSERT_EQUAL(x.g[0].usedmem, 0);
	CU_ASSERT_EQUAL(x.g[0].usedcores, 0);
	d->used = 2;
	CU_ASSERT_FALSE(t_fit_req(&x, &r));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_TIME_SLICING_EXHAUSTED], 1);
	CU_ASSERT_EQUAL(x.counts[HR_CARD_INSUFFICIENT_MEMORY], 0);
	t_fit_release(&x);
}

CU_TestInfo biren_tests[] = {
	{ "Biren registration (Devcore 100)", test_biren_registration },
	{ "Biren requests", test_biren_request },
	{ "Biren Fit: slots alone", test_biren_fit_slots },
	CU_TEST_INFO_NULL
};
