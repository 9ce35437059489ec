/*
 * montecarlo.c: seeded runs over arrival and registration orders.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "engine.h"
#include "hami.h"
#include "metrics.h"
#include "montecarlo.h"
#include "running.h"
#include "util.h"

void
gs_rotate_registration(struct gs_cluster *c, gsl_rng *rng)
{
	size_t	i, n, o;

	for (i = 0; i < c->nnodes; i++) {
		struct gs_node	*node = &c->nodes[i];
		struct gs_device *tmp;

		n = node->ndevs;
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
		node->gen++;
	}
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
	size_t			 nv = 0, r, i, *perm, mine;
	gsl_rng			*rng = gsl_rng_alloc(gsl_rng_mt19937);
	int			 rc = 0;

	perm = xcalloc(w->npods ? w->npods : 1, sizeof *perm);
	v = xcalloc(o->runs ? o->runs : 1, sizeof *v);
	mine = o->nshards > 1 ? (o->runs + o->nshards - 1 - o->shard) /
	    o->nshards : o->runs;	/* runs of this shard */
	for (r = 0; r < o->runs && rc == 0; r++) {
		struct gs_cluster	 cc;
		struct gs_workload	 view;
		struct gs_result	 res;
		struct gs_metrics	 m;

		if (o->nshards > 1 && r % o->nshards != o->shard)
			continue;
		gsl_rng_set(rng, o->seed + r);
		gs_cluster_copy(&cc, c);
		gs_cluster_for_version(&cc, hami_version(cfg));
		if (o->rotate)
			gs_rotate_registration(&cc, rng);
		for (i = 0; i < w->npods; i++)
			perm[i] = i;
		if (w->npods > 1)
			gsl_ran_shuffle(rng, perm, w->npods, sizeof *perm);
		/* A view of the pods in this run's order (no ownership). */
		memset(&view, 0, sizeof view);
		view.pods = xcalloc(w->npods ? w->npods : 1,
		    sizeof *view.pods);
		view.npods = w->npods;
		for (i = 0; i < w->npods; i++)
			view.pods[i] = w->pods[perm[i]];
		if ((rc = gs_engine_run(&cc, &view, cfg, p, &res, err)) == 0) {
			gs_metrics_compute(&m, &cc, &view, cfg, &res);
			v[nv].run = r;
			v[nv].pending = (double)m.pending;
			v[nv].nodes_used = (double)m.nodes_used;
			v[nv].whole_free = (double)m.whole_free;
			v[nv].frag_pct = round6(m.frag_pct);
			nv++;
			gs_metrics_release(&m);
			gs_result_release(&res);
			gs_progress_step(o->progress, nv, mine);
		}
		free(view.pods);
		gs_cluster_release(&cc);
	}
	free(perm);
	gsl_rng_free(rng);
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
