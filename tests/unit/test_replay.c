/*
 * test_replay.c: the openb trace replay: CSV rows and their errors, the
 * typical pods, the fragmentation measure and the FGD score on the spec's
 * worked example (spec/openb-fgd.md §4), each policy's score on
 * hand-computed nodes (§6), the curve's bucketing (§5.10), the timed
 * queue, and the score cache deciding exactly as computing every score.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>
#include <gsl/gsl_rng.h>

#include "suites.h"
#include "../../core/util/ostat.h"
#include "../../core/replay/replay.h"
#include "../../core/sched/engine.h"
#include "../../core/util/util.h"

static int
parse_nodes(const char *csv, struct gs_trace_nodes *t, struct gs_error *e)
{
	memset(e, 0, sizeof *e);
	return gs_trace_parse_nodes("n.csv", csv, strlen(csv), t, e);
}

static int
parse_pods(const char *csv, struct gs_trace_pods *t, struct gs_error *e)
{
	memset(e, 0, sizeof *e);
	return gs_trace_parse_pods("p.csv", csv, strlen(csv), t, e);
}

/* The replay's view of a node list's model; rrelease frees both. */
static int
rbuild(const struct gs_trace_nodes *tn, struct gs_rcluster *cl,
    struct gs_error *e)
{
	struct gs_cluster	*m = xcalloc(1, sizeof *m);

	gs_trace_cluster(tn, m);
	if (gs_rcluster_build(m, cl, e) == 0)
		return 0;
	gs_cluster_release(m);
	free(m);
	return -1;
}

static void
rrelease(struct gs_rcluster *cl)
{
	struct gs_cluster	*m = (struct gs_cluster *)cl->model;

	gs_rcluster_release(cl);
	if (m != NULL) {
		gs_cluster_release(m);
		free(m);
	}
}

#define NODE_HDR "sn,cpu_milli,memory_mib,gpu,model\n"
#define POD_HDR "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos," \
	"pod_phase,creation_time,deletion_time,scheduled_time\n"

static void
test_trace_rows(void)
{
	struct gs_trace_nodes	n;
	struct gs_trace_pods	p;
	struct gs_error		e;

	CU_ASSERT_EQUAL(parse_nodes(NODE_HDR "a,96000,393216,8,G2\r\n"
	    "b,64000,262144,0,\n\n", &n, &e), 0);
	CU_ASSERT_EQUAL(n.n, 2);
	CU_ASSERT_EQUAL(n.v[0].cpu_milli, 96000);
	CU_ASSERT_EQUAL(n.v[0].gpus, 8);
	CU_ASSERT_STRING_EQUAL(n.v[0].model, "G2");
	CU_ASSERT_STRING_EQUAL(n.v[1].model, "");
	gs_trace_nodes_release(&n);

	CU_ASSERT_EQUAL(parse_pods(POD_HDR "p0,12000,16384,1,460,V100M16|"
	    "V100M32,LS,Running,5,90,7\np1,4000,0,0,0,nan,BE,Pending,6,8,\n",
	    &p, &e), 0);
	CU_ASSERT_EQUAL(p.timed, 1);
	CU_ASSERT_EQUAL(p.v[0].gpu_milli, 460);
	CU_ASSERT_STRING_EQUAL(p.v[0].gpu_spec, "V100M16|V100M32");
	CU_ASSERT_EQUAL(p.v[0].deletion, 90);
	CU_ASSERT_STRING_EQUAL(p.v[1].gpu_spec, "");
	CU_ASSERT_EQUAL(p.v[1].scheduled, -1);
	gs_trace_pods_release(&p);

	CU_ASSERT_EQUAL(parse_pods("name,cpu_milli,memory_mib,num_gpu,"
	    "gpu_milli\np0,1000,0,2,1000\n", &p, &e), 0);
	CU_ASSERT_EQUAL(p.timed, 0);
	CU_ASSERT_EQUAL(p.v[0].creation, -1);
	gs_trace_pods_release(&p);
}

