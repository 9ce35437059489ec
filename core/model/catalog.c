/*
 * model/catalog.c: the built-in GPU catalogue.
 *
 * "observed" entries are values HAMi v2.6.1 registered on real nodes (the
 * hami-ecosystem-demo's README: Tesla T4 15360 MiB, A10G 23028 MiB).  The
 * others are the totals NVML (nvidia-smi) commonly reports for the model;
 * where your nodes register another figure, give `memory:` in the pool or
 * load the real Node objects.
 */
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "model/catalog.h"

const struct gs_gpu_model gs_gpu_models[] = {
	{ "T4", "Tesla T4", 15360, 1, "tesla-t4" },
	{ "A10G", "NVIDIA A10G", 23028, 1, "" },
	{ "A10", "NVIDIA A10", 23028, 0, "" },
	{ "L4", "NVIDIA L4", 23034, 0, "" },
	{ "L40S", "NVIDIA L40S", 46068, 0, "" },
	{ "V100-16GB", "Tesla V100-SXM2-16GB", 16384, 0, "V100" },
	{ "V100-32GB", "Tesla V100-SXM2-32GB", 32768, 0, "" },
	{ "A30", "NVIDIA A30", 24576, 0, "" },
	{ "A100-40GB", "NVIDIA A100-SXM4-40GB", 40960, 0, "A100" },
	{ "A100-80GB", "NVIDIA A100-SXM4-80GB", 81920, 0, "" },
	{ "H100", "NVIDIA H100 80GB HBM3", 81559, 0, "H100-80GB" },
	{ "H200", "NVIDIA H200", 143771, 0, "H200-141GB" },
	{ "B200", "NVIDIA B200", 183359, 0, "" },
	{ "RTX4090", "NVIDIA GeForce RTX 4090", 24564, 0, "4090" },
};

const unsigned gs_ngpu_models = sizeof gs_gpu_models / sizeof gs_gpu_models[0];

static int
in_aliases(const char *list, const char *name)
{
	size_t	n = strlen(name);
	const char *p = list, *q;

	while (*p != '\0') {
		q = strchr(p, ',');
		if (q == NULL)
			q = p + strlen(p);
		if ((size_t)(q - p) == n && strncasecmp(p, name, n) == 0)
			return 1;
		p = *q ? q + 1 : q;
	}
	return 0;
}

const struct gs_gpu_model *
gs_gpu_model_find(const char *name)
{
	unsigned	i;

	for (i = 0; i < gs_ngpu_models; i++) {
		const struct gs_gpu_model *m = &gs_gpu_models[i];

		if (strcasecmp(m->key, name) == 0 ||
		    strcasecmp(m->nvml_name, name) == 0 ||
		    in_aliases(m->aliases, name))
			return m;
	}
	return NULL;
}
