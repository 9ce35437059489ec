/*
 * sched/peer_view.h: the one view of a node and a pod that the peers' rules
 * read (spec/peers.md), and those rules: kube-scheduler's NodeResourcesFit
 * strategies, KAI-Scheduler's node order and fraction groups, Volcano's
 * deviceshare walk and node score (sched/peer_rules.c).
 *
 * Two views of the one model fill it: `simulate`'s device view of a
 * gs_node (sched/peers.c: memory in MiB, slots, cores, health, kube's
 * nvidia.com/gpu one unit per whole device) and the replay's share view
 * (sched/peers_share.c: a GPU is 1000 milli units, the trace's split count,
 * no cores, kube's GPU resource counted in milli).  Where the views
 * differ, the difference is a field of the view, never a second code
 * path.
 */
#ifndef GS_PEER_VIEW_H
#define GS_PEER_VIEW_H

#include <stddef.h>
#include <stdint.h>

/* One device. */
struct gs_pdev {
	int64_t		cap;		/* memory: MiB, or 1000 milli */
	int64_t		use;		/* of cap taken */
	int32_t		slots;		/* pods it may hold (split count) */
	int32_t		npods;		/* pods on it */
	int32_t		cores;		/* % of its cores taken (trace: 0) */
	unsigned char	health;		/* advertised healthy */
	unsigned char	idle;		/* a whole GPU to take: healthy, no
					   pod (trace: all 1000 free) */
	unsigned char	group;		/* KAI: a shared GPU group, held by
					   fractions (HAMi-style: pods, memory
					   left; trace: pods, no whole pod) */
	unsigned char	allowed;	/* the pod's device filters pass
					   (HAMi-style type and UUID) */
};

/* One node. */
struct gs_pnode {
	int64_t		 cpu_cap, cpu_use;	/* cap 0: not counted */
	int64_t		 mem_cap, mem_use;
	/* kube's GPU resource: devices x unit (1 whole GPU, or 1000
	 * milli), and what pods hold of it. */
	int64_t		 gpu_cap, gpu_use;
	int		 nidle;			/* devices with idle set */
	size_t		 ndev;
	struct gs_pdev	*dev;
	/* KAI spread's divisor, GetNumberOfGPUsInNode (a device plugin
	 * node's gpu.count label, else its allocatable); 0: ndev. */
	int64_t		 gpus_all;
	/* KAI: idle GPUs its Idle counts that no device backs (the
	 * gpu.count guard, sched/kai/guard.h); in nidle, not in dev. */
	int		 phantom;
};

/* One container's GPU request. */
struct gs_preq {
	int32_t		num;		/* devices; 0 for none */
	int64_t		mem;		/* per device in the unit (pct < 0) */
	int32_t		pct;		/* % of each device's memory, or -1 */
	int32_t		cores;		/* % of each device's cores */
	int		frac;		/* a part of a device (KAI fraction,
					   trace share); else whole devices */
};

/* One pod. */
struct gs_ppod {
	int64_t			 cpu, mem;	/* as the scorers count them */
	int64_t			 gpu;		/* kube's GPU resource asked */
	const struct gs_preq	*req;
	size_t			 nreq;
};

/* A device a rule takes for one container's request. */
struct gs_pgrant {
	int		dev;
	int64_t		mem;		/* a part: memory in the unit */
	int32_t		cores;
	int		whole;		/* the whole device */
	/* Volcano MIG (sched/volcano/mig.c): 1 + group, 1 + position. */
	int		vc_group, vc_pos;
};

/* kube-scheduler's NodeResourcesFit scoring strategies. */
enum gs_kube_strategy {
	GS_KUBE_LEAST,
	GS_KUBE_MOST,
	GS_KUBE_RTCR		/* bin-pack shape [(0,0),(100,10)] */
};

/*
 * kube-scheduler: the node score over cpu, memory and the GPU resource
 * with weights w (a resource with capacity 0, or the GPU when the pod
 * asks none, is left out); and the devices: whole ones the first idle by
 * index, a part the tightest device with room (first index on ties).
 * The devices return how many grants were written, or -1.
 */
double	gs_peer_kube_score(enum gs_kube_strategy, const int w[3],
	    const struct gs_pnode *, const struct gs_ppod *);
int	gs_peer_kube_devices(const struct gs_pnode *, const struct gs_ppod *,
	    unsigned char *taken, struct gs_pgrant *);

/* KAI: the MiB a part of d takes, gpu-memory or (int64)(fraction x MEM)
 * (gpu_sharing.go); and whether d takes one device of request k (a
 * whole GPU: idle; a fraction: healthy, and idle with MEM >= the part or
 * a shared group with the part free: FittingGPUs, IsTaskFitOnGpuGroup). */
int64_t	gs_peer_kai_mem(const struct gs_pdev *, const struct gs_preq *);
int	gs_peer_kai_dev_fits(const struct gs_pdev *, const struct gs_preq *);

/* KAI's binpack range: min and max free resource over the node set. */
struct gs_kai_range {
	double	mn, mx;
};

void	gs_peer_kai_range_init(struct gs_kai_range *);
void	gs_peer_kai_range_add(struct gs_kai_range *, double na);
/* KAI: the devices per FittingGPUs (gpupack or gpuspread), or -1; the
 * node score: nodeavailability + resourcetype + nodeplacement (+
 * gpusharingorder under binpack). */
