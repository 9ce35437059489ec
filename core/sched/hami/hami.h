/*
 * sched/hami/hami.h: HAMi v2.6.1's NVIDIA scheduling rules, split the way HAMi
 * splits them: request building (webhook + GenerateResourceRequests), scores
 * (ComputeDefaultScore, ComputeScore, DeviceUsageList.Less), and the fit
 * loop (fitInDevices / fitInCertainDevice).  Arithmetic is int32 and
 * float32 exactly as in Go; see ../shared/spec/hami-v2.6.1.md §1.3-§3.12.
 */
#ifndef GS_HAMI_H
#define GS_HAMI_H

#include <stddef.h>
#include <stdint.h>

#include "util/gosort.h"
#include "model/model.h"

struct hami_profile;	/* below */

/* Pod annotations HAMi reads. */
#define HAMI_NODE_POLICY_ANNO	"hami.io/node-scheduler-policy"
#define HAMI_GPU_POLICY_ANNO	"hami.io/gpu-scheduler-policy"
#define HAMI_USE_TYPE_ANNO	"nvidia.com/use-gputype"
#define HAMI_NOUSE_TYPE_ANNO	"nvidia.com/nouse-gputype"
#define HAMI_USE_UUID_ANNO	"nvidia.com/use-gpuuuid"
#define HAMI_NOUSE_UUID_ANNO	"nvidia.com/nouse-gpuuuid"
#define HAMI_NUMA_BIND_ANNO	"nvidia.com/numa-bind"
#define HAMI_VGPU_MODE_ANNO	"nvidia.com/vgpu-mode"
/* v2.10: per-pod device score weights, "slot=1,core=1,memory=3". */
#define HAMI_SCORING_WEIGHTS_ANNO "hami.io/device-scoring-weights"
/* Ascend v2.9+: a pod's vNPU mode ("hami-core": soft partitions), and
 * the node annotation saying whether the node takes such pods. */
#define HAMI_VNPU_MODE_ANNO	"huawei.com/vnpu-mode"
#define HAMI_VNPU_CORE_NODE_ANNO "hami-vnpu-core"
/* v2.10: a node's GPUs (UUIDs, comma-separated) closed to new pods. */
#define HAMI_DEVICE_CORDON_ANNO	"hami.io/device-cordon"

/* ContainerDeviceRequest for one device type. */
struct hami_req {
	int32_t	nums;
	int32_t	memreq;
	int32_t	mempct;		/* 101 = not given (NVIDIA); others 0 */
	int32_t	coresreq;
	int	vendor;		/* enum gs_vendor: Type; 0 = "NVIDIA" */
};

/* The vendors whose Fit may check quotas: NVIDIA and Cambricon
 * (enum gs_vendor's first two). */
#define GS_QUOTA_VENDORS	2

/* The most device types one container asks for at once. */
#define HAMI_MAX_TYPES	4

/* One container's ContainerDeviceRequests: one per device type asked
 * for, in gs_vendors order (HAMi: map order). */
struct hami_creq {
	struct hami_req	r[HAMI_MAX_TYPES];
	size_t		n;
	int32_t		nums;		/* sum of r[].nums: devices granted */
};

/* Container c's limits after NVIDIA's MutateAdmission under cfg (the
 * default GPU count, v2.7's exclusive cores), into lim[GS_RES_N]. */
void	hami_webhook_limits(const struct gs_container *c,
	    const struct gs_config *cfg, struct gs_resval *lim);
/* Build container c's NVIDIA request under cfg; nums == 0 means no
 * request. */
void	hami_build_request(const struct gs_container *c,
	    const struct gs_config *cfg, struct hami_req *out);
/*
 * The requests of every container HAMi of cfg's version sees, into a
 * fresh *reqs (caller frees): from v2.9 the init containers first (v2.9's
 * webhook leaves them alone, v2.10's does not), then the containers.
 * Every device type that version registers counts.  Returns how many
 * init containers lead the array.  The cluster (NULL: none) is the one
 * HAMi registered before the pod's creation: Enflame's vGCU webhook
 * rounds with a factor of its nodes (sched/hami/enflame.c).
 */
size_t	hami_pod_requests(const struct gs_pod *, const struct gs_config *,
	    const struct gs_cluster *, struct hami_creq **reqs);
/* Is the pod's huawei.com/vnpu-mode "hami-core" (Ascend soft
 * partitions; read from v2.9)? */
int	hami_vnpu_core_mode(const struct gs_pod *,
	    const struct hami_profile *);
/* Does request c of those start from the node's own usage, not the
 * previous containers'?  v2.10 fits each init container, and then the
 * containers, afresh. */
int	hami_fresh_usage(const struct hami_profile *, size_t c,
	    size_t ninit);
/* Does HAMi's webhook set hami-scheduler on the pod (sched/route.c)?
 * The cluster (or NULL) gives what the webhook reads of its nodes. */
int	hami_webhook_claims(const struct gs_pod *, const struct gs_config *,
	    const struct gs_cluster *);
/*
 * The admission webhook: why it refuses the pod, written into buf, or
 * NULL when the pod is admitted.  Every version: the registered vendors'
 * MutateAdmission errors (Ascend's memory, vNPU and 910C checks); v2.10 also a
 * gpumem-percentage outside 0..100 and a privileged container in a pod
 * asking for devices.  The cluster (or NULL: no node registered) gives
 * what the webhook reads of its nodes (AWS Neuron's cores per device).
 */
const char *hami_admission(const struct gs_pod *, const struct gs_config *,
	    const struct gs_cluster *, char *buf, size_t len);

/* The device reasons of fitInCertainDevice, in check order (health is
 * checked first from v2.7). */
enum hami_reason {
	HR_MODE_NOT_FIT,	/* Ascend v2.9+: vNPU mode vs the node's */
	HR_CARD_NOT_HEALTH,
	HR_CARD_CORDONED,
	HR_CARD_TYPE_MISMATCH,
	HR_NUMA_NOT_FIT,
	HR_CARD_UUID_MISMATCH,
	HR_CARD_TIME_SLICING_EXHAUSTED,
	HR_RESOURCE_QUOTA_NOT_FIT,	/* v2.7+: the namespace's quota */
	HR_CARD_INSUFFICIENT_MEMORY,
	HR_CARD_INSUFFICIENT_CORE,
	HR_EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT,
	HR_CARD_COMPUTE_UNITS_EXHAUSTED,
	HR_CARD_NOT_FOUND_CUSTOM_FILTER_RULE,
	HR_ALLOCATED_CARDS_INSUFFICIENT_REQUEST,
	HR_CARD_MIG_TOPOLOGY_INFEASIBLE,	/* v2.10: no MIG profile+placement */
	HR_N
};

