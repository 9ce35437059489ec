/*
 * load/hamiconfig.c: read HAMi's configuration (the hami-scheduler-device
 * ConfigMap, its device-config.yaml, or the chart's values.yaml) and
 * infer the HAMi versions a cluster's annotations fit.  See load/hamiconfig.h.
 *
 * Sources (HAMi v2.6.1 to v2.10.0): pkg/device/nvidia/device.go
 * NvidiaConfig (the yaml keys read here and their Go types: uint split
 * count, float64 scalings, int32 defaults), the chart's
 * templates/scheduler/device-configmap.yaml (which values.yaml keys fill
 * which device-config.yaml keys; v2.10's device-config.content replaces
 * the generated text) and templates/scheduler/deployment.yaml
 * (--node-scheduler-policy, --gpu-scheduler-policy from
 * scheduler.defaultSchedulerPolicy).
 */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "sched/hami/hami.h"
#include "load/hamiconfig.h"
#include "load/volcano_conf.h"
#include "load/load.h"
#include "sched/hami/vendor.h"
#include "sched/policy.h"
#include "load/yamltree.h"

#define DEVICE_CONFIG_KEY	"device-config.yaml"
#define PLUGIN_CONFIG_KEY	"config.json"

static void
set_str(char **dst, const char *s)
{
	free(*dst);
	*dst = xstrdup(s);
}

/* A non-empty string value (a resource name or a policy). */
static int
get_name(const struct yt_file *f, const struct yt_node *map, const char *key,
    char **out, struct gs_error *err)
{
	const char	*s;

	if (yt_opt_string(f, map, key, &s, err) != 0)
		return -1;
	if (s == NULL)
		return 0;
	if (s[0] == '\0')
		return yt_error(f, yt_get(map, key), err,
		    "'%s' must not be empty", key);
	set_str(out, s);
	return 0;
}

/* deviceSplitCount (Go uint; 0 gives no slots), the two scalings. */
static int
get_knobs(const struct yt_file *f, const struct yt_node *map,
    struct gs_hami_settings *s, struct gs_error *err)
{
	const struct yt_node	*v;
	int64_t			 x;

	if ((v = yt_get(map, "deviceSplitCount")) != NULL &&
	    !yt_is_null(v)) {
		if (yt_int64(f, v, "deviceSplitCount", 1, INT32_MAX, &x,
		    err) != 0)
			return -1;
		s->split = (int32_t)x;
	}
	if ((v = yt_get(map, "deviceMemoryScaling")) != NULL &&
	    !yt_is_null(v) && gs_load_double(f, v, "deviceMemoryScaling",
	    1e-6, 1e6, &s->mem_scaling, err) != 0)
		return -1;
	if ((v = yt_get(map, "deviceCoreScaling")) != NULL &&
	    !yt_is_null(v) && gs_load_double(f, v, "deviceCoreScaling",
	    1e-6, 1e6, &s->core_scaling, err) != 0)
		return -1;
	return 0;
}

static int
get_int32(const struct yt_file *f, const struct yt_node *map,
    const char *key, int64_t max, int bit, int32_t *out, int *has,
    struct gs_error *err)
{
	const struct yt_node	*v = yt_get(map, key);
	int64_t			 x;

	if (v == NULL || yt_is_null(v))
		return 0;
	if (yt_int64(f, v, key, 0, max, &x, err) != 0)
		return -1;
	*out = (int32_t)x;
	*has |= bit;
	return 0;
}

/* device-config.yaml: its nvidia section (the other vendors keep the
 * chart's names). */
static int
read_device_config(const struct yt_file *f, const struct yt_node *root,
    struct gs_hamicfg *c, struct gs_error *err)
{
	static const char *const names[GS_RES_NVIDIA_N] = {
	    "resourceCountName", "resourceMemoryName",
	    "resourceMemoryPercentageName", "resourceCoreName" };
	const struct yt_node	*nv, *mig;
	int			 r;

