/*
 * test_share_scores.c: the policies' scores on the share view (the trace's
 * milli-GPU model): the fragmentation measure and the FGD score on the
 * spec's worked example (spec/openb-fgd.md §4), the FGD paper's scores on
 * hand-computed nodes (§6), the peers' (spec/peers.md) through the one
 * table on trace nodes, and GpuClustering's counts across commit and
 * release.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/replay/replay.h"
#include "../../core/sched/fgd_scores.h"
#include "../../core/sched/engine.h"
#include "../../core/util/util.h"

/* A GPU node of the given free milli per GPU. */
static void
mknode(struct gs_snode *n, int64_t cpu, const int *free, int ngpu)
{
	int	g;

	memset(n, 0, sizeof *n);
	n->cpu_left = n->cpu_cap = cpu;
	n->mem_left = n->mem_cap = 1 << 20;
	n->max_pods = 1001;
	n->ngpu = ngpu;
	n->model = 0;
	for (g = 0; g < ngpu; g++) {
		n->free[g] = (int16_t)free[g];
		n->idle += free[g];
		if (free[g] == GS_MILLI)
			n->nfull++;
		if (free[g] > n->maxfree)
			n->maxfree = free[g];
	}
}

static struct gs_spod
mkpod(int64_t cpu, int milli, int num)
{
	struct gs_spod	p;

	memset(&p, 0, sizeof p);
	p.shape = -1;
	p.cpu = cpu;
	p.milli = milli;
	p.num = num;
	p.mask = ~UINT64_C(0);
	return p;
}

/* The score of node n (with a beside it) for pod p under the policy of
 * that row of the table. */
static double
sc(const struct gs_policy *policy, const struct gs_snode *n,
    const struct gs_fgd_aux *a, const struct gs_spod *p,
    const struct gs_typical *t, uint32_t *devs)
{
	struct gs_fgd_ctx	c;

	gs_fgd_ctx_init(&c, policy, t);
	return gs_openb_score(&c, n, a, p, devs);
}

/* The spec's worked example: shapes A .5, B .3, C .2 as counts 5, 3, 2. */
static void
test_frag_example(void)
{
	struct gs_tshape	sh[3] = {
		{ 4000, 500, 1, (char *)"", ~UINT64_C(0), 5 },
		{ 4000, 1000, 1, (char *)"", ~UINT64_C(0), 3 },
		{ 2000, 0, 0, (char *)"", ~UINT64_C(0), 2 },
	};
	struct gs_typical	t = { sh, 3, 10, 10, 3 };
	struct gs_tshape	q4 = { 6000, 465, 1, (char *)"", ~UINT64_C(0),
	    933 };
	struct gs_snode		n;
	struct gs_fgd_aux	a = { { 0 }, 0, 0 };
	struct gs_spod		p = mkpod(2000, 300, 1);
	int			f[4] = { 1000, 300 }, f4[4] = { 200, 1000, 1000,
	    500 };
	uint32_t		devs;

	mknode(&n, 10000, f, 2);
	CU_ASSERT_EQUAL(gs_frag_shape(&n, &sh[0]), 300);
	CU_ASSERT_EQUAL(gs_frag_shape(&n, &sh[1]), 300);
	CU_ASSERT_EQUAL(gs_frag_shape(&n, &sh[2]), 1300);
	a.frag = gs_frag_node(&n, &t);
	CU_ASSERT_EQUAL(a.frag, 5000);		/* F = 500 milli-GPU */
	/* GPU1: F' = 200, delta +300: int(100 sigmoid(0.3)) = 57;
	 * GPU0 would give F' = 650, int(100 sigmoid(-0.15)) = 46. */
	CU_ASSERT_EQUAL(sc(&gs_policy_openb_fgd, &n, &a, &p, &t, &devs), 57);
	CU_ASSERT_EQUAL(devs, 2);
	f[1] = 1000;
	f[0] = 300;
	mknode(&n, 10000, f, 2);
	a.frag = gs_frag_node(&n, &t);
	CU_ASSERT_EQUAL(sc(&gs_policy_openb_fgd, &n, &a, &p, &t, &devs), 57);
	CU_ASSERT_EQUAL(devs, 1);

	/* CPU-starved (Q4): all 2700 idle milli is fragment. */
	mknode(&n, 1000, f4, 4);
	CU_ASSERT_EQUAL(gs_frag_shape(&n, &q4), 2700);
	CU_ASSERT_DOUBLE_EQUAL(0.0933 * (double)gs_frag_shape(&n, &q4),
	    251.91, 1e-9);
	/* No access: a shape for another model sees all idle GPU. */
	q4.mask = 2;
	mknode(&n, 100000, f4, 4);
	CU_ASSERT_EQUAL(gs_frag_shape(&n, &q4), 2700);
	q4.mask = 1;
	CU_ASSERT_EQUAL(gs_frag_shape(&n, &q4), 200);
}

