/*
 * sched/hami/vendor.c: the table of device types HAMi registers besides
 * NVIDIA's, with each version's chart defaults: resource names and Ascend vNPU
 * templates (charts/hami/templates/scheduler/device-configmap.yaml,
 * values.yaml at v2.6.1 ... v2.10.0).  Which releases register a type,
 * read its core resource or use which templates is a gate on a named
 * flag of the HAMi profile rows (sched/hami/profile.c), never a version number.
 * Also getNodeResources' test of a device's type (hami_of_type).
 */
#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "load/register_codec.h"
#include "model/running.h"
#include "sched/hami/vendor.h"

static const struct gs_vnpu_template t910a[] = {
	{ "vir02", 2184 }, { "vir04", 4369 }, { "vir08", 8738 },
	{ "vir16", 17476 },
};
static const struct gs_vnpu_template t910b2[] = {
	{ "vir03_1c_8g", 8192 }, { "vir06_1c_16g", 16384 },
	{ "vir12_3c_32g", 32768 },
};
static const struct gs_vnpu_template t910b[] = {
	{ "vir05_1c_16g", 16384 }, { "vir10_3c_32g", 32768 },
};
static const struct gs_vnpu_template t910b4[] = {
	{ "vir05_1c_8g", 8192 }, { "vir10_3c_16g", 16384 },
};
static const struct gs_vnpu_template t910b4_1[] = {
	/* The chart notes these names give twice the memory they say. */
	{ "vir05_1c_8g", 16384 }, { "vir10_3c_16g", 32768 },
};
/* v2.7.x's chart: the names' own memory, which the chip doubles. */
static const struct gs_vnpu_template t910b4_1_v27[] = {
	{ "vir05_1c_8g", 8192 }, { "vir10_3c_16g", 16384 },
};
/* v2.10's chart gives 910C the 910B3 templates (v2.9: none). */
static const struct gs_vnpu_template t910c[] = {
	{ "vir05_1c_16g", 16384 }, { "vir10_3c_32g", 32768 },
};
static const struct gs_vnpu_template t310p[] = {
	{ "vir01", 3072 }, { "vir02", 6144 }, { "vir04", 12288 },
};

#define ASCEND(word, count, mem, core, alloc, cap, tmpl, gate_) {	\
	.type = word, .label = "Huawei " word, .res_count = (count),	\
	.res_mem = (mem), .res_core = (core), .core_gate = GVG_ASCEND_CORE,\
	.mem_factor = 1,						\
	.default_cores = 0, .reg = GVR_JSON,				\
	.register_anno = "hami.io/node-register-" word,			\
	.allocated_anno = "hami.io/" word "-devices-allocated",		\
	.use_uuid = "hami.io/use-" word "-uuid",			\
	.nouse_uuid = "hami.io/no-use-" word "-uuid",			\
	.handshake_anno = "hami.io/node-handshake-" word,		\
	.mem_allocatable = (alloc), .mem_capacity = (cap),		\
	.templates = (tmpl), .ntemplates = (int)(sizeof (tmpl) /	\
	sizeof (tmpl)[0]), .gate = (gate_) }
/* v2.7.1+: one Iluvatar type per model, named by its commonWord. */
#define ILUVATAR(word, count, mem, core) {				\
	.type = word, .label = "Iluvatar " word, .res_count = (count),	\
	.res_mem = (mem), .res_core = (core), .mem_factor = 256,	\
	.default_cores = 0, .reg = GVR_TEXT,				\
	.register_anno = "hami.io/node-" word "-register",		\
	.allocated_anno = "hami.io/" word "-devices-allocated",	\
	.use_uuid = "hami.io/use-" word "-uuid",			\
	.nouse_uuid = "hami.io/no-use-" word "-uuid",			\
	.handshake_anno = "hami.io/node-handshake-" word,		\
	.gate = GVG_ILUVATAR_MODEL }

/*
 * Biren's and Vastai's rows: the same device.go but for the names, the
 * short name in hami.io/node-<short>-register and node-handshake-<short>,
 * the pod annotations' domain; Devcore 100, slots alone (GVF_SLOTS).
 */
