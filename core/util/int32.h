/*
 * util/int32.h: Go's int32 arithmetic, which wraps on overflow, Go's
 * int64-to-int32 conversion, which truncates, and Go's int (int64 on
 * amd64) addition, subtraction and multiplication, which wrap too.  Plain C int arithmetic would
 * be undefined on overflow; these are defined and match Go bit for bit.
 */
#ifndef GS_INT32_H
#define GS_INT32_H

#include <stdint.h>

static inline int32_t
i32_add(int32_t a, int32_t b)
{
	return (int32_t)((uint32_t)a + (uint32_t)b);
}

static inline int32_t
i32_sub(int32_t a, int32_t b)
{
	return (int32_t)((uint32_t)a - (uint32_t)b);
}

static inline int32_t
i32_mul(int32_t a, int32_t b)
{
	return (int32_t)((uint32_t)a * (uint32_t)b);
}

/* Go's a / b for int32 (truncates toward zero; MinInt32 / -1 wraps). */
static inline int32_t
i32_div(int32_t a, int32_t b)
{
	if (b == -1)
		return (int32_t)(0 - (uint32_t)a);
	return a / b;
}

static inline int32_t
i32_from64(int64_t v)
{
	return (int32_t)(uint32_t)(uint64_t)v;
}

static inline int64_t
i64_add(int64_t a, int64_t b)
{
	return (int64_t)((uint64_t)a + (uint64_t)b);
}

static inline int64_t
i64_sub(int64_t a, int64_t b)
{
	return (int64_t)((uint64_t)a - (uint64_t)b);
}

static inline int64_t
i64_mul(int64_t a, int64_t b)
{
	return (int64_t)((uint64_t)a * (uint64_t)b);
}

#endif