extern const char *const hami_reason_names[HR_N];
/* An explain trace's result beyond the reasons: the device was chosen
 * (HR_N), or (Ascend's collect-all Fit) fitted but was not kept. */
#define HAMI_TRACE_NOT_KEPT	(HR_N + 1)
/* hami_fit_container's *insufficient_devices, as flags. */
#define HAMI_NODE_INSUFFICIENT	1	/* NodeInsufficientDevice */
#define HAMI_ALLOC_ZERO		2	/* v2.10 910C: AllocatedCards...
					 * counted 0 (HAMi prints "0/N") */
/*
 * A node's failure as HAMi words it, into buf: NodeInsufficientDevice,
 * or "n/cards Reason" for each reason counted (gpusched's own words when
 * HAMi counts none: the node has no device of the requested type).
 * insufficient holds HAMI_NODE_INSUFFICIENT and HAMI_ALLOC_ZERO flags.
 */
void	hami_format_reasons(const int counts[HR_N], size_t cards,
	    int insufficient, char *buf, size_t len);

/* The pod's device filters, parsed once per pod. */
struct hami_filter {
	char	**use_type;	size_t nuse_type;	int has_use_type;
	char	**nouse_type;	size_t nnouse_type;	int has_nouse_type;
	char	**use_uuid;	size_t nuse_uuid;	int has_use_uuid;
	char	**nouse_uuid;	size_t nnouse_uuid;	int has_nouse_uuid;
	const char *vgpu_mode;	/* NULL when absent */
	int	  numa_bind;
	int	  gpu_binpack;	/* GPU policy is exactly "binpack" */
	int	  node_spread;	/* node policy is exactly "spread" */
	int	  health_check;	/* v2.7+: Fit skips unhealthy devices */
	int	  topology;	/* v2.7+: GPU policy "topology-aware" */
	const struct hami_profile *hp;	/* the profile's row */
	enum gosort_variant go_sort;	/* the profile's Go sort */
	/* v2.10: DeviceUsageList.Less's mode and key chain. */
	int	  less_mode;	/* enum hami_less */
	int	  chain[3];	/* enum hami_key, in the order written */
	size_t	  nchain;
	int	  mutex;	/* "mutex" in the GPU policy list */
	int	  cordon;	/* honour gs_device.cordoned */
	int64_t	  w_slot, w_core, w_mem;	/* device score weights */
	char	 *error;	/* why HAMi's Filter errors out, or NULL */
	/* The pod's annotations: other vendors' UUID and type filters. */
	const struct gs_kvlist *annos;
	int	  vnpu_core;	/* Ascend v2.9+: vnpu-mode is hami-core */
	int	  node_binpack;	/* Metax: node policy exactly "binpack" */
};

/* How DeviceUsageList.Less orders a node's GPUs. */
enum hami_less {
	HL_NUMA_FIRST,		/* to v2.9: NUMA groups, then score */
	HL_SCORE_FIRST,		/* v2.10: score, NUMA breaks ties */
	HL_NUMA_BIND,		/* v2.10 with numa-bind: as HL_NUMA_FIRST */
	HL_MUTEX,		/* v2.10 "mutex": busy GPUs first */
	HL_CHAIN		/* v2.10 comma chain or "numa": lessByChain */
};

enum hami_key { HK_BINPACK, HK_SPREAD, HK_NUMA };

/* How Fit's fitQuota counts the pod's use (pkg/device/nvidia/device.go). */
enum hami_quota_fit {
	HQF_NONE,		/* no quota in Fit (to v2.6) */
	HQF_CONTAINER,		/* v2.7: this container's devices (tmpDevs) */
	HQF_POD,		/* v2.8: and the pod's earlier containers' */
	HQF_COLLAPSED		/* v2.10: those, CollapseInitContainerUsage */
};

/* How the admission webhook checks quotas (webhook.go fitResourceQuota). */
enum hami_quota_webhook {
	HQW_NONE,		/* no check (to v2.8) */
	HQW_NVIDIA_LIMITS,	/* v2.9: NVIDIA, the containers' limits */
	HQW_REQUESTS		/* v2.10: every vendor, its requests */
};

/* Ascend's vNPU mode check (ModeNotFit), hami_ascend_mode_refused. */
enum hami_vnpu_check {
	HV_NONE,		/* huawei.com/vnpu-mode not read */
	HV_PARTIAL_FIRST,	/* v2.9: a partial vNPU vs devices[0] */
	HV_NODE			/* v2.10: hami-core pod, hami-core node */
};

#define HAMI_MAX_ALIASES	6

/*
 * A row of the HAMi profile table (sched/hami/profile.c): one per release
 * gpusched reproduces, each behaviour that differs between releases a
 * named field the code reads (no code compares version numbers).  The
 * release that introduced each behaviour and HAMi's source for it are
 * in sched/hami/profile.c; man/gpusched.1 (ADDING A HAMI VERSION) lists them.
 */
struct hami_profile {
	const char	*name;		/* "hami-v2.6.1" */
	/* --hami-version / hamiVersion values naming it ("2.6", "2.6.0"),
	 * NULL-terminated; a leading "v" is accepted. */
	const char	*aliases[HAMI_MAX_ALIASES + 1];
	/* major*10000 + minor*100 + patch (20601): a key naming the row
	 * (gs_cluster_for_version, hami_profile_of_version), compared for
	 * equality only, never a rule; rows are in release order. */
	int		 version;
	const char	*go;		/* the Go that built it: "go1.22.5" */
	enum gosort_variant go_sort;	/* that Go's sort.Sort */
	/* The health check reads no handshake (v2.7.0): a stale
	 * Requesting_ or a Deleted_ node keeps its GPUs. */
	int		 handshake_unread;
	/* How init containers are charged: enum gs_collapse. */
	int		 init_collapse;

