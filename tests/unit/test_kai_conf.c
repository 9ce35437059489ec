/*
 * test_kai_conf.c: KAI-Scheduler's placement strategy from its own config
 * (load/kai_conf.c, issue 18 item 4): a SchedulingShard's
 * placementStrategy, the scheduler ConfigMap the operator writes from it
 * (buildDefaultPlugins), the refusals, the profile kai-scheduler routes
 * to (sched/route.c), the queue label kept on the pod, and the scenario's
 * kaiConfig and volcanoConfig keys beside the command line's flags.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/load/kai_conf.h"
#include "../../core/load/scenario.h"
#include "../../core/sched/route.h"
#include "../../core/util/util.h"

/* Parse yaml; 0 with *c set, or -1 with the message in msg. */
static int
parse(const char *yaml, struct gs_kai_conf *c, char *msg, size_t len)
{
	struct gs_error	err;
	int		rc;

	memset(&err, 0, sizeof err);
	rc = gs_kai_conf_parse(c, "kai.yaml", yaml, strlen(yaml), &err);
	snprintf(msg, len, "%s:%d:%d: %s", err.file,
	    err.line, err.col, err.msg);
	return rc;
}

static const char shard_spread[] =
    "apiVersion: kai.scheduler/v1\nkind: SchedulingShard\n"
    "metadata: {name: default}\nspec:\n"
    "  placementStrategy: {gpu: spread, cpu: binpack}\n";

/* The operator's plugins for gpu: spread (gpuspread, nodeplacement
 * {gpu: spread}, no gpusharingorder) and for binpack. */
static const char cm_spread[] =
    "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: kai-scheduler}\n"
    "data:\n  config.yaml: |\n    actions: allocate\n    tiers:\n"
    "    - plugins:\n      - name: predicates\n      - name: gpuspread\n"
    "      - name: nodeplacement\n"
    "        arguments: {gpu: spread, cpu: spread}\n";
static const char conf_binpack[] =
    "actions: allocate, consolidation\ntiers:\n- plugins:\n"
    "  - name: gpupack\n  - name: nodeplacement\n"
    "    arguments: {gpu: binpack, cpu: binpack}\n"
    "  - name: gpusharingorder\n";

static void
test_kai_conf_forms(void)
{
	struct gs_kai_conf	c;
	char			msg[256];

	CU_ASSERT_EQUAL_FATAL(parse(shard_spread, &c, msg, sizeof msg), 0);
	CU_ASSERT_EQUAL(c.gpu_spread, 1);
	CU_ASSERT_EQUAL(c.cpu_spread, 0);
	CU_ASSERT_STRING_EQUAL(gs_kai_conf_profile(&c), "kai-spread");
	/* SetDefaultWhereNeeded: no placementStrategy is binpack. */
	CU_ASSERT_EQUAL_FATAL(parse("kind: SchedulingShard\nmetadata: "
	    "{name: a}\n", &c, msg, sizeof msg), 0);
	CU_ASSERT_STRING_EQUAL(gs_kai_conf_profile(&c), "kai-binpack");
	CU_ASSERT_EQUAL_FATAL(parse(cm_spread, &c, msg, sizeof msg), 0);
	CU_ASSERT_EQUAL(c.gpu_spread, 1);
	CU_ASSERT_EQUAL(c.cpu_spread, 1);
	CU_ASSERT_EQUAL_FATAL(parse(conf_binpack, &c, msg, sizeof msg), 0);
	CU_ASSERT_STRING_EQUAL(gs_kai_conf_profile(&c), "kai-binpack");
	/* nodeplacement.New: a missing argument is binpack. */
	CU_ASSERT_EQUAL_FATAL(parse("tiers:\n- plugins:\n  - name: gpupack\n"
	    "  - name: nodeplacement\n  - name: gpusharingorder\n", &c, msg,
	    sizeof msg), 0);
	CU_ASSERT_EQUAL(c.gpu_spread, 0);
}

