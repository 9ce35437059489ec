/*
 * sched/dra/dra.h: the `dra` profile (sched/dra/policy.c) and what the
 * report shows of its allocations.
 */
#ifndef GS_SCHED_DRA_H
#define GS_SCHED_DRA_H

#include "model/dra.h"
#include "sched/dra/alloc.h"

/* The claims pod names, resolved (*out freed by the caller). */
size_t	gs_dra_pod_wants(const struct gs_dra *, const struct gs_pod *,
	    struct gs_dra_want **out);
/* One taken device as "claim/request=driver/pool/device[ cap=q,...]",
 * into buf. */
void	gs_dra_take_format(const struct gs_dra *, const struct gs_dra_take *,
	    char *buf, size_t len);

struct gs_kube_version;

/* What the DynamicResources profile says of one node (gs_dra_node_check). */
enum {
	GS_DRA_FITS,		/* every claim allocated */
	GS_DRA_FILTERED,	/* a kube-scheduler filter refused it */
	GS_DRA_CPUMEM,		/* NodeResourcesFit on cpu or memory */
	GS_DRA_DEVPLUG,		/* KEP-5004: a device plugin's resource */
	GS_DRA_NOALLOC,		/* the structured allocator found none */
	GS_DRA_NVERDICTS
};

/*
 * The pod's claims for version kv: *want (room for one more, the special
 * claim; freed by the caller) and *nwant; 1 when it asks extended
 * resources a class maps and the version allocates them (KEP-5004).
 */
int	gs_dra_pod_claims(const struct gs_kube_version *kv,
	    const struct gs_dra *d, const struct gs_pod *pod,
	    struct gs_dra_want **want, size_t *nwant);
/*
 * The dra profile's filters on node i of c: GS_DRA_FITS with *a filled,
 * or the verdict refusing it with its text in buf (the filter's reason,
 * the device plugin's resource) and, for GS_DRA_NOALLOC, *why.
 */
int	gs_dra_node_check(const struct gs_kube_version *kv,
	    const struct gs_cluster *c, const struct gs_pod *pod, size_t i,
	    struct gs_dra_want *want, size_t nwant, int ext,
	    struct gs_dra_alloc *a, struct gs_dra_why *why, char *buf,
	    size_t len);

#endif
