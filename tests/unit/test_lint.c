/*
 * test_lint.c: the did-you-mean helper and the lint findings (issue 14
 * item 8), with hand values.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suites.h"
#include "../../core/load/lint.h"
#include "../../core/load/load.h"
#include "../../core/load/scenario.h"
#include "../../core/util/suggest.h"
#include "../../core/util/util.h"

static void
test_edit_distance(void)
{
	CU_ASSERT_EQUAL(gs_edit_distance("kitten", "sitting"), 3);
	CU_ASSERT_EQUAL(gs_edit_distance("gpumem", "gpumemory"), 3);
	CU_ASSERT_EQUAL(gs_edit_distance("ab", "ba"), 1);	/* a swap */
	CU_ASSERT_EQUAL(gs_edit_distance("", "abc"), 3);
	CU_ASSERT_EQUAL(gs_edit_distance("same", "same"), 0);
}

static void
test_suggest(void)
{
	static const char *const keys[] = { "hami.io/node-scheduler-policy",
	    "hami.io/gpu-scheduler-policy", "nvidia.com/use-gputype" };
	static const char *const flags[] = { "--cluster", "--workload" };

	CU_ASSERT_STRING_EQUAL(gs_suggest_within("nvidia.com/gpumemory",
	    gs_res_names, GS_RES_NVIDIA_N, 3), "nvidia.com/gpumem");
	CU_ASSERT_STRING_EQUAL(gs_suggest_within(
	    "hami.io/node-schedular-policy", keys, 3, 3),
	    "hami.io/node-scheduler-policy");
	CU_ASSERT_STRING_EQUAL(gs_suggest_within("nvidia.com/use-gpu-type",
	    keys, 3, 3), "nvidia.com/use-gputype");
	CU_ASSERT_STRING_EQUAL(gs_suggest_within("--clutser", flags, 2, 3),
	    "--cluster");
	/* Too far: 4 edits is over lint's 3, though within a third of a
	 * 23-character key; 3 of 5 characters is over a third. */
	CU_ASSERT_PTR_NULL(gs_suggest_within("nvidia.com/vgpu-modes-x", keys,
	    3, 3));
	CU_ASSERT_PTR_NULL(gs_suggest_within("nvidia.com/use-gpu-typexxx",
	    keys, 3, 3));
	CU_ASSERT_STRING_EQUAL(gs_suggest("nvidia.com/use-gpu-typexxx", keys,
	    3), "nvidia.com/use-gputype");
	CU_ASSERT_PTR_NULL(gs_suggest_within("--xyz", flags, 2, 3));
	/* The caller tells known keys apart; an exact word is its own
	 * nearest. */
	CU_ASSERT_STRING_EQUAL(gs_suggest_within("--cluster", flags, 2, 3),
	    "--cluster");
	CU_ASSERT_PTR_NULL(gs_suggest_within("x", flags, 0, 3));
}

/* Lint one pod with annotations (key, value pairs, NULL-ended); the
 * findings' count, the first one into buf. */
static size_t
lint_one(const char *profile, struct gs_cluster *c, int64_t mem,
    int64_t pct, char *buf, size_t len, ...)
{
	struct gs_workload	 w;
	struct gs_config	 cfg;
	struct gs_warnings	 out = { 0 };
	struct gs_pod		*p;
	const char		*k, *v;
	va_list			 ap;
	size_t			 n;

	memset(&w, 0, sizeof w);
	gs_config_init(&cfg);
	if (profile != NULL)
		t_set_profile(&cfg, profile);
	p = t_pod(&w, "web", 1);
	t_ctr(&p->ctrs[0], 1, mem, pct, -1);
	p->ctrs[0].name = xstrdup("main");
	va_start(ap, len);
	while ((k = va_arg(ap, const char *)) != NULL) {
		v = va_arg(ap, const char *);
		gs_kv_set(&p->annotations, k, v);
	}
	va_end(ap);
	n = gs_lint(&w, c, &cfg, &out);
	CU_ASSERT_EQUAL(n, out.n);
	snprintf(buf, len, "%s", out.n ? out.v[0] : "");
	gs_warnings_release(&out);
	gs_workload_release(&w);
	gs_config_release(&cfg);
	return n;
}