#define SLOTS_JSON(word, label_, count, short_, domain, gate_) {	\
	.type = word, .label = label_, .res_count = (count),		\
	.res_mem = GS_RES_N, .res_core = GS_RES_N, .mem_factor = 1,	\
	.default_cores = 0, .reg = GVR_JSON,				\
	.register_anno = "hami.io/node-" short_ "-register",		\
	.allocated_anno = "hami.io/" word "-devices-allocated",	\
	.use_uuid = domain "/use-gpuuuid",				\
	.nouse_uuid = domain "/nouse-gpuuuid",				\
	.handshake_anno = "hami.io/node-handshake-" short_,		\
	.gate = (gate_), .reg_devcore = 100, .fit = GVF_SLOTS }

/* Both AMD forms' names (pkg/device/amd/device.go, every release): the
 * count resource, which CheckHealth or GetNodeDevices reads in
 * status.capacity, the allocation and UUID annotations. */
#define AMD_NAMES							\
	.label = "AMD GPU", .res_count = GS_RES_AMD, .mem_factor = 1,	\
	.capacity_core = "amd.com/gpu",					\
	.allocated_anno = "hami.io/amd-devices-allocated",		\
	.use_uuid = "amd.com/use-gpu-uuid",				\
	.nouse_uuid = "amd.com/nouse-gpu-uuid"

