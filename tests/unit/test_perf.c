/*
 * test_perf.c: the caches that make a pod cost O(nodes tried): HAMi's
 * node order kept across pods (against the per-pod heap), the FGD
 * family's per-node view keyed on gen, and the writers' GPU index.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/engine.h"
#include "../../core/policy.h"
#include "../../core/report_gpus.h"
#include "../../core/util.h"

/*
 * The FGD family's node view is cached per gen: one 15360 MiB T4, a pod
 * of 10000 MiB (652 milli) fits once; after the engine charges it (gen
 * moves) the same pod no longer fits (348 milli left).  Usage changed
 * outside the engine with gen bumped (as load_running does) is seen too.
 */
static void
test_openb_view_follows_gen(void)
{
	static const struct gs_policy *const p[4] = { &gs_policy_openb_fgd,
	    &gs_policy_openb_bestfit, &gs_policy_openb_gpupacking,
	    &gs_policy_openb_dotprod };
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_config	 cfg;
	struct gs_placement	 d;
	struct gs_error		 err;
	void			*st;
	size_t			 k;

	memset(&w, 0, sizeof w);
	t_ctr(&t_pod(&w, "a", 1)->ctrs[0], 1, 10000, -1, -1);
	for (k = 0; k < 4; k++) {
		memset(&c, 0, sizeof c);
		c.nodes = xcalloc(1, sizeof *c.nodes);
		c.nnodes = c.cap = 1;
		t_node(&c.nodes[0], "n0", 1, 15360, "NVIDIA-Tesla T4");
		gs_config_init(&cfg);
		t_set_profile(&cfg, p[k]->name);
		st = gs_policy_start(p[k], &c, &cfg, &w);
		p[k]->decide(st, &c, &w.pods[0], &d, &err);
		CU_ASSERT_EQUAL(d.status, GS_PLACED);
		gs_engine_commit(&c, &d, &w.pods[0]);
		gs_placement_release(&d);
		p[k]->decide(st, &c, &w.pods[0], &d, &err);
		CU_ASSERT_EQUAL(d.status, GS_PENDING);
		gs_placement_release(&d);
		c.nodes[0].devs[0].usedmem = 0;
		c.nodes[0].gen++;
		p[k]->decide(st, &c, &w.pods[0], &d, &err);
		CU_ASSERT_EQUAL(d.status, GS_PLACED);
		gs_placement_release(&d);
		p[k]->destroy(st);
		gs_config_release(&cfg);
		gs_cluster_release(&c);
	}
	gs_workload_release(&w);
}

/*
 * The GPU index: pod a holds GPU 0 with both containers (listed once),
 * b GPUs 0 and 1, c is pending; running pod r holds GPU 1 of n0 and
 * comes first; n1's GPU has no pod.
 */
static void
test_gpu_index(void)
{
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_result	 res;
	struct gs_running	 run;
	struct gs_gpu_index	 x;
	struct gs_grant		 g[4];
	char			*s;

	memset(&c, 0, sizeof c);
	memset(&w, 0, sizeof w);
	memset(&res, 0, sizeof res);
	memset(&run, 0, sizeof run);
	memset(g, 0, sizeof g);
	c.nodes = xcalloc(2, sizeof *c.nodes);
	c.nnodes = c.cap = 2;
	t_node(&c.nodes[0], "n0", 2, 15360, "NVIDIA-Tesla T4");
	t_node(&c.nodes[1], "n1", 1, 15360, "NVIDIA-Tesla T4");
	t_pod(&w, "a", 2);
	t_pod(&w, "b", 1);
	t_pod(&w, "c", 1);
	res.npl = 3;
	res.pl = xcalloc(3, sizeof *res.pl);
	res.pl[0].status = res.pl[1].status = GS_PLACED;
	res.pl[2].status = GS_PENDING;
	res.pl[2].node = -1;
	res.pl[0].nctrs = 2;
	res.pl[0].ctrs = xcalloc(2, sizeof *res.pl[0].ctrs);
	res.pl[0].ctrs[0].ngrants = res.pl[0].ctrs[1].ngrants = 1;
	res.pl[0].ctrs[0].grants = &g[0];
	res.pl[0].ctrs[1].grants = &g[1];
	res.pl[1].nctrs = 1;
	res.pl[1].ctrs = xcalloc(1, sizeof *res.pl[1].ctrs);
	res.pl[1].ctrs[0].ngrants = 2;
	res.pl[1].ctrs[0].grants = &g[2];
	g[3].dev = 1;
	run.n = 1;
	run.v = xcalloc(1, sizeof *run.v);
	run.v[0].ns = xstrdup("ns");
	run.v[0].name = xstrdup("r");
	run.v[0].node = 0;
	run.v[0].ndevs = 1;
	run.v[0].devs = xcalloc(1, sizeof *run.v[0].devs);
	run.v[0].devs[0].id = xstrdup("GPU-1");
	gs_gpu_index_build(&x, &c, &res, &w, &run, 20601);
	s = gs_gpu_pods(&x, &c, 0, 0);
	CU_ASSERT_STRING_EQUAL(s, "a,b");
	free(s);
	s = gs_gpu_pods(&x, &c, 0, 1);
	CU_ASSERT_STRING_EQUAL(s, "ns/r,b");
	free(s);
	s = gs_gpu_pods(&x, &c, 1, 0);
	CU_ASSERT_STRING_EQUAL(s, "-");
	free(s);
	s = gs_gpu_running(&x, 0, "GPU-1");
	CU_ASSERT_STRING_EQUAL(s, "ns/r");
	free(s);
	s = gs_gpu_running(&x, 0, "GPU-0");
	CU_ASSERT_STRING_EQUAL(s, "-");
	free(s);
	gs_gpu_index_release(&x);
	free(run.v[0].devs[0].id);
	free(run.v[0].devs);
	free(run.v[0].ns);
	free(run.v[0].name);
	free(run.v);
	free(res.pl[0].ctrs);
	free(res.pl[1].ctrs);
	free(res.pl);
	gs_workload_release(&w);
	gs_cluster_release(&c);
}

CU_TestInfo perf_tests[] = {
	{ "FGD family's node view follows gen", test_openb_view_follows_gen },
	{ "GPU index: running, then placements, once each", test_gpu_index },
	CU_TEST_INFO_NULL,
};
