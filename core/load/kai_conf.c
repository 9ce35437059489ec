/*
 * load/kai_conf.c: KAI-Scheduler's placement strategy from its own config
 * (load/kai_conf.h).
 *
 * The operator turns a SchedulingShard's placementStrategy into plugins
 * (buildDefaultPlugins, pkg/operator/operands/scheduler/
 * plugin_action_merge.go): "gpu" + the GPU strategy without "bin" (gpupack
 * or gpuspread), nodeplacement with the arguments {gpu, cpu}, and
 * gpusharingorder only when the GPU strategy is binpack; an unset
 * strategy is binpack (PlacementStrategy.SetDefaultWhereNeeded).
 * nodeplacement itself defaults a missing argument to binpack (New,
 * pkg/scheduler/plugins/nodeplacement/nodeplacement.go).  gpusched's
 * kai-binpack and kai-spread are those two plugin sets; a config mixing
 * them (gpupack with nodeplacement spread, ...) is refused, as is a
 * strategy KAI has no plugin for (the operator would name "gpufoo").
 * A GPU pod is scored by the gpu strategy only; cpu is read and checked
 * (CPU-only pods are not KAI's GPU placements in gpusched).
 */
#include <stdlib.h>
#include <string.h>

#include "load/hamiconfig.h"
#include "load/kai_conf.h"

const char *
gs_kai_conf_profile(const struct gs_kai_conf *c)
{
	return c->gpu_spread ? "kai-spread" : "kai-binpack";
}

/* m's key: absent or null binpack, else binpack or spread. */
static int
strategy(const struct yt_file *f, const struct yt_node *m, const char *key,
    const char *what, int *spread, struct gs_error *err)
{
	const struct yt_node	*v = yt_get(m, key);
	const char		*s;

	*spread = 0;
	if (v == NULL || yt_is_null(v))
		return 0;
	if (yt_string(f, v, what, &s, err) != 0)
		return -1;
	if (strcmp(s, "spread") == 0)
		*spread = 1;
	else if (strcmp(s, "binpack") != 0)
		return yt_error(f, v, err, "%s must be binpack or spread, got "
		    "'%s'", what, s);
	return 0;
}

/* A SchedulingShard (kai.scheduler/v1): spec.placementStrategy. */
static int
read_shard(const struct yt_file *f, const struct yt_node *root,
    struct gs_kai_conf *c, struct gs_error *err)
{
	static const char *const placement[] = { "gpupack", "gpuspread",
	    "nodeplacement", "gpusharingorder" };
	const struct yt_node	*spec = yt_get(root, "spec"), *ps, *pl, *v;
	size_t			 i;

	if (yt_is_null(spec))
		return 0;
	if (yt_expect(f, spec, YT_MAP, "spec", err) != 0)
		return -1;
	ps = yt_get(spec, "placementStrategy");
	if (!yt_is_null(ps) && (yt_expect(f, ps, YT_MAP,
	    "spec.placementStrategy", err) != 0 ||
	    strategy(f, ps, "gpu", "placementStrategy.gpu", &c->gpu_spread,
	    err) != 0 || strategy(f, ps, "cpu", "placementStrategy.cpu",
	    &c->cpu_spread, err) != 0))
		return -1;
	pl = yt_get(spec, "plugins");
	if (yt_is_null(pl))
		return 0;
	if (yt_expect(f, pl, YT_MAP, "spec.plugins", err) != 0)
		return -1;
	for (i = 0; i < sizeof placement / sizeof placement[0]; i++)
		if ((v = yt_get(pl, placement[i])) != NULL)
			return yt_error(f, v, err, "spec.plugins.%s overrides "
			    "a placement plugin: gpusched models "
			    "placementStrategy's own plugin sets only",
			    placement[i]);
	return 0;
}

/* The placement plugins found in a config.yaml. */
struct plugins {
	const struct yt_node	*pack, *spread, *sharing, *nodeplacement;
};

static int
read_plugin(const struct yt_file *f, const struct yt_node *p,
    struct plugins *pg, struct gs_kai_conf *c, struct gs_error *err)
{
	const struct yt_node	*args;
	const char		*name;

	if (yt_expect(f, p, YT_MAP, "plugins[]", err) != 0)
		return -1;
	if (yt_get(p, "name") == NULL)
		return yt_error(f, p, err, "a plugin needs 'name'");
	if (yt_string(f, yt_get(p, "name"), "plugins[].name", &name,
	    err) != 0)
		return -1;
	if (strcmp(name, "gpupack") == 0)
		pg->pack = p;
	else if (strcmp(name, "gpuspread") == 0)
		pg->spread = p;
	else if (strcmp(name, "gpusharingorder") == 0)
		pg->sharing = p;
	else if (strcmp(name, "nodeplacement") == 0) {
		if (pg->nodeplacement != NULL)
			return yt_error(f, p, err, "nodeplacement twice");
		pg->nodeplacement = p;
		args = yt_get(p, "arguments");
		if (!yt_is_null(args) && (yt_expect(f, args, YT_MAP,
		    "nodeplacement.arguments", err) != 0 ||
		    strategy(f, args, "gpu", "nodeplacement's gpu",
		    &c->gpu_spread, err) != 0 || strategy(f, args, "cpu",
		    "nodeplacement's cpu", &c->cpu_spread, err) != 0))
			return -1;
	}
	return 0;
}

