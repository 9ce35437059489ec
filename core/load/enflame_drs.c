/*
 * load/enflame_drs.c: decode enflame.com/gcu-drs-capacity as HAMi v2.10.0
 * reads it (pkg/device/enflame/device.go GetNodeDevices, parseProfile,
 * parseDRSCapacity, collectDRSProfiles).  encoding/json matches field
 * names in any case, keeps the last of duplicate keys (as jansson
 * does), and fails on a field of another type; GetNodeDevices then
 * registers none of the node's DRS GCUs, which gpusched reports as an
 * input error.  What HAMi refuses after decoding (no valid profile, a
 * capacity not above 0) is spec.none: no devices, a warning.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "load/enflame_drs.h"
#include "load/pair_scores.h"
#include "load/load.h"
#include "sched/hami/vendor.h"
#include "util/int32.h"
#include "util/util.h"

/* strings.TrimSpace's ASCII part: [*s, *e) trimmed (gs_trim_span). */
static void
trim(const char **s, const char **e)
{
	size_t	n = (size_t)(*e - *s);

	gs_trim_span(s, &n);
	*e = *s + n;
}

/* strconv.Atoi of [s, e) on a 64-bit int. */
static int
atoi64(const char *s, const char *e, int64_t *v)
{
	return gs_go_parse_int64(s, (size_t)(e - s), v);
}

/* [s, e) without the suffix suf (strings.TrimSuffix). */
static const char *
trim_suffix(const char *s, const char *e, const char *suf)
{
	size_t	n = strlen(suf);

	return (size_t)(e - s) >= n && strncmp(e - n, suf, n) == 0 ?
	    e - n : e;
}

