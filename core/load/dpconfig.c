/*
 * load/dpconfig.c: the device plugin's and mig-parted's config files
 * (load/dpconfig.h).
 *
 * Device plugin (NVIDIA/k8s-device-plugin api/config/v1): config.go
 * parseConfigFrom (version "v1" or absent, else "unknown version");
 * flags.migStrategy none|single|mixed (internal/lm/mig-strategy.go: any
 * other is "unknown strategy"); sharing.go SharingStrategy (mps when
 * sharing.mps replicates, else time-slicing when sharing.timeSlicing
 * does, else none); replicas.go ReplicatedResources.UnmarshalJSON
 * ("no resources specified" when resources is absent or empty),
 * ReplicatedResource.UnmarshalJSON (name and replicas required, "number
 * of replicas must be >= 2", devices "all" by default).  The GPU
 * operator passes several configs as one ConfigMap, a key per config,
 * the node's nvidia.com/device-plugin.config label choosing one and
 * devicePlugin.config.default the rest.  failRequestsGreaterThanOne
 * defaults as load/sharing.c has it (false for time-slicing, true for
 * MPS).
 *
 * mig-parted (NVIDIA/mig-parted pkg/config/v1): version v1, mig-configs:
 * a map of names to lists of {devices: all | [indices], mig-enabled,
 * mig-devices: {profile: count}}; the node's nvidia.com/mig.config label
 * chooses one.  Device filters by product are not simulated.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load/dpconfig.h"
#include "load/hamiconfig.h"
#include "load/load.h"
#include "load/sharing.h"
#include "model/catalog.h"
#include "model/mig.h"

/* One sharing.timeSlicing or sharing.mps map into c. */
static int
read_replicated(const struct yt_file *f, const struct yt_node *v, int kind,
    struct gs_dpconf *c, struct gs_error *err)
{
	const struct yt_node	*res, *r, *k;
	const char		*s;
	int64_t			 n;

	if (yt_expect(f, v, YT_MAP, "sharing", err) != 0)
		return -1;
	res = yt_get(v, "resources");
	if (res == NULL || yt_is_null(res))
		return yt_error(f, v, err, "no resources specified");
	if (yt_expect(f, res, YT_SEQ, "resources", err) != 0)
		return -1;
	if (res->nitems == 0)
		return yt_error(f, res, err, "no resources specified");
	r = res->items[0];
	if (res->nitems > 1)
		return yt_error(f, res->items[1], err, "one replicated "
		    "resource (nvidia.com/gpu) is simulated");
	if (yt_expect(f, r, YT_MAP, "resource", err) != 0)
		return -1;
	if ((k = yt_get(r, "name")) == NULL)
		return yt_error(f, r, err, "no resource name specified");
	if (yt_string(f, k, "name", &s, err) != 0)
		return -1;
	if (strcmp(s, "nvidia.com/gpu") != 0)
		return yt_error(f, k, err, "replicas of '%s' are not simulated "
		    "(nvidia.com/gpu only)", s);
	if ((k = yt_get(r, "devices")) != NULL && (yt_string(f, k, "devices",
	    &s, err) != 0 || strcmp(s, "all") != 0))
		return yt_error(f, k, err, "devices other than 'all' are not "
		    "simulated");
	if ((k = yt_get(r, "replicas")) == NULL)
		return yt_error(f, r, err, "no replicas specified");
	if (yt_int64(f, k, "replicas", INT64_MIN, INT64_MAX, &n, err) != 0)
		return -1;
	if (n < 2)
		return yt_error(f, k, err, "number of replicas must be >= 2");
	if (n > (kind == GS_DEV_MPS ? 48 : 1024))
		return yt_error(f, k, err, "replicas %lld: at most %d", (long
		    long)n, kind == GS_DEV_MPS ? 48 : 1024);
	c->share = kind;
	c->replicas = (int32_t)n;
	c->fail_gt1 = kind == GS_DEV_MPS;
	c->rename = 0;
	if ((k = yt_get(v, "renameByDefault")) != NULL &&
	    yt_bool(f, k, "renameByDefault", &c->rename, err) != 0)
		return -1;
	if ((k = yt_get(v, "failRequestsGreaterThanOne")) != NULL &&
	    yt_bool(f, k, "failRequestsGreaterThanOne", &c->fail_gt1,
	    err) != 0)
		return -1;
	return 0;
}

