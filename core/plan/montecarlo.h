/*
 * plan/montecarlo.h: the same workload over many runs, each with its own
 * arrival order (a seeded shuffle of the pods) and, optionally, the GPU
 * registration order HAMi's device plugin produces (a rotation drawn the
 * way Go's map iteration starts, spec §2.4).  Run r uses GSL's mt19937
 * seeded with seed + r, so any subset of runs (a shard) gives the same
 * samples as the whole.
 */
#ifndef GS_MONTECARLO_H
#define GS_MONTECARLO_H

#include <gsl/gsl_rng.h>

#include "model/model.h"
#include "sched/policy.h"
#include "util/progress.h"

struct gs_mc_sample {
	size_t	run;
	double	pending;
	double	nodes_used;
	double	whole_free;
	double	frag_pct;	/* rounded to 1e-6 */
};

struct gs_mc_opts {
	size_t		runs;
	unsigned long	seed;
	int		rotate;		/* rotate GPU registration order */
	size_t		shard, nshards;	/* this shard: runs r % nshards == shard */
	const struct gs_progress *progress;	/* runs done; may be NULL */
};

struct gs_mc_stat {
	double	mean, p50, p95, max;
};

/* Rotate each node's registration order as the device plugin may. */
void	gs_rotate_registration(struct gs_cluster *c, gsl_rng *rng);
/* The runs of this shard, in run order; -1 with err when a run failed
 * (*out, *n hold the runs before it, freed as always). */
int	gs_montecarlo(const struct gs_cluster *c, const struct gs_workload *w,
	    const struct gs_config *cfg, const struct gs_policy *p,
	    const struct gs_mc_opts *o, struct gs_mc_sample **out, size_t *n,
	    struct gs_error *err);
/* Mean, median, 95th percentile and maximum (GSL statistics). */
void	gs_mc_stat(const double *v, size_t n, struct gs_mc_stat *out);

#endif
