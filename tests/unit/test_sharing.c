/*
 * test_sharing.c: GPUs as NVIDIA's device plugin advertises them (issue
 * 18): a compact pool's mig and sharing keys and a Node's GPU operator
 * labels into devices of the one model, with hand-worked values, and the
 * located errors for geometries and settings the plugin cannot have.
 */
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/engine.h"
#include "../../core/sched/kube_dp.h"
#include "../../core/load/dpconfig.h"
#include "../../core/load/load.h"
#include "../../core/load/sharing.h"

#define load t_load_cluster

static void
res_is(const struct gs_node *n, size_t j, const char *want)
{
	char	buf[64];

	gs_dev_resource(n, &n->devs[j], buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, want);
}

static void
test_compact(void)
{
	struct gs_cluster	 c;
	struct gs_error		 err;
	const struct gs_node	*n;

	/* GPU 0: 1g.10gb x2, 2g.20gb, 3g.40gb laid out 2g@0, 1g@2, 1g@3,
	 * 3g@4 (test_mig.c), listed by start; GPU 1 time-sliced x4. */
	CU_ASSERT_EQUAL_FATAL(load("pools:\n- name: a\n  model: A100-80GB\n"
	    "  gpus: 2\n  mig: [{1g.10gb: 2, 2g.20gb: 1, 3g.40gb: 1}, null]\n"
	    "  sharing: {strategy: time-slicing, replicas: 4}\n", &c, &err), 0);
	n = &c.nodes[0];
	CU_ASSERT_EQUAL_FATAL(n->ndevs, 5);
	CU_ASSERT_TRUE(n->dp);
	CU_ASSERT_FALSE(n->registered);	/* not HAMi's */
	CU_ASSERT_EQUAL(n->mig_strategy, GS_MIG_MIXED);
	CU_ASSERT_FALSE(n->dp_fail_gt1);	/* time-slicing's default */
	CU_ASSERT_EQUAL(n->devs[0].kind, GS_DEV_MIG);
	CU_ASSERT_STRING_EQUAL(n->devs[0].mig->name, "2g.20gb");
	CU_ASSERT_EQUAL(n->devs[0].mig_start, 0);
	CU_ASSERT_EQUAL(n->devs[0].devmem, 19968);
	CU_ASSERT_EQUAL(n->devs[0].count, 1);
	CU_ASSERT_EQUAL(n->devs[1].mig_start, 2);
	CU_ASSERT_EQUAL(n->devs[2].mig_start, 3);
	CU_ASSERT_EQUAL(n->devs[3].mig_start, 4);
	CU_ASSERT_EQUAL(n->devs[3].devmem, 40192);
	CU_ASSERT_EQUAL(n->devs[3].index, 0);
	CU_ASSERT_EQUAL(n->devs[4].kind, GS_DEV_TIMESLICE);
	CU_ASSERT_EQUAL(n->devs[4].index, 1);
	CU_ASSERT_EQUAL(n->devs[4].count, 4);
	CU_ASSERT_EQUAL(n->devs[4].devmem, 81920);
	res_is(n, 0, "nvidia.com/mig-2g.20gb");
	res_is(n, 1, "nvidia.com/mig-1g.10gb");
	res_is(n, 4, "nvidia.com/gpu");
	gs_cluster_release(&c);

	/* MPS: failRequestsGreaterThanOne defaults to true; renamed. */
	CU_ASSERT_EQUAL_FATAL(load("pools:\n- name: m\n  model: T4\n  gpus: 1\n"
	    "  sharing: {strategy: mps, replicas: 3, renameByDefault: true}\n",
	    &c, &err), 0);
	n = &c.nodes[0];
	CU_ASSERT_EQUAL(n->devs[0].kind, GS_DEV_MPS);
	CU_ASSERT_EQUAL(n->devs[0].count, 3);
	CU_ASSERT_TRUE(n->dp_fail_gt1);
	CU_ASSERT_EQUAL(n->mig_strategy, GS_MIG_NONE);
	res_is(n, 0, "nvidia.com/gpu.shared");
	gs_cluster_release(&c);

	/* single: MIG devices are nvidia.com/gpu; +me spelled .me mixed. */
	CU_ASSERT_EQUAL_FATAL(load("pools:\n- name: s\n  model: H100\n  gpus: 1\n"
	    "  mig: {3g.40gb: 2}\n  migStrategy: single\n", &c, &err), 0);
	res_is(&c.nodes[0], 1, "nvidia.com/gpu");
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].mig_start, 4);
	gs_cluster_release(&c);
	CU_ASSERT_EQUAL_FATAL(load("pools:\n- name: e\n  model: A100-40GB\n"
	    "  gpus: 1\n  mig: {1g.5gb+me: 1}\n", &c, &err), 0);
	res_is(&c.nodes[0], 0, "nvidia.com/mig-1g.5gb.me");
	gs_cluster_release(&c);
}

