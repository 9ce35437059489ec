/*
 * replay/curve.c: a replay's events turned into the curves the paper
 * plots (spec/openb-fgd.md §5.10): buckets of arrived GPU % with the +-1
 * fallback, time-weighted points for the timed replay, and the median and
 * range across seeds.
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "replay/replay.h"

#define NBUCKET	(GS_RCURVE_MAX + 3)

/* round(arrived / (gpus * 10)) with Python's round half to even, exactly. */
static int64_t
arrive_pct(int64_t arrived, int64_t gpus)
{
	int64_t	d = gpus * 10, q = arrived / d, r = arrived % d;

	if (2 * r > d || (2 * r == d && (q & 1)))
		q++;
	return q;
}

struct bucket {
	size_t	n, nratio;
	double	alloc, frag, ratio;
};

static void
point_from(struct gs_rpoint *pt, const struct bucket *b, int64_t gpus)
{
	double	 alloc = b->alloc / (double)b->n;

	pt->alloc = alloc;
	pt->unalloc = 100 - alloc;
	pt->frag = 100 * (b->frag / (double)b->n) / 1000 / (double)gpus;
	pt->frag_ratio = b->nratio ? b->ratio / (double)b->nratio : NAN;
}

void
gs_replay_curve(const struct gs_replay_result *r, struct gs_rpoint *pts)
{
	struct bucket	b[NBUCKET];
	size_t		i;
	int		k;

	memset(b, 0, sizeof b);
	for (i = 0; i < r->nev; i++) {
		const struct gs_revent	*e = &r->ev[i];
		int64_t			 pct = arrive_pct(e->arrived, r->gpus);
		double			 frag;

		if (pct < 0 || pct >= NBUCKET)
			continue;
		frag = (double)e->frag / (double)r->kept;
		b[pct].n++;
		b[pct].alloc += (double)e->used / (double)(r->gpus * 10);
		b[pct].frag += frag;
		if (e->idle > 0) {
			b[pct].nratio++;
			b[pct].ratio += 100 * frag / (double)e->idle;
		}
	}
	for (k = 0; k <= GS_RCURVE_MAX; k++) {
		struct gs_rpoint	*pt = &pts[k];
		struct bucket		 w;

		memset(pt, 0, sizeof *pt);
		pt->x = k;
		pt->running = pt->pending = NAN;
		w = b[k];
		if (w.n == 0) {
			/* No event at k: average those within k +- 1. */
			if (k > 0)
				w = b[k - 1];
			w.n += b[k + 1].n;
			w.nratio += b[k + 1].nratio;
			w.alloc += b[k + 1].alloc;
			w.frag += b[k + 1].frag;
			w.ratio += b[k + 1].ratio;
		}
		if (w.n == 0) {
			pt->alloc = pt->unalloc = pt->frag = pt->frag_ratio =
			    NAN;
			continue;
		}
		point_from(pt, &w, r->gpus);
	}
}

size_t
gs_replay_curve_timed(const struct gs_replay_result *r, int64_t interval,
    int64_t until, struct gs_rpoint **out)
{
	struct gs_rpoint	*pts;
	double			*wt, *wr;
	size_t			 np, i, k;
	int64_t			 end = until < r->t1 ? until : r->t1;
	int64_t			 span = end - r->t0;

	if (interval <= 0)
		interval = 1;
	np = (size_t)(span / interval) + 1;
	pts = xcalloc(np, sizeof *pts);
	wt = xcalloc(np, sizeof *wt);
	wr = xcalloc(np, sizeof *wr);
	for (i = 0; i < r->nev; i++) {
		const struct gs_revent	*e = &r->ev[i];
		int64_t			 a = e->time, z;
		double			 frag = (double)e->frag /
		    (double)r->kept;

		/* The state after e holds until the next event (the last
		 * one for an instant, so that an empty span still counts). */
		if (a > end)
			break;
		z = i + 1 < r->nev ? r->ev[i + 1].time : e->time;
		if (z > end)
			z = end;
		if (z == a && !((i + 1 == r->nev || r->ev[i + 1].time > end) &&
		    span == 0))
			continue;
		do {
			int64_t	 lo, hi;
			double	 w;

			k = (size_t)((a - r->t0) / interval);
			if (k >= np)
				k = np - 1;
			hi = r->t0 + (int64_t)(k + 1) * interval;
			lo = z < hi ? z : hi;
			w = z == a ? 1 : (double)(lo - a);
			wt[k] += w;
			pts[k].alloc += w * (double)e->used /
			    (double)(r->gpus * 10);
			pts[k].frag += w * 100 * frag / 1000 / (double)r->gpus;
			if (e->idle > 0) {
				wr[k] += w;
				pts[k].frag_ratio += w * 100 * frag /
				    (double)e->idle;
			}
			pts[k].running += w * e->running;
			pts[k].pending += w * e->pending;
			a = lo;
		} while (a < z);
	}
	for (k = 0; k < np; k++) {
		pts[k].x = (int64_t)k * interval;
		if (wt[k] == 0) {
			pts[k].alloc = pts[k].unalloc = pts[k].frag =
			    pts[k].frag_ratio = pts[k].running =
			    pts[k].pending = NAN;
			continue;
		}
		pts[k].alloc /= wt[k];
		pts[k].unalloc = 100 - pts[k].alloc;
		pts[k].frag /= wt[k];
		pts[k].frag_ratio = wr[k] > 0 ? pts[k].frag_ratio / wr[k] :
		    NAN;
		pts[k].running /= wt[k];
		pts[k].pending /= wt[k];
	}
	free(wt);
	free(wr);
	*out = pts;
	return np;
}

static void
stat_of(double *v, size_t n, struct gs_rstat *s)
{
	if (n == 0) {
		s->med = s->min = s->max = NAN;
		return;
	}
	gsl_sort(v, 1, n);
	s->med = gsl_stats_median_from_sorted_data(v, 1, n);
	s->min = v[0];
	s->max = v[n - 1];
}

static void
collect(const struct gs_rpoint *const *c, size_t nc, size_t k, size_t off,
    double *buf, struct gs_rstat *s)
{
	size_t	i, n = 0;

	for (i = 0; i < nc; i++) {
		double v;

		memcpy(&v, (const char *)&c[i][k] + off, sizeof v);
		if (!isnan(v))
			buf[n++] = v;
	}
	stat_of(buf, n, s);
}

void
gs_replay_curve_stats(const struct gs_rpoint *const *curves, size_t nc,
    size_t np, struct gs_rpoint_stats *out)
{
	double	*buf = xreallocarray(NULL, nc ? nc : 1, sizeof *buf);
	size_t	 k;

	for (k = 0; k < np; k++) {
		out[k].x = nc ? curves[0][k].x : (int64_t)k;
		collect(curves, nc, k, offsetof(struct gs_rpoint, alloc), buf,
		    &out[k].alloc);
		collect(curves, nc, k, offsetof(struct gs_rpoint, unalloc),
		    buf, &out[k].unalloc);
		collect(curves, nc, k, offsetof(struct gs_rpoint, frag), buf,
		    &out[k].frag);
		collect(curves, nc, k, offsetof(struct gs_rpoint, frag_ratio),
		    buf, &out[k].frag_ratio);
		collect(curves, nc, k, offsetof(struct gs_rpoint, running),
		    buf, &out[k].running);
		collect(curves, nc, k, offsetof(struct gs_rpoint, pending),
		    buf, &out[k].pending);
	}
	free(buf);
}
