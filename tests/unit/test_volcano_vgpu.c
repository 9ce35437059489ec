/*
 * test_volcano_vgpu.c: Volcano on its own nodes (issue 19 items 4-5):
 * volcano.sh/node-vgpu-register as the volcano-vgpu-device-plugin writes
 * it (pkg/util/util.go EncodeNodeDevices) and Volcano v1.15.1 reads it
 * (nvidia/vgpu/utils.go decodeNodeDevices, device_info.go NewGPUDevices),
 * the volcano-vgpu-device-config ConfigMap, volcano.sh/vgpu-mode and
 * dynamic MIG (nvidia/vgpu/mig.go findMatch, pickFromGroup, getPosition,
 * addMigUsed, subMigUsed).  Every value below is worked out by hand.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/load/register_codec.h"
#include "../../core/load/scenario.h"
#include "../../core/load/volcano_node.h"
#include "../../core/model/volcano_conf.h"
#include "../../core/sched/engine.h"
#include "../../core/sched/policy.h"
#include "../../core/sched/sim.h"
#include "../../core/sched/explain_turn.h"
#include "../../core/sched/peer_view.h"
#include "../../core/sched/volcano/explain.h"
#include "../../core/sched/volcano/vgpu.h"
#include "../../core/util/util.h"

static void
test_vc_decode(void)
{
	struct gs_device	*d;
	size_t			 n;
	char			 why[256];

	/* Two GPUs; the trailing ':' leaves an empty entry, skipped. */
	CU_ASSERT_EQUAL_FATAL(gs_volcano_register_decode("GPU-a,10,15360,"
	    "NVIDIA-Tesla T4,true,hami-core:GPU-b,4,40960,NVIDIA-A100-SXM4-"
	    "40GB,false,mig:", &d, &n, why, sizeof why), 0);
	CU_ASSERT_EQUAL_FATAL(n, 2);
	CU_ASSERT_STRING_EQUAL(d[0].id, "GPU-a");
	CU_ASSERT_EQUAL(d[0].count, 10);
	CU_ASSERT_EQUAL(d[0].devmem, 15360);
	CU_ASSERT_EQUAL(d[0].devcore, 100);
	CU_ASSERT_STRING_EQUAL(d[0].type, "NVIDIA-Tesla T4");
	CU_ASSERT_EQUAL(d[0].health, 1);
	CU_ASSERT_STRING_EQUAL(d[0].mode, "hami-core");
	CU_ASSERT_EQUAL(d[1].index, 1);
	CU_ASSERT_EQUAL(d[1].health, 0);
	CU_ASSERT_STRING_EQUAL(d[1].mode, "mig");
	gs_devices_free(d, n);
	/* ID is the entry's position, empty entries counted. */
	CU_ASSERT_EQUAL_FATAL(gs_volcano_register_decode(":GPU-a,1,1,NVIDIA,"
	    "t,x:", &d, &n, why, sizeof why), 0);
	CU_ASSERT_EQUAL(d[0].index, 1);
	gs_devices_free(d, n);
	/* Malformed: refused with a reason. */
	CU_ASSERT_EQUAL(gs_volcano_register_decode("GPU-a,10,15360,NVIDIA,"
	    "true,hami-core", &d, &n, why, sizeof why), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "no ':'"));
	CU_ASSERT_EQUAL(gs_volcano_register_decode("GPU-a,10,15360,NVIDIA,"
	    "true:", &d, &n, why, sizeof why), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "5 fields, want 6"));
	CU_ASSERT_EQUAL(gs_volcano_register_decode("GPU-a,ten,15360,NVIDIA,"
	    "true,hami-core:", &d, &n, why, sizeof why), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "count 'ten'"));
	CU_ASSERT_EQUAL(gs_volcano_register_decode("GPU-a,1,-5,NVIDIA,"
	    "true,hami-core:", &d, &n, why, sizeof why), -1);
	CU_ASSERT_EQUAL(gs_volcano_register_decode("GPU-a,1,5,NVIDIA,"
	    "yes,hami-core:", &d, &n, why, sizeof why), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "health 'yes'"));
	CU_ASSERT_EQUAL(gs_volcano_register_decode("GPU-a,1,5,NVIDIA,1,m:"
	    "GPU-a,1,5,NVIDIA,1,m:", &d, &n, why, sizeof why), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "registered twice"));
	CU_ASSERT_EQUAL(gs_volcano_register_decode(":::", &d, &n, why,
	    sizeof why), -1);
}

