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
 * The kept order must give every decision the per-pod heap gives (the
 * exhaustive path): identical nodes (all tied at first), pods of both
 * directions, and releases (scores go down, the epoch moves) between
 * them.  Pod k is released after pod k + 5 when k % 3 == 0.
 */
static void
test_order_is_exact(void)
{
	struct gs_cluster	 c[2];
	struct gs_workload	 w;
	struct gs_config	 cfg[2];
	struct gs_placement	 pl[2][160];
	void			*st[2];
	unsigned		 seed = 4242, u;
	size_t			 i, k, pass, moved = 0;

	memset(&w, 0, sizeof w);
	for (i = 0; i < 160; i++) {
		char		 n[32];
		struct gs_pod	*p;

		seed = seed * 1103515245u + 12345u;
		u = (seed >> 8) % 1000;
		snprintf(n, sizeof n, "p%zu", i);
		p = t_pod(&w, n, 1);
		t_ctr(&p->ctrs[0], 1 + (u % 5 == 0), 1000 + 700 * (u % 9),
		    -1, u % 4 == 0 ? 30 : -1);
		if (u % 2)
			gs_kv_set(&p->annotations,
			    "hami.io/node-scheduler-policy", "spread");
	}
	for (pass = 0; pass < 2; pass++) {
		memset(&c[pass], 0, sizeof c[pass]);
		c[pass].nodes = xcalloc(9, sizeof *c[pass].nodes);
		c[pass].nnodes = c[pass].cap = 9;
		for (i = 0; i < 9; i++) {
			char n[32];

			snprintf(n, sizeof n, "n%zu", i);
			t_node(&c[pass].nodes[i], n, 2, 15360,
			    "NVIDIA-Tesla T4");
		}
		gs_config_init(&cfg[pass]);
		cfg[pass].exhaustive = pass == 1;
		st[pass] = gs_policy_hami_v261.create(&c[pass], &cfg[pass]);
		for (i = 0; i < 160; i++) {
			gs_policy_hami_v261.decide(st[pass], &c[pass],
			    &w.pods[i], &pl[pass][i]);
			gs_engine_commit(&c[pass], &pl[pass][i], &w.pods[i]);
			if (i >= 5 && (i - 5) % 3 == 0)
				gs_engine_release(&c[pass], &pl[pass][i - 5],
				    &w.pods[i - 5]);
		}
		gs_policy_hami_v261.destroy(st[pass]);
	}
	for (i = 0; i < 160; i++) {
		CU_ASSERT_EQUAL(pl[0][i].status, pl[1][i].status);
		CU_ASSERT_EQUAL(pl[0][i].node, pl[1][i].node);
		CU_ASSERT_EQUAL(pl[0][i].node_score, pl[1][i].node_score);
		moved += i > 0 && pl[0][i].node != pl[0][i - 1].node;
		if (pl[0][i].status == GS_PLACED &&
		    pl[1][i].status == GS_PLACED)
			for (k = 0; k < pl[0][i].ctrs[0].ngrants; k++)
				CU_ASSERT_EQUAL(pl[0][i].ctrs[0].grants[k].dev,
				    pl[1][i].ctrs[0].grants[k].dev);
		CU_ASSERT_STRING_EQUAL(pl[0][i].reason ? pl[0][i].reason : "",
		    pl[1][i].reason ? pl[1][i].reason : "");
		gs_placement_release(&pl[0][i]);
		gs_placement_release(&pl[1][i]);
	}
	CU_ASSERT_TRUE(moved > 20);	/* the order did change */
	for (pass = 0; pass < 2; pass++) {
		gs_cluster_release(&c[pass]);
		gs_config_release(&cfg[pass]);
	}
	gs_workload_release(&w);
}

/*
 * Binpack with the kept order: n0 takes the first pod (tie, listed
 * first); n0's score rises to 10 x (1/20 + 0 + 4000/30720) = 1.8020834,
 * so the second pod goes there too; after the first pod leaves, n0 is
 * back at 1.8020834 (one pod) and still the highest.  Spread then takes
 * n1 (score 0, listed before n2).
 */