/* The pool's document fails with msg at line:col. */
static void
refused(const char *yaml, int line, int col, const char *msg)
{
	struct gs_cluster	c;
	struct gs_error		err;

	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL(load(yaml, &c, &err), -1);
	CU_ASSERT_EQUAL(err.line, line);
	CU_ASSERT_EQUAL(err.col, col);
	CU_ASSERT_STRING_EQUAL(err.msg, msg);
	gs_cluster_release(&c);
}

#define POOL(model, rest) "pools:\n- name: p\n  model: " model \
	"\n  gpus: 1\n" rest

static void
test_refused(void)
{
	refused(POOL("A100-80GB", "  mig: {1g.5gb: 1}\n"), 5, 9,
	    "an A100-80GB has no MIG profile '1g.5gb' (its profiles: 1g.10gb, "
	    "1g.10gb+me, 1g.20gb, 2g.20gb, 3g.40gb, 4g.40gb, 7g.80gb)");
	refused(POOL("A100-80GB", "  mig: {3g.40gb: 2, 2g.20gb: 1}\n"), 5, 8,
	    "an A100-80GB cannot hold this MIG geometry: the profiles take 8 "
	    "compute slices; an A100-80GB has 7");
	refused(POOL("T4", "  mig: {1g.5gb: 1}\n"), 5, 8,
	    "GPU model 'T4' has no MIG (MIG models: A30, A100-40GB, "
	    "A100-80GB, H100, H200, B200)");
	refused(POOL("T4", "  sharing: {strategy: time-slicing, replicas: 0}"
	    "\n"), 5, 47, "'replicas' must be between 1 and 1024, got '0'");
	refused(POOL("T4", "  sharing: {strategy: mps, replicas: 49}\n"), 5,
	    38, "'replicas' must be between 1 and 48, got '49'");
	refused(POOL("T4", "  sharing: {strategy: vgpu, replicas: 2}\n"), 5,
	    23, "unknown sharing strategy 'vgpu' (time-slicing or mps)");
	refused(POOL("H100", "  mig: {3g.40gb: 1, 1g.10gb: 1}\n"
	    "  migStrategy: single\n"), 6, 16, "migStrategy single needs one "
	    "MIG profile on the node (3g.40gb and 1g.10gb); the device plugin "
	    "would label it MIG-INVALID");
	refused(POOL("H100", "  mig: {1g.10gb: 1}\n"
	    "  sharing: {strategy: mps, replicas: 2}\n"), 6, 12, "MPS sharing "
	    "is not offered with MIG (NVIDIA device plugin)");
}

