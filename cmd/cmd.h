/*
 * cmd.h: the command-line layer: the subcommand table, exit statuses and
 * the helpers subcommands share (loading inputs, printing errors and
 * warnings, checking that standard output was written).
 *
 * cmd/ decides exit statuses and prints; it never computes scores.
 */
#ifndef GS_CMD_H
#define GS_CMD_H

#include <stdio.h>

#include <jansson.h>

#include "../core/sched/engine.h"
#include "../core/metrics/metrics.h"
#include "../core/model/model.h"
#include "../core/util/progress.h"
#include "../core/report/html.h"
#include "../core/load/scenario.h"
#include "../core/sched/sim.h"
#include "../core/util/util.h"

enum gs_exit {
	EXIT_OK = 0,
	EXIT_FINDING = 1,	/* e.g. pods pending with --fail-on-pending */
	EXIT_USAGE = 2,
	EXIT_INPUT = 3,		/* invalid input, located */
	EXIT_IO = 4		/* I/O or internal error */
};

struct gs_cmd {
	const char	*name;
	int		(*fn)(int argc, char **argv);
	const char	*summary;
	void		(*help)(FILE *);
};

extern const struct gs_cmd gs_cmd_simulate, gs_cmd_compare, gs_cmd_check,
    gs_cmd_explain, gs_cmd_lint, gs_cmd_plan, gs_cmd_merge, gs_cmd_state,
    gs_cmd_policies, gs_cmd_models, gs_cmd_replay, gs_cmd_diff;
extern const struct gs_cmd *const gs_cmds[];

/* "gpusched: FILE:LINE:COL: msg" on stderr. */
void	cmd_error(const struct gs_error *);
void	cmd_errorf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* cmd_error, then the status it calls for: EXIT_IO for an I/O failure
 * (a missing or unreadable file, a failed write), else EXIT_INPUT. */
int	cmd_error_status(const struct gs_error *);
void	cmd_print_warnings(const struct gs_warnings *, int quiet);
/* Flush and close stdout; EXIT_IO if anything failed. */
int	cmd_finish_stdout(int status);

/*
 * The progress line (progress.c): on only when stderr is a terminal and
 * quiet is 0.  cmd_progress() is the callback to hand to core (NULL when
 * off); cmd_progress_outer() enters step done of total of an outer loop
 * (unit NULL: not shown);
 * cmd_progress_clear() takes the line off the screen (before output);
 * cmd_progress_end() clears it and stops (also done before any error).
 */
void	cmd_progress_start(const char *label, const char *unit, int quiet);
const struct gs_progress *cmd_progress(void);
void	cmd_progress_outer(const char *unit, uint64_t done, uint64_t total);
void	cmd_progress_clear(void);
void	cmd_progress_end(void);

/* Inputs of simulate and compare. */
struct cmd_inputs {
	const char	*cmd;		/* the command, for messages */
	const char	*scenario;	/* or NULL */
	char		**clusters;
	size_t		 nclusters;
	char		**workloads;
	size_t		 nworkloads;
	int		 recursive;	/* -R: directories' subdirectories */
	const char	*run;		/* --run, or NULL for all */
	const char	*node_policy;	/* --node-policy */
	const char	*gpu_policy;	/* --gpu-policy */
	const char	*profile;	/* --profile */
	const char	**schedulers;	/* --scheduler NAME=PROFILE */
	size_t		 nschedulers;
	int		 override;	/* --ignore-pod-policies */
	int		 pct_given;	/* --percentage-of-nodes-to-score */
	int		 pct_nodes;
	int		 quiet;
	/* --running, --now, --hami-config and the scheduler options'
	 * config files (--device-plugin-config ... --volcano-config) */
	struct gs_snapshot_opts snap;
};

/*
 * SCENARIO | -c CLUSTER... -f|-w WORKLOAD... [-R], the input of most
 * commands.  -c and -f take a file, a directory (its .json, .yaml and .yml
 * files, -R: also below) or - (standard input, once).
 */
struct cmd_input_args {
	struct arg_file	*scenario;
	struct arg_file	*cluster;
	struct arg_file	*workload;
	struct arg_lit	*recursive;
};

void	cmd_input_args_init(struct cmd_input_args *);
/* Its four entries into table[0..3]. */
void	cmd_input_args_table(const struct cmd_input_args *, void **table);

/* --running FILE..., --now TIME and --hami-config FILE, for the commands
 * that take a snapshot. */
struct cmd_snapshot_args {
	struct arg_file	*running;
	struct arg_str	*now;
	struct arg_file	*hami_config;
};

void	cmd_snapshot_args_init(struct cmd_snapshot_args *);
/* The --hami-config FILE option, as every command spells it. */
struct arg_file *cmd_arg_hami_config(void);
void	cmd_snapshot_inputs(const struct cmd_snapshot_args *,
	    struct cmd_inputs *);

