/*
 * util/optparse.c: whole numbers, shards I/N and ranges A-B as the command
 * line gives them (--seed, --shard, --seeds).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/optparse.h"

int
gs_parse_uint(const char *s, unsigned long lo, unsigned long hi,
    unsigned long *out)
{
	char		*end;
	unsigned long	 v;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

/* The digits of s up to stop, as a number in [lo, hi]. */
static int
parse_part(const char *s, const char *stop, unsigned long lo,
    unsigned long hi, unsigned long *out)
{
	char	buf[32];
	size_t	len = (size_t)(stop - s);

	if (len == 0 || len >= sizeof buf)
		return -1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	return gs_parse_uint(buf, lo, hi, out);
}

int
gs_parse_shard(const char *s, size_t *i, size_t *n)
{
	const char	*slash = strchr(s, '/');
	unsigned long	 a, b;

	if (slash == NULL ||
	    parse_part(s, slash, 0, GS_SHARDS_MAX - 1, &a) != 0 ||
	    gs_parse_uint(slash + 1, 1, GS_SHARDS_MAX, &b) != 0 || a >= b)
		return -1;
	*i = a;
	*n = b;
	return 0;
}

enum gs_range_status
gs_parse_range(const char *s, unsigned long max, size_t maxn,
    unsigned long *first, size_t *n, char *bad, size_t badlen)
{
	const char	*dash = strchr(s, '-');
	unsigned long	 lo, hi;

	if (dash == NULL)
		return GS_RANGE_FORM;
	if (parse_part(s, dash, 0, max, &lo) != 0) {
		snprintf(bad, badlen, "%.*s", (int)(dash - s), s);
		return GS_RANGE_NUMBER;
	}
	if (gs_parse_uint(dash + 1, 0, max, &hi) != 0) {
		snprintf(bad, badlen, "%s", dash + 1);
		return GS_RANGE_NUMBER;
	}
	if (hi < lo)
		return GS_RANGE_ORDER;
	if (hi - lo >= maxn)
		return GS_RANGE_SIZE;
	*first = lo;
	*n = (size_t)(hi - lo + 1);
	return GS_RANGE_OK;
}
