/*
 * model/model.h: the plain data gpusched works on: a cluster of nodes and GPUs
 * (in HAMi's registration order), pods with their containers' raw resource
 * quantities and annotations, the scheduler configuration, and placements.
 *
 * Ownership: a struct owns every pointer inside it; *_release frees the
 * contents, never the struct itself.
 */
#ifndef GS_MODEL_H
#define GS_MODEL_H

#include <stddef.h>
#include <stdint.h>
#include "model/mig.h"

/* An ordered string map (labels, annotations, nodeSelector). */
struct gs_kv {
	char	*key;
	char	*val;
};

struct gs_kvlist {
	struct gs_kv	*v;
	size_t		 n, cap;
};

void		 gs_kv_set(struct gs_kvlist *, const char *key, const char *val);
const char	*gs_kv_get(const struct gs_kvlist *, const char *key);
void		 gs_kv_copy(struct gs_kvlist *dst, const struct gs_kvlist *src);
void		 gs_kv_release(struct gs_kvlist *);

struct gs_mig_profile;
struct gs_hmig;
struct gs_dra;
struct gs_dra_alloc;
struct gs_volcano_conf;
struct gs_vc_mig;

/* One physical GPU as HAMi registers it, plus its current usage. */
struct gs_device {
	char		*id;		/* UUID */
	int32_t		 index;		/* NVML index */
	int		 index_unset;	/* 7-field text form: HAMi says 0 */
	int32_t		 count;		/* slots: deviceSplitCount */
	int32_t		 devmem;	/* MiB after deviceMemoryScaling */
	int32_t		 devcore;	/* deviceCoreScaling * 100 */
	char		*type;		/* "NVIDIA-Tesla T4" */
	int32_t		 numa;
	int		 health;
	char		*mode;		/* "hami-core", "mps" */
	int		 vendor;	/* enum gs_vendor: GV_NVIDIA = 0 */
	int		 cordoned;	/* in hami.io/device-cordon (v2.10) */
	/* Ascend: custominfo.NetworkID of the register annotation. */
	int		 net;		/* GS_NET_* */
	int64_t		 netid;		/* int(NetworkID), GS_NET_NUM */
	/* Usage, as HAMi's getNodesUsage rebuilds it. */
	int32_t		 used;		/* container-device entries */
	int32_t		 usedmem;
	int32_t		 usedcores;
	/*
	 * HAMi v2.10 counts a running pod's init containers differently
	 * (CollapseInitContainerUsage): what it adds to the usage above,
	 * which sums every container.  gs_cluster_for_version applies it.
	 */
	int32_t		 v210_used, v210_mem, v210_cores;
	/*
	 * What NVIDIA's device plugin advertises (issue 18; kind
	 * GS_DEV_HAMI for HAMi's devices): a whole GPU; one MIG instance
	 * (index is its GPU's, count 1, devmem the profile's); or one GPU
	 * shared by count replicas (time-slicing, MPS).
	 */
	int		 kind;		/* enum gs_devkind */
	const struct gs_mig_profile *mig; /* GS_DEV_MIG: its profile */
	int32_t		 mig_start;	/* first memory slice */
	/*
	 * The share view (the trace's milli-GPU model): the device's
	 * capacity in milli-GPU (1000) when its exact share is kept, and
	 * the milli charged by placements (gs_grant.milli).  milli 0: not
	 * kept; the share policies derive it from memory.
	 */
	int32_t		 milli;
	int32_t		 usedmilli;
	/*
	 * Its vendor's node handshake (sched/hami/vendor.h handshake_anno;
	 * NVIDIA's is the node's own): GS_HS_*, its time (epoch s, INT64_MIN
	 * when HAMi cannot parse it) and what gs_cluster_apply_handshakes
	 * found of it (GS_VHS_*).  sched/hami/vendor_health.c judges it per
	 * profile.
	 */
	int		 hs;
	int64_t		 hs_time;
	unsigned	 hs_flags;
	/*
	 * HAMi v2.10 MIG mode (mode "mig" with `migProfiles`, issue 19):
	 * the published profiles (owned; NULL otherwise) and the
	 * placements in use, from running pods' hami.io/vgpu-mig-allocations
	 * and the grants charged since.
	 */
	struct gs_hmig		*hmig;
	struct gs_hmig_use	 hmig_use[8];	/* GS_HMIG_MAXPL */
	int			 hmig_nuse;
	/*
	 * Volcano's dynamic MIG (sched/volcano/mig.c, issue 19): the
	 * geometry group in use, 1 + its index in the GPU's
	 * allowedGeometries (0: none yet; kept when the GPU empties, as
	 * MigInUse.Index), and the positions in use (bit p: position p of
	 * the group, as Volcano's MIG ids number them).
	 */
	int32_t			 vc_group;
	uint64_t		 vc_used;
	/*
	 * HAMi's MIG geometry model (v2.6-v2.9, sched/hami/geom.c): the
	 * device's allowedGeometries (the first knownMigGeometries entry
	 * naming its type; set per version by gs_cluster_for_version, NULL:
	 * none), the geometry its MigUsage.UsageList is flattened from
	 * (1 + its index; 0: the list is empty) and the instances in use
	 * (bit i: UsageList[i].InUse).
	 */
	const struct gs_vc_mig	*hgeom;
	int32_t			 hg_geom;
	uint64_t		 hg_used;
	/*
	 * AWS Neuron (sched/hami/neuron.c): the device's CustomInfo
	 * "awsusageinfo" while HAMi fits one pod on its node, which Fit
	 * sets from Usedcores and AddResourceUsage adds to; unset (0) in
	 * the cluster, as getNodesUsage rebuilds it.
	 */
	int			 aws_info_set;
	int64_t			 aws_info;
	/*
	 * Vastai die (sched/hami/vastai.c): the register annotation's
	 * custominfo DeviceStrategy (GS_VA_*) and AIC, the physical card
	 * a die sits on: present (va_aic_set) and a JSON string (va_aic,
	 * owned; NULL otherwise).  A nil custominfo is net GS_NET_NOINFO.
	 */
	int			 va_strategy;
	int			 va_aic_set;
	char			*va_aic;
	/*
	 * KAI's fraction groups on a device plugin GPU (sched/kai/dp.c):
	 * per unit of its nvidia.com/gpu (count of them: the GPU, or each
	 * replica), the group whose reservation pod holds it; NULL until
	 * the engine charges a group (gs_grant.kai_unit).
	 */
	struct gs_kai_unit	*kai;
};

