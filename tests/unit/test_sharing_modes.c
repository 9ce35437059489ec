/*
 * test_sharing_modes.c: one workload under each way of sharing a GPU (issue
 * 18 item 7, sched/sharing_modes.c): the per-mode layout rule and the
 * memory each pod is short of, with values worked by hand on the
 * sharing-modes scenario's A100 80GB (81920 MiB; MIG memory from
 * model/mig.c: 1g.10gb 9856, 1g.20gb and 2g.20gb 19968, 3g.40gb 40192,
 * 7g.80gb 80384 MiB).
 */
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/load/load.h"
#include "../../core/report/report.h"
#include "../../core/sched/policy.h"
#include "../../core/sched/sim.h"
#include "../../core/sched/sharing_modes.h"

#define A100 \
	"pools:\n- name: a100\n  model: A100-80GB\n  gpus: 2\n" \
	"  mig: [{1g.10gb: 2, 2g.20gb: 1, 3g.40gb: 1}, null]\n" \
	"  sharing: {strategy: time-slicing, replicas: 4}\n"

/* The run `modes` of scenarios/sharing-modes: a quarter of the card,
 * a 1g.10gb's memory, a 2g.20gb's, the whole card. */
#define PODS \
	"kind: Pod\nmetadata: {name: notebook}\nspec:\n  containers:\n" \
	"  - name: c\n    resources: {limits: {nvidia.com/gpu: 1, " \
	"nvidia.com/gpumem-percentage: 25}}\n---\n" \
	"kind: Pod\nmetadata: {name: small}\nspec:\n  containers:\n" \
	"  - name: c\n    resources: {limits: {nvidia.com/mig-1g.10gb: 1}}\n" \
	"---\nkind: Pod\nmetadata: {name: medium}\nspec:\n  containers:\n" \
	"  - name: c\n    resources: {limits: {nvidia.com/mig-2g.20gb: 1}}\n" \
	"---\nkind: Pod\nmetadata: {name: large}\nspec:\n  containers:\n" \
	"  - name: c\n    resources: {limits: {nvidia.com/gpu: 1}}\n"

static void
test_names(void)
{
	CU_ASSERT_EQUAL(gs_share_mode_find("hami-core"), GS_SHARE_HAMI);
	CU_ASSERT_EQUAL(gs_share_mode_find("time-slicing"), GS_SHARE_TIMESLICE);
	CU_ASSERT_EQUAL(gs_share_mode_find("whole"), GS_SHARE_WHOLE);
	CU_ASSERT_EQUAL(gs_share_mode_find("timeslicing"), -1);
	CU_ASSERT_EQUAL(gs_share_mode_find(""), -1);
	CU_ASSERT_STRING_EQUAL(gs_share_mode_name(GS_SHARE_MPS), "mps");
	CU_ASSERT_FALSE(gs_share_mode_isolated(GS_SHARE_TIMESLICE));
	CU_ASSERT_TRUE(gs_share_mode_isolated(GS_SHARE_MPS));
	CU_ASSERT_TRUE(gs_share_mode_isolated(GS_SHARE_HAMI));
}

static const char *
prof(const struct gs_mig_model *mm, int32_t mem, int32_t pct, int whole,
    const char *named)
{
	struct gs_share_need	n;

	memset(&n, 0, sizeof n);
	n.gpus = 1;
	n.mem = mem;
	n.pct = pct;
	n.whole = whole;
	if (named != NULL)
		n.prof = gs_mig_profile_find(mm, named);
	return gs_share_mig_profile(mm, &n)->name;
}

