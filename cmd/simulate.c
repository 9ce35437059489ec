/*
 * simulate.c: `gpusched simulate`: place every pod of a scenario (or of
 * --cluster/--workload files) with the HAMi scheduler's own scoring and
 * print where each landed, the GPU map and the metrics.
 */
#include <stdlib.h>
#include <string.h>

#include <argtable2.h>

#include "cmd.h"
#include "../core/util/atomic_write.h"
#include "../core/load/golden.h"
#include "../core/util/optparse.h"
#include "../core/sched/policy.h"
#include "../core/report/report.h"
#include "../core/report/html.h"

struct sim_args {
	struct cmd_input_args in;
	struct cmd_sched_args sched;
	struct arg_str	*output, *seed;
	struct arg_file	*expect, *update, *output_file;
	struct arg_lit	*fail_pending, *quiet, *help;
	struct cmd_snapshot_args snap;
	struct arg_end	*end;
	void		*table[31];
};

static void
sim_args_init(struct sim_args *a)
{
	size_t	i = 4;

	/* Slots the flags do not fill stay NULL for arg_freetable. */
	memset(a, 0, sizeof *a);
	cmd_input_args_init(&a->in);
	cmd_sched_args_init(&a->sched, CMD_SCHED_ALL | CMD_SCHED_ROUTE, NULL,
	    NULL);
	a->output = arg_str0("o", "output", "FORMAT",
	    "table (default), json, yaml, csv or html");
	a->seed = arg_str0(NULL, "seed", "S",
	    "--profile random: seed of its draws (default 42)");
	a->fail_pending = arg_lit0(NULL, "fail-on-pending",
	    "exit 1 if any pod stays pending");
	a->expect = arg_file0(NULL, "expect", "GOLDEN",
	    "compare placements with a golden file; exit 1 on a difference");
	a->update = arg_file0(NULL, "update-expect", "GOLDEN",
	    "write the placements to a golden file");
	a->output_file = cmd_arg_output_file();
	a->quiet = arg_lit0("q", "quiet", "no warnings on stderr");
	a->help = arg_lit0("h", "help", "print this help");
	a->end = arg_end(20);
	cmd_snapshot_args_init(&a->snap);
	cmd_input_args_table(&a->in, a->table);		/* 0 to 3 */
	a->table[i++] = a->output;
	cmd_sched_args_table(&a->sched, CMD_SCHED_ALL & ~CMD_SCHED_VERSION,
	    a->table, &i);
	a->table[i++] = a->seed;
	cmd_sched_args_table(&a->sched, CMD_SCHED_VERSION | CMD_SCHED_ROUTE,
	    a->table, &i);
	a->table[i++] = a->fail_pending;
	a->table[i++] = a->expect;
	a->table[i++] = a->update;
	a->table[i++] = a->output_file;
	cmd_args_end(a->table, &i, &a->snap, a->quiet, a->help, a->end);
}

static void
sim_help(FILE *fp)
{
	struct sim_args	a;

	sim_args_init(&a);
	fprintf(fp, "Usage: gpusched simulate");
	arg_print_syntax(fp, a.table, "\n");
	fprintf(fp, "\nPlace every pod with HAMi's own node and GPU scoring and "
	    "print where it landed.\n\nExamples:\n"
	    "  gpusched simulate scenarios/hami-demo/four-patterns.yaml\n"
	    "  gpusched simulate -c cluster.yaml -w deploy.yaml -o json\n\n");
	arg_print_glossary(fp, a.table, "  %-28s %s\n");
	arg_freetable(a.table, sizeof a.table / sizeof a.table[0] - 1);
}

/* --seed: the seed of every selected run, which one must use a policy
 * that draws (random); on an error the scenario is released. */
static int
apply_seed(const struct arg_str *seed, const struct cmd_inputs *in,
    struct gs_scenario *sc)
{
	const struct gs_policy	*p;
	unsigned long		 v;
	size_t			 i, ndraw = 0;

