/*
 * lint.c: `gpusched lint WORKLOAD... [-c CLUSTER]`: the mistakes HAMi
 * users make in manifests, one line each on standard output.  Exit 0 if
 * there are none, 1 if there are, 3 if a file does not load.
 */
#include <stdlib.h>
#include <string.h>

#include <argtable2.h>

#include "cmd.h"
#include "../core/lint.h"
#include "../core/load.h"

struct lint_args {
	struct arg_file	*workloads, *cluster;
	struct arg_lit	*help;
	struct arg_end	*end;
	void		*table[5];
};

static void
lint_args_init(struct lint_args *a)
{
	a->workloads = arg_filen(NULL, NULL, "WORKLOAD", 1, 4096,
	    "Kubernetes manifests");
	a->cluster = arg_filen("c", "cluster", "FILE", 0, 256,
	    "also check against this cluster (GPU counts and memory)");
	a->help = arg_lit0("h", "help", "print this help");
	a->end = arg_end(20);
	a->table[0] = a->workloads;
	a->table[1] = a->cluster;
	a->table[2] = a->help;
	a->table[3] = a->end;
	a->table[4] = NULL;
}

static void
lint_help(FILE *fp)
{
	struct lint_args	a;

	lint_args_init(&a);
	fprintf(fp, "Usage: gpusched lint");
	arg_print_syntax(fp, a.table, "\n");
	fprintf(fp, "\nFlag what HAMi users trip over: policy annotations on "
	    "the controller instead\nof the pod template, nvidia.com/gpu "
	    "without gpumem (the whole card), unknown\npolicy values (read as "
	    "binpack or spread), unknown nvidia.com resources, and\nwith "
	    "--cluster: more GPUs or more memory than any node has.\nExit 0 "
	    "when clean, 1 with findings, 3 if a file does not load.\n\n"
	    "Example:\n  gpusched lint deploy/*.yaml -c cluster.yaml\n\n");
	arg_print_glossary(fp, a.table, "  %-28s %s\n");
	arg_freetable(a.table, sizeof a.table / sizeof a.table[0] - 1);
}

static int
lint_main(int argc, char **argv)
{
	struct lint_args	a;
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_warnings	warn = { 0 };
	struct gs_config	cfg;
	struct gs_error		err;
	size_t			i;
	int			rc;

	lint_args_init(&a);
	memset(&c, 0, sizeof c);
	memset(&w, 0, sizeof w);
	memset(&err, 0, sizeof err);
	gs_config_init(&cfg);
	if ((rc = cmd_argparse("lint", a.table, a.end, a.help, lint_help,
	    argc, argv)) >= 0)
		goto out;
	for (i = 0; i < (size_t)a.cluster->count; i++)
		if (gs_load_cluster_file(&c, a.cluster->filename[i], &warn,
		    &err) != 0) {
			rc = cmd_error_status(&err);
			goto out;
		}
	for (i = 0; i < (size_t)a.workloads->count; i++)
		if (gs_load_workload_file(&w, a.workloads->filename[i], &c,
		    &warn, &err) != 0) {
			rc = cmd_error_status(&err);
			goto out;
		}
	gs_lint(&w, a.cluster->count ? &c : NULL, &cfg, &warn);
	for (i = 0; i < warn.n; i++)
		printf("%s\n", warn.v[i]);
	printf("lint: %zu finding%s\n", warn.n, warn.n == 1 ? "" : "s");
	rc = cmd_finish_stdout(warn.n ? EXIT_FINDING : EXIT_OK);
out:
	gs_warnings_release(&warn);
	gs_workload_release(&w);
	gs_cluster_release(&c);
	gs_config_release(&cfg);
	arg_freetable(a.table, sizeof a.table / sizeof a.table[0] - 1);
	return rc;
}

const struct gs_cmd gs_cmd_lint = {
	.name = "lint",
	.fn = lint_main,
	.summary = "flag the manifest mistakes HAMi users trip over",
	.help = lint_help,
};
