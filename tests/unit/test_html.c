/*
 * test_html.c: the HTML report (core/report_html*.c): escaping, segment
 * labels, and the GPU map of the HAMi demo's binpack/binpack pattern and
 * of the sharing-modes scenario with its geometry computed by hand.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/policy.h"
#include "../../core/report/html.h"
#include "../../core/report/replay.h"
#include "../../core/load/scenario.h"
#include "../../core/sched/sim.h"
#include "../../core/util/util.h"

#define DEMO	"../../scenarios/hami-demo/four-patterns.yaml"
#define SHARING	"../../scenarios/sharing-modes/sharing-modes.yaml"

static int
count(const char *hay, const char *needle)
{
	int	n = 0;

	while ((hay = strstr(hay, needle)) != NULL) {
		n++;
		hay += strlen(needle);
	}
	return n;
}

static void
test_escape(void)
{
	char	*buf = NULL;
	size_t	 len = 0;
	FILE	*fp = open_memstream(&buf, &len);

	gs_html_text(fp, "<b a='1'>&\"x\"</b>");
	fclose(fp);
	CU_ASSERT_STRING_EQUAL(buf, "&lt;b a=&#39;1&#39;&gt;&amp;&quot;x&quot;"
	    "&lt;/b&gt;");
	free(buf);
}

static void
test_fit_label(void)
{
	char	b[64];

	/* 7 units a character and one to spare: 100 units hold 13. */
	gs_html_fit_label("web-0", "web", 100, b, sizeof b);
	CU_ASSERT_STRING_EQUAL(b, "web-0");
	/* 48.85 units (a 7500 MiB pod at 150 units per 23028 MiB): 5
	 * characters; the replica's suffix after the workload's name. */
	gs_html_fit_label("demo-a-node-binpack-gpu-binpack-0",
	    "demo-a-node-binpack-gpu-binpack", 48.85, b, sizeof b);
	CU_ASSERT_STRING_EQUAL(b, "\xE2\x80\xA6-0");
	/* No workload prefix: the name's last 4 of 5 after the ellipsis. */
	gs_html_fit_label("abcdefghij", NULL, 42, b, sizeof b);
	CU_ASSERT_STRING_EQUAL(b, "\xE2\x80\xA6ghij");
	/* The cut would fall inside U+00E9 (C3 A9): after it instead. */
	gs_html_fit_label("abcdef\xC3\xA9gh", NULL, 35, b, sizeof b);
	CU_ASSERT_STRING_EQUAL(b, "\xE2\x80\xA6gh");
	/* 14 units: nothing fits. */
	gs_html_fit_label("abcdef", NULL, 14, b, sizeof b);
	CU_ASSERT_STRING_EQUAL(b, "");
}

/* Run the first run of scenario path, written by gs_report_html_run
 * into *out (caller frees); rename: a hostile pod and node name. */
static void
run_html(const char *path, const char *rename, char **out)
{
	struct gs_scenario	 sc;
	struct gs_warnings	 w = { 0 };
	struct gs_error		 err;
	struct gs_sim		 sim;
	struct gs_report_run	 rr;
	struct gs_html		 h;
	size_t			 len = 0;
	FILE			*fp;

	CU_ASSERT_EQUAL_FATAL(gs_scenario_load(&sc, path, NULL, &w, &err), 0);
	if (rename != NULL) {
		free(sc.runs[0].wl.pods[1].name);
		sc.runs[0].wl.pods[1].name = xstrdup(rename);
		free(sc.cluster.nodes[0].name);
		sc.cluster.nodes[0].name = xstrdup("<b>a-very-long-node</b>");
	}
	gs_simulate(&sc.cluster, &sc.runs[0].wl, &sc.runs[0].cfg,
	    gs_policy_find(sc.runs[0].cfg.profile), NULL, &sim, NULL);
	rr.scenario = sc.name;
	rr.run = sc.runs[0].name;
	rr.cluster = &sim.cluster;
	rr.wl = &sc.runs[0].wl;
	rr.cfg = &sim.cfg;
	rr.res = &sim.res;
	rr.m = &sim.m;
	rr.running = NULL;
	fp = open_memstream(out, &len);
	gs_html_begin(&h, fp, "t");
	gs_report_html_run(&h, &rr);
	CU_ASSERT_EQUAL(gs_html_end(&h), 0);
	fclose(fp);
	gs_sim_release(&sim);
	gs_scenario_release(&sc);
	gs_warnings_release(&w);
}

/* Run a-node-binpack-gpu-binpack of the demo under binpack/binpack. */
static void
demo_html(const char *rename, char **out)
{
	run_html(DEMO, rename, out);
}