static void
test_profile_rule(void)
{
	const struct gs_mig_model *mm = gs_mig_model_find("A100-80GB");
	const struct gs_mig_model *a30 = gs_mig_model_find("A30");

	CU_ASSERT_PTR_NOT_NULL_FATAL(mm);
	CU_ASSERT_PTR_NOT_NULL_FATAL(a30);
	CU_ASSERT_STRING_EQUAL(prof(mm, 9856, 0, 0, NULL), "1g.10gb");
	CU_ASSERT_STRING_EQUAL(prof(mm, 1, 0, 0, NULL), "1g.10gb");
	/* 10 GiB is more than 1g.10gb's 9856 MiB */
	CU_ASSERT_STRING_EQUAL(prof(mm, 10240, 0, 0, NULL), "1g.20gb");
	/* 19968 MiB: 1g.20gb and 2g.20gb hold it, 1g.20gb has fewer slices */
	CU_ASSERT_STRING_EQUAL(prof(mm, 19968, 0, 0, NULL), "1g.20gb");
	CU_ASSERT_STRING_EQUAL(prof(mm, 20000, 0, 0, NULL), "3g.40gb");
	/* 25 % of 8 memory slices = 2: 1g.20gb; 26 %: 2.08, so 4 slices */
	CU_ASSERT_STRING_EQUAL(prof(mm, 20480, 25, 0, NULL), "1g.20gb");
	CU_ASSERT_STRING_EQUAL(prof(mm, 21299, 26, 0, NULL), "3g.40gb");
	CU_ASSERT_STRING_EQUAL(prof(mm, 0, 0, 1, NULL), "7g.80gb");
	CU_ASSERT_STRING_EQUAL(prof(mm, 90000, 0, 0, NULL), "7g.80gb");
	/* a profile the pod names is kept */
	CU_ASSERT_STRING_EQUAL(prof(mm, 19968, 0, 0, "2g.20gb"), "2g.20gb");
	/* A30 (4 slices): 50 % is 2 slices, 2g.12gb */
	CU_ASSERT_STRING_EQUAL(prof(a30, 12288, 50, 0, NULL), "2g.12gb");
	CU_ASSERT_STRING_EQUAL(prof(a30, 6000, 0, 0, NULL), "2g.12gb");
}

static void
test_need(void)
{
	const struct gs_mig_model	*mm = gs_mig_model_find("A100-80GB");
	struct gs_container		 c;
	struct gs_share_need		 n;

	memset(&c, 0, sizeof c);
	t_ctr(&c, 2, 3000, -1, 30);
	gs_share_need_of(&c, 81920, mm, &n);
	CU_ASSERT_EQUAL(n.gpus, 2);
	CU_ASSERT_EQUAL(n.mem, 3000);
	CU_ASSERT_EQUAL(n.cores, 30);
	CU_ASSERT_FALSE(n.whole);
	/* gpumem-percentage alone: HAMi's defaultGPUNum, 1 GPU */
	memset(&c, 0, sizeof c);
	t_ctr(&c, -1, -1, 50, -1);
	gs_share_need_of(&c, 81920, mm, &n);
	CU_ASSERT_EQUAL(n.gpus, 1);
	CU_ASSERT_EQUAL(n.mem, 40960);
	CU_ASSERT_EQUAL(n.pct, 50);
	/* nvidia.com/gpu alone: the whole card */
	memset(&c, 0, sizeof c);
	t_ctr(&c, 1, -1, -1, -1);
	gs_share_need_of(&c, 81920, mm, &n);
	CU_ASSERT_TRUE(n.whole);
	CU_ASSERT_EQUAL(n.mem, 81920);
	/* a MIG profile: the cluster's table first (A100 80GB's 1g.10gb is
	 * 9856 MiB), else the first that names it (A100 40GB's, 9984) */
	memset(&c, 0, sizeof c);
	gs_kv_set(&c.dp, "nvidia.com/mig-1g.10gb", "3");
	gs_share_need_of(&c, 81920, mm, &n);
	CU_ASSERT_EQUAL(n.gpus, 3);
	CU_ASSERT_EQUAL(n.mem, 9856);
	CU_ASSERT_STRING_EQUAL(n.prof->name, "1g.10gb");
	gs_share_need_of(&c, 81920, NULL, &n);
	CU_ASSERT_EQUAL(n.mem, 9984);
	gs_kv_release(&c.dp);
}