	if (yt_is_null(root))
		return 0;
	if (yt_expect(f, root, YT_MAP, DEVICE_CONFIG_KEY, err) != 0)
		return -1;
	nv = yt_get(root, "nvidia");
	if (yt_is_null(nv))
		return 0;
	if (yt_expect(f, nv, YT_MAP, "nvidia", err) != 0)
		return -1;
	for (r = 0; r < GS_RES_NVIDIA_N; r++)
		if (get_name(f, nv, names[r], &c->s.res[r], err) != 0)
			return -1;
	if (get_knobs(f, nv, &c->s, err) != 0 ||
	    get_int32(f, nv, "defaultMemory", INT32_MAX, GS_HC_DEFMEM,
	    &c->default_memory, &c->has, err) != 0 ||
	    get_int32(f, nv, "defaultCores", 100, GS_HC_DEFCORES,
	    &c->default_cores, &c->has, err) != 0 ||
	    get_int32(f, nv, "defaultGPUNum", INT32_MAX, GS_HC_DEFGPUNUM,
	    &c->default_gpunum, &c->has, err) != 0)
		return -1;
	/* knownMigGeometries (v2.6-v2.9's MIG geometry model): given, even
	 * empty, it replaces the chart default of every version. */
	if ((mig = yt_get(nv, "knownMigGeometries")) != NULL) {
		c->s.has_mig = 1;
		if (!yt_is_null(mig) && gs_mig_geometries_read(f, mig, 1,
		    &c->s.mig, &c->s.nmig, err) != 0)
			return -1;
	}
	return 0;
}

/*
 * The byte offset of 1-based line in buf, or NULL.
 */
static const char *
line_start(const char *buf, int line)
{
	const char	*p = buf;

	while (--line > 0 && p != NULL)
		if ((p = strchr(p, '\n')) != NULL)
			p++;
	return p;
}

int
gs_yt_parse_embedded(const struct yt_file *f, const char *buf,
    const struct yt_node *v, const char *what, struct yt_file *in,
    struct gs_error *err)
{
	const char	*p = line_start(buf, v->line), *q;
	int		 block = 0, indent = 0;
	size_t		 i;

	if (yt_string(f, v, what, &q, err) != 0)
		return -1;
	if (p != NULL && v->col >= 1 && strlen(p) >= (size_t)v->col &&
	    (p[v->col - 1] == '|' || p[v->col - 1] == '>')) {
		block = 1;
		if ((p = line_start(buf, v->line + 1)) != NULL)
			while (p[indent] == ' ')
				indent++;
	}
	if (yt_parse(in, f->path, v->str, v->len, err) != 0) {
		if (block && err->line > 0) {
			err->line += v->line;
			err->col += indent;
		} else {
			err->line = v->line;
			err->col = v->col;
		}
		return -1;
	}
	for (i = 0; i < in->narena; i++) {
		struct yt_node *n = in->arena[i];

		n->line = block ? n->line + v->line : v->line;
		n->col = block ? n->col + indent : v->col;
	}
	return 0;
}

/* device-config.yaml held in the string v. */
static int
read_embedded(const struct yt_file *f, const char *buf,
    const struct yt_node *v, struct gs_hamicfg *c, struct gs_error *err)
{
	struct yt_file	 in;
	int		 rc;
	size_t		 d;

	if (gs_yt_parse_embedded(f, buf, v, DEVICE_CONFIG_KEY, &in, err) != 0)
		return -1;
	for (d = 0, rc = 0; d < in.ndocs && rc == 0; d++)
		if (in.docs[d].root != NULL) {
			rc = read_device_config(&in, in.docs[d].root, c, err);
			break;
		}
	yt_file_release(&in);
	return rc;
}

/* The chart's values.yaml: the keys device-configmap.yaml and the
 * scheduler's deployment.yaml read. */
