/*
 * load/cluster.c: clusters from gpusched's compact form (node pools built
 * the way HAMi's device plugin registers GPUs) or from Kubernetes Node
 * objects carrying hami.io/node-nvidia-register, and the other vendors'
 * registrations any HAMi version reads (sched/hami/vendor.h;
 * gs_cluster_for_version keeps a version's own): Cambricon and Iluvatar from
 * status.capacity, Hygon, Ascend and Iluvatar per model from their own
 * annotations. A node's devices are NVIDIA's first, then each vendor's in
 * gs_vendors order (HAMi appends them in the order its registration loop meets
 * them, which is Go map order).  Nodes Volcano's own device plugin registered
 * (volcano.sh/node-vgpu-register) and Volcano's device config ConfigMap are
 * read by load/volcano_node.c and load/volcano_conf.c.
 *
 * Compact form:
 *   devicePlugin: {deviceSplitCount: 10, deviceMemoryScaling: 1,
 *                  deviceCoreScaling: 1}
 *   pools:
 *     - {name: t4-node, count: 1, gpus: 4, model: T4, labels: {...}}
 * Device UUIDs are derived from node name and index, so they are the same
 * on every run.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/catalog.h"
#include "sched/hami/hami.h"
#include "model/ident.h"
#include "util/int32.h"
#include "load/quantity.h"
#include "load/load.h"
#include "load/metax_topo.h"
#include "load/dra.h"
#include "load/sharing.h"
#include "load/pair_scores.h"
#include "load/register_codec.h"
#include "load/volcano_conf.h"
#include "load/volcano_node.h"
#include "sched/hami/vendor.h"

struct plugin_knobs {
	int32_t	split;		/* deviceSplitCount */
	double	mem_scaling;	/* deviceMemoryScaling */
	double	core_scaling;	/* deviceCoreScaling */
};

/* FNV-1a, 64-bit, with a salt so two hashes give 128 bits. */
static uint64_t
fnv1a(const char *s, uint64_t salt)
{
	uint64_t	h = 1469598103934665603ULL ^ salt;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ULL;
	}
	return h;
}

/* splitmix64's finaliser: spreads FNV's output over all 64 bits. */
static uint64_t
mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

char *
gs_gpu_uuid(const char *node, int index)
{
	char		 key[512];
	uint64_t	 a, b;

	snprintf(key, sizeof key, "%s/%d", node, index);
	a = mix64(fnv1a(key, 0));
	b = mix64(fnv1a(key, 0x9e3779b97f4a7c15ULL));
	return xasprintf("GPU-%08x-%04x-%04x-%04x-%012llx",
	    (unsigned)(a >> 32), (unsigned)(a >> 16) & 0xffff,
	    (unsigned)a & 0xffff, (unsigned)(b >> 48),
	    (unsigned long long)(b & 0xffffffffffffULL));
}

static int
add_node_checked(struct gs_cluster *c, const struct yt_file *f,
    const struct yt_node *at, const char *name, struct gs_node **out,
    struct gs_error *err)
{
	struct gs_node		*n;
	const struct gs_idref	*first;

	if ((first = gs_idset_add(gs_cluster_names(c), "Node", NULL, name,
	    f->path, at ? at->line : 0, at ? at->col : 0)) != NULL)
		return yt_error(f, at, err, "duplicate Node %s (first defined "
		    "at %s:%d:%d)", name, first->file, first->line,
		    first->col);
	grow_array(&c->nodes, &c->cap, c->nnodes + 1, sizeof *c->nodes);
	n = &c->nodes[c->nnodes++];
	memset(n, 0, sizeof *n);
	n->name = xstrdup(name);
	n->src_file = xstrdup(f->path);
	n->src_line = at ? at->line : 0;
	n->src_col = at ? at->col : 0;
	*out = n;
	return 0;
}

/* The three device plugin knobs of map n under the names given (split
 * count, memory scaling, core scaling), each left as it is when absent. */
static int
read_knobs(const struct yt_file *f, const struct yt_node *n,
    const char *const names[3], struct plugin_knobs *k, struct gs_error *err)
{
	const struct yt_node	*v;
	int64_t			 i;

	if ((v = yt_get(n, names[0])) != NULL) {
		if (yt_int64(f, v, names[0], 1, INT32_MAX, &i, err) != 0)
			return -1;
		k->split = (int32_t)i;
	}
	if ((v = yt_get(n, names[1])) != NULL &&
	    gs_load_double(f, v, names[1], 1e-6, 1e6, &k->mem_scaling,
	    err) != 0)
		return -1;
	if ((v = yt_get(n, names[2])) != NULL &&
	    gs_load_double(f, v, names[2], 1e-6, 1e6, &k->core_scaling,
	    err) != 0)
		return -1;
	return 0;
}

