/*
 * report/gpus.c: the GPU index of the writers' GPU maps (report/gpus.h):
 * running pods grouped by node and placements grouped by GPU, each in one
 * counting pass and one filling pass, in their original order.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "load/sharing.h"
#include "model/ident.h"
#include "sched/hami/hami.h"
#include "report/gpus.h"
#include "report/jw.h"
#include "util/util.h"

/* Count (at NULL) or file placement i under each GPU slot it holds,
 * once per slot. */
static void
each_slot(const struct gs_gpu_index *x, size_t i, size_t *last,
    size_t *at)
{
	const struct gs_placement	*pl = &x->res->pl[i];
	size_t				 j, k, g;

	if (pl->status != GS_PLACED || pl->node < 0 ||
	    (size_t)pl->node >= x->nnodes)
		return;
	for (j = 0; j < pl->ninit + pl->nctrs; j++) {
		const struct gs_ctr_grant *cg = gs_placement_ctr(pl, j);

		for (k = 0; k < cg->ngrants; k++) {
			g = x->base[pl->node] + (size_t)cg->grants[k].dev;
			if (last[g] == i)
				continue;	/* one entry per pod */
			last[g] = i;
			if (at == NULL)
				x->off[g + 1]++;
			else
				x->pl[at[g]++] = i;
		}
	}
}

static void
index_placements(struct gs_gpu_index *x, size_t ngpus)
{
	size_t	*last, *at, i, g;

	x->off = xcalloc(ngpus + 1, sizeof *x->off);
	if (x->res == NULL)
		return;
	last = xcalloc(ngpus ? ngpus : 1, sizeof *last);
	for (g = 0; g < ngpus; g++)
		last[g] = SIZE_MAX;
	for (i = 0; i < x->res->npl; i++)
		each_slot(x, i, last, NULL);
	for (g = 0; g < ngpus; g++)
		x->off[g + 1] += x->off[g];
	x->pl = xcalloc(x->off[ngpus] ? x->off[ngpus] : 1, sizeof *x->pl);
	at = xcalloc(ngpus ? ngpus : 1, sizeof *at);
	for (g = 0; g < ngpus; g++) {
		last[g] = SIZE_MAX;
		at[g] = x->off[g];
	}
	for (i = 0; i < x->res->npl; i++)
		each_slot(x, i, last, at);
	free(at);
	free(last);
}

static void
index_running(struct gs_gpu_index *x)
{
	const struct gs_running	*r = x->running;
	size_t			 i, *at, n = x->nnodes;

	x->roff = xcalloc(n + 1, sizeof *x->roff);
	if (r == NULL)
		return;
	for (i = 0; i < r->n; i++)
		if (r->v[i].node >= 0 && (size_t)r->v[i].node < n)
			x->roff[r->v[i].node + 1]++;
	for (i = 0; i < n; i++)
		x->roff[i + 1] += x->roff[i];
	x->run = xcalloc(x->roff[n] ? x->roff[n] : 1, sizeof *x->run);
	at = xcalloc(n ? n : 1, sizeof *at);
	memcpy(at, x->roff, n * sizeof *at);
	for (i = 0; i < r->n; i++)
		if (r->v[i].node >= 0 && (size_t)r->v[i].node < n)
			x->run[at[r->v[i].node]++] = i;
	free(at);
}

void
gs_gpu_index_build(struct gs_gpu_index *x, const struct gs_cluster *c,
    const struct gs_result *res, const struct gs_workload *wl,
    const struct gs_running *running,
    const struct hami_profile *hp)
{
	size_t	i, ngpus = 0;

	memset(x, 0, sizeof *x);
	x->running = running;
	x->res = res;
	x->wl = wl;
	x->hp = hp;
	x->nnodes = c->nnodes;
	x->base = xcalloc(c->nnodes + 1, sizeof *x->base);
	for (i = 0; i < c->nnodes; i++) {
		x->base[i] = ngpus;
		ngpus += c->nodes[i].ndevs;
	}
	x->base[c->nnodes] = ngpus;
	index_placements(x, ngpus);
	index_running(x);
}

void
gs_gpu_index_release(struct gs_gpu_index *x)
{
	free(x->base);
	free(x->off);
	free(x->pl);
	free(x->roff);
	free(x->run);
	memset(x, 0, sizeof *x);
}

/* Append pre and '/' (when pre is not NULL) and s to the comma list
 * *out of length *len (capacity *cap). */
static void
list_add(char **out, size_t *len, size_t *cap, const char *pre,
    const char *s)
{
	size_t	n = strlen(s), np = pre != NULL ? strlen(pre) : 0;

	grow_array(out, cap, *len + np + n + 3, 1);
	if (*len > 0)
		(*out)[(*len)++] = ',';
	if (pre != NULL) {
		memcpy(*out + *len, pre, np);
		(*out)[*len + np] = '/';
		*len += np + 1;
	}
	memcpy(*out + *len, s, n + 1);
	*len += n;
}


static void
running_list(const struct gs_gpu_index *x, size_t node, const char *id,
    char **out, size_t *len, size_t *cap)
{
	size_t	i, k;

	if (x->running == NULL || node >= x->nnodes)
		return;
	for (i = x->roff[node]; i < x->roff[node + 1]; i++) {
		const struct gs_running_pod *p = &x->running->v[x->run[i]];
		int hit = 0;

		/* v2.10 forgets the GPUs of init containers that are done. */
		for (k = 0; k < p->ndevs && !hit; k++)
			hit = strcmp(p->devs[k].id, id) == 0 &&
			    !(x->hp->init_collapse != GS_COLLAPSE_NONE &&
			    p->init_done && (size_t)p->devs[k].ctr < p->ninit);
		if (!hit)
			continue;
		/* gs_pod_key's "ns/name" */
		list_add(out, len, cap, p->ns ? p->ns : GS_DEFAULT_NS,
		    p->name);
	}
}

