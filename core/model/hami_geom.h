/*
 * model/hami_geom.h: HAMi's MIG geometry model (v2.6-v2.9): the chart's
 * knownMigGeometries per release, and the flattened instance list
 * (util.PlatternMIG) that the scheduler's MigUsage.UsageList is.
 */
#ifndef GS_HAMI_GEOM_H
#define GS_HAMI_GEOM_H

#include <stddef.h>

#include "model/volcano_conf.h"

/* Which chart's knownMigGeometries a profile row defaults to. */
enum gs_hgeom_chart {
	GS_HGEOM_NONE,		/* v2.10: the reservation model instead */
	GS_HGEOM_V261,		/* v2.6.1, v2.7.0: no cores */
	GS_HGEOM_V280,		/* v2.8.0: cores, H100/H20/H200/B200 */
	GS_HGEOM_V290,		/* v2.9.0: A100-80GB at 9728/19968/40192 */
	GS_HGEOM_NCHART
};

/* charts/hami/templates/scheduler/device-configmap.yaml's list of that
 * release (its entries in the chart's order), or NULL for NONE. */
const struct gs_vc_mig	*gs_hgeom_chart(int chart, size_t *n);
/* PlatternMIG: how many instances geometry g flattens to. */
int	gs_hgeom_slots(const struct gs_vc_group *g);
/* The instance kind of slot s of g's flattened list, or NULL. */
const struct gs_vc_inst	*gs_hgeom_slot(const struct gs_vc_group *g, int s);

#endif