#define VC_NODE(name, anno, alloc)					\
	"- apiVersion: v1\n  kind: Node\n  metadata:\n    name: " name	\
	"\n    annotations:\n      volcano.sh/node-vgpu-register: \""	\
	anno "\"\n" alloc

#define VC_ALLOC(num)							\
	"  status:\n    allocatable:\n      volcano.sh/vgpu-number: \""	\
	num "\"\n      volcano.sh/vgpu-cores: \"100\"\n"		\
	"      volcano.sh/vgpu-memory: \"40960\"\n"

/* The A100-40GB entry of the device plugin's static manifest. */
#define VC_CM								\
	"- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n"		\
	"    name: volcano-vgpu-device-config\n  data:\n"		\
	"    device-config.yaml: |\n      nvidia:\n"			\
	"        knownMigGeometries:\n"					\
	"        - models: [\"A100-SXM4-40GB\"]\n"			\
	"          allowedGeometries:\n"				\
	"          - group: group1\n            geometries:\n"		\
	"            - {name: 1g.5gb, memory: 5120, count: 7}\n"	\
	"          - group: group2\n            geometries:\n"		\
	"            - {name: 2g.10gb, memory: 10240, count: 3}\n"	\
	"            - {name: 1g.5gb, memory: 5120, count: 1}\n"	\
	"          - group: group3\n            geometries:\n"		\
	"            - {name: 3g.20gb, memory: 20480, count: 2}\n"	\
	"          - group: group4\n            geometries:\n"		\
	"            - {name: 7g.40gb, memory: 40960, count: 1}\n"

#define A100	"GPU-m,7,40960,NVIDIA-A100-SXM4-40GB,true,mig:"

static void
test_vc_node(void)
{
	struct gs_cluster	c;
	struct gs_error		err;
	const struct gs_vc_mig	*m;

	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL_FATAL(t_load_cluster("kind: List\nitems:\n"
	    VC_NODE("a", A100, VC_ALLOC("7"))
	    VC_NODE("b", "GPU-b,10,15360,NVIDIA-Tesla T4,true,mps:",
	    VC_ALLOC("0"))
	    VC_NODE("c", "GPU-c,10,15360,NVIDIA-Tesla T4,true,hami-core:", "")
	    VC_CM, &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(c.nnodes, 3);
	/* Volcano's node: devices, not HAMi-registered. */
	CU_ASSERT_EQUAL(c.nodes[0].vc_reg, 1);
	CU_ASSERT_EQUAL(c.nodes[0].registered, 0);
	CU_ASSERT_EQUAL(c.nodes[0].ndevs, 1);
	/* vgpu-number 0, or no allocatable: NewGPUDevices returns nil. */
	CU_ASSERT_EQUAL(c.nodes[1].ndevs, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(c.nodes[1].devices_note,
	    "volcano.sh/vgpu-number"));
	CU_ASSERT_EQUAL(c.nodes[2].ndevs, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(c.nodes[2].devices_note,
	    "status.allocatable is missing"));
	/* The ConfigMap: four groups, group2 of two kinds. */
	CU_ASSERT_PTR_NOT_NULL_FATAL(c.volcano);
	m = gs_volcano_geometry(c.volcano, "NVIDIA-A100-SXM4-40GB");
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL(m->ngroups, 4);
	CU_ASSERT_STRING_EQUAL(m->groups[1].name, "group2");
	CU_ASSERT_EQUAL(m->groups[1].ninst, 2);
	CU_ASSERT_EQUAL(m->groups[1].inst[1].mem, 5120);
	CU_ASSERT_PTR_NULL(gs_volcano_geometry(c.volcano, "NVIDIA-Tesla T4"));
	/* The node's mode: mig with a geometry, else hami-core. */
	CU_ASSERT_EQUAL(gs_volcano_node_mode(&c.nodes[0], c.volcano),
	    GS_VCM_MIG);
	CU_ASSERT_EQUAL(gs_volcano_node_mode(&c.nodes[0], NULL),
	    GS_VCM_HAMICORE);
	gs_cluster_release(&c);
	/* Malformed annotation and config: located errors. */
	CU_ASSERT_EQUAL(t_load_cluster("kind: List\nitems:\n"
	    VC_NODE("a", "GPU-a,1,2,NVIDIA,true:", VC_ALLOC("1")), &c,
	    &err), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "does not decode"));
	CU_ASSERT_EQUAL(err.line, 8);
	gs_cluster_release(&c);
	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL(t_load_cluster("kind: List\nitems:\n"
	    "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n"
	    "    name: volcano-vgpu-device-config\n  data:\n"
	    "    device-config.yaml: |\n      nvidia:\n"
	    "        knownMigGeometries:\n        - models: [A30]\n"
	    "          allowedGeometries:\n          - group: g\n"
	    "            geometries:\n"
	    "            - {name: 1g.6gb, memory: 6144, count: 0}\n", &c,
	    &err), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "count"));
	gs_cluster_release(&c);
}

