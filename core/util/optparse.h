/*
 * util/optparse.h: the numeric option strings of the command line, parsed in
 * the core so that a fuzz target covers them: whole numbers in a range
 * (--seed), shards I/N (--shard) and ranges A-B (--seeds).  Only ASCII
 * digits are numbers: no sign, no spaces, no base prefix.  The commands
 * word the errors.
 */
#ifndef GS_OPTPARSE_H
#define GS_OPTPARSE_H

#include <stddef.h>

/* The most shards of a Monte Carlo sweep. */
#define GS_SHARDS_MAX	100000
/* The largest Monte Carlo seed: a shard's JSON holds it as an int64. */
#define GS_SEED_MAX	9223372036854775807UL

/* s a whole decimal number in [lo, hi] into *out; -1 if not. */
int	gs_parse_uint(const char *s, unsigned long lo, unsigned long hi,
	    unsigned long *out);
/* s "I/N" with 0 <= I < N <= GS_SHARDS_MAX; -1 if not. */
int	gs_parse_shard(const char *s, size_t *i, size_t *n);

enum gs_range_status {
	GS_RANGE_OK,
	GS_RANGE_FORM,		/* not A-B */
	GS_RANGE_NUMBER,	/* A or B not a number in [0, max]: *bad */
	GS_RANGE_ORDER,		/* B < A */
	GS_RANGE_SIZE		/* more than maxn numbers */
};

/*
 * s "A-B" with 0 <= A <= B <= max and B - A + 1 <= maxn into *first and
 * *n.  On GS_RANGE_NUMBER, bad (of badlen bytes) holds the part that is
 * not a number.
 */
enum gs_range_status gs_parse_range(const char *s, unsigned long max,
	    size_t maxn, unsigned long *first, size_t *n, char *bad,
	    size_t badlen);

#endif
