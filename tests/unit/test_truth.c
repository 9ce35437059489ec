/*
 * test_truth.c: truth in metrics and messages (issue 14 item 7): the
 * handshake time as Go parses it, GPUs HAMi does not schedule on left out
 * of free capacity, 7-field GPUs numbered by position, with hand values.
 */
#include <stdlib.h>
#include <string.h>

#include "suites.h"
#include "../../core/load/load.h"
#include "../../core/metrics/metrics.h"
#include "../../core/load/register_codec.h"
#include "../../core/util/util.h"

#define NEAR(a, b) CU_ASSERT_DOUBLE_EQUAL((a), (b), 1e-9)

static void
test_handshake_time(void)
{
	/* 2024-01-02 = day 19724 since 1970-01-01. */
	CU_ASSERT_EQUAL(gs_handshake_time("Requesting_2024-01-02 00:00:00"),
	    INT64_C(19724) * 86400);
	/* Go's hour "15" takes one digit; a fraction is accepted. */
	CU_ASSERT_EQUAL(gs_handshake_time("Requesting_2024-01-02 3:04:05"),
	    INT64_C(19724) * 86400 + 3 * 3600 + 4 * 60 + 5);
	CU_ASSERT_EQUAL(gs_handshake_time("Requesting_2024-01-02 00:00:01.5"),
	    INT64_C(19724) * 86400 + 1);
	/* strings.Split(...)[1] stops at the next '_'. */
	CU_ASSERT_EQUAL(gs_handshake_time("Requesting_2024-01-02 00:00:00_x"),
	    INT64_C(19724) * 86400);
	CU_ASSERT_EQUAL(gs_handshake_time("Requesting_2024-02-29 00:00:00"),
	    INT64_C(19782) * 86400);
	/* What time.Parse refuses. */
	CU_ASSERT_EQUAL(gs_handshake_time("Requesting_2023-02-29 00:00:00"),
	    INT64_MIN);
	CU_ASSERT_EQUAL(gs_handshake_time("Requesting_2024-1-02 00:00:00"),
	    INT64_MIN);
	CU_ASSERT_EQUAL(gs_handshake_time("Requesting_2024-01-02 00:00:60"),
	    INT64_MIN);
	CU_ASSERT_EQUAL(gs_handshake_time("Requesting_2024-01-02 00:00:00 x"),
	    INT64_MIN);
	CU_ASSERT_EQUAL(gs_handshake_time("Requesting_2024-01-02T00:00:00Z"),
	    INT64_MIN);
	CU_ASSERT_EQUAL(gs_handshake_time("Requesting"), INT64_MIN);
}

static void
test_device_offered(void)
{
	struct gs_node	n;

	t_node(&n, "n", 2, 15360, "NVIDIA-Tesla T4");
	n.devs[0].health = 0;
	n.devs[1].cordoned = 1;
	/* Unhealthy: scheduled on by v2.6.1, not from v2.7; peers never. */
	CU_ASSERT_TRUE(gs_device_offered(&n, 0, t_hp("2.6.1")));
	CU_ASSERT_FALSE(gs_device_offered(&n, 0, t_hp("2.7.0")));
	CU_ASSERT_FALSE(gs_device_offered(&n, 0, NULL));
	/* Cordoned: only v2.10 honours hami.io/device-cordon. */
	CU_ASSERT_TRUE(gs_device_offered(&n, 1, t_hp("2.9.0")));
	CU_ASSERT_FALSE(gs_device_offered(&n, 1, t_hp("2.10.0")));
	CU_ASSERT_TRUE(gs_device_offered(&n, 1, NULL));
	/* Devices dropped by a stale handshake. */
	n.registered = 0;
	n.hs_refused = 1;
	n.handshake = GS_HS_REQUESTING;
	CU_ASSERT_FALSE(gs_device_offered(&n, 1, t_hp("2.6.1")));
	CU_ASSERT_FALSE(gs_device_offered(&n, 1, NULL));
	/* Allocatable 0 and an unparsable Requesting_ time: v2.9 drops the
	 * devices (the zero time is long past), v2.10's CheckHealth keeps
	 * them. */
	n.has_alloc_gpu = 1;
	n.alloc_gpu = 0;
	n.hs_bad_time = xstrdup("Requesting_yesterday");
	CU_ASSERT_FALSE(hami_node_usable(&n, t_hp("2.9.0")));
	CU_ASSERT_TRUE(hami_node_usable(&n, t_hp("2.10.0")));
	/* Unhealthy, then cordoned. */
	CU_ASSERT_FALSE(gs_device_offered(&n, 0, t_hp("2.10.0")));
	CU_ASSERT_FALSE(gs_device_offered(&n, 1, t_hp("2.10.0")));
	n.devs[1].cordoned = 0;
	CU_ASSERT_TRUE(gs_device_offered(&n, 1, t_hp("2.10.0")));
	gs_node_release(&n);
}

