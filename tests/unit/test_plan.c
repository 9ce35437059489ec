/*
 * test_plan.c: capacity planning: what runs out first, headroom on the
 * demo (16 more pods), Monte Carlo against known distributions, the
 * node search, what-if edits and the report's inputs table.
 */
#include <math.h>
#include <string.h>

#include <CUnit/CUnit.h>
#include <gsl/gsl_rng.h>

#include "suites.h"
#include "../../core/plan/montecarlo.h"
#include "../../core/plan/plan.h"
#include "../../core/load/scenario.h"
#include "../../core/util/util.h"
#include "../../core/plan/whatif.h"
#include "../../core/report/inputs.h"

#define DEMO	"../../scenarios/hami-demo/four-patterns.yaml"

static void
test_binding(void)
{
	CU_ASSERT_STRING_EQUAL(gs_binding_from_reason("0/2 nodes fit: 2 "
	    "nodes: 4/4 CardInsufficientMemory (needs 16000 MiB per GPU, "
	    "largest free 15360 MiB on t4-node GPU 0)"), "memory");
	CU_ASSERT_STRING_EQUAL(gs_binding_from_reason("0/3 nodes fit: 1 node: "
	    "4/4 CardTimeSlicingExhausted; 2 nodes: 2/4 "
	    "CardInsufficientMemory, 2/4 CardTimeSlicingExhausted"), "slots");
	CU_ASSERT_STRING_EQUAL(gs_binding_from_reason("0/2 nodes fit: 2 nodes: "
	    "NodeInsufficientDevice"), "GPUs per node");
	CU_ASSERT_STRING_EQUAL(gs_binding_from_reason("0/1 nodes fit: 1 node: "
	    "3/4 ExclusiveDeviceAllocateConflict, 1/4 "
	    "CardInsufficientCore"), "whole GPUs");
	CU_ASSERT_STRING_EQUAL(gs_binding_from_reason(NULL), "none");
	/* What ran out wins over devices that never fitted (another
	 * vendor's, on most nodes); those only when nothing ran out. */
	CU_ASSERT_STRING_EQUAL(gs_binding_from_reason("0/5 nodes fit: 3 "
	    "nodes: 2/2 CardTypeMismatch; 1 node: 2/4 CardTypeMismatch, 2/4 "
	    "CardInsufficientCore"), "cores");
	CU_ASSERT_STRING_EQUAL(gs_binding_from_reason("0/2 nodes fit: 1 "
	    "node: 2/2 CardTypeMismatch; 1 node: 4/4 CardUuidMismatch"),
	    "GPU UUID");
	/* The peers' profiles. */
	CU_ASSERT_STRING_EQUAL(gs_binding_from_reason("0/2 nodes are "
	    "available: 0 refused by kube-scheduler filters, 0 without GPUs, "
	    "2 without enough free GPUs"), "free GPUs");
	CU_ASSERT_STRING_EQUAL(gs_binding_from_reason("0/3 nodes are "
	    "available: 0 refused by kube-scheduler filters, 3 Insufficient "
	    "nvidia.com/mig-2g.20gb"), "device plugin resources");
	CU_ASSERT_STRING_EQUAL(gs_binding_from_reason("0/2 nodes are "
	    "available: 2 refused by kube-scheduler filters, 0 Insufficient "
	    "nvidia.com/gpu"), "nodes (kube-scheduler filters)");
	/* A reason naming none of the known ones: every weight 0, the
	 * map's end never read. */
	CU_ASSERT_STRING_EQUAL(gs_binding_from_reason("0/2 nodes fit: 2 "
	    "nodes: 1/1 SomethingElse"), "unknown");
	CU_ASSERT_STRING_EQUAL(gs_binding_from_reason("asks nvidia.com/gpumem, "
	    "gpumem-percentage or gpucores, which no node advertises without "
	    "HAMi"), "HAMi's resources (not advertised)");
}

static void
load_demo(struct gs_scenario *sc)
{
	struct gs_warnings	w = { 0 };
	struct gs_error		err;

	CU_ASSERT_EQUAL_FATAL(gs_scenario_load(sc, DEMO, NULL, &w, &err), 0);
	gs_warnings_release(&w);
}