/*
 * One config document into c.  The plugin reads it with sigs.k8s.io/yaml
 * into api/config/v1 Config (config.go parseConfigFrom): Config's, Flags'
 * and Sharing's keys are matched as encoding/json matches fields, case
 * folded (`timeslicing:` is timeSlicing, yt_get_fold); inside sharing's
 * maps ReplicatedResources and ReplicatedResource's own UnmarshalJSON
 * (replicas.go) look their keys up exactly.
 */
static int
read_dpconf(const struct yt_file *f, const struct yt_node *root,
    struct gs_dpconf *c, struct gs_error *err)
{
	const struct yt_node	*k, *sh;
	const char		*s;

	c->mig_strategy = -1;
	c->share = GS_DEV_WHOLE;
	c->replicas = 1;
	if (yt_expect(f, root, YT_MAP, "device plugin config", err) != 0)
		return -1;
	if ((k = yt_get_fold(root, "version")) != NULL && (yt_string(f, k,
	    "version", &s, err) != 0 || strcmp(s, "v1") != 0))
		return yt_error(f, k, err, "unknown version: %s (v1)",
		    k->str != NULL ? k->str : "?");
	if ((k = yt_get_fold(root, "flags")) != NULL && !yt_is_null(k)) {
		if (yt_expect(f, k, YT_MAP, "flags", err) != 0)
			return -1;
		if ((k = yt_get_fold(k, "migStrategy")) != NULL) {
			if (yt_string(f, k, "migStrategy", &s, err) != 0)
				return -1;
			if (strcmp(s, "none") == 0)
				c->mig_strategy = GS_MIG_NONE;
			else if (strcmp(s, "single") == 0)
				c->mig_strategy = GS_MIG_SINGLE;
			else if (strcmp(s, "mixed") == 0)
				c->mig_strategy = GS_MIG_MIXED;
			else
				return yt_error(f, k, err, "unknown strategy: "
				    "%s (none, single or mixed)", s);
		}
	}
	if ((sh = yt_get_fold(root, "sharing")) == NULL || yt_is_null(sh))
		return 0;
	if (yt_expect(f, sh, YT_MAP, "sharing", err) != 0)
		return -1;
	if ((k = yt_get_fold(sh, "mps")) != NULL && !yt_is_null(k))
		return read_replicated(f, k, GS_DEV_MPS, c, err);
	if ((k = yt_get_fold(sh, "timeSlicing")) != NULL && !yt_is_null(k))
		return read_replicated(f, k, GS_DEV_TIMESLICE, c, err);
	return 0;
}

/* Is root a ConfigMap?  Its data map into *data. */
static int
configmap(const struct yt_file *f, const struct yt_node *root,
    const struct yt_node **data, struct gs_error *err)
{
	const struct yt_node	*k;

	*data = NULL;
	if (root->type != YT_MAP || (k = yt_get(root, "kind")) == NULL ||
	    k->type != YT_SCALAR || strcmp(k->str, "ConfigMap") != 0)
		return 0;
	if ((*data = yt_get(root, "data")) == NULL || yt_is_null(*data))
		return yt_error(f, root, err, "the ConfigMap has no data");
	return yt_expect(f, *data, YT_MAP, "data", err) != 0 ? -1 : 1;
}

/* The names of the device plugin configs, comma separated, into buf. */
static void
dp_names(const struct gs_dpconfigs *x, char *buf, size_t len)
{
	size_t	i, o = 0, n = x->ndp;

	buf[0] = '\0';
	for (i = 0; i < n && o < len; i++) {
		int w = snprintf(buf + o, len - o, "%s%s", i ? ", " : "",
		    x->dp[i].name);

		if (w > 0)
			o += (size_t)w;
	}
}

