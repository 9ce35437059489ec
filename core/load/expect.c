/*
 * load/expect.c: load and evaluate scenario expectations.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load/expect.h"
#include "model/ident.h"
#include "load/load.h"

struct key {
	const char		*name;
	enum gs_expect_kind	 kind;
	int			 type;	/* 0 true, 1 integer, 2 number, 3 node */
	int			 cluster;
};

static const struct key keys[] = {
	{ "onNode", EX_ON_NODE, 3, 0 },
	{ "oneNode", EX_ONE_NODE, 0, 0 },
	{ "minNodes", EX_MIN_NODES, 1, 0 },
	{ "distinctGPUs", EX_DISTINCT_GPUS, 0, 0 },
	{ "maxPodsPerGPU", EX_MAX_PODS_PER_GPU, 1, 0 },
	{ "notPending", EX_NOT_PENDING, 0, 0 },
	{ "maxPending", EX_MAX_PENDING, 1, 1 },
	{ "minWholeGPUsFree", EX_MIN_WHOLE_FREE, 1, 1 },
	{ "minLargestBlock", EX_MIN_LARGEST_BLOCK, 1, 1 },
	{ "maxFragmentationPct", EX_MAX_FRAG_PCT, 2, 1 },
	{ "maxNodesUsed", EX_MAX_NODES_USED, 1, 1 },
};

#define NKEYS	(sizeof keys / sizeof keys[0])

static int
load_item(const struct yt_file *f, const struct yt_node *item,
    struct gs_expect_list *l, struct gs_error *err)
{
	const struct yt_node	*sel_w = yt_get(item, "workload");
	const struct yt_node	*sel_p = yt_get(item, "pod");
	const char		*sw = NULL, *sp = NULL, *s;
	size_t			 i, k, added = 0;

	if (yt_expect(f, item, YT_MAP, "expect[]", err) != 0)
		return -1;
	if (sel_w != NULL && yt_string(f, sel_w, "workload", &sw, err) != 0)
		return -1;
	if (sel_p != NULL && yt_string(f, sel_p, "pod", &sp, err) != 0)
		return -1;
	if (sw != NULL && sp != NULL)
		return yt_error(f, sel_p, err, "give 'workload' or 'pod', not "
		    "both");
	for (i = 0; i < yt_map_len(item); i++) {
		const struct yt_node	*kn = yt_key(item, i);
		const struct yt_node	*vn = yt_val(item, i);
		struct gs_expect	 e;
		int64_t			 iv;
		int			 b;

		if (strcmp(kn->str, "workload") == 0 ||
		    strcmp(kn->str, "pod") == 0)
			continue;
		for (k = 0; k < NKEYS; k++)
			if (strcmp(keys[k].name, kn->str) == 0)
				break;
		if (k == NKEYS)
			return yt_error(f, kn, err, "unknown expectation '%s' "
			    "(onNode, oneNode, minNodes, distinctGPUs, "
			    "maxPodsPerGPU, notPending; cluster-wide: "
			    "maxPending, minWholeGPUsFree, minLargestBlock, "
			    "maxFragmentationPct, maxNodesUsed)", kn->str);
		if (keys[k].cluster && (sw || sp))
			return yt_error(f, kn, err, "'%s' is cluster-wide: put "
			    "it in an item without 'workload' or 'pod'",
			    kn->str);
		if (!keys[k].cluster && !sw && !sp)
			return yt_error(f, kn, err, "'%s' needs a 'workload' or "
			    "'pod' in the same item", kn->str);
		memset(&e, 0, sizeof e);
		e.kind = keys[k].kind;
		switch (keys[k].type) {
		case 0:
			if (yt_bool(f, vn, kn->str, &b, err) != 0)
				return -1;
			if (!b)
				return yt_error(f, vn, err, "'%s' can only be "
				    "true (leave it out otherwise)", kn->str);
			break;
		case 1:
			if (yt_int64(f, vn, kn->str, 0, 100000000, &iv,
			    err) != 0)
				return -1;
			e.value = (double)iv;
			break;
		case 2:
			if (gs_load_double(f, vn, kn->str, 0, 100, &e.value,
			    err) != 0)
				return -1;
			break;
		default:
			if (yt_string(f, vn, kn->str, &s, err) != 0)
				return -1;
			e.node = xstrdup(s);
			break;
		}
		e.workload = sw ? xstrdup(sw) : NULL;
		e.pod = sp ? xstrdup(sp) : NULL;
		e.src_file = xstrdup(f->path);
		e.line = kn->line;
		e.col = kn->col;
		grow_array(&l->v, &l->cap, l->n + 1, sizeof *l->v);
		l->v[l->n++] = e;
		added++;
	}
	if (added == 0)
		return yt_error(f, item, err, "expectation item checks nothing");
	return 0;
}

