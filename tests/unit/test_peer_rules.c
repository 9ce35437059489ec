/*
 * test_peer_rules.c: the peers' rules (core/sched/peer_rules.c) on a view built
 * by hand, and the same node state run through both adapters: `simulate`'s
 * (sched/peers.c, a gs_node of 1000 MiB GPUs) and the replay's (the same
 * entries on the share view, sched/peers_share.c: a trace node of 1000 milli
 * GPUs), which must agree.
 * Values computed by hand from spec/peers.md; each test names the peer's
 * source it follows.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/peer_view.h"
#include "../../core/sched/policy.h"
#include "../../core/replay/replay.h"
#include "../../core/metrics/typical.h"
#include "../../core/util/util.h"

/* A hand view of four devices of cap 1000: idle; one part of 400; two
 * parts, 700; a whole GPU's pod. */
static void
hand_view(struct gs_pnode *n, struct gs_pdev dv[4])
{
	static const int64_t use[4] = { 0, 400, 700, 1000 };
	static const int32_t pods[4] = { 0, 1, 2, 1 };
	int	i;

	memset(n, 0, sizeof *n);
	memset(dv, 0, 4 * sizeof *dv);
	n->cpu_cap = 64000;
	n->cpu_use = 16000;
	n->mem_cap = 262144;
	n->mem_use = 65536;
	n->gpu_cap = 4000;
	n->gpu_use = 2100;
	n->nidle = 1;
	n->ndev = 4;
	n->dev = dv;
	for (i = 0; i < 4; i++) {
		dv[i].cap = 1000;
		dv[i].use = use[i];
		dv[i].slots = 10;
		dv[i].npods = pods[i];
		dv[i].cores = i == 3 ? 100 : 0;
		dv[i].health = 1;
		dv[i].idle = i == 0;
		dv[i].group = i == 1 || i == 2;
		dv[i].allowed = 1;
	}
}

static struct gs_ppod
hand_pod(struct gs_preq *k, int num, int64_t mem, int pct, int cores,
    int frac)
{
	struct gs_ppod	p;

	memset(&p, 0, sizeof p);
	k->num = num;
	k->mem = mem;
	k->pct = pct;
	k->cores = cores;
	k->frac = frac;
	p.cpu = 8000;
	p.mem = 32768;
	p.gpu = (int64_t)num * (!frac ? 1000 : pct >= 0 ? pct * 10 : mem);
	p.req = k;
	p.nreq = num > 0;
	return p;
}

/*
 * kube-scheduler, noderesources/{most,least}_allocated.go and
 * requested_to_capacity_ratio.go (peers.md §1.12's worked check): cpu
 * 24000 of 64000 (37), memory 98304 of 262144 (37), GPU 3100 of 4000
 * (77); weights 1, 1, 5.
 */
