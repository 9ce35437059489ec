/*
 * plan/mc_merge.c: `gpusched merge`: read the shard reports of a Monte Carlo
 * sweep, check each against the report's schema, and put their samples
 * back in run order.
 *
 * A shard is read like every other input (the common file reader, the
 * located YAML/JSON tree), so each problem is reported at the file, line
 * and column of the field that holds it.  Nothing a shard says is trusted:
 * the schema version, the sweep (scenario, run, profile, runs, seed,
 * rotation), the shard and every sample's run and metrics are checked
 * before a number is used.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/montecarlo.h"
#include "load/yamltree.h"

#define MC_MAX_RUNS	10000000	/* plan montecarlo --runs */
#define MC_MAX_SHARDS	100000		/* plan montecarlo --shard */

/* One shard's header, as read. */
struct shard {
	const char	*scenario, *run, *profile;
	int64_t		 runs, seed;
	int		 rotate;
	int64_t		 shard, nshards;	/* 0/1 for a full report */
	const struct yt_node *root;
};

/* A sample with where it came from, for the duplicate check. */
struct located {
	struct gs_mc_sample	 s;
	size_t			 file;
	int			 line, col;
};

static double
round6(double x)
{
	return round(x * 1e6) / 1e6;
}

static int
cmp_run(const void *a, const void *b)
{
	const struct located	*x = a, *y = b;

	if (x->s.run != y->s.run)
		return (x->s.run > y->s.run) - (x->s.run < y->s.run);
	if (x->file != y->file)
		return (x->file > y->file) - (x->file < y->file);
	return (x->line > y->line) - (x->line < y->line);
}

/* A mapping's required field. */
static const struct yt_node *
need(const struct yt_file *f, const struct yt_node *map, const char *key,
    const char *where, struct gs_error *err)
{
	const struct yt_node	*v = yt_get(map, key);

	if (v == NULL)
		yt_error(f, map, err, "%s has no '%s'", where, key);
	return v;
}

/* A finite number in [lo, hi]; whole when asked. */
static int
number(const struct yt_file *f, const struct yt_node *n, const char *what,
    double lo, double hi, int whole, double *out, struct gs_error *err)
{
	const char	*s;
	char		*end;
	double		 x;

	if (yt_string(f, n, what, &s, err) != 0)
		return -1;
	errno = 0;
	x = strtod(s, &end);
	if (end == s || *end != '\0' || !n->plain || strchr(s, 'x') ||
	    strchr(s, 'X') || strchr(s, 'n') || strchr(s, 'N'))
		return yt_error(f, n, err, "'%s' must be a number, got '%s'",
		    what, s);
	if (!isfinite(x) || errno == ERANGE)
		return yt_error(f, n, err, "'%s' must be a finite number, got "
		    "'%s'", what, s);
	if (x < lo || x > hi || (whole && x != floor(x)))
		return yt_error(f, n, err, "'%s' must be %s from %.15g to "
		    "%.15g, got '%s'", what, whole ? "a whole number" :
		    "a number", lo, hi, s);
	*out = x;
	return 0;
}

static int
header_string(const struct yt_file *f, const struct yt_node *root,
    const char *key, const char **out, struct gs_error *err)
{
	const struct yt_node	*v = need(f, root, key, "the report", err);

	return v == NULL ? -1 : yt_string(f, v, key, out, err);
}

/* "I/N" with 0 <= I < N <= MC_MAX_SHARDS. */
static int
read_shard(const struct yt_file *f, const struct yt_node *v, struct shard *h,
    struct gs_error *err)
{
	const char	*s;
	char		*end;
	long long	 i, n;

	if (yt_string(f, v, "shard", &s, err) != 0)
		return -1;
	errno = 0;
	i = strtoll(s, &end, 10);
	if (end != s && *s != '-' && *end == '/' && end[1] != '-') {
		n = strtoll(end + 1, &end, 10);
		if (*end == '\0' && errno == 0 && i >= 0 && i < n &&
		    n <= MC_MAX_SHARDS) {
			h->shard = i;
			h->nshards = n;
			return 0;
		}
	}
	return yt_error(f, v, err, "'shard' must be I/N with 0 <= I < N <= "
	    "%d, got '%s'", MC_MAX_SHARDS, s);
}

