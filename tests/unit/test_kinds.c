/*
 * test_kinds.c: metrics per device kind (metrics/kinds.c, issue 18 item 6)
 * on hand-worked A100 80GB geometries: physical GPUs, whole GPUs free only
 * when nothing uses them, MIG profiles still placeable and fragmented
 * slices, replica memory and time-slicing's overcommitted memory.
 */
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/metrics/metrics.h"
#include "../../core/metrics/kinds.h"
#include "../../core/sched/kube_dp_explain.h"
#include "../../core/load/dpconfig.h"
#include "../../core/load/sharing.h"
#include "../../core/report/kinds.h"

#define NEAR(a, b)	CU_ASSERT_DOUBLE_EQUAL((a), (b), 1e-9)

static const struct gs_mig_profile *
prof(const struct gs_mig_model *mm, const char *name)
{
	const struct gs_mig_profile *p = gs_mig_profile_find(mm, name);

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	return p;
}

static void
test_placeable(void)
{
	const struct gs_mig_model *mm = gs_mig_model_find("A100-80GB");
	unsigned	busy = 0x07;	/* 2g@0 and 1g@2 held: slices 0-2 */

	CU_ASSERT_PTR_NOT_NULL_FATAL(mm);
	/* 3g (starts 0, 4; 4 slices): 4-7 free, 3 + 3 compute <= 7. */
	CU_ASSERT_EQUAL(gs_mig_placeable(mm, busy, 3, prof(mm, "3g.40gb"), 0,
	    0), 4);
	/* 4g and 7g start at 0 alone, which is held. */
	CU_ASSERT_EQUAL(gs_mig_placeable(mm, busy, 3, prof(mm, "4g.40gb"), 0,
	    0), -1);
	CU_ASSERT_EQUAL(gs_mig_placeable(mm, busy, 3, prof(mm, "7g.80gb"), 0,
	    0), -1);
	/* 1g.20gb (starts 0, 2, 4, 6; 2 slices): 2-3 overlaps slice 2. */
	CU_ASSERT_EQUAL(gs_mig_placeable(mm, busy, 3, prof(mm, "1g.20gb"), 0,
	    0), 4);
	/* 5 compute slices taken: 3g no longer fits the 7. */
	CU_ASSERT_EQUAL(gs_mig_placeable(mm, busy, 5, prof(mm, "3g.40gb"), 0,
	    0), -1);
	/* The instance limit: 7 1g.10gb, one +me instance per GPU. */
	CU_ASSERT_EQUAL(gs_mig_placeable(mm, 0, 0, prof(mm, "1g.10gb"), 7, 0),
	    -1);
	CU_ASSERT_EQUAL(gs_mig_placeable(mm, 0, 1, prof(mm, "1g.10gb+me"), 0,
	    1), -1);
	CU_ASSERT_EQUAL(gs_mig_placeable(mm, busy, 3, prof(mm, "1g.10gb"), 1,
	    0), 3);
}

/* A100 80GB x2: GPU 0 seven 1g.10gb (at slices 0-6, slice 7 left out),
 * GPU 1 whole. */
#define SEVEN "pools:\n- name: a\n  model: A100-80GB\n  gpus: 2\n" \
	"  mig: [{1g.10gb: 7}, null]\n"

