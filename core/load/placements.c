/*
 * load/placements.c: placement sets for `gpusched diff`, read from a golden
 * file (versions 1 and 2), from `simulate -o json` output, or taken from
 * a simulation just run.  Files are read through yamltree, so a malformed
 * one gives an error located at the offending value.
 */
#include <stdlib.h>
#include <string.h>

#include "metrics/diff.h"
#include "load/yamltree.h"

#define GOLDEN_MIN	1
#define GOLDEN_MAX	2

void
gs_pset_add_result(struct gs_pset *s, const char *run,
    const struct gs_cluster *c, const struct gs_workload *w,
    const struct gs_result *res)
{
	struct gs_prun	*r = gs_pset_add_run(s, run);
	size_t		 i, j, k;

	for (i = 0; i < res->npl; i++) {
		const struct gs_placement	*pl = &res->pl[i];
		const struct gs_pod		*pod = &w->pods[pl->pod];
		const struct gs_node		*n;
		struct gs_ppod			*p;

		if (pl->status == GS_UNMANAGED)
			continue;
		n = pl->status == GS_PLACED ? &c->nodes[pl->node] : NULL;
		p = gs_prun_add_pod(r, pod->ns, pod->name, n ? n->name : NULL,
		    pl->reason);
		if (pod->src_file != NULL) {
			p->file = xstrdup(pod->src_file);
			p->line = pod->src_line;
		}
		for (j = 0; n != NULL && j < pl->nctrs; j++)
			for (k = 0; k < pl->ctrs[j].ngrants; k++) {
				const struct gs_device *d =
				    &n->devs[pl->ctrs[j].grants[k].dev];

				gs_ppod_add_gpu(p, pod->ctrs[j].name, d->id,
				    d->index);
			}
	}
}

/* A golden pod: {"pending": true} or {"node": N, "containers": {C: [U]}}. */
static int
golden_pod(const struct yt_file *f, struct gs_prun *r, const char *key,
    const struct yt_node *v, int version, struct gs_error *err)
{
	const struct yt_node	*ctrs, *pend, *uu;
	const char		*ns = "default", *name = key, *node = NULL;
	const char		*reason = NULL, *slash, *u;
	struct gs_ppod		*p;
	char			*nsbuf = NULL;
	size_t			 i, j;
	int			 pending = 0;

	if (yt_expect(f, v, YT_MAP, key, err) != 0)
		return -1;
	/* Version 2 keys pods by namespace/name; version 1 by name alone. */
	if (version >= 2 && (slash = strchr(key, '/')) != NULL) {
		ns = nsbuf = xstrndup(key, (size_t)(slash - key));
		name = slash + 1;
	}
	if ((pend = yt_get(v, "pending")) != NULL &&
	    yt_bool(f, pend, "pending", &pending, err) != 0)
		goto fail;
	if (pending && yt_get(v, "reason") != NULL &&
	    !yt_is_null(yt_get(v, "reason")) &&
	    yt_string(f, yt_get(v, "reason"), "reason", &reason, err) != 0)
		goto fail;
	if (!pending && yt_string(f, yt_get(v, "node") ? yt_get(v, "node") :
	    v, "node", &node, err) != 0)
		goto fail;
	p = gs_prun_add_pod(r, ns, name, pending ? NULL : node, reason);
	ctrs = yt_get(v, "containers");
	if (!pending && ctrs != NULL &&
	    yt_expect(f, ctrs, YT_MAP, "containers", err) != 0)
		goto fail;
	for (i = 0; !pending && i < yt_map_len(ctrs); i++) {
		uu = yt_val(ctrs, i);
		if (yt_expect(f, uu, YT_SEQ, yt_key(ctrs, i)->str, err) != 0)
			goto fail;
		for (j = 0; j < uu->nitems; j++) {
			if (yt_string(f, uu->items[j], "uuid", &u, err) != 0)
				goto fail;
			gs_ppod_add_gpu(p, yt_key(ctrs, i)->str, u, -1);
		}
	}
	free(nsbuf);
	return 0;
fail:
	free(nsbuf);
	return -1;
}

static int
load_golden(const struct yt_file *f, const struct yt_node *root,
    struct gs_pset *s, struct gs_error *err)
{
	const struct yt_node	*runs, *pls, *run;
	struct gs_prun		*r;
	int64_t			 version;
	size_t			 i, j;

	if (yt_int64(f, yt_get(root, "gpusched_golden"), "gpusched_golden",
	    INT64_MIN, INT64_MAX, &version, err) != 0)
		return -1;
	if (version < GOLDEN_MIN || version > GOLDEN_MAX)
		return yt_error(f, yt_get(root, "gpusched_golden"), err,
		    "golden file version %lld, diff reads versions %d and %d",
		    (long long)version, GOLDEN_MIN, GOLDEN_MAX);
	runs = yt_get(root, "runs");
	if (yt_expect(f, runs ? runs : root, YT_MAP, "runs", err) != 0)
		return -1;
	if (runs == NULL)
		return yt_error(f, root, err, "golden file without 'runs'");
	for (i = 0; i < yt_map_len(runs); i++) {
		run = yt_val(runs, i);
		if (yt_expect(f, run, YT_MAP, yt_key(runs, i)->str, err) != 0)
			return -1;
		pls = yt_get(run, "placements");
		if (yt_expect(f, pls ? pls : run, YT_MAP, "placements",
		    err) != 0 || (pls == NULL && yt_error(f, run, err,
		    "run '%s' has no 'placements'", yt_key(runs, i)->str)))
			return -1;
		r = gs_pset_add_run(s, yt_key(runs, i)->str);
		for (j = 0; j < yt_map_len(pls); j++)
			if (golden_pod(f, r, yt_key(pls, j)->str, yt_val(pls, j),
			    (int)version, err) != 0)
				return -1;
	}
	return 0;
}

