/*
 * test_window.c: kube-scheduler's adaptive node window (sched/window.c,
 * after pkg/scheduler/schedule_one.go numFeasibleNodesToFind,
 * findNodesThatPassFilters and findNodesThatFitPod): the window size by
 * hand, the start index after a walk, and a 150-node cluster where the
 * window moves a binpack placement (HAMi and kube-scheduler).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/sim.h"
#include "../../core/sched/window.h"
#include "../../core/util/util.h"

/*
 * numFeasibleNodesToFind by hand: below 100 nodes every node; adaptive
 * (0) is 50 - N/125 percent, at least 5; at least 100 nodes.
 */
static void
test_window_size(void)
{
	/* N = 99: every node, whatever the percentage. */
	CU_ASSERT_EQUAL(gs_window_size(99, 0), 99);
	CU_ASSERT_EQUAL(gs_window_size(99, 30), 99);
	CU_ASSERT_EQUAL(gs_window_size(99, 100), 99);
	/* N = 100: 50% (0) and 30% are 50 and 30 nodes, raised to 100. */
	CU_ASSERT_EQUAL(gs_window_size(100, 0), 100);
	CU_ASSERT_EQUAL(gs_window_size(100, 30), 100);
	CU_ASSERT_EQUAL(gs_window_size(100, 100), 100);
	/* N = 1000: 50 - 8 = 42% -> 420; 30% -> 300. */
	CU_ASSERT_EQUAL(gs_window_size(1000, 0), 420);
	CU_ASSERT_EQUAL(gs_window_size(1000, 30), 300);
	CU_ASSERT_EQUAL(gs_window_size(1000, 100), 1000);
	/* N = 6000: 50 - 48 = 2%, floored at 5% -> 300; 30% -> 1800. */
	CU_ASSERT_EQUAL(gs_window_size(6000, 0), 300);
	CU_ASSERT_EQUAL(gs_window_size(6000, 30), 1800);
	CU_ASSERT_EQUAL(gs_window_size(6000, 100), 6000);
	/* N = 10000: 50 - 80 < 5 -> 5% = 500; 30% -> 3000. */
	CU_ASSERT_EQUAL(gs_window_size(10000, 0), 500);
	CU_ASSERT_EQUAL(gs_window_size(10000, 30), 3000);
	CU_ASSERT_EQUAL(gs_window_size(10000, 100), 10000);
	/* N = 150 adaptive: 50 - 1 = 49% = 73, raised to 100. */
	CU_ASSERT_EQUAL(gs_window_size(150, 0), 100);
	/* Every node (KAI, the FGD family). */
	CU_ASSERT_EQUAL(gs_window_size(10000, -1), 10000);
}

static int
passes(size_t i, void *arg)
{
	return !((const unsigned char *)arg)[i];
}

/*
 * 150 nodes, k = 100: nodes 1, 2 and 3 fail a filter.  The first walk
 * keeps 0 and 4..102 (100 nodes), stops at 103 (the 101st feasible, not
 * counted): processed 100 + 3 = 103, the next pod starts at 103.  The
 * second walk keeps 103..149, 0 and 4..55 and meets the three failures
 * again: next (103 + 103) % 150 = 56.
 */
static void
test_window_start(void)
{
	unsigned char		fail[150] = { 0 };
	struct gs_window	w;

	fail[1] = fail[2] = fail[3] = 1;
	gs_window_init(&w, 0);
	CU_ASSERT_EQUAL(gs_window_walk(&w, 150, passes, fail), 100);
	CU_ASSERT_EQUAL(w.start, 0);
	CU_ASSERT_EQUAL(w.processed, 103);
	CU_ASSERT_EQUAL(w.next, 103);
	CU_ASSERT_EQUAL(w.cut, 1);
	CU_ASSERT_EQUAL(w.feasible[0], 0);
	CU_ASSERT_EQUAL(w.feasible[1], 4);
	CU_ASSERT_EQUAL(w.feasible[99], 102);
	CU_ASSERT_EQUAL(gs_window_walk(&w, 150, passes, fail), 100);
	CU_ASSERT_EQUAL(w.start, 103);
	CU_ASSERT_EQUAL(w.feasible[47], 0);
	CU_ASSERT_EQUAL(w.feasible[48], 4);
	CU_ASSERT_EQUAL(w.feasible[99], 55);
	CU_ASSERT_EQUAL(w.next, 56);
	gs_window_release(&w);

	/* Failures after the 100th feasible node, before the 101st, count:
	 * 100..104 fail, processed 105. */
	memset(fail, 0, sizeof fail);
	memset(fail + 100, 1, 5);
	gs_window_init(&w, 0);
	(void)gs_window_walk(&w, 150, passes, fail);
	CU_ASSERT_EQUAL(w.processed, 105);
	CU_ASSERT_EQUAL(w.next, 105);
	gs_window_release(&w);

	/* 90 feasible of 150: every node tried, the start stays. */
	memset(fail, 0, sizeof fail);
	memset(fail + 30, 1, 60);
	gs_window_init(&w, 0);
	w.next = 7;
	CU_ASSERT_EQUAL(gs_window_walk(&w, 150, passes, fail), 90);
	CU_ASSERT_EQUAL(w.processed, 150);
	CU_ASSERT_EQUAL(w.next, 7);
	CU_ASSERT_EQUAL(w.cut, 0);
	gs_window_release(&w);

	/* A DaemonSet pod's one node: the start moves on by one. */
	gs_window_init(&w, 0);
	w.next = 149;
	gs_window_one(&w, 150);
	CU_ASSERT_EQUAL(w.next, 0);
	gs_window_release(&w);
}

