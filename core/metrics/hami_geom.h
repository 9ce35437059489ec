/*
 * metrics/hami_geom.h: MIG metrics of HAMi's geometry model (v2.6.1 to
 * v2.9.0) (metrics/hami_geom.c).
 */
#ifndef GS_METRICS_HAMI_GEOM_H
#define GS_METRICS_HAMI_GEOM_H

#include <stddef.h>

#include "metrics/hami_mig.h"
#include "model/model.h"
#include "sched/hami/hami.h"

/* One MIG-mode GPU HAMi registered, with a knownMigGeometries entry. */
struct gs_hgeom_gpu {
	const struct gs_node	*node;
	const struct gs_device	*dev;	/* node->devs[j] */
	size_t			 j;
	int			 geom;	/* the geometry in use, -1: none */
};

/*
 * The cluster's figures in v2.10's shape (metrics/hami_mig.h): gpus,
 * compute slices (the N of an instance named "Ng.*"), free slices,
 * stranded slices (free, but under no free instance of the geometry in
 * use), the largest instance kind still placeable and, per kind, how
 * many more HAMi's geometry rule would place one request after another;
 * and the GPUs themselves with the geometry each has in use.
 */
struct gs_hgeom_metrics {
	struct gs_hmig_metrics	 m;
	struct gs_hgeom_gpu	*gpu;	/* m.gpus of them (owned) */
};

void	gs_hgeom_metrics(const struct gs_cluster *c,
	    const struct hami_profile *hp, struct gs_hgeom_metrics *m);
void	gs_hgeom_metrics_release(struct gs_hgeom_metrics *m);
/* The compute slices of an instance named "Ng.*" (N), else 0. */
int	gs_hgeom_inst_slices(const char *name);
/* Of instance kind k of g's geometry in use: the free instances. */
int	gs_hgeom_free(const struct gs_hgeom_gpu *g, size_t k);

#endif
