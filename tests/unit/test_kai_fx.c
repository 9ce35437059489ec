/*
 * test_kai_fx.c: explain of KAI-Scheduler's fractions (sched/kai/
 * frac_explain.h, issue 18 item 6): the memory KAI counts a GPU and what
 * is left of it (MemoryOfEveryGpuOnNode, getNodeGpuMemory,
 * pkg/scheduler/api/node_info/node_info.go; IsTaskFitOnGpuGroup,
 * gpu_sharing_node_info.go), the gpuOrderFn scores (plugins/gpupack/
 * gpupack.go, plugins/gpuspread/gpuspread.go, KAI v0.20.1) and the GPU
 * picked, worked by hand and held against the engine's placement.
 */
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/load/load.h"
#include "../../core/sched/explain_turn.h"
#include "../../core/sched/kai/frac_explain.h"
#include "../../core/sched/policy.h"
#include "../../core/util/util.h"

/* w: two whole A100 80GB (gpu.memory 81920: KAI counts 81900 a GPU);
 * t: an A10G time-sliced x4 renamed to nvidia.com/gpu.shared, which KAI
 * does not count (its replicas as nvidia.com/gpu would be 4 GPUs to KAI:
 * sched/kai/dp.c). */
static const char nodes_yaml[] =
    "apiVersion: v1\nkind: List\nitems:\n"
    "- apiVersion: v1\n  kind: Node\n  metadata:\n    name: w\n"
    "    labels: {nvidia.com/gpu.product: NVIDIA-A100-SXM4-80GB, "
    "nvidia.com/gpu.count: \"2\", nvidia.com/gpu.memory: \"81920\"}\n"
    "  status:\n    allocatable: {cpu: \"32\", memory: 256Gi, pods: "
    "\"110\", nvidia.com/gpu: \"2\"}\n"
    "- apiVersion: v1\n  kind: Node\n  metadata:\n    name: t\n"
    "    labels: {nvidia.com/gpu.product: NVIDIA-A10G-SHARED, "
    "nvidia.com/gpu.count: \"1\", nvidia.com/gpu.memory: \"23028\", "
    "nvidia.com/gpu.replicas: \"4\"}\n"
    "  status:\n    allocatable: {cpu: \"16\", memory: 64Gi, pods: "
    "\"110\", nvidia.com/gpu.shared: \"4\"}\n";

static void
frac_pod(struct gs_workload *w, const char *name, const char *anno,
    const char *val)
{
	struct gs_pod	*p = t_pod(w, name, 1);

	t_ctr(&p->ctrs[0], -1, -1, -1, -1);
	gs_kv_set(&p->annotations, anno, val);
}

/* Explain pod 2 (gpu-memory 30000) after gpu-fraction 0.5 and
 * gpu-memory 20000 under profile; the engine's decision in d. */
static void
run_fx(const char *profile, struct gs_sim *sim, struct gs_kai_fx *ex,
    struct gs_placement *d)
{
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_config	cfg;
	struct gs_error		err;
	const struct gs_policy	*p = gs_policy_find(profile);