const struct gs_vendor_info gs_vendors[GV_N] = {
	[GV_NVIDIA] = {
		.type = "NVIDIA", .label = "NVIDIA GPU",
		.res_count = GS_RES_GPU, .res_mem = GS_RES_GPUMEM,
		.res_core = GS_RES_GPUCORES, .mem_factor = 1,
		.reg = GVR_NVIDIA,
		.register_anno = HAMI_REGISTER_ANNO,
		.allocated_anno = HAMI_ALLOCATED_ANNO,
		.use_uuid = HAMI_USE_UUID_ANNO,
		.nouse_uuid = HAMI_NOUSE_UUID_ANNO,
		.use_type = HAMI_USE_TYPE_ANNO,
		.nouse_type = HAMI_NOUSE_TYPE_ANNO,
		.gate = GVG_ALWAYS,
	},
	[GV_MLU] = {
		.type = "MLU", .label = "Cambricon MLU",
		.res_count = GS_RES_MLU, .res_mem = GS_RES_MLU_MEM,
		.res_core = GS_RES_MLU_CORE, .mem_factor = 256,
		.default_cores = 100, .reg = GVR_CAPACITY,
		.capacity_core = "cambricon.com/mlu.smlu.vcore",
		.capacity_mem = "cambricon.com/mlu.smlu.vmemory",
		.id_infix = "-cambricon-mlu-",
		.allocated_anno = "hami.io/cambricon-mlu-devices-allocated",
		.use_uuid = "cambricon.com/use-gpuuuid",
		.nouse_uuid = "cambricon.com/nouse-gpuuuid",
		.gate = GVG_ALWAYS,
	},
	[GV_DCU] = {
		.type = "DCU", .label = "Hygon DCU",
		.res_count = GS_RES_DCU, .res_mem = GS_RES_DCU_MEM,
		.res_core = GS_RES_DCU_CORE, .mem_factor = 1,
		.default_cores = 100, .reg = GVR_TEXT,
		.register_anno = "hami.io/node-dcu-register",
		.allocated_anno = "hami.io/dcu-devices-allocated",
		.use_uuid = "hygon.com/use-gpuuuid",
		.nouse_uuid = "hygon.com/nouse-gpuuuid",
		.use_type = "hygon.com/use-dcutype",
		.nouse_type = "hygon.com/nouse-dcutype",
		.handshake_anno = "hami.io/node-handshake-dcu",
		.gate = GVG_ALWAYS,
	},
	[GV_ILUVATAR] = {
		.type = "Iluvatar", .label = "Iluvatar GPU",
		.res_count = GS_RES_ILU, .res_mem = GS_RES_ILU_MEM,
		.res_core = GS_RES_ILU_CORE, .mem_factor = 256,
		.default_cores = 0, .reg = GVR_CAPACITY,
		.capacity_core = "iluvatar.ai/vcuda-core",
		.capacity_mem = "iluvatar.ai/vcuda-memory",
		.id_infix = "-iluvatar-",
		.allocated_anno = "hami.io/iluvatar-vgpu-devices-allocated",
		.use_uuid = "iluvatar.ai/use-gpuuuid",
		.nouse_uuid = "iluvatar.ai/nouse-gpuuuid",
		/* Up to v2.7.0; v2.7.1 registers per model. */
		.gate = GVG_ILUVATAR_SHARED,
	},
	[GV_ASCEND910A] = ASCEND("Ascend910A", GS_RES_A910A, GS_RES_A910A_MEM,
	    GS_RES_A910A_CORE, 32768, 32768, t910a, GVG_ALWAYS),
	[GV_ASCEND910B2] = ASCEND("Ascend910B2", GS_RES_A910B2,
	    GS_RES_A910B2_MEM, GS_RES_A910B2_CORE, 65536, 65536, t910b2,
	    GVG_ALWAYS),
	[GV_ASCEND910B] = ASCEND("Ascend910B", GS_RES_A910B, GS_RES_A910B_MEM,
	    GS_RES_N, 65536, 65536, t910b, GVG_ASCEND_OLD_NAME),
	[GV_ASCEND910B4] = ASCEND("Ascend910B4", GS_RES_A910B4,
	    GS_RES_A910B4_MEM, GS_RES_A910B4_CORE, 32768, 32768, t910b4,
	    GVG_ALWAYS),
	[GV_ASCEND310P] = ASCEND("Ascend310P", GS_RES_A310P, GS_RES_A310P_MEM,
	    GS_RES_A310P_CORE, 21527, 24576, t310p, GVG_ALWAYS),
	[GV_ILU_MRV100] = ILUVATAR("MR-V100", GS_RES_MRV100, GS_RES_MRV100_MEM,
	    GS_RES_MRV100_CORE),
	[GV_ILU_MRV50] = ILUVATAR("MR-V50", GS_RES_MRV50, GS_RES_MRV50_MEM,
	    GS_RES_MRV50_CORE),
	[GV_ILU_BIV150] = ILUVATAR("BI-V150", GS_RES_BIV150, GS_RES_BIV150_MEM,
	    GS_RES_BIV150_CORE),
	[GV_ILU_BIV100] = ILUVATAR("BI-V100", GS_RES_BIV100, GS_RES_BIV100_MEM,
	    GS_RES_BIV100_CORE),
	[GV_ASCEND910B3] = ASCEND("Ascend910B3", GS_RES_A910B3,
	    GS_RES_A910B3_MEM, GS_RES_A910B3_CORE, 65536, 65536, t910b,
	    GVG_ASCEND_CHIP_NAME),
	/* v2.7.x: t910b4_1_v27 (gs_vendor_templates). */
	[GV_ASCEND910B4_1] = ASCEND("Ascend910B4-1", GS_RES_A910B4_1,
	    GS_RES_A910B4_1_MEM, GS_RES_A910B4_1_CORE, 65536, 65536,
	    t910b4_1, GVG_ASCEND_CHIP_NAME),
	/* 910C: a request takes whole modules of two NPUs; v2.9 has no
	 * templates (gs_vendor_templates). */
	[GV_ASCEND910C] = ASCEND("Ascend910C", GS_RES_A910C, GS_RES_A910C_MEM,
	    GS_RES_A910C_CORE, 65536, 65536, t910c, GVG_ASCEND_910C),
	/*
	 * pkg/device/metax/device.go (v2.6.1 ... v2.10.0), the chart's
	 * metax.resourceCountName: GetNodeDevices makes capacity
	 * metax-tech.com/gpu devices "<node>-metax-<i>" of 65536 MiB, 100
	 * cores, count 1; GenerateResourceRequests asks whole devices
	 * (MemPercentagereq 100, Coresreq 100); checkUUID is always true and
	 * CheckHealth reads no handshake (capacity count > 0).
	 */
	[GV_METAX] = {
		.type = "Metax-GPU", .label = "Metax GPU",
		.res_count = GS_RES_METAX, .res_mem = GS_RES_N,
		.res_core = GS_RES_N, .mem_factor = 1,
		.default_cores = 100, .reg = GVR_COUNT,
		.capacity_core = "metax-tech.com/gpu",
		.id_infix = "-metax-",
		.allocated_anno = "hami.io/metax-gpu-devices-allocated",
		.gate = GVG_ALWAYS,
		.whole_mem = 65536,
	},
	/*
	 * pkg/device/biren/device.go (v2.10.0), the chart's
	 * biren.resourceCountName birentech.com/gpu: GetNodeDevices reads
	 * hami.io/node-biren-register with UnMarshalNodeDevices and sets
	 * Devcore 100; GenerateResourceRequests asks Nums devices (limits,
	 * else requests; MemPercentagereq 100, Coresreq 0); checkType
	 * passes every device; CheckUUID reads birentech.com/use-gpuuuid
	 * and nouse-gpuuuid; the handshake is hami.io/node-handshake-biren;
	 * ScoreNode adds 0.
	 */
	[GV_BIREN] = SLOTS_JSON("Biren", "Biren GPU", GS_RES_BIREN, "biren",
	    "birentech.com", GVG_BIREN),
	/*
	 * pkg/device/amd/device.go (v2.7.1 ... v2.9.0), the chart's
	 * amd.resourceCountName amd.com/gpu: GetNodeDevices makes capacity
	 * amd.com/gpu devices "<node>-AMDGPU-<i>" (AsInt64; 0 or a failure:
	 * none) of Mi300xMemory 192000 MiB, 100 cores, count 1;
	 * GenerateResourceRequests asks Nums devices (limits, else requests)
	 * of Memreq 192000, Coresreq 0; its Fit tests Type contains
	 * "AMDGPU", CheckUUID (amd.com/use-gpu-uuid, nouse-gpu-uuid), the
	 * slot, and grants Usedmem 192000, Usedcores 0; CheckHealth is
	 * always true; ScoreNode adds 0.
	 */
	[GV_AMDGPU] = {
		.type = "AMDGPU", AMD_NAMES,
		.res_mem = GS_RES_N, .res_core = GS_RES_N,
		.default_cores = 0, .reg = GVR_COUNT,
		.id_infix = "-AMDGPU-",
		.gate = GVG_AMD_COUNT,
		.whole_mem = 192000,
		.req_mem = 192000,
		.fit = GVF_SLOTS,
	},
	/*
	 * pkg/device/vastai/device.go (v2.9.0, v2.10.0), the chart's
	 * vastai.resourceCountName vastaitech.com/va: as Biren's (JSON
	 * hami.io/node-va-register, Devcore 100, Nums with MemPercentagereq
	 * 100 and Coresreq 0, checkType on the request alone, slots alone,
	 * handshake hami.io/node-handshake-va) with vastaitech.com/use-
	 * and nouse-gpuuuid.  A device without customInfo is a whole card
	 * (ScoreNode adds 0); die mode (customInfo DeviceStrategy "die",
	 * AIC) and the AIC node score are in sched/hami/vastai.c.
	 */
	[GV_VASTAI] = SLOTS_JSON("Vastai", "Vastai", GS_RES_VASTAI, "va",
	    "vastaitech.com", GVG_VASTAI),
	/*
	 * pkg/device/amd/device.go (v2.10.0), the chart's amd.resource*Name
	 * amd.com/gpu, gpumem, gpucores: GetNodeDevices reads
	 * hami.io/node-amd-register (UnMarshalNodeDevices, devices as
	 * registered); CheckHealth: status.capacity amd.com/gpu a whole
	 * number above 0, else the devices are unregistered (load/metax.c);
	 * no handshake.  checkType takes the request's Type "AMD" and the
	 * pod's amd.com/use-gputype / nouse-gputype; CheckUUID reads
	 * amd.com/use-gpu-uuid / nouse-gpu-uuid.  Requests and Fit:
	 * sched/hami/amd.c.  ScoreNode adds 0.
	 */
	[GV_AMD] = {
		.type = "AMD", AMD_NAMES,
		.res_mem = GS_RES_AMD_MEM, .res_core = GS_RES_AMD_CORE,
		.default_cores = 100, .reg = GVR_JSON,
		.register_anno = "hami.io/node-amd-register",
		.use_type = "amd.com/use-gputype",
		.nouse_type = "amd.com/nouse-gputype",
		.gate = GVG_AMD_REGISTER,
		.fit = GVF_AMD,
	},
	/*
	 * pkg/device/mthreads/device.go (v2.6.1 ... v2.10.0), the chart's
	 * device-configmap.yaml mthreads names: GetNodeDevices makes one
	 * device "<node>-mthreads-<i>" per coresPerMthreadsGPU (16) of the
	 * capacity mthreads.com/sgpu-core, count 100, Devcore 16, Devmem
	 * the capacity mthreads.com/sgpu-memory (512 MiB units) shared out;
	 * CheckHealth is always true (no handshake); checkUUID reads
	 * mthreads.ai/use-gpuuuid and nouse-gpuuuid; ScoreNode adds 0.  The
	 * webhook, the request's division by the count and customFilterRule
	 * are in sched/hami/mthreads.c.
	 */
	[GV_MTHREADS] = {
		.type = "Mthreads", .label = "Mthreads GPU",
		.res_count = GS_RES_MTHREADS, .res_mem = GS_RES_MTHREADS_MEM,
		.res_core = GS_RES_MTHREADS_CORE, .mem_factor = 512,
		.default_cores = 0, .reg = GVR_CAPACITY,
		.capacity_core = "mthreads.com/sgpu-core",
		.capacity_mem = "mthreads.com/sgpu-memory",
		.id_infix = "-mthreads-",
		.allocated_anno = "hami.io/mthreads-vgpu-devices-allocated",
		.use_uuid = "mthreads.ai/use-gpuuuid",
		.nouse_uuid = "mthreads.ai/nouse-gpuuuid",
		.gate = GVG_ALWAYS,
		.cap_cores = 16,
	},
	/*
	 * pkg/device/enflame/gcu.go (v2.7.0 ... v2.10.0), the chart's
	 * enflame.resourceNameGCU enflame.com/gcu: GetNodeDevices makes
	 * capacity enflame.com/gcu devices "<node>-GCU-<i>" (AsInt64; 0 or a
	 * failure: none) of Devmem 100, Devcore 100, count 1; CheckHealth
	 * is the count > 0 (no handshake); GenerateResourceRequests asks
	 * Nums (limits, else requests) with Memreq 100, MemPercentagereq
	 * 100, Coresreq 100; MutateAdmission finds the count in limits; its
	 * Fit is GVF_EXCLUSIVE; ScoreNode adds 0.
	 */
	[GV_ENFLAME_GCU] = {
		.type = "GCU", .label = "Enflame GCU",
		.res_count = GS_RES_ENFLAME_GCU, .res_mem = GS_RES_N,
		.res_core = GS_RES_N, .mem_factor = 1,
		.default_cores = 100, .reg = GVR_COUNT,
		.capacity_core = "enflame.com/gcu",
		.id_infix = "-GCU-",
		.allocated_anno = "hami.io/enflame-gcu-devices-allocated",
		.gate = GVG_ENFLAME_GCU,
		.whole_mem = 100,
		.req_mem = 100,
		.req_mempct = 100,
		.fit = GVF_EXCLUSIVE,
	},
	/*
	 * Enflame's shared vGCU, pkg/device/enflame/device.go (v2.6.1 ...
	 * v2.9.0), the chart's enflame names enflame.com/vgcu and
	 * vgcu-percentage: GetNodeDevices makes capacity
	 * enflame.com/gcu-count devices "<node>-enflame-<i>" (AsInt64; 0
	 * or a failure: none) of count 100, Devmem 100, Devcore 100, and
	 * keeps enflame.com/shared-gcu / gcu-count as the webhook's factor;
	 * CheckHealth is always true (no handshake); pod annotations
	 * enflame.com/use-gpuuuid, nouse-gpuuuid; ScoreNode adds 0.  Its
	 * MutateAdmission and GenerateResourceRequests are in
	 * sched/hami/enflame.c; its Fit (v2.7+ its own) has
	 * fitInCertainDevice's checks.
	 */
	[GV_ENFLAME_VGCU] = {
		.type = "Enflame", .label = "Enflame vGCU",
		.res_count = GS_RES_ENFLAME_VGCU,
		.res_mem = GS_RES_ENFLAME_VGCU_PCT, .res_core = GS_RES_N,
		.mem_factor = 1, .default_cores = 0, .reg = GVR_COUNT,
		.capacity_core = "enflame.com/gcu-count",
		.capacity_mem = "enflame.com/shared-gcu",
		.id_infix = "-enflame-",
		.allocated_anno = "hami.io/enflame-vgpu-devices-allocated",
		.use_uuid = "enflame.com/use-gpuuuid",
		.nouse_uuid = "enflame.com/nouse-gpuuuid",
		.gate = GVG_ENFLAME_VGCU,
		.whole_mem = 100,
		.reg_count = 100,
	},
	/*
	 * Kunlun: pkg/device/kunlun/device.go (v2.7.0 ... v2.10.0), the
	 * chart's kunlunResourceName kunlunxin.com/xpu: GetNodeDevices makes
	 * capacity kunlunxin.com/xpu devices "<node>-kunlun-<i>" (AsInt64;
	 * 0 or a failure: none) of Count 100, Devmem 98304, Devcore 100,
	 * type "kunlun", NUMA 1 from i >= cards/2; CheckHealth is always
	 * true (no handshake); MutateAdmission finds the count in limits;
	 * GenerateResourceRequests asks Nums (limits, else requests) with
	 * Memreq 0, MemPercentagereq 100, Coresreq 0; its Fit (GVF_KUNLUN)
	 * and ScoreNode are in sched/hami/kunlun.c; pods carry
	 * hami.io/kunlun-allocated.
	 */
	[GV_KUNLUN] = {
		.type = "kunlun", .label = "Kunlun XPU",
		.res_count = GS_RES_KUNLUN, .res_mem = GS_RES_N,
		.res_core = GS_RES_N, .mem_factor = 1,
		.default_cores = 0, .reg = GVR_COUNT,
		.capacity_core = "kunlunxin.com/xpu",
		.id_infix = "-kunlun-",
		.allocated_anno = "hami.io/kunlun-allocated",
		.gate = GVG_KUNLUN,
		.whole_mem = 98304,
		.fit = GVF_KUNLUN,
		.reg_count = 100,
		.numa_halves = 1,
	},
	/*
	 * Kunlun: pkg/device/kunlun/vdevice.go (v2.7.0 ... v2.10.0), the
	 * chart's kunlunResourceVCountName / VMemoryName: devices from
	 * hami.io/node-register-xpu (JSON), handshake
	 * hami.io/node-handshake-xpu; GenerateResourceRequests and Fit
	 * (graghSelect with FitVXPU) in sched/hami/kunlun.c; ScoreNode 0;
	 * pods carry hami.io/xpu-devices-allocated.
	 */
	[GV_KUNLUN_XPU] = {
		.type = "XPU", .label = "Kunlun vXPU",
		.res_count = GS_RES_KUNLUN_VXPU, .res_mem = GS_RES_KUNLUN_VMEM,
		.res_core = GS_RES_N, .mem_factor = 1,
		.default_cores = 0, .reg = GVR_JSON,
		.register_anno = "hami.io/node-register-xpu",
		.allocated_anno = "hami.io/xpu-devices-allocated",
		.handshake_anno = "hami.io/node-handshake-xpu",
		.gate = GVG_KUNLUN,
		.fit = GVF_KUNLUN,
	},
	/*
	 * pkg/device/awsneuron/device.go (v2.7.0 ... v2.10.0), the chart's
	 * awsneuron resourceCountName aws.amazon.com/neuron and
	 * resourceCoreName aws.amazon.com/neuroncore: GetNodeDevices makes
	 * capacity aws.amazon.com/neuron devices "<node>-AWSNeuron-<i>"
	 * (load/neuron.c); CheckHealth is always true (no handshake);
	 * checkUUID (v2.9+ device.CheckUUID) reads
	 * aws.amazon.com/use-neuron-uuid and nouse-neuron-uuid; ScoreNode
	 * adds 0.  Webhook, requests and Fit: sched/hami/neuron.c.
	 */
	[GV_NEURON] = {
		.type = "AWSNeuron", .label = "AWS Neuron",
		.res_count = GS_RES_NEURON, .res_mem = GS_RES_N,
		.res_core = GS_RES_NEURON_CORE, .core_gate = GVG_NEURON,
		.mem_factor = 1, .default_cores = 0, .reg = GVR_NEURON,
		.id_infix = "-AWSNeuron-",
		.allocated_anno = "hami.io/aws-neuron-devices-allocated",
		.use_uuid = "aws.amazon.com/use-neuron-uuid",
		.nouse_uuid = "aws.amazon.com/nouse-neuron-uuid",
		.gate = GVG_NEURON,
		.fit = GVF_NEURON,
	},
	/*
	 * v2.10.0's pkg/device/enflame/device.go (DRS), the chart's
	 * enflame names enflame.com/drs-gcu, gcu-memory, gcu-core:
	 * GetNodeDevices reads enflame.com/gcu-drs-capacity
	 * (load/enflame_drs.c): devices "<node>-enflame-drs-<index>" of
	 * count its capacity, Devmem maxMemGB * 1024, Devcore 100, type
	 * Enflame; CheckHealth is always true (no handshake); pod
	 * annotations enflame.com/use-gpuuuid, nouse-gpuuuid (its Fit's
	 * device.CheckUUID); ScoreNode adds 0.  MutateAdmission,
	 * GenerateResourceRequests and the Fit's profile are in
	 * sched/hami/enflame_drs.c.  Pods carry
	 * hami.io/enflame-vgpu-devices-allocated, as the vGCU's did.
	 */
	[GV_ENFLAME_DRS] = {
		.type = "Enflame", .label = "Enflame DRS GCU",
		.res_count = GS_RES_ENFLAME_DRS,
		.res_mem = GS_RES_ENFLAME_GCU_MEM,
		.res_core = GS_RES_ENFLAME_GCU_CORE,
		.mem_factor = 1, .default_cores = 0, .reg = GVR_DRS,
		.register_anno = "enflame.com/gcu-drs-capacity",
		.id_infix = "-enflame-drs-",
		.allocated_anno = "hami.io/enflame-vgpu-devices-allocated",
		.use_uuid = "enflame.com/use-gpuuuid",
		.nouse_uuid = "enflame.com/nouse-gpuuuid",
		.gate = GVG_ENFLAME_DRS,
		.fit = GVF_DRS,
	},
	/*
	 * Metax sGPU: pkg/device/metax/sdevice.go, protocol.go and
	 * config.go (v2.6.1), the chart's metax-vcount, metax-vcore,
	 * metax-vmemory names: GetNodeDevices reads the JSON list
	 * metax-tech.com/node-gpu-devices (load/metax_sgpu.c), devices of
	 * their uuid; CheckHealth is "some devices" (no handshake);
	 * CheckType takes the request's Type alone; CheckUUID reads
	 * metax-tech.com/use-gpuuuid and nouse-gpuuuid; ScoreNode adds 0;
	 * PatchAnnotations writes hami.io/metax-sgpu-devices-allocated.
	 * MutateAdmission and GenerateResourceRequests (limits only):
	 * sched/hami/metax_sgpu.c.  The common Fit (v2.6.1).
	 */
	[GV_METAX_SGPU] = {
		.type = "Metax-SGPU", .label = "Metax sGPU",
		.res_count = GS_RES_METAX_SGPU, .res_mem = GS_RES_METAX_VMEM,
		.res_core = GS_RES_METAX_VCORE, .mem_factor = 1,
		.default_cores = 100, .reg = GVR_METAX_SGPU,
		.register_anno = "metax-tech.com/node-gpu-devices",
		.allocated_anno = "hami.io/metax-sgpu-devices-allocated",
		.use_uuid = "metax-tech.com/use-gpuuuid",
		.nouse_uuid = "metax-tech.com/nouse-gpuuuid",
		.gate = GVG_METAX_SGPU,
	},
};

