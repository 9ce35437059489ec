/*
 * report/replay.c: writers for `gpusched replay`: the curves and summaries
 * of each policy's replays as a table, JSON and CSV.  Percentages are
 * rounded to 4 decimals in JSON and CSV so that output is stable across
 * libm versions; a bucket without data is null (JSON) or empty (CSV).
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "report/report.h"
#include "report/replay.h"
#include "sched/policy.h"

void
gs_replay_set_curves(struct gs_replay_set *s, int timed, int64_t interval)
{
	size_t	i;

	s->curves = xcalloc(s->nseeds, sizeof *s->curves);
	for (i = 0; i < s->nseeds; i++) {
		if (timed)
			s->npoints = gs_replay_curve_timed(&s->res[i], interval,
			    INT64_MAX, &s->curves[i]);
		else {
			s->npoints = GS_RCURVE_MAX + 1;
			s->curves[i] = xcalloc(s->npoints,
			    sizeof *s->curves[i]);
			gs_replay_curve(&s->res[i], s->curves[i]);
		}
	}
	s->stats = xcalloc(s->npoints ? s->npoints : 1, sizeof *s->stats);
	gs_replay_curve_stats((const struct gs_rpoint *const *)s->curves,
	    s->nseeds, s->npoints, s->stats);
	if (timed) {
		/* First to last arrival as one point, per seed, then across
		 * seeds: after the last arrival the cluster only drains. */
		struct gs_rpoint	**one;
		int64_t			  span;

		one = xcalloc(s->nseeds, sizeof *one);
		for (i = 0; i < s->nseeds; i++) {
			span = s->res[i].t_arrive - s->res[i].t0 + 1;
			(void)gs_replay_curve_timed(&s->res[i], span,
			    s->res[i].t_arrive, &one[i]);
		}
		gs_replay_curve_stats((const struct gs_rpoint *const *)one,
		    s->nseeds, 1, &s->whole);
		for (i = 0; i < s->nseeds; i++)
			free(one[i]);
		free(one);
	}
}

void
gs_replay_set_release(struct gs_replay_set *s)
{
	size_t	i;

	for (i = 0; i < s->nseeds; i++) {
		gs_replay_result_release(&s->res[i]);
		if (s->curves != NULL)
			free(s->curves[i]);
	}
	free(s->res);
	free(s->curves);
	free(s->stats);
	memset(s, 0, sizeof *s);
}

static double
r4(double x)
{
	return round(x * 1e4) / 1e4;
}

static json_t *
jnum(double x)
{
	return isnan(x) ? json_null() : json_real(r4(x));
}

static const struct gs_rpoint_stats *
at100(const struct gs_replay_set *s)
{
	return &s->stats[100];
}

/* Median, and with several seeds min and max as NAME_min / NAME_max. */
static void
jstat(json_t *o, const char *name, const struct gs_rstat *st, int range)
{
	char	key[64];

	json_object_set_new(o, name, jnum(st->med));
	if (!range)
		return;
	snprintf(key, sizeof key, "%s_min", name);
	json_object_set_new(o, key, jnum(st->min));
	snprintf(key, sizeof key, "%s_max", name);
	json_object_set_new(o, key, jnum(st->max));
}

static int
is_volcano(const struct gs_replay_set *s)
{
	return strcmp(s->policy->family, "volcano") == 0;
}

/*
 * The settings the share view applies (sched/peer_rules.c): an unset or
 * unknown SchedulePolicy walks every volcano-* entry as Volcano's default
 * branch; a set one leaves each entry its own walk (the entry names the
 * policy); ScheduleWeight multiplies the score (0 when not above 0);
 * VGPUEnable false leaves GPU pods pending.
 */