static void
test_lint_findings(void)
{
	struct gs_cluster	c;
	char			buf[512];

	CU_ASSERT_EQUAL(lint_one(NULL, NULL, 1000, -1, buf, sizeof buf,
	    "hami.io/gpu-schedular-policy", "spread", NULL), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "did you mean "
	    "'hami.io/gpu-scheduler-policy'"));
	/* Keys HAMi writes, and unrelated ones, are no finding. */
	CU_ASSERT_EQUAL(lint_one(NULL, NULL, 1000, -1, buf, sizeof buf,
	    "hami.io/vgpu-node", "n1", "hami.io/bind-phase", "success",
	    "example.com/x", "y", NULL), 0);
	CU_ASSERT_EQUAL(lint_one(NULL, NULL, 1000, -1, buf, sizeof buf,
	    "nvidia.com/nouse-gputype", "A100,", NULL), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "every GPU is refused"));
	CU_ASSERT_EQUAL(lint_one(NULL, NULL, 1000, -1, buf, sizeof buf,
	    "nvidia.com/use-gpuuuid", "GPU-a,,GPU-b", NULL), 1);
	CU_ASSERT_EQUAL(lint_one(NULL, NULL, 1000, -1, buf, sizeof buf,
	    "nvidia.com/use-gputype", "T4", NULL), 0);
	/* gpumem wins over gpumem-percentage. */
	CU_ASSERT_EQUAL(lint_one(NULL, NULL, 1000, 50, buf, sizeof buf,
	    NULL), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "uses gpumem (1000 MiB)"));
	/* v2.10's weights annotation under v2.6.1. */
	CU_ASSERT_EQUAL(lint_one(NULL, NULL, 1000, -1, buf, sizeof buf,
	    HAMI_SCORING_WEIGHTS_ANNO, "slot=1", NULL), 1);
	CU_ASSERT_EQUAL(lint_one("hami-v2.10.0", NULL, 1000, -1, buf,
	    sizeof buf, HAMI_SCORING_WEIGHTS_ANNO, "slot=1", NULL), 0);
	/* nvidia.com/gpu alone: HAMi's whole memory (hami_build_request
	 * gives mempct 100), advice for HAMi and the profiles that read its
	 * manifests (volcano-*); none under kube-scheduler or KAI, where the
	 * request is whole devices (lint.c reads_hami_memory). */
	CU_ASSERT_EQUAL(lint_one(NULL, NULL, -1, -1, buf, sizeof buf, NULL),
	    1);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "HAMi gives it each GPU's whole "
	    "memory"));
	CU_ASSERT_EQUAL(lint_one("volcano-binpack", NULL, -1, -1, buf,
	    sizeof buf, NULL), 1);
	CU_ASSERT_EQUAL(lint_one("kube-least-allocated", NULL, -1, -1, buf,
	    sizeof buf, NULL), 0);
	CU_ASSERT_EQUAL(lint_one("kai-binpack", NULL, -1, -1, buf,
	    sizeof buf, NULL), 0);
	/* KAI's strategy is its shard's (nodeplacement's arguments): a
	 * per-pod one is read by nothing, under any profile. */
	CU_ASSERT_EQUAL(lint_one("kai-binpack", NULL, 1000, -1, buf,
	    sizeof buf, "scheduling.run.ai/scheduling-strategy", "spread",
	    NULL), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "KAI-Scheduler reads no "
	    "scheduling.run.ai/scheduling-strategy"));
	CU_ASSERT_EQUAL(lint_one("kai-spread", NULL, 1000, -1, buf,
	    sizeof buf, "scheduling.run.ai/queue", "a", NULL), 0);
	/* use-gputype against a cluster of T4s: case-insensitive. */
	memset(&c, 0, sizeof c);
	c.nodes = xcalloc(1, sizeof *c.nodes);
	c.nnodes = c.cap = 1;
	t_node(&c.nodes[0], "a", 2, 15360, "NVIDIA-Tesla T4");
	CU_ASSERT_EQUAL(lint_one(NULL, &c, 1000, -1, buf, sizeof buf,
	    "nvidia.com/use-gputype", "t4,A100", NULL), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "entry 'A100' is in no GPU type"));
	gs_cluster_release(&c);
}

/* The warnings left of loading nodes a (a ResourceSlice names it) and b
 * (neither) with the one run under profile, --scheduler hami-scheduler
 * mapped to map when not NULL. */
static size_t
dra_nodes_left(const char *profile, const char *map, char *first,
    size_t len)
{
	static const char yaml[] = "kind: List\nitems:\n"
	    "- kind: Node\n  metadata: {name: a}\n"
	    "- kind: Node\n  metadata: {name: b}\n"
	    "- kind: ResourceSlice\n  metadata: {name: a-gpus}\n  spec:\n"
	    "    driver: gpu.example.com\n    nodeName: a\n"
	    "    pool: {name: a, generation: 1, resourceSliceCount: 1}\n"
	    "    devices: [{name: gpu-0}]\n";
	struct gs_scenario	sc;
	struct gs_run		run;
	struct gs_warnings	w = { 0 };
	struct gs_error		err;
	struct yt_file		f;
	size_t			n;

	memset(&sc, 0, sizeof sc);
	memset(&run, 0, sizeof run);
	CU_ASSERT_EQUAL_FATAL(yt_parse(&f, "c.yaml", yaml, strlen(yaml),
	    &err), 0);
	CU_ASSERT_EQUAL_FATAL(gs_load_cluster_doc(&sc.cluster, &f,
	    f.docs[0].root, &w, &err), 0);
	yt_file_release(&f);
	CU_ASSERT_EQUAL(w.n, 2);
	gs_config_init(&run.cfg);
	free(run.cfg.profile);
	run.cfg.profile = xstrdup(profile);
	if (map != NULL)
		gs_kv_set(&run.cfg.schedulers, "hami-scheduler", map);
	sc.runs = &run;
	sc.nruns = 1;
	gs_lint_dra_loader(&sc, &w);
	n = w.n;
	snprintf(first, len, "%s", n > 0 ? w.v[0] : "");
	gs_config_release(&run.cfg);
	gs_cluster_release(&sc.cluster);
	gs_warnings_release(&w);
	return n;
}