static void
test_metrics_dropped(void)
{
	struct t_metrics_fx	 f;
	struct gs_cluster	*c = &f.c;
	struct gs_metrics	 m;

	t_metrics_fx_init(&f, 2, 7500);
	/* b's devices dropped by its handshake; a's GPU 1 unhealthy (not
	 * dropped by v2.6.1) and half used on GPU 0. */
	c->nodes[1].registered = 0;
	c->nodes[1].hs_refused = 1;
	c->nodes[0].devs[1].health = 0;
	c->nodes[0].devs[0].used = 1;
	c->nodes[0].devs[0].usedmem = 7680;
	gs_metrics_compute(&m, c, &f.w, &f.cfg, NULL);
	CU_ASSERT_EQUAL(m.gpus, 5);
	CU_ASSERT_EQUAL(m.gpus_offline, 3);
	CU_ASSERT_EQUAL(m.whole_free, 1);
	CU_ASSERT_EQUAL(m.node[1].whole_free, 0);
	CU_ASSERT_EQUAL(m.largest_block, 1);
	CU_ASSERT_EQUAL(m.largest_block_node, 0);
	NEAR(m.idle_gpus, 1.5);
	/* Both a's GPUs host 7500 MiB: nothing fragmented; b not counted. */
	NEAR(m.frag_gpus, 0);
	gs_metrics_release(&m);
	/* v2.7.1: a's unhealthy GPU 1 is dropped too, and a 2-GPU request
	 * then fits nowhere: a's idle half GPU is fragmented.  (v2.7.0
	 * reads no handshake, so b would keep its GPUs there.) */
	t_set_profile(&f.cfg, "hami-v2.7.1");
	gs_metrics_compute(&m, c, &f.w, &f.cfg, NULL);
	CU_ASSERT_EQUAL(m.gpus_offline, 4);
	CU_ASSERT_EQUAL(m.whole_free, 0);
	CU_ASSERT_EQUAL(m.largest_block_node, -1);
	NEAR(m.idle_gpus, 0.5);
	NEAR(m.frag_gpus, 0.5);
	gs_metrics_release(&m);
	t_metrics_fx_release(&f);
}

static void
test_seven_fields(void)
{
	struct gs_device	*d;
	struct gs_node		 n;
	size_t			 nd;
	char			 why[128];

	CU_ASSERT_EQUAL_FATAL(hami_register_decode("GPU-a,10,15360,100,"
	    "NVIDIA-Tesla T4,0,true:GPU-b,10,15360,100,NVIDIA-Tesla T4,0,"
	    "true:GPU-c,10,15360,100,NVIDIA-Tesla T4,0,true,7,hami-core:",
	    &d, &nd, why, sizeof why), 0);
	CU_ASSERT_EQUAL_FATAL(nd, 3);
	/* HAMi's index is 0 for both 7-field GPUs; shown by position. */
	CU_ASSERT_EQUAL(d[0].index, 0);
	CU_ASSERT_EQUAL(d[1].index, 0);
	memset(&n, 0, sizeof n);
	n.devs = d;
	n.ndevs = nd;
	CU_ASSERT_EQUAL(gs_gpu_number(&n, 0), 0);
	CU_ASSERT_EQUAL(gs_gpu_number(&n, 1), 1);
	CU_ASSERT_EQUAL(gs_gpu_number(&n, 2), 7);
	n.name = xstrdup("n");
	gs_node_release(&n);
}

CU_TestInfo truth_tests[] = {
	{ "handshake time as Go parses it", test_handshake_time },
	{ "GPUs HAMi schedules on", test_device_offered },
	{ "dropped GPUs are not free", test_metrics_dropped },
	{ "7-field GPUs by position", test_seven_fields },
	CU_TEST_INFO_NULL,
};
