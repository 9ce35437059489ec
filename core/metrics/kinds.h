/*
 * metrics/kinds.h: the metrics of GPUs NVIDIA's device plugin shares (issue 18
 * item 6, DESIGN.md "Device kinds"): a physical GPU is one GPU however many
 * devices of the one model it advertises (each MIG instance is a device);
 * per GPU, MIG instances used and free by profile, the largest profile
 * still placeable and the free memory slices no profile can use; replicas
 * used of N, the memory each may really get and whether the sharers'
 * declared memory exceeds the card.
 */
#ifndef GS_METRICS_KINDS_H
#define GS_METRICS_KINDS_H

#include <stddef.h>
#include <stdint.h>

#include "model/mig.h"
#include "model/model.h"

/* One MIG profile's instances on one GPU. */
struct gs_mig_use {
	const struct gs_mig_profile	*p;
	int				 used, total;
};

/* One physical GPU of a node. */
struct gs_physgpu {
	size_t		 node;
	size_t		 first, ndevs;	/* its devices on the node */
	int32_t		 index;
	int		 kind;		/* enum gs_devkind */
	int		 offered;	/* any device scheduled on */
	int		 busy;		/* anything at all uses it */
	int		 used, cap;	/* instances / replicas / slots */
	size_t		 pods;		/* distinct pods on it */
	/* GS_DEV_MIG */
	const struct gs_mig_model *mm;
	struct gs_mig_use prof[8];	/* in first-seen order */
	size_t		 nprof;
	const struct gs_mig_profile *largest; /* NULL: none placeable */
	int		 free_slices;	/* memory slices no used instance holds */
	int		 frag_slices;	/* free slices no placeable profile covers */
	/* GS_DEV_TIMESLICE, GS_DEV_MPS */
	int32_t		 replica_mem;	/* MiB each replica may get */
	int		 isolated;	/* memory isolated (MPS, MIG) */
	int64_t		 declared_mem;	/* sharers' gpumem, MiB */
	int		 overcommit;	/* declared_mem > the card */
};

/* Group node n's devices into physical GPUs (a MIG instance joins the
 * instance before it when both carry the same GPU index), out having room
 * for n->ndevs; returns how many.  Usage fields are filled by
 * gs_physgpu_usage. */
size_t	gs_physgpus_of_node(const struct gs_node *n, size_t node,
	    struct gs_physgpu *out);
/* Fill g's usage from its devices: busy, used/cap, MIG profiles, the
 * largest placeable profile and fragmented slices, replica memory. */
void	gs_physgpu_usage(struct gs_physgpu *g, const struct gs_node *n);
/* The MIG table a profile belongs to. */
const struct gs_mig_model *gs_mig_model_of(const struct gs_mig_profile *);
/*
 * Can profile p be placed on a GPU of model mm whose memory slices in
 * busy (bit s) are held and whose compute slices gbusy are taken, with
 * nused instances of p and me_used +me instances already there?  Returns
 * the lowest allowed start, or -1.
 */
int	gs_mig_placeable(const struct gs_mig_model *mm, unsigned busy,
	    int gbusy, const struct gs_mig_profile *p, int nused, int me_used);
/* Idle and fragmented capacity of g in GPUs (1 = the whole card). */
double	gs_physgpu_idle(const struct gs_physgpu *g);
double	gs_physgpu_frag(const struct gs_physgpu *g);

#endif
