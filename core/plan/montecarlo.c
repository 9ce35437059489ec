/*
 * plan/montecarlo.c: seeded runs over arrival and registration orders.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "plan/montecarlo.h"
#include "sched/sim.h"
#include "util/util.h"

void
gs_rotate_registration(struct gs_cluster *c, gsl_rng *rng)
{
	size_t	i, n, o;

	for (i = 0; i < c->nnodes; i++) {
		struct gs_node	*node = &c->nodes[i];
		struct gs_device *tmp;

		n = node->ndevs;
		/* HAMi's register annotation's order; the NVIDIA device
		 * plugin's devices (issue 18) are not registered through it
		 * and keep their order. */
		if (n > 0 && node->devs[0].kind != GS_DEV_HAMI)
			continue;
		/*
		 * Up to 8 GPUs sit in one map bucket in NVML order; Go starts
		 * iterating at a random slot of 8 and wraps, so offsets past
		 * the last GPU give the NVML order too.  Larger maps are left
		 * in NVML order (not modelled).
		 */
		if (n < 2 || n > 8)
			continue;
		o = (size_t)gsl_rng_uniform_int(rng, 8);
		if (o == 0 || o >= n)
			continue;
		tmp = xcalloc(n, sizeof *tmp);
		memcpy(tmp, node->devs + o, (n - o) * sizeof *tmp);
		memcpy(tmp + (n - o), node->devs, o * sizeof *tmp);
		memcpy(node->devs, tmp, n * sizeof *tmp);
		free(tmp);
		gs_cluster_touch(c, i);
	}
}

/* One seeded run: its generator, and the pods in its order. */
struct mc_run {
	gsl_rng			*rng;
	int			 rotate;
	const struct gs_workload *w;
	size_t			*perm;
	struct gs_workload	 view;	/* w's pods in this run's order */
};

/*
 * gs_sim_opts.prepare: on the cluster as the scheduler sees it, the
 * run's registration order, then its arrival order, both from the run's
 * generator in that order (the engine reads the view only after this).
 */
static void
prepare(struct gs_cluster *c, void *arg)
{
	struct mc_run	*mr = arg;
	size_t		 i, n = mr->w->npods;

	if (mr->rotate)
		gs_rotate_registration(c, mr->rng);
	for (i = 0; i < n; i++)
		mr->perm[i] = i;
	if (n > 1)
		gsl_ran_shuffle(mr->rng, mr->perm, n, sizeof *mr->perm);
	for (i = 0; i < n; i++)
		mr->view.pods[i] = mr->w->pods[mr->perm[i]];
}

static double
round6(double x)
{
	return round(x * 1e6) / 1e6;
}

int
gs_montecarlo(const struct gs_cluster *c, const struct gs_workload *w,
    const struct gs_config *cfg, const struct gs_policy *p,
    const struct gs_mc_opts *o, struct gs_mc_sample **out, size_t *n,
    struct gs_error *err)
{
	struct gs_mc_sample	*v = NULL;
	struct gs_sim_opts	 so;
	struct mc_run		 mr;
	size_t			 nv = 0, r, mine;
	int			 rc = 0;

	memset(&mr, 0, sizeof mr);
	mr.rng = gsl_rng_alloc(gsl_rng_mt19937);
	mr.rotate = o->rotate;
	mr.w = w;
	mr.perm = xcalloc(w->npods ? w->npods : 1, sizeof *mr.perm);
	/* A view of the pods (no ownership), filled by prepare. */
	mr.view.pods = xcalloc(w->npods ? w->npods : 1, sizeof *mr.view.pods);
	mr.view.npods = w->npods;
	memset(&so, 0, sizeof so);
	so.prepare = prepare;
	so.arg = &mr;
	v = xcalloc(o->runs ? o->runs : 1, sizeof *v);
	mine = o->nshards > 1 ? (o->runs + o->nshards - 1 - o->shard) /
	    o->nshards : o->runs;	/* runs of this shard */
	for (r = 0; r < o->runs; r++) {
		struct gs_sim	sim;

		if (o->nshards > 1 && r % o->nshards != o->shard)
			continue;
		gsl_rng_set(mr.rng, o->seed + r);
		if ((rc = gs_simulate(c, &mr.view, cfg, p, &so, &sim,
		    err)) != 0) {
			gs_sim_release(&sim);
			break;
		}
		v[nv].run = r;
		v[nv].pending = (double)sim.m.pending;
		v[nv].nodes_used = (double)sim.m.nodes_used;
		v[nv].whole_free = (double)sim.m.whole_free;
		v[nv].frag_pct = round6(sim.m.frag_pct);
		nv++;
		gs_sim_release(&sim);
		gs_progress_step(o->progress, nv, mine);
	}
	free(mr.view.pods);
	free(mr.perm);
	gsl_rng_free(mr.rng);
	*out = v;
	*n = nv;
	return rc;
}

void
gs_mc_stat(const double *v, size_t n, struct gs_mc_stat *out)
{
	double	*s;

	memset(out, 0, sizeof *out);
	if (n == 0)
		return;
	s = xcalloc(n, sizeof *s);
	memcpy(s, v, n * sizeof *s);
	gsl_sort(s, 1, n);
	out->mean = round6(gsl_stats_mean(s, 1, n));
	out->p50 = round6(gsl_stats_quantile_from_sorted_data(s, 1, n, 0.5));
	out->p95 = round6(gsl_stats_quantile_from_sorted_data(s, 1, n, 0.95));
	out->max = s[n - 1];
	free(s);
}