static void
test_replicas(void)
{
	struct gs_cluster	c;
	struct gs_error		err;

	CU_ASSERT_EQUAL_FATAL(t_load_cluster(A100, &c, &err), 0);
	CU_ASSERT_EQUAL(gs_share_replicas(&c, GS_SHARE_TIMESLICE), 4);
	CU_ASSERT_EQUAL(gs_share_replicas(&c, GS_SHARE_MPS), 4);
	CU_ASSERT_EQUAL(gs_share_replicas(&c, GS_SHARE_WHOLE), 1);
	gs_cluster_release(&c);
	CU_ASSERT_EQUAL_FATAL(t_load_cluster("pools:\n- name: t\n  model: T4\n"
	    "  gpus: 1\n", &c, &err), 0);
	CU_ASSERT_EQUAL(gs_share_replicas(&c, GS_SHARE_TIMESLICE),
	    GS_SHARE_REPLICAS);
	gs_cluster_release(&c);
	/* MPS: at most 48 clients */
	CU_ASSERT_EQUAL_FATAL(t_load_cluster("pools:\n- name: t\n  model: T4\n"
	    "  gpus: 1\n  sharing: {strategy: time-slicing, replicas: 64}\n",
	    &c, &err), 0);
	CU_ASSERT_EQUAL(gs_share_replicas(&c, GS_SHARE_TIMESLICE), 64);
	CU_ASSERT_EQUAL(gs_share_replicas(&c, GS_SHARE_MPS), 48);
	gs_cluster_release(&c);
}

