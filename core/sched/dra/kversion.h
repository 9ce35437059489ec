/*
 * sched/dra/kversion.h: the Kubernetes versions the `dra` profiles model
 * (--kubernetes-version): per version its policy row, the structured
 * allocator variant that runs with the default feature gates, and those
 * gates (sched/dra/alloc.h struct gs_dra_features).
 */
#ifndef GS_SCHED_DRA_KVERSION_H
#define GS_SCHED_DRA_KVERSION_H

#include <stddef.h>

#include "sched/dra/alloc.h"

struct gs_kube_version {
	const char		*version;	/* "1.34" */
	const char		*profile;	/* its policy row */
	const char		*allocator;	/* stable, incubating */
	struct gs_dra_features	 feat;
};

extern const struct gs_kube_version gs_kube_versions[];
extern const size_t gs_kube_nversions;

/* The row of version v ("1.35", "v1.35" or "v1.35.2"), or NULL. */
const struct gs_kube_version *gs_kube_version_find(const char *v);
/* The row whose policy is profile, or NULL. */
const struct gs_kube_version *gs_kube_version_of(const char *profile);

#endif