static void
test_policy_scores(void)
{
	struct gs_typical	t = { NULL, 0, 1, 1, 0 };
	struct gs_snode		n;
	struct gs_fgd_aux	a = { { 0 }, 0, 0 };
	struct gs_spod		p = mkpod(8000, 500, 1);
	int			full2[2] = { 1000, 1000 }, full8[8];
	int			mix[3] = { 1000, 300, 600 }, pair[2] = { 1000,
	    300 };
	uint32_t		devs;
	int			g;

	for (g = 0; g < 8; g++)
		full8[g] = 1000;
	/* DotProd: 1 - ((.5 x .0625) + (.25 x .0625)) / 2 = .9765625. */
	mknode(&n, 64000, full2, 2);
	CU_ASSERT_EQUAL(sc(&gs_policy_openb_dotprod, &n, &a, &p, &t, &devs),
	    97);
	CU_ASSERT_EQUAL(devs, 1);
	/* BestFit: (1 - (56000/128000 x .5 + 1500/8000 x .5)) x 100 = 68.75. */
	CU_ASSERT_EQUAL(sc(&gs_policy_openb_bestfit, &n, &a, &p, &t, &devs),
	    68);
	/* GpuPacking case 3, all GPUs free: max(33 - f, f). */
	CU_ASSERT_EQUAL(sc(&gs_policy_openb_gpupacking, &n, &a, &p, &t, &devs),
	    31);
	mknode(&n, 64000, full8, 8);
	CU_ASSERT_EQUAL(sc(&gs_policy_openb_gpupacking, &n, &a, &p, &t, &devs),
	    25);
	/* Case 1: the 300 GPU (ascending) fits a 250 share: 100 - 30/10. */
	p = mkpod(8000, 250, 1);
	mknode(&n, 64000, mix, 3);
	CU_ASSERT_EQUAL(sc(&gs_policy_openb_gpupacking, &n, &a, &p, &t, &devs),
	    97);
	CU_ASSERT_EQUAL(devs, 2);
	/* Case 2: a whole GPU on a used node: max(50 - 1, 33). */
	p = mkpod(8000, 1000, 1);
	mknode(&n, 64000, pair, 2);
	CU_ASSERT_EQUAL(sc(&gs_policy_openb_gpupacking, &n, &a, &p, &t, &devs),
	    49);
	CU_ASSERT_EQUAL(devs, 1);
	/* CPU-only pods score 0 under Packing and Clustering. */
	p = mkpod(8000, 0, 0);
	CU_ASSERT_EQUAL(sc(&gs_policy_openb_gpupacking, &n, &a, &p, &t, &devs),
	    0);
	CU_ASSERT_EQUAL(sc(&gs_policy_openb_gpuclustering, &n, &a, &p, &t,
	    &devs), 0);
	/* GpuClustering: base 25 x (8000 - 6500) / 8000 = 4 (integer). */
	mknode(&n, 64000, full8, 8);
	n.free[0] = 0;
	n.free[1] = 500;
	n.idle = 6500;
	p = mkpod(4000, 500, 1);
	CU_ASSERT_EQUAL(sc(&gs_policy_openb_gpuclustering, &n, &a, &p, &t,
	    &devs), 4 + 25);		/* no GPU pods yet */
	a.tags[0] = 2;
	a.ntags = 1;
	CU_ASSERT_EQUAL(sc(&gs_policy_openb_gpuclustering, &n, &a, &p, &t,
	    &devs), 4 + 75);		/* only share pods */
	CU_ASSERT_EQUAL(devs, 2);	/* best fit: the 500 GPU */
	a.tags[1] = 1;
	a.ntags = 2;
	CU_ASSERT_EQUAL(sc(&gs_policy_openb_gpuclustering, &n, &a, &p, &t,
	    &devs), 4 + 50);		/* share pods among others */
	p = mkpod(4000, 1000, 2);
	a.tags[1] = 0;
	a.ntags = 1;
	CU_ASSERT_EQUAL(sc(&gs_policy_openb_gpuclustering, &n, &a, &p, &t,
	    &devs), 4);			/* only other kinds */
	CU_ASSERT_EQUAL(devs, 0x0c);	/* first two whole GPUs */
}

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