static void
test_demo_map(void)
{
	char	*s;

	demo_html(NULL, &s);
	/* Two T4s hold two 7500 MiB pods each.  Scale: 150 units for the
	 * A10G's 23028 MiB; a T4 box 15360 * 150 / 23028 = 100.05, a pod
	 * 7500 * 150 / 23028 = 48.85; the second pod starts 48.85 in. */
	/* One workload: the first colour, c0, in segments and legend. */
	CU_ASSERT_EQUAL(count(s, "class=\"seg c0\""), 4);
	CU_ASSERT_EQUAL(count(s, "class=\"c0\""), 1);
	CU_ASSERT_EQUAL(count(s, "width=\"48.9\" height=\"40\""), 4);
	CU_ASSERT_EQUAL(count(s, "class=\"box\" x=\""), 8);
	CU_ASSERT_EQUAL(count(s, "width=\"100.1\" height=\"40\" data-tip"), 4);
	CU_ASSERT_EQUAL(count(s, "width=\"150.0\" height=\"40\" data-tip"), 4);
	/* t4-node's GPU 3 is the 4th box: 124 + 3 * 160 = 604. */
	CU_ASSERT_EQUAL(count(s, "<rect x=\"604.0\" y=\"4.0\" width=\"48.9\""),
	    1);
	CU_ASSERT_EQUAL(count(s, "<rect x=\"652.9\" y=\"4.0\" width=\"48.9\""),
	    1);
	CU_ASSERT_EQUAL(count(s, ">\xE2\x80\xA6-0</text>"), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "GPU 3 \xC2\xB7 2/10 slots"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "15000/15360 MiB"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "<th>whole GPUs free</th><td "
	    "class=\"n\">6 of 8</td>"));
	free(s);
}

/*
 * The sharing-modes scenario under kube-least-allocated: NVIDIA's device
 * plugin's devices as the map draws them (report/html_map.c kind_text,
 * replicas).  Scale: 150 units for the A100's 81920 MiB.  GPU 0's MIG
 * 2g.20gb instance is 19968 MiB: box and medium-training's segment
 * 19968 * 150 / 81920 = 36.56.  GPU 1 is time-sliced x4: its box 150,
 * each pod's segment its replicas' part, 150 / 4 = 37.5, not its
 * memory (a time-slicing replica holds none): the notebook at 764, the
 * large training beside it at 801.5.  kube-scheduler places on these
 * devices, so none is marked off.
 */
static void
test_sharing_map(void)
{
	char	*s;

	run_html(SHARING, NULL, &s);
	CU_ASSERT_PTR_NOT_NULL(strstr(s, ">GPU 0 \xC2\xB7 MIG 2g.20gb<"));
	CU_ASSERT_EQUAL(count(s, ">GPU 0 \xC2\xB7 MIG 1g.10gb<"), 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(s,
	    ">GPU 1 \xC2\xB7 2/4 time-slicing replicas<"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "; 4 time-slicing replicas"));
	/* Where the layout put it is model/mig.c's (test_mig.c): only the text.
	 * */
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "; MIG instance 3g.40gb at memory "
	    "slice "));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "<rect x=\"124.0\" y=\"4.0\" "
	    "width=\"36.6\" height=\"40\"/>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "<rect x=\"764.0\" y=\"4.0\" "
	    "width=\"37.5\" height=\"40\"/>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "<rect x=\"801.5\" y=\"4.0\" "
	    "width=\"37.5\" height=\"40\"/>"));
	CU_ASSERT_PTR_NULL(strstr(s, "\xC2\xB7 off<"));
	free(s);
}

/* A name from the input is text, never markup. */
static void
test_hostile_name(void)
{
	char	*s;

	demo_html("<img src=x onerror=alert(1)>", &s);
	CU_ASSERT_PTR_NULL(strstr(s, "<img"));
	CU_ASSERT_PTR_NULL(strstr(s, "<b>"));
	CU_ASSERT(count(s, "&lt;img src=x onerror=alert(1)&gt;") >= 2);
	/* A node name of more than 14 characters: its first 13 and an
	 * ellipsis, the whole as the label's title. */
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "<title>&lt;b&gt;a-very-long-node"
	    "&lt;/b&gt;</title>&lt;b&gt;a-very-lon\xE2\x80\xA6</text>"));
	free(s);
}

/*
 * A replay of one policy and one seed whose unallocated share is 100 -
 * arrived (the ideal) with point 7 missing.  The chart is 760 x 340 with
 * margins 56, 16, 18 and 46: the plot 688 x 276, x to 130, y to 100.
 */
