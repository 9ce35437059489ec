/*
 * sched/hami/mig.c: HAMi v2.10's MIG reservation model ("dynamic MIG"):
 * which published profile and which placement a MIG-mode GPU gives a
 * container's memory request, the CustomFilterRule that asks it, and
 * the hami.io/vgpu-mig-allocations annotation HAMi writes for it.
 *
 * Upstream (Project-HAMi/HAMi v2.10.0): pkg/device/nvidia/device.go
 * selectMigCandidate, CustomFilterRule, AddResourceUsage;
 * pkg/device/nvidia/mig_topology.go preferHighMigPlacement,
 * orderedMigPlacements, selectMigPlacement, migPlacementsOverlap;
 * pkg/device/nvidia/mig_allocations.go EncodeMigAllocations.
 */
#include <stdio.h>
#include <string.h>

#include "model/hami_geom.h"
#include "sched/hami/mig.h"
#include "sched/hami/vendor.h"

static int	sorted(const struct gs_hmig *, int *);

/* migPlacementsOverlap. */
static int
overlap(int as, int asz, int bs, int bsz)
{
	return as < bs + bsz && bs < as + asz;
}

static int
free_at(const struct gs_hmig_use *used, int nused, int start, int size)
{
	int	i;

	for (i = 0; i < nused; i++)
		if (overlap(start, size, used[i].start, used[i].size))
			return 0;
	return 1;
}

/*
 * selectMigPlacement with orderedMigPlacements: profiles named "1g.*"
 * and "3g.*" (preferHighMigPlacement) try their placements from the
 * highest start, the others from the lowest; the first that overlaps
 * nothing in use wins.  Returns the placement's index, or -1.
 */
