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
#include "../../core/sched/kai/explain.h"
#include "../../core/sched/kai/guard.h"
#include "../../core/sched/kai/mig.h"
#include "../../core/sched/route.h"
#include "../../core/report/inputs.h"
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
	/* Fractions take units of nvidia.com/gpu: a GPU, a replica, a
	 * single-strategy instance; not a mixed-strategy instance. */
	CU_ASSERT_TRUE(gs_kai_dp_fraction_dev(&c.nodes[0], 1));
	CU_ASSERT_FALSE(gs_kai_dp_fraction_dev(&c.nodes[1], 0));
	CU_ASSERT_TRUE(gs_kai_dp_fraction_dev(&c.nodes[2], 0));
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
 * 2. half (gpu-fraction 0.5): m refused; range over w (1 idle) and t
 *    (4 idle replicas): [1, 4], w 100 + 9 x (1 - 0/3) = 109, t 100 +
 *    9 x (1 - 3/3) = 100: w's GPU 1, 0.5 x 81900 = 40950 MiB.
 * 3. by-memory (gpu-memory 20000): w's GPU 1 is a group with 81900 -
 *    40950 = 40950 free: range [0, 4], 100 + 9 + 1000 gpusharingorder
 *    (t: 100).
 * 4. kube (default-scheduler, nvidia.com/gpu: 1): w's two GPUs are held
 *    (KAI's whole pod, KAI's fractions), so t's replica.
 * 5. big (gpu-memory 90000 > 81900): pending, m by KAI's predicate.
 */
static void
test_kai_dp_run(void)
{
	static const double	spread[3] = { 0.5, 0, 3 };
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_config	cfg;
	struct gs_result	r;
	struct gs_error		err;
	size_t			i;

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
	CU_ASSERT_DOUBLE_EQUAL(r.pl[1].node_score, 109, 1e-6);
	CU_ASSERT_EQUAL(r.pl[1].ctrs[0].grants[0].dev, 1);
	CU_ASSERT_EQUAL(r.pl[1].ctrs[0].grants[0].usedmem, 40950);
	CU_ASSERT_EQUAL_FATAL(r.pl[2].status, GS_PLACED);
	CU_ASSERT_EQUAL(r.pl[2].node, 0);
	CU_ASSERT_DOUBLE_EQUAL(r.pl[2].node_score, 1109, 1e-6);
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
	/*
	 * nodeResourceSpread (plugins/nodeplacement/spread.go) once the
	 * whole pod left: NonAllocatedResource(nvidia.com/gpu), Idle's
	 * whole GPUs, over gpu.count.  w: GPU 0 idle, GPU 1 shared
	 * (60950 MiB): 1 / 2 = 0.5 (GetSumOfIdleGPUs would add the shared
	 * GPU's 1 - 0.75: 0.625); m: no whole GPU, 0 (its free MIG
	 * instances' 1 + 1 + 2 + 3 slices do not count); t: kube's replica
	 * held, 3 / 1.
	 */
	gs_engine_release(&c, &r.pl[0], &w.pods[0]);
	for (i = 0; i < 3; i++)
		CU_ASSERT_DOUBLE_EQUAL(gs_kai_mig_placement(0, &c.nodes[i], 0,
		    0), spread[i], 1e-9);
	gs_result_release(&r);
	gs_workload_release(&w);
	gs_cluster_release(&c);
	gs_config_release(&cfg);
}

/*
 * explain of KAI's whole-GPU pod on w, m, t (nothing placed yet): w fits
 * (2 free), m refused by the type predicate, t fits (4 replicas free);
 * w's two GPUs free, GPU 0 given.  A MIG pod: w and t short of the
 * profile (0 free of 0), m fits; m's 1g.10gb at index 1 is given (the
 * 2g.20gb at slice 0 is listed first).  A fraction is not explained here.
 */
