/*
 * merge.c: `gpusched merge SHARD.json...`: combine the shards of a Monte
 * Carlo sweep (plan montecarlo --shard I/N -o json) into the report one
 * run over all of them would have printed, byte for byte.
 */
#include <stdlib.h>
#include <string.h>

#include <argtable2.h>

#include "cmd.h"
#include "../core/report/report.h"
#include "../core/report/montecarlo.h"

struct merge_args {
	struct arg_file	*files;
	struct arg_str	*output;
	struct arg_lit	*help;
	struct arg_end	*end;
	void		*table[5];
};

static void
merge_args_init(struct merge_args *a)
{
	a->files = arg_filen(NULL, NULL, "SHARD.json", 1, 100000,
	    "shard reports of one sweep");
	a->output = arg_str0("o", "output", "FORMAT",
	    "json (default), yaml or table");
	a->help = arg_lit0("h", "help", "print this help");
	a->end = arg_end(20);
	a->table[0] = a->files;
	a->table[1] = a->output;
	a->table[2] = a->help;
	a->table[3] = a->end;
	a->table[4] = NULL;
}

static void
merge_help(FILE *fp)
{
	struct merge_args	a;

	merge_args_init(&a);
	fprintf(fp, "Usage: gpusched merge");
	arg_print_syntax(fp, a.table, "\n");
	fprintf(fp, "\nCombine the shards of a Monte Carlo sweep into one "
	    "report, identical to the\nreport of a single run over all runs.  "
	    "Every run must be present exactly once.\n\nExample:\n"
	    "  for i in 0 1 2 3; do gpusched plan montecarlo S.yaml --runs 1000 "
	    "--shard $i/4 -o json > s$i.json; done\n  gpusched merge s*.json\n\n");
	arg_print_glossary(fp, a.table, "  %-28s %s\n");
	arg_freetable(a.table, sizeof a.table / sizeof a.table[0] - 1);
}

static int
merge_main(int argc, char **argv)
{
	static const char *const formats[] = { "json", "table", "yaml", NULL };
	struct merge_args	 a;
	struct gs_mc_header	 h;
	struct gs_mc_sample	*v;
	struct gs_error		 err;
	json_t			*keep;
	const char		*fmt;
	size_t			 n;
	int			 rc;

	merge_args_init(&a);
	if ((rc = cmd_argparse("merge", a.table, a.end, a.help, merge_help,
	    argc, argv)) >= 0)
		goto out;
	if ((rc = cmd_format("merge", a.output, formats, &fmt)) != EXIT_OK)
		goto out;
	memset(&h, 0, sizeof h);
	memset(&err, 0, sizeof err);
	if (gs_mc_merge((char **)a.files->filename, (size_t)a.files->count, &h,
	    &keep, &v, &n, &err) != 0) {
		rc = cmd_error_status(&err);
		goto out;
	}
	if (cmd_structured(fmt))
		cmd_print_doc(gs_mc_json(&h, v, n, 0), fmt);
	else
		gs_mc_table(stdout, &h, v, n);
	free(v);
	json_decref(keep);
	rc = cmd_finish_stdout(EXIT_OK);
out:
	arg_freetable(a.table, sizeof a.table / sizeof a.table[0] - 1);
	return rc;
}

const struct gs_cmd gs_cmd_merge = {
	.name = "merge",
	.fn = merge_main,
	.summary = "combine Monte Carlo shards into one report",
	.help = merge_help,
};
