/*
 * load/metax.c: Metax whole GPUs as HAMi registers them (pkg/device/metax/
 * device.go GetNodeDevices, v2.6.1 ... v2.10.0): status.capacity
 * metax-tech.com/gpu (the chart's metax.resourceCountName) read with
 * Quantity.AsInt64; a count that is not a whole int64 or is 0 gives no
 * devices.  Each is "<node>-metax-<i>", index i, count 1, 65536 MiB, 100
 * cores, type Metax-GPU, NUMA 0, healthy.  AMD's GetNodeDevices of v2.7.1
 * to v2.9.0 (pkg/device/amd/device.go) reads amd.com/gpu the same way:
 * "<node>-AMDGPU-<i>" of 192000 MiB (the vendor row's whole_mem), type
 * AMDGPU.  The node score annotations
 * metax-tech.com/gpu.topology.losses / .scores (ScoreNode) are not
 * simulated: a node that has them draws a warning, as does one whose
 * Vastai devices carry customInfo (die mode, AIC node score).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load/load.h"
#include "load/quantity.h"
#include "sched/hami/vendor.h"
#include "util/util.h"

int
gs_load_count_devices(const struct yt_file *f, const struct yt_node *cap,
    int vendor, struct gs_node *n, struct gs_error *err)
{
	const struct gs_vendor_info	*vi = &gs_vendors[vendor];
	const struct yt_node		*v = yt_get(cap, vi->capacity_core);
	struct gs_quantity		 q;
	struct gs_device		 d;
	char				 why[64];
	int64_t				 i;

	if (v == NULL || yt_is_null(v))
		return 0;
	if (v->type != YT_SCALAR ||
	    gs_quantity_parse(v->str, &q, why, sizeof why) != 0)
		return yt_error(f, v, err, "capacity %s must be a quantity, "
		    "got '%s'", vi->capacity_core, v->type == YT_SCALAR ?
		    v->str : yt_type_name(v));
	if (q.negative)
		return yt_error(f, v, err, "capacity %s must not be negative, "
		    "got '%s'", vi->capacity_core, v->str);
	/* AsInt64 fails: HAMi registers none. */
	if (!q.integral || !q.fits)
		return 0;
	if (q.value > 256)
		return yt_error(f, v, err, "capacity %s is too large: more "
		    "than 256 devices", vi->capacity_core);
	for (i = 0; i < q.value; i++) {
		memset(&d, 0, sizeof d);
		d.id = xasprintf("%s%s%lld", n->name, vi->id_infix,
		    (long long)i);
		d.index = (int32_t)i;
		d.count = 1;
		d.devmem = vi->whole_mem;
		d.devcore = 100;
		d.type = xstrdup(vi->type);
		d.health = 1;
		d.mode = xstrdup("");
		d.vendor = vendor;
		n->devs = xreallocarray(n->devs, n->ndevs + 1, sizeof *n->devs);
		n->devs[n->ndevs++] = d;
	}
	return 0;
}

/* Vastai (pkg/device/vastai/device.go): a device with customInfo may be
 * a die (DeviceStrategy "die") or carry an AIC, which its Fit and
 * ScoreNode read; neither is simulated. */
static void
warn_vastai_custominfo(const struct yt_file *f, const struct yt_node *annos,
    const struct gs_node *n, struct gs_warnings *w)
{
	const char		*key = gs_vendors[GV_VASTAI].register_anno;
	const struct yt_node	*v = yt_get(annos, key);
	size_t			 i;

	for (i = 0; v != NULL && i < n->ndevs; i++)
		if (n->devs[i].vendor == GV_VASTAI &&
		    n->devs[i].net != GS_NET_NOINFO) {
			gs_warn(w, f->path, v->line, v->col, "node '%s': %s: "
			    "HAMi v2.9+ reads Vastai customInfo (die mode, AIC "
			    "node score), which is not simulated: each device "
			    "is taken as a whole card", n->name, key);
			return;
		}
}

void
gs_vendor_warn_unsimulated(const struct yt_file *f,
    const struct yt_node *annos, const struct gs_node *n,
    struct gs_warnings *w)
{
	static const char *const keys[] = {
	    "metax-tech.com/gpu.topology.losses",
	    "metax-tech.com/gpu.topology.scores" };
	const struct yt_node	*v;
	size_t			 i;

	for (i = 0; i < 2; i++)
		if ((v = yt_get(annos, keys[i])) != NULL)
			gs_warn(w, f->path, v->line, v->col, "node '%s': %s "
			    "is not simulated: HAMi adds 2000 minus its value "
			    "to the node score of pods asking for Metax GPUs",
			    n->name, keys[i]);
	warn_vastai_custominfo(f, annos, n, w);
}
