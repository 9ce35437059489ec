/*
 * metrics/hami_geom.c: the MIG metrics of issue 19 item 3 for HAMi's
 * geometry model (v2.6.1 to v2.9.0), in the shape of v2.10's
 * (metrics/hami_mig.c): per MIG-mode GPU with a knownMigGeometries entry,
 * the geometry in use; per instance kind, how many more instances HAMi's
 * own rule would place one request after another (sched/hami/geom.c
 * hami_geom_filter and hami_geom_charge, which follow CustomFilterRule and
 * AddResourceUsage of Project-HAMi/HAMi pkg/device/nvidia/device.go at
 * v2.6.1 to v2.9.0), on a GPU without a geometry the one the first request
 * chooses; the largest kind still placeable; and MIG fragmentation, the
 * free compute slices no free instance of the geometry in use covers (a
 * GPU without one can take any geometry: none of its slices is stranded
 * unless no geometry of its entry covers them all).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics/hami_geom.h"
#include "model/hami_geom.h"
#include "sched/hami/mig.h"
#include "util/util.h"

int
gs_hgeom_inst_slices(const char *name)
{
	int	n = 0;

	if (name == NULL || *name < '1' || *name > '9')
		return 0;
	for (; *name >= '0' && *name <= '9' && n < 1000; name++)
		n = n * 10 + (*name - '0');
	return *name == 'g' && n < 1000 ? n : 0;
}

/* The compute slices geometry g's instances take together. */
static int
group_slices(const struct gs_vc_group *g)
{
	size_t	i;
	int	n = 0;

	for (i = 0; i < g->ninst; i++)
		n += g->inst[i].count * gs_hgeom_inst_slices(g->inst[i].name);
	return n;
}

int
gs_hgeom_free(const struct gs_hgeom_gpu *g, size_t k)
{
	const struct gs_vc_group	*gr;
	int				 i, s = 0, n = 0;
	size_t				 j;

	if (g->geom < 0)
		return 0;
	gr = &g->dev->hgeom->groups[g->geom];
	for (j = 0; j < k && j < gr->ninst; j++)
		s += gr->inst[j].count;
	for (i = 0; k < gr->ninst && i < gr->inst[k].count && s + i < 64; i++)
		n += (g->dev->hg_used & (1ULL << (s + i))) == 0;
	return n;
}

/* How many more requests of req MiB HAMi's geometry rule places on d. */
static size_t
more(const struct hami_profile *hp, const struct gs_device *d, int32_t req)
{
	struct gs_device	t = *d;
	struct gs_grant		gr;
	size_t			n;

	for (n = 0; n < 64 && hami_geom_filter(hp, &t, NULL, 0, req); n++) {
		memset(&gr, 0, sizeof gr);
		gr.usedmem = req;
		if (hami_geom_charge(hp, &t, &gr) != 0)
			break;
	}
	return n;
}

/* Each instance kind of d's entry, first-seen order: how many more. */
static void
kinds(const struct hami_profile *hp, const struct gs_device *d,
    struct gs_hmig_metrics *m)
{
	const struct gs_vc_mig	*e = d->hgeom;
	unsigned char		 seen[GS_HMIG_MET_NAMES] = { 0 };
	size_t			 t, k, slot, n;
	int32_t			 req;

	for (t = 0; t < e->ngroups; t++)
		for (k = 0; k < e->groups[t].ninst; k++) {
			const struct gs_vc_inst *in = &e->groups[t].inst[k];

			slot = gs_hmig_name_slot(m, in->name);
			if (slot == GS_HMIG_MET_NAMES || seen[slot]++)
				continue;
			/* The largest request such an instance takes:
			 * v2.6.1 wants strictly more memory. */
			req = (int32_t)in->mem - !hp->mig_geom_equal;
			n = more(hp, d, req);
			m->more[slot] += n;
			if (n > 0 && ((int32_t)in->mem > m->largest_mem ||
			    m->largest[0] == '\0')) {
				snprintf(m->largest, sizeof m->largest, "%s",
				    in->name);
				m->largest_mem = (int32_t)in->mem;
			}
		}
}

/* One GPU's share of the slices. */
static void
slices(const struct gs_hgeom_gpu *g, struct gs_hmig_metrics *m)
{
	const struct gs_vc_mig		*e = g->dev->hgeom;
	const struct gs_vc_group	*gr;
	size_t				 t;
	int				 i, total = 0, used = 0, usable, s;

	for (t = 0; t < e->ngroups; t++)
		if ((s = group_slices(&e->groups[t])) > total)
			total = s;
	usable = total;
	if (g->geom >= 0) {
		gr = &e->groups[g->geom];
		usable = 0;
		for (i = 0; i < gs_hgeom_slots(gr) && i < 64; i++) {
			s = gs_hgeom_inst_slices(gs_hgeom_slot(gr, i)->name);
			if (g->dev->hg_used & (1ULL << i))
				used += s;
			else
				usable += s;
		}
	}
	m->slices += (size_t)total;
	if (used < total) {
		m->free_slices += (size_t)(total - used);
		if (usable < total - used)
			m->stranded += (size_t)(total - used - usable);
	}
}

void
gs_hgeom_metrics(const struct gs_cluster *c, const struct hami_profile *hp,
    struct gs_hgeom_metrics *m)
{
	size_t	i, j;

	memset(m, 0, sizeof *m);
	for (i = 0; i < c->nnodes; i++)
		for (j = 0; j < c->nodes[i].ndevs; j++) {
			const struct gs_device *d = &c->nodes[i].devs[j];
			struct gs_hgeom_gpu *g;

			/* Not the device plugin's MIG instances. */
			if (d->kind != GS_DEV_HAMI || d->hgeom == NULL ||
			    !d->health || !hami_geom_applies(hp, d))
				continue;
			m->gpu = xreallocarray(m->gpu, m->m.gpus + 1,
			    sizeof *m->gpu);
			g = &m->gpu[m->m.gpus++];
			g->node = &c->nodes[i];
			g->dev = d;
			g->j = j;
			g->geom = d->hg_geom > 0 && (size_t)d->hg_geom <=
			    d->hgeom->ngroups ? d->hg_geom - 1 : -1;
			slices(g, &m->m);
			kinds(hp, d, &m->m);
		}
}

void
gs_hgeom_metrics_release(struct gs_hgeom_metrics *m)
{
	free(m->gpu);
	m->gpu = NULL;
}