/*
 * GpuClustering on the share view counts its decisions per node once the
 * engine committed them and takes them back when the engine releases them
 * (gs_policy.release): two idle nodes of 4 GPUs; a 1-GPU pod scores
 * 25 x 4000 / 8000 + 25 = 37 on both (ties to the lower rank, node 0);
 * committed, node 0 scores 25 x 5000 / 8000 + 75 = 90; released, 37 again.
 */
static void
test_clustering_release(void)
{
	const struct gs_policy	*pol = &gs_policy_openb_gpuclustering;
	struct gs_trace_node	 tn[2] = {
		{ "n0", 64000, 1 << 20, 4, "T4", 1 },
		{ "n1", 64000, 1 << 20, 4, "T4", 2 },
	};
	struct gs_trace_nodes	 t = { tn, 2 };
	struct gs_trace_pod	 tp = { 0 };
	struct gs_cluster	 c;
	struct gs_config	 cfg;
	struct gs_placement	 a, d;
	struct gs_pod		 pod;
	void			*st;

	gs_trace_cluster(&t, &c);
	tp.name = "p";
	tp.cpu_milli = 1000;
	tp.num_gpu = 1;
	tp.gpu_milli = 1000;
	tp.gpu_spec = "";
	gs_trace_pod(&pod, &tp);
	gs_config_init(&cfg);
	cfg.share = 1;
	st = pol->create(&c, &cfg);
	pol->decide(st, &c, &pod, &a, NULL);	/* a dry run: not counted */
	CU_ASSERT_EQUAL(a.node, 0);
	CU_ASSERT_EQUAL(a.node_score, 37);
	gs_placement_release(&a);
	pol->decide(st, &c, &pod, &a, NULL);
	CU_ASSERT_EQUAL(a.node_score, 37);
	gs_engine_commit(&c, &a, &pod);
	pol->decide(st, &c, &pod, &d, NULL);
	CU_ASSERT_EQUAL(d.node, 0);
	CU_ASSERT_EQUAL(d.node_score, 90);
	gs_placement_release(&d);
	gs_engine_release(&c, &a, &pod);
	pol->release(st, &c, &pod, &a);
	pol->decide(st, &c, &pod, &d, NULL);
	CU_ASSERT_EQUAL(d.node, 0);
	CU_ASSERT_EQUAL(d.node_score, 37);
	gs_placement_release(&d);
	gs_placement_release(&a);
	pol->destroy(st);
	gs_config_release(&cfg);
	gs_pod_release(&pod);
	gs_cluster_release(&c);
}

CU_TestInfo share_scores_tests[] = {
	{ "frag measure and FGD on the spec's example", test_frag_example },
	{ "dotprod, bestfit, packing, clustering scores", test_policy_scores },
	{ "kube-scheduler: least, most, requested-to-capacity",
	    test_kube_scores },
	{ "KAI: node order and fractional GPU groups", test_kai_scores },
	{ "Volcano: device walk and binpack score", test_volcano_scores },
	{ "GpuClustering: counts follow commit and release",
	    test_clustering_release },
	CU_TEST_INFO_NULL,
};