/* The devices of one container of a `-o json` placement. */
static int
json_devices(const struct yt_file *f, struct gs_ppod *p,
    const struct yt_node *c, struct gs_error *err)
{
	const struct yt_node	*devs = yt_get(c, "devices"), *init;
	const char		*name, *uuid;
	int64_t			 index = -1;
	int			 is_init = 0;
	size_t			 k;

	if (yt_expect(f, c, YT_MAP, "containers", err) != 0 ||
	    yt_string(f, yt_get(c, "name") ? yt_get(c, "name") : c, "name",
	    &name, err) != 0)
		return -1;
	if ((init = yt_get(c, "init")) != NULL &&
	    yt_bool(f, init, "init", &is_init, err) != 0)
		return -1;
	/* Golden files leave init containers out; so does the comparison. */
	if (is_init || devs == NULL)
		return 0;
	if (yt_expect(f, devs, YT_SEQ, "devices", err) != 0)
		return -1;
	for (k = 0; k < devs->nitems; k++) {
		const struct yt_node *d = devs->items[k];

		if (yt_expect(f, d, YT_MAP, "devices", err) != 0 ||
		    yt_string(f, yt_get(d, "uuid") ? yt_get(d, "uuid") : d,
		    "uuid", &uuid, err) != 0)
			return -1;
		index = -1;
		if (yt_get(d, "index") != NULL && yt_int64(f, yt_get(d,
		    "index"), "index", 0, 1 << 20, &index, err) != 0)
			return -1;
		gs_ppod_add_gpu(p, name, uuid, (int)index);
	}
	return 0;
}

/* One element of "placements" in `simulate -o json` output. */
static int
json_pod(const struct yt_file *f, struct gs_prun *r, const struct yt_node *o,
    struct gs_error *err)
{
	const struct yt_node	*ctrs;
	const char		*name, *ns, *node, *reason, *status;
	struct gs_ppod		*p;
	size_t			 i;

	if (yt_expect(f, o, YT_MAP, "placements", err) != 0 ||
	    yt_string(f, yt_get(o, "pod") ? yt_get(o, "pod") : o, "pod",
	    &name, err) != 0 ||
	    yt_opt_string(f, o, "namespace", &ns, err) != 0 ||
	    yt_opt_string(f, o, "node", &node, err) != 0 ||
	    yt_opt_string(f, o, "reason", &reason, err) != 0 ||
	    yt_opt_string(f, o, "status", &status, err) != 0)
		return -1;
	if (status != NULL && strcmp(status, "unmanaged") == 0)
		return 0;
	p = gs_prun_add_pod(r, ns, name, node, reason);
	if ((ctrs = yt_get(o, "containers")) == NULL || node == NULL)
		return 0;
	if (yt_expect(f, ctrs, YT_SEQ, "containers", err) != 0)
		return -1;
	for (i = 0; i < ctrs->nitems; i++)
		if (json_devices(f, p, ctrs->items[i], err) != 0)
			return -1;
	return 0;
}

/* One run's object: {"run": NAME, "placements": [...]}. */
static int
json_run(const struct yt_file *f, const struct yt_node *o, struct gs_pset *s,
    struct gs_error *err)
{
	const struct yt_node	*pls = yt_get(o, "placements");
	const char		*name;
	struct gs_prun		*r;
	size_t			 i;

	if (yt_expect(f, o, YT_MAP, "runs", err) != 0 ||
	    yt_opt_string(f, o, "run", &name, err) != 0)
		return -1;
	if (yt_expect(f, pls ? pls : o, YT_SEQ, "placements", err) != 0)
		return -1;
	r = gs_pset_add_run(s, name != NULL ? name : "default");
	for (i = 0; i < pls->nitems; i++)
		if (json_pod(f, r, pls->items[i], err) != 0)
			return -1;
	return 0;
}

int
gs_pset_load(struct gs_pset *s, const char *path, struct gs_error *err)
{
	struct yt_file		 f;
	const struct yt_node	*root, *runs;
	size_t			 i;
	int			 rc = -1;

	memset(s, 0, sizeof *s);
	memset(&f, 0, sizeof f);
	if (yt_load(&f, path, err) != 0)
		return -1;
	root = f.ndocs == 1 ? f.docs[0].root : NULL;
	if (root == NULL || root->type != YT_MAP) {
		gs_error_set(err, path, root ? root->line : 1, root ?
		    root->col : 1, "not a gpusched golden file or `simulate "
		    "-o json` output (want one JSON object)");
		goto out;
	}
	if (yt_get(root, "gpusched_golden") != NULL)
		rc = load_golden(&f, root, s, err);
	else if (yt_get(root, "placements") != NULL)
		rc = json_run(&f, root, s, err);
	else if ((runs = yt_get(root, "runs")) != NULL) {
		if ((rc = yt_expect(&f, runs, YT_SEQ, "runs", err)) == 0)
			for (i = 0; i < runs->nitems && rc == 0; i++)
				rc = json_run(&f, runs->items[i], s, err);
	} else
		yt_error(&f, root, err, "not a gpusched golden file or "
		    "`simulate -o json` output (no 'gpusched_golden', "
		    "'placements' or 'runs')");
out:
	if (rc != 0)
		gs_pset_release(s);
	yt_file_release(&f);
	return rc;
}
