/*
 * report/dra_report.c: the metrics of DRA devices (metrics/dra_use.c) in
 * the metrics table and the JSON document: whole devices free in total
 * and per node, consumable memory used and fragmented, and each device
 * (a counter set stands for its partitionable device) with its use; and
 * the DRA map: every device of the newest slices with the pods whose
 * claims hold it (and the claims allocated in the inputs), indexed in
 * one pass over the slices, the placements and the claims.
 */
#include <stdio.h>
#include <stdlib.h>
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

/* An entry of an index: its key (node slot or device), a slice, or a
 * holder's name (an input claim's shown as "claim NAME"). */
struct gs_dra_ent {
	size_t		 key, si;
	const char	*name;
	int		 claim;
};

static void
ent_add(struct gs_dra_ent **v, size_t *n, size_t key, size_t si,
    const char *name, int claim)
{
	if ((*n & (*n - 1)) == 0)
		*v = xreallocarray(*v, *n ? 2 * *n : 1, sizeof **v);
	(*v)[*n].key = key;
	(*v)[*n].si = si;
	(*v)[*n].name = name;
	(*v)[(*n)++].claim = claim;
}

/* Sort v (n entries, keys below nkeys) by key, keeping the order of
 * equal keys; *off gets where each key's entries start (nkeys + 1). */
static struct gs_dra_ent *
ent_group(struct gs_dra_ent *v, size_t n, size_t nkeys, size_t **off)
{
	struct gs_dra_ent	*o = xcalloc(n + 1, sizeof *o);
	size_t			*at = xcalloc(nkeys + 1, sizeof *at), i;

	*off = xcalloc(nkeys + 1, sizeof **off);
	for (i = 0; i < n; i++)
		(*off)[v[i].key + 1]++;
	for (i = 0; i < nkeys; i++)
		(*off)[i + 1] += (*off)[i];
	memcpy(at, *off, nkeys * sizeof *at);
	for (i = 0; i < n; i++)
		o[at[v[i].key]++] = v[i];
	free(at);
	free(v);
	return o;
}

/* Node indices by name (then index), to find a slice's nodeName. */
struct byname {
	const char	*name;
	size_t		 i;
};

static int
byname_cmp(const void *a, const void *b)
{
	const struct byname *x = a, *y = b;
	int	r = strcmp(x->name, y->name);

	return r != 0 ? r : (x->i > y->i) - (x->i < y->i);
}

/* Index the slices the map shows (the newest generation of their pools,
 * with devices) by node slot (0: no nodeName; node i: i + 1), each
 * slot's in sref order. */
static void
index_slices(struct gs_dra_held *x, const struct gs_report_run *rr)
{
	const struct gs_cluster	*c = rr->cluster;
	const struct gs_dra	*d = c->dra;
	struct byname		*bn = xcalloc(c->nnodes + 1, sizeof *bn);
	struct gs_dra_ent	*v = NULL;
	unsigned char		*newest = gs_dra_newest(d);
	size_t			 n = 0, si, a, b, m;

	for (a = 0; a < c->nnodes; a++) {
		bn[a].name = c->nodes[a].name;
		bn[a].i = a;
	}
	qsort(bn, c->nnodes, sizeof *bn, byname_cmp);
	for (si = 0; si < d->nsref; si++) {
		const struct gs_dra_slice *s = d->sref[si].s;

		if (!newest[si] || s->ndevs == 0)
			continue;
		if (s->node == NULL) {
			ent_add(&v, &n, 0, si, NULL, 0);
			continue;
		}
		for (a = 0, b = c->nnodes; a < b; ) {
			m = a + (b - a) / 2;
			if (strcmp(bn[m].name, s->node) < 0)
				a = m + 1;
			else
				b = m;
		}
		for (; a < c->nnodes && strcmp(bn[a].name, s->node) == 0; a++)
			ent_add(&v, &n, bn[a].i + 1, si, NULL, 0);
	}
	x->sl = ent_group(v, n, c->nnodes + 1, &x->soff);
	free(newest);
	free(bn);
}

