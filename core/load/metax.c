/*
 * load/metax.c: Metax whole GPUs as HAMi registers them (pkg/device/metax/
 * device.go GetNodeDevices, v2.6.1 ... v2.10.0): status.capacity
 * metax-tech.com/gpu (the chart's metax.resourceCountName) read with
 * Quantity.AsInt64; a count that is not a whole int64 or is 0 gives no
 * devices.  Each is "<node>-metax-<i>", index i, count 1, 65536 MiB, 100
 * cores, type Metax-GPU, NUMA 0, healthy.  AMD's GetNodeDevices of v2.7.1
 * to v2.9.0 (pkg/device/amd/device.go) reads amd.com/gpu the same way:
 * "<node>-AMDGPU-<i>" of 192000 MiB (the vendor row's whole_mem), type
 * AMDGPU.  Kunlun's (pkg/device/kunlun/device.go, v2.7+) reads
 * kunlunxin.com/xpu: "<node>-kunlun-<i>", count 100, 98304 MiB, type
 * kunlun, NUMA 1 for the second half.  v2.10's AMD CheckHealth reads the
 * same count: below 1, the devices of hami.io/node-amd-register are
 * unregistered.  Enflame's shared vGCU of v2.6.1 to v2.9.0
 * (pkg/device/enflame/device.go) reads enflame.com/gcu-count so:
 * "<node>-enflame-<i>" of 100 slots, and keeps enflame.com/shared-gcu on
 * the node (its webhook's factor).  Metax's node score annotations
 * (ScoreNode) are read by load/metax_topo.c.  AWS
 * Neuron's GetNodeDevices (pkg/device/awsneuron/device.go, v2.7.0+)
 * reads two capacities: gs_load_neuron_devices.  Also the register
 * annotation lookup the annotation readers share (gs_load_register_anno).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load/load.h"
#include "load/quantity.h"
#include "sched/hami/hami.h"
#include "sched/hami/neuron.h"
#include "sched/hami/vendor.h"
#include "util/util.h"

int
gs_load_capacity(const struct yt_file *f, const struct yt_node *cap,
    const char *key, int refuse_large, int64_t *count, struct gs_error *err)
{
	const struct yt_node	*v = yt_get(cap, key);
	struct gs_quantity	 q;
	char			 why[64];

	*count = 0;
	if (v == NULL || yt_is_null(v))
		return 0;
	if (v->type != YT_SCALAR ||
	    gs_quantity_parse(v->str, &q, why, sizeof why) != 0)
		return yt_error(f, v, err, "capacity %s must be a quantity, "
		    "got '%s'", key, v->type == YT_SCALAR ? v->str :
		    yt_type_name(v));
	/* Kubernetes never reports a negative or unbounded capacity. */
	if (q.negative)
		return yt_error(f, v, err, "capacity %s must not be negative, "
		    "got '%s'", key, v->str);
	if (refuse_large && q.integral && !q.fits)
		return yt_error(f, v, err, "capacity %s is too large: '%s'",
		    key, v->str);
	/* AsInt64 fails: a count of none. */
	if (q.integral && q.fits)
		*count = q.value;
	return 0;
}

int
gs_load_register_anno(const struct yt_file *f, const struct yt_node *annos,
    int vendor, const struct yt_node **v, const char **s,
    struct gs_error *err)
{
	const char	*key = gs_vendors[vendor].register_anno;

	if ((*v = yt_get(annos, key)) == NULL)
		return 0;
	return yt_string(f, *v, key, s, err) != 0 ? -1 : 1;
}

void
gs_load_vendor_device(struct gs_node *n, int vendor, int64_t index,
    int32_t count, int32_t devmem, int32_t devcore)
{
	const struct gs_vendor_info	*vi = &gs_vendors[vendor];
	struct gs_device		 d;

	memset(&d, 0, sizeof d);
	d.id = xasprintf("%s%s%lld", n->name, vi->id_infix, (long long)index);
	d.index = (int32_t)index;
	d.count = count;
	d.devmem = devmem;
	d.devcore = devcore;
	d.type = xstrdup(vi->type);
	d.health = 1;
	d.mode = xstrdup("");
	d.vendor = vendor;
	n->devs = xreallocarray(n->devs, n->ndevs + 1, sizeof *n->devs);
	n->devs[n->ndevs++] = d;
}

