/*
 * plan.c: `gpusched plan headroom|nodes|whatif|montecarlo|report`:
 * capacity planning on one run of a scenario.  The computations are in
 * core/ (plan/headroom.c, plan/nodes.c, plan/whatif.c, plan/montecarlo.c); this
 * file parses flags and prints.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <argtable2.h>

#include "cmd.h"
#include "../core/util/optparse.h"
#include "plan_report.h"

/* Flags of every plan subcommand; each uses the ones it lists. */
struct plan_args {
	struct arg_str	*sub;	/* argv[1], already matched */
	struct cmd_input_args in;
	struct arg_file	*pool, *output_file;
	struct arg_str	*run, *output, *profile, *shard, *seed, *hami_version;
	struct arg_str	*remove_node, *drain_node, *set_split, *set_policy;
	struct arg_str	*scale, *set_gpumem;
	struct arg_int	*limit, *max_nodes, *max_sims, *runs;
	struct arg_lit	*patterns, *rotate, *quiet, *help;
	struct cmd_snapshot_args snap;
	struct arg_file	*dp_config, *mig_config;	/* cmd_dp_args_init */
	struct arg_str	*dp_default;
	struct arg_end	*end;
	void		*table[35];
	size_t		 ntable;
};

enum { SUB_HEADROOM, SUB_NODES, SUB_WHATIF, SUB_MONTECARLO, SUB_REPORT,
    SUB_N };
static const char *const subs[SUB_N] = { "headroom", "nodes", "whatif",
    "montecarlo", "report" };
static const char *const sub_summary[SUB_N] = {
	"how many more pods of each workload fit, and what runs out first",
	"the fewest (or cheapest) nodes from candidate pools so every pod "
	"places",
	"edit the scenario and show what moves, what goes pending, every "
	"metric",
	"seeded runs over arrival (and GPU registration) order: mean, p50, "
	"p95, max",
	"a capacity-planning report in Markdown or HTML",
};

static void
add(struct plan_args *a, void *arg)
{
	a->table[a->ntable++] = arg;
}

static void
plan_args_init(struct plan_args *a, int sub)
{
	memset(a, 0, sizeof *a);
	/* Not arg_rex: its regex leaks when another flag is unknown. */
	a->sub = arg_str1(NULL, NULL, subs[sub], NULL);
	add(a, a->sub);
	cmd_input_args_init(&a->in);
	add(a, a->in.scenario);
	add(a, a->in.cluster);
	add(a, a->in.workload);
	add(a, a->in.recursive);
	add(a, a->run = arg_str0(NULL, "run", "NAME",
	    "the run to plan for (scenarios with several runs)"));
	add(a, a->profile = arg_str0(NULL, "profile", "NAME",
	    "scoring profile (default hami-v2.6.1)"));
	add(a, a->hami_version = cmd_arg_hami_version());
	add(a, a->output = arg_str0("o", "output", "FORMAT", sub == SUB_REPORT ?
	    "markdown (default) or html" : "table (default), json or yaml"));
	if (sub == SUB_HEADROOM) {
		add(a, a->patterns = arg_lit0(NULL, "patterns",
		    "also under each of the four binpack/spread patterns"));
		add(a, a->limit = arg_int0(NULL, "limit", "N",
		    "add at most N pods per workload (default 100000)"));
	}
	if (sub == SUB_REPORT)
		add(a, a->output_file = cmd_arg_output_file());
	if (sub == SUB_NODES || sub == SUB_REPORT) {
		add(a, a->pool = arg_filen(NULL, "pool", "FILE", sub ==
		    SUB_NODES ? 1 : 0, 64, "candidate pools (compact form, "
		    "optional cost: per node and hour)"));
		add(a, a->max_nodes = arg_int0(NULL, "max-nodes", "N",
		    "add at most N nodes (default 64)"));
		add(a, a->max_sims = arg_int0(NULL, "max-simulations", "N",
		    "try at most N mixes (default 5000)"));
	}
	if (sub == SUB_WHATIF) {
		add(a, a->remove_node = arg_strn(NULL, "remove-node", "NODE",
		    0, 256, "the node is gone"));
		add(a, a->drain_node = arg_strn(NULL, "drain-node", "NODE", 0,
		    256, "its pods are placed again elsewhere"));
		add(a, a->set_split = arg_str0(NULL, "set-split", "N",
		    "every GPU's deviceSplitCount"));
		add(a, a->set_policy = arg_str0(NULL, "set-policy",
		    "node=P,gpu=P", "scheduler policies, over pod annotations"));
		add(a, a->scale = arg_strn(NULL, "scale", "WORKLOAD=N", 0, 256,
		    "replicas of a workload"));
		add(a, a->set_gpumem = arg_strn(NULL, "set-gpumem",
		    "WORKLOAD=MIB", 0, 256, "nvidia.com/gpumem of a workload"));
	}
	if (sub == SUB_MONTECARLO || sub == SUB_REPORT) {
		add(a, a->runs = arg_int0(NULL, "runs", "N",
		    sub == SUB_MONTECARLO ? "number of runs (default 100)" :
		    "add a Monte Carlo section of N runs"));
		add(a, a->seed = arg_str0(NULL, "seed", "S",
		    "seed of run 0; run r uses S + r (default 1)"));
		add(a, a->rotate = arg_lit0(NULL, "rotate",
		    "also draw each node's GPU registration order"));
	}
	if (sub == SUB_MONTECARLO)
		add(a, a->shard = arg_str0(NULL, "shard", "I/N",
		    "only runs r with r % N == I; combine with gpusched merge"));
	cmd_snapshot_args_init(&a->snap);
	add(a, a->snap.running);
	add(a, a->snap.now);
	add(a, a->snap.hami_config);
	cmd_dp_args_init(&a->dp_config, &a->dp_default, &a->mig_config);
	add(a, a->dp_config);
	add(a, a->dp_default);
	add(a, a->mig_config);
	add(a, a->quiet = arg_lit0("q", "quiet", "no warnings on stderr"));
	add(a, a->help = arg_lit0("h", "help", "print this help"));
	add(a, a->end = arg_end(20));
	a->table[a->ntable] = NULL;
}

