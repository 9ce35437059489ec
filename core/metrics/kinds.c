/*
 * metrics/kinds.c: physical GPUs and their use under each device kind
 * (metrics/kinds.h).
 *
 * MIG: an instance is used when a pod holds it or it is unhealthy.  The
 * free part of a GPU is the memory slices no used instance holds; since
 * mig-parted re-lays a GPU's instances from a config (NVIDIA/mig-parted
 * pkg/mig/config), a profile is "still placeable" when one of its allowed
 * starts (model/mig.c, nvidia-smi mig -lgipp) lies wholly in free slices,
 * the free compute slices hold it and the GPU's instance limit of the
 * profile (one +me instance per GPU) is not reached; the largest is the
 * one with the most memory, then the most compute slices.  A free slice that no
 * placeable profile's placement covers is fragmented: no MIG profile can
 * ever use it while the used instances stay.
 *
 * Replicas: MPS gives each client memory / replicas, enforced
 * (k8s-device-plugin internal/mps/daemon.go: CUDA_MPS_PINNED_DEVICE_MEM_LIMIT
 * per device, the memory divided by the replicas); time-slicing gives no
 * isolation (docs "Time-Slicing GPUs in Kubernetes": "no memory or fault
 * isolation between replicas"), each sharer may touch the whole card, so
 * the sharers' declared memory (their nvidia.com/gpumem, or gpumem-
 * percentage of the card) summed over the GPU is compared with the card.
 */
#include <string.h>

#include "load/sharing.h"
#include "metrics/kinds.h"

size_t
gs_physgpus_of_node(const struct gs_node *n, size_t node, struct gs_physgpu *out)
{
	size_t	j, k = 0;

	for (j = 0; j < n->ndevs; j++) {
		const struct gs_device *d = &n->devs[j];

		if (k > 0 && d->kind == GS_DEV_MIG &&
		    out[k - 1].kind == GS_DEV_MIG &&
		    out[k - 1].index == d->index &&
		    out[k - 1].first + out[k - 1].ndevs == j) {
			out[k - 1].ndevs++;
			continue;
		}
		memset(&out[k], 0, sizeof out[k]);
		out[k].node = node;
		out[k].first = j;
		out[k].ndevs = 1;
		out[k].index = d->index;
		out[k].kind = d->kind;
		k++;
	}
	return k;
}

const struct gs_mig_model *
gs_mig_model_of(const struct gs_mig_profile *p)
{
	size_t	i;

	for (i = 0; p != NULL && i < gs_nmig_models; i++)
		if (p >= gs_mig_models[i].p &&
		    p < gs_mig_models[i].p + gs_mig_models[i].np)
			return &gs_mig_models[i];
	return NULL;
}

static int
is_me(const struct gs_mig_profile *p)
{
	return strstr(p->name, "+me") != NULL;
}

int
gs_mig_placeable(const struct gs_mig_model *mm, unsigned busy, int gbusy,
    const struct gs_mig_profile *p, int nused, int me_used)
{
	unsigned	span;
	int		s;

	if (nused >= p->max || (is_me(p) && me_used > 0) ||
	    gbusy + p->g > mm->gslices)
		return -1;
	span = (1u << p->size) - 1;
	for (s = 0; s + p->size <= mm->mslices; s++)
		if ((p->starts & (1u << s)) && (busy & (span << s)) == 0)
			return s;
	return -1;
}

/* The MIG part of gs_physgpu_usage. */
static void
mig_usage(struct gs_physgpu *g, const struct gs_node *n)
{
	unsigned	busy = 0, cover = 0, span;
	int		gbusy = 0, me_used = 0, s, nused;
	size_t		i, k;

	g->mm = gs_mig_model_of(n->devs[g->first].mig);
	g->isolated = 1;
	for (i = g->first; i < g->first + g->ndevs; i++) {
		const struct gs_device	*d = &n->devs[i];
		int			 used = d->used > 0 || !d->health;

		for (k = 0; k < g->nprof && g->prof[k].p != d->mig; k++)
			;
		if (k == g->nprof && k < 8) {
			g->prof[k].p = d->mig;
			g->nprof++;
		}
		if (k < 8) {
			g->prof[k].total++;
			g->prof[k].used += used;
		}
		if (!used || d->mig == NULL)
			continue;
		busy |= ((1u << d->mig->size) - 1) << d->mig_start;
		gbusy += d->mig->g;
		me_used += is_me(d->mig);
	}
	if (g->mm == NULL)
		return;
	for (s = 0; s < g->mm->mslices; s++)
		g->free_slices += !(busy & (1u << s));
	for (k = 0; k < g->mm->np; k++) {
		const struct gs_mig_profile *p = &g->mm->p[k];

		nused = 0;
		for (i = 0; i < g->nprof; i++)
			if (g->prof[i].p == p)
				nused = g->prof[i].used;
		span = (1u << p->size) - 1;
		/* every free start of p covers its slices */
		for (s = 0; s + p->size <= g->mm->mslices; s++)
			if ((p->starts & (1u << s)) &&
			    (busy & (span << s)) == 0 &&
			    gs_mig_placeable(g->mm, busy, gbusy, p, nused,
			    me_used) >= 0)
				cover |= span << s;
		if (gs_mig_placeable(g->mm, busy, gbusy, p, nused,
		    me_used) >= 0 && (g->largest == NULL ||
		    p->mem > g->largest->mem || (p->mem == g->largest->mem &&
		    p->g > g->largest->g)))
			g->largest = p;
	}
	for (s = 0; s < g->mm->mslices; s++)
		g->frag_slices += !(busy & (1u << s)) && !(cover & (1u << s));
}

void
gs_physgpu_usage(struct gs_physgpu *g, const struct gs_node *n)
{
	const struct gs_device	*d = &n->devs[g->first];
	size_t			 i;

	g->busy = 0;
	g->used = g->cap = 0;
	for (i = g->first; i < g->first + g->ndevs; i++) {
		const struct gs_device *e = &n->devs[i];

		if (e->used > 0 || e->usedmem > 0 || e->usedcores > 0)
			g->busy = 1;
		g->cap += e->kind == GS_DEV_MIG ? 1 : e->count;
		g->used += e->kind == GS_DEV_MIG ? e->used > 0 :
		    gs_dev_slots_used(e);
	}
	switch (g->kind) {
	case GS_DEV_MIG:
		mig_usage(g, n);
		break;
	case GS_DEV_MPS:
		g->isolated = 1;
		g->replica_mem = d->count > 0 ? d->devmem / d->count : 0;
		break;
	case GS_DEV_TIMESLICE:
		g->isolated = 0;
		g->replica_mem = d->devmem;
		g->overcommit = g->declared_mem > d->devmem;
		break;
	default:
		g->isolated = g->kind != GS_DEV_HAMI;
		g->replica_mem = d->devmem;
		break;
	}
}

double
gs_physgpu_idle(const struct gs_physgpu *g)
{
	if (g->kind == GS_DEV_MIG)
		return g->mm != NULL && g->mm->mslices > 0 ?
		    (double)g->free_slices / g->mm->mslices : 0;
	if (g->cap <= 0 || g->used >= g->cap)
		return 0;
	return (double)(g->cap - g->used) / g->cap;
}

double
gs_physgpu_frag(const struct gs_physgpu *g)
{
	return g->kind == GS_DEV_MIG && g->mm != NULL && g->mm->mslices > 0 ?
	    (double)g->frag_slices / g->mm->mslices : 0;
}
