/*
 * load/scenario.c: load scenario files.
 *
 *   name: four-patterns
 *   cluster: cluster.yaml            # path, list, or inline pools
 *   scheduler: {nodeSchedulerPolicy: binpack, gpuSchedulerPolicy: spread,
 *               defaultMemory: 0, defaultCores: 0, defaultGPUNum: 1}
 *   workloads: [a.yaml, ...]         # or runs: [{name, workloads, scheduler}]
 *   hamiConfig: hami-device-cm.yaml  # HAMi's ConfigMap or values.yaml
 *   devicePluginConfig: dp.yaml      # as --device-plugin-config, and
 *   devicePluginDefault: NAME, migConfig: mig-parted.yaml,
 *   kaiConfig: shard.yaml, volcanoConfig: volcano-scheduler.conf
 *                                    # (the last two per run too)
 *
 * Settings in order, the later winning: the chart's defaults, hamiConfig
 * (or --hami-config), scheduler, the run's scheduler, the command line.
 * A config file the command line gives replaces the scenario's (and its
 * runs') key of the same file.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "load/dpconfig.h"
#include "load/hamiconfig.h"
#include "load/kai_conf.h"
#include "load/load.h"
#include "sched/policy.h"
#include "sched/sharing_modes.h"
#include "load/scenario.h"
#include "load/volcano_sched.h"
#include "load/yamltree.h"

static char *
resolve(const char *base, const char *rel)
{
	const char	*slash;

	if (rel[0] == '/' || strcmp(rel, "-") == 0 ||
	    (slash = strrchr(base, '/')) == NULL)
		return xstrdup(rel);
	return xasprintf("%.*s/%s", (int)(slash - base), base, rel);
}

/*
 * A file the scenario names could not be read: point at the scenario's
 * line, and keep the file's own location when the error is inside it.
 * A file that could not be read stays an I/O error.
 */
static int
reference_error(const struct yt_file *f, const struct yt_node *n,
    const char *what, struct gs_error *err)
{
	char	msg[sizeof err->msg];
	int	io = err->io;

	if (err->line > 0)
		return -1;
	snprintf(msg, sizeof msg, "%s", err->msg);
	yt_error(f, n, err, "cannot load %s '%s': %s", what, n->str, msg);
	err->io = io;
	return -1;
}

static int
load_scheduler(const struct yt_file *f, const struct yt_node *n,
    struct gs_config *cfg, struct gs_error *err)
{
	static const char *const keys[] = { "profile", "hamiVersion",
	    "nodeSchedulerPolicy", "gpuSchedulerPolicy", "defaultMemory",
	    "defaultCores", "defaultGPUNum", "percentageOfNodesToScore",
	    NULL };
	const struct yt_node	*v;
	const char		*s;
	int64_t			 x;