static int
read_header(const struct yt_file *f, const struct yt_node *root,
    struct shard *h, struct gs_error *err)
{
	const struct yt_node	*v, *mc;
	int64_t			 version;

	if ((v = need(f, root, "schema_version", "the report", err)) == NULL ||
	    yt_int64(f, v, "schema_version", INT64_MIN, INT64_MAX, &version,
	    err) != 0)
		return -1;
	if (version != GS_SCHEMA_VERSION)
		return yt_error(f, v, err, "schema_version %lld is not one this "
		    "gpusched reads (%d)", (long long)version,
		    GS_SCHEMA_VERSION);
	if (header_string(f, root, "scenario", &h->scenario, err) != 0 ||
	    header_string(f, root, "run", &h->run, err) != 0 ||
	    header_string(f, root, "profile", &h->profile, err) != 0)
		return -1;
	if ((mc = need(f, root, "montecarlo", "the report", err)) == NULL ||
	    yt_expect(f, mc, YT_MAP, "montecarlo", err) != 0)
		return -1;
	if ((v = need(f, mc, "runs", "'montecarlo'", err)) == NULL ||
	    yt_int64(f, v, "montecarlo.runs", 1, MC_MAX_RUNS, &h->runs,
	    err) != 0)
		return -1;
	if ((v = need(f, mc, "seed", "'montecarlo'", err)) == NULL ||
	    yt_int64(f, v, "montecarlo.seed", 0, INT64_MAX, &h->seed,
	    err) != 0)
		return -1;
	if ((v = need(f, mc, "rotate_registration", "'montecarlo'",
	    err)) == NULL || yt_bool(f, v, "montecarlo.rotate_registration",
	    &h->rotate, err) != 0)
		return -1;
	h->shard = 0;
	h->nshards = 1;
	if ((v = yt_get(root, "shard")) != NULL &&
	    read_shard(f, v, h, err) != 0)
		return -1;
	return 0;
}

/* The sweep of every file must be the first file's. */
static int
same_sweep(const struct yt_file *f, const struct shard *h,
    const struct shard *first, const char *first_path, struct gs_error *err)
{
	if (strcmp(h->scenario, first->scenario) == 0 &&
	    strcmp(h->run, first->run) == 0 &&
	    strcmp(h->profile, first->profile) == 0 &&
	    h->runs == first->runs && h->seed == first->seed &&
	    h->rotate == first->rotate)
		return 0;
	return yt_error(f, h->root, err, "describes another sweep than %s "
	    "(scenario, run, profile, runs, seed and rotation must match)",
	    first_path);
}

static int
read_sample(const struct yt_file *f, const struct yt_node *s,
    const struct shard *h, struct gs_mc_sample *out, struct gs_error *err)
{
	static const char *const keys[4] = { "pending_pods", "nodes_used",
	    "whole_gpus_free", "fragmentation_pct" };
	const struct yt_node	*v;
	double			 x[4];
	int64_t			 run;
	int			 k;

	if (yt_expect(f, s, YT_MAP, "samples[]", err) != 0)
		return -1;
	if ((v = need(f, s, "run", "the sample", err)) == NULL ||
	    yt_int64(f, v, "run", 0, h->runs - 1, &run, err) != 0)
		return -1;
	if (run % h->nshards != h->shard)
		return yt_error(f, v, err, "run %lld is not one of shard "
		    "%lld/%lld", (long long)run, (long long)h->shard,
		    (long long)h->nshards);
	for (k = 0; k < 4; k++)
		if ((v = need(f, s, keys[k], "the sample", err)) == NULL ||
		    number(f, v, keys[k], 0, k == 3 ? 100 : 1e9, k < 3,
		    &x[k], err) != 0)
			return -1;
	out->run = (size_t)run;
	out->pending = x[0];
	out->nodes_used = x[1];
	out->whole_free = x[2];
	out->frag_pct = round6(x[3]);
	return 0;
}

/* Read and check one file; append its samples to *v. */
static int
read_file(const char *path, size_t fi, struct shard *h, struct yt_file *f,
    struct located **v, size_t *nv, size_t *cap, struct gs_error *err)
{
	const struct yt_node	*root = NULL, *samples;
	size_t			 i;

