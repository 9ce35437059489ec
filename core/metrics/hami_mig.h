/*
 * metrics/hami_mig.h: MIG metrics of HAMi v2.10's MIG-mode GPUs
 * (metrics/hami_mig.c).
 */
#ifndef GS_METRICS_HAMI_MIG_H
#define GS_METRICS_HAMI_MIG_H

#include <stddef.h>

#include "model/model.h"

#define GS_HMIG_MET_NAMES	16

struct gs_hmig_metrics {
	size_t	gpus;		/* MIG-mode GPUs with published profiles */
	size_t	slices;		/* their memory slices */
	size_t	free_slices;	/* not under a placement in use */
	size_t	stranded;	/* free, but under no free placement of any
				   published profile */
	/* Per profile name, in first-seen order: how many more instances
	 * HAMi would place, one request after another, on every GPU. */
	size_t	nnames;
	char	name[GS_HMIG_MET_NAMES][24];
	size_t	more[GS_HMIG_MET_NAMES];
	/* The largest profile (memory, then slices) with a free placement
	 * somewhere; "" when none. */
	char	largest[24];
	int32_t	largest_mem;
};

void	gs_hmig_metrics(const struct gs_cluster *c, struct gs_hmig_metrics *m);
/* The index of name in m's list, added when new; GS_HMIG_MET_NAMES
 * when the list is full (both MIG models' metrics use it). */
size_t	gs_hmig_name_slot(struct gs_hmig_metrics *m, const char *name);

#endif