	if (yt_is_null(n))
		return 0;
	if (yt_expect(f, n, YT_MAP, "scheduler", err) != 0 ||
	    gs_check_keys(f, n, keys, "scheduler", err) != 0)
		return -1;
	if ((v = yt_get(n, "profile")) != NULL) {
		if (yt_string(f, v, "profile", &s, err) != 0)
			return -1;
		if (gs_policy_find(s) == NULL)
			return yt_error(f, v, err, "unknown scheduler profile "
			    "'%s' (try 'gpusched policies')", s);
		free(cfg->profile);
		cfg->profile = xstrdup(s);
		cfg->profile_given = 1;
	}
	if ((v = yt_get(n, "hamiVersion")) != NULL) {
		if (yt_get(n, "profile") != NULL)
			return yt_error(f, v, err, "give profile or "
			    "hamiVersion, not both");
		if (yt_string(f, v, "hamiVersion", &s, err) != 0)
			return -1;
		if (hami_profile_for_version(s) == NULL)
			return yt_error(f, v, err, "unknown HAMi version '%s' "
			    "(v2.6 to v2.10 are simulated)", s);
		free(cfg->profile);
		cfg->profile = xstrdup(hami_profile_for_version(s));
		cfg->profile_given = 1;
	}
	if ((v = yt_get(n, "nodeSchedulerPolicy")) != NULL) {
		if (yt_string(f, v, "nodeSchedulerPolicy", &s, err) != 0)
			return -1;
		gs_config_set_policies(cfg, s, NULL);
	}
	if ((v = yt_get(n, "gpuSchedulerPolicy")) != NULL) {
		if (yt_string(f, v, "gpuSchedulerPolicy", &s, err) != 0)
			return -1;
		gs_config_set_policies(cfg, NULL, s);
	}
	if ((v = yt_get(n, "defaultMemory")) != NULL) {
		if (yt_int64(f, v, "defaultMemory", 0, INT32_MAX, &x, err) != 0)
			return -1;
		cfg->default_memory = (int32_t)x;
	}
	if ((v = yt_get(n, "defaultCores")) != NULL) {
		if (yt_int64(f, v, "defaultCores", 0, 100, &x, err) != 0)
			return -1;
		cfg->default_cores = (int32_t)x;
	}
	if ((v = yt_get(n, "defaultGPUNum")) != NULL) {
		if (yt_int64(f, v, "defaultGPUNum", 0, INT32_MAX, &x, err) != 0)
			return -1;
		cfg->default_gpunum = (int32_t)x;
	}
	/* kube-scheduler's (sched/window.h). */
	if ((v = yt_get(n, "percentageOfNodesToScore")) != NULL) {
		if (yt_int64(f, v, "percentageOfNodesToScore", 0, 100, &x,
		    err) != 0)
			return -1;
		cfg->pct_nodes = (int)x;
	}
	return 0;
}

/* HAMi's configuration file: settings into the scenario's configuration,
 * knobs and resource names into the cluster the loaders fill. */
static int
apply_hami_config(struct gs_scenario *sc, const char *path,
    struct gs_error *err)
{
	struct gs_hamicfg	hc;

	if (gs_hamicfg_load(&hc, path, err) != 0)
		return -1;
	gs_hamicfg_apply(&hc, &sc->cfg);
	gs_hami_settings_free(sc->cluster.hami);
	sc->cluster.hami = gs_hami_settings_dup(&hc.s);
	gs_hamicfg_release(&hc);
	return 0;
}

static int
load_hami_config(struct gs_scenario *sc, const struct yt_file *f,
    const struct yt_node *n, const struct gs_snapshot_opts *opts,
    struct gs_error *err)
{
	char	*p;
	int	 rc;

	if (opts != NULL && opts->hami_config != NULL)
		return apply_hami_config(sc, opts->hami_config, err);
	if (yt_is_null(n))
		return 0;
	if (yt_expect(f, n, YT_SCALAR, "hamiConfig", err) != 0)
		return -1;
	p = resolve(f->path, n->str);
	rc = apply_hami_config(sc, p, err);
	free(p);
	return rc == 0 ? 0 : reference_error(f, n, "hamiConfig", err);
}

/*
 * The config files besides HAMi's, read as the command line's flags read
 * them: a parser takes the file's text into out (arg: its extra input).
 */
typedef int conf_parse(void *out, const char *path, const char *buf,
    size_t len, const void *arg, struct gs_error *err);

static int
parse_kai(void *out, const char *path, const char *buf, size_t len,
    const void *arg, struct gs_error *err)
{
	struct gs_kai_conf	k;

	(void)arg;
	if (gs_kai_conf_parse(&k, path, buf, len, err) != 0)
		return -1;
	*(const char **)out = gs_kai_conf_profile(&k);
	return 0;
}

static int
parse_volcano(void *out, const char *path, const char *buf, size_t len,
    const void *arg, struct gs_error *err)
{
	(void)arg;
	return gs_volcano_sched_parse(out, path, buf, len, err);
}

static int
parse_dp(void *out, const char *path, const char *buf, size_t len,
    const void *arg, struct gs_error *err)
{
	return gs_dpconfig_parse(out, path, buf, len, arg, err);
}