static void
test_trace_errors(void)
{
	struct gs_trace_nodes	n;
	struct gs_trace_pods	p;
	struct gs_error		e;

	CU_ASSERT_EQUAL(parse_nodes("", &n, &e), -1);
	CU_ASSERT_EQUAL(parse_nodes("sn,cpu\n", &n, &e), -1);
	CU_ASSERT_EQUAL(e.line, 1);
	CU_ASSERT_EQUAL(parse_nodes(NODE_HDR "a,96000,x,8,G2\n", &n, &e), -1);
	CU_ASSERT_EQUAL(e.line, 2);
	CU_ASSERT_EQUAL(e.col, 9);
	CU_ASSERT_EQUAL(parse_nodes(NODE_HDR "a,1,1,8,\n", &n, &e), -1);
	CU_ASSERT_EQUAL(parse_nodes(NODE_HDR "a,1,1,17,X\n", &n, &e), -1);
	CU_ASSERT_EQUAL(parse_nodes(NODE_HDR "a,1,1,1,X,extra\n", &n, &e), -1);
	CU_ASSERT_EQUAL(e.col, 11);
	CU_ASSERT_EQUAL(parse_nodes(NODE_HDR "a,1,1,1,X\nb,1,1,1,X\n"
	    "a,1,1,1,X\n", &n, &e), -1);
	CU_ASSERT_EQUAL(e.line, 4);
	CU_ASSERT_PTR_NOT_NULL(strstr(e.msg, "first on line 2"));
	CU_ASSERT_EQUAL(parse_nodes(NODE_HDR, &n, &e), -1);

	CU_ASSERT_EQUAL(parse_pods(POD_HDR "p,1,1,2,500,,LS,R,0,1,0\n", &p,
	    &e), -1);
	CU_ASSERT_EQUAL(e.line, 2);
	CU_ASSERT_EQUAL(e.col, 9);
	CU_ASSERT_EQUAL(parse_pods(POD_HDR "p,1,1,0,500,,LS,R,0,1,0\n", &p,
	    &e), -1);
	CU_ASSERT_EQUAL(parse_pods(POD_HDR "p,1,1,1,1001,,LS,R,0,1,0\n", &p,
	    &e), -1);
	CU_ASSERT_EQUAL(parse_pods(POD_HDR "p,1,1,1,500,,LS,R,9,1,0\n", &p,
	    &e), -1);
	CU_ASSERT_EQUAL(parse_pods(POD_HDR "p,-1,1,1,500,,LS,R,0,1,0\n", &p,
	    &e), -1);
	CU_ASSERT_EQUAL(parse_pods(POD_HDR "p,1,1,1,500,\"T4\",LS,R,0,1,0\n",
	    &p, &e), -1);
	CU_ASSERT_EQUAL(parse_pods(POD_HDR "p,99999999999999999999,1,1,500,,"
	    "LS,R,0,1,0\n", &p, &e), -1);
	{
		static const char nul[] = POD_HDR "p,1,1,1,5\0000,,LS,R,0,1,0\n";

		CU_ASSERT_EQUAL(gs_trace_parse_pods("p.csv", nul, sizeof nul - 1,
		    &p, &e), -1);
		CU_ASSERT_PTR_NOT_NULL(strstr(e.msg, "control character"));
		CU_ASSERT_EQUAL(e.col, 10);
	}
}

static void
test_spec(void)
{
	struct gs_trace_nodes	tn;
	struct gs_rcluster	cl;
	struct gs_error		e;

	CU_ASSERT_TRUE(gs_trace_spec_allows("", "T4"));
	CU_ASSERT_TRUE(gs_trace_spec_allows("", ""));
	CU_ASSERT_TRUE(gs_trace_spec_allows("V100M16|T4", "T4"));
	CU_ASSERT_FALSE(gs_trace_spec_allows("V100M16|T4", "T"));
	CU_ASSERT_FALSE(gs_trace_spec_allows("T4", ""));
	CU_ASSERT_TRUE(gs_trace_spec_allows("|", "P100"));
	CU_ASSERT_FALSE(gs_trace_spec_allows("|", ""));

	CU_ASSERT_EQUAL(parse_nodes(NODE_HDR "a,1,1,1,T4\nb,1,1,2,G2\n"
	    "c,1,1,1,T4\n", &tn, &e), 0);
	CU_ASSERT_EQUAL(rbuild(&tn, &cl, &e), 0);
	CU_ASSERT_EQUAL(cl.nmodels, 2);
	CU_ASSERT_EQUAL(cl.gpus, 4);
	CU_ASSERT_EQUAL(gs_rcluster_spec_mask(&cl, "G2"), 2);
	CU_ASSERT_EQUAL(gs_rcluster_spec_mask(&cl, "G2|T4|A100"), 3);
	CU_ASSERT_EQUAL(gs_rcluster_spec_mask(&cl, "A100"), 0);
	CU_ASSERT_EQUAL(gs_rcluster_spec_mask(&cl, ""), ~UINT64_C(0));
	rrelease(&cl);
	gs_trace_nodes_release(&tn);
}

/* A GPU node of the given free milli per GPU. */
static void
mknode(struct gs_rnode *n, int64_t cpu, const int *free, int ngpu)
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

static struct gs_rpod
mkpod(int64_t cpu, int milli, int num)
{
	struct gs_rpod	p;

	memset(&p, 0, sizeof p);
	p.cpu = cpu;
	p.milli = milli;
	p.num = num;
	p.mask = ~UINT64_C(0);
	return p;
}