/* findMatch over the A100-40GB groups: req MiB, group and bits in use. */
static void
test_vc_mig_find(void)
{
	struct gs_cluster	c;
	struct gs_error		err;
	const struct gs_vc_mig	*m;
	int			g = -1, pos = -1;
	uint32_t		mem = 0;

	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL_FATAL(t_load_cluster("kind: List\nitems:\n" VC_CM,
	    &c, &err), 0);
	m = gs_volcano_geometry(c.volcano, "NVIDIA-A100-SXM4-40GB");
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	/* Fresh GPU, 4000 MiB: group1's 1g.5gb (5120), position 0. */
	CU_ASSERT_EQUAL(gs_vc_mig_find(m, 0, 0, 4000, &g, &pos, &mem), 0);
	CU_ASSERT(g == 0 && pos == 0 && mem == 5120);
	/* 6000 MiB: group1 cannot; group2 sorted by memory: 1g.5gb no,
	 * 2g.10gb (kind 0) yes, position 0. */
	CU_ASSERT_EQUAL(gs_vc_mig_find(m, 0, 0, 6000, &g, &pos, &mem), 0);
	CU_ASSERT(g == 1 && pos == 0 && mem == 10240);
	/* 30000: group4's 7g.40gb. */
	CU_ASSERT_EQUAL(gs_vc_mig_find(m, 0, 0, 30000, &g, &pos, &mem), 0);
	CU_ASSERT(g == 3 && pos == 0 && mem == 40960);
	/* group2 in use, 2g.10gb at 0 and 1: 4000 MiB skips 1g.5gb (no
	 * usage entry for it) and takes 2g.10gb position 2. */
	CU_ASSERT_EQUAL(gs_vc_mig_find(m, 2, 0x3, 4000, &g, &pos, &mem), 0);
	CU_ASSERT(g == 1 && pos == 2 && mem == 10240);
	/* group2 with only 1g.5gb (position 3) in use: 8000 MiB fits no
	 * kind in use, although two 2g.10gb are free. */
	CU_ASSERT_EQUAL(gs_vc_mig_find(m, 2, 0x8, 8000, &g, &pos, &mem), -1);
	/* group1 kept after the GPU emptied (Index never reset): 6000 MiB
	 * does not fit 1g.5gb, and no other group is tried. */
	CU_ASSERT_EQUAL(gs_vc_mig_find(m, 1, 0, 6000, &g, &pos, &mem), -1);
	/* group1 with positions 0..6 in use: full. */
	CU_ASSERT_EQUAL(gs_vc_mig_find(m, 1, 0x7f, 100, &g, &pos, &mem), -1);
	CU_ASSERT_EQUAL(gs_vc_mig_find(m, 1, 0x5, 100, &g, &pos, &mem), 0);
	CU_ASSERT_EQUAL(pos, 1);
	CU_ASSERT_EQUAL(gs_vc_mig_find(NULL, 0, 0, 100, &g, &pos, &mem), -1);
	gs_cluster_release(&c);
}