/* One unit's KAI group: its fraction pods and their memory (MiB). */
struct gs_kai_unit {
	int32_t		pods;
	int32_t		mem;
};

/* The kinds of device in the one model (DESIGN.md "Device kinds"). */
enum gs_devkind {
	GS_DEV_HAMI,		/* HAMi-core vGPU: slots, memory, cores */
	GS_DEV_WHOLE,		/* nvidia.com/gpu, one pod per GPU */
	GS_DEV_MIG,		/* a MIG instance */
	GS_DEV_TIMESLICE,	/* a GPU of count time-slicing replicas */
	GS_DEV_MPS		/* a GPU of count MPS replicas: devmem /
				   count each */
};

/* gs_device.hs_flags. */
#define GS_VHS_EXPIRED	0x1u	/* Requesting_ older than 60 s (or no time) */
#define GS_VHS_BAD_TIME	0x2u	/* a time Go's time.Parse refuses */
#define GS_VHS_DEL_STALE 0x4u	/* Deleted_ older than 60 s */
#define GS_VHS_ALLOC	0x8u	/* allocatable count resource > 0 */

/* What a device's custominfo says of NetworkID (Ascend 910 topology). */
enum {
	GS_NET_NOINFO,		/* no custominfo at all (nil map) */
	GS_NET_ABSENT,		/* custominfo without NetworkID */
	GS_NET_OTHER,		/* NetworkID that is not a JSON number */
	GS_NET_NUM		/* NetworkID a number: netid = int(it) */
};

/* What a device's custominfo says of DeviceStrategy (Vastai die). */
enum {
	GS_VA_ABSENT,		/* no custominfo, or no DeviceStrategy */
	GS_VA_DIE,		/* the string "die" */
	GS_VA_OTHER,		/* another string ("card") */
	GS_VA_NONSTR		/* present, not a JSON string */
};

/* A node taint (kube-scheduler's TaintToleration filter). */
struct gs_taint {
	char	*key;
	char	*value;
	char	*effect;	/* NoSchedule, PreferNoSchedule, NoExecute */
};

/* A pod toleration. */
struct gs_toleration {
	char	*key;		/* "" with Exists: every key */
	char	*op;		/* Equal (default) or Exists */
	char	*value;
	char	*effect;	/* "" = every effect */
};

/* One requirement of a node selector term (required node affinity). */
struct gs_selreq {
	char	 *key;
	char	 *op;		/* In NotIn Exists DoesNotExist Gt Lt */
	char	**values;
	size_t	  nvalues;
	int	  field;	/* matchFields (metadata.name) */
};

struct gs_selterm {
	struct gs_selreq	*reqs;	/* ANDed */
	size_t			 nreqs;
};

/* Metax: one node score annotation, a JSON object of integer keys and
 * values (load/metax_topo.c). */
struct gs_metax_entry {
	int64_t	index, value;
};
struct gs_metax_topo {
	int			 present;	/* the annotation is there */
	int			 valid;		/* json.Unmarshal succeeds */
	struct gs_metax_entry	*e;		/* one per index */
	size_t			 n;
};