static void
test_rule_kube(void)
{
	static const int w[3] = { 1, 1, 5 };
	static const int w1[3] = { 1, 1, 1 };
	struct gs_pdev		dv[4];
	struct gs_pnode		n;
	struct gs_preq		k;
	struct gs_ppod		p;
	struct gs_pgrant	g[4];
	unsigned char		taken[4];

	hand_view(&n, dv);
	p = hand_pod(&k, 1, 1000, -1, 0, 0);
	/* (37 + 37 + 5 x 77) / 7 = 459 / 7 */
	CU_ASSERT_EQUAL(gs_peer_kube_score(GS_KUBE_MOST, w, &n, &p), 65);
	/* (62 + 62 + 5 x 22) / 7 = 234 / 7 */
	CU_ASSERT_EQUAL(gs_peer_kube_score(GS_KUBE_LEAST, w, &n, &p), 33);
	/* llround(459 / 7 = 65.57) */
	CU_ASSERT_EQUAL(gs_peer_kube_score(GS_KUBE_RTCR, w, &n, &p), 66);
	CU_ASSERT_EQUAL(gs_peer_kube_devices(&n, &p, taken, g), 1);
	CU_ASSERT_EQUAL(g[0].dev, 0);		/* the one idle device */
	CU_ASSERT_TRUE(g[0].whole);
	k.num = 2;				/* one idle device only */
	CU_ASSERT_EQUAL(gs_peer_kube_devices(&n, &p, taken, g), -1);
	/* A part takes the tightest device with room: 250 -> device 2. */
	p = hand_pod(&k, 1, 250, -1, 0, 1);
	CU_ASSERT_EQUAL(gs_peer_kube_devices(&n, &p, taken, g), 1);
	CU_ASSERT_EQUAL(g[0].dev, 2);
	CU_ASSERT_EQUAL(g[0].mem, 250);
	/* No GPU asked: the GPU is left out, (37 + 37) / 2. */
	p = hand_pod(&k, 0, 0, -1, 0, 0);
	CU_ASSERT_EQUAL(gs_peer_kube_score(GS_KUBE_MOST, w1, &n, &p), 37);
	/* Capacity 0 leaves a resource out: memory only, 37. */
	n.cpu_cap = 0;
	CU_ASSERT_EQUAL(gs_peer_kube_score(GS_KUBE_MOST, w1, &n, &p), 37);
	/*
	 * Go's int64 arithmetic wraps (least_allocated.go
	 * leastRequestedScore: (capacity - requested) * MaxNodeScore /
	 * capacity).  CPU alone (the pod asks 8000), capacity 2^62,
	 * nothing used: (2^62 - 8000) x 100 = 25 x 2^64 - 800000 wraps to
	 * -800000, / 2^62 truncates to 0, not 99; under mostRequestedScore
	 * with 2^61 used: (2^61 + 8000) x 100 = 12 x 2^64 + 2^63 + 800000
	 * wraps to -2^63 + 800000, / 2^62 truncates to -1, and a negative
	 * score still counts.
	 */
	n.cpu_cap = INT64_C(1) << 62;
	n.cpu_use = 0;
	n.mem_cap = 0;
	CU_ASSERT_EQUAL(gs_peer_kube_score(GS_KUBE_LEAST, w1, &n, &p), 0);
	n.cpu_use = INT64_C(1) << 61;
	CU_ASSERT_EQUAL(gs_peer_kube_score(GS_KUBE_MOST, w1, &n, &p), -1);
}

/* The hand view with KAI's binpack range over idle GPUs [1, 3]. */
static void
kai_hand(struct gs_pnode *n, struct gs_pdev dv[4], struct gs_kai_range *r)
{
	hand_view(n, dv);
	gs_peer_kai_range_init(r);
	gs_peer_kai_range_add(r, 1);
	gs_peer_kai_range_add(r, 3);
}

/*
 * KAI-Scheduler: framework/session.go FittingGPUs with plugins/gpupack and
 * gpuspread; plugins/nodeplacement pack.go and spread.go; plugins/
 * gpusharingorder (IsTaskFitOnGpuGroup).
 */