static void
test_labels(void)
{
	struct gs_cluster	 c;
	struct gs_error		 err;
	const struct gs_node	*n;
	size_t			 j, k3 = 0, k1 = 0;

	/* Mixed: 4 x 1g.10gb, 2 x 2g.20gb, 2 x 3g.40gb on gpu.count 2:
	 * each GPU 3g, 2g, 1g, 1g (spread, larger first). */
	CU_ASSERT_EQUAL_FATAL(load("kind: Node\nmetadata:\n  name: m\n"
	    "  labels:\n    nvidia.com/gpu.product: NVIDIA-A100-SXM4-80GB\n"
	    "    nvidia.com/gpu.count: '2'\n    nvidia.com/mig.strategy: mixed\n"
	    "status:\n  allocatable:\n    nvidia.com/gpu: '0'\n"
	    "    nvidia.com/mig-1g.10gb: '4'\n    nvidia.com/mig-2g.20gb: '2'\n"
	    "    nvidia.com/mig-3g.40gb: '2'\n", &c, &err), 0);
	n = &c.nodes[0];
	CU_ASSERT_EQUAL_FATAL(n->ndevs, 8);
	for (j = 0; j < 8; j++) {
		CU_ASSERT_EQUAL(n->devs[j].index, j < 4 ? 0 : 1);
		k3 += strcmp(n->devs[j].mig->name, "3g.40gb") == 0;
		k1 += strcmp(n->devs[j].mig->name, "1g.10gb") == 0;
	}
	CU_ASSERT_EQUAL(k3, 2);
	CU_ASSERT_EQUAL(k1, 4);
	CU_ASSERT_EQUAL(n->devs[3].mig_start, 4);
	gs_cluster_release(&c);

	/* Time-sliced: allocatable 8 = 2 GPUs x 4 replicas. */
	CU_ASSERT_EQUAL_FATAL(load("kind: Node\nmetadata:\n  name: t\n"
	    "  labels:\n    nvidia.com/gpu.product: NVIDIA-A10G-SHARED\n"
	    "    nvidia.com/gpu.count: '2'\n    nvidia.com/gpu.replicas: '4'\n"
	    "    nvidia.com/gpu.sharing-strategy: time-slicing\n"
	    "status:\n  allocatable:\n    nvidia.com/gpu: '8'\n", &c, &err), 0);
	n = &c.nodes[0];
	CU_ASSERT_EQUAL_FATAL(n->ndevs, 2);
	CU_ASSERT_EQUAL(n->devs[1].kind, GS_DEV_TIMESLICE);
	CU_ASSERT_EQUAL(n->devs[1].count, 4);
	CU_ASSERT_EQUAL(n->devs[1].devmem, 23028);	/* the catalogue's */
	CU_ASSERT_STRING_EQUAL(n->devs[1].type, "NVIDIA-A10G");
	gs_cluster_release(&c);

	/* Single: 4 MIG devices of 3g.40gb fill 2 H100s. */
	CU_ASSERT_EQUAL_FATAL(load("kind: Node\nmetadata:\n  name: s\n"
	    "  labels:\n    nvidia.com/gpu.product: "
	    "NVIDIA-H100-80GB-HBM3-MIG-3g.40gb\n    nvidia.com/gpu.count: '4'\n"
	    "    nvidia.com/mig.strategy: single\n"
	    "status:\n  allocatable:\n    nvidia.com/gpu: '4'\n", &c, &err), 0);
	n = &c.nodes[0];
	CU_ASSERT_EQUAL_FATAL(n->ndevs, 4);
	CU_ASSERT_EQUAL(n->devs[1].index, 0);
	CU_ASSERT_EQUAL(n->devs[2].index, 1);
	res_is(n, 3, "nvidia.com/gpu");
	gs_cluster_release(&c);

	refused("kind: Node\nmetadata:\n  name: r\n  labels:\n"
	    "    nvidia.com/gpu.product: NVIDIA-A10G\n"
	    "    nvidia.com/gpu.replicas: '0'\n", 6, 30, "label "
	    "nvidia.com/gpu.replicas must be a whole number from 1 to 1024, "
	    "got '0'");
	refused("kind: Node\nmetadata:\n  name: r\n  labels:\n"
	    "    nvidia.com/gpu.product: NVIDIA-A10G\n"
	    "    nvidia.com/gpu.sharing-strategy: fast\n", 6, 38, "unknown "
	    "sharing strategy 'fast' in nvidia.com/gpu.sharing-strategy "
	    "(none, time-slicing or mps)");
	refused("kind: Node\nmetadata:\n  name: r\n  labels:\n"
	    "    nvidia.com/gpu.product: NVIDIA-A100-SXM4-80GB\n"
	    "    nvidia.com/gpu.count: '1'\n    nvidia.com/mig.strategy: mixed\n"
	    "status:\n  allocatable:\n    nvidia.com/mig-3g.40gb: '3'\n", 5, 29,
	    "the allocatable MIG instances do not fit on the node's 1 MIG GPUs "
	    "(A100-80GB)");
}