static void
test_kai_conf_refused(void)
{
	struct gs_kai_conf	c;
	char			msg[256];

	CU_ASSERT_EQUAL(parse("kind: SchedulingShard\nspec:\n"
	    "  placementStrategy: {gpu: pack}\n", &c, msg, sizeof msg), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "kai.yaml:3:28: "
	    "placementStrategy.gpu must be binpack or spread, got 'pack'"));
	/* gpupack with nodeplacement spread: two rules, gpusched models
	 * one; located at the nodeplacement plugin (line 3). */
	CU_ASSERT_EQUAL(parse("tiers:\n- plugins:\n  - name: nodeplacement\n"
	    "    arguments: {gpu: spread}\n  - name: gpupack\n", &c, msg,
	    sizeof msg), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "kai.yaml:3:5: nodeplacement's "
	    "gpu spread needs gpuspread"));
	/* binpack without gpusharingorder is a mix too. */
	CU_ASSERT_EQUAL(parse("tiers:\n- plugins:\n  - name: gpupack\n"
	    "  - name: nodeplacement\n", &c, msg, sizeof msg), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "needs gpupack and "
	    "gpusharingorder"));
	CU_ASSERT_EQUAL(parse("tiers:\n- plugins:\n  - name: gpupack\n", &c,
	    msg, sizeof msg), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "no nodeplacement plugin"));
	CU_ASSERT_EQUAL(parse("kind: SchedulingShard\nspec:\n  plugins:\n"
	    "    gpuspread: {enabled: false}\n", &c, msg, sizeof msg), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "kai.yaml:4:16: "
	    "spec.plugins.gpuspread overrides"));
	CU_ASSERT_EQUAL(parse("kind: ConfigMap\nmetadata: {name: x}\n", &c,
	    msg, sizeof msg), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "needs data.config.yaml"));
	CU_ASSERT_EQUAL(parse("kind: Deployment\n", &c, msg, sizeof msg), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "kai.yaml:1:7: expected a "
	    "SchedulingShard"));
}

/* kai-scheduler routes to the config's profile unless the run's profile
 * or --scheduler names a KAI profile. */
static void
test_kai_conf_route(void)
{
	struct gs_workload	 w;
	struct gs_config	 cfg;
	struct gs_pod		*p;

	memset(&w, 0, sizeof w);
	gs_config_init(&cfg);
	p = t_pod(&w, "train", 1);
	t_ctr(&p->ctrs[0], 1, -1, -1, -1);
	p->scheduler_name = xstrdup("kai-scheduler");
	CU_ASSERT_STRING_EQUAL(gs_route_pod(&cfg, NULL, p)->name, "kai-binpack");
	cfg.kai_profile = "kai-spread";
	CU_ASSERT_STRING_EQUAL(gs_route_pod(&cfg, NULL, p)->name, "kai-spread");
	/* gs_route_pod: HAMi's webhook claims a pod naming none. */
	p = t_pod(&w, "infer", 1);
	t_ctr(&p->ctrs[0], 1, 3000, -1, -1);
	CU_ASSERT_STRING_EQUAL(gs_route_pod(&cfg, NULL, p)->name, "hami-v2.6.1");
	p = &w.pods[0];
	gs_kv_set(&cfg.schedulers, "kai-scheduler", "kai-binpack");
	CU_ASSERT_STRING_EQUAL(gs_route_pod(&cfg, NULL, p)->name, "kai-binpack");
	gs_kv_release(&cfg.schedulers);
	t_set_profile(&cfg, "kai-binpack");
	CU_ASSERT_STRING_EQUAL(gs_route_pod(&cfg, NULL, p)->name, "kai-binpack");
	gs_config_release(&cfg);
	gs_workload_release(&w);
}

/* The queue label is kept on the pod (kai.scheduler/queue). */
static void
test_kai_queue_label(void)
{
	static const char yaml[] = "apiVersion: v1\nkind: Pod\nmetadata:\n"
	    "  name: p\n  labels: {kai.scheduler/queue: research}\nspec:\n"
	    "  schedulerName: kai-scheduler\n  containers:\n  - name: c\n"
	    "    image: x\n";
	struct gs_workload	w;
	struct gs_warnings	warn = { 0 };
	char			msg[256];

	CU_ASSERT_EQUAL_FATAL(t_load_workload(yaml, &w, &warn, msg,
	    sizeof msg), 0);
	CU_ASSERT_STRING_EQUAL(w.pods[0].queue, "research");
	gs_workload_release(&w);
	gs_warnings_release(&warn);
}

