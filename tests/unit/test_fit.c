/*
 * test_fit.c: fitInDevices / fitInCertainDevice (spec §3.6-§3.8, §8): try
 * order under binpack and spread, NUMA, numa-bind, every check with HAMi's
 * reason, the filters' quirks, multi-GPU requests and charging.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/hami/hami.h"
#include "../../core/util/util.h"

static void
anno(struct t_fit *x, const char *k, const char *v)
{
	gs_kv_set(&x->pod.annotations, k, v);
}

static void
test_ties_take_the_last_device(void)
{
	struct t_fit	x;

	t_fit_init(&x, 4, 15360, "spread");
	CU_ASSERT_TRUE(t_fit_run(&x, 1, 7500, 101, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 3);
	CU_ASSERT_EQUAL(x.g[0].usedmem, 7500);
	t_fit_release(&x);
	t_fit_init(&x, 4, 15360, "binpack");
	CU_ASSERT_TRUE(t_fit_run(&x, 1, 7500, 101, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 3);
	t_fit_release(&x);
}

static void
test_binpack_and_spread_order(void)
{
	struct t_fit	x;

	t_fit_init(&x, 4, 15360, "binpack");
	x.node.devs[1].used = 1;
	x.node.devs[1].usedmem = 1000;
	CU_ASSERT_TRUE(t_fit_run(&x, 1, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 1);		/* most loaded first */
	t_fit_release(&x);
	t_fit_init(&x, 4, 15360, "spread");
	x.node.devs[3].used = 1;
	x.node.devs[3].usedmem = 1000;
	CU_ASSERT_TRUE(t_fit_run(&x, 1, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 2);		/* least loaded, latest */
	t_fit_release(&x);
	/* Any value but exactly "binpack" is spread. */
	t_fit_init(&x, 4, 15360, "BINPACK");
	x.node.devs[1].used = 1;
	x.node.devs[1].usedmem = 1000;
	CU_ASSERT_TRUE(t_fit_run(&x, 1, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 3);
	t_fit_release(&x);
}

static void
test_numa_order(void)
{
	struct t_fit	x;
	size_t		i;

	/* binpack tries the lowest NUMA group first, spread the highest. */
	t_fit_init(&x, 4, 15360, "binpack");
	for (i = 0; i < 4; i++)
		x.node.devs[i].numa = i < 2 ? 0 : 1;
	CU_ASSERT_TRUE(t_fit_run(&x, 1, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 1);
	x.node.devs[2].used = 5;		/* score does not beat NUMA */
	x.node.devs[2].usedmem = 9000;
	CU_ASSERT_TRUE(t_fit_run(&x, 1, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 1);
	t_fit_release(&x);
	t_fit_init(&x, 4, 15360, "spread");
	for (i = 0; i < 4; i++)
		x.node.devs[i].numa = i < 2 ? 0 : 1;
	CU_ASSERT_TRUE(t_fit_run(&x, 1, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 3);
	t_fit_release(&x);
}

static void
test_numa_bind(void)
{
	struct t_fit	x;
	size_t		i;

	t_fit_init(&x, 4, 15360, "spread");
	for (i = 0; i < 4; i++)
		x.node.devs[i].numa = i < 2 ? 0 : 1;
	x.node.devs[3].used = 10;		/* slots exhausted */
	CU_ASSERT_TRUE(t_fit_run(&x, 2, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 2);		/* crosses NUMA: 2 then 1 */
	CU_ASSERT_EQUAL(x.g[1].dev, 1);
	anno(&x, HAMI_NUMA_BIND_ANNO, "true");
	CU_ASSERT_TRUE(t_fit_run(&x, 2, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 1);		/* restarted in NUMA 0 */
	CU_ASSERT_EQUAL(x.g[1].dev, 0);
	CU_ASSERT_EQUAL(x.counts[HR_NUMA_NOT_FIT], 1);
	/* ParseBool: "yes" is not true. */
	anno(&x, HAMI_NUMA_BIND_ANNO, "yes");
	CU_ASSERT_TRUE(t_fit_run(&x, 2, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.g[1].dev, 1);
	t_fit_release(&x);
}

static void
test_type_filters(void)
{
	struct t_fit	x;

	t_fit_init(&x, 4, 15360, "spread");
	anno(&x, HAMI_USE_TYPE_ANNO, "t4");	/* upper-cased substring */
	CU_ASSERT_TRUE(t_fit_run(&x, 1, 1000, 101, 0));
	anno(&x, HAMI_USE_TYPE_ANNO, "A10");
	CU_ASSERT_FALSE(t_fit_run(&x, 1, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_TYPE_MISMATCH], 4);
	anno(&x, HAMI_USE_TYPE_ANNO, "A100,");	/* empty entry: all */
	CU_ASSERT_TRUE(t_fit_run(&x, 1, 1000, 101, 0));
	gs_kv_release(&x.pod.annotations);
	anno(&x, HAMI_NOUSE_TYPE_ANNO, "");	/* empty: rejects all */
	CU_ASSERT_FALSE(t_fit_run(&x, 1, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_TYPE_MISMATCH], 4);
	gs_kv_release(&x.pod.annotations);
	anno(&x, HAMI_VGPU_MODE_ANNO, "mps");
	CU_ASSERT_FALSE(t_fit_run(&x, 1, 1000, 101, 0));
	anno(&x, HAMI_VGPU_MODE_ANNO, "hami-core,mps");
	CU_ASSERT_TRUE(t_fit_run(&x, 1, 1000, 101, 0));
	t_fit_release(&x);
	/* A device whose type lacks "NVIDIA" never matches. */
	t_fit_init(&x, 1, 15360, "spread");
	free(x.node.devs[0].type);
	x.node.devs[0].type = xstrdup("MLU370");
	CU_ASSERT_FALSE(t_fit_run(&x, 1, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_TYPE_MISMATCH], 1);
	t_fit_release(&x);
}

static void
test_uuid_filters(void)
{
	struct t_fit	x;

	t_fit_init(&x, 4, 15360, "spread");
	anno(&x, HAMI_USE_UUID_ANNO, "GPU-0,GPU-9");
	CU_ASSERT_TRUE(t_fit_run(&x, 1, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 0);
	CU_ASSERT_EQUAL(x.counts[HR_CARD_UUID_MISMATCH], 3);
	/* use-gpuuuid silences nouse-gpuuuid. */
	anno(&x, HAMI_NOUSE_UUID_ANNO, "GPU-0");
	CU_ASSERT_TRUE(t_fit_run(&x, 1, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 0);
	gs_kv_release(&x.pod.annotations);
	anno(&x, HAMI_NOUSE_UUID_ANNO, "GPU-3");
	CU_ASSERT_TRUE(t_fit_run(&x, 1, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 2);
	t_fit_release(&x);
}

static void
test_capacity_checks(void)
{
	struct t_fit	x;

	t_fit_init(&x, 4, 15360, "spread");
	CU_ASSERT_FALSE(t_fit_run(&x, 1, 15361, 101, 0));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_INSUFFICIENT_MEMORY], 4);
	CU_ASSERT_TRUE(t_fit_run(&x, 1, 15360, 101, 0));	/* equality fits */
	x.node.devs[3].used = 10;
	x.node.devs[2].usedcores = 100;
	x.node.devs[2].used = 1;
	x.node.devs[1].usedcores = 60;
	x.node.devs[1].used = 1;
	x.node.devs[0].used = 1;
	x.node.devs[0].usedcores = 60;
	CU_ASSERT_FALSE(t_fit_run(&x, 1, 1000, 101, 50));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_TIME_SLICING_EXHAUSTED], 1);
	CU_ASSERT_EQUAL(x.counts[HR_CARD_INSUFFICIENT_CORE], 3);
	CU_ASSERT_EQUAL(x.counts[HR_CARD_INSUFFICIENT_MEMORY], 0);
	/* Device 0 has all cores free but is in use: 100 is exclusive. */
	x.node.devs[0].usedcores = 0;
	CU_ASSERT_FALSE(t_fit_run(&x, 1, 1000, 101, 100));
	CU_ASSERT_EQUAL(x.counts[HR_EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT], 1);
	/* A cores-0 request cannot land on a GPU whose cores are all used. */
	x.node.devs[0].usedcores = 100;
	x.node.devs[1].usedcores = 100;
	CU_ASSERT_FALSE(t_fit_run(&x, 1, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_COMPUTE_UNITS_EXHAUSTED], 3);
	t_fit_release(&x);
}

static void
test_cores_clamp_persists(void)
{
	struct t_fit	x;

	t_fit_init(&x, 4, 15360, "spread");
	CU_ASSERT_TRUE(t_fit_run(&x, 2, 1000, 101, 150));
	CU_ASSERT_EQUAL(x.g[0].usedcores, 100);
	CU_ASSERT_EQUAL(x.g[1].usedcores, 100);
	CU_ASSERT_EQUAL(x.s.devs[x.g[0].dev].usedcores, 100);	/* charged */
	CU_ASSERT_EQUAL(x.s.devs[x.g[0].dev].used, 1);
	t_fit_release(&x);
}

static void
test_percentage_memory(void)
{
	struct t_fit	x;

	t_fit_init(&x, 1, 15360, "spread");
	CU_ASSERT_TRUE(t_fit_run(&x, 1, 0, 45, 0));
	CU_ASSERT_EQUAL(x.g[0].usedmem, 15360 * 45 / 100);	/* 6912 */
	CU_ASSERT_TRUE(t_fit_run(&x, 1, 0, 100, 0));
	CU_ASSERT_EQUAL(x.g[0].usedmem, 15360);
	/* gpumem wins over the percentage for the fit and the charge. */
	CU_ASSERT_TRUE(t_fit_run(&x, 1, 500, 45, 0));
	CU_ASSERT_EQUAL(x.g[0].usedmem, 500);
	t_fit_release(&x);
}

static void
test_node_insufficient_and_partial(void)
{
	struct t_fit	x;

	t_fit_init(&x, 4, 15360, "spread");
	CU_ASSERT_FALSE(t_fit_run(&x, 5, 1000, 101, 0));
	CU_ASSERT_TRUE(x.insufficient);
	x.node.devs[0].usedmem = 15000;
	x.node.devs[1].usedmem = 15000;
	x.node.devs[2].usedmem = 15000;
	CU_ASSERT_FALSE(t_fit_run(&x, 2, 1000, 101, 0));
	CU_ASSERT_FALSE(x.insufficient);
	CU_ASSERT_EQUAL(x.counts[HR_CARD_INSUFFICIENT_MEMORY], 3);
	CU_ASSERT_EQUAL(x.counts[HR_ALLOCATED_CARDS_INSUFFICIENT_REQUEST], 1);
	t_fit_release(&x);
}

/*
 * Up to v2.9 NumaNotFit and AllocatedCardsInsufficientRequest add
 * len(tmpDevs), the number of device TYPES (1); v2.10 adds
 * len(tmpDevs[k.Type]), the devices taken so far.
 */
static void
test_partial_counts_by_version(void)
{
	struct t_fit	x;
	size_t		i;

	t_fit_init(&x, 4, 15360, "spread");
	x.node.devs[0].usedmem = 15000;
	CU_ASSERT_FALSE(t_fit_run(&x, 4, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_INSUFFICIENT_MEMORY], 1);
	CU_ASSERT_EQUAL(x.counts[HR_ALLOCATED_CARDS_INSUFFICIENT_REQUEST], 1);
	t_set_profile(&x.cfg, "hami-v2.10.0");
	CU_ASSERT_FALSE(t_fit_run(&x, 4, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.counts[HR_ALLOCATED_CARDS_INSUFFICIENT_REQUEST], 3);
	/* numa-bind: 3 and 2 taken in NUMA 1, then NUMA 0 restarts. */
	x.node.devs[0].usedmem = 0;
	for (i = 0; i < 4; i++)
		x.node.devs[i].numa = i < 2 ? 0 : 1;
	x.node.devs[1].usedmem = 15000;
	anno(&x, HAMI_NUMA_BIND_ANNO, "true");
	CU_ASSERT_FALSE(t_fit_run(&x, 3, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.counts[HR_NUMA_NOT_FIT], 2);
	CU_ASSERT_EQUAL(x.counts[HR_ALLOCATED_CARDS_INSUFFICIENT_REQUEST], 1);
	t_set_profile(&x.cfg, "hami-v2.9.0");
	CU_ASSERT_FALSE(t_fit_run(&x, 3, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.counts[HR_NUMA_NOT_FIT], 1);
	t_fit_release(&x);
}

/* v2.6.1 has no health check in Fit; v2.7 skips an unhealthy device
 * first, with CardNotHealth; topology-aware is recognised from v2.7. */
static void
test_health_by_version(void)
{
	struct t_fit	x;

	t_fit_init(&x, 4, 15360, "spread");
	x.node.devs[3].health = 0;
	CU_ASSERT_TRUE(t_fit_run(&x, 1, 7500, 101, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 3);
	CU_ASSERT_EQUAL(x.counts[HR_CARD_NOT_HEALTH], 0);
	t_set_profile(&x.cfg, "hami-v2.7.0");
	x.node.devs[2].health = 0;
	CU_ASSERT_TRUE(t_fit_run(&x, 1, 7500, 101, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 1);
	CU_ASSERT_EQUAL(x.counts[HR_CARD_NOT_HEALTH], 2);
	anno(&x, HAMI_GPU_POLICY_ANNO, "topology-aware");
	hami_filter_init(&x.f, &x.pod, &x.cfg);
	CU_ASSERT_TRUE(x.f.topology);
	hami_filter_release(&x.f);
	t_fit_release(&x);
}

CU_TestInfo fit_tests[] = {
	{ "health check and topology-aware by version",
	    test_health_by_version },
	{ "ties go to the device latest in order", test_ties_take_the_last_device },
	{ "binpack and spread try order", test_binpack_and_spread_order },
	{ "NUMA groups before scores", test_numa_order },
	{ "numa-bind restarts per NUMA group", test_numa_bind },
	{ "type and mode filters", test_type_filters },
	{ "UUID filters", test_uuid_filters },
	{ "capacity checks and their reasons", test_capacity_checks },
	{ "cores clamp to 100 and persist", test_cores_clamp_persists },
	{ "memory percentage in fit and charge", test_percentage_memory },
	{ "NodeInsufficientDevice and partial fits", test_node_insufficient_and_partial },
	{ "partial-fit reason counts by version", test_partial_counts_by_version },
	CU_TEST_INFO_NULL,
};
