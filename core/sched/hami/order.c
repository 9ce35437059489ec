/*
 * sched/hami/order.c: HAMi's kept node order (policy.c) as a list of
 * blocks of at most cap nodes.  A node that moves is taken out of its
 * block and put into the block a binary search over the blocks' last
 * nodes finds, at the place a binary search in it finds: the cost is a
 * block's length and two searches, where one sorted array shifts every
 * node between the two places (on 20,000 nodes, thousands per pod).  A
 * full block is split in two; two neighbours holding cap / 2 nodes or
 * fewer are merged, so there are at most 4 n / cap + 1 blocks.  The order
 * itself is the one the comparison gives: tests/unit/test_perf.c checks
 * it against a sorted array.
 */
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "sched/hami/order.h"
#include "util/util.h"

struct hami_oblock {
	size_t	idx;		/* its place in b[] */
	size_t	cnt;
	size_t	node[];		/* cap of them */
};

void
hami_order_init(struct hami_order *o, size_t nnodes, size_t cap)
{
	memset(o, 0, sizeof *o);
	o->cap = cap < 4 ? 4 : cap;
	o->of = xcalloc(nnodes ? nnodes : 1, sizeof *o->of);
}

void
hami_order_free(struct hami_order *o)
{
	size_t	j;

	for (j = 0; j < o->nb; j++)
		free(o->b[j]);
	free(o->b);
	free(o->of);
	memset(o, 0, sizeof *o);
}

/* A new empty block at place j of b[]. */
static struct hami_oblock *
block_new(struct hami_order *o, size_t j)
{
	struct hami_oblock	*bl;
	size_t			 k;

	bl = xmalloc(sizeof *bl + o->cap * sizeof bl->node[0]);
	bl->cnt = 0;
	if (o->nb == o->bcap) {
		o->bcap = o->bcap ? 2 * o->bcap : 16;
		o->b = xreallocarray(o->b, o->bcap, sizeof *o->b);
	}
	memmove(o->b + j + 1, o->b + j, (o->nb - j) * sizeof *o->b);
	o->b[j] = bl;
	o->nb++;
	for (k = j; k < o->nb; k++)
		o->b[k]->idx = k;
	return bl;
}

/* Drop the (emptied) block at place j. */
static void
block_drop(struct hami_order *o, size_t j)
{
	size_t	k;

	free(o->b[j]);
	memmove(o->b + j, o->b + j + 1, (o->nb - j - 1) * sizeof *o->b);
	o->nb--;
	for (k = j; k < o->nb; k++)
		o->b[k]->idx = k;
}

/* Append nodes node[0..n) to block bl. */
static void
block_append(struct hami_order *o, struct hami_oblock *bl,
    const size_t *node, size_t n)
{
	size_t	k;

	memcpy(bl->node + bl->cnt, node, n * sizeof *node);
	for (k = 0; k < n; k++)
		o->of[node[k]] = bl;
	bl->cnt += n;
}

void
hami_order_push(struct hami_order *o, size_t node)
{
	struct hami_oblock	*bl;

	if (o->nb == 0 || o->b[o->nb - 1]->cnt >= o->cap / 2)
		bl = block_new(o, o->nb);
	else
		bl = o->b[o->nb - 1];
	block_append(o, bl, &node, 1);
}

/* Merge the blocks at places j and j + 1 if they hold cap / 2 or less. */
static void
maybe_merge(struct hami_order *o, size_t j)
{
	struct hami_oblock	*a, *z;

	if (j + 1 >= o->nb)
		return;
	a = o->b[j];
	z = o->b[j + 1];
	if (a->cnt + z->cnt > o->cap / 2)
		return;
	block_append(o, a, z->node, z->cnt);
	block_drop(o, j + 1);
}

/* The place of node in its block. */
static size_t
index_in(const struct hami_oblock *bl, size_t node)
{
	size_t	k;

	for (k = 0; bl->node[k] != node; k++)
		;
	return k;
}

void
hami_order_remove(struct hami_order *o, size_t node)
{
	struct hami_oblock	*bl = o->of[node];
	size_t			 k = index_in(bl, node), j = bl->idx;

	memmove(bl->node + k, bl->node + k + 1,
	    (bl->cnt - k - 1) * sizeof bl->node[0]);
	bl->cnt--;
	o->of[node] = NULL;
	if (bl->cnt == 0) {
		block_drop(o, j);
		if (j > 0)
			maybe_merge(o, j - 1);
		return;
	}
	maybe_merge(o, j);
	if (j > 0)
		maybe_merge(o, j - 1);
}