static int
parse_mig(void *out, const char *path, const char *buf, size_t len,
    const void *arg, struct gs_error *err)
{
	(void)arg;
	return gs_migconfig_parse(out, path, buf, len, err);
}

/*
 * The file the command line gives (cli, as given), else the one the
 * scenario's key names at n (against the scenario's folder), through
 * parse.  1 when a file was read, 0 when neither names one, -1 with the
 * error: inside the file where it is, else at the key.
 */
static int
load_conf(const struct yt_file *f, const struct yt_node *n, const char *key,
    const char *cli, conf_parse *parse, void *out, const void *arg,
    struct gs_error *err)
{
	const char	*path = cli;
	char		*p = NULL, *buf;
	size_t		 len;
	int		 rc;

	if (cli == NULL) {
		if (yt_is_null(n))
			return 0;
		if (yt_expect(f, n, YT_SCALAR, key, err) != 0)
			return -1;
		path = p = resolve(f->path, n->str);
	}
	if ((rc = gs_read_file(path, &buf, &len, err)) == 0) {
		rc = parse(out, path, buf, len, arg, err);
		free(buf);
	}
	free(p);
	if (rc == 0)
		return 1;
	return cli != NULL ? -1 : reference_error(f, n, key, err);
}

/*
 * kaiConfig and volcanoConfig at n (a scenario's or a run's, or NULL)
 * into cfg, unless the command line gives the file (cli, or NULL): read
 * once into the scenario's settings the runs start from (run 0), ignoring
 * the runs' keys (run 1).
 */
static int
load_peer_confs(const struct yt_file *f, const struct yt_node *n,
    const struct gs_snapshot_opts *cli, int run, struct gs_config *cfg,
    struct gs_error *err)
{
	const char	*kai = cli != NULL ? cli->kai_config : NULL;
	const char	*vc = cli != NULL ? cli->volcano_config : NULL;

	if (!(run && kai != NULL) && load_conf(f, yt_get(n, "kaiConfig"),
	    "kaiConfig", kai, parse_kai, &cfg->kai_profile, NULL,
	    err) < 0)
		return -1;
	if (!(run && vc != NULL) && load_conf(f, yt_get(n, "volcanoConfig"),
	    "volcanoConfig", vc, parse_volcano,
	    &cfg->volcano, NULL, err) < 0)
		return -1;
	return 0;
}

/*
 * devicePluginConfig (with devicePluginDefault) and migConfig, or the
 * command line's, laid over the loaded cluster (load/dpconfig.h); doc is
 * NULL without a scenario file.  Running pods are placed on the cluster
 * as it was: with them the configs are refused.
 */
static int
load_device_confs(struct gs_scenario *sc, const struct yt_file *f,
    const struct yt_node *doc, const struct gs_snapshot_opts *opts,
    struct gs_warnings *w, struct gs_error *err)
{
	static const char		 refused[] = "running pods (running:, "
					     "--running) with device plugin or "
					     "mig-parted configs are not "
					     "simulated";
	const struct gs_snapshot_opts	 none = { 0 };
	const struct yt_node		*dp, *mig, *dflt;
	struct gs_dpconfigs		 x;
	const char			*name, *cli;
	int				 a, b = 0, have_mig;

	if (opts == NULL)
		opts = &none;
	name = opts->dp_default;
	dp = yt_get(doc, "devicePluginConfig");
	mig = yt_get(doc, "migConfig");
	dflt = yt_get(doc, "devicePluginDefault");
	if (dflt != NULL && opts->dp_config == NULL) {
		if (yt_is_null(dp))
			return yt_error(f, dflt, err, "devicePluginDefault "
			    "needs devicePluginConfig");
		if (yt_string(f, dflt, "devicePluginDefault", &name,
		    err) != 0)
			return -1;
	}
	memset(&x, 0, sizeof x);
	a = load_conf(f, dp, "devicePluginConfig", opts->dp_config, parse_dp,
	    &x, name, err);
	if (a >= 0)
		b = load_conf(f, mig, "migConfig", opts->mig_config, parse_mig,
		    &x, NULL, err);
	if ((a > 0 || b > 0) && b >= 0 && sc->running.n > 0) {
		cli = a > 0 ? opts->dp_config : opts->mig_config;
		b = cli != NULL ? gs_error_set(err, cli, 1, 1, "%s", refused) :
		    yt_error(f, a > 0 ? dp : mig, err, "%s", refused);
	}
	have_mig = b > 0;
	if ((a > 0 || b > 0) && b >= 0)
		b = gs_dpconfigs_apply(&x, &sc->cluster, err);
	if (a >= 0 && b >= 0)
		gs_dpconfigs_warn_unread(&sc->cluster, a > 0, have_mig, w);
	gs_dpconfigs_release(&x);
	return a < 0 || b < 0 ? -1 : 0;
}