/* The scheduler's config.yaml (conf.SchedulerConfiguration): tiers. */
static int
read_tiers(const struct yt_file *f, const struct yt_node *root,
    struct gs_kai_conf *c, struct gs_error *err)
{
	const struct yt_node	*tiers = yt_get(root, "tiers"), *pl;
	struct plugins		 pg = { NULL, NULL, NULL, NULL };
	size_t			 i, j;

	if (tiers == NULL)
		return yt_error(f, root, err, "KAI's config.yaml needs "
		    "'tiers'");
	if (yt_expect(f, tiers, YT_SEQ, "tiers", err) != 0)
		return -1;
	for (i = 0; i < tiers->nitems; i++) {
		if (yt_expect(f, tiers->items[i], YT_MAP, "tiers[]", err) != 0)
			return -1;
		pl = yt_get(tiers->items[i], "plugins");
		if (yt_is_null(pl))
			continue;
		if (yt_expect(f, pl, YT_SEQ, "tiers[].plugins", err) != 0)
			return -1;
		for (j = 0; j < pl->nitems; j++)
			if (read_plugin(f, pl->items[j], &pg, c, err) != 0)
				return -1;
	}
	if (pg.nodeplacement == NULL)
		return yt_error(f, tiers, err, "no nodeplacement plugin: "
		    "gpusched models KAI's binpack or spread plugin sets");
	if (c->gpu_spread ? pg.spread == NULL || pg.pack != NULL ||
	    pg.sharing != NULL : pg.pack == NULL || pg.spread != NULL ||
	    pg.sharing == NULL)
		return yt_error(f, pg.nodeplacement, err, "nodeplacement's gpu "
		    "%s needs %s, and neither %s: gpusched models KAI's "
		    "binpack or spread plugin sets, not a mix", c->gpu_spread ?
		    "spread" : "binpack", c->gpu_spread ? "gpuspread" :
		    "gpupack and gpusharingorder", c->gpu_spread ?
		    "gpupack nor gpusharingorder" : "gpuspread");
	return 0;
}

/* KAI's scheduler ConfigMap: data config.yaml. */
static int
read_configmap(const struct yt_file *f, const char *buf,
    const struct yt_node *root, struct gs_kai_conf *c, struct gs_error *err)
{
	const struct yt_node	*v = yt_get(yt_get(root, "data"),
				    "config.yaml");
	struct yt_file		 in;
	size_t			 d;
	int			 rc = -1;

	if (v == NULL)
		return yt_error(f, root, err, "KAI's scheduler ConfigMap "
		    "needs data.config.yaml");
	if (gs_yt_parse_embedded(f, buf, v, "config.yaml", &in, err) != 0)
		return -1;
	for (d = 0; d < in.ndocs; d++)
		if (in.docs[d].root != NULL)
			break;
	if (d == in.ndocs)
		(void)yt_error(f, v, err, "config.yaml is empty");
	else if (yt_expect(&in, in.docs[d].root, YT_MAP, "config.yaml",
	    err) == 0)
		rc = read_tiers(&in, in.docs[d].root, c, err);
	yt_file_release(&in);
	return rc;
}

int
gs_kai_conf_parse(struct gs_kai_conf *c, const char *path, const char *buf,
    size_t len, struct gs_error *err)
{
	struct yt_file		 f;
	const struct yt_node	*root, *kind;
	const char		*k = NULL;
	int			 rc;

	memset(c, 0, sizeof *c);
	if (yt_parse(&f, path, buf, len, err) != 0)
		return -1;
	if (f.ndocs == 0) {
		yt_file_release(&f);
		return gs_error_set(err, path, 1, 1, "no KAI config in the "
		    "file");
	}
	root = f.docs[0].root;
	if (yt_expect(&f, root, YT_MAP, "KAI config", err) != 0) {
		yt_file_release(&f);
		return -1;
	}
	kind = yt_get(root, "kind");
	if (kind != NULL && yt_string(&f, kind, "kind", &k, err) != 0)
		rc = -1;
	else if (k != NULL && strcmp(k, "SchedulingShard") == 0)
		rc = read_shard(&f, root, c, err);
	else if (k != NULL && strcmp(k, "ConfigMap") == 0)
		rc = read_configmap(&f, buf, root, c, err);
	else if (k == NULL && yt_get(root, "tiers") != NULL)
		rc = read_tiers(&f, root, c, err);
	else
		rc = yt_error(&f, kind != NULL ? kind : root, err, "expected "
		    "a SchedulingShard, KAI's scheduler ConfigMap or its "
		    "config.yaml (tiers)");
	yt_file_release(&f);
	return rc;
}