/* A Node as GPU feature discovery labels it. */
#define GFD(name, product, strategy, rest) "kind: Node\nmetadata:\n" \
	"  name: " name "\n  labels:\n    nvidia.com/gpu.product: " product \
	"\n    nvidia.com/mig.capable: 'false'\n    nvidia.com/mig.strategy: " \
	strategy "\n" rest

/*
 * GFD labels mig.strategy on every GPU node (internal/lm/mig-strategy.go
 * NewResourceLabeler): GPUs without MIG are whole under single and
 * mixed; -MIG-INVALID (newInvalidMigStrategyLabeler) advertises none.
 */
static void
test_labels_gfd(void)
{
	struct gs_cluster	 c;
	struct gs_error		 err;
	const struct gs_node	*n;

	/* An L4 under single: 1 whole GPU of gpu.memory 23034. */
	CU_ASSERT_EQUAL_FATAL(load(GFD("l", "NVIDIA-L4", "single",
	    "    nvidia.com/gpu.count: '1'\n    nvidia.com/gpu.memory: "
	    "'23034'\nstatus:\n  allocatable:\n    nvidia.com/gpu: '1'\n"),
	    &c, &err), 0);
	n = &c.nodes[0];
	CU_ASSERT_EQUAL_FATAL(n->ndevs, 1);
	CU_ASSERT_EQUAL(n->devs[0].kind, GS_DEV_WHOLE);
	CU_ASSERT_EQUAL(n->devs[0].devmem, 23034);
	res_is(n, 0, "nvidia.com/gpu");
	gs_cluster_release(&c);

	/* A time-sliced A10G under mixed, no mig-* allocatable: 8 = 2 x 4. */
	CU_ASSERT_EQUAL_FATAL(load(GFD("t", "NVIDIA-A10G-SHARED", "mixed",
	    "    nvidia.com/gpu.count: '2'\n    nvidia.com/gpu.replicas: '4'\n"
	    "    nvidia.com/gpu.sharing-strategy: time-slicing\n"
	    "status:\n  allocatable:\n    nvidia.com/gpu: '8'\n"), &c, &err), 0);
	n = &c.nodes[0];
	CU_ASSERT_EQUAL_FATAL(n->ndevs, 2);
	CU_ASSERT_EQUAL(n->devs[0].kind, GS_DEV_TIMESLICE);
	CU_ASSERT_EQUAL(n->devs[0].count, 4);
	gs_cluster_release(&c);

	/* An A100 with MIG disabled under single: 2 whole GPUs of the
	 * catalogue's 40960 MiB (no gpu.memory label). */
	CU_ASSERT_EQUAL_FATAL(load(GFD("a", "NVIDIA-A100-SXM4-40GB", "single",
	    "    nvidia.com/gpu.count: '2'\n    nvidia.com/mig.config: "
	    "all-disabled\nstatus:\n  allocatable:\n    nvidia.com/gpu: '2'\n"),
	    &c, &err), 0);
	n = &c.nodes[0];
	CU_ASSERT_EQUAL_FATAL(n->ndevs, 2);
	CU_ASSERT_EQUAL(n->devs[1].kind, GS_DEV_WHOLE);
	CU_ASSERT_EQUAL(n->devs[1].devmem, 40960);
	gs_cluster_release(&c);

	/* -MIG-INVALID: count 0, no GPU, a note instead of a refusal. */
	CU_ASSERT_EQUAL_FATAL(load(GFD("i", "NVIDIA-A100-SXM4-40GB-MIG-INVALID",
	    "single", "    nvidia.com/gpu.count: '0'\n"), &c, &err), 0);
	n = &c.nodes[0];
	CU_ASSERT_EQUAL(n->ndevs, 0);
	CU_ASSERT_PTR_NOT_NULL(n->devices_note);
	gs_cluster_release(&c);

	/* Contradictory: MIG instances on a model without MIG. */
	refused(GFD("r", "NVIDIA-L4", "mixed", "    nvidia.com/gpu.count: "
	    "'1'\nstatus:\n  allocatable:\n    nvidia.com/mig-1g.10gb: '1'\n"),
	    5, 29, "nvidia.com/gpu.product 'NVIDIA-L4' is no GPU model with "
	    "MIG");
}

