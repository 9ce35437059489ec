/*
 * fuzz_metax_topo.c: libFuzzer target for Metax's node score annotations
 * (core/load/metax_topo.c).  A value that decodes has each index once;
 * one that does not has no entries and reads 0 everywhere.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/load/metax_topo.h"
#include "../../core/util/util.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gs_metax_topo	t;
	char			why[128], *s = xstrndup((const char *)data, size);
	size_t			i, j;

	if (gs_metax_topo_decode(s, &t, why, sizeof why) == 0) {
		if (!t.valid)
			abort();
		for (i = 0; i < t.n; i++)
			for (j = 0; j < i; j++)
				if (t.e[i].index == t.e[j].index)
					abort();
	} else if (t.valid || t.n != 0 || t.e != NULL ||
	    gs_metax_topo_value(&t, 1) != 0 || why[0] == '\0')
		abort();
	free(t.e);
	free(s);
	return 0;
}