static int
load_knobs(const struct yt_file *f, const struct yt_node *n,
    struct plugin_knobs *k, struct gs_error *err)
{
	static const char *const keys[] = { "deviceSplitCount",
	    "deviceMemoryScaling", "deviceCoreScaling", NULL };

	if (yt_is_null(n))
		return 0;
	if (yt_expect(f, n, YT_MAP, "devicePlugin", err) != 0 ||
	    gs_check_keys(f, n, keys, "devicePlugin", err) != 0)
		return -1;
	return read_knobs(f, n, keys, k, err);
}

/* A pool's 'model': one of the catalog's, or a located error listing them. */
static int
pool_model(const struct yt_file *f, const struct yt_node *v,
    const struct gs_gpu_model **model, struct gs_error *err)
{
	const char	*m;
	char		 known[512];
	size_t		 off = 0;
	unsigned	 j;

	if (yt_string(f, v, "model", &m, err) != 0)
		return -1;
	if ((*model = gs_gpu_model_find(m)) != NULL)
		return 0;
	for (j = 0; j < gs_ngpu_models && off < sizeof known; j++)
		off += (size_t)snprintf(known + off, sizeof known - off,
		    "%s%s", j ? ", " : "", gs_gpu_models[j].key);
	return yt_error(f, v, err, "unknown GPU model '%s' (known: %s; or "
	    "give 'memory' and 'type')", m, known);
}

/* A pool's 'numa': absent, null, one number, or one per GPU. */
static int
pool_numa(const struct yt_file *f, const struct yt_node *numa, int64_t gpus,
    struct gs_error *err)
{
	int64_t	x;
	size_t	i;

	if (numa == NULL || yt_is_null(numa))
		return 0;
	if (numa->type != YT_SEQ)
		return yt_int64(f, numa, "numa", 0, INT32_MAX, &x, err);
	if (numa->nitems != (size_t)gpus)
		return yt_error(f, numa, err, "'numa' lists %zu values for "
		    "%lld GPUs", numa->nitems, (long long)gpus);
	for (i = 0; i < numa->nitems; i++)
		if (yt_int64(f, numa->items[i], "numa", 0, INT32_MAX, &x,
		    err) != 0)
			return -1;
	return 0;
}

/* A pool's 'mode' (hami-core, mps): MIG is its 'mig' key instead. */
static int
pool_mode(const struct yt_file *f, const struct yt_node *v, const char **mode,
    struct gs_error *err)
{
	if (yt_string(f, v, "mode", mode, err) != 0)
		return -1;
	if (strcmp(*mode, "mig") == 0)
		return yt_error(f, v, err, "a pool's MIG geometry is its 'mig' "
		    "key, not mode 'mig'");
	return 0;
}

/* Node n's gpus GPUs as HAMi's device plugin registers a pool's. */
static void
pool_devices(struct gs_node *n, size_t gpus, const struct plugin_knobs *k,
    int32_t mem, int32_t cores, const char *type, const struct yt_node *numa,
    int health, const char *mode)
{
	size_t	g;

	n->ndevs = gpus;
	n->devs = xcalloc(n->ndevs, sizeof *n->devs);
	n->registered = gpus > 0;
	for (g = 0; g < n->ndevs; g++) {
		struct gs_device *d = &n->devs[g];

		d->id = gs_gpu_uuid(n->name, (int)g);
		d->index = (int32_t)g;
		d->count = k->split;
		d->devmem = mem;
		d->devcore = cores;
		d->type = xstrdup(type);
		d->numa = 0;
		if (numa != NULL && numa->type == YT_SEQ)
			d->numa = (int32_t)strtol(numa->items[g]->str, NULL,
			    10);
		else if (numa != NULL && !yt_is_null(numa))
			d->numa = (int32_t)strtol(numa->str, NULL, 10);
		d->health = health;
		d->mode = xstrdup(mode);
	}
}

/* The kubelet's kubernetes.io/hostname label, when the node has none. */
static void
default_hostname(struct gs_node *n)
{
	if (gs_kv_get(&n->labels, "kubernetes.io/hostname") == NULL)
		gs_kv_set(&n->labels, "kubernetes.io/hostname", n->name);
}

/* HAMi's device plugin: the node's operatingmode (the HAMi config's
 * nodeconfig), else the pool's mode. */
static const char *
node_mode(const struct gs_cluster *c, const struct gs_node *n,
    const char *mode)
{
	const char	*m;

	if (c->hami != NULL &&
	    (m = gs_kv_get(&c->hami->node_modes, n->name)) != NULL)
		return m;
	return mode;
}

