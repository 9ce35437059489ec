/*
 * test_peers.c: the peers' profiles on HAMi-style nodes (sched/peers.c):
 * kube-scheduler's scores with whole GPUs and its refusal of HAMi's
 * sharing resources, KAI's fractions and tie by name, Volcano's device
 * walk with cores and slots.  Scores computed by hand from spec/peers.md.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/engine.h"
#include "../../core/sched/policy.h"
#include "../../core/util/util.h"

struct penv {
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_config	cfg;
	struct gs_result	r;
};

/* Nodes "b" then "a" (listed order differs from name order), each with
 * 4 T4s of 15360 MiB, 32 cores and 128 GiB allocatable. */
static void
penv_init(struct penv *e, const char *profile)
{
	static const char *const names[2] = { "b", "a" };
	size_t	i;

	memset(e, 0, sizeof *e);
	e->c.nodes = xcalloc(2, sizeof *e->c.nodes);
	e->c.nnodes = e->c.cap = 2;
	for (i = 0; i < 2; i++) {
		struct gs_node *n = &e->c.nodes[i];

		t_node(n, names[i], 4, 15360, "NVIDIA-Tesla T4");
		n->has_alloc = 1;
		n->alloc_cpu = 32000;
		n->alloc_mem = 128LL << 30;
		n->alloc_pods = 110;
	}
	gs_config_init(&e->cfg);
	t_set_profile(&e->cfg, profile);
}

/* A one-container pod: cpu (milli) and memory (bytes) requests, then
 * the GPU limits of t_ctr. */
static void
ppod(struct penv *e, const char *name, int64_t cpu, int64_t mem,
    int64_t gpu, int64_t gpumem, int64_t pct, int64_t cores)
{
	struct gs_pod	*p = t_pod(&e->w, name, 1);

	t_ctr(&p->ctrs[0], gpu, gpumem, pct, cores);
	p->req_cpu = p->ctrs[0].cpu = cpu;
	p->req_mem = p->ctrs[0].mem = mem;
}

static void
prun(struct penv *e)
{
	const struct gs_policy *p = gs_policy_find(e->cfg.profile);

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	gs_engine_run(&e->c, &e->w, &e->cfg, p, NULL, &e->r, NULL);
}

static void
penv_release(struct penv *e)
{
	gs_result_release(&e->r);
	gs_workload_release(&e->w);
	gs_cluster_release(&e->c);
	gs_config_release(&e->cfg);
}

static const struct gs_placement *
pl(const struct penv *e, size_t i)
{
	return &e->r.pl[i];
}

/*
 * Node b already runs a pod of 8 cores and one GPU.  A pod of 4 cores,
 * 16 GiB and one GPU: MostAllocated gives b (37 + 12 + 50) / 3 = 33 and
 * a (12 + 12 + 25) / 3 = 16; LeastAllocated b (62 + 87 + 50) / 3 = 66
 * and a (87 + 87 + 75) / 3 = 83.
 */
static void
test_kube_profiles(void)
{
	static const char *const prof[2] = { "kube-most-allocated",
	    "kube-least-allocated" };
	struct penv	e;
	int		k;

	for (k = 0; k < 2; k++) {
		penv_init(&e, prof[k]);
		ppod(&e, "first", 8000, 0, 1, -1, -1, -1);
		ppod(&e, "second", 4000, 16LL << 30, 1, -1, -1, -1);
		e.w.pods[0].pinned_node = 0;
		prun(&e);
		CU_ASSERT_EQUAL(pl(&e, 0)->node, 0);
		CU_ASSERT_EQUAL(pl(&e, 0)->ctrs[0].grants[0].dev, 0);
		CU_ASSERT_EQUAL(pl(&e, 0)->ctrs[0].grants[0].usedmem, 15360);
		CU_ASSERT_EQUAL(pl(&e, 1)->node, k == 0 ? 0 : 1);
		CU_ASSERT_DOUBLE_EQUAL(pl(&e, 1)->node_score, k == 0 ? 33 : 83,
		    1e-6);
		CU_ASSERT_EQUAL(pl(&e, 1)->ctrs[0].grants[0].dev, k == 0 ? 1 : 0);
		penv_release(&e);
	}
	/* gpumem is HAMi's: plain kube-scheduler leaves the pod pending. */
	penv_init(&e, "kube-requested-to-capacity-ratio");
	ppod(&e, "shared", 1000, 0, 1, 3000, -1, -1);
	prun(&e);
	CU_ASSERT_EQUAL(pl(&e, 0)->status, GS_PENDING);
	CU_ASSERT_PTR_NOT_NULL(strstr(pl(&e, 0)->reason, "gpumem"));
	penv_release(&e);
	/* Not enough free GPUs anywhere. */
	penv_init(&e, "kube-most-allocated");
	ppod(&e, "five", 1000, 0, 5, -1, -1, -1);
	prun(&e);
	CU_ASSERT_EQUAL(pl(&e, 0)->status, GS_PENDING);
	CU_ASSERT_PTR_NOT_NULL(strstr(pl(&e, 0)->reason, "2 without enough"));
	penv_release(&e);
}