struct gs_node {
	char			*name;
	char			*pool;		/* compact pool, or NULL */
	struct gs_kvlist	 labels;
	struct gs_device	*devs;		/* registration order */
	size_t			 ndevs;
	char			*src_file;
	int			 src_line, src_col;
	uint64_t		 gen;		/* bumped when usage changes */
	int			 registered;	/* HAMi knows its GPUs */
	double			 cost;		/* per hour, compact pools */
	int			 has_cost;
	int			 unschedulable;	/* cordoned: no new pods */
	struct gs_taint		*taints;
	size_t			 ntaints;
	int			 has_alloc;	/* allocatable known */
	int64_t			 alloc_cpu;	/* millicores */
	int64_t			 alloc_mem;	/* bytes */
	int64_t			 alloc_pods;
	int64_t			 used_cpu, used_mem, used_pods;
	int			 has_alloc_gpu;	/* allocatable nvidia.com/gpu given */
	int64_t			 alloc_gpu;
	char			*devices_note;	/* why HAMi has no devices */
	/* 1 + the index of the loader's "no hami.io/node-nvidia-register
	 * annotation" warning of it, 0: none (load/lint.h
	 * gs_lint_dra_loader). */
	size_t			 noreg_warning;
	int			 handshake;	/* GS_HS_* */
	int			 hs_refused;	/* unregistered by v2.6's handshake rule */
	int			 hs_deleted_stale; /* Deleted_ older than 60 s */
	int64_t			 handshake_time; /* Requesting_/Deleted_ time, epoch s */
	char			*hs_bad_time;	/* a Requesting_ whose time HAMi
						 * cannot parse (its text), or NULL */
	/* Ascend v2.9+: the node takes hami-core vNPUs (annotation
	 * hami-vnpu-core "true"; without it the chart's hamiVnpuCore,
	 * false). */
	int			 vnpu_core;
	/* What its annotations say of the HAMi version that wrote them
	 * (load/hamiconfig.h): the NVIDIA register annotation's form, and
	 * whether hami.io/device-cordon is there. */
	int			 reg_form;	/* GS_REG_* */
	int			 cordon_anno;
	/* NVIDIA's device plugin advertises the GPUs (devices of kinds
	 * other than GS_DEV_HAMI), with these settings. */
	int			 dp;
	int			 mig_strategy;	/* GS_MIG_* */
	int			 dp_rename;	/* renameByDefault */
	int			 dp_fail_gt1;	/* failRequestsGreaterThanOne */
	/* NVIDIA's node rules (handshake, allocatable nvidia.com/gpu) took
	 * its GPUs out and the other vendors' devices stay: HAMi judges
	 * each vendor on its own (gs_cluster_for_version). */
	int			 nvidia_gone;
	/* hami.io/node-nvidia-score (v2.7+ topology-aware GPU policy):
	 * each NVIDIA GPU's link score to its peers, as GetNodeDevices
	 * gives them to the devices (load/pair_scores.c). */
	struct gs_pair_score	*pairs;
	size_t			 npairs;
	/* Registered through Volcano's own volcano.sh/node-vgpu-register
	 * (load/volcano_node.c, issue 19): only the volcano-* policies
	 * place on its devices; HAMi's never see them (registered 0). */
	int			 vc_reg;
	/* Enflame's vGCU (v2.6.1 to v2.9.0): status.capacity
	 * enflame.com/shared-gcu read with Quantity.AsInt64 (0 when absent
	 * or not whole), whose share of the node's enflame.com/gcu-count is
	 * the factor the webhook rounds with (sched/hami/enflame.c). */
	int64_t			 vgcu_shared;
	/* Volcano's registration of the same GPUs beside HAMi's (a Node
	 * carrying both annotations, load/volcano_node.c): a volcano-* run
	 * reads these instead of devs (gs_cluster_for_volcano). */
	struct gs_device	*vc_devs;
	size_t			 vc_ndevs;
	/* v2.10 Enflame DRS GCUs: the profiles the node offers
	 * (enflame.com/gcu-drs-capacity, load/enflame_drs.c), sorted by
	 * size then memory; every DRS GCU of the node offers them all. */
	struct gs_drs_profile	*drs;
	size_t			 ndrs;
	/* enflame.com/shared-gcu its pods request as kube-scheduler counts
	 * them (brief vsmall4; sched/hami/vgcu_fit.c): bound running pods'
	 * (gs_pod_ext_request) and placements' (gs_placement.vgcu_shared). */
	int64_t			 used_vgcu_shared;
	/* Metax: metax-tech.com/gpu.topology.losses ([0]) and .scores
	 * ([1]) as parseMetaxAnnos reads them (load/metax_topo.c). */
	struct gs_metax_topo	 metax_topo[2];
};

/* A DRS profile "<size>g.<mem>gb" as collectDRSProfiles makes it: the
 * slots it takes, its memory (GB) and core percentage
 * (ceil(size * 100 / maxSlice)). */
struct gs_drs_profile {
	int64_t	size, mem_gb, core_pct;
};

/* One GPU's score towards a peer GPU (DevicePairScore.Scores[peer]). */
struct gs_pair_score {
	char	*id, *peer;
	int64_t	 score;
};

/* The score of GPU a towards GPU b on n (0 when none: a nil map). */
int64_t	gs_node_pair_score(const struct gs_node *n, const char *a,
	    const char *b);

/* The device plugin's --mig-strategy (spec/peers.md §4.3). */
enum {
	GS_MIG_NONE,
	GS_MIG_SINGLE,		/* MIG instances as nvidia.com/gpu */
	GS_MIG_MIXED		/* as nvidia.com/mig-<profile> */
};

enum {
	GS_REG_NONE,		/* no hami.io/node-nvidia-register */
	GS_REG_TEXT,		/* "id,count,devmem,...:" (v2.6-v2.7) */
	GS_REG_JSON		/* a JSON array (v2.8+) */
};

