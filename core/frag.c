/*
 * frag.c: the typical pods and the GPU fragmentation measure of the FGD
 * paper (spec/openb-fgd.md §4, pkg/utils/frag.go in its simulator).
 *
 * F_n(m) is the idle GPU of node n that shape m cannot use: all of it when
 * m is CPU-only, cannot access n's model, or does not fit (GPU or CPU);
 * otherwise only the GPUs with less free than m's share.  Memory plays no
 * part.  A node's measure is kept as the integer sum of count(m) * F_n(m).
 */
#include <stdlib.h>
#include <string.h>

#include "replay.h"

int64_t
gs_frag_shape(const struct gs_rnode *n, const struct gs_tshape *m)
{
	int64_t	small = 0;
	int	k = 0, g;

	if (m->milli == 0)
		return n->idle;			/* XL / XR */
	if (n->model < 0 || (m->mask & (UINT64_C(1) << n->model)) == 0)
		return n->idle;			/* no access */
	for (g = 0; g < n->ngpu; g++) {
		if (n->free[g] >= m->milli)
			k++;
		else
			small += n->free[g];
	}
	if (k < m->num || n->cpu_left < m->cpu)
		return n->idle;			/* Q1, Q2, Q4 */
	return small;				/* Q3: only the small GPUs */
}

int64_t
gs_frag_node(const struct gs_rnode *n, const struct gs_typical *t)
{
	int64_t	sum = 0;
	size_t	i;

	if (n->idle == 0)
		return 0;
	for (i = 0; i < t->n; i++)
		sum += t->v[i].count * gs_frag_shape(n, &t->v[i]);
	return sum;
}

/* A pod's key (§4): (cpu, milli, num, spec); memory is not part of it. */
struct tkey {
	int64_t		 cpu;
	int		 milli, num;
	const char	*spec;
	int64_t		 count;
};

static int
tkey_cmp(const struct tkey *a, const struct tkey *b)
{
	if (a->cpu != b->cpu)
		return a->cpu < b->cpu ? -1 : 1;
	if (a->milli != b->milli)
		return a->milli < b->milli ? -1 : 1;
	if (a->num != b->num)
		return a->num < b->num ? -1 : 1;
	return strcmp(a->spec, b->spec);	/* Go's string order: bytes */
}

static int
tkey_sort(const void *a, const void *b)
{
	return tkey_cmp(a, b);
}

/* By count, then key, both descending (sort.Reverse of TargetPodList). */
static int
tkey_popular(const void *a, const void *b)
{
	const struct tkey *x = a, *y = b;

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return -tkey_cmp(x, y);
}

void
gs_typical_build(const struct gs_trace_pods *pods,
    const struct gs_rcluster *cl, int threshold, struct gs_typical *t)
{
	struct tkey	*k;
	size_t		 i, n = 0;
	int64_t		 cum = 0, total = (int64_t)pods->n;

	memset(t, 0, sizeof *t);
	k = xreallocarray(NULL, pods->n, sizeof *k);
	for (i = 0; i < pods->n; i++) {
		k[i].cpu = pods->v[i].cpu_milli;
		k[i].milli = pods->v[i].gpu_milli;
		k[i].num = pods->v[i].num_gpu;
		k[i].spec = pods->v[i].gpu_spec;
		k[i].count = 1;
	}
	qsort(k, pods->n, sizeof *k, tkey_sort);
	for (i = 0; i < pods->n; i++) {
		if (n > 0 && tkey_cmp(&k[n - 1], &k[i]) == 0)
			k[n - 1].count++;
		else
			k[n++] = k[i];
	}
	qsort(k, n, sizeof *k, tkey_popular);
	t->distinct = n;
	t->total = total;
	/* Take shapes one at a time until they cover threshold % of pods. */
	for (i = 0; i < n && cum * 100 < (int64_t)threshold * total; i++)
		cum += k[i].count;
	t->n = i;
	t->kept = cum;
	t->v = xcalloc(t->n, sizeof *t->v);
	for (i = 0; i < t->n; i++) {
		t->v[i].cpu = k[i].cpu;
		t->v[i].milli = k[i].milli;
		t->v[i].num = k[i].num;
		t->v[i].spec = xstrdup(k[i].spec);
		t->v[i].mask = gs_rcluster_spec_mask(cl, k[i].spec);
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
