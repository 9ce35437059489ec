/*
 * gosort.h: Go's sort.Sort (Go 1.19+ pattern-defeating quicksort), behaviour
 * for behaviour, so that equal elements end up exactly where HAMi's sort
 * leaves them.  Up to 12 elements it is a stable insertion sort; beyond
 * that it is deterministic but not stable, and only a faithful port gives
 * the same order.
 */
#ifndef GS_GOSORT_H
#define GS_GOSORT_H

#include <stddef.h>

struct gosort_iface {
	void	*ctx;
	int	(*less)(void *ctx, size_t i, size_t j);
	void	(*swap)(void *ctx, size_t i, size_t j);
};

void	gosort_sort(const struct gosort_iface *, size_t n);

#endif