static int
load_pool(struct gs_cluster *c, const struct yt_file *f,
    const struct yt_node *p, const struct plugin_knobs *global,
    struct gs_error *err)
{
	static const char *const keys[] = { "name", "count", "labels", "gpus",
	    "model", "memory", "type", "splitCount", "memoryScaling",
	    "coreScaling", "cores", "numa", "health", "mode", "cost", "mig",
	    "migStrategy", "sharing", NULL };
	static const char *const pool_knobs[] = { "splitCount",
	    "memoryScaling", "coreScaling" };
	const struct yt_node		*v, *numa;
	const struct gs_gpu_model	*model = NULL;
	struct plugin_knobs		 k = *global;
	struct gs_kvlist		 labels = { 0 };
	struct gs_sharing		 sh = { 0 };
	const char			*name, *type = NULL, *mode = "hami-core";
	int64_t				 count = 1, gpus, mem = 0, cores = -1;
	double				 cost = 0;
	int				 has_cost = 0;
	int				 health = 1, rc = -1;
	size_t				 i;
	char				*typebuf = NULL;

	if (yt_expect(f, p, YT_MAP, "pools[]", err) != 0 ||
	    gs_check_keys(f, p, keys, "pool", err) != 0)
		return -1;
	if ((v = yt_get(p, "name")) == NULL)
		return yt_error(f, p, err, "pool needs a 'name'");
	if (yt_string(f, v, "name", &name, err) != 0)
		return -1;
	if (name[0] == '\0' || strlen(name) > 200)
		return yt_error(f, v, err, "pool name must be 1 to 200 "
		    "characters");
	if ((v = yt_get(p, "count")) != NULL &&
	    yt_int64(f, v, "count", 1, 100000, &count, err) != 0)
		return -1;
	if ((v = yt_get(p, "gpus")) == NULL)
		return yt_error(f, p, err, "pool '%s' needs 'gpus' (GPUs per "
		    "node)", name);
	if (yt_int64(f, v, "gpus", 0, 256, &gpus, err) != 0)
		return -1;
	if ((v = yt_get(p, "model")) != NULL &&
	    pool_model(f, v, &model, err) != 0)
		return -1;
	if ((v = yt_get(p, "memory")) != NULL &&
	    yt_int64(f, v, "memory", 1, INT32_MAX, &mem, err) != 0)
		return -1;
	if ((v = yt_get(p, "type")) != NULL &&
	    yt_string(f, v, "type", &type, err) != 0)
		return -1;
	if (model == NULL && (mem == 0 || type == NULL) && gpus > 0)
		return yt_error(f, p, err, "pool '%s' needs a 'model', or both "
		    "'memory' and 'type'", name);
	if (read_knobs(f, p, pool_knobs, &k, err) != 0)
		return -1;
	if ((v = yt_get(p, "cores")) != NULL &&
	    yt_int64(f, v, "cores", 0, INT32_MAX, &cores, err) != 0)
		return -1;
	has_cost = (v = yt_get(p, "cost")) != NULL;
	if (has_cost && gs_load_double(f, v, "cost", 0, 1e9, &cost, err) != 0)
		return -1;
	if ((v = yt_get(p, "health")) != NULL &&
	    yt_bool(f, v, "health", &health, err) != 0)
		return -1;
	if ((v = yt_get(p, "mode")) != NULL && pool_mode(f, v, &mode, err) != 0)
		return -1;
	numa = yt_get(p, "numa");
	if (pool_numa(f, numa, gpus, err) != 0)
		return -1;
	if (gs_sharing_load(f, p, model != NULL ? model->key : type, gpus,
	    &sh, err) != 0)
		return -1;
	if (gs_load_string_map(f, yt_get(p, "labels"), "labels", &labels,
	    err) != 0)
		goto out;

	if (mem == 0 && model != NULL)
		mem = model->memory;
	if (type == NULL && model != NULL)
		type = typebuf = xasprintf("NVIDIA-%s", model->nvml_name);
	/* The device plugin's registration (spec §2.4). */
	if (k.mem_scaling != 1)
		mem = (int64_t)((double)mem * k.mem_scaling);
	if (mem < 1 || mem > INT32_MAX) {
		yt_error(f, p, err, "pool '%s': scaled memory %lld MiB is out "
		    "of range", name, (long long)mem);
		goto out;
	}
	if (cores < 0)
		cores = (int64_t)(k.core_scaling * 100);
	for (i = 0; i < (size_t)count; i++) {
		struct gs_node	*n;
		char		*nn = count == 1 ? xstrdup(name) :
				    xasprintf("%s-%zu", name, i);

		if (add_node_checked(c, f, p, nn, &n, err) != 0) {
			free(nn);
			goto out;
		}
		free(nn);
		n->pool = xstrdup(name);
		n->cost = cost;
		n->has_cost = has_cost;
		gs_kv_copy(&n->labels, &labels);
		default_hostname(n);
		pool_devices(n, (size_t)gpus, &k, (int32_t)mem,
		    (int32_t)cores, type, numa, health, node_mode(c, n, mode));
		if (sh.on)	/* NVIDIA's device plugin, not HAMi's */
			gs_sharing_apply(&sh, n, type, (int32_t)mem);
	}
	rc = 0;
out:
	gs_sharing_release(&sh);
	free(typebuf);
	gs_kv_release(&labels);
	return rc;
}