static const char two_pods[] =
    "apiVersion: v1\nkind: Pod\nmetadata: {name: a}\nspec:\n"
    "  nodeSelector: {pick: \"yes\"}\n"
    "  containers:\n  - name: c\n    image: x\n"
    "    resources: {limits: {nvidia.com/gpu: 1}}\n"
    "---\n"
    "apiVersion: v1\nkind: Pod\nmetadata: {name: b}\nspec:\n"
    "  containers:\n  - name: c\n    image: x\n"
    "    resources: {limits: {nvidia.com/gpu: 1}}\n";

/* Pod b's node on the 150-node cluster under profile at percentage pct. */
static long
pod_b_node(const char *profile, int pct)
{
	static char		 names[150][8];
	const char		*np[150];
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_warnings	 warn = { 0 };
	struct gs_config	 cfg;
	struct gs_sim		 s;
	char			 msg[256];
	size_t			 i;
	long			 node;

	for (i = 0; i < 150; i++) {
		snprintf(names[i], sizeof names[i], "n%03zu", i);
		np[i] = names[i];
	}
	t_t4_cluster(&c, np, 150);
	gs_kv_set(&c.nodes[120].labels, "pick", "yes");
	CU_ASSERT_EQUAL_FATAL(t_load_workload(two_pods, &w, &warn, msg,
	    sizeof msg), 0);
	gs_config_init(&cfg);
	t_set_profile(&cfg, profile);
	cfg.pct_nodes = pct;
	CU_ASSERT_EQUAL_FATAL(gs_simulate(&c, &w, &cfg,
	    gs_policy_find(profile), NULL, &s, NULL), 0);
	CU_ASSERT_EQUAL(s.res.pl[0].node, 120);
	node = s.res.pl[1].node;
	gs_sim_release(&s);
	gs_config_release(&cfg);
	gs_workload_release(&w);
	gs_warnings_release(&warn);
	gs_cluster_release(&c);
	return node;
}

/*
 * 150 empty 4xT4 nodes; pod a selects n120 (the only node passing
 * NodeAffinity: every node processed, the start stays 0).  Pod b asks one
 * GPU anywhere: binpack prefers n120, which holds a's GPU.  With the
 * adaptive window (k = 100) b's walk keeps n000..n099, all empty: b goes
 * to n000 (equal scores, first listed).  At 100% b sees n120, and so
 * it does with the percentage unset (gpusched's default, every node).
 */
static void
test_window_moves_binpack(void)
{
	CU_ASSERT_EQUAL(pod_b_node("hami-v2.6.1", 0), 0);
	CU_ASSERT_EQUAL(pod_b_node("hami-v2.6.1", 100), 120);
	CU_ASSERT_EQUAL(pod_b_node("hami-v2.6.1", GS_PCT_UNSET), 120);
	CU_ASSERT_EQUAL(pod_b_node("hami-v2.10.0", 0), 0);
	CU_ASSERT_EQUAL(pod_b_node("hami-v2.10.0", 100), 120);
	CU_ASSERT_EQUAL(pod_b_node("kube-most-allocated", 0), 0);
	CU_ASSERT_EQUAL(pod_b_node("kube-most-allocated", 100), 120);
	/* KAI tries every node: the percentage is not its setting. */
	CU_ASSERT_EQUAL(pod_b_node("kai-binpack", 0), 120);
}

CU_TestInfo window_tests[] = {
	{ "numFeasibleNodesToFind by hand", test_window_size },
	{ "start index after a walk", test_window_start },
	{ "window moves a binpack placement", test_window_moves_binpack },
	CU_TEST_INFO_NULL,
};
