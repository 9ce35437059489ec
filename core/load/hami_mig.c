/*
 * load/hami_mig.c: the two JSON forms of HAMi v2.10's MIG reservation
 * model: a register annotation device's `migProfiles` (pkg/device/
 * devices.go MigProfile, written by the device plugin's
 * discoverMigProfiles) and a pod's hami.io/vgpu-mig-allocations
 * (pkg/device/nvidia/mig_allocations.go MigAllocation, checked as
 * DecodeMigAllocations checks it).
 *
 * gpusched refuses what no device plugin writes: a profile whose slice
 * count ("3g") the GPU model's MIG table (model/mig.c) lacks, a
 * placement past the model's memory slices, and allocations whose
 * placements overlap on one GPU.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load/hami_mig.h"
#include "model/mig.h"

static int
why_set(char *why, size_t len, const char *fmt, const char *a, long b)
{
	snprintf(why, len, fmt, a, b);
	return -1;
}

/* A JSON unsigned integer below max, or -1. */
static long
juint(json_t *o, const char *key, long max)
{
	json_t	*v = json_object_get(o, key);

	if (v == NULL)
		return 0;		/* Go's zero value */
	if (!json_is_integer(v) || json_integer_value(v) < 0 ||
	    json_integer_value(v) > max)
		return -1;
	return (long)json_integer_value(v);
}

/* Does the model's table have a profile of g compute slices? */
static int
model_has(const struct gs_mig_model *m, long g)
{
	size_t	i;

	for (i = 0; i < m->np; i++)
		if (m->p[i].g == g)
			return 1;
	return 0;
}

/* One MigProfile object into p. */
static int
profile(json_t *o, const struct gs_mig_model *m, struct gs_hmig_profile *p,
    char *why, size_t len)
{
	json_t		*v = json_object_get(o, "name"), *pl, *e;
	const char	*name;
	long		 g, x;
	size_t		 i;

	if (!json_is_object(o) || !json_is_string(v))
		return why_set(why, len, "%s", "a migProfiles entry needs a "
		    "string \"name\"", 0);
	name = json_string_value(v);
	g = strtol(name, NULL, 10);
	if (strlen(name) >= sizeof p->name || g < 1 || g > 8 ||
	    strchr(name, 'g') != name + 1 || name[2] != '.')
		return why_set(why, len, "MIG profile '%.40s' is not "
		    "<n>g.<memory> (HAMi ValidateMigProfileAllowlist)%.0ld",
		    name, 0);
	if (m != NULL && !model_has(m, g))
		return why_set(why, len, "MIG profile '%.40s': the GPU model "
		    "has no %ldg instance", name, g);
	snprintf(p->name, sizeof p->name, "%s", name);
	if ((x = juint(o, "memoryMB", INT32_MAX)) < 0 ||
	    (p->mem = (int32_t)x, x = juint(o, "core", INT32_MAX)) < 0 ||
	    (p->core = (int32_t)x, x = juint(o, "sliceCount", 8)) < 0)
		return why_set(why, len, "MIG profile '%.40s': memoryMB, core "
		    "and sliceCount must be unsigned integers%.0ld", name, 0);
	p->slices = (int32_t)x;
	pl = json_object_get(o, "placements");
	if (pl != NULL && !json_is_null(pl) && !json_is_array(pl))
		return why_set(why, len, "MIG profile '%.40s': \"placements\" "
		    "must be an array%.0ld", name, 0);
	p->nplace = 0;
	json_array_foreach(pl, i, e) {
		long s = juint(e, "start", 7), z = juint(e, "size", 8);

		if (!json_is_object(e) || s < 0 || z < 1 ||
		    s + z > (m != NULL ? m->mslices : 8) ||
		    p->nplace == GS_HMIG_MAXPL)
			return why_set(why, len, "MIG profile '%.40s': "
			    "placement %ld is not {start, size} within the "
			    "GPU's memory slices", name, (long)i + 1);
		p->start[p->nplace] = (uint8_t)s;
		p->size[p->nplace++] = (uint8_t)z;
	}
	return 0;
}

