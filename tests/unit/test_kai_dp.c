/*
 * test_kai_dp.c: KAI-Scheduler on nodes NVIDIA's GPU operator labels
 * (sched/kai/dp.c, issue 18): MemoryOfEveryGpuOnNode (getNodeGpuMemory),
 * IsMIGEnabled and PredicateByNodeResourcesType
 * (pkg/scheduler/api/node_info/node_info.go), and a run in which KAI's
 * whole, fractional and MIG pods and kube-scheduler's share the nodes,
 * each seeing the others' usage; scores worked by hand.
 */
#include <stdio.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/load/load.h"
#include "../../core/sched/engine.h"
#include "../../core/sched/kai/dp.h"
#include "../../core/sched/route.h"
#include "../../core/util/util.h"

#define NODE(name, labels, alloc)					\
    "- apiVersion: v1\n  kind: Node\n  metadata:\n"			\
    "    name: " name "\n    labels: {" labels "}\n"			\
    "  status:\n    allocatable: {cpu: \"32\", memory: 256Gi, "	\
    "pods: \"110\", " alloc "}\n"

/*
 * w: two whole A100 80GB (gpu.memory 81920); m: one A100 80GB in MIG
 * mixed (1g.10gb x2, 2g.20gb, 3g.40gb); t: an A10G time-sliced x4; s: an
 * H100 in MIG single (two 3g.40gb as nvidia.com/gpu), labelled
 * mig-enabled; n: whole GPUs without gpu.memory.
 */
static const char nodes_yaml[] =
    "apiVersion: v1\nkind: List\nitems:\n"
    NODE("w", "nvidia.com/gpu.product: NVIDIA-A100-SXM4-80GB, "
	"nvidia.com/gpu.count: \"2\", nvidia.com/gpu.memory: \"81920\"",
	"nvidia.com/gpu: \"2\"")
    NODE("m", "nvidia.com/gpu.product: NVIDIA-A100-SXM4-80GB, "
	"nvidia.com/gpu.count: \"1\", nvidia.com/mig.strategy: mixed",
	"nvidia.com/gpu: \"0\", nvidia.com/mig-1g.10gb: \"2\", "
	"nvidia.com/mig-2g.20gb: \"1\", nvidia.com/mig-3g.40gb: \"1\"")
    NODE("t", "nvidia.com/gpu.product: NVIDIA-A10G-SHARED, "
	"nvidia.com/gpu.count: \"1\", nvidia.com/gpu.memory: \"23028\", "
	"nvidia.com/gpu.replicas: \"4\"", "nvidia.com/gpu: \"4\"");

static const char more_yaml[] =
    "apiVersion: v1\nkind: List\nitems:\n"
    NODE("s", "nvidia.com/gpu.product: NVIDIA-H100-80GB-HBM3-MIG-3g.40gb, "
	"nvidia.com/gpu.count: \"2\", nvidia.com/mig.strategy: single, "
	"node-role.kubernetes.io/mig-enabled: \"true\"",
	"nvidia.com/gpu: \"2\"")
    NODE("n", "nvidia.com/gpu.product: NVIDIA-A100-SXM4-80GB, "
	"nvidia.com/gpu.count: \"1\"", "nvidia.com/gpu: \"1\"");

/* Compact pools stand for labelled nodes: q two whole A100 80GB (81920
 * MiB), p one cut into two 3g.40gb (40192 MiB) under the single
 * strategy. */
static const char pools_yaml[] =
    "pools:\n- name: q\n  model: A100-80GB\n  gpus: 2\n"
    "  mig: [null, null]\n"
    "- name: p\n  model: A100-80GB\n  gpus: 1\n"
    "  mig: [{3g.40gb: 2}]\n  migStrategy: single\n";

