/*
 * sched/volcano/mig.c: Volcano's dynamic MIG (issue 19 item 5), as the MIG
 * sharing factory of Volcano v1.15.1 allocates and resets instances
 * (pkg/scheduler/api/devices/nvidia/vgpu/mig.go: TryAddPod, findMatch,
 * pickFromGroup, getPosition, addMigUsed, subMigUsed).  A GPU in MIG mode
 * takes the first geometry group of its model (knownMigGeometries, config
 * order) that holds the request, and keeps that group from then on:
 * MigInUse.Index is set by every AddPod and SubPod and never reset, so
 * once emptied the GPU re-picks within the same group.  Within a group in
 * use only the instance kinds already in use are considered (pickFromGroup
 * matches usage entries by name), a quirk kept here.  A position is the
 * instances of the kinds before it in the group plus the first free index
 * of its kind; the MIG id is "uuid[group-position]".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/volcano/vgpu.h"
#include "util/gosort.h"
#include "util/util.h"

struct by_mem {
	const struct gs_vc_group	*g;
	size_t				*idx;
};

static int
mem_less(void *ctx, size_t i, size_t j)
{
	const struct by_mem *b = ctx;

	return b->g->inst[b->idx[i]].mem < b->g->inst[b->idx[j]].mem;
}

static void
mem_swap(void *ctx, size_t i, size_t j)
{
	const struct by_mem	*b = ctx;
	size_t			 t = b->idx[i];

	b->idx[i] = b->idx[j];
	b->idx[j] = t;
}

/* The first position of kind k in g (getPosition: the counts of the
 * kinds before it). */
static int
kind_base(const struct gs_vc_group *g, size_t k)
{
	size_t	i;
	int	base = 0;

	for (i = 0; i < k; i++)
		base += g->inst[i].count;
	return base;
}

uint64_t
gs_vc_kind_mask(const struct gs_vc_group *g, size_t k)
{
	const struct gs_vc_inst	*in = &g->inst[k];

	return (in->count >= 64 ? ~0ULL : (1ULL << in->count) - 1) <<
	    kind_base(g, k);
}

void
gs_vc_mig_order(const struct gs_vc_group *g, size_t *idx)
{
	struct by_mem		 b = { g, idx };
	struct gosort_iface	 it = { &b, mem_less, mem_swap };
	size_t			 i;

	for (i = 0; i < g->ninst; i++)
		idx[i] = i;
	gosort_sort(&it, g->ninst, GOSORT_124);
}

/*
 * pickFromGroup: the kinds by memory ascending (sort.Slice, Go 1.25's
 * pdqsort); with no usage, the first kind of memory >= req at its first
 * position; with usage, the first kind in use with a free position and
 * memory >= req, at its lowest free position (getPosition).
 */
static int
pick(const struct gs_vc_group *g, uint64_t used, uint32_t req, int *pos,
    uint32_t *mem)
{
	size_t			 idx[GS_VC_MAXPOS], i;
	int			 base, c;
	uint64_t		 mask;

	gs_vc_mig_order(g, idx);
	for (i = 0; i < g->ninst; i++) {
		const struct gs_vc_inst *in = &g->inst[idx[i]];

		base = kind_base(g, idx[i]);
		mask = gs_vc_kind_mask(g, idx[i]);
		if (in->mem < req)
			continue;
		if (used == 0) {
			*pos = base;
			*mem = in->mem;
			return 0;
		}
		if ((used & mask) == 0 || (used & mask) == mask)
			continue;
		for (c = 0; c < in->count; c++)
			if (!(used & (1ULL << (base + c)))) {
				*pos = base + c;
				*mem = in->mem;
				return 0;
			}
	}
	return -1;
}