enum {
	GS_HS_NONE,		/* none, or "Reported ...": register */
	GS_HS_REQUESTING,	/* scheduler asked; stale after 60 s */
	GS_HS_DELETED		/* devices removed by the scheduler */
};

struct gs_hami_settings;

/*
 * A namespace's HAMi quota on one device resource, as HAMi's QuotaManager
 * keeps it (pkg/device/quota.go, v2.7+): the limit from a ResourceQuota's
 * spec.hard "limits.<resource>", and the usage of the pods HAMi placed
 * in the namespace (AddUsage).  model/quota.h has the operations.
 */
struct gs_quota {
	char	*ns;
	char	*res;		/* "nvidia.com/gpumem" */
	int64_t	 limit;		/* Quantity.AsInt64 of the hard limit */
	int	 limit_set;	/* a ResourceQuota names it */
	int64_t	 used;		/* MiB (memory) or percent (cores) */
	/* Running pods: v2.10's collapsed count minus used (applied by
	 * gs_cluster_for_version, as gs_device.v210_*). */
	int64_t	 v210_used;
	char	*src_file;	/* the ResourceQuota, when limit_set */
	int	 src_line, src_col;
	char	*src_name;	/* its metadata.name */
};

struct gs_quotas {
	struct gs_quota	*v;
	size_t		 n, cap;
};

/* The scheduler instances that keep a kube-scheduler nextStartNodeIndex
 * (sched/window.h): hami-scheduler, default-scheduler, the dra profiles. */
enum gs_win_slot { GS_WIN_NONE, GS_WIN_HAMI, GS_WIN_KUBE, GS_WIN_DRA,
	GS_WIN_N };

struct gs_cluster {
	struct gs_node	*nodes;		/* listed order: breaks node ties */
	size_t		 nnodes, cap;
	uint64_t	 epoch;		/* bumped when usage is released */
	/* Each scheduler's nextStartNodeIndex, moved by the engine after
	 * every decision (gs_engine_advance). */
	size_t		 win_next[GS_WIN_N];
	struct gs_hami_settings *hami;	/* --hami-config, or NULL */
	/* The hashed index of node names (gs_cluster_names: duplicates
	 * and lookups in constant time); not copied, rebuilt when the node
	 * count changed, dropped when nodes are removed. */
	struct gs_idset	*names;
	/* HAMi's namespace quotas and their usage (model/quota.h). */
	struct gs_quotas quotas;
	/* The nodes whose gen changed, oldest first (gs_cluster_touch): the
	 * last GS_TOUCH_RING of touch_seq touches, counted since touch_base
	 * (a copy starts its own log), so a policy's per-node cache is
	 * refreshed in O(changed) instead of comparing every node's gen. */
	size_t		*touch_ring;
	uint64_t	 touch_seq, touch_base;
	/* DRA objects and their devices' usage (model/dra.h), or NULL. */
	struct gs_dra	*dra;
	/* Volcano's device config (the volcano-vgpu-device-config
	 * ConfigMap read with the nodes, model/volcano_conf.h), or NULL. */
	struct gs_volcano_conf *volcano;
	/* Running pods' HAMi MIG suffixes ("[geometry-slot]") that a
	 * chart's knownMigGeometries (enum gs_hgeom_chart) cannot hold:
	 * the first such, located (load/hami_geom.c), per chart; a run
	 * under that chart's profiles refuses it (sched/sim.c).  NULL:
	 * none. */
	struct gs_error	*hg_bad;	/* GS_HGEOM_NCHART of them */
};

#define GS_TOUCH_RING	1024

/*
 * The number shown for GPU j of node n: its index, or its position in
 * its vendor's register annotation when that gave none (the 7-field text
 * form, where HAMi's DecodeNodeDevices sets Index 0 on every GPU).
 */
struct gs_node;
int32_t	gs_gpu_number(const struct gs_node *n, size_t j);
/* Free a device's strings (not the device itself). */
void	gs_device_release(struct gs_device *);
void	gs_node_copy(struct gs_node *dst, const struct gs_node *src);
void	gs_node_release(struct gs_node *);
void	gs_cluster_release(struct gs_cluster *);
struct gs_taint *gs_taints_copy(const struct gs_taint *, size_t);
void	gs_taints_free(struct gs_taint *, size_t);
/* A deep copy, usage included. */
void	gs_cluster_copy(struct gs_cluster *dst, const struct gs_cluster *src);
/* A volcano-* run's view: each node registered by both device plugins
 * (vc_devs) takes Volcano's devices and becomes Volcano's node (vc_reg 1,
 * registered 0), as the volcano-vgpu-device-plugin alone would register
 * it; HAMi's devices are dropped. */
void	gs_cluster_for_volcano(struct gs_cluster *);
/* Does the node's labels satisfy a pod's nodeSelector? */
int	gs_node_selected(const struct gs_node *, const struct gs_kvlist *sel);
/* Index of node name, or -1 (hashed: the index is built or rebuilt
 * here when the node count changed). */
long	gs_cluster_find(struct gs_cluster *, const char *name);
/* The hashed index of node names, in step with the nodes (entry i is
 * node i), and its removal after nodes are removed or renamed. */