	/*
	 * Admission webhook and request building.
	 * exclusive_core_default (v2.7.0): defaultExclusiveCoreIfNeeded,
	 *   pkg/device/nvidia/device.go: a whole-memory GPU request with
	 *   no gpucores gets gpucores 100.
	 * webhook_all_containers (v2.10.0): Handle, pkg/scheduler/
	 *   webhook.go, mutates privileged and init containers too (up to
	 *   v2.9 it skips privileged ones, v2.9 leaves init ones alone).
	 * webhook_refusals (v2.10.0): Handle refuses a gpumem-percentage
	 *   outside 0..100 and a privileged container in a GPU pod, init
	 *   containers included.
	 * request_guards (v2.10.0): GenerateResourceRequests (each
	 *   vendor's device.go): a bad gpumem voids the request, the
	 *   percentage is clamped and 0 is unset, vendors' range guards.
	 * init_requests (v2.9.0): Resourcereqs (pkg/device/devices.go)
	 *   builds requests for init containers.
	 */
	int		 exclusive_core_default;
	int		 webhook_all_containers;
	int		 webhook_refusals;
	int		 request_guards;
	int		 init_requests;
	/*
	 * Node registration (pkg/scheduler/scheduler.go, pkg/device/
	 * devices.go CheckHealth).
	 * register_json (v2.8.0): hami.io/node-nvidia-register is decoded
	 *   as JSON only (UnMarshalNodeDevices); before, as text
	 *   (DecodeNodeDevices).  gpusched reads both forms; the form
	 *   tells which releases wrote it (gs_hami_infer).
	 * alloc_gpu_registers (v2.8.0): the node's devices count by the
	 *   device plugin's allocatable nvidia.com/gpu, not the handshake.
	 * alloc_zero_handshake (v2.9.0): with allocatable 0 the handshake
	 *   decides again, a stale Deleted_ re-registering.
	 * handshake_lenient (v2.10.0): CheckHealth re-registers any
	 *   Deleted_ and keeps a Requesting_ whose time does not parse
	 *   (the other vendors' handshakes too: sched/hami/vendor_health.c).
	 * vendor_handshake_alloc (v2.9.0): the other vendors' CheckHealth
	 *   (pkg/device/devices.go, called with the type's
	 *   resourceCountName) keeps an expired Requesting_ while the
	 *   type's allocatable count is above 0, and re-registers a
	 *   Deleted_ 60 s old.
	 * handshake_unread above holds for the vendors' handshakes too.
	 */
	int		 register_json;
	int		 alloc_gpu_registers;
	int		 alloc_zero_handshake;
	int		 handshake_lenient;
	int		 vendor_handshake_alloc;
	/*
	 * Device filters and Fit (pkg/device/nvidia/device.go Fit,
	 * pkg/scheduler/policy, pkg/device/devices.go).
	 * health_check (v2.7.0): NVIDIA's Fit skips an unhealthy device
	 *   first (CardNotHealth).
	 * vendor_health_check (v2.10.0): the other vendors' Fits too.
	 * device_cordon (v2.10.0): hami.io/device-cordon closes GPUs
	 *   (NVIDIA's Fit, CardCordoned).
	 * filter_lists_trimmed (v2.10.0): CheckType/CheckUUID trim the
	 *   use/nouse entries, a blank value is no constraint, and both
	 *   the use and the nouse list apply.
	 * fit_by_type (v2.7.0): getNodeResources: each vendor's Fit sees
	 *   only the devices whose Type contains the request's, and the
	 *   reason totals count those.
	 * type_case_insensitive (v2.10.0): that containment ignores case.
	 * insufficient_by_type (v2.10.0): NodeInsufficientDevice counts the
	 *   type's devices, not all of the node's.
	 * reason_counts_devices (v2.10.0): NumaNotFit and AllocatedCards-
	 *   InsufficientRequest count devices (len(tmpDevs[k.Type])), not
	 *   device types.
	 */
	int		 health_check;
	int		 vendor_health_check;
	int		 device_cordon;
	int		 filter_lists_trimmed;
	int		 fit_by_type;
	int		 type_case_insensitive;
	int		 insufficient_by_type;
	int		 reason_counts_devices;
	/*
	 * GPU policy and device order (pkg/device/nvidia gpu_policy.go,
	 * DeviceUsageList.Less in pkg/scheduler/policy).
	 * topology_aware (v2.7.0): the "topology-aware" GPU policy.
	 * gpu_policy_list (v2.10.0): the GPU policy is a comma list with
	 *   mutex and numa; a list or "numa" sorts by lessByChain.
	 * score_first (v2.10.0): Less orders by score, NUMA breaking ties
	 *   (NUMA groups first with numa-bind).
	 * scoring_weights (v2.10.0): hami.io/device-scoring-weights
	 *   (ParseDeviceScoringWeights) weighs ComputeScore.
	 */
	int		 topology_aware;
	int		 gpu_policy_list;
	int		 score_first;
	int		 scoring_weights;
	/*
	 * Scores (pkg/scheduler/policy node_policy.go, gpu_policy.go).
	 * node_score_zero_guard (v2.9.0): ComputeDefaultScore gives 0 to a
	 *   node without slots, cores or memory.
	 * score_by_type (v2.9.0): ComputeScore counts only the requests of
	 *   the device's exact Type, one slot each, with integer
	 *   percentage math, and a device without capacity scores 0.
	 */
	int		 node_score_zero_guard;
	int		 score_by_type;
	/*
	 * Which vendor types register and how the chart configures them
	 * (charts/hami/templates/scheduler/device-configmap.yaml, each
	 * vendor's pkg/device/<vendor>/device.go); sched/hami/vendor.h's gates
	 * read these.
	 * iluvatar_per_model (v2.7.1): Iluvatar GPUs register per model
	 *   (hami.io/node-<model>-register); the capacity type is gone.
	 * ascend_chip_names (v2.7.0): Ascend910B is renamed Ascend910B3
	 *   and Ascend910B4-1 is added.
	 * ascend_910c (v2.9.0): Ascend910C registers.
	 * ascend_core_resource (v2.9.0): Ascend's core resource
	 *   (huawei.com/<type>-core) is read.
	 * ascend_910b4_1_doubled (v2.8.0): the chart's 910B4-1 templates
	 *   give twice the memory their names say.
	 * ascend_910c_templates (v2.10.0): the chart gives 910C templates
	 *   (910B3's; before, none: the whole chip).
	 * biren (v2.10.0): Biren GPUs register (pkg/device/biren/device.go,
	 *   the chart's biren.resourceCountName birentech.com/gpu).
	 * amd_count (v2.7.1 to v2.9.0): AMD GPUs register as "AMDGPU" from
	 *   status.capacity amd.com/gpu, 192000 MiB each
	 *   (pkg/device/amd/device.go; v2.10 rewrote it).
	 * vastai (v2.9.0): Vastai devices register (pkg/device/vastai/
	 *   device.go, the chart's vastai.resourceCountName vastaitech.com/va),
	 *   with die mode and ScoreNode's AIC score (sched/hami/vastai.c).
	 * amd_register (v2.10.0): AMD GPUs register as "AMD" from
	 *   hami.io/node-amd-register, asked with amd.com/gpu, gpumem and
	 *   gpucores (pkg/device/amd/device.go, sched/hami/amd.c).
	 * mthreads_webhook_requests (v2.10.0): Mthreads' MutateAdmission
	 *   reads mthreads.com/vgpu from limits, else requests, and refuses a
	 *   count below 1 (pkg/device/mthreads/device.go; before: limits
	 *   only, its memory message lists 1 among the valid values, and a
	 *   pod without annotations asking several GPUs panics the webhook).
	 * webhook_recovers_panic (v2.7.0): the webhook's controller-runtime
	 *   (v0.21+, admission.Webhook.RecoverPanic unset: true) answers a
	 *   panic with an error, refusing the pod; v2.6.1's (v0.16.3, false)
	 *   drops the call, and the chart's failurePolicy Ignore admits the
	 *   pod as it is (not HAMi's).
	 * enflame_gcu (v2.7.0): Enflame's whole GCUs register
	 *   (pkg/device/enflame/gcu.go, the chart's resourceNameGCU
	 *   enflame.com/gcu).
	 * Kunlun:
	 * kunlun (v2.7.0): Kunlun's whole XPUs register
	 *   (pkg/device/kunlun/device.go, the chart's kunlunResourceName
	 *   kunlunxin.com/xpu).
	 * kunlun_uuid (v2.10.0): Kunlun's Fit passes only healthy devices the
	 *   pod's UUID filters allow (device.CheckUUID on
	 *   hami.io/use-xpu-uuid / no-use-xpu-uuid and baidu.com/use-gpuuuid
	 *   / nouse-gpuuuid) to graghSelect, counts CardUuidMismatch, and
	 *   its reasons are out of the type's devices (before: "1/1
	 *   NumaNotFit", GenReason(reason, len(reason))); its vXPU Fit
	 *   also refuses unhealthy devices, and under the pod's mutex
	 *   policy used ones (ExclusiveDeviceAllocateConflict).
	 * kunlun_vxpu_mem_bound (v2.8.0): FitVXPU refuses a vXPU whose
	 *   memory would pass the device's (before: any device whose vXPUs
	 *   average the request's memory).
	 * aws_neuron (v2.7.0): AWS Neuron devices register
	 *   (pkg/device/awsneuron/device.go, sched/hami/neuron.c).
	 * neuron_checks (v2.10.0): Neuron's MutateAdmission reads limits,
	 *   else requests, and refuses a count or core count that is not
	 *   an integer in 1..MaxInt32 (cores: 2 x MaxInt32) or a core
	 *   count above one device's (min(coresPerAWSNeuron, 2)) that is
	 *   not a multiple of it (splitCoreRequest);
	 *   GenerateResourceRequests splits cores the
	 *   same way, graphSelect passes over unhealthy devices, and its
	 *   NumaNotFit counts the type's devices (GenReason(reason,
	 *   len(devices)); before, len(reason): "1/1").
	 */
	int		 iluvatar_per_model;
	int		 ascend_chip_names;
	int		 ascend_910c;
	int		 ascend_core_resource;
	int		 ascend_910b4_1_doubled;
	int		 ascend_910c_templates;
	int		 biren;
	int		 amd_count;
	int		 vastai;
	int		 amd_register;
	int		 mthreads_webhook_requests;
	int		 enflame_gcu;
	int		 webhook_recovers_panic;
	/* Kunlun */
	int		 kunlun;
	int		 kunlun_uuid;
	int		 kunlun_vxpu_mem_bound;
	/* AWS Neuron. */
	int		 aws_neuron;
	int		 neuron_checks;
	/*
	 * Vendors' own Fits (pkg/device/iluvatar, pkg/device/ascend
	 * device.go).
	 * iluvatar_forward (v2.7.0 to v2.8.x): Iluvatar's Fit scans from
	 *   the start of the sorted list.
	 * ascend_own_fit (v2.7.0): Ascend's own Fit (no type test, the 910
	 *   network topology) and ScoreNode's network score.
	 * ascend_net_by_type (v2.8.0): computeBestCombination looks the
	 *   network up among the type's devices (nodeInfo.Devices[
	 *   commonWord]), not all of the node's.
	 * ascend_910c_modules (v2.9.0): MutateAdmission takes a 910C count
	 *   of 1 as 2 and refuses an odd one.
	 * ascend_910c_whole (v2.10.0): 910C's Fit takes whole modules and
	 *   fails short of the request.
	 * ascend_score_own_type (v2.10.0): ScoreNode (Ascend's, Kunlun's,
	 *   Vastai's) reads the type's own device list, not every device
	 *   granted in the container (fitInDevices).
	 * ascend_mem_as_given (v2.10.0): GenerateResourceRequests takes the
	 *   memory as given (the webhook rounded it).
	 * ascend_core_hami_core_only (v2.10.0): the webhook refuses a core
	 *   resource outside hami-core mode.
	 * vnpu_check (v2.9.0, v2.10.0): huawei.com/vnpu-mode and the
	 *   ModeNotFit check, enum hami_vnpu_check.
	 * vnpu_multi_word: "nor" up to v2.9 (HAMi's typo), "not" from
	 *   v2.10, in "vNPU %s supported for multiple devices".
	 */
	int		 iluvatar_forward;
	int		 ascend_own_fit;
	int		 ascend_net_by_type;
	int		 ascend_910c_modules;
	int		 ascend_910c_whole;
	int		 ascend_score_own_type;
	int		 ascend_mem_as_given;
	int		 ascend_core_hami_core_only;
	enum hami_vnpu_check vnpu_check;
	const char	*vnpu_multi_word;
	/*
	 * Namespace ResourceQuotas (pkg/device/quota.go, the vendors' Fit,
	 * pkg/scheduler/webhook.go; sched/hami/quota.c).
	 * quota_fit (v2.7.0, v2.8.0, v2.10.0): enum hami_quota_fit.
	 * quota_fit_mlu (v2.10.0): Cambricon's Fit checks quotas too.
	 * quota_zero_blocks (v2.10.0): a limit of 0 refuses (LimitSet);
	 *   before, FitQuota reads 0 as no limit.
	 * quota_webhook (v2.9.0, v2.10.0): enum hami_quota_webhook.
	 */
	enum hami_quota_fit quota_fit;
	int		 quota_fit_mlu;
	int		 quota_zero_blocks;
	enum hami_quota_webhook quota_webhook;
	/* podgroup_lock_retry (v2.10.0): Bind retries a contended node
	 * lock for PodGroup members (acquireNodeLocks, pkg/scheduler/
	 * scheduler.go); no placement changes, explain says so. */
	int		 podgroup_lock_retry;
	/* topology_first (v2.10.0): computeBestCombination and
	 *   computeWorstSingleCard keep the first candidate (a found
	 *   flag); before, the best combination must score above 0 (none
	 *   does: the container gets no GPU) and the worst card starts
	 *   from -1 (sched/hami/topology.c). */
	int		 topology_first;
	/* mig_reservation (v2.10.0): a MIG-mode GPU with published
	 * `migProfiles` is fitted by profile and placement (sched/hami/
	 * mig.c; pkg/device/nvidia/device.go CustomFilterRule,
	 * AddResourceUsage); without it such a GPU fails CustomFilterRule. */
	int		 mig_reservation;
	/*
	 * The MIG geometry model (v2.6-v2.9, sched/hami/geom.c):
	 * mig_chart: the chart's knownMigGeometries the row defaults to
	 *   (enum gs_hgeom_chart; GS_HGEOM_NONE: no geometry model);
	 * mig_geom_equal (v2.7.0+): an instance of exactly the requested
	 *   memory fits (v2.6.1 wants more);
	 * mig_geom_any_entry (v2.8.0+): any entry of a geometry may hold
	 *   the request, the UUID suffix names that entry, and the
	 *   instance's core is charged.
	 */
	int		 mig_chart;
	int		 mig_geom_equal;
	int		 mig_geom_any_entry;
	/*
	 * Enflame (sched/hami/enflame.c):
	 * enflame_vgcu (v2.6.1 to v2.9.0): Enflame's shared vGCU registers
	 *   (pkg/device/enflame/device.go, the chart's enflame names
	 *   enflame.com/vgcu and vgcu-percentage); v2.10 replaced it.
	 * enflame_drs (v2.10.0): Enflame's DRS GCUs register from
	 *   enflame.com/gcu-drs-capacity, asked with enflame.com/drs-gcu or
	 *   gcu-memory and gcu-core (pkg/device/enflame/device.go).
	 */
	int		 enflame_vgcu;
	int		 enflame_drs;
	/* vgcu_shared_fit (v2.6.1 to v2.9.0, brief vsmall4): kube-scheduler
	 * checks the enflame.com/shared-gcu the vGCU webhook adds. */
	int		 vgcu_shared_fit;
	/* Metax topology score: override_replaces (v2.6.1): OverrideScore sets the
	 * node score to devScore above 0, from v2.7.0 adds it (metax.h). */
	int		 override_replaces;
	/* Metax sGPU: metax_sgpu (v2.6.1): gpusched simulates its sGPUs
	 * (metax-tech.com/node-gpu-devices, sgpu, vcore, vmemory;
	 * pkg/device/metax/sdevice.go, sched/hami/metax_sgpu.c) under the
	 * common Fit; the rows without it are warned about (load/lint.c). */
	int		 metax_sgpu;
};