int
gs_expect_load(const struct yt_file *f, const struct yt_node *n,
    struct gs_expect_list *l, struct gs_error *err)
{
	size_t	i;

	if (yt_is_null(n))
		return 0;
	if (yt_expect(f, n, YT_SEQ, "expect", err) != 0)
		return -1;
	for (i = 0; i < n->nitems; i++)
		if (load_item(f, n->items[i], l, err) != 0)
			return -1;
	return 0;
}

void
gs_expect_list_release(struct gs_expect_list *l)
{
	size_t	i;

	for (i = 0; i < l->n; i++) {
		free(l->v[i].workload);
		free(l->v[i].pod);
		free(l->v[i].node);
		free(l->v[i].src_file);
	}
	free(l->v);
	memset(l, 0, sizeof *l);
}

/* The pods of the resolved namespace and name (model/ident.h). */
static int
selected(const struct gs_expect *e, const char *ns, const char *name,
    const struct gs_pod *p)
{
	if (strcmp(p->ns ? p->ns : GS_DEFAULT_NS, ns) != 0)
		return 0;
	return strcmp(e->pod != NULL ? p->name : p->workload, name) == 0;
}

static void
append(char *buf, size_t len, const char *s)
{
	size_t	off = strlen(buf);

	if (off < len)
		snprintf(buf + off, len - off, "%s%s", off ? ", " : "", s);
}

static void
eval_selection(const struct gs_expect *e, const char *ns, const char *name,
    const struct gs_cluster *c, const struct gs_workload *w,
    const struct gs_result *r, const struct gs_metrics *m,
    struct gs_expect_result *out)
{
	char		*seen_node = xcalloc(c->nnodes ? c->nnodes : 1, 1);
	size_t		*mine = xcalloc(m->gpus ? m->gpus : 1, sizeof *mine);
	size_t		*last = xcalloc(m->gpus ? m->gpus : 1, sizeof *last);
	char		 nodes[256] = "", where[128] = "";
	size_t		 i, j, k, g, npods = 0, pending = 0, nnodes = 0;
	size_t		 maxshare = 0, shared = 0;
	long		 on_wrong = 0;

	for (i = 0; i < r->npl; i++) {
		const struct gs_placement *pl = &r->pl[i];

		if (ns == NULL || !selected(e, ns, name, &w->pods[pl->pod]))
			continue;
		npods++;
		if (pl->status != GS_PLACED) {
			pending += pl->status == GS_PENDING;
			continue;
		}
		if (!seen_node[pl->node]) {
			seen_node[pl->node] = 1;
			nnodes++;
			append(nodes, sizeof nodes, c->nodes[pl->node].name);
		}
		if (e->node && strcmp(c->nodes[pl->node].name, e->node) != 0)
			on_wrong++;
		for (j = 0; j < pl->ninit + pl->nctrs; j++)
			for (k = 0; k < gs_placement_ctr(pl, j)->ngrants; k++) {
				const struct gs_grant *gr =
				    &gs_placement_ctr(pl, j)->grants[k];

				g = m->gpu_base[pl->node] + (size_t)gr->dev;
				if (last[g] == i + 1)
					continue;	/* same pod */
				last[g] = i + 1;
				if (++mine[g] == 2)
					shared++;
				if (m->gpu_pods[g] > maxshare) {
					maxshare = m->gpu_pods[g];
					snprintf(where, sizeof where, "%s GPU "
					    "%d", c->nodes[pl->node].name,
					    c->nodes[pl->node].devs[
					    gr->dev].index);
				}
			}
	}
	free(seen_node);
	free(mine);
	free(last);
	if (npods == 0) {
		out->pass = 0;
		snprintf(out->got, sizeof out->got, "no pods match");
		return;
	}
	switch (e->kind) {
	case EX_ON_NODE:
		out->pass = pending == 0 && on_wrong == 0;
		snprintf(out->got, sizeof out->got, "%s%s%zu pending",
		    nodes[0] ? nodes : "", nodes[0] ? "; " : "", pending);
		break;
	case EX_ONE_NODE:
		out->pass = pending == 0 && nnodes == 1;
		snprintf(out->got, sizeof out->got, "%zu node%s (%s), %zu "
		    "pending", nnodes, nnodes == 1 ? "" : "s", nodes, pending);
		break;
	case EX_MIN_NODES:
		out->pass = (double)nnodes >= e->value;
		snprintf(out->got, sizeof out->got, "%zu (%s)", nnodes, nodes);
		break;
	case EX_DISTINCT_GPUS:
		out->pass = shared == 0 && pending == 0;
		snprintf(out->got, sizeof out->got, "%zu shared GPU%s, %zu "
		    "pending", shared, shared == 1 ? "" : "s", pending);
		break;
	case EX_MAX_PODS_PER_GPU:
		out->pass = (double)maxshare <= e->value;
		snprintf(out->got, sizeof out->got, "%zu%s%s%s", maxshare,
		    where[0] ? " (" : "", where, where[0] ? ")" : "");
		break;
	default:		/* EX_NOT_PENDING */
		out->pass = pending == 0;
		snprintf(out->got, sizeof out->got, "%zu pending", pending);
		break;
	}
}