struct gs_idset *gs_cluster_names(struct gs_cluster *);
void	gs_cluster_names_drop(struct gs_cluster *);
void	gs_cluster_reset_usage(struct gs_cluster *);
/* Node i's usage changed: its gen is bumped and the change logged. */
void	gs_cluster_touch(struct gs_cluster *, size_t i);
/* Does the log still hold every touch from seq on (touches seq to
 * touch_seq - 1, read with gs_cluster_touched)?  If not, the caller looks
 * at every node. */
int	gs_cluster_touches_kept(const struct gs_cluster *, uint64_t seq);
/* The node of touch k (k from a kept seq up to touch_seq - 1). */
size_t	gs_cluster_touched(const struct gs_cluster *, uint64_t k);

/* The resources HAMi reads: NVIDIA's, then the other vendors'
 * (sched/hami/vendor.h). */
enum gs_res {
	GS_RES_GPU,		/* nvidia.com/gpu */
	GS_RES_GPUMEM,		/* nvidia.com/gpumem (MiB) */
	GS_RES_GPUMEM_PCT,	/* nvidia.com/gpumem-percentage */
	GS_RES_GPUCORES,	/* nvidia.com/gpucores */
	GS_RES_MLU,		/* cambricon.com/vmlu */
	GS_RES_MLU_MEM,		/* cambricon.com/mlu.smlu.vmemory (256 MiB) */
	GS_RES_MLU_CORE,	/* cambricon.com/mlu.smlu.vcore */
	GS_RES_DCU,		/* hygon.com/dcunum */
	GS_RES_DCU_MEM,		/* hygon.com/dcumem (MiB) */
	GS_RES_DCU_CORE,	/* hygon.com/dcucores */
	GS_RES_ILU,		/* iluvatar.ai/vgpu */
	GS_RES_ILU_MEM,		/* iluvatar.ai/vcuda-memory (256 MiB) */
	GS_RES_ILU_CORE,	/* iluvatar.ai/vcuda-core */
	GS_RES_A910A,		/* huawei.com/Ascend910A */
	GS_RES_A910A_MEM,	/* huawei.com/Ascend910A-memory (MiB) */
	GS_RES_A910B2,
	GS_RES_A910B2_MEM,
	GS_RES_A910B,
	GS_RES_A910B_MEM,
	GS_RES_A910B4,
	GS_RES_A910B4_MEM,
	GS_RES_A310P,
	GS_RES_A310P_MEM,
	/* v2.7.1+: Iluvatar per model, iluvatar.ai/<model>-vgpu, .vMem
	 * (256 MiB), .vCore. */
	GS_RES_MRV100, GS_RES_MRV100_MEM, GS_RES_MRV100_CORE,
	GS_RES_MRV50, GS_RES_MRV50_MEM, GS_RES_MRV50_CORE,
	GS_RES_BIV150, GS_RES_BIV150_MEM, GS_RES_BIV150_CORE,
	GS_RES_BIV100, GS_RES_BIV100_MEM, GS_RES_BIV100_CORE,
	/* v2.7+ Ascend names (v2.9+: 910C). */
	GS_RES_A910B3,
	GS_RES_A910B3_MEM,
	GS_RES_A910B4_1,
	GS_RES_A910B4_1_MEM,
	GS_RES_A910C,
	GS_RES_A910C_MEM,
	/* v2.9+: huawei.com/<type>-core (hami-core soft partitions). */
	GS_RES_A910A_CORE,
	GS_RES_A910B2_CORE,
	GS_RES_A910B3_CORE,
	GS_RES_A910B4_CORE,
	GS_RES_A910B4_1_CORE,
	GS_RES_A310P_CORE,
	GS_RES_A910C_CORE,
	GS_RES_METAX,		/* metax-tech.com/gpu (whole Metax GPUs) */
	GS_RES_BIREN,		/* birentech.com/gpu (v2.10) */
	GS_RES_AMD,		/* amd.com/gpu (v2.7.1+) */
	GS_RES_VASTAI,		/* vastaitech.com/va (v2.9+) */
	GS_RES_AMD_MEM,		/* amd.com/gpumem (MiB, v2.10) */
	GS_RES_AMD_CORE,	/* amd.com/gpucores (%, v2.10) */
	GS_RES_MTHREADS,	/* mthreads.com/vgpu */
	GS_RES_MTHREADS_MEM,	/* mthreads.com/sgpu-memory (512 MiB) */
	GS_RES_MTHREADS_CORE,	/* mthreads.com/sgpu-core (16 per GPU) */
	GS_RES_ENFLAME_GCU,	/* enflame.com/gcu (v2.7+, whole GCUs) */
	/* Enflame's shared vGCU (v2.6.1 to v2.9.0). */
	GS_RES_ENFLAME_VGCU,	/* enflame.com/vgcu */
	GS_RES_ENFLAME_VGCU_PCT,	/* enflame.com/vgcu-percentage */
	/* Kunlun (brief kunlun). */
	GS_RES_KUNLUN,		/* kunlunxin.com/xpu (v2.7+, whole XPUs) */
	GS_RES_KUNLUN_VXPU,	/* kunlunxin.com/vxpu (v2.7+) */
	GS_RES_KUNLUN_VMEM,	/* kunlunxin.com/vxpu-memory (MiB) */
	/* AWS Neuron (v2.7+, pkg/device/awsneuron). */
	GS_RES_NEURON,		/* aws.amazon.com/neuron (whole devices) */
	GS_RES_NEURON_CORE,	/* aws.amazon.com/neuroncore (NeuronCores) */
	/* Enflame's DRS GCUs (v2.10). */
	GS_RES_ENFLAME_DRS,	/* enflame.com/drs-gcu (a profile's slices) */
	GS_RES_ENFLAME_GCU_MEM,	/* enflame.com/gcu-memory (GB, or MiB) */
	GS_RES_ENFLAME_GCU_CORE,	/* enflame.com/gcu-core (%) */
	/* Metax sGPU (pkg/device/metax/sdevice.go). */
	GS_RES_METAX_SGPU,	/* metax-tech.com/sgpu */
	GS_RES_METAX_VCORE,	/* metax-tech.com/vcore (%) */
	GS_RES_METAX_VMEM,	/* metax-tech.com/vmemory (GiB, or bytes) */
	GS_RES_N,
	GS_RES_NVIDIA_N = GS_RES_MLU	/* the first N are NVIDIA's */
};

