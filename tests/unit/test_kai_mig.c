/*
 * test_kai_mig.c: KAI-Scheduler's placement of pods asking MIG instances
 * (sched/kai/mig.c, issue 18 item 4): the nodeplacement scores
 * (pkg/scheduler/plugins/nodeplacement, nodeResourcePack and
 * nodeResourceSpread: NonAllocatedResource's whole GPUs), the node chosen
 * and the instance the device plugin hands out, with hand-computed values.
 */
#include <stdio.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/load/load.h"
#include "../../core/sched/engine.h"
#include "../../core/sched/kai/mig.h"
#include "../../core/util/util.h"
#include "../../core/load/yamltree.h"

/*
 * Node a: one A100 80GB as 2g.20gb@0, 1g.10gb@2, 1g.10gb@3, 3g.40gb@4,
 * gpu.count 1.  Node b: two A100 80GB, GPU 0 as 1g.10gb x7, GPU 1 a
 * whole nvidia.com/gpu, gpu.count 2.
 */
static const char cluster_yaml[] =
    "pools:\n"
    "- name: a\n  model: A100-80GB\n  gpus: 1\n"
    "  mig: [{1g.10gb: 2, 2g.20gb: 1, 3g.40gb: 1}]\n"
    "  labels: {nvidia.com/gpu.count: \"1\"}\n"
    "- name: b\n  model: A100-80GB\n  gpus: 2\n"
    "  mig: [{1g.10gb: 7}, null]\n"
    "  labels: {nvidia.com/gpu.count: \"2\"}\n";

/* The pod of a one-container KAI manifest asking res: 1. */
static const struct gs_pod *
mig_pod(struct gs_workload *wl, const struct gs_cluster *c, const char *res)
{
	struct yt_file		f;
	struct gs_error		err;
	struct gs_warnings	w = { 0 };
	char			y[256];

	snprintf(y, sizeof y, "kind: Pod\nmetadata: {name: p%zu}\nspec:\n"
	    "  schedulerName: kai-scheduler\n  containers:\n  - name: c\n"
	    "    resources: {limits: {%s: 1}}\n", wl->npods, res);
	CU_ASSERT_EQUAL_FATAL(yt_parse(&f, "w.yaml", y, strlen(y), &err), 0);
	CU_ASSERT_EQUAL_FATAL(gs_load_workload_doc(wl, &f, f.docs[0].root, c,
	    &w, &err), 0);
	gs_warnings_release(&w);
	yt_file_release(&f);
	return &wl->pods[wl->npods - 1];
}