static int
load_compact(struct gs_cluster *c, const struct yt_file *f,
    const struct yt_node *doc, struct gs_error *err)
{
	static const char *const keys[] = { "apiVersion", "kind", "name",
	    "devicePlugin", "pools", NULL };
	struct plugin_knobs	 k = { 10, 1, 1 };
	const struct yt_node	*pools;
	size_t			 i;

	/* --hami-config below the file's own devicePlugin. */
	if (c->hami != NULL) {
		k.split = c->hami->split;
		k.mem_scaling = c->hami->mem_scaling;
		k.core_scaling = c->hami->core_scaling;
	}

	if (gs_check_keys(f, doc, keys, "cluster", err) != 0 ||
	    load_knobs(f, yt_get(doc, "devicePlugin"), &k, err) != 0)
		return -1;
	pools = yt_get(doc, "pools");
	if (yt_expect(f, pools, YT_SEQ, "pools", err) != 0)
		return -1;
	for (i = 0; i < pools->nitems; i++)
		if (load_pool(c, f, pools->items[i], &k, err) != 0)
			return -1;
	return 0;
}

static int
load_taints(const struct yt_file *f, const struct yt_node *n,
    struct gs_node *node, struct gs_error *err)
{
	size_t	i;

	if (yt_is_null(n))
		return 0;
	if (yt_expect(f, n, YT_SEQ, "spec.taints", err) != 0)
		return -1;
	node->taints = xcalloc(n->nitems ? n->nitems : 1,
	    sizeof *node->taints);
	for (i = 0; i < n->nitems; i++) {
		const struct yt_node	*t = n->items[i], *v;
		struct gs_taint		*d = &node->taints[i];
		const char		*s;

		node->ntaints = i + 1;
		if (yt_expect(f, t, YT_MAP, "taints[]", err) != 0)
			return -1;
		if ((v = yt_get(t, "key")) == NULL ||
		    yt_string(f, v, "key", &s, err) != 0)
			return v ? -1 : yt_error(f, t, err, "taint needs a "
			    "'key'");
		d->key = xstrdup(s);
		if ((v = yt_get(t, "value")) != NULL && !yt_is_null(v)) {
			if (yt_string(f, v, "value", &s, err) != 0)
				return -1;
			d->value = xstrdup(s);
		}
		if ((v = yt_get(t, "effect")) == NULL ||
		    yt_string(f, v, "effect", &s, err) != 0)
			return v ? -1 : yt_error(f, t, err, "taint needs an "
			    "'effect'");
		d->effect = xstrdup(s);
	}
	return 0;
}

/* status.allocatable: cpu, memory, pods (a missing one is unlimited). */
static int
load_allocatable(const struct yt_file *f, const struct yt_node *n,
    struct gs_node *node, struct gs_error *err)
{
	static const char *const keys[] = { "cpu", "memory", "pods" };
	int64_t			*out[3];
	struct gs_quantity	 q;
	const struct yt_node	*v;
	char			 why[64];
	size_t			 k;

	out[0] = &node->alloc_cpu;
	out[1] = &node->alloc_mem;
	out[2] = &node->alloc_pods;
	if (yt_is_null(n))
		return 0;
	if (yt_expect(f, n, YT_MAP, "status.allocatable", err) != 0)
		return -1;
	for (k = 0; k < 3; k++) {
		v = yt_get(n, keys[k]);
		*out[k] = INT64_MAX;
		if (v == NULL)
			continue;
		if (v->type != YT_SCALAR || yt_is_null(v) ||
		    gs_quantity_parse(v->str, &q, why, sizeof why) != 0 ||
		    q.negative)
			return yt_error(f, v, err, "allocatable %s must be a "
			    "quantity, got '%s'", keys[k], v->type ==
			    YT_SCALAR ? v->str : yt_type_name(v));
		/* A saturated value would read as unlimited. */
		if ((k == 0 ? q.milli : q.ceil) == INT64_MAX)
			return yt_error(f, v, err, "allocatable %s is too "
			    "large: '%s'", keys[k], v->str);
		*out[k] = k == 0 ? q.milli : q.ceil;
		node->has_alloc = 1;
	}
	/* HAMi v2.8+ judge a node's GPUs by the device plugin's count; a
	 * node that lists allocatable resources without it has none. */
	if (node->has_alloc) {
		node->has_alloc_gpu = 1;
		node->alloc_gpu = 0;
	}
	if ((v = yt_get(n, "nvidia.com/gpu")) != NULL) {
		if (v->type != YT_SCALAR || yt_is_null(v) ||
		    gs_quantity_parse(v->str, &q, why, sizeof why) != 0 ||
		    q.negative)
			return yt_error(f, v, err, "allocatable nvidia.com/gpu "
			    "must be a quantity, got '%s'", v->type ==
			    YT_SCALAR ? v->str : yt_type_name(v));
		if (q.ceil == INT64_MAX)
			return yt_error(f, v, err, "allocatable nvidia.com/gpu "
			    "is too large: '%s'", v->str);
		node->has_alloc_gpu = 1;
		node->alloc_gpu = q.ceil;
	}
	return 0;
}