/* The pool of d named driver/pool (pools sort by both), or npools. */
static size_t
pool_find(const struct gs_dra *d, const char *driver, const char *pool)
{
	size_t	a = 0, b = d->npools, m;
	int	r;

	while (a < b) {
		m = a + (b - a) / 2;
		r = strcmp(d->sref[d->pool0[m]].s->driver, driver);
		if (r == 0)
			r = strcmp(d->sref[d->pool0[m]].s->pool, pool);
		if (r == 0)
			return m;
		if (r < 0)
			a = m + 1;
		else
			b = m;
	}
	return d->npools;
}

/* A holder of device g (d->sref[si].dev0 + j), once per placement or
 * claim (tag). */
static void
held_add(struct gs_dra_ent **v, size_t *n, size_t *last, size_t g,
    size_t tag, const char *name, int claim)
{
	if (last[g] == tag)
		return;
	last[g] = tag;
	ent_add(v, n, g, 0, name, claim);
}

/* The devices of d that result r of claim name allocates: those named
 * so in every slice of its pool. */
static void
claim_holds(struct gs_dra_ent **v, size_t *n, size_t *last,
    const struct gs_dra *d, const struct gs_dra_result *r, size_t tag,
    const char *name)
{
	size_t	p = pool_find(d, r->driver, r->pool), si, j;

	for (si = p < d->npools ? d->pool0[p] : d->nsref; p < d->npools &&
	    si < d->pool0[p + 1]; si++)
		for (j = 0; j < d->sref[si].s->ndevs; j++)
			if (strcmp(d->sref[si].s->devs[j].name, r->device) ==
			    0)
				held_add(v, n, last, d->sref[si].dev0 + j, tag,
				    name, 1);
}

/* What holds each device: the pods whose placements take it, in
 * placement order, then the input claims allocating it (status.allocation
 * names driver, pool and device: every slice of the pool). */
static void
index_holders(struct gs_dra_held *x, const struct gs_report_run *rr)
{
	const struct gs_dra	*d = rr->cluster->dra;
	struct gs_dra_ent	*v = NULL;
	size_t			*last = xcalloc(d->ndev + 1, sizeof *last);
	size_t			 n = 0, tag = 0, i, k, b, si;

	for (i = 0; i < rr->res->npl; i++) {
		const struct gs_placement *pl = &rr->res->pl[i];

		tag++;
		for (k = 0; pl->dra != NULL && k < pl->dra->n; k++) {
			si = pl->dra->v[k].sref;
			if (si < d->nsref && pl->dra->v[k].dev <
			    d->sref[si].s->ndevs)
				held_add(&v, &n, last, d->sref[si].dev0 +
				    pl->dra->v[k].dev, tag,
				    rr->wl->pods[pl->pod].name, 0);
		}
	}
	for (b = 0; b < d->nblocks; b++)
		for (i = 0; i < d->blocks[b]->nclaims; i++) {
			const struct gs_dra_claim *cl = &d->blocks[b]->claims[i];

			tag++;
			for (k = 0; cl->allocated && k < cl->nalloc; k++)
				claim_holds(&v, &n, last, d, &cl->alloc[k],
				    tag, cl->name);
		}
	x->h = ent_group(v, n, d->ndev, &x->hoff);
	free(last);
}

void
gs_dra_held_build(struct gs_dra_held *x, const struct gs_report_run *rr)
{
	memset(x, 0, sizeof *x);
	if (rr->cluster->dra == NULL || rr->cluster->dra->nsref == 0)
		return;
	index_slices(x, rr);
	index_holders(x, rr);
}

void
gs_dra_held_release(struct gs_dra_held *x)
{
	free(x->soff);
	free(x->sl);
	free(x->hoff);
	free(x->h);
	memset(x, 0, sizeof *x);
}

/* The pods and input claims holding device j of slice si, ", "-separated,
 * or NULL. */