static void
test_kai_mig_scores(void)
{
	struct gs_cluster	c;
	struct gs_workload	wl = { 0 };
	struct gs_error		err;
	double			na, all;

	CU_ASSERT_EQUAL_FATAL(t_load_cluster(cluster_yaml, &c, &err), 0);
	CU_ASSERT_TRUE(gs_kai_mig_takes(mig_pod(&wl, &c,
	    "nvidia.com/mig-1g.10gb")));
	CU_ASSERT_FALSE(gs_kai_mig_takes(mig_pod(&wl, &c, "nvidia.com/gpu")));
	/* Whole nvidia.com/gpu: a none (mixed), b its GPU 1. */
	gs_kai_mig_whole(&c.nodes[0], &na, &all);
	CU_ASSERT_DOUBLE_EQUAL(all, 0, 1e-9);
	gs_kai_mig_whole(&c.nodes[1], &na, &all);
	CU_ASSERT_DOUBLE_EQUAL(na, 1, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(all, 1, 1e-9);
	/* spread: NonAllocatedResource(nvidia.com/gpu), whole GPUs only
	 * (Resource.Get reads gpus; MIG instances are scalar resources):
	 * a 0 / 1 = 0; b 1 / 2 = 0.5. */
	CU_ASSERT_DOUBLE_EQUAL(gs_kai_mig_placement(0, &c.nodes[0], 0, 0), 0,
	    1e-9);
	CU_ASSERT_DOUBLE_EQUAL(gs_kai_mig_placement(0, &c.nodes[1], 0, 0),
	    0.5, 1e-9);
	/* binpack: a has no whole GPU, 0; b with min = max 9, with the
	 * range [0, 2] 9 x (1 - (1 - 0) / 2) = 4.5. */
	CU_ASSERT_DOUBLE_EQUAL(gs_kai_mig_placement(1, &c.nodes[0], 1, 1), 0,
	    1e-9);
	CU_ASSERT_DOUBLE_EQUAL(gs_kai_mig_placement(1, &c.nodes[1], 1, 1), 9,
	    1e-9);
	CU_ASSERT_DOUBLE_EQUAL(gs_kai_mig_placement(1, &c.nodes[1], 0, 2),
	    4.5, 1e-9);
	gs_cluster_release(&c);
	gs_workload_release(&wl);
}

static void
test_kai_mig_decide(void)
{
	struct gs_cluster	c;
	struct gs_workload	wl = { 0 };
	struct gs_placement	d;
	struct gs_error		err;
	const struct gs_pod	*p;

	CU_ASSERT_EQUAL_FATAL(t_load_cluster(cluster_yaml, &c, &err), 0);
	/* binpack: a 100 + 0, b 100 + 9: b, its first 1g.10gb (dev 0). */
	p = mig_pod(&wl, &c, "nvidia.com/mig-1g.10gb");
	gs_kai_mig_decide(&c, p, 1, &d);
	CU_ASSERT_EQUAL_FATAL(d.status, GS_PLACED);
	CU_ASSERT_EQUAL(d.node, 1);
	CU_ASSERT_DOUBLE_EQUAL(d.node_score, 109, 1e-6);
	CU_ASSERT_EQUAL_FATAL(d.ctrs[0].ngrants, 1);
	CU_ASSERT_EQUAL(d.ctrs[0].grants[0].dev, 0);
	CU_ASSERT_EQUAL(d.ctrs[0].grants[0].usedmem, 9856);
	gs_placement_release(&d);
	/* spread: a 100 + 0, b 100 + 0.5: b, its first 1g.10gb (dev 0). */
	gs_kai_mig_decide(&c, p, 0, &d);
	CU_ASSERT_EQUAL_FATAL(d.status, GS_PLACED);
	CU_ASSERT_EQUAL(d.node, 1);
	CU_ASSERT_DOUBLE_EQUAL(d.node_score, 100.5, 1e-6);
	CU_ASSERT_EQUAL(d.ctrs[0].grants[0].dev, 0);
	gs_engine_commit(&c, &d, p);
	gs_placement_release(&d);
	/* b's whole GPU still free, 0.5 above a's 0: b's dev 1. */
	p = mig_pod(&wl, &c, "nvidia.com/mig-1g.10gb");
	gs_kai_mig_decide(&c, p, 0, &d);
	CU_ASSERT_EQUAL(d.node, 1);
	CU_ASSERT_DOUBLE_EQUAL(d.node_score, 100.5, 1e-6);
	CU_ASSERT_EQUAL(d.ctrs[0].grants[0].dev, 1);
	gs_placement_release(&d);
	/* No node has a 7g.80gb instance. */
	p = mig_pod(&wl, &c, "nvidia.com/mig-7g.80gb");
	gs_kai_mig_decide(&c, p, 1, &d);
	CU_ASSERT_EQUAL(d.status, GS_PENDING);
	CU_ASSERT_STRING_EQUAL(d.reason, "0/2 nodes are available: 0 refused "
	    "by kube-scheduler filters, 2 didn't have enough resource: "
	    "nvidia.com/mig-7g.80gb");
	gs_placement_release(&d);
	gs_cluster_release(&c);
	gs_workload_release(&wl);
}

CU_TestInfo kai_mig_tests[] = {
	{ "nodeplacement scores over MIG instances", test_kai_mig_scores },
	{ "MIG pods: node, instance, pending reason", test_kai_mig_decide },
	CU_TEST_INFO_NULL
};