/* Review item 3: a node with ResourceSlices and no HAMi annotation is
 * normal input for the dra profiles; the warning stays for a node with
 * neither, and under any profile that is not a dra row. */
static void
test_lint_dra_nodes(void)
{
	char	first[512];

	CU_ASSERT_EQUAL(dra_nodes_left("dra", NULL, first, sizeof first), 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(first, "node 'b' has no "
	    "hami.io/node-nvidia-register annotation"));
	CU_ASSERT_EQUAL(dra_nodes_left("dra-v1.36", NULL, first,
	    sizeof first), 1);
	CU_ASSERT_EQUAL(dra_nodes_left("hami-v2.6.1", NULL, first,
	    sizeof first), 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(first, "node 'a' has no"));
	/* HAMi routed in beside the dra profile: its warning means
	 * something again. */
	CU_ASSERT_EQUAL(dra_nodes_left("dra", "hami-v2.6.1", first,
	    sizeof first), 2);
	CU_ASSERT_EQUAL(dra_nodes_left("dra", "dra", first, sizeof first), 1);
}

/* Pod p asking 2 nvidia.com/gpu of 1000 MiB each (extres_left). */
static const char pod_gpus[] = "kind: Pod\nmetadata: {name: p}\n"
    "spec:\n  containers:\n  - name: main\n    resources:\n"
    "      limits: {nvidia.com/gpu: 2, nvidia.com/gpumem: 1000}\n";

/*
 * The warnings the loader and gs_lint_scenario leave, one run per profile
 * of profiles (NULL-ended), of cluster a (a ResourceSlice, a DeviceClass
 * mapping ext) and workload wyaml (one document); those warnings into
 * all, one a line.
 */
static size_t
lint_left(const char *ext, const char *wyaml, const char *const *profiles,
    char *all, size_t len)
{
	static const char cyaml[] = "kind: List\nitems:\n"
	    "- kind: Node\n  metadata: {name: a}\n"
	    "- kind: DeviceClass\n  metadata: {name: gpu.example.com}\n"
	    "  spec: {extendedResourceName: %s}\n"
	    "- kind: ResourceSlice\n  metadata: {name: a-gpus}\n  spec:\n"
	    "    driver: gpu.example.com\n    nodeName: a\n"
	    "    pool: {name: a, generation: 1, resourceSliceCount: 1}\n"
	    "    devices: [{name: gpu-0}, {name: gpu-1}]\n";
	struct gs_scenario	sc;
	struct gs_run		runs[2];
	struct gs_workload	wl;
	struct gs_warnings	w = { 0 };
	struct gs_error		err;
	struct yt_file		f;
	char			cl[sizeof cyaml + 64];
	size_t			i, n;

	memset(&sc, 0, sizeof sc);
	memset(runs, 0, sizeof runs);
	memset(&wl, 0, sizeof wl);
	snprintf(cl, sizeof cl, cyaml, ext);
	CU_ASSERT_EQUAL_FATAL(yt_parse(&f, "c.yaml", cl, strlen(cl), &err), 0);
	CU_ASSERT_EQUAL_FATAL(gs_load_cluster_doc(&sc.cluster, &f,
	    f.docs[0].root, &w, &err), 0);
	yt_file_release(&f);
	CU_ASSERT_EQUAL(w.n, 1);	/* node a: no register annotation */
	CU_ASSERT_EQUAL_FATAL(yt_parse(&f, "w.yaml", wyaml, strlen(wyaml),
	    &err), 0);
	CU_ASSERT_EQUAL_FATAL(gs_load_workload_doc(&wl, &f, f.docs[0].root,
	    &sc.cluster, &w, &err), 0);
	yt_file_release(&f);
	for (i = 0; profiles[i] != NULL && i < 2; i++) {
		runs[i].wl = wl;	/* shared, released once */
		gs_config_init(&runs[i].cfg);
		t_set_profile(&runs[i].cfg, profiles[i]);
	}
	sc.runs = runs;
	sc.nruns = i;
	gs_lint_scenario(&sc, &w);
	n = w.n;
	for (*all = '\0', i = 0; i < n; i++)
		snprintf(all + strlen(all), len - strlen(all), "%s\n", w.v[i]);
	for (i = 0; i < sc.nruns; i++)
		gs_config_release(&runs[i].cfg);
	gs_workload_release(&wl);
	gs_cluster_release(&sc.cluster);
	gs_warnings_release(&w);
	return n;
}

