/*
 * load/dra.h: reading DRA objects (resource.k8s.io/v1) from cluster and
 * workload files into model/dra.h (load/dra.c: classes and slices;
 * load/dra_claim.c: claims, templates, pods' resourceClaims).
 */
#ifndef GS_LOAD_DRA_H
#define GS_LOAD_DRA_H

#include "load/yamltree.h"
#include "model/dra.h"

/* Is kind a DRA object kind? */
int	gs_dra_kind(const char *kind);
/*
 * Read one DRA object of that kind into *d (created on the first);
 * the usage is resized.  0, or -1 with err located.
 */
int	gs_dra_load_object(struct gs_dra **d, const struct yt_file *f,
	    const struct yt_node *obj, const char *kind, struct gs_error *err);
/* A pod spec's resourceClaims for pod ns/name (nothing when absent). */
int	gs_dra_load_pod(struct gs_dra **d, const struct yt_file *f,
	    const struct yt_node *spec, const char *ns, const char *pod,
	    struct gs_error *err);
/* Every DeviceClass d's claims name is in d or all, and every claim its
 * pods name; else a located error. */
int	gs_dra_check(const struct gs_dra *all, const struct gs_dra *d,
	    struct gs_error *err);

/* KEP-5004 (load/dra_extres.c): is name an extended resource DRA may
 * back?  Read the container's into c->ext from its resources. */
int	gs_extres_name(const char *name);
void	gs_load_extres(const struct yt_node *res, struct gs_container *c);

/* Shared by the two files. */
int	gs_dra_quantity(const struct yt_file *, const struct yt_node *,
	    const char *what, int64_t *v, struct gs_error *);
int	gs_dra_load_sels(const struct yt_file *, const struct yt_node *,
	    struct gs_dra_sel **, size_t *, struct gs_error *);
int	gs_dra_load_cluster_kind(struct gs_dra_block *, const struct yt_file *,
	    const struct yt_node *obj, const char *kind, const char *name,
	    struct gs_error *);

#endif