static void
test_headroom_demo(void)
{
	struct gs_scenario	 sc;
	size_t			 i, n;

	load_demo(&sc);
	for (i = 0; i < sc.nruns; i++) {
		struct gs_cluster	 c;
		struct gs_result	 r;
		struct gs_headroom	*h;

		gs_cluster_copy(&c, &sc.cluster);
		gs_engine_run(&c, &sc.runs[i].wl, &sc.runs[i].cfg,
		    &gs_policy_hami_v261, NULL, &r, NULL);
		gs_plan_headroom(&c, &sc.runs[i].wl, &r, &sc.runs[i].cfg,
		    &gs_policy_hami_v261, 1000, &h, &n, NULL);
		/* T4 holds 2 pods of 7500 MiB per GPU, A10G 3: 20 in all. */
		CU_ASSERT_EQUAL(n, 1);
		CU_ASSERT_EQUAL(h[0].placed, 4);
		CU_ASSERT_EQUAL(h[0].additional, 16);
		CU_ASSERT_STRING_EQUAL(h[0].binding, "memory");
		gs_headroom_free(h, n);
		gs_result_release(&r);
		gs_cluster_release(&c);
	}
	gs_scenario_release(&sc);
}

static struct gs_pod *
pod(struct gs_workload *w, const char *name, int64_t mem)
{
	struct gs_pod	*p = t_pod(w, name, 1);

	t_ctr(&p->ctrs[0], 1, mem, -1, -1);
	p->ctrs[0].name = xstrdup("main");
	return p;
}

/*
 * Headroom of workloads whose templates ask the same is counted once
 * (plan/headroom.c pod_same): 4 T4s (15360 MiB); a and b ask 15000 MiB,
 * c the same on nodes labelled x=y (none), d 7000 MiB.  a, b take a GPU
 * each, c is pending, d takes a third: one GPU free, one with 8360 MiB.
 * More that fit: a 1, b 1 (a's count), c 0 (selector), d 2 + 1 = 3.
 */
static void
test_headroom_shared(void)
{
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_config	 cfg;
	struct gs_result	 r;
	struct gs_headroom	*h;
	size_t			 n;

	memset(&c, 0, sizeof c);
	memset(&w, 0, sizeof w);
	c.nodes = xcalloc(1, sizeof *c.nodes);
	c.nnodes = c.cap = 1;
	t_node(&c.nodes[0], "n", 4, 15360, "NVIDIA-Tesla T4");
	gs_config_init(&cfg);
	pod(&w, "a", 15000);
	pod(&w, "b", 15000);
	gs_kv_set(&pod(&w, "c", 15000)->node_selector, "x", "y");
	pod(&w, "d", 7000);
	gs_engine_run(&c, &w, &cfg, &gs_policy_hami_v261, NULL, &r, NULL);
	CU_ASSERT_EQUAL_FATAL(gs_plan_headroom(&c, &w, &r, &cfg,
	    &gs_policy_hami_v261, 100, &h, &n, NULL), 0);
	CU_ASSERT_EQUAL_FATAL(n, 4);
	CU_ASSERT_EQUAL(h[0].placed, 1);
	CU_ASSERT_EQUAL(h[0].additional, 1);
	CU_ASSERT_STRING_EQUAL(h[0].binding, "memory");
	CU_ASSERT_EQUAL(h[1].additional, 1);
	CU_ASSERT_STRING_EQUAL(h[1].binding, "memory");
	CU_ASSERT_STRING_EQUAL(h[1].workload, "b");
	CU_ASSERT_EQUAL(h[2].placed, 0);
	CU_ASSERT_EQUAL(h[2].pending, 1);
	CU_ASSERT_EQUAL(h[2].additional, 0);
	CU_ASSERT_STRING_EQUAL(h[2].binding, "nodes (selector)");
	CU_ASSERT_EQUAL(h[3].additional, 3);
	gs_headroom_free(h, n);
	gs_result_release(&r);
	gs_workload_release(&w);
	gs_cluster_release(&c);
	gs_config_release(&cfg);
}

/*
 * One GPU; a pod wanting all its memory and two small ones.  The big one
 * places only when it comes first (probability 1/3), and then both small
 * ones are pending; otherwise only the big one is: E[pending] = 4/3.
 */