static const struct gs_dpconf *
dp_find(const struct gs_dpconfigs *x, const char *name)
{
	size_t	i;

	for (i = 0; i < x->ndp; i++)
		if (strcmp(x->dp[i].name, name) == 0)
			return &x->dp[i];
	return NULL;
}

static int	dp_parse(struct gs_dpconfigs *, const char *, const char *,
		    size_t, const char *, struct gs_error *);

int
gs_dpconfig_parse(struct gs_dpconfigs *x, const char *path, const char *buf,
    size_t len, const char *dflt, struct gs_error *err)
{
	int			 rc;

	char			*text;

	/* gs_yt_parse_embedded reads buf's lines as a C string. */
	text = xmalloc(len + 1);
	memcpy(text, buf, len);
	text[len] = '\0';
	rc = dp_parse(x, path, text, len, dflt, err);
	free(text);
	return rc;
}

static int
dp_parse(struct gs_dpconfigs *x, const char *path, const char *buf,
    size_t len, const char *dflt, struct gs_error *err)
{
	const struct yt_node	*root, *data;
	struct yt_file		 in;
	char			 names[512];
	size_t			 i;
	int			 cm, rc;

	if (yt_parse(&x->dpf, path, buf, len, err) != 0)
		return -1;
	x->have_dp = 1;
	if (x->dpf.ndocs == 0 || (root = x->dpf.docs[0].root) == NULL)
		return gs_error_set(err, path, 1, 1, "no device plugin config");
	x->dp_at = root;
	if ((cm = configmap(&x->dpf, root, &data, err)) < 0)
		return -1;
	if (cm == 0) {
		x->dp = xcalloc(1, sizeof *x->dp);
		x->ndp = 1;
		x->dp[0].name = xstrdup("default");
		if (read_dpconf(&x->dpf, root, &x->dp[0], err) != 0)
			return -1;
	} else {
		x->dp_at = data;
		x->ndp = yt_map_len(data);
		x->dp = xcalloc(x->ndp ? x->ndp : 1, sizeof *x->dp);
		for (i = 0; i < x->ndp; i++) {
			x->dp[i].name = xstrdup(yt_key(data, i)->str);
			if (gs_yt_parse_embedded(&x->dpf, buf, yt_val(data, i),
			    x->dp[i].name, &in, err) != 0)
				return -1;
			rc = in.ndocs > 0 && in.docs[0].root != NULL ?
			    read_dpconf(&in, in.docs[0].root, &x->dp[i], err) :
			    yt_error(&x->dpf, yt_val(data, i), err, "config "
			    "'%s' is empty", x->dp[i].name);
			yt_file_release(&in);
			if (rc != 0)
				return -1;
		}
	}
	if (dflt != NULL) {
		x->dp_default = xstrdup(dflt);
		if (dp_find(x, dflt) == NULL) {
			dp_names(x, names, sizeof names);
			return yt_error(&x->dpf, x->dp_at, err, "default config "
			    "'%s' is not in the file (%s)", dflt, names);
		}
	}
	return 0;
}

/* One mig-parted config (a list of entries) into m. */
static int
read_migconf(const struct yt_file *f, const struct yt_node *v,
    struct gs_migconf *m, struct gs_error *err)
{
	const struct yt_node	*k;
	const char		*s;
	int64_t			 ix;
	size_t			 i, j;

