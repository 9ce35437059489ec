/*
 * sched/fgd_index.c: the best node per request key (sched/fgd_index.h).
 * A key's tree has a leaf per node (a power of two of them, the rest
 * empty) and in every inner slot the best and the lowest-scoring fitting
 * node below it, or -1; changing one node's leaf walks up to the root,
 * O(log n).  The keys are few (a workload's distinct requests); past
 * MAX_ENTRIES leaves in all, a new key is refused.
 */
#include <stdlib.h>
#include <string.h>

#include "sched/fgd_index.h"
#include "util/util.h"

#define MAX_ENTRIES	(UINT64_C(1) << 24)

struct ikey {
	int64_t			 key[GS_FGD_KEY];
	const struct gs_cluster	*c;		/* the cluster it is of */
	uint64_t		 seq;		/* its touches read */
	size_t			 n, m;		/* nodes, leaves */
	double			*s;		/* per node */
	uint32_t		*devs;
	unsigned char		*ok;
	int32_t			*best, *low;	/* 2m slots, 1 the root */
};

struct gs_fgd_index {
	struct ikey	*v;
	size_t		 n, cap;
	uint64_t	 entries;
};

struct gs_fgd_index *
gs_fgd_index_new(void)
{
	return xcalloc(1, sizeof(struct gs_fgd_index));
}

static void
ikey_free(struct ikey *k)
{
	free(k->s);
	free(k->devs);
	free(k->ok);
	free(k->best);
	free(k->low);
}

void
gs_fgd_index_clear(struct gs_fgd_index *x)
{
	size_t	i;

	for (i = 0; i < x->n; i++)
		ikey_free(&x->v[i]);
	x->n = 0;
	x->entries = 0;
}

void
gs_fgd_index_free(struct gs_fgd_index *x)
{
	if (x == NULL)
		return;
	gs_fgd_index_clear(x);
	free(x->v);
	free(x);
}

/* Of two slots' nodes (-1: none) the better (high: the higher score)
 * or the lower-scoring; the first listed on equal scores. */
static int32_t
pick(const struct ikey *k, int32_t a, int32_t b, int high)
{
	if (a < 0 || b < 0)
		return a < 0 ? b : a;
	if (k->s[a] == k->s[b])
		return a < b ? a : b;
	return (k->s[a] > k->s[b]) == high ? a : b;
}

static void
pull(struct ikey *k, size_t j)
{
	k->best[j] = pick(k, k->best[2 * j], k->best[2 * j + 1], 1);
	k->low[j] = pick(k, k->low[2 * j], k->low[2 * j + 1], 0);
}

/* Node i scored again, its leaf and the slots above it. */
static void
rescore(struct ikey *k, size_t i, gs_fgd_eval eval, void *arg)
{
	size_t	j = k->m + i;

	k->ok[i] = (unsigned char)eval(arg, i, &k->s[i], &k->devs[i]);
	k->best[j] = k->low[j] = k->ok[i] ? (int32_t)i : -1;
	for (j /= 2; j >= 1; j /= 2)
		pull(k, j);
}

/* Every node scored, the tree built bottom up. */
static void
rebuild(struct ikey *k, const struct gs_cluster *c, gs_fgd_eval eval,
    void *arg)
{
	size_t	i, j;

	if (k->n != c->nnodes || k->best == NULL) {
		ikey_free(k);
		k->n = c->nnodes;
		for (k->m = 1; k->m < k->n; k->m *= 2)
			;
		k->s = xcalloc(k->n ? k->n : 1, sizeof *k->s);
		k->devs = xcalloc(k->n ? k->n : 1, sizeof *k->devs);
		k->ok = xcalloc(k->n ? k->n : 1, 1);
		k->best = xcalloc(2 * k->m, sizeof *k->best);
		k->low = xcalloc(2 * k->m, sizeof *k->low);
	}
	for (j = 0; j < 2 * k->m; j++)
		k->best[j] = k->low[j] = -1;
	for (i = 0; i < k->n; i++) {
		k->ok[i] = (unsigned char)eval(arg, i, &k->s[i], &k->devs[i]);
		if (k->ok[i])
			k->best[k->m + i] = k->low[k->m + i] = (int32_t)i;
	}
	for (j = k->m; j-- > 1;)
		pull(k, j);
	k->c = c;
	k->seq = c->touch_seq;
}

/* The key's entry, a new one (not yet built) on first sight; NULL past
 * the bound. */
static struct ikey *
find(struct gs_fgd_index *x, const struct gs_cluster *c,
    const int64_t key[GS_FGD_KEY])
{
	struct ikey	*k;
	size_t		 i;

	for (i = 0; i < x->n; i++)
		if (memcmp(x->v[i].key, key, sizeof x->v[i].key) == 0)
			return &x->v[i];
	if (x->entries + c->nnodes > MAX_ENTRIES)
		return NULL;
	x->entries += c->nnodes;
	grow_array(&x->v, &x->cap, x->n + 1, sizeof *x->v);
	k = &x->v[x->n++];
	memset(k, 0, sizeof *k);
	memcpy(k->key, key, sizeof k->key);
	return k;
}

long
gs_fgd_index_best(struct gs_fgd_index *x, const struct gs_cluster *c,
    const int64_t key[GS_FGD_KEY], gs_fgd_eval eval, void *arg,
    double *score, double *lo, uint32_t *devs)
{
	struct ikey	*k = find(x, c, key);
	uint64_t	 t;
	int32_t		 b;

	if (k == NULL)
		return -2;
	if (k->best == NULL || k->c != c || k->n != c->nnodes ||
	    !gs_cluster_touches_kept(c, k->seq))
		rebuild(k, c, eval, arg);
	else {
		for (t = k->seq; t < c->touch_seq; t++)
			rescore(k, gs_cluster_touched(c, t), eval, arg);
		k->seq = c->touch_seq;
	}
	if ((b = k->best[1]) < 0)
		return -1;
	*score = k->s[b];
	*lo = k->s[k->low[1]];
	*devs = k->devs[b];
	return b;
}
