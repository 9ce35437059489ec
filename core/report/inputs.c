/*
 * report/inputs.c: a node's GPUs for the plan report's inputs table
 * (issue 18): its physical GPUs, each with its MIG layout (profiles in
 * the order laid out, with counts) or its sharing, rather than the first
 * device's type and memory, which on a MIG node is one instance's; nodes
 * alike and pods of one workload grouped in one hashed pass.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics/kinds.h"
#include "model/ident.h"
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

/* Row r describing node n (all but first and count). */
static void
describe(const struct gs_node *n, struct gs_report_node_row *r)
{
	char	*cut;
	size_t	 j;

	memset(r, 0, sizeof *r);
	r->dp = n->dp;
	r->gpus = gs_report_node_gpus(n, r->layout, sizeof r->layout);
	if (!n->dp)
		r->gpus = n->ndevs;
	r->mem = r->slots = r->cores = -1;
	if (n->ndevs == 0)
		return;
	snprintf(r->type, sizeof r->type, "%s", n->devs[0].type);
	if (!n->dp) {
		r->mem = n->devs[0].devmem;
		r->slots = n->devs[0].count;
		r->cores = n->devs[0].devcore;
		return;
	}
	if ((cut = strstr(r->type, "-MIG-")) != NULL)
		*cut = '\0';
	for (j = 0; j < n->ndevs && n->devs[j].kind == GS_DEV_MIG; j++)
		;
	if (j < n->ndevs)
		r->mem = n->devs[j].devmem;
}

/* The row of key: its index when seen before; -1 when it is new (then
 * set holds it as the next row). */
static long
group_of(struct gs_idset *set, const char *key)
{
	const struct gs_idref *old = gs_idset_add(set, "row", NULL, key,
	    NULL, 0, 0);

	return old == NULL ? -1 : (long)(old - set->v);
}

size_t
gs_report_node_rows(const struct gs_cluster *c,
    struct gs_report_node_row **out)
{
	struct gs_idset			 set;
	struct gs_report_node_row	*rows, r;
	const struct gs_node		*n;
	size_t				 i, nrows = 0;
	long				 g;
	char				*key;

	memset(&set, 0, sizeof set);
	rows = xcalloc(c->nnodes ? c->nnodes : 1, sizeof *rows);
	for (i = 0; i < c->nnodes; i++) {
		n = &c->nodes[i];
		describe(n, &r);
		/* What the old pairwise test compared: dp, the device count,
		 * the layout and the first device's type, memory, slots. */
		key = n->ndevs == 0 ? xasprintf("%d|0", n->dp) :
		    xasprintf("%d|%zu|%s|%s|%d|%d", n->dp, n->ndevs,
		    r.layout, n->devs[0].type, n->devs[0].devmem,
		    n->devs[0].count);
		if ((g = group_of(&set, key)) >= 0)
			rows[g].count++;
		else {
			r.first = i;
			r.count = 1;
			rows[nrows++] = r;
		}
		free(key);
	}
	gs_idset_free(&set);
	*out = rows;
	return nrows;
}

size_t
gs_report_workload_rows(const struct gs_workload *wl,
    struct gs_report_workload_row **out)
{
	struct gs_idset			 set;
	struct gs_report_workload_row	*rows;
	size_t				 i, nrows = 0;
	long				 g;

	memset(&set, 0, sizeof set);
	rows = xcalloc(wl->npods ? wl->npods : 1, sizeof *rows);
	for (i = 0; i < wl->npods; i++) {
		if ((g = group_of(&set, wl->pods[i].workload)) >= 0)
			rows[g].count++;
		else {
			rows[nrows].first = i;
			rows[nrows++].count = 1;
		}
	}
	gs_idset_free(&set);
	*out = rows;
	return nrows;
}