struct arg_file;
struct arg_end;
struct arg_lit;
struct arg_str;

/*
 * The scheduler options, declared once for every command that takes
 * them: --run, --node-policy, --gpu-policy, --ignore-pod-policies,
 * --profile, --hami-version.  A command takes the groups its CMD_SCHED_*
 * bits name; the others stay NULL.
 */
#define CMD_SCHED_RUN		0x01	/* --run */
#define CMD_SCHED_POLICIES	0x02	/* --node-policy, --gpu-policy,
					   --ignore-pod-policies */
#define CMD_SCHED_PROFILE	0x04	/* --profile */
#define CMD_SCHED_VERSION	0x08	/* --hami-version */
#define CMD_SCHED_ALL		0x0f
#define CMD_SCHED_ROUTE		0x10	/* --scheduler NAME=PROFILE
					   (not in CMD_SCHED_ALL) */

struct cmd_sched_args {
	unsigned	 which;		/* CMD_SCHED_* */
	struct arg_str	*run, *node_policy, *gpu_policy;
	struct arg_lit	*ignore;
	struct arg_str	*profile, *hami_version;
	struct arg_str	*kube_version;	/* the dra profiles' release */
	/* every command's: NVIDIA's device plugin and mig-parted configs */
	struct arg_file	*dp_config, *mig_config;
	struct arg_file	*kai_config;	/* KAI's SchedulingShard or config */
	struct arg_file	*volcano_config; /* volcano-scheduler.conf */
	struct arg_str	*dp_default;
	struct arg_str	*scheduler;	/* CMD_SCHED_ROUTE */
	struct arg_int	*pct_nodes;	/* --percentage-of-nodes-to-score */
};

/* --device-plugin-config, --device-plugin-default and --mig-config (the
 * scheduler options' and plan's) into *dp, *dflt, *mig; their values into
 * in->snap: 0, or EXIT_USAGE with the message (a default without its
 * config). */
void	cmd_dp_args_init(struct arg_file **dp, struct arg_str **dflt,
	    struct arg_file **mig);
int	cmd_dp_inputs(const char *cmd, const struct arg_file *dp,
	    const struct arg_str *dflt, const struct arg_file *mig,
	    struct cmd_inputs *in);

/* run_help and profile_help word those two options (NULL: the usual
 * "only this run of the scenario", "scoring profile (default ...)"). */
void	cmd_sched_args_init(struct cmd_sched_args *, unsigned which,
	    const char *run_help, const char *profile_help);
/* Its options of the groups in `which`, in the order above, into
 * table[*i...]; *i moves on.  A command may place its groups apart. */
void	cmd_sched_args_table(const struct cmd_sched_args *, unsigned which,
	    void **table, size_t *i);
/* What was given into in: run, policies (checked), override and the
 * profile (cmd_profile); EXIT_USAGE on a bad one. */
int	cmd_sched_inputs(const char *cmd, const struct cmd_sched_args *,
	    struct cmd_inputs *in);
/* How many of the policy and profile options were given. */
int	cmd_sched_given(const struct cmd_sched_args *);
/* The end of every command's table, from table[*i]: the snapshot options
 * (when snap is not NULL), -q, -h, the arg_end and the NULL. */
void	cmd_args_end(void **table, size_t *i,
	    const struct cmd_snapshot_args *snap, struct arg_lit *quiet,
	    struct arg_lit *help, struct arg_end *end);

/*
 * Parse argv with a command's argtable.  Returns -1 to go on, or the exit
 * status to return at once (help printed, or a usage error reported).
 */
int	cmd_argparse(const char *cmd, void **table, struct arg_end *end,
	    struct arg_lit *help, void (*helpfn)(FILE *), int argc,
	    char **argv);
/* A document (json_t, released) on stdout as JSON, or YAML for fmt
 * "yaml", with gpusched_version and schema_version (core/report/doc.c). */
void	cmd_print_doc(json_t *doc, const char *fmt);
/*
 * -o html: the page titled as the format says, on stdout, or with
 * --output-file in memory until cmd_html_end writes it to that file
 * (util/atomic_write.h) when rc is EXIT_OK or EXIT_FINDING; cmd_html_end
 * returns rc, or the status of a failed write.
 */
struct arg_file;
struct cmd_html {
	struct gs_html	 h;
	const char	*path;		/* --output-file, or NULL */
	char		*buf;
	size_t		 len;
};
struct arg_file *cmd_arg_output_file(void);
/* --volcano-config FILE (simulate's commands and replay; read by
 * load/volcano_sched.h). */
struct arg_file *cmd_arg_volcano_config(void);
/* --output-file into *path (NULL without it); EXIT_USAGE unless fmt is
 * html. */
int	cmd_output_file(const char *cmd, const struct arg_file *,
	    const char *fmt, const char **path);
