/*
 * sched/hami/vendor.h: the device types HAMi schedules besides NVIDIA GPUs, as
 * each version's device-config.yaml (the chart's defaults) and each vendor's
 * pkg/device/<vendor>/device.go define them: the request Type string,
 * the resource names, how a node registers its devices, the pod
 * annotations that carry allocations and UUID filters, and the profile
 * behaviour (struct hami_profile's flags) under which HAMi registers
 * them.  They share HAMi's scoring: every device of a node
 * counts in the node score.
 */
#ifndef GS_VENDOR_H
#define GS_VENDOR_H

#include <stddef.h>
#include <stdint.h>

#include "model/model.h"

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
	/* Metax whole GPUs (pkg/device/metax/device.go, every release). */
	GV_METAX,
	/* v2.10: Biren GPUs (pkg/device/biren/device.go). */
	GV_BIREN,
	/* v2.7.1 to v2.9: AMD GPUs from a capacity count (pkg/device/amd). */
	GV_AMDGPU,
	/* v2.9+: Vastai devices (pkg/device/vastai/device.go). */
	GV_VASTAI,
	/* v2.10: AMD GPUs from hami.io/node-amd-register (pkg/device/amd). */
	GV_AMD,
	/* Mthreads GPUs from capacity (pkg/device/mthreads, every release). */
	GV_MTHREADS,
	/* v2.7+: Enflame's whole GCUs (pkg/device/enflame/gcu.go). */
	GV_ENFLAME_GCU,
	/* v2.6.1 to v2.9.0: Enflame's shared vGCU (pkg/device/enflame/
	 * device.go, sched/hami/enflame.c). */
	GV_ENFLAME_VGCU,
	/* Kunlun: v2.7+ whole XPUs (pkg/device/kunlun/device.go). */
	GV_KUNLUN,
	/* Kunlun: v2.7+ vXPUs (pkg/device/kunlun/vdevice.go). */
	GV_KUNLUN_XPU,
	/* v2.7+: AWS Neuron devices (pkg/device/awsneuron/device.go). */
	GV_NEURON,
	/* v2.10: Enflame's DRS GCUs (pkg/device/enflame/device.go,
	 * sched/hami/enflame_drs.c). */
	GV_ENFLAME_DRS,
	/* Metax sGPU (pkg/device/metax/sdevice.go, sched/hami/metax_sgpu.c). */
	GV_METAX_SGPU,
	GV_N
};

/* How a node tells HAMi its devices. */
enum gs_vendor_reg {
	GVR_NVIDIA,		/* hami.io/node-nvidia-register */
	GVR_CAPACITY,		/* status.capacity core and memory totals */
	GVR_TEXT,		/* an annotation, util.DecodeNodeDevices */
	GVR_JSON,		/* an annotation, util.UnMarshalNodeDevices */
	GVR_COUNT,		/* status.capacity: a count of whole devices
				 * of whole_mem MiB (load/metax.c) */
	/* AWS Neuron: status.capacity aws.amazon.com/neuron devices of
	 * neuroncore / neuron cores each (load/neuron.c). */
	GVR_NEURON,
	GVR_DRS,		/* Enflame's enflame.com/gcu-drs-capacity
				 * (load/enflame_drs.c) */
	/* Metax sGPU: metax-tech.com/node-gpu-devices (load/metax_sgpu.c). */
	GVR_METAX_SGPU
};

/*
 * The profile behaviour a vendor row depends on: a named flag of struct
 * hami_profile (sched/hami/hami.h), or its negation.  No version numbers: a
 * release that changes what registers sets the flag in its row.
 */
enum gs_vendor_gate {
	GVG_ALWAYS,		/* every release */
	GVG_ILUVATAR_SHARED,	/* !iluvatar_per_model */
	GVG_ILUVATAR_MODEL,	/* iluvatar_per_model */
	GVG_ASCEND_OLD_NAME,	/* !ascend_chip_names */
	GVG_ASCEND_CHIP_NAME,	/* ascend_chip_names */
	GVG_ASCEND_910C,	/* ascend_910c */
	GVG_ASCEND_CORE,	/* ascend_core_resource */
	GVG_910B4_1_DOUBLED,	/* ascend_910b4_1_doubled */
	GVG_910C_TEMPLATES,	/* ascend_910c_templates */
	GVG_BIREN,		/* biren */
	GVG_AMD_COUNT,		/* amd_count */
	GVG_VASTAI,		/* vastai */
	GVG_AMD_REGISTER,	/* amd_register */
	GVG_ENFLAME_GCU,	/* enflame_gcu */
	GVG_ENFLAME_VGCU,	/* enflame_vgcu */
	/* Kunlun */
	GVG_KUNLUN,		/* kunlun */
	/* AWS Neuron. */
	GVG_NEURON,		/* aws_neuron */
	GVG_ENFLAME_DRS,	/* enflame_drs */
	/* Metax sGPU. */
	GVG_METAX_SGPU		/* metax_sgpu */
};

