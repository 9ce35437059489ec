/*
 * test_volcano_own.c: Volcano on its own resources (sched/volcano/
 * request.c, issue 19 item 4): volcano.sh/vgpu-* read as
 * ExtractResourceRequest (pkg/scheduler/api/devices/util.go, v1.15.1)
 * and the percentage-before-memory rule of
 * checkNodeGPUSharingPredicateAndScore (nvidia/vgpu/utils.go, v1.15.1),
 * and a placement by volcano-binpack.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/engine.h"
#include "../../core/sched/policy.h"
#include "../../core/sched/volcano/request.h"
#include "../../core/util/util.h"

/* A container asking Volcano's resources; NULL values are absent. */
static void
vctr(struct gs_container *c, const char *num, const char *mem,
    const char *pct, const char *cores)
{
	t_ctr(c, -1, -1, -1, -1);
	if (num != NULL)
		gs_kv_set(&c->dp, "volcano.sh/vgpu-number", num);
	if (mem != NULL)
		gs_kv_set(&c->dp, "volcano.sh/vgpu-memory", mem);
	if (pct != NULL)
		gs_kv_set(&c->dp, "volcano.sh/vgpu-memory-percentage", pct);
	if (cores != NULL)
		gs_kv_set(&c->dp, "volcano.sh/vgpu-cores", cores);
}

static void
test_volcano_read(void)
{
	struct gs_workload	w;
	struct gs_volcano_req	r;
	struct gs_pod		*p;

	memset(&w, 0, sizeof w);
	p = t_pod(&w, "p", 6);
	/* 2 devices, 4000 MiB, 30 % cores. */
	vctr(&p->ctrs[0], "2", "4000", NULL, "30");
	gs_volcano_request(&p->ctrs[0], &r);
	CU_ASSERT_EQUAL(r.num, 2);
	CU_ASSERT_EQUAL(r.mem, 4000);
	CU_ASSERT_EQUAL(r.pct, -1);
	CU_ASSERT_EQUAL(r.cores, 30);
	/* A count alone: the whole memory (100 %). */
	vctr(&p->ctrs[1], "1", NULL, NULL, NULL);
	gs_volcano_request(&p->ctrs[1], &r);
	CU_ASSERT_EQUAL(r.num, 1);
	CU_ASSERT_EQUAL(r.pct, 100);
	/* vgpu-memory alone: one device. */
	vctr(&p->ctrs[2], NULL, "2000", NULL, NULL);
	gs_volcano_request(&p->ctrs[2], &r);
	CU_ASSERT_EQUAL(r.num, 1);
	CU_ASSERT_EQUAL(r.mem, 2000);
	CU_ASSERT_EQUAL(r.pct, -1);
	/* Both: the percentage wins. */
	vctr(&p->ctrs[3], "1", "2000", "50", NULL);
	gs_volcano_request(&p->ctrs[3], &r);
	CU_ASSERT_EQUAL(r.pct, 50);
	/* The percentage alone without a count: no request. */
	vctr(&p->ctrs[4], NULL, NULL, "50", NULL);
	gs_volcano_request(&p->ctrs[4], &r);
	CU_ASSERT_EQUAL(r.num, 0);
	vctr(&p->ctrs[5], NULL, NULL, NULL, NULL);
	gs_volcano_request(&p->ctrs[5], &r);
	CU_ASSERT_EQUAL(r.num, 0);
	CU_ASSERT_TRUE(gs_volcano_resource("volcano.sh/vgpu-cores"));
	CU_ASSERT_FALSE(gs_volcano_resource("volcano.sh/vgpu"));
	gs_workload_release(&w);
}

/*
 * Nodes b then a, 4 T4s of 15360 MiB.  volcano-binpack: "two" (2 x
 * 4000 MiB, 30 % cores) on b (listed first on equal scores), devices 0
 * and 1; "half" (50 % = 7680 MiB) binpacks onto b again.
 */
static void
test_volcano_place(void)
{
	static const char *const names[2] = { "b", "a" };
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_config	cfg;
	struct gs_result	r;

	t_t4_cluster(&c, names, 2);
	memset(&w, 0, sizeof w);
	gs_config_init(&cfg);
	t_set_profile(&cfg, "volcano-binpack");
	vctr(&t_pod(&w, "two", 1)->ctrs[0], "2", "4000", NULL, "30");
	vctr(&t_pod(&w, "half", 1)->ctrs[0], "1", NULL, "50", NULL);
	gs_engine_run(&c, &w, &cfg, gs_policy_find("volcano-binpack"), NULL,
	    &r, NULL);
	CU_ASSERT_EQUAL_FATAL(r.pl[0].status, GS_PLACED);
	CU_ASSERT_EQUAL(r.pl[0].node, 0);
	CU_ASSERT_EQUAL_FATAL(r.pl[0].ctrs[0].ngrants, 2);
	CU_ASSERT_EQUAL(r.pl[0].ctrs[0].grants[0].usedmem, 4000);
	CU_ASSERT_EQUAL(r.pl[0].ctrs[0].grants[0].usedcores, 30);
	CU_ASSERT_EQUAL(r.pl[0].ctrs[0].grants[1].usedmem, 4000);
	CU_ASSERT_EQUAL_FATAL(r.pl[1].status, GS_PLACED);
	CU_ASSERT_EQUAL(r.pl[1].node, 0);
	CU_ASSERT_EQUAL(r.pl[1].ctrs[0].grants[0].usedmem, 7680);
	gs_result_release(&r);
	gs_workload_release(&w);
	gs_cluster_release(&c);
	gs_config_release(&cfg);
}

CU_TestInfo volcano_own_tests[] = {
	{ "Volcano: vgpu-number, -memory, -percentage, -cores",
	    test_volcano_read },
	{ "Volcano: own resources placed by volcano-binpack",
	    test_volcano_place },
	CU_TEST_INFO_NULL,
};
