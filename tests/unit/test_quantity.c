/*
 * test_quantity.c: Kubernetes quantity syntax, exact integrality and range.
 */
#include <stdint.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/load/quantity.h"

static void
ok(const char *s, int64_t want)
{
	struct gs_quantity	q;

	CU_ASSERT_EQUAL_FATAL(gs_quantity_parse(s, &q, NULL, 0), 0);
	CU_ASSERT_TRUE(q.fits);
	CU_ASSERT_EQUAL(q.value, want);
}

static void
test_whole_numbers(void)
{
	ok("7500", 7500);
	ok("+5", 5);
	ok("0", 0);
	ok("007", 7);
	ok("1Ki", 1024);
	ok("1Gi", 1073741824);
	ok("1.5Gi", 1610612736);
	ok("0.5Ki", 512);
	ok("7.5k", 7500);
	ok("2e3", 2000);
	ok("2E+3", 2000);
	ok("1000m", 1);
	ok("1E", 1000000000000000000LL);
	ok("9223372036854775807", INT64_MAX);
	ok("100.000", 100);
}

static void
test_fractions_and_range(void)
{
	struct gs_quantity	q;

	CU_ASSERT_EQUAL(gs_quantity_parse("500m", &q, NULL, 0), 0);
	CU_ASSERT_FALSE(q.integral);
	CU_ASSERT_EQUAL(q.ceil, 1);
	CU_ASSERT_EQUAL(gs_quantity_parse("1.5", &q, NULL, 0), 0);
	CU_ASSERT_FALSE(q.integral);
	CU_ASSERT_EQUAL(gs_quantity_parse("9223372036854775808", &q, NULL, 0),
	    0);
	CU_ASSERT_TRUE(q.integral);
	CU_ASSERT_FALSE(q.fits);
	CU_ASSERT_EQUAL(gs_quantity_parse("10E", &q, NULL, 0), 0);
	CU_ASSERT_FALSE(q.fits);
	CU_ASSERT_EQUAL(gs_quantity_parse("-3", &q, NULL, 0), 0);
	CU_ASSERT_TRUE(q.negative);
	CU_ASSERT_EQUAL(q.value, -3);
	CU_ASSERT_EQUAL(gs_quantity_parse("1e-1001", &q, NULL, 0), -1);
	CU_ASSERT_EQUAL(gs_quantity_parse("1e-1000", &q, NULL, 0), 0);
	CU_ASSERT_FALSE(q.integral);
}

static void
test_syntax_errors(void)
{
	static const char *const bad[] = { "", ".", "-", "abc", "1.2.3",
	    "12Zi", "5 Gi", "1e", "1ee3", "Gi", "1Gii", "0x10", "1,5", NULL };
	struct gs_quantity	q;
	char			why[64];
	int			i;

	for (i = 0; bad[i] != NULL; i++)
		CU_ASSERT_EQUAL(gs_quantity_parse(bad[i], &q, why, sizeof why),
		    -1);
}

static void
test_milli(void)
{
	static const struct { const char *s; int64_t milli; } v[] = {
		{ "2", 2000 }, { "1.5", 1500 }, { "250m", 250 },
		{ "15890m", 15890 }, { "0.1", 100 }, { "1u", 1 }, { "1k", 1000000 },
	};
	struct gs_quantity	q;
	size_t			i;

	for (i = 0; i < sizeof v / sizeof v[0]; i++) {
		CU_ASSERT_EQUAL_FATAL(gs_quantity_parse(v[i].s, &q, NULL, 0), 0);
		CU_ASSERT_EQUAL(q.milli, v[i].milli);
	}
}

static void
nano(const char *s, int neg, uint64_t hi, uint64_t lo, int sat)
{
	struct gs_quantity	q;

	CU_ASSERT_EQUAL_FATAL(gs_quantity_parse(s, &q, NULL, 0), 0);
	CU_ASSERT_EQUAL(q.negative, neg);
	CU_ASSERT_EQUAL(q.nano_hi, hi);
	CU_ASSERT_EQUAL(q.nano_lo, lo);
	CU_ASSERT_EQUAL(q.nano_sat, sat);
}

/* resource.ParseQuantity keeps 10^-9 units, rounding the magnitude up,
 * and caps a binary-suffixed value at 2^63-1 (quantity.go: "The max is
 * just a simple cap" applies to BinarySI only). */
static void
test_nano(void)
{
	nano("1", 0, 0, 1000000000, 0);
	nano("0", 0, 0, 0, 0);
	nano("1.0000000001", 0, 0, 1000000001, 0);
	nano("-1.5m", 1, 0, 1500000, 0);
	nano("0.1n", 0, 0, 1, 0);
	nano("1Ki", 0, 0, 1024000000000ULL, 0);
	/* (2^63-1) x 10^9 = 499999999 x 2^64 + 18446744072709551616. */
	nano("16Ei", 0, 499999999, 18446744072709551616ULL, 0);
	nano("1e29", 0, 5421010862427522170ULL, 687399551400673280ULL, 0);
	nano("1e30", 0, UINT64_MAX, UINT64_MAX, 1);
	/* More than 38 significant digits: the dropped ones round up. */
	nano("1234567890123456789012345678901234567890e-30", 0, 0,
	    1234567890123456790ULL, 0);
	nano("1000000000000000000000000000000000000001e-39", 0, 0,
	    1000000001, 0);
}

CU_TestInfo quantity_tests[] = {
	{ "nano units as resource.Quantity keeps them", test_nano },
	{ "cpu in millicores, rounded up", test_milli },
	{ "whole numbers and suffixes", test_whole_numbers },
	{ "fractions and range", test_fractions_and_range },
	{ "syntax errors", test_syntax_errors },
	CU_TEST_INFO_NULL,
};