static void
test_replay_chart(void)
{
	struct gs_rpoint_stats	 st[GS_RCURVE_MAX + 1];
	struct gs_replay_result	 res;
	struct gs_replay_set	 set;
	struct gs_replay_report	 rp;
	struct gs_replay_opts	 o;
	struct gs_cluster	 cl;
	struct gs_html		 h;
	char			*s = NULL;
	size_t			 len = 0, k;
	FILE			*fp;

	memset(st, 0, sizeof st);
	for (k = 0; k <= GS_RCURVE_MAX; k++) {
		double u = k < 100 ? 100 - (double)k : 0;

		st[k].x = (int64_t)k;
		st[k].unalloc = (struct gs_rstat){ u, u, u };
		st[k].alloc = (struct gs_rstat){ 100 - u, 100 - u, 100 - u };
		st[k].frag = (struct gs_rstat){ 5, 5, 5 };
		st[k].frag_ratio = (struct gs_rstat){ 50, 50, 50 };
	}
	st[7].unalloc.med = st[7].frag.med = NAN;
	memset(&res, 0, sizeof res);
	res.seed = 42;
	res.failed = 3;
	memset(&set, 0, sizeof set);
	set.policy = gs_policy_find("fgd");
	set.nseeds = 1;
	set.res = &res;
	set.npoints = GS_RCURVE_MAX + 1;
	set.stats = st;
	memset(&cl, 0, sizeof cl);
	cl.nnodes = 2;
	gs_replay_opts_init(&o);
	memset(&rp, 0, sizeof rp);
	rp.gpus = 16;
	rp.nodes_path = "n<1>.csv";
	rp.pods_path = "p.csv";
	rp.cl = &cl;
	rp.opts = &o;
	rp.sets = &set;
	rp.nsets = 1;
	fp = open_memstream(&s, &len);
	gs_html_begin(&h, fp, "t");
	gs_report_replay_html(&h, &rp);
	CU_ASSERT_EQUAL(gs_html_end(&h), 0);
	fclose(fp);
	/* Two charts, 130 points each (131 less the missing one), in two
	 * pieces: 0..6 and 8..130. */
	CU_ASSERT_EQUAL(count(s, "data-points=\"130\""), 2);
	CU_ASSERT_EQUAL(count(s, "<circle class=\"pt\""), 260);
	/* Arrived 50, unallocated 50: x 56 + 50 / 130 * 688 = 320.6, y 18 +
	 * 276 - 0.5 * 276 = 156.0. */
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "L320.6 156.0"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "M98.3 40.1L103.6 42.8"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "fgd, arrived 50%: 50.00%"));
	/* y to 100 in steps of 20; frag's (max 5) in steps of 1. */
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "text-anchor=\"end\">100</text>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "text-anchor=\"end\">5</text>"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "(n&lt;1&gt;.csv)"));
	CU_ASSERT_PTR_NOT_NULL(strstr(s, "<th>fgd</th><td class=\"n\">100.00"
	    "</td><td class=\"n\">0.00</td><td class=\"n\">5.00</td><td "
	    "class=\"n\">50.00</td><td class=\"n\">3</td>"));
	free(s);
}

/*
 * The replay's --volcano-config line (text and HTML say it alike): the
 * file, the settings the share view applies and the entries they reach.
 */
static void
test_replay_volcano_line(void)
{
	struct gs_replay_set	 set[2];
	struct gs_replay_report	 rp;
	struct gs_replay_opts	 o;
	char			 buf[512];

	memset(set, 0, sizeof set);
	set[0].policy = gs_policy_find("fgd");
	set[1].policy = gs_policy_find("volcano-spread");
	gs_replay_opts_init(&o);
	memset(&rp, 0, sizeof rp);
	rp.opts = &o;
	rp.sets = set;
	rp.nsets = 2;
	rp.volcano_path = "v.conf";
	/* Not given: no line. */
	CU_ASSERT_EQUAL(gs_report_replay_volcano(&rp, buf, sizeof buf), 0);
	/* Unset policy, weight 10: Volcano's default walk, 10 x 0. */
	o.volcano = (struct gs_vc_sched){ 1, 1, 10, NULL, 1 };
	CU_ASSERT_EQUAL(gs_report_replay_volcano(&rp, buf, sizeof buf), 1);
	CU_ASSERT_STRING_EQUAL(buf, "v.conf: deviceshare.SchedulePolicy "
	    "unset (devices walked from the last, scoring 0), ScheduleWeight "
	    "10, VGPUEnable true; applied to volcano-spread");
	/* binpack, no weight (0), vGPU off; no volcano-* entry replayed. */
	o.volcano = (struct gs_vc_sched){ 1, 0, 0, "volcano-binpack", 0 };
	rp.nsets = 1;
	CU_ASSERT_EQUAL(gs_report_replay_volcano(&rp, buf, sizeof buf), 1);
	CU_ASSERT_STRING_EQUAL(buf, "v.conf: deviceshare.SchedulePolicy "
	    "binpack (each volcano-* entry keeps its own walk), "
	    "ScheduleWeight 0 (node score 0), VGPUEnable false (GPU pods "
	    "pending); no volcano-* policy replayed");
}

CU_TestInfo html_tests[] = {
	{ "escape", test_escape },
	{ "fit label", test_fit_label },
	{ "demo map geometry", test_demo_map },
	{ "device plugin kinds on the map", test_sharing_map },
	{ "hostile pod name", test_hostile_name },
	{ "replay chart geometry", test_replay_chart },
	{ "replay: the --volcano-config line", test_replay_volcano_line },
	CU_TEST_INFO_NULL,
};