	if (yt_load(f, path, err) != 0)
		return -1;
	for (i = 0; i < f->ndocs; i++)
		if (f->docs[i].root != NULL) {
			if (root != NULL)
				return yt_error(f, f->docs[i].root, err,
				    "a report is one JSON object");
			root = f->docs[i].root;
		}
	if (root == NULL || root->type != YT_MAP ||
	    yt_get(root, "montecarlo") == NULL)
		return yt_error(f, root, err, "not a gpusched Monte Carlo "
		    "report (plan montecarlo -o json)");
	h->root = root;
	if (read_header(f, root, h, err) != 0)
		return -1;
	if ((samples = need(f, root, "samples", "the report", err)) == NULL ||
	    yt_expect(f, samples, YT_SEQ, "samples", err) != 0)
		return -1;
	for (i = 0; i < samples->nitems; i++) {
		grow_array(v, cap, *nv + 1, sizeof **v);
		if (read_sample(f, samples->items[i], h, &(*v)[*nv].s,
		    err) != 0)
			return -1;
		(*v)[*nv].file = fi;
		(*v)[*nv].line = samples->items[i]->line;
		(*v)[*nv].col = samples->items[i]->col;
		(*nv)++;
	}
	return 0;
}

/* Sorted samples hold each run of 0 .. runs-1 once. */
static int
check_runs(char **paths, const struct located *v, size_t nv, size_t runs,
    struct gs_error *err)
{
	size_t	k;

	for (k = 0; k < nv; k++) {
		if (k > 0 && v[k].s.run == v[k - 1].s.run)
			return gs_error_set(err, paths[v[k].file], v[k].line,
			    v[k].col, "run %zu is also in %s (line %d)",
			    v[k].s.run, paths[v[k - 1].file], v[k - 1].line);
	}
	for (k = 0; k < runs; k++)
		if (k >= nv || v[k].s.run != k)
			return gs_error_set(err, NULL, 0, 0, "run %zu is missing "
			    "(%zu of %zu runs present)", k, nv, runs);
	return 0;
}

int
gs_mc_merge(char **paths, size_t npaths, struct gs_mc_header *hdr,
    json_t **keep, struct gs_mc_sample **out, size_t *n, struct gs_error *err)
{
	struct located	*v = NULL;
	struct yt_file	 first_f, f;
	struct shard	 first, h;
	size_t		 nv = 0, cap = 0, i;
	int		 rc = -1;

	memset(&first_f, 0, sizeof first_f);
	if (npaths == 0)
		return gs_error_set(err, NULL, 0, 0, "nothing to merge");
	for (i = 0; i < npaths; i++) {
		struct yt_file *cur = i == 0 ? &first_f : &f;

		if (read_file(paths[i], i, i == 0 ? &first : &h, cur, &v, &nv,
		    &cap, err) != 0 || (i > 0 && same_sweep(cur, &h,
		    &first, paths[0], err) != 0)) {
			if (i > 0)
				yt_file_release(&f);
			goto out;
		}
		if (i > 0)
			yt_file_release(&f);
	}
	if (nv > 0)
		qsort(v, nv, sizeof *v, cmp_run);
	if (check_runs(paths, v, nv, (size_t)first.runs, err) != 0)
		goto out;
	*keep = json_pack("{s:s,s:s,s:s}", "scenario", first.scenario, "run",
	    first.run, "profile", first.profile);
	hdr->scenario = json_string_value(json_object_get(*keep, "scenario"));
	hdr->run = json_string_value(json_object_get(*keep, "run"));
	hdr->profile = json_string_value(json_object_get(*keep, "profile"));
	hdr->opts.runs = (size_t)first.runs;
	hdr->opts.seed = (unsigned long)first.seed;
	hdr->opts.rotate = first.rotate;
	hdr->opts.nshards = 1;
	*out = xcalloc(nv, sizeof **out);
	for (i = 0; i < nv; i++)
		(*out)[i] = v[i].s;
	*n = nv;
	rc = 0;
out:
	yt_file_release(&first_f);
	free(v);
	return rc;
}
