/*
 * util/gosort.c: a translation of Go's sort.Sort (src/sort/zsortinterface.go,
 * Go 1.19 on; sort.Slice's zsortfunc.go is the same code): pdqsort with
 * insertion sort up to 12 elements, median-of-three or Tukey ninther
 * pivots, partial insertion sort, breakPatterns seeded by the length
 * through xorshift (src/sort/sort.go: its shifts are the one difference
 * between the variants), and the heapsort fallback.
 */
#include <stdint.h>

#include "util/gosort.h"

#define LESS(i, j)	(d->less(d->ctx, (size_t)(i), (size_t)(j)))
#define SWAP(i, j)	(d->swap(d->ctx, (size_t)(i), (size_t)(j)))

enum hint { UNKNOWN_HINT, INCREASING_HINT, DECREASING_HINT };

static int
bits_len(uint64_t x)
{
	int	n = 0;

	while (x != 0) {
		n++;
		x >>= 1;
	}
	return n;
}

static void
insertion_sort(const struct gosort_iface *d, long a, long b)
{
	long	i, j;

	for (i = a + 1; i < b; i++)
		for (j = i; j > a && LESS(j, j - 1); j--)
			SWAP(j, j - 1);
}

static void
sift_down(const struct gosort_iface *d, long lo, long hi, long first)
{
	long	root = lo, child;

	for (;;) {
		child = 2 * root + 1;
		if (child >= hi)
			return;
		if (child + 1 < hi && LESS(first + child, first + child + 1))
			child++;
		if (!LESS(first + root, first + child))
			return;
		SWAP(first + root, first + child);
		root = child;
	}
}

static void
heap_sort(const struct gosort_iface *d, long a, long b)
{
	long	first = a, lo = 0, hi = b - a, i;

	for (i = (hi - 1) / 2; i >= 0; i--)
		sift_down(d, i, hi, first);
	for (i = hi - 1; i >= 0; i--) {
		SWAP(first, first + i);
		sift_down(d, lo, i, first);
	}
}

static void
order2(const struct gosort_iface *d, long *a, long *b, int *swaps)
{
	if (LESS(*b, *a)) {
		long	t = *a;

		(*swaps)++;
		*a = *b;
		*b = t;
	}
}

static long
median(const struct gosort_iface *d, long a, long b, long c, int *swaps)
{
	order2(d, &a, &b, swaps);
	order2(d, &b, &c, swaps);
	order2(d, &a, &b, swaps);
	return b;
}

static long
median_adjacent(const struct gosort_iface *d, long a, int *swaps)
{
	return median(d, a - 1, a, a + 1, swaps);
}

static long
choose_pivot(const struct gosort_iface *d, long a, long b, enum hint *hint)
{
	long	l = b - a, i = a + l / 4 * 1, j = a + l / 4 * 2;
	long	k = a + l / 4 * 3;
	int	swaps = 0;

	if (l >= 8) {
		if (l >= 50) {
			i = median_adjacent(d, i, &swaps);
			j = median_adjacent(d, j, &swaps);
			k = median_adjacent(d, k, &swaps);
		}
		j = median(d, i, j, k, &swaps);
	}
	if (swaps == 0)
		*hint = INCREASING_HINT;
	else if (swaps == 12)
		*hint = DECREASING_HINT;
	else
		*hint = UNKNOWN_HINT;
	return j;
}

static void
reverse_range(const struct gosort_iface *d, long a, long b)
{
	long	i = a, j = b - 1;

	for (; i < j; i++, j--)
		SWAP(i, j);
}

static int
partial_insertion_sort(const struct gosort_iface *d, long a, long b)
{
	long	i = a + 1, j, k;

	for (j = 0; j < 5; j++) {
		while (i < b && !LESS(i, i - 1))
			i++;
		if (i == b)
			return 1;
		if (b - a < 50)
			return 0;
		SWAP(i, i - 1);
		if (i - a >= 2)
			for (k = i - 1; k >= 1; k--) {
				if (!LESS(k, k - 1))
					break;
				SWAP(k, k - 1);
			}
		if (b - i >= 2)
			for (k = i + 1; k < b; k++) {
				if (!LESS(k, k - 1))
					break;
				SWAP(k, k - 1);
			}
	}
	return 0;
}