static const char *
kind_text(const struct gs_expect *e, char *buf, size_t len)
{
	switch (e->kind) {
	case EX_ON_NODE:
		snprintf(buf, len, "on node %s", e->node);
		break;
	case EX_ONE_NODE:
		snprintf(buf, len, "on one node");
		break;
	case EX_MIN_NODES:
		snprintf(buf, len, "spread over at least %.0f nodes",
		    e->value);
		break;
	case EX_DISTINCT_GPUS:
		snprintf(buf, len, "on distinct GPUs");
		break;
	case EX_MAX_PODS_PER_GPU:
		snprintf(buf, len, "at most %.0f pods per GPU", e->value);
		break;
	case EX_NOT_PENDING:
		snprintf(buf, len, "not pending");
		break;
	case EX_MAX_PENDING:
		snprintf(buf, len, "pending pods <= %.0f", e->value);
		break;
	case EX_MIN_WHOLE_FREE:
		snprintf(buf, len, "whole GPUs free >= %.0f", e->value);
		break;
	case EX_MIN_LARGEST_BLOCK:
		snprintf(buf, len, "largest whole-GPU block >= %.0f", e->value);
		break;
	case EX_MAX_FRAG_PCT:
		snprintf(buf, len, "fragmentation <= %g%% of idle", e->value);
		break;
	case EX_MAX_NODES_USED:
		snprintf(buf, len, "nodes used <= %.0f", e->value);
		break;
	}
	return buf;
}

/* A pod or workload selector against the run's pods. */
static int
eval_selector(const struct gs_expect *e, const struct gs_cluster *c,
    const struct gs_workload *w, const struct gs_result *r,
    const struct gs_metrics *m, struct gs_expect_result *out,
    struct gs_error *err)
{
	const char	*ref = e->pod ? e->pod : e->workload;
	char		 kt[128], *ns, *name, *cands;
	int		 rc;

	kind_text(e, kt, sizeof kt);
	rc = gs_workload_resolve(w, ref, e->pod == NULL, &ns, &name, &cands);
	if (rc == -2) {
		gs_error_set(err, e->src_file, e->line, e->col, "%s '%s' is in "
		    "several namespaces: %s (give namespace/name)",
		    e->pod ? "pod" : "workload", ref, cands);
		free(cands);
		return -1;
	}
	snprintf(out->what, sizeof out->what, "%s %s %s",
	    e->pod ? "pod" : "workload", ref, kt);
	eval_selection(e, ns, name, c, w, r, m, out);
	free(ns);
	free(name);
	return 0;
}

int
gs_expect_eval(const struct gs_expect *e, const struct gs_cluster *c,
    const struct gs_workload *w, const struct gs_result *r,
    const struct gs_metrics *m, struct gs_expect_result *out,
    struct gs_error *err)
{
	char	kt[128];

	memset(out, 0, sizeof *out);
	if (e->workload || e->pod)
		return eval_selector(e, c, w, r, m, out, err);
	kind_text(e, kt, sizeof kt);
	snprintf(out->what, sizeof out->what, "%s", kt);
	switch (e->kind) {
	case EX_MAX_PENDING:
		out->pass = (double)m->pending <= e->value;
		snprintf(out->got, sizeof out->got, "%zu", m->pending);
		break;
	case EX_MIN_WHOLE_FREE:
		out->pass = (double)m->whole_free >= e->value;
		snprintf(out->got, sizeof out->got, "%zu", m->whole_free);
		break;
	case EX_MIN_LARGEST_BLOCK:
		out->pass = (double)m->largest_block >= e->value;
		snprintf(out->got, sizeof out->got, "%zu", m->largest_block);
		break;
	case EX_MAX_FRAG_PCT:
		out->pass = m->frag_pct <= e->value + 1e-9;
		snprintf(out->got, sizeof out->got, "%.2f%%", m->frag_pct);
		break;
	default:		/* EX_MAX_NODES_USED */
		out->pass = (double)m->nodes_used <= e->value;
		snprintf(out->got, sizeof out->got, "%zu", m->nodes_used);
		break;
	}
	return 0;
}
