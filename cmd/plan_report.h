/*
 * plan_report.h: the subcommands of `gpusched plan` behind cmd/plan.c,
 * each simulating one run of a scenario and printing what core/ computed.
 */
#ifndef GS_PLAN_REPORT_H
#define GS_PLAN_REPORT_H

#include "cmd.h"
#include "../core/plan/montecarlo.h"
#include "../core/plan/whatif.h"

struct arg_str;

struct plan_request {
	int			 json;		/* json or yaml */
	const char		*fmt;		/* -o */
	int			 patterns;
	size_t			 limit;		/* headroom */
	char			**pools;	/* nodes, report */
	size_t			 npools;
	size_t			 max_nodes, max_sims;
	struct gs_edit		*edits;		/* whatif */
	size_t			 nedits;
	struct gs_mc_opts	 mc;		/* montecarlo, report */
	int			 quiet;		/* -q: no progress line */
	const char		*output_file;	/* report -o html */
};

int	plan_parse_edits(struct plan_request *, struct arg_str *remove,
	    struct arg_str *drain, struct arg_str *split, struct arg_str *policy,
	    struct arg_str *scale, struct arg_str *gpumem);
/* The policies of --set-policy against what the run's HAMi knows. */
int	plan_check_edits(const struct plan_request *,
	    const struct gs_config *);
void	plan_request_release(struct plan_request *);

int	plan_headroom(const struct gs_scenario *, size_t run,
	    const struct plan_request *);
int	plan_nodes(const struct gs_scenario *, size_t run,
	    const struct plan_request *);
int	plan_whatif(const struct gs_scenario *, size_t run,
	    const struct plan_request *);
int	plan_montecarlo(const struct gs_scenario *, size_t run,
	    const struct plan_request *);
int	plan_report(const struct gs_scenario *, size_t run,
	    const struct plan_request *);

#endif