/*
 * hami.io/device-cordon (HAMi v2.10): UUIDs, comma-separated, trimmed,
 * empty entries skipped.  A UUID the node does not register is warned
 * about and otherwise ignored, as HAMi ignores it.
 */
static int
load_cordon(const struct yt_file *f, const struct yt_node *v,
    struct gs_node *n, struct gs_warnings *w, struct gs_error *err)
{
	const char	*s, *p, *q;
	size_t		 i, len;

	if (v == NULL || yt_is_null(v))
		return 0;
	if (yt_string(f, v, HAMI_DEVICE_CORDON_ANNO, &s, err) != 0)
		return -1;
	for (p = s; ; p = q + 1) {
		const char	*t = p;

		q = strchr(p, ',');
		len = q ? (size_t)(q - p) : strlen(p);
		gs_trim_span(&t, &len);
		if (len > 0) {
			int	found = 0;

			for (i = 0; i < n->ndevs; i++)
				if (strlen(n->devs[i].id) == len &&
				    strncmp(n->devs[i].id, t, len) == 0)
					found = n->devs[i].cordoned = 1;
			if (!found)
				gs_warn(w, f->path, v->line, v->col, "node "
				    "'%s': %s names GPU '%.*s', which the node "
				    "does not register", n->name,
				    HAMI_DEVICE_CORDON_ANNO, (int)len, t);
		}
		if (q == NULL)
			break;
	}
	return 0;
}

static void
append_device(struct gs_node *n, const struct gs_device *d)
{
	n->devs = xreallocarray(n->devs, n->ndevs + 1, sizeof *n->devs);
	n->devs[n->ndevs++] = *d;
}

/*
 * Cambricon's, Iluvatar's and Mthreads' GetNodeDevices: one device per
 * `per` of the core capacity (100; Mthreads' coresPerMthreadsGPU 16),
 * 100 slots and `per` cores each, the memory capacity (in the vendor's
 * unit: 256 MiB, Mthreads 512) shared out, int32 as Go converts it.
 */
static int
load_capacity_devices(const struct yt_file *f, const struct yt_node *cap,
    int vendor, struct gs_node *n, struct gs_error *err)
{
	const struct gs_vendor_info	*vi = &gs_vendors[vendor];
	int64_t				 cards, mem, i;
	int64_t				 per = vi->cap_cores ? vi->cap_cores : 100;
	int64_t				 unit = per * vi->mem_factor;
	struct gs_device		 d;

	if (gs_load_capacity(f, cap, vi->capacity_core, 1, &cards, err) !=
	    0 || gs_load_capacity(f, cap, vi->capacity_mem, 1, &mem, err) != 0)
		return -1;
	/* At most 256 devices (as a pool's 'gpus'), each with an int32 of
	 * MiB, as HAMi keeps it. */
	if (cards > 256 * per)
		return yt_error(f, yt_get(cap, vi->capacity_core), err,
		    "capacity %s is too large: more than 256 devices",
		    vi->capacity_core);
	if (cards > 0 && (mem > INT64_MAX / unit ||
	    mem * unit / cards > INT32_MAX))
		return yt_error(f, yt_get(cap, vi->capacity_mem), err,
		    "capacity %s is too large: more than %d MiB per device",
		    vi->capacity_mem, INT32_MAX);
	for (i = 0; i * per < cards; i++) {
		memset(&d, 0, sizeof d);
		d.id = xasprintf("%s%s%lld", n->name, vi->id_infix,
		    (long long)i);
		d.index = (int32_t)i;
		d.count = 100;
		/* Go: int64 arithmetic (wrapping, signed division). */
		d.devmem = i32_from64(i64_mul(mem, unit) / cards);
		d.devcore = (int32_t)per;
		d.type = xstrdup(vi->type);
		d.health = 1;
		d.mode = xstrdup("");
		d.vendor = vendor;
		append_device(n, &d);
	}
	return 0;
}