int
gs_report_replay_volcano(const struct gs_replay_report *rp, char *buf,
    size_t len)
{
	const struct gs_vc_sched	*vs = &rp->opts->volcano;
	size_t				 i, n = 0, at;

	if (!vs->given || rp->volcano_path == NULL)
		return 0;
	at = (size_t)snprintf(buf, len, "%s: deviceshare.SchedulePolicy %s%s, "
	    "ScheduleWeight %d%s, VGPUEnable %s", rp->volcano_path,
	    vs->nopolicy || vs->profile == NULL ? "unset (devices walked from "
	    "the last, scoring 0)" : vs->profile + strlen("volcano-"),
	    vs->nopolicy || vs->profile == NULL ? "" : " (each volcano-* "
	    "entry keeps its own walk)", vs->weight, vs->weight > 0 ? "" : " (node score 0)",
	    vs->vgpu ? "true" : "false (GPU pods pending)");
	for (i = 0; i < rp->nsets && at < len; i++)
		if (is_volcano(&rp->sets[i]))
			at += (size_t)snprintf(buf + at, len - at, "%s%s",
			    n++ == 0 ? "; applied to " : ", ",
			    rp->sets[i].policy->name);
	if (n == 0 && at < len)
		snprintf(buf + at, len - at, "; no volcano-* policy replayed");
	return 1;
}

static json_t *
set_json(const struct gs_replay_report *rp, const struct gs_replay_set *s)
{
	json_t	*o = json_object(), *curve = json_array(), *sum, *seeds;
	int	 range = s->nseeds > 1, timed = rp->opts->timed;
	size_t	 i;

	json_object_set_new(o, "policy",
	    json_string(s->policy->name));
	if (strcmp(s->policy->family, "hami") == 0) {
		const char *node, *gpu;

		gs_replay_hami_policies(s->policy, rp->opts->node_policy,
		    rp->opts->gpu_policy, &node, &gpu);
		json_object_set_new(o, "scheduler", json_pack("{s:s,s:s,s:s}",
		    "profile", gs_policy_hami_profile(s->policy)->name,
		    "nodeSchedulerPolicy", node, "gpuSchedulerPolicy", gpu));
	}
	if (is_volcano(s) && rp->opts->volcano.given &&
	    rp->volcano_path != NULL) {
		json_t *vc = gs_report_volcano_json(&rp->opts->volcano);

		json_object_set_new(vc, "file", json_string(rp->volcano_path));
		json_object_set_new(o, "scheduler", json_pack("{s:s,s:o}",
		    "profile", s->policy->name, "volcanoConfig", vc));
	}
	json_object_set_new(o, "nodes", json_string(rp->nodes_path));
	json_object_set_new(o, "pods", json_string(rp->pods_path));
	json_object_set_new(o, "timed", json_boolean(timed));
	for (i = 0; i < s->npoints; i++) {
		const struct gs_rpoint_stats	*st = &s->stats[i];
		json_t				*pt = json_object();

		json_object_set_new(pt, timed ? "time_s" : "arrived_pct",
		    json_integer(st->x));
		jstat(pt, "alloc_pct", &st->alloc, range);
		jstat(pt, "unalloc_pct", &st->unalloc, range);
		jstat(pt, "frag_pct", &st->frag, range);
		jstat(pt, "frag_ratio", &st->frag_ratio, range);
		if (timed) {
			jstat(pt, "running", &st->running, range);
			jstat(pt, "pending", &st->pending, range);
		}
		json_array_append_new(curve, pt);
	}
	json_object_set_new(o, "curve", curve);

	sum = json_object();
	json_object_set_new(sum, "gpus", json_integer(rp->gpus));
	json_object_set_new(sum, "trace_pods",
	    json_integer((json_int_t)rp->trace_pods));
	json_object_set_new(sum, "typical_shapes",
	    json_integer((json_int_t)s->res[0].ntypical));
	json_object_set_new(sum, "typical_cover_pct",
	    jnum(100 * s->res[0].typical_cover));
	if (timed) {
		jstat(sum, "mean_alloc_pct", &s->whole.alloc, range);
		jstat(sum, "mean_unalloc_pct", &s->whole.unalloc, range);
		jstat(sum, "mean_frag_pct", &s->whole.frag, range);
		jstat(sum, "mean_frag_ratio", &s->whole.frag_ratio, range);
		jstat(sum, "mean_running", &s->whole.running, range);
		jstat(sum, "mean_pending", &s->whole.pending, range);
	} else {
		json_object_set_new(sum, "arrived_pct", json_integer(100));
		jstat(sum, "alloc_pct", &at100(s)->alloc, range);
		jstat(sum, "unalloc_pct", &at100(s)->unalloc, range);
		jstat(sum, "frag_pct", &at100(s)->frag, range);
		jstat(sum, "frag_ratio", &at100(s)->frag_ratio, range);
	}
	seeds = json_array();
	for (i = 0; i < s->nseeds; i++) {
		const struct gs_replay_result	*r = &s->res[i];
		json_t				*so = json_object();
		char				 dig[17];

		json_object_set_new(so, "seed", json_integer((json_int_t)
		    r->seed));
		json_object_set_new(so, "pods", json_integer((json_int_t)
		    r->npods));
		if (!timed) {
			json_object_set_new(so, "clones",
			    json_integer((json_int_t)r->nclones));
			json_object_set_new(so, "removed",
			    json_integer((json_int_t)r->nremoved));
		}
		json_object_set_new(so, "placed", json_integer((json_int_t)
		    r->placed));
		json_object_set_new(so, "failed", json_integer((json_int_t)
		    r->failed));
		json_object_set_new(so, "failed_gpu_milli",
		    json_integer(r->failed_milli));
		if (timed) {
			json_object_set_new(so, "placed_after_wait",
			    json_integer((json_int_t)r->waited));
			json_object_set_new(so, "expired",
			    json_integer((json_int_t)r->expired));
			json_object_set_new(so, "waiting_at_end",
			    json_integer((json_int_t)r->never));
			json_object_set_new(so, "peak_pending",
			    json_integer(r->peak_pending));
			json_object_set_new(so, "peak_alloc_pct",
			    jnum((double)r->peak_used /
			    (double)(r->gpus * 10)));
			json_object_set_new(so, "wait_mean_s",
			    jnum(r->waited ? r->wait_mean : NAN));
			json_object_set_new(so, "wait_p50_s",
			    jnum(r->waited ? r->wait_p50 : NAN));
			json_object_set_new(so, "wait_p95_s",
			    jnum(r->waited ? r->wait_p95 : NAN));
			json_object_set_new(so, "wait_max_s",
			    jnum(r->waited ? r->wait_max : NAN));
		}
		snprintf(dig, sizeof dig, "%016llx",
		    (unsigned long long)r->digest);
		json_object_set_new(so, "digest", json_string(dig));
		json_array_append_new(seeds, so);
	}
	json_object_set_new(sum, "seeds", seeds);
	json_object_set_new(o, "summary", sum);
	return o;
}

