/*
 * test_score.c: HAMi v2.6.1's node and device scores in float32, against
 * the values of spec §5.4 (replayed by hand: T4 15360 MiB, A10G 23028 MiB,
 * 4 GPUs per node, 10 slots, pods of 7500 MiB).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/hami/hami.h"
#include "../../core/util/util.h"

static const struct hami_req demo = { 1, 7500, 101, 0, 0 };

static void
charge(struct gs_device *d, int pods)
{
	d->used += pods;
	d->usedmem += 7500 * pods;
}

static void
test_node_scores(void)
{
	static const float t4[] = { 0, 1.4707031f, 2.9414063f, 4.4121094f,
	    5.8828125f };
	static const float a10g[] = { 0, 1.0642262f, 2.1284523f, 3.1926787f,
	    4.2569046f };
	struct gs_node	n;
	int		k;

	t_node(&n, "t4", 4, 15360, "NVIDIA-Tesla T4");
	for (k = 0; k <= 4; k++) {
		CU_ASSERT_EQUAL(hami_node_score(n.devs, n.ndevs), t4[k]);
		if (k < 4)
			charge(&n.devs[k % 4], 1);
	}
	gs_node_release(&n);
	t_node(&n, "a10g", 4, 23028, "NVIDIA-NVIDIA A10G");
	for (k = 0; k <= 4; k++) {
		CU_ASSERT_EQUAL(hami_node_score(n.devs, n.ndevs), a10g[k]);
		if (k < 4)
			charge(&n.devs[0], 1);	/* where they land is moot */
	}
	gs_node_release(&n);
}

static void
test_device_scores(void)
{
	static const float t4[] = { 5.8828125f, 11.765625f, 17.6484375f,
	    23.53125f };
	static const float a10g[] = { 4.2569046f, 8.513809f, 12.770715f,
	    17.027618f };
	struct gs_node	n;
	int		u;

	t_node(&n, "t4", 1, 15360, "NVIDIA-Tesla T4");
	for (u = 0; u < 4; u++) {
		CU_ASSERT_EQUAL(hami_device_score(&n.devs[0], &demo), t4[u]);
		charge(&n.devs[0], 1);
	}
	gs_node_release(&n);
	t_node(&n, "a10g", 1, 23028, "NVIDIA-NVIDIA A10G");
	for (u = 0; u < 4; u++) {
		CU_ASSERT_EQUAL(hami_device_score(&n.devs[0], &demo), a10g[u]);
		charge(&n.devs[0], 1);
	}
	gs_node_release(&n);
}

static void
test_percentage_quirk(void)
{
	struct gs_node	n;
	struct hami_req	r = { 1, 0, 45, 0, 0 };

	t_node(&n, "a10g", 1, 23028, "NVIDIA-NVIDIA A10G");
	/* 45 / 100 == 0 in integers: the memory term vanishes. */
	CU_ASSERT_EQUAL(hami_device_score(&n.devs[0], &r), 1.0f);
	r.mempct = 100;				/* the whole card */
	CU_ASSERT_EQUAL(hami_device_score(&n.devs[0], &r), 11.0f);
	r.mempct = 0;				/* 0: falls back to Memreq */
	r.memreq = 2302;
	CU_ASSERT_EQUAL(hami_device_score(&n.devs[0], &r),
	    10.0f * ((0.1f + 0.0f) + (float)2302 / (float)23028));
	/* Cores count unclamped in the score. */
	r.coresreq = 150;
	r.memreq = 0;
	CU_ASSERT_EQUAL(hami_device_score(&n.devs[0], &r),
	    10.0f * ((0.1f + 1.5f) + 0.0f));
	gs_node_release(&n);
}

static void
test_float32_order_of_operations(void)
{
	struct gs_node	n;
	float		s;

	/* used 1/3, cores 1/3, mem 1/3: (a + b) + c in float32 differs from
	 * the exact 1.0 and from double evaluation. */
	t_node(&n, "x", 1, 3, "NVIDIA-X");
	n.devs[0].count = 3;
	n.devs[0].devcore = 3;
	n.devs[0].used = 1;
	n.devs[0].usedcores = 1;
	n.devs[0].usedmem = 1;
	s = hami_node_score(n.devs, n.ndevs);
	CU_ASSERT_EQUAL(s, 10.0f * ((1.0f / 3.0f + 1.0f / 3.0f) + 1.0f / 3.0f));
	gs_node_release(&n);
	/* V261 does not guard empty totals: 0/0 is NaN, as in Go. */
	CU_ASSERT_TRUE(isnan(hami_node_score(NULL, 0)));
}

/* v2.9's ComputeScore: the NVIDIA request never counts (its Type is
 * "NVIDIA", a device's "NVIDIA-<model>"); 10 x (2/10 + 30/100 +
 * 3000/15360) = 10 x (0.5 + 0.1953125) = 6.953125 exactly in float32. */
static void
test_v29_device_score(void)
{
	struct gs_node	n;
	struct hami_req	r = { 1, 1000, 101, 20, 0 };

	t_node(&n, "n", 1, 15360, "NVIDIA-Tesla T4");
	n.devs[0].used = 2;
	n.devs[0].usedcores = 30;
	n.devs[0].usedmem = 3000;
	CU_ASSERT_EQUAL(hami_device_score_v(&n.devs[0], &r, t_hp("2.9.0")),
	    6.953125f);
	CU_ASSERT_EQUAL(hami_device_score_v(&n.devs[0], &r, t_hp("2.8.0")),
	    hami_device_score(&n.devs[0], &r));
	/* A device typed exactly "NVIDIA" counts the request as one slot. */
	free(n.devs[0].type);
	n.devs[0].type = xstrdup("NVIDIA");
	r.nums = 3;
	CU_ASSERT_EQUAL(hami_device_score_v(&n.devs[0], &r, t_hp("2.9.0")),
	    10.0f * ((3.0f / 10 + 50.0f / 100) + 4000.0f / 15360));
	/* Zero guards. */
	n.devs[0].devcore = 0;
	CU_ASSERT_EQUAL(hami_device_score_v(&n.devs[0], &r, t_hp("2.9.0")),
	    0.0f);
	CU_ASSERT_EQUAL(hami_node_score_v(n.devs, 1, t_hp("2.9.0")), 0.0f);
	CU_ASSERT_TRUE(isinf(hami_node_score_v(n.devs, 1, t_hp("2.6.1"))));
	gs_node_release(&n);
}

CU_TestInfo score_tests[] = {
	{ "v2.9 device score and zero guards", test_v29_device_score },
	{ "node scores of spec 5.4", test_node_scores },
	{ "device scores of spec 5.4", test_device_scores },
	{ "integer percentage quirk", test_percentage_quirk },
	{ "float32, Go's order of operations", test_float32_order_of_operations },
	CU_TEST_INFO_NULL,
};