static void
test_rule_kai(void)
{
	struct gs_pdev		dv[4];
	struct gs_pnode		n;
	struct gs_preq		k;
	struct gs_ppod		p;
	struct gs_pgrant	g[4];
	struct gs_kai_range	r;
	unsigned char		taken[4];

	kai_hand(&n, dv, &r);
	/* Binpack: 250 joins the fullest group that fits, 700 of 1000;
	 * 100 + 9 (1 - (1 - 1) / 2) + 1000. */
	p = hand_pod(&k, 1, 250, -1, 0, 1);
	CU_ASSERT_EQUAL(gs_peer_kai_devices(1, &n, &p, taken, g), 1);
	CU_ASSERT_EQUAL(g[0].dev, 2);
	CU_ASSERT_EQUAL(g[0].mem, 250);
	CU_ASSERT_DOUBLE_EQUAL(gs_peer_kai_score(1, &r, &n, &p), 1109, 1e-12);
	/* Spread: an idle GPU first; 100 + 1 idle / 4. */
	CU_ASSERT_EQUAL(gs_peer_kai_devices(0, &n, &p, taken, g), 1);
	CU_ASSERT_EQUAL(g[0].dev, 0);
	CU_ASSERT_DOUBLE_EQUAL(gs_peer_kai_score(0, &r, &n, &p), 100.25,
	    1e-12);
	/* A fraction of 29% on a card of 100: (int64)(0.29 x 100) =
	 * (int64)28.999999999999996 = 28 (Volcano's form gives 29). */
	dv[0].cap = 100;
	p = hand_pod(&k, 1, 0, 29, 0, 1);
	CU_ASSERT_EQUAL(gs_peer_kai_devices(0, &n, &p, taken, g), 1);
	CU_ASSERT_EQUAL(g[0].dev, 0);
	CU_ASSERT_EQUAL(g[0].mem, 28);
	dv[0].cap = 1000;
	/* An unhealthy group is not joined, but still earns the +1000. */
	dv[2].health = 0;
	dv[1].use = 800;
	p = hand_pod(&k, 1, 250, -1, 0, 1);
	CU_ASSERT_EQUAL(gs_peer_kai_devices(1, &n, &p, taken, g), 1);
	CU_ASSERT_EQUAL(g[0].dev, 0);
	CU_ASSERT_DOUBLE_EQUAL(gs_peer_kai_score(1, &r, &n, &p), 1109, 1e-12);
	/* Whole GPUs never fit a group; CPU-only pods fit any (the quirk)
	 * and are placed by CPU: 48000 free of the range [0, 64000]. */
	p = hand_pod(&k, 1, 1000, -1, 0, 0);
	CU_ASSERT_DOUBLE_EQUAL(gs_peer_kai_score(1, &r, &n, &p), 109, 1e-12);
	p = hand_pod(&k, 0, 0, -1, 0, 0);
	gs_peer_kai_range_init(&r);
	gs_peer_kai_range_add(&r, 0);
	gs_peer_kai_range_add(&r, 64000);
	CU_ASSERT_DOUBLE_EQUAL(gs_peer_kai_score(1, &r, &n, &p),
	    100 + 9 * (1 - 48000.0 / 64000) + 1000, 1e-12);
	/* resourcetype: a CPU-only pod on a node without GPUs, +10. */
	n.ndev = 0;
	CU_ASSERT_DOUBLE_EQUAL(gs_peer_kai_score(0, &r, &n, &p),
	    100 + 10 + 48000.0 / 64000, 1e-12);
	/*
	 * v0.20.1: a shared group using 0 MiB against an idle GPU.
	 * IsTaskFitOnGpuGroup (pkg/scheduler/api/node_info/
	 * gpu_sharing_node_info.go) asks UsedSharedGPUsMemory != 0, so
	 * FittingGPUs (framework/session.go filterGpusByEnoughResources)
	 * lists only the idle GPU's WholeGpuIndicator and gpusharingorder
	 * adds no 1000: the idle GPU 0 under binpack (where the group would
	 * tie it at score 0 and, listed first, win) and under spread (a tie
	 * at 1).
	 */
	kai_hand(&n, dv, &r);
	dv[1].use = 0;				/* a group of 0 MiB */
	dv[2].use = 1000;			/* a full group */
	p = hand_pod(&k, 1, 250, -1, 0, 1);
	CU_ASSERT_FALSE(gs_peer_kai_dev_fits(&dv[1], &k));
	CU_ASSERT_TRUE(gs_peer_kai_dev_fits(&dv[0], &k));
	CU_ASSERT_EQUAL(gs_peer_kai_devices(1, &n, &p, taken, g), 1);
	CU_ASSERT_EQUAL(g[0].dev, 0);
	CU_ASSERT_EQUAL(gs_peer_kai_devices(0, &n, &p, taken, g), 1);
	CU_ASSERT_EQUAL(g[0].dev, 0);
	/* 100 + 9 (1 - (1 - 1) / 2), no gpusharingorder 1000. */
	CU_ASSERT_DOUBLE_EQUAL(gs_peer_kai_score(1, &r, &n, &p), 109, 1e-12);
	/* The same group with 1 MiB used is a candidate: binpack joins it
	 * (1/1000 > 0) and earns 1000; spread still takes the idle GPU. */
	dv[1].use = 1;
	CU_ASSERT_EQUAL(gs_peer_kai_devices(1, &n, &p, taken, g), 1);
	CU_ASSERT_EQUAL(g[0].dev, 1);
	CU_ASSERT_DOUBLE_EQUAL(gs_peer_kai_score(1, &r, &n, &p), 1109, 1e-12);
	CU_ASSERT_EQUAL(gs_peer_kai_devices(0, &n, &p, taken, g), 1);
	CU_ASSERT_EQUAL(g[0].dev, 0);
}

/*
 * Volcano deviceshare: api/devices/nvidia/vgpu/utils.go
 * checkNodeGPUSharingPredicateAndScore and device_info.go GPUScore.
 */
