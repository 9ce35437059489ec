/*
 * report_mc.c: Monte Carlo JSON and tables, and merging of shards.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "report_mc.h"

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

static double
round6(double x)
{
	return round(x * 1e6) / 1e6;
}

static int
cmp_run(const void *a, const void *b)
{
	size_t	x = ((const struct gs_mc_sample *)a)->run;
	size_t	y = ((const struct gs_mc_sample *)b)->run;

	return (x > y) - (x < y);
}

static int
same_str(json_t *a, json_t *b, const char *key)
{
	const char	*x = json_string_value(json_object_get(a, key));
	const char	*y = json_string_value(json_object_get(b, key));

	return x != NULL && y != NULL && strcmp(x, y) == 0;
}

int
gs_mc_merge(char **paths, size_t npaths, struct gs_mc_header *hdr,
    json_t **keep, struct gs_mc_sample **out, size_t *n, struct gs_error *err)
{
	struct gs_mc_sample	*v = NULL;
	size_t			 nv = 0, cap = 0, i, k;
	json_t			*first = NULL, *o, *mc, *s;
	json_error_t		 je;
	char			*buf;
	size_t			 len;

	for (i = 0; i < npaths; i++) {
		/* Read first: a missing file is an I/O error, not bad JSON. */
		if (gs_read_file(paths[i], &buf, &len, err) != 0)
			goto fail;
		o = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &je);
		free(buf);
		if (o == NULL) {
			gs_error_set(err, paths[i], je.line > 0 ? je.line : 0,
			    je.column > 0 ? je.column : 0, "%s", je.text);
			goto fail;
		}
		mc = json_object_get(o, "montecarlo");
		if (!json_is_object(mc) || !json_is_array(json_object_get(o,
		    "samples")) || !json_is_string(json_object_get(o,
		    "scenario")) || !json_is_string(json_object_get(o, "run")) ||
		    !json_is_string(json_object_get(o, "profile")) ||
		    !json_is_integer(json_object_get(mc, "runs")) ||
		    !json_is_integer(json_object_get(mc, "seed"))) {
			json_decref(o);
			gs_error_set(err, paths[i], 1, 1, "not a gpusched Monte "
			    "Carlo report (plan montecarlo -o json)");
			goto fail;
		}
		if (first == NULL)
			first = o;
		else {
			if (!same_str(o, first, "scenario") ||
			    !same_str(o, first, "run") ||
			    !same_str(o, first, "profile") ||
			    !json_equal(mc, json_object_get(first,
			    "montecarlo"))) {
				json_decref(o);
				gs_error_set(err, paths[i], 1, 1, "describes "
				    "another sweep than %s (scenario, run, "
				    "profile, runs, seed and rotation must "
				    "match)", paths[0]);
				goto fail;
			}
		}
		json_array_foreach(json_object_get(o, "samples"), k, s) {
			json_t *r = json_object_get(s, "run");

			if (!json_is_integer(r) || json_integer_value(r) < 0) {
				gs_error_set(err, paths[i], 1, 1, "sample %zu "
				    "has no run number", k);
				if (o != first)
					json_decref(o);
				goto fail;
			}
			grow_array(&v, &cap, nv + 1, sizeof *v);
			v[nv].run = (size_t)json_integer_value(r);
			v[nv].pending = json_number_value(json_object_get(s,
			    "pending_pods"));
			v[nv].nodes_used = json_number_value(json_object_get(s,
			    "nodes_used"));
			v[nv].whole_free = json_number_value(json_object_get(s,
			    "whole_gpus_free"));
			v[nv].frag_pct = round6(json_number_value(
			    json_object_get(s, "fragmentation_pct")));
			nv++;
		}
		if (o != first)
			json_decref(o);
	}
	if (first == NULL) {
		gs_error_set(err, NULL, 0, 0, "nothing to merge");
		goto fail;
	}
	mc = json_object_get(first, "montecarlo");
	qsort(v, nv, sizeof *v, cmp_run);
	hdr->opts.runs = (size_t)json_integer_value(json_object_get(mc,
	    "runs"));
	for (k = 0; k < nv; k++)
		if (v[k].run != k) {
			if (v[k].run < k)
				gs_error_set(err, NULL, 0, 0, "run %zu is in "
				    "two files", v[k].run);
			else
				gs_error_set(err, NULL, 0, 0, "run %zu is "
				    "missing", k);
			goto fail;
		}
	if (nv != hdr->opts.runs) {
		gs_error_set(err, NULL, 0, 0, "%zu of %zu runs present", nv,
		    hdr->opts.runs);
		goto fail;
	}
	hdr->scenario = json_string_value(json_object_get(first, "scenario"));
	hdr->run = json_string_value(json_object_get(first, "run"));
	hdr->profile = json_string_value(json_object_get(first, "profile"));
	hdr->opts.seed = (unsigned long)json_integer_value(json_object_get(mc,
	    "seed"));
	hdr->opts.rotate = json_is_true(json_object_get(mc,
	    "rotate_registration"));
	hdr->opts.nshards = 1;
	*keep = first;
	*out = v;
	*n = nv;
	return 0;
fail:
	json_decref(first);
	free(v);
	return -1;
}