/* AddPod then SubPod: the position comes and goes, the group stays. */
static void
test_vc_mig_use(void)
{
	struct gs_device	d;
	struct gs_grant		g;

	memset(&d, 0, sizeof d);
	memset(&g, 0, sizeof g);
	g.vc_group = 2;
	g.vc_pos = 4;		/* position 3 */
	gs_volcano_mig_use(&d, &g, 1);
	CU_ASSERT_EQUAL(d.vc_group, 2);
	CU_ASSERT_EQUAL(d.vc_used, 0x8);
	gs_volcano_mig_use(&d, &g, -1);
	CU_ASSERT_EQUAL(d.vc_group, 2);
	CU_ASSERT_EQUAL(d.vc_used, 0);
	g.vc_pos = 0;		/* not a Volcano MIG grant */
	gs_volcano_mig_use(&d, &g, 1);
	CU_ASSERT_EQUAL(d.vc_used, 0);
}

/* Node a (one A100-40GB in MIG mode), node t (one T4, hami-core). */
static void
load_at(struct gs_cluster *c)
{
	struct gs_error	err;

	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL_FATAL(t_load_cluster("kind: List\nitems:\n"
	    VC_NODE("a", A100, VC_ALLOC("7"))
	    VC_NODE("t", "GPU-t,10,15360,NVIDIA-Tesla T4,true,hami-core:",
	    VC_ALLOC("10")) VC_CM, c, &err), 0);
}

/*
 * volcano-binpack on node a (one A100-40GB in MIG mode) and node t (one
 * T4, hami-core): "m1" (mig, 4000 MiB) takes a's group1 position 0,
 * charged 5120; "m2" (mig, 6000) fits no kind of group1: pending; "core"
 * (hami-core, 2000) goes to t; "mps" fits no node; "free" (no mode,
 * 3000): a scores 100 x 10240/40960 = 25, t 100 x 5000/15360 = 32.55 ->
 * 33, so t.
 */
static void
test_vc_place(void)
{
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_config	cfg;
	struct gs_result	r;
	struct gs_warnings	warn = { 0 };
	char			msg[256];

	load_at(&c);
#define VPOD(name, mode, mem)						\
	"---\nkind: Pod\nmetadata:\n  name: " name "\n" mode		\
	"spec:\n  schedulerName: volcano\n  containers:\n  - name: c\n"	\
	"    resources:\n      limits:\n        volcano.sh/vgpu-number: 1\n" \
	"        volcano.sh/vgpu-memory: " mem "\n"
#define VMODE(m) "  annotations:\n    volcano.sh/vgpu-mode: " m "\n"
#define VC_PODS								\
	VPOD("m1", VMODE("mig"), "4000") VPOD("m2", VMODE("mig"), "6000")	\
	VPOD("core", VMODE("hami-core"), "2000")			\
	VPOD("mps", VMODE("mps"), "1000") VPOD("free", "", "3000")
	CU_ASSERT_EQUAL_FATAL(t_load_workload(
	    VC_PODS,
	    &w, &warn, msg, sizeof msg), 0);
	gs_config_init(&cfg);
	t_set_profile(&cfg, "volcano-binpack");
	gs_engine_run(&c, &w, &cfg, gs_policy_find("volcano-binpack"), NULL,
	    &r, NULL);
	CU_ASSERT_EQUAL_FATAL(r.pl[0].status, GS_PLACED);
	CU_ASSERT_EQUAL(r.pl[0].node, 0);
	CU_ASSERT_EQUAL(r.pl[0].ctrs[0].grants[0].usedmem, 5120);
	CU_ASSERT_EQUAL(r.pl[0].ctrs[0].grants[0].vc_group, 1);
	CU_ASSERT_EQUAL(r.pl[0].ctrs[0].grants[0].vc_pos, 1);
	CU_ASSERT_EQUAL(r.pl[1].status, GS_PENDING);
	CU_ASSERT_EQUAL_FATAL(r.pl[2].status, GS_PLACED);
	CU_ASSERT_EQUAL(r.pl[2].node, 1);
	CU_ASSERT_EQUAL(r.pl[3].status, GS_PENDING);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.pl[3].reason, "another vGPU mode"));
	CU_ASSERT_EQUAL_FATAL(r.pl[4].status, GS_PLACED);
	CU_ASSERT_EQUAL(r.pl[4].node, 1);
	CU_ASSERT_EQUAL(r.pl[4].node_score, 33);
	gs_result_release(&r);
	gs_workload_release(&w);
	/* An unknown mode: refused when the pods are read. */
	CU_ASSERT_EQUAL(t_load_workload(VPOD("x", VMODE("vgpu"), "1"), &w,
	    &warn, msg, sizeof msg), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "hami-core, mig or mps"));
	gs_workload_release(&w);
	gs_warnings_release(&warn);
	gs_cluster_release(&c);
	gs_config_release(&cfg);
}

