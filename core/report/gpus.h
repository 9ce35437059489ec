/*
 * report/gpus.h: who holds each GPU, for the writers' GPU maps: the
 * running pods and simulated placements on every GPU, indexed in one pass
 * over them (not one pass per GPU).
 */
#ifndef GS_REPORT_GPUS_H
#define GS_REPORT_GPUS_H

#include "sched/engine.h"
#include "model/model.h"
#include "model/running.h"

#include <jansson.h>
#include <stdio.h>

struct hami_profile;

struct gs_gpu_index {
	const struct gs_running		*running;	/* or NULL */
	const struct gs_result		*res;		/* or NULL */
	const struct gs_workload	*wl;		/* with res */
	const struct hami_profile *hp;	/* v2.10 forgets done inits */
	size_t	 nnodes;
	size_t	*base;		/* per node: its first GPU's slot */
	size_t	*off, *pl;	/* slot g's placements: pl[off[g]..off[g+1]) */
	size_t	*roff, *run;	/* node i's running pods: run[roff[i]..) */
};

/* Index c's GPUs; res (with wl) and running may be NULL; hp is the HAMi
 * profile whose view of running init containers applies. */
void	gs_gpu_index_build(struct gs_gpu_index *, const struct gs_cluster *c,
	    const struct gs_result *res, const struct gs_workload *wl,
	    const struct gs_running *running,
	    const struct hami_profile *hp);
void	gs_gpu_index_release(struct gs_gpu_index *);
/*
 * Running pods holding device id of node (namespace/name), comma-separated,
 * or "-" (caller frees).  By id: a version's cluster lists only the devices
 * it registers.
 */
char	*gs_gpu_running(const struct gs_gpu_index *, size_t node,
	    const char *id);
/*
 * Pods holding GPU dev of node, comma-separated, or "-" (caller frees):
 * those already running (namespace/name), then the simulated ones in
 * placement order.
 */
char	*gs_gpu_pods(const struct gs_gpu_index *, const struct gs_cluster *c,
	    size_t node, size_t dev);

/* Widths of the GPU map's UUID and TYPE columns: the longest real
 * value, at least 40 and 22. */
struct gs_gpu_widths {
	size_t	nw, uw, tw;
};

/* The NODE column's width: the longest node name, at least 9. */
size_t	gs_gpu_node_width(const struct gs_cluster *c);
struct gs_gpu_widths gs_gpu_widths(const struct gs_cluster *c, size_t nw);
/* The GPU map's header line, then one row per GPU (GPU j of n; pods, the
 * comma list of its pods, is consumed); the same GPU as JSON. */
void	gs_gpu_header(FILE *fp, const struct gs_gpu_widths *w);
void	gs_gpu_row(FILE *fp, const struct gs_gpu_widths *w,
	    const struct gs_node *n, size_t j, char *pods);
json_t	*gs_gpu_json(const struct gs_node *n, size_t j, char *pods);
struct gs_jw;
void	gs_gpu_write(struct gs_jw *, const struct gs_node *n, size_t j,
	    char *pods);

#endif
