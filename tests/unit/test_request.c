/*
 * test_request.c: how HAMi v2.6.1 builds a container's request (spec §1.3,
 * §1.4, §8): the 101 sentinel, the whole card, defaultMemory, the
 * webhook's defaultGPUNum rule, limits before requests, int32 truncation.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/hami/hami.h"
#include "../../core/util/util.h"

static struct gs_config cfg;

static void
req(const struct gs_container *c, int32_t nums, int32_t mem, int32_t pct,
    int32_t cores)
{
	struct hami_req	r;

	hami_build_request(c, &cfg, &r);
	CU_ASSERT_EQUAL(r.nums, nums);
	CU_ASSERT_EQUAL(r.memreq, mem);
	CU_ASSERT_EQUAL(r.mempct, pct);
	CU_ASSERT_EQUAL(r.coresreq, cores);
}

static void
test_demo_pod(void)
{
	struct gs_container	c;

	gs_config_init(&cfg);
	t_ctr(&c, 1, 7500, -1, -1);
	req(&c, 1, 7500, 101, 0);
	gs_config_release(&cfg);
}

static void
test_whole_card_and_defaults(void)
{
	struct gs_container	c;

	gs_config_init(&cfg);
	t_ctr(&c, 1, -1, -1, -1);
	req(&c, 1, 0, 100, 0);			/* whole card, no cores */
	cfg.default_memory = 1000;
	req(&c, 1, 1000, 101, 0);
	cfg.default_cores = 30;
	req(&c, 1, 1000, 101, 30);
	t_ctr(&c, 2, -1, 45, 150);
	req(&c, 2, 0, 45, 150);			/* clamped only in Fit */
	gs_config_release(&cfg);
}

static void
test_webhook_rule(void)
{
	struct gs_container	c;

	gs_config_init(&cfg);
	t_ctr(&c, -1, 7500, -1, -1);
	req(&c, 1, 7500, 101, 0);		/* defaultGPUNum added */
	t_ctr(&c, -1, -1, -1, 20);
	req(&c, 1, 0, 100, 20);
	c.privileged = 1;			/* webhook skips it */
	req(&c, 0, 0, 0, 0);
	cfg.default_gpunum = 0;
	t_ctr(&c, -1, 7500, -1, -1);
	req(&c, 0, 0, 0, 0);
	gs_config_release(&cfg);
}

static void
test_limits_before_requests(void)
{
	struct gs_container	c;

	gs_config_init(&cfg);
	/* requests gpu 2 + limits gpumem: the webhook writes limits gpu 1. */
	t_ctr(&c, -1, 7500, -1, -1);
	c.req[GS_RES_GPU].set = c.req[GS_RES_GPU].ok = 1;
	c.req[GS_RES_GPU].v = 2;
	req(&c, 1, 7500, 101, 0);
	/* gpumem only in requests and no gpu anywhere: no request. */
	memset(&c, 0, sizeof c);
	c.req[GS_RES_GPUMEM].set = c.req[GS_RES_GPUMEM].ok = 1;
	c.req[GS_RES_GPUMEM].v = 7500;
	req(&c, 0, 0, 0, 0);
	/* gpu only in requests: still read (fallback per resource). */
	c.req[GS_RES_GPU].set = c.req[GS_RES_GPU].ok = 1;
	c.req[GS_RES_GPU].v = 1;
	req(&c, 1, 7500, 101, 0);
	/* limits gpu 0: no request. */
	t_ctr(&c, 0, 7500, -1, -1);
	req(&c, 0, 0, 0, 0);
	gs_config_release(&cfg);
}