static void
plan_args_free(struct plan_args *a)
{
	arg_freetable(a->table, a->ntable);
}

static void
plan_sub_help(FILE *fp, int sub)
{
	struct plan_args	a;

	plan_args_init(&a, sub);
	fprintf(fp, "Usage: gpusched plan");
	arg_print_syntax(fp, a.table, "\n");
	fprintf(fp, "\n%s.\n\n", sub_summary[sub]);
	arg_print_glossary(fp, a.table + 1, "  %-28s %s\n");
	plan_args_free(&a);
}

static void
plan_help(FILE *fp)
{
	int	i;

	fprintf(fp, "Usage: gpusched plan SUBCOMMAND [OPTIONS] "
	    "SCENARIO|-c CLUSTER -w WORKLOAD\n\nCapacity planning:\n");
	for (i = 0; i < SUB_N; i++)
		fprintf(fp, "  %-11s %s\n", subs[i], sub_summary[i]);
	fprintf(fp, "\nExamples:\n"
	    "  gpusched plan headroom scenarios/hami-demo/four-patterns.yaml "
	    "--run a-node-binpack-gpu-binpack\n"
	    "  gpusched plan nodes -c cluster.yaml -w big.yaml --pool "
	    "pools.yaml\n"
	    "  gpusched plan whatif SCENARIO --drain-node t4-node\n"
	    "  gpusched plan montecarlo SCENARIO --runs 1000 --seed 7 "
	    "--rotate\n\n'gpusched plan SUBCOMMAND --help' for its options.\n");
}

/* The one run to plan for. */
static int
pick_run(const struct gs_scenario *sc, const char *want, size_t *out)
{
	size_t	i;

	if (sc->nruns == 1 || want != NULL) {
		for (i = 0; i < sc->nruns; i++)
			if (want == NULL || strcmp(sc->runs[i].name, want) == 0) {
				*out = i;
				return cmd_refuse_sharing("plan", &sc->runs[i]);
			}
		cmd_errorf("plan: no run named '%s'", want);
		return EXIT_USAGE;
	}
	fprintf(stderr, "gpusched: plan: the scenario has %zu runs; choose one "
	    "with --run:", sc->nruns);
	for (i = 0; i < sc->nruns; i++)
		fprintf(stderr, " %s", sc->runs[i].name);
	fputc('\n', stderr);
	return EXIT_USAGE;
}

