/*
 * sched/window.c: kube-scheduler's adaptive node window (sched/window.h),
 * after pkg/scheduler/schedule_one.go (findNodesThatFitPod,
 * findNodesThatPassFilters, numFeasibleNodesToFind), the same in every
 * Kubernetes release gpusched models (1.34, 1.35, 1.36).
 */
#include <stdlib.h>
#include <string.h>

#include "sched/window.h"
#include "util/util.h"

/* minFeasibleNodesToFind, minFeasibleNodesPercentageToFind
 * (schedule_one.go). */
#define MIN_NODES	100
#define MIN_PERCENT	5

size_t
gs_window_size(size_t n, int pct)
{
	long	p;
	size_t	k;

	if (pct < 0 || n < MIN_NODES)
		return n;
	p = pct;
	if (p == 0) {
		/* int32 arithmetic: 50 - n/125, floored at 5. */
		p = 50 - (long)(n / 125);
		if (p < MIN_PERCENT)
			p = MIN_PERCENT;
	}
	if (p >= 100)
		return n;
	k = n * (size_t)p / 100;
	return k < MIN_NODES ? MIN_NODES : k;
}

int
gs_window_pct(const struct gs_config *cfg)
{
	/* Unset: every node (100), not production's adaptive 0, until the
	 * window keeps HAMi's node order and fit memo across pods (issue 17:
	 * 41.9 s against 5.0 s at 10k nodes); 0 asks for the adaptive window. */
	return cfg->pct_nodes == GS_PCT_UNSET ? 100 : cfg->pct_nodes;
}

void
gs_window_init(struct gs_window *w, int pct)
{
	memset(w, 0, sizeof *w);
	w->pct = pct;
}

void
gs_window_release(struct gs_window *w)
{
	free(w->feasible);
	memset(w, 0, sizeof *w);
}

size_t
gs_window_walk(struct gs_window *w, size_t n, int (*pass)(size_t, void *),
    void *arg)
{
	size_t	j, i;

	w->feasible = xreallocarray(w->feasible, n > 0 ? n : 1,
	    sizeof *w->feasible);
	w->k = gs_window_size(n, w->pct);
	w->nfeasible = 0;
	w->processed = 0;
	w->cut = 0;
	if (n == 0)
		return 0;
	w->next %= n;
	w->start = w->next;
	for (j = 0; j < n; j++) {
		i = (w->start + j) % n;
		if (!pass(i, arg)) {
			w->processed++;
			continue;
		}
		/* The (k+1)th feasible node cancels the walk uncounted. */
		if (w->nfeasible == w->k) {
			w->cut = 1;
			break;
		}
		w->feasible[w->nfeasible++] = i;
		w->processed++;
	}
	w->next = (w->start + w->processed) % n;
	return w->nfeasible;
}

void
gs_window_one(struct gs_window *w, size_t n)
{
	if (n == 0)
		return;
	w->start = w->next % n;
	w->processed = 1;
	w->nfeasible = 0;
	w->cut = 0;
	w->k = 1;
	w->next = (w->start + 1) % n;
}

int
gs_window_partial(const struct gs_window *w, size_t n)
{
	return gs_window_size(n, w->pct) < n;
}
