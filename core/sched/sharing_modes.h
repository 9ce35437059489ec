/*
 * sched/sharing_modes.h: one workload under each way of sharing a GPU (issue
 * 18 item 7, `compare --sharing`, a scenario run's `sharing:`): the
 * cluster's physical GPUs laid out as the mode shares them, each pod's
 * GPU request rewritten in the mode's resources, and the scheduler that
 * serves the mode.  The layout rule is in sched/sharing_modes.c.
 */
#ifndef GS_SHARING_MODES_H
#define GS_SHARING_MODES_H

#include <stddef.h>
#include <stdint.h>

#include "model/mig.h"
#include "model/model.h"
#include "sched/engine.h"

enum gs_share_mode {
	GS_SHARE_HAMI,		/* HAMi-core vGPU, the HAMi profile */
	GS_SHARE_MIG,		/* MIG instances, kube-scheduler */
	GS_SHARE_TIMESLICE,	/* time-slicing replicas, kube-scheduler */
	GS_SHARE_MPS,		/* MPS replicas, kube-scheduler */
	GS_SHARE_WHOLE,		/* whole GPUs, kube-scheduler */
	GS_SHARE_NMODES
};

#define GS_SHARE_REPLICAS	4	/* replicas when the cluster has none */

/* The mode named s ("hami-core", "mig", "time-slicing", "mps",
 * "whole"), or -1. */
int	gs_share_mode_find(const char *s);
const char *gs_share_mode_name(int mode);
/* "hami-core, mig, time-slicing, mps, whole" */
const char *gs_share_mode_names(void);
/* Does the mode isolate each pod's memory (HAMi-core's limit, MIG, MPS's
 * per-client limit, a whole GPU), or not (time-slicing)? */
int	gs_share_mode_isolated(int mode);

/* What one container asks of each GPU it holds. */
struct gs_share_need {
	int64_t	gpus;		/* how many GPUs (instances, replicas) */
	int32_t	mem;		/* MiB of each; the card's when whole */
	int	whole;		/* the whole card (no memory given) */
	int32_t	pct;		/* gpumem-percentage, 0 unset */
	int32_t	cores;		/* nvidia.com/gpucores, 0 unset */
	/* the MIG profile it names (nvidia.com/mig-<profile>), or NULL */
	const struct gs_mig_profile *prof;
};

/* Container c's need, memory percentages and whole cards read against a
 * card of card_mem MiB: nvidia.com/mig-<profile> its profile's memory
 * (in mm, the cluster's MIG table, else the first table naming it),
 * nvidia.com/gpu(.shared) alone a whole GPU, HAMi's
 * nvidia.com/gpumem(-percentage) (defaultGPUNum: 1 GPU). */
void	gs_share_need_of(const struct gs_container *c, int32_t card_mem,
	    const struct gs_mig_model *mm, struct gs_share_need *);
/*
 * The MIG profile of mm for need n: the one it names when mm has it; else
 * the smallest that holds its memory (least memory, then fewest compute
 * slices, then table order), a percentage P held by a profile of at least
 * P% of mm's memory slices (25% of 8: 1g.20gb); the largest (the whole
 * GPU as MIG gives it) for a whole card or more memory than any holds.
 */
const struct gs_mig_profile *gs_share_mig_profile(const struct gs_mig_model *mm,
	    const struct gs_share_need *n);
/* The replicas time-slicing and MPS give: the first time-sliced or MPS
 * GPU's of c, else GS_SHARE_REPLICAS (MPS: at most 48). */
int32_t	gs_share_replicas(const struct gs_cluster *c, int mode);

/* One mode's inputs, made from the run's. */
struct gs_share_run {
	int			 mode;
	int32_t			 replicas;	/* 1 without replicas */
	struct gs_cluster	 cluster;	/* laid out as the mode */
	struct gs_workload	 wl;		/* the requests rewritten */
	struct gs_config	 cfg;		/* the mode's scheduler */
	struct gs_share_need	*need;		/* per pod: its largest
						   container's */
	size_t			 short_pods;	/* gs_share_run_measure */
};

/*
 * Make mode's cluster, workload and configuration from c, w and cfg (not
 * changed): the HAMi profile of cfg (or hami-v2.6.1) for hami-core, its
 * kube-* profile (or kube-least-allocated) for the others; no pod names
 * a scheduler.
 */
void	gs_share_run_init(struct gs_share_run *, int mode,
	    const struct gs_cluster *c, const struct gs_workload *w,
	    const struct gs_config *cfg);
/* After the run: the placed pods whose memory need exceeds what the mode
 * guarantees them (a MIG instance's memory, MPS's memory / replicas; on
 * a time-sliced GPU every sharer when their needs together exceed the
 * card). */
void	gs_share_run_measure(struct gs_share_run *, const struct gs_cluster *c,
	    const struct gs_result *r);
void	gs_share_run_release(struct gs_share_run *);

#endif
