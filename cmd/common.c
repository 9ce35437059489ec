/*
 * common.c: what simulate and compare share: loading inputs, running one
 * simulation, printing errors and warnings, and checking stdout.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <argtable2.h>

#include "cmd.h"
#include "../core/util/atomic_write.h"
#include "../core/sched/hami/hami.h"
#include "../core/load/hamiconfig.h"
#include "../core/load/lint.h"
#include "../core/util/paths.h"
#include "../core/report/report.h"
#include "../core/report/html.h"
#include "../core/sched/policy.h"
#include "../core/sched/route.h"
#include "../core/sched/sharing_modes.h"
#include "../core/sched/dra/kversion.h"

void
cmd_error(const struct gs_error *err)
{
	char	buf[1024];

	cmd_progress_end();
	gs_error_format(err, buf, sizeof buf);
	fprintf(stderr, "gpusched: %s\n", buf);
}

int
cmd_error_status(const struct gs_error *err)
{
	cmd_error(err);
	return err->io ? EXIT_IO : EXIT_INPUT;
}

void
cmd_errorf(const char *fmt, ...)
{
	va_list	ap;

	cmd_progress_end();
	fputs("gpusched: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void
cmd_print_warnings(const struct gs_warnings *w, int quiet)
{
	size_t	i;

	if (quiet)
		return;
	for (i = 0; i < w->n; i++)
		fprintf(stderr, "gpusched: warning: %s\n", w->v[i]);
}

int
cmd_finish_stdout(int status)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
		cmd_errorf("write failure on standard output: %s",
		    strerror(errno));
		return EXIT_IO;
	}
	return status;
}

/*
 * The HAMi versions the Node annotations fit: a run without a version of
 * its own takes the only one that fits; otherwise a warning when the
 * run's version cannot read them, or several fit but not the default.
 */
static void
infer_versions(struct gs_scenario *sc, int quiet)
{
	struct gs_infer	 in;
	const char	*use, *said = NULL;
	char		 msg[512];
	size_t		 i;

	gs_hami_infer(&sc->cluster, &in);
	for (i = 0; i < sc->nruns; i++) {
		struct gs_config	*c = &sc->runs[i].cfg;
		enum gs_infer_verdict	 v;

		v = gs_infer_decide(&in, c->profile, c->profile_given, &use,
		    msg, sizeof msg);
		if (v == GS_INFER_USE) {
			free(c->profile);
			c->profile = xstrdup(use);
		}
		/* One line for all runs that say the same. */
		if (v == GS_INFER_NONE || quiet ||
		    (said != NULL && strcmp(said, c->profile) == 0))
			continue;
		said = c->profile;
		fprintf(stderr, "gpusched: %s: %s\n", v == GS_INFER_USE ?
		    "note" : "warning", msg);
	}
}

size_t
cmd_count_stdin(char *const *paths, size_t n)
{
	size_t	i, k = 0;

	for (i = 0; i < n; i++)
		k += strcmp(paths[i], "-") == 0;
	return k;
}

int
cmd_stdin_once(const char *cmd, size_t n)
{
	if (n <= 1)
		return EXIT_OK;
	cmd_errorf("%s%s- (standard input) is given %zu times; it can be "
	    "read once", cmd ? cmd : "", cmd ? ": " : "", n);
	return EXIT_USAGE;
}

/* Standard input can be read once: "-" in one place only. */
static int
stdin_once(const struct cmd_inputs *in)
{
	char	*scen = (char *)in->scenario;

	return cmd_stdin_once(in->cmd, (scen ? cmd_count_stdin(&scen, 1) :
	    0) + cmd_count_stdin(in->clusters, in->nclusters) +
	    cmd_count_stdin(in->workloads, in->nworkloads) +
	    cmd_count_stdin(in->snap.running, in->snap.nrunning));
}

/* -c and -f expanded (directories, -R), then loaded. */
static int
load_files(const struct cmd_inputs *in, struct gs_scenario *sc,
    struct gs_warnings *w, struct gs_error *err)
{
	char	**cl = NULL, **wl = NULL;
	size_t	  ncl = 0, nwl = 0;
	int	  rc = -1;

