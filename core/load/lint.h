/*
 * load/lint.h: what HAMi users trip over in their manifests (HAMi issues
 * collected in spec/user-needs.md): a GPU request without gpumem (the
 * whole card), memory no GPU has, more GPUs than any node, policy values
 * HAMi silently reads as binpack or spread.  Annotations on a controller's
 * own metadata are caught while loading.
 */
#ifndef GS_LINT_H
#define GS_LINT_H

#include "model/model.h"

/* Append findings about w (checked against c when not NULL) to out. */
size_t	gs_lint(const struct gs_workload *w, const struct gs_cluster *c,
	    const struct gs_config *cfg, struct gs_warnings *out);

struct gs_scenario;

/*
 * Two of the loader's warnings are noise when every run of sc schedules
 * under a dra profile only (its profile and every --scheduler mapping are
 * dra rows), and are dropped from w then: "no
 * hami.io/node-nvidia-register annotation" (gs_node.noreg_warning) for
 * each node a ResourceSlice names (spec.nodeName), and "init container
 * asks for GPU resources" (gs_container.init_warning), HAMi's rule.
 * Both stay under the HAMi profiles (and any other), the first also for
 * nodes with neither annotation nor slices.
 */
void	gs_lint_dra_loader(const struct gs_scenario *sc,
	    struct gs_warnings *w);

/*
 * gs_lint of each run of sc against its cluster, then gs_lint_dra_loader.
 * When every run is under dra profiles only, a container asking a
 * resource a DeviceClass maps (KEP-5004 extendedResourceName, or
 * deviceclass.resource.kubernetes.io/CLASS) is DRA's: HAMi's "asks for N
 * GPUs, no node has more than M" and "asks for N MiB per GPU" findings
 * are left out for it.  Warning order is kept.
 */
size_t	gs_lint_scenario(const struct gs_scenario *sc,
	    struct gs_warnings *w);

#endif
