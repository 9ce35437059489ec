/*
 * load/golden.c: build, read and compare golden placement files.
 */
#include <stdlib.h>
#include <string.h>

#include "load/golden.h"
#include "model/ident.h"

/* 2: pods keyed "ns/name"; 1 (still read): by name, namespace default. */
#define GOLDEN_VERSION	2

json_t *
gs_golden_new(void)
{
	return json_pack("{s:i,s:{}}", "gpusched_golden", GOLDEN_VERSION,
	    "runs");
}

void
gs_golden_add_run(json_t *golden, const char *run,
    const struct gs_config *cfg, const struct gs_cluster *c,
    const struct gs_workload *w, const struct gs_result *r)
{
	json_t	*pods = json_object(), *o;
	size_t	 i, j, k;

	for (i = 0; i < r->npl; i++) {
		const struct gs_placement	*pl = &r->pl[i];
		const struct gs_pod		*pod = &w->pods[pl->pod];
		json_t				*ctrs;
		char				*key;

		if (pl->status == GS_UNMANAGED)
			continue;
		key = gs_pod_key(pod->ns, pod->name);
		if (pl->status == GS_PENDING) {
			json_object_set_new(pods, key,
			    json_pack("{s:b}", "pending", 1));
			free(key);
			continue;
		}
		ctrs = json_object();
		for (j = 0; j < pl->nctrs; j++) {
			json_t *uu;

			if (pl->ctrs[j].ngrants == 0)
				continue;
			uu = json_array();
			for (k = 0; k < pl->ctrs[j].ngrants; k++)
				json_array_append_new(uu, json_string(
				    c->nodes[pl->node].devs[pl->ctrs[j].
				    grants[k].dev].id));
			json_object_set_new(ctrs, pod->ctrs[j].name, uu);
		}
		json_object_set_new(pods, key, json_pack("{s:s,s:o}",
		    "node", c->nodes[pl->node].name, "containers", ctrs));
		free(key);
	}
	o = json_pack("{s:{s:s,s:s,s:s,s:i,s:i,s:i,s:b},s:o}", "scheduler",
	    "profile", cfg->profile, "nodeSchedulerPolicy", cfg->node_policy,
	    "gpuSchedulerPolicy", cfg->gpu_policy, "defaultMemory",
	    cfg->default_memory, "defaultCores", cfg->default_cores,
	    "defaultGPUNum", cfg->default_gpunum, "podPoliciesOverridden",
	    cfg->override_policies, "placements", pods);
	json_object_set_new(json_object_get(golden, "runs"), run, o);
}

/* Version 1 keyed pods by name alone: they are namespace default's. */
static void
upgrade_v1(json_t *g)
{
	const char	*run, *pod;
	json_t		*r, *p, *pods, *keyed;
	char		*key;

	json_object_foreach(json_object_get(g, "runs"), run, r) {
		pods = json_object_get(r, "placements");
		if (!json_is_object(pods))
			continue;
		keyed = json_object();
		json_object_foreach(pods, pod, p) {
			key = gs_pod_key(GS_DEFAULT_NS, pod);
			json_object_set(keyed, key, p);
			free(key);
		}
		json_object_set_new(r, "placements", keyed);
	}
	json_object_set_new(g, "gpusched_golden",
	    json_integer(GOLDEN_VERSION));
}

int
gs_golden_load(const char *path, json_t **out, struct gs_error *err)
{
	json_error_t	 je;
	json_t		*g;
	json_int_t	 version;
	char		*buf;
	size_t		 len;

	if (gs_read_file(path, &buf, &len, err) != 0)
		return -1;
	g = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &je);
	free(buf);
	if (g == NULL)
		return gs_error_set(err, path, je.line > 0 ? je.line : 1,
		    je.column > 0 ? je.column : 1, "invalid JSON: %s", je.text);
	if (!json_is_object(g) ||
	    !json_is_integer(json_object_get(g, "gpusched_golden")) ||
	    !json_is_object(json_object_get(g, "runs"))) {
		json_decref(g);
		return gs_error_set(err, path, 1, 1, "not a gpusched golden "
		    "file (want {\"gpusched_golden\": 2, \"runs\": {...}}; "
		    "write one with --update-expect)");
	}
	version = json_integer_value(json_object_get(g, "gpusched_golden"));
	if (version != 1 && version != GOLDEN_VERSION) {
		json_decref(g);
		return gs_error_set(err, path, 1, 1, "golden file version %lld,"
		    " this gpusched reads versions 1 and %d",
		    (long long)version, GOLDEN_VERSION);
	}
	if (version == 1)
		upgrade_v1(g);
	*out = g;
	return 0;
}