void	cmd_html_begin(struct cmd_html *, const char *path,
	    const char *title_fmt, ...) __attribute__((format(printf, 3, 4)));
int	cmd_html_end(struct cmd_html *, int rc);
/*
 * A document as Markdown or as the HTML report (doc.c): a title, then
 * blocks (headings, paragraphs, tables) that Markdown separates by a
 * blank line.  A table's cells are added row by row, ncol a row; align
 * has 'l' or 'r' per column; cmd_doc_table prints and empties it.
 */
struct cmd_doc {
	int		html;
	int		started;
	struct cmd_html	o;
};
struct cmd_table {
	const char *const *head;
	const char	*align;
	size_t		 ncol;
	char		**cells;
	size_t		 n, cap;
};
/* path: html's --output-file, or NULL; cmd_doc_end as cmd_html_end. */
void	cmd_doc_begin(struct cmd_doc *, int html, const char *path,
	    const char *title);
int	cmd_doc_end(struct cmd_doc *, int rc);
void	cmd_doc_heading(struct cmd_doc *, const char *text);
void	cmd_doc_para(struct cmd_doc *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
void	cmd_table_init(struct cmd_table *, const char *const *head,
	    const char *align, size_t ncol);
void	cmd_table_cell(struct cmd_table *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
void	cmd_doc_table(struct cmd_doc *, struct cmd_table *);
/* Is fmt json or yaml (one document)? */
int	cmd_structured(const char *fmt);
/* -o checked against allowed (NULL-terminated; the first is the default). */
int	cmd_format(const char *cmd, struct arg_str *o,
	    const char *const *allowed, const char **fmt);
/* The scenario / --cluster / --workload flags into in (EXIT_USAGE if
 * they do not make one input). */
int	cmd_parse_inputs(const char *cmd, const struct cmd_input_args *,
	    struct cmd_inputs *in);

/*
 * --profile NAME or --hami-version V (v2.6, v2.7, ...) into *profile (NULL
 * when neither is given); EXIT_USAGE when both are, or V is unknown.
 */
int	cmd_profile(const char *cmd, const struct arg_str *profile,
	    const struct arg_str *hami_version, const char **out);
/* The --hami-version V option, as every command spells it. */
struct arg_str *cmd_arg_hami_version(void);
/* --hami-version V alone into *profile (left as is when not given). */
int	cmd_hami_version(const char *cmd, const struct arg_str *hami_version,
	    const char **out);

/*
 * Strict flags (strict.c).  cmd_enum: is value one of valid[0..n)?  If
 * not, "gpusched: CMD: unknown FLAG 'V'; valid: a, b (did you mean 'a'?)"
 * on stderr and EXIT_USAGE (cmd may be NULL).
 */
int	cmd_enum(const char *cmd, const char *flag, const char *value,
	    const char *const *valid, size_t n);
void	cmd_enum_error(const char *cmd, const char *flag, const char *value,
	    const char *const *valid, size_t n);
/* The same against the real tables: scheduling profiles, HAMi versions,
 * node policies, and the GPU policies that HAMi profile knows. */
int	cmd_check_profile(const char *cmd, const char *flag, const char *name);
int	cmd_check_hami_version(const char *cmd, const char *value);
int	cmd_check_node_policy(const char *cmd, const char *flag,
	    const char *value);
struct hami_profile;
int	cmd_check_gpu_policy(const char *cmd, const char *flag,
	    const char *value, const struct hami_profile *);
/* argtable's errors, then "did you mean" for each unknown long option. */
void	cmd_arg_errors(const char *prefix, void **table, struct arg_end *);

/* How many of paths are "-" (standard input). */
size_t	cmd_count_stdin(char *const *paths, size_t n);
/* EXIT_USAGE, said for cmd, when standard input is named n > 1 times. */
int	cmd_stdin_once(const char *cmd, size_t n);
/* Load the scenario; returns EXIT_OK or the exit status to use. */
int	cmd_load(const struct cmd_inputs *, struct gs_scenario *);
/* Is run i selected by --run?  (Checks the name exists first.) */
int	cmd_run_selected(const struct cmd_inputs *, const struct gs_scenario *,
	    size_t i);

/* One simulation of run r of sc under cfg, on a fresh cluster
 * (gs_simulate); the caller gs_sim_releases sim. */
int	cmd_simulate_run(const struct gs_scenario *, const struct gs_run *,
	    const struct gs_config *, struct gs_sim *sim);
/* EXIT_OK, or EXIT_USAGE with a message when run r lays its GPUs out by
 * `sharing:`, which cmd does not take. */
int	cmd_refuse_sharing(const char *cmd, const struct gs_run *r);
/* The same of workload w on cluster c (neither changed). */
int	cmd_simulate_on(const struct gs_cluster *c, const struct gs_workload *w,
	    const struct gs_config *cfg, struct gs_sim *sim);

#endif
