/*
 * util/gosort.h: Go's sort.Sort (Go 1.19+ pattern-defeating quicksort),
 * behaviour for behaviour, so that equal elements end up exactly where HAMi's
 * sort leaves them.  Up to 12 elements it is a stable insertion sort; beyond
 * that it is deterministic but not stable, and only a faithful port gives
 * the same order.  That order depends on the Go release: breakPatterns'
 * xorshift uses the shifts 13, 17, 5 up to Go 1.23 and 13, 7, 17 from Go
 * 1.24 (golang/go#70144); each HAMi profile names the Go that built it.
 */
#ifndef GS_GOSORT_H
#define GS_GOSORT_H

#include <stddef.h>

struct gosort_iface {
	void	*ctx;
	int	(*less)(void *ctx, size_t i, size_t j);
	void	(*swap)(void *ctx, size_t i, size_t j);
};

/* Which Go's sort.Sort / sort.Slice (the same pdqsort in both). */
enum gosort_variant {
	GOSORT_PRE124,		/* Go 1.19 .. 1.23: xorshift 13, 17, 5 */
	GOSORT_124		/* Go 1.24 on: xorshift 13, 7, 17 */
};

void	gosort_sort(const struct gosort_iface *, size_t n,
	    enum gosort_variant);

#endif
