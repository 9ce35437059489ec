/*
 * diff.c: `gpusched diff BASE HEAD`: compare two runs of the scheduler,
 * each a golden file, a `simulate -o json` output or inputs simulated now
 * (--base-cluster/--base-workload/--base-scenario against
 * --cluster/--workload/--scenario), and print the pods that moved, were
 * added or removed, became pending or got placed.  Exit 1 on a difference.
 */
#include <stdlib.h>
#include <string.h>

#include <argtable2.h>

#include "cmd.h"
#include "../core/metrics/diff.h"
#include "../core/report/report.h"
#include "../core/report/diff.h"

struct diff_args {
	struct arg_file	*files, *scenario, *cluster, *workload;
	struct arg_file	*base_scenario, *base_cluster, *base_workload;
	struct cmd_sched_args sched;
	struct arg_str	*format, *base_profile, *base_hami_version;
	struct arg_lit	*quiet, *help;
	struct arg_end	*end;
	void		*table[30];
};

static void
diff_args_init(struct diff_args *a)
{
	size_t	i = 0;

	/* Slots the flags do not fill stay NULL for arg_freetable. */
	memset(a, 0, sizeof *a);
	a->files = arg_filen(NULL, NULL, "BASE|HEAD", 0, 2, "golden file or "
	    "`simulate -o json` output (BASE first, then HEAD)");
	a->base_scenario = arg_file0(NULL, "base-scenario", "FILE",
	    "base side: simulate this scenario");
	a->base_cluster = arg_filen(NULL, "base-cluster", "FILE", 0, 256,
	    "base side: cluster file (repeatable; default --cluster)");
	a->base_workload = arg_filen(NULL, "base-workload", "FILE", 0, 1024,
	    "base side: manifests (repeatable; default --workload)");
	a->base_profile = arg_str0(NULL, "base-profile", "NAME",
	    "base side: scoring profile (default --profile)");
	a->base_hami_version = arg_str0(NULL, "base-hami-version", "V",
	    "base side: HAMi version (default --hami-version)");
	a->scenario = arg_file0(NULL, "scenario", "FILE",
	    "head side: simulate this scenario");
	a->cluster = arg_filen("c", "cluster", "FILE", 0, 256,
	    "head side: cluster file (repeatable)");
	a->workload = arg_filen("w", "workload", "FILE", 0, 1024,
	    "head side: Kubernetes manifests (repeatable)");
	a->format = arg_str0("o", "format,output", "FORMAT",
	    "text (default), json, junit or github");
	cmd_sched_args_init(&a->sched, CMD_SCHED_ALL | CMD_SCHED_ROUTE,
	    "compare only this run",
	    "scoring profile of simulated sides (default hami-v2.6.1)");
	a->quiet = arg_lit0("q", "quiet", "no warnings on stderr");
	a->help = arg_lit0("h", "help", "print this help");
	a->end = arg_end(20);
	a->table[i++] = a->files;
	a->table[i++] = a->base_scenario;
	a->table[i++] = a->base_cluster;
	a->table[i++] = a->base_workload;
	a->table[i++] = a->base_profile;
	a->table[i++] = a->base_hami_version;
	a->table[i++] = a->scenario;
	a->table[i++] = a->cluster;
	a->table[i++] = a->workload;
	a->table[i++] = a->format;
	cmd_sched_args_table(&a->sched, CMD_SCHED_ALL | CMD_SCHED_ROUTE,
	    a->table, &i);
	cmd_args_end(a->table, &i, NULL, a->quiet, a->help, a->end);
}

static void
diff_help(FILE *fp)
{
	struct diff_args	a;

	diff_args_init(&a);
	fprintf(fp, "Usage: gpusched diff");
	arg_print_syntax(fp, a.table, "\n");
	fprintf(fp, "\nCompare two runs of the scheduler pod by pod: moved, "
	    "added, removed,\nnewly pending and newly placed pods.  Each side "
	    "is a golden file, a\n`simulate -o json` output, or inputs "
	    "simulated now.  Exit 1 on a difference.\n\nExamples:\n"
	    "  gpusched diff base.golden.json head.json\n"
	    "  gpusched diff --base-workload old.yaml -c cluster.yaml "
	    "-w new.yaml\n"
	    "  gpusched diff --base-hami-version v2.6 --hami-version v2.10 "
	    "-c c.yaml -w w.yaml\n"
	    "  gpusched diff golden.json --scenario s.yaml -o junit > "
	    "report.xml\n\n");
	arg_print_glossary(fp, a.table, "  %-32s %s\n");
	arg_freetable(a.table, sizeof a.table / sizeof a.table[0] - 1);
}

