/*
 * metrics/hami_mig.c: the MIG metrics of issue 19 item 3 for HAMi v2.10's
 * MIG-mode GPUs (their published migProfiles and placements in use): per
 * profile, how many more instances HAMi's own placement rule would fit
 * (sched/hami/mig.c hami_mig_placement, one request after another); the
 * largest profile still placeable; and MIG fragmentation, the free memory
 * slices that no free placement of any published profile covers.
 */
#include <stdio.h>
#include <string.h>

#include "metrics/hami_mig.h"
#include "sched/hami/mig.h"

size_t
gs_hmig_name_slot(struct gs_hmig_metrics *m, const char *name)
{
	size_t	i;

	for (i = 0; i < m->nnames; i++)
		if (strcmp(m->name[i], name) == 0)
			return i;
	if (m->nnames == GS_HMIG_MET_NAMES)
		return GS_HMIG_MET_NAMES;
	snprintf(m->name[m->nnames], sizeof m->name[0], "%s", name);
	return m->nnames++;
}

/* One GPU's share of the metrics. */
static void
gpu(const struct gs_device *d, struct gs_hmig_metrics *m)
{
	const struct gs_hmig	*h = d->hmig;
	struct gs_hmig_use	 u[GS_HMIG_MAXPL];
	unsigned		 used = 0, usable = 0;
	int			 p, k, n, s, nslices = 0;

	for (k = 0; k < d->hmig_nuse; k++)
		used |= ((1u << d->hmig_use[k].size) - 1) <<
		    d->hmig_use[k].start;
	for (p = 0; p < h->np; p++) {
		const struct gs_hmig_profile *q = &h->p[p];
		size_t slot = gs_hmig_name_slot(m, q->name);

		for (k = 0; k < q->nplace; k++) {
			unsigned bits = ((1u << q->size[k]) - 1) <<
			    q->start[k];

			if (q->start[k] + q->size[k] > nslices)
				nslices = q->start[k] + q->size[k];
			if ((bits & used) == 0)
				usable |= bits;
		}
		/* HAMi's placements, one request of q after another. */
		memcpy(u, d->hmig_use, sizeof u);
		for (n = d->hmig_nuse; n < GS_HMIG_MAXPL &&
		    (k = hami_mig_placement(q, u, n)) >= 0; n++) {
			u[n].prof = (int16_t)p;
			u[n].start = q->start[k];
			u[n].size = q->size[k];
			if (slot < GS_HMIG_MET_NAMES)
				m->more[slot]++;
		}
		if (n > d->hmig_nuse && (q->mem > m->largest_mem ||
		    m->largest[0] == '\0')) {
			snprintf(m->largest, sizeof m->largest, "%s", q->name);
			m->largest_mem = q->mem;
		}
	}
	m->gpus++;
	m->slices += (size_t)nslices;
	for (s = 0; s < nslices; s++)
		if ((used & (1u << s)) == 0) {
			m->free_slices++;
			m->stranded += (usable & (1u << s)) == 0;
		}
}

void
gs_hmig_metrics(const struct gs_cluster *c, struct gs_hmig_metrics *m)
{
	size_t	i, j;

	memset(m, 0, sizeof *m);
	for (i = 0; i < c->nnodes; i++)
		for (j = 0; j < c->nodes[i].ndevs; j++)
			if (c->nodes[i].devs[j].hmig != NULL &&
			    c->nodes[i].devs[j].health)
				gpu(&c->nodes[i].devs[j], m);
}