/* The vendor's own Fit, where it is not fitInCertainDevice's rules. */
enum gs_vendor_fit {
	GVF_COMMON,		/* slots, memory, cores (hami_capacity_check) */
	/* Biren's, Vastai's and v2.7.1-v2.9 AMD's (pkg/device/<vendor>/device.go
	 * Fit): checkType compares the request with itself (AMD's Type
	 * test is the v2.7+ type listing's), the slots are the only
	 * capacity, and a grant charges the request's Memreq (Biren 0, AMD
	 * 192000) and cores (0). */
	GVF_SLOTS,
	/* v2.10 AMD's (pkg/device/amd/device.go Fit, sched/hami/amd.c): the
	 * request's Type is AMD's own, the pod's amd.com/use-gputype and
	 * nouse-gputype filter, then the slots, memory (none asked: the
	 * whole card) and cores as a share of the device's. */
	GVF_AMD,
	/* Enflame's whole GCU (pkg/device/enflame/gcu.go Fit, v2.7+): no
	 * type beyond the listing, no UUID, and "dev.Used > 0" refuses
	 * (ExclusiveDeviceAllocateConflict); a grant charges Memreq (100)
	 * and Coresreq (100). */
	GVF_EXCLUSIVE,
	/* Kunlun's whole XPU (pkg/device/kunlun/device.go Fit and topo.go
	 * graghSelect, v2.7+; sched/hami/kunlun.c): its own choice by the
	 * devices' sorted positions and the XPUs' links. */
	GVF_KUNLUN,
	/* AWS Neuron's own Fit (pkg/device/awsneuron/device.go,
	 * sched/hami/neuron.c): contiguous whole devices, or one device's
	 * NeuronCores by mask. */
	GVF_NEURON,
	/* v2.10 Enflame DRS's (pkg/device/enflame/device.go Fit,
	 * sched/hami/enflame_drs.c): a profile chosen for the node first
	 * (ModeNotFit), then the slots, the profile's memory and cores. */
	GVF_DRS
};

struct hami_profile;

/* An Ascend vNPU template (memory in MiB). */
struct gs_vnpu_template {
	const char	*name;
	int64_t		 memory;
};

struct gs_vendor_info {
	const char	*type;		/* CommonWord: request Type */
	const char	*label;		/* "Cambricon MLU" */
	enum gs_res	 res_count, res_mem, res_core;	/* GS_RES_N: none */
	enum gs_vendor_gate core_gate;	/* reads res_core when open */
	int32_t		 mem_factor;	/* memory resource unit, MiB */
	int32_t		 default_cores;	/* when no core resource */
	enum gs_vendor_reg reg;
	const char	*register_anno;	/* GVR_TEXT, GVR_JSON */
	/* GVR_CAPACITY's core total, GVR_COUNT's count; GVR_JSON: the
	 * count CheckHealth reads (v2.10 AMD, load/metax.c). */
	const char	*capacity_core;
	/* GVR_CAPACITY's memory total; GVR_COUNT: a capacity kept on the
	 * node as gs_node.vgcu_shared (Enflame's enflame.com/shared-gcu). */
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
	/* The profiles that register it: those where the gate is open. */
	enum gs_vendor_gate gate;
	/* GVR_COUNT: each device's memory, MiB (its Devmem). */
	int32_t		 whole_mem;
	/* GetNodeDevices sets each device's Devcore to this (Biren: 100,
	 * "only for calscore use"); 0: as registered. */
	int32_t		 reg_devcore;
	/* GenerateResourceRequests asks this Memreq whatever the resources
	 * (AMD v2.7.1-v2.9: Mi300xMemory); 0: from res_mem. */
	int32_t		 req_mem;
	/* ... and this MemPercentagereq (Enflame's GCU: 100); 0: 100 when
	 * no memory is asked, else 0. */
	int32_t		 req_mempct;
	enum gs_vendor_fit fit;
	/* GVR_CAPACITY: the core capacity of one device, which is also its
	 * Devcore (Mthreads: coresPerMthreadsGPU 16); 0: 100. */
	int32_t		 cap_cores;
	/* GVR_COUNT: each device's Count (Enflame's vGCU and Kunlun: 100;
	 * 0: 1), and whether the second half of the devices is NUMA 1
	 * (Kunlun: i >= cards/2). */
	int32_t		 reg_count;
	int		 numa_halves;
};

extern const struct gs_vendor_info gs_vendors[GV_N];

/* Is gate g open under profile hp (its flag, or the flag's absence)? */
int	gs_vendor_gate_open(enum gs_vendor_gate g,
	    const struct hami_profile *hp);
/* Does HAMi of profile hp register vendor v's devices? */
int	gs_vendor_registered(int v, const struct hami_profile *hp);
/* Does profile hp read vendor v's core resource? */
int	gs_vendor_reads_core(int v, const struct hami_profile *hp);
/* Is there a profile row that registers both a and b? */
int	gs_vendors_overlap(int a, int b);
/* The index (hami_profile_at) of the first row registering v; the
 * number of rows when none does. */
size_t	gs_vendor_first_row(int v);
/* The profiles that register v, "hami-v2.6.1 to hami-v2.10.0" (or one
 * name), into buf. */
void	gs_vendor_versions(int v, char *buf, size_t len);
/* Is v one of Huawei's Ascend types (those with vNPU templates) / Iluvatar's per-model types? */
int	gs_vendor_is_ascend(int v);
/* An Ascend type whose commonWord starts "Ascend910" (network topology
 * and its node score, v2.7+). */
int	gs_vendor_is_ascend910(int v);
int	gs_vendor_is_iluvatar_model(int v);

/* The vendor whose allocated-devices annotation is key, or -1. */
int	gs_vendor_by_allocated_anno(const char *key);
/* Vendor v's vNPU templates in profile hp's chart (*n of them). */
const struct gs_vnpu_template *gs_vendor_templates(int v,
	    const struct hami_profile *hp, int *n);
/*
 * Ascend's trimMemory under profile hp: the smallest template that
 * holds m MiB, else memoryAllocatable when m fits the chip's capacity,
 * else 0.
 */
int64_t	gs_vendor_trim_memory(int v, const struct hami_profile *hp,
	    int64_t m);

/*
 * The vendors' node handshakes (sched/hami/vendor_health.c).  The newest
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