/*
 * A Node carrying both device plugins' registrations of one A100-40GB:
 * HAMi's (text form: 10 slots, hami-core) and Volcano's (7 slots, mig).
 * Each run reads its scheduler's: HAMi's view keeps HAMi's device, the
 * volcano-* view (gs_sim_cluster -> gs_cluster_for_volcano) Volcano's,
 * registered 0 and vc_reg 1, and the loader's copy keeps both.
 */
static void
test_vc_both(void)
{
	struct gs_cluster	c, h, v;
	struct gs_config	cfg;
	struct gs_error		err;

	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL_FATAL(t_load_cluster("kind: List\nitems:\n"
	    "- apiVersion: v1\n  kind: Node\n  metadata:\n    name: a\n"
	    "    annotations:\n      hami.io/node-nvidia-register: "
	    "\"GPU-m,10,40960,100,NVIDIA-A100-SXM4-40GB,0,true,0,"
	    "hami-core:\"\n      volcano.sh/node-vgpu-register: \"" A100
	    "\"\n" VC_ALLOC("7") VC_CM, &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(c.nnodes, 1);
	CU_ASSERT_EQUAL(c.nodes[0].registered, 1);
	CU_ASSERT_EQUAL(c.nodes[0].vc_reg, 0);
	CU_ASSERT_EQUAL_FATAL(c.nodes[0].ndevs, 1);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].count, 10);
	CU_ASSERT_EQUAL_FATAL(c.nodes[0].vc_ndevs, 1);
	CU_ASSERT_EQUAL(c.nodes[0].vc_devs[0].count, 7);
	gs_config_init(&cfg);
	t_set_profile(&cfg, "hami-v2.6.1");
	gs_sim_cluster(&h, &c, &cfg);
	CU_ASSERT_EQUAL(h.nodes[0].registered, 1);
	CU_ASSERT_EQUAL(h.nodes[0].devs[0].count, 10);
	CU_ASSERT_STRING_EQUAL(h.nodes[0].devs[0].mode, "hami-core");
	t_set_profile(&cfg, "volcano-spread");
	gs_sim_cluster(&v, &c, &cfg);
	CU_ASSERT_EQUAL(v.nodes[0].registered, 0);
	CU_ASSERT_EQUAL(v.nodes[0].vc_reg, 1);
	CU_ASSERT_EQUAL_FATAL(v.nodes[0].ndevs, 1);
	CU_ASSERT_EQUAL(v.nodes[0].devs[0].count, 7);
	CU_ASSERT_STRING_EQUAL(v.nodes[0].devs[0].mode, "mig");
	CU_ASSERT_PTR_NULL(v.nodes[0].vc_devs);
	CU_ASSERT_EQUAL(gs_volcano_node_mode(&v.nodes[0], v.volcano),
	    GS_VCM_MIG);
	/* The loaded cluster is untouched. */
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].count, 10);
	gs_cluster_release(&v);
	gs_cluster_release(&h);
	gs_cluster_release(&c);
	gs_config_release(&cfg);
}

#define MIG_MODELS	"../../scenarios/mig-models/mig-models.yaml"

/* The mig-models scenario's cluster and workload (run v2.10's; every run
 * has the same) simulated under profile into sim: placed pods placed,
 * "shared" on a100-core and "large" pending under every profile. */
