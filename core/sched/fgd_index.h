/*
 * sched/fgd_index.h: the best node for a request, kept per request key
 * across decisions (sched/fgd.c on the device view): each node's fit,
 * score and GPUs as of its last change, and a tournament tree over the
 * nodes holding the best (highest score, the node listed first on ties)
 * and the lowest score of those that fit.  A decision rescores only the
 * nodes the engine touched since the key was last asked (the cluster's
 * touch log, model/model.h), every node when the log no longer holds
 * them, the cluster is another or its node count changed.
 */
#ifndef GS_FGD_INDEX_H
#define GS_FGD_INDEX_H

#include <stddef.h>
#include <stdint.h>

#include "model/model.h"

#define GS_FGD_KEY	6	/* int64s of a request key */

struct gs_fgd_index;

/* Node i for the request being decided: 1 when it passes the filters and
 * fits, with its score and GPUs (bit mask); 0 when not. */
typedef int	(*gs_fgd_eval)(void *arg, size_t i, double *score,
		    uint32_t *devs);

struct gs_fgd_index	*gs_fgd_index_new(void);
void			 gs_fgd_index_free(struct gs_fgd_index *);
/* Forget every key (the scores depend on something new: the workload). */
void			 gs_fgd_index_clear(struct gs_fgd_index *);
/*
 * The best node of c for the request key (every node's score for it
 * depends only on the node's gen and the key), brought up to date with
 * eval: its index with *score, *devs and the lowest score of the nodes
 * that fit in *lo, or -1 when none fits; -2 when the index keeps no more
 * keys (the caller scores every node itself).
 */
long	gs_fgd_index_best(struct gs_fgd_index *, const struct gs_cluster *c,
	    const int64_t key[GS_FGD_KEY], gs_fgd_eval eval, void *arg,
	    double *score, double *lo, uint32_t *devs);

#endif