static void
test_montecarlo_known_distribution(void)
{
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_config	 cfg;
	struct gs_mc_opts	 o = { 3000, 11, 0, 0, 1, NULL };
	struct gs_mc_sample	*v, *v2;
	struct gs_mc_stat	 st;
	double			*x;
	size_t			 n, n2, i, twos = 0;

	memset(&c, 0, sizeof c);
	memset(&w, 0, sizeof w);
	c.nodes = xcalloc(1, sizeof *c.nodes);
	c.nnodes = c.cap = 1;
	t_node(&c.nodes[0], "n", 1, 15360, "NVIDIA-Tesla T4");
	gs_config_init(&cfg);
	pod(&w, "big", 15360);
	pod(&w, "small-a", 1000);
	pod(&w, "small-b", 1000);
	gs_montecarlo(&c, &w, &cfg, &gs_policy_hami_v261, &o, &v, &n, NULL);
	CU_ASSERT_EQUAL_FATAL(n, 3000);
	x = xcalloc(n, sizeof *x);
	for (i = 0; i < n; i++) {
		x[i] = v[i].pending;
		twos += v[i].pending == 2;
		CU_ASSERT_TRUE(v[i].pending == 1 || v[i].pending == 2);
	}
	gs_mc_stat(x, n, &st);
	CU_ASSERT_DOUBLE_EQUAL(st.mean, 4.0 / 3.0, 0.04);
	CU_ASSERT_DOUBLE_EQUAL((double)twos / (double)n, 1.0 / 3.0, 0.03);
	CU_ASSERT_EQUAL(st.p50, 1);
	CU_ASSERT_EQUAL(st.max, 2);
	/* Same seed, same samples; a shard holds exactly its runs. */
	o.shard = 1;
	o.nshards = 3;
	gs_montecarlo(&c, &w, &cfg, &gs_policy_hami_v261, &o, &v2, &n2, NULL);
	CU_ASSERT_EQUAL(n2, 1000);
	for (i = 0; i < n2; i++) {
		CU_ASSERT_EQUAL(v2[i].run, 3 * i + 1);
		CU_ASSERT_EQUAL(v2[i].pending, v[3 * i + 1].pending);
	}
	free(x);
	free(v);
	free(v2);
	gs_workload_release(&w);
	gs_config_release(&cfg);
	gs_cluster_release(&c);
}

/* Go's map iteration of 4 GPUs: NVML order 5/8, each rotation 1/8. */
static void
test_rotation_distribution(void)
{
	struct gs_cluster	 c;
	gsl_rng			*rng = gsl_rng_alloc(gsl_rng_mt19937);
	size_t			 first[4] = { 0, 0, 0, 0 }, i, k;
	const size_t		 draws = 16000;

	memset(&c, 0, sizeof c);
	c.nodes = xcalloc(1, sizeof *c.nodes);
	c.nnodes = c.cap = 1;
	t_node(&c.nodes[0], "n", 4, 15360, "NVIDIA-Tesla T4");
	gsl_rng_set(rng, 5);
	for (i = 0; i < draws; i++) {
		struct gs_cluster cc;

		gs_cluster_copy(&cc, &c);
		gs_rotate_registration(&cc, rng);
		first[cc.nodes[0].devs[0].index]++;
		/* Still a rotation: consecutive indices. */
		for (k = 1; k < 4; k++)
			CU_ASSERT_EQUAL(cc.nodes[0].devs[k].index,
			    (cc.nodes[0].devs[0].index + (int32_t)k) % 4);
		gs_cluster_release(&cc);
	}
	CU_ASSERT_DOUBLE_EQUAL((double)first[0] / draws, 5.0 / 8, 0.015);
	for (k = 1; k < 4; k++)
		CU_ASSERT_DOUBLE_EQUAL((double)first[k] / draws, 1.0 / 8,
		    0.012);
	gsl_rng_free(rng);
	gs_cluster_release(&c);
}