static int
load_clusters(struct gs_scenario *sc, const struct yt_file *f,
    const struct yt_node *n, struct gs_warnings *w, struct gs_error *err)
{
	size_t	i;
	char	*p;
	int	rc;

	if (n == NULL)
		return yt_error(f, NULL, err, "scenario needs a 'cluster'");
	if (n->type == YT_MAP)
		return gs_load_cluster_doc(&sc->cluster, f, n, w, err);
	if (n->type == YT_SCALAR && !yt_is_null(n)) {
		p = resolve(f->path, n->str);
		rc = gs_load_cluster_file(&sc->cluster, p, w, err);
		free(p);
		return rc == 0 ? 0 : reference_error(f, n, "cluster", err);
	}
	if (yt_expect(f, n, YT_SEQ, "cluster", err) != 0)
		return -1;
	for (i = 0; i < n->nitems; i++)
		if (load_clusters(sc, f, n->items[i], w, err) != 0)
			return -1;
	return 0;
}

static int
load_workloads(struct gs_workload *wl, const struct gs_cluster *cl,
    const struct yt_file *f, const struct yt_node *n, struct gs_warnings *w,
    struct gs_error *err)
{
	size_t	i;
	char	*p;
	int	rc;

	if (n->type == YT_MAP)
		return gs_load_workload_doc(wl, f, n, cl, w, err);
	if (n->type == YT_SCALAR && !yt_is_null(n)) {
		p = resolve(f->path, n->str);
		rc = gs_load_workload_file(wl, p, cl, w, err);
		free(p);
		return rc == 0 ? 0 : reference_error(f, n, "workload", err);
	}
	if (yt_expect(f, n, YT_SEQ, "workloads", err) != 0)
		return -1;
	for (i = 0; i < n->nitems; i++)
		if (load_workloads(wl, cl, f, n->items[i], w, err) != 0)
			return -1;
	return 0;
}

static struct gs_run *
add_run(struct gs_scenario *sc, const char *name)
{
	struct gs_run	*r;

	sc->runs = xreallocarray(sc->runs, sc->nruns + 1, sizeof *sc->runs);
	r = &sc->runs[sc->nruns++];
	memset(r, 0, sizeof *r);
	r->name = xstrdup(name);
	r->sharing = -1;
	gs_config_copy(&r->cfg, &sc->cfg);
	return r;
}

/* A run's `sharing:` mode (sched/sharing_modes.h). */
static int
load_sharing(const struct yt_file *f, const struct yt_node *v,
    struct gs_run *r, struct gs_error *err)
{
	const char	*s;

	if (v == NULL)
		return 0;
	if (yt_string(f, v, "sharing", &s, err) != 0)
		return -1;
	if ((r->sharing = gs_share_mode_find(s)) < 0)
		return yt_error(f, v, err, "unknown sharing mode '%s' (%s)", s,
		    gs_share_mode_names());
	return 0;
}

static int
parse_now(const char *s, int64_t *out)
{
	char	buf[64];

	snprintf(buf, sizeof buf, "now_%s", s);
	*out = gs_handshake_time(buf);
	return *out == INT64_MIN ? -1 : 0;
}