int
hami_mig_placement(const struct gs_hmig_profile *p,
    const struct gs_hmig_use *used, int nused)
{
	int	high = strncmp(p->name, "1g.", 3) == 0 ||
		    strncmp(p->name, "3g.", 3) == 0;
	int	order[GS_HMIG_MAXPL], i, j, t, best = -1;

	for (i = 0; i < p->nplace; i++)
		order[i] = i;
	/* sort.SliceStable by start, descending for high. */
	for (i = 1; i < p->nplace; i++)
		for (j = i; j > 0; j--) {
			int a = p->start[order[j - 1]], b = p->start[order[j]];

			if (high ? a >= b : a <= b)
				break;
			t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	for (i = 0; i < p->nplace && best < 0; i++)
		if (free_at(used, nused, p->start[order[i]],
		    p->size[order[i]]))
			best = order[i];
	return best;
}

/*
 * selectMigCandidate: the profiles by memoryMB, then sliceCount (stable);
 * the first with memoryMB >= mem that has a free placement.  Returns the
 * profile's index into m->p and sets *pl to its placement index, or -1.
 */
int
hami_mig_candidate(const struct gs_hmig *m, const struct gs_hmig_use *used,
    int nused, int32_t mem, int *pl)
{
	int	order[GS_HMIG_MAXP], i, k, n = sorted(m, order);

	for (i = 0; i < n; i++) {
		const struct gs_hmig_profile *p = &m->p[order[i]];

		if (p->mem < mem)
			continue;
		if ((k = hami_mig_placement(p, used, nused)) >= 0) {
			*pl = k;
			return order[i];
		}
	}
	return -1;
}

/* Append profile k's placement pl to the uses (at most GS_HMIG_MAXPL:
 * a GPU has 8 memory slices, so more cannot be free). */
static void
use_add(struct gs_hmig_use *used, int *nused, const struct gs_hmig *m,
    int k, int pl)
{
	if (*nused >= GS_HMIG_MAXPL)
		return;
	used[*nused].prof = (int16_t)k;
	used[*nused].start = m->p[k].start[pl];
	used[*nused].size = m->p[k].size[pl];
	(*nused)++;
}

int
hami_mig_filter(const struct gs_device *d, const int32_t *prev, int nprev,
    int32_t mem)
{
	struct gs_hmig_use	used[GS_HMIG_MAXPL];
	int			nused = d->hmig_nuse, i, k, pl;

	memcpy(used, d->hmig_use, sizeof used);
	/* The same container's earlier picks on this GPU, re-selected by
	 * their memory as CustomFilterRule does over toAllocate. */
	for (i = 0; i < nprev; i++) {
		if ((k = hami_mig_candidate(d->hmig, used, nused, prev[i],
		    &pl)) < 0)
			return 0;
		use_add(used, &nused, d->hmig, k, pl);
	}
	return hami_mig_candidate(d->hmig, used, nused, mem, &pl) >= 0;
}

int
hami_mig_charge(struct gs_device *d, struct gs_grant *g)
{
	int	k, pl;

	if ((k = hami_mig_candidate(d->hmig, d->hmig_use, d->hmig_nuse,
	    g->usedmem, &pl)) < 0)
		return -1;
	g->usedmem = d->hmig->p[k].mem;
	g->usedcores = d->hmig->p[k].core;
	g->mig = k + 1;
	g->mig_start = d->hmig->p[k].start[pl];
	g->mig_size = d->hmig->p[k].size[pl];
	use_add(d->hmig_use, &d->hmig_nuse, d->hmig, k, pl);
	return 0;
}

void
hami_mig_use(struct gs_device *d, const struct gs_grant *g, int sign)
{
	int	i;

	if (g->mig == 0 || d->hmig == NULL)
		return;
	if (sign > 0) {
		if (d->hmig_nuse < GS_HMIG_MAXPL) {
			d->hmig_use[d->hmig_nuse].prof = (int16_t)(g->mig - 1);
			d->hmig_use[d->hmig_nuse].start = (uint8_t)g->mig_start;
			d->hmig_use[d->hmig_nuse].size = (uint8_t)g->mig_size;
			d->hmig_nuse++;
		}
		return;
	}
	for (i = 0; i < d->hmig_nuse; i++)
		if (d->hmig_use[i].start == g->mig_start &&
		    d->hmig_use[i].size == g->mig_size) {
			memmove(&d->hmig_use[i], &d->hmig_use[i + 1],
			    (size_t)(d->hmig_nuse - i - 1) *
			    sizeof d->hmig_use[0]);
			d->hmig_nuse--;
			return;
		}
}

/*
 * EncodeMigAllocations: one JSON object per MIG grant, containerIndex
 * the container's position among those with devices, deviceIndex the
 * grant's among the container's, keys in MigAllocation's field order.
 */
size_t
hami_mig_encode(const struct gs_node *n, const struct gs_ctr_grant *c,
    size_t nc, char *buf, size_t len)
{
	size_t	i, j, off = 0, ci = 0, k = 0;

	if (len > 0)
		buf[0] = '\0';
	for (i = 0; i < nc; i++) {
		if (c[i].ngrants == 0)
			continue;
		for (j = 0; j < c[i].ngrants; j++) {
			const struct gs_grant	*g = &c[i].grants[j];
			const struct gs_device	*d = &n->devs[g->dev];

			if (g->mig == 0 || d->hmig == NULL)
				continue;
			off += (size_t)snprintf(buf + off, off < len ?
			    len - off : 0, "%s{\"containerIndex\":%zu,"
			    "\"deviceIndex\":%zu,\"gpuUUID\":\"%s\","
			    "\"profile\":\"%s\",\"placement\":{\"start\":%d,"
			    "\"size\":%d}}", k++ ? "," : "[", ci, j, d->id,
			    d->hmig->p[g->mig - 1].name, g->mig_start,
			    g->mig_size);
		}
		ci++;
	}
	if (k > 0)
		off += (size_t)snprintf(buf + off, off < len ? len - off : 0,
		    "]");
	return k;
}

/* Profile indexes by memory then slices, as selectMigCandidate. */
static int
sorted(const struct gs_hmig *m, int *order)
{
	int	i, j, t;

	for (i = 0; i < m->np; i++)
		order[i] = i;
	for (i = 1; i < m->np; i++)
		for (j = i; j > 0; j--) {
			const struct gs_hmig_profile *a = &m->p[order[j - 1]],
			    *b = &m->p[order[j]];

			if (a->mem < b->mem || (a->mem == b->mem &&
			    a->slices <= b->slices))
				break;
			t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	return m->np;
}

void
hami_mig_tried(const struct gs_hmig *m, int32_t mem, char *buf, size_t len)
{
	int	order[GS_HMIG_MAXP], i, n = sorted(m, order);
	size_t	off = 0;

	buf[0] = '\0';
	for (i = 0; i < n && off < len; i++)
		if (m->p[order[i]].mem >= mem)
			off += (size_t)snprintf(buf + off, len - off, "%s%s",
			    off ? ", " : "tried ", m->p[order[i]].name);
	if (off == 0)
		snprintf(buf, len, "no profile of %d MiB or more", mem);
	else if (off < len)
		snprintf(buf + off, len - off, ": no free placement");
}

int
hami_geom_applies(const struct hami_profile *hp, const struct gs_device *d)
{
	return hp->mig_chart != GS_HGEOM_NONE && d->vendor == GV_NVIDIA &&
	    d->mode != NULL && strcmp(d->mode, "mig") == 0;
}

/*
 * CustomFilterRule on a MIG-mode GPU.  v2.10.0 (pkg/device/nvidia/
 * device.go): a profile with a free placement after the container's
 * earlier picks on it, else CardMigTopologyInfeasible (a GPU without
 * `migProfiles` has none).  v2.6-v2.9 read no `migProfiles`: the
 * geometry model (sched/hami/geom.c), else CardNotFoundCustomFilterRule.
 * Returns the reason, or -1 when it passes (every non-MIG device passes).
 */
int
hami_mig_rule(const struct hami_filter *f, const struct gs_device *d,
    size_t di, const struct gs_grant *tmp, int ntmp, int32_t memreq,
    int32_t rawreq)
{
	int32_t	prev[GS_HMIG_MAXPL];
	int	i, n = 0;

	if (hami_geom_applies(f->hp, d))
		return hami_geom_filter(f->hp, d, tmp, ntmp, rawreq) ? -1 :
		    HR_CARD_NOT_FOUND_CUSTOM_FILTER_RULE;
	if (d->vendor != GV_NVIDIA || d->mode == NULL ||
	    strcmp(d->mode, "mig") != 0 || !f->hp->mig_reservation)
		return -1;
	if (d->hmig == NULL)
		return HR_CARD_MIG_TOPOLOGY_INFEASIBLE;
	for (i = 0; i < ntmp; i++)
		if (tmp[i].dev == (int)di) {
			if (n == GS_HMIG_MAXPL)
				return HR_CARD_MIG_TOPOLOGY_INFEASIBLE;
			prev[n++] = tmp[i].usedmem;
		}
	return hami_mig_filter(d, prev, n, memreq) ? -1 :
	    HR_CARD_MIG_TOPOLOGY_INFEASIBLE;
}

int
hami_mig_add(const struct hami_filter *f, int vendor, struct gs_device *d,
    struct gs_grant *g)
{
	g->mig = 0;
	g->hg_geom = g->hg_slot = 0;
	if (vendor != GV_NVIDIA)
		return 0;
	if (hami_geom_applies(f->hp, d))
		return hami_geom_charge(f->hp, d, g);
	if (d->hmig != NULL && f->hp->mig_reservation)
		return hami_mig_charge(d, g);
	return 0;
}

/* Fit's `i++` after a pick on a MIG-mode GPU (every release). */
int
hami_mig_again(const struct hami_filter *f, const struct gs_device *d)
{
	return hami_geom_applies(f->hp, d) || (d->hmig != NULL &&
	    d->vendor == GV_NVIDIA && f->hp->mig_reservation);
}

/*
 * v2.10 isMIGRequest (pkg/scheduler/score.go): an NVIDIA request, from a
 * pod whose nvidia.com/vgpu-mode (if any) contains "mig", on a node with
 * a MIG-mode GPU skips NodeInsufficientDevice: one GPU may give a
 * container several instances.
 */
int
hami_mig_request(const struct hami_scratch *s, const struct hami_req *req,
    const struct hami_filter *f)
{
	size_t	i;

	if (!f->hp->mig_reservation || req->vendor != GV_NVIDIA ||
	    (f->vgpu_mode != NULL && strstr(f->vgpu_mode, "mig") == NULL))
		return 0;
	for (i = 0; i < s->n; i++)
		if (hami_of_type(&s->devs[i], req->vendor, f->hp) &&
		    strcmp(s->devs[i].mode, "mig") == 0)
			return 1;
	return 0;
}