struct row {
	char	*key;
	char	*val;
};

static int
row_cmp(const void *a, const void *b)
{
	return strcmp(((const struct row *)a)->key,
	    ((const struct row *)b)->key);
}

/*
 * One row per run (its settings) and per pod (where it landed); as, when
 * given, names the run.
 */
static struct row *
flatten(json_t *g, json_t *only, const char *as, size_t *n)
{
	struct row	*v = NULL;
	size_t		 cap = 0;
	const char	*key, *pod;
	json_t		*r, *p;

	*n = 0;
	json_object_foreach(json_object_get(g, "runs"), key, r) {
		const char	*run = as != NULL ? as : key;
		char		*s;

		if (as == NULL && only != NULL &&
		    json_object_get(only, run) == NULL)
			continue;
		s = json_dumps(json_object_get(r, "scheduler"),
		    JSON_SORT_KEYS | JSON_COMPACT);

		grow_array(&v, &cap, *n + 1, sizeof *v);
		v[*n].key = xasprintf("%s (scheduler)", run);
		v[(*n)++].val = s ? s : xstrdup("null");
		json_object_foreach(json_object_get(r, "placements"), pod, p) {
			json_t		*ctrs = json_object_get(p, "containers");
			const char	*cn;
			json_t		*uu;
			char		*val, *t;
			size_t		 i;

			if (json_is_true(json_object_get(p, "pending")))
				val = xstrdup("pending");
			else {
				val = xstrdup(json_string_value(json_object_get(
				    p, "node")) ? json_string_value(
				    json_object_get(p, "node")) : "?");
				json_object_foreach(ctrs, cn, uu) {
					t = xasprintf("%s %s=", val, cn);
					free(val);
					val = t;
					for (i = 0; i < json_array_size(uu);
					    i++) {
						const char *u = json_string_value(
						    json_array_get(uu, i));

						t = xasprintf("%s%s%s", val,
						    i ? "," : "", u ? u : "?");
						free(val);
						val = t;
					}
				}
			}
			grow_array(&v, &cap, *n + 1, sizeof *v);
			v[*n].key = xasprintf("%s/%s", run, pod);
			v[(*n)++].val = val;
		}
	}
	qsort(v, *n, sizeof *v, row_cmp);
	return v;
}

static void
add_line(struct gs_diff *d, char sign, const struct row *r)
{
	grow_array(&d->lines, &d->cap, d->n + 1, sizeof *d->lines);
	d->lines[d->n++] = xasprintf("%c%s: %s", sign, r->key, r->val);
}

void
gs_golden_diff(json_t *want, json_t *got, struct gs_diff *d)
{
	struct row	*a, *b;
	json_t		*wr, *gr;
	const char	*as = NULL;
	size_t		 na, nb, i = 0, j = 0;
	int		 c;

	memset(d, 0, sizeof *d);
	/*
	 * Runs not simulated this time (--run) are not compared.  One run
	 * against one run is compared whatever their names (a run of
	 * --workload files was named after the first file before version 2).
	 */
	wr = json_object_get(want, "runs");
	gr = json_object_get(got, "runs");
	if (json_object_size(wr) == 1 && json_object_size(gr) == 1)
		as = json_object_iter_key(json_object_iter(gr));
	a = flatten(want, gr, as, &na);
	b = flatten(got, NULL, NULL, &nb);
	while (i < na || j < nb) {
		c = i == na ? 1 : j == nb ? -1 : strcmp(a[i].key, b[j].key);
		if (c == 0) {
			if (strcmp(a[i].val, b[j].val) != 0) {
				add_line(d, '-', &a[i]);
				add_line(d, '+', &b[j]);
				d->changed++;
			}
			i++;
			j++;
		} else if (c < 0) {
			add_line(d, '-', &a[i++]);
			d->changed++;
		} else {
			add_line(d, '+', &b[j++]);
			d->changed++;
		}
	}
	for (i = 0; i < na; i++) {
		free(a[i].key);
		free(a[i].val);
	}
	for (j = 0; j < nb; j++) {
		free(b[j].key);
		free(b[j].val);
	}
	free(a);
	free(b);
}

void
gs_diff_release(struct gs_diff *d)
{
	size_t	i;

	for (i = 0; i < d->n; i++)
		free(d->lines[i]);
	free(d->lines);
	memset(d, 0, sizeof *d);
}