/* Running pods on top of the cluster (after the handshakes). */
static int
apply_running(struct gs_scenario *sc, char **running, size_t nrunning,
    const char *base, struct gs_warnings *w, struct gs_error *err)
{
	size_t	i;
	char	*p;
	int	rc;

	for (i = 0; i < nrunning; i++) {
		p = base ? resolve(base, running[i]) : xstrdup(running[i]);
		rc = gs_load_running_file(&sc->cluster, &sc->running, p, w,
		    err);
		free(p);
		if (rc != 0)
			return -1;
	}
	return 0;
}

static int
load_snapshot(struct gs_scenario *sc, const struct yt_file *f,
    const struct yt_node *doc, const struct gs_snapshot_opts *opts,
    struct gs_warnings *w, struct gs_error *err)
{
	const struct yt_node	*n = yt_get(doc, "now"), *run;
	char			**files = NULL;
	size_t			  nfiles = 0, i;
	int			  rc;

	if (opts != NULL && opts->now != NULL) {
		if (parse_now(opts->now, &sc->now) != 0)
			return gs_error_set(err, NULL, 0, 0, "--now must be "
			    "\"YYYY-MM-DD HH:MM:SS\" (UTC), got '%s'",
			    opts->now);
	} else if (n != NULL) {
		if (n->type != YT_SCALAR || parse_now(n->str, &sc->now) != 0)
			return yt_error(f, n, err, "'now' must be \"YYYY-MM-DD "
			    "HH:MM:SS\" (UTC)");
	}
	run = yt_get(doc, "running");
	if (run != NULL && !yt_is_null(run)) {
		if (run->type == YT_SCALAR) {
			files = xcalloc(1, sizeof *files);
			files[nfiles++] = run->str;
		} else if (yt_expect(f, run, YT_SEQ, "running", err) != 0)
			return -1;
		else {
			files = xcalloc(run->nitems ? run->nitems : 1,
			    sizeof *files);
			for (i = 0; i < run->nitems; i++) {
				if (yt_expect(f, run->items[i], YT_SCALAR,
				    "running[]", err) != 0) {
					free(files);
					return -1;
				}
				files[nfiles++] = run->items[i]->str;
			}
		}
	}
	gs_cluster_apply_handshakes(&sc->cluster, sc->now, w);
	rc = apply_running(sc, files, nfiles, f->path, w, err);
	free(files);
	if (rc == 0 && opts != NULL)
		rc = apply_running(sc, opts->running, opts->nrunning, NULL, w,
		    err);
	return rc;
}

/* The device plugin's and mig-parted's configs lay out the one cluster
 * every run starts from: the scenario's keys, not a run's. */
static int
run_device_keys(const struct yt_file *f, const struct yt_node *rn,
    struct gs_error *err)
{
	static const char *const keys[] = { "devicePluginConfig",
	    "devicePluginDefault", "migConfig" };
	const struct yt_node	*v;
	size_t			 i;

	for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if ((v = yt_get(rn, keys[i])) != NULL)
			return yt_error(f, v, err, "'%s' lays out the cluster "
			    "every run shares: give it at the scenario's top "
			    "level", keys[i]);
	return 0;
}

static int
load_doc(struct gs_scenario *sc, const struct yt_file *f,
    const struct yt_node *doc, const struct gs_snapshot_opts *opts,
    struct gs_warnings *w, struct gs_error *err)
{
	static const char *const keys[] = { "apiVersion", "kind", "name",
	    "description", "cluster", "running", "now", "workloads",
	    "scheduler", "runs", "expect", "hamiConfig", "kaiConfig",
	    "volcanoConfig", "devicePluginConfig", "devicePluginDefault",
	    "migConfig", NULL };
	static const char *const run_keys[] = { "name", "workloads",
	    "scheduler", "sharing", "expect", "kaiConfig", "volcanoConfig",
	    NULL };
	const struct yt_node	*v, *runs, *wls;
	const char		*s;
	size_t			 i, j;

