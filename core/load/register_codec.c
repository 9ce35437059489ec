/*
 * load/register_codec.c: decode and encode hami.io/node-nvidia-register.
 *
 * HAMi's own text decoder (util.DecodeNodeDevices) ignores numbers that do
 * not parse and reads them as 0; gpusched refuses them instead, since a
 * node with 0 MiB GPUs is never what a user meant.  Negative counts,
 * memory and cores are refused too (check_values).  Field counts other
 * than 7 or 9 reject the whole annotation, as in HAMi.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "load/register_codec.h"
#include "load/hami_mig.h"
#include "util/util.h"

void
gs_devices_free(struct gs_device *d, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		gs_device_release(&d[i]);
	free(d);
}

/* strconv.ParseInt(s, 10, 32), strictly. */
static int
parse_i32(const char *s, int32_t *out)
{
	char	*end;
	long	 v;

	if (*s == '\0')
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (*end != '\0' || errno == ERANGE || v < INT32_MIN || v > INT32_MAX)
		return -1;
	if (s[0] == ' ' || s[0] == '\t' || s[0] == '\n')
		return -1;
	*out = (int32_t)v;
	return 0;
}

static int
decode_text(const char *s, struct gs_device **devs, size_t *ndevs, char *why,
    size_t len)
{
	static const char *const names[] = { "id", "count", "devmem",
	    "devcore", "type", "numa", "health", "index", "mode" };
	char		*copy, *seg, *next, *fields[10];
	struct gs_device *v = NULL;
	size_t		 n = 0, cap = 0, nf, k;
	int		 rc = 0;

	if (strchr(s, ':') == NULL)
		return gs_why(why, len, "no ':' between devices");
	copy = xstrdup(s);
	for (seg = copy; seg != NULL && rc == 0; seg = next) {
		struct gs_device d;
		char	*p;

		if ((next = strchr(seg, ':')) != NULL)
			*next++ = '\0';
		if (strchr(seg, ',') == NULL)
			continue;
		for (nf = 1, p = seg; *p != '\0'; p++)
			nf += *p == ',';
		if (nf != 7 && nf != 9) {
			rc = gs_why(why, len, "device %zu has %zu fields, "
			    "want 7 or 9", n + 1, nf);
			break;
		}
		for (k = 0, p = seg; k < nf; k++) {
			fields[k] = p;
			if ((p = strchr(p, ',')) != NULL)
				*p++ = '\0';
		}
		memset(&d, 0, sizeof d);
		k = 0;
		if (parse_i32(fields[1], &d.count) != 0)
			k = 1;
		else if (parse_i32(fields[2], &d.devmem) != 0)
			k = 2;
		else if (parse_i32(fields[3], &d.devcore) != 0)
			k = 3;
		else if (parse_i32(fields[5], &d.numa) != 0)
			k = 5;
		else if ((d.health = gs_go_parse_bool(fields[6])) < 0)
			k = 6;
		else if (nf == 9 && parse_i32(fields[7], &d.index) != 0)
			k = 7;
		if (k != 0) {
			rc = gs_why(why, len, "device %zu: %s '%.40s' is not "
			    "%s", n + 1, names[k], fields[k], k == 6 ?
			    "a boolean" : "an integer");
			break;
		}
		if (fields[0][0] == '\0') {
			rc = gs_why(why, len, "device %zu has an empty id",
			    n + 1);
			break;
		}
		d.id = xstrdup(fields[0]);
		d.type = xstrdup(fields[4]);
		d.mode = xstrdup(nf == 9 ? fields[8] : "hami-core");
		/* DecodeNodeDevices (pkg/util/util.go v2.6.1): index := 0
		 * unless the 9-field form gives one. */
		d.index_unset = nf == 7;
		grow_array(&v, &cap, n + 1, sizeof *v);
		v[n++] = d;
	}
	free(copy);
	if (rc == 0 && n == 0)
		rc = gs_why(why, len, "no device entries (HAMi: no gpu found "
		    "on node)");
	if (rc != 0) {
		gs_devices_free(v, n);
		return -1;
	}
	*devs = v;
	*ndevs = n;
	return 0;
}

