/*
 * replay/timed.c: the timed replay, past the paper's methodology: pods
 * arrive at their creation_time (ties by name) and are wanted until their
 * deletion_time, driven by the engine's event loop (sched/engine_events.c): a
 * pod that does not fit waits in a FIFO queue; after every batch of
 * departures the queue is retried in order, as kube-scheduler retries
 * unschedulable pods when pods are deleted.  A placed pod leaves at its
 * deletion_time; a waiting pod whose deletion_time passes leaves the
 * queue unplaced (expired).  No top-up.
 *
 * --speedup K divides arrival times by K and keeps every pod's duration,
 * so that K times the trace's arrival rate meets the same cluster (the
 * openb pods alone keep well under 1% of its GPUs busy).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "sched/engine.h"
#include "replay/internal.h"

struct timed {
	struct rstate		*rs;
	const struct gs_trace_pods *tp;
	double			*waits;
	size_t			 nwaits, wcap;
	int64_t			 now;		/* the last event's time */
	struct gs_error		*err;		/* a failed decision's */
};

/* Arrival times divided by --speedup; durations kept. */
static int64_t
created(const struct timed *tm, size_t pod)
{
	const struct gs_trace_pod *p = &tm->tp->v[tm->rs->pods[pod].src];

	if (tm->rs->opts->speedup == 1)
		return p->creation;
	return (int64_t)floor((double)p->creation / tm->rs->opts->speedup);
}

static int64_t
deleted(const struct timed *tm, size_t pod)
{
	const struct gs_trace_pod *p = &tm->tp->v[tm->rs->pods[pod].src];

	return created(tm, pod) + (p->deletion - p->creation);
}

static int64_t
arrive_at(void *arg, size_t pod)
{
	return created(arg, pod);
}

static int64_t
leave_at(void *arg, size_t pod)
{
	return deleted(arg, pod);
}

static void
arrive(void *arg, size_t pod, int64_t now)
{
	struct timed	*tm = arg;
	struct rstate	*rs = tm->rs;

	rs->res->t_arrive = now;
	rs->arrived += (int64_t)rs->pods[pod].milli * rs->pods[pod].num;
}

/* Place pod at time now (every attempt is a decision in the digest);
 * 1 if placed, -1 when the decision failed (tm->err). */
static int
place(void *arg, size_t pod, int64_t now)
{
	struct timed	*tm = arg;
	struct rstate	*rs = tm->rs;
	uint32_t	 devs;
	int		 node;

	if (rstate_place(rs, &rs->pods[pod], &devs, &node, tm->err) != 0)
		return -1;
	rstate_digest(rs, pod, node, devs);
	if (node < 0)
		return 0;
	rs->res->placed++;
	rs->res->node_of[pod] = node;
	rs->res->devs_of[pod] = devs;
	if (now > created(tm, pod)) {
		grow_array(&tm->waits, &tm->wcap, tm->nwaits + 1,
		    sizeof *tm->waits);
		tm->waits[tm->nwaits++] = (double)(now - created(tm, pod));
	}
	return 1;
}

static void
release(void *arg, size_t pod)
{
	struct timed	*tm = arg;

	rstate_unplace(tm->rs, &tm->rs->pods[pod]);
}

static void
expire(void *arg, size_t pod)
{
	struct timed	*tm = arg;

	(void)pod;
	tm->rs->res->expired++;
}

static void
step(void *arg, int64_t now, size_t running, size_t waiting, size_t arrived)
{
	struct timed	*tm = arg;

	tm->now = now;
	rstate_event(tm->rs, now, (int32_t)running, (int32_t)waiting);
	gs_progress_step(tm->rs->opts->progress, arrived, tm->rs->npods);
}

static const struct gs_event_ops timed_ops = {
	arrive_at, leave_at, arrive, place, release, expire, step
};

static int
by_creation(size_t a, size_t b, const void *arg)
{
	int64_t	x = created(arg, a), y = created(arg, b);

	return (x > y) - (x < y);
}

static void
wait_stats(struct timed *tm)
{
	struct gs_replay_result	*res = tm->rs->res;

	res->waited = tm->nwaits;
	if (tm->nwaits == 0)
		return;
	gsl_sort(tm->waits, 1, tm->nwaits);
	res->wait_mean = gsl_stats_mean(tm->waits, 1, tm->nwaits);
	res->wait_p50 = gsl_stats_quantile_from_sorted_data(tm->waits, 1,
	    tm->nwaits, 0.5);
	res->wait_p95 = gsl_stats_quantile_from_sorted_data(tm->waits, 1,
	    tm->nwaits, 0.95);
	res->wait_max = tm->waits[tm->nwaits - 1];
}

int
gs_replay_timed(struct rstate *rs, const struct gs_trace_pods *tp,
    struct gs_error *err)
{
	struct gs_replay_result	*res = rs->res;
	struct timed		 tm;
	size_t			*arr, i;
	int			 rc = 0;

	if (!tp->timed)
		return gs_error_set(err, NULL, 0, 0, "a timed replay needs "
		    "the 11-column pod list with creation_time and "
		    "deletion_time");
	for (i = 0; i < rs->npods; i++) {
		const struct gs_trace_pod *p = &tp->v[rs->pods[i].src];

		if (p->creation < 0 || p->deletion < 0)
			return gs_error_set(err, NULL, p->line, 0, "pod '%s' "
			    "has no %s, which a timed replay needs", p->name,
			    p->creation < 0 ? "creation_time" :
			    "deletion_time");
	}
	memset(&tm, 0, sizeof tm);
	tm.rs = rs;
	tm.tp = tp;
	tm.err = err;
	rstate_assign_ranks(rs);
	arr = xreallocarray(NULL, rs->npods, sizeof *arr);
	for (i = 0; i < rs->npods; i++)
		arr[i] = i;
	/* Pods are in name order, so equal times stay in name order. */
	rsort_stable(arr, rs->npods, by_creation, &tm);
	res->npods = rs->npods;
	res->node_of = xreallocarray(NULL, rs->npods, sizeof *res->node_of);
	res->devs_of = xcalloc(rs->npods, sizeof *res->devs_of);
	for (i = 0; i < rs->npods; i++)
		res->node_of[i] = -1;
	tm.now = created(&tm, arr[0]);
	res->t0 = tm.now;
	rstate_event(rs, tm.now, 0, 0);
	/* Nothing is left to free room: the waiters expire. */
	rc = gs_engine_events(arr, rs->npods, &timed_ops, &tm, &res->never);
	res->expired += res->never;
	res->failed = rs->npods - res->placed;
	for (i = 0; i < rs->npods; i++)
		if (res->node_of[i] < 0)
			res->failed_milli += (int64_t)rs->pods[i].milli *
			    rs->pods[i].num;
	res->t1 = tm.now;
	wait_stats(&tm);
	free(arr);
	free(tm.waits);
	return rc;
}