static void
test_rule_volcano(void)
{
	struct gs_pdev		dv[4];
	struct gs_pnode		n;
	struct gs_preq		k;
	struct gs_ppod		p;
	struct gs_pgrant	g[4];
	size_t			ng;

	/* Binpack walks by used memory: device 3 (no room, cores 100),
	 * then device 2: 950 of 1000 -> 95. */
	hand_view(&n, dv);
	p = hand_pod(&k, 1, 250, -1, 0, 1);
	CU_ASSERT_EQUAL(gs_peer_volcano(1, &n, &p, g, &ng), 95);
	CU_ASSERT_EQUAL(ng, 1);
	CU_ASSERT_EQUAL(g[0].dev, 2);
	CU_ASSERT_EQUAL(dv[2].use, 950);	/* charged on the view */
	CU_ASSERT_EQUAL(dv[2].npods, 3);
	/* memReq = (uint)(Memory x 29 / 100.0): 29 of a card of 100 (KAI's
	 * (int64)(0.29 x 100) gives 28); the card alone is allowed. */
	hand_view(&n, dv);
	dv[0].cap = 100;
	dv[1].allowed = dv[2].allowed = dv[3].allowed = 0;
	p = hand_pod(&k, 1, 0, 29, 0, 1);
	CU_ASSERT_EQUAL(gs_peer_volcano(1, &n, &p, g, &ng), 29);
	CU_ASSERT_EQUAL(g[0].dev, 0);
	CU_ASSERT_EQUAL(g[0].mem, 29);
	/* Exclusive cores need a card without pods: device 0, 100. */
	hand_view(&n, dv);
	p = hand_pod(&k, 1, 100, -1, 100, 1);
	CU_ASSERT_EQUAL(gs_peer_volcano(1, &n, &p, g, &ng), 10);
	CU_ASSERT_EQUAL(g[0].dev, 0);
	CU_ASSERT_EQUAL(g[0].cores, 100);
	/* Slots: device 2 full at 2 pods; device 1 takes it (65). */
	hand_view(&n, dv);
	dv[2].slots = 2;
	p = hand_pod(&k, 1, 250, -1, 0, 1);
	CU_ASSERT_EQUAL(gs_peer_volcano(1, &n, &p, g, &ng), 65);
	CU_ASSERT_EQUAL(g[0].dev, 1);
	/* A filtered device is skipped the same way. */
	hand_view(&n, dv);
	dv[2].allowed = 0;
	CU_ASSERT_EQUAL(gs_peer_volcano(1, &n, &p, g, &ng), 65);
	/* Spread by pods, score 0 (GPUScore after TryAddPod). */
	hand_view(&n, dv);
	CU_ASSERT_EQUAL(gs_peer_volcano(0, &n, &p, g, &ng), 0);
	CU_ASSERT_EQUAL(g[0].dev, 0);
	/* SchedulePolicy unset or unknown (sortedDeviceIndicesByPolicy's
	 * default): device 0 at 500 of 1000, a pod of 350.  Binpack walks
	 * 3 (cores 100), 2 (700 + 350 > 1000), 0: 850 -> 85.  The default
	 * walks 3, 2, then 1 (400 + 350 = 750), scoring 0 (GPUScore's
	 * default); two such devices: 1 then 0. */
	hand_view(&n, dv);
	dv[0].use = 500;
	p = hand_pod(&k, 1, 350, -1, 0, 1);
	CU_ASSERT_EQUAL(gs_peer_volcano(GS_VCP_BINPACK, &n, &p, g, &ng), 85);
	CU_ASSERT_EQUAL(g[0].dev, 0);
	hand_view(&n, dv);
	dv[0].use = 500;
	CU_ASSERT_EQUAL(gs_peer_volcano(GS_VCP_NONE, &n, &p, g, &ng), 0);
	CU_ASSERT_EQUAL(ng, 1);
	CU_ASSERT_EQUAL(g[0].dev, 1);
	CU_ASSERT_EQUAL(dv[1].use, 750);
	hand_view(&n, dv);
	dv[0].use = 500;
	p = hand_pod(&k, 2, 350, -1, 0, 1);
	CU_ASSERT_EQUAL(gs_peer_volcano(GS_VCP_NONE, &n, &p, g, &ng), 0);
	CU_ASSERT_EQUAL(ng, 2);
	CU_ASSERT_EQUAL(g[0].dev, 1);
	CU_ASSERT_EQUAL(g[1].dev, 0);
	/* More devices than the node has, or not enough room: -1. */
	hand_view(&n, dv);
	p = hand_pod(&k, 5, 100, -1, 0, 1);
	CU_ASSERT_EQUAL(gs_peer_volcano(1, &n, &p, g, &ng), -1);
	p = hand_pod(&k, 3, 700, -1, 0, 1);
	CU_ASSERT_EQUAL(gs_peer_volcano(1, &n, &p, g, &ng), -1);
}