static void
mig_models_run(const char *profile, struct gs_sim *sim, size_t placed)
{
	struct gs_scenario	 sc;
	struct gs_warnings	 w = { 0 };
	struct gs_error		 err;
	struct gs_config	 cfg;

	CU_ASSERT_EQUAL_FATAL(gs_scenario_load(&sc, MIG_MODELS, NULL, &w,
	    &err), 0);
	CU_ASSERT_EQUAL(w.n, 0);
	gs_config_copy(&cfg, &sc.runs[1].cfg);
	t_set_profile(&cfg, profile);
	CU_ASSERT_EQUAL_FATAL(gs_simulate(&sc.cluster, &sc.runs[1].wl, &cfg,
	    gs_policy_find(profile), NULL, sim, &err), 0);
	gs_config_release(&cfg);
	gs_scenario_release(&sc);
	gs_warnings_release(&w);
	CU_ASSERT_EQUAL(sim->res.placed, placed);
	CU_ASSERT_EQUAL(sim->res.pl[2].node, 1);
	CU_ASSERT_EQUAL(sim->res.pl[4].status, GS_PENDING);
}

#define GRANT(s, i)	(&(s)->res.pl[i].ctrs[0].grants[0])

/*
 * scenarios/mig-models by hand (pods small 8000, medium 30000, shared
 * 4000 hami-core, small-2 9000, large 40000 MiB; node 0 a100-mig, 1
 * a100-core).  v2.9.0: the chart's A100 80GB geometry 0 (1g.10gb x7 at
 * 9728 MiB, core 14) for small and small-2, medium and large pending.
 * v2.10.0: 1g.10gb (9856 MiB, 15 cores) at 6, 3g.40gb (40192, 43) at 0,
 * 1g.10gb at 5; large pending (81920 - 59904 = 22016 MiB left).  Volcano
 * binpack on Volcano's registration (10 slots): group1's 1g.10gb (10240
 * MiB) positions 0 and 1 (vc_pos 1-based), medium and large pending.
 */
static void
test_mig_models(void)
{
	struct gs_sim	s;

	mig_models_run("hami-v2.9.0", &s, 3);
	CU_ASSERT_EQUAL(GRANT(&s, 0)->usedmem, 9728);
	CU_ASSERT_EQUAL(GRANT(&s, 0)->usedcores, 14);
	CU_ASSERT_EQUAL(s.res.pl[1].status, GS_PENDING);
	CU_ASSERT_EQUAL(GRANT(&s, 3)->usedmem, 9728);
	gs_sim_release(&s);
	mig_models_run("hami-v2.10.0", &s, 4);
	CU_ASSERT_EQUAL(GRANT(&s, 0)->usedmem, 9856);
	CU_ASSERT_EQUAL(GRANT(&s, 0)->usedcores, 15);
	CU_ASSERT_EQUAL(GRANT(&s, 0)->mig_start, 6);
	CU_ASSERT_EQUAL(GRANT(&s, 1)->usedmem, 40192);
	CU_ASSERT_EQUAL(GRANT(&s, 1)->mig_start, 0);
	CU_ASSERT_EQUAL(GRANT(&s, 1)->mig_size, 4);
	CU_ASSERT_EQUAL(GRANT(&s, 3)->mig_start, 5);
	CU_ASSERT_EQUAL(s.cluster.nodes[0].devs[0].usedmem, 59904);
	gs_sim_release(&s);
	mig_models_run("volcano-binpack", &s, 3);
	CU_ASSERT_EQUAL(s.cluster.nodes[0].devs[0].count, 10);
	CU_ASSERT_EQUAL(GRANT(&s, 0)->usedmem, 10240);
	CU_ASSERT_EQUAL(GRANT(&s, 0)->vc_group, 1);
	CU_ASSERT_EQUAL(GRANT(&s, 0)->vc_pos, 1);
	CU_ASSERT_EQUAL(s.res.pl[1].status, GS_PENDING);
	CU_ASSERT_EQUAL(GRANT(&s, 3)->vc_pos, 2);
	gs_sim_release(&s);
}

/*
 * The device checks of checkNodeGPUSharingPredicateAndScore
 * (pkg/scheduler/api/devices/nvidia/vgpu/utils.go, v1.15.1) in Volcano's
 * order: the first failed is the one explain names.
 */
