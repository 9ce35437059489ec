/*
 * report/montecarlo.c: Monte Carlo JSON and tables (merging of shards:
 * plan/mc_merge.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/montecarlo.h"

const char *const gs_mc_metric_names[4] = { "pending_pods", "nodes_used",
    "whole_gpus_free", "fragmentation_pct" };

static double
metric(const struct gs_mc_sample *s, int k)
{
	switch (k) {
	case 0:
		return s->pending;
	case 1:
		return s->nodes_used;
	case 2:
		return s->whole_free;
	default:
		return s->frag_pct;
	}
}

void
gs_mc_summary(const struct gs_mc_sample *v, size_t n, struct gs_mc_stat out[4])
{
	double	*x = xcalloc(n ? n : 1, sizeof *x);
	size_t	 i;
	int	 k;

	for (k = 0; k < 4; k++) {
		for (i = 0; i < n; i++)
			x[i] = metric(&v[i], k);
		gs_mc_stat(x, n, &out[k]);
	}
	free(x);
}

json_t *
gs_mc_json(const struct gs_mc_header *h, const struct gs_mc_sample *v,
    size_t n, int partial)
{
	json_t	*o = json_object(), *samples = json_array(), *sum;
	struct gs_mc_stat st[4];
	size_t	 i;
	int	 k;

	json_object_set_new(o, "gpusched_version", json_string(GS_VERSION));
	json_object_set_new(o, "schema_version",
	    json_integer(GS_SCHEMA_VERSION));
	json_object_set_new(o, "scenario", json_string(h->scenario));
	json_object_set_new(o, "run", json_string(h->run));
	json_object_set_new(o, "profile", json_string(h->profile));
	json_object_set_new(o, "montecarlo", json_pack("{s:I,s:I,s:b}",
	    "runs", (json_int_t)h->opts.runs, "seed",
	    (json_int_t)h->opts.seed, "rotate_registration", h->opts.rotate));
	if (partial) {
		char	shard[64];

		snprintf(shard, sizeof shard, "%zu/%zu", h->opts.shard,
		    h->opts.nshards);
		json_object_set_new(o, "shard", json_string(shard));
	} else {
		gs_mc_summary(v, n, st);
		sum = json_object();
		for (k = 0; k < 4; k++)
			json_object_set_new(sum, gs_mc_metric_names[k],
			    json_pack("{s:f,s:f,s:f,s:f}", "mean", st[k].mean,
			    "p50", st[k].p50, "p95", st[k].p95, "max",
			    st[k].max));
		json_object_set_new(o, "summary", sum);
	}
	for (i = 0; i < n; i++)
		json_array_append_new(samples, json_pack("{s:I,s:f,s:f,s:f,"
		    "s:f}", "run", (json_int_t)v[i].run, "pending_pods",
		    v[i].pending, "nodes_used", v[i].nodes_used,
		    "whole_gpus_free", v[i].whole_free, "fragmentation_pct",
		    v[i].frag_pct));
	json_object_set_new(o, "samples", samples);
	return o;
}

void
gs_mc_table(FILE *fp, const struct gs_mc_header *h,
    const struct gs_mc_sample *v, size_t n)
{
	static const char *const titles[4] = { "pending pods", "nodes used",
	    "whole GPUs free", "fragmentation (% idle)" };
	struct gs_mc_stat	st[4];
	int			k;

	gs_mc_summary(v, n, st);
	fprintf(fp, "scenario %s, run %s: profile %s, %zu runs, seed %lu "
	    "(run r uses seed + r), pod order shuffled%s\n\n", h->scenario,
	    h->run, h->profile, h->opts.runs, h->opts.seed, h->opts.rotate ?
	    ", GPU registration order drawn" : "");
	fprintf(fp, "%-24s  %10s  %10s  %10s  %10s\n", "METRIC", "MEAN", "P50",
	    "P95", "MAX");
	for (k = 0; k < 4; k++)
		fprintf(fp, "%-24s  %10.2f  %10.2f  %10.2f  %10.2f\n",
		    titles[k], st[k].mean, st[k].p50, st[k].p95, st[k].max);
}
