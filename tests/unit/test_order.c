/*
 * test_order.c: HAMi's kept node order as a list of blocks
 * (core/sched/hami/order.c) against the straightforward sorted array,
 * under random moves with many ties, and the heap of a memo's holes
 * against a sort.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/hami/order.h"

#define NN	500

static float	score[NN];

/* hami_node_prefer's order for binpack: the higher score, then the node
 * listed first. */
static int
before(const void *ctx, size_t a, size_t b)
{
	(void)ctx;
	return hami_node_prefer(0, score[a], a, score[b], b);
}

static int
cmp(const void *pa, const void *pb)
{
	size_t	a = *(const size_t *)pa, b = *(const size_t *)pb;

	return before(NULL, a, b) ? -1 : before(NULL, b, a) ? 1 : 0;
}

static unsigned
next_rand(unsigned *seed)
{
	*seed = *seed * 1103515245u + 12345u;
	return (*seed >> 8) & 0xffffff;
}

/* The order, walked, is the sorted array; next() agrees with the walk. */
static int
same_as(const struct hami_order *o, const size_t *v, size_t n)
{
	struct hami_oiter	it = hami_order_first(o);
	size_t			k, node;

	for (k = 0; k < n; k++, hami_order_step(o, &it)) {
		node = hami_order_at(o, it);
		if (node != v[k])
			return 0;
		if (hami_order_next(o, node) != (k + 1 < n ? v[k + 1] :
		    HAMI_ORDER_END))
			return 0;
		if (hami_order_seek(o, node).b != it.b ||
		    hami_order_seek(o, node).k != it.k)
			return 0;
	}
	return hami_order_at(o, it) == HAMI_ORDER_END;
}

/*
 * 500 nodes with scores among 7 values (many ties), blocks of 4 and of
 * 16 nodes: after every one of 4,000 moves (a node out, a new score, in
 * again; now and then a node left out for a while) the walk of the
 * blocks is the array qsort gives, and there are at most 4 n / cap + 1
 * blocks.
 */
static void
test_order_as_sorted_array(void)
{
	static const size_t	caps[2] = { 4, 16 };
	struct hami_order	o;
	size_t			v[NN], n, i, k, c, out = NN, bad = 0, nbmax;
	unsigned		seed = 77;

	for (c = 0; c < 2; c++) {
		for (i = 0; i < NN; i++) {
			score[i] = (float)(next_rand(&seed) % 7);
			v[i] = i;
		}
		qsort(v, NN, sizeof *v, cmp);
		hami_order_init(&o, NN, caps[c]);
		for (i = 0; i < NN; i++)
			hami_order_push(&o, v[i]);
		n = NN;
		bad += !same_as(&o, v, n);
		nbmax = o.nb;
		for (k = 0; k < 4000; k++) {
			if (out < NN) {		/* back in */
				hami_order_insert(&o, out, before, NULL);
				out = NN;
			}
			i = next_rand(&seed) % NN;
			hami_order_remove(&o, i);
			score[i] = (float)(next_rand(&seed) % 7);
			if (k % 10 == 3)
				out = i;	/* in at the next move */
			else
				hami_order_insert(&o, i, before, NULL);
			for (n = i = 0; i < NN; i++)
				if (i != out)
					v[n++] = i;
			qsort(v, n, sizeof *v, cmp);
			bad += !same_as(&o, v, n);
			if (o.nb > nbmax)
				nbmax = o.nb;
		}
		CU_ASSERT_EQUAL(bad, 0);
		CU_ASSERT_TRUE(nbmax <= 4 * NN / caps[c] + 1);
		CU_ASSERT_TRUE(nbmax >= NN / caps[c]);	/* it did split */
		hami_order_free(&o);
		out = NN;
	}
}

/*
 * Blocks by hand, 4 nodes each at most: nodes 0-5 pushed fill blocks of
 * 2 (cap / 2); node 6 scored 5 goes first, node 7 scored 0 last; node 2
 * out; its block and the next hold 1 + 2 and merge.
 */