/* Split the full block at place j in two halves. */
static void
split(struct hami_order *o, size_t j)
{
	struct hami_oblock	*a = o->b[j], *z = block_new(o, j + 1);
	size_t			 half = a->cnt / 2;

	block_append(o, z, a->node + half, a->cnt - half);
	a->cnt = half;
}

void
hami_order_insert(struct hami_order *o, size_t node, hami_before_fn before,
    const void *ctx)
{
	struct hami_oblock	*bl;
	size_t			 lo = 0, hi, mid, j, k;

	if (o->nb == 0) {
		hami_order_push(o, node);
		return;
	}
	/* The first block whose last node node goes before (none: the
	 * last block, at its end). */
	hi = o->nb;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		bl = o->b[mid];
		if (before(ctx, node, bl->node[bl->cnt - 1]))
			hi = mid;
		else
			lo = mid + 1;
	}
	j = lo < o->nb ? lo : o->nb - 1;
	bl = o->b[j];
	lo = 0;
	hi = bl->cnt;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (before(ctx, node, bl->node[mid]))
			hi = mid;
		else
			lo = mid + 1;
	}
	k = lo;
	if (bl->cnt == o->cap) {
		split(o, j);
		if (k > bl->cnt) {
			k -= bl->cnt;
			bl = o->b[j + 1];
		}
	}
	memmove(bl->node + k + 1, bl->node + k,
	    (bl->cnt - k) * sizeof bl->node[0]);
	bl->node[k] = node;
	bl->cnt++;
	o->of[node] = bl;
}

struct hami_oiter
hami_order_first(const struct hami_order *o)
{
	struct hami_oiter	it = { 0, 0 };

	(void)o;
	return it;
}

struct hami_oiter
hami_order_seek(const struct hami_order *o, size_t node)
{
	struct hami_oiter	it;

	it.b = o->of[node]->idx;
	it.k = index_in(o->of[node], node);
	return it;
}

size_t
hami_order_at(const struct hami_order *o, struct hami_oiter it)
{
	return it.b < o->nb ? o->b[it.b]->node[it.k] : HAMI_ORDER_END;
}

void
hami_order_step(const struct hami_order *o, struct hami_oiter *it)
{
	if (++it->k >= o->b[it->b]->cnt) {
		it->b++;
		it->k = 0;
	}
}

size_t
hami_order_next(const struct hami_order *o, size_t node)
{
	struct hami_oiter	it = hami_order_seek(o, node);

	hami_order_step(o, &it);
	return hami_order_at(o, it);
}

static int
hole_before(int spread, struct hami_hole a, struct hami_hole b)
{
	return hami_node_prefer(spread, a.score, a.node, b.score, b.node);
}

static void
holes_down(struct hami_holes *hs, int spread, size_t i)
{
	struct hami_hole	*h = hs->h, t;
	size_t			 c;

	for (;;) {
		c = 2 * i + 1;
		if (c >= hs->n)
			return;
		if (c + 1 < hs->n && hole_before(spread, h[c + 1], h[c]))
			c++;
		if (!hole_before(spread, h[c], h[i]))
			return;
		t = h[i];
		h[i] = h[c];
		h[c] = t;
		i = c;
	}
}

void
hami_holes_push(struct hami_holes *hs, int spread, size_t node, float score)
{
	struct hami_hole	 e = { node, score };
	size_t			 i, p;

	if (hs->n == hs->cap) {
		hs->cap = hs->cap ? 2 * hs->cap : 16;
		hs->h = xreallocarray(hs->h, hs->cap, sizeof *hs->h);
	}
	for (i = hs->n++; i > 0; i = p) {
		p = (i - 1) / 2;
		if (!hole_before(spread, e, hs->h[p]))
			break;
		hs->h[i] = hs->h[p];
	}
	hs->h[i] = e;
}

struct hami_hole
hami_holes_pop(struct hami_holes *hs, int spread)
{
	struct hami_hole	top = hs->h[0];

	hs->h[0] = hs->h[--hs->n];
	holes_down(hs, spread, 0);
	return top;
}

void
hami_holes_filter(struct hami_holes *hs, int spread,
    int (*keep)(const void *ctx, struct hami_hole), const void *ctx)
{
	size_t	i, t;

	for (i = t = 0; i < hs->n; i++)
		if (keep(ctx, hs->h[i]))
			hs->h[t++] = hs->h[i];
	hs->n = t;
	for (i = t / 2; i > 0; i--)
		holes_down(hs, spread, i - 1);
}

void
hami_holes_free(struct hami_holes *hs)
{
	free(hs->h);
	memset(hs, 0, sizeof *hs);
}
