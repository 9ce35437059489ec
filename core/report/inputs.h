/*
 * report/inputs.h: the plan report's inputs (report/inputs.c): a node's
 * GPUs as its table lists them, nodes alike grouped, and the workloads
 * with their pod counts.
 */
#ifndef GS_REPORT_INPUTS_H
#define GS_REPORT_INPUTS_H

#include <stddef.h>

#include "model/model.h"

/*
 * The layout of n's physical GPUs (metrics/kinds.h: a MIG-partitioned
 * GPU is one) into buf, GPUs alike merged: "GPU 0: MIG 1g.10gb x2,
 * 2g.20gb, 3g.40gb; GPU 1: time-slicing x4", "GPU 0-1: whole"; "" for
 * HAMi's devices.  Returns how many physical GPUs n has.
 */
size_t	gs_report_node_gpus(const struct gs_node *n, char *buf, size_t len);

/*
 * One row of the inputs table: the nodes that register the same GPUs
 * (count, type, memory, slots; the device plugin's: the same layout),
 * described by the first of them.  HAMi's devices by the first device;
 * the device plugin's by the card type with "-MIG-..." cut, each GPU's
 * layout, and the memory of a GPU not in MIG mode (a MIG instance's says
 * nothing of the card), no slots or cores.  -1: none ("-").
 */
struct gs_report_node_row {
	size_t	first;		/* the first node alike */
	size_t	count;		/* nodes alike */
	size_t	gpus;		/* physical GPUs (device plugin) or devices */
	int	dp;		/* described by the device plugin's GPUs */
	char	type[160];	/* "" when the node has no devices */
	char	layout[512];	/* gs_report_node_gpus's; "" for HAMi's */
	int	mem, slots, cores;
};

/* The rows of c's nodes in the order of their first node (one pass,
 * hashed): *out (caller frees), returns how many. */
size_t	gs_report_node_rows(const struct gs_cluster *c,
	    struct gs_report_node_row **out);

/* One row per workload, in the order of its first pod: that pod and how
 * many pods the workload has (one pass, hashed). */
struct gs_report_workload_row {
	size_t	first, count;
};
size_t	gs_report_workload_rows(const struct gs_workload *wl,
	    struct gs_report_workload_row **out);

#endif