/* sort.go's xorshift.Next: Go 1.19-1.23, then Go 1.24 on. */
static uint64_t
xorshift_next(uint64_t *r, enum gosort_variant v)
{
	*r ^= *r << 13;
	if (v == GOSORT_PRE124) {
		*r ^= *r >> 17;
		*r ^= *r << 5;
	} else {
		*r ^= *r >> 7;
		*r ^= *r << 17;
	}
	return *r;
}

static void
break_patterns(const struct gosort_iface *d, long a, long b,
    enum gosort_variant v)
{
	long		length = b - a, idx, other;
	uint64_t	random, modulus;

	if (length < 8)
		return;
	random = (uint64_t)length;
	modulus = (uint64_t)1 << bits_len((uint64_t)length);
	for (idx = a + (length / 4) * 2 - 1; idx <= a + (length / 4) * 2 + 1;
	    idx++) {
		other = (long)(xorshift_next(&random, v) & (modulus - 1));
		if (other >= length)
			other -= length;
		SWAP(idx, a + other);
	}
}

static long
partition_equal(const struct gosort_iface *d, long a, long b, long pivot)
{
	long	i = a + 1, j = b - 1;

	SWAP(a, pivot);
	for (;;) {
		while (i <= j && !LESS(a, i))
			i++;
		while (i <= j && LESS(a, j))
			j--;
		if (i > j)
			break;
		SWAP(i, j);
		i++;
		j--;
	}
	return i;
}

static long
partition(const struct gosort_iface *d, long a, long b, long pivot,
    int *already)
{
	long	i = a + 1, j = b - 1;

	SWAP(a, pivot);
	while (i <= j && LESS(i, a))
		i++;
	while (i <= j && !LESS(j, a))
		j--;
	if (i > j) {
		SWAP(j, a);
		*already = 1;
		return j;
	}
	SWAP(i, j);
	i++;
	j--;
	for (;;) {
		while (i <= j && LESS(i, a))
			i++;
		while (i <= j && !LESS(j, a))
			j--;
		if (i > j)
			break;
		SWAP(i, j);
		i++;
		j--;
	}
	SWAP(j, a);
	*already = 0;
	return j;
}

static void
pdqsort(const struct gosort_iface *d, long a, long b, int limit,
    enum gosort_variant v)
{
	int	was_balanced = 1, was_partitioned = 1, already;
	long	length, pivot, mid, left, right;
	enum hint hint;

	for (;;) {
		length = b - a;
		if (length <= 12) {
			insertion_sort(d, a, b);
			return;
		}
		if (limit == 0) {
			heap_sort(d, a, b);
			return;
		}
		if (!was_balanced) {
			break_patterns(d, a, b, v);
			limit--;
		}
		pivot = choose_pivot(d, a, b, &hint);
		if (hint == DECREASING_HINT) {
			reverse_range(d, a, b);
			pivot = (b - 1) - (pivot - a);
			hint = INCREASING_HINT;
		}
		if (was_balanced && was_partitioned && hint == INCREASING_HINT &&
		    partial_insertion_sort(d, a, b))
			return;
		if (a > 0 && !LESS(a - 1, pivot)) {
			a = partition_equal(d, a, b, pivot);
			continue;
		}
		mid = partition(d, a, b, pivot, &already);
		was_partitioned = already;
		left = mid - a;
		right = b - mid;
		if (left < right) {
			was_balanced = left >= length / 8;
			pdqsort(d, a, mid, limit, v);
			a = mid + 1;
		} else {
			was_balanced = right >= length / 8;
			pdqsort(d, mid + 1, b, limit, v);
			b = mid;
		}
	}
}

void
gosort_sort(const struct gosort_iface *d, size_t n, enum gosort_variant v)
{
	if (n <= 1)
		return;
	pdqsort(d, 0, (long)n, bits_len(n), v);
}