/* cfg's profile row; v2.6.1's for a profile that is not HAMi's. */
const struct hami_profile *hami_profile(const struct gs_config *);
/* The row of a hami_version() value; v2.6.1's when none has it. */
const struct hami_profile *hami_profile_of_version(int version);
/* The row named s, by its name ("hami-v2.7.0") or an alias ("2.7",
 * "v2.7"), or NULL. */
const struct hami_profile *hami_profile_find(const char *s);
/* The i-th row, oldest first (the first is the default); NULL past the
 * last. */
const struct hami_profile *hami_profile_at(size_t i);

/* The version number of cfg's profile row (hami_profile's .version). */
int	hami_version(const struct gs_config *);
/* The profile for a --hami-version / hamiVersion value ("v2.7", "2.7.1"),
 * or NULL. */
const char *hami_profile_for_version(const char *version);
/* The i-th version hami_profile_for_version knows ("2.6", "2.6.0", ...),
 * NULL past the last. */
const char *hami_version_name(size_t i);

/*
 * Does HAMi of that profile know every entry of a GPU policy value?
 * binpack and spread always; topology-aware with topology_aware; with
 * gpu_policy_list a comma list of those and mutex and numa, entries
 * trimmed.
 */
int	hami_gpu_policy_known(const char *value,
	    const struct hami_profile *);
