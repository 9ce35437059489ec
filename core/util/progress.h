/*
 * util/progress.h: progress of the long core loops (replay seeds and pods,
 * Monte Carlo runs, the plan nodes search, the pods of one simulation).
 *
 * Core reports units done of a total through an optional callback and
 * never prints; whether and how progress is shown is cmd/'s business.
 * The meter (rate, ETA, one formatted line, rate-limited by a clock the
 * caller reads) is pure, so it is tested with a fake clock.
 */
#ifndef GS_PROGRESS_H
#define GS_PROGRESS_H

#include <stddef.h>
#include <stdint.h>

struct gs_progress {
	void		(*fn)(void *ctx, uint64_t done, uint64_t total);
	void		*ctx;
	uint64_t	 every;		/* call at most every N units; 0: 1 */
};

/* fn(ctx, done, total) when p is set and done is a multiple of every or
 * the last unit (total 0: not known). */
void	gs_progress_step(const struct gs_progress *p, uint64_t done,
	    uint64_t total);

struct gs_meter {
	const char	*label;		/* "replay", "plan montecarlo" */
	const char	*unit;		/* "pods", "runs" */
	/* An outer loop around the reported one (replay: run i of n). */
	const char	*outer_unit;	/* NULL when there is none */
	uint64_t	 outer_done, outer_total;
	double		 start;		/* seconds, of the caller's clock */
	double		 next;		/* no line before this */
	double		 delay;		/* first line after this long: 1 s */
	double		 interval;	/* then at most every: 0.2 s */
	uint64_t	 base;		/* units of the finished outer steps */
};

void	gs_meter_init(struct gs_meter *, const char *label, const char *unit,
	    double now);
/* Is a line due at now?  If so, the next one is due interval later. */
int	gs_meter_due(struct gs_meter *, double now);
/* Enter outer step done of total; the units reported so far count
 * towards the rate. */
void	gs_meter_outer(struct gs_meter *, const char *unit, uint64_t done,
	    uint64_t total, uint64_t units_before);
/*
 * "replay: run 3/10, 1234/8000 pods, 5432 pods/s, ETA 1m05s" into buf:
 * the rate over all units since the start, the ETA from the share done
 * (none when the total is not known).  Returns strlen(buf).
 */
size_t	gs_meter_format(const struct gs_meter *, uint64_t done,
	    uint64_t total, double now, char *buf, size_t len);

#endif