	CU_ASSERT_EQUAL_FATAL(t_load_cluster(nodes_yaml, &c, &err), 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	memset(&w, 0, sizeof w);
	gs_config_init(&cfg);
	t_set_profile(&cfg, profile);
	frac_pod(&w, "half", "gpu-fraction", "0.5");
	frac_pod(&w, "by-memory", "gpu-memory", "20000");
	frac_pod(&w, "probe", "gpu-memory", "30000");
	CU_ASSERT_EQUAL_FATAL(gs_explain_before(&c, &w, 2, &cfg, p, sim,
	    &err), 0);
	CU_ASSERT_EQUAL_FATAL(gs_explain_decide(p, &cfg, &sim->cluster,
	    &w.pods[2], d, &err), 0);
	gs_kai_frac_explain(&sim->cluster, &w.pods[2], &cfg,
	    gs_policy_strategy(profile) == GS_STRATEGY_BINPACK, ex);
	gs_workload_release(&w);
	gs_cluster_release(&c);
	gs_config_release(&cfg);
}

/*
 * kai-binpack: half takes w's GPU 0 (both idle, index order): 0.5 x
 * 81900 = 40950 MiB; by-memory joins that group (gpupack: a group before
 * an idle GPU): 60950 used, 81900 - 60950 = 20950 left.  probe's 30000
 * MiB: GPU 0 short (20950 < 30000), GPU 1 idle takes it.  w: 1 whole GPU
 * free, 20950 + 81900 = 102850 MiB left, 1 shared GPU of 2 fractions;
 * gpupack orders GPU 0 60950 / 81900, GPU 1 0.  Range over w (1 idle)
 * and t (0): [0, 1], nodeplacement 9 x (1 - 1/1) = 0; no group takes
 * 30000, so no gpusharingorder: 100.  t: no whole GPU KAI shares.
 */
static void
test_kai_fx_binpack(void)
{
	struct gs_sim		sim;
	struct gs_kai_fx	ex;
	struct gs_placement	d;
	const struct gs_kx_node	*w;

	run_fx("kai-binpack", &sim, &ex, &d);
	CU_ASSERT_EQUAL_FATAL(d.status, GS_PLACED);
	CU_ASSERT_EQUAL(d.node, 0);
	CU_ASSERT_EQUAL(d.ctrs[0].grants[0].dev, 1);
	CU_ASSERT_EQUAL_FATAL(ex.chosen, 0);
	CU_ASSERT_EQUAL_FATAL(ex.ngiven, 1);
	CU_ASSERT_EQUAL(ex.given[0], 1);
	CU_ASSERT_DOUBLE_EQUAL(ex.score, 100, 1e-9);
	w = &ex.node[0];
	CU_ASSERT_EQUAL(w->verdict, GS_KX_FITS);
	CU_ASSERT_DOUBLE_EQUAL(w->placement, 0, 1e-9);
	CU_ASSERT_FALSE(w->sharing);
	CU_ASSERT_EQUAL(w->ngpus, 2);
	CU_ASSERT_EQUAL(w->nidle, 1);
	CU_ASSERT_EQUAL(w->nshared, 1);
	CU_ASSERT_EQUAL(w->nfrac, 2);
	CU_ASSERT_EQUAL(w->idle_mem, 102850);
	CU_ASSERT_EQUAL_FATAL(w->ngpu, 2);
	CU_ASSERT_EQUAL(w->gpu[0].v.cap, 81900);
	CU_ASSERT_EQUAL(w->gpu[0].v.use, 60950);
	CU_ASSERT_EQUAL(w->gpu[0].need, 30000);
	CU_ASSERT_FALSE(w->gpu[0].fits);
	CU_ASSERT_DOUBLE_EQUAL(w->gpu[0].order, 60950.0 / 81900, 1e-12);
	CU_ASSERT_STRING_EQUAL(w->gpu[0].why, "shared by 2 pod(s): 20950 of "
	    "81900 MiB left, < 30000 asked");
	CU_ASSERT_TRUE(w->gpu[1].fits);
	CU_ASSERT_EQUAL(w->gpu[1].given, 1);
	CU_ASSERT_DOUBLE_EQUAL(w->gpu[1].order, 0, 1e-12);
	CU_ASSERT_EQUAL(ex.node[1].verdict, GS_KX_SHORT);
	CU_ASSERT_EQUAL(ex.node[1].ngpus, 0);
	CU_ASSERT_FALSE(ex.node[1].gpu[0].kai);
	gs_kai_fx_release(&ex);
	gs_placement_release(&d);
	gs_sim_release(&sim);
}

/*
 * kai-spread: half takes GPU 0 (both idle score 1, index order);
 * by-memory an idle GPU before a group: GPU 1 (20000 used).  probe: both
 * groups take 30000 (40950 and 61900 left); gpuspread scores GPU 0
 * 1 - 40950/81900 = 0.5 and GPU 1 1 - 20000/81900, the higher: GPU 1.
 * w: no whole GPU free, 40950 + 61900 = 102850 MiB left.
 */
static void
test_kai_fx_spread(void)
{
	struct gs_sim		sim;
	struct gs_kai_fx	ex;
	struct gs_placement	d;
	const struct gs_kx_node	*w;

	run_fx("kai-spread", &sim, &ex, &d);
	CU_ASSERT_EQUAL_FATAL(d.status, GS_PLACED);
	CU_ASSERT_EQUAL(d.ctrs[0].grants[0].dev, 1);
	CU_ASSERT_EQUAL_FATAL(ex.chosen, 0);
	CU_ASSERT_EQUAL(ex.given[0], 1);
	w = &ex.node[0];
	CU_ASSERT_EQUAL(w->nidle, 0);
	CU_ASSERT_EQUAL(w->nshared, 2);
	CU_ASSERT_EQUAL(w->idle_mem, 102850);
	CU_ASSERT_TRUE(w->gpu[0].fits);
	CU_ASSERT_TRUE(w->gpu[1].fits);
	CU_ASSERT_DOUBLE_EQUAL(w->gpu[0].order, 0.5, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(w->gpu[1].order, 1 - 20000.0 / 81900, 1e-12);
	CU_ASSERT_EQUAL(w->gpu[0].given, 0);
	CU_ASSERT_EQUAL(w->gpu[1].given, 1);
	gs_kai_fx_release(&ex);
	gs_placement_release(&d);
	gs_sim_release(&sim);
}

CU_TestInfo kai_fx_tests[] = {
	{ "binpack: memory left, gpupack order, the GPU picked",
	    test_kai_fx_binpack },
	{ "spread: gpuspread order, the GPU picked", test_kai_fx_spread },
	CU_TEST_INFO_NULL
};
