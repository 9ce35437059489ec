/*
 * model/catalog.h: GPU models gpusched knows by short name, with the name NVML
 * reports and the memory (MiB) HAMi's device plugin registers for them.
 */
#ifndef GS_CATALOG_H
#define GS_CATALOG_H

#include <stdint.h>

struct gs_gpu_model {
	const char	*key;		/* short name users write: "T4" */
	const char	*nvml_name;	/* "Tesla T4" */
	int32_t		 memory;	/* MiB, NVML total */
	int		 observed;	/* seen registered by HAMi */
	const char	*aliases;	/* comma list, case-insensitive */
};

extern const struct gs_gpu_model gs_gpu_models[];
extern const unsigned gs_ngpu_models;

/* Find by key, alias or NVML name (case-insensitive), or NULL. */
const struct gs_gpu_model *gs_gpu_model_find(const char *name);

#endif