/* The GPU policy names (entries, with gpu_policy_list) it knows. */
size_t	hami_gpu_policy_names(const struct hami_profile *,
	    const char *const **names);
/*
 * With gpu_policy_list, the first entry of a GPU policy list (split on
 * ',', spaces and tabs trimmed, empty ones skipped) that the profile does
 * not know, as a fresh string; NULL when every entry is known or the
 * profile reads the value whole.
 */
char	*hami_gpu_policy_unknown(const char *value,
	    const struct hami_profile *);
void	hami_filter_init(struct hami_filter *, const struct gs_pod *,
	    const struct gs_config *);
void	hami_filter_release(struct hami_filter *);
/*
 * How HAMi reads a policy value: for nodes exactly "spread" is spread and
 * anything else binpack; for GPUs exactly "binpack" is binpack, anything
 * else spread.
 */
const char *hami_node_policy_name(const char *value);
const char *hami_gpu_policy_name(const char *value);
/* The GPU policy value in force for pod, as written: its
 * hami.io/gpu-scheduler-policy annotation unless the configuration
 * overrides pods, else the scheduler's. */
const char *hami_gpu_policy_value(const struct gs_pod *,
	    const struct gs_config *);
/* The node and GPU policy HAMi applies to pod: "binpack" or "spread". */
void	hami_effective_policies(const struct gs_pod *, const struct gs_config *,
	    const char **node, const char **gpu);
/* checkGPUtype + vgpu-mode: does device type/mode pass? */
int	hami_type_ok(const struct hami_filter *, const struct gs_device *);
/* CheckUUID. */
int	hami_uuid_ok(const struct hami_filter *, const struct gs_device *);

/*
 * The memory a request takes from device d (Memreq, or the percentage of
 * the card when only that is given; int32 as in HAMi).
 */
int32_t	hami_memreq(const struct gs_device *d, const struct hami_req *k);
/*
 * Fit checks 4-10 on one device in HAMi's order: free slot, memory,
 * cores, exclusivity, compute units left.  Clamps k->coresreq to 100 as
 * HAMi does (the clamp persists for later devices).  Returns the failed
 * check's enum hami_reason, or -1 when the device can take the request;
 * *memreq gets the memory it would take.
 */
int	hami_capacity_check(const struct gs_device *d, struct hami_req *k,
	    int32_t *memreq);
/*
 * hami_capacity_check as vendor k->vendor's own Fit has it, with its own
 * rules after it (sched/hami/vendor_fit.c): Biren's and older AMD's slots
 * alone (memory not checked), v2.10 AMD's, Enflame's GCUs refused once
 * used, Metax's and Mthreads' customFilterRule.
 * Same returns; *cores gets the cores a grant takes.
 */
