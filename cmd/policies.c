/*
 * policies.c: `gpusched policies` lists the one policy table and
 * `gpusched models` the built-in GPU catalogue, as a table or as one
 * JSON or YAML document.
 */
#include <string.h>

#include <argtable2.h>

#include "cmd.h"
#include "../core/model/catalog.h"
#include "../core/sched/policy.h"
#include "../core/sched/hami/vendor.h"

struct list_args {
	struct arg_str	*output;
	struct arg_lit	*help;
	struct arg_end	*end;
	void		*table[4];
};

static void
list_args_init(struct list_args *a)
{
	a->output = arg_str0("o", "output", "FORMAT",
	    "table (default), json or yaml");
	a->help = arg_lit0("h", "help", "print this help");
	a->end = arg_end(20);
	a->table[0] = a->output;
	a->table[1] = a->help;
	a->table[2] = a->end;
	a->table[3] = NULL;
}

static void
list_help(FILE *fp, const char *cmd, const char *what)
{
	struct list_args	a;

	list_args_init(&a);
	fprintf(fp, "Usage: gpusched %s", cmd);
	arg_print_syntax(fp, a.table, "\n");
	fprintf(fp, "\n%s\n\n", what);
	arg_print_glossary(fp, a.table, "  %-28s %s\n");
	arg_freetable(a.table, sizeof a.table / sizeof a.table[0] - 1);
}

static void
policies_help(FILE *fp)
{
	list_help(fp, "policies", "List every scheduling policy, one per line: "
	    "the views it works on\n(device: simulate, compare, diff, plan, "
	    "check, explain; share: replay),\nhow the replay breaks its ties, "
	    "and what it does.");
}

static void
models_help(FILE *fp)
{
	list_help(fp, "models", "List the GPU models a compact cluster may "
	    "name with 'model:', with the\nNVML name and the memory (MiB) HAMi "
	    "registers for them.  'observed' values\nwere seen registered by "
	    "HAMi on real nodes; the others are typical NVML totals.\nThen "
	    "the other vendors' device types HAMi registers from Node "
	    "objects,\nwith their count resource and the profiles that read "
	    "them.");
}

/* Parse the flags; returns -1 to go on with *fmt set, or the status. */
static int
list_parse(const char *cmd, void (*helpfn)(FILE *), int argc, char **argv,
    const char **fmt)
{
	static const char *const formats[] = { "table", "json", "yaml", NULL };
	struct list_args	a;
	int			rc;

	list_args_init(&a);
	if ((rc = cmd_argparse(cmd, a.table, a.end, a.help, helpfn, argc,
	    argv)) < 0 && (rc = cmd_format(cmd, a.output, formats, fmt)) ==
	    EXIT_OK) {
		/* The table's strings die with it: keep a static one. */
		*fmt = strcmp(*fmt, "json") == 0 ? "json" : strcmp(*fmt,
		    "yaml") == 0 ? "yaml" : "table";
		rc = -1;
	}
	arg_freetable(a.table, sizeof a.table / sizeof a.table[0] - 1);
	return rc;
}

/* The commands that accept a policy, by view (README, gpusched(1)). */
static const char *const device_cmds[] = { "simulate", "compare", "diff",
    "plan", "check", NULL };

static const char *
views_name(unsigned views)
{
	if ((views & GS_VIEW_DEVICE) && (views & GS_VIEW_SHARE))
		return "device,share";
	return views & GS_VIEW_DEVICE ? "device" : "share";
}

static json_t *
policy_commands(const struct gs_policy *p)
{
	json_t	*a = json_array();
	size_t	 i;

	for (i = 0; (p->views & GS_VIEW_DEVICE) && device_cmds[i] != NULL; i++)
		json_array_append_new(a, json_string(device_cmds[i]));
	if ((p->views & GS_VIEW_DEVICE) && p->explains)
		json_array_append_new(a, json_string("explain"));
	if (p->views & GS_VIEW_SHARE)
		json_array_append_new(a, json_string("replay"));
	return a;
}