extern const char *const gs_res_names[GS_RES_N];

/*
 * The HAMi settings the loaders read, from --hami-config (load/hamiconfig.h):
 * the device plugin's knobs for the devices gpusched builds itself
 * (compact pools) and NVIDIA's resource names, resolved once when pods
 * are loaded (the request builder reads GS_RES_* indices only).  A
 * cluster owns a copy, or has none for the chart's defaults.
 */
struct gs_hami_settings {
	char		*file;			/* the configuration file */
	const char	*form;			/* "ConfigMap", "values.yaml" */
	int32_t		 split;			/* deviceSplitCount: 10 */
	double		 mem_scaling;		/* deviceMemoryScaling: 1 */
	double		 core_scaling;		/* deviceCoreScaling: 1 */
	char		*res[GS_RES_NVIDIA_N];	/* resourceCountName... */
	/* knownMigGeometries (HAMi's MIG geometry model, v2.6-v2.9):
	 * owned, has_mig when the file gives the key (else each version's
	 * chart default, model/hami_geom.h). */
	struct gs_vc_mig *mig;
	size_t		 nmig;
	int		 has_mig;
	/* The hami-device-plugin ConfigMap's config.json: each nodeconfig
	 * entry's operatingmode by node name (compact pools' GPUs register
	 * in it: "mig" for the geometry model). */
	struct gs_kvlist node_modes;
};

/* Resource r's name under s (NULL: HAMi's defaults). */
const char	*gs_res_name(const struct gs_hami_settings *s, int r);
/* The GS_RES_* index a resource name stands for under s, or -1. */
int		 gs_res_lookup(const struct gs_hami_settings *s,
		    const char *name);
struct gs_hami_settings *gs_hami_settings_dup(
		    const struct gs_hami_settings *);
void		 gs_hami_settings_free(struct gs_hami_settings *);

/*
 * Packed to 10 bytes: every container holds two of these per resource
 * (2 x GS_RES_N), 1,536 bytes aligned, which at 100,000 pods was a third
 * of the peak memory.  Access it through its members or a pointer to the
 * struct, never through a pointer to v.
 */
struct gs_resval {
	unsigned char	set;	/* the key is present */
	unsigned char	ok;	/* Quantity.AsInt64 succeeds (| GS_RESVAL_UNIT) */
	int64_t		v;
} __attribute__((packed));
/* In ok: the quantity's Quantity.String() carries a unit suffix (Metax
 * sGPU's vmemory reads it, sched/hami/metax_sgpu.c). */
#define GS_RESVAL_UNIT	2

/* An extended resource a container asks: a domain-qualified name
 * (deviceclass.resource.kubernetes.io/CLASS too), its whole count from
 * requests, else limits, and its index among the container's request
 * names sorted (requests after the API server's defaulting from limits). */
struct gs_extres {
	char		*name;
	int64_t		 count;
	int		 ridx;
};

struct gs_container {
	char			*name;
	int			 privileged;
	int64_t			 cpu;		/* effective request, millicores */
	int64_t			 mem;		/* effective request, bytes */
	struct gs_resval	 lim[GS_RES_N];
	struct gs_resval	 req[GS_RES_N];
	/* NVIDIA's device plugin's resources it asks, name -> whole count
	 * ("nvidia.com/mig-1g.10gb" -> "1"; nvidia.com/gpu.shared): from
	 * limits, else requests (issue 18). */
	struct gs_kvlist	 dp;
	/* Extended resources it asks (KEP-5004, sched/dra/extres.c). */
	struct gs_extres	*ext;
	size_t			 next;
	/* An init container: 1 + the index of the loader's "asks for GPU
	 * resources" warning of it, 0: none (load/lint.h
	 * gs_lint_dra_loader). */
	size_t			 init_warning;
};

