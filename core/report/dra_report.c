/*
 * report/dra_report.c: the metrics of DRA devices (metrics/dra_use.c) in
 * the metrics table and the JSON document: whole devices free in total
 * and per node, consumable memory used and fragmented, and each device
 * (a counter set stands for its partitionable device) with its use; and
 * the DRA map: every device of the newest slices with the pods whose
 * claims hold it (and the claims allocated in the inputs).
 */
#include <stdio.h>
#include <string.h>

#include "metrics/dra_use.h"
#include "report/dra_report.h"
#include "model/dra.h"
#include "report/html.h"

#define MIB(b)	((long long)((b) / (1024 * 1024)))

static const char *
node_of(const struct gs_report_run *rr, const struct gs_dra_unit *u)
{
	return u->node >= 0 ? rr->cluster->nodes[u->node].name : "-";
}

static const char *
kind_of(const struct gs_dra_unit *u)
{
	return u->counters ? "partitionable" : u->shared ? "shared" :
	    "exclusive";
}

void
gs_report_dra_table(FILE *fp, const struct gs_report_run *rr)
{
	struct gs_dra_metrics	m;
	char			mem[64];
	size_t			i, nw = 4, dw = 6;

	gs_dra_metrics(rr->cluster, &m);
	if (m.nu == 0)
		return;
	fprintf(fp, "  DRA devices        %zu of %zu whole free", m.free, m.nu);
	snprintf(mem, sizeof mem, "the smallest request, %lld MiB",
	    MIB(m.target));
	if (m.nmem > 0)
		fprintf(fp, "; consumable memory %lld of %lld MiB used, %lld "
		    "MiB fragmented (free below %s), largest free %lld MiB",
		    MIB(m.mem_used), MIB(m.mem), MIB(m.mem_frag),
		    m.target > 0 ? mem : "each device's default",
		    MIB(m.mem_largest));
	fprintf(fp, "\n");
	for (i = 0; i < m.nu; i++) {
		if (strlen(node_of(rr, &m.u[i])) > nw)
			nw = strlen(node_of(rr, &m.u[i]));
		if (strlen(m.u[i].name) > dw)
			dw = strlen(m.u[i].name);
	}
	fprintf(fp, "    %-*s  %-*s  %-13s  %6s  %4s  %s\n", (int)nw, "NODE",
	    (int)dw, "DEVICE", "KIND", "ALLOCS", "FREE", "MEM(MiB)");
	for (i = 0; i < m.nu; i++) {
		const struct gs_dra_unit *u = &m.u[i];

		snprintf(mem, sizeof mem, "%lld/%lld", MIB(u->mem_used),
		    MIB(u->mem));
		fprintf(fp, "    %-*s  %-*s  %-13s  %6d  %4s  %s\n", (int)nw,
		    node_of(rr, u), (int)dw, u->name, kind_of(u), u->allocs,
		    u->free ? "yes" : "no", u->mem > 0 ? mem : "-");
	}
	gs_dra_metrics_release(&m);
}

json_t *
gs_report_dra_json(const struct gs_report_run *rr)
{
	struct gs_dra_metrics	m;
	json_t			*o, *a;
	size_t			i;

	gs_dra_metrics(rr->cluster, &m);
	if (m.nu == 0)
		return NULL;
	a = json_array();
	for (i = 0; i < m.nu; i++) {
		const struct gs_dra_unit *u = &m.u[i];

		json_array_append_new(a, json_pack("{s:o,s:s,s:s,s:i,s:b,"
		    "s:I,s:I}", "node", u->node >= 0 ? json_string(node_of(rr,
		    u)) : json_null(), "device", u->name, "kind", kind_of(u),
		    "allocations", u->allocs, "whole_free", u->free,
		    "memory_bytes", (json_int_t)u->mem, "memory_used_bytes",
		    (json_int_t)u->mem_used));
	}
	o = json_pack("{s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:o}", "devices",
	    (json_int_t)m.nu, "whole_free", (json_int_t)m.free,
	    "consumable_memory_bytes", (json_int_t)m.mem,
	    "consumable_memory_used_bytes", (json_int_t)m.mem_used,
	    "consumable_memory_fragmented_bytes", (json_int_t)m.mem_frag,
	    "consumable_memory_largest_free_bytes", (json_int_t)m.mem_largest,
	    "fragmentation_target_bytes", (json_int_t)m.target, "list", a);
	gs_dra_metrics_release(&m);
	return o;
}

/* The pods (placements) and input claims holding device j of slice si,
 * ", "-separated, or NULL. */
static char *
holders(const struct gs_report_run *rr, size_t si, size_t j)
{
	const struct gs_dra	*d = rr->cluster->dra;
	const struct gs_dra_slice *s = d->sref[si].s;
	char			*out = NULL, *t;
	size_t			 i, k, b;

	for (i = 0; i < rr->res->npl; i++) {
		const struct gs_placement *pl = &rr->res->pl[i];

		for (k = 0; pl->dra != NULL && k < pl->dra->n; k++)
			if (pl->dra->v[k].sref == si && pl->dra->v[k].dev == j)
				break;
		if (pl->dra == NULL || k == pl->dra->n)
			continue;
		t = xasprintf("%s%s%s", out ? out : "", out ? ", " : "",
		    rr->wl->pods[pl->pod].name);
		free(out);
		out = t;
	}
	for (b = 0; b < d->nblocks; b++)
		for (i = 0; i < d->blocks[b]->nclaims; i++) {
			const struct gs_dra_claim *cl = &d->blocks[b]->claims[i];

			for (k = 0; cl->allocated && k < cl->nalloc; k++)
				if (strcmp(cl->alloc[k].driver, s->driver) == 0 &&
				    strcmp(cl->alloc[k].pool, s->pool) == 0 &&
				    strcmp(cl->alloc[k].device,
				    s->devs[j].name) == 0)
					break;
			if (!cl->allocated || k == cl->nalloc)
				continue;
			t = xasprintf("%s%sclaim %s", out ? out : "", out ?
			    ", " : "", cl->name);
			free(out);
			out = t;
		}
	return out;
}