/* Hygon's (text), Ascend's and Biren's (JSON) register annotations. */
static int
load_annotation_devices(const struct yt_file *f, const struct yt_node *annos,
    int vendor, struct gs_node *n, struct gs_error *err)
{
	const struct gs_vendor_info	*vi = &gs_vendors[vendor];
	const struct yt_node		*v;
	struct gs_device		*devs;
	const char			*s;
	char				 why[256];
	size_t				 nd, i;
	int				 rc;

	if ((rc = gs_load_register_anno(f, annos, vendor, &v, &s, err)) <= 0)
		return rc;
	if (hami_register_is_json(s) != (vi->reg == GVR_JSON))
		return yt_error(f, v, err, "%s does not decode: HAMi reads it "
		    "as %s", vi->register_anno, vi->reg == GVR_JSON ?
		    "a JSON array" : "text (\"id,count,devmem,devcore,type,"
		    "numa,health[,index,mode]:\" per device)");
	if (hami_register_decode(s, &devs, &nd, why, sizeof why) != 0)
		return yt_error(f, v, err, "%s does not decode: %s",
		    vi->register_anno, why);
	for (i = 0; i < nd; i++) {
		devs[i].vendor = vendor;
		/* Biren's GetNodeDevices: Devcore 100, "for calscore". */
		if (vi->reg_devcore != 0)
			devs[i].devcore = vi->reg_devcore;
		append_device(n, &devs[i]);
	}
	free(devs);
	return 0;
}

static int
load_vendors(const struct gs_cluster *c, const struct yt_file *f,
    const struct yt_node *obj, const struct yt_node *annos,
    struct gs_node *n, struct gs_warnings *w, struct gs_error *err)
{
	const struct yt_node	*cap = yt_get(yt_get(obj, "status"),
				    "capacity");
	int			 v;

	if (!yt_is_null(cap) &&
	    yt_expect(f, cap, YT_MAP, "status.capacity", err) != 0)
		return -1;
	for (v = GV_NVIDIA + 1; v < GV_N; v++) {
		size_t	first = n->ndevs;
		int	rc = gs_vendors[v].reg == GVR_CAPACITY ?
		    load_capacity_devices(f, cap, v, n, err) :
		    gs_vendors[v].reg == GVR_COUNT ?
		    gs_load_count_devices(f, cap, v, n, err) :
		    gs_vendors[v].reg == GVR_NEURON ?
		    gs_load_neuron_devices(f, obj, c, n, w, err) :
		    gs_vendors[v].reg == GVR_DRS ?
		    gs_load_drs_devices(f, annos, v, n, w, err) :
		    gs_vendors[v].reg == GVR_METAX_SGPU ?
		    gs_load_metax_sgpu_devices(f, annos, v, n, w, err) :
		    load_annotation_devices(f, annos, v, n, err);

		if (rc != 0 || gs_load_capacity_health(f, obj, v, n, first, w,
		    err) != 0 || gs_vendor_handshake_load(f, obj, annos, v, n,
		    first, err) != 0)
			return -1;
	}
	return 0;
}

/* hami.io/node-nvidia-score, when given (load/pair_scores.c). */
static int
load_pair_scores(const struct yt_file *f, const struct yt_node *annos,
    struct gs_node *n, struct gs_error *err)
{
	const struct yt_node	*v = yt_get(annos, HAMI_PAIR_SCORE_ANNO);
	const char		*s;
	char			 why[160];

	if (v == NULL)
		return 0;
	if (yt_string(f, v, HAMI_PAIR_SCORE_ANNO, &s, err) != 0)
		return -1;
	if (gs_pair_scores_decode(s, n, why, sizeof why) != 0)
		return yt_error(f, v, err, "%s does not decode: %s",
		    HAMI_PAIR_SCORE_ANNO, why);
	return 0;
}