struct hami_scratch;
int	hami_vendor_capacity(const struct hami_scratch *s,
	    const struct gs_device *d, struct hami_req *k, int32_t *memreq,
	    int32_t *cores);

/* GenerateResourceRequests' "limits, else requests" for resource r. */
static inline const struct gs_resval *
hami_pick(const struct gs_resval *lim, const struct gs_resval *req,
    enum gs_res r)
{
	return lim[r].set ? &lim[r] : &req[r];
}

/* v2.10 AMD (sched/hami/amd.c, pkg/device/amd/device.go).  Does
 * MutateAdmission find a resource in the limits? */
int	hami_amd_admits(const struct gs_resval *lim);
/* MutateAdmission's error for the limits (written into buf), or NULL. */
const char *hami_amd_webhook(const struct gs_resval *lim, char *buf,
	    size_t len);
/* GenerateResourceRequests from the limits (nums 0: none). */
void	hami_amd_request(const struct gs_resval *lim, struct hami_req *out);
/* Its Fit's slot, memory and core checks on d: the failed check's enum
 * hami_reason, or -1 with the memory and cores a grant takes. */
int	hami_amd_capacity(const struct gs_device *d, const struct hami_req *k,
	    int32_t *memreq, int32_t *cores);
/*
 * Mthreads (sched/hami/mthreads.c): MutateAdmission on the limits lim
 * (the reason HAMi refuses the pod, in buf, or NULL); the request's
 * memory and cores divided by its count; customFilterRule (1: d passes)
 * and the grants it remembers.
 */
struct gs_resval;
extern const char hami_mthreads_panic[];
const char *hami_mthreads_webhook(const struct hami_profile *,
	    const struct gs_pod *, struct gs_resval *lim,
	    const struct gs_resval *req, char *buf, size_t len);
void	hami_mthreads_split(struct hami_req *);
int	hami_mthreads_rule(const struct hami_scratch *,
	    const struct gs_device *d);
void	hami_mthreads_note(struct hami_scratch *, const struct gs_grant *g,
	    int n);
/*
 * Enflame's shared vGCU (sched/hami/enflame.c, v2.6.1 to v2.9.0): the
 * factor of the last listed node with vGCUs (EnflameDevices.factor), the
 * one a pod's webhook reads (0 when it asks no vGCU in its limits), the
 * webhook's rounding of the limits, and GenerateResourceRequests.
 */
int64_t	hami_enflame_factor(const struct gs_cluster *);
int64_t	hami_enflame_pod_factor(const struct gs_cluster *,
	    const struct gs_pod *, const struct hami_profile *);
int64_t	hami_enflame_webhook(int64_t factor, struct gs_resval *lim);
void	hami_enflame_request(const struct gs_resval *lim,
	    const struct gs_resval *req, struct hami_req *out);
/* Metax sGPU (sched/hami/metax_sgpu.c): vmemory in MiB as
 * GenerateResourceRequests reads it, and the request from the limits. */
int64_t	hami_metax_sgpu_mem(const struct gs_resval *m);
void	hami_metax_sgpu_request(const struct gs_resval *lim,
	    struct hami_req *out);
/*
 * v2.10 Enflame DRS GCUs (sched/hami/enflame_drs.c): does MutateAdmission
 * find a resource (limits or requests), its refusal (in buf) or NULL,
 * GenerateResourceRequests, the Fit's profile choice on node n (1:
 * ModeNotFit; else k asks the profile's memory and cores, and a grant
 * takes *slots, its slices) and its capacity checks (the failed check's
 * enum hami_reason, or -1).
 */
int	hami_drs_admits(const struct gs_resval *lim,
	    const struct gs_resval *req);
const char *hami_drs_webhook(const struct gs_resval *lim,
	    const struct gs_resval *req, char *buf, size_t len);
void	hami_drs_request(const struct gs_resval *lim,
	    const struct gs_resval *req, struct hami_req *out);
int	hami_drs_mode_refused(const struct gs_node *n, struct hami_req *k,
	    int32_t *slots);
int	hami_drs_capacity(const struct gs_device *d,
	    const struct hami_req *k);

/*
 * Why HAMi never gets to score node n of cluster c for pod: a
 * kube-scheduler filter (written into buf) or the node having no devices
 * HAMi registered (its note).  NULL when n is a candidate.  DaemonSet
 * pinning is the caller's.
 */
const char *hami_node_refusal(const struct gs_cluster *c,
	    const struct gs_node *n, const struct gs_pod *pod,
	    const struct hami_profile *, char *buf, size_t len);
/*
 * Does HAMi of that profile use the node's registered GPUs?  Up to v2.7
 * by the node handshake (gs_cluster_apply_handshakes), except v2.7.0,
 * which reads none (handshake_unread); with alloc_gpu_registers (v2.8)
 * by the device plugin's allocatable nvidia.com/gpu, which must not be 0
 * (a scheduler in its steady state: the count it last saw is the
 * node's); with alloc_zero_handshake (v2.9) the handshake decides when
 * it is 0, a Deleted_ older than 60 s then counting as registered again
 * (handshake_lenient, v2.10: any Deleted).
 */
int	hami_node_usable(const struct gs_node *,
	    const struct hami_profile *);

/* ComputeDefaultScore over a node's devices (usage before the pod);
 * from v2.9 a node without slots, cores or memory scores 0. */
float	hami_node_score(const struct gs_device *devs, size_t n);
float	hami_node_score_v(const struct gs_device *devs, size_t n,
	    const struct hami_profile *);
/*
 * NodeScoreList order with gpusched's tie rule: is node a (score sa)
 * preferred over node b?  binpack prefers the higher score, spread the
 * lower; equal scores go to the lower index (listed first); NaN last.
 */
int	hami_node_prefer(int spread, float sa, size_t a, float sb, size_t b);
/* ComputeScore for one device and one container's request. */
float	hami_device_score(const struct gs_device *d, const struct hami_req *r);
/*
 * ComputeScore for one device and every request of a container: up to
 * v2.8 every type's request counts on every device (HAMi sums them
 * regardless of type); from v2.9 only those of the device's exact Type.
 */
float	hami_device_score_c(const struct gs_device *d,
	    const struct hami_creq *c, const struct hami_filter *f);
/*
 * The same by version: from v2.9 the request counts only on a device
 * whose Type is exactly the request's ("NVIDIA"; registered types are
 * "NVIDIA-<model>" or the model, so never), as one slot, with integer
 * percentage math; a device without slots, cores or memory scores 0.
 */
