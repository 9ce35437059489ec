/*
 * compare.c: `gpusched compare`: one workload under the four node x GPU
 * policy combinations (binpack/spread each), the pods' policy annotations
 * overridden, under several profiles (--profiles), or under several
 * ways of sharing the GPUs (--sharing, sched/sharing_modes.h), printed
 * side by side: where each pod landed and every metric.
 */
#include <stdlib.h>
#include <string.h>

#include <argtable2.h>

#include "cmd.h"
#include "../core/report/report.h"
#include "../core/report/html.h"
#include "../core/sched/sharing_modes.h"

struct cmp_args {
	struct cmd_input_args in;
	struct cmd_sched_args sched;
	struct arg_str	*output, *profiles, *sharing;
	struct arg_lit	*quiet, *help;
	struct arg_file	*output_file;
	struct cmd_snapshot_args snap;
	struct arg_end	*end;
	void		*table[26];
};

#define MAX_COLUMNS	16

static const char *const combos[4][2] = {
	{ "binpack", "binpack" },
	{ "spread", "binpack" },
	{ "binpack", "spread" },
	{ "spread", "spread" },
};

static void
cmp_args_init(struct cmp_args *a)
{
	size_t	i = 4;

	/* Slots the flags do not fill stay NULL for arg_freetable. */
	memset(a, 0, sizeof *a);
	cmd_input_args_init(&a->in);
	cmd_sched_args_init(&a->sched, CMD_SCHED_RUN | CMD_SCHED_PROFILE |
	    CMD_SCHED_VERSION | CMD_SCHED_ROUTE, NULL, NULL);
	a->output = arg_str0("o", "output", "FORMAT",
	    "table (default), json, yaml or html");
	a->profiles = arg_str0(NULL, "profiles", "P,P...",
	    "compare these profiles instead (pod annotations as they are)");
	a->sharing = arg_str0(NULL, "sharing", "M,M...",
	    "compare these ways of sharing the GPUs: hami-core, mig, "
	    "time-slicing, mps, whole");
	a->quiet = arg_lit0("q", "quiet", "no warnings on stderr");
	a->help = arg_lit0("h", "help", "print this help");
	a->end = arg_end(20);
	cmd_snapshot_args_init(&a->snap);
	cmd_input_args_table(&a->in, a->table);		/* 0 to 3 */
	a->table[i++] = a->output;
	cmd_sched_args_table(&a->sched, CMD_SCHED_RUN | CMD_SCHED_PROFILE,
	    a->table, &i);
	a->table[i++] = a->profiles;
	a->table[i++] = a->sharing;
	cmd_sched_args_table(&a->sched, CMD_SCHED_VERSION | CMD_SCHED_ROUTE,
	    a->table, &i);
	a->table[i++] = a->output_file = cmd_arg_output_file();
	cmd_args_end(a->table, &i, &a->snap, a->quiet, a->help, a->end);
}

static void
cmp_help(FILE *fp)
{
	struct cmp_args	a;

	cmp_args_init(&a);
	fprintf(fp, "Usage: gpusched compare");
	arg_print_syntax(fp, a.table, "\n");
	fprintf(fp, "\nRun the workload under node binpack/spread x GPU "
	    "binpack/spread (pod policy\nannotations overridden) and print the "
	    "four outcomes side by side; or, with --profiles, the same workload "
	    "under\nseveral schedulers (gpusched policies lists them); or, with "
	    "--sharing, on the\ncluster's GPUs laid out as each mode shares "
	    "them, under the scheduler that\nserves the mode (README: "
	    "\"Sharing modes side by side\").\n\n"
	    "Example:\n"
	    "  gpusched compare -c scenarios/hami-demo/cluster.yaml \\\n"
	    "      -w scenarios/hami-demo/a-node-binpack-gpu-binpack.yaml\n"
	    "  gpusched compare scenarios/hami-demo/four-patterns.yaml \\\n"
	    "      --run a-node-binpack-gpu-binpack \\\n"
	    "      --profiles hami-v2.6.1,kai-binpack,volcano-binpack\n"
	    "  gpusched compare -c scenarios/sharing-modes/cluster.yaml \\\n"
	    "      -w scenarios/sharing-modes/modes-workload.yaml \\\n"
	    "      --sharing hami-core,mig,time-slicing,mps,whole\n\n");
	arg_print_glossary(fp, a.table, "  %-28s %s\n");
	arg_freetable(a.table, sizeof a.table / sizeof a.table[0] - 1);
}