	if (seed->count == 0)
		return EXIT_OK;
	if (gs_parse_uint(seed->sval[0], 0, 4294967295UL, &v) != 0) {
		cmd_errorf("simulate: --seed must be a whole number from 0 to "
		    "4294967295, got '%s'", seed->sval[0]);
		gs_scenario_release(sc);
		return EXIT_USAGE;
	}
	for (i = 0; i < sc->nruns; i++) {
		if (!cmd_run_selected(in, sc, i))
			continue;
		sc->runs[i].cfg.seed = v;
		p = gs_policy_find(sc->runs[i].cfg.profile);
		ndraw += p == &gs_policy_openb_random;
	}
	if (ndraw == 0) {
		cmd_errorf("simulate: --seed applies to a policy that draws "
		    "(--profile random)");
		gs_scenario_release(sc);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

static int
golden_writer(FILE *fp, void *golden)
{
	return json_dumpf(golden, fp, GS_GOLDEN_FLAGS) != 0 ||
	    fputc('\n', fp) == EOF ? -1 : 0;
}

/* Replaced whole or not at all: a failed write keeps the old golden. */
static int
write_golden(const char *path, json_t *golden)
{
	struct gs_error	err;

	memset(&err, 0, sizeof err);
	if (gs_write_file(path, golden_writer, golden, &err) != 0)
		return cmd_error_status(&err);
	return EXIT_OK;
}

/* Differences go to stderr as a diff of placement rows. */
static int
compare_golden(const char *path, json_t *want, json_t *got)
{
	struct gs_diff	 d;
	size_t		 i;

	gs_golden_diff(want, got, &d);
	if (d.changed == 0) {
		gs_diff_release(&d);
		return EXIT_OK;
	}
	fprintf(stderr, "--- %s\n+++ simulated\n", path);
	for (i = 0; i < d.n; i++)
		fprintf(stderr, "%s\n", d.lines[i]);
	cmd_errorf("%zu difference%s from %s (accept with --update-expect "
	    "%s)", d.changed, d.changed == 1 ? "" : "s", path, path);
	gs_diff_release(&d);
	return EXIT_FINDING;
}

/* The inputs the flags name: files, run, policies, profile, snapshot. */
static int
sim_inputs(struct sim_args *a, struct cmd_inputs *in)
{
	int	rc;

	if ((rc = cmd_parse_inputs("simulate", &a->in, in)) != EXIT_OK ||
	    (rc = cmd_sched_inputs("simulate", &a->sched, in)) != EXIT_OK)
		return rc;
	in->quiet = a->quiet->count > 0;
	cmd_snapshot_inputs(&a->snap, in);
	return EXIT_OK;
}

/*
 * One run's result in the chosen format: a table (after a blank line
 * when it is not the first), CSV rows, an HTML section, an element of
 * the runs array of a multi-run document, or one streamed JSON document.
 */
static void
emit_run(const char *fmt, const struct gs_report_run *rr, int blank,
    struct cmd_html *html, json_t *runs)
{
	if (strcmp(fmt, "table") == 0) {
		if (blank)
			printf("\n");
		gs_report_table(stdout, rr);
	} else if (strcmp(fmt, "csv") == 0)
		gs_report_csv(stdout, rr);
	else if (strcmp(fmt, "html") == 0)
		gs_report_html_run(&html->h, rr);
	else if (runs != NULL)
		json_array_append_new(runs, gs_report_json(rr));
	else if (strcmp(fmt, "json") == 0)
		/* Streamed: no tree of every placement. A failed write
		 * shows in cmd_finish_stdout. */
		(void)gs_report_json_write(stdout, rr);
	else
		cmd_print_doc(gs_report_json(rr), fmt);
}

static int
sim_main(int argc, char **argv)
{
	struct sim_args		 a;
	struct cmd_inputs	 in;
	struct gs_scenario	 sc;
	static const char *const formats[] = { "table", "json", "csv", "yaml",
	    "html", NULL };
	const char		*fmt, *path;
	struct cmd_html		 html;
	json_t			*all = NULL, *runs = NULL, *golden;
	json_t			*want = NULL;
	struct gs_error		 err;
	size_t			 i, pending = 0, nsel = 0, k = 0;
	int			 rc;

	sim_args_init(&a);
	if ((rc = cmd_argparse("simulate", a.table, a.end, a.help, sim_help,
	    argc, argv)) >= 0)
		goto out;
	if ((rc = cmd_format("simulate", a.output, formats, &fmt)) != EXIT_OK ||
	    (rc = cmd_output_file("simulate", a.output_file, fmt,
	    &path)) != EXIT_OK)
		goto out;
	if (a.expect->count > 0 && a.update->count > 0) {
		cmd_errorf("simulate: give --expect or --update-expect, not "
		    "both");
		rc = EXIT_USAGE;
		goto out;
	}
	if ((rc = sim_inputs(&a, &in)) != EXIT_OK)
		goto out;
	/* A golden file is an input too: refuse a bad one before any output. */
	memset(&err, 0, sizeof err);
	if (a.expect->count > 0 &&
	    gs_golden_load(a.expect->filename[0], &want, &err) != 0) {
		rc = cmd_error_status(&err);
		goto out;
	}
	if ((rc = cmd_load(&in, &sc)) != EXIT_OK ||
	    (rc = apply_seed(a.seed, &in, &sc)) != EXIT_OK)
		goto out;

	for (i = 0; i < sc.nruns; i++)
		nsel += cmd_run_selected(&in, &sc, i);
	if (cmd_structured(fmt) && nsel > 1) {
		all = json_pack("{s:s,s:i,s:s}", "gpusched_version", GS_VERSION,
		    "schema_version", GS_SCHEMA_VERSION, "scenario", sc.name);
		runs = json_array();
		json_object_set_new(all, "runs", runs);
	}
	/* The golden record only when one is written or compared: at scale
	 * it is a tree of every placement. */
	golden = a.update->count > 0 || want != NULL ? gs_golden_new() : NULL;
	if (strcmp(fmt, "csv") == 0)
		gs_report_csv_header(stdout);
	else if (strcmp(fmt, "html") == 0)
		cmd_html_begin(&html, path, "gpusched simulate: %s", sc.name);
	cmd_progress_start("simulate", "pods", in.quiet);
	for (i = 0; i < sc.nruns && rc == EXIT_OK; i++) {
		struct gs_sim		sim;
		struct gs_report_run	rr;

		if (!cmd_run_selected(&in, &sc, i))
			continue;
		cmd_progress_outer(nsel > 1 ? "run" : NULL, k++, nsel);
		if ((rc = cmd_simulate_run(&sc, &sc.runs[i], &sc.runs[i].cfg,
		    &sim)) != EXIT_OK)
			break;
		rr.scenario = sc.name;
		rr.run = sc.runs[i].name;
		rr.cluster = &sim.cluster;
		rr.wl = gs_sim_workload(&sim, &sc.runs[i].wl);
		rr.cfg = &sim.cfg;
		rr.res = &sim.res;
		rr.m = &sim.m;
		/* a sharing mode's GPUs are laid out empty */
		rr.running = sim.share != NULL ? NULL : &sc.running;
		rr.sharing = sim.share;
		pending += sim.res.pending;
		if (golden != NULL)
			gs_golden_add_run(golden, sc.path != NULL ?
			    sc.runs[i].name : GS_GOLDEN_FILES_RUN, &sim.cfg,
			    &sim.cluster, rr.wl, &sim.res);
		emit_run(fmt, &rr, i > 0 && nsel > 1, &html, runs);
		gs_sim_release(&sim);
	}
	cmd_progress_end();
	if (strcmp(fmt, "html") == 0)
		rc = cmd_html_end(&html, rc);
	if (all != NULL && rc == EXIT_OK)
		cmd_print_doc(all, fmt);
	else
		json_decref(all);
	if (rc == EXIT_OK && a.update->count > 0)
		rc = write_golden(a.update->filename[0], golden);
	if (rc == EXIT_OK && want != NULL)
		rc = compare_golden(a.expect->filename[0], want, golden);
	json_decref(golden);
	gs_scenario_release(&sc);
	if (rc == EXIT_OK && pending > 0 && a.fail_pending->count > 0) {
		cmd_errorf("%zu pod%s pending", pending, pending == 1 ? "" :
		    "s");
		rc = EXIT_FINDING;
	}
	rc = cmd_finish_stdout(rc);
out:
	json_decref(want);
	arg_freetable(a.table, sizeof a.table / sizeof a.table[0] - 1);
	return rc;
}

const struct gs_cmd gs_cmd_simulate = {
	.name = "simulate",
	.fn = sim_main,
	.summary = "place pods with HAMi's scoring; print placements, GPU map "
	    "and metrics",
	.help = sim_help,
};