static void
test_mig_metrics(void)
{
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_config	 cfg;
	struct gs_metrics	 m;
	struct gs_error		 err;
	const struct gs_physgpu	*g;

	memset(&w, 0, sizeof w);
	gs_config_init(&cfg);
	t_set_profile(&cfg, "kube-least-allocated");
	CU_ASSERT_EQUAL_FATAL(t_load_cluster(SEVEN, &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(c.nodes[0].ndevs, 8);
	CU_ASSERT_EQUAL_FATAL(c.nodes[0].devs[6].mig_start, 6);
	/* Nothing used: two physical GPUs, both whole free. */
	gs_metrics_compute(&m, &c, &w, &cfg, NULL);
	CU_ASSERT_EQUAL(m.gpus, 8);
	CU_ASSERT_EQUAL(m.pgpus, 2);
	CU_ASSERT_EQUAL(m.shared, 2);
	CU_ASSERT_EQUAL(m.gpus_offline, 0);
	CU_ASSERT_EQUAL(m.whole_free, 2);
	g = &m.pgpu[0];
	CU_ASSERT_EQUAL(g->kind, GS_DEV_MIG);
	CU_ASSERT_EQUAL(g->ndevs, 7);
	CU_ASSERT_EQUAL(g->cap, 7);
	CU_ASSERT_EQUAL(g->used, 0);
	CU_ASSERT_EQUAL(g->free_slices, 8);
	CU_ASSERT_EQUAL(g->frag_slices, 0);
	CU_ASSERT_STRING_EQUAL(g->largest->name, "7g.80gb");
	gs_metrics_release(&m);

	/* The instance at slice 6 used: slices 0-5 and 7 free, 1 compute
	 * slice taken.  Slice 7 is reached by 1g.20gb@6 and 7g@0 alone,
	 * both over slice 6: fragmented.  Largest: 3g.40gb and 4g.40gb
	 * at 0 both fit (40 GB); 4g has more compute. */
	c.nodes[0].devs[6].used = 1;
	c.nodes[0].devs[6].usedmem = c.nodes[0].devs[6].devmem;
	c.nodes[0].devs[6].usedcores = 100;
	gs_metrics_compute(&m, &c, &w, &cfg, NULL);
	g = &m.pgpu[0];
	CU_ASSERT_EQUAL(g->used, 1);
	CU_ASSERT_TRUE(g->busy);
	CU_ASSERT_EQUAL(g->free_slices, 7);
	CU_ASSERT_EQUAL(g->frag_slices, 1);
	CU_ASSERT_STRING_EQUAL(g->largest->name, "4g.40gb");
	CU_ASSERT_EQUAL(g->nprof, 1);
	CU_ASSERT_EQUAL(g->prof[0].used, 1);
	CU_ASSERT_EQUAL(g->prof[0].total, 7);
	/* A partly used MIG GPU is no whole free GPU; its 6 free
	 * instances are not 6 free GPUs. */
	CU_ASSERT_EQUAL(m.whole_free, 1);
	CU_ASSERT_EQUAL(m.node[0].whole_free, 1);
	CU_ASSERT_EQUAL(m.gpus_used, 1);
	NEAR(gs_physgpu_idle(g), 7.0 / 8);
	NEAR(gs_physgpu_frag(g), 1.0 / 8);
	/* idle: 7/8 of GPU 0 + the whole GPU 1 */
	NEAR(m.idle_gpus, 1 + 7.0 / 8);
	NEAR(m.frag_gpus, 1.0 / 8);
	gs_metrics_release(&m);

	/* HAMi does not schedule on the device plugin's GPUs: none free. */
	t_set_profile(&cfg, "hami-v2.6.1");
	gs_metrics_compute(&m, &c, &w, &cfg, NULL);
	CU_ASSERT_EQUAL(m.whole_free, 0);
	CU_ASSERT_EQUAL(m.gpus_offline, 2);
	gs_metrics_release(&m);
	gs_cluster_release(&c);
	gs_config_release(&cfg);
}

static void
test_replicas(void)
{
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_config	 cfg;
	struct gs_metrics	 m;
	struct gs_error		 err;
	struct gs_physgpu	*g;

	memset(&w, 0, sizeof w);
	gs_config_init(&cfg);
	t_set_profile(&cfg, "kube-least-allocated");
	/* L4 (23034 MiB) MPS x2: each client 23034 / 2 = 11517 MiB. */
	CU_ASSERT_EQUAL_FATAL(t_load_cluster("pools:\n- name: l\n  model: L4\n"
	    "  gpus: 1\n  sharing: {strategy: mps, replicas: 2}\n- name: t\n"
	    "  model: T4\n  gpus: 1\n  sharing: {strategy: time-slicing, "
	    "replicas: 4}\n", &c, &err), 0);
	c.nodes[1].devs[0].used = 3;
	gs_metrics_compute(&m, &c, &w, &cfg, NULL);
	CU_ASSERT_EQUAL(m.pgpus, 2);
	g = &m.pgpu[0];
	CU_ASSERT_EQUAL(g->kind, GS_DEV_MPS);
	CU_ASSERT_EQUAL(g->replica_mem, 11517);
	CU_ASSERT_TRUE(g->isolated);
	CU_ASSERT_EQUAL(g->cap, 2);
	/* T4 time-sliced x4, 3 replicas taken: no isolation, each may
	 * touch the card's 15360 MiB; a quarter idle; not whole free. */
	g = &m.pgpu[1];
	CU_ASSERT_EQUAL(g->kind, GS_DEV_TIMESLICE);
	CU_ASSERT_FALSE(g->isolated);
	CU_ASSERT_EQUAL(g->replica_mem, 15360);
	CU_ASSERT_EQUAL(g->used, 3);
	CU_ASSERT_EQUAL(g->cap, 4);
	NEAR(gs_physgpu_idle(g), 0.25);
	CU_ASSERT_EQUAL(m.whole_free, 1);	/* the idle L4 */
	/* Sharers declaring 3 x 6000 MiB exceed the 15360 MiB card. */
	g->declared_mem = 18000;
	gs_physgpu_usage(g, &c.nodes[1]);
	CU_ASSERT_TRUE(g->overcommit);
	g->declared_mem = 15360;
	gs_physgpu_usage(g, &c.nodes[1]);
	CU_ASSERT_FALSE(g->overcommit);
	gs_metrics_release(&m);
	gs_cluster_release(&c);
	gs_config_release(&cfg);
}

/* Explain over GPU 0 (2g@0, 1g@2, 1g@3, 3g@4) and GPU 1 (time-sliced x2,
 * failRequestsGreaterThanOne) of one A100 80GB node. */
static void
test_explain(void)
{
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_dp_explain	 ex;
	struct gs_error		 err;
	struct gs_warnings	 warn = { 0 };
	struct gs_grant		 g = { .dev = 4 };
	struct gs_ctr_grant	 cg = { &g, 1 };
	struct gs_placement	 placed = { .status = GS_PLACED, .node = 0,
	    .ctrs = &cg, .nctrs = 1 };
	char			 msg[256];

	CU_ASSERT_EQUAL_FATAL(t_load_cluster("pools:\n- name: a\n"
	    "  model: A100-80GB\n  gpus: 2\n"
	    "  mig: [{1g.10gb: 2, 2g.20gb: 1, 3g.40gb: 1}, null]\n"
	    "  sharing: {strategy: time-slicing, replicas: 2, "
	    "failRequestsGreaterThanOne: true}\n", &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(t_load_workload("kind: Pod\nmetadata: {name: a}\n"
	    "spec:\n  containers:\n  - name: c\n    resources: {limits: "
	    "{nvidia.com/mig-2g.20gb: 1}}\n---\nkind: Pod\nmetadata: "
	    "{name: b}\nspec:\n  containers:\n  - name: c\n    resources: "
	    "{limits: {nvidia.com/gpu: 2}}\n", &w, &warn, msg, sizeof msg), 0);
	/* The 2g.20gb instance (device 0) held: none of that profile left;
	 * the 1g.10gb instances are another resource. */
	c.nodes[0].devs[0].used = 1;
	gs_kube_dp_explain(&c, &w.pods[0], NULL, 0, &ex);
	CU_ASSERT_EQUAL(ex.nasks, 1);
	CU_ASSERT_FALSE(ex.node[0].fits);
	CU_ASSERT_STRING_EQUAL(ex.node[0].why, "Insufficient "
	    "nvidia.com/mig-2g.20gb: 0 free of 1, asks 1");
	CU_ASSERT_STRING_EQUAL(ex.dev[0].why,
	    "no free instance of 2g.20gb: held");
	CU_ASSERT_EQUAL(ex.dev[0].cap, 1);
	CU_ASSERT_EQUAL(ex.dev[0].used, 1);
	CU_ASSERT_STRING_EQUAL(ex.dev[1].why, "profile mismatch: a 1g.10gb "
	    "instance, the pod asks nvidia.com/mig-2g.20gb");
	CU_ASSERT_STRING_EQUAL(ex.dev[4].res, "nvidia.com/gpu");
	gs_kube_dp_explain_release(&ex);
	/* Two replicas: the node has 2 free, but the device plugin refuses
	 * more than one per container. */
	gs_kube_dp_explain(&c, &w.pods[1], NULL, 0, &ex);
	CU_ASSERT_TRUE(ex.node[0].fits);
	CU_ASSERT_PTR_NOT_NULL(strstr(ex.node[0].why,
	    "failRequestsGreaterThanOne"));
	CU_ASSERT_TRUE(ex.fail_gt1);
	CU_ASSERT_TRUE(ex.dev[4].usable);
	CU_ASSERT_STRING_EQUAL(ex.dev[4].why, "free: 0 of 2 replicas taken");
	CU_ASSERT_FALSE(ex.dev[4].given);
	CU_ASSERT_TRUE(ex.verdict[0].fits);
	CU_ASSERT_FALSE(ex.verdict[0].chosen);
	CU_ASSERT_PTR_EQUAL(ex.verdict[0].why, ex.node[0].why);
	gs_kube_dp_explain_release(&ex);
	/* Placed on node 0 with the replica of device 4: without --node the
	 * devices listed are the chosen node's, device 4 given, node 0
	 * chosen. */
	gs_kube_dp_explain(&c, &w.pods[1], &placed, -1, &ex);
	CU_ASSERT_EQUAL(ex.detail, 0);
	CU_ASSERT_TRUE(ex.verdict[0].chosen);
	CU_ASSERT_TRUE(ex.dev[4].given);
	CU_ASSERT_FALSE(ex.dev[3].given);
	gs_kube_dp_explain_release(&ex);
	/* Pending: no node chosen, no devices without --node. */
	placed.status = GS_PENDING;
	placed.node = -1;
	gs_kube_dp_explain(&c, &w.pods[1], &placed, -1, &ex);
	CU_ASSERT_EQUAL(ex.detail, -1);
	CU_ASSERT_EQUAL(ex.ndevs, 0);
	CU_ASSERT_FALSE(ex.verdict[0].chosen);
	gs_kube_dp_explain_release(&ex);
	/* Both replicas taken: none left. */
	c.nodes[0].devs[4].used = 2;
	gs_kube_dp_explain(&c, &w.pods[1], NULL, 0, &ex);
	CU_ASSERT_FALSE(ex.node[0].fits);
	CU_ASSERT_STRING_EQUAL(ex.dev[4].why, "no replica left: 2 of 2 taken");
	gs_kube_dp_explain_release(&ex);
	gs_warnings_release(&warn);
	gs_workload_release(&w);
	gs_cluster_release(&c);
}

/* The device plugin's ConfigMap and mig-parted's configs over a labelled
 * A100 80GB x2 node and an unlabelled HAMi T4. */
static void
test_configs(void)
{
	static const char dp[] = "kind: ConfigMap\ndata:\n"
	    "  ts3: |-\n    sharing:\n      timeSlicing:\n"
	    "        failRequestsGreaterThanOne: true\n"
	    "        resources:\n        - name: nvidia.com/gpu\n"
	    "          replicas: 3\n"
	    "  one: |-\n    sharing:\n      timeSlicing:\n"
	    "        resources:\n        - {name: nvidia.com/gpu, "
	    "replicas: 1}\n";
	static const char mig[] = "version: v1\nmig-configs:\n"
	    "  half:\n  - devices: [0]\n    mig-enabled: true\n"
	    "    mig-devices: {3g.40gb: 2}\n"
	    "  - devices: all\n    mig-enabled: false\n"
	    "  bad:\n  - devices: all\n    mig-enabled: true\n"
	    "    mig-devices: {4g.40gb: 2}\n";
	struct gs_dpconfigs	 x;
	struct gs_cluster	 c;
	struct gs_error		 err;
	const struct gs_node	*n;

	memset(&x, 0, sizeof x);
	/* "one" holds replicas 1: the device plugin wants >= 2. */
	CU_ASSERT_EQUAL(gs_dpconfig_parse(&x, "dp.yaml", dp, sizeof dp - 1,
	    NULL, &err), -1);
	CU_ASSERT_STRING_EQUAL(err.msg, "number of replicas must be >= 2");
	CU_ASSERT_EQUAL(err.line, 14);	/* inside the block text */
	gs_dpconfigs_release(&x);
	CU_ASSERT_EQUAL_FATAL(gs_dpconfig_parse(&x, "dp.yaml", dp,
	    strstr(dp, "  one:") - dp, "ts3", &err), 0);
	CU_ASSERT_EQUAL(x.ndp, 1);
	CU_ASSERT_EQUAL(x.dp[0].share, GS_DEV_TIMESLICE);
	CU_ASSERT_EQUAL(x.dp[0].replicas, 3);
	CU_ASSERT_TRUE(x.dp[0].fail_gt1);
	CU_ASSERT_EQUAL(x.dp[0].mig_strategy, -1);
	CU_ASSERT_EQUAL_FATAL(gs_migconfig_parse(&x, "mig.yaml", mig,
	    sizeof mig - 1, &err), 0);
	CU_ASSERT_EQUAL(x.nmig, 2);
	CU_ASSERT_EQUAL(x.mig[0].ne, 2);
	CU_ASSERT_EQUAL(x.mig[0].e[0].devs, 1);
	CU_ASSERT_TRUE(x.mig[0].e[1].all);
	/* GPU 0: 3g@0 and 3g@4 (mixed by default); GPU 1 the ts3 config,
	 * 3 replicas; the T4 has no label and is HAMi's: left alone. */
	CU_ASSERT_EQUAL_FATAL(t_load_cluster("pools:\n- name: a\n"
	    "  model: A100-80GB\n  gpus: 2\n  labels: "
	    "{nvidia.com/mig.config: half, nvidia.com/device-plugin.config: "
	    "ts3}\n- name: t\n  model: T4\n  gpus: 1\n", &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(gs_dpconfigs_apply(&x, &c, &err), 0);
	n = &c.nodes[0];
	CU_ASSERT_TRUE(n->dp);
	CU_ASSERT_EQUAL(n->mig_strategy, GS_MIG_MIXED);
	CU_ASSERT_TRUE(n->dp_fail_gt1);
	CU_ASSERT_EQUAL_FATAL(n->ndevs, 3);
	CU_ASSERT_EQUAL(n->devs[0].kind, GS_DEV_MIG);
	CU_ASSERT_STRING_EQUAL(n->devs[0].mig->name, "3g.40gb");
	CU_ASSERT_EQUAL(n->devs[0].mig_start, 0);
	CU_ASSERT_EQUAL(n->devs[1].mig_start, 4);
	CU_ASSERT_EQUAL(n->devs[2].kind, GS_DEV_TIMESLICE);
	CU_ASSERT_EQUAL(n->devs[2].count, 3);
	CU_ASSERT_EQUAL(n->devs[2].index, 1);
	CU_ASSERT_EQUAL(n->devs[2].devmem, 81920);
	CU_ASSERT_FALSE(c.nodes[1].dp);
	CU_ASSERT_EQUAL(c.nodes[1].devs[0].kind, GS_DEV_HAMI);
	gs_cluster_release(&c);
	/* "bad": two 4g.40gb, both at slice 0. */
	CU_ASSERT_EQUAL_FATAL(t_load_cluster("pools:\n- name: a\n"
	    "  model: A100-80GB\n  gpus: 1\n  labels: "
	    "{nvidia.com/mig.config: bad}\n", &c, &err), 0);
	CU_ASSERT_EQUAL(gs_dpconfigs_apply(&x, &c, &err), -1);
	CU_ASSERT_EQUAL(err.line, 12);	/* its mig-devices */
	gs_cluster_release(&c);
	/* A label naming no config. */
	CU_ASSERT_EQUAL_FATAL(t_load_cluster("pools:\n- name: a\n"
	    "  model: A100-80GB\n  gpus: 1\n  labels: "
	    "{nvidia.com/mig.config: full}\n", &c, &err), 0);
	CU_ASSERT_EQUAL(gs_dpconfigs_apply(&x, &c, &err), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "names no config"));
	gs_cluster_release(&c);
	gs_dpconfigs_release(&x);
}

/*
 * Two KAI fractions (half and 20000 MiB) on one whole A100 80GB of the
 * device plugin: one nvidia.com/gpu, taken once (load/sharing.c,
 * gs_dev_slots_used), so 1 of 1 slot used, not 2 of 1.
 */
static void
test_kai_fractions(void)
{
	struct gs_device	d, e;
	struct gs_node		n;
	struct gs_physgpu	g;
	char			buf[128];

	memset(&d, 0, sizeof d);
	d.kind = GS_DEV_WHOLE;
	d.count = 1;
	d.used = 2;
	d.devmem = 81920;
	d.usedmem = 40950 + 20000;
	CU_ASSERT_EQUAL(gs_dev_slots_used(&d), 1);
	e = d;
	e.used = 1;
	CU_ASSERT_EQUAL(gs_dev_slots_used(&e), 1);
	e.used = 0;
	CU_ASSERT_EQUAL(gs_dev_slots_used(&e), 0);
	/* Replicas and HAMi-core slots count every sharer as before. */
	e.kind = GS_DEV_TIMESLICE;
	e.count = 4;
	e.used = 3;
	CU_ASSERT_EQUAL(gs_dev_slots_used(&e), 3);
	e.kind = GS_DEV_HAMI;
	e.count = 10;
	e.used = 2;
	CU_ASSERT_EQUAL(gs_dev_slots_used(&e), 2);
	memset(&n, 0, sizeof n);
	n.devs = &d;
	n.ndevs = 1;
	memset(&g, 0, sizeof g);
	g.kind = GS_DEV_WHOLE;
	g.ndevs = 1;
	g.pods = 2;
	gs_physgpu_usage(&g, &n);
	CU_ASSERT_EQUAL(g.used, 1);
	CU_ASSERT_EQUAL(g.cap, 1);
	CU_ASSERT_TRUE(g.busy);
	NEAR(gs_physgpu_idle(&g), 0);
	gs_report_kind_detail(&g, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf,
	    "81920 MiB; shared by 2 pods as GPU fractions");
	g.pods = 1;
	gs_report_kind_detail(&g, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "81920 MiB");
}

CU_TestInfo kinds_tests[] = {
	{ "KAI fractions take a whole GPU's slot once", test_kai_fractions },
	{ "device plugin and mig-parted configs", test_configs },
	{ "explain: MIG held, profile mismatch, replicas", test_explain },
	{ "MIG profile placeable on free slices", test_placeable },
	{ "MIG GPU metrics: whole free, largest, fragmented", test_mig_metrics },
	{ "replica memory and time-slicing overcommit", test_replicas },
	CU_TEST_INFO_NULL
};