static int
load_k8s_node(struct gs_cluster *c, const struct yt_file *f,
    const struct yt_node *obj, struct gs_warnings *w, struct gs_error *err)
{
	const struct yt_node	*meta, *v, *annos, *reg;
	const char		*name, *s;
	struct gs_node		*n;
	char			 why[256];
	size_t			 i, j, nvidia;

	meta = yt_get(obj, "metadata");
	if (yt_expect(f, meta, YT_MAP, "metadata", err) != 0)
		return -1;
	if ((v = yt_get(meta, "name")) == NULL)
		return yt_error(f, meta, err, "Node needs metadata.name");
	if (yt_string(f, v, "metadata.name", &name, err) != 0)
		return -1;
	if (add_node_checked(c, f, obj, name, &n, err) != 0)
		return -1;
	if (gs_load_string_map(f, yt_get(meta, "labels"), "metadata.labels",
	    &n->labels, err) != 0)
		return -1;
	default_hostname(n);
	v = yt_get(yt_get(obj, "spec"), "unschedulable");
	if (v != NULL && !yt_is_null(v) &&
	    yt_bool(f, v, "spec.unschedulable", &n->unschedulable, err) != 0)
		return -1;
	if (load_taints(f, yt_get(yt_get(obj, "spec"), "taints"), n,
	    err) != 0 ||
	    load_allocatable(f, yt_get(yt_get(obj, "status"), "allocatable"),
	    n, err) != 0)
		return -1;
	annos = yt_get(meta, "annotations");
	if (!yt_is_null(annos) &&
	    yt_expect(f, annos, YT_MAP, "metadata.annotations", err) != 0)
		return -1;
	if ((v = yt_get(annos, "hami.io/node-handshake")) != NULL &&
	    v->type == YT_SCALAR) {
		if (strstr(v->str, "Requesting") != NULL) {
			n->handshake = GS_HS_REQUESTING;
			n->handshake_time = gs_handshake_time(v->str);
			if (n->handshake_time == INT64_MIN)
				n->hs_bad_time = xstrdup(v->str);
		} else if (strstr(v->str, "Deleted") != NULL) {
			n->handshake = GS_HS_DELETED;
			n->handshake_time = gs_handshake_time(v->str);
		}
	}
	/* Ascend v2.9+: does the node take hami-core vNPU pods? */
	if ((v = yt_get(annos, HAMI_VNPU_CORE_NODE_ANNO)) != NULL) {
		if (yt_string(f, v, HAMI_VNPU_CORE_NODE_ANNO, &s, err) != 0)
			return -1;
		n->vnpu_core = strcmp(s, "true") == 0;
	}
	reg = yt_get(annos, HAMI_REGISTER_ANNO);
	if (reg != NULL) {
		if (yt_string(f, reg, HAMI_REGISTER_ANNO, &s, err) != 0)
			return -1;
		n->reg_form = hami_register_is_json(s) ? GS_REG_JSON :
		    GS_REG_TEXT;
		if (hami_register_decode(s, &n->devs, &n->ndevs, why,
		    sizeof why) != 0)
			return yt_error(f, reg, err, "%s does not decode: %s",
			    HAMI_REGISTER_ANNO, why);
	}
	/* Volcano's own registration (load/volcano_node.c). */
	if (gs_volcano_node_load(f, obj, annos, n, w, err) != 0)
		return -1;
	if (n->vc_reg)
		return 0;
	nvidia = n->ndevs;
	if (load_vendors(c, f, obj, annos, n, w, err) != 0)
		return -1;
	/* An id twice within what one version registers (a renamed Ascend
	 * type's stale annotation may repeat the devices). */
	for (i = 0; i < n->ndevs; i++)
		for (j = 0; j < i; j++)
			if (strcmp(n->devs[i].id, n->devs[j].id) == 0 &&
			    gs_vendors_overlap(n->devs[i].vendor,
			    n->devs[j].vendor))
				return yt_error(f, i < nvidia ? reg : obj, err,
				    "device id '%s' is registered twice",
				    n->devs[i].id);
	if (load_pair_scores(f, annos, n, err) != 0 ||
	    gs_load_metax_topo(f, annos, n, w, err) != 0)
		return -1;
	if (n->ndevs == 0 && reg == NULL) {
		if (gs_sharing_from_labels(f, obj, n, err) != 0)
			return -1;
		if (n->dp)	/* NVIDIA's device plugin's GPUs */
			return 0;
	}
	if (n->ndevs == 0) {
		if (n->devices_note == NULL && w != NULL) {
			gs_warn(w, f->path, obj->line, obj->col, "node '%s' has "
			    "no %s annotation: HAMi places no GPU pods on it",
			    name, HAMI_REGISTER_ANNO);
			n->noreg_warning = w->n;
		}
		return 0;
	}
	n->registered = 1;
	n->cordon_anno = yt_get(annos, HAMI_DEVICE_CORDON_ANNO) != NULL;
	return load_cordon(f, yt_get(annos, HAMI_DEVICE_CORDON_ANNO), n, w,
	    err);
}

static int
load_k8s(struct gs_cluster *c, const struct yt_file *f,
    const struct yt_node *obj, struct gs_warnings *w, int depth,
    struct gs_error *err)
{
	const struct yt_node	*kind = yt_get(obj, "kind"), *items;
	const char		*k;
	size_t			 i;

	if (yt_string(f, kind, "kind", &k, err) != 0)
		return -1;
	if (strcmp(k, "Node") == 0)
		return load_k8s_node(c, f, obj, w, err);
	if (gs_dra_kind(k))	/* DRA objects (load/dra.h) */
		return gs_dra_load_object(&c->dra, f, obj, k, err);
	if (strcmp(k, "ConfigMap") == 0)	/* Volcano's device config */
		return gs_volcano_conf_load(&c->volcano, f, obj, err);
	if ((strcmp(k, "List") == 0 || strcmp(k, "NodeList") == 0) &&
	    depth == 0) {
		items = yt_get(obj, "items");
		if (yt_is_null(items))
			return 0;
		if (yt_expect(f, items, YT_SEQ, "items", err) != 0)
			return -1;
		for (i = 0; i < items->nitems; i++) {
			if (yt_expect(f, items->items[i], YT_MAP, "items[]",
			    err) != 0 ||
			    load_k8s(c, f, items->items[i], w, 1, err) != 0)
				return -1;
		}
		return 0;
	}
	return yt_error(f, kind, err, "a cluster holds Node objects (or a "
	    "List of them), got kind '%s'", k);
}

