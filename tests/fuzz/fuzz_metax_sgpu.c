/*
 * fuzz_metax_sgpu.c: libFuzzer target for metax-tech.com/node-gpu-devices
 * (core/load/metax_sgpu.c).  Whatever decodes has at most 256 devices,
 * each with a uuid no other device has.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/load/metax_sgpu.h"
#include "../../core/util/util.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gs_msgpu_dev	*d;
	char			 why[160], *s = xstrndup((const char *)data,
				    size);
	size_t			 i, j, n;

	if (gs_msgpu_decode(s, &d, &n, why, sizeof why) == 0) {
		if (n > 256)
			abort();
		for (i = 0; i < n; i++)
			for (j = 0; j < i; j++)
				if (d[i].uuid == NULL ||
				    strcmp(d[i].uuid, d[j].uuid) == 0)
					abort();
		gs_msgpu_devs_free(d, n);
	} else if (why[0] == '\0')
		abort();
	free(s);
	return 0;
}
