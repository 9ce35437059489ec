/*
 * vendor.c: the table of device types HAMi v2.6.1 registers, with the
 * chart's default resource names and Ascend vNPU templates
 * (charts/hami/templates/scheduler/device-configmap.yaml, values.yaml).
 */
#include <stddef.h>
#include <string.h>

#include "hami.h"
#include "register_codec.h"
#include "running.h"
#include "vendor.h"

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
static const struct gs_vnpu_template t310p[] = {
	{ "vir01", 3072 }, { "vir02", 6144 }, { "vir04", 12288 },
};

#define NT(t)	(t), (int)(sizeof (t) / sizeof (t)[0])
#define ASCEND(word, count, mem, alloc, cap, tmpl) {			\
	.type = word, .label = "Huawei " word, .res_count = (count),	\
	.res_mem = (mem), .res_core = GS_RES_N, .mem_factor = 1,	\
	.default_cores = 0, .reg = GVR_JSON,				\
	.register_anno = "hami.io/node-register-" word,			\
	.allocated_anno = "hami.io/" word "-devices-allocated",		\
	.use_uuid = "hami.io/use-" word "-uuid",			\
	.nouse_uuid = "hami.io/no-use-" word "-uuid",			\
	.mem_allocatable = (alloc), .mem_capacity = (cap),		\
	.templates = NT(tmpl) }

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
	},
	[GV_ASCEND910A] = ASCEND("Ascend910A", GS_RES_A910A, GS_RES_A910A_MEM,
	    32768, 32768, t910a),
	[GV_ASCEND910B2] = ASCEND("Ascend910B2", GS_RES_A910B2,
	    GS_RES_A910B2_MEM, 65536, 65536, t910b2),
	[GV_ASCEND910B] = ASCEND("Ascend910B", GS_RES_A910B, GS_RES_A910B_MEM,
	    65536, 65536, t910b),
	[GV_ASCEND910B4] = ASCEND("Ascend910B4", GS_RES_A910B4,
	    GS_RES_A910B4_MEM, 32768, 32768, t910b4),
	[GV_ASCEND310P] = ASCEND("Ascend310P", GS_RES_A310P, GS_RES_A310P_MEM,
	    21527, 24576, t310p),
};

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
gs_vendor_trim_memory(const struct gs_vendor_info *vi, int64_t m)
{
	int	i;

	for (i = 0; i < vi->ntemplates; i++)
		if (m <= vi->templates[i].memory)
			return vi->templates[i].memory;
	if (m <= vi->mem_capacity)
		return vi->mem_allocatable;
	return 0;
}