static void
test_order_blocks_by_hand(void)
{
	struct hami_order	o;
	size_t			i;

	for (i = 0; i < 8; i++)
		score[i] = i < 6 ? 3 : i == 6 ? 5 : 0;
	hami_order_init(&o, 8, 4);
	for (i = 0; i < 6; i++)
		hami_order_push(&o, i);
	CU_ASSERT_EQUAL(o.nb, 3);
	hami_order_insert(&o, 6, before, NULL);
	hami_order_insert(&o, 7, before, NULL);
	CU_ASSERT_EQUAL(o.nb, 3);
	CU_ASSERT_EQUAL(hami_order_at(&o, hami_order_first(&o)), 6);
	CU_ASSERT_EQUAL(hami_order_next(&o, 6), 0);
	CU_ASSERT_EQUAL(hami_order_next(&o, 5), 7);
	CU_ASSERT_EQUAL(hami_order_next(&o, 7), HAMI_ORDER_END);
	hami_order_remove(&o, 3);	/* block [2 3] -> [2], [4 5 7] stays */
	CU_ASSERT_EQUAL(o.nb, 3);
	hami_order_remove(&o, 2);	/* block empty: dropped */
	CU_ASSERT_EQUAL(o.nb, 2);
	CU_ASSERT_EQUAL(hami_order_next(&o, 1), 4);
	hami_order_remove(&o, 4);
	hami_order_remove(&o, 0);	/* [6 1] + [5 7]: 2 + 2 > 2 */
	CU_ASSERT_EQUAL(o.nb, 2);
	hami_order_remove(&o, 5);	/* [6 1] + [7]: 3 > 2 */
	hami_order_remove(&o, 6);	/* [1] + [7]: merged */
	CU_ASSERT_EQUAL(o.nb, 1);
	CU_ASSERT_EQUAL(hami_order_next(&o, 1), 7);
	hami_order_free(&o);
}

static int
keep_even(const void *ctx, struct hami_hole e)
{
	(void)ctx;
	return e.node % 2 == 0;
}

/*
 * The heap of holes pops in the order of its entries' scores (spread:
 * the lowest first, ties to the node listed first), node 9 twice at two
 * scores; kept to the even nodes it pops those in the same order.
 */
static void
test_holes_heap(void)
{
	static const float	sc[10] = { 3, 1, 4, 1, 5, 9, 2, 6, 5, 3 };
	static const size_t	want[11] = { 1, 3, 9, 6, 0, 9, 2, 4, 8, 7,
				    5 };
	static const size_t	even[5] = { 6, 0, 2, 4, 8 };
	struct hami_holes	hs;
	struct hami_hole	e;
	size_t			i;

	memset(&hs, 0, sizeof hs);
	for (i = 0; i < 10; i++)
		hami_holes_push(&hs, 1, i, sc[i]);
	hami_holes_push(&hs, 1, 9, 1.5f);
	for (i = 0; i < 11; i++) {
		e = hami_holes_pop(&hs, 1);
		CU_ASSERT_EQUAL(e.node, want[i]);
	}
	CU_ASSERT_EQUAL(hs.n, 0);
	for (i = 0; i < 10; i++)
		hami_holes_push(&hs, 1, i, sc[i]);
	hami_holes_filter(&hs, 1, keep_even, NULL);
	CU_ASSERT_EQUAL(hs.n, 5);
	for (i = 0; i < 5; i++)
		CU_ASSERT_EQUAL(hami_holes_pop(&hs, 1).node, even[i]);
	hami_holes_free(&hs);
}

CU_TestInfo order_tests[] = {
	{ "HAMi's kept order: blocks walk as the sorted array",
	    test_order_as_sorted_array },
	{ "HAMi's kept order: blocks split and merge by hand",
	    test_order_blocks_by_hand },
	{ "HAMi's kept order: a memo's holes pop in order",
	    test_holes_heap },
	CU_TEST_INFO_NULL,
};
