/*
 * fuzz_args.c: libFuzzer target for the numeric option strings
 * (core/util/optparse.c): the first byte chooses --seed (a whole number),
 * --shard I/N or --seeds A-B; the rest is the string.  Every accepted
 * value must lie in its range.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/util/optparse.h"
#include "../../core/util/util.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char		*s, bad[64];
	unsigned long	 v, first;
	size_t		 i, n;

	if (size < 1 || size > 256)
		return 0;
	s = xstrndup((const char *)data + 1, size - 1);
	if (strlen(s) != size - 1) {	/* argv strings hold no NUL */
		free(s);
		return 0;
	}
	switch (data[0] % 3) {
	case 0:
		if (gs_parse_uint(s, 0, GS_SEED_MAX, &v) == 0 &&
		    v > GS_SEED_MAX)
			abort();
		break;
	case 1:
		if (gs_parse_shard(s, &i, &n) == 0 &&
		    (i >= n || n > GS_SHARDS_MAX))
			abort();
		break;
	default:
		if (gs_parse_range(s, 4294967295UL, 10000, &first, &n, bad,
		    sizeof bad) == GS_RANGE_OK &&
		    (n == 0 || n > 10000 || first + (n - 1) > 4294967295UL))
			abort();
		break;
	}
	free(s);
	return 0;
}