	memset(sc, 0, sizeof *sc);
	if (gs_expand_paths(in->clusters, in->nclusters, in->recursive, &cl,
	    &ncl, err) == 0 && gs_expand_paths(in->workloads, in->nworkloads,
	    in->recursive, &wl, &nwl, err) == 0)
		rc = gs_scenario_from_files(sc, cl, ncl, wl, nwl, &in->snap, w,
		    err);
	gs_paths_free(cl, ncl);
	gs_paths_free(wl, nwl);
	return rc;
}

/* --scheduler NAME=PROFILE (checked by cmd_sched_inputs) into c. */
static void
set_scheduler(struct gs_config *c, const char *arg)
{
	const char	*eq = strchr(arg, '=');
	char		*name = xstrndup(arg, (size_t)(eq - arg));

	gs_kv_set(&c->schedulers, name, eq + 1);
	free(name);
}

int
cmd_load(const struct cmd_inputs *in, struct gs_scenario *sc)
{
	struct gs_warnings	w = { 0 };
	struct gs_error		err;
	size_t			i, j;
	int			rc;

	memset(&err, 0, sizeof err);
	if ((rc = stdin_once(in)) != EXIT_OK)
		return rc;
	if (in->scenario != NULL)
		rc = gs_scenario_load(sc, in->scenario, &in->snap, &w, &err);
	else
		rc = load_files(in, sc, &w, &err);
	/* The command line's scheduler settings, before lint reads them. */
	for (i = 0; rc == 0 && i < sc->nruns; i++) {
		struct gs_config *c = &sc->runs[i].cfg;

		gs_config_set_policies(c, in->node_policy, in->gpu_policy);
		if (in->override)
			c->override_policies = 1;
		if (in->pct_given)
			c->pct_nodes = in->pct_nodes;
		if (in->profile != NULL) {
			free(c->profile);
			c->profile = xstrdup(in->profile);
			c->profile_given = 1;
		}
		for (j = 0; j < in->nschedulers; j++)
			set_scheduler(c, in->schedulers[j]);
	}
	if (rc == 0)
		infer_versions(sc, in->quiet);
	/* --gpu-policy against what each selected run's HAMi knows. */
	for (i = 0; rc == 0 && in->gpu_policy != NULL && i < sc->nruns; i++)
		if (cmd_run_selected(in, sc, i) && cmd_check_gpu_policy(in->cmd,
		    "--gpu-policy", in->gpu_policy,
		    hami_profile(&sc->runs[i].cfg)) != EXIT_OK) {
			gs_warnings_release(&w);
			gs_scenario_release(sc);
			return EXIT_USAGE;
		}
	if (rc == 0)
		gs_lint_scenario(sc, &w);
	cmd_print_warnings(&w, in->quiet);
	gs_warnings_release(&w);
	if (rc != 0)
		return cmd_error_status(&err);
	if (in->run != NULL) {
		for (i = 0; i < sc->nruns; i++)
			if (strcmp(sc->runs[i].name, in->run) == 0)
				break;
		if (i == sc->nruns) {
			cmd_errorf("no run named '%s' in %s", in->run,
			    in->scenario ? in->scenario : "the inputs");
			gs_scenario_release(sc);
			return EXIT_USAGE;
		}
	}
	return EXIT_OK;
}

int
cmd_run_selected(const struct cmd_inputs *in, const struct gs_scenario *sc,
    size_t i)
{
	return in->run == NULL || strcmp(sc->runs[i].name, in->run) == 0;
}