static void
test_kai_dp_explain(void)
{
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_placement	d;
	struct gs_dp_explain	ex;
	struct gs_error		err;
	struct gs_pod		*p;

	CU_ASSERT_EQUAL_FATAL(t_load_cluster(nodes_yaml, &c, &err), 0);
	memset(&w, 0, sizeof w);
	p = dp_pod(&w, "whole", "kai-scheduler", 1, NULL, NULL);
	CU_ASSERT_TRUE(gs_kai_dp_takes(&c, p));
	gs_kai_mig_decide(&c, p, 1, &d);
	CU_ASSERT_EQUAL_FATAL(d.status, GS_PLACED);
	gs_kai_dp_explain(&c, p, &d, -1, &ex);
	CU_ASSERT_STRING_EQUAL(ex.node[0].why, "fits");
	CU_ASSERT_TRUE(ex.verdict[0].chosen);
	CU_ASSERT_FALSE(ex.node[1].fits);
	CU_ASSERT_STRING_EQUAL(ex.node[1].why, "refused by KAI: non MIG "
	    "jobs cant run on a node with MigStrategy='mixed'");
	CU_ASSERT_STRING_EQUAL(ex.node[2].why, "fits");
	CU_ASSERT_EQUAL_FATAL(ex.detail, 0);
	CU_ASSERT_STRING_EQUAL(ex.dev[0].why, "free: 0 of 1 GPU taken");
	CU_ASSERT_TRUE(ex.dev[0].given);
	CU_ASSERT_FALSE(ex.dev[1].given);
	gs_kube_dp_explain_release(&ex);
	gs_placement_release(&d);
	p = dp_pod(&w, "mig", "kai-scheduler", -1, NULL, NULL);
	gs_kv_set(&p->ctrs[0].dp, "nvidia.com/mig-1g.10gb", "1");
	CU_ASSERT_TRUE(gs_kai_dp_takes(&c, p));
	gs_kai_mig_decide(&c, p, 1, &d);
	gs_kai_dp_explain(&c, p, &d, -1, &ex);
	CU_ASSERT_STRING_EQUAL(ex.node[0].why, "Insufficient "
	    "nvidia.com/mig-1g.10gb: 0 free of 0, asks 1");
	CU_ASSERT_STRING_EQUAL(ex.node[1].why, "fits");
	CU_ASSERT_EQUAL_FATAL(ex.detail, 1);
	CU_ASSERT_STRING_EQUAL(ex.dev[0].why, "profile mismatch: a 2g.20gb "
	    "instance, the pod asks nvidia.com/mig-1g.10gb");
	CU_ASSERT_TRUE(ex.dev[1].given);
	gs_kube_dp_explain_release(&ex);
	gs_placement_release(&d);
	p = dp_pod(&w, "half", "kai-scheduler", -1, "gpu-fraction", "0.5");
	CU_ASSERT_FALSE(gs_kai_dp_takes(&c, p));
	gs_workload_release(&w);
	gs_cluster_release(&c);
}

/* The plan report's GPUs of a node (report/inputs.c): m one MIG GPU laid
 * out largest first (3g.40gb at 4, 2g.20gb at 0, 1g.10gb x2), t one
 * time-sliced GPU, w two whole GPUs merged. */
static void
test_kai_dp_inputs(void)
{
	struct gs_cluster	c;
	struct gs_error		err;
	char			buf[256];

	CU_ASSERT_EQUAL_FATAL(t_load_cluster(nodes_yaml, &c, &err), 0);
	CU_ASSERT_EQUAL(gs_report_node_gpus(&c.nodes[0], buf, sizeof buf), 2);
	CU_ASSERT_STRING_EQUAL(buf, "GPU 0-1: whole");
	CU_ASSERT_EQUAL(gs_report_node_gpus(&c.nodes[1], buf, sizeof buf), 1);
	CU_ASSERT_STRING_EQUAL(buf, "GPU 0: MIG 2g.20gb, 1g.10gb x2, 3g.40gb");
	CU_ASSERT_EQUAL(gs_report_node_gpus(&c.nodes[2], buf, sizeof buf), 1);
	CU_ASSERT_STRING_EQUAL(buf, "GPU 0: time-slicing x4");
	gs_cluster_release(&c);
}

/* u: two A10G time-sliced x2 (allocatable 4); v: one A10G under MPS x2. */
static const char rep_yaml[] =
    "apiVersion: v1\nkind: List\nitems:\n"
    NODE("u", "nvidia.com/gpu.product: NVIDIA-A10G-SHARED, "
	"nvidia.com/gpu.count: \"2\", nvidia.com/gpu.memory: \"23028\", "
	"nvidia.com/gpu.replicas: \"2\", "
	"nvidia.com/gpu.sharing-strategy: time-slicing",
	"nvidia.com/gpu: \"4\"")
    NODE("v", "nvidia.com/gpu.product: NVIDIA-A10G-SHARED, "
	"nvidia.com/gpu.count: \"1\", nvidia.com/gpu.memory: \"23028\", "
	"nvidia.com/gpu.replicas: \"2\", "
	"nvidia.com/gpu.sharing-strategy: mps", "nvidia.com/gpu: \"2\"");