float	hami_device_score_v(const struct gs_device *d, const struct hami_req *r,
	    const struct hami_profile *);
/*
 * v2.10's ComputeScore: as v2.9 with the pod's weights,
 * Weight * (slot*used + core*cores + memory*mem) in float32.
 */
float	hami_device_score_w(const struct gs_device *d, const struct hami_req *r,
	    const struct hami_filter *f);
/*
 * ParseDeviceScoringWeights: "slot=A,core=B,memory=C" in any order, each
 * once, non-negative, not all 0.  Returns 0, or -1 with HAMi's message.
 */
int	hami_parse_weights(const char *value, int64_t w[3], char *why,
	    size_t len);

/*
 * Working state of one node during one Filter call: device usage that
 * later containers see, scores, and the sorted order.
 */
struct hami_scratch {
	struct gs_device	*devs;	/* copies; usage is charged here */
	float			*score;
	size_t			*order;	/* order[k] = device index */
	size_t			 n, cap;
	int			 binpack;
	const struct hami_filter *f;	/* v2.10 sort modes, or NULL */
	/*
	 * Optional trace for explain (NULL in normal runs), per device:
	 * try position (1 = tried first, 0 = not reached) and outcome (an
	 * enum hami_reason, or HR_N when the device was chosen).
	 */
	int			*trace_try;
	int			*trace_result;
	/* The devices HAMi's reason counts are out of, for the last
	 * request fitted (all of the node's; v2.7+ those of its type). */
	size_t			 cards;
	size_t			 cards_forced;	/* v2.10 910C: the request;
						 * Neuron up to v2.9: 1 */
	int			 node_vnpu_core; /* takes hami-core vNPUs */
	/* What the last hami_fit_container granted: per request type, in
	 * order (Ascend combinations may grant fewer than asked). */
	int			 type_grants[HAMI_MAX_TYPES];
	int			 ngrants;
	/* The pod's namespace quotas Fit checks (v2.7+), or NULL. */
	const struct hami_pod_quota *quota;
	/* The node fitted (its GPU link scores). */
	const struct gs_node	*node;
	/* An earlier container of the pod got Metax GPUs on this node
	 * (Metax's customFilterRule); the caller clears it per node,
	 * hami_scratch_load leaves it. */
	int			 metax_granted;
	/* The devices earlier containers of the pod got Mthreads GPUs on
	 * (customFilterRule, sched/hami/mthreads.c): 0 none, 1 + the index
	 * of the one device, -1 several; cleared as metax_granted. */
	int			 mthreads_on;
};

/*
 * What Fit's fitQuota reads for one pod on one node: its namespace's
 * quota entries per vendor (NULL: none) and the pod's containers fitted
 * on the node before the current one (the `allocated` devices).
 */
struct hami_pod_quota {
	const struct gs_quota	*mem[GS_QUOTA_VENDORS];
	const struct gs_quota	*core[GS_QUOTA_VENDORS];
	const struct hami_profile *hp;
	const struct gs_grant	*grants;	/* container c's at c * stride */
	size_t			 stride;
	const int		*ngrants;	/* per container */
	size_t			 cur;		/* the container being fitted */
	size_t			 ninit;		/* pod's init containers */
};

/*
 * The pod's quotas in cluster c under its profile, into *q; 0 when Fit
 * checks none (no profile rule, or no limit in its namespace).
 */
int	hami_quota_prepare(struct hami_pod_quota *q, const struct gs_cluster *c,
	    const struct gs_pod *pod, const struct hami_profile *);
/*
 * fitQuota for device dev of the node in s, taking memreq MiB and cores
 * percent for a request of vendor, after the ntmp devices tmp of this
 * request: does the namespace's quota refuse it (ResourceQuotaNotFit)?
 */
int	hami_quota_refuses(const struct hami_scratch *s, int vendor,
	    const struct gs_grant *tmp, int ntmp, int dev, int32_t memreq,
	    int32_t cores);
/*
 * FitQuota (pkg/device/quota.go): would mem MiB and cores percent more
 * exceed the entries (NULL: no entry)?  factor is the vendor's memory
 * factor; zero_blocks reads a limit of 0 as a limit (v2.10).
 */
int	hami_fit_quota(const struct gs_quota *mem, const struct gs_quota *core,
	    int64_t memreq, int64_t coresreq, int32_t factor, int zero_blocks);
/*
 * The admission webhook's fitResourceQuota (v2.9+): does it refuse the
 * pod, whose container requests are reqs (ninit init containers first),
 * given the quotas of cluster c?
 */
int	hami_quota_webhook_refuses(const struct gs_cluster *c,
	    const struct gs_pod *pod, const struct gs_config *cfg,
	    const struct hami_creq *reqs, size_t ninit);

void	hami_scratch_load(struct hami_scratch *, const struct gs_node *,
	    int binpack);
void	hami_scratch_release(struct hami_scratch *);
/* sort.Sort(node.Devices) with DeviceUsageList.Less, by the profile's Go
 * (s->f's go_sort; v2.6.1's Go when s->f is NULL). */
void	hami_sort_devices(struct hami_scratch *);

/*
 * fitInDevices for one container: scores, then per device type sort,
 * reverse scan, charge.  On success fills grants (capacity >=
 * hami_grant_capacity), one type after another, sets s->ngrants and
 * s->type_grants, and returns 1.  On failure returns 0; if
 * counts is not NULL it receives the reason counts of the type that
 * failed, and *insufficient_devices gets HAMI_NODE_INSUFFICIENT or
 * HAMI_ALLOC_ZERO.
 */
int	hami_fit_container(struct hami_scratch *, const struct hami_creq *,
	    const struct hami_filter *, struct gs_grant *grants,
	    int counts[HR_N], int *insufficient_devices);
/* getNodeResources: does d's Type contain vendor's (v2.10: in any
 * case)? */
int	hami_of_type(const struct gs_device *d, int vendor,
	    const struct hami_profile *);
/* The grants one container may need on a node of ndevs devices (types
 * whose names contain one another can take the same devices). */
size_t	hami_grant_capacity(size_t ndevs);
/* The same for a single NVIDIA request (tests, metrics). */
int	hami_fit_request(struct hami_scratch *, const struct hami_req *,
	    const struct hami_filter *, struct gs_grant *grants,
	    int counts[HR_N], int *insufficient_devices);

/*
 * The topology-aware GPU policy (v2.7+, sched/hami/topology.c): of the n
 * GPUs in tmp that fit (scan order, n >= the request), keep those
 * HAMi's Fit keeps by the node's link scores; returns how many (0 when
 * v2.7-v2.9's best combination is none).
 */