static char *
holders(const struct gs_dra_held *x, const struct gs_dra *d, size_t si,
    size_t j)
{
	size_t	g = d->sref[si].dev0 + j, len = 1, i;
	char	*out, *at;

	if (x->hoff[g] == x->hoff[g + 1])
		return NULL;
	for (i = x->hoff[g]; i < x->hoff[g + 1]; i++)
		len += strlen(x->h[i].name) + sizeof ", claim ";
	at = out = xcalloc(len, 1);
	for (i = x->hoff[g]; i < x->hoff[g + 1]; i++)
		at += sprintf(at, "%s%s%s", i > x->hoff[g] ? ", " : "",
		    x->h[i].claim ? "claim " : "", x->h[i].name);
	return out;
}

void
gs_report_dra_map(FILE *fp, const struct gs_report_run *rr)
{
	const struct gs_dra	*d = rr->cluster->dra;
	struct gs_dra_held	 x;
	size_t			 si, j, k, nw = 4, dw = 6;
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
	gs_dra_held_build(&x, rr);
	for (n = -1; n < (long)rr->cluster->nnodes; n++)
		for (k = x.soff[n + 1]; k < x.soff[n + 2]; k++)
			for (si = x.sl[k].si, j = 0; j < d->sref[si].s->ndevs;
			    j++) {
				snprintf(name, sizeof name, "%s/%s/%s",
				    d->sref[si].s->driver, d->sref[si].s->pool,
				    d->sref[si].s->devs[j].name);
				h = holders(&x, d, si, j);
				fprintf(fp, "%-*s  %-*s  %s\n", (int)nw, n < 0 ?
				    "-" : rr->cluster->nodes[n].name, (int)dw,
				    name, h != NULL ? h : "-");
				free(h);
			}
	gs_dra_held_release(&x);
}

json_t *
gs_report_dra_node_json(const struct gs_report_run *rr,
    const struct gs_dra_held *x, size_t node)
{
	const struct gs_dra	*d = rr->cluster->dra;
	json_t			*a = NULL, *pods;
	size_t			 si, j, k;
	char			*h;

	if (x->soff == NULL)
		return NULL;
	for (k = x->soff[node + 1]; k < x->soff[node + 2]; k++)
		for (si = x->sl[k].si, j = 0; j < d->sref[si].s->ndevs; j++) {
			if (a == NULL)
				a = json_array();
			h = holders(x, d, si, j);
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
	struct gs_dra_held	 x;
	const char		**cells = NULL;
	char			**own = NULL;
	size_t			 si, j, k, nrows = 0, i;
	long			 n;

	if (d == NULL || d->nsref == 0)
		return;
	gs_dra_held_build(&x, rr);
	for (n = -1; n < (long)rr->cluster->nnodes; n++)
		for (k = x.soff[n + 1]; k < x.soff[n + 2]; k++)
			for (si = x.sl[k].si, j = 0; j < d->sref[si].s->ndevs;
			    j++) {
				cells = xreallocarray(cells, 3 * (nrows + 1),
				    sizeof *cells);
				own = xreallocarray(own, 2 * (nrows + 1),
				    sizeof *own);
				own[2 * nrows] = xasprintf("%s/%s/%s",
				    d->sref[si].s->driver, d->sref[si].s->pool,
				    d->sref[si].s->devs[j].name);
				own[2 * nrows + 1] = holders(&x, d, si, j);
				cells[3 * nrows] = n < 0 ? "-" :
				    rr->cluster->nodes[n].name;
				cells[3 * nrows + 1] = own[2 * nrows];
				cells[3 * nrows + 2] = own[2 * nrows + 1] ?
				    own[2 * nrows + 1] : "-";
				nrows++;
			}
	gs_dra_held_release(&x);
	gs_html_table(h, "DRA devices and the pods whose claims hold them",
	    head, 3, cells, nrows);
	for (i = 0; i < 2 * nrows; i++)
		free(own[i]);
	free(own);
	free(cells);
}