static json_t *
policies_json(void)
{
	const struct gs_policy	*p;
	json_t			*a = json_array(), *o, *v;
	size_t			 i;

	for (i = 0; (p = gs_policies[i]) != NULL; i++) {
		v = json_array();
		if (p->views & GS_VIEW_DEVICE)
			json_array_append_new(v, json_string("device"));
		if (p->views & GS_VIEW_SHARE)
			json_array_append_new(v, json_string("share"));
		o = json_pack("{s:s,s:s,s:s,s:o,s:s,s:b,s:b,s:b,s:o}", "name",
		    p->name, "summary", p->summary, "family", p->family,
		    "views", v, "tie", gs_tie_name(p->tie), "cacheable",
		    p->cacheable, "normalize", p->normalize, "explains",
		    p->explains, "commands", policy_commands(p));
		if (p->hami != NULL)
			json_object_set_new(o, "hami", json_pack("{s:s,s:s,s:s}",
			    "profile", p->hami->name, "node_policy",
			    p->hami_node, "gpu_policy", p->hami_gpu));
		json_array_append_new(a, o);
	}
	return json_pack("{s:o}", "policies", a);
}

static int
policies_main(int argc, char **argv)
{
	const struct gs_policy	*p;
	const char		*fmt;
	size_t			 i;
	int			 rc;

	if ((rc = list_parse("policies", policies_help, argc, argv, &fmt)) >= 0)
		return rc;
	if (cmd_structured(fmt)) {
		cmd_print_doc(policies_json(), fmt);
		return cmd_finish_stdout(EXIT_OK);
	}
	printf("%-33s %-12s %-6s %s\n", "NAME", "VIEWS", "TIE", "SUMMARY");
	for (i = 0; (p = gs_policies[i]) != NULL; i++)
		printf("%-33s %-12s %-6s %s\n", p->name, views_name(p->views),
		    gs_tie_name(p->tie), p->summary);
	printf("\nViews: device (HAMi's model: simulate, compare, diff, plan, "
	    "check --profile;\nexplain for hami-* and volcano-*), share (the "
	    "trace's milli-GPU model:\nreplay --policy).\nTies (replay): rank "
	    "(the "
	    "seeded node order), name (smallest node name),\nrandom, first "
	    "(the node listed first, as every policy on the device view).\n");
	return cmd_finish_stdout(EXIT_OK);
}

/* The other vendors' device types HAMi registers from Node objects. */
static json_t *
vendors_json(void)
{
	json_t	*a = json_array();
	char	 versions[64];
	int	 v;

	for (v = GV_NVIDIA + 1; v < GV_N; v++) {
		gs_vendor_versions(v, versions, sizeof versions);
		json_array_append_new(a, json_pack("{s:s,s:s,s:s,s:s}", "type",
		    gs_vendors[v].type, "vendor", gs_vendors[v].label,
		    "resource", gs_res_names[gs_vendors[v].res_count],
		    "versions", versions));
	}
	return a;
}

static json_t *
models_json(void)
{
	json_t		*a = json_array();
	unsigned	 i;

	for (i = 0; i < gs_ngpu_models; i++)
		json_array_append_new(a, json_pack("{s:s,s:s,s:i,s:s}",
		    "model", gs_gpu_models[i].key, "nvml_name",
		    gs_gpu_models[i].nvml_name, "memory_mib",
		    (int)gs_gpu_models[i].memory, "source",
		    gs_gpu_models[i].observed ? "observed" : "typical"));
	return json_pack("{s:o,s:o}", "models", a, "vendor_devices",
	    vendors_json());
}

static int
models_main(int argc, char **argv)
{
	const char	*fmt;
	char		 versions[64];
	unsigned	 i;
	int		 rc, v;

	if ((rc = list_parse("models", models_help, argc, argv, &fmt)) >= 0)
		return rc;
	if (cmd_structured(fmt)) {
		cmd_print_doc(models_json(), fmt);
		return cmd_finish_stdout(EXIT_OK);
	}
	printf("%-10s  %-26s  %8s  %s\n", "MODEL", "NVML NAME", "MEM(MiB)",
	    "SOURCE");
	for (i = 0; i < gs_ngpu_models; i++)
		printf("%-10s  %-26s  %8d  %s\n", gs_gpu_models[i].key,
		    gs_gpu_models[i].nvml_name, gs_gpu_models[i].memory,
		    gs_gpu_models[i].observed ? "observed" : "typical");
	printf("\nOther vendors' devices (registered from Node objects, "
	    "gpusched-scenario(5)):\n%-14s  %-22s  %-30s  %s\n", "TYPE",
	    "VENDOR", "RESOURCE", "VERSIONS");
	for (v = GV_NVIDIA + 1; v < GV_N; v++) {
		gs_vendor_versions(v, versions, sizeof versions);
		printf("%-14s  %-22s  %-30s  %s\n", gs_vendors[v].type,
		    gs_vendors[v].label, gs_res_names[gs_vendors[v].res_count],
		    versions);
	}
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