#define L4CFG(name) "{kind: Node, metadata: {name: " name ", labels: {" \
	"nvidia.com/gpu.product: NVIDIA-L4, nvidia.com/gpu.count: '1', " \
	"nvidia.com/mig.strategy: single, nvidia.com/mig.config: " \
	"all-disabled}}, status: {allocatable: {nvidia.com/gpu: '1'}}}"

/* mig.config labels with no file to read them: one located warning
 * (load/dpconfig_apply.c gs_dpconfigs_warn_unread). */
static void
test_labels_unread(void)
{
	struct gs_cluster	c;
	struct gs_error		err;
	struct gs_warnings	w = { 0 };

	CU_ASSERT_EQUAL_FATAL(load("{kind: List, items: [" L4CFG("a") ", "
	    L4CFG("b") "]}", &c, &err), 0);
	gs_dpconfigs_warn_unread(&c, 1, 1, &w);
	CU_ASSERT_EQUAL(w.n, 0);
	gs_dpconfigs_warn_unread(&c, 0, 0, &w);
	CU_ASSERT_EQUAL_FATAL(w.n, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(w.v[0], "node 'a': label "
	    "nvidia.com/mig.config=all-disabled (and on 1 other node) but no "
	    "--mig-config (migConfig) is given"));
	gs_warnings_release(&w);
	gs_cluster_release(&c);
}

/* The pod of a one-container manifest asking res: n. */
static void
pod_of(struct gs_workload *wl, const struct gs_cluster *c, const char *res,
    int n)
{
	struct yt_file		f;
	struct gs_error		err;
	struct gs_warnings	w = { 0 };
	char			y[256];

	snprintf(y, sizeof y, "kind: Pod\nmetadata: {name: p%zu}\nspec:\n"
	    "  containers:\n  - name: c\n    resources: {limits: {%s: %d}}\n",
	    wl->npods, res, n);
	CU_ASSERT_EQUAL_FATAL(yt_parse(&f, "w.yaml", y, strlen(y), &err), 0);
	CU_ASSERT_EQUAL_FATAL(gs_load_workload_doc(wl, &f, f.docs[0].root, c,
	    &w, &err), 0);
	gs_warnings_release(&w);
	yt_file_release(&f);
}

static const int w1[3] = { 1, 1, 1 };

/* Decide the last pod of wl and commit it when placed. */
static void
decide(struct gs_cluster *c, struct gs_workload *wl, struct gs_placement *d)
{
	const struct gs_pod *pod = &wl->pods[wl->npods - 1];

	CU_ASSERT_TRUE(gs_kube_dp_takes(c, pod));
	gs_kube_dp_decide(c, pod, GS_KUBE_LEAST, w1, d);
	if (d->status == GS_PLACED)
		gs_engine_commit(c, d, pod);
}