int
gs_hmig_profiles_json(json_t *arr, const char *type, struct gs_hmig **out,
    char *why, size_t len)
{
	const struct gs_mig_model	*m;
	struct gs_hmig			*h;
	json_t				*e;
	size_t				 i;
	const char			*t = type;

	*out = NULL;
	if (arr == NULL || json_is_null(arr))
		return 0;
	if (!json_is_array(arr))
		return why_set(why, len, "%s", "\"migProfiles\" must be an "
		    "array", 0);
	if (json_array_size(arr) > GS_HMIG_MAXP)
		return why_set(why, len, "%s: more than %ld MIG profiles",
		    "\"migProfiles\"", GS_HMIG_MAXP);
	/* "NVIDIA-A100-SXM4-80GB": the catalogue knows the NVML name. */
	if (strncmp(t, "NVIDIA-", 7) == 0)
		t += 7;
	m = gs_mig_model_find(t);
	h = calloc(1, sizeof *h);
	if (h == NULL)
		return why_set(why, len, "%s", "out of memory", 0);
	json_array_foreach(arr, i, e)
		if (profile(e, m, &h->p[h->np++], why, len) != 0) {
			free(h);
			return -1;
		}
	*out = h;
	return 0;
}

/* One MigAllocation object into a; *gpu points into the JSON. */
static int
allocation(json_t *o, size_t i, struct gs_hmig_alloc *a, char *why,
    size_t len)
{
	json_t		*pl = json_object_get(o, "placement");
	json_t		*u = json_object_get(o, "gpuUUID"),
			*p = json_object_get(o, "profile");
	long		 c = juint(o, "containerIndex", INT32_MAX),
			 d = juint(o, "deviceIndex", INT32_MAX),
			 s = json_is_object(pl) ? juint(pl, "start", 7) : -1,
			 z = json_is_object(pl) ? juint(pl, "size", 8) : -1;
	int		 rt;

	if (!json_is_object(o) || !json_is_string(u) || !json_is_string(p) ||
	    c < 0 || d < 0 || s < 0 || z < 1 || s + z > 8 ||
	    json_string_length(u) == 0 || json_string_length(p) == 0)
		return why_set(why, len, "MIG allocation %s%ld is incomplete "
		    "(HAMi DecodeMigAllocations)", "", (long)i);
	rt = (json_object_get(o, "migUUID") != NULL) +
	    (json_object_get(o, "gpuInstanceID") != NULL) +
	    (json_object_get(o, "computeInstanceID") != NULL);
	if (rt != 0 && rt != 3)
		return why_set(why, len, "MIG allocation %s%ld has partial "
		    "runtime identity", "", (long)i);
	a->ctr = (int)c;
	a->dev = (int)d;
	a->gpu = json_string_value(u);
	a->profile = json_string_value(p);
	a->start = (int)s;
	a->size = (int)z;
	return 0;
}

int
gs_hmig_allocs_parse(json_t *root, struct gs_hmig_alloc **out, size_t *n,
    char *why, size_t len)
{
	struct gs_hmig_alloc	*v;
	json_t			*e;
	size_t			 i, j;

	*out = NULL;
	*n = 0;
	if (!json_is_array(root))
		return why_set(why, len, "%s", "must be a JSON array of MIG "
		    "allocations", 0);
	v = calloc(json_array_size(root) + 1, sizeof *v);
	if (v == NULL)
		return why_set(why, len, "%s", "out of memory", 0);
	json_array_foreach(root, i, e) {
		if (allocation(e, i, &v[i], why, len) != 0)
			goto bad;
		for (j = 0; j < i; j++) {
			if (v[j].ctr == v[i].ctr && v[j].dev == v[i].dev) {
				why_set(why, len, "duplicate MIG allocation "
				    "for container %s%ld", "", (long)v[i].ctr);
				goto bad;
			}
			if (strcmp(v[j].gpu, v[i].gpu) == 0 &&
			    v[j].start < v[i].start + v[i].size &&
			    v[i].start < v[j].start + v[j].size) {
				why_set(why, len, "MIG allocations overlap on "
				    "GPU %.60s (allocation %ld)", v[i].gpu,
				    (long)i);
				goto bad;
			}
		}
	}
	*out = v;
	*n = json_array_size(root);
	return 0;
bad:
	free(v);
	return -1;
}
