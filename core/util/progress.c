/*
 * util/progress.c: the progress callback and the meter: rate limiting, rate
 * and ETA, and the one-line text cmd/ shows.
 */
#include <stdio.h>

#include "util/progress.h"

void
gs_progress_step(const struct gs_progress *p, uint64_t done, uint64_t total)
{
	uint64_t	every;

	if (p == NULL || p->fn == NULL)
		return;
	every = p->every ? p->every : 1;
	if (done % every == 0 || done == total)
		p->fn(p->ctx, done, total);
}

void
gs_meter_init(struct gs_meter *m, const char *label, const char *unit,
    double now)
{
	m->label = label;
	m->unit = unit;
	m->outer_unit = NULL;
	m->outer_done = m->outer_total = 0;
	m->base = 0;
	m->start = now;
	m->delay = 1.0;
	m->interval = 0.2;
	m->next = now + m->delay;
}

int
gs_meter_due(struct gs_meter *m, double now)
{
	if (now < m->next)
		return 0;
	m->next = now + m->interval;
	return 1;
}

void
gs_meter_outer(struct gs_meter *m, const char *unit, uint64_t done,
    uint64_t total, uint64_t units_before)
{
	m->outer_unit = unit;
	m->outer_done = done;
	m->outer_total = total;
	m->base = units_before;
}

/* "45s", "2m05s", "1h02m03s". */
static void
fmt_eta(char *buf, size_t len, double s)
{
	unsigned long	t = (unsigned long)(s + 0.5);

	if (t >= 3600)
		snprintf(buf, len, "%luh%02lum%02lus", t / 3600, t / 60 % 60,
		    t % 60);
	else if (t >= 60)
		snprintf(buf, len, "%lum%02lus", t / 60, t % 60);
	else
		snprintf(buf, len, "%lus", t);
}

size_t
gs_meter_format(const struct gs_meter *m, uint64_t done, uint64_t total,
    double now, char *buf, size_t len)
{
	double	el = now - m->start, share = -1, rate;
	char	eta[32];
	int	n = 0;

	if (len == 0)
		return 0;
	n += snprintf(buf, len, "%s: ", m->label);
	if (m->outer_unit != NULL && (size_t)n < len)
		n += snprintf(buf + n, len - n, "%s %llu/%llu, ", m->outer_unit,
		    (unsigned long long)m->outer_done + 1,
		    (unsigned long long)m->outer_total);
	if ((size_t)n < len) {
		if (total > 0)
			n += snprintf(buf + n, len - n, "%llu/%llu %s",
			    (unsigned long long)done,
			    (unsigned long long)total, m->unit);
		else
			n += snprintf(buf + n, len - n, "%llu %s",
			    (unsigned long long)done, m->unit);
	}
	rate = el > 0 ? (double)(m->base + done) / el : 0;
	if (el > 0 && (size_t)n < len)
		n += snprintf(buf + n, len - n, rate >= 100 ? ", %.0f %s/s" :
		    ", %.1f %s/s", rate, m->unit);
	if (total > 0) {
		share = (double)done / (double)total;
		if (m->outer_unit != NULL && m->outer_total > 0)
			share = ((double)m->outer_done + share) /
			    (double)m->outer_total;
	}
	if (share > 0 && el > 0 && (size_t)n < len) {
		fmt_eta(eta, sizeof eta, el * (1 - share) / share);
		n += snprintf(buf + n, len - n, ", ETA %s", eta);
	}
	return (size_t)n < len ? (size_t)n : len - 1;
}