	if (yt_expect(f, v, YT_SEQ, "mig config", err) != 0)
		return -1;
	m->ne = v->nitems;
	m->e = xcalloc(m->ne ? m->ne : 1, sizeof *m->e);
	for (i = 0; i < m->ne; i++) {
		struct gs_migconf_entry	*e = &m->e[i];
		const struct yt_node	*it = v->items[i];

		e->at = it;
		if (yt_expect(f, it, YT_MAP, "mig config entry", err) != 0)
			return -1;
		if ((k = yt_get(it, "devices")) == NULL)
			return yt_error(f, it, err, "no devices specified");
		if (k->type == YT_SCALAR) {
			if (yt_string(f, k, "devices", &s, err) != 0 ||
			    strcmp(s, "all") != 0)
				return yt_error(f, k, err, "devices: 'all' or "
				    "a list of GPU indices");
			e->all = 1;
		} else if (yt_expect(f, k, YT_SEQ, "devices", err) != 0)
			return -1;
		for (j = 0; !e->all && j < k->nitems; j++) {
			if (yt_int64(f, k->items[j], "device index", 0, 63,
			    &ix, err) != 0)
				return -1;
			e->devs |= (uint64_t)1 << ix;
		}
		if ((k = yt_get(it, "mig-enabled")) == NULL)
			return yt_error(f, it, err, "no mig-enabled specified");
		if (yt_bool(f, k, "mig-enabled", &e->enabled, err) != 0)
			return -1;
		e->devices = yt_get(it, "mig-devices");
		if (e->enabled && (e->devices == NULL ||
		    yt_is_null(e->devices)))
			return yt_error(f, it, err, "mig-enabled without "
			    "mig-devices");
		if (!e->enabled)
			e->devices = NULL;
	}
	return 0;
}

int
gs_migconfig_parse(struct gs_dpconfigs *x, const char *path, const char *buf,
    size_t len, struct gs_error *err)
{
	const struct yt_node	*root, *data, *k, *cfgs;
	size_t			 i;
	int			 cm;

	if (yt_parse(&x->migf, path, buf, len, err) != 0)
		return -1;
	x->have_mig = 1;
	if (x->migf.ndocs == 0 || (root = x->migf.docs[0].root) == NULL)
		return gs_error_set(err, path, 1, 1, "no mig-parted config");
	if ((cm = configmap(&x->migf, root, &data, err)) < 0)
		return -1;
	if (cm == 1) {
		/* The one key's text; its tree lives in migf's arena. */
		if (yt_map_len(data) != 1)
			return yt_error(&x->migf, data, err, "the ConfigMap "
			    "should hold one mig-parted config (config.yaml)");
		return gs_error_set(err, path, yt_val(data, 0)->line,
		    yt_val(data, 0)->col, "a mig-parted ConfigMap: give its "
		    "config.yaml itself");
	}
	if (yt_expect(&x->migf, root, YT_MAP, "mig-parted config", err) != 0)
		return -1;
	if ((k = yt_get(root, "version")) != NULL && (k->type != YT_SCALAR ||
	    strcmp(k->str, "v1") != 0))
		return yt_error(&x->migf, k, err, "unknown version (v1)");
	if ((cfgs = yt_get(root, "mig-configs")) == NULL)
		return yt_error(&x->migf, root, err, "no mig-configs");
	if (yt_expect(&x->migf, cfgs, YT_MAP, "mig-configs", err) != 0)
		return -1;
	x->mig_at = cfgs;
	x->nmig = yt_map_len(cfgs);
	x->mig = xcalloc(x->nmig ? x->nmig : 1, sizeof *x->mig);
	for (i = 0; i < x->nmig; i++) {
		x->mig[i].name = xstrdup(yt_key(cfgs, i)->str);
		x->mig[i].at = yt_key(cfgs, i);
		if (read_migconf(&x->migf, yt_val(cfgs, i), &x->mig[i],
		    err) != 0)
			return -1;
	}
	return 0;
}

void
gs_dpconfigs_release(struct gs_dpconfigs *x)
{
	size_t	i;

	for (i = 0; i < x->ndp; i++)
		free(x->dp[i].name);
	free(x->dp);
	free(x->dp_default);
	for (i = 0; i < x->nmig; i++) {
		free(x->mig[i].name);
		free(x->mig[i].e);
	}
	free(x->mig);
	if (x->have_dp)
		yt_file_release(&x->dpf);
	if (x->have_mig)
		yt_file_release(&x->migf);
	memset(x, 0, sizeof *x);
}