json_t *
gs_report_replay_json(const struct gs_replay_report *rp)
{
	json_t	*a;
	size_t	 i;

	if (rp->nsets == 1)
		return set_json(rp, &rp->sets[0]);
	a = json_array();
	for (i = 0; i < rp->nsets; i++)
		json_array_append_new(a, set_json(rp, &rp->sets[i]));
	return json_pack("{s:o}", "replays", a);
}

static void
csv_num(FILE *fp, double x)
{
	if (isnan(x))
		fputs(",", fp);
	else
		fprintf(fp, ",%.4f", r4(x));
}

static void
csv_stat(FILE *fp, const struct gs_rstat *st, int range)
{
	csv_num(fp, st->med);
	if (range) {
		csv_num(fp, st->min);
		csv_num(fp, st->max);
	}
}

static void
csv_head(FILE *fp, const char *name, int range)
{
	fprintf(fp, ",%s", name);
	if (range)
		fprintf(fp, ",%s_min,%s_max", name, name);
}

void
gs_report_replay_csv(FILE *fp, const struct gs_replay_report *rp)
{
	int	timed = rp->opts->timed, range = 0;
	size_t	i, k;

	for (i = 0; i < rp->nsets; i++)
		if (rp->sets[i].nseeds > 1)
			range = 1;
	fprintf(fp, "policy,%s", timed ? "time_s" : "arrived_pct");
	if (!timed)
		fprintf(fp, ",ideal_unalloc_pct");
	csv_head(fp, "alloc_pct", range);
	csv_head(fp, "unalloc_pct", range);
	csv_head(fp, "frag_pct", range);
	csv_head(fp, "frag_ratio", range);
	if (timed) {
		csv_head(fp, "running", range);
		csv_head(fp, "pending", range);
	}
	fputc('\n', fp);
	for (i = 0; i < rp->nsets; i++) {
		const struct gs_replay_set *s = &rp->sets[i];

		for (k = 0; k < s->npoints; k++) {
			const struct gs_rpoint_stats *st = &s->stats[k];

			fprintf(fp, "%s,%lld", s->policy->name,
			    (long long)st->x);
			if (!timed)
				fprintf(fp, ",%lld", (long long)(100 - st->x));
			csv_stat(fp, &st->alloc, range);
			csv_stat(fp, &st->unalloc, range);
			csv_stat(fp, &st->frag, range);
			csv_stat(fp, &st->frag_ratio, range);
			if (timed) {
				csv_stat(fp, &st->running, range);
				csv_stat(fp, &st->pending, range);
			}
			fputc('\n', fp);
		}
	}
}