#define CONFS	"../golden/inputs/scenario-confs/"

/* The profile each run of the scenario at path starts from (opts: the
 * command line's files, or NULL), into prof[0..n). */
static void
run_profiles(const char *path, const struct gs_snapshot_opts *opts,
    const char **prof, size_t n)
{
	struct gs_scenario	sc;
	struct gs_warnings	w = { 0 };
	struct gs_error		err;
	size_t			i;

	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL_FATAL(gs_scenario_load(&sc, path, opts, &w, &err), 0);
	CU_ASSERT_EQUAL_FATAL(sc.nruns, n);
	for (i = 0; i < n; i++)
		prof[i] = sc.runs[i].cfg.kai_profile;
	gs_scenario_release(&sc);
	gs_warnings_release(&w);
}

/*
 * kai.yaml: the scenario's shard spreads, run "binpack" names the
 * operator's binpack ConfigMap.  By hand: spread, binpack; with
 * --kai-config (the binpack ConfigMap) both runs binpack, the run's key
 * ignored; with the spread shard both spread.  volcano.yaml: run "unset"
 * reads a conf without SchedulePolicy (given, nopolicy), run "binpack"
 * none (given 0).
 */
static void
test_kai_conf_scenario(void)
{
	struct gs_snapshot_opts	o;
	struct gs_scenario	sc;
	struct gs_warnings	w = { 0 };
	struct gs_error		err;
	const char		*p[2];

	run_profiles(CONFS "kai.yaml", NULL, p, 2);
	CU_ASSERT_STRING_EQUAL(p[0], "kai-spread");
	CU_ASSERT_STRING_EQUAL(p[1], "kai-binpack");
	memset(&o, 0, sizeof o);
	o.kai_config = "../golden/inputs/kai/scheduler-config.yaml";
	run_profiles(CONFS "kai.yaml", &o, p, 2);
	CU_ASSERT_STRING_EQUAL(p[0], "kai-binpack");
	CU_ASSERT_STRING_EQUAL(p[1], "kai-binpack");
	o.kai_config = "../golden/inputs/kai/shard-spread.yaml";
	run_profiles(CONFS "kai.yaml", &o, p, 2);
	CU_ASSERT_STRING_EQUAL(p[0], "kai-spread");
	CU_ASSERT_STRING_EQUAL(p[1], "kai-spread");
	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL_FATAL(gs_scenario_load(&sc, CONFS "volcano.yaml",
	    NULL, &w, &err), 0);
	CU_ASSERT_EQUAL(sc.runs[0].cfg.volcano.given, 1);
	CU_ASSERT_EQUAL(sc.runs[0].cfg.volcano.nopolicy, 1);
	CU_ASSERT_EQUAL(sc.runs[1].cfg.volcano.given, 0);
	gs_scenario_release(&sc);
	/* A file the key names that is not there: at the key, line 5. */
	CU_ASSERT_NOT_EQUAL(gs_scenario_load(&sc, CONFS "bad-missing.yaml",
	    NULL, &w, &err), 0);
	CU_ASSERT_EQUAL(err.line, 5);
	CU_ASSERT_EQUAL(err.col, 12);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "cannot load migConfig"));
	gs_warnings_release(&w);
}

CU_TestInfo kai_conf_tests[] = {
	{ "kai config: SchedulingShard, ConfigMap, config.yaml",
	    test_kai_conf_forms },
	{ "kai config: refused strategies and mixes", test_kai_conf_refused },
	{ "kai config: kai-scheduler's profile", test_kai_conf_route },
	{ "kai config: the queue label kept", test_kai_queue_label },
	{ "kai config: scenario keys and the command line",
	    test_kai_conf_scenario },
	CU_TEST_INFO_NULL,
};
