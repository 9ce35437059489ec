/*
 * report/replay.h: the results of `gpusched replay`: for each policy, the
 * replays of every seed, their curves and the statistics across seeds,
 * written as a table for people, JSON ({"curve": [...], "summary": {...}})
 * and plot-ready CSV for tools.  Writers take the FILE to write to.
 */
#ifndef GS_REPORT_REPLAY_H
#define GS_REPORT_REPLAY_H

#include <stdio.h>

#include <jansson.h>

#include "replay/replay.h"

/* One policy's replays, one per seed. */
struct gs_replay_set {
	const struct gs_policy	*policy;
	size_t			 nseeds;
	struct gs_replay_result	*res;
	size_t			 npoints;
	struct gs_rpoint	**curves;	/* per seed */
	struct gs_rpoint_stats	*stats;		/* per point, across seeds */
	struct gs_rpoint_stats	 whole;		/* timed: the whole span */
};

/* Compute the curves and their statistics from the results. */
void	gs_replay_set_curves(struct gs_replay_set *, int timed,
	    int64_t interval);
void	gs_replay_set_release(struct gs_replay_set *);

struct gs_replay_report {
	const char			*nodes_path;
	const char			*pods_path;
	/* --volcano-config's file (opts->volcano read from it), or NULL */
	const char			*volcano_path;
	const struct gs_cluster		*cl;	/* the trace's model */
	int64_t				 gpus;
	size_t				 trace_pods;
	const struct gs_replay_opts	*opts;	/* tune, timed, interval */
	struct gs_replay_set		*sets;
	size_t				 nsets;
};

void	 gs_report_replay_table(FILE *, const struct gs_replay_report *);
/* One policy: its object; several: {"replays": [...]}. */
json_t	*gs_report_replay_json(const struct gs_replay_report *);
void	 gs_report_replay_csv(FILE *, const struct gs_replay_report *);
/* "FILE: deviceshare.SchedulePolicy ..., ScheduleWeight N, VGPUEnable B;
 * applied to P, P" (or "; no volcano-* policy replayed") into buf when
 * --volcano-config was given: 1, else 0 (text and HTML say it alike). */
int	 gs_report_replay_volcano(const struct gs_replay_report *, char *buf,
	    size_t len);

#endif
