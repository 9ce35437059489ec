/*
 * replay.c: `gpusched replay --nodes NODES.csv --pods PODS.csv`: replay an
 * openb trace under one or more policies and seeds, the FGD paper's
 * methodology (or, with --timed, honouring creation and deletion times),
 * and print the curves and summaries.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <argtable2.h>

#include "cmd.h"
#include "../core/sched/hami/hami.h"
#include "../core/load/volcano_sched.h"
#include "../core/util/optparse.h"
#include "../core/report/report.h"
#include "../core/report/html.h"
#include "../core/report/replay.h"

#define MAX_SEEDS	10000
#define MAX_POLICIES	64	/* entries of the one table, at most */

struct replay_args {
	struct arg_file	*nodes;
	struct arg_file	*pods;
	struct arg_str	*policy;
	struct arg_str	*node_policy, *gpu_policy;
	struct arg_str	*seed;
	struct arg_str	*seeds;
	struct arg_str	*tune;
	struct arg_file	*volcano_config;
	struct arg_lit	*timed;
	struct arg_str	*interval;
	struct arg_str	*speedup;
	struct arg_str	*threshold;
	struct arg_str	*output;
	struct arg_file	*output_file;
	struct arg_lit	*quiet;
	struct arg_lit	*help;
	struct arg_end	*end;
	void		*table[19];
};

static void
replay_args_init(struct replay_args *a)
{
	a->nodes = arg_file1(NULL, "nodes", "NODES.csv",
	    "openb node list (sn,cpu_milli,memory_mib,gpu,model)");
	a->pods = arg_file1(NULL, "pods", "PODS.csv",
	    "openb pod list (11- or 5-column form)");
	a->policy = arg_str0("p", "policy", "P[,P...]",
	    "a policy of `gpusched policies`, openb (the paper's six) or "
	    "all (default fgd)");
	a->node_policy = arg_str0(NULL, "node-policy", "POLICY",
	    "HAMi versions: nodeSchedulerPolicy (default binpack)");
	a->gpu_policy = arg_str0(NULL, "gpu-policy", "POLICY",
	    "HAMi versions: gpuSchedulerPolicy (default spread)");
	a->seed = arg_str0(NULL, "seed", "S", "random seed (default 42)");
	a->seeds = arg_str0(NULL, "seeds", "A-B",
	    "one replay per seed A..B; median and range per point");
	a->tune = arg_str0(NULL, "tune", "X",
	    "top up (or cut) pods to X x GPU capacity; 0 off (default 1.3)");
	a->timed = arg_lit0(NULL, "timed",
	    "honour creation and deletion times; pods wait, then leave");
	a->interval = arg_str0(NULL, "interval", "SECONDS",
	    "--timed: seconds per curve point (default 86400)");
	a->speedup = arg_str0(NULL, "speedup", "K",
	    "--timed: arrivals K times faster, durations kept (default 1)");
	a->threshold = arg_str0(NULL, "typical-threshold", "PCT",
	    "typical pods cover PCT % of pods (default 95)");
	a->output = arg_str0("o", "output", "FORMAT",
	    "table (default), json, yaml, csv or html");
	a->quiet = arg_lit0("q", "quiet", "no progress line on stderr");
	a->help = arg_lit0("h", "help", "print this help");
	a->end = arg_end(20);
	a->table[0] = a->nodes;
	a->table[1] = a->pods;
	a->table[2] = a->policy;
	a->table[3] = a->node_policy;
	a->table[4] = a->gpu_policy;
	a->table[5] = a->seed;
	a->table[6] = a->seeds;
	a->table[7] = a->tune;
	a->table[8] = a->timed;
	a->table[9] = a->interval;
	a->table[10] = a->speedup;
	a->table[11] = a->threshold;
	a->table[12] = a->output;
	a->table[13] = a->volcano_config = cmd_arg_volcano_config();
	a->table[14] = a->output_file = cmd_arg_output_file();
	a->table[15] = a->quiet;
	a->table[16] = a->help;
	a->table[17] = a->end;
	a->table[18] = NULL;
}

