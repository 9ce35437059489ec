/*
 * metrics/diff.c: placement sets and the changes between two of them (moved,
 * added, removed, newly pending, newly placed), in a stable order: runs by
 * name, pods by namespace then name.
 */
#include <stdlib.h>
#include <string.h>

#include "metrics/diff.h"

static void
ppod_release(struct gs_ppod *p)
{
	size_t	i;

	for (i = 0; i < p->ngpus; i++) {
		free(p->gpus[i].ctr);
		free(p->gpus[i].uuid);
	}
	free(p->gpus);
	free(p->ns);
	free(p->name);
	free(p->node);
	free(p->reason);
	free(p->file);
}

void
gs_pset_release(struct gs_pset *s)
{
	size_t	i, j;

	for (i = 0; i < s->nruns; i++) {
		for (j = 0; j < s->runs[i].npods; j++)
			ppod_release(&s->runs[i].pods[j]);
		free(s->runs[i].pods);
		free(s->runs[i].name);
	}
	free(s->runs);
	memset(s, 0, sizeof *s);
}

struct gs_prun *
gs_pset_add_run(struct gs_pset *s, const char *name)
{
	struct gs_prun	*r;

	grow_array(&s->runs, &s->cap, s->nruns + 1, sizeof *s->runs);
	r = &s->runs[s->nruns++];
	memset(r, 0, sizeof *r);
	r->name = xstrdup(name);
	return r;
}

struct gs_ppod *
gs_prun_add_pod(struct gs_prun *r, const char *ns, const char *name,
    const char *node, const char *reason)
{
	struct gs_ppod	*p;

	grow_array(&r->pods, &r->cap, r->npods + 1, sizeof *r->pods);
	p = &r->pods[r->npods];
	memset(p, 0, sizeof *p);
	p->seq = r->npods++;
	p->ns = xstrdup(ns != NULL && *ns != '\0' ? ns : "default");
	p->name = xstrdup(name);
	p->pending = node == NULL;
	p->node = node != NULL ? xstrdup(node) : NULL;
	p->reason = node == NULL && reason != NULL ? xstrdup(reason) : NULL;
	return p;
}

static int
gpu_cmp(const struct gs_pgpu *a, const struct gs_pgpu *b)
{
	int	c = strcmp(a->ctr, b->ctr);

	return c != 0 ? c : strcmp(a->uuid, b->uuid);
}

void
gs_ppod_add_gpu(struct gs_ppod *p, const char *ctr, const char *uuid,
    int index)
{
	struct gs_pgpu	g;
	size_t		i;

	g.ctr = xstrdup(ctr);
	g.uuid = xstrdup(uuid);
	g.index = index;
	grow_array(&p->gpus, &p->cap, p->ngpus + 1, sizeof *p->gpus);
	/* Insertion keeps (container, uuid) order: the set, not the order
	 * the output listed them in, is what is compared. */
	for (i = p->ngpus; i > 0 && gpu_cmp(&p->gpus[i - 1], &g) > 0; i--)
		p->gpus[i] = p->gpus[i - 1];
	p->gpus[i] = g;
	p->ngpus++;
}

static int
gpu_uuid_cmp(const void *a, const void *b)
{
	return strcmp((*(const struct gs_pgpu *const *)a)->uuid,
	    (*(const struct gs_pgpu *const *)b)->uuid);
}

void
gs_pset_fill_index(struct gs_pset *dst, const struct gs_pset *src)
{
	const struct gs_pgpu	**v = NULL, **hit, *key;
	struct gs_pgpu		  key_gpu;
	size_t			  n = 0, cap = 0, i, j, k;

	for (i = 0; i < src->nruns; i++)
		for (j = 0; j < src->runs[i].npods; j++)
			for (k = 0; k < src->runs[i].pods[j].ngpus; k++) {
				if (src->runs[i].pods[j].gpus[k].index < 0)
					continue;
				grow_array(&v, &cap, n + 1, sizeof *v);
				v[n++] = &src->runs[i].pods[j].gpus[k];
			}
	if (n > 0)
		qsort(v, n, sizeof *v, gpu_uuid_cmp);
	key = &key_gpu;
	for (i = 0; n > 0 && i < dst->nruns; i++)
		for (j = 0; j < dst->runs[i].npods; j++)
			for (k = 0; k < dst->runs[i].pods[j].ngpus; k++) {
				struct gs_pgpu *g = &dst->runs[i].pods[j].gpus[k];

				if (g->index >= 0)
					continue;
				key_gpu.uuid = g->uuid;
				if ((hit = bsearch(&key, v, n, sizeof *v,
				    gpu_uuid_cmp)) != NULL)
					g->index = (*hit)->index;
			}
	free(v);
}