/* Is slice si of node (its nodeName; -1: slices without one)? */
static int
slice_of(const struct gs_report_run *rr, size_t si, long node)
{
	const struct gs_dra_slice *s = rr->cluster->dra->sref[si].s;

	if (!gs_dra_newest(rr->cluster->dra, si) || s->ndevs == 0)
		return 0;
	if (node < 0)
		return s->node == NULL;
	return s->node != NULL &&
	    strcmp(s->node, rr->cluster->nodes[node].name) == 0;
}

void
gs_report_dra_map(FILE *fp, const struct gs_report_run *rr)
{
	const struct gs_dra	*d = rr->cluster->dra;
	size_t			 si, j, nw = 4, dw = 6;
	long			 n;
	char			*h, name[512];

	if (d == NULL || d->nsref == 0)
		return;
	for (n = 0; n < (long)rr->cluster->nnodes; n++)
		if (strlen(rr->cluster->nodes[n].name) > nw)
			nw = strlen(rr->cluster->nodes[n].name);
	for (si = 0; si < d->nsref; si++)
		for (j = 0; j < d->sref[si].s->ndevs; j++) {
			snprintf(name, sizeof name, "%s/%s/%s",
			    d->sref[si].s->driver, d->sref[si].s->pool,
			    d->sref[si].s->devs[j].name);
			if (strlen(name) > dw)
				dw = strlen(name);
		}
	fprintf(fp, "\nDRA MAP\n%-*s  %-*s  PODS\n", (int)nw, "NODE",
	    (int)dw, "DEVICE");
	for (n = -1; n < (long)rr->cluster->nnodes; n++)
		for (si = 0; si < d->nsref; si++)
			for (j = 0; slice_of(rr, si, n) &&
			    j < d->sref[si].s->ndevs; j++) {
				snprintf(name, sizeof name, "%s/%s/%s",
				    d->sref[si].s->driver, d->sref[si].s->pool,
				    d->sref[si].s->devs[j].name);
				h = holders(rr, si, j);
				fprintf(fp, "%-*s  %-*s  %s\n", (int)nw, n < 0 ?
				    "-" : rr->cluster->nodes[n].name, (int)dw,
				    name, h != NULL ? h : "-");
				free(h);
			}
}

json_t *
gs_report_dra_node_json(const struct gs_report_run *rr, size_t node)
{
	const struct gs_dra	*d = rr->cluster->dra;
	json_t			*a = NULL, *pods;
	size_t			 si, j;
	char			*h;

	for (si = 0; d != NULL && si < d->nsref; si++)
		for (j = 0; slice_of(rr, si, (long)node) &&
		    j < d->sref[si].s->ndevs; j++) {
			if (a == NULL)
				a = json_array();
			h = holders(rr, si, j);
			pods = h != NULL ? json_string(h) : json_null();
			free(h);
			json_array_append_new(a, json_pack("{s:s,s:s,s:s,s:o}",
			    "driver", d->sref[si].s->driver, "pool",
			    d->sref[si].s->pool, "device",
			    d->sref[si].s->devs[j].name, "held_by", pods));
		}
	return a;
}

void
gs_report_dra_html(struct gs_html *h, const struct gs_report_run *rr)
{
	static const char *const head[3] = { "node", "DRA device",
	    "held by" };
	const struct gs_dra	*d = rr->cluster->dra;
	const char		**cells = NULL;
	char			**own = NULL;
	size_t			 si, j, nrows = 0, i;
	long			 n;

	if (d == NULL || d->nsref == 0)
		return;
	for (n = -1; n < (long)rr->cluster->nnodes; n++)
		for (si = 0; si < d->nsref; si++)
			for (j = 0; slice_of(rr, si, n) &&
			    j < d->sref[si].s->ndevs; j++) {
				cells = xreallocarray(cells, 3 * (nrows + 1),
				    sizeof *cells);
				own = xreallocarray(own, 2 * (nrows + 1),
				    sizeof *own);
				own[2 * nrows] = xasprintf("%s/%s/%s",
				    d->sref[si].s->driver, d->sref[si].s->pool,
				    d->sref[si].s->devs[j].name);
				own[2 * nrows + 1] = holders(rr, si, j);
				cells[3 * nrows] = n < 0 ? "-" :
				    rr->cluster->nodes[n].name;
				cells[3 * nrows + 1] = own[2 * nrows];
				cells[3 * nrows + 2] = own[2 * nrows + 1] ?
				    own[2 * nrows + 1] : "-";
				nrows++;
			}
	gs_html_table(h, "DRA devices and the pods whose claims hold them",
	    head, 3, cells, nrows);
	for (i = 0; i < 2 * nrows; i++)
		free(own[i]);
	free(own);
	free(cells);
}