static void
replay_help(FILE *fp)
{
	struct replay_args	a;

	replay_args_init(&a);
	fprintf(fp, "Usage: gpusched replay");
	arg_print_syntax(fp, a.table, "\n");
	fprintf(fp, "\nReplay an openb trace as the FGD paper's simulator does: "
	    "pods shuffled by the\nseed, topped up to 130%% of GPU capacity, "
	    "placed one at a time with failures\ndropped; after every pod the "
	    "allocation and the fragmentation of the typical\npods are "
	    "recorded, then bucketed by arrived GPU %% (0..130).  --timed "
	    "instead\nfollows creation and deletion times, with a wait "
	    "queue.\n\nExample:\n  gpusched replay --nodes "
	    "openb_node_list_gpu_node.csv \\\n      --pods "
	    "openb_pod_list_default.csv --policy openb --seeds 42-51 -o csv\n\n");
	arg_print_glossary(fp, a.table, "  %-28s %s\n");
	arg_freetable(a.table, sizeof a.table / sizeof a.table[0] - 1);
}

/* A whole decimal number in [lo, hi]. */
static int
parse_ulong(const char *flag, const char *s, unsigned long lo,
    unsigned long hi, unsigned long *out)
{
	if (gs_parse_uint(s, lo, hi, out) == 0)
		return 0;
	cmd_errorf("replay: %s must be a whole number from %lu to %lu, got "
	    "'%s'", flag, lo, hi, s);
	return -1;
}

/* A number in [lo, hi]. */
static int
parse_double(const char *flag, const char *s, double lo, double hi,
    double *out)
{
	char	*end;
	double	 v;

	errno = 0;
	v = strtod(s, &end);
	if (errno != 0 || end == s || *end != '\0' || !(v >= lo && v <= hi)) {
		cmd_errorf("replay: %s must be a number from %g to %g, got "
		    "'%s'", flag, lo, hi, s);
		return -1;
	}
	*out = v;
	return 0;
}

/* Add p to out[0..*n) unless it is there. */
static void
add_policy(const struct gs_policy **out, size_t *n, const struct gs_policy *p)
{
	size_t	i;

	for (i = 0; i < *n; i++)
		if (out[i] == p)
			return;
	out[(*n)++] = p;
}

/*
 * A comma list of share-view policies of the one table; "openb" is the
 * paper's six, "all" every replay policy once (HAMi's versions, which
 * are named on their own, aside).  out holds MAX_POLICIES.
 */
static int
parse_policies(const char *s, const struct gs_policy **out, size_t *n)
{
	char			*copy = xstrdup(s), *tok, *save = NULL;
	const struct gs_policy	*p;
	size_t			 i;
	int			 rc = 0;

	*n = 0;
	for (tok = strtok_r(copy, ",", &save); tok != NULL;
	    tok = strtok_r(NULL, ",", &save)) {
		if (strcmp(tok, "all") == 0 || strcmp(tok, "openb") == 0) {
			for (i = 0; (p = gs_policies[i]) != NULL; i++)
				if ((p->views & GS_VIEW_SHARE) &&
				    !gs_policy_is_version(p) && (tok[0] ==
				    'a' || strcmp(p->family, "openb") == 0))
					add_policy(out, n, p);
			continue;
		}
		if ((p = gs_policy_lookup(tok, GS_VIEW_SHARE)) == NULL) {
			const char	*names[MAX_POLICIES + 2];
			size_t		 k = 0;

			for (i = 0; gs_policies[i] != NULL; i++)
				if (gs_policies[i]->views & GS_VIEW_SHARE)
					names[k++] = gs_policies[i]->name;
			names[k++] = "openb";
			names[k++] = "all";
			cmd_enum_error("replay", "--policy entry", tok, names,
			    k);
			rc = -1;
			break;
		}
		add_policy(out, n, p);
	}
	if (rc == 0 && *n == 0) {
		cmd_errorf("replay: --policy names no policy");
		rc = -1;
	}
	free(copy);
	return rc;
}

/* --node-policy and --gpu-policy: for the HAMi versions among the
 * policies, checked against what each version knows. */
static int
parse_hami_policies(const struct replay_args *a,
    const struct gs_policy *const *pol, size_t npol, struct gs_replay_opts *o)
{
	size_t	i, nver = 0;

	if (a->node_policy->count == 0 && a->gpu_policy->count == 0)
		return 0;
	for (i = 0; i < npol; i++)
		if (gs_policy_is_version(pol[i]))
			nver++;
	if (nver == 0) {
		cmd_errorf("replay: --node-policy and --gpu-policy apply to a "
		    "HAMi version in --policy (hami-v2.6.1 ... hami-v2.10.0)");
		return -1;
	}
	if (a->node_policy->count > 0) {
		o->node_policy = a->node_policy->sval[0];
		if (cmd_check_node_policy("replay", "--node-policy",
		    o->node_policy) != EXIT_OK)
			return -1;
	}
	if (a->gpu_policy->count == 0)
		return 0;
	o->gpu_policy = a->gpu_policy->sval[0];
	for (i = 0; i < npol; i++)
		if (gs_policy_is_version(pol[i]) && cmd_check_gpu_policy(
		    "replay", "--gpu-policy", o->gpu_policy,
		    hami_profile_find(gs_policy_hami_profile(pol[i])->name))
		    != EXIT_OK)
			return -1;
	return 0;
}