static void
test_kai_dp_node(void)
{
	struct gs_cluster	c, d;
	struct gs_error		err;

	CU_ASSERT_EQUAL_FATAL(t_load_cluster(nodes_yaml, &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(t_load_cluster(more_yaml, &d, &err), 0);
	CU_ASSERT_EQUAL_FATAL(c.nnodes, 3);
	CU_ASSERT_EQUAL_FATAL(d.nnodes, 2);
	/* 81920 - 81920 % 100 = 81900; 23028 -> 23000; no label:
	 * DefaultGpuMemory 100. */
	CU_ASSERT_EQUAL(gs_kai_gpu_memory(&c.nodes[0]), 81900);
	CU_ASSERT_EQUAL(gs_kai_gpu_memory(&c.nodes[2]), 23000);
	CU_ASSERT_EQUAL(gs_kai_gpu_memory(&d.nodes[1]), 100);
	/* GFD's bytes (1 TiB or more read as MiB): 85899345920 / 2^20 =
	 * 81920 -> 81900; not a Go integer: 100. */
	gs_kv_set(&d.nodes[1].labels, "nvidia.com/gpu.memory", "85899345920");
	CU_ASSERT_EQUAL(gs_kai_gpu_memory(&d.nodes[1]), 81900);
	gs_kv_set(&d.nodes[1].labels, "nvidia.com/gpu.memory", " 81920");
	CU_ASSERT_EQUAL(gs_kai_gpu_memory(&d.nodes[1]), 100);
	gs_kv_set(&d.nodes[1].labels, "nvidia.com/gpu.memory", "+1250");
	CU_ASSERT_EQUAL(gs_kai_gpu_memory(&d.nodes[1]), 1200);
	/* IsMIGEnabled: m advertises mig-*; s by its label; w, t not. */
	CU_ASSERT_FALSE(gs_kai_mig_enabled(&c.nodes[0]));
	CU_ASSERT_TRUE(gs_kai_mig_enabled(&c.nodes[1]));
	CU_ASSERT_FALSE(gs_kai_mig_enabled(&c.nodes[2]));
	CU_ASSERT_TRUE(gs_kai_mig_enabled(&d.nodes[0]));
	/* PredicateByNodeResourcesType. */
	CU_ASSERT_PTR_NULL(gs_kai_node_type(&c.nodes[0], GS_KAI_POD_WHOLE));
	CU_ASSERT_PTR_NULL(gs_kai_node_type(&c.nodes[0],
	    GS_KAI_POD_FRACTION));
	CU_ASSERT_STRING_EQUAL(gs_kai_node_type(&c.nodes[0], GS_KAI_POD_MIG),
	    "MIG job cannot be scheduled on non-MIG node");
	CU_ASSERT_STRING_EQUAL(gs_kai_node_type(&c.nodes[1],
	    GS_KAI_POD_WHOLE), "non MIG jobs cant run on a node with "
	    "MigStrategy='mixed'");
	CU_ASSERT_PTR_NULL(gs_kai_node_type(&c.nodes[1], GS_KAI_POD_MIG));
	CU_ASSERT_PTR_NULL(gs_kai_node_type(&d.nodes[0], GS_KAI_POD_WHOLE));
	CU_ASSERT_STRING_EQUAL(gs_kai_node_type(&d.nodes[0],
	    GS_KAI_POD_FRACTION), "only whole gpu jobs can run on a node "
	    "with MigStrategy='single'");
	/* Fractions take whole nvidia.com/gpu only: not a replica, not a
	 * mixed-strategy instance; a single-strategy instance is one. */
	CU_ASSERT_TRUE(gs_kai_dp_fraction_dev(&c.nodes[0], 1));
	CU_ASSERT_FALSE(gs_kai_dp_fraction_dev(&c.nodes[1], 0));
	CU_ASSERT_FALSE(gs_kai_dp_fraction_dev(&c.nodes[2], 0));
	CU_ASSERT_TRUE(gs_kai_dp_fraction_dev(&d.nodes[0], 1));
	/* The label unset, "false": not a MIG node, whatever it holds. */
	gs_kv_set(&c.nodes[1].labels, "node-role.kubernetes.io/mig-enabled",
	    "false");
	CU_ASSERT_FALSE(gs_kai_mig_enabled(&c.nodes[1]));
	CU_ASSERT_PTR_NULL(gs_kai_node_type(&c.nodes[1], GS_KAI_POD_WHOLE));
	gs_cluster_release(&c);
	gs_cluster_release(&d);
	/* A pool without the label: its GPU's memory as GFD would label
	 * it, 81920 -> 81900, a 3g.40gb's 40192 -> 40100. */
	CU_ASSERT_EQUAL_FATAL(t_load_cluster(pools_yaml, &c, &err), 0);
	CU_ASSERT_EQUAL(gs_kai_gpu_memory(&c.nodes[0]), 81900);
	CU_ASSERT_EQUAL(gs_kai_gpu_memory(&c.nodes[1]), 40100);
	CU_ASSERT_FALSE(gs_kai_mig_enabled(&c.nodes[0]));
	CU_ASSERT_FALSE(gs_kai_mig_enabled(&c.nodes[1]));
	gs_cluster_release(&c);
}

/* A one-container pod for the run: KAI's unless sched is NULL. */
static struct gs_pod *
dp_pod(struct gs_workload *w, const char *name, const char *sched,
    int64_t gpu, const char *anno, const char *val)
{
	struct gs_pod	*p = t_pod(w, name, 1);

	t_ctr(&p->ctrs[0], gpu, -1, -1, -1);
	if (sched != NULL)
		p->scheduler_name = xstrdup(sched);
	if (anno != NULL)
		gs_kv_set(&p->annotations, anno, val);
	return p;
}

/*
 * Under kube-least-allocated, KAI pods routed to kai-binpack:
 * 1. whole (nvidia.com/gpu: 1): m refused (mixed); w free 2, t free 4
 *    (replicas), range [2, 4]: w 100 + 9 x (1 - 0/2) = 109, t 100 + 0:
 *    w, GPU 0.
 * 2. half (gpu-fraction 0.5): m refused, t has no whole GPU for a
 *    fraction; w: GPU 1 idle, 0.5 x 81900 = 40950 MiB; range over w (1
 *    idle) and t (0): [0, 1], w 100 + 9 x (1 - 1/1) = 100.
 * 3. by-memory (gpu-memory 20000): w's GPU 1 is a group with 81900 -
 *    40950 = 40950 free: 100 + 0 (range [0, 0]) + 1000 gpusharingorder.
 * 4. kube (default-scheduler, nvidia.com/gpu: 1): w's two GPUs are held
 *    (KAI's whole pod, KAI's fractions), so t's replica.
 * 5. big (gpu-memory 90000 > 81900): pending, m by KAI's predicate.
 */
static void
test_kai_dp_run(void)
{
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_config	cfg;
	struct gs_result	r;
	struct gs_error		err;

	CU_ASSERT_EQUAL_FATAL(t_load_cluster(nodes_yaml, &c, &err), 0);
	memset(&w, 0, sizeof w);
	gs_config_init(&cfg);
	t_set_profile(&cfg, "kube-least-allocated");
	dp_pod(&w, "whole", "kai-scheduler", 1, NULL, NULL);
	dp_pod(&w, "half", "kai-scheduler", -1, "gpu-fraction", "0.5");
	dp_pod(&w, "by-memory", "kai-scheduler", -1, "gpu-memory", "20000");
	dp_pod(&w, "kube", NULL, 1, NULL, NULL);
	dp_pod(&w, "big", "kai-scheduler", -1, "gpu-memory", "90000");
	CU_ASSERT_PTR_EQUAL_FATAL(gs_route_select(gs_policy_find(cfg.profile),
	    &cfg, &w), &gs_policy_route);
	gs_engine_run(&c, &w, &cfg, &gs_policy_route, NULL, &r, NULL);
	CU_ASSERT_EQUAL_FATAL(r.pl[0].status, GS_PLACED);
	CU_ASSERT_EQUAL(r.pl[0].node, 0);
	CU_ASSERT_DOUBLE_EQUAL(r.pl[0].node_score, 109, 1e-6);
	CU_ASSERT_EQUAL(r.pl[0].ctrs[0].grants[0].dev, 0);
	CU_ASSERT_EQUAL_FATAL(r.pl[1].status, GS_PLACED);
	CU_ASSERT_EQUAL(r.pl[1].node, 0);
	CU_ASSERT_DOUBLE_EQUAL(r.pl[1].node_score, 100, 1e-6);
	CU_ASSERT_EQUAL(r.pl[1].ctrs[0].grants[0].dev, 1);
	CU_ASSERT_EQUAL(r.pl[1].ctrs[0].grants[0].usedmem, 40950);
	CU_ASSERT_EQUAL_FATAL(r.pl[2].status, GS_PLACED);
	CU_ASSERT_EQUAL(r.pl[2].node, 0);
	CU_ASSERT_DOUBLE_EQUAL(r.pl[2].node_score, 1100, 1e-6);
	CU_ASSERT_EQUAL(r.pl[2].ctrs[0].grants[0].dev, 1);
	CU_ASSERT_EQUAL(r.pl[2].ctrs[0].grants[0].usedmem, 20000);
	CU_ASSERT_EQUAL_FATAL(r.pl[3].status, GS_PLACED);
	CU_ASSERT_STRING_EQUAL(r.pl[3].scheduler, "kube-least-allocated");
	CU_ASSERT_EQUAL(r.pl[3].node, 2);
	CU_ASSERT_EQUAL(r.pl[4].status, GS_PENDING);
	CU_ASSERT_STRING_EQUAL(r.pl[4].reason, "0/3 nodes are available: 0 "
	    "refused by kube-scheduler filters, 0 without GPUs, 2 without "
	    "enough free GPUs, 1 refused by KAI (non MIG jobs cant run on a "
	    "node with MigStrategy='mixed')");
	gs_result_release(&r);
	gs_workload_release(&w);
	gs_cluster_release(&c);
	gs_config_release(&cfg);
}

CU_TestInfo kai_dp_tests[] = {
	{ "GPU memory, MIG node, node type predicate", test_kai_dp_node },
	{ "whole, fractions and kube's pods on GPU operator nodes",
	    test_kai_dp_run },
	CU_TEST_INFO_NULL
};
