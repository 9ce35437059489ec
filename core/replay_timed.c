/*
 * replay_timed.c: the timed replay, past the paper's methodology: pods
 * arrive at their creation_time (ties by name) and are wanted until their
 * deletion_time.  A pod that does not fit waits in a FIFO queue; after
 * every batch of departures the queue is retried in order, as
 * kube-scheduler retries unschedulable pods when pods are deleted.  A
 * placed pod leaves at its deletion_time; a waiting pod whose
 * deletion_time passes leaves the queue unplaced (expired).  No top-up.
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

#include "replay_int.h"

struct running {
	int64_t		until;
	size_t		pod;
	int		node;
};

/* A binary min-heap on (until, pod). */
struct heap {
	struct running	*v;
	size_t		 n, cap;
};

static int
run_less(const struct running *a, const struct running *b)
{
	if (a->until != b->until)
		return a->until < b->until;
	return a->pod < b->pod;
}

static void
heap_push(struct heap *h, struct running r)
{
	size_t	i, up;

	grow_array(&h->v, &h->cap, h->n + 1, sizeof *h->v);
	i = h->n++;
	while (i > 0 && run_less(&r, &h->v[up = (i - 1) / 2])) {
		h->v[i] = h->v[up];
		i = up;
	}
	h->v[i] = r;
}

static struct running
heap_pop(struct heap *h)
{
	struct running	top = h->v[0], last = h->v[--h->n];
	size_t		i = 0, c;

	for (;;) {
		c = 2 * i + 1;
		if (c >= h->n)
			break;
		if (c + 1 < h->n && run_less(&h->v[c + 1], &h->v[c]))
			c++;
		if (!run_less(&h->v[c], &last))
			break;
		h->v[i] = h->v[c];
		i = c;
	}
	if (h->n > 0)
		h->v[i] = last;
	return top;
}

struct timed {
	struct rstate		*rs;
	const struct gs_trace_pods *tp;
	struct heap		 run;
	size_t			*queue;		/* waiting pods, FIFO */
	size_t			 qn, qcap;
	double			*waits;
	size_t			 nwaits, wcap;
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

/* Try to place pod at time now; 1 if placed. */
static int
try_place(struct timed *tm, size_t pod, int64_t now)
{
	struct rstate	*rs = tm->rs;
	struct running	 r;
	uint32_t	 devs;
	int		 node;

	node = rstate_place(rs, &rs->pods[pod], &devs);
	rstate_digest(rs, pod, node, devs);
	if (node < 0)
		return 0;
	rs->res->placed++;
	rs->res->node_of[pod] = node;
	rs->res->devs_of[pod] = devs;
	r.until = deleted(tm, pod);
	r.pod = pod;
	r.node = node;
	heap_push(&tm->run, r);
	if (now > created(tm, pod)) {
		grow_array(&tm->waits, &tm->wcap, tm->nwaits + 1,
		    sizeof *tm->waits);
		tm->waits[tm->nwaits++] = (double)(now - created(tm, pod));
	}
	return 1;
}

/* After departures at now: drop expired waiters, retry the rest in order. */
static void
retry_queue(struct timed *tm, int64_t now)
{
	size_t	i, k = 0;

	for (i = 0; i < tm->qn; i++) {
		size_t pod = tm->queue[i];

		if (deleted(tm, pod) <= now) {
			tm->rs->res->expired++;
			continue;
		}
		if (!try_place(tm, pod, now))
			tm->queue[k++] = pod;
	}
	tm->qn = k;
}

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
	size_t			*arr, i, next = 0;
	int64_t			 now;
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
	now = created(&tm, arr[0]);
	res->t0 = now;
	rstate_event(rs, now, 0, 0);
	while (next < rs->npods || tm.run.n > 0) {
		int64_t ta = next < rs->npods ? created(&tm, arr[next]) :
		    INT64_MAX;

		if (tm.run.n > 0 && tm.run.v[0].until <= ta) {
			now = tm.run.v[0].until;
			while (tm.run.n > 0 && tm.run.v[0].until == now) {
				struct running r = heap_pop(&tm.run);

				rstate_unplace(rs, r.node, &rs->pods[r.pod]);
			}
			retry_queue(&tm, now);
		} else {
			size_t pod = arr[next++];

			now = ta;
			res->t_arrive = now;
			rs->arrived += (int64_t)rs->pods[pod].milli *
			    rs->pods[pod].num;
			if (!try_place(&tm, pod, now)) {
				grow_array(&tm.queue, &tm.qcap, tm.qn + 1,
				    sizeof *tm.queue);
				tm.queue[tm.qn++] = pod;
			}
		}
		rstate_event(rs, now, (int32_t)tm.run.n, (int32_t)tm.qn);
		gs_progress_step(rs->opts->progress, next, rs->npods);
	}
	/* Nothing is left to free room: the waiters expire. */
	res->never = tm.qn;
	res->expired += tm.qn;
	res->failed = rs->npods - res->placed;
	for (i = 0; i < rs->npods; i++)
		if (res->node_of[i] < 0)
			res->failed_milli += (int64_t)rs->pods[i].milli *
			    rs->pods[i].num;
	res->t1 = now;
	wait_stats(&tm);
	free(arr);
	free(tm.run.v);
	free(tm.queue);
	free(tm.waits);
	return rc;
}