int
cmd_simulate_run(const struct gs_scenario *sc, const struct gs_run *run,
    const struct gs_config *cfg, struct gs_sim *sim)
{
	struct gs_sim_opts	o;
	struct gs_error		err;
	int			rc;

	if (run->sharing < 0)
		return cmd_simulate_on(&sc->cluster, &run->wl, cfg, sim);
	memset(&o, 0, sizeof o);
	o.progress = cmd_progress();
	rc = gs_sim_share(&sc->cluster, &run->wl, cfg, run->sharing, &o, sim,
	    &err);
	cmd_progress_clear();
	if (rc != 0) {
		gs_sim_release(sim);
		return cmd_error_status(&err);
	}
	return EXIT_OK;
}

int
cmd_refuse_sharing(const char *cmd, const struct gs_run *r)
{
	if (r->sharing < 0)
		return EXIT_OK;
	cmd_errorf("%s: run '%s' lays the GPUs out by 'sharing: %s', which "
	    "%s does not take (simulate, check, compare and diff do)", cmd,
	    r->name, gs_share_mode_name(r->sharing), cmd);
	return EXIT_USAGE;
}

int
cmd_simulate_on(const struct gs_cluster *c, const struct gs_workload *w,
    const struct gs_config *cfg, struct gs_sim *sim)
{
	const struct gs_policy	*p;
	struct gs_sim_opts	 o;
	struct gs_error		 err;
	int			 rc;

	memset(sim, 0, sizeof *sim);
	if ((p = gs_policy_find(cfg->profile)) == NULL) {
		cmd_check_profile(NULL, "scheduler profile", cfg->profile);
		return EXIT_USAGE;
	}
	memset(&o, 0, sizeof o);
	o.progress = cmd_progress();
	/* One scheduler per pod when the run mixes them (sched/route.c). */
	rc = gs_simulate(c, w, cfg, gs_route_select(p, cfg, w), &o, sim,
	    &err);
	cmd_progress_clear();	/* before the caller prints this run */
	if (rc != 0) {
		gs_sim_release(sim);
		return cmd_error_status(&err);
	}
	return EXIT_OK;
}

int
cmd_argparse(const char *cmd, void **table, struct arg_end *end,
    struct arg_lit *help, void (*helpfn)(FILE *), int argc, char **argv)
{
	char	prefix[64];

	if (arg_nullcheck(table) != 0)
		abort();
	if (arg_parse(argc, argv, table) > 0 && help->count == 0) {
		snprintf(prefix, sizeof prefix, "gpusched %s", cmd);
		cmd_arg_errors(prefix, table, end);
		fprintf(stderr, "Try 'gpusched %s --help'.\n", cmd);
		return EXIT_USAGE;
	}
	if (help->count > 0) {
		helpfn(stdout);
		return cmd_finish_stdout(EXIT_OK);
	}
	return -1;
}

void
cmd_print_doc(json_t *doc, const char *fmt)
{
	/* A failed write shows in cmd_finish_stdout. */
	(void)gs_report_doc(stdout, doc, strcmp(fmt, "yaml") == 0);
}

int
cmd_structured(const char *fmt)
{
	return strcmp(fmt, "json") == 0 || strcmp(fmt, "yaml") == 0;
}

struct arg_file *
cmd_arg_volcano_config(void)
{
	return arg_file0(NULL, "volcano-config", "FILE", "Volcano's "
	    "scheduler ConfigMap or volcano-scheduler.conf (deviceshare)");
}

struct arg_file *
cmd_arg_output_file(void)
{
	return arg_file0(NULL, "output-file", "FILE",
	    "-o html: write the page to FILE (whole or not at all)");
}

int
cmd_output_file(const char *cmd, const struct arg_file *f, const char *fmt,
    const char **path)
{
	*path = NULL;
	if (f == NULL || f->count == 0)
		return EXIT_OK;
	if (strcmp(fmt, "html") != 0) {
		cmd_errorf("%s: --output-file goes with -o html", cmd);
		return EXIT_USAGE;
	}
	*path = f->filename[0];
	return EXIT_OK;
}