const char *
gs_pchange_name(enum gs_pchange k)
{
	static const char *const names[GS_PC_NKINDS] = { "same", "moved",
	    "added", "removed", "newly pending", "newly placed" };

	return k < GS_PC_NKINDS ? names[k] : "?";
}

static int
ppod_key_cmp(const void *a, const void *b)
{
	const struct gs_ppod	*p = *(const struct gs_ppod *const *)a;
	const struct gs_ppod	*q = *(const struct gs_ppod *const *)b;
	int			 c;

	if ((c = strcmp(p->ns, q->ns)) != 0)
		return c;
	if ((c = strcmp(p->name, q->name)) != 0)
		return c;
	return p->seq < q->seq ? -1 : p->seq > q->seq;
}

/* The pods of r (or none) sorted by key; the caller frees the array. */
static const struct gs_ppod **
sorted_pods(const struct gs_prun *r, size_t *n)
{
	const struct gs_ppod	**v;
	size_t			  i;

	*n = r != NULL ? r->npods : 0;
	v = xcalloc(*n + 1, sizeof *v);
	for (i = 0; i < *n; i++)
		v[i] = &r->pods[i];
	qsort(v, *n, sizeof *v, ppod_key_cmp);
	return v;
}

static int
same_place(const struct gs_ppod *a, const struct gs_ppod *b)
{
	size_t	i;

	if (strcmp(a->node, b->node) != 0 || a->ngpus != b->ngpus)
		return 0;
	for (i = 0; i < a->ngpus; i++)
		if (gpu_cmp(&a->gpus[i], &b->gpus[i]) != 0)
			return 0;
	return 1;
}

static enum gs_pchange
classify(const struct gs_ppod *a, const struct gs_ppod *b)
{
	if (a == NULL)
		return GS_PC_ADDED;
	if (b == NULL)
		return GS_PC_REMOVED;
	if (a->pending && b->pending)
		return GS_PC_SAME;
	if (a->pending)
		return GS_PC_PLACED;
	if (b->pending)
		return GS_PC_PENDING;
	return same_place(a, b) ? GS_PC_SAME : GS_PC_MOVED;
}

static void
add_cmp(struct gs_pdiff *d, struct gs_prun_cmp *rc, const struct gs_ppod *a,
    const struct gs_ppod *b)
{
	struct gs_pcmp	*c;

	grow_array(&rc->pods, &rc->cap, rc->npods + 1, sizeof *rc->pods);
	c = &rc->pods[rc->npods++];
	c->base = a;
	c->head = b;
	c->kind = classify(a, b);
	rc->count[c->kind]++;
	d->count[c->kind]++;
	d->changes += c->kind != GS_PC_SAME;
	d->pods++;
}

/* Merge the pods of a and b (either may be NULL) by key. */
static void
compare_run(struct gs_pdiff *d, const struct gs_prun *a,
    const struct gs_prun *b)
{
	struct gs_prun_cmp	 *rc;
	const struct gs_ppod	**pa, **pb;
	size_t			  na, nb, i = 0, j = 0;
	int			  c;

	grow_array(&d->runs, &d->cap, d->nruns + 1, sizeof *d->runs);
	rc = &d->runs[d->nruns++];
	memset(rc, 0, sizeof *rc);
	rc->name = b != NULL ? b->name : a->name;
	rc->only = a == NULL ? 1 : b == NULL ? -1 : 0;
	if (a != NULL && b != NULL && strcmp(a->name, b->name) != 0)
		rc->base_name = a->name;
	pa = sorted_pods(a, &na);
	pb = sorted_pods(b, &nb);
	while (i < na || j < nb) {
		if (i == na)
			c = 1;
		else if (j == nb)
			c = -1;
		else if ((c = strcmp(pa[i]->ns, pb[j]->ns)) == 0)
			c = strcmp(pa[i]->name, pb[j]->name);
		if (c == 0)
			add_cmp(d, rc, pa[i++], pb[j++]);
		else if (c < 0)
			add_cmp(d, rc, pa[i++], NULL);
		else
			add_cmp(d, rc, NULL, pb[j++]);
	}
	free(pa);
	free(pb);
}