/* Older charts' templates: used while the gate is closed. */
static const struct {
	int				 vendor;
	enum gs_vendor_gate		 gate;
	const struct gs_vnpu_template	*t;
	int				 n;
} older_templates[] = {
	{ GV_ASCEND910B4_1, GVG_910B4_1_DOUBLED, t910b4_1_v27,
	    (int)(sizeof t910b4_1_v27 / sizeof t910b4_1_v27[0]) },
	{ GV_ASCEND910C, GVG_910C_TEMPLATES, NULL, 0 },
};

int
gs_vendor_gate_open(enum gs_vendor_gate g, const struct hami_profile *hp)
{
	switch (g) {
	case GVG_ALWAYS:
		return 1;
	case GVG_ILUVATAR_SHARED:
		return !hp->iluvatar_per_model;
	case GVG_ILUVATAR_MODEL:
		return hp->iluvatar_per_model;
	case GVG_ASCEND_OLD_NAME:
		return !hp->ascend_chip_names;
	case GVG_ASCEND_CHIP_NAME:
		return hp->ascend_chip_names;
	case GVG_ASCEND_910C:
		return hp->ascend_910c;
	case GVG_ASCEND_CORE:
		return hp->ascend_core_resource;
	case GVG_910B4_1_DOUBLED:
		return hp->ascend_910b4_1_doubled;
	case GVG_910C_TEMPLATES:
		return hp->ascend_910c_templates;
	case GVG_BIREN:
		return hp->biren;
	case GVG_AMD_COUNT:
		return hp->amd_count;
	case GVG_VASTAI:
		return hp->vastai;
	case GVG_AMD_REGISTER:
		return hp->amd_register;
	case GVG_ENFLAME_GCU:
		return hp->enflame_gcu;
	case GVG_ENFLAME_VGCU:
		return hp->enflame_vgcu;
	case GVG_KUNLUN:
		return hp->kunlun;
	case GVG_NEURON:
		return hp->aws_neuron;
	case GVG_ENFLAME_DRS:
		return hp->enflame_drs;
	case GVG_METAX_SGPU:
		return hp->metax_sgpu;
	}
	return 0;
}