	if (yt_expect(f, doc, YT_MAP, "scenario", err) != 0 ||
	    gs_check_keys(f, doc, keys, "scenario", err) != 0)
		return -1;
	if ((v = yt_get(doc, "kind")) != NULL) {
		if (yt_string(f, v, "kind", &s, err) != 0)
			return -1;
		if (strcmp(s, "Scenario") != 0)
			return yt_error(f, v, err, "a scenario has 'kind: "
			    "Scenario', got '%s' (to simulate manifests "
			    "directly use --cluster and --workload)", s);
	}
	s = "scenario";
	if ((v = yt_get(doc, "name")) != NULL &&
	    yt_string(f, v, "name", &s, err) != 0)
		return -1;
	sc->name = xstrdup(s);
	if (load_hami_config(sc, f, yt_get(doc, "hamiConfig"), opts,
	    err) != 0 ||
	    load_scheduler(f, yt_get(doc, "scheduler"), &sc->cfg, err) != 0 ||
	    load_clusters(sc, f, yt_get(doc, "cluster"), w, err) != 0 ||
	    gs_expect_load(f, yt_get(doc, "expect"), &sc->expects, err) != 0 ||
	    load_snapshot(sc, f, doc, opts, w, err) != 0 ||
	    load_device_confs(sc, f, doc, opts, w, err) != 0 ||
	    load_peer_confs(f, doc, opts, 0, &sc->cfg, err) != 0)
		return -1;
	runs = yt_get(doc, "runs");
	wls = yt_get(doc, "workloads");
	if (runs != NULL && wls != NULL)
		return yt_error(f, wls, err, "give either 'workloads' or "
		    "'runs', not both");
	if (runs == NULL) {
		struct gs_run *r;

		if (wls == NULL)
			return yt_error(f, doc, err, "scenario needs "
			    "'workloads' (or 'runs')");
		r = add_run(sc, sc->name);
		return load_workloads(&r->wl, &sc->cluster, f, wls, w, err);
	}
	if (yt_expect(f, runs, YT_SEQ, "runs", err) != 0)
		return -1;
	if (runs->nitems == 0)
		return yt_error(f, runs, err, "'runs' is empty");
	for (i = 0; i < runs->nitems; i++) {
		const struct yt_node	*rn = runs->items[i];
		struct gs_run		*r;

		if (yt_expect(f, rn, YT_MAP, "runs[]", err) != 0 ||
		    run_device_keys(f, rn, err) != 0 ||
		    gs_check_keys(f, rn, run_keys, "run", err) != 0)
			return -1;
		if ((v = yt_get(rn, "name")) == NULL)
			return yt_error(f, rn, err, "run needs a 'name'");
		if (yt_string(f, v, "name", &s, err) != 0)
			return -1;
		for (j = 0; j < sc->nruns; j++)
			if (strcmp(sc->runs[j].name, s) == 0)
				return yt_error(f, v, err, "duplicate run name "
				    "'%s'", s);
		r = add_run(sc, s);
		if (load_scheduler(f, yt_get(rn, "scheduler"), &r->cfg,
		    err) != 0 || load_sharing(f, yt_get(rn, "sharing"), r,
		    err) != 0 || load_peer_confs(f, rn, opts, 1, &r->cfg,
		    err) != 0)
			return -1;
		if ((v = yt_get(rn, "workloads")) == NULL)
			return yt_error(f, rn, err, "run '%s' needs "
			    "'workloads'", s);
		if (load_workloads(&r->wl, &sc->cluster, f, v, w, err) != 0 ||
		    gs_expect_load(f, yt_get(rn, "expect"), &r->expects,
		    err) != 0)
			return -1;
	}
	return 0;
}

int
gs_scenario_load(struct gs_scenario *sc, const char *path,
    const struct gs_snapshot_opts *opts, struct gs_warnings *w,
    struct gs_error *err)
{
	char	*buf;
	size_t	 len;
	int	 rc;

	memset(sc, 0, sizeof *sc);
	if (gs_read_file(path, &buf, &len, err) != 0)
		return -1;
	rc = gs_scenario_parse(sc, path, buf, len, opts, w, err);
	free(buf);
	return rc;
}

