/*
 * metrics/metrics.h: what a placement leaves behind, defined once for every
 * command (see DESIGN.md "Metrics").
 *
 * Idle capacity of a GPU is its free memory as a fraction of the card
 * (HAMi shares GPUs by memory first); fragmentation generalises the FGD
 * measure (spec/openb-fgd.md §4) to HAMi's slots, memory and cores: for a
 * target shape m a GPU can host m when HAMi's capacity checks pass (free
 * slot, memory, cores, exclusivity); if a node cannot host m at all, all
 * its idle capacity is fragmented for m, else only the idle capacity of
 * the GPUs that cannot host m.  The target shapes default to the request
 * shapes of the simulated workload, weighted by how many pods asked.
 */
#ifndef GS_METRICS_H
#define GS_METRICS_H

#include <stddef.h>
#include <stdint.h>

#include "sched/engine.h"
#include "sched/hami/hami.h"
#include "model/model.h"
#include "metrics/kinds.h"

struct gs_shape {
	struct hami_req	req;
	double		weight;		/* sums to 1 over the shapes */
	size_t		pods;
};

struct gs_node_metrics {
	size_t	whole_free;	/* GPUs with no allocation */
	size_t	pods;		/* pods placed on the node */
	double	idle_gpus;
	double	frag_gpus;
};

struct gs_metrics {
	size_t			 nodes, gpus;
	size_t			 nodes_used, gpus_used;
	size_t			 placed, pending, unmanaged;
	size_t			 whole_free;
	size_t			 gpus_offline;		/* not scheduled on */
	size_t			 largest_block;		/* whole free on one node */
	long			 largest_block_node;	/* -1 if none */
	double			 idle_gpus;
	double			 frag_gpus;
	double			 frag_pct;		/* of idle */
	int64_t			 mem_total, mem_used;	/* MiB */
	int64_t			 stranded_mem;		/* MiB */
	int64_t			 stranded_slots;
	int64_t			 stranded_cores;
	size_t			 pods_per_gpu_max;
	double			 pods_per_gpu_mean;	/* over GPUs in use */
	struct gs_node_metrics	*node;			/* per node */
	size_t			*gpu_pods;		/* per GPU, flat */
	size_t			*gpu_base;		/* node -> first GPU */
	struct gs_shape		*shapes;
	size_t			 nshapes;
	/*
	 * Physical GPUs (metrics/kinds.h): a MIG-partitioned GPU is one GPU,
	 * not one per instance.  gpus_used, whole_free, gpus_offline and
	 * pods per GPU count these; gpus above counts devices (the arrays'
	 * size).  shared: those of a kind other than GS_DEV_HAMI.
	 */
	size_t			 pgpus, shared;
	struct gs_physgpu		*pgpu;			/* flat, by node */
	size_t			*pgpu_base;		/* node -> first */
	size_t			*dev_pgpu;		/* device -> its GPU */
};

/* Request shapes of w's pods under cfg (target workload). */
void	gs_shapes_from_workload(const struct gs_workload *w,
	    const struct gs_config *cfg, struct gs_shape **out, size_t *n);
/* Can device d host shape s (HAMi's capacity checks, no annotations)? */
int	gs_device_can_host(const struct gs_device *d, const struct hami_req *s);
/* Fragmentation (in GPUs) of one node for the shapes. */
double	gs_node_frag(const struct gs_node *n, const struct gs_shape *s,
	    size_t ns);
double	gs_device_idle(const struct gs_device *d);
/*
 * Does the scheduler schedule on GPU j of node n at all?  HAMi of that
 * version: not when the node's devices are dropped (handshake, or
 * allocatable from v2.8: hami_node_usable), the GPU is unhealthy (NVIDIA
 * from v2.7, every vendor from v2.10) or in hami.io/device-cordon
 * (v2.10).  hp NULL (a peer policy): a healthy GPU HAMi registered or
 * NVIDIA's device plugin advertises (a kind other than GS_DEV_HAMI).  A GPU
 * not scheduled on counts in no free capacity: whole GPUs free, largest
 * block, idle, fragmentation, stranded.
 */
int	gs_device_offered(const struct gs_node *n, size_t j,
	    const struct hami_profile *hp);
/* The HAMi row gs_device_offered judges a run of cfg by: its profile's
 * for a HAMi profile, NULL (the peers' rule) for any other. */
const struct hami_profile *gs_offer_profile(const struct gs_config *cfg);

/* Compute every metric of cluster c after result r of workload w. */
void	gs_metrics_compute(struct gs_metrics *m, const struct gs_cluster *c,
	    const struct gs_workload *w, const struct gs_config *cfg,
	    const struct gs_result *r);
void	gs_metrics_release(struct gs_metrics *m);

#endif