int	hami_topology_choose(struct hami_scratch *, const struct hami_req *,
	    struct gs_grant *tmp, int n);

/*
 * Ascend's own Fit (v2.7+), sched/hami/ascend.c.  Its vNPU mode check (v2.9+):
 * does the node refuse request k (ModeNotFit)?  v2.9 reads the first
 * device of the type in s's sorted order.
 */
int	hami_ascend_mode_refused(const struct hami_scratch *,
	    const struct hami_req *k, const struct hami_filter *);
/* hasNetworkID: every device of the type carries a NetworkID. */
int	hami_ascend_all_networked(const struct hami_scratch *, int vendor,
	    const struct hami_profile *);
/*
 * computeBestCombination: of the n fitting devices in tmp (scan order)
 * keep want, whole networks first, largest first; returns how many
 * (fewer when some carry no usable NetworkID).
 */
int	hami_ascend_combine(const struct hami_scratch *, int vendor,
	    const struct hami_profile *, struct gs_grant *tmp, int n, int want);
/*
 * computeBestCombination's choice (Ascend's networks, Vastai's cards): of
 * the n grants in tmp, those with grp[i] >= 0 in ngrp groups numbered in
 * the order met; whole groups, largest first (ties to the one met first;
 * HAMi: Go map order), until want are kept, in order.  Returns how many.
 */
int	hami_keep_largest_groups(struct gs_grant *tmp, int n, const int *grp,
	    int ngrp, int want);
/* computeBestCombination910C: whole modules (Idx/2) only. */
int	hami_ascend_combine_910c(const struct hami_scratch *,
	    struct gs_grant *tmp, int n, int want);
/*
 * OverrideScore: what Ascend 910 types' ScoreNode adds to the node score
 * of a pod whose containers' requests reqs[0..nreqs) were granted
 * grants (container c's at grants + c * stride; type_grants[c][t] of
 * them for its t-th type) on the node's devices devs.
 */
float	hami_ascend_node_score(const struct gs_device *devs,
	    const struct hami_creq *reqs, size_t nreqs,
	    const struct gs_grant *grants, size_t stride,
	    const int (*type_grants)[HAMI_MAX_TYPES],
	    const struct hami_profile *);
/* Does a pod with those requests get an Ascend 910 node score? */
int	hami_ascend_scored(const struct hami_creq *reqs, size_t nreqs,
	    const struct hami_profile *);

/*
 * A container's device list for vendor's type as ScoreNode gets it
 * (sched/hami/ascend.c): the grants [*from, *upto) of r, which are up to
 * v2.9 every device granted so far in the container (fitInDevices'
 * devs), v2.10 the type's own.  0 when the container has no entry.
 */
int	hami_ctr_type_range(const struct hami_creq *r, const int *type_grants,
	    int vendor, const struct hami_profile *hp, size_t *from,
	    size_t *upto);

/* Kunlun (sched/hami/vendor_fit.c, sched/hami/kunlun.c). */
/* AddResourceUsage of grant g on d: a slot, and its memory and cores
 * (Kunlun's: the slot alone). */
void	hami_vendor_add(int vendor, struct gs_device *d,
	    const struct gs_grant *g);
/* A vendor's use/nouse annotation pair on value, as CheckUUID/CheckType
 * of profile f->hp read them (sched/hami/fit.c); hit compares one list
 * entry, hami_uuid_hit by equality. */
int	hami_use_nouse(const struct hami_filter *f, const char *use,
	    const char *nouse, int upper,
	    int (*hit)(const char *entry, const char *value),
	    const char *value);
int	hami_uuid_hit(const char *entry, const char *value);
/*
 * graghSelect (pkg/device/kunlun/topo.go) over the type's n devices in
 * sorted order (their Index idx[i], FitXPU fit[i]) for count XPUs: the
 * Index values chosen into out, how many (0: none fits).
 */
int	hami_kunlun_select(const int *idx, const int *fit, size_t n,
	    int count, int out[8]);
/* Kunlun's Fit for request req on the node in s (sorted): the grants
 * into tmp, or -1 with counts filled. */
int	hami_kunlun_fit(struct hami_scratch *s, const struct hami_req *req,
	    const struct hami_filter *f, struct gs_grant *tmp,
	    int counts[HR_N]);
/* Kunlun's ScoreNode for the pod's grants on node n (the snapshot
 * before the pod), as hami_ascend_node_score takes them. */
float	hami_kunlun_node_score(const struct gs_node *n,
	    const struct hami_creq *reqs, size_t nreqs,
	    const struct gs_grant *grants, size_t stride,
	    const int (*type_grants)[HAMI_MAX_TYPES],
	    const struct hami_profile *);
/*
 * Kunlun vXPU's GenerateResourceRequests (pkg/device/kunlun/vdevice.go)
 * from the count and memory picked (limits, else requests): memory
 * rounded up by trimMemory (24576, 49152, else 98304 MiB), cores its
 * share of 98304; no memory: the whole XPU (98304 MiB, 100 cores,
 * MemPercentagereq 100).
 */
void	hami_kunlun_vxpu_request(const struct gs_resval *n,
	    const struct gs_resval *m, struct hami_req *out);
/* Does a pod with those requests ask for Kunlun's whole XPUs (which
 * ScoreNode scores) / for whole XPUs or vXPUs (Fit by sorted order)? */
int	hami_kunlun_scored(const struct hami_creq *reqs, size_t nreqs);
int	hami_kunlun_asked(const struct hami_creq *reqs, size_t nreqs);
/*
 * OverrideScore's devScore for the pod's grants on node n: Ascend 910's
 * network shares and Kunlun's calcscore (sched/hami/kunlun.c).  The
 * pods that have one: hami_override_scored.
 */
float	hami_override_score(const struct gs_node *n,
	    const struct hami_creq *reqs, size_t nreqs,
	    const struct gs_grant *grants, size_t stride,
	    const int (*type_grants)[HAMI_MAX_TYPES],
	    const struct hami_filter *);
int	hami_override_scored(const struct hami_creq *reqs, size_t nreqs,
	    const struct hami_profile *);
/* A Fit's loop: count reason r for device di (of scratch s) in counts,
 * trace it, and go on with the next device (used inside braces). */
#define HAMI_FIT_FAIL(r)	{					\
	counts[r]++;							\
	if (s->trace_result != NULL)					\
		s->trace_result[di] = (r);				\
	continue;							\
}
/* The vendor's CheckUUID on d under the pod's filters (fit.c). */
int	vendor_uuid_ok(const struct hami_filter *f, int vendor,
	    const struct gs_device *d);

#endif
