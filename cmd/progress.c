/*
 * progress.c: the progress line on standard error for runs longer than a
 * second (replay, plan montecarlo, plan nodes, simulate at scale).  Shown
 * only when standard error is a terminal and --quiet is not given: one
 * line rewritten in place with \r and cleared at the end, or plain lines
 * every few seconds when TERM=dumb.  Standard output is never touched.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cmd.h"

static struct {
	int			on;
	int			plain;		/* TERM=dumb: no \r */
	int			shown;		/* a line is on the screen */
	uint64_t		last_done;	/* of the current outer step */
	struct gs_meter		m;
	struct gs_progress	p;
} prog;

static double
now_seconds(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
progress_cb(void *ctx, uint64_t done, uint64_t total)
{
	char	line[256];
	double	t = now_seconds();

	(void)ctx;
	prog.last_done = done;
	if (!gs_meter_due(&prog.m, t))
		return;
	gs_meter_format(&prog.m, done, total, t, line, sizeof line);
	if (prog.plain)
		fprintf(stderr, "gpusched: %s\n", line);
	else
		fprintf(stderr, "\r%s\033[K", line);
	prog.shown = !prog.plain;
}

void
cmd_progress_start(const char *label, const char *unit, int quiet)
{
	const char	*term = getenv("TERM");

	memset(&prog, 0, sizeof prog);
	if (quiet || !isatty(STDERR_FILENO))
		return;
	prog.on = 1;
	prog.plain = term == NULL || strcmp(term, "dumb") == 0;
	gs_meter_init(&prog.m, label, unit, now_seconds());
	if (prog.plain)
		prog.m.interval = 5.0;
	/* Tests: GPUSCHED_PROGRESS_NOW draws from the first report on, so
	 * that a terminal test does not depend on how fast the machine is. */
	if (getenv("GPUSCHED_PROGRESS_NOW") != NULL)
		prog.m.next = prog.m.start;
	prog.p.fn = progress_cb;
	prog.p.every = 64;
}

const struct gs_progress *
cmd_progress(void)
{
	return prog.on ? &prog.p : NULL;
}

void
cmd_progress_outer(const char *unit, uint64_t done, uint64_t total)
{
	if (prog.on)
		gs_meter_outer(&prog.m, unit, done, total,
		    prog.m.base + prog.last_done);
	prog.last_done = 0;
}

void
cmd_progress_clear(void)
{
	if (prog.shown)
		fputs("\r\033[K", stderr);
	prog.shown = 0;
}

void
cmd_progress_end(void)
{
	cmd_progress_clear();
	prog.on = 0;
}
