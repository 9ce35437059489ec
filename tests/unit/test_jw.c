/*
 * test_jw.c: report/jw.c, the JSON writer with a text and a tree sink.
 * The text must be what jansson's json_dumpf writes of the tree the same
 * calls build (JSON_INDENT(2), JSON_REAL_PRECISION(10)), nested at any
 * depth; a few outputs are checked against hand-written text too.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/report/jw.h"
#include "../../core/report/report.h"

/* Writes one value with w. */
typedef void (*jw_script)(struct gs_jw *);

/* The text sink's output of script at depth; *rc gs_jw_flush's. */
static char *
text_rc(jw_script script, int depth, int *rc)
{
	struct gs_jw	*w = malloc(sizeof *w);
	char		*out = NULL;
	size_t		 len = 0;
	FILE		*fp = open_memstream(&out, &len);

	CU_ASSERT_PTR_NOT_NULL_FATAL(w);
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	gs_jw_text(w, fp, depth);
	script(w);
	*rc = gs_jw_flush(w);
	fclose(fp);
	free(w);
	return out;
}

static char *
text_of(jw_script script, int depth)
{
	int	 rc;
	char	*out = text_rc(script, depth, &rc);

	CU_ASSERT_EQUAL(rc, 0);
	return out;
}

/* jansson's dump of the tree sink's value, every line after the first
 * indented two spaces a level as a value nested depth deep. */
static char *
tree_text(jw_script script, int depth)
{
	struct gs_jw	*w = malloc(sizeof *w);
	json_t		*v;
	char		*s, *out, *p;
	size_t		 i, lines = 1;

	CU_ASSERT_PTR_NOT_NULL_FATAL(w);
	gs_jw_tree(w);
	script(w);
	v = gs_jw_tree_take(w);
	free(w);
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	s = json_dumps(v, GS_JSON_FLAGS | JSON_ENCODE_ANY);
	json_decref(v);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s);
	for (i = 0; s[i] != '\0'; i++)
		lines += s[i] == '\n';
	out = p = malloc(strlen(s) + lines * 2 * (size_t)depth + 1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(out);
	for (i = 0; s[i] != '\0'; i++) {
		*p++ = s[i];
		if (s[i] == '\n') {
			memset(p, ' ', 2 * (size_t)depth);
			p += 2 * depth;
		}
	}
	*p = '\0';
	free(s);
	return out;
}

static void
same(jw_script script, const char *what)
{
	int	depth;

	for (depth = 0; depth < 4; depth++) {
		char *a = text_of(script, depth), *b = tree_text(script, depth);

		if (strcmp(a, b) != 0) {
			fprintf(stderr, "%s at depth %d:\ntext: %s\njansson: "
			    "%s\n", what, depth, a, b);
			CU_FAIL("text sink differs from jansson");
		}
		free(a);
		free(b);
	}
}

/* Every kind of value, empty containers, nesting, left-out members. */
static void
script_mixed(struct gs_jw *w)
{
	json_t	*v = json_pack("{s:[i,{}],s:s,s:f}", "k", 2, "e", "\xc3\xa9",
	    "r", 1e-05);

	gs_jw_begin(w, NULL, '{');
	gs_jw_str(w, "pod", "job-0000001");
	gs_jw_str(w, "absent", NULL);
	gs_jw_str(w, "bad utf-8", "\xff\xfe");
	gs_jw_str(w, "escapes", "q\"\\\n\t\x01/\x7f");
	gs_jw_str(w, "utf-8", "n\xc3\xa9\xe2\x82\xac");
	gs_jw_int(w, "zero", 0);
	gs_jw_int(w, "min", -9223372036854775807LL - 1);
	gs_jw_int(w, "max", 9223372036854775807LL);
	gs_jw_real(w, "nan", NAN);
	gs_jw_real(w, "inf", -INFINITY);
	gs_jw_bool(w, "t", 1);
	gs_jw_bool(w, "f", 0);
	gs_jw_null(w, "n");
	gs_jw_begin(w, "empty object", '{');
	gs_jw_end(w);
	gs_jw_begin(w, "empty array", '[');
	gs_jw_end(w);
	gs_jw_begin(w, "rows", '[');
	gs_jw_begin(w, NULL, '{');
	gs_jw_begin(w, "deep", '[');
	gs_jw_int(w, NULL, 7);
	gs_jw_str(w, NULL, NULL);
	gs_jw_value(w, NULL, v);
	gs_jw_end(w);
	gs_jw_end(w);
	gs_jw_null(w, NULL);
	gs_jw_end(w);
	gs_jw_value(w, "jansson", v);
	gs_jw_value(w, "none", NULL);
	gs_jw_end(w);
	json_decref(v);
}

static const double reals[] = { 0.0, -0.0, 1.0, -1.0, 0.1, 1.5, 100.0,
    1e-05, 0.0001, 1e10, 1e-10, 1234567890.0, 12345678901.0, 1e21,
    -1e-300, 1.7976931348623157e308, 4.9e-324, 3.14159265358979,
    0.30000000000000004, 2.0 / 3.0, 9999999999.5, 123456.789e3 };

static void
script_reals(struct gs_jw *w)
{
	size_t	i;

	gs_jw_begin(w, NULL, '[');
	for (i = 0; i < sizeof reals / sizeof reals[0]; i++)
		gs_jw_real(w, NULL, reals[i]);
	gs_jw_end(w);
}

