/*
 * fuzz_pair_scores.c: libFuzzer target for hami.io/node-nvidia-score
 * (core/load/pair_scores.c).  Whatever decodes gives only the node's
 * GPUs scores, each peer at most once per GPU.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/load/pair_scores.h"
#include "../../core/util/util.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gs_node	n;
	char		why[160], *s = xstrndup((const char *)data, size);
	size_t		i, j;

	memset(&n, 0, sizeof n);
	n.ndevs = 2;
	n.devs = xcalloc(2, sizeof *n.devs);
	for (i = 0; i < 2; i++) {
		n.devs[i].id = xstrdup(i ? "GPU-1" : "GPU-0");
		n.devs[i].type = xstrdup("NVIDIA-Tesla T4");
		n.devs[i].mode = xstrdup("hami-core");
	}
	if (gs_pair_scores_decode(s, &n, why, sizeof why) == 0)
		for (i = 0; i < n.npairs; i++) {
			if (strcmp(n.pairs[i].id, "GPU-0") != 0 &&
			    strcmp(n.pairs[i].id, "GPU-1") != 0)
				abort();
			for (j = 0; j < i; j++)
				if (strcmp(n.pairs[i].id, n.pairs[j].id) == 0 &&
				    strcmp(n.pairs[i].peer,
				    n.pairs[j].peer) == 0)
					abort();
		}
	gs_node_release(&n);
	free(s);
	return 0;
}
