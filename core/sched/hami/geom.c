/*
 * sched/hami/geom.c: HAMi's MIG geometry model (v2.6.1 to v2.9.0): a
 * MIG-mode GPU takes the instances of one geometry of its
 * knownMigGeometries entry, chosen when the GPU is empty, and a container
 * takes the first free instance that holds its memory.
 *
 * Upstream (Project-HAMi/HAMi, pkg/device/nvidia/device.go at v2.6.1,
 * v2.7.0, v2.8.0, v2.9.0): CustomFilterRule, migNeedsReset,
 * AddResourceUsage; util.PlatternMIG (model/hami_geom.c).  The quirks
 * each release has are profile flags (sched/hami/hami.h):
 * - v2.6.1 takes an instance only when its memory is strictly larger
 *   than the request (`>`), although the geometry was chosen with `>=`;
 *   v2.7.0 takes an equal one (`>=`, HAMi#1179);
 * - up to v2.7.0 a geometry fits when its first entry holds the request,
 *   and an empty GPU gives instance 0; from v2.8.0 any entry may hold it,
 *   the GPU gives that entry's first instance and its core, and the UUID
 *   suffix names the entry's index, not the instance's (so the usage
 *   HAMi rebuilds from the annotation marks that slot: hami_geom_use);
 * - CustomFilterRule asks the request's own Memreq (0 for a percentage),
 *   while the container's earlier picks (on any GPU: toAllocate is not
 *   filtered by UUID) and AddResourceUsage use the memory Fit computed.
 */
#include <stdio.h>
#include <string.h>

#include "model/hami_geom.h"
#include "sched/hami/mig.h"
#include "sched/hami/vendor.h"

/* Does an instance of mem MiB hold req (v2.6.1 `>`, v2.7+ `>=`)? */
static int
holds(const struct hami_profile *hp, uint32_t mem, int32_t req)
{
	return hp->mig_geom_equal ? (int64_t)mem >= req : (int64_t)mem > req;
}

/*
 * The first geometry in config order that holds req (its first entry's
 * memory >= req; v2.8+: any entry's), with *entry that entry; -1 when
 * none does.
 */
static int
pick_geometry(const struct hami_profile *hp, const struct gs_vc_mig *m,
    int32_t req, int *entry)
{
	size_t	t, e;

	for (t = 0; m != NULL && t < m->ngroups; t++)
		for (e = 0; e < m->groups[t].ninst; e++) {
			if ((int64_t)m->groups[t].inst[e].mem >= req) {
				*entry = (int)e;
				return (int)t;
			}
			if (!hp->mig_geom_any_entry)
				break;
		}
	return -1;
}

/* The first free slot of g (used) that holds req, or -1. */
static int
first_free(const struct hami_profile *hp, const struct gs_vc_group *g,
    uint64_t used, int32_t req)
{
	int	i, n = gs_hgeom_slots(g);

	for (i = 0; i < n && i < 64; i++)
		if (!(used & (1ULL << i)) &&
		    holds(hp, gs_hgeom_slot(g, i)->mem, req))
			return i;
	return -1;
}

/* d's flattened geometry, or NULL (an empty UsageList). */
static const struct gs_vc_group *
in_use(const struct gs_device *d)
{
	if (d->hg_geom <= 0 || d->hgeom == NULL ||
	    (size_t)d->hg_geom > d->hgeom->ngroups)
		return NULL;
	return &d->hgeom->groups[d->hg_geom - 1];
}

int
hami_geom_filter(const struct hami_profile *hp, const struct gs_device *d,
    const struct gs_grant *tmp, int ntmp, int32_t rawreq)
{
	const struct gs_vc_group	*g = in_use(d);
	uint64_t			 used = d->hg_used;
	int				 k, i, e;

	if (d->hg_geom == 0) {
		if ((i = pick_geometry(hp, d->hgeom, rawreq, &e)) < 0)
			return 0;	/* "MIG entry no template fit" */
		g = &d->hgeom->groups[i];
		used = 0;
	}
	if (g == NULL)
		return 0;
	for (k = 0; k < ntmp; k++) {
		if ((i = first_free(hp, g, used, tmp[k].usedmem)) < 0)
			return 0;
		used |= 1ULL << i;
	}
	return first_free(hp, g, used, rawreq) >= 0;
}