static void
test_nodes_search(void)
{
	struct gs_cluster	 c, pc;
	struct gs_workload	 w;
	struct gs_config	 cfg;
	struct gs_pool		 pools[2];
	struct gs_nodes_plan	 pl;
	size_t			 i;

	memset(&c, 0, sizeof c);
	memset(&w, 0, sizeof w);
	memset(&pc, 0, sizeof pc);
	c.nodes = xcalloc(1, sizeof *c.nodes);
	c.nnodes = c.cap = 1;
	t_node(&c.nodes[0], "t4", 4, 15360, "NVIDIA-Tesla T4");
	pc.nodes = xcalloc(2, sizeof *pc.nodes);
	pc.nnodes = pc.cap = 2;
	t_node(&pc.nodes[0], "small", 1, 15360, "NVIDIA-Tesla T4");
	t_node(&pc.nodes[1], "large", 4, 23028, "NVIDIA-NVIDIA A10G");
	pools[0].name = "small";
	pools[0].node = pc.nodes[0];
	pools[0].cost = 1.0;
	pools[0].has_cost = 1;
	pools[1].name = "large";
	pools[1].node = pc.nodes[1];
	pools[1].cost = 3.5;
	pools[1].has_cost = 1;
	gs_config_init(&cfg);
	for (i = 0; i < 12; i++) {
		char n[32];

		snprintf(n, sizeof n, "p%zu", i);
		pod(&w, n, 7500);
	}
	/* 8 fit on the T4 node; 4 more: two small nodes (cost 2) beat one
	 * large (3.5). */
	gs_plan_nodes(&c, &w, &cfg, &gs_policy_hami_v261,
	    pools, 2, 10, 1000, NULL, &pl, NULL);
	CU_ASSERT_TRUE(pl.found);
	CU_ASSERT_EQUAL(pl.pending_before, 4);
	CU_ASSERT_EQUAL(pl.count[0], 2);
	CU_ASSERT_EQUAL(pl.count[1], 0);
	CU_ASSERT_DOUBLE_EQUAL(pl.cost, 2.0, 1e-9);
	gs_nodes_plan_release(&pl);
	/* Without prices: fewest nodes, so the large one. */
	pools[0].has_cost = pools[1].has_cost = 0;
	gs_plan_nodes(&c, &w, &cfg, &gs_policy_hami_v261,
	    pools, 2, 10, 1000, NULL, &pl, NULL);
	CU_ASSERT_EQUAL(pl.nodes, 1);
	CU_ASSERT_EQUAL(pl.count[1], 1);
	gs_nodes_plan_release(&pl);
	/* Impossible within the bound. */
	gs_plan_nodes(&c, &w, &cfg, &gs_policy_hami_v261,
	    pools, 2, 0, 1000, NULL, &pl, NULL);
	CU_ASSERT_FALSE(pl.found);
	CU_ASSERT_EQUAL(pl.pending_after, 4);
	gs_nodes_plan_release(&pl);
	gs_workload_release(&w);
	gs_config_release(&cfg);
	gs_cluster_release(&pc);
	gs_cluster_release(&c);
}

/*
 * The NVIDIA device plugin's devices (issue 18) under plan's edits:
 * devices.yaml lays a100 out as GPU 0's four MIG instances (2g.20gb,
 * 1g.10gb x2, 3g.40gb) and GPU 1 time-sliced x4, l4 as MPS x2, t4 left
 * HAMi's (10 slots).  --set-split 4 sets t4's count to 4 only; the
 * registration rotation leaves a100's and l4's order as listed.
 */
static void
test_plan_dp_devices(void)
{
	static const int32_t	 a100[5] = { 1, 1, 1, 1, 4 };
	struct gs_scenario	 sc;
	struct gs_warnings	 w = { 0 };
	struct gs_error		 err;
	struct gs_edit		 e;
	struct gs_cluster	 c;
	gsl_rng			*rng = gsl_rng_alloc(gsl_rng_mt19937);
	char			 why[128];
	size_t			 i, k, a, l, t;

	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL_FATAL(gs_scenario_load(&sc,
	    "../golden/inputs/scenario-confs/devices.yaml", NULL, &w, &err), 0);
	a = (size_t)gs_cluster_find(&sc.cluster, "a100");
	l = (size_t)gs_cluster_find(&sc.cluster, "l4");
	t = (size_t)gs_cluster_find(&sc.cluster, "t4");
	CU_ASSERT_EQUAL_FATAL(sc.cluster.nodes[a].ndevs, 5);
	CU_ASSERT_EQUAL(sc.cluster.nodes[t].devs[0].kind, GS_DEV_HAMI);
	CU_ASSERT_EQUAL(sc.cluster.nodes[l].devs[0].kind, GS_DEV_MPS);
	CU_ASSERT_EQUAL(gs_edit_parse(ED_SET_SPLIT, "4", &e, why, sizeof why),
	    0);
	gs_cluster_copy(&c, &sc.cluster);
	CU_ASSERT_EQUAL_FATAL(gs_edits_apply(&e, 1, &c, &sc.runs[0].wl,
	    &sc.runs[0].cfg, why, sizeof why), 0);
	for (k = 0; k < 5; k++)
		CU_ASSERT_EQUAL(c.nodes[a].devs[k].count, a100[k]);
	CU_ASSERT_EQUAL(c.nodes[l].devs[0].count, 2);
	CU_ASSERT_EQUAL(c.nodes[t].devs[0].count, 4);
	gs_cluster_release(&c);
	gs_edit_release(&e);
	gsl_rng_set(rng, 5);
	for (i = 0; i < 64; i++) {
		gs_cluster_copy(&c, &sc.cluster);
		gs_rotate_registration(&c, rng);
		for (k = 0; k < 5; k++) {
			const struct gs_device *d = &c.nodes[a].devs[k];
			const struct gs_device *o = &sc.cluster.nodes[a].devs[k];

			CU_ASSERT(d->index == o->index && d->kind == o->kind &&
			    d->mig_start == o->mig_start);
		}
		gs_cluster_release(&c);
	}
	gsl_rng_free(rng);
	gs_scenario_release(&sc);
	gs_warnings_release(&w);
}

