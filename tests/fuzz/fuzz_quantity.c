/*
 * fuzz_quantity.c: libFuzzer target for the Kubernetes quantity parser.
 * Checks that a quantity that "fits" is integral and agrees with its own
 * rounded-up value.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/load/quantity.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char			buf[512], why[64];
	struct gs_quantity	q;

	if (size >= sizeof buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	if (gs_quantity_parse(buf, &q, why, sizeof why) != 0)
		return 0;
	if (q.fits && (!q.integral || q.ceil != q.value))
		abort();
	if (q.fits && (q.value < 0) != q.negative && q.value != 0)
		abort();
	return 0;
}
