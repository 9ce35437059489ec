/*
 * test_engine_events.c: the engine's event loop in time
 * (sched/engine_events.c) on a hand-made resource of one slot: arrivals in
 * order, departures at their time, the FIFO queue retried after
 * departures, expiry of waiters whose time passed, and the waiters left
 * when nothing is left to leave.
 */
#include <stdio.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/engine.h"

struct world {
	int64_t	at[5], until[5];
	int	size[5];
	int	free;
	char	log[256];		/* "p0@0 w1 ..." events in order */
	size_t	fail;			/* 1 + the pod whose place fails
					   from time 10 on */
};

static void
logf_(struct world *w, const char *s)
{
	strncat(w->log, s, sizeof w->log - strlen(w->log) - 1);
}

static int64_t
w_arrive_at(void *arg, size_t pod)
{
	return ((struct world *)arg)->at[pod];
}

static int64_t
w_leave_at(void *arg, size_t pod)
{
	return ((struct world *)arg)->until[pod];
}

static void
w_arrive(void *arg, size_t pod, int64_t now)
{
	(void)arg;
	(void)pod;
	(void)now;
}

static int
w_place(void *arg, size_t pod, int64_t now)
{
	struct world	*w = arg;
	char		 b[32];

	if (w->fail == pod + 1 && now >= 10)
		return -1;
	if (w->size[pod] > w->free)
		return 0;
	w->free -= w->size[pod];
	snprintf(b, sizeof b, "p%zu@%lld ", pod, (long long)now);
	logf_(w, b);
	return 1;
}

static void
w_release(void *arg, size_t pod)
{
	struct world	*w = arg;
	char		 b[32];

	w->free += w->size[pod];
	snprintf(b, sizeof b, "r%zu ", pod);
	logf_(w, b);
}

static void
w_expire(void *arg, size_t pod)
{
	char	b[32];

	snprintf(b, sizeof b, "x%zu ", pod);
	logf_(arg, b);
}

static void
w_step(void *arg, int64_t now, size_t running, size_t waiting,
    size_t arrived)
{
	char	b[48];

	snprintf(b, sizeof b, "[%lld %zu %zu %zu] ", (long long)now, running,
	    waiting, arrived);
	logf_(arg, b);
}

static const struct gs_event_ops w_ops = {
	w_arrive_at, w_leave_at, w_arrive, w_place, w_release, w_expire,
	w_step
};

/* The world of the tests: pod 1 + fail fails from time 10 on. */
static void
world_init(struct world *w, size_t fail)
{
	static const struct world w0 = {
		{ 0, 1, 2, 30, 3 }, { 10, 5, 20, 40, 100 }, { 1, 1, 1, 1, 2 },
		1, "", 0
	};

	*w = w0;
	w->fail = fail;
}

static const size_t order[5] = { 0, 1, 2, 4, 3 };

/*
 * One slot.  p0 0-10 runs; p1 (1-5), p2 (2-20) and p4 (3-100, two slots)
 * wait; at 10 p0 leaves, p1's time has passed (expired), p2 takes the
 * slot, p4 still does not fit; p2 leaves at 20; p3 30-40 runs; p4 is
 * left waiting.
 */
static void
test_events(void)
{
	struct world	w;
	size_t		waiting = 0;

	world_init(&w, 0);
	CU_ASSERT_EQUAL(gs_engine_events(order, 5, &w_ops, &w, &waiting), 0);
	CU_ASSERT_EQUAL(waiting, 1);
	CU_ASSERT_STRING_EQUAL(w.log, "p0@0 [0 1 0 1] [1 1 1 2] [2 1 2 3] "
	    "[3 1 3 4] r0 x1 p2@10 [10 1 1 4] r2 [20 0 1 4] p3@30 "
	    "[30 1 1 5] r3 [40 0 1 5] ");
	CU_ASSERT_EQUAL(w.free, 1);
}

/*
 * The same world, p2's decision fails when the queue is retried at 10:
 * the loop stops there (no step at 10, p3 never arrives) and says so.
 */
static void
test_events_fail(void)
{
	struct world	w;
	size_t		waiting = 9;

	world_init(&w, 3);
	CU_ASSERT_EQUAL(gs_engine_events(order, 5, &w_ops, &w, &waiting), -1);
	CU_ASSERT_STRING_EQUAL(w.log, "p0@0 [0 1 0 1] [1 1 1 2] [2 1 2 3] "
	    "[3 1 3 4] r0 x1 ");
	CU_ASSERT_EQUAL(w.free, 1);
}

CU_TestInfo engine_events_tests[] = {
	{ "event loop: arrivals, departures, FIFO retry, expiry",
	    test_events },
	{ "event loop: a failed decision stops it", test_events_fail },
	CU_TEST_INFO_NULL,
};