/* "4.77" or, with several seeds, "4.77 [4.62-4.94]"; "-" for no data. */
static void
tab_stat(FILE *fp, int width, const struct gs_rstat *st, int range)
{
	char	buf[64];

	if (isnan(st->med))
		snprintf(buf, sizeof buf, "-");
	else if (range)
		snprintf(buf, sizeof buf, "%.2f [%.2f-%.2f]", st->med, st->min,
		    st->max);
	else
		snprintf(buf, sizeof buf, "%.2f", st->med);
	fprintf(fp, "  %*s", width, buf);
}

static void
seeds_text(const struct gs_replay_set *s, char *buf, size_t len)
{
	if (s->nseeds == 1)
		snprintf(buf, len, "seed %lu", s->res[0].seed);
	else
		snprintf(buf, len, "%zu seeds %lu-%lu (median [min-max])",
		    s->nseeds, s->res[0].seed, s->res[s->nseeds - 1].seed);
}

/* The widest policy name of the report, for the first column. */
static int
name_width(const struct gs_replay_report *rp)
{
	size_t	i, w = 6;

	for (i = 0; i < rp->nsets; i++)
		if (strlen(rp->sets[i].policy->name) > w)
			w = strlen(rp->sets[i].policy->name);
	return (int)w;
}

/* A curve column: wide enough for the values and the policy's name. */
static int
colw(const struct gs_replay_report *rp, size_t i, int w)
{
	int n = (int)strlen(rp->sets[i].policy->name);

	return n > w ? n : w;
}

/* Pods that failed, the median over seeds. */
static double
median_failed(const struct gs_replay_set *s)
{
	double	*v = xcalloc(s->nseeds, sizeof *v), m;
	size_t	 i;

	for (i = 0; i < s->nseeds; i++)
		v[i] = (double)s->res[i].failed;
	gsl_sort(v, 1, s->nseeds);
	m = gsl_stats_median_from_sorted_data(v, 1, s->nseeds);
	free(v);
	return m;
}

static void
table_timed(FILE *fp, const struct gs_replay_report *rp, int range, int w,
    int pw)
{
	size_t	i, k, step;

	fprintf(fp, "\nmeans from the first to the last arrival:\n"
	    "%-*s  %*s  %*s  %*s  %*s  %*s\n", pw, "policy",
	    w, "alloc%", w, "frag%", w, "frag-ratio%", w, "running",
	    w, "pending");
	for (i = 0; i < rp->nsets; i++) {
		const struct gs_replay_set *s = &rp->sets[i];

		fprintf(fp, "%-*s", pw, s->policy->name);
		tab_stat(fp, w, &s->whole.alloc, range);
		tab_stat(fp, w, &s->whole.frag, range);
		tab_stat(fp, w, &s->whole.frag_ratio, range);
		tab_stat(fp, w, &s->whole.running, range);
		tab_stat(fp, w, &s->whole.pending, range);
		fputc('\n', fp);
	}
	fprintf(fp, "\nqueueing%s; waits in seconds of pods placed after "
	    "waiting:\n%-*s  %7s  %7s  %7s  %7s  %7s  %9s  %9s  %9s  %9s\n",
	    rp->sets[0].nseeds > 1 ? " (first seed)" : "", pw, "policy",
	    "placed",
	    "waited", "expired", "peak-q", "peak-a%", "mean", "p50", "p95",
	    "max");
	for (i = 0; i < rp->nsets; i++) {
		const struct gs_replay_set	*s = &rp->sets[i];
		const struct gs_replay_result	*r = &s->res[0];

		fprintf(fp, "%-*s  %7zu  %7zu  %7zu  %7d  %7.2f  %9.0f  %9.0f  "
		    "%9.0f  %9.0f\n", pw, s->policy->name, r->placed,
		    r->waited, r->expired, (int)r->peak_pending,
		    (double)r->peak_used / (double)(r->gpus * 10), r->wait_mean,
		    r->wait_p50, r->wait_p95, r->wait_max);
	}
	fprintf(fp, "\nallocated GPU %% over time (%lld s per point):\n%10s",
	    (long long)rp->opts->interval, "time_s");
	for (i = 0; i < rp->nsets; i++)
		fprintf(fp, "  %*s", colw(rp, i, w),
		    rp->sets[i].policy->name);
	fputc('\n', fp);
	step = (rp->sets[0].npoints + 14) / 15;
	for (k = 0; k < rp->sets[0].npoints; k += step) {
		fprintf(fp, "%10lld", (long long)rp->sets[0].stats[k].x);
		for (i = 0; i < rp->nsets; i++)
			tab_stat(fp, colw(rp, i, w),
			    &rp->sets[i].stats[k].alloc, range);
		fputc('\n', fp);
	}
}