/* KAI: equal scores go to the smaller name (a, listed second); binpack
 * fractions join the fullest group that fits and earn the +1000 there. */
static void
test_kai_profiles(void)
{
	struct penv	e;

	penv_init(&e, "kai-binpack");
	ppod(&e, "f1", 1000, 0, 1, 6000, -1, -1);
	ppod(&e, "f2", 1000, 0, 1, 6000, -1, -1);
	ppod(&e, "f3", 1000, 0, 1, 6000, -1, -1);
	ppod(&e, "pct", 1000, 0, 1, -1, 50, -1);
	ppod(&e, "whole", 1000, 0, 2, -1, -1, -1);
	prun(&e);
	CU_ASSERT_EQUAL(pl(&e, 0)->node, 1);		/* "a" by name */
	CU_ASSERT_EQUAL(pl(&e, 0)->ctrs[0].grants[0].dev, 0);
	CU_ASSERT_DOUBLE_EQUAL(pl(&e, 0)->node_score, 109, 1e-6);
	CU_ASSERT_EQUAL(pl(&e, 1)->node, 1);
	CU_ASSERT_EQUAL(pl(&e, 1)->ctrs[0].grants[0].dev, 0);	/* the group */
	CU_ASSERT_DOUBLE_EQUAL(pl(&e, 1)->node_score, 1109, 1e-6);
	/* 12000 of 15360 used: 6000 does not fit; a's 3 idle GPUs are the
	 * fewest, so binpack stays on a and opens GPU 1. */
	CU_ASSERT_EQUAL(pl(&e, 2)->node, 1);
	CU_ASSERT_EQUAL(pl(&e, 2)->ctrs[0].grants[0].dev, 1);
	/* 50% of 15360 = 7680 fits GPU 1's group (9360 free), not GPU 0's
	 * (3360 free). */
	CU_ASSERT_EQUAL(pl(&e, 3)->node, 1);
	CU_ASSERT_EQUAL(pl(&e, 3)->ctrs[0].grants[0].dev, 1);
	CU_ASSERT_EQUAL(pl(&e, 3)->ctrs[0].grants[0].usedmem, 7680);
	CU_ASSERT_DOUBLE_EQUAL(pl(&e, 3)->node_score, 1109, 1e-6);
	/* Two whole GPUs: a's two idle ones, the fewest (9 against 0). */
	CU_ASSERT_EQUAL(pl(&e, 4)->node, 1);
	CU_ASSERT_EQUAL(pl(&e, 4)->ctrs[0].ngrants, 2);
	CU_ASSERT_EQUAL(pl(&e, 4)->ctrs[0].grants[0].dev, 2);
	CU_ASSERT_EQUAL(pl(&e, 4)->ctrs[0].grants[1].dev, 3);
	CU_ASSERT_EQUAL(pl(&e, 4)->ctrs[0].grants[0].usedcores, 100);
	CU_ASSERT_DOUBLE_EQUAL(pl(&e, 4)->node_score, 109, 1e-6);
	penv_release(&e);

	/* Spread: an idle GPU first, and the node with more of them. */
	penv_init(&e, "kai-spread");
	ppod(&e, "f1", 1000, 0, 1, 6000, -1, -1);
	ppod(&e, "f2", 1000, 0, 1, 6000, -1, -1);
	ppod(&e, "f3", 1000, 0, 1, 6000, -1, -1);
	prun(&e);
	CU_ASSERT_EQUAL(pl(&e, 0)->node, 1);
	CU_ASSERT_EQUAL(pl(&e, 1)->node, 0);
	CU_ASSERT_EQUAL(pl(&e, 2)->node, 1);
	CU_ASSERT_EQUAL(pl(&e, 2)->ctrs[0].grants[0].dev, 1);
	CU_ASSERT_DOUBLE_EQUAL(pl(&e, 2)->node_score, 100.75, 1e-6);
	penv_release(&e);
}

/* Volcano: binpack fills the fullest card; exclusive cores need an
 * unused card; spread takes the card with the fewest pods. */