/* --- the same state through both adapters ------------------------------ */

/* The hand view's state as a simulate node: 1000 MiB GPUs, 64 cores,
 * 256 GiB with 16 cores and 64 GiB used; whole: device 3 only. */
static void
sim_node(struct gs_cluster *c, int fractions)
{
	struct gs_node	*n;

	memset(c, 0, sizeof *c);
	c->nodes = xcalloc(1, sizeof *c->nodes);
	c->nnodes = c->cap = 1;
	n = &c->nodes[0];
	t_node(n, "n", 4, 1000, "NVIDIA-Tesla T4");
	n->has_alloc = 1;
	n->alloc_cpu = 64000;
	n->alloc_mem = 256LL << 30;
	n->alloc_pods = 110;
	n->used_cpu = 16000;
	n->used_mem = 64LL << 30;
	if (fractions) {
		n->devs[1].used = 1;
		n->devs[1].usedmem = 400;
		n->devs[2].used = 2;
		n->devs[2].usedmem = 700;
	}
	n->devs[3].used = 1;
	n->devs[3].usedmem = 1000;
	n->devs[3].usedcores = 100;
}

/* The same as a node of the share view (a trace node, 1000 milli a GPU,
 * load/trace_model.c): cpu 64000 with 16000 used, 256 GiB with 64 used, GPU
 * 1 with one pod of 400 milli, GPU 2 with two of 350, GPU 3 one whole. */
static void
share_node(struct gs_cluster *c, int fractions)
{
	static const int32_t	used[4] = { 0, 1, 2, 1 };
	static const int32_t	milli[4] = { 0, 400, 700, 1000 };
	struct gs_trace_nodes	tn;
	struct gs_trace_node	one = { "n", 64000, 262144, 4, "V100M16", 1 };
	int			g;

	tn.v = &one;
	tn.n = 1;
	gs_trace_cluster(&tn, c);
	c->nodes[0].used_cpu = 16000;
	c->nodes[0].used_mem = 64LL << 30;
	for (g = 0; g < 4; g++) {
		if (!fractions && g != 3)
			continue;
		c->nodes[0].devs[g].used = used[g];
		c->nodes[0].devs[g].usedmilli = milli[g];
	}
}

/* simulate's decision for one pod: gpus, gpumem (MiB, or -1), cpu. */
static void
sim_decide(const char *profile, int fractions, int64_t gpus, int64_t mem,
    double *score, int *dev)
{
	const struct gs_policy	*pol = gs_policy_find(profile);
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_config	 cfg;
	struct gs_placement	 d;
	struct gs_pod		*pod;
	void			*st;

	CU_ASSERT_PTR_NOT_NULL_FATAL(pol);
	sim_node(&c, fractions);
	memset(&w, 0, sizeof w);
	pod = t_pod(&w, "p", 1);
	t_ctr(&pod->ctrs[0], gpus, mem, -1, -1);
	pod->req_cpu = pod->ctrs[0].cpu = 8000;
	pod->req_mem = pod->ctrs[0].mem = 32LL << 30;
	pod->pinned_node = -1;
	gs_config_init(&cfg);
	t_set_profile(&cfg, profile);
	st = pol->create(&c, &cfg);
	pol->decide(st, &c, pod, &d, NULL);
	CU_ASSERT_EQUAL(d.status, GS_PLACED);
	*score = d.node_score;
	*dev = d.status == GS_PLACED ? d.ctrs[0].grants[0].dev : -1;
	gs_placement_release(&d);
	pol->destroy(st);
	gs_config_release(&cfg);
	gs_workload_release(&w);
	gs_cluster_release(&c);
}

/* The replay's decision for the same pod (milli per GPU): the entry's
 * decide on the share view (gs_config.share), as replay/replay.c asks it. */