static int
read_values(const struct yt_file *f, const char *buf,
    const struct yt_node *root, struct gs_hamicfg *c, struct gs_error *err)
{
	static const char *const names[GS_RES_NVIDIA_N] = { "resourceName",
	    "resourceMem", "resourceMemPercentage", "resourceCores" };
	const struct yt_node	*dp, *pol, *dc;
	int			 r;

	for (r = 0; r < GS_RES_NVIDIA_N; r++)
		if (get_name(f, root, names[r], &c->s.res[r], err) != 0)
			return -1;
	dp = yt_get(root, "devicePlugin");
	if (!yt_is_null(dp) && (yt_expect(f, dp, YT_MAP, "devicePlugin",
	    err) != 0 || get_knobs(f, dp, &c->s, err) != 0))
		return -1;
	pol = yt_get(root, "scheduler");
	if (!yt_is_null(pol)) {
		if (yt_expect(f, pol, YT_MAP, "scheduler", err) != 0)
			return -1;
		pol = yt_get(pol, "defaultSchedulerPolicy");
	}
	if (!yt_is_null(pol) && (yt_expect(f, pol, YT_MAP,
	    "scheduler.defaultSchedulerPolicy", err) != 0 ||
	    get_name(f, pol, "nodeSchedulerPolicy", &c->node_policy,
	    err) != 0 ||
	    get_name(f, pol, "gpuSchedulerPolicy", &c->gpu_policy, err) != 0))
		return -1;
	/* v2.10: device-config.content is the ConfigMap's text. */
	dc = yt_get(root, "device-config");
	if (yt_is_null(dc))
		return 0;
	if (yt_expect(f, dc, YT_MAP, "device-config", err) != 0)
		return -1;
	dc = yt_get(dc, "content");
	if (yt_is_null(dc) || (dc->type == YT_SCALAR && dc->len == 0))
		return 0;
	return read_embedded(f, buf, dc, c, err);
}

/* data.<key> of the first ConfigMap holding it under n (a List's items
 * too), or NULL. */
static const struct yt_node *
find_configmap(const struct yt_node *n, const char *key, int depth)
{
	const struct yt_node	*kind = yt_get(n, "kind"), *items, *v;
	size_t			 i;

	if (kind == NULL || kind->type != YT_SCALAR)
		return NULL;
	if (strcmp(kind->str, "ConfigMap") == 0)
		return yt_get(yt_get(n, "data"), key);
	items = yt_get(n, "items");
	if (depth > 0 || items == NULL || items->type != YT_SEQ)
		return NULL;
	for (i = 0; i < items->nitems; i++)
		if ((v = find_configmap(items->items[i], key, 1)) != NULL)
			return v;
	return NULL;
}

/*
 * The hami-device-plugin ConfigMap's config.json (pkg/device/nvidia/
 * device.go DevicePluginConfigs, read by the device plugin's
 * readFromConfigFile in nvinternal/plugin/server.go, v2.6.1 to v2.9.0):
 * each nodeconfig entry's non-empty operatingmode, the last entry of a
 * name winning as in its loop.  Located at the config.json value.
 */
static int
read_plugin_config(const struct yt_file *f, const struct yt_node *v,
    struct gs_hamicfg *c, struct gs_error *err)
{
	json_t		*root, *nc, *e, *name, *mode;
	json_error_t	 je;
	const char	*s, *m;
	size_t		 i;
	int		 rc = 0;