int
gs_load_cluster_doc(struct gs_cluster *c, const struct yt_file *f,
    const struct yt_node *doc, struct gs_warnings *w, struct gs_error *err)
{
	/* A streamed List's item (yamltree.h yt_each) is one level down. */
	if (f->item)
		return yt_expect(f, doc, YT_MAP, "items[]", err) != 0 ? -1 :
		    load_k8s(c, f, doc, w, 1, err);
	if (yt_expect(f, doc, YT_MAP, "cluster", err) != 0)
		return -1;
	if (yt_get(doc, "pools") != NULL)
		return load_compact(c, f, doc, err);
	if (yt_get(doc, "kind") != NULL)
		return load_k8s(c, f, doc, w, 0, err);
	return yt_error(f, doc, err, "a cluster is either 'pools:' (compact "
	    "form) or Kubernetes Node objects with 'kind: Node'");
}

void
gs_cluster_apply_handshakes(struct gs_cluster *c, int64_t now,
    struct gs_warnings *w)
{
	size_t	i;

	/* The newest Requesting_ time, the vendors' too; none: no
	 * Deleted_ is known stale. */
	if (now == INT64_MIN)
		for (i = 0; i < c->nnodes; i++) {
			if (c->nodes[i].handshake == GS_HS_REQUESTING &&
			    c->nodes[i].handshake_time > now)
				now = c->nodes[i].handshake_time;
			now = gs_vendor_handshake_newest(&c->nodes[i], now);
		}
	for (i = 0; i < c->nnodes; i++) {
		struct gs_node	*n = &c->nodes[i];
		const char	*why = NULL;
		char		 bad[256];

		gs_vendor_handshakes_age(n, now, w);

		/*
		 * CheckHealth (pkg/util/util.go v2.6.1, pkg/device/devices.go
		 * v2.7-v2.9) ignores time.Parse's error: the zero time is
		 * long past and the devices go.  (Without a '_' its
		 * strings.Split(...)[1] panics; v2.10 keeps the devices.)
		 */
		if (n->hs_bad_time != NULL)
			snprintf(bad, sizeof bad, "handshake '%.80s' has a time "
			    "HAMi cannot parse (want Requesting_YYYY-MM-DD "
			    "hh:mm:ss): HAMi reads it as long past and removed "
			    "its devices", n->hs_bad_time);
		if (n->handshake == GS_HS_DELETED)
			why = "handshake Deleted: HAMi removed its devices";
		else if (n->hs_bad_time != NULL)
			why = bad;
		/* time.Now().Before(formertime.Add(time.Second * 60)) in
		 * every release that reads it (util.CheckHealth v2.6.1,
		 * device.CheckHealth v2.7.x, v2.9, v2.10), as the vendors'
		 * (vendor_health.c): 60 s old is expired. */
		else if (n->handshake == GS_HS_REQUESTING &&
		    now - n->handshake_time >= 60)
			why = "handshake Requesting_ older than 60 s: HAMi "
			    "removed its devices";
		/* v2.9+: a Deleted_ handshake 60 s old is re-registered
		 * (device.CheckHealth: now.Before(formerTime + 60 s) fails). */
		n->hs_deleted_stale = n->handshake == GS_HS_DELETED &&
		    n->handshake_time != INT64_MIN && now != INT64_MIN &&
		    now - n->handshake_time >= 60;
		if (why == NULL || !n->registered)
			continue;
		n->registered = 0;
		n->hs_refused = 1;
		free(n->devices_note);
		n->devices_note = xstrdup(why);
		gs_warn(w, n->src_file, n->src_line, 1, "node '%s': %s",
		    n->name, why);
	}
}

struct cl_load {
	struct gs_cluster	*c;
	struct gs_warnings	*w;
};

static int
cl_doc(const struct yt_file *f, const struct yt_node *root, void *arg,
    struct gs_error *err)
{
	struct cl_load	*l = arg;

	return gs_load_cluster_doc(l->c, f, root, l->w, err);
}

int
gs_load_cluster_file(struct gs_cluster *c, const char *path,
    struct gs_warnings *w, struct gs_error *err)
{
	struct cl_load	l = { c, w };
	size_t		before = c->nnodes, ndocs;
	int		rc;

	/* One document's tree at a time. */
	rc = yt_each(path, cl_doc, &l, &ndocs, err);
	if (rc == 0 && c->nnodes == before && c->dra != NULL)
		return 0;	/* DRA objects alone, nodes elsewhere */
	if (rc == 0 && c->nnodes == before)
		rc = gs_error_set(err, strcmp(path, "-") == 0 ? "<stdin>" :
		    path, 1, 1, "expected a cluster ('pools:' or Node "
		    "objects), found %s", ndocs ? "no nodes" :
		    "an empty file");
	return rc;
}