/* One side: a file, or inputs to simulate. */
struct diff_side {
	const char		*file;
	struct cmd_inputs	 in;
	char			*label;
};

/* "c.yaml + w1.yaml,w2.yaml (hami-v2.10.0)" for a simulated side. */
static char *
inputs_label(const struct cmd_inputs *in)
{
	char	*s, *t;
	size_t	 i;

	if (in->scenario != NULL)
		s = xstrdup(in->scenario);
	else {
		s = xstrdup("");
		for (i = 0; i < in->nclusters + in->nworkloads; i++) {
			t = xasprintf("%s%s%s", s, i == 0 ? "" : i ==
			    in->nclusters ? " + " : ",", i < in->nclusters ?
			    in->clusters[i] : in->workloads[i - in->nclusters]);
			free(s);
			s = t;
		}
	}
	if (in->profile != NULL) {
		t = xasprintf("%s (%s)", s, in->profile);
		free(s);
		s = t;
	}
	return s;
}

/* Scenario or cluster+workload flags of one side into in. */
static int
side_inputs(const char *side, const struct arg_file *scenario,
    const struct arg_file *cluster, const struct arg_file *workload,
    struct cmd_inputs *in)
{
	if (scenario->count > 0 && (cluster->count > 0 ||
	    workload->count > 0)) {
		cmd_errorf("diff: %s side: give a scenario or a cluster and "
		    "workload, not both", side);
		return EXIT_USAGE;
	}
	if (scenario->count > 0) {
		in->scenario = scenario->filename[0];
		in->clusters = in->workloads = NULL;
		in->nclusters = in->nworkloads = 0;
	}
	if (cluster->count > 0) {
		in->scenario = NULL;
		in->clusters = (char **)cluster->filename;
		in->nclusters = (size_t)cluster->count;
	}
	if (workload->count > 0) {
		in->scenario = NULL;
		in->workloads = (char **)workload->filename;
		in->nworkloads = (size_t)workload->count;
	}
	if (in->scenario == NULL && (in->nclusters == 0 ||
	    in->nworkloads == 0)) {
		cmd_errorf("diff: %s side: need a scenario, or a cluster and a "
		    "workload\nTry 'gpusched diff --help'.", side);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* The settings of both simulated sides; each side's profile after. */
static int
common_inputs(const struct diff_args *a, struct cmd_inputs *in)
{
	memset(in, 0, sizeof *in);
	in->quiet = a->quiet->count > 0;
	return cmd_sched_inputs("diff", &a->sched, in);
}

/* Which side is which: positional files, base flags, head flags. */
static int
diff_sides(const struct diff_args *a, struct diff_side *base,
    struct diff_side *head)
{
	int	npos = a->files->count, rc;
	int	base_in = a->base_scenario->count + a->base_cluster->count +
	    a->base_workload->count + a->base_profile->count +
	    a->base_hami_version->count > 0;
	int	head_in = a->scenario->count + a->cluster->count +
	    a->workload->count > 0;

	if ((rc = common_inputs(a, &head->in)) != EXIT_OK)
		return rc;
	base->in = head->in;
	if (npos + base_in + head_in != 2 || (npos == 2 && head_in)) {
		cmd_errorf("diff: need two sides: BASE HEAD files, or a base "
		    "(file or --base-*) and a head (file or --cluster/"
		    "--workload/--scenario)\nTry 'gpusched diff --help'.");
		return EXIT_USAGE;
	}
	if (!base_in && !head_in && cmd_sched_given(&a->sched) > 0) {
		cmd_errorf("diff: scheduler options apply to simulated sides; "
		    "both sides are files");
		return EXIT_USAGE;
	}
	if (!base_in)
		base->file = a->files->filename[0];
	if (!head_in)
		head->file = a->files->filename[npos - 1];
	if (head_in && (rc = side_inputs("head", a->scenario, a->cluster,
	    a->workload, &head->in)) != EXIT_OK)
		return rc;
	if (!base_in)
		return EXIT_OK;
	/* The base side takes what it does not give from the head side. */
	if (head_in)
		base->in = head->in;
	if ((rc = side_inputs("base", a->base_scenario, a->base_cluster,
	    a->base_workload, &base->in)) != EXIT_OK)
		return rc;
	if (a->base_profile->count + a->base_hami_version->count > 0)
		rc = cmd_profile("diff", a->base_profile, a->base_hami_version,
		    &base->in.profile);
	return rc;
}

/* Read or simulate one side into s. */
static int
side_load(struct diff_side *side, struct gs_pset *s)
{
	struct gs_scenario	sc;
	struct gs_error		err;
	size_t			i;
	int			rc;

	memset(s, 0, sizeof *s);
	memset(&err, 0, sizeof err);
	if (side->file != NULL) {
		side->label = xstrdup(side->file);
		if (gs_pset_load(s, side->file, &err) != 0)
			return cmd_error_status(&err);
		return EXIT_OK;
	}
	side->label = inputs_label(&side->in);
	if ((rc = cmd_load(&side->in, &sc)) != EXIT_OK)
		return rc;
	for (i = 0; i < sc.nruns && rc == EXIT_OK; i++) {
		struct gs_sim	sim;

		if (!cmd_run_selected(&side->in, &sc, i))
			continue;
		if ((rc = cmd_simulate_run(&sc, &sc.runs[i], &sc.runs[i].cfg,
		    &sim)) != EXIT_OK)
			break;
		gs_pset_add_result(s, sc.runs[i].name, &sim.cluster,
		    gs_sim_workload(&sim, &sc.runs[i].wl), &sim.res);
		gs_sim_release(&sim);
	}
	gs_scenario_release(&sc);
	return rc;
}

static void
diff_write(const char *fmt, const struct diff_side *base,
    const struct diff_side *head, const struct gs_pdiff *d)
{
	json_t	*o;

	if (strcmp(fmt, "json") == 0) {
		o = gs_report_diff_json(base->label, head->label, d);
		json_dumpf(o, stdout, GS_JSON_FLAGS);
		fputc('\n', stdout);
		json_decref(o);
	} else if (strcmp(fmt, "junit") == 0)
		gs_report_diff_junit(stdout, base->label, head->label, d);
	else if (strcmp(fmt, "github") == 0)
		gs_report_diff_github(stdout, base->label, head->label, d);
	else
		gs_report_diff_text(stdout, base->label, head->label, d);
}

static int
diff_main(int argc, char **argv)
{
	static const char *const formats[] = { "text", "json", "junit",
	    "github", NULL };
	struct diff_args	 a;
	struct diff_side	 base, head;
	struct gs_pset		 sb, sh;
	struct gs_pdiff		 d;
	const char		*fmt;
	int			 rc;

	memset(&base, 0, sizeof base);
	memset(&head, 0, sizeof head);
	memset(&sb, 0, sizeof sb);
	memset(&sh, 0, sizeof sh);
	diff_args_init(&a);
	if ((rc = cmd_argparse("diff", a.table, a.end, a.help, diff_help,
	    argc, argv)) >= 0)
		goto out;
	if ((rc = cmd_format("diff", a.format, formats, &fmt)) != EXIT_OK ||
	    (rc = diff_sides(&a, &base, &head)) != EXIT_OK)
		goto out;
	if ((rc = side_load(&base, &sb)) != EXIT_OK ||
	    (rc = side_load(&head, &sh)) != EXIT_OK)
		goto out;
	gs_pset_fill_index(&sb, &sh);
	gs_pset_fill_index(&sh, &sb);
	gs_pset_compare(&sb, &sh, base.in.run, &d);
	if (base.in.run != NULL && d.nruns == 0) {
		cmd_errorf("diff: no run named '%s' on either side",
		    base.in.run);
		rc = EXIT_USAGE;
	} else {
		diff_write(fmt, &base, &head, &d);
		rc = cmd_finish_stdout(d.changes > 0 ? EXIT_FINDING : EXIT_OK);
	}
	gs_pdiff_release(&d);
out:
	gs_pset_release(&sb);
	gs_pset_release(&sh);
	free(base.label);
	free(head.label);
	arg_freetable(a.table, sizeof a.table / sizeof a.table[0] - 1);
	return rc;
}

const struct gs_cmd gs_cmd_diff = {
	.name = "diff",
	.fn = diff_main,
	.summary = "compare two runs: moved, added, removed, newly pending "
	    "pods",
	.help = diff_help,
};