void
gs_drs_parse_profile(const char *name, int64_t *size, int64_t *mem_gb)
{
	char		*low = xstrdup(name), *p;
	const char	*s, *e, *dot, *end;

	*size = *mem_gb = 0;
	for (p = low; *p != '\0'; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p = (char)(*p - 'A' + 'a');
	s = low;
	e = low + strlen(low);
	trim(&s, &e);
	/* strings.Split(".") with at least two parts. */
	if ((dot = memchr(s, '.', (size_t)(e - s))) == NULL)
		goto out;
	end = dot;
	trim(&s, &end);
	if (atoi64(s, trim_suffix(s, end, "g"), size) != 0) {
		*size = 0;
		goto out;
	}
	s = dot + 1;
	if ((end = memchr(s, '.', (size_t)(e - s))) == NULL)
		end = e;
	trim(&s, &end);
	if (atoi64(s, trim_suffix(s, end, "gb"), mem_gb) != 0)
		*mem_gb = 0;
out:
	free(low);
}

/*
 * parseDRSCapacity: a JSON number truncated to int32 (beyond int32: an
 * error), a string through Atoi clamped to int32; anything else an
 * error.  -1 on an error.
 */
static int
drs_capacity(json_t *v, int32_t *out)
{
	const char	*s, *e;
	double		 d;
	int64_t		 x;

	if (json_is_number(v)) {
		d = json_number_value(v);
		if (isnan(d) || d > INT32_MAX || d < INT32_MIN)
			return -1;
		*out = (int32_t)d;
		return 0;
	}
	if (!json_is_string(v))
		return -1;
	s = json_string_value(v);
	e = s + json_string_length(v);
	trim(&s, &e);
	if (atoi64(s, e, &x) != 0)
		return -1;
	*out = x > INT32_MAX ? INT32_MAX : x < INT32_MIN ? INT32_MIN :
	    (int32_t)x;
	return 0;
}

/* A string field that may be absent or null ("" then), else -1. */
static int
string_field(json_t *o, const char *name, const char **out)
{
	json_t	*v = gs_json_field(o, name);

	*out = "";
	if (v == NULL || json_is_null(v))
		return 0;
	if (!json_is_string(v))
		return -1;
	*out = json_string_value(v);
	return 0;
}

static int
by_size(const void *a, const void *b)
{
	const struct gs_drs_profile *x = a, *y = b;

	if (x->size != y->size)
		return x->size < y->size ? -1 : 1;
	return (x->mem_gb > y->mem_gb) - (x->mem_gb < y->mem_gb);
}

/* Profiles: maxSlice and maxMemGB over every name; the candidates. */
static int
decode_profiles(json_t *p, struct gs_drs_spec *spec, char *why, size_t len)
{
	const char	*key;
	json_t		*v;
	int64_t		 size, mem;

	if (p == NULL || json_is_null(p))
		return 0;
	if (!json_is_object(p)) {
		snprintf(why, len, "profiles is not an object");
		return -1;
	}
	json_object_foreach(p, key, v)
		if (!json_is_string(v) && !json_is_null(v)) {
			snprintf(why, len, "profile '%s': its id is not a "
			    "string", key);
			return -1;
		}
	spec->profiles = xcalloc(json_object_size(p) + 1,
	    sizeof *spec->profiles);
	json_object_foreach(p, key, v) {
		gs_drs_parse_profile(key, &size, &mem);
		if (size > spec->max_slice)
			spec->max_slice = size;
		if (mem > spec->max_mem_gb)
			spec->max_mem_gb = mem;
		if (size <= 0 || mem <= 0)
			continue;
		spec->profiles[spec->nprofiles].size = size;
		spec->profiles[spec->nprofiles++].mem_gb = mem;
	}
	return 0;
}

/* Device i (its index, else i; its capacity), or -1 on a type error. */
static int
decode_dev(json_t *d, size_t i, struct gs_drs_spec *spec, char *why,
    size_t len)
{
	struct gs_drs_dev	*o = &spec->devs[spec->ndevs];
	const char		*idx, *minor;
	size_t			 j;

	o->index = (int64_t)i;
	o->capacity = 0;
	if (json_is_null(d))
		goto check;
	if (!json_is_object(d) || string_field(d, "index", &idx) != 0 ||
	    string_field(d, "minor", &minor) != 0) {
		snprintf(why, len, "device %zu: not an object with string "
		    "index and minor", i);
		return -1;
	}
	if (atoi64(idx, idx + strlen(idx), &o->index) != 0)
		o->index = (int64_t)i;
	if ((spec->none == NULL && drs_capacity(gs_json_field(d,
	    "capacity"), &o->capacity) != 0) || o->capacity <= 0)
		spec->none = "a device's capacity is not a number above 0";
check:
	if (json_is_null(d) && spec->none == NULL)
		spec->none = "a device's capacity is not a number above 0";
	for (j = 0; j < spec->ndevs; j++)
		if (spec->devs[j].index == o->index) {
			snprintf(why, len, "two devices of index %lld",
			    (long long)o->index);
			return -1;
		}
	spec->ndevs++;
	return 0;
}

int
gs_drs_decode(const char *s, struct gs_drs_spec *spec, char *why,
    size_t whylen)
{
	json_error_t	 je;
	json_t		*root, *devs, *d;
	size_t		 i;
	int		 rc = -1;

	memset(spec, 0, sizeof *spec);
	if ((root = json_loads(s, JSON_DECODE_ANY | JSON_DECODE_INT_AS_REAL,
	    &je)) == NULL) {
		snprintf(why, whylen, "not JSON: %s", je.text);
		return -1;
	}
	if (!json_is_object(root) && !json_is_null(root)) {
		snprintf(why, whylen, "not a JSON object");
		goto out;
	}
	if (json_is_object(root) && decode_profiles(gs_json_field(root,
	    "profiles"), spec, why, whylen) != 0)
		goto out;
	devs = json_is_object(root) ? gs_json_field(root, "devices") : NULL;
	if (devs != NULL && !json_is_null(devs) && !json_is_array(devs)) {
		snprintf(why, whylen, "devices is not an array");
		goto out;
	}
	if (devs != NULL && json_array_size(devs) > 256) {
		snprintf(why, whylen, "more than 256 devices");
		goto out;
	}
	spec->devs = xcalloc(json_array_size(devs) + 1, sizeof *spec->devs);
	json_array_foreach(devs, i, d)
		if (decode_dev(d, i, spec, why, whylen) != 0)
			goto out;
	/* collectDRSProfiles: the core share of the largest size. */
	for (i = 0; i < spec->nprofiles; i++)
		spec->profiles[i].core_pct = (int64_t)ceil(
		    (double)spec->profiles[i].size * 100 /
		    (double)spec->max_slice);
	qsort(spec->profiles, spec->nprofiles, sizeof *spec->profiles,
	    by_size);
	if (spec->max_slice <= 0)
		spec->none = "no valid DRS profile";
	else if (spec->ndevs == 0 && spec->none == NULL)
		spec->none = "no DRS device";
	if (spec->max_mem_gb <= 0)
		spec->max_mem_gb = spec->max_slice;
	rc = 0;
out:
	json_decref(root);
	if (rc != 0)
		gs_drs_spec_release(spec);
	return rc;
}

void
gs_drs_spec_release(struct gs_drs_spec *spec)
{
	free(spec->devs);
	free(spec->profiles);
	memset(spec, 0, sizeof *spec);
}

int
gs_load_drs_devices(const struct yt_file *f, const struct yt_node *annos,
    int vendor, struct gs_node *n, struct gs_warnings *w,
    struct gs_error *err)
{
	const struct gs_vendor_info	*vi = &gs_vendors[vendor];
	const struct yt_node		*v;
	struct gs_drs_spec		 spec;
	const char			*s;
	char				 why[256];
	size_t				 i;
	int				 rc;

	if ((rc = gs_load_register_anno(f, annos, vendor, &v, &s, err)) <= 0)
		return rc;
	if (gs_drs_decode(s, &spec, why, sizeof why) != 0)
		return yt_error(f, v, err, "%s does not decode: %s",
		    vi->register_anno, why);
	if (spec.none != NULL) {
		gs_warn(w, f->path, v->line, v->col, "node '%s': %s: %s, so "
		    "HAMi registers none of its DRS GCUs", n->name,
		    vi->register_anno, spec.none);
		gs_drs_spec_release(&spec);
		return 0;
	}
	/* Devmem int32(maxMemGB * 1024), Go's int then int32. */
	for (i = 0; i < spec.ndevs; i++)
		gs_load_vendor_device(n, vendor, spec.devs[i].index,
		    spec.devs[i].capacity,
		    i32_from64(i64_mul(spec.max_mem_gb, 1024)), 100);
	free(n->drs);
	n->drs = spec.profiles;
	n->ndrs = spec.nprofiles;
	spec.profiles = NULL;
	gs_drs_spec_release(&spec);
	return 0;
}
