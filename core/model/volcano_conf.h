/*
 * model/volcano_conf.h: Volcano's device config as the vGPU code reads it
 * (pkg/scheduler/api/devices/config/vgpu.go NvidiaConfig, v1.15.1): the
 * knownMigGeometries (models, then named groups of MIG instances) and
 * gpuMemoryFactor.  Loaded from the volcano-vgpu-device-config ConfigMap
 * (load/volcano_conf.c); a cluster owns a copy.
 */
#ifndef GS_VOLCANO_CONF_H
#define GS_VOLCANO_CONF_H

#include <stddef.h>
#include <stdint.h>

#define GS_VC_MAXPOS	64	/* positions per group: the in-use bitmap */

/* config.MigTemplate: one instance kind of a group (HAMi's
 * util.MigTemplate too, whose core, v2.8+, Volcano has not). */
struct gs_vc_inst {
	char		*name;		/* "1g.10gb" */
	uint32_t	 mem;		/* memory: MiB */
	int32_t		 count;
	int32_t		 core;		/* HAMi v2.8+: percent, 0 unset */
};

/* config.Geometry: a named group of instances (HAMi's geometries are
 * unnamed: name NULL). */
struct gs_vc_group {
	char			*name;
	struct gs_vc_inst	*inst;
	size_t			 ninst;
};

/* config.AllowedMigGeometries: the GPU models and their groups. */
struct gs_vc_mig {
	char			**models;
	size_t			  nmodels;
	struct gs_vc_group	 *groups;
	size_t			  ngroups;
};

struct gs_volcano_conf {
	char			*file;
	struct gs_vc_mig	*mig;
	size_t			 nmig;
	uint32_t		 mem_factor;	/* gpuMemoryFactor (0, 1: none) */
};

/* A knownMigGeometries list (Volcano's or HAMi's): copy, free, and
 * the first entry one of whose models is a substring of type (both
 * schedulers' GetNodeDevices/extractGeometryFromType rule), or NULL. */
struct gs_vc_mig *gs_vc_migs_dup(const struct gs_vc_mig *, size_t n);
void	gs_vc_migs_free(struct gs_vc_mig *, size_t n);
const struct gs_vc_mig *gs_vc_migs_find(const struct gs_vc_mig *, size_t n,
	    const char *type);

struct gs_volcano_conf *gs_volcano_conf_dup(const struct gs_volcano_conf *);
void	gs_volcano_conf_free(struct gs_volcano_conf *);
/*
 * extractGeometryFromType (nvidia/vgpu/utils.go, v1.15.1): the first
 * entry one of whose models is a substring of the device type, or NULL
 * (no config, or no entry: Volcano falls back to hami-core).
 */
const struct gs_vc_mig *gs_volcano_geometry(const struct gs_volcano_conf *,
	    const char *type);

#endif