int
gs_scenario_parse(struct gs_scenario *sc, const char *path, const char *buf,
    size_t len, const struct gs_snapshot_opts *opts, struct gs_warnings *w,
    struct gs_error *err)
{
	struct yt_file	f;
	size_t		i, ndocs = 0;
	int		rc = 0;

	memset(sc, 0, sizeof *sc);
	gs_config_init(&sc->cfg);
	sc->now = INT64_MIN;
	sc->path = xstrdup(path);
	if (yt_parse(&f, path, buf, len, err) != 0) {
		gs_scenario_release(sc);
		return -1;
	}
	for (i = 0; i < f.ndocs; i++)
		if (f.docs[i].root != NULL) {
			if (ndocs++ > 0) {
				rc = yt_error(&f, f.docs[i].root, err, "a "
				    "scenario file holds one scenario");
				break;
			}
			rc = load_doc(sc, &f, f.docs[i].root, opts, w, err);
			if (rc != 0)
				break;
		}
	if (rc == 0 && ndocs == 0)
		rc = gs_error_set(err, f.path, 0, 0, "empty scenario file");
	yt_file_release(&f);
	if (rc != 0)
		gs_scenario_release(sc);
	return rc;
}

int
gs_scenario_from_files(struct gs_scenario *sc, char **clusters,
    size_t nclusters, char **workloads, size_t nworkloads,
    const struct gs_snapshot_opts *opts, struct gs_warnings *w,
    struct gs_error *err)
{
	struct gs_run	*r;
	const char	*base;
	size_t		 i, len;

	memset(sc, 0, sizeof *sc);
	gs_config_init(&sc->cfg);
	sc->now = INT64_MIN;
	/* Named after the first workload file: "deploy" for dir/deploy.yaml. */
	base = nworkloads ? workloads[0] : "simulation";
	if (strcmp(base, "-") == 0)
		base = "stdin";
	if (strrchr(base, '/') != NULL)
		base = strrchr(base, '/') + 1;
	len = strcspn(base, ".");
	sc->name = xstrndup(base, len ? len : strlen(base));
	if (opts != NULL && opts->hami_config != NULL &&
	    apply_hami_config(sc, opts->hami_config, err) != 0)
		goto fail;
	for (i = 0; i < nclusters; i++)
		if (gs_load_cluster_file(&sc->cluster, clusters[i], w,
		    err) != 0)
			goto fail;
	if (opts != NULL && opts->now != NULL &&
	    parse_now(opts->now, &sc->now) != 0) {
		gs_error_set(err, NULL, 0, 0, "--now must be \"YYYY-MM-DD "
		    "HH:MM:SS\" (UTC), got '%s'", opts->now);
		goto fail;
	}
	gs_cluster_apply_handshakes(&sc->cluster, sc->now, w);
	if ((opts != NULL && apply_running(sc, opts->running, opts->nrunning,
	    NULL, w, err) != 0) || load_device_confs(sc, NULL, NULL, opts,
	    w, err) != 0 || load_peer_confs(NULL, NULL, opts, 0, &sc->cfg,
	    err) != 0)
		goto fail;
	r = add_run(sc, sc->name);
	for (i = 0; i < nworkloads; i++)
		if (gs_load_workload_file(&r->wl, workloads[i], &sc->cluster, w,
		    err) != 0)
			goto fail;
	return 0;
fail:
	gs_scenario_release(sc);
	return -1;
}

void
gs_scenario_release(struct gs_scenario *sc)
{
	size_t	i;

	for (i = 0; i < sc->nruns; i++) {
		free(sc->runs[i].name);
		gs_workload_release(&sc->runs[i].wl);
		gs_config_release(&sc->runs[i].cfg);
		gs_expect_list_release(&sc->runs[i].expects);
	}
	gs_expect_list_release(&sc->expects);
	gs_running_release(&sc->running);
	free(sc->path);
	free(sc->runs);
	free(sc->name);
	gs_cluster_release(&sc->cluster);
	gs_config_release(&sc->cfg);
	memset(sc, 0, sizeof *sc);
}