static void
test_int32_truncation(void)
{
	struct gs_container	c;

	gs_config_init(&cfg);
	/* 2^32 + 7500 MiB truncates to 7500, as int32(memnum) does. */
	t_ctr(&c, 1, 4294967296LL + 7500, -1, -1);
	req(&c, 1, 7500, 101, 0);
	/* 2^32 exactly: memnum != 0 in Go's int, then 0 as int32: no
	 * memory and no percentage. */
	t_ctr(&c, 1, 4294967296LL, -1, -1);
	req(&c, 1, 0, 101, 0);
	/* 2^32 + 1 GPUs wraps to 1. */
	t_ctr(&c, 4294967297LL, 100, -1, -1);
	req(&c, 1, 100, 101, 0);
	gs_config_release(&cfg);
}

/* v2.7's webhook (defaultExclusiveCoreIfNeeded): whole-memory GPU
 * requests that name no cores get gpucores 100. */
static void
test_v27_exclusive_cores(void)
{
	struct gs_container	c;

	gs_config_init(&cfg);
	t_set_profile(&cfg, "hami-v2.7.0");
	t_ctr(&c, 1, -1, -1, -1);
	req(&c, 1, 0, 100, 100);		/* v2.6.1: cores 0 */
	t_ctr(&c, 2, -1, 100, -1);
	req(&c, 2, 0, 100, 100);
	t_ctr(&c, 1, -1, 50, -1);
	req(&c, 1, 0, 50, 0);			/* a share: untouched */
	t_ctr(&c, 1, 3000, -1, -1);
	req(&c, 1, 3000, 101, 0);
	t_ctr(&c, 1, -1, -1, 30);
	req(&c, 1, 0, 100, 30);			/* cores named: kept */
	t_ctr(&c, -1, -1, 100, -1);		/* webhook adds the GPU first */
	req(&c, 1, 0, 100, 100);
	t_ctr(&c, -1, 3000, -1, -1);
	req(&c, 1, 3000, 101, 0);
	t_ctr(&c, 1, -1, -1, -1);
	c.privileged = 1;			/* the webhook skips it */
	req(&c, 1, 0, 100, 0);
	t_ctr(&c, 1, -1, -1, -1);
	c.req[GS_RES_GPUCORES].set = 1;		/* named in requests only */
	c.req[GS_RES_GPUCORES].ok = 1;
	c.req[GS_RES_GPUCORES].v = 20;
	req(&c, 1, 0, 100, 20);
	gs_config_release(&cfg);
	gs_config_init(&cfg);
	t_ctr(&c, 1, -1, -1, -1);
	req(&c, 1, 0, 100, 0);			/* v2.6.1 unchanged */
	gs_config_release(&cfg);
}

static void
test_versions(void)
{
	CU_ASSERT_STRING_EQUAL(hami_profile_for_version("v2.7"), "hami-v2.7.0");
	CU_ASSERT_STRING_EQUAL(hami_profile_for_version("2.7.1"),
	    "hami-v2.7.1");
	CU_ASSERT_STRING_EQUAL(hami_profile_for_version("v2.6"), "hami-v2.6.1");
	CU_ASSERT_STRING_EQUAL(hami_profile_for_version("v2.8.3"),
	    "hami-v2.8.0");
	CU_ASSERT_STRING_EQUAL(hami_profile_for_version("2.9"), "hami-v2.9.0");
	CU_ASSERT_PTR_NULL(hami_profile_for_version("v2.11"));
	CU_ASSERT_PTR_NULL(hami_profile_for_version("2.7.2"));
}

CU_TestInfo request_tests[] = {
	{ "v2.7: exclusive cores for whole-memory requests",
	    test_v27_exclusive_cores },
	{ "--hami-version values", test_versions },
	{ "demo pod -> {1, 7500, 101, 0}", test_demo_pod },
	{ "whole card, defaultMemory, defaultCores", test_whole_card_and_defaults },
	{ "webhook adds defaultGPUNum from limits", test_webhook_rule },
	{ "limits before requests, per resource", test_limits_before_requests },
	{ "int32 truncation as in Go", test_int32_truncation },
	CU_TEST_INFO_NULL,
};