static void
test_vc_check(void)
{
	struct gs_pdev	d = { .cap = 1000, .use = 900, .slots = 2,
			    .npods = 2, .cores = 100, .allowed = 0 };
	struct gs_preq	k = { .num = 1, .mem = 200, .pct = -1, .cores = 0 };

	/* Number 2 <= UsedNum 2 before the memory (100 free < 200). */
	CU_ASSERT_EQUAL(gs_peer_volcano_check(&d, &k, 200), GS_VCF_SLOTS);
	d.slots = 10;
	CU_ASSERT_EQUAL(gs_peer_volcano_check(&d, &k, 200), GS_VCF_MEM);
	/* 100 free holds 100: then UsedCore 100 + 0 <= 100 passes, the
	 * full card refuses Coresreq 0. */
	CU_ASSERT_EQUAL(gs_peer_volcano_check(&d, &k, 100), GS_VCF_FULL);
	k.cores = 10;		/* 100 + 10 > 100 */
	CU_ASSERT_EQUAL(gs_peer_volcano_check(&d, &k, 100), GS_VCF_CORES);
	d.cores = 0;
	k.cores = 100;		/* exclusive on a card with 2 pods */
	CU_ASSERT_EQUAL(gs_peer_volcano_check(&d, &k, 100),
	    GS_VCF_EXCLUSIVE);
	d.npods = 0;		/* checkType last */
	CU_ASSERT_EQUAL(gs_peer_volcano_check(&d, &k, 100), GS_VCF_TYPE);
	d.allowed = 1;
	CU_ASSERT_EQUAL(gs_peer_volcano_check(&d, &k, 100), GS_VCF_OK);
}

/*
 * explain (sched/volcano/explain.c) on test_vc_place's cluster: what
 * findMatch and pickFromGroup (mig.go) try, worded; and the node
 * verdicts and GPU walk of "m2" and "free" as the engine decides them.
 */