static void
script_scalar(struct gs_jw *w)
{
	gs_jw_real(w, NULL, 1e21);
}

static void
script_empty(struct gs_jw *w)
{
	gs_jw_begin(w, NULL, '{');
	gs_jw_end(w);
}

static void
test_jw_like_jansson(void)
{
	same(script_mixed, "mixed");
	same(script_reals, "reals");
	same(script_scalar, "a bare real");
	same(script_empty, "an empty object");
}

static void
script_row(struct gs_jw *w)
{
	gs_jw_begin(w, NULL, '{');
	gs_jw_str(w, "pod", "p");
	gs_jw_real(w, "node_score", 2.5e-06);
	gs_jw_begin(w, "containers", '[');
	gs_jw_end(w);
	gs_jw_begin(w, "x", '[');
	gs_jw_real(w, NULL, 1e+100);
	gs_jw_real(w, NULL, -7.0);
	gs_jw_end(w);
	gs_jw_end(w);
}

/* Written by hand: a value two levels deep as a placements element. */
static void
test_jw_by_hand(void)
{
	char	*s = text_of(script_row, 2);

	CU_ASSERT_STRING_EQUAL(s, "{\n"
	    "      \"pod\": \"p\",\n"
	    "      \"node_score\": 2.5e-6,\n"
	    "      \"containers\": [],\n"
	    "      \"x\": [\n"
	    "        1e100,\n"
	    "        -7.0\n"
	    "      ]\n"
	    "    }");
	free(s);
}

/* More ends than begins is an error, not a write outside the stack. */
static void
script_unbalanced(struct gs_jw *w)
{
	gs_jw_begin(w, NULL, '[');
	gs_jw_end(w);
	gs_jw_end(w);
}

static void
test_jw_unbalanced(void)
{
	int	 rc;

	free(text_rc(script_unbalanced, 0, &rc));
	CU_ASSERT_EQUAL(rc, -1);
}

/* gs_format_float32 as it was: printf's "%.*e" at each precision until
 * strtof reads f back, then "%.*f" in the plain range. */
static void
float32_by_printf(float f, char *buf, size_t len)
{
	int	prec, exp;

	if (isnan(f) || isinf(f)) {
		snprintf(buf, len, "%s", isnan(f) ? "NaN" : f > 0 ? "+Inf" :
		    "-Inf");
		return;
	}
	for (prec = 1; prec < 9; prec++) {
		snprintf(buf, len, "%.*e", prec - 1, (double)f);
		if (strtof(buf, NULL) == f)
			break;
	}
	snprintf(buf, len, "%.*e", prec - 1, (double)f);
	exp = atoi(strchr(buf, 'e') + 1);
	if (exp < -4 || exp >= 6)
		return;
	snprintf(buf, len, "%.*f", prec - 1 - exp > 0 ? prec - 1 - exp : 0,
	    (double)f);
}

static void
float32_is(float f, const char *want)
{
	char	buf[32];

	gs_format_float32(f, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, want);
}

/*
 * The shortest float32 decimal, by hand (Go's fmt %v of a float32) and
 * against the printf-only search over many floats: every bit pattern
 * kind (xorshift), decimals of up to 8 digits, and halves (ties).
 */
static void
test_float32(void)
{
	char		a[32], b[32], cut[4];
	uint64_t	x = 88172645463325252ULL;
	uint32_t	u;
	float		f;
	long		i, bad = 0;

	float32_is(0.0f, "0");
	float32_is(-0.0f, "-0");
	float32_is(0.1f, "0.1");
	float32_is(0.75f, "0.75");
	float32_is(1.6349444f, "1.6349444");
	float32_is(100.0f, "100");
	float32_is(123456.0f, "123456");
	float32_is(999999.94f, "999999.94");
	float32_is(1e6f, "1e+06");
	float32_is(16777216.0f, "1.6777216e+07");
	float32_is(0.0001f, "0.0001");
	float32_is(1e-5f, "1e-05");
	float32_is(1.401298464e-45f, "1e-45");
	float32_is(3.4028235e38f, "3.4028235e+38");
	float32_is(-2.5f, "-2.5");
	float32_is(NAN, "NaN");
	float32_is(-INFINITY, "-Inf");
	gs_format_float32(1.6349444f, cut, sizeof cut);
	CU_ASSERT_STRING_EQUAL(cut, "1.6");
	for (i = 0; i < 60000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		u = (uint32_t)x;
		memcpy(&f, &u, sizeof f);
		if (i % 3 == 1)
			f = (float)(i / 1000.0);
		else if (i % 3 == 2)
			f = (float)i * 0.5f + 0.25f;
		float32_by_printf(f, a, sizeof a);
		gs_format_float32(f, b, sizeof b);
		bad += strcmp(a, b) != 0;
	}
	CU_ASSERT_EQUAL(bad, 0);
}

CU_TestInfo jw_tests[] = {
	{ "shortest float32 decimal", test_float32 },
	{ "JSON writer's text is jansson's dump of its tree",
	    test_jw_like_jansson },
	{ "JSON writer's text by hand", test_jw_by_hand },
	{ "JSON writer: an end too many is an error", test_jw_unbalanced },
	CU_TEST_INFO_NULL,
};