	if (yt_string(f, v, "config.json", &s, err) != 0)
		return -1;
	if ((root = json_loads(s, 0, &je)) == NULL)
		return yt_error(f, v, err, "config.json: invalid JSON at "
		    "line %d column %d: %s", je.line, je.column, je.text);
	nc = json_object_get(root, "nodeconfig");
	if (nc != NULL && !json_is_array(nc))
		rc = yt_error(f, v, err, "config.json: 'nodeconfig' must be a "
		    "list");
	json_array_foreach(nc, i, e) {
		name = json_object_get(e, "name");
		mode = json_object_get(e, "operatingmode");
		if (rc != 0 || !json_is_string(name)) {
			rc = rc != 0 ? rc : yt_error(f, v, err, "config.json: "
			    "nodeconfig[%zu] needs a string 'name'", i);
			break;
		}
		if (mode == NULL || (json_is_string(mode) &&
		    json_string_length(mode) == 0))
			continue;
		m = json_is_string(mode) ? json_string_value(mode) : "";
		if (strcmp(m, "hami-core") != 0 && strcmp(m, "mig") != 0 &&
		    strcmp(m, "mps") != 0) {
			rc = yt_error(f, v, err, "config.json: nodeconfig[%zu] "
			    "'operatingmode' must be hami-core, mig or mps, got "
			    "'%.40s'", i, m);
			break;
		}
		gs_kv_set(&c->s.node_modes, json_string_value(name), m);
	}
	json_decref(root);
	return rc;
}

static int
read_file(const struct yt_file *f, const char *buf, struct gs_hamicfg *c,
    struct gs_error *err)
{
	const struct yt_node	*first = NULL, *v, *kind;
	size_t			 i;
	int			 plugin = 0;

	for (i = 0; i < f->ndocs; i++)
		if (f->docs[i].root != NULL && (v = find_configmap(
		    f->docs[i].root, PLUGIN_CONFIG_KEY, 0)) != NULL) {
			if (read_plugin_config(f, v, c, err) != 0)
				return -1;
			plugin = 1;
		}
	for (i = 0; i < f->ndocs; i++) {
		if (f->docs[i].root == NULL)
			continue;
		if (first == NULL)
			first = f->docs[i].root;
		if ((v = find_configmap(f->docs[i].root, DEVICE_CONFIG_KEY,
		    0)) != NULL) {
			c->s.form = "ConfigMap";
			return read_embedded(f, buf, v, c, err);
		}
	}
	if (first == NULL)
		return gs_error_set(err, f->path, 0, 0, "empty HAMi "
		    "configuration file");
	if (plugin) {
		c->s.form = "ConfigMap";
		return 0;
	}
	if (yt_expect(f, first, YT_MAP, "HAMi configuration", err) != 0)
		return -1;
	kind = yt_get(first, "kind");
	if (kind != NULL && kind->type == YT_SCALAR &&
	    strcmp(kind->str, "ConfigMap") == 0)
		return yt_error(f, first, err, "ConfigMap has no data.%s (the "
		    "hami-scheduler-device ConfigMap holds it)",
		    DEVICE_CONFIG_KEY);
	if (kind != NULL)
		return yt_error(f, kind, err, "expected the "
		    "hami-scheduler-device ConfigMap (data.%s), its %s alone "
		    "or the chart's values.yaml, got kind '%s'",
		    DEVICE_CONFIG_KEY, DEVICE_CONFIG_KEY, kind->type ==
		    YT_SCALAR ? kind->str : yt_type_name(kind));
	if (yt_get(first, "nvidia") != NULL) {
		c->s.form = DEVICE_CONFIG_KEY;
		return read_device_config(f, first, c, err);
	}
	c->s.form = "values.yaml";
	return read_values(f, buf, first, c, err);
}

int
gs_hamicfg_parse(struct gs_hamicfg *c, const char *path, const char *buf,
    size_t len, struct gs_error *err)
{
	struct yt_file	 f;
	int		 r, rc;

	memset(c, 0, sizeof *c);
	c->s.file = xstrdup(path);
	c->s.split = 10;
	c->s.mem_scaling = 1;
	c->s.core_scaling = 1;
	for (r = 0; r < GS_RES_NVIDIA_N; r++)
		c->s.res[r] = xstrdup(gs_res_names[r]);
	rc = yt_parse(&f, path, buf, len, err);
	if (rc == 0) {
		rc = read_file(&f, buf, c, err);
		yt_file_release(&f);
	}
	if (rc != 0)
		gs_hamicfg_release(c);
	return rc;
}