static int
run_name_cmp(const void *a, const void *b)
{
	return strcmp((*(const struct gs_prun *const *)a)->name,
	    (*(const struct gs_prun *const *)b)->name);
}

static const struct gs_prun **
sorted_runs(const struct gs_pset *s, const char *only, size_t *n)
{
	const struct gs_prun	**v = xcalloc(s->nruns + 1, sizeof *v);
	size_t			  i;

	*n = 0;
	for (i = 0; i < s->nruns; i++)
		if (only == NULL || strcmp(s->runs[i].name, only) == 0)
			v[(*n)++] = &s->runs[i];
	qsort(v, *n, sizeof *v, run_name_cmp);
	return v;
}

void
gs_pset_compare(const struct gs_pset *base, const struct gs_pset *head,
    const char *only, struct gs_pdiff *d)
{
	const struct gs_prun	**ra, **rb;
	size_t			  na, nb, i = 0, j = 0;
	int			  c;

	memset(d, 0, sizeof *d);
	ra = sorted_runs(base, only, &na);
	rb = sorted_runs(head, only, &nb);
	/* One run a side: those two, whatever the files named them. */
	if (na == 1 && nb == 1) {
		compare_run(d, ra[0], rb[0]);
		na = nb = 0;
	}
	while (i < na || j < nb) {
		c = i == na ? 1 : j == nb ? -1 : strcmp(ra[i]->name,
		    rb[j]->name);
		if (c == 0)
			compare_run(d, ra[i++], rb[j++]);
		else if (c < 0)
			compare_run(d, ra[i++], NULL);
		else
			compare_run(d, NULL, rb[j++]);
	}
	free(ra);
	free(rb);
}

void
gs_pdiff_release(struct gs_pdiff *d)
{
	size_t	i;

	for (i = 0; i < d->nruns; i++)
		free(d->runs[i].pods);
	free(d->runs);
	memset(d, 0, sizeof *d);
}

char *
gs_ppod_label(const struct gs_ppod *p)
{
	if (strcmp(p->ns, "default") == 0)
		return xstrdup(p->name);
	return xasprintf("%s/%s", p->ns, p->name);
}

static int
int_cmp(const void *a, const void *b)
{
	int	x = *(const int *)a, y = *(const int *)b;

	return x < y ? -1 : x > y;
}

/* " GPU 1,3" (sorted) when every index is known, else the UUIDs. */
static char *
gpus_text(const struct gs_ppod *p)
{
	char	*s = xstrdup(""), *t;
	int	*idx = xcalloc(p->ngpus + 1, sizeof *idx);
	size_t	 i, j, n = 0;
	int	 indexed = p->ngpus > 0;

	for (i = 0; i < p->ngpus; i++)
		indexed &= p->gpus[i].index >= 0;
	for (i = 0; i < p->ngpus; i++) {
		/* Containers sharing a GPU: name it once. */
		for (j = 0; j < i; j++)
			if (strcmp(p->gpus[i].uuid, p->gpus[j].uuid) == 0)
				break;
		if (j < i)
			continue;
		if (indexed) {
			idx[n++] = p->gpus[i].index;
			continue;
		}
		t = xasprintf("%s%s%s", s, n++ ? "," : " ", p->gpus[i].uuid);
		free(s);
		s = t;
	}
	qsort(idx, indexed ? n : 0, sizeof *idx, int_cmp);
	for (i = 0; indexed && i < n; i++) {
		t = xasprintf("%s%s%d", s, i ? "," : " GPU ", idx[i]);
		free(s);
		s = t;
	}
	free(idx);
	return s;
}

char *
gs_ppod_where(const struct gs_ppod *p)
{
	char	*g, *s;

	if (p->pending)
		return p->reason != NULL ? xasprintf("pending (%s)", p->reason) :
		    xstrdup("pending");
	g = gpus_text(p);
	s = xasprintf("%s%s", p->node, g);
	free(g);
	return s;
}
