/*
 * fuzz_hamimig.c: libFuzzer target for HAMi v2.10's MIG JSON forms
 * (core/load/hami_mig.c): a register device's migProfiles and a pod's
 * hami.io/vgpu-mig-allocations.  Whatever parses must keep the placement
 * rules' invariants: a chosen placement overlaps nothing in use, and a
 * parsed allocation list holds no overlap on one GPU.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/load/hami_mig.h"
#include "../../core/sched/hami/mig.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void
check_profiles(const struct gs_hmig *h)
{
	struct gs_hmig_use	used[GS_HMIG_MAXPL];
	int			n = 0, k, pl, i;

	/* Fill the GPU with 1 MiB requests until nothing is free. */
	while (n < GS_HMIG_MAXPL &&
	    (k = hami_mig_candidate(h, used, n, 1, &pl)) >= 0) {
		for (i = 0; i < n; i++)
			if (h->p[k].start[pl] < used[i].start + used[i].size &&
			    used[i].start < h->p[k].start[pl] + h->p[k].size[pl])
				abort();
		used[n].prof = (int16_t)k;
		used[n].start = h->p[k].start[pl];
		used[n++].size = h->p[k].size[pl];
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	json_error_t		 je;
	json_t			*root = json_loadb((const char *)data, size, 0,
				    &je);
	struct gs_hmig		*h = NULL;
	struct gs_hmig_alloc	*a = NULL;
	size_t			 n, i, j;
	char			 why[256];

	if (root == NULL)
		return 0;
	if (gs_hmig_profiles_json(root, "NVIDIA-A100-SXM4-80GB", &h, why,
	    sizeof why) == 0 && h != NULL)
		check_profiles(h);
	free(h);
	if (gs_hmig_profiles_json(root, "unknown", &h, why, sizeof why) == 0 &&
	    h != NULL)
		check_profiles(h);
	free(h);
	if (gs_hmig_allocs_parse(root, &a, &n, why, sizeof why) == 0)
		for (i = 0; i < n; i++)
			for (j = 0; j < i; j++)
				if (strcmp(a[i].gpu, a[j].gpu) == 0 &&
				    a[i].start < a[j].start + a[j].size &&
				    a[j].start < a[i].start + a[i].size)
					abort();
	free(a);
	json_decref(root);
	return 0;
}
