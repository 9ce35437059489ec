/*
 * report/inputs.c: a node's GPUs for the plan report's inputs table
 * (issue 18): its physical GPUs, each with its MIG layout (profiles in
 * the order laid out, with counts) or its sharing, rather than the first
 * device's type and memory, which on a MIG node is one instance's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics/kinds.h"
#include "report/inputs.h"
#include "util/util.h"

/* One physical GPU's layout into buf. */
static void
gpu_text(const struct gs_physgpu *g, char *buf, size_t len)
{
	size_t	i, off;

	switch (g->kind) {
	case GS_DEV_MIG:
		off = (size_t)snprintf(buf, len, "MIG");
		for (i = 0; i < g->nprof && off < len; i++)
			off += (size_t)snprintf(buf + off, len - off,
			    g->prof[i].total > 1 ? "%s %s x%d" : "%s %s",
			    i ? "," : "", g->prof[i].p->name,
			    g->prof[i].total);
		break;
	case GS_DEV_TIMESLICE:
	case GS_DEV_MPS:
		snprintf(buf, len, "%s x%d", g->kind == GS_DEV_MPS ? "MPS" :
		    "time-slicing", g->cap);
		break;
	case GS_DEV_WHOLE:
		snprintf(buf, len, "whole");
		break;
	default:
		buf[0] = '\0';
	}
}

size_t
gs_report_node_gpus(const struct gs_node *n, char *buf, size_t len)
{
	struct gs_physgpu	*g;
	char			 cur[256], next[256];
	size_t			 i, j, k, off = 0;

	buf[0] = '\0';
	if (n->ndevs == 0)
		return 0;
	g = xcalloc(n->ndevs, sizeof *g);
	k = gs_physgpus_of_node(n, 0, g);
	for (i = 0; i < k; i++)
		gs_physgpu_usage(&g[i], n);
	for (i = 0; i < k && n->dp; i = j) {
		gpu_text(&g[i], cur, sizeof cur);
		for (j = i + 1; j < k; j++) {
			gpu_text(&g[j], next, sizeof next);
			if (strcmp(cur, next) != 0)
				break;
		}
		if (off >= len)
			break;
		if (j - i > 1)
			off += (size_t)snprintf(buf + off, len - off,
			    "%sGPU %d-%d: %s", i ? "; " : "", (int)g[i].index,
			    (int)g[j - 1].index, cur);
		else
			off += (size_t)snprintf(buf + off, len - off,
			    "%sGPU %d: %s", i ? "; " : "", (int)g[i].index,
			    cur);
	}
	free(g);
	return k;
}