static void
test_vc_explain(void)
{
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_config	cfg;
	struct gs_sim		sim;
	struct gs_placement	d;
	struct gs_vc_explain	ex;
	struct gs_error		err;
	struct gs_warnings	warn = { 0 };
	const struct gs_policy	*p = gs_policy_find("volcano-binpack");
	const struct gs_vc_mig	*m;
	char			buf[512];

	memset(&err, 0, sizeof err);
	load_at(&c);
	m = gs_volcano_geometry(c.volcano, "NVIDIA-A100-SXM4-40GB");
	/* Fresh GPU, 50000 MiB: every group, kinds by memory ascending
	 * (group2: 1g.5gb before 2g.10gb). */
	gs_vc_mig_why(m, 0, 0, 50000, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "no group holds 50000 MiB: group1 "
	    "(1g.5gb 5120 MiB < 50000); group2 (1g.5gb 5120 MiB < 50000, "
	    "2g.10gb 10240 MiB < 50000); group3 (3g.20gb 20480 MiB < 50000); "
	    "group4 (7g.40gb 40960 MiB < 50000)");
	/* group2 in use with only its 1g.5gb (position 3): 8000 MiB finds
	 * 1g.5gb too small and 2g.10gb not in use. */
	gs_vc_mig_why(m, 2, 0x8, 8000, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "no instance of group2 (the group in "
	    "use, MigInUse.Index) holds 8000 MiB: 1g.5gb 5120 MiB < 8000, "
	    "2g.10gb 10240 MiB not in use");
	/* group1 full. */
	gs_vc_mig_why(m, 1, 0x7f, 100, buf, sizeof buf);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "1g.5gb 5120 MiB 7 of 7 taken"));
	CU_ASSERT_EQUAL_FATAL(t_load_workload(
	    VC_PODS,
	    &w, &warn, buf, sizeof buf), 0);
	gs_config_init(&cfg);
	t_set_profile(&cfg, "volcano-binpack");
	/* "m2" (pod 1): t another mode; a's GPU keeps group1 (1g.5gb at
	 * 0), 6000 > 5120: pending, a's GPU walked once. */
	CU_ASSERT_EQUAL_FATAL(gs_explain_before(&c, &w, 1, &cfg, p, &sim,
	    &err), 0);
	CU_ASSERT_EQUAL_FATAL(gs_explain_decide(p, &cfg, &sim.cluster,
	    &w.pods[1], &d, &err), 0);
	CU_ASSERT_EQUAL_FATAL(gs_volcano_explain(&sim.cluster, &cfg,
	    &w.pods[1], &d, 0, &ex), 0);
	CU_ASSERT_EQUAL(ex.chosen, -1);
	CU_ASSERT_EQUAL(ex.detail, 0);
	CU_ASSERT_STRING_EQUAL(ex.verdict[0].why, "FilterNode: not enough "
	    "gpu fitted on this node (GPU 0 no MIG instance)");
	CU_ASSERT_PTR_NOT_NULL(strstr(ex.verdict[1].why, "sharing mode mig "
	    "is not the same as the node mode hami-core"));
	CU_ASSERT_EQUAL_FATAL(ex.nctrs, 1);
	CU_ASSERT_EQUAL(ex.ctrs[0].gpu[0].try_pos, 1);
	CU_ASSERT_EQUAL(ex.ctrs[0].gpu[0].mem, 6000);
	CU_ASSERT_STRING_EQUAL(ex.ctrs[0].gpu[0].why, "MIG TryAddPod: no "
	    "instance of group1 (the group in use, MigInUse.Index) holds "
	    "6000 MiB: 1g.5gb 5120 MiB < 6000");
	gs_volcano_explain_release(&ex);
	gs_placement_release(&d);
	gs_sim_release(&sim);
	/* "free" (pod 4, 3000 MiB, no mode): a 100 x (5120 + 5120) / 40960
	 * = 25, t 100 x (2000 + 3000) / 15360 = 32.55 -> 33; t chosen, its
	 * GPU charged 3000 (32.6 before the node's rounding). */
	CU_ASSERT_EQUAL_FATAL(gs_explain_before(&c, &w, 4, &cfg, p, &sim,
	    &err), 0);
	CU_ASSERT_EQUAL_FATAL(gs_explain_decide(p, &cfg, &sim.cluster,
	    &w.pods[4], &d, &err), 0);
	CU_ASSERT_EQUAL_FATAL(gs_volcano_explain(&sim.cluster, &cfg,
	    &w.pods[4], &d, -1, &ex), 0);
	CU_ASSERT_EQUAL(ex.chosen, 1);
	CU_ASSERT_EQUAL(d.node, 1);
	CU_ASSERT_EQUAL(ex.score[0], 25);
	CU_ASSERT_EQUAL(ex.score[1], 33);
	CU_ASSERT_STRING_EQUAL(ex.verdict[0].why, "fits (mode mig): score 25");
	CU_ASSERT_EQUAL(ex.detail, 1);
	CU_ASSERT_EQUAL(ex.ctrs[0].gpu[0].check, GS_VCF_OK);
	CU_ASSERT_DOUBLE_EQUAL(ex.ctrs[0].gpu[0].score, 100.0 * 5000 / 15360,
	    1e-9);
	CU_ASSERT_STRING_EQUAL(ex.ctrs[0].gpu[0].why, "takes it: UsedMem "
	    "2000 + 3000 of 15360 MiB, UsedCore 0 + 0, UsedNum 1 + 1 of 10");
	gs_volcano_explain_release(&ex);
	gs_placement_release(&d);
	gs_sim_release(&sim);
	gs_workload_release(&w);
	gs_warnings_release(&warn);
	gs_cluster_release(&c);
	gs_config_release(&cfg);
}

CU_TestInfo volcano_vgpu_tests[] = {
	{ "Volcano: node-vgpu-register decoded", test_vc_decode },
	{ "Volcano: nodes, allocatable check, device config",
	    test_vc_node },
	{ "Volcano: MIG findMatch / pickFromGroup", test_vc_mig_find },
	{ "Volcano: MIG AddPod / SubPod", test_vc_mig_use },
	{ "Volcano: vgpu-mode and MIG placements", test_vc_place },
	{ "Volcano: a node both device plugins registered", test_vc_both },
	{ "mig-models: HAMi v2.9, v2.10 and Volcano's MIG by hand",
	    test_mig_models },
	{ "Volcano: the device checks in Volcano's order", test_vc_check },
	{ "Volcano: explain's MIG tries, verdicts and walk",
	    test_vc_explain },
	CU_TEST_INFO_NULL,
};