const struct gs_vnpu_template *
gs_vendor_templates(int v, const struct hami_profile *hp, int *n)
{
	size_t	i;

	for (i = 0; i < sizeof older_templates / sizeof older_templates[0];
	    i++)
		if (older_templates[i].vendor == v &&
		    !gs_vendor_gate_open(older_templates[i].gate, hp)) {
			*n = older_templates[i].n;
			return older_templates[i].t;
		}
	*n = gs_vendors[v].ntemplates;
	return gs_vendors[v].templates;
}

int
gs_vendor_registered(int v, const struct hami_profile *hp)
{
	return gs_vendor_gate_open(gs_vendors[v].gate, hp);
}

int
gs_vendor_reads_core(int v, const struct hami_profile *hp)
{
	return gs_vendors[v].res_core != GS_RES_N &&
	    gs_vendor_gate_open(gs_vendors[v].core_gate, hp);
}

int
gs_vendors_overlap(int a, int b)
{
	const struct hami_profile	*p;
	size_t				 i;

	for (i = 0; (p = hami_profile_at(i)) != NULL; i++)
		if (gs_vendor_registered(a, p) && gs_vendor_registered(b, p))
			return 1;
	return 0;
}

size_t
gs_vendor_first_row(int v)
{
	const struct hami_profile	*p;
	size_t				 i;

	for (i = 0; (p = hami_profile_at(i)) != NULL; i++)
		if (gs_vendor_registered(v, p))
			break;
	return i;
}