static void
test_whatif_edits(void)
{
	struct gs_scenario	 sc;
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_config	 cfg;
	struct gs_edit		 e[3];
	struct gs_result	 r0, r1;
	struct gs_whatif_diff	 d;
	char			 why[128];
	struct gs_cluster	 c0;
	const struct gs_run	*run;

	load_demo(&sc);
	run = &sc.runs[1];		/* B: spread / binpack */
	CU_ASSERT_EQUAL(gs_edit_parse(ED_SCALE, "demo-b-node-spread-gpu-"
	    "binpack=6", &e[0], why, sizeof why), 0);
	CU_ASSERT_EQUAL(gs_edit_parse(ED_SET_SPLIT, "2", &e[1], why,
	    sizeof why), 0);
	CU_ASSERT_EQUAL(gs_edit_parse(ED_SCALE, "oops", &e[2], why,
	    sizeof why), -1);
	CU_ASSERT_EQUAL(gs_edit_parse(ED_SET_POLICY, "zone=a", &e[2], why,
	    sizeof why), -1);
	gs_cluster_copy(&c, &sc.cluster);
	gs_workload_copy(&w, &run->wl);
	gs_config_copy(&cfg, &run->cfg);
	CU_ASSERT_EQUAL_FATAL(gs_edits_apply(e, 2, &c, &w, &cfg, why,
	    sizeof why), 0);
	CU_ASSERT_EQUAL(w.npods, 6);
	CU_ASSERT_STRING_EQUAL(w.pods[5].name, "demo-b-node-spread-gpu-"
	    "binpack-5");
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].count, 2);
	gs_cluster_copy(&c0, &sc.cluster);
	gs_engine_run(&c0, &run->wl, &run->cfg, &gs_policy_hami_v261, NULL,
	    &r0, NULL);
	gs_engine_run(&c, &w, &cfg, &gs_policy_hami_v261, NULL, &r1, NULL);
	gs_whatif_diff(&c0, &run->wl, &r0, &c, &w, &r1, &d);
	/* Split 2: each GPU takes 2 pods, as before; 2 new pods placed. */
	CU_ASSERT_EQUAL(d.nplaced, 2);
	CU_ASSERT_EQUAL(d.nmoved + d.npending, 0);
	gs_whatif_diff_release(&d);
	/* Drain a10g-node: its two pods go to the T4 node. */
	gs_drain(&c0, &run->wl, &run->cfg, &gs_policy_hami_v261, &r0,
	    gs_cluster_find(&c0, "a10g-node"), NULL);
	CU_ASSERT_EQUAL(r0.pl[1].node, 0);
	CU_ASSERT_EQUAL(r0.pl[2].node, 0);
	CU_ASSERT_EQUAL(c0.nodes[1].devs[3].used, 0);
	CU_ASSERT_EQUAL(c0.nodes[0].devs[2].used, 2);
	gs_result_release(&r0);
	gs_result_release(&r1);
	gs_edit_release(&e[0]);
	gs_edit_release(&e[1]);
	gs_config_release(&cfg);
	gs_workload_release(&w);
	gs_cluster_release(&c);
	gs_cluster_release(&c0);
	gs_scenario_release(&sc);
}