static void
test_kube(void)
{
	struct gs_cluster	c;
	struct gs_workload	wl = { 0 };
	struct gs_placement	d[4];
	struct gs_error		err;
	int			i;

	/* devs: 2g.20gb@0, 1g.10gb@2, 1g.10gb@3, 3g.40gb@4, GPU 1 x4.  The
	 * 1g.10gb pods take the first free instance in index order, the
	 * third finds none. */
	CU_ASSERT_EQUAL_FATAL(load("pools:\n- name: a\n  model: A100-80GB\n"
	    "  gpus: 2\n  mig: [{1g.10gb: 2, 2g.20gb: 1, 3g.40gb: 1}, null]\n"
	    "  sharing: {strategy: time-slicing, replicas: 4}\n", &c, &err), 0);
	for (i = 0; i < 3; i++) {
		pod_of(&wl, &c, "nvidia.com/mig-1g.10gb", 1);
		decide(&c, &wl, &d[i]);
	}
	CU_ASSERT_EQUAL(d[0].status, GS_PLACED);
	CU_ASSERT_EQUAL(d[0].ctrs[0].grants[0].dev, 1);
	CU_ASSERT_EQUAL(d[0].ctrs[0].grants[0].usedmem, 9856);
	CU_ASSERT_EQUAL(d[1].ctrs[0].grants[0].dev, 2);
	CU_ASSERT_EQUAL(d[2].status, GS_PENDING);
	CU_ASSERT_STRING_EQUAL(d[2].reason, "0/1 nodes are available: 0 "
	    "refused by kube-scheduler filters, 1 Insufficient "
	    "nvidia.com/mig-1g.10gb");
	/* nvidia.com/gpu: 3 time-slicing replicas of one GPU, no memory. */
	pod_of(&wl, &c, "nvidia.com/gpu", 3);
	decide(&c, &wl, &d[3]);
	CU_ASSERT_EQUAL_FATAL(d[3].ctrs[0].ngrants, 3);
	CU_ASSERT_EQUAL(d[3].ctrs[0].grants[2].dev, 4);
	CU_ASSERT_EQUAL(d[3].ctrs[0].grants[2].usedmem, 0);
	CU_ASSERT_EQUAL(c.nodes[0].devs[4].used, 3);
	for (i = 0; i < 4; i++)
		gs_placement_release(&d[i]);
	gs_cluster_release(&c);
	gs_workload_release(&wl);

	/* Distributed: GPU 0 (0 allocated, 0 taken), then GPU 1 (0, 0
	 * beats 0, 1), then GPU 0 again (0, 1 ties, index order). */
	memset(&wl, 0, sizeof wl);
	CU_ASSERT_EQUAL_FATAL(load("pools:\n- name: t\n  model: T4\n  gpus: 2\n"
	    "  sharing: {strategy: time-slicing, replicas: 2}\n", &c, &err), 0);
	pod_of(&wl, &c, "nvidia.com/gpu", 3);
	decide(&c, &wl, &d[0]);
	CU_ASSERT_EQUAL_FATAL(d[0].ctrs[0].ngrants, 3);
	CU_ASSERT_EQUAL(d[0].ctrs[0].grants[0].dev, 0);
	CU_ASSERT_EQUAL(d[0].ctrs[0].grants[1].dev, 1);
	CU_ASSERT_EQUAL(d[0].ctrs[0].grants[2].dev, 0);
	/* Next pod: GPU 1 has 1 allocated, GPU 0 2 (full): GPU 1. */
	pod_of(&wl, &c, "nvidia.com/gpu", 1);
	decide(&c, &wl, &d[1]);
	CU_ASSERT_EQUAL(d[1].ctrs[0].grants[0].dev, 1);
	gs_placement_release(&d[0]);
	gs_placement_release(&d[1]);
	gs_cluster_release(&c);
	gs_workload_release(&wl);

	/* MPS x4 on an L4 (23034 MiB): 23034 / 4 = 5758 MiB and 25 % a
	 * client; two replicas in one container fail admission
	 * (failRequestsGreaterThanOne, MPS's default). */
	memset(&wl, 0, sizeof wl);
	CU_ASSERT_EQUAL_FATAL(load("pools:\n- name: m\n  model: L4\n  gpus: 1\n"
	    "  sharing: {strategy: mps, replicas: 4}\n", &c, &err), 0);
	pod_of(&wl, &c, "nvidia.com/gpu", 1);
	decide(&c, &wl, &d[0]);
	CU_ASSERT_EQUAL(d[0].ctrs[0].grants[0].usedmem, 5758);
	CU_ASSERT_EQUAL(d[0].ctrs[0].grants[0].usedcores, 25);
	pod_of(&wl, &c, "nvidia.com/gpu", 2);
	decide(&c, &wl, &d[1]);
	CU_ASSERT_EQUAL(d[1].status, GS_PENDING);
	CU_ASSERT_STRING_EQUAL(d[1].reason, "UnexpectedAdmissionError on m: "
	    "container 'c' asks more than one shared GPU and the device plugin "
	    "fails such requests (failRequestsGreaterThanOne)");
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].used, 1);
	gs_placement_release(&d[0]);
	gs_placement_release(&d[1]);
	gs_cluster_release(&c);
	gs_workload_release(&wl);
}

CU_TestInfo sharing_tests[] = {
	{ "kube-scheduler over MIG instances and replicas", test_kube },
	{ "compact pools: mig and sharing into devices", test_compact },
	{ "compact pools: geometries and settings refused", test_refused },
	{ "Nodes: GPU operator labels into devices", test_labels },
	{ "Nodes: mig.strategy on GPUs without MIG", test_labels_gfd },
	{ "Nodes: config labels without their file warn", test_labels_unread },
	CU_TEST_INFO_NULL
};