void
cmd_html_begin(struct cmd_html *o, const char *path, const char *title_fmt,
    ...)
{
	va_list	 ap;
	char	*title;
	FILE	*fp = stdout;

	va_start(ap, title_fmt);
	title = xvasprintf(title_fmt, ap);
	va_end(ap);
	memset(o, 0, sizeof *o);
	o->path = path;
	if (path != NULL && (fp = open_memstream(&o->buf, &o->len)) == NULL)
		abort();
	gs_html_begin(&o->h, fp, title);
	free(title);
}

static int
write_buf(FILE *fp, void *arg)
{
	const struct cmd_html	*o = arg;

	return fwrite(o->buf, 1, o->len, fp) == o->len ? 0 : -1;
}

int
cmd_html_end(struct cmd_html *o, int rc)
{
	struct gs_error	err;

	if (gs_html_end(&o->h) != 0 && o->path != NULL && rc == EXIT_OK)
		rc = EXIT_IO;
	if (o->path == NULL)
		return rc;		/* cmd_finish_stdout checks stdout */
	if (fclose(o->h.fp) != 0 && rc == EXIT_OK)
		rc = EXIT_IO;
	memset(&err, 0, sizeof err);
	if ((rc == EXIT_OK || rc == EXIT_FINDING) &&
	    gs_write_file(o->path, write_buf, o, &err) != 0)
		rc = cmd_error_status(&err);
	free(o->buf);
	o->buf = NULL;
	return rc;
}

int
cmd_format(const char *cmd, struct arg_str *o, const char *const *allowed,
    const char **fmt)
{
	size_t	n;

	*fmt = o->count > 0 ? o->sval[0] : allowed[0];
	for (n = 0; allowed[n] != NULL; n++)
		continue;
	return cmd_enum(cmd, "output format", *fmt, allowed, n);
}

void
cmd_snapshot_args_init(struct cmd_snapshot_args *a)
{
	a->running = arg_filen(NULL, "running", "PODS", 0, 256,
	    "pods already running (kubectl get pods -A -o json)");
	a->now = arg_str0(NULL, "now", "\"YYYY-MM-DD HH:MM:SS\"",
	    "reference time (UTC) for node handshakes");
	a->hami_config = cmd_arg_hami_config();
}

struct arg_file *
cmd_arg_hami_config(void)
{
	return arg_file0(NULL, "hami-config", "FILE", "HAMi's "
	    "hami-scheduler-device ConfigMap or the chart's values.yaml");
}

void
cmd_snapshot_inputs(const struct cmd_snapshot_args *a, struct cmd_inputs *in)
{
	in->snap.running = (char **)a->running->filename;
	in->snap.nrunning = (size_t)a->running->count;
	in->snap.now = a->now->count ? a->now->sval[0] : NULL;
	in->snap.hami_config = a->hami_config->count ?
	    a->hami_config->filename[0] : NULL;
}

void
cmd_input_args_init(struct cmd_input_args *a)
{
	a->scenario = arg_file0(NULL, NULL, "SCENARIO",
	    "scenario file (see gpusched-scenario(5))");
	a->cluster = arg_filen("c", "cluster", "PATH", 0, 256, "cluster: "
	    "compact pools or Node objects; file, dir or - (repeatable)");
	a->workload = arg_filen("fw", "filename,workload", "PATH", 0, 1024,
	    "Kubernetes manifests: file, dir or - (repeatable)");
	a->recursive = arg_lit0("R", "recursive",
	    "read the directories of -c and -f recursively");
}

void
cmd_input_args_table(const struct cmd_input_args *a, void **table)
{
	table[0] = a->scenario;
	table[1] = a->cluster;
	table[2] = a->workload;
	table[3] = a->recursive;
}

/* SCENARIO or --cluster and --workload into in. */
int
cmd_parse_inputs(const char *cmd, const struct cmd_input_args *ia,
    struct cmd_inputs *in)
{
	const struct arg_file	*scenario = ia->scenario;
	const struct arg_file	*cluster = ia->cluster;
	const struct arg_file	*workload = ia->workload;

