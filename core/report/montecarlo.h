/*
 * report/montecarlo.h: Monte Carlo results as JSON, written by `plan
 * montecarlo` and read back by `gpusched merge`.  A shard's file holds its
 * samples; the full report holds every sample and the statistics, built by one
 * function from the samples in run order, so that merging the shards of
 * a sweep gives the single run's report byte for byte.
 */
#ifndef GS_REPORT_MC_H
#define GS_REPORT_MC_H

#include <jansson.h>

#include "plan/montecarlo.h"
#include "util/util.h"

struct gs_mc_header {
	const char	*scenario;
	const char	*run;
	const char	*profile;
	struct gs_mc_opts opts;
};

/* partial: a shard's file (samples only); else the full report. */
json_t	*gs_mc_json(const struct gs_mc_header *, const struct gs_mc_sample *,
	    size_t n, int partial);
void	 gs_mc_table(FILE *, const struct gs_mc_header *,
	    const struct gs_mc_sample *, size_t n);
/* The four statistics of each metric, in report order. */
void	 gs_mc_summary(const struct gs_mc_sample *, size_t n,
	    struct gs_mc_stat out[4]);
extern const char *const gs_mc_metric_names[4];

/*
 * Merge shard (or full) reports.  Every file must describe the same
 * scenario, run, profile, runs, seed and rotation, and together hold each
 * run exactly once.  Fills hdr (strings owned by *keep) and the samples.
 */
int	 gs_mc_merge(char **paths, size_t npaths, struct gs_mc_header *hdr,
	    json_t **keep, struct gs_mc_sample **out, size_t *n,
	    struct gs_error *err);

#endif