int
gs_vc_mig_find(const struct gs_vc_mig *m, int32_t group, uint64_t used,
    uint32_t req, int *g, int *pos, uint32_t *mem)
{
	size_t	i;

	if (m == NULL)
		return -1;		/* MigTemplate empty: nothing fits */
	if (group > 0) {
		if ((size_t)group > m->ngroups)
			return -1;
		*g = group - 1;
		return pick(&m->groups[group - 1], used, req, pos, mem);
	}
	for (i = 0; i < m->ngroups; i++)
		if (pick(&m->groups[i], 0, req, pos, mem) == 0) {
			*g = (int)i;
			return 0;
		}
	return -1;
}

void
gs_vc_mig_try_init(struct gs_vc_mig_try *t, const struct gs_node *n,
    const struct gs_volcano_conf *conf)
{
	size_t	i;

	t->conf = conf;
	t->ndev = n->ndevs;
	t->geom = xcalloc(n->ndevs ? n->ndevs : 1, sizeof *t->geom);
	t->group = xcalloc(n->ndevs ? n->ndevs : 1, sizeof *t->group);
	t->used = xcalloc(n->ndevs ? n->ndevs : 1, sizeof *t->used);
	for (i = 0; i < n->ndevs; i++) {
		const struct gs_device *d = &n->devs[i];

		if (d->mode != NULL && strcmp(d->mode, "mig") == 0)
			t->geom[i] = gs_volcano_geometry(conf, d->type);
		t->group[i] = d->vc_group;
		t->used[i] = d->vc_used;
	}
}

void
gs_vc_mig_try_release(struct gs_vc_mig_try *t)
{
	free(t->geom);
	free(t->group);
	free(t->used);
}

/*
 * TryAddPod: the request times gpuMemoryFactor (when > 1) matched, the
 * instance's memory divided back charged.  Volcano's TryAddPod leaves
 * MigUsage alone until the pod's annotation is added, so two containers
 * of one pod on one GPU would get the same instance and the second would
 * not be charged; gpusched advances the scratch usage and gives each its
 * own instance.
 */
int
gs_vc_mig_try_add(void *ctx, size_t dev, int64_t mem, struct gs_pgrant *gr,
    int64_t *charge)
{
	struct gs_vc_mig_try	*t = ctx;
	uint32_t		 f = t->conf != NULL ? t->conf->mem_factor : 0;
	uint64_t		 req = (uint64_t)(mem < 0 ? 0 : mem);
	uint32_t		 got;
	int			 g, pos;

	if (dev >= t->ndev)
		return 0;
	if (f > 1)
		req *= f;
	if (req > UINT32_MAX)
		return 0;
	if (gs_vc_mig_find(t->geom[dev], t->group[dev], t->used[dev],
	    (uint32_t)req, &g, &pos, &got) != 0)
		return 0;
	t->group[dev] = g + 1;
	t->used[dev] |= 1ULL << pos;
	gr->vc_group = g + 1;
	gr->vc_pos = pos + 1;
	*charge = f > 1 ? got / f : got;
	return 1;
}

void
gs_volcano_mig_use(struct gs_device *d, const struct gs_grant *g, int sign)
{
	if (g->vc_pos <= 0 || g->vc_pos > GS_VC_MAXPOS)
		return;
	d->vc_group = g->vc_group;	/* addMigUsed, subMigUsed */
	if (sign > 0)
		d->vc_used |= 1ULL << (g->vc_pos - 1);
	else
		d->vc_used &= ~(1ULL << (g->vc_pos - 1));
}

int
gs_vc_mig_id(const struct gs_volcano_conf *conf, const struct gs_device *d,
    const struct gs_grant *g, char *buf, size_t len)
{
	const struct gs_vc_mig	*m = gs_volcano_geometry(conf, d->type);

	if (g->vc_pos <= 0 || m == NULL || g->vc_group <= 0 ||
	    (size_t)g->vc_group > m->ngroups)
		return -1;
	snprintf(buf, len, "%s[%s-%d]", d->id, m->groups[g->vc_group - 1].name,
	    g->vc_pos - 1);
	return 0;
}
