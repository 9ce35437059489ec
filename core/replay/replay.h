/*
 * replay/replay.h: trace replay in the methodology of the FGD paper's simulator
 * (spec/openb-fgd.md): a cluster of openb nodes with per-GPU milli shares,
 * the "typical pods" and the fragmentation measure of §4, the six openb
 * policies of §6, the seeded replay of §5, and the curve bucketed by
 * arrived GPU share.  A timed variant honours creation and deletion times.
 * The replay runs on a copy of the one model and measures it through its
 * share view (sched/share_view.h); the typical pods and F_n are
 * metrics/typical.h's.
 *
 * Fragmentation is kept exact: a node's measure is the integer
 * sum over typical shapes of count(shape) * F_n(shape) (milli-GPU), so the
 * incremental cluster total equals the straightforward recomputation bit
 * for bit; it is divided by the kept count only when reported.
 */
#ifndef GS_REPLAY_H
#define GS_REPLAY_H

#include <stddef.h>
#include <stdint.h>

#include "metrics/typical.h"
#include "sched/policy.h"
#include "util/progress.h"
#include "load/trace.h"
#include "util/util.h"

/* A pod as submitted to the replay. */
struct gs_rpod {
	int64_t		cpu, mem;
	int		num, milli;
	int		src;		/* index in the trace pod list */
};

struct gs_replay_opts {
	const struct gs_policy *policy;	/* one with GS_VIEW_SHARE */
	/* HAMi: node and GPU policy; NULL for the entry's (its chart's
	 * defaults, binpack and spread, for a version's own row). */
	const char	*node_policy, *gpu_policy;
	unsigned long	seed;
	double		tune;		/* top up to tune x GPU capacity; 0 off */
	int		threshold;	/* typical pods: popularity %, 95 */
	int		timed;		/* honour creation/deletion times */
	int64_t		interval;	/* timed: seconds per curve point */
	double		speedup;	/* timed: arrival times / speedup */
	int		nocache;	/* compute every score (tests) */
	int		verify;		/* recompute the share view and frag
				   from the model (tests) */
	const struct gs_progress *progress;	/* pods done; may be NULL */
};

void	gs_replay_opts_init(struct gs_replay_opts *);

/* The state after one event. */
struct gs_revent {
	int64_t		time;		/* timed replay: seconds; else 0 */
	int64_t		arrived;	/* milli-GPU submitted so far */
	int64_t		used;		/* milli-GPU allocated */
	int64_t		idle;		/* milli-GPU free */
	int64_t		frag;		/* cluster frag numerator */
	int32_t		running;	/* timed: pods placed and not gone */
	int32_t		pending;	/* timed: pods waiting */
};

struct gs_replay_result {
	const struct gs_policy	*policy;
	unsigned long		 seed;
	struct gs_revent	*ev;
	size_t			 nev;
	size_t			 npods;		/* submitted (after top-up) */
	size_t			 nclones;	/* top-up clones appended */
	size_t			 nremoved;	/* pods cut to reach tune */
	size_t			 placed, failed;
	int64_t			 failed_milli;
	int64_t			 gpus;
	int64_t			 kept;		/* divisor of frag */
	size_t			 ntypical;
	double			 typical_cover;	/* kept / total */
	uint64_t		 digest;	/* FNV-1a over every decision */
	int			 verify_failed;
	/* Timed replay only. */
	size_t			 waited;	/* placed after waiting */
	size_t			 expired;	/* left the queue unplaced */
	size_t			 never;		/* of those, still waiting when
						   nothing was left to free */
	double			 wait_mean, wait_p50, wait_p95, wait_max;
	int64_t			 t0, t1;	/* first and last event time */
	int64_t			 t_arrive;	/* last arrival */
	int32_t			 peak_pending;
	int64_t			 peak_used;	/* milli-GPU */
	/* Per submitted pod: node index (-1 failed) and GPUs (bit mask). */
	int32_t			*node_of;
	uint32_t		*devs_of;
};

/* Can the replay run on the one model (a trace's: gs_trace_cluster): at
 * most GS_TRACE_MAXGPU GPUs a node and 64 GPU models (its share view,
 * sched/share_view.h)?  0 with its GPUs in *gpus, or -1 with err. */
int	gs_replay_check(const struct gs_cluster *, int64_t *gpus,
	    struct gs_error *);

/* The node and GPU policy a HAMi entry replays under: the entry's own,
 * else node and gpu (--node-policy, --gpu-policy), else the chart's
 * defaults, binpack and spread. */
void	gs_replay_hami_policies(const struct gs_policy *entry, const char *node,
	    const char *gpu, const char **node_out, const char **gpu_out);

/* Run one replay of pods on a fresh copy of the model (gs_replay_check
 * holds). */
int	gs_replay_run(const struct gs_cluster *model,
	    const struct gs_trace_pods *pods, const struct gs_replay_opts *,
	    struct gs_replay_result *, struct gs_error *);
void	gs_replay_result_release(struct gs_replay_result *);

/* One point of a curve; value fields are NaN where there is no data. */
struct gs_rpoint {
	int64_t		x;		/* arrived % (0..130), or seconds */
	double		alloc, unalloc, frag, frag_ratio;
	double		running, pending;	/* timed only */
};

#define GS_RCURVE_MAX	130
/* The most points a timed curve may have (--interval against the span). */
#define GS_RCURVE_TIMED_MAX	1000000

/* §5.10: buckets 0..130 of arrived %, events averaged per bucket, with
 * the +-1 fallback.  pts must hold GS_RCURVE_MAX + 1 points. */
void	gs_replay_curve(const struct gs_replay_result *, struct gs_rpoint *);
/* Timed: time-weighted means over [t0 + i*interval, ...) up to time
 * `until`; returns the number of points written to *pts (allocated). */
size_t	gs_replay_curve_timed(const struct gs_replay_result *,
	    int64_t interval, int64_t until, struct gs_rpoint **pts);

/* Median, min and max across seeds of each value of each point. */
struct gs_rstat {
	double		med, min, max;
};
struct gs_rpoint_stats {
	int64_t		x;
	struct gs_rstat	alloc, unalloc, frag, frag_ratio, running, pending;
};
void	gs_replay_curve_stats(const struct gs_rpoint *const *curves,
	    size_t ncurves, size_t npoints, struct gs_rpoint_stats *out);

#endif