/* --profiles P,P... split in place into profs[0..*n). */
static int
parse_profiles(char *list, char *profs[MAX_COLUMNS], size_t *n)
{
	char	*tok, *save = NULL;
	int	 rc;

	*n = 0;
	for (tok = strtok_r(list, ",", &save); tok != NULL;
	    tok = strtok_r(NULL, ",", &save)) {
		if ((rc = cmd_check_profile("compare", "--profiles entry",
		    tok)) != EXIT_OK)
			return rc;
		if (*n == MAX_COLUMNS) {
			cmd_errorf("compare: at most %d profiles", MAX_COLUMNS);
			return EXIT_USAGE;
		}
		profs[(*n)++] = tok;
	}
	if (*n == 0) {
		cmd_errorf("compare: --profiles names no profile");
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* --sharing M,M... into modes[0..*n). */
static int
parse_sharing(const char *arg, int modes[MAX_COLUMNS], size_t *n)
{
	char	*list = xstrdup(arg), *tok, *save = NULL;
	int	 rc = EXIT_OK;

	*n = 0;
	for (tok = strtok_r(list, ",", &save); tok != NULL && rc == EXIT_OK;
	    tok = strtok_r(NULL, ",", &save)) {
		if ((modes[*n] = gs_share_mode_find(tok)) < 0) {
			cmd_errorf("compare: unknown --sharing entry '%s'; "
			    "valid: %s", tok, gs_share_mode_names());
			rc = EXIT_USAGE;
		} else if (*n == MAX_COLUMNS) {
			cmd_errorf("compare: at most %d sharing modes",
			    MAX_COLUMNS);
			rc = EXIT_USAGE;
		} else
			(*n)++;
	}
	if (rc == EXIT_OK && *n == 0) {
		cmd_errorf("compare: --sharing names no mode");
		rc = EXIT_USAGE;
	}
	free(list);
	return rc;
}

/* "4 profiles", or "profile P, pod policy annotations overridden". */
static void
what_is_compared(char *buf, size_t len, int profiles, int sharing,
    size_t ncol, const char *profile)
{
	if (sharing)
		snprintf(buf, len, "%zu sharing modes on the same GPUs", ncol);
	else if (profiles)
		snprintf(buf, len, "%zu profiles", ncol);
	else
		snprintf(buf, len, "profile %s, pod policy annotations "
		    "overridden", profile);
}

/*
 * Column k of run: the run with its GPUs shared as mode (>= 0), under
 * profile (not NULL), or else under the k-th node x GPU policy pattern,
 * simulated into sim and described for the writers in rr.  EXIT_OK, or
 * the error's status (sim released).
 */
static int
cmp_column(const struct gs_scenario *sc, const struct gs_run *run, int mode,
    const char *profile, size_t k, struct gs_sim *sim,
    struct gs_report_run *rr)
{
	struct gs_config	cfg;
	struct gs_error		err;
	int			rc;

	if (mode >= 0) {
		if (gs_sim_share(&sc->cluster, &run->wl, &run->cfg, mode, NULL,
		    sim, &err) != 0) {
			gs_sim_release(sim);
			return cmd_error_status(&err);
		}
		*rr = (struct gs_report_run){ sc->name, run->name,
		    &sim->cluster, &sim->share->wl, &sim->cfg, &sim->res,
		    &sim->m, NULL, sim->share };
		return EXIT_OK;
	}
	gs_config_copy(&cfg, &run->cfg);
	if (profile != NULL) {
		free(cfg.profile);
		cfg.profile = xstrdup(profile);
	} else {
		gs_config_set_policies(&cfg, combos[k][0], combos[k][1]);
		cfg.override_policies = 1;
	}
	rc = cmd_simulate_run(sc, run, &cfg, sim);
	gs_config_release(&cfg);
	if (rc != EXIT_OK)
		return rc;
	*rr = (struct gs_report_run){ sc->name, run->name, &sim->cluster,
	    gs_sim_workload(sim, &run->wl), &sim->cfg, &sim->res, &sim->m,
	    &sc->running, NULL };
	return EXIT_OK;
}

static int
cmp_main(int argc, char **argv)
{
	struct cmp_args		 a;
	struct cmd_inputs	 in;
	struct gs_scenario	 sc;
	static const char *const formats[] = { "table", "json", "yaml", "html",
	    NULL };
	const char		*fmt, *path;
	struct cmd_html		 html;
	int			 ishtml;
	char			 heading[512], *title;
	json_t			*out = NULL, *runs = NULL;
	size_t			 i, k, first = 1, ncol = 4;
	char			*profs[MAX_COLUMNS], *list = NULL;
	int			 modes[MAX_COLUMNS], nmodes = 0, rc;

	cmp_args_init(&a);
	if ((rc = cmd_argparse("compare", a.table, a.end, a.help, cmp_help,
	    argc, argv)) >= 0)
		goto done;
	if ((rc = cmd_format("compare", a.output, formats, &fmt)) != EXIT_OK ||
	    (rc = cmd_output_file("compare", a.output_file, fmt,
	    &path)) != EXIT_OK)
		goto done;
	if ((rc = cmd_parse_inputs("compare", &a.in, &in)) != EXIT_OK ||
	    (rc = cmd_sched_inputs("compare", &a.sched, &in)) != EXIT_OK)
		goto done;
	in.quiet = a.quiet->count > 0;
	cmd_snapshot_inputs(&a.snap, &in);
	if (a.profiles->count > 0) {
		if (cmd_sched_given(&a.sched) > 0) {
			cmd_errorf("compare: give --profile, --hami-version or "
			    "--profiles, not two of them");
			rc = EXIT_USAGE;
			goto done;
		}
		list = xstrdup(a.profiles->sval[0]);
		if ((rc = parse_profiles(list, profs, &ncol)) != EXIT_OK)
			goto done;
	}
	if (a.sharing->count > 0) {
		if (a.profiles->count > 0) {
			cmd_errorf("compare: give --profiles or --sharing, not "
			    "both");
			rc = EXIT_USAGE;
			goto done;
		}
		if ((rc = parse_sharing(a.sharing->sval[0], modes,
		    &ncol)) != EXIT_OK)
			goto done;
		nmodes = (int)ncol;
	}
	if ((rc = cmd_load(&in, &sc)) != EXIT_OK)
		goto done;
	if ((ishtml = strcmp(fmt, "html") == 0))
		cmd_html_begin(&html, path, "gpusched compare: %s", sc.name);
	if (cmd_structured(fmt)) {
		out = json_pack("{s:s,s:i,s:s}", "gpusched_version", GS_VERSION,
		    "schema_version", GS_SCHEMA_VERSION, "scenario", sc.name);
		runs = json_array();
		json_object_set_new(out, "comparisons", runs);
	}
	for (i = 0; i < sc.nruns && rc == EXIT_OK; i++) {
		struct gs_sim		sims[MAX_COLUMNS];
		struct gs_report_run	rr[MAX_COLUMNS];
		json_t			*pat = NULL;
		size_t			nsim = 0;

		if (!cmd_run_selected(&in, &sc, i))
			continue;
		for (k = 0; k < ncol && rc == EXIT_OK; k++)
			if ((rc = cmp_column(&sc, &sc.runs[i], nmodes > 0 ?
			    modes[k] : -1, list != NULL ? profs[k] : NULL, k,
			    &sims[k], &rr[k])) == EXIT_OK)
				nsim++;
		if (rc == EXIT_OK && out == NULL)
			what_is_compared(heading, sizeof heading, list != NULL,
			    nmodes > 0, ncol, sims[0].cfg.profile);
		if (rc == EXIT_OK && ishtml) {
			title = xasprintf("Run %s: %s", sc.runs[i].name,
			    heading);
			gs_report_html_compare(&html.h, title, rr, ncol);
			free(title);
		} else if (rc == EXIT_OK && out == NULL) {
			printf("%sscenario %s, run %s: %s\n\n", first ? "" :
			    "\n", sc.name, sc.runs[i].name, heading);
			gs_report_compare_table(stdout, rr, ncol);
			first = 0;
		} else if (rc == EXIT_OK) {
			pat = json_array();
			for (k = 0; k < ncol; k++)
				json_array_append_new(pat, gs_report_json(&rr[k]));
			json_array_append_new(runs, json_pack("{s:s,s:o}",
			    "run", sc.runs[i].name, nmodes > 0 ? "sharing" :
			    list != NULL ? "profiles" : "patterns", pat));
		}
		for (k = 0; k < nsim; k++)
			gs_sim_release(&sims[k]);
	}
	if (ishtml)
		rc = cmd_html_end(&html, rc);
	if (out != NULL && rc == EXIT_OK)
		cmd_print_doc(out, fmt);
	else
		json_decref(out);
	gs_scenario_release(&sc);
	rc = cmd_finish_stdout(rc);
done:
	free(list);
	arg_freetable(a.table, sizeof a.table / sizeof a.table[0] - 1);
	return rc;
}

const struct gs_cmd gs_cmd_compare = {
	.name = "compare",
	.fn = cmp_main,
	.summary = "run a workload under the four node x GPU binpack/spread "
	    "patterns, side by side",
	.help = cmp_help,
};