/*
 * Brief dralint: under the dra profiles a container asking a resource a
 * DeviceClass maps is DRA's (extendeddynamicresources.go
 * preFilterExtendedResources): HAMi's "no node has more than 0 GPUs"
 * (maxdevs 0: node a registers no HAMi GPU) and "the largest GPU has 0
 * MiB" findings are left out, with the node's register warning.  They
 * stay under HAMi, beside a HAMi run, and when the class maps another
 * name.
 */
static void
test_lint_dra_extres(void)
{
	static const char *const dra[] = { "dra", NULL };
	static const char *const v136[] = { "dra-v1.36", "dra", NULL };
	static const char *const hami[] = { "hami-v2.6.1", NULL };
	static const char *const mixed[] = { "dra", "hami-v2.6.1", NULL };
	static const struct {
		const char		*ext;	/* the class maps it */
		const char *const	*profiles;
		size_t			 left;
		const char		*want;	/* among those left */
	} t[] = {
		{ "nvidia.com/gpu", dra, 0, NULL },
		{ "nvidia.com/gpu", v136, 0, NULL },
		/* the register warning, then the two findings */
		{ "nvidia.com/gpu", hami, 3, "p: container 'main' asks for "
		    "2 GPUs, no node has more than 0: it stays pending "
		    "(NodeInsufficientDevice)\nw.yaml:1:1: p: container "
		    "'main' asks for 1000 MiB per GPU, the largest GPU has 0 "
		    "MiB" },
		/* both runs' findings: 1 + 2 + 2 */
		{ "nvidia.com/gpu", mixed, 5, "more than 0: it stays pending "
		    "(NodeInsufficientDevice)\nw.yaml:1:1: p: container" },
		/* nvidia.com/gpu is not DRA's; node a (slices) has no
		 * register warning */
		{ "example.com/gpu", dra, 2, "asks for 1000 MiB per GPU" },
	};
	char	all[2048];
	size_t	i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		CU_ASSERT_EQUAL(lint_left(t[i].ext, pod_gpus, t[i].profiles,
		    all, sizeof all), t[i].left);
		if (t[i].want != NULL)
			CU_ASSERT_PTR_NOT_NULL(strstr(all, t[i].want));
	}
}

/*
 * The loader's "init container asks for GPU resources" warning states
 * HAMi's rule (v2.8 ignores init containers, v2.9 on gives them GPUs):
 * noise when every run is under dra profiles, kept under HAMi and beside
 * a HAMi run (gs_lint_dra_loader).
 */
static void
test_lint_dra_init(void)
{
	static const char pod[] = "kind: Pod\nmetadata: {name: p}\n"
	    "spec:\n  initContainers:\n  - name: fetch\n    resources:\n"
	    "      limits: {nvidia.com/gpu: 1}\n"
	    "  containers:\n  - name: main\n";
	static const char *const dra[] = { "dra", NULL };
	static const char *const v136[] = { "dra-v1.36", NULL };
	static const char *const hami[] = { "hami-v2.9.0", NULL };
	static const char *const mixed[] = { "dra", "hami-v2.9.0", NULL };
	static const char want[] = "w.yaml:5:5: init container 'fetch' asks "
	    "for GPU resources: HAMi up to v2.8 ignores init containers, v2.9 "
	    "and v2.10 give them GPUs\n";
	char	all[2048];

	CU_ASSERT_EQUAL(lint_left("nvidia.com/gpu", pod, dra, all,
	    sizeof all), 0);
	CU_ASSERT_EQUAL(lint_left("example.com/gpu", pod, v136, all,
	    sizeof all), 0);
	CU_ASSERT_EQUAL(lint_left("nvidia.com/gpu", pod, hami, all,
	    sizeof all), 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(all, want));
	CU_ASSERT_EQUAL(lint_left("nvidia.com/gpu", pod, mixed, all,
	    sizeof all), 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(all, want));
}

CU_TestInfo lint_tests[] = {
	{ "edit distance", test_edit_distance },
	{ "did you mean", test_suggest },
	{ "lint findings", test_lint_findings },
	{ "no register warning on DRA-only nodes", test_lint_dra_nodes },
	{ "no HAMi fit findings on DRA extended resources",
	    test_lint_dra_extres },
	{ "no init-container GPU warning under dra profiles alone",
	    test_lint_dra_init },
	CU_TEST_INFO_NULL,
};
