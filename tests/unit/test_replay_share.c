/*
 * test_replay_share.c: the peers in the openb replay, each policy's score
 * on the share view (sched/peers_share.c) on hand-computed trace nodes:
 * kube-scheduler's NodeResourcesFit strategies, KAI's node order and
 * fractional GPU groups, Volcano's device walk and binpack score.  Moved
 * out of test_replay.c (files stay under 1,000 lines).
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/replay/replay.h"
#include "../../core/sched/engine.h"
#include "../../core/util/util.h"

/*
 * The peers in the replay decide through the one table on the share view
 * (sched/peers_share.c): a cluster of trace nodes (load/trace_model.c:
 * 64 cores, 1 TiB, T4s of 1000 milli), node 0 the one under test with
 * GPU g at free[g] milli held by pods[g] pods; node 1 with every GPU of
 * one whole-GPU pod and node 2 with all idle give KAI's range [0, idle2].
 */
static void
share_cluster(struct gs_cluster *c, const int *free, const int *pods,
    int ngpu, int idle2)
{
	struct gs_trace_node	tn[3] = {
		{ "n0", 64000, 1 << 20, ngpu, "T4", 1 },
		{ "n1", 64000, 1 << 20, 4, "T4", 2 },
		{ "n2", 64000, 1 << 20, idle2, "T4", 3 },
	};
	struct gs_trace_nodes	t = { tn, 3 };
	int			g;

	gs_trace_cluster(&t, c);
	for (g = 0; g < ngpu; g++) {
		c->nodes[0].devs[g].usedmilli = GS_MILLI - free[g];
		c->nodes[0].devs[g].used = pods[g];
	}
	for (g = 0; g < 4; g++) {
		c->nodes[1].devs[g].usedmilli = GS_MILLI;
		c->nodes[1].devs[g].used = 1;
	}
}

/* The entry's decision for a trace pod pinned to node 0, with and without
 * the score cache (they must agree): its score, -1 when pending, and the
 * GPUs it took. */
static double
share_decide(const char *profile, const struct gs_cluster *c, int64_t cpu,
    int64_t mem, int milli, int num, uint32_t *devs)
{
	const struct gs_policy	*pol = gs_policy_lookup(profile, GS_VIEW_SHARE);
	struct gs_trace_pod	 tp = { 0 };
	struct gs_config	 cfg;
	struct gs_placement	 d;
	struct gs_pod		 pod;
	double			 s[2];
	uint32_t		 m[2];
	void			*st;
	size_t			 j;
	int			 k;

	CU_ASSERT_PTR_NOT_NULL_FATAL(pol);
	tp.name = "p";
	tp.cpu_milli = cpu;
	tp.mem_mib = mem;
	tp.num_gpu = num;
	tp.gpu_milli = milli;
	tp.gpu_spec = "";
	gs_trace_pod(&pod, &tp);
	pod.pinned_node = 0;
	for (k = 0; k < 2; k++) {
		gs_config_init(&cfg);
		cfg.share = 1;
		cfg.exhaustive = k;
		st = pol->create(c, &cfg);
		pol->decide(st, c, &pod, &d, NULL);
		s[k] = d.status == GS_PLACED ? d.node_score : -1;
		m[k] = 0;
		for (j = 0; d.status == GS_PLACED && j < d.ctrs[0].ngrants; j++)
			m[k] |= UINT32_C(1) << d.ctrs[0].grants[j].dev;
		gs_placement_release(&d);
		pol->destroy(st);
		gs_config_release(&cfg);
	}
	CU_ASSERT_EQUAL(s[0], s[1]);
	CU_ASSERT_EQUAL(m[0], m[1]);
	gs_pod_release(&pod);
	*devs = m[0];
	return s[0];
}

/* kube-scheduler's worked check (peers.md §1.12) with the entries'
 * weights, 1 each: 8 GPUs, 64 cores, 256 GiB with 4 GPUs, 16 cores and
 * 64 GiB requested; the pod asks for 2 GPUs, 8 cores and 32 GiB. */
static void
test_kube_scores(void)
{
	struct gs_cluster	c;
	int			f[8] = { 1000, 1000, 1000, 1000, 0, 0, 0, 0 };
	int			u[8] = { 0, 0, 0, 0, 1, 1, 1, 1 };
	uint32_t		devs;

	share_cluster(&c, f, u, 8, 4);
	c.nodes[0].used_cpu = 16000;
	c.nodes[0].alloc_mem = 262144LL << 20;
	c.nodes[0].used_mem = 65536LL << 20;
	/* cpu 24/64 = 37, memory 96/256 = 37, GPU 6/8 = 75: 149 / 3 */
	CU_ASSERT_EQUAL(share_decide("kube-most-allocated", &c, 8000, 32768,
	    1000, 2, &devs), 49);
	CU_ASSERT_EQUAL(devs, 0x03);
	/* 62, 62 and 25: 149 / 3 */
	CU_ASSERT_EQUAL(share_decide("kube-least-allocated", &c, 8000, 32768,
	    1000, 2, &devs), 49);
	/* bin-pack shape: the utilisations, llround(149 / 3) */
	CU_ASSERT_EQUAL(share_decide("kube-requested-to-capacity-ratio", &c,
	    8000, 32768, 1000, 2, &devs), 50);
	/* A CPU-only pod: the GPU is left out; (37 + 25) / 2. */
	CU_ASSERT_EQUAL(share_decide("kube-most-allocated", &c, 8000, 0, 0, 0,
	    &devs), 31);
	CU_ASSERT_EQUAL(devs, 0);
	/* RequestedToCapacityRatio drops a resource that scores 0: on an
	 * empty node memory (0%) is not averaged in, cpu is 12%. */
	c.nodes[0].used_cpu = 0;
	c.nodes[0].used_mem = 0;
	CU_ASSERT_EQUAL(share_decide("kube-requested-to-capacity-ratio", &c,
	    8000, 0, 0, 0, &devs), 12);
	CU_ASSERT_EQUAL(share_decide("kube-most-allocated", &c, 8000, 0, 0, 0,
	    &devs), 6);
	gs_cluster_release(&c);
}