int
gs_load_count_devices(const struct yt_file *f, const struct yt_node *cap,
    int vendor, struct gs_node *n, struct gs_error *err)
{
	const struct gs_vendor_info	*vi = &gs_vendors[vendor];
	int64_t				 i, count;

	if (gs_load_capacity(f, cap, vi->capacity_core, 0, &count, err) != 0)
		return -1;
	/* Enflame's vGCU: enflame.com/shared-gcu, its webhook's factor
	 * once divided by the count (sched/hami/enflame.c). */
	if (count > 0 && vi->capacity_mem != NULL &&
	    gs_load_capacity(f, cap, vi->capacity_mem, 0, &n->vgcu_shared,
	    err) != 0)
		return -1;
	if (count > 256)
		return yt_error(f, yt_get(cap, vi->capacity_core), err,
		    "capacity %s is too large: more than 256 devices",
		    vi->capacity_core);
	for (i = 0; i < count; i++) {
		gs_load_vendor_device(n, vendor, i,
		    vi->reg_count ? vi->reg_count : 1, vi->whole_mem, 100);
		/* Kunlun's GetNodeDevices: NUMA 1 from i >= cards/2. */
		n->devs[n->ndevs - 1].numa = vi->numa_halves &&
		    i >= count / 2;
	}
	return 0;
}

int
gs_load_capacity_health(const struct yt_file *f, const struct yt_node *obj,
    int vendor, struct gs_node *n, size_t first, struct gs_warnings *w,
    struct gs_error *err)
{
	const struct gs_vendor_info	*vi = &gs_vendors[vendor];
	int64_t				 count;
	size_t				 i;

	if (vi->reg != GVR_JSON || vi->capacity_core == NULL ||
	    first == n->ndevs)
		return 0;
	if (gs_load_capacity(f, yt_get(yt_get(obj, "status"), "capacity"),
	    vi->capacity_core, 0, &count, err) != 0)
		return -1;
	if (count != 0)
		return 0;
	gs_warn(w, f->path, obj->line, obj->col, "node '%s': %s is ignored: "
	    "status.capacity %s is not a whole number above 0, so HAMi's "
	    "CheckHealth unregisters its %s devices", n->name,
	    vi->register_anno, vi->capacity_core, vi->type);
	for (i = first; i < n->ndevs; i++)
		gs_device_release(&n->devs[i]);
	n->ndevs = first;
	return 0;
}

/* Go's coremask: cores ones in a uint, as int32 (all ones from 32). */
int32_t
gs_neuron_coremask(int32_t cores)
{
	if (cores <= 0)
		return 0;
	return cores >= 32 ? -1 : (int32_t)(((uint32_t)1 << cores) - 1);
}

/*
 * GetNodeDevices (pkg/device/awsneuron/device.go, v2.7.0 ... v2.10.0):
 * status.capacity aws.amazon.com/neuron with AsInt64 (0 or a failure: no
 * devices) and aws.amazon.com/neuroncore (a failure: 0).  The process
 * keeps coresPerAWSNeuron from the first node that gives it a value
 * above 0 (neuroncore / neuron, truncated) and registers every node
 * with it: gpusched takes the first such node listed (HAMi: the first
 * its register loop reads, nodeLister.List in pkg/scheduler/scheduler.go,
 * client-go's threadSafeMap.List: a Go map's order, random) and warns
 * where a node's own differs.  v2.10 splits core requests by it, capped
 * at 2 (sched/hami/neuron.c hami_neuron_split_by).  Each
 * device "<node>-AWSNeuron-<i>" has index i, Count the cores, Devcore
 * the core mask (2^cores - 1), Devmem 0, type AWSNeuron, NUMA 0,
 * healthy.
 */
int
gs_load_neuron_devices(const struct yt_file *f, const struct yt_node *obj,
    const struct gs_cluster *c, struct gs_node *n, struct gs_warnings *w,
    struct gs_error *err)
{
	const struct yt_node	*cap = yt_get(yt_get(obj, "status"),
				    "capacity");
	const char		*kcount = gs_res_names[GS_RES_NEURON];
	const char		*kcore = gs_res_names[GS_RES_NEURON_CORE];
	int64_t			 i, count, cores, own;
	int32_t			 per;

	if (gs_load_capacity(f, cap, kcount, 0, &count, err) != 0 ||
	    gs_load_capacity(f, cap, kcore, 0, &cores, err) != 0)
		return -1;
	if (count == 0)
		return 0;
	if (count > 256 || cores > INT32_MAX)
		return yt_error(f, yt_get(cap, count > 256 ? kcount : kcore),
		    err, "capacity %s is too large: more than %s",
		    count > 256 ? kcount : kcore, count > 256 ?
		    "256 devices" : "2147483647 cores");
	own = cores / count;
	if ((per = hami_neuron_cores(c)) == 0)
		per = (int32_t)own;
	else if (per != own && w != NULL)
		gs_warn(w, f->path, obj->line, obj->col, "node '%s' has %lld "
		    "NeuronCores per device; HAMi registers every node with "
		    "the first node's (%d here: the first listed)", n->name,
		    (long long)own, per);
	for (i = 0; i < count; i++)
		gs_load_vendor_device(n, GV_NEURON, i, per, 0,
		    gs_neuron_coremask(per));
	return 0;
}