/*
 * KAI's fractions on replicas (sched/kai/dp.c): each replica is a GPU of
 * MemoryOfEveryGpuOnNode = 23028 floored = 23000 MiB (getNodeGpuMemory,
 * node_info.go); a group's reservation pod takes one replica, the device
 * plugin's distributed pick (internal/rm/allocate.go).  kai-binpack on u
 * alone (v pinned away by a selector):
 * 1. f1 0.5 = 11500: a new group; GPU 0 and 1 have 0 allocated: GPU 0.
 * 2. f2 0.75 = 17250: the group's 11500 free is short, a new group: GPU 0
 *    has 1 allocated, GPU 1 0: GPU 1.
 * 3. f3 5000 MiB: both groups take it; gpupack prefers the fuller,
 *    17250 / 23000 on GPU 1 over 0.5: 100 + 9 (one node: mn == mx) +
 *    1000 gpusharingorder = 1109.
 * 4. whole (nvidia.com/gpu: 1): 2 of 4 free; GPUs tie at 1 allocated,
 *    index order: GPU 0.
 * 5. f4 0.5 x 2 devices (gpu-fraction-num-devices): GPU 0's group has
 *    11500 free (joined), GPU 1's second replica is the only free one (a
 *    new group).
 * 6. kube (nvidia.com/gpu: 1): 4 of 4 taken, Insufficient.
 */
static void
test_kai_dp_replicas(void)
{
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_config	cfg;
	struct gs_result	r;
	struct gs_error		err;
	struct gs_pod		*p;
	size_t			i;

	CU_ASSERT_EQUAL_FATAL(t_load_cluster(rep_yaml, &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(c.nodes[0].ndevs, 2);
	CU_ASSERT_EQUAL(gs_kai_dp_entries(&c.nodes[0]), 4);
	CU_ASSERT_EQUAL(gs_kai_dp_idle(&c.nodes[0]), 4);
	CU_ASSERT_DOUBLE_EQUAL(gs_kai_node_gpus(&c.nodes[0]), 2, 1e-9);
	memset(&w, 0, sizeof w);
	gs_config_init(&cfg);
	t_set_profile(&cfg, "kube-least-allocated");
	dp_pod(&w, "f1", "kai-scheduler", -1, "gpu-fraction", "0.5");
	dp_pod(&w, "f2", "kai-scheduler", -1, "gpu-fraction", "0.75");
	dp_pod(&w, "f3", "kai-scheduler", -1, "gpu-memory", "5000");
	dp_pod(&w, "whole", "kai-scheduler", 1, NULL, NULL);
	p = dp_pod(&w, "f4", "kai-scheduler", -1, "gpu-fraction", "0.5");
	gs_kv_set(&p->annotations, "gpu-fraction-num-devices", "2");
	dp_pod(&w, "kube", NULL, 1, NULL, NULL);
	for (i = 0; i < w.npods; i++)
		gs_kv_set(&w.pods[i].node_selector, "kubernetes.io/hostname",
		    "u");
	gs_kv_set(&c.nodes[0].labels, "kubernetes.io/hostname", "u");
	CU_ASSERT_PTR_EQUAL_FATAL(gs_route_select(gs_policy_find(cfg.profile),
	    &cfg, &w), &gs_policy_route);
	gs_engine_run(&c, &w, &cfg, &gs_policy_route, NULL, &r, NULL);
	for (i = 0; i < 5; i++) {
		CU_ASSERT_EQUAL_FATAL(r.pl[i].status, GS_PLACED);
		CU_ASSERT_EQUAL(r.pl[i].node, 0);
	}
	CU_ASSERT_EQUAL(r.pl[0].ctrs[0].grants[0].dev, 0);
	CU_ASSERT_EQUAL(r.pl[0].ctrs[0].grants[0].kai_unit, 1);
	CU_ASSERT_EQUAL(r.pl[0].ctrs[0].grants[0].usedmem, 11500);
	CU_ASSERT_EQUAL(r.pl[1].ctrs[0].grants[0].dev, 1);
	CU_ASSERT_EQUAL(r.pl[1].ctrs[0].grants[0].kai_unit, 1);
	CU_ASSERT_EQUAL(r.pl[1].ctrs[0].grants[0].usedmem, 17250);
	CU_ASSERT_EQUAL(r.pl[2].ctrs[0].grants[0].dev, 1);
	CU_ASSERT_EQUAL(r.pl[2].ctrs[0].grants[0].kai_unit, 1);
	CU_ASSERT_DOUBLE_EQUAL(r.pl[2].node_score, 1109, 1e-6);
	CU_ASSERT_EQUAL(r.pl[3].ctrs[0].grants[0].dev, 0);
	CU_ASSERT_EQUAL(r.pl[3].ctrs[0].grants[0].kai_unit, 0);
	CU_ASSERT_EQUAL_FATAL(r.pl[4].ctrs[0].ngrants, 2);
	CU_ASSERT_EQUAL(r.pl[4].ctrs[0].grants[0].dev, 0);
	CU_ASSERT_EQUAL(r.pl[4].ctrs[0].grants[0].kai_unit, 1);
	CU_ASSERT_EQUAL(r.pl[4].ctrs[0].grants[1].dev, 1);
	CU_ASSERT_EQUAL(r.pl[4].ctrs[0].grants[1].kai_unit, 2);
	CU_ASSERT_EQUAL(r.pl[5].status, GS_PENDING);
	/* Replicas held: GPU 0 a group and the whole pod, GPU 1 two
	 * groups; GPU 0's group 11500 + 11500 MiB, 2 pods. */
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].used, 2);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].used, 2);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].kai[0].pods, 2);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].kai[0].mem, 23000);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].usedmem, 17250 + 5000 + 11500);
	/* f1 leaves: its group keeps f4; f4 leaves: both its groups close,
	 * their reservation pods' replicas free. */
	gs_engine_release(&c, &r.pl[0], &w.pods[0]);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].used, 2);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].kai[0].mem, 11500);
	gs_engine_release(&c, &r.pl[4], &w.pods[4]);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].used, 1);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].used, 1);
	CU_ASSERT_EQUAL(gs_kai_dp_idle(&c.nodes[0]), 2);
	gs_result_release(&r);
	gs_workload_release(&w);
	gs_cluster_release(&c);
	gs_config_release(&cfg);
}