struct gs_pod {
	char			*name;
	char			*ns;
	char			*workload;	/* owning object's name */
	char			*kind;		/* Pod, Deployment, ... */
	struct gs_kvlist	 annotations;	/* the pod's (template's) */
	struct gs_kvlist	 node_selector;
	struct gs_container	*ctrs;
	size_t			 nctrs;
	struct gs_container	*init;		/* spec.initContainers */
	size_t			 ninit;
	long			 pinned_node;	/* DaemonSet: node index, or -1 */
	int64_t			 req_cpu;	/* millicores, effective request */
	int64_t			 req_mem;	/* bytes */
	struct gs_toleration	*tols;
	size_t			 ntols;
	struct gs_selterm	*affinity;	/* required terms, ORed */
	size_t			 naffinity;
	char			*src_file;
	int			 src_line, src_col;
	/* The share view: the exact milli-GPU per GPU a trace pod asks
	 * (1..1000); 0 where the memory request gives it. */
	int32_t			 gpu_milli;
	/* v2.10's IsPodGroupMember (pkg/util/util.go): the label
	 * scheduling.x-k8s.io/pod-group or spec.schedulingGroup.
	 * podGroupName, when not empty; else NULL. */
	char			*pod_group;
	/* spec.schedulerName, or NULL when unset (sched/route.c). */
	char			*scheduler_name;
	/* KAI's queue label (kai.scheduler/queue), or NULL: not used for
	 * placement, kept for the output. */
	char			*queue;
};

struct gs_idset;

struct gs_workload {
	struct gs_pod	*pods;		/* scheduling order */
	size_t		 npods, cap;
	/* The objects and pods loaded so far (model/ident.h), to refuse one
	 * defined twice; copies have none. */
	struct gs_idset	*ids;
	/* ResourceQuota limits read with the pods (model/quota.h); the
	 * simulation adds them to its cluster. */
	struct gs_quotas quotas;
	/* DRA objects read with the pods (model/dra.h), or NULL; the
	 * simulation adds them to its cluster (gs_dra_prepare). */
	struct gs_dra	*dra;
};

void	gs_pod_release(struct gs_pod *);
/* Container i of pod, its first ninit init containers (pod->ninit, or 0
 * where they do not count) before its containers. */
const struct gs_container *gs_pod_container(const struct gs_pod *,
	    size_t ninit, size_t i);
void	gs_pod_copy(struct gs_pod *dst, const struct gs_pod *src);
void	gs_workload_copy(struct gs_workload *dst, const struct gs_workload *src);
void	gs_workload_release(struct gs_workload *);
struct gs_pod *gs_workload_add(struct gs_workload *);

/* HAMi scheduler configuration (v2.6.1 chart defaults by gs_config_init). */
struct gs_typical;

/* Volcano's deviceshare plugin arguments (--volcano-config,
 * load/volcano_sched.h); given 0: none (the volcano-* profiles as named,
 * their device score weighted 1). */
struct gs_vc_sched {
	int		 given;
	int		 vgpu;		/* deviceshare.VGPUEnable */
	int		 weight;	/* deviceshare.ScheduleWeight */
	const char	*profile;	/* SchedulePolicy's volcano-* profile */
	int		 nopolicy;	/* SchedulePolicy unset or unknown */
};

struct gs_config {
	char	*node_policy;		/* nodeSchedulerPolicy: binpack */
	char	*gpu_policy;		/* gpuSchedulerPolicy: spread */
	int32_t	 default_memory;	/* defaultMemory: 0 */
	int32_t	 default_cores;		/* defaultCores: 0 */
	int32_t	 default_gpunum;	/* defaultGPUNum: 1 */
	int	 override_policies;	/* ignore pod policy annotations */
	int	 exhaustive;		/* no shortcuts: cross-checks only */
	char	*profile;		/* scoring profile name */
	int	 profile_given;		/* named by the user, not defaulted */
	unsigned long seed;		/* policies that draw (random): 42 */
	/*
	 * Set by the replay (replay/replay.c), zero elsewhere: decide on
	 * the share view (sched/share_view.h: the trace's milli-GPU model,
	 * CPU-only pods placed too), and the replay's seeded source (a
	 * gsl_rng *, drawn in the replay's order) for the policies that
	 * draw, in place of one of their own from seed.
	 */
	int	 share;
	void	*rng;
	/* Set by the replay too: the trace's typical pods (FGD's
	 * fragmentation, replay/replay.h) and its seeded node order (rank
	 * per node, lower wins ties), assigned before the first decision. */
	const struct gs_typical	*typical;
	const uint32_t		*rank;
	/* --scheduler NAME=PROFILE: the profile that schedules the pods
	 * naming NAME in spec.schedulerName (sched/route.c). */
	struct gs_kvlist schedulers;
	/* --kai-config: the KAI profile its placementStrategy names
	 * (load/kai_conf.h), a static name, or NULL (kai-binpack). */
	const char	*kai_profile;
	struct gs_vc_sched volcano;
	/* --percentage-of-nodes-to-score: kube-scheduler's
	 * percentageOfNodesToScore (0 adaptive, 1-100), or GS_PCT_UNSET
	 * (the family's default: sched/window.h). */
	int		 pct_nodes;
};

#define GS_PCT_UNSET	(-1)