static int
parse_seeds(const struct replay_args *a, unsigned long *first, size_t *n)
{
	const char	*s;
	char		 bad[64];

	*first = 42;
	*n = 1;
	if (a->seed->count > 0 && a->seeds->count > 0) {
		cmd_errorf("replay: give --seed or --seeds, not both");
		return -1;
	}
	if (a->seed->count > 0)
		return parse_ulong("--seed", a->seed->sval[0], 0, 4294967295UL,
		    first);
	if (a->seeds->count == 0)
		return 0;
	s = a->seeds->sval[0];
	switch (gs_parse_range(s, 4294967295UL, MAX_SEEDS, first, n, bad,
	    sizeof bad)) {
	case GS_RANGE_OK:
		return 0;
	case GS_RANGE_FORM:
		cmd_errorf("replay: --seeds takes a range A-B, got '%s'", s);
		break;
	case GS_RANGE_NUMBER:
		cmd_errorf("replay: --seeds must be a whole number from 0 to "
		    "4294967295, got '%s'", bad);
		break;
	case GS_RANGE_ORDER:
		cmd_errorf("replay: --seeds A-B needs A <= B, got '%s'", s);
		break;
	case GS_RANGE_SIZE:
		cmd_errorf("replay: --seeds covers more than %d seeds",
		    MAX_SEEDS);
		break;
	}
	return -1;
}

static int
parse_opts(const struct replay_args *a, struct gs_replay_opts *o)
{
	unsigned long	v;

	gs_replay_opts_init(o);
	o->timed = a->timed->count > 0;
	if (a->tune->count > 0) {
		if (o->timed) {
			cmd_errorf("replay: --tune does not apply to --timed "
			    "(the trace's own arrivals are replayed)");
			return -1;
		}
		if (parse_double("--tune", a->tune->sval[0], 0, 100,
		    &o->tune) != 0)
			return -1;
	}
	if (a->interval->count > 0) {
		if (!o->timed) {
			cmd_errorf("replay: --interval needs --timed");
			return -1;
		}
		if (parse_ulong("--interval", a->interval->sval[0], 1,
		    1UL << 40, &v) != 0)
			return -1;
		o->interval = (int64_t)v;
	}
	if (a->speedup->count > 0) {
		if (!o->timed) {
			cmd_errorf("replay: --speedup needs --timed");
			return -1;
		}
		if (parse_double("--speedup", a->speedup->sval[0], 1, 1e6,
		    &o->speedup) != 0)
			return -1;
	}
	if (a->threshold->count > 0) {
		if (parse_ulong("--typical-threshold", a->threshold->sval[0],
		    1, 100, &v) != 0)
			return -1;
		o->threshold = (int)v;
	}
	return 0;
}

static int
run_all(struct gs_replay_report *rp, const struct gs_trace_pods *pods,
    const struct gs_policy *const *pol, size_t npol, unsigned long first,
    size_t nseeds, struct gs_replay_opts *o)
{
	struct gs_error	err;
	size_t		i, k;

	rp->sets = xcalloc(npol, sizeof *rp->sets);
	rp->nsets = npol;
	for (i = 0; i < npol; i++) {
		struct gs_replay_set *s = &rp->sets[i];

		s->policy = pol[i];
		s->res = xcalloc(nseeds, sizeof *s->res);
		s->nseeds = nseeds;
		for (k = 0; k < nseeds; k++) {
			struct gs_replay_opts ok = *o;

			ok.policy = pol[i];
			ok.seed = first + k;
			cmd_progress_outer("run", i * nseeds + k, npol * nseeds);
			ok.progress = cmd_progress();
			memset(&err, 0, sizeof err);
			if (gs_replay_run(rp->cl, pods, &ok, &s->res[k],
			    &err) != 0) {
				if (err.file[0] == '\0')
					snprintf(err.file, sizeof err.file,
					    "%s", rp->pods_path);
				cmd_error(&err);
				return EXIT_INPUT;
			}
		}
		if (o->timed && (s->res[0].t1 - s->res[0].t0) / o->interval >=
		    GS_RCURVE_TIMED_MAX) {
			cmd_errorf("replay: --interval %lld over the replay's "
			    "%lld s gives more than %d points; take a longer "
			    "interval", (long long)o->interval,
			    (long long)(s->res[0].t1 - s->res[0].t0),
			    GS_RCURVE_TIMED_MAX);
			return EXIT_USAGE;
		}
		gs_replay_set_curves(s, o->timed, o->interval);
	}
	return EXIT_OK;
}

