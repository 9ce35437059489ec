/*
 * report/inputs.h: a node's GPUs as the plan report's inputs table lists
 * them (report/inputs.c).
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

#endif