static void
test_order_follows_usage(void)
{
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_config	 cfg;
	struct gs_placement	 d[4];
	void			*st;
	size_t			 i;

	memset(&c, 0, sizeof c);
	memset(&w, 0, sizeof w);
	c.nodes = xcalloc(3, sizeof *c.nodes);
	c.nnodes = c.cap = 3;
	for (i = 0; i < 3; i++)
		t_node(&c.nodes[i], i == 0 ? "n0" : i == 1 ? "n1" : "n2", 2,
		    15360, "NVIDIA-Tesla T4");
	for (i = 0; i < 4; i++)
		t_ctr(&t_pod(&w, i == 3 ? "s" : "b", 1)->ctrs[0], 1, 4000, -1,
		    -1);
	gs_kv_set(&w.pods[3].annotations, "hami.io/node-scheduler-policy",
	    "spread");
	gs_config_init(&cfg);
	st = gs_policy_hami_v261.create(&c, &cfg);
	gs_policy_hami_v261.decide(st, &c, &w.pods[0], &d[0]);
	gs_engine_commit(&c, &d[0], &w.pods[0]);
	gs_policy_hami_v261.decide(st, &c, &w.pods[1], &d[1]);
	gs_engine_commit(&c, &d[1], &w.pods[1]);
	gs_engine_release(&c, &d[0], &w.pods[0]);
	gs_policy_hami_v261.decide(st, &c, &w.pods[2], &d[2]);
	gs_engine_commit(&c, &d[2], &w.pods[2]);
	gs_policy_hami_v261.decide(st, &c, &w.pods[3], &d[3]);
	CU_ASSERT_EQUAL(d[0].node, 0);
	CU_ASSERT_EQUAL(d[0].node_score, 0);
	CU_ASSERT_EQUAL(d[1].node, 0);
	CU_ASSERT_DOUBLE_EQUAL(d[1].node_score, 1.8020834, 1e-6);
	CU_ASSERT_EQUAL(d[2].node, 0);
	CU_ASSERT_DOUBLE_EQUAL(d[2].node_score, 1.8020834, 1e-6);
	CU_ASSERT_EQUAL(d[3].node, 1);
	CU_ASSERT_EQUAL(d[3].node_score, 0);
	gs_policy_hami_v261.destroy(st);
	for (i = 0; i < 4; i++)
		gs_placement_release(&d[i]);
	gs_cluster_release(&c);
	gs_config_release(&cfg);
	gs_workload_release(&w);
}

/*
 * The FGD family's node view is cached per gen: one 15360 MiB T4, a pod
 * of 10000 MiB (652 milli) fits once; after the engine charges it (gen
 * moves) the same pod no longer fits (348 milli left).  Usage changed
 * outside the engine with gen bumped (as load_running does) is seen too.
 * The score memo is per request: a 2-GPU pod scored on the same node at
 * the same gen does not fit, and pod a then fits again.
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
	void			*st;
	size_t			 k;

	memset(&w, 0, sizeof w);
	t_ctr(&t_pod(&w, "a", 1)->ctrs[0], 1, 10000, -1, -1);
	t_ctr(&t_pod(&w, "two", 1)->ctrs[0], 2, 1000, -1, -1);
	for (k = 0; k < 4; k++) {
		memset(&c, 0, sizeof c);
		c.nodes = xcalloc(1, sizeof *c.nodes);
		c.nnodes = c.cap = 1;
		t_node(&c.nodes[0], "n0", 1, 15360, "NVIDIA-Tesla T4");
		gs_config_init(&cfg);
		t_set_profile(&cfg, p[k]->name);
		st = gs_policy_start(p[k], &c, &cfg, &w);
		p[k]->decide(st, &c, &w.pods[0], &d);
		CU_ASSERT_EQUAL(d.status, GS_PLACED);
		gs_engine_commit(&c, &d, &w.pods[0]);
		gs_placement_release(&d);
		p[k]->decide(st, &c, &w.pods[0], &d);
		CU_ASSERT_EQUAL(d.status, GS_PENDING);
		gs_placement_release(&d);
		c.nodes[0].devs[0].usedmem = 0;
		c.nodes[0].gen++;
		p[k]->decide(st, &c, &w.pods[0], &d);
		CU_ASSERT_EQUAL(d.status, GS_PLACED);
		gs_placement_release(&d);
		p[k]->decide(st, &c, &w.pods[1], &d);
		CU_ASSERT_EQUAL(d.status, GS_PENDING);
		gs_placement_release(&d);
		p[k]->decide(st, &c, &w.pods[0], &d);
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
	gs_gpu_index_build(&x, &c, &res, &w, &run,
	    hami_profile_find("hami-v2.6.1"));
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
	{ "HAMi's kept node order decides as the per-pod heap",
	    test_order_is_exact },
	{ "HAMi's kept node order follows commits and releases",
	    test_order_follows_usage },
	{ "FGD family's node view follows gen", test_openb_view_follows_gen },
	{ "GPU index: running, then placements, once each", test_gpu_index },
	CU_TEST_INFO_NULL,
};
