/*
 * vendor.h: the device types HAMi schedules besides NVIDIA GPUs, as each
 * version's device-config.yaml (the chart's defaults) and each vendor's
 * pkg/device/<vendor>/device.go define them: the request Type string,
 * the resource names, how a node registers its devices, the pod
 * annotations that carry allocations and UUID filters, and the versions
 * that register them.  They share HAMi's scoring: every device of a node
 * counts in the node score.
 */
#ifndef GS_VENDOR_H
#define GS_VENDOR_H

#include <stdint.h>

#include "model.h"

/* Index 0 is NVIDIA (its rules live in hami_*.c); the rest in this
 * order, which is also the order gpusched fits one container's requests
 * of several types in (HAMi: Go map order, random). */
enum gs_vendor {
	GV_NVIDIA,
	GV_MLU,			/* Cambricon */
	GV_DCU,			/* Hygon */
	GV_ILUVATAR,
	GV_ASCEND910A,
	GV_ASCEND910B2,
	GV_ASCEND910B,		/* chip 910B3 */
	GV_ASCEND910B4,
	GV_ASCEND310P,
	/* v2.7.1+: Iluvatar registered per model (hami.io/node-<M>-register). */
	GV_ILU_MRV100,
	GV_ILU_MRV50,
	GV_ILU_BIV150,
	GV_ILU_BIV100,
	/* v2.7+ Ascend names: 910B3 (was Ascend910B), 910B4-1; v2.9+ 910C. */
	GV_ASCEND910B3,
	GV_ASCEND910B4_1,
	GV_ASCEND910C,
	GV_N
};

/* How a node tells HAMi its devices. */
enum gs_vendor_reg {
	GVR_NVIDIA,		/* hami.io/node-nvidia-register */
	GVR_CAPACITY,		/* status.capacity core and memory totals */
	GVR_TEXT,		/* an annotation, util.DecodeNodeDevices */
	GVR_JSON		/* an annotation, util.UnMarshalNodeDevices */
};

/* An Ascend vNPU template (memory in MiB). */
struct gs_vnpu_template {
	const char	*name;
	int64_t		 memory;
};

struct gs_vendor_info {
	const char	*type;		/* CommonWord: request Type */
	const char	*label;		/* "Cambricon MLU" */
	enum gs_res	 res_count, res_mem, res_core;	/* GS_RES_N: none */
	int		 core_first;	/* version that reads res_core (0: all) */
	int32_t		 mem_factor;	/* memory resource unit, MiB */
	int32_t		 default_cores;	/* when no core resource */
	enum gs_vendor_reg reg;
	const char	*register_anno;	/* GVR_TEXT, GVR_JSON */
	const char	*capacity_core;	/* GVR_CAPACITY */
	const char	*capacity_mem;
	const char	*id_infix;	/* GVR_CAPACITY: <node><infix><i> */
	const char	*allocated_anno;	/* pod: devices allocated */
	const char	*use_uuid, *nouse_uuid;
	const char	*use_type, *nouse_type;	/* DCU only */
	/* Its node handshake annotation (util.HandshakeAnnos[type]), or
	 * NULL when its CheckHealth reads none (always healthy). */
	const char	*handshake_anno;
	/* Ascend: memoryAllocatable, memoryCapacity, templates by memory. */
	int64_t		 mem_allocatable, mem_capacity;
	const struct gs_vnpu_template *templates;
	int		 ntemplates;
	/* The versions (hami_version numbers) that register it: first to
	 * last, last 0 for no end. */
	int		 first, last;
};

extern const struct gs_vendor_info gs_vendors[GV_N];

/* Does HAMi of that version register vendor v's devices? */
int	gs_vendor_registered(int v, int version);
/* Is there a version that registers both a and b? */
int	gs_vendors_overlap(int a, int b);
/* Is v one of Huawei's Ascend types / Iluvatar's per-model types? */
int	gs_vendor_is_ascend(int v);
/* An Ascend type whose commonWord starts "Ascend910" (network topology
 * and its node score, v2.7+). */
int	gs_vendor_is_ascend910(int v);
int	gs_vendor_is_iluvatar_model(int v);

/* The vendor whose allocated-devices annotation is key, or -1. */
int	gs_vendor_by_allocated_anno(const char *key);
/* Vendor v's vNPU templates in that version's chart (*n of them). */
const struct gs_vnpu_template *gs_vendor_templates(int v, int version,
	    int *n);
/*
 * Ascend's trimMemory under that version: the smallest template that
 * holds m MiB, else memoryAllocatable when m fits the chip's capacity,
 * else 0.
 */
int64_t	gs_vendor_trim_memory(int v, int version, int64_t m);

/*
 * The vendors' node handshakes (vendor_health.c).  The newest
 * Requesting_ time of n's vendor devices, or newest when none is later.
 */
int64_t	gs_vendor_handshake_newest(const struct gs_node *n, int64_t newest);
/* Age n's vendor handshakes at now (epoch s, INT64_MIN: unknown) and warn
 * once per vendor whose handshake is Deleted, stale or unparsable. */
struct gs_warnings;
void	gs_vendor_handshakes_age(struct gs_node *n, int64_t now,
	    struct gs_warnings *);
/* "Deleted", "Requesting_ older than 60 s", ... or NULL when fresh. */
const char *gs_vendor_handshake_state(const struct gs_device *);
/* Does HAMi of that profile keep d after its vendor's handshake? */
struct hami_profile;
int	gs_vendor_handshake_ok(const struct gs_device *d,
	    const struct hami_profile *);

#endif