/* Take slot i of g for grant gr (suffix: the slot its UUID names). */
static void
take(const struct hami_profile *hp, struct gs_device *d,
    const struct gs_vc_group *g, int i, int suffix, struct gs_grant *gr)
{
	const struct gs_vc_inst	*in = gs_hgeom_slot(g, i);

	d->hg_used |= 1ULL << i;
	gr->usedmem = (int32_t)in->mem;
	if (hp->mig_geom_any_entry)
		gr->usedcores = in->core;
	gr->hg_geom = d->hg_geom;
	gr->hg_slot = suffix + 1;
}

int
hami_geom_charge(const struct hami_profile *hp, struct gs_device *d,
    struct gs_grant *gr)
{
	const struct gs_vc_group	*g;
	int				 t, e, slot;
	size_t				 k;

	gr->hg_geom = gr->hg_slot = 0;
	if (d->hg_geom == 0 || d->hg_used == 0) {
		/* migNeedsReset: a geometry anew; none holding the memory
		 * leaves the GPU as it is, without an error. */
		d->hg_geom = 0;
		d->hg_used = 0;
		if ((t = pick_geometry(hp, d->hgeom, gr->usedmem, &e)) < 0)
			return 0;
		g = &d->hgeom->groups[t];
		d->hg_geom = t + 1;
		for (k = 0, slot = 0; hp->mig_geom_any_entry &&
		    k < (size_t)e; k++)
			slot += g->inst[k].count;
		take(hp, d, g, slot, hp->mig_geom_any_entry ? e : 0, gr);
		return 0;
	}
	if ((g = in_use(d)) == NULL ||
	    (slot = first_free(hp, g, d->hg_used, gr->usedmem)) < 0)
		return -1;	/* "mig template allocate resource fail" */
	take(hp, d, g, slot, slot, gr);
	return 0;
}

void
hami_geom_use(struct gs_device *d, const struct gs_grant *g, int sign)
{
	if (g->hg_slot <= 0 || g->hg_slot > 64)
		return;
	if (sign > 0) {
		/* getNodesUsage: the first suffix flattens its geometry. */
		if (d->hg_geom == 0)
			d->hg_geom = g->hg_geom;
		d->hg_used |= 1ULL << (g->hg_slot - 1);
		return;
	}
	d->hg_used &= ~(1ULL << (g->hg_slot - 1));
	if (d->hg_used == 0)
		d->hg_geom = 0;
}

int
hami_geom_id(const struct gs_device *d, const struct gs_grant *g, char *buf,
    size_t len)
{
	if (g->hg_slot <= 0)
		return -1;
	snprintf(buf, len, "%s[%d-%d]", d->id, g->hg_geom - 1, g->hg_slot - 1);
	return 0;
}

/* "1g.5gb x1, 2g.10gb x3" */
static size_t
kinds(const struct gs_vc_group *g, char *buf, size_t len)
{
	size_t	i, off = 0;

	for (i = 0; i < g->ninst && off < len; i++)
		off += (size_t)snprintf(buf + off, len - off, "%s%s x%d",
		    i ? ", " : "", g->inst[i].name, g->inst[i].count);
	return off < len ? off : len;
}

void
hami_geom_tried(const struct hami_profile *hp, const struct gs_device *d,
    int32_t rawreq, char *buf, size_t len)
{
	const struct gs_vc_group	*g = in_use(d);
	size_t				 off;
	int				 t, e;

	if (len == 0)
		return;
	buf[0] = '\0';
	if (d->hgeom == NULL) {
		snprintf(buf, len, "no knownMigGeometries entry names %s",
		    d->type);
		return;
	}
	if (d->hg_geom == 0) {
		if ((t = pick_geometry(hp, d->hgeom, rawreq, &e)) < 0) {
			snprintf(buf, len, "no geometry holds %d MiB", rawreq);
			return;
		}
		g = &d->hgeom->groups[t];
	} else
		t = d->hg_geom - 1;
	if (g == NULL) {
		snprintf(buf, len, "geometry %d is not in its entry", t);
		return;
	}
	off = (size_t)snprintf(buf, len, "geometry %d (", t);
	if (off < len)
		off += kinds(g, buf + off, len - off);
	if (off < len)
		snprintf(buf + off, len - off, "): no free instance of %s%d "
		    "MiB", hp->mig_geom_equal ? "" : "more than ", rawreq);
}

void
hami_geom_taken(const struct gs_grant *g, char *buf, size_t len)
{
	if (g->hg_slot <= 0)
		snprintf(buf, len, "no instance recorded, %d MiB", g->usedmem);
	else
		snprintf(buf, len, "[%d-%d], %d MiB", g->hg_geom - 1,
		    g->hg_slot - 1, g->usedmem);
}