static void
replay_decide(const char *profile, int fractions, int num, int milli,
    double *score, int *dev)
{
	const struct gs_policy	*pol = gs_policy_lookup(profile, GS_VIEW_SHARE);
	struct gs_trace_pod	 tp = { 0 };
	struct gs_cluster	 c;
	struct gs_config	 cfg;
	struct gs_placement	 d;
	struct gs_pod		 pod;
	void			*st;

	CU_ASSERT_PTR_NOT_NULL_FATAL(pol);
	share_node(&c, fractions);
	tp.name = "p";
	tp.cpu_milli = 8000;
	tp.mem_mib = 32768;
	tp.num_gpu = num;
	tp.gpu_milli = milli;
	tp.gpu_spec = "";
	gs_trace_pod(&pod, &tp);
	gs_config_init(&cfg);
	cfg.share = 1;
	st = pol->create(&c, &cfg);
	pol->decide(st, &c, &pod, &d, NULL);
	CU_ASSERT_EQUAL(d.status, GS_PLACED);
	*score = d.node_score;
	*dev = d.status == GS_PLACED && d.ctrs[0].ngrants > 0 ?
	    d.ctrs[0].grants[0].dev : -1;
	CU_ASSERT_TRUE(d.status != GS_PLACED || d.ctrs[0].ngrants == 0 ||
	    d.ctrs[0].grants[0].milli == milli);
	gs_placement_release(&d);
	pol->destroy(st);
	gs_config_release(&cfg);
	gs_pod_release(&pod);
	gs_cluster_release(&c);
}

/*
 * One node, both worlds: kube's whole GPU (cpu 37, memory 37, GPU 2 of
 * 4: 50 -> most 41, least (62 + 62 + 50) / 3 = 58, RTCR llround(41.3));
 * KAI's fraction of 250 (binpack: the 700 group, 100 + 9 + 1000; spread:
 * the idle GPU, 100.25); Volcano's (binpack 95 on device 2; spread 0 on
 * device 0).
 */
static void
test_rule_adapters(void)
{
	static const struct {
		const char	*profile;
		int		 fractions, num, milli;
		double		 score;
		int		 dev;
	} t[] = {
		{ "kube-most-allocated", 0, 1, 1000, 41, 0 },
		{ "kube-least-allocated", 0, 1, 1000, 58, 0 },
		{ "kube-requested-to-capacity-ratio", 0, 1,
		    1000, 41, 0 },
		{ "kai-binpack", 1, 1, 250, 1109, 2 },
		{ "kai-binpack", 1, 1, 500, 1109, 1 },
		{ "kai-binpack", 1, 1, 700, 109, 0 },
		{ "kai-spread", 1, 1, 250, 100.25, 0 },
		{ "volcano-binpack", 1, 1, 250, 95, 2 },
		{ "volcano-spread", 1, 1, 250, 0, 0 },
		{ "volcano-binpack", 0, 2, 1000, 200,
		    0 },
	};
	size_t	i;
	double	s1, s2;
	int	d1, d2;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		sim_decide(t[i].profile, t[i].fractions, t[i].num,
		    t[i].milli < 1000 ? t[i].milli : -1, &s1, &d1);
		replay_decide(t[i].profile, t[i].fractions, t[i].num,
		    t[i].milli, &s2, &d2);
		CU_ASSERT_DOUBLE_EQUAL(s1, t[i].score, 1e-6);
		CU_ASSERT_DOUBLE_EQUAL(s2, t[i].score, 1e-12);
		CU_ASSERT_EQUAL(d1, t[i].dev);
		CU_ASSERT_EQUAL(d2, t[i].dev);
	}
}

/* --- typical shapes and F_n (spec/openb-fgd.md §4) ------------------- */

static void
tkeys(struct gs_tkey *v, const int64_t *k0, const char *const *spec,
    size_t n)
{
	size_t	i;

	memset(v, 0, n * sizeof *v);
	for (i = 0; i < n; i++) {
		v[i].k[0] = k0[i];
		v[i].spec = spec[i];
		v[i].first = i;
	}
}

/*
 * Items 5 3 5 7 3 5 9 group into 5 (3, first 0), 3 (2, first 1), 7 (1,
 * first 3), 9 (1, first 6).  The trace simulator's order (pkg/utils
 * frag.go, sort.Reverse of TargetPodList): count, then key, descending:
 * 5 3 9 7; 60 % of 7 items is 4.2, covered after 5 + 3 (5 items).  By
 * count then first seen: 5 3 7 9.  First seen alone keeps the order in
 * which the keys first appear, counts aside.
 */