/* A policy's score of node n for pod p. */
static double
sc(int policy, const struct gs_rnode *n, const struct gs_rpod *p,
    const struct gs_typical *t, uint32_t *devs)
{
	struct gs_rctx	c;

	gs_rctx_init(&c, policy, t);
	return gs_openb_score(&c, n, p, devs);
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
	struct gs_rnode		n;
	struct gs_rpod		p = mkpod(2000, 300, 1);
	int			f[4] = { 1000, 300 }, f4[4] = { 200, 1000, 1000,
	    500 };
	uint32_t		devs;

	mknode(&n, 10000, f, 2);
	CU_ASSERT_EQUAL(gs_frag_shape(&n, &sh[0]), 300);
	CU_ASSERT_EQUAL(gs_frag_shape(&n, &sh[1]), 300);
	CU_ASSERT_EQUAL(gs_frag_shape(&n, &sh[2]), 1300);
	n.frag = gs_frag_node(&n, &t);
	CU_ASSERT_EQUAL(n.frag, 5000);		/* F = 500 milli-GPU */
	/* GPU1: F' = 200, delta +300: int(100 sigmoid(0.3)) = 57;
	 * GPU0 would give F' = 650, int(100 sigmoid(-0.15)) = 46. */
	CU_ASSERT_EQUAL(sc(GS_RP_FGD, &n, &p, &t, &devs), 57);
	CU_ASSERT_EQUAL(devs, 2);
	f[1] = 1000;
	f[0] = 300;
	mknode(&n, 10000, f, 2);
	n.frag = gs_frag_node(&n, &t);
	CU_ASSERT_EQUAL(sc(GS_RP_FGD, &n, &p, &t, &devs), 57);
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
	struct gs_rnode		n;
	struct gs_rpod		p = mkpod(8000, 500, 1);
	int			full2[2] = { 1000, 1000 }, full8[8];
	int			mix[3] = { 1000, 300, 600 }, pair[2] = { 1000,
	    300 };
	uint32_t		devs;
	int			g;

	for (g = 0; g < 8; g++)
		full8[g] = 1000;
	/* DotProd: 1 - ((.5 x .0625) + (.25 x .0625)) / 2 = .9765625. */
	mknode(&n, 64000, full2, 2);
	CU_ASSERT_EQUAL(sc(GS_RP_DOTPROD, &n, &p, &t, &devs),
	    97);
	CU_ASSERT_EQUAL(devs, 1);
	/* BestFit: (1 - (56000/128000 x .5 + 1500/8000 x .5)) x 100 = 68.75. */
	CU_ASSERT_EQUAL(sc(GS_RP_BESTFIT, &n, &p, &t, &devs),
	    68);
	/* GpuPacking case 3, all GPUs free: max(33 - f, f). */
	CU_ASSERT_EQUAL(sc(GS_RP_GPUPACKING, &n, &p, &t, &devs),
	    31);
	mknode(&n, 64000, full8, 8);
	CU_ASSERT_EQUAL(sc(GS_RP_GPUPACKING, &n, &p, &t, &devs),
	    25);
	/* Case 1: the 300 GPU (ascending) fits a 250 share: 100 - 30/10. */
	p = mkpod(8000, 250, 1);
	mknode(&n, 64000, mix, 3);
	CU_ASSERT_EQUAL(sc(GS_RP_GPUPACKING, &n, &p, &t, &devs),
	    97);
	CU_ASSERT_EQUAL(devs, 2);
	/* Case 2: a whole GPU on a used node: max(50 - 1, 33). */
	p = mkpod(8000, 1000, 1);
	mknode(&n, 64000, pair, 2);
	CU_ASSERT_EQUAL(sc(GS_RP_GPUPACKING, &n, &p, &t, &devs),
	    49);
	CU_ASSERT_EQUAL(devs, 1);
	/* CPU-only pods score 0 under Packing and Clustering. */
	p = mkpod(8000, 0, 0);
	CU_ASSERT_EQUAL(sc(GS_RP_GPUPACKING, &n, &p, &t, &devs),
	    0);
	CU_ASSERT_EQUAL(sc(GS_RP_GPUCLUSTERING, &n, &p, &t,
	    &devs), 0);
	/* GpuClustering: base 25 x (8000 - 6500) / 8000 = 4 (integer). */
	mknode(&n, 64000, full8, 8);
	n.free[0] = 0;
	n.free[1] = 500;
	n.idle = 6500;
	p = mkpod(4000, 500, 1);
	CU_ASSERT_EQUAL(sc(GS_RP_GPUCLUSTERING, &n, &p, &t,
	    &devs), 4 + 25);		/* no GPU pods yet */
	n.tags[0] = 2;
	n.ntags = 1;
	CU_ASSERT_EQUAL(sc(GS_RP_GPUCLUSTERING, &n, &p, &t,
	    &devs), 4 + 75);		/* only share pods */
	CU_ASSERT_EQUAL(devs, 2);	/* best fit: the 500 GPU */
	n.tags[1] = 1;
	n.ntags = 2;
	CU_ASSERT_EQUAL(sc(GS_RP_GPUCLUSTERING, &n, &p, &t,
	    &devs), 4 + 50);		/* share pods among others */
	p = mkpod(4000, 1000, 2);
	n.tags[1] = 0;
	n.ntags = 1;
	CU_ASSERT_EQUAL(sc(GS_RP_GPUCLUSTERING, &n, &p, &t,
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
share_decide_vc(const char *profile, const struct gs_vc_sched *vs,
    const struct gs_cluster *c, int64_t cpu, int64_t mem, int milli, int num,
    uint32_t *devs)
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
		if (vs != NULL)
			cfg.volcano = *vs;
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

static double
share_decide(const char *profile, const struct gs_cluster *c, int64_t cpu,
    int64_t mem, int milli, int num, uint32_t *devs)
{
	return share_decide_vc(profile, NULL, c, cpu, mem, milli, num, devs);
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
 * --volcano-config on the replay's share view, as on the device view
 * (sched/peers.c; deviceshare.go, nvidia/vgpu/utils.go v1.15.1), on
 * test_volcano_scores' node: SchedulePolicy unset walks from the last card
 * (3, free) and scores 0 whatever the weight; ScheduleWeight 10 makes
 * binpack's 95 on card 2 950, weight 0 makes it 0 on the same card;
 * VGPUEnable off leaves a GPU pod pending and places a CPU-only one.
 */
static void
test_volcano_config(void)
{
	struct gs_cluster	c;
	struct gs_vc_sched	vs = { 1, 1, 10, NULL, 1 };
	int			f[4] = { 1000, 600, 300, 1000 };
	int			u[4] = { 0, 2, 3, 0 };
	uint32_t		devs;

	share_cluster(&c, f, u, 4, 4);
	CU_ASSERT_EQUAL(share_decide_vc("volcano-binpack", &vs, &c, 4000, 0,
	    250, 1, &devs), 0);
	CU_ASSERT_EQUAL(devs, 0x08);
	CU_ASSERT_EQUAL(share_decide_vc("volcano-spread", &vs, &c, 4000, 0,
	    250, 1, &devs), 0);
	CU_ASSERT_EQUAL(devs, 0x08);
	vs.nopolicy = 0;
	vs.profile = "volcano-binpack";
	CU_ASSERT_EQUAL(share_decide_vc("volcano-binpack", &vs, &c, 4000, 0,
	    250, 1, &devs), 950);
	CU_ASSERT_EQUAL(devs, 0x04);
	vs.weight = 0;
	CU_ASSERT_EQUAL(share_decide_vc("volcano-binpack", &vs, &c, 4000, 0,
	    250, 1, &devs), 0);
	CU_ASSERT_EQUAL(devs, 0x04);
	vs.vgpu = 0;
	CU_ASSERT_EQUAL(share_decide_vc("volcano-binpack", &vs, &c, 4000, 0,
	    250, 1, &devs), -1);
	CU_ASSERT_EQUAL(share_decide_vc("volcano-binpack", &vs, &c, 4000, 0,
	    0, 0, &devs), 0);
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

static void
test_typical(void)
{
	struct gs_trace_nodes	tn;
	struct gs_trace_pods	tp;
	struct gs_rcluster	cl;
	struct gs_typical	t;
	struct gs_error		e;

	CU_ASSERT_EQUAL(parse_nodes(NODE_HDR "a,1,1,1,T4\n", &tn, &e), 0);
	CU_ASSERT_EQUAL(rbuild(&tn, &cl, &e), 0);
	/* Counts: (8000,500,1) x3, (4000,0,0) x3, (9000,1000,1) x2,
	 * (1000,1000,1,T4) x1, (1000,1000,1) x1. */
	CU_ASSERT_EQUAL(parse_pods("name,cpu_milli,memory_mib,num_gpu,"
	    "gpu_milli\na,8000,1,1,500\nb,8000,2,1,500\nc,8000,3,1,500\n"
	    "d,4000,0,0,0\ne,4000,0,0,0\nf,4000,9,0,0\ng,9000,0,1,1000\n"
	    "h,9000,0,1,1000\ni,1000,0,1,1000\nj,1000,0,1,1000\n", &tp, &e),
	    0);
	gs_typical_build(&tp, &cl, 80, &t);
	CU_ASSERT_EQUAL(t.distinct, 4);
	CU_ASSERT_EQUAL(t.n, 3);		/* 3 + 3 + 2 = 8 >= 80% */
	CU_ASSERT_EQUAL(t.kept, 8);
	/* Equal counts: the larger key first. */
	CU_ASSERT_EQUAL(t.v[0].cpu, 8000);
	CU_ASSERT_EQUAL(t.v[1].cpu, 4000);
	CU_ASSERT_EQUAL(t.v[2].cpu, 9000);
	gs_typical_release(&t);
	gs_typical_build(&tp, &cl, 81, &t);
	CU_ASSERT_EQUAL(t.n, 4);
	CU_ASSERT_EQUAL(t.kept, 10);
	gs_typical_release(&t);
	gs_trace_pods_release(&tp);
	rrelease(&cl);
	gs_trace_nodes_release(&tn);
}

/* Events at given arrived milli; 10 GPUs, so 1% is 100 milli. */
static void
test_curve_buckets(void)
{
	struct gs_revent	ev[4];
	struct gs_replay_result	r;
	struct gs_rpoint	pts[GS_RCURVE_MAX + 1];

	memset(&r, 0, sizeof r);
	memset(ev, 0, sizeof ev);
	r.ev = ev;
	r.nev = 4;
	r.gpus = 10;
	r.kept = 2;
	ev[0].arrived = 250;		/* 2.5 -> 2 (half to even) */
	ev[0].used = 200;
	ev[0].idle = 9800;
	ev[0].frag = 2 * 980;
	ev[1].arrived = 350;		/* 3.5 -> 4 */
	ev[1].used = 300;
	ev[1].idle = 9700;
	ev[2].arrived = 449;		/* 4.49 -> 4 */
	ev[2].used = 500;
	ev[2].idle = 0;
	ev[3].arrived = 1000;		/* 10 */
	ev[3].used = 1000;
	ev[3].idle = 9000;
	gs_replay_curve(&r, pts);
	CU_ASSERT_DOUBLE_EQUAL(pts[2].alloc, 2.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(pts[2].frag, 100 * 980.0 / 1000 / 10, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(pts[2].frag_ratio, 10.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(pts[4].alloc, 4.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(pts[4].unalloc, 96.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(pts[4].frag_ratio, 0.0, 1e-12);
	/* 3 has no event: 2 and 4 (within +-1) are averaged. */
	CU_ASSERT_DOUBLE_EQUAL(pts[3].alloc, (2.0 + 3 + 5) / 3, 1e-12);
	CU_ASSERT_TRUE(isnan(pts[0].alloc));
	CU_ASSERT_DOUBLE_EQUAL(pts[1].alloc, 2.0, 1e-12);
	CU_ASSERT_TRUE(isnan(pts[7].alloc));
	CU_ASSERT_DOUBLE_EQUAL(pts[9].alloc, 10.0, 1e-12);
	CU_ASSERT_EQUAL(pts[9].x, 9);
}

static void
load_mini(struct gs_rcluster *cl, struct gs_trace_nodes *tn,
    struct gs_trace_pods *tp, const char *nodes, const char *pods)
{
	struct gs_error	e;

	memset(&e, 0, sizeof e);
	CU_ASSERT_FATAL(parse_nodes(nodes, tn, &e) == 0);
	CU_ASSERT_FATAL(parse_pods(pods, tp, &e) == 0);
	CU_ASSERT_FATAL(rbuild(tn, cl, &e) == 0);
}

static void
release_all(struct gs_rcluster *cl, struct gs_trace_nodes *tn,
    struct gs_trace_pods *tp)
{
	gs_trace_pods_release(tp);
	gs_trace_nodes_release(tn);
	rrelease(cl);
}

/* One node, one GPU: b waits for a, c expires waiting, d fits at once. */
static void
test_timed_queue(void)
{
	struct gs_trace_nodes	tn;
	struct gs_trace_pods	tp;
	struct gs_rcluster	cl;
	struct gs_replay_opts	o;
	struct gs_replay_result	r;
	struct gs_error		e;

	load_mini(&cl, &tn, &tp, NODE_HDR "n,10000,1000,1,T4\n", POD_HDR
	    "a,1000,1,1,1000,,LS,Running,0,100,0\n"
	    "b,1000,1,1,1000,,LS,Running,10,200,10\n"
	    "c,1000,1,1,600,,LS,Running,20,50,20\n"
	    "d,1000,1,0,0,,LS,Running,30,40,30\n");
	gs_replay_opts_init(&o);
	o.timed = 1;
	o.verify = 1;
	memset(&e, 0, sizeof e);
	CU_ASSERT_EQUAL_FATAL(gs_replay_run(&cl, &tp, &o, &r, &e), 0);
	CU_ASSERT_EQUAL(r.placed, 3);
	CU_ASSERT_EQUAL(r.waited, 1);
	CU_ASSERT_EQUAL(r.expired, 1);
	CU_ASSERT_DOUBLE_EQUAL(r.wait_max, 90, 1e-12);
	CU_ASSERT_EQUAL(r.peak_pending, 2);
	CU_ASSERT_EQUAL(r.t1, 200);
	CU_ASSERT_EQUAL(r.t_arrive, 30);
	CU_ASSERT_EQUAL(r.verify_failed, 0);
	CU_ASSERT_EQUAL(r.node_of[2], -1);	/* c, in name order */
	gs_replay_result_release(&r);

	/* The 5-column form has no times. */
	gs_trace_pods_release(&tp);
	CU_ASSERT_EQUAL(parse_pods("name,cpu_milli,memory_mib,num_gpu,"
	    "gpu_milli\na,1,1,0,0\n", &tp, &e), 0);
	CU_ASSERT_EQUAL(gs_replay_run(&cl, &tp, &o, &r, &e), -1);
	release_all(&cl, &tn, &tp);
}

/* HAMi decides GPU pods: binpack shares a card, spread does not; a
 * CPU-only pod is placed too; use-gputype follows gpu_spec. */
static void
test_hami_replay(void)
{
	static const struct gs_policy *const pol[2] = { &gs_policy_hami_bb,
	    &gs_policy_hami_bs };
	struct gs_trace_nodes	tn;
	struct gs_trace_pods	tp;
	struct gs_rcluster	cl;
	struct gs_replay_opts	o;
	struct gs_replay_result	r;
	struct gs_error		e;
	int			i;

	load_mini(&cl, &tn, &tp, NODE_HDR "n0,32000,65536,2,T4\n"
	    "n1,32000,65536,2,P100\n", POD_HDR
	    "a,1000,1,1,470,,LS,Running,0,100,0\n"
	    "b,1000,1,1,320,,LS,Running,1,100,1\n"
	    "c,1000,1,0,0,,LS,Running,2,100,2\n"
	    "d,1000,1,1,1000,P100,LS,Running,3,100,3\n"
	    "e,1000,1,1,600,T4|V100M16,LS,Running,4,100,4\n");
	for (i = 0; i < 2; i++) {
		gs_replay_opts_init(&o);
		o.policy = pol[i];
		o.timed = 1;
		o.verify = 1;
		memset(&e, 0, sizeof e);
		CU_ASSERT_EQUAL_FATAL(gs_replay_run(&cl, &tp, &o, &r, &e), 0);
		CU_ASSERT_EQUAL(r.placed, 5);
		CU_ASSERT_EQUAL(r.verify_failed, 0);
		/* Node binpack: b joins a's node; GPU policy decides the card. */
		CU_ASSERT_EQUAL(r.node_of[1], r.node_of[0]);
		if (pol[i] == &gs_policy_hami_bb)
			CU_ASSERT_EQUAL(r.devs_of[1], r.devs_of[0])
		else
			CU_ASSERT_NOT_EQUAL(r.devs_of[1], r.devs_of[0]);
		CU_ASSERT_TRUE(r.node_of[2] >= 0);
		CU_ASSERT_EQUAL(r.node_of[3], 1);	/* P100 only */
		CU_ASSERT_EQUAL(r.node_of[4], 0);	/* T4 */
		gs_replay_result_release(&r);
	}
	release_all(&cl, &tn, &tp);
}

/* A random trace in the openb mould: models, shares, whole and multi-GPU
 * pods, specs. */
static char *
random_trace(gsl_rng *rng, int nodes, int pods, char **podcsv)
{
	static const char *const models[] = { "G2", "T4", "P100", "V100M32" };
	static const int gpus[] = { 8, 2, 2, 4 };
	static const int shares[] = { 810, 470, 320, 650, 230, 50 };
	static const char *const specs[] = { "", "", "", "T4", "G2|P100" };
	size_t	 cap = 256, len = 0;
	char	*s = xmalloc(cap), *p;
	int	 i, m, num, milli;

#define APPEND(...) do {						\
	int need_ = snprintf(NULL, 0, __VA_ARGS__);			\
	grow_array(&s, &cap, len + (size_t)need_ + 1, 1);		\
	len += (size_t)snprintf(s + len, cap - len, __VA_ARGS__);	\
} while (0)
	APPEND("%s", NODE_HDR);
	for (i = 0; i < nodes; i++) {
		m = (int)gsl_rng_uniform_int(rng, 4);
		APPEND("n%04d,%d,%d,%d,%s\n", i, 32000 + 8000 *
		    (int)gsl_rng_uniform_int(rng, 12), 262144, gpus[m],
		    models[m]);
	}
	p = s;
	s = xmalloc(cap = 256);
	len = 0;
	APPEND("%s", POD_HDR);
	for (i = 0; i < pods; i++) {
		unsigned long u = gsl_rng_uniform_int(rng, 100);

		num = u < 12 ? 0 : u < 97 ? 1 :
		    2 << (int)gsl_rng_uniform_int(rng, 3);
		milli = num == 0 ? 0 : num > 1 || u < 55 ? 1000 :
		    shares[gsl_rng_uniform_int(rng, 6)];
		APPEND("p%05d,%d,%d,%d,%d,%s,LS,Running,%d,%d,%d\n", i,
		    1000 * (1 + (int)gsl_rng_uniform_int(rng, 16)),
		    1024 * (int)gsl_rng_uniform_int(rng, 64), num, milli,
		    num ? specs[gsl_rng_uniform_int(rng, 5)] : "", i * 10,
		    i * 10 + 50 + (int)gsl_rng_uniform_int(rng, 4000), i * 10);
	}
#undef APPEND
	*podcsv = s;
	return p;
}

/* A random trace's cluster and pods. */
static void
load_random(unsigned long seed, int nodes, int pods, struct gs_rcluster *cl,
    struct gs_trace_nodes *tn, struct gs_trace_pods *tp)
{
	gsl_rng	*rng = gsl_rng_alloc(gsl_rng_mt19937);
	char	*n, *p;

	gsl_rng_set(rng, seed);
	n = random_trace(rng, nodes, pods, &p);
	load_mini(cl, tn, tp, n, p);
	free(n);
	free(p);
	gsl_rng_free(rng);
}

/* The score cache and incremental frag decide exactly as the
 * straightforward computation, for every policy, untimed and timed. */
static void
test_cache_exact(void)
{
	struct gs_trace_nodes	 tn;
	struct gs_trace_pods	 tp;
	struct gs_rcluster	 cl;
	struct gs_replay_opts	 o;
	struct gs_replay_result	 a, b;
	struct gs_error		 e;
	int			 timed;
	size_t			 i, pol;

	load_random(11, 60, 900, &cl, &tn, &tp);
	for (timed = 0; timed <= 1; timed++)
		for (pol = 0; gs_policies[pol] != NULL; pol++) {
			if (!(gs_policies[pol]->views & GS_VIEW_SHARE))
				continue;
			gs_replay_opts_init(&o);
			o.policy = gs_policies[pol];
			o.seed = 3;
			o.timed = timed;
			o.speedup = 4;
			o.verify = 1;
			memset(&e, 0, sizeof e);
			CU_ASSERT_EQUAL_FATAL(gs_replay_run(&cl, &tp, &o, &a,
			    &e), 0);
			o.nocache = 1;
			CU_ASSERT_EQUAL_FATAL(gs_replay_run(&cl, &tp, &o, &b,
			    &e), 0);
			CU_ASSERT_EQUAL(a.verify_failed, 0);
			CU_ASSERT_EQUAL(b.verify_failed, 0);
			CU_ASSERT_EQUAL(a.digest, b.digest);
			CU_ASSERT_EQUAL(a.nev, b.nev);
			CU_ASSERT_TRUE(a.placed > 0 && a.failed > 0);
			for (i = 0; i < a.nev && i < b.nev; i++)
				if (memcmp(&a.ev[i], &b.ev[i],
				    sizeof a.ev[i]) != 0)
					break;
			CU_ASSERT_EQUAL(i, a.nev);
			gs_replay_result_release(&a);
			gs_replay_result_release(&b);
		}
	release_all(&cl, &tn, &tp);
}

/* Same seed, same replay; another seed, another order. */
static void
test_seeded(void)
{
	struct gs_trace_nodes	 tn;
	struct gs_trace_pods	 tp;
	struct gs_rcluster	 cl;
	struct gs_replay_opts	 o;
	struct gs_replay_result	 a, b, c;
	struct gs_error		 e;

	load_random(5, 30, 300, &cl, &tn, &tp);
	gs_replay_opts_init(&o);
	o.policy = &gs_policy_openb_random;
	o.tune = 3;
	memset(&e, 0, sizeof e);
	CU_ASSERT_EQUAL_FATAL(gs_replay_run(&cl, &tp, &o, &a, &e), 0);
	CU_ASSERT_EQUAL_FATAL(gs_replay_run(&cl, &tp, &o, &b, &e), 0);
	o.seed = 43;
	CU_ASSERT_EQUAL_FATAL(gs_replay_run(&cl, &tp, &o, &c, &e), 0);
	CU_ASSERT_EQUAL(a.digest, b.digest);
	CU_ASSERT_NOT_EQUAL(a.digest, c.digest);
	CU_ASSERT_TRUE(a.nclones > 0);
	CU_ASSERT_EQUAL(a.npods, tp.n + a.nclones);
	/* Top-up stops below 3 x capacity, within one pod of it. */
	CU_ASSERT_TRUE(a.ev[a.nev - 1].arrived <= 3 * cl.gpus * GS_MILLI);
	CU_ASSERT_TRUE(a.ev[a.nev - 1].arrived > 3 * cl.gpus * GS_MILLI -
	    8 * GS_MILLI);
	gs_replay_result_release(&a);
	gs_replay_result_release(&b);
	gs_replay_result_release(&c);
	release_all(&cl, &tn, &tp);
}

/* Any HAMi version replays; v2.6.1's own row is the chart's defaults
 * (hami-binpack-spread), and under binpack/binpack hami-binpack-binpack,
 * decision for decision. */
static void
test_hami_versions_replay(void)
{
	struct gs_trace_nodes	tn;
	struct gs_trace_pods	tp;
	struct gs_rcluster	cl;
	struct gs_replay_opts	o;
	struct gs_replay_result	r[5];
	struct gs_error		e;
	int			i;

	load_random(7, 20, 300, &cl, &tn, &tp);
	for (i = 0; i < 5; i++) {
		gs_replay_opts_init(&o);
		o.policy = i == 0 ? &gs_policy_hami_v261 : i == 1 ?
		    &gs_policy_hami_bs : i == 2 ? &gs_policy_hami_v261 :
		    i == 3 ? &gs_policy_hami_bb : &gs_policy_hami_v2100;
		if (i == 2)
			o.node_policy = o.gpu_policy = "binpack";
		memset(&e, 0, sizeof e);
		CU_ASSERT_EQUAL_FATAL(gs_replay_run(&cl, &tp, &o, &r[i], &e),
		    0);
		CU_ASSERT_TRUE(r[i].placed > 0);
	}
	CU_ASSERT_EQUAL(r[0].digest, r[1].digest);
	CU_ASSERT_EQUAL(r[2].digest, r[3].digest);
	CU_ASSERT_NOT_EQUAL(r[0].digest, r[2].digest);
	CU_ASSERT_PTR_EQUAL(r[4].policy, &gs_policy_hami_v2100);
	for (i = 0; i < 5; i++)
		gs_replay_result_release(&r[i]);
	/* A policy without the share view is refused. */
	gs_replay_opts_init(&o);
	o.policy = NULL;
	CU_ASSERT_EQUAL(gs_replay_run(&cl, &tp, &o, &r[0], &e), -1);
	release_all(&cl, &tn, &tp);
}

/* Taking positions by rank from 0..6: worked by hand. */
static void
test_ostat(void)
{
	struct gs_ostat	o;

	gs_ostat_init(&o, 7);
	CU_ASSERT_EQUAL(o.left, 7);
	CU_ASSERT_EQUAL(gs_ostat_take(&o, 3), 3);	/* 0 1 2 4 5 6 */
	CU_ASSERT_EQUAL(gs_ostat_take(&o, 3), 4);	/* 0 1 2 5 6 */
	CU_ASSERT_EQUAL(gs_ostat_take(&o, 0), 0);	/* 1 2 5 6 */
	CU_ASSERT_EQUAL(gs_ostat_take(&o, 3), 6);	/* 1 2 5 */
	CU_ASSERT_EQUAL(gs_ostat_take(&o, 2), 5);	/* 1 2 */
	CU_ASSERT_EQUAL(gs_ostat_take(&o, 1), 2);
	CU_ASSERT_EQUAL(gs_ostat_take(&o, 0), 1);
	CU_ASSERT_EQUAL(o.left, 0);
	gs_ostat_free(&o);
	gs_ostat_init(&o, 1);
	CU_ASSERT_EQUAL(gs_ostat_take(&o, 0), 0);
	gs_ostat_free(&o);
}

/* The trim as it was: draw, then shift the array over the pod. */
static size_t
trim_by_shifting(gsl_rng *r, size_t *order, size_t *n, const int64_t *w,
    int64_t *total, double target)
{
	size_t	idx, removed = 0;

	while ((double)*total > target && *n > 0) {
		idx = (size_t)gsl_rng_uniform_int(r, (unsigned long)*n);
		*total -= w[order[idx]];
		memmove(&order[idx], &order[idx + 1],
		    (*n - idx - 1) * sizeof *order);
		(*n)--;
		removed++;
	}
	return removed;
}

/* Same draws, same pods left in the same order, seed for seed, and the
 * source left in the same state. */
static void
test_trim_same_draws(void)
{
	static const double	 shares[] = { 1.5, 0.5, 0.02, 0, -1 };
	gsl_rng			*ra = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng			*rb = gsl_rng_alloc(gsl_rng_mt19937);
	size_t			 a[600], b[600], na, nb, i, s, k, ra_n, rb_n;
	int64_t			 w[600], ta, tb, all;

	for (s = 0; s < 6; s++)
		for (k = 0; k < sizeof shares / sizeof shares[0]; k++) {
			na = nb = 100 * s + 7;
			gsl_rng_set(ra, 1000 + s);
			for (i = 0, all = 0; i < na; i++) {
				w[i] = (int64_t)gsl_rng_uniform_int(ra, 4000);
				all += w[i];
				/* A shuffled order, as the replay's. */
				a[i] = b[i] = (i * 7919) % na;
			}
			gsl_rng_set(ra, 42 + s);
			gsl_rng_set(rb, 42 + s);
			ta = tb = all;
			ra_n = gs_trim_random(ra, a, &na, w, &ta,
			    shares[k] * (double)all);
			rb_n = trim_by_shifting(rb, b, &nb, w, &tb,
			    shares[k] * (double)all);
			CU_ASSERT_EQUAL(ra_n, rb_n);
			CU_ASSERT_EQUAL(na, nb);
			CU_ASSERT_EQUAL(ta, tb);
			CU_ASSERT_EQUAL(memcmp(a, b, na * sizeof *a), 0);
			CU_ASSERT_EQUAL(gsl_rng_get(ra), gsl_rng_get(rb));
			if (shares[k] >= 1)
				CU_ASSERT_EQUAL(ra_n, 0);
			if (shares[k] < 0)
				CU_ASSERT_EQUAL(na, 0);
		}
	gsl_rng_free(ra);
	gsl_rng_free(rb);
}

CU_TestInfo replay_tests[] = {
	{ "trace rows: node and pod lists, both forms", test_trace_rows },
	{ "trace errors are located", test_trace_errors },
	{ "gpu_spec: the simulator's access rule", test_spec },
	{ "frag measure and FGD on the spec's example", test_frag_example },
	{ "dotprod, bestfit, packing, clustering scores", test_policy_scores },
	{ "kube-scheduler: least, most, requested-to-capacity",
	    test_kube_scores },
	{ "KAI: node order and fractional GPU groups", test_kai_scores },
	{ "Volcano: --volcano-config on the share view", test_volcano_config },
	{ "Volcano: device walk and binpack score", test_volcano_scores },
	{ "GpuClustering: counts follow commit and release",
	    test_clustering_release },
	{ "HAMi in the replay: its own decisions", test_hami_replay },
	{ "HAMi in the replay: any version, node x GPU policies",
	    test_hami_versions_replay },
	{ "typical pods: order, ties and the cut", test_typical },
	{ "curve buckets: half-even rounding, +-1 fallback",
	    test_curve_buckets },
	{ "timed replay: wait queue and expiry", test_timed_queue },
	{ "score cache decides as computing every score", test_cache_exact },
	{ "seeded: shuffle, top-up, node order", test_seeded },
	{ "order-statistic set: k-th position left", test_ostat },
	{ "trim: the draws and order of shifting the array",
	    test_trim_same_draws },
	CU_TEST_INFO_NULL,
};
