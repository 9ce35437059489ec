/*
 * load/hami_mig.h: HAMi v2.10's MIG JSON forms (load/hami_mig.c).
 */
#ifndef GS_LOAD_HAMI_MIG_H
#define GS_LOAD_HAMI_MIG_H

#include <stddef.h>

#include <jansson.h>

#include "model/model.h"
#include "model/running.h"
#include "load/yamltree.h"

/* One entry of hami.io/vgpu-mig-allocations; strings point into the
 * JSON it was parsed from. */
struct gs_hmig_alloc {
	int		 ctr, dev;	/* containerIndex, deviceIndex */
	const char	*gpu;		/* gpuUUID */
	const char	*profile;
	int		 start, size;
};

/* A register annotation device's `migProfiles` (NULL or absent: *out
 * NULL) for a GPU of that type.  Returns 0, or -1 with why. */
int	gs_hmig_profiles_json(json_t *arr, const char *type,
	    struct gs_hmig **out, char *why, size_t len);
/* hami.io/vgpu-mig-allocations, parsed: a new array in *out (free it).
 * Returns 0, or -1 with why. */
int	gs_hmig_allocs_parse(json_t *root, struct gs_hmig_alloc **out,
	    size_t *n, char *why, size_t len);

/*
 * HAMi's geometry model (load/hami_geom.c): the "[geometry-slot]" after a
 * device UUID's '[' (s), as util.ExtractMigTemplatesFromUUID reads it;
 * 0, or -1 when HAMi cannot.  gs_hgeom_uses marks running pod rp's
 * instances on n (0, or -1 with err located at its annotation); a
 * suffix only some charts cannot hold is kept in c->hg_bad.
 */
int	gs_hgeom_suffix(const char *s, int *geom, int *slot);
int	gs_hgeom_uses(struct gs_cluster *c, struct gs_node *n,
	    const struct gs_running_pod *rp, const struct gs_pod *pod,
	    const struct yt_file *f, const struct yt_node *obj,
	    struct gs_warnings *w, struct gs_error *err);

#endif