int
gs_hamicfg_load(struct gs_hamicfg *c, const char *path, struct gs_error *err)
{
	char	*buf;
	size_t	 len;
	int	 rc;

	memset(c, 0, sizeof *c);
	if (gs_read_file(path, &buf, &len, err) != 0)
		return -1;
	rc = gs_hamicfg_parse(c, path, buf, len, err);
	free(buf);
	return rc;
}

void
gs_hamicfg_apply(const struct gs_hamicfg *c, struct gs_config *cfg)
{
	gs_config_set_policies(cfg, c->node_policy, c->gpu_policy);
	if (c->has & GS_HC_DEFMEM)
		cfg->default_memory = c->default_memory;
	if (c->has & GS_HC_DEFCORES)
		cfg->default_cores = c->default_cores;
	if (c->has & GS_HC_DEFGPUNUM)
		cfg->default_gpunum = c->default_gpunum;
}

void
gs_hamicfg_release(struct gs_hamicfg *c)
{
	int	r;

	free(c->s.file);
	for (r = 0; r < GS_RES_NVIDIA_N; r++)
		free(c->s.res[r]);
	gs_vc_migs_free(c->s.mig, c->s.nmig);
	gs_kv_release(&c->s.node_modes);
	free(c->node_policy);
	free(c->gpu_policy);
	memset(c, 0, sizeof *c);
}

/* The HAMi profile rows, oldest first (sched/hami/profile.c). */
static size_t
nprofiles(void)
{
	size_t	n = 0;

	while (hami_profile_at(n) != NULL)
		n++;
	return n;
}

/* Row i's name, "hami-v2.7.1". */
static const char *
row_name(size_t i)
{
	return hami_profile_at(i)->name;
}

/* The flags an annotation's form tells of. */
#define REG_JSON	offsetof(struct hami_profile, register_json)
#define CORDON		offsetof(struct hami_profile, device_cordon)
#define NO_END		INT_MAX

/* Does row p have the behaviour whose flag is at offset off? */
static int
has_flag(const struct hami_profile *p, size_t off)
{
	int	v;

	memcpy(&v, (const char *)p + off, sizeof v);
	return v;
}

/* The first row with that behaviour, and the last row without it
 * (-1: none): the bounds of what an annotation it reads says.  Rows are
 * in release order (hami_profile_at). */
static int
since(size_t off)
{
	const struct hami_profile	*p;
	size_t				 i;

	for (i = 0; (p = hami_profile_at(i)) != NULL; i++)
		if (has_flag(p, off))
			break;
	return (int)i;
}

static int
until(size_t off)
{
	const struct hami_profile	*p;
	size_t				 i;
	int				 r = -1;

	for (i = 0; (p = hami_profile_at(i)) != NULL; i++)
		if (!has_flag(p, off))
			r = (int)i;
	return r;
}

/* Rows lo to hi (NO_END: the last) read what (on node). */
static void
evidence(struct gs_infer *in, int lo, int hi, const char *what,
    const char *node)
{
	in->any = 1;
	if (lo > in->lo) {
		in->lo = lo;
		snprintf(in->lo_why, sizeof in->lo_why, "%.56s (node %.56s)", what,
		    node);
	}
	if (hi < in->hi) {
		in->hi = hi;
		snprintf(in->hi_why, sizeof in->hi_why, "%.56s (node %.56s)", what,
		    node);
	}
}