static void
test_volcano_profiles(void)
{
	struct penv	e;

	penv_init(&e, "volcano-binpack");
	ppod(&e, "v1", 1000, 0, 1, 5000, -1, 30);
	ppod(&e, "v2", 1000, 0, 1, 5000, -1, 30);
	ppod(&e, "excl", 1000, 0, 1, 1000, -1, 100);
	ppod(&e, "v3", 1000, 0, 1, 6000, -1, 50);
	prun(&e);
	/* Both empty: 100 x 5000 / 15360 = 32.55 -> 33 on each; first
	 * listed, b. */
	CU_ASSERT_EQUAL(pl(&e, 0)->node, 0);
	CU_ASSERT_DOUBLE_EQUAL(pl(&e, 0)->node_score, 33, 1e-6);
	/* b's GPU 0 now 10000 / 15360: 65.1 -> 65 beats a's 33. */
	CU_ASSERT_EQUAL(pl(&e, 1)->node, 0);
	CU_ASSERT_EQUAL(pl(&e, 1)->ctrs[0].grants[0].dev, 0);
	CU_ASSERT_DOUBLE_EQUAL(pl(&e, 1)->node_score, 65, 1e-6);
	/* Cores 100 skip the used card: GPU 1 of b (7 vs a's 7: first). */
	CU_ASSERT_EQUAL(pl(&e, 2)->node, 0);
	CU_ASSERT_EQUAL(pl(&e, 2)->ctrs[0].grants[0].dev, 1);
	/* 60 cores on top of 60 used is too many, and GPU 1 is exclusive:
	 * GPU 2 (39) on b loses to nothing better on a (39): b. */
	CU_ASSERT_EQUAL(pl(&e, 3)->ctrs[0].grants[0].dev, 2);
	penv_release(&e);

	penv_init(&e, "volcano-spread");
	ppod(&e, "s1", 1000, 0, 1, 1000, -1, -1);
	ppod(&e, "s2", 1000, 0, 1, 1000, -1, -1);
	prun(&e);
	CU_ASSERT_EQUAL(pl(&e, 0)->ctrs[0].grants[0].dev, 0);
	CU_ASSERT_EQUAL(pl(&e, 1)->node, 0);	/* score 0 everywhere */
	CU_ASSERT_EQUAL(pl(&e, 1)->ctrs[0].grants[0].dev, 1);
	CU_ASSERT_DOUBLE_EQUAL(pl(&e, 1)->node_score, 0, 1e-6);
	penv_release(&e);
}

/*
 * The paper's policies on HAMi nodes: 7500 MiB of a 15360 MiB T4 is
 * ceil(7500000 / 15360) = 489 milli-GPU.  The typical pods are the two
 * GPU pods and the CPU-only one (count 1, which counts all idle GPU).
 * After one GPU pod on GPU 0 (511 left) F = 3511 / 3.  On GPU 1 the
 * second leaves F = 3022 / 3: int(100 sigmoid(0.163)) = 54; on GPU 0,
 * 22 milli no GPU pod can use, F = (2 x 22 + 3022) / 3: 53.  FGD takes
 * GPU 1; BestFit and GpuPacking share GPU 0 (tighter; a used GPU first).
 */
static void
test_openb_profiles(void)
{
	static const char *const prof[3] = { "fgd", "bestfit", "gpupacking" };
	struct penv	e;
	int		k;

	for (k = 0; k < 3; k++) {
		penv_init(&e, prof[k]);
		ppod(&e, "p1", 1000, 0, 1, 7500, -1, -1);
		ppod(&e, "p2", 1000, 0, 1, 7500, -1, -1);
		ppod(&e, "cpu", 1000, 0, 0, -1, -1, -1);
		e.w.pods[0].pinned_node = 0;
		e.w.pods[1].pinned_node = 0;
		prun(&e);
		CU_ASSERT_EQUAL(pl(&e, 0)->ctrs[0].grants[0].dev, 0);
		CU_ASSERT_EQUAL(pl(&e, 0)->ctrs[0].grants[0].usedmem, 7500);
		CU_ASSERT_EQUAL(pl(&e, 1)->ctrs[0].grants[0].dev, k == 0 ? 1 : 0);
		if (k == 0)
			CU_ASSERT_DOUBLE_EQUAL(pl(&e, 1)->node_score, 54, 1e-6);
		CU_ASSERT_EQUAL(pl(&e, 2)->status, GS_UNMANAGED);
		penv_release(&e);
	}
	/* Two GPU containers: not the model's. */
	penv_init(&e, "dotprod");
	ppod(&e, "two", 1000, 0, 1, 1000, -1, -1);
	e.w.pods[0].ctrs = xreallocarray(e.w.pods[0].ctrs, 2,
	    sizeof *e.w.pods[0].ctrs);
	e.w.pods[0].nctrs = 2;
	t_ctr(&e.w.pods[0].ctrs[1], 1, 1000, -1, -1);
	prun(&e);
	CU_ASSERT_EQUAL(pl(&e, 0)->status, GS_PENDING);
	CU_ASSERT_PTR_NOT_NULL(strstr(pl(&e, 0)->reason, "one GPU request"));
	penv_release(&e);
}

CU_TestInfo peers_tests[] = {
	{ "FGD paper's policies on HAMi nodes", test_openb_profiles },
	{ "kube-scheduler: most/least allocated, no sharing",
	    test_kube_profiles },
	{ "KAI: fractions, groups, tie by name", test_kai_profiles },
	{ "Volcano: device walk, cores, spread", test_volcano_profiles },
	CU_TEST_INFO_NULL,
};
