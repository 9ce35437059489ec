/*
 * main.c: gpusched's entry point: global options (--help, --version),
 * `gpusched help CMD`, and dispatch through the subcommand table.
 */
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_version.h>
#include <jansson.h>
#include <yaml.h>

#include "cmd.h"
#include "../core/report/report.h"
#include "../core/util/suggest.h"

const struct gs_cmd *const gs_cmds[] = {
	&gs_cmd_simulate,
	&gs_cmd_compare,
	&gs_cmd_diff,
	&gs_cmd_replay,
	&gs_cmd_check,
	&gs_cmd_explain,
	&gs_cmd_lint,
	&gs_cmd_plan,
	&gs_cmd_merge,
	&gs_cmd_state,
	&gs_cmd_policies,
	&gs_cmd_models,
	NULL,
};

static void
usage(FILE *fp)
{
	size_t	i;

	fprintf(fp, "Usage: gpusched [--version] [--help] COMMAND [ARGS]\n\n"
	    "Simulate HAMi GPU scheduling offline: which node and which GPU "
	    "every pod gets.\n\nExample:\n  gpusched simulate "
	    "scenarios/hami-demo/four-patterns.yaml\n\nCommands:\n");
	for (i = 0; gs_cmds[i] != NULL; i++)
		fprintf(fp, "  %-10s %s\n", gs_cmds[i]->name,
		    gs_cmds[i]->summary);
	fprintf(fp, "  %-10s %s\n", "help", "show a command's help");
	fprintf(fp, "\nExit status: 0 ok, 1 finding, 2 usage error, 3 invalid "
	    "input, 4 I/O or internal error.\nSee gpusched(1) and "
	    "gpusched-scenario(5).\n");
}

static const struct gs_cmd *
find_cmd(const char *name)
{
	size_t	i;

	for (i = 0; gs_cmds[i] != NULL; i++)
		if (strcmp(gs_cmds[i]->name, name) == 0)
			return gs_cmds[i];
	return NULL;
}

/* "unknown command 'X'", with the nearest command when one is near. */
static int
unknown_cmd(const char *prefix, const char *name)
{
	const char	*names[32], *near;
	size_t		 n;

	for (n = 0; gs_cmds[n] != NULL && n < 31; n++)
		names[n] = gs_cmds[n]->name;
	names[n++] = "help";
	if ((near = gs_suggest(name, names, n)) != NULL)
		cmd_errorf("%sunknown command '%s' (did you mean '%s'?)\n"
		    "Try 'gpusched --help'.", prefix, name, near);
	else
		cmd_errorf("%sunknown command '%s'\nTry 'gpusched --help'.",
		    prefix, name);
	return EXIT_USAGE;
}

static int
version(void)
{
	printf("gpusched %s\ndefault profile hami-v2.6.1\nlibyaml %s, jansson "
	    "%s, gsl %s\n", GS_VERSION, yaml_get_version_string(),
	    JANSSON_VERSION, GSL_VERSION);
	return cmd_finish_stdout(EXIT_OK);
}

int
main(int argc, char **argv)
{
	const struct gs_cmd	*cmd;

	/* Numbers are formatted in the C locale, whatever the environment. */
	setlocale(LC_ALL, "C");
	gsl_set_error_handler_off();
	/* Past a file size limit a write fails with EFBIG (reported, exit
	 * 4, the old file kept) instead of killing the process. */
	signal(SIGXFSZ, SIG_IGN);

	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		usage(stdout);
		return cmd_finish_stdout(EXIT_OK);
	}
	if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0)
		return version();
	if (strcmp(argv[1], "help") == 0) {
		if (argc < 3) {
			usage(stdout);
			return cmd_finish_stdout(EXIT_OK);
		}
		if ((cmd = find_cmd(argv[2])) == NULL)
			return unknown_cmd("help: ", argv[2]);
		cmd->help(stdout);
		return cmd_finish_stdout(EXIT_OK);
	}
	if ((cmd = find_cmd(argv[1])) == NULL)
		return unknown_cmd("", argv[1]);
	return cmd->fn(argc - 1, argv + 1);
}