static int
replay_main(int argc, char **argv)
{
	static const char *const formats[] = { "table", "json", "csv", "yaml",
	    "html", NULL };
	struct replay_args	 a;
	struct cmd_html		 html;
	const char		*path;
	struct gs_replay_opts	 o;
	struct gs_replay_report	 rp;
	struct gs_trace_nodes	 tn;
	struct gs_trace_pods	 tp;
	struct gs_cluster	 model;
	struct gs_error		 err;
	const char		*fmt;
	const struct gs_policy	*pol[MAX_POLICIES];
	int			 rc;
	size_t			 npol, nseeds, i;
	unsigned long		 first;

	memset(&tn, 0, sizeof tn);
	memset(&tp, 0, sizeof tp);
	memset(&model, 0, sizeof model);
	memset(&rp, 0, sizeof rp);
	replay_args_init(&a);
	if ((rc = cmd_argparse("replay", a.table, a.end, a.help, replay_help,
	    argc, argv)) >= 0)
		goto out;
	if ((rc = cmd_format("replay", a.output, formats, &fmt)) != EXIT_OK ||
	    (rc = cmd_output_file("replay", a.output_file, fmt,
	    &path)) != EXIT_OK)
		goto out;
	rc = EXIT_USAGE;
	if (parse_policies(a.policy->count ? a.policy->sval[0] : "fgd", pol,
	    &npol) != 0 || parse_seeds(&a, &first, &nseeds) != 0 ||
	    parse_opts(&a, &o) != 0 ||
	    parse_hami_policies(&a, pol, npol, &o) != 0)
		goto out;

	rc = EXIT_INPUT;
	memset(&err, 0, sizeof err);
	if (gs_trace_load_nodes(a.nodes->filename[0], &tn, &err) != 0 ||
	    gs_trace_load_pods(a.pods->filename[0], &tp, &err) != 0 ||
	    (a.volcano_config->count > 0 && gs_volcano_sched_load(
	    &o.volcano, a.volcano_config->filename[0], &err) != 0)) {
		rc = cmd_error_status(&err);
		goto out;
	}
	gs_trace_cluster(&tn, &model);
	if (gs_replay_check(&model, &rp.gpus, &err) != 0) {
		snprintf(err.file, sizeof err.file, "%s", a.nodes->filename[0]);
		cmd_error(&err);
		goto out;
	}
	if (rp.gpus == 0) {
		cmd_errorf("replay: %s: the cluster has no GPUs",
		    a.nodes->filename[0]);
		goto out;
	}
	rp.nodes_path = a.nodes->filename[0];
	rp.pods_path = a.pods->filename[0];
	rp.volcano_path = a.volcano_config->count > 0 ?
	    a.volcano_config->filename[0] : NULL;
	rp.cl = &model;
	rp.trace_pods = tp.n;
	rp.opts = &o;
	cmd_progress_start("replay", "pods", a.quiet->count > 0);
	rc = run_all(&rp, &tp, pol, npol, first, nseeds, &o);
	cmd_progress_end();
	if (rc != EXIT_OK)
		goto out;

	if (cmd_structured(fmt))
		cmd_print_doc(gs_report_replay_json(&rp), fmt);
	else if (strcmp(fmt, "html") == 0) {
		cmd_html_begin(&html, path, "gpusched replay: %s",
		    rp.pods_path);
		gs_report_replay_html(&html.h, &rp);
		if ((rc = cmd_html_end(&html, EXIT_OK)) != EXIT_OK)
			goto out;
	} else if (strcmp(fmt, "csv") == 0)
		gs_report_replay_csv(stdout, &rp);
	else
		gs_report_replay_table(stdout, &rp);
	rc = cmd_finish_stdout(EXIT_OK);
out:
	for (i = 0; i < rp.nsets; i++)
		gs_replay_set_release(&rp.sets[i]);
	free(rp.sets);
	gs_cluster_release(&model);
	gs_trace_pods_release(&tp);
	gs_trace_nodes_release(&tn);
	arg_freetable(a.table, sizeof a.table / sizeof a.table[0] - 1);
	return rc;
}

const struct gs_cmd gs_cmd_replay = {
	.name = "replay",
	.fn = replay_main,
	.summary = "replay an openb trace under the FGD paper's policies",
	.help = replay_help,
};