char *
gs_gpu_running(const struct gs_gpu_index *x, size_t node, const char *id)
{
	char	*out = NULL;
	size_t	 len = 0, cap = 0;

	running_list(x, node, id, &out, &len, &cap);
	return out ? out : xstrdup("-");
}

char *
gs_gpu_pods(const struct gs_gpu_index *x, const struct gs_cluster *c,
    size_t node, size_t dev)
{
	char	*out = NULL;
	size_t	 len = 0, cap = 0, g, i;

	running_list(x, node, c->nodes[node].devs[dev].id, &out, &len, &cap);
	g = x->base[node] + dev;
	for (i = x->off[g]; x->res != NULL && i < x->off[g + 1]; i++) {
		const struct gs_pod *pod = &x->wl->pods[x->pl[i]];

		/* gs_pod_display's "name", or "ns/name" out of namespace
		 * default, without a copy. */
		list_add(&out, &len, &cap, pod->ns == NULL ||
		    strcmp(pod->ns, GS_DEFAULT_NS) == 0 ? NULL : pod->ns,
		    pod->name);
	}
	return out ? out : xstrdup("-");
}

size_t
gs_gpu_node_width(const struct gs_cluster *c)
{
	size_t	i, w = 9;

	for (i = 0; i < c->nnodes; i++)
		if (strlen(c->nodes[i].name) > w)
			w = strlen(c->nodes[i].name);
	return w;
}

/* One GPU written with w; pods is the comma list of its pods
 * (consumed). */
void
gs_gpu_write(struct gs_jw *w, const struct gs_node *n, size_t j, char *pods)
{
	const struct gs_device *d = &n->devs[j];
	char	*p, *save = NULL;

	/* Left out without a UUID or type, as json_pack refused it. */
	if (!gs_jw_ok(d->id) || !gs_jw_ok(d->type)) {
		free(pods);
		return;
	}
	gs_jw_begin(w, NULL, '{');
	gs_jw_int(w, "index", gs_gpu_number(n, j));
	gs_jw_str(w, "uuid", d->id);
	gs_jw_str(w, "type", d->type);
	gs_jw_int(w, "numa", d->numa);
	gs_jw_int(w, "slots", d->count);
	gs_jw_int(w, "slots_used", gs_dev_slots_used(d));
	gs_jw_int(w, "memory_mib", d->devmem);
	gs_jw_int(w, "memory_used_mib", d->usedmem);
	gs_jw_int(w, "cores", d->devcore);
	gs_jw_int(w, "cores_used", d->usedcores);
	gs_jw_begin(w, "pods", '[');
	for (p = strtok_r(pods, ",", &save); p != NULL;
	    p = strtok_r(NULL, ",", &save))
		if (strcmp(p, "-") != 0)
			gs_jw_str(w, NULL, p);
	gs_jw_end(w);
	gs_jw_end(w);
	free(pods);
}

json_t *
gs_gpu_json(const struct gs_node *n, size_t j, char *pods)
{
	struct gs_jw	w;

	gs_jw_tree(&w);
	gs_gpu_write(&w, n, j, pods);
	return gs_jw_tree_take(&w);
}

struct gs_gpu_widths
gs_gpu_widths(const struct gs_cluster *c, size_t nw)
{
	struct gs_gpu_widths	w = { nw, 40, 22 };
	size_t			i, j;

	for (i = 0; i < c->nnodes; i++)
		for (j = 0; j < c->nodes[i].ndevs; j++) {
			const struct gs_device *d = &c->nodes[i].devs[j];

			if (strlen(d->id) > w.uw)
				w.uw = strlen(d->id);
			if (strlen(d->type) > w.tw)
				w.tw = strlen(d->type);
		}
	return w;
}

void
gs_gpu_header(FILE *fp, const struct gs_gpu_widths *w)
{
	fprintf(fp, "%-*s  %3s  %-*s  %-*s  %4s  %7s  %15s  %7s  %s\n",
	    (int)w->nw, "NODE", "GPU", (int)w->uw, "UUID", (int)w->tw, "TYPE",
	    "NUMA", "SLOTS", "MEM(MiB)", "CORES", "PODS");
}

/* One GPU map row (GPU j of its node); pods is consumed. */
void
gs_gpu_row(FILE *fp, const struct gs_gpu_widths *w, const struct gs_node *n,
    size_t j, char *pods)
{
	const struct gs_device *d = &n->devs[j];
	const char	*node = n->name;
	char	slots[32], mem[40], cores[32];

	snprintf(slots, sizeof slots, "%d/%d", gs_dev_slots_used(d), d->count);
	snprintf(mem, sizeof mem, "%d/%d", d->usedmem, d->devmem);
	snprintf(cores, sizeof cores, "%d/%d", d->usedcores, d->devcore);
	fprintf(fp, "%-*s  %3d  %-*s  %-*s  %4d  %7s  %15s  %7s  %s\n",
	    (int)w->nw, node, gs_gpu_number(n, j), (int)w->uw, d->id,
	    (int)w->tw, d->type, d->numa, slots, mem, cores, pods);
	free(pods);
}