/* The plan report's inputs (report/inputs.c): nodes alike grouped by
 * their first, as the old pairwise test did: a and c (4 x T4, 10 slots)
 * are one row of 2; d differs from them in slots only (5), e has no
 * GPUs.  Workloads: x, y, x, x, z -> x 3, y 1, z 1 in first-pod order. */
static void
test_inputs_rows(void)
{
	static const char *const wl_of[5] = { "x", "y", "x", "x", "z" };
	struct gs_cluster		 c;
	struct gs_workload		 w;
	struct gs_report_node_row	*r;
	struct gs_report_workload_row	*wr;
	size_t				 i, j, n;

	memset(&c, 0, sizeof c);
	c.nnodes = 5;
	c.nodes = xcalloc(c.nnodes, sizeof *c.nodes);
	t_node(&c.nodes[0], "a", 4, 15360, "NVIDIA-Tesla-T4");
	t_node(&c.nodes[1], "b", 8, 23028, "NVIDIA-A10G");
	t_node(&c.nodes[2], "c", 4, 15360, "NVIDIA-Tesla-T4");
	t_node(&c.nodes[3], "d", 4, 15360, "NVIDIA-Tesla-T4");
	for (j = 0; j < 4; j++)
		c.nodes[3].devs[j].count = 5;
	t_node(&c.nodes[4], "e", 0, 0, "-");
	n = gs_report_node_rows(&c, &r);
	CU_ASSERT_EQUAL_FATAL(n, 4);
	CU_ASSERT_EQUAL(r[0].first, 0);
	CU_ASSERT_EQUAL(r[0].count, 2);
	CU_ASSERT_EQUAL(r[0].gpus, 4);
	CU_ASSERT_STRING_EQUAL(r[0].type, "NVIDIA-Tesla-T4");
	CU_ASSERT_EQUAL(r[0].mem, 15360);
	CU_ASSERT_EQUAL(r[0].slots, 10);
	CU_ASSERT_EQUAL(r[0].cores, 100);
	CU_ASSERT_EQUAL(r[1].first, 1);
	CU_ASSERT_EQUAL(r[1].count, 1);
	CU_ASSERT_EQUAL(r[1].gpus, 8);
	CU_ASSERT_EQUAL(r[2].first, 3);
	CU_ASSERT_EQUAL(r[2].slots, 5);
	CU_ASSERT_EQUAL(r[3].first, 4);
	CU_ASSERT_EQUAL(r[3].gpus, 0);
	CU_ASSERT_STRING_EQUAL(r[3].type, "");
	CU_ASSERT_EQUAL(r[3].mem, -1);
	free(r);
	gs_cluster_release(&c);

	memset(&w, 0, sizeof w);
	for (i = 0; i < 5; i++) {
		struct gs_pod *p = t_pod(&w, "p", 1);

		free(p->workload);
		p->workload = xstrdup(wl_of[i]);
	}
	n = gs_report_workload_rows(&w, &wr);
	CU_ASSERT_EQUAL_FATAL(n, 3);
	CU_ASSERT_EQUAL(wr[0].first, 0);
	CU_ASSERT_EQUAL(wr[0].count, 3);
	CU_ASSERT_EQUAL(wr[1].first, 1);
	CU_ASSERT_EQUAL(wr[1].count, 1);
	CU_ASSERT_EQUAL(wr[2].first, 4);
	CU_ASSERT_EQUAL(wr[2].count, 1);
	free(wr);
	gs_workload_release(&w);
}

CU_TestInfo plan_tests[] = {
	{ "what runs out first, from HAMi's reasons", test_binding },
	{ "headroom: 16 more demo pods", test_headroom_demo },
	{ "headroom: templates alike counted once", test_headroom_shared },
	{ "Monte Carlo: E[pending] = 4/3, shards", test_montecarlo_known_distribution },
	{ "GPU registration order: 5/8 NVML order", test_rotation_distribution },
	{ "nodes to add: cheapest, fewest, bounded", test_nodes_search },
	{ "what-if: scale, split, drain", test_whatif_edits },
	{ "plan: device plugin devices keep count and order",
	    test_plan_dp_devices },
	{ "report inputs: nodes alike, workloads, one pass", test_inputs_rows },
	CU_TEST_INFO_NULL,
};
