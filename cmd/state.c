/*
 * state.c: `gpusched state`: the cluster as HAMi sees it in a snapshot,
 * per node and per GPU: used slots, memory, cores and the pods holding
 * them, with the node's requested cpu, memory and pods.
 */
#include <stdlib.h>
#include <string.h>

#include <argtable2.h>

#include "cmd.h"
#include "../core/sched/hami/hami.h"
#include "../core/report/report.h"

struct state_args {
	struct arg_file	*scenario, *cluster;
	struct arg_str	*output, *hami_version;
	struct cmd_snapshot_args snap;
	struct arg_lit	*quiet, *help;
	struct arg_end	*end;
	void		*table[11];
};

static void
state_args_init(struct state_args *a)
{
	a->scenario = arg_file0(NULL, NULL, "SCENARIO", "scenario file");
	a->cluster = arg_filen("c", "cluster", "NODES", 0, 256,
	    "nodes (kubectl get nodes -o json): file, dir or -, repeatable");
	cmd_snapshot_args_init(&a->snap);
	a->output = arg_str0("o", "output", "FORMAT",
	    "table (default), json or yaml");
	a->hami_version = cmd_arg_hami_version();
	a->quiet = arg_lit0("q", "quiet", "no warnings on stderr");
	a->help = arg_lit0("h", "help", "print this help");
	a->end = arg_end(20);
	a->table[0] = a->scenario;
	a->table[1] = a->cluster;
	a->table[2] = a->snap.running;
	a->table[3] = a->snap.now;
	a->table[4] = a->snap.hami_config;
	a->table[5] = a->output;
	a->table[6] = a->hami_version;
	a->table[7] = a->quiet;
	a->table[8] = a->help;
	a->table[9] = a->end;
	a->table[10] = NULL;
}

static void
state_help(FILE *fp)
{
	struct state_args	a;

	state_args_init(&a);
	fprintf(fp, "Usage: gpusched state");
	arg_print_syntax(fp, a.table, "\n");
	fprintf(fp, "\nThe cluster as HAMi sees it: per node and GPU, the "
	    "slots, memory and cores in\nuse and the pods holding them, "
	    "rebuilt from the running pods' annotations.\n\nExample:\n"
	    "  kubectl get nodes -o json > nodes.json\n"
	    "  kubectl get pods -A -o json > pods.json\n"
	    "  gpusched state -c nodes.json --running pods.json\n\n");
	arg_print_glossary(fp, a.table, "  %-28s %s\n");
	arg_freetable(a.table, sizeof a.table / sizeof a.table[0] - 1);
}

static int
state_main(int argc, char **argv)
{
	static const char *const formats[] = { "table", "json", "yaml", NULL };
	struct state_args	 a;
	struct cmd_inputs	 in;
	struct gs_scenario	 sc;
	struct gs_cluster	 seen;
	struct gs_config	 none;
	struct gs_error		 err;
	const struct gs_config	*cfg;
	const char		*fmt;
	int			 rc, version;

	state_args_init(&a);
	if ((rc = cmd_argparse("state", a.table, a.end, a.help, state_help,
	    argc, argv)) >= 0)
		goto out;
	if ((rc = cmd_format("state", a.output, formats, &fmt)) != EXIT_OK)
		goto out;
	if ((a.scenario->count > 0) == (a.cluster->count > 0)) {
		cmd_errorf("state: give a scenario or --cluster (not both)\n"
		    "Try 'gpusched state --help'.");
		rc = EXIT_USAGE;
		goto out;
	}
	memset(&in, 0, sizeof in);
	in.scenario = a.scenario->count ? a.scenario->filename[0] : NULL;
	in.clusters = (char **)a.cluster->filename;
	in.nclusters = (size_t)a.cluster->count;
	in.quiet = a.quiet->count > 0;
	cmd_snapshot_inputs(&a.snap, &in);
	if ((rc = cmd_hami_version("state", a.hami_version,
	    &in.profile)) != EXIT_OK)
		goto out;
	if ((rc = cmd_load(&in, &sc)) != EXIT_OK)
		goto out;
	/* The scenario's first run names the version unless given here;
	 * with no run, no profile: v2.6.1. */
	memset(&none, 0, sizeof none);
	cfg = sc.nruns > 0 ? &sc.runs[0].cfg : &none;
	version = hami_version(cfg);
	if (gs_sim_cluster_check(&sc.cluster, cfg, &err) != 0) {
		gs_scenario_release(&sc);
		rc = cmd_error_status(&err);
		goto out;
	}
	gs_sim_cluster(&seen, &sc.cluster, cfg);
	if (cmd_structured(fmt))
		cmd_print_doc(gs_report_state_json(&seen, &sc.running,
		    version), fmt);
	else
		gs_report_state(stdout, &seen, &sc.running, version);
	gs_cluster_release(&seen);
	gs_scenario_release(&sc);
	rc = cmd_finish_stdout(EXIT_OK);
out:
	arg_freetable(a.table, sizeof a.table / sizeof a.table[0] - 1);
	return rc;
}

const struct gs_cmd gs_cmd_state = {
	.name = "state",
	.fn = state_main,
	.summary = "the cluster as HAMi sees it: per GPU slots, memory, cores, "
	    "pods",
	.help = state_help,
};