/* The profiles in [lo, hi], how to say that range, and why. */
static void
conclude(struct gs_infer *in)
{
	size_t	i, n = nprofiles(), lo = n, hi = 0;

	in->mask = 0;
	for (i = 0; i < n; i++) {
		if ((int)i >= in->lo && (int)i <= in->hi) {
			in->mask |= 1u << i;
			if (lo == n)
				lo = i;
			hi = i;
		}
	}
	snprintf(in->why, sizeof in->why, "%s%s%s", in->lo_why,
	    in->lo_why[0] && in->hi_why[0] ? " and " : "", in->hi_why);
	if (lo == n)
		snprintf(in->range, sizeof in->range, "no HAMi version");
	else if (lo == hi)
		snprintf(in->range, sizeof in->range, "HAMi %s",
		    row_name(lo) + 5);
	else if (hi == n - 1)
		snprintf(in->range, sizeof in->range, "HAMi %s or later",
		    row_name(lo) + 5);
	else
		snprintf(in->range, sizeof in->range, "HAMi %s to %s",
		    row_name(lo) + 5, row_name(hi) + 5);
}

void
gs_hami_infer(const struct gs_cluster *c, struct gs_infer *in)
{
	const struct gs_vendor_info	*vi;
	size_t				 i, j, first;
	char				 what[128];

	memset(in, 0, sizeof *in);
	in->hi = NO_END;
	for (i = 0; i < c->nnodes; i++) {
		const struct gs_node *n = &c->nodes[i];

		/* Text: v2.6 to v2.7.x; JSON: v2.8 on (load/hamiconfig.h). */
		if (n->reg_form == GS_REG_TEXT)
			evidence(in, 0, until(REG_JSON), "register annotations "
			    "in text form", n->name);
		else if (n->reg_form == GS_REG_JSON)
			evidence(in, since(REG_JSON), NO_END, "register "
			    "annotations in JSON form", n->name);
		if (n->cordon_anno)
			evidence(in, since(CORDON), NO_END,
			    HAMI_DEVICE_CORDON_ANNO, n->name);
		/* A vendor's annotation named after a later type.  Its
		 * end is no bound: an older name's annotation may stay. */
		for (j = 0; j < n->ndevs; j++) {
			vi = &gs_vendors[n->devs[j].vendor];
			if (vi->reg != GVR_TEXT && vi->reg != GVR_JSON)
				continue;
			first = gs_vendor_first_row(n->devs[j].vendor);
			if (first == 0)
				continue;
			snprintf(what, sizeof what, "%s", vi->register_anno);
			evidence(in, (int)first, NO_END, what, n->name);
		}
	}
	conclude(in);
}

enum gs_infer_verdict
gs_infer_decide(const struct gs_infer *in, const char *profile, int given,
    const char **use, char *msg, size_t len)
{
	size_t	i, n = 0, k = 0;

	*use = NULL;
	msg[0] = '\0';
	/* The policy table says which profiles are HAMi's (its family). */
	if (!in->any || !gs_policy_of_family(profile, "hami"))
		return GS_INFER_NONE;
	if (in->mask == 0) {
		snprintf(msg, len, "%s: no HAMi version reads them all; "
		    "simulating %s", in->why, profile);
		return GS_INFER_CONFLICT;
	}
	for (i = 0; i < nprofiles(); i++)
		if (strcmp(row_name(i), profile) == 0)
			k = i + 1;
	if (k > 0 && (in->mask & (1u << (k - 1))))
		return GS_INFER_NONE;
	if (given) {
		snprintf(msg, len, "%s: %s, but simulating %s", in->why,
		    in->range, profile);
		return GS_INFER_CONTRADICTS;
	}
	for (i = 0; i < nprofiles(); i++)
		if (in->mask & (1u << i)) {
			n++;
			*use = row_name(i);
		}
	if (n == 1) {
		snprintf(msg, len, "%s: %s; simulating %s", in->why,
		    in->range, *use);
		return GS_INFER_USE;
	}
	*use = NULL;
	snprintf(msg, len, "%s: %s; simulating %s; pass --hami-version",
	    in->why, in->range, profile);
	return GS_INFER_AMBIGUOUS;
}