void
gs_vendor_versions(int v, char *buf, size_t len)
{
	const struct hami_profile	*p, *first = NULL, *last = NULL;
	size_t				 i;

	for (i = 0; (p = hami_profile_at(i)) != NULL; i++)
		if (gs_vendor_registered(v, p)) {
			if (first == NULL)
				first = p;
			last = p;
		}
	if (first == NULL)
		snprintf(buf, len, "none");
	else if (first == last)
		snprintf(buf, len, "%s", first->name);
	else
		snprintf(buf, len, "%s to %s", first->name, last->name);
}

/* getNodeResources' test (sched/hami/hami.h). */
int
hami_of_type(const struct gs_device *d, int vendor,
    const struct hami_profile *hp)
{
	const char	*h, *want = gs_vendors[vendor].type;
	size_t		 i;

	if (!hp->type_case_insensitive)
		return strstr(d->type, want) != NULL;
	/* strings.Contains(strings.ToLower(a), strings.ToLower(b)), ASCII. */
	for (h = d->type; *h != '\0'; h++) {
		for (i = 0; want[i] != '\0' && h[i] != '\0' &&
		    tolower((unsigned char)h[i]) ==
		    tolower((unsigned char)want[i]); i++)
			;
		if (want[i] == '\0')
			return 1;
	}
	return want[0] == '\0';
}

int
gs_vendor_is_ascend(int v)
{
	return gs_vendors[v].templates != NULL;
}

int
gs_vendor_is_ascend910(int v)
{
	return gs_vendor_is_ascend(v) &&
	    strncmp(gs_vendors[v].type, "Ascend910", 9) == 0;
}

int
gs_vendor_is_iluvatar_model(int v)
{
	return v >= GV_ILU_MRV100 && v <= GV_ILU_BIV100;
}

int
gs_vendor_by_allocated_anno(const char *key)
{
	int	v;

	for (v = 0; v < GV_N; v++)
		if (strcmp(gs_vendors[v].allocated_anno, key) == 0)
			return v;
	return -1;
}

int64_t
gs_vendor_trim_memory(int v, const struct hami_profile *hp, int64_t m)
{
	const struct gs_vendor_info	*vi = &gs_vendors[v];
	const struct gs_vnpu_template	*t;
	int				 i, n;

	t = gs_vendor_templates(v, hp, &n);
	for (i = 0; i < n; i++)
		if (m <= t[i].memory)
			return t[i].memory;
	if (m <= vi->mem_capacity)
		return vi->mem_allocatable;
	return 0;
}