static int
json_i32(json_t *o, const char *key, int32_t *out, size_t i, char *why,
    size_t len)
{
	json_t	*v = json_object_get(o, key);

	if (v == NULL)
		return 0;		/* omitempty: zero */
	if (!json_is_integer(v) || json_integer_value(v) < INT32_MIN ||
	    json_integer_value(v) > INT32_MAX)
		return gs_why(why, len, "device %zu: \"%s\" must be a 32-bit "
		    "integer", i + 1, key);
	*out = (int32_t)json_integer_value(v);
	return 0;
}

static int
json_str(json_t *o, const char *key, char **out, size_t i, char *why,
    size_t len)
{
	json_t	*v = json_object_get(o, key);

	if (v == NULL) {
		*out = xstrdup("");
		return 0;
	}
	if (!json_is_string(v))
		return gs_why(why, len, "device %zu: \"%s\" must be a string",
		    i + 1, key);
	*out = xstrdup(json_string_value(v));
	return 0;
}

/*
 * Vastai's custominfo keys (pkg/device/vastai/device.go isDieMode,
 * aicID, ScoreNode): DeviceStrategy read as a string ("die"), AIC as the
 * string id of the physical card.  Any JSON value decodes into Go's
 * map[string]any; a key of another type is present but not a string.
 */
static void
json_vastai(json_t *ci, struct gs_device *d)
{
	json_t	*v = json_object_get(ci, "DeviceStrategy");

	d->va_strategy = v == NULL ? GS_VA_ABSENT : !json_is_string(v) ?
	    GS_VA_NONSTR : strcmp(json_string_value(v), "die") == 0 ?
	    GS_VA_DIE : GS_VA_OTHER;
	v = json_object_get(ci, "AIC");
	d->va_aic_set = v != NULL;
	if (v != NULL && json_is_string(v))
		d->va_aic = xstrdup(json_string_value(v));
}

/*
 * custominfo (Go's decoder matches the key in any case): nil, or a map
 * whose NetworkID Ascend's topology reads as a float64 (int(x) of Go on
 * amd64 gives INT64_MIN beyond int64's range) and whose DeviceStrategy
 * and AIC Vastai's die mode reads.
 */
static int
json_custominfo(json_t *o, struct gs_device *d, size_t i, char *why,
    size_t len)
{
	const char	*key;
	json_t		*v, *ci = json_object_get(o, "custominfo"), *id;
	double		 x;

	if (ci == NULL)
		json_object_foreach(o, key, v)
			if (strcasecmp(key, "custominfo") == 0)
				ci = v;
	d->net = GS_NET_NOINFO;
	if (ci == NULL || json_is_null(ci))
		return 0;
	if (!json_is_object(ci))
		return gs_why(why, len, "device %zu: \"custominfo\" must be "
		    "an object", i + 1);
	json_vastai(ci, d);
	if ((id = json_object_get(ci, "NetworkID")) == NULL) {
		d->net = GS_NET_ABSENT;
		return 0;
	}
	if (!json_is_number(id)) {
		d->net = GS_NET_OTHER;
		return 0;
	}
	d->net = GS_NET_NUM;
	x = json_number_value(id);
	d->netid = x >= -9223372036854775808.0 && x < 9223372036854775808.0 ?
	    (int64_t)x : INT64_MIN;
	return 0;
}

