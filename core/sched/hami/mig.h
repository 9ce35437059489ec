/*
 * sched/hami/mig.h: HAMi v2.10's MIG reservation model (sched/hami/mig.c).
 */
#ifndef GS_HAMI_MIG_H
#define GS_HAMI_MIG_H

#include <stddef.h>
#include <stdint.h>

#include "model/model.h"
#include "sched/hami/hami.h"

#define HAMI_MIG_ALLOC_ANNO	"hami.io/vgpu-mig-allocations"

/* The placement index profile p takes given the uses, or -1. */
int	hami_mig_placement(const struct gs_hmig_profile *p,
	    const struct gs_hmig_use *used, int nused);
/* The profile index (and *pl its placement) a request of mem MiB takes,
 * or -1. */
int	hami_mig_candidate(const struct gs_hmig *m,
	    const struct gs_hmig_use *used, int nused, int32_t mem, int *pl);
/* CustomFilterRule on a MIG-mode GPU: does a request of mem MiB find a
 * profile and placement after the container's nprev earlier picks on
 * this GPU (their memory in prev)? */
int	hami_mig_filter(const struct gs_device *d, const int32_t *prev,
	    int nprev, int32_t mem);
/* AddResourceUsage: choose g's profile and placement on d, set its
 * memory and cores to the profile's and mark the placement in use.
 * Returns 0, or -1 when none is free. */
int	hami_mig_charge(struct gs_device *d, struct gs_grant *g);
/* Add (sign > 0) or remove a MIG grant's placement from d's uses. */
void	hami_mig_use(struct gs_device *d, const struct gs_grant *g, int sign);
/* For explain: the profiles a request of mem MiB tries on m, in order,
 * "tried 2g.20gb, 3g.40gb: no free placement". */
void	hami_mig_tried(const struct gs_hmig *m, int32_t mem, char *buf,
	    size_t len);
/* The pod's hami.io/vgpu-mig-allocations into buf; returns the number of
 * MIG grants (0: HAMi writes no annotation). */
size_t	hami_mig_encode(const struct gs_node *n, const struct gs_ctr_grant *c,
	    size_t nc, char *buf, size_t len);

/* Fit's CustomFilterRule for device di (tmp: the container's picks so
 * far; memreq the memory Fit computed, rawreq the request's Memreq):
 * the hami_reason, or -1 when it passes. */
int	hami_mig_rule(const struct hami_filter *f, const struct gs_device *d,
	    size_t di, const struct gs_grant *tmp, int ntmp, int32_t memreq,
	    int32_t rawreq);
/* AddResourceUsage's MIG part for grant g of a vendor's request on d:
 * 0, or -1 when HAMi's fails ("AddResourceUsage failed"). */
int	hami_mig_add(const struct hami_filter *f, int vendor,
	    struct gs_device *d, struct gs_grant *g);
/* Is d a MIG-mode GPU of the geometry model (v2.6-v2.9) under hp? */
int	hami_geom_applies(const struct hami_profile *hp,
	    const struct gs_device *d);

/*
 * The geometry model (sched/hami/geom.c).  hami_geom_filter:
 * CustomFilterRule (1 passes); hami_geom_charge: AddResourceUsage on d
 * (0, or -1 on "mig template allocate resource fail"); hami_geom_use: a
 * grant's instance in use (sign > 0) or freed, the GPU's geometry reset
 * when none is left; hami_geom_id: "GPU-x[geometry-slot]", -1 when g has
 * no suffix; hami_geom_tried and hami_geom_taken: explain's words.
 */
int	hami_geom_filter(const struct hami_profile *hp,
	    const struct gs_device *d, const struct gs_grant *tmp, int ntmp,
	    int32_t rawreq);
int	hami_geom_charge(const struct hami_profile *hp, struct gs_device *d,
	    struct gs_grant *g);
void	hami_geom_use(struct gs_device *d, const struct gs_grant *g,
	    int sign);
int	hami_geom_id(const struct gs_device *d, const struct gs_grant *g,
	    char *buf, size_t len);
void	hami_geom_tried(const struct hami_profile *hp,
	    const struct gs_device *d, int32_t rawreq, char *buf, size_t len);
void	hami_geom_taken(const struct gs_grant *g, char *buf, size_t len);
/* Does v2.10's Fit try this GPU again after choosing it? */
int	hami_mig_again(const struct hami_filter *f, const struct gs_device *d);
/* isMIGRequest: does the request skip NodeInsufficientDevice? */
int	hami_mig_request(const struct hami_scratch *s,
	    const struct hami_req *req, const struct hami_filter *f);

#endif