int	gs_peer_kai_devices(int binpack, const struct gs_pnode *,
	    const struct gs_ppod *, unsigned char *taken, struct gs_pgrant *);
double	gs_peer_kai_score(int binpack, const struct gs_kai_range *,
	    const struct gs_pnode *, const struct gs_ppod *);
/*
 * The same score in two parts, summed in the same order: what depends on
 * the node and the pod alone (nodeavailability + resourcetype, and
 * whether gpusharingorder adds), which a caller may cache per node
 * version, and the total with nodeplacement, which depends on the node
 * set's range and reads only the node's nidle, ndev and cpu.
 */
struct gs_kai_local {
	double	base;
	int	sharing;
};

void	gs_peer_kai_local(int binpack, const struct gs_pnode *,
	    const struct gs_ppod *, struct gs_kai_local *);
double	gs_peer_kai_total(int binpack, const struct gs_kai_range *,
	    const struct gs_pnode *, const struct gs_ppod *,
	    const struct gs_kai_local *);

/* Volcano's deviceshare.SchedulePolicy (sortedDeviceIndicesByPolicy,
 * GPUScore, pkg/scheduler/api/devices/nvidia/vgpu/utils.go, v1.15.1):
 * spread and binpack, or GS_VCP_NONE when it is unset or unknown (the
 * switch's default: devices walked from the last, each scoring 0). */
enum {
	GS_VCP_SPREAD = 0,
	GS_VCP_BINPACK = 1,
	GS_VCP_NONE = 2
};

/* Volcano deviceshare (v1.15+): the walk over n's devices under policy
 * (GS_VCP_*), charged on n as it goes (give it a copy), the grants and
 * their count in *ng, and the node score; -1 when the node cannot take
 * the pod. */
double	gs_peer_volcano(int policy, struct gs_pnode *,
	    const struct gs_ppod *, struct gs_pgrant *, size_t *ng);
/*
 * The same walk with the node's sharing factory's TryAddPod (Volcano's
 * SharingFactory, sharing_factory.go): try_add(ctx, dev, mem, g, &charge)
 * says whether device dev takes mem after the common checks, fills grant
 * g's own fields and the memory the device is charged; NULL try_add is
 * hami-core (charge = mem).
 */
struct gs_peer_vtrace;
struct gs_peer_vshare {
	int	(*try_add)(void *ctx, size_t dev, int64_t mem,
		    struct gs_pgrant *g, int64_t *charge);
	void	*ctx;
	struct gs_peer_vtrace *trace;	/* explain's record, or NULL */
};

/*
 * The checks of checkNodeGPUSharingPredicateAndScore's device walk
 * (pkg/scheduler/api/devices/nvidia/vgpu/utils.go, v1.15.1) in the order
 * Volcano makes them; gs_peer_volcano_check returns the first that
 * device d fails for one device of request k taking mem, or GS_VCF_OK.
 */
enum {
	GS_VCF_OK,
	GS_VCF_SLOTS,		/* Number <= UsedNum */
	GS_VCF_MEM,		/* Memory - UsedMem < memreqForCard */
	GS_VCF_CORES,		/* UsedCore + Coresreq > 100 */
	GS_VCF_EXCLUSIVE,	/* Coresreq 100 on a card with pods */
	GS_VCF_FULL,		/* UsedCore 100, Coresreq 0 */
	GS_VCF_TYPE,		/* checkType: the pod's type, UUID filters */
	GS_VCF_TRYADD		/* the sharing factory's TryAddPod (MIG) */
};

int	gs_peer_volcano_check(const struct gs_pdev *d,
	    const struct gs_preq *k, int64_t mem);

/* One device the walk looked at for one container (explain). */
struct gs_peer_vstep {
	size_t	ctr;		/* the container, in the pod's request order */
	int	dev;
	int	check;		/* GS_VCF_*: GS_VCF_OK took it */
	int64_t	mem;		/* memreqForCard */
	int64_t	charge;		/* taken: what the device is charged */
	double	score;		/* taken: GPUScore added */
	int	vc_group, vc_pos;	/* taken on MIG: 1 + group, 1 + pos */
};

/* Every device the walk looked at, in walk order; cards: the first
 * container asking more devices than the node has ("no enough gpu
 * cards"), else -1. */
struct gs_peer_vtrace {
	struct gs_peer_vstep	*step;
	size_t			 n, cap;
	long			 cards;
};

double	gs_peer_volcano_share(int policy, struct gs_pnode *,
	    const struct gs_ppod *, const struct gs_peer_vshare *,
	    struct gs_pgrant *, size_t *ng);

/*
 * --volcano-config's deviceshare arguments (vs; given 0: none) as every
 * view applies them to a volcano-* profile (sched/peers.c, and the
 * replay's sched/peers_share.c): the walk's policy (GS_VCP_NONE when
 * SchedulePolicy is unset or unknown); the node score times
 * ScheduleWeight, 0 when that is not above 0 (deviceshare.go's node order
 * function; a negative score, a refused node, stays); and with VGPUEnable
 * off the reason a vGPU pod stays pending (registerDevices registers no
 * vGPU device), else NULL.
 */
struct gs_vc_sched;
int	gs_peer_volcano_policy(int binpack, const struct gs_vc_sched *vs);
double	gs_peer_volcano_weigh(double score, const struct gs_vc_sched *vs);
const char *gs_peer_volcano_off(const struct gs_vc_sched *vs);

#endif
