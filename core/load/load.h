/*
 * load/load.h: files to model.  Clusters (gpusched's compact pools, or
 * Kubernetes Node objects), workloads (Kubernetes manifests) and scenario
 * files.  Every error is located (file:line:col) and every loader is
 * all-or-nothing: on failure the output is left empty.
 */
#ifndef GS_LOAD_H
#define GS_LOAD_H

#include "model/model.h"
#include "util/util.h"
#include "load/yamltree.h"

/* Append the nodes of a cluster file to c. */
int	gs_load_cluster_file(struct gs_cluster *c, const char *path,
	    struct gs_warnings *, struct gs_error *);
/* Append the nodes described by one document (compact form or Nodes). */
int	gs_load_cluster_doc(struct gs_cluster *c, const struct yt_file *,
	    const struct yt_node *doc, struct gs_warnings *, struct gs_error *);

/*
 * Append the pods of a workload file to w, in document order.  DaemonSets
 * need the cluster (one pod per eligible node).
 */
int	gs_load_workload_file(struct gs_workload *w, const char *path,
	    const struct gs_cluster *, struct gs_warnings *, struct gs_error *);
int	gs_load_workload_doc(struct gs_workload *w, const struct yt_file *,
	    const struct yt_node *doc, const struct gs_cluster *,
	    struct gs_warnings *, struct gs_error *);

/*
 * HAMi's node handshake: a node whose hami.io/node-handshake says Deleted,
 * or Requesting_ more than 60 s before now, has no devices HAMi uses.
 * now is epoch seconds (UTC), or INT64_MIN for the newest Requesting_
 * time in the cluster.
 */
void	gs_cluster_apply_handshakes(struct gs_cluster *, int64_t now,
	    struct gs_warnings *);
/*
 * Vendor v's handshake annotation of a Node object (obj, its annotations
 * annos) and allocatable count, onto n's devices from first on (the ones
 * just registered for v): sched/hami/vendor_health.c.
 */
/*
 * status.capacity[key] (cap) read with Quantity.AsInt64 into *count: 0
 * when absent, null or not a whole int64 (AsInt64 fails).  -1 with err at
 * the value when it is no quantity or is negative, and, with
 * refuse_large, a whole number beyond int64 (load/metax.c).
 */
int	gs_load_capacity(const struct yt_file *, const struct yt_node *cap,
	    const char *key, int refuse_large, int64_t *count,
	    struct gs_error *);
/* Metax's whole GPUs from the capacity count of vendor (load/metax.c). */
int	gs_load_count_devices(const struct yt_file *, const struct yt_node *cap,
	    int vendor, struct gs_node *, struct gs_error *);
/* Vendor's register annotation in annos: 1 with the node in *v and its
 * string in *s, 0 when absent, -1 (err) when not a string. */
int	gs_load_register_anno(const struct yt_file *,
	    const struct yt_node *annos, int vendor, const struct yt_node **v,
	    const char **s, struct gs_error *);
/* Append vendor's device "<node><id_infix><index>" of count slots,
 * devmem MiB, devcore cores, healthy, NUMA 0, to n. */
void	gs_load_vendor_device(struct gs_node *n, int vendor, int64_t index,
	    int32_t count, int32_t devmem, int32_t devcore);
/* A CheckHealth that reads a capacity count (v2.10 AMD's amd.com/gpu):
 * the devices n got from first on are dropped, with a warning, unless
 * it is a whole number above 0. */
int	gs_load_capacity_health(const struct yt_file *,
	    const struct yt_node *obj, int vendor, struct gs_node *,
	    size_t first, struct gs_warnings *, struct gs_error *);
/* AWS Neuron devices from the node's capacity (load/metax.c), each with
 * the NeuronCores per device HAMi keeps for the cluster c so far. */
int	gs_load_neuron_devices(const struct yt_file *,
	    const struct yt_node *obj, const struct gs_cluster *c,
	    struct gs_node *, struct gs_warnings *, struct gs_error *);
/* Go's coremask of that many cores, as int32. */
int32_t	gs_neuron_coremask(int32_t cores);
/* v2.10 Enflame's DRS GCUs from enflame.com/gcu-drs-capacity
 * (load/enflame_drs.c): none, with a warning, where HAMi registers
 * none. */
int	gs_load_drs_devices(const struct yt_file *, const struct yt_node *annos,
	    int vendor, struct gs_node *, struct gs_warnings *,
	    struct gs_error *);
/* Metax sGPUs from metax-tech.com/node-gpu-devices (load/metax_sgpu.c):
 * none, with a warning, where HAMi registers none. */
int	gs_load_metax_sgpu_devices(const struct yt_file *,
	    const struct yt_node *annos, int vendor, struct gs_node *,
	    struct gs_warnings *, struct gs_error *);
int	gs_vendor_handshake_load(const struct yt_file *,
	    const struct yt_node *obj, const struct yt_node *annos, int v,
	    struct gs_node *n, size_t first, struct gs_error *);
/* "Requesting_2006-01-02 15:04:05" to epoch seconds (INT64_MIN if bad). */
int64_t	gs_handshake_time(const char *);

/* The deterministic UUID of GPU index on a node (compact pools). */
char	*gs_gpu_uuid(const char *node, int index);

/* Helpers shared by the loaders. */
int	gs_check_keys(const struct yt_file *, const struct yt_node *map,
	    const char *const *allowed, const char *what, struct gs_error *);
int	gs_load_string_map(const struct yt_file *, const struct yt_node *,
	    const char *what, struct gs_kvlist *, struct gs_error *);
int	gs_load_double(const struct yt_file *, const struct yt_node *,
	    const char *what, double min, double max, double *out,
	    struct gs_error *);

#endif
