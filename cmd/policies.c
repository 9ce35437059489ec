/*
 * policies.c: `gpusched policies` lists the scoring profiles and
 * `gpusched models` the built-in GPU catalogue.
 */
#include <string.h>

#include "cmd.h"
#include "../core/catalog.h"
#include "../core/policy.h"
#include "../core/replay.h"

static void
policies_help(FILE *fp)
{
	fprintf(fp, "Usage: gpusched policies\n\nList the scheduling "
	    "profiles gpusched can simulate, one per line,\nthen the "
	    "policies `gpusched replay` can replay a trace under.\n");
}

static int
policies_main(int argc, char **argv)
{
	size_t	i;

	if (argc > 1 && (strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "--help") == 0)) {
		policies_help(stdout);
		return cmd_finish_stdout(EXIT_OK);
	}
	if (argc > 1) {
		cmd_errorf("policies: unexpected argument '%s'", argv[1]);
		return EXIT_USAGE;
	}
	for (i = 0; gs_policies[i] != NULL; i++)
		printf("%-33s %s\n", gs_policies[i]->name,
		    gs_policies[i]->summary);
	printf("\nTrace replay policies (gpusched replay --policy):\n");
	for (i = 0; i < GS_RP_N; i++)
		printf("%-33s %s\n", gs_rpolicies[i].name,
		    gs_rpolicies[i].summary);
	return cmd_finish_stdout(EXIT_OK);
}

static void
models_help(FILE *fp)
{
	fprintf(fp, "Usage: gpusched models\n\nList the GPU models a compact "
	    "cluster may name with 'model:', with the\nNVML name and the "
	    "memory (MiB) HAMi registers for them.  'observed' values\nwere "
	    "seen registered by HAMi on real nodes; the others are typical "
	    "NVML totals.\n");
}

static int
models_main(int argc, char **argv)
{
	unsigned	i;

	if (argc > 1 && (strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "--help") == 0)) {
		models_help(stdout);
		return cmd_finish_stdout(EXIT_OK);
	}
	if (argc > 1) {
		cmd_errorf("models: unexpected argument '%s'", argv[1]);
		return EXIT_USAGE;
	}
	printf("%-10s  %-26s  %8s  %s\n", "MODEL", "NVML NAME", "MEM(MiB)",
	    "SOURCE");
	for (i = 0; i < gs_ngpu_models; i++)
		printf("%-10s  %-26s  %8d  %s\n", gs_gpu_models[i].key,
		    gs_gpu_models[i].nvml_name, gs_gpu_models[i].memory,
		    gs_gpu_models[i].observed ? "observed" : "typical");
	return cmd_finish_stdout(EXIT_OK);
}

const struct gs_cmd gs_cmd_policies = {
	.name = "policies",
	.fn = policies_main,
	.summary = "list the scheduling profiles",
	.help = policies_help,
};

const struct gs_cmd gs_cmd_models = {
	.name = "models",
	.fn = models_main,
	.summary = "list the built-in GPU models and their registered memory",
	.help = models_help,
};