void
gs_report_replay_table(FILE *fp, const struct gs_replay_report *rp)
{
	const struct gs_replay_set	*s0 = &rp->sets[0];
	char				 seeds[96], vbuf[1024];
	size_t				 i, k;
	int				 range = s0->nseeds > 1;
	int				 w = range ? 21 : 9, pw = name_width(rp);

	seeds_text(s0, seeds, sizeof seeds);
	fprintf(fp, "cluster: %zu nodes, %lld GPUs (%s)\n", rp->cl->nnodes,
	    (long long)rp->gpus, rp->nodes_path);
	fprintf(fp, "pods:    %zu (%s); ", rp->trace_pods, rp->pods_path);
	if (rp->opts->timed)
		fprintf(fp, "timed replay, %s\n", seeds);
	else if (rp->opts->tune > 0 && s0->res[0].nremoved > 0)
		fprintf(fp, "cut to %g x GPU capacity by removing %zu pods%s; "
		    "%s\n", rp->opts->tune, s0->res[0].nremoved, s0->nseeds > 1 ?
		    " (first seed)" : "", seeds);
	else if (rp->opts->tune > 0)
		fprintf(fp, "topped up to %g x GPU capacity with %zu clones%s; "
		    "%s\n", rp->opts->tune, s0->res[0].nclones, s0->nseeds > 1 ?
		    " (first seed)" : "", seeds);
	else
		fprintf(fp, "no top-up; %s\n", seeds);
	fprintf(fp, "typical pods: %zu shapes covering %.2f%% of pods\n",
	    s0->res[0].ntypical, 100 * s0->res[0].typical_cover);
	if (gs_report_replay_volcano(rp, vbuf, sizeof vbuf))
		fprintf(fp, "volcano config: %s\n", vbuf);
	if (rp->opts->timed) {
		table_timed(fp, rp, range, w, pw);
		return;
	}
	fprintf(fp, "\nat 100%% arrived:\n%-*s  %*s  %*s  %*s  %*s  %8s\n",
	    pw, "policy", w, "alloc%", w, "unalloc%", w, "frag%", w,
	    "frag-ratio%", range ? "failed*" : "failed");
	for (i = 0; i < rp->nsets; i++) {
		const struct gs_replay_set *s = &rp->sets[i];

		fprintf(fp, "%-*s", pw, s->policy->name);
		tab_stat(fp, w, &at100(s)->alloc, range);
		tab_stat(fp, w, &at100(s)->unalloc, range);
		tab_stat(fp, w, &at100(s)->frag, range);
		tab_stat(fp, w, &at100(s)->frag_ratio, range);
		fprintf(fp, "  %8.0f\n", median_failed(s));
	}
	if (range)
		fprintf(fp, "* the median over seeds\n");
	fprintf(fp, "\nunallocated GPU %% by arrived GPU %% (ideal: 100 - "
	    "arrived):\n%7s  %5s", "arrived", "ideal");
	for (i = 0; i < rp->nsets; i++)
		fprintf(fp, "  %*s", colw(rp, i, w),
		    rp->sets[i].policy->name);
	fputc('\n', fp);
	for (k = 0; k <= GS_RCURVE_MAX; k += 10) {
		fprintf(fp, "%7zu  %5d", k, 100 - (int)k);
		for (i = 0; i < rp->nsets; i++)
			tab_stat(fp, colw(rp, i, w),
			    &rp->sets[i].stats[k].unalloc, range);
		fputc('\n', fp);
	}
}
