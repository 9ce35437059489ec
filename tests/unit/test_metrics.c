/*
 * test_metrics.c: fragmentation, whole-GPU availability, stranded
 * capacity and contention on hand-computed examples.
 */
#include <math.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/metrics/metrics.h"
#include "../../core/util/util.h"

#define NEAR(a, b)	CU_ASSERT_DOUBLE_EQUAL((a), (b), 1e-9)

static void
test_node_fragmentation(void)
{
	struct gs_node	n;
	struct gs_shape	one = { { 1, 7500, 101, 0, 0 }, 1.0, 1 };
	struct gs_shape	two = { { 2, 7500, 101, 0, 0 }, 1.0, 1 };
	struct gs_shape	mix[2] = { { { 1, 7500, 101, 0, 0 }, 0.5, 1 },
			    { { 2, 7500, 101, 0, 0 }, 0.5, 1 } };

	t_node(&n, "t4", 2, 15360, "NVIDIA-Tesla T4");
	/* GPU 0 holds one 7500 MiB pod: idle 7860/15360 + 1. */
	n.devs[0].used = 1;
	n.devs[0].usedmem = 7500;
	NEAR(gs_device_idle(&n.devs[0]), 7860.0 / 15360);
	NEAR(gs_node_frag(&n, &one, 1), 0);
	NEAR(gs_node_frag(&n, &two, 1), 0);
	/* A second pod: GPU 0 has 360 MiB left, useless to 7500 MiB. */
	n.devs[0].used = 2;
	n.devs[0].usedmem = 15000;
	NEAR(gs_node_frag(&n, &one, 1), 360.0 / 15360);
	/* A 2-GPU shape cannot fit at all: the whole idle capacity. */
	NEAR(gs_node_frag(&n, &two, 1), 1 + 360.0 / 15360);
	NEAR(gs_node_frag(&n, mix, 2), 0.5 * (360.0 / 15360) +
	    0.5 * (1 + 360.0 / 15360));
	gs_node_release(&n);
}

static void
test_can_host(void)
{
	struct gs_node	n;
	struct hami_req	excl = { 1, 0, 100, 100, 0 },
			small = { 1, 100, 101, 0, 0 };

	t_node(&n, "x", 1, 15360, "NVIDIA-X");
	CU_ASSERT_TRUE(gs_device_can_host(&n.devs[0], &excl));
	n.devs[0].used = 1;
	n.devs[0].usedmem = 100;
	CU_ASSERT_FALSE(gs_device_can_host(&n.devs[0], &excl));
	CU_ASSERT_TRUE(gs_device_can_host(&n.devs[0], &small));
	n.devs[0].usedcores = 100;	/* compute exhausted */
	CU_ASSERT_FALSE(gs_device_can_host(&n.devs[0], &small));
	gs_node_release(&n);
}

static void
test_cluster_metrics(void)
{
	struct t_metrics_fx	 f;
	struct gs_cluster	*c = &f.c;
	struct gs_metrics	 m;

	t_metrics_fx_init(&f, 1, 7500);
	/* a: GPU 0 two pods (15000 MiB), GPU 1 slots full but memory free. */
	c->nodes[0].devs[0].used = 2;
	c->nodes[0].devs[0].usedmem = 15000;
	c->nodes[0].devs[1].used = 10;
	c->nodes[0].devs[1].usedmem = 1000;
	gs_metrics_compute(&m, c, &f.w, &f.cfg, NULL);
	CU_ASSERT_EQUAL(m.gpus, 5);
	CU_ASSERT_EQUAL(m.gpus_used, 2);
	CU_ASSERT_EQUAL(m.nodes_used, 1);
	CU_ASSERT_EQUAL(m.whole_free, 3);
	CU_ASSERT_EQUAL(m.node[0].whole_free, 0);
	CU_ASSERT_EQUAL(m.largest_block, 3);
	CU_ASSERT_EQUAL(m.largest_block_node, 1);
	CU_ASSERT_EQUAL(m.nshapes, 1);
	NEAR(m.idle_gpus, 360.0 / 15360 + 14360.0 / 15360 + 3);
	NEAR(m.frag_gpus, 360.0 / 15360 + 14360.0 / 15360);
	NEAR(m.frag_pct, 100 * m.frag_gpus / m.idle_gpus);
	CU_ASSERT_EQUAL(m.stranded_mem, 14360);		/* slots full */
	CU_ASSERT_EQUAL(m.stranded_slots, 8);		/* memory out */
	CU_ASSERT_EQUAL(m.stranded_cores, 100);
	CU_ASSERT_EQUAL(m.mem_used, 16000);
	gs_metrics_release(&m);
	t_metrics_fx_release(&f);
}

CU_TestInfo metrics_tests[] = {
	{ "FGD fragmentation of one node", test_node_fragmentation },
	{ "which GPUs can host a shape", test_can_host },
	{ "cluster metrics", test_cluster_metrics },
	CU_TEST_INFO_NULL,
};