/* KAI: node order terms and the GPU a fraction joins (peers.md §2). */
static void
test_kai_scores(void)
{
	struct gs_cluster	c;
	int			f[4] = { 1000, 600, 300, 0 };
	int			u[4] = { 0, 1, 2, 1 };
	uint32_t		devs;

	share_cluster(&c, f, u, 4, 4);	/* free whole GPUs range [0, 4] */
	/* 100 + 9 (1 - (1 - 0) / 4) + 1000 (a group fits 250); GPU 3 is a
	 * whole-GPU pod's */
	CU_ASSERT_EQUAL(share_decide("kai-binpack", &c, 4000, 0, 250, 1,
	    &devs), 100 + 6.75 + 1000);
	CU_ASSERT_EQUAL(devs, 0x04);	/* the most used group that fits */
	CU_ASSERT_EQUAL(share_decide("kai-binpack", &c, 4000, 0, 500, 1,
	    &devs), 1106.75);
	CU_ASSERT_EQUAL(devs, 0x02);
	/* no group fits 700: a whole GPU */
	CU_ASSERT_EQUAL(share_decide("kai-binpack", &c, 4000, 0, 700, 1,
	    &devs), 106.75);
	CU_ASSERT_EQUAL(devs, 0x01);
	/* A CPU-only pod "fits" every group (the quirk): +1000; its
	 * placement is by CPU, the same on every node: 9. */
	CU_ASSERT_EQUAL(share_decide("kai-binpack", &c, 4000, 0, 0, 0, &devs),
	    1109);
	CU_ASSERT_EQUAL(devs, 0);
	/* Spread: free share of the node, an idle GPU first. */
	CU_ASSERT_EQUAL(share_decide("kai-spread", &c, 4000, 0, 250, 1, &devs),
	    100.25);
	CU_ASSERT_EQUAL(devs, 0x01);
	gs_cluster_release(&c);
	/* A wider range moves only nodeplacement: 9 (1 - 1/8). */
	share_cluster(&c, f, u, 4, 8);
	CU_ASSERT_EQUAL(share_decide("kai-binpack", &c, 4000, 0, 700, 1,
	    &devs), 107.875);
	gs_cluster_release(&c);
	f[0] = 800;
	u[0] = 1;
	share_cluster(&c, f, u, 4, 4);
	CU_ASSERT_EQUAL(share_decide("kai-spread", &c, 4000, 0, 250, 1, &devs),
	    100);
	CU_ASSERT_EQUAL(devs, 0x01);	/* the least used group */
	gs_cluster_release(&c);
}

/* Volcano deviceshare: the device walk and the binpack node score. */
static void
test_volcano_scores(void)
{
	struct gs_cluster	c;
	int			f[4] = { 1000, 600, 300, 1000 };
	int			u[4] = { 0, 2, 3, 0 };
	uint32_t		devs;

	share_cluster(&c, f, u, 4, 4);
	/* The most used card, 700 + 250 of 1000: 95. */
	CU_ASSERT_EQUAL(share_decide("volcano-binpack", &c, 4000, 0, 250, 1,
	    &devs), 95);
	CU_ASSERT_EQUAL(devs, 0x04);
	c.nodes[0].devs[2].used = 10;	/* split count reached */
	CU_ASSERT_EQUAL(share_decide("volcano-binpack", &c, 4000, 0, 250, 1,
	    &devs), 65);
	CU_ASSERT_EQUAL(devs, 0x02);
	/* two whole cards: 100 + 100 */
	CU_ASSERT_EQUAL(share_decide("volcano-binpack", &c, 4000, 0, 1000, 2,
	    &devs), 200);
	CU_ASSERT_EQUAL(devs, 0x09);
	CU_ASSERT_EQUAL(share_decide("volcano-binpack", &c, 4000, 0, 1000, 3,
	    &devs), -1);
	/* Spread: the card with the fewest pods; its score is 0 (tested
	 * after the tentative add, as at HEAD). */
	CU_ASSERT_EQUAL(share_decide("volcano-spread", &c, 4000, 0, 250, 1,
	    &devs), 0);
	CU_ASSERT_EQUAL(devs, 0x01);
	CU_ASSERT_EQUAL(share_decide("volcano-spread", &c, 4000, 0, 0, 0,
	    &devs), 0);
	CU_ASSERT_EQUAL(devs, 0);
	gs_cluster_release(&c);
}


CU_TestInfo replay_share_tests[] = {
	{ "kube-scheduler: least, most, requested-to-capacity",
	    test_kube_scores },
	{ "KAI: node order and fractional GPU groups", test_kai_scores },
	{ "Volcano: device walk and binpack score", test_volcano_scores },
	CU_TEST_INFO_NULL,
};
