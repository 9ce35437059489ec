/*
 * test_volcano_sched.c: Volcano's deviceshare arguments from its scheduler
 * config (load/volcano_sched.c, issue 19 item 4): the ConfigMap and the
 * bare volcano-scheduler.conf, framework.Arguments' types, the
 * combinations Volcano exits on, the profile "volcano" routes to, the node
 * score x ScheduleWeight (deviceshare.go's node order function) and
 * VGPUEnable off.  Every value is worked out by hand.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/load/volcano_sched.h"
#include "../../core/sched/engine.h"
#include "../../core/sched/route.h"
#include "../../core/util/util.h"

static int
parse(const char *yaml, struct gs_vc_sched *s, char *msg, size_t len)
{
	struct gs_error	err;
	int		rc;

	memset(&err, 0, sizeof err);
	rc = gs_volcano_sched_parse(s, "vc.yaml", yaml, strlen(yaml), &err);
	snprintf(msg, len, "%s:%d:%d: %s", err.file, err.line, err.col,
	    err.msg);
	return rc;
}

#define CONF(args)							\
	"actions: \"enqueue, allocate\"\ntiers:\n- plugins:\n"		\
	"  - name: predicates\n  - name: deviceshare\n    arguments:\n" args

static void
test_vc_sched_parse(void)
{
	struct gs_vc_sched	s;
	char			msg[256];

	/* The documented config (how_to_use_volcano_vgpu.md): no weight. */
	CU_ASSERT_EQUAL_FATAL(parse("kind: ConfigMap\nmetadata: {name: "
	    "volcano-scheduler-configmap}\ndata:\n  volcano-scheduler.conf: "
	    "|\n" "    tiers:\n    - plugins:\n    - plugins:\n"
	    "      - name: deviceshare\n        arguments:\n"
	    "          deviceshare.VGPUEnable: true\n"
	    "          deviceshare.SchedulePolicy: spread\n", &s, msg,
	    sizeof msg), 0);
	CU_ASSERT_EQUAL(s.given, 1);
	CU_ASSERT_EQUAL(s.vgpu, 1);
	CU_ASSERT_EQUAL(s.weight, 0);
	CU_ASSERT_STRING_EQUAL(s.profile, "volcano-spread");
	/* GetBool takes a string ParseBool reads; GetInt a YAML int. */
	CU_ASSERT_EQUAL_FATAL(parse(CONF(
	    "      deviceshare.VGPUEnable: \"T\"\n"
	    "      deviceshare.SchedulePolicy: binpack\n"
	    "      deviceshare.ScheduleWeight: 10\n"), &s, msg, sizeof msg), 0);
	CU_ASSERT_EQUAL(s.vgpu, 1);
	CU_ASSERT_EQUAL(s.weight, 10);
	CU_ASSERT_STRING_EQUAL(s.profile, "volcano-binpack");
	CU_ASSERT_EQUAL_FATAL(parse(CONF(
	    "      deviceshare.SchedulePolicy: binpack\n"), &s, msg,
	    sizeof msg), 0);
	CU_ASSERT_EQUAL(s.vgpu, 0);
}

static void
test_vc_sched_refused(void)
{
	struct gs_vc_sched	s;
	char			msg[256];

	CU_ASSERT_EQUAL(parse(CONF("      deviceshare.VGPUEnable: yes\n"
	    "      deviceshare.SchedulePolicy: binpack\n"), &s, msg,
	    sizeof msg), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "vc.yaml:7:31: "
	    "deviceshare.VGPUEnable must be true or false"));
	CU_ASSERT_EQUAL(s.given, 0);
	CU_ASSERT_EQUAL(parse(CONF("      deviceshare.VGPUEnable: true\n"
	    "      deviceshare.GPUSharingEnable: true\n"), &s, msg,
	    sizeof msg), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "Volcano exits: gpu-share and "
	    "vgpu"));
	CU_ASSERT_EQUAL(parse(CONF("      deviceshare.GPUNumberEnable: true\n"
	    "      deviceshare.GPUSharingEnable: true\n"), &s, msg,
	    sizeof msg), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "both gpu sharing and gpu number"));
	/* SchedulePolicy unset or unknown: the walk from the last device,
	 * no score (nopolicy), under the route's default profile. */
	CU_ASSERT_EQUAL(parse(CONF("      deviceshare.VGPUEnable: true\n"),
	    &s, msg, sizeof msg), 0);
	CU_ASSERT_EQUAL(s.nopolicy, 1);
	CU_ASSERT_PTR_NULL(s.profile);
	CU_ASSERT_EQUAL(parse(CONF("      deviceshare.VGPUEnable: true\n"
	    "      deviceshare.SchedulePolicy: pack\n"), &s, msg,
	    sizeof msg), 0);
	CU_ASSERT_EQUAL(s.nopolicy, 1);
	CU_ASSERT_EQUAL(parse(CONF("      deviceshare.SchedulePolicy: "
	    "[binpack]\n"), &s, msg, sizeof msg), -1);
	CU_ASSERT_EQUAL(parse(CONF("      deviceshare.GPUExclusiveRules: "
	    "[{a: b}]\n"), &s, msg, sizeof msg), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "GPUExclusiveRules is not "
	    "modelled"));
	CU_ASSERT_EQUAL(parse("tiers:\n- plugins:\n  - name: predicates\n",
	    &s, msg, sizeof msg), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "no deviceshare plugin"));
}