	memset(in, 0, sizeof *in);
	in->cmd = cmd;
	if (scenario->count > 0 && (cluster->count > 0 ||
	    workload->count > 0)) {
		cmd_errorf("%s: give a scenario or --cluster/--workload, not "
		    "both", cmd);
		return EXIT_USAGE;
	}
	if (scenario->count == 0 && (cluster->count == 0 ||
	    workload->count == 0)) {
		cmd_errorf("%s: need a scenario, or --cluster and --workload\n"
		    "Try 'gpusched %s --help'.", cmd, cmd);
		return EXIT_USAGE;
	}
	in->scenario = scenario->count ? scenario->filename[0] : NULL;
	in->clusters = (char **)cluster->filename;
	in->nclusters = (size_t)cluster->count;
	in->workloads = (char **)workload->filename;
	in->nworkloads = (size_t)workload->count;
	in->recursive = ia->recursive->count > 0;
	return EXIT_OK;
}

int
cmd_profile(const char *cmd, const struct arg_str *profile,
    const struct arg_str *hami_version, const char **out)
{
	*out = profile->count > 0 ? profile->sval[0] : NULL;
	if (*out != NULL && cmd_check_profile(cmd, "--profile", *out) !=
	    EXIT_OK)
		return EXIT_USAGE;
	if (hami_version->count == 0)
		return EXIT_OK;
	if (profile->count > 0) {
		cmd_errorf("%s: give --profile or --hami-version, not both", cmd);
		return EXIT_USAGE;
	}
	return cmd_hami_version(cmd, hami_version, out);
}

struct arg_str *
cmd_arg_hami_version(void)
{
	return arg_str0(NULL, "hami-version", "V", "HAMi version: v2.6 "
	    "(default), v2.7, v2.7.1, v2.8, v2.9 or v2.10");
}

int
cmd_hami_version(const char *cmd, const struct arg_str *hami_version,
    const char **out)
{
	if (hami_version->count == 0)
		return EXIT_OK;
	if (cmd_check_hami_version(cmd, hami_version->sval[0]) != EXIT_OK)
		return EXIT_USAGE;
	*out = hami_profile_for_version(hami_version->sval[0]);
	return EXIT_OK;
}

void
cmd_sched_args_init(struct cmd_sched_args *a, unsigned which,
    const char *run_help, const char *profile_help)
{
	memset(a, 0, sizeof *a);
	a->which = which;
	if (which & CMD_SCHED_RUN)
		a->run = arg_str0(NULL, "run", "NAME", run_help != NULL ?
		    run_help : "only this run of the scenario");
	if (which & CMD_SCHED_POLICIES) {
		a->node_policy = arg_str0(NULL, "node-policy", "POLICY",
		    "scheduler's nodeSchedulerPolicy (binpack or spread)");
		a->gpu_policy = arg_str0(NULL, "gpu-policy", "POLICY",
		    "scheduler's gpuSchedulerPolicy (binpack or spread)");
		a->ignore = arg_lit0(NULL, "ignore-pod-policies",
		    "policies above win over pod annotations");
	}
	if (which & CMD_SCHED_PROFILE)
		a->profile = arg_str0(NULL, "profile", "NAME",
		    profile_help != NULL ? profile_help :
		    "scoring profile (default hami-v2.6.1)");
	if (which & CMD_SCHED_VERSION) {
		a->hami_version = cmd_arg_hami_version();
		a->kube_version = arg_str0(NULL, "kubernetes-version", "V",
		    "the dra profile's Kubernetes release: 1.34 (default), "
		    "1.35 or 1.36");
	}
	cmd_dp_args_init(&a->dp_config, &a->dp_default, &a->mig_config);
	a->kai_config = arg_file0(NULL, "kai-config", "FILE",
	    "KAI's SchedulingShard or scheduler ConfigMap (placementStrategy)");
	a->volcano_config = cmd_arg_volcano_config();
	a->pct_nodes = arg_int0(NULL, "percentage-of-nodes-to-score", "N",
	    "kube-scheduler's percentageOfNodesToScore: 0 adaptive "
	    "(production's), 100 every node (default)");
	if (which & CMD_SCHED_ROUTE)
		a->scheduler = arg_strn(NULL, "scheduler", "NAME=PROFILE", 0,
		    32, "pods naming NAME in spec.schedulerName go to PROFILE "
		    "(repeatable)");
}

