/*
 * load/volcano_conf.c: Volcano's device config (load/volcano_conf.h).  The
 * knobs the vGPU code reads (config/vgpu.go NvidiaConfig, v1.15.1):
 * knownMigGeometries and gpuMemoryFactor; the resource names and the
 * other knobs are the defaults gpusched reads the pods with.  Where
 * yaml.v2 is lenient (a count of 0, a name twice in a group) gpusched
 * refuses: Volcano's findMatch would hand out instances that do not
 * exist or merge two kinds' usage.
 */
#include <stdlib.h>
#include <string.h>

#include "load/hamiconfig.h"
#include "load/volcano_conf.h"
#include "util/util.h"

static int
read_inst(const struct yt_file *f, const struct yt_node *n, int hami,
    struct gs_vc_inst *in, struct gs_error *err)
{
	const struct yt_node	*v;
	const char		*s;
	int64_t			 x;

	if (yt_expect(f, n, YT_MAP, hami ? "allowedGeometries[][]" :
	    "geometries[]", err) != 0)
		return -1;
	if ((v = yt_get(n, "name")) == NULL)
		return yt_error(f, n, err, "a MIG geometry needs 'name'");
	if (yt_string(f, v, "name", &s, err) != 0)
		return -1;
	in->name = xstrdup(s);
	if ((v = yt_get(n, "memory")) == NULL)
		return yt_error(f, n, err, "MIG geometry '%s' needs 'memory'",
		    s);
	/* HAMi's MigTemplate.Memory is an int32. */
	if (yt_int64(f, v, "memory (MiB)", 1, hami ? INT32_MAX : UINT32_MAX,
	    &x, err) != 0)
		return -1;
	in->mem = (uint32_t)x;
	if ((v = yt_get(n, "count")) == NULL)
		return yt_error(f, n, err, "MIG geometry '%s' needs 'count'",
		    s);
	if (yt_int64(f, v, "count", 1, GS_VC_MAXPOS, &x, err) != 0)
		return -1;
	in->count = (int32_t)x;
	/* HAMi v2.8+ charges an instance's core (0 when unset). */
	if (hami && (v = yt_get(n, "core")) != NULL && !yt_is_null(v)) {
		if (yt_int64(f, v, "core", 0, 100, &x, err) != 0)
			return -1;
		in->core = (int32_t)x;
	}
	return 0;
}

/* A group's instances: Volcano's named group's geometries, or one of
 * HAMi's allowedGeometries (a list alone). */
static int
read_insts(const struct yt_file *f, const struct yt_node *l, int hami,
    struct gs_vc_group *g, const char *s, struct gs_error *err)
{
	size_t	i, j;
	int64_t	pos = 0;

	g->inst = xcalloc(l->nitems ? l->nitems : 1, sizeof *g->inst);
	if (hami && l->nitems == 0)
		return yt_error(f, l, err, "an empty MIG geometry (HAMi "
		    "indexes its first entry)");
	for (i = 0; i < l->nitems; i++) {
		if (read_inst(f, l->items[i], hami, &g->inst[i], err) != 0) {
			g->ninst = i + 1;
			return -1;
		}
		g->ninst = i + 1;
		for (j = 0; j < i && !hami; j++)
			if (strcmp(g->inst[j].name, g->inst[i].name) == 0)
				return yt_error(f, l->items[i], err, "group "
				    "'%s' names '%s' twice", s,
				    g->inst[i].name);
		if ((pos += g->inst[i].count) > GS_VC_MAXPOS)
			return yt_error(f, l->items[i], err, "%s%s%s has "
			    "more than %d instances", hami ? "a geometry" :
			    "group '", hami ? "" : s, hami ? "" : "'",
			    GS_VC_MAXPOS);
	}
	return 0;
}

static int
read_group(const struct yt_file *f, const struct yt_node *n, int hami,
    struct gs_vc_group *g, struct gs_error *err)
{
	const struct yt_node	*v, *l;
	const char		*s;

	if (hami)
		return yt_expect(f, n, YT_SEQ, "allowedGeometries[]", err) !=
		    0 ? -1 : read_insts(f, n, 1, g, NULL, err);
	if (yt_expect(f, n, YT_MAP, "allowedGeometries[]", err) != 0)
		return -1;
	if ((v = yt_get(n, "group")) == NULL)
		return yt_error(f, n, err, "an allowedGeometries entry needs "
		    "'group'");
	if (yt_string(f, v, "group", &s, err) != 0)
		return -1;
	g->name = xstrdup(s);
	l = yt_get(n, "geometries");
	if (l == NULL || yt_expect(f, l, YT_SEQ, "geometries", err) != 0)
		return l == NULL ? yt_error(f, n, err, "group '%s' needs "
		    "'geometries'", s) : -1;
	return read_insts(f, l, 0, g, s, err);
}

static int
read_mig(const struct yt_file *f, const struct yt_node *n, int hami,
    struct gs_vc_mig *m, struct gs_error *err)
{
	const struct yt_node	*l;
	const char		*s;
	size_t			 i;