void	gs_config_init(struct gs_config *);
void	gs_config_copy(struct gs_config *dst, const struct gs_config *src);
void	gs_config_release(struct gs_config *);
void	gs_config_set_policies(struct gs_config *, const char *node,
	    const char *gpu);

/* One GPU given to one container. */
struct gs_grant {
	int		dev;		/* index into the node's devs */
	int32_t		usedmem;
	int32_t		usedcores;
	int32_t		milli;		/* share view: milli-GPU charged */
	/* HAMi v2.10 MIG: 1 + the profile index chosen on the device's
	 * gs_hmig (0: not a MIG grant), and its placement. */
	int		mig;
	int		mig_start, mig_size;
	/* Volcano dynamic MIG: 1 + the geometry group and 1 + the position
	 * in it taken (0: not a Volcano MIG grant). */
	int		vc_group, vc_pos;
	/* HAMi's MIG geometry model: 1 + the geometry and 1 + the slot of
	 * its UsageList the UUID suffix "[geometry-slot]" names (0: no
	 * suffix). */
	int		hg_geom, hg_slot;
	/* HAMi v2.10 Enflame DRS: the slots the grant takes (its profile's
	 * drsSlice, AddResourceUsage); 0: 1. */
	int32_t		slots;
	/* A KAI fraction on a device plugin GPU: 1 + the unit whose group
	 * it joins (gs_device.kai; 0: none).  It takes the unit's slot only
	 * as the group's first pod (sched/kai/dp.h gs_kai_dp_charge). */
	int		kai_unit;
};

/* The slots grant g takes of its device. */
static inline int32_t
gs_grant_slots(const struct gs_grant *g)
{
	return g->slots ? g->slots : 1;
}

struct gs_ctr_grant {
	struct gs_grant	*grants;
	size_t		 ngrants;
};

enum gs_status {
	GS_PLACED,
	GS_PENDING,
	GS_UNMANAGED		/* no GPU request: not HAMi's to place */
};

struct gs_placement {
	size_t			 pod;		/* index in the workload */
	enum gs_status		 status;
	long			 node;		/* index, or -1 */
	float			 node_score;
	struct gs_ctr_grant	*ctrs;		/* one per container */
	size_t			 nctrs;
	/*
	 * v2.9+: one per init container.  Charged on top of the
	 * containers' (v2.9), or collapsed per GPU to the larger of the
	 * init containers' peak and the containers' sum (v2.10,
	 * CollapseInitContainerUsage) when init_collapse is set.
	 */
	struct gs_ctr_grant	*init;
	size_t			 ninit;
	int			 init_collapse;	/* enum gs_collapse */
	char			*reason;	/* pending: why */
	/* One scheduler per pod (sched/route.c): the profile that decided,
	 * a static policy name; NULL in a run under one profile. */
	const char		*scheduler;
	/* The DRA devices its claims took (model/dra.h), or NULL. */
	struct gs_dra_alloc	*dra;
	/* enflame.com/shared-gcu the pod requests after HAMi's vGCU webhook
	 * (brief vsmall4; sched/hami/vgcu_fit.c), charged to the node. */
	int64_t			 vgcu_shared;
	/* The scheduler's walk (sched/window.h): its slot (GS_WIN_NONE:
	 * none) and the start index it leaves for the next pod. */
	int			 win_slot;
	size_t			 win_next;
};

void	gs_placement_release(struct gs_placement *);

/* How a placement's init containers are charged (the HAMi profile's). */
enum gs_collapse {
	GS_COLLAPSE_NONE,	/* on top of the containers (v2.9) */
	GS_COLLAPSE_BY_CONTAINER, /* peak vs sum, init by container */
	/*
	 * v2.10: init by position in HAMi's per-type list, which holds one
	 * entry per container asking for the type when no device of the
	 * node has that exact type (NVIDIA: "NVIDIA-Tesla T4" vs "NVIDIA").
	 */
	GS_COLLAPSE_BY_POSITION
};

/* One container's share of one GPU, for gs_collapse_gpu. */
struct gs_gpu_use {
	int	dev;		/* index into the node's devices */
	int	init;		/* an init container's */
	int32_t	mem, cores;
};

/*
 * HAMi v2.10's CollapseInitContainerUsage for GPU dev: the larger of the
 * init containers' peak (one slot) and the containers' sum (a slot each),
 * per slots, memory and cores; with init_done the containers' alone
 * (AppContainersOnlyDeviceUsage).  Returns 0 when no entry is on dev.
 */
int	gs_collapse_gpu(const struct gs_gpu_use *, size_t n, int dev,
	    int init_done, int32_t *slots, int32_t *mem, int32_t *cores);
/* The grants of every container, init containers first: i in
 * [0, ninit + nctrs). */
const struct gs_ctr_grant *gs_placement_ctr(const struct gs_placement *,
	    size_t i);
/* Its container's name, and whether it is an init container. */
const char *gs_placement_ctr_name(const struct gs_placement *,
	    const struct gs_pod *, size_t i, int *init);

/* Warnings collected by loaders; the command prints them on stderr. */
struct gs_warnings {
	char	**v;
	size_t	  n, cap;
};

void	gs_warn(struct gs_warnings *, const char *file, int line, int col,
	    const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void	gs_warnings_release(struct gs_warnings *);

#endif
