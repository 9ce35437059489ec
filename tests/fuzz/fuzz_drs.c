/*
 * fuzz_drs.c: libFuzzer target for enflame.com/gcu-drs-capacity
 * (core/load/enflame_drs.c).  Whatever decodes has at most 256 devices
 * of distinct indices and its profiles sorted by size, then memory,
 * each of a size and memory above 0 and cores from 1 to 100.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/load/enflame_drs.h"
#include "../../core/util/util.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gs_drs_spec	 sp;
	const struct gs_drs_profile *p;
	char			 why[160], *s = xstrndup((const char *)data,
				    size);
	int64_t			 a, b;
	size_t			 i, j;

	gs_drs_parse_profile(s, &a, &b);
	if (gs_drs_decode(s, &sp, why, sizeof why) == 0) {
		if (sp.ndevs > 256)
			abort();
		for (i = 0; i < sp.ndevs; i++)
			for (j = 0; j < i; j++)
				if (sp.devs[i].index == sp.devs[j].index)
					abort();
		for (i = 0; i < sp.nprofiles; i++) {
			p = &sp.profiles[i];
			if (p->size <= 0 || p->mem_gb <= 0 ||
			    p->core_pct < 1 || p->core_pct > 100 ||
			    (i > 0 && (p[-1].size > p->size ||
			    (p[-1].size == p->size && p[-1].mem_gb >
			    p->mem_gb))))
				abort();
		}
		gs_drs_spec_release(&sp);
	}
	free(s);
	return 0;
}