/*
 * kai-spread, a fraction on v (MPS, gpu.count 1, 2 replicas) or u (2
 * GPUs): nodeResourceSpread divides Idle by GetNumberOfGPUsInNode, the
 * gpu.count label: v 2 / 1 = 2, u 4 / 2 = 2, a tie to the smaller name,
 * u; with u's label no integer (strconv.Atoi fails), its allocatable 4:
 * u 4 / 4 = 1, v 102.  On MPS
 * the fraction charges KAI's 0.25 x 23000 = 5750 MiB, not the client
 * limit 23028 / 2.
 */
static void
test_kai_dp_spread(void)
{
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_config	cfg;
	struct gs_result	r;
	struct gs_error		err;

	CU_ASSERT_EQUAL_FATAL(t_load_cluster(rep_yaml, &c, &err), 0);
	memset(&w, 0, sizeof w);
	gs_config_init(&cfg);
	t_set_profile(&cfg, "kai-spread");
	dp_pod(&w, "f", "kai-scheduler", -1, "gpu-fraction", "0.25");
	gs_engine_run(&c, &w, &cfg, gs_policy_find(cfg.profile), NULL, &r,
	    NULL);
	CU_ASSERT_EQUAL_FATAL(r.pl[0].status, GS_PLACED);
	CU_ASSERT_EQUAL(r.pl[0].node, 0);
	CU_ASSERT_DOUBLE_EQUAL(r.pl[0].node_score, 102, 1e-6);
	gs_result_release(&r);
	gs_cluster_reset_usage(&c);
	gs_kv_set(&c.nodes[0].labels, "nvidia.com/gpu.count", "two");
	gs_engine_run(&c, &w, &cfg, gs_policy_find(cfg.profile), NULL, &r,
	    NULL);
	CU_ASSERT_EQUAL_FATAL(r.pl[0].status, GS_PLACED);
	CU_ASSERT_EQUAL(r.pl[0].node, 1);
	CU_ASSERT_DOUBLE_EQUAL(r.pl[0].node_score, 102, 1e-6);
	CU_ASSERT_EQUAL(r.pl[0].ctrs[0].grants[0].usedmem, 5750);
	CU_ASSERT_EQUAL(c.nodes[1].devs[0].used, 1);
	gs_result_release(&r);
	gs_workload_release(&w);
	gs_cluster_release(&c);
	gs_config_release(&cfg);
}

/* bad: GFD labels 4 A100 80GB, the device plugin advertises 3. */
static const char guard_yaml[] =
    "apiVersion: v1\nkind: List\nitems:\n"
    NODE("bad", "nvidia.com/gpu.product: NVIDIA-A100-SXM4-80GB, "
	"nvidia.com/gpu.count: \"4\", nvidia.com/gpu.memory: \"81920\"",
	"nvidia.com/gpu: \"3\"");