/*
 * Node "big" (A100 40960 MiB) listed before "small" (T4 15360 MiB), both
 * hami-core; a pod of 8000 MiB.  binpack's device score: big 100 x
 * 8000/40960 = 19.53 -> 20, small 100 x 8000/15360 = 52.08 -> 52.
 * Without a config (weight 1) small wins with 52; ScheduleWeight 10: 520,
 * small; the documented config (no weight): every node 0, the first
 * listed (big) wins with 0.  VGPUEnable off: pending.
 */
#define NODE(name, reg)							\
	"- apiVersion: v1\n  kind: Node\n  metadata:\n    name: " name	\
	"\n    annotations:\n      volcano.sh/node-vgpu-register: \""	\
	reg "\"\n  status:\n    allocatable:\n"			\
	"      volcano.sh/vgpu-number: \"10\"\n"				\
	"      volcano.sh/vgpu-cores: \"100\"\n"				\
	"      volcano.sh/vgpu-memory: \"40960\"\n"

static void
run_one(const struct gs_vc_sched *vs, struct gs_result *r)
{
	static const char pod[] = "kind: Pod\nmetadata: {name: p}\nspec:\n"
	    "  schedulerName: volcano\n  containers:\n  - name: c\n"
	    "    resources:\n      limits:\n"
	    "        volcano.sh/vgpu-number: 1\n"
	    "        volcano.sh/vgpu-memory: 8000\n";
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_config	cfg;
	struct gs_error		err;
	struct gs_warnings	warn = { 0 };
	char			msg[256];

	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL_FATAL(t_load_cluster("kind: List\nitems:\n"
	    NODE("big", "GPU-b,10,40960,NVIDIA-A100-SXM4-40GB,true,hami-core:")
	    NODE("small", "GPU-s,10,15360,NVIDIA-Tesla T4,true,hami-core:"),
	    &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(t_load_workload(pod, &w, &warn, msg,
	    sizeof msg), 0);
	gs_config_init(&cfg);
	cfg.volcano = *vs;
	t_set_profile(&cfg, "volcano-binpack");
	CU_ASSERT_EQUAL(gs_engine_run(&c, &w, &cfg,
	    gs_policy_find("volcano-binpack"), NULL, r, NULL), 0);
	gs_workload_release(&w);
	gs_warnings_release(&warn);
	gs_cluster_release(&c);
	gs_config_release(&cfg);
}

/* One run of vs: the pod placed on node (index) with score. */
static void
expect_node(const struct gs_vc_sched *vs, int node, double score)
{
	struct gs_result	r;

	run_one(vs, &r);
	CU_ASSERT_EQUAL_FATAL(r.pl[0].status, GS_PLACED);
	CU_ASSERT_EQUAL(r.pl[0].node, node);
	CU_ASSERT_EQUAL(r.pl[0].node_score, score);
	gs_result_release(&r);
}

static void
test_vc_sched_weight(void)
{
	struct gs_vc_sched	vs = { 0, 0, 0, NULL, 0 };
	struct gs_result	r;

	expect_node(&vs, 1, 52);
	vs = (struct gs_vc_sched){ 1, 1, 10, "volcano-binpack", 0 };
	expect_node(&vs, 1, 520);
	/* SchedulePolicy unset, weight 10: GPUScore's default is 0 on every
	 * device, so 0 x 10 on both nodes: the first listed (big). */
	vs.nopolicy = 1;
	expect_node(&vs, 0, 0);
	vs.nopolicy = 0;
	vs.weight = 0;
	expect_node(&vs, 0, 0);
	vs.vgpu = 0;
	run_one(&vs, &r);
	CU_ASSERT_EQUAL(r.pl[0].status, GS_PENDING);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.pl[0].reason, "VGPUEnable is off"));
	gs_result_release(&r);
}

/* "volcano" routes to SchedulePolicy's profile unless the run's profile
 * or --scheduler names one. */
static void
test_vc_sched_route(void)
{
	struct gs_config	cfg;

	gs_config_init(&cfg);
	cfg.volcano = (struct gs_vc_sched){ 1, 1, 0, "volcano-spread",
	    0 };
	CU_ASSERT_STRING_EQUAL(gs_route_profile(&cfg, "volcano", 0)->name,
	    "volcano-spread");
	t_set_profile(&cfg, "volcano-binpack");
	CU_ASSERT_STRING_EQUAL(gs_route_profile(&cfg, "volcano", 0)->name,
	    "volcano-binpack");
	gs_config_release(&cfg);
}

CU_TestInfo volcano_sched_tests[] = {
	{ "Volcano config: deviceshare arguments", test_vc_sched_parse },
	{ "Volcano config: refusals", test_vc_sched_refused },
	{ "Volcano config: ScheduleWeight and VGPUEnable",
	    test_vc_sched_weight },
	{ "Volcano config: the profile volcano routes to",
	    test_vc_sched_route },
	CU_TEST_INFO_NULL,
};
