/*
 * load/metax_sgpu.c: Metax sGPUs as HAMi registers them (pkg/device/metax/
 * sdevice.go GetNodeDevices and CheckHealth, protocol.go
 * convertMetaxSDeviceToHAMIDevice, v2.6.1): the JSON list
 * metax-tech.com/node-gpu-devices, each entry a device of its uuid,
 * Index its position, Count totalDevCount, Devmem totalVRam, Devcore
 * totalCompute, Numa, Health healthy, type Metax-SGPU.  encoding/json
 * matches field names in any case and fails on a field of another type
 * or an int32 field whose literal is no int32 (ParseInt); GetNodeDevices
 * then registers none, which gpusched reports as an input error.  An
 * empty list: GetNodeDevices fails and CheckHealth ("any devices") says
 * unhealthy, so HAMi registers none; gpusched warns.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "load/load.h"
#include "load/metax_sgpu.h"
#include "load/pair_scores.h"
#include "sched/hami/vendor.h"
#include "util/util.h"

/* An int32 field (absent or null: 0), else -1. */
static int
int32_field(json_t *o, const char *name, int32_t *out)
{
	json_t		*v = gs_json_field(o, name);
	json_int_t	 x;

	*out = 0;
	if (v == NULL || json_is_null(v))
		return 0;
	if (!json_is_integer(v))
		return -1;
	x = json_integer_value(v);
	if (x < INT32_MIN || x > INT32_MAX)
		return -1;
	*out = (int32_t)x;
	return 0;
}

/* Entry i into *d, or -1 with the reason in why. */
static int
decode_dev(json_t *e, size_t i, struct gs_msgpu_dev *d, char *why,
    size_t len)
{
	static const char *const strs[] = { "uuid", "bdf", "model" };
	static const char *const ints[] = { "totalDevCount", "totalCompute",
	    "totalVRam", "availableDevCount", "availableCompute",
	    "availableVRam", "numa" };
	int32_t		 iv[7];
	json_t		*v;
	size_t		 k;

	if (json_is_null(e)) {
		snprintf(why, len, "device %zu is null (HAMi's GetNodeDevices "
		    "dereferences it)", i);
		return -1;
	}
	if (!json_is_object(e)) {
		snprintf(why, len, "device %zu is not an object", i);
		return -1;
	}
	for (k = 0; k < sizeof strs / sizeof strs[0]; k++)
		if ((v = gs_json_field(e, strs[k])) != NULL &&
		    !json_is_null(v) && !json_is_string(v)) {
			snprintf(why, len, "device %zu: %s is not a string", i,
			    strs[k]);
			return -1;
		}
	for (k = 0; k < sizeof ints / sizeof ints[0]; k++)
		if (int32_field(e, ints[k], &iv[k]) != 0) {
			snprintf(why, len, "device %zu: %s is not an int32", i,
			    ints[k]);
			return -1;
		}
	if ((v = gs_json_field(e, "healthy")) != NULL && !json_is_null(v) &&
	    !json_is_boolean(v)) {
		snprintf(why, len, "device %zu: healthy is not a boolean", i);
		return -1;
	}
	d->healthy = v != NULL && json_is_true(v);
	v = gs_json_field(e, "uuid");
	d->uuid = xstrdup(v != NULL && json_is_string(v) ?
	    json_string_value(v) : "");
	d->count = iv[0];
	d->compute = iv[1];
	d->vram = iv[2];
	d->numa = iv[6];
	return 0;
}

int
gs_msgpu_decode(const char *s, struct gs_msgpu_dev **devs, size_t *n,
    char *why, size_t whylen)
{
	json_error_t	 je;
	json_t		*root, *e;
	size_t		 i, j;
	int		 rc = -1;

	*devs = NULL;
	*n = 0;
	if ((root = json_loads(s, JSON_DECODE_ANY, &je)) == NULL) {
		snprintf(why, whylen, "not JSON: %s", je.text);
		return -1;
	}
	if (!json_is_array(root) && !json_is_null(root)) {
		snprintf(why, whylen, "not a JSON array");
		goto out;
	}
	if (json_array_size(root) > 256) {
		snprintf(why, whylen, "more than 256 devices");
		goto out;
	}
	*devs = xcalloc(json_array_size(root) + 1, sizeof **devs);
	json_array_foreach(root, i, e) {
		if (decode_dev(e, i, &(*devs)[i], why, whylen) != 0)
			goto out;
		*n = i + 1;
		for (j = 0; j < i; j++)
			if (strcmp((*devs)[j].uuid, (*devs)[i].uuid) == 0) {
				snprintf(why, whylen, "two devices of uuid "
				    "'%.64s'", (*devs)[i].uuid);
				goto out;
			}
	}
	rc = 0;
out:
	json_decref(root);
	if (rc != 0) {
		gs_msgpu_devs_free(*devs, *n);
		*devs = NULL;
		*n = 0;
	}
	return rc;
}

void
gs_msgpu_devs_free(struct gs_msgpu_dev *devs, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		free(devs[i].uuid);
	free(devs);
}

int
gs_load_metax_sgpu_devices(const struct yt_file *f,
    const struct yt_node *annos, int vendor, struct gs_node *n,
    struct gs_warnings *w, struct gs_error *err)
{
	const struct gs_vendor_info	*vi = &gs_vendors[vendor];
	const struct yt_node		*v;
	struct gs_msgpu_dev		*devs;
	struct gs_device		 d;
	const char			*s;
	char				 why[256];
	size_t				 nd, i;
	int				 rc;

	if ((rc = gs_load_register_anno(f, annos, vendor, &v, &s, err)) <= 0)
		return rc;
	if (gs_msgpu_decode(s, &devs, &nd, why, sizeof why) != 0)
		return yt_error(f, v, err, "%s does not decode: %s",
		    vi->register_anno, why);
	if (nd == 0)
		gs_warn(w, f->path, v->line, v->col, "node '%s': %s lists no "
		    "device, so HAMi registers no Metax sGPU", n->name,
		    vi->register_anno);
	n->devs = xreallocarray(n->devs, n->ndevs + nd + 1, sizeof *n->devs);
	for (i = 0; i < nd; i++) {
		memset(&d, 0, sizeof d);
		d.id = devs[i].uuid;
		devs[i].uuid = NULL;
		d.index = (int32_t)i;
		d.count = devs[i].count;
		d.devmem = devs[i].vram;
		d.devcore = devs[i].compute;
		d.type = xstrdup(vi->type);
		d.numa = devs[i].numa;
		d.health = devs[i].healthy;
		d.mode = xstrdup("");
		d.vendor = vendor;
		n->devs[n->ndevs++] = d;
	}
	gs_msgpu_devs_free(devs, nd);
	return 0;
}