/* The mode's run of PODS on A100: the share run and its simulation. */
static void
run(int mode, struct gs_share_run *sr, struct gs_sim *s)
{
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_config	cfg;
	struct gs_error		err;
	struct gs_warnings	warn = { 0 };
	char			msg[256];

	CU_ASSERT_EQUAL_FATAL(t_load_cluster(A100, &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(t_load_workload(PODS, &w, &warn, msg,
	    sizeof msg), 0);
	gs_config_init(&cfg);
	gs_share_run_init(sr, mode, &c, &w, &cfg);
	CU_ASSERT_EQUAL(gs_simulate(&sr->cluster, &sr->wl, &sr->cfg,
	    gs_policy_find(sr->cfg.profile), NULL, s, NULL), 0);
	gs_share_run_measure(sr, &s->cluster, &s->res);
	gs_config_release(&cfg);
	gs_workload_release(&w);
	gs_cluster_release(&c);
	gs_warnings_release(&warn);
}

static void
mig_is(const struct gs_node *n, size_t j, int32_t index, const char *name,
    int32_t start)
{
	CU_ASSERT_EQUAL(n->devs[j].kind, GS_DEV_MIG);
	CU_ASSERT_EQUAL(n->devs[j].index, index);
	CU_ASSERT_STRING_EQUAL(n->devs[j].mig->name, name);
	CU_ASSERT_EQUAL(n->devs[j].mig_start, start);
}

static void
test_mig(void)
{
	struct gs_share_run	 sr;
	struct gs_sim		 s;
	const struct gs_node	*n;

	/*
	 * Packed in pod order: GPU 0 takes 1g.20gb (25 % = 2 slices), then
	 * 1g.10gb, then 2g.20gb (4 of 7 compute, 5 of 8 memory slices);
	 * 7g.80gb fits only GPU 1.  gs_mig_layout puts the larger first:
	 * 2g.20gb@0, 1g.20gb@2, 1g.10gb@4.
	 */
	run(GS_SHARE_MIG, &sr, &s);
	CU_ASSERT_STRING_EQUAL(sr.cfg.profile, "kube-least-allocated");
	n = &sr.cluster.nodes[0];
	CU_ASSERT_EQUAL_FATAL(n->ndevs, 4);
	CU_ASSERT_EQUAL(n->mig_strategy, GS_MIG_MIXED);
	mig_is(n, 0, 0, "2g.20gb", 0);
	mig_is(n, 1, 0, "1g.20gb", 2);
	mig_is(n, 2, 0, "1g.10gb", 4);
	mig_is(n, 3, 1, "7g.80gb", 0);
	CU_ASSERT_STRING_EQUAL(gs_kv_get(&sr.wl.pods[0].ctrs[0].dp,
	    "nvidia.com/mig-1g.20gb"), "1");
	CU_ASSERT_FALSE(sr.wl.pods[0].ctrs[0].lim[GS_RES_GPU].set);
	CU_ASSERT_FALSE(sr.wl.pods[0].ctrs[0].lim[GS_RES_GPUMEM_PCT].set);
	CU_ASSERT_STRING_EQUAL(gs_kv_get(&sr.wl.pods[3].ctrs[0].dp,
	    "nvidia.com/mig-7g.80gb"), "1");
	CU_ASSERT_EQUAL(s.res.pending, 0);
	/* each pod's instance holds its need */
	CU_ASSERT_EQUAL(sr.short_pods, 0);
	CU_ASSERT_EQUAL(s.m.whole_free, 0);
	gs_sim_release(&s);
	gs_share_run_release(&sr);
}

/* compare's rows for a mode's run (report/compare.c), the same cells in
 * the text and HTML tables: scheduler, isolated, replicas, short pods. */
static void
cells_are(const struct gs_share_run *sr, const char *sched,
    const char *iso, const char *rep, const char *shortp)
{
	struct gs_report_run	 rr = { 0 };
	const char		*want[4];
	char			 cell[64];
	size_t			 k;

	want[0] = sched, want[1] = iso, want[2] = rep, want[3] = shortp;
	rr.cfg = &sr->cfg;
	rr.sharing = sr;
	CU_ASSERT_EQUAL_FATAL(gs_report_sharing_nrows, 4);
	CU_ASSERT_STRING_EQUAL(gs_report_sharing_titles[3],
	    "pods short of memory");
	for (k = 0; k < 4; k++) {
		gs_report_sharing_cell(&rr, k, cell, sizeof cell);
		CU_ASSERT_STRING_EQUAL(cell, want[k]);
	}
}

static void
test_replica_modes(void)
{
	struct gs_share_run	sr;
	struct gs_sim		s;

	/*
	 * time-slicing x4: the device plugin hands out to the GPU with the
	 * fewest replicas allocated, index order on ties: notebook GPU 0,
	 * small GPU 1, medium GPU 0, large GPU 1.  GPU 1's sharers need
	 * 9856 + 81920 > 81920 MiB: both short; GPU 0's 20480 + 19968 fit.
	 */
	run(GS_SHARE_TIMESLICE, &sr, &s);
	CU_ASSERT_EQUAL(sr.replicas, 4);
	CU_ASSERT_EQUAL(sr.cluster.nodes[0].ndevs, 2);
	CU_ASSERT_EQUAL(sr.cluster.nodes[0].devs[1].kind, GS_DEV_TIMESLICE);
	CU_ASSERT_EQUAL(sr.cluster.nodes[0].devs[1].count, 4);
	CU_ASSERT_EQUAL(s.res.pl[3].ctrs[0].grants[0].dev, 1);
	CU_ASSERT_EQUAL(sr.short_pods, 2);
	cells_are(&sr, "kube-least-allocated", "no", "4", "2");
	gs_sim_release(&s);
	gs_share_run_release(&sr);
	/* MPS x4: 81920 / 4 = 20480 MiB a client: the notebook's 25 % just
	 * fits, the whole-card training is short */
	run(GS_SHARE_MPS, &sr, &s);
	CU_ASSERT_TRUE(sr.cluster.nodes[0].dp_fail_gt1);
	CU_ASSERT_EQUAL(sr.cluster.nodes[0].devs[0].kind, GS_DEV_MPS);
	CU_ASSERT_EQUAL(s.res.pending, 0);
	CU_ASSERT_EQUAL(sr.short_pods, 1);
	cells_are(&sr, "kube-least-allocated", "yes", "4", "1");
	gs_sim_release(&s);
	gs_share_run_release(&sr);
	/* whole: two GPUs for four pods */
	run(GS_SHARE_WHOLE, &sr, &s);
	CU_ASSERT_EQUAL(sr.cluster.nodes[0].devs[0].kind, GS_DEV_WHOLE);
	CU_ASSERT_EQUAL(s.res.placed, 2);
	CU_ASSERT_EQUAL(s.res.pending, 2);
	CU_ASSERT_EQUAL(s.m.pods_per_gpu_max, 1);
	/* no replicas outside time-slicing and MPS */
	cells_are(&sr, "kube-least-allocated", "yes", "-", "0");
	gs_sim_release(&s);
	gs_share_run_release(&sr);
}

static void
test_hami(void)
{
	struct gs_share_run	 sr;
	struct gs_sim		 s;
	const struct gs_node	*n;
	const struct gs_container *k;

	/* HAMi's devices on the device plugin's node: 10 slots, the card */
	run(GS_SHARE_HAMI, &sr, &s);
	CU_ASSERT_STRING_EQUAL(sr.cfg.profile, "hami-v2.6.1");
	n = &sr.cluster.nodes[0];
	CU_ASSERT_FALSE(n->dp);
	CU_ASSERT_TRUE(n->registered);
	CU_ASSERT_EQUAL_FATAL(n->ndevs, 2);
	CU_ASSERT_EQUAL(n->devs[0].kind, GS_DEV_HAMI);
	CU_ASSERT_EQUAL(n->devs[0].count, 10);
	CU_ASSERT_EQUAL(n->devs[1].devmem, 81920);
	k = &sr.wl.pods[0].ctrs[0];
	CU_ASSERT_EQUAL(k->lim[GS_RES_GPU].v, 1);
	CU_ASSERT_EQUAL(k->lim[GS_RES_GPUMEM].v, 20480);
	k = &sr.wl.pods[1].ctrs[0];
	CU_ASSERT_EQUAL(k->dp.n, 0);
	CU_ASSERT_EQUAL(k->lim[GS_RES_GPUMEM].v, 9856);
	CU_ASSERT_FALSE(sr.wl.pods[3].ctrs[0].lim[GS_RES_GPUMEM].set);
	CU_ASSERT_EQUAL(sr.short_pods, 0);
	gs_sim_release(&s);
	gs_share_run_release(&sr);
}

static void
test_hami_own_node(void)
{
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_config	cfg;
	struct gs_share_run	sr;
	struct gs_error		err;

	/* HAMi's own node keeps its devices (split 4 here), not their
	 * usage; under whole it becomes the device plugin's */
	CU_ASSERT_EQUAL_FATAL(t_load_cluster("pools:\n- name: t\n  model: T4\n"
	    "  gpus: 2\n  splitCount: 4\n", &c, &err), 0);
	c.nodes[0].devs[1].used = 2;
	c.nodes[0].devs[1].usedmem = 3000;
	memset(&w, 0, sizeof w);
	gs_config_init(&cfg);
	gs_share_run_init(&sr, GS_SHARE_HAMI, &c, &w, &cfg);
	CU_ASSERT_EQUAL(sr.cluster.nodes[0].devs[1].count, 4);
	CU_ASSERT_EQUAL(sr.cluster.nodes[0].devs[1].used, 0);
	CU_ASSERT_EQUAL(sr.cluster.nodes[0].devs[1].usedmem, 0);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].used, 2);	/* c unchanged */
	gs_share_run_release(&sr);
	gs_share_run_init(&sr, GS_SHARE_WHOLE, &c, &w, &cfg);
	CU_ASSERT_TRUE(sr.cluster.nodes[0].dp);
	CU_ASSERT_EQUAL(sr.cluster.nodes[0].devs[1].kind, GS_DEV_WHOLE);
	CU_ASSERT_EQUAL(sr.cluster.nodes[0].devs[1].used, 0);
	CU_ASSERT_EQUAL(sr.cluster.nodes[0].devs[1].devmem, 15360);
	gs_share_run_release(&sr);
	gs_config_release(&cfg);
	gs_cluster_release(&c);
}

CU_TestInfo sharing_modes_tests[] = {
	{ "mode names and isolation", test_names },
	{ "MIG profile: smallest that holds the need", test_profile_rule },
	{ "a container's need of each GPU", test_need },
	{ "replicas: the cluster's, else 4; MPS at most 48", test_replicas },
	{ "mig: per-pod profiles packed first fit", test_mig },
	{ "time-slicing, MPS, whole: memory short", test_replica_modes },
	{ "hami-core on the device plugin's node", test_hami },
	{ "HAMi's own node: devices kept, usage not", test_hami_own_node },
	CU_TEST_INFO_NULL
};