static void
test_typical_shapes(void)
{
	static const int64_t k0[7] = { 5, 3, 5, 7, 3, 5, 9 };
	static const char *const sp[7] = { "", "", "", "", "", "", "" };
	static const int64_t k1[4] = { 3, 5, 5, 4 };
	static const char *const s1[4] = { "", "a", "b", "" };
	struct gs_tkey	v[7];
	int64_t		kept;
	size_t		n, distinct;

	tkeys(v, k0, sp, 7);
	n = gs_typical_shapes(v, 7, GS_TORDER_POPULAR_KEY, 60, &kept,
	    &distinct);
	CU_ASSERT_EQUAL(n, 2);
	CU_ASSERT_EQUAL(kept, 5);
	CU_ASSERT_EQUAL(distinct, 4);
	CU_ASSERT_EQUAL(v[0].k[0], 5);
	CU_ASSERT_EQUAL(v[0].count, 3);
	CU_ASSERT_EQUAL(v[1].k[0], 3);
	CU_ASSERT_EQUAL(v[1].first, 1);
	tkeys(v, k0, sp, 7);
	n = gs_typical_shapes(v, 7, GS_TORDER_POPULAR_KEY, 100, &kept, NULL);
	CU_ASSERT_EQUAL(n, 4);
	CU_ASSERT_EQUAL(kept, 7);
	CU_ASSERT_EQUAL(v[2].k[0], 9);		/* key descending */
	CU_ASSERT_EQUAL(v[3].k[0], 7);
	tkeys(v, k0, sp, 7);
	n = gs_typical_shapes(v, 7, GS_TORDER_POPULAR_FIRST, 100, NULL, NULL);
	CU_ASSERT_EQUAL(n, 4);
	CU_ASSERT_EQUAL(v[2].k[0], 7);		/* first seen */
	CU_ASSERT_EQUAL(v[3].k[0], 9);
	/* First seen alone: 3 5 5 4 -> 3, 5 (2), 4; the spec splits the
	 * 5s ("a" and "b" are two shapes). */
	tkeys(v, k1, sp, 4);
	n = gs_typical_shapes(v, 4, GS_TORDER_FIRST, 100, NULL, &distinct);
	CU_ASSERT_EQUAL(n, 3);
	CU_ASSERT_EQUAL(v[1].k[0], 5);
	CU_ASSERT_EQUAL(v[1].count, 2);
	CU_ASSERT_EQUAL(v[2].k[0], 4);
	tkeys(v, k1, s1, 4);
	n = gs_typical_shapes(v, 4, GS_TORDER_POPULAR_KEY, 100, NULL, NULL);
	CU_ASSERT_EQUAL(n, 4);
	CU_ASSERT_EQUAL(v[0].k[0], 5);		/* (5, "b") > (5, "a") */
	CU_ASSERT_STRING_EQUAL(v[0].spec, "b");
	CU_ASSERT_STRING_EQUAL(v[1].spec, "a");
	/* No items: no shapes. */
	CU_ASSERT_EQUAL(gs_typical_shapes(v, 0, GS_TORDER_FIRST, 100, &kept,
	    NULL), 0);
	CU_ASSERT_EQUAL(kept, 0);
}

/* F_n (frag.go's NodeGpuShareFragAmount): a node of 2700 milli idle,
 * 200 of it on GPUs too small for the shape. */
static void
test_frag_value(void)
{
	CU_ASSERT_EQUAL(gs_frag_value(1, 2, 2, 2700, 200), 200);	/* Q3 */
	CU_ASSERT_EQUAL(gs_frag_value(1, 1, 2, 2700, 200), 2700);	/* Q2 */
	CU_ASSERT_EQUAL(gs_frag_value(0, 3, 2, 2700, 200), 2700);	/* XL */
	CU_ASSERT_DOUBLE_EQUAL(gs_frag_value(1, 4, 1, 2.5, 0.25), 0.25,
	    1e-15);
}

CU_TestInfo peer_rules_tests[] = {
	{ "kube-scheduler NodeResourcesFit over the view", test_rule_kube },
	{ "KAI node order and fraction groups over the view", test_rule_kai },
	{ "Volcano deviceshare walk over the view", test_rule_volcano },
	{ "one state through simulate's and the replay's adapters",
	    test_rule_adapters },
	{ "typical shapes: group, order, cut", test_typical_shapes },
	{ "F_n: all idle or the small GPUs", test_frag_value },
	CU_TEST_INFO_NULL,
};
