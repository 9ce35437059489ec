/*
 * test_enflame.c: Enflame's whole GCUs (the GV_ENFLAME_GCU row of
 * core/sched/hami/vendor.c, its Fit in core/sched/hami/vendor_fit.c)
 * against HAMi v2.7.0 to v2.10.0's pkg/device/enflame/gcu.go:
 * GetNodeDevices, GenerateResourceRequests, Fit; values worked out by
 * hand.
 */
#include <stdio.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/hami/hami.h"
#include "../../core/sched/hami/vendor.h"

/* A Node 'g' of capacity enflame.com/gcu cap. */
static int
load_gcu(const char *cap, struct gs_cluster *c, struct gs_error *err)
{
	return t_load_capacity("g", "enflame.com/gcu", cap, c, err);
}

/* GetNodeDevices: "<node>-GCU-<i>", count 1, Devmem 100, Devcore 100;
 * registered from v2.7.0. */
static void
test_gcu_registration(void)
{
	struct gs_cluster	c;
	struct gs_error		err;

	CU_ASSERT_EQUAL_FATAL(load_gcu("2", &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(c.nodes[0].ndevs, 2);
	CU_ASSERT_STRING_EQUAL(c.nodes[0].devs[1].id, "g-GCU-1");
	CU_ASSERT_STRING_EQUAL(c.nodes[0].devs[1].type, "GCU");
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].count, 1);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].devmem, 100);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].devcore, 100);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].vendor, GV_ENFLAME_GCU);
	gs_cluster_release(&c);
	CU_ASSERT_FALSE(gs_vendor_registered(GV_ENFLAME_GCU, t_hp("2.6.1")));
	CU_ASSERT(gs_vendor_registered(GV_ENFLAME_GCU, t_hp("2.7.0")));
	CU_ASSERT(gs_vendor_registered(GV_ENFLAME_GCU, t_hp("2.10.0")));
}

/* GenerateResourceRequests: Nums, Memreq 100, MemPercentagereq 100,
 * Coresreq 100; not HAMi's before v2.7. */
static void
test_gcu_request(void)
{
	struct hami_creq	r;

	r = t_res_creq(GS_RES_ENFLAME_GCU, 2, 0, "hami-v2.7.0");
	t_assert_one_req(&r, &(struct hami_req){ 2, 100, 100, 100,
	    GV_ENFLAME_GCU });
	r = t_res_creq(GS_RES_ENFLAME_GCU, 1, 1, "hami-v2.6.1");
	CU_ASSERT_EQUAL(r.n, 0);
}

/*
 * Fit: a used GCU is refused (ExclusiveDeviceAllocateConflict) even
 * with slots left; an idle one is granted 100 MiB and 100 cores.
 */
static void
test_gcu_fit(void)
{
	struct t_fit	 x;
	struct hami_req	 r = { 1, 100, 100, 100, GV_ENFLAME_GCU };
	struct gs_device *d;

	d = t_fit_vendor(&x, "hami-v2.7.0", GV_ENFLAME_GCU, "GCU", 100, 4);
	d->used = 1;
	CU_ASSERT_FALSE(t_fit_req(&x, &r));
	CU_ASSERT_EQUAL(x.counts[HR_EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT], 1);
	d->used = 0;
	CU_ASSERT_TRUE(t_fit_req(&x, &r));
	CU_ASSERT_EQUAL(x.g[0].usedmem, 100);
	CU_ASSERT_EQUAL(x.g[0].usedcores, 100);
	t_fit_release(&x);
}

/*
 * Three GCUs, one taken by a first container: a second asking three
 * gets two.  gcu.go's AllocatedCardsInsufficientRequest is len(tmpDevs),
 * the types (1), in v2.10 too (NVIDIA's counts the devices there).
 */
static void
test_gcu_insufficient(void)
{
	struct gs_cluster	c;
	struct gs_error		err;
	struct t_pfit		x;

	CU_ASSERT_EQUAL_FATAL(load_gcu("3", &c, &err), 0);
	t_pfit_init(&x, &c.nodes[0],
	    &(struct hami_req){ 1, 100, 100, 100, GV_ENFLAME_GCU });
	t_pfit_profile(&x, "hami-v2.10.0");
	CU_ASSERT_TRUE(t_pfit(&x));
	x.r.nums = x.r.r[0].nums = 3;
	CU_ASSERT_FALSE(t_pfit(&x));
	CU_ASSERT_EQUAL(x.counts[HR_EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT], 1);
	CU_ASSERT_EQUAL(x.counts[HR_ALLOCATED_CARDS_INSUFFICIENT_REQUEST], 1);
	t_pfit_release(&x);
	gs_cluster_release(&c);
}

CU_TestInfo enflame_tests[] = {
	{ "Enflame GCU registration from capacity", test_gcu_registration },
	{ "Enflame GCU requests", test_gcu_request },
	{ "Enflame GCU Fit: a used GCU refused", test_gcu_fit },
	{ "Enflame GCU: insufficient counts the type", test_gcu_insufficient },
	CU_TEST_INFO_NULL
};
