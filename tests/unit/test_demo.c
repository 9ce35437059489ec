/*
 * test_demo.c: the HAMi demo's four patterns (spec §5.3-§5.4) from
 * scenarios/hami-demo, checked as the demo documents them:
 *   A all on t4-node, 2 GPUs x 2 pods;  B 2 pods per node, one GPU each;
 *   C all on t4-node, 4 distinct GPUs;  D 2 per node, distinct GPUs.
 */
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/engine.h"
#include "../../core/sched/policy.h"
#include "../../core/load/scenario.h"

#define DEMO	"../../scenarios/hami-demo/four-patterns.yaml"

struct outcome {
	int	pods_on[2];		/* per node */
	int	gpus_used[2];		/* per node */
	int	max_per_gpu;
};

static void
run_pattern(const char *name, struct outcome *o)
{
	struct gs_scenario	 sc;
	struct gs_warnings	 w = { 0 };
	struct gs_error		 err;
	struct gs_result	 r;
	struct gs_run		*run = NULL;
	size_t			 i, j;

	memset(o, 0, sizeof *o);
	CU_ASSERT_EQUAL_FATAL(gs_scenario_load(&sc, DEMO, NULL, &w, &err), 0);
	CU_ASSERT_EQUAL(w.n, 0);
	CU_ASSERT_STRING_EQUAL(sc.cluster.nodes[0].name, "t4-node");
	CU_ASSERT_EQUAL(sc.cluster.nodes[0].devs[0].devmem, 15360);
	CU_ASSERT_EQUAL(sc.cluster.nodes[1].devs[0].devmem, 23028);
	for (i = 0; i < sc.nruns; i++)
		if (strcmp(sc.runs[i].name, name) == 0)
			run = &sc.runs[i];
	CU_ASSERT_PTR_NOT_NULL_FATAL(run);
	gs_engine_run(&sc.cluster, &run->wl, &run->cfg, &gs_policy_hami_v261,
	    NULL, &r, NULL);
	CU_ASSERT_EQUAL(r.placed, 4);
	for (i = 0; i < r.npl; i++)
		o->pods_on[r.pl[i].node]++;
	for (i = 0; i < 2; i++)
		for (j = 0; j < sc.cluster.nodes[i].ndevs; j++) {
			int u = sc.cluster.nodes[i].devs[j].used;

			o->gpus_used[i] += u > 0;
			if (u > o->max_per_gpu)
				o->max_per_gpu = u;
		}
	gs_result_release(&r);
	gs_scenario_release(&sc);
	gs_warnings_release(&w);
}

static void
test_a_binpack_binpack(void)
{
	struct outcome	o;

	run_pattern("a-node-binpack-gpu-binpack", &o);
	CU_ASSERT_EQUAL(o.pods_on[0], 4);
	CU_ASSERT_EQUAL(o.gpus_used[0], 2);
	CU_ASSERT_EQUAL(o.max_per_gpu, 2);
}

static void
test_b_spread_binpack(void)
{
	struct outcome	o;

	run_pattern("b-node-spread-gpu-binpack", &o);
	CU_ASSERT_EQUAL(o.pods_on[0], 2);
	CU_ASSERT_EQUAL(o.pods_on[1], 2);
	CU_ASSERT_EQUAL(o.gpus_used[0], 1);
	CU_ASSERT_EQUAL(o.gpus_used[1], 1);
}

static void
test_c_binpack_spread(void)
{
	struct outcome	o;

	run_pattern("c-node-binpack-gpu-spread", &o);
	CU_ASSERT_EQUAL(o.pods_on[0], 4);
	CU_ASSERT_EQUAL(o.gpus_used[0], 4);
	CU_ASSERT_EQUAL(o.max_per_gpu, 1);
}

static void
test_d_spread_spread(void)
{
	struct outcome	o;

	run_pattern("d-node-spread-gpu-spread", &o);
	CU_ASSERT_EQUAL(o.pods_on[0], 2);
	CU_ASSERT_EQUAL(o.pods_on[1], 2);
	CU_ASSERT_EQUAL(o.gpus_used[0], 2);
	CU_ASSERT_EQUAL(o.gpus_used[1], 2);
	CU_ASSERT_EQUAL(o.max_per_gpu, 1);
}

CU_TestInfo demo_tests[] = {
	{ "A: all on t4-node, 2 GPUs x 2 pods", test_a_binpack_binpack },
	{ "B: 2 pods per node, one GPU per node", test_b_spread_binpack },
	{ "C: all on t4-node, 4 distinct GPUs", test_c_binpack_spread },
	{ "D: 2 per node, distinct GPUs", test_d_spread_spread },
	CU_TEST_INFO_NULL,
};