/*
 * The guard of addSharedTaskResourcesPerPodGroup (pkg/scheduler/api/
 * node_info/gpu_sharing_node_info.go, v0.20.1) on bad, gpu.count 4 >
 * allocatable 3 (d = 1): four gpu-fraction 0.5 pods (40950 MiB each).
 * kai-spread: f1, f2, f3 each take an idle GPU (1 > 1 - 0.5); the first
 * group leaves Idle alone (4 < 3 + 1 is false), the next two take one
 * each: Idle 3 - (3 - 1) = 1 while the device plugin has 0 free.  f4
 * fits every group (40950 left) but FittingGPUs' WholeGpuIndicator
 * scores 1 > 0.5: KAI takes it, the reservation pod gets no GPU, f4
 * stays pending.  kai-binpack: f2 joins f1's GPU 0, f3 opens GPU 1, f4
 * joins it: all placed; Idle 3 - (2 - 1) = 2, 1 free, so a whole-GPU
 * ask of 2 fits KAI's Idle (not the device plugin), 3 does not.
 */
static void
test_kai_dp_guard(void)
{
	static const char *const prof[2] = { "kai-spread", "kai-binpack" };
	static const struct gs_dp_ask two = { "nvidia.com/gpu", 2 };
	static const struct gs_dp_ask three = { "nvidia.com/gpu", 3 };
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_config	cfg;
	struct gs_result	r;
	struct gs_error		err;
	int			b;

	CU_ASSERT_EQUAL_FATAL(t_load_cluster(guard_yaml, &c, &err), 0);
	CU_ASSERT_EQUAL(gs_kai_idle_extra(&c.nodes[0], 3), 0);
	CU_ASSERT_EQUAL(gs_kai_dp_idle(&c.nodes[0]), 3);
	memset(&w, 0, sizeof w);
	dp_pod(&w, "f1", "kai-scheduler", -1, "gpu-fraction", "0.5");
	dp_pod(&w, "f2", "kai-scheduler", -1, "gpu-fraction", "0.5");
	dp_pod(&w, "f3", "kai-scheduler", -1, "gpu-fraction", "0.5");
	dp_pod(&w, "f4", "kai-scheduler", -1, "gpu-fraction", "0.5");
	for (b = 0; b < 2; b++) {
		gs_cluster_reset_usage(&c);
		gs_config_init(&cfg);
		t_set_profile(&cfg, prof[b]);
		gs_engine_run(&c, &w, &cfg, gs_policy_find(cfg.profile), NULL,
		    &r, NULL);
		CU_ASSERT_EQUAL(r.pl[2].ctrs[0].grants[0].dev, b ? 1 : 2);
		CU_ASSERT_EQUAL(r.pl[3].status, b ? GS_PLACED : GS_PENDING);
		CU_ASSERT_EQUAL(gs_kai_idle_extra(&c.nodes[0], 3), 1);
		CU_ASSERT_EQUAL(gs_kai_dp_idle(&c.nodes[0]), b ? 2 : 1);
		CU_ASSERT_EQUAL(gs_kai_guard_fits(&c.nodes[0], &two, 1), b);
		CU_ASSERT_FALSE(gs_kai_guard_fits(&c.nodes[0], &three, 1));
		if (b) {
			CU_ASSERT_EQUAL(r.pl[3].ctrs[0].grants[0].dev, 1);
		} else {
			CU_ASSERT_PTR_NOT_NULL(strstr(r.pl[3].reason, "binds it "
			    "to bad, counting 1 idle GPU(s) where the device "
			    "plugin has 0 free"));
		}
		gs_result_release(&r);
		gs_config_release(&cfg);
	}
	gs_workload_release(&w);
	gs_cluster_release(&c);
}

CU_TestInfo kai_dp_tests[] = {
	{ "GPU memory, MIG node, node type predicate", test_kai_dp_node },
	{ "whole, fractions and kube's pods on GPU operator nodes",
	    test_kai_dp_run },
	{ "explain of KAI's whole and MIG pods", test_kai_dp_explain },
	{ "plan report: a node's GPUs and layouts", test_kai_dp_inputs },
	{ "fractions on time-sliced replicas: groups, hand-out, release",
	    test_kai_dp_replicas },
	{ "spread's divisor gpu.count; a fraction on MPS replicas",
	    test_kai_dp_spread },
	{ "gpu.count above allocatable: KAI's Idle guard",
	    test_kai_dp_guard },
	CU_TEST_INFO_NULL
};