static int
decode_json(const char *s, struct gs_device **devs, size_t *ndevs, char *why,
    size_t len)
{
	json_error_t	 je;
	json_t		*root, *o, *h;
	struct gs_device *v = NULL;
	size_t		 n, i;
	int		 rc = 0;

	root = json_loads(s, JSON_REJECT_DUPLICATES, &je);
	if (root == NULL)
		return gs_why(why, len, "invalid JSON at character %d: %s",
		    je.position, je.text);
	if (!json_is_array(root)) {
		json_decref(root);
		return gs_why(why, len, "JSON form must be an array");
	}
	n = json_array_size(root);
	if (n == 0) {
		json_decref(root);
		return gs_why(why, len, "no device entries (HAMi: no gpu "
		    "found on node)");
	}
	v = xcalloc(n, sizeof *v);
	for (i = 0; i < n && rc == 0; i++) {
		o = json_array_get(root, i);
		if (!json_is_object(o)) {
			rc = gs_why(why, len, "device %zu is not an object",
			    i + 1);
			break;
		}
		if (json_i32(o, "index", &v[i].index, i, why, len) ||
		    json_i32(o, "count", &v[i].count, i, why, len) ||
		    json_i32(o, "devmem", &v[i].devmem, i, why, len) ||
		    json_i32(o, "devcore", &v[i].devcore, i, why, len) ||
		    json_i32(o, "numa", &v[i].numa, i, why, len) ||
		    json_str(o, "id", &v[i].id, i, why, len) ||
		    json_str(o, "type", &v[i].type, i, why, len) ||
		    json_str(o, "mode", &v[i].mode, i, why, len) ||
		    json_custominfo(o, &v[i], i, why, len) ||
		    gs_hmig_profiles_json(json_object_get(o, "migProfiles"),
		    v[i].type, &v[i].hmig, why, len)) {
			rc = -1;
			break;
		}
		h = json_object_get(o, "health");
		if (h != NULL && !json_is_boolean(h)) {
			rc = gs_why(why, len, "device %zu: \"health\" must be "
			    "a boolean", i + 1);
			break;
		}
		v[i].health = h != NULL && json_is_true(h);
		if (v[i].id[0] == '\0') {
			rc = gs_why(why, len, "device %zu has no id", i + 1);
			break;
		}
	}
	json_decref(root);
	if (rc != 0) {
		gs_devices_free(v, n);
		return -1;
	}
	*devs = v;
	*ndevs = n;
	return 0;
}

/* The JSON form's first character, after blanks. */
static const char *
json_start(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	return *s == '[' ? s : NULL;
}

int
hami_register_is_json(const char *s)
{
	return json_start(s) != NULL;
}

/*
 * HAMi registers negative counts, memory and cores as they are (Go's
 * ParseInt and json.Unmarshal take them), but no device plugin writes
 * them: they are refused.
 */
static int
check_values(const struct gs_device *d, size_t n, char *why, size_t len)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		const char	*what = d[i].count < 0 ? "count" :
				    d[i].devmem < 0 ? "devmem" :
				    d[i].devcore < 0 ? "devcore" : NULL;

		if (what != NULL)
			return gs_why(why, len, "device %zu: %s %d is "
			    "negative", i + 1, what, d[i].count < 0 ?
			    d[i].count : d[i].devmem < 0 ? d[i].devmem :
			    d[i].devcore);
	}
	return 0;
}

int
hami_register_decode(const char *s, struct gs_device **devs, size_t *ndevs,
    char *why, size_t whylen)
{
	const char	*p = json_start(s);
	int		 rc;

	*devs = NULL;
	*ndevs = 0;
	rc = p != NULL ? decode_json(p, devs, ndevs, why, whylen) :
	    decode_text(s, devs, ndevs, why, whylen);
	if (rc == 0 && check_values(*devs, *ndevs, why, whylen) != 0) {
		gs_devices_free(*devs, *ndevs);
		*devs = NULL;
		*ndevs = 0;
		return -1;
	}
	return rc;
}

char *
hami_register_encode_text(const struct gs_device *d, size_t n)
{
	char	*out = xstrdup(""), *t;
	size_t	 i;

	for (i = 0; i < n; i++) {
		t = xasprintf("%s%s,%d,%d,%d,%s,%d,%s,%d,%s:", out, d[i].id,
		    d[i].count, d[i].devmem, d[i].devcore, d[i].type,
		    d[i].numa, d[i].health ? "true" : "false", d[i].index,
		    d[i].mode);
		free(out);
		out = t;
	}
	return out;
}

int
gs_parse_go_i32(const char *s, int32_t *out)
{
	return parse_i32(s, out);
}
