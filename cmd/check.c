/*
 * check.c: `gpusched check SCENARIO...`: simulate every run of every
 * scenario and evaluate its `expect:` block, one PASS/FAIL line per
 * expectation with the measured value.  Exit 0 if all hold, 1 if any
 * fails, 2 on usage errors, 3 if a scenario does not load.
 */
#include <stdlib.h>
#include <string.h>

#include <argtable2.h>

#include "cmd.h"
#include "../core/load/expect.h"

struct check_args {
	struct arg_file	*scenarios, *hami_config;
	struct arg_lit	*quiet, *failures, *help;
	struct arg_end	*end;
	void		*table[7];
};

static void
check_args_init(struct check_args *a)
{
	a->scenarios = arg_filen(NULL, NULL, "SCENARIO", 1, 4096,
	    "scenario files with expect: blocks");
	a->failures = arg_lit0(NULL, "failures-only", "print FAIL lines only");
	a->hami_config = cmd_arg_hami_config();
	a->quiet = arg_lit0("q", "quiet", "no warnings on stderr");
	a->help = arg_lit0("h", "help", "print this help");
	a->end = arg_end(20);
	a->table[0] = a->scenarios;
	a->table[1] = a->failures;
	a->table[2] = a->hami_config;
	a->table[3] = a->quiet;
	a->table[4] = a->help;
	a->table[5] = a->end;
	a->table[6] = NULL;
}

static void
check_help(FILE *fp)
{
	struct check_args	a;

	check_args_init(&a);
	fprintf(fp, "Usage: gpusched check");
	arg_print_syntax(fp, a.table, "\n");
	fprintf(fp, "\nSimulate each scenario and check its expectations "
	    "(see gpusched-scenario(5)).\nOne line per expectation, then "
	    "'check: N passed, N failed'.\nExit 0 if all hold, 1 if any "
	    "fails, 3 if a scenario does not load.\n\nExample:\n"
	    "  gpusched check scenarios/*.yaml scenarios/*/four-patterns.yaml"
	    "\n\n");
	arg_print_glossary(fp, a.table, "  %-28s %s\n");
	arg_freetable(a.table, sizeof a.table / sizeof a.table[0] - 1);
}

static void
report(const struct gs_expect *e, const char *run,
    const struct gs_expect_result *res, int failures_only)
{
	if (failures_only && res->pass)
		return;
	printf("%s %s:%d:%d %s: %s (got %s)\n", res->pass ? "PASS" : "FAIL",
	    e->src_file, e->line, e->col, run, res->what, res->got);
}

static int
check_one(const char *path, const char *hami_config, int quiet,
    int failures_only, size_t *passed, size_t *failed)
{
	struct cmd_inputs	in;
	struct gs_scenario	sc;
	size_t			i, k, n = 0;
	int			rc;

	memset(&in, 0, sizeof in);
	in.scenario = path;
	in.quiet = quiet;
	in.snap.hami_config = hami_config;
	if ((rc = cmd_load(&in, &sc)) != EXIT_OK)
		return rc;
	for (i = 0; i < sc.nruns && rc == EXIT_OK; i++) {
		const struct gs_expect_list	*lists[2] = { &sc.expects,
						    &sc.runs[i].expects };
		struct gs_sim			 sim;
		size_t				 l;

		if (lists[0]->n + lists[1]->n == 0)
			continue;
		if ((rc = cmd_simulate_run(&sc, &sc.runs[i], &sc.runs[i].cfg,
		    &sim)) != EXIT_OK)
			break;
		for (l = 0; l < 2; l++)
			for (k = 0; k < lists[l]->n && rc == EXIT_OK; k++) {
				struct gs_expect_result res;
				struct gs_error err;

				memset(&err, 0, sizeof err);
				if (gs_expect_eval(&lists[l]->v[k],
				    &sim.cluster, gs_sim_workload(&sim,
				    &sc.runs[i].wl), &sim.res,
				    &sim.m, &res, &err) != 0) {
					cmd_error(&err);
					rc = EXIT_INPUT;
					break;
				}
				report(&lists[l]->v[k], sc.runs[i].name, &res,
				    failures_only);
				if (res.pass)
					(*passed)++;
				else
					(*failed)++;
				n++;
			}
		gs_sim_release(&sim);
	}
	if (rc == EXIT_OK && n == 0 && !quiet)
		fprintf(stderr, "gpusched: warning: %s: no expectations to "
		    "check\n", path);
	gs_scenario_release(&sc);
	return rc;
}

static int
check_main(int argc, char **argv)
{
	struct check_args	a;
	size_t			passed = 0, failed = 0;
	int			i, rc, worst = EXIT_OK;

	check_args_init(&a);
	if ((rc = cmd_argparse("check", a.table, a.end, a.help, check_help,
	    argc, argv)) >= 0)
		goto out;
	for (i = 0; i < a.scenarios->count; i++) {
		rc = check_one(a.scenarios->filename[i],
		    a.hami_config->count ? a.hami_config->filename[0] : NULL,
		    a.quiet->count > 0,
		    a.failures->count > 0, &passed, &failed);
		if (rc > worst)
			worst = rc;
	}
	printf("check: %zu passed, %zu failed\n", passed, failed);
	if (worst == EXIT_OK && failed > 0)
		worst = EXIT_FINDING;
	rc = cmd_finish_stdout(worst);
out:
	arg_freetable(a.table, sizeof a.table / sizeof a.table[0] - 1);
	return rc;
}

const struct gs_cmd gs_cmd_check = {
	.name = "check",
	.fn = check_main,
	.summary = "simulate scenarios and check their expectations (for CI)",
	.help = check_help,
};