	if (yt_expect(f, n, YT_MAP, "knownMigGeometries[]", err) != 0)
		return -1;
	l = yt_get(n, "models");
	if (l == NULL || yt_expect(f, l, YT_SEQ, "models", err) != 0)
		return l == NULL ? yt_error(f, n, err, "a knownMigGeometries "
		    "entry needs 'models'") : -1;
	m->models = xcalloc(l->nitems ? l->nitems : 1, sizeof *m->models);
	for (i = 0; i < l->nitems; i++) {
		if (yt_string(f, l->items[i], "models[]", &s, err) != 0)
			return -1;
		m->models[m->nmodels++] = xstrdup(s);
	}
	l = yt_get(n, "allowedGeometries");
	if (l == NULL || yt_expect(f, l, YT_SEQ, "allowedGeometries",
	    err) != 0)
		return l == NULL ? yt_error(f, n, err, "a knownMigGeometries "
		    "entry needs 'allowedGeometries'") : -1;
	m->groups = xcalloc(l->nitems ? l->nitems : 1, sizeof *m->groups);
	for (i = 0; i < l->nitems; i++) {
		m->ngroups = i + 1;
		if (read_group(f, l->items[i], hami, &m->groups[i], err) != 0)
			return -1;
	}
	return 0;
}

int
gs_mig_geometries_read(const struct yt_file *f, const struct yt_node *l,
    int hami, struct gs_vc_mig **out, size_t *n, struct gs_error *err)
{
	size_t	i;

	*out = NULL;
	*n = 0;
	if (yt_expect(f, l, YT_SEQ, "knownMigGeometries", err) != 0)
		return -1;
	*out = xcalloc(l->nitems ? l->nitems : 1, sizeof **out);
	for (i = 0; i < l->nitems; i++) {
		*n = i + 1;
		if (read_mig(f, l->items[i], hami, &(*out)[i], err) != 0)
			return -1;
	}
	return 0;
}

int
gs_volcano_conf_read(const struct yt_file *f, const struct yt_node *root,
    struct gs_volcano_conf **out, struct gs_error *err)
{
	struct gs_volcano_conf	*c = xcalloc(1, sizeof *c);
	const struct yt_node	*nv, *v, *l;
	int64_t			 x;

	*out = NULL;
	c->file = xstrdup(f->path);
	if (yt_expect(f, root, YT_MAP, "device-config.yaml", err) != 0)
		goto bad;
	nv = yt_get(root, "nvidia");
	if (yt_is_null(nv)) {
		*out = c;
		return 0;
	}
	if (yt_expect(f, nv, YT_MAP, "nvidia", err) != 0)
		goto bad;
	if ((v = yt_get(nv, "gpuMemoryFactor")) != NULL) {
		if (yt_int64(f, v, "gpuMemoryFactor", 0, UINT32_MAX, &x,
		    err) != 0)
			goto bad;
		c->mem_factor = (uint32_t)x;
	}
	l = yt_get(nv, "knownMigGeometries");
	if (!yt_is_null(l) && gs_mig_geometries_read(f, l, 0, &c->mig,
	    &c->nmig, err) != 0)
		goto bad;
	*out = c;
	return 0;
bad:
	gs_volcano_conf_free(c);
	return -1;
}

int
gs_volcano_conf_load(struct gs_volcano_conf **out, const struct yt_file *f,
    const struct yt_node *obj, struct gs_error *err)
{
	const struct yt_node	*name, *v;
	const char		*s;
	struct yt_file		 in;
	struct gs_error		 rerr;
	char			*buf = NULL;
	size_t			 d, len;
	int			 rc = 0;

	name = yt_get(yt_get(obj, "metadata"), "name");
	if (name == NULL || yt_string(f, name, "metadata.name", &s, err) != 0)
		return name == NULL ? yt_error(f, obj, err, "ConfigMap needs "
		    "metadata.name") : -1;
	if (strcmp(s, VOLCANO_DEVICE_CM) != 0)
		return yt_error(f, name, err, "a cluster holds Node objects "
		    "and Volcano's %s ConfigMap, got ConfigMap '%s'",
		    VOLCANO_DEVICE_CM, s);
	if (*out != NULL)
		return yt_error(f, name, err, "a second %s ConfigMap",
		    VOLCANO_DEVICE_CM);
	v = yt_get(yt_get(obj, "data"), "device-config.yaml");
	if (v == NULL)
		return yt_error(f, obj, err, "%s needs data.device-config.yaml",
		    VOLCANO_DEVICE_CM);
	/* The file's text locates a block scalar's lines (not stdin's). */
	if (strcmp(f->path, "<stdin>") == 0 ||
	    gs_read_file(f->path, &buf, &len, &rerr) != 0)
		buf = NULL;
	rc = gs_yt_parse_embedded(f, buf, v, "device-config.yaml", &in, err);
	free(buf);
	if (rc != 0)
		return -1;
	for (d = 0; d < in.ndocs; d++)
		if (in.docs[d].root != NULL) {
			rc = gs_volcano_conf_read(&in, in.docs[d].root, out,
			    err);
			break;
		}
	if (rc == 0 && *out == NULL)
		*out = xcalloc(1, sizeof **out);
	if (rc == 0)
		(*out)->file = (free((*out)->file), xstrdup(f->path));
	yt_file_release(&in);
	return rc;
}