/* The request's defaults and numeric flags; EXIT_USAGE on a bad one. */
static int
plan_request_init(const struct plan_args *a, int sub, const char *fmt,
    struct plan_request *r)
{
	r->json = cmd_structured(fmt);
	r->fmt = fmt;
	r->limit = 100000;
	r->max_nodes = 64;
	r->max_sims = 5000;
	r->mc.runs = sub == SUB_MONTECARLO ? 100 : 0;
	r->mc.seed = 1;
	r->mc.nshards = 1;
	if (a->limit && a->limit->count &&
	    (r->limit = (size_t)a->limit->ival[0], a->limit->ival[0] < 0)) {
		cmd_errorf("plan: --limit must not be negative");
		return EXIT_USAGE;
	}
	if (a->max_nodes && a->max_nodes->count)
		r->max_nodes = a->max_nodes->ival[0] < 0 ? 0 :
		    (size_t)a->max_nodes->ival[0];
	if (a->max_sims && a->max_sims->count)
		r->max_sims = a->max_sims->ival[0] < 1 ? 1 :
		    (size_t)a->max_sims->ival[0];
	if (a->runs && a->runs->count) {
		if (a->runs->ival[0] < 1 || a->runs->ival[0] > 10000000) {
			cmd_errorf("plan: --runs must be from 1 to 10000000");
			return EXIT_USAGE;
		}
		r->mc.runs = (size_t)a->runs->ival[0];
	}
	if (a->seed && a->seed->count &&
	    gs_parse_uint(a->seed->sval[0], 0, GS_SEED_MAX, &r->mc.seed) != 0) {
		cmd_errorf("plan: --seed must be a whole number from 0 to %lu, "
		    "got '%s'", GS_SEED_MAX, a->seed->sval[0]);
		return EXIT_USAGE;
	}
	r->mc.rotate = a->rotate && a->rotate->count > 0;
	if (a->shard && a->shard->count &&
	    gs_parse_shard(a->shard->sval[0], &r->mc.shard, &r->mc.nshards)) {
		cmd_errorf("plan: --shard must be I/N with 0 <= I < N <= %d, got "
		    "'%s'", GS_SHARDS_MAX,
		    a->shard->sval[0]);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

static int
plan_main(int argc, char **argv)
{
	struct plan_args	 a;
	struct cmd_inputs	 in;
	struct gs_scenario	 sc;
	struct plan_request	 req;
	const char		*fmt;
	static const char *const formats[] = { "table", "json", "yaml", NULL };
	static const char *const md[] = { "markdown", "html", NULL };
	size_t			 run;
	int			 sub, rc;

	if (argc < 2 || strcmp(argv[1], "--help") == 0 ||
	    strcmp(argv[1], "-h") == 0) {
		plan_help(argc < 2 ? stderr : stdout);
		return argc < 2 ? EXIT_USAGE : cmd_finish_stdout(EXIT_OK);
	}
	for (sub = 0; sub < SUB_N; sub++)
		if (strcmp(argv[1], subs[sub]) == 0)
			break;
	if (sub == SUB_N)
		return cmd_enum("plan", "subcommand", argv[1], subs, SUB_N);
	plan_args_init(&a, sub);
	if (arg_nullcheck(a.table) != 0)
		abort();
	if (arg_parse(argc, argv, a.table) > 0 && a.help->count == 0) {
		cmd_arg_errors("gpusched plan", a.table, a.end);
		fprintf(stderr, "Try 'gpusched plan %s --help'.\n", subs[sub]);
		rc = EXIT_USAGE;
		goto out;
	}
	if (a.help->count > 0) {
		plan_sub_help(stdout, sub);
		rc = cmd_finish_stdout(EXIT_OK);
		goto out;
	}
	if ((rc = cmd_format("plan", a.output, sub == SUB_REPORT ? md :
	    formats, &fmt)) != EXIT_OK)
		goto out;
	memset(&req, 0, sizeof req);
	if ((rc = plan_request_init(&a, sub, fmt, &req)) != EXIT_OK ||
	    (rc = cmd_output_file("plan", a.output_file, fmt,
	    &req.output_file)) != EXIT_OK)
		goto out;
	req.patterns = a.patterns && a.patterns->count > 0;
	if (a.pool != NULL) {
		req.pools = (char **)a.pool->filename;
		req.npools = (size_t)a.pool->count;
	}
	if (sub == SUB_WHATIF &&
	    (rc = plan_parse_edits(&req, a.remove_node, a.drain_node,
	    a.set_split, a.set_policy, a.scale, a.set_gpumem)) != EXIT_OK)
		goto out_req;
	if ((rc = cmd_parse_inputs("plan", &a.in, &in)) != EXIT_OK)
		goto out_req;
	if ((rc = cmd_profile("plan", a.profile, a.hami_version,
	    &in.profile)) != EXIT_OK)
		goto out_req;
	in.quiet = a.quiet->count > 0;
	req.quiet = in.quiet;
	cmd_snapshot_inputs(&a.snap, &in);
	if ((rc = cmd_dp_inputs("plan", a.dp_config, a.dp_default,
	    a.mig_config, &in)) != EXIT_OK ||
	    (rc = cmd_load(&in, &sc)) != EXIT_OK)
		goto out_req;
	if ((rc = pick_run(&sc, a.run->count ? a.run->sval[0] : NULL,
	    &run)) == EXIT_OK && (rc = plan_check_edits(&req,
	    &sc.runs[run].cfg)) == EXIT_OK) {
		switch (sub) {
		case SUB_HEADROOM:
			rc = plan_headroom(&sc, run, &req);
			break;
		case SUB_NODES:
			rc = plan_nodes(&sc, run, &req);
			break;
		case SUB_WHATIF:
			rc = plan_whatif(&sc, run, &req);
			break;
		case SUB_MONTECARLO:
			rc = plan_montecarlo(&sc, run, &req);
			break;
		default:
			rc = plan_report(&sc, run, &req);
			break;
		}
	}
	gs_scenario_release(&sc);
	if (rc == EXIT_OK || rc == EXIT_FINDING)
		rc = cmd_finish_stdout(rc);
out_req:
	plan_request_release(&req);
out:
	plan_args_free(&a);
	return rc;
}

static void
plan_help_stdout(FILE *fp)
{
	plan_help(fp);
}

const struct gs_cmd gs_cmd_plan = {
	.name = "plan",
	.fn = plan_main,
	.summary = "capacity planning: headroom, nodes to add, what-if, Monte "
	    "Carlo, report",
	.help = plan_help_stdout,
};
