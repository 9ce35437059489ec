/*
 * sched/engine_events.c: the engine's event loop in time: pods arrive in a
 * given order at their arrival times and are decided at once; a pod that
 * does not fit waits in a FIFO queue; a placed pod leaves at its departure
 * time, and after every batch of departures at one time the queue is
 * retried in order, as kube-scheduler retries unschedulable pods when
 * pods are deleted (its scheduling queue's move on a delete event).  A
 * waiting pod whose departure time passes leaves the queue unplaced.  The
 * caller decides and charges (gs_engine_commit), gives back
 * (gs_engine_release) and records through gs_event_ops; a failed
 * decision (place returns -1) stops the loop.
 */
#include <stdint.h>
#include <stdlib.h>

#include "sched/engine.h"

struct leave {
	int64_t		at;
	size_t		pod;
};

/* A binary min-heap on (at, pod). */
struct heap {
	struct leave	*v;
	size_t		 n, cap;
};

static int
leave_less(const struct leave *a, const struct leave *b)
{
	if (a->at != b->at)
		return a->at < b->at;
	return a->pod < b->pod;
}

static void
heap_push(struct heap *h, struct leave r)
{
	size_t	i, up;

	grow_array(&h->v, &h->cap, h->n + 1, sizeof *h->v);
	i = h->n++;
	while (i > 0 && leave_less(&r, &h->v[up = (i - 1) / 2])) {
		h->v[i] = h->v[up];
		i = up;
	}
	h->v[i] = r;
}

static struct leave
heap_pop(struct heap *h)
{
	struct leave	top = h->v[0], last = h->v[--h->n];
	size_t		i = 0, c;

	for (;;) {
		c = 2 * i + 1;
		if (c >= h->n)
			break;
		if (c + 1 < h->n && leave_less(&h->v[c + 1], &h->v[c]))
			c++;
		if (!leave_less(&h->v[c], &last))
			break;
		h->v[i] = h->v[c];
		i = c;
	}
	if (h->n > 0)
		h->v[i] = last;
	return top;
}

struct loop {
	const struct gs_event_ops *ops;
	void			*arg;
	struct heap		 run;
	size_t			*queue;		/* waiting pods, FIFO */
	size_t			 qn, qcap;
	int			 failed;	/* a decision failed */
};

/* Place pod at now; on success it is due to leave at its time.  1 if
 * placed, 0 if not, -1 when the decision failed (l->failed set). */
static int
try_place(struct loop *l, size_t pod, int64_t now)
{
	struct leave	r;
	int		rc;

	if ((rc = l->ops->place(l->arg, pod, now)) <= 0) {
		l->failed |= rc < 0;
		return rc;
	}
	r.at = l->ops->leave_at(l->arg, pod);
	r.pod = pod;
	heap_push(&l->run, r);
	return 1;
}

/* After departures at now: drop expired waiters, retry the rest in order. */
static void
retry_queue(struct loop *l, int64_t now)
{
	size_t	i, k = 0;

	for (i = 0; i < l->qn && !l->failed; i++) {
		size_t pod = l->queue[i];

		if (l->ops->leave_at(l->arg, pod) <= now) {
			l->ops->expire(l->arg, pod);
			continue;
		}
		if (try_place(l, pod, now) == 0)
			l->queue[k++] = pod;
	}
	l->qn = k;
}

int
gs_engine_events(const size_t *order, size_t n, const struct gs_event_ops *ops,
    void *arg, size_t *waiting)
{
	struct loop	l = { ops, arg, { NULL, 0, 0 }, NULL, 0, 0, 0 };
	size_t		next = 0;
	int64_t		now;

	while (next < n || l.run.n > 0) {
		int64_t ta = next < n ? ops->arrive_at(arg, order[next]) :
		    INT64_MAX;

		if (l.run.n > 0 && l.run.v[0].at <= ta) {
			now = l.run.v[0].at;
			while (l.run.n > 0 && l.run.v[0].at == now)
				ops->release(arg, heap_pop(&l.run).pod);
			retry_queue(&l, now);
		} else {
			size_t pod = order[next++];

			now = ta;
			ops->arrive(arg, pod, now);
			if (try_place(&l, pod, now) == 0) {
				grow_array(&l.queue, &l.qcap, l.qn + 1,
				    sizeof *l.queue);
				l.queue[l.qn++] = pod;
			}
		}
		if (l.failed)
			break;
		ops->step(arg, now, l.run.n, l.qn, next);
	}
	free(l.run.v);
	free(l.queue);
	*waiting = l.qn;
	return l.failed ? -1 : 0;
}
