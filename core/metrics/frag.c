/*
 * metrics/frag.c: the typical pods and the GPU fragmentation measure of the FGD
 * paper (spec/openb-fgd.md §4, pkg/utils/frag.go in its simulator).
 *
 * F_n(m) is the idle GPU of node n that shape m cannot use: all of it when
 * m is CPU-only, cannot access n's model, or does not fit (GPU or CPU);
 * otherwise only the GPUs with less free than m's share.  Memory plays no
 * part.  A node (of the share view, sched/share_view.h) has as its
 * measure the integer sum of count(m) * F_n(m).
 * gs_frag_value and gs_typical_shapes (metrics/typical.h) are the one F_n and
 * the one builder of typical shapes; metrics/metrics.c and sched/fgd.c use them
 * too.
 */
#include <stdlib.h>
#include <string.h>

#include "metrics/typical.h"
#include "util/util.h"

double
gs_frag_value(int node_ok, size_t fit, int64_t num, double all, double small)
{
	if (!node_ok || fit < (size_t)(num > 0 ? num : 0))
		return all;			/* XL, XR, Q1, Q2, Q4 */
	return small;				/* Q3: only the small GPUs */
}

int64_t
gs_frag_shape(const struct gs_snode *n, const struct gs_tshape *m)
{
	int64_t	small = 0;
	size_t	k = 0;
	int	g;

	/* CPU-only (XL, XR), no access to the model, or CPU short. */
	if (m->milli == 0 || n->model < 0 ||
	    (m->mask & (UINT64_C(1) << n->model)) == 0 || n->cpu_left < m->cpu)
		return n->idle;
	for (g = 0; g < n->ngpu; g++) {
		if (n->free[g] >= m->milli)
			k++;
		else
			small += n->free[g];
	}
	return (int64_t)gs_frag_value(1, k, m->num, (double)n->idle,
	    (double)small);
}

int64_t
gs_frag_node(const struct gs_snode *n, const struct gs_typical *t)
{
	int64_t	sum = 0;
	size_t	i;

	if (n->idle == 0)
		return 0;
	for (i = 0; i < t->n; i++)
		sum += t->v[i].count * gs_frag_shape(n, &t->v[i]);
	return sum;
}

static int
tkey_cmp(const struct gs_tkey *a, const struct gs_tkey *b)
{
	int	i;

	for (i = 0; i < 4; i++)
		if (a->k[i] != b->k[i])
			return a->k[i] < b->k[i] ? -1 : 1;
	return strcmp(a->spec, b->spec);	/* Go's string order: bytes */
}

/* By key, then where first seen. */
static int
tkey_by_key(const void *a, const void *b)
{
	const struct gs_tkey *x = a, *y = b;
	int c = tkey_cmp(x, y);

	if (c != 0)
		return c;
	return (x->first > y->first) - (x->first < y->first);
}

static int
tkey_by_first(const void *a, const void *b)
{
	const struct gs_tkey *x = a, *y = b;

	return (x->first > y->first) - (x->first < y->first);
}

/* By count, descending; then by key, descending. */
static int
tkey_popular_key(const void *a, const void *b)
{
	const struct gs_tkey *x = a, *y = b;

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return -tkey_cmp(x, y);
}

/* By count, descending; then first seen. */
static int
tkey_popular_first(const void *a, const void *b)
{
	const struct gs_tkey *x = a, *y = b;

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return tkey_by_first(a, b);
}

size_t
gs_typical_shapes(struct gs_tkey *v, size_t n, enum gs_torder order,
    int threshold, int64_t *kept, size_t *distinct)
{
	static int (*const cmp[])(const void *, const void *) = {
		[GS_TORDER_POPULAR_KEY] = tkey_popular_key,
		[GS_TORDER_POPULAR_FIRST] = tkey_popular_first,
		[GS_TORDER_FIRST] = tkey_by_first,
	};
	size_t	i, m = 0;
	int64_t	cum = 0;

	/* Group equal keys; each shape keeps its first item's index. */
	qsort(v, n, sizeof *v, tkey_by_key);
	for (i = 0; i < n; i++) {
		if (m > 0 && tkey_cmp(&v[m - 1], &v[i]) == 0)
			v[m - 1].count++;
		else {
			v[m] = v[i];
			v[m++].count = 1;
		}
	}
	qsort(v, m, sizeof *v, cmp[order]);
	/* Take shapes one at a time until they cover threshold % of items. */
	for (i = 0; i < m && cum * 100 < (int64_t)threshold * (int64_t)n; i++)
		cum += v[i].count;
	if (kept != NULL)
		*kept = cum;
	if (distinct != NULL)
		*distinct = m;
	return i;
}

void
gs_typical_build(const struct gs_trace_pods *pods,
    const struct gs_share *sv, int threshold, struct gs_typical *t)
{
	struct gs_tkey	*k;
	size_t		 i;

	memset(t, 0, sizeof *t);
	k = xreallocarray(NULL, pods->n ? pods->n : 1, sizeof *k);
	for (i = 0; i < pods->n; i++) {
		/* A pod's key (§4): (cpu, milli, num, spec); memory is not
		 * part of it. */
		k[i].k[0] = pods->v[i].cpu_milli;
		k[i].k[1] = pods->v[i].gpu_milli;
		k[i].k[2] = pods->v[i].num_gpu;
		k[i].k[3] = 0;
		k[i].spec = pods->v[i].gpu_spec;
		k[i].first = i;
	}
	t->n = gs_typical_shapes(k, pods->n, GS_TORDER_POPULAR_KEY, threshold,
	    &t->kept, &t->distinct);
	t->total = (int64_t)pods->n;
	t->v = xcalloc(t->n ? t->n : 1, sizeof *t->v);
	for (i = 0; i < t->n; i++) {
		t->v[i].cpu = k[i].k[0];
		t->v[i].milli = (int)k[i].k[1];
		t->v[i].num = (int)k[i].k[2];
		t->v[i].spec = xstrdup(k[i].spec);
		t->v[i].mask = gs_share_spec_mask(sv, k[i].spec);
		t->v[i].count = k[i].count;
	}
	free(k);
}

void
gs_typical_release(struct gs_typical *t)
{
	size_t	i;

	for (i = 0; i < t->n; i++)
		free(t->v[i].spec);
	free(t->v);
	memset(t, 0, sizeof *t);
}
