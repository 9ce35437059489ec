/*
 * load/sharing.h: GPUs as NVIDIA's device plugin and GPU operator share them
 * (issue 18): MIG geometries per GPU, time-slicing and MPS replicas, and
 * the devices of the one model (model/model.h, GS_DEV_*) they become.  Read
 * from a compact pool's `mig:`, `migStrategy:` and `sharing:` keys.
 */
#ifndef GS_SHARING_H
#define GS_SHARING_H

#include "model/mig.h"
#include "model/model.h"
#include "util/util.h"
#include "load/yamltree.h"

/* One GPU's MIG geometry, laid out (model/mig.h). */
struct gs_gpu_geom {
	int			 mig;		/* MIG mode on */
	size_t			 n;
	const struct gs_mig_profile *p[8];
	struct gs_mig_slot	 s[8];
};

/* The device plugin's view of a pool's GPUs. */
struct gs_sharing {
	int			 on;		/* mig: or sharing: given */
	int			 mig_strategy;	/* GS_MIG_*: mixed by default */
	int			 share;		/* GPUs without MIG: GS_DEV_WHOLE,
						   _TIMESLICE or _MPS */
	int32_t			 replicas;	/* 1 for whole GPUs */
	int			 rename;	/* renameByDefault */
	int			 fail_gt1;	/* failRequestsGreaterThanOne */
	const struct gs_mig_model *mm;		/* the GPUs' MIG table */
	struct gs_gpu_geom	*gpu;		/* per GPU; NULL without MIG */
	size_t			 ngpus;
};

/*
 * Read pool p's mig, migStrategy and sharing keys for its gpus GPUs of
 * model gpu (catalogue name or NVML type): s->on stays 0 without them.
 * Located errors: a model without MIG, a profile it lacks, a geometry a
 * GPU cannot hold, replicas out of range, an unknown strategy.
 */
int	gs_sharing_load(const struct yt_file *, const struct yt_node *p,
	    const char *gpu, int64_t gpus, struct gs_sharing *,
	    struct gs_error *);
/* The `sharing:` map alone ({strategy, replicas, renameByDefault,
 * failRequestsGreaterThanOne}) into s. */
int	gs_sharing_load_map(const struct yt_file *, const struct yt_node *v,
	    struct gs_sharing *s, struct gs_error *);
/* One GPU's mig-devices map v (null: MIG off) for model mm, laid out
 * into g; a located error for a profile mm lacks or a geometry the GPU
 * cannot hold. */
int	gs_sharing_load_geom(const struct yt_file *, const struct yt_node *v,
	    const struct gs_mig_model *mm, struct gs_gpu_geom *g,
	    struct gs_error *);
/* migStrategy single: every GPU of s MIG-partitioned into one profile,
 * else an error located at at (the device plugin's MIG-INVALID). */
int	gs_sharing_check_single(const struct yt_file *, const struct yt_node *at,
	    const struct gs_sharing *s, struct gs_error *);
/* Replace node n's devices by what the device plugin advertises of its
 * GPUs (type and memory as the pool's); HAMi no longer registers them. */
void	gs_sharing_apply(const struct gs_sharing *, struct gs_node *n,
	    const char *type, int32_t mem);
/* Give node n the devices and device plugin settings gs_sharing_apply
 * made on tmp (n's former devices released; tmp keeps none). */
void	gs_sharing_adopt(struct gs_node *n, struct gs_node *tmp);
void	gs_sharing_release(struct gs_sharing *);
/*
 * Node n's physical GPUs into tmp->devs (id, index, NUMA, health; a MIG
 * GPU's instances counted once), their geometry as n has it into s->gpu
 * and the share of its other GPUs into s (load/dpconfig_apply.c); the
 * devices' type (MIG suffix cut) into type, the card's memory into mem.
 */
void	gs_sharing_physical(const struct gs_node *n, struct gs_node *tmp,
	    struct gs_sharing *s, char *type, size_t tlen, int32_t *mem);
/*
 * A Node object's GPUs from the GPU operator's labels and the device
 * plugin's allocatable resources (load/sharing_labels.c), when it has
 * nvidia.com/gpu.product; n keeps no devices without them.
 */
int	gs_sharing_from_labels(const struct yt_file *,
	    const struct yt_node *obj, struct gs_node *n, struct gs_error *);

/* The extended resource device d of node n is advertised as:
 * "nvidia.com/gpu", "nvidia.com/gpu.shared", "nvidia.com/mig-1g.10gb". */
void	gs_dev_resource(const struct gs_node *n, const struct gs_device *d,
	    char *buf, size_t len);
/* Is name a resource only NVIDIA's device plugin advertises
 * (nvidia.com/mig-<profile>, nvidia.com/gpu.shared)? */
int	gs_dp_resource(const char *name);
/* The name of a device kind: "hami-core", "whole", "mig", ... */
const char *gs_devkind_name(int kind);
/* The slots of d in use: KAI's GPU fractions share one whole GPU (one
 * allocatable nvidia.com/gpu, shared by memory), so its used never shows
 * above its one slot however many fractions it holds. */
int	gs_dev_slots_used(const struct gs_device *d);

#endif
