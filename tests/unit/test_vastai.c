/*
 * test_vastai.c: Vastai devices (the GV_VASTAI row of
 * core/sched/hami/vendor.c, its slots-only Fit in core/sched/hami/vendor_fit.c)
 * against HAMi v2.9.0 and v2.10.0's pkg/device/vastai/device.go:
 * GetNodeDevices, GenerateResourceRequests, Fit; values worked out by hand.
 */
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/hami/hami.h"
#include "../../core/sched/hami/vendor.h"

/* GetNodeDevices: UnMarshalNodeDevices, Devcore 100; customInfo is kept
 * as present (gpusched warns: die mode is not simulated). */
static void
test_vastai_registration(void)
{
	static const char doc[] = "kind: Node\nmetadata:\n  name: v\n"
	    "  annotations:\n    hami.io/node-va-register: '[{\"id\":\"VA-0\","
	    "\"index\":0,\"count\":3,\"devmem\":16384,\"devcore\":0,\"type\":"
	    "\"Vastai-VA1\",\"health\":true},{\"id\":\"VA-1\",\"index\":1,"
	    "\"count\":1,\"devmem\":8192,\"devcore\":0,\"type\":\"Vastai-VA1\","
	    "\"health\":true,\"customInfo\":{\"AIC\":\"0\"}}]'\n";
	struct gs_cluster	c;
	struct gs_error		err;

	CU_ASSERT_EQUAL_FATAL(t_load_cluster(doc, &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(c.nodes[0].ndevs, 2);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].vendor, GV_VASTAI);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].count, 3);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].devcore, 100);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].net, GS_NET_NOINFO);
	CU_ASSERT_NOT_EQUAL(c.nodes[0].devs[1].net, GS_NET_NOINFO);
	gs_cluster_release(&c);
	CU_ASSERT_FALSE(gs_vendor_registered(GV_VASTAI, t_hp("2.8.0")));
	CU_ASSERT(gs_vendor_registered(GV_VASTAI, t_hp("2.9.0")));
	CU_ASSERT(gs_vendor_registered(GV_VASTAI, t_hp("2.10.0")));
}

/* GenerateResourceRequests: Nums, MemPercentagereq 100, Coresreq 0. */
static void
test_vastai_request(void)
{
	struct hami_creq	r;

	r = t_res_creq(GS_RES_VASTAI, 2, 1, "hami-v2.9.0");
	t_assert_one_req(&r, &(struct hami_req){ 2, 0, 100, 0, GV_VASTAI });
	r = t_res_creq(GS_RES_VASTAI, 2, 1, "hami-v2.8.0");
	CU_ASSERT_EQUAL(r.n, 0);
}

/*
 * An unhealthy card of 2 slots, one used, its memory all taken: v2.9's
 * Fit has no health test and takes the slot (0 MiB, 0 cores); v2.10's
 * refuses it, CardNotHealth.
 */
static void
test_vastai_fit_health(void)
{
	struct t_fit	 x;
	struct hami_req	 r = { 1, 0, 100, 0, GV_VASTAI };
	struct gs_device *d;

	d = t_fit_vendor(&x, "hami-v2.9.0", GV_VASTAI, "Vastai-VA1", 16384, 2);
	d->health = 0;
	d->used = 1;
	d->usedmem = 16384;
	CU_ASSERT_TRUE(t_fit_req(&x, &r));
	CU_ASSERT_EQUAL(x.g[0].usedmem, 0);
	CU_ASSERT_EQUAL(x.g[0].usedcores, 0);
	t_set_profile(&x.cfg, "hami-v2.10.0");
	CU_ASSERT_FALSE(t_fit_req(&x, &r));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_NOT_HEALTH], 1);
	t_fit_release(&x);
}

CU_TestInfo vastai_tests[] = {
	{ "Vastai registration (Devcore 100)", test_vastai_registration },
	{ "Vastai requests", test_vastai_request },
	{ "Vastai Fit: health from v2.10", test_vastai_fit_health },
	CU_TEST_INFO_NULL
};
