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
#include "../../core/load/volcano_node.h"
#include "../../core/model/volcano_conf.h"
#include "../../core/sched/engine.h"
#include "../../core/sched/policy.h"
#include "../../core/sched/sim.h"
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
	struct gs_error		err;
	struct gs_warnings	warn = { 0 };
	char			msg[256];

	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL_FATAL(t_load_cluster("kind: List\nitems:\n"
	    VC_NODE("a", A100, VC_ALLOC("7"))
	    VC_NODE("t", "GPU-t,10,15360,NVIDIA-Tesla T4,true,hami-core:",
	    VC_ALLOC("10")) VC_CM, &c, &err), 0);
#define VPOD(name, mode, mem)						\
	"---\nkind: Pod\nmetadata:\n  name: " name "\n" mode		\
	"spec:\n  schedulerName: volcano\n  containers:\n  - name: c\n"	\
	"    resources:\n      limits:\n        volcano.sh/vgpu-number: 1\n" \
	"        volcano.sh/vgpu-memory: " mem "\n"
#define VMODE(m) "  annotations:\n    volcano.sh/vgpu-mode: " m "\n"
	CU_ASSERT_EQUAL_FATAL(t_load_workload(
	    VPOD("m1", VMODE("mig"), "4000") VPOD("m2", VMODE("mig"), "6000")
	    VPOD("core", VMODE("hami-core"), "2000")
	    VPOD("mps", VMODE("mps"), "1000") VPOD("free", "", "3000"),
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

CU_TestInfo volcano_vgpu_tests[] = {
	{ "Volcano: node-vgpu-register decoded", test_vc_decode },
	{ "Volcano: nodes, allocatable check, device config",
	    test_vc_node },
	{ "Volcano: MIG findMatch / pickFromGroup", test_vc_mig_find },
	{ "Volcano: MIG AddPod / SubPod", test_vc_mig_use },
	{ "Volcano: vgpu-mode and MIG placements", test_vc_place },
	{ "Volcano: a node both device plugins registered", test_vc_both },
	CU_TEST_INFO_NULL,
};
