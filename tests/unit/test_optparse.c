/*
 * test_optparse.c: the numeric option strings (core/util/optparse.c):
 * --seed, --shard I/N and --seeds A-B, with hand-picked edges.
 */
#include <string.h>

#include "suites.h"
#include "../../core/util/optparse.h"

static void
test_uint(void)
{
	unsigned long	v = 7;

	CU_ASSERT_EQUAL(gs_parse_uint("0", 0, 10, &v), 0);
	CU_ASSERT_EQUAL(v, 0);
	CU_ASSERT_EQUAL(gs_parse_uint("10", 0, 10, &v), 0);
	CU_ASSERT_EQUAL(v, 10);
	CU_ASSERT_EQUAL(gs_parse_uint("11", 0, 10, &v), -1);
	CU_ASSERT_EQUAL(gs_parse_uint("9223372036854775807", 0, GS_SEED_MAX,
	    &v), 0);
	CU_ASSERT_EQUAL(v, 9223372036854775807UL);
	/* One above int64: a shard's JSON could not hold it. */
	CU_ASSERT_EQUAL(gs_parse_uint("9223372036854775808", 0, GS_SEED_MAX,
	    &v), -1);
	/* strtoul would take these; a number is digits only. */
	CU_ASSERT_EQUAL(gs_parse_uint(" 5", 0, 10, &v), -1);
	CU_ASSERT_EQUAL(gs_parse_uint("+5", 0, 10, &v), -1);
	CU_ASSERT_EQUAL(gs_parse_uint("-1", 0, 10, &v), -1);
	CU_ASSERT_EQUAL(gs_parse_uint("5x", 0, 10, &v), -1);
	CU_ASSERT_EQUAL(gs_parse_uint("", 0, 10, &v), -1);
	CU_ASSERT_EQUAL(gs_parse_uint("99999999999999999999999", 0,
	    GS_SEED_MAX, &v), -1);
	CU_ASSERT_EQUAL(v, 9223372036854775807UL);	/* untouched */
}

static void
test_shard(void)
{
	size_t	i = 9, n = 9;

	CU_ASSERT_EQUAL(gs_parse_shard("0/1", &i, &n), 0);
	CU_ASSERT_EQUAL(i, 0);
	CU_ASSERT_EQUAL(n, 1);
	CU_ASSERT_EQUAL(gs_parse_shard("6/7", &i, &n), 0);
	CU_ASSERT_EQUAL(i, 6);
	CU_ASSERT_EQUAL(n, 7);
	CU_ASSERT_EQUAL(gs_parse_shard("99999/100000", &i, &n), 0);
	CU_ASSERT_EQUAL(gs_parse_shard("7/7", &i, &n), -1);
	CU_ASSERT_EQUAL(gs_parse_shard("0/0", &i, &n), -1);
	CU_ASSERT_EQUAL(gs_parse_shard("0/100001", &i, &n), -1);
	CU_ASSERT_EQUAL(gs_parse_shard("/3", &i, &n), -1);
	CU_ASSERT_EQUAL(gs_parse_shard("1/", &i, &n), -1);
	CU_ASSERT_EQUAL(gs_parse_shard("1/3/5", &i, &n), -1);
	CU_ASSERT_EQUAL(gs_parse_shard("-1/3", &i, &n), -1);
	CU_ASSERT_EQUAL(gs_parse_shard("1", &i, &n), -1);
	CU_ASSERT_EQUAL(i, 99999);	/* the last accepted */
}

static void
test_range(void)
{
	unsigned long	first = 0;
	size_t		n = 0;
	char		bad[64];

	CU_ASSERT_EQUAL(gs_parse_range("42-51", 4294967295UL, 10000, &first,
	    &n, bad, sizeof bad), GS_RANGE_OK);
	CU_ASSERT_EQUAL(first, 42);
	CU_ASSERT_EQUAL(n, 10);
	CU_ASSERT_EQUAL(gs_parse_range("7-7", 4294967295UL, 10000, &first,
	    &n, bad, sizeof bad), GS_RANGE_OK);
	CU_ASSERT_EQUAL(n, 1);
	/* 0-9999 is 10,000 seeds, 0-10000 one more. */
	CU_ASSERT_EQUAL(gs_parse_range("0-9999", 4294967295UL, 10000, &first,
	    &n, bad, sizeof bad), GS_RANGE_OK);
	CU_ASSERT_EQUAL(n, 10000);
	CU_ASSERT_EQUAL(gs_parse_range("0-10000", 4294967295UL, 10000,
	    &first, &n, bad, sizeof bad), GS_RANGE_SIZE);
	CU_ASSERT_EQUAL(gs_parse_range("0-4294967295", 4294967295UL, 10000,
	    &first, &n, bad, sizeof bad), GS_RANGE_SIZE);
	CU_ASSERT_EQUAL(gs_parse_range("51-42", 4294967295UL, 10000, &first,
	    &n, bad, sizeof bad), GS_RANGE_ORDER);
	CU_ASSERT_EQUAL(gs_parse_range("42", 4294967295UL, 10000, &first,
	    &n, bad, sizeof bad), GS_RANGE_FORM);
	CU_ASSERT_EQUAL(gs_parse_range("-5", 4294967295UL, 10000, &first,
	    &n, bad, sizeof bad), GS_RANGE_NUMBER);
	CU_ASSERT_STRING_EQUAL(bad, "");
	CU_ASSERT_EQUAL(gs_parse_range("1-x", 4294967295UL, 10000, &first,
	    &n, bad, sizeof bad), GS_RANGE_NUMBER);
	CU_ASSERT_STRING_EQUAL(bad, "x");
	CU_ASSERT_EQUAL(gs_parse_range("4294967296-4294967297",
	    4294967295UL, 10000, &first, &n, bad, sizeof bad),
	    GS_RANGE_NUMBER);
	CU_ASSERT_STRING_EQUAL(bad, "4294967296");
	CU_ASSERT_EQUAL(gs_parse_range("1-2-3", 4294967295UL, 10000, &first,
	    &n, bad, sizeof bad), GS_RANGE_NUMBER);
	CU_ASSERT_STRING_EQUAL(bad, "2-3");
	CU_ASSERT_EQUAL(first, 0);	/* from "0-9999": untouched since */
}

CU_TestInfo optparse_tests[] = {
	{ "whole numbers (--seed)", test_uint },
	{ "shards I/N (--shard)", test_shard },
	{ "ranges A-B (--seeds)", test_range },
	CU_TEST_INFO_NULL,
};