void
cmd_dp_args_init(struct arg_file **dp, struct arg_str **dflt,
    struct arg_file **mig)
{
	*dp = arg_file0(NULL, "device-plugin-config", "FILE",
	    "NVIDIA device plugin config, or the GPU operator's ConfigMap of "
	    "them");
	*dflt = arg_str0(NULL, "device-plugin-default", "NAME",
	    "its config for nodes without nvidia.com/device-plugin.config");
	*mig = arg_file0(NULL, "mig-config", "FILE",
	    "mig-parted's mig-configs (nodes' nvidia.com/mig.config)");
}

int
cmd_dp_inputs(const char *cmd, const struct arg_file *dp,
    const struct arg_str *dflt, const struct arg_file *mig,
    struct cmd_inputs *in)
{
	in->snap.dp_config = dp->count ? dp->filename[0] : NULL;
	in->snap.dp_default = dflt->count ? dflt->sval[0] : NULL;
	in->snap.mig_config = mig->count ? mig->filename[0] : NULL;
	if (in->snap.dp_default != NULL && in->snap.dp_config == NULL) {
		cmd_errorf("%s: --device-plugin-default needs "
		    "--device-plugin-config", cmd);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

void
cmd_sched_args_table(const struct cmd_sched_args *a, unsigned which,
    void **table, size_t *i)
{
	const struct {
		unsigned	 group;
		void		*opt;
	} all[] = {
		{ CMD_SCHED_RUN, a->run },
		{ CMD_SCHED_POLICIES, a->node_policy },
		{ CMD_SCHED_POLICIES, a->gpu_policy },
		{ CMD_SCHED_POLICIES, a->ignore },
		{ CMD_SCHED_PROFILE, a->profile },
		{ CMD_SCHED_VERSION, a->hami_version },
		{ CMD_SCHED_VERSION, a->kube_version },
		{ CMD_SCHED_ROUTE, a->scheduler },
	};
	size_t	 k;

	for (k = 0; k < sizeof all / sizeof all[0]; k++)
		if ((all[k].group & which) && all[k].opt != NULL)
			table[(*i)++] = all[k].opt;
	/* The configs go with the group holding --profile, or the last. */
	if ((which & CMD_SCHED_PROFILE) || (!(a->which & CMD_SCHED_PROFILE) &&
	    (which & CMD_SCHED_VERSION))) {
		table[(*i)++] = a->dp_config;
		table[(*i)++] = a->dp_default;
		table[(*i)++] = a->mig_config;
		table[(*i)++] = a->kai_config;
		table[(*i)++] = a->volcano_config;
		table[(*i)++] = a->pct_nodes;
	}
}

/* A string option's value, or NULL when absent or not taken. */
static const char *
opt(const struct arg_str *o)
{
	return o != NULL && o->count > 0 ? o->sval[0] : NULL;
}

/*
 * --kubernetes-version V: the dra profile of that release's row
 * (sched/dra/kversion.c); with --profile it must name a dra profile.
 */
static int
kube_version(const char *cmd, const char *v, struct cmd_inputs *in)
{
	const struct gs_kube_version *kv;
	char	 valid[64] = "";
	size_t	 k;

	if (v == NULL)
		return EXIT_OK;
	if ((kv = gs_kube_version_find(v)) == NULL) {
		for (k = 0; k < gs_kube_nversions; k++)
			snprintf(valid + strlen(valid), sizeof valid -
			    strlen(valid), "%s%s", k ? ", " : "",
			    gs_kube_versions[k].version);
		cmd_errorf("%s: unknown --kubernetes-version '%s'; valid: %s",
		    cmd, v, valid);
		return EXIT_USAGE;
	}
	if (in->profile != NULL && gs_kube_version_of(in->profile) == NULL) {
		cmd_errorf("%s: --kubernetes-version chooses the dra profile's "
		    "release; '%s' is not a dra profile", cmd, in->profile);
		return EXIT_USAGE;
	}
	in->profile = kv->profile;
	return EXIT_OK;
}

/* --scheduler NAME=PROFILE...: a non-empty name, a device-view profile. */
static int
sched_routes(const char *cmd, const struct arg_str *o, struct cmd_inputs *in)
{
	const char	*eq;
	int		 k;

	if (o == NULL)
		return EXIT_OK;
	for (k = 0; k < o->count; k++) {
		eq = strchr(o->sval[k], '=');
		if (eq == NULL || eq == o->sval[k]) {
			cmd_errorf("%s: --scheduler takes NAME=PROFILE, got "
			    "'%s'", cmd, o->sval[k]);
			return EXIT_USAGE;
		}
		if (cmd_check_profile(cmd, "--scheduler", eq + 1) != EXIT_OK)
			return EXIT_USAGE;
	}
	in->schedulers = o->sval;
	in->nschedulers = (size_t)o->count;
	return EXIT_OK;
}

int
cmd_sched_inputs(const char *cmd, const struct cmd_sched_args *a,
    struct cmd_inputs *in)
{
	static struct arg_str	none;	/* count 0: an option not taken */
	int			rc;

	in->run = opt(a->run);
	in->node_policy = opt(a->node_policy);
	in->gpu_policy = opt(a->gpu_policy);
	in->override = a->ignore != NULL && a->ignore->count > 0;
	in->snap.kai_config = a->kai_config->count ?
	    a->kai_config->filename[0] : NULL;
	in->snap.volcano_config = a->volcano_config->count ?
	    a->volcano_config->filename[0] : NULL;
	if ((in->pct_given = a->pct_nodes->count > 0)) {
		in->pct_nodes = a->pct_nodes->ival[0];
		if (in->pct_nodes < 0 || in->pct_nodes > 100) {
			cmd_errorf("%s: --percentage-of-nodes-to-score must be "
			    "0 to 100, got %d", cmd, in->pct_nodes);
			return EXIT_USAGE;
		}
	}
	if ((rc = cmd_dp_inputs(cmd, a->dp_config, a->dp_default,
	    a->mig_config, in)) != EXIT_OK)
		return rc;
	if (in->node_policy != NULL && (rc = cmd_check_node_policy(cmd,
	    "--node-policy", in->node_policy)) != EXIT_OK)
		return rc;
	if ((rc = sched_routes(cmd, a->scheduler, in)) != EXIT_OK)
		return rc;
	if (a->profile == NULL)
		rc = cmd_hami_version(cmd, a->hami_version != NULL ?
		    a->hami_version : &none, &in->profile);
	else
		rc = cmd_profile(cmd, a->profile, a->hami_version != NULL ?
		    a->hami_version : &none, &in->profile);
	if (rc != EXIT_OK)
		return rc;
	return kube_version(cmd, opt(a->kube_version), in);
}

int
cmd_sched_given(const struct cmd_sched_args *a)
{
	const struct arg_str	*s[] = { a->node_policy, a->gpu_policy,
	    a->profile, a->hami_version, a->kube_version };
	size_t			 k;
	int			 n = a->ignore != NULL ? a->ignore->count : 0;

	for (k = 0; k < sizeof s / sizeof s[0]; k++)
		n += s[k] != NULL ? s[k]->count : 0;
	return n;
}

void
cmd_args_end(void **table, size_t *i, const struct cmd_snapshot_args *snap,
    struct arg_lit *quiet, struct arg_lit *help, struct arg_end *end)
{
	if (snap != NULL) {
		table[(*i)++] = snap->running;
		table[(*i)++] = snap->now;
		table[(*i)++] = snap->hami_config;
	}
	table[(*i)++] = quiet;
	table[(*i)++] = help;
	table[(*i)++] = end;
	table[*i] = NULL;
}
