/*
 * lint.c: `gpusched lint WORKLOAD... [-c CLUSTER]`: the mistakes HAMi
 * users make in manifests, one line each on standard output.  Exit 0 if
 * there are none, 1 if there are, 3 if a file does not load.
 */
#include <stdlib.h>
#include <string.h>

#include <argtable2.h>

#include "cmd.h"
#include "../core/util/paths.h"
#include "../core/load/lint.h"
#include "../core/load/load.h"

struct lint_args {
	struct arg_file	*workloads, *filename, *cluster;
	struct arg_lit	*recursive, *help;
	struct arg_end	*end;
	void		*table[7];
};

static void
lint_args_init(struct lint_args *a)
{
	a->workloads = arg_filen(NULL, NULL, "WORKLOAD", 0, 4096,
	    "Kubernetes manifests: FILE, DIR or -");
	a->filename = arg_filen("fw", "filename,workload", "PATH", 0, 1024,
	    "more manifests: file, dir or - (repeatable)");
	a->recursive = arg_lit0("R", "recursive",
	    "read the directories recursively");
	a->cluster = arg_filen("c", "cluster", "PATH", 0, 256,
	    "also check against this cluster (GPU counts and memory)");
	a->help = arg_lit0("h", "help", "print this help");
	a->end = arg_end(20);
	a->table[0] = a->workloads;
	a->table[1] = a->filename;
	a->table[2] = a->recursive;
	a->table[3] = a->cluster;
	a->table[4] = a->help;
	a->table[5] = a->end;
	a->table[6] = NULL;
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
	    "binpack or spread), misspelled nvidia.com/ resources\nand "
	    "hami.io/ or nvidia.com/ annotations (with a suggestion), empty "
	    "entries in\nuse/nouse-gputype and use/nouse-gpuuuid, gpumem "
	    "with gpumem-percentage, objects\ndefined twice, and with "
	    "--cluster: a use-gputype no GPU has, more GPUs or more\nmemory "
	    "than any node has.\nExit 0 when clean, 1 with findings, 3 if a "
	    "file does not load.\n\n"
	    "Example:\n  gpusched lint deploy/*.yaml -c cluster.yaml\n\n");
	arg_print_glossary(fp, a.table, "  %-28s %s\n");
	arg_freetable(a.table, sizeof a.table / sizeof a.table[0] - 1);
}

/* The WORKLOADs, then -f, and -c, expanded; "-" once. */
static int
lint_paths(const struct lint_args *a, char ***cl, size_t *ncl, char ***wl,
    size_t *nwl)
{
	struct gs_error	 err;
	char		**in;
	size_t		 n = 0, i;
	int		 rc = 0;

	if (a->workloads->count + a->filename->count == 0) {
		cmd_errorf("lint: no workload given\nTry 'gpusched lint "
		    "--help'.");
		return EXIT_USAGE;
	}
	in = xcalloc((size_t)(a->workloads->count + a->filename->count),
	    sizeof *in);
	for (i = 0; i < (size_t)a->workloads->count; i++)
		in[n++] = (char *)a->workloads->filename[i];
	for (i = 0; i < (size_t)a->filename->count; i++)
		in[n++] = (char *)a->filename->filename[i];
	if ((rc = cmd_stdin_once("lint", cmd_count_stdin(in, n) +
	    cmd_count_stdin((char *const *)a->cluster->filename,
	    (size_t)a->cluster->count))) != EXIT_OK) {
		free(in);
		return rc;
	}
	memset(&err, 0, sizeof err);
	if (gs_expand_paths(in, n, a->recursive->count > 0, wl, nwl,
	    &err) != 0 || gs_expand_paths((char *const *)a->cluster->filename,
	    (size_t)a->cluster->count, a->recursive->count > 0, cl, ncl,
	    &err) != 0)
		rc = cmd_error_status(&err);
	free(in);
	return rc;
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
	char			**cl = NULL, **wl = NULL;
	size_t			i, ncl = 0, nwl = 0;
	int			rc;

	lint_args_init(&a);
	memset(&c, 0, sizeof c);
	memset(&w, 0, sizeof w);
	memset(&err, 0, sizeof err);
	gs_config_init(&cfg);
	if ((rc = cmd_argparse("lint", a.table, a.end, a.help, lint_help,
	    argc, argv)) >= 0)
		goto out;
	if ((rc = lint_paths(&a, &cl, &ncl, &wl, &nwl)) != EXIT_OK)
		goto out;
	for (i = 0; i < ncl; i++)
		if (gs_load_cluster_file(&c, cl[i], &warn, &err) != 0) {
			rc = cmd_error_status(&err);
			goto out;
		}
	for (i = 0; i < nwl; i++)
		if (gs_load_workload_file(&w, wl[i], &c, &warn, &err) != 0) {
			rc = cmd_error_status(&err);
			goto out;
		}
	gs_lint(&w, a.cluster->count ? &c : NULL, &cfg, &warn);
	for (i = 0; i < warn.n; i++)
		printf("%s\n", warn.v[i]);
	printf("lint: %zu finding%s\n", warn.n, warn.n == 1 ? "" : "s");
	rc = cmd_finish_stdout(warn.n ? EXIT_FINDING : EXIT_OK);
out:
	gs_paths_free(cl, ncl);
	gs_paths_free(wl, nwl);
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
