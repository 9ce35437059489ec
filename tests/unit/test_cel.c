/*
 * test_cel.c: the CEL subset of DRA selectors, each value worked out by
 * hand from cel-spec's langdef.md, Kubernetes' library semantics
 * (k8s.io/apiserver/pkg/cel/library quantity.go, semverlib.go) and the
 * cases of k8s.io/dynamic-resource-allocation/cel/compile_test.go,
 * against a device as NVIDIA's DRA driver (gpu.nvidia.com) publishes it.
 */
#include <stdio.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/dra/cel.h"

#define A(n, t, str, iv)	{ n, { t, str, iv } }

static const struct gs_cel_attr a100_attrs[] = {
	A("gpu.nvidia.com/type", GS_CEL_STRING, "gpu", 0),
	A("gpu.nvidia.com/productName", GS_CEL_STRING,
	    "NVIDIA A100-SXM4-40GB", 0),
	A("gpu.nvidia.com/architecture", GS_CEL_STRING, "Ampere", 0),
	A("gpu.nvidia.com/brand", GS_CEL_STRING, "Nvidia", 0),
	A("gpu.nvidia.com/cudaComputeCapability", GS_CEL_VERSION, "8.0.0", 0),
	A("gpu.nvidia.com/driverVersion", GS_CEL_VERSION, "550.54.15", 0),
	A("gpu.nvidia.com/index", GS_CEL_INT, NULL, 0),
	A("gpu.nvidia.com/healthy", GS_CEL_BOOL, NULL, 1),
	A("model", GS_CEL_STRING, "a100", 0),	/* the driver's domain */
	A("resource.kubernetes.io/pcieRoot", GS_CEL_STRING, "pci0000:00", 0),
};

static const struct gs_cel_attr a100_cap[] = {
	A("gpu.nvidia.com/memory", GS_CEL_QUANTITY, "40Gi", 0),
	A("gpu.nvidia.com/multiprocessors", GS_CEL_QUANTITY, "108", 0),
};

static const struct gs_cel_device a100 = {
	"gpu.nvidia.com", a100_attrs, 10, a100_cap, 2, 0
};

static const struct gs_cel_attr bad_attrs[] = {
	A("gpu.nvidia.com/driverVersion", GS_CEL_VERSION, "v550", 0),
};

static const struct gs_cel_device bad_version = {
	"gpu.nvidia.com", bad_attrs, 1, NULL, 0, 1
};

/* Compile expr (at t.yaml:7:10) and evaluate it on d. */
static int
ev_on(const char *expr, const struct gs_cel_device *d, struct gs_error *e)
{
	struct gs_cel	*c = NULL;
	int		 rc;

	memset(e, 0, sizeof *e);
	if (gs_cel_compile(expr, "t.yaml", 7, 10, &c, e) != 0) {
		fprintf(stderr, "\n  unexpected compile error: %s: %s\n", expr,
		    e->msg);
		return -2;
	}
	rc = gs_cel_eval(c, d, e);
	gs_cel_free(c);
	return rc;
}

static int
ev(const char *expr)
{
	struct gs_error	e;
	int		rc = ev_on(expr, &a100, &e);

	if (rc < 0)
		fprintf(stderr, "\n  %s: %s\n", expr, e.msg);
	return rc;
}

/* A run-time error naming what. */
static void
rt_error(const char *expr, const struct gs_cel_device *d, const char *what)
{
	struct gs_error	e;

	CU_ASSERT_EQUAL(ev_on(expr, d, &e), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(e.msg, what));
	CU_ASSERT_STRING_EQUAL(e.file, "t.yaml");
	CU_ASSERT_EQUAL(e.line, 7);
	if (strstr(e.msg, what) == NULL)
		fprintf(stderr, "\n  %s: got '%s'\n", expr, e.msg);
}

/* A compile error at column col of line 7 naming what. */
static void
bad(const char *expr, int col, const char *what)
{
	struct gs_cel	*c = NULL;
	struct gs_error	 e;

	memset(&e, 0, sizeof e);
	CU_ASSERT_EQUAL(gs_cel_compile(expr, "t.yaml", 7, 10, &c, &e), -1);
	CU_ASSERT_PTR_NULL(c);
	CU_ASSERT_STRING_EQUAL(e.file, "t.yaml");
	CU_ASSERT_EQUAL(e.line, 7);
	CU_ASSERT_EQUAL(e.col, col);
	CU_ASSERT_PTR_NOT_NULL(strstr(e.msg, what));
	if (e.col != col || strstr(e.msg, what) == NULL)
		fprintf(stderr, "\n  %s: got %d '%s'\n", expr, e.col, e.msg);
	gs_cel_free(c);
}

/* NVIDIA's DeviceClasses (k8s-dra-driver-gpu deployments/helm
 * templates: gpu.nvidia.com, mig.nvidia.com) and peers.md §5. */
static void
test_device_classes(void)
{
	CU_ASSERT_EQUAL(ev("device.driver == 'gpu.nvidia.com' && "
	    "device.attributes['gpu.nvidia.com'].type == 'gpu'"), 1);
	CU_ASSERT_EQUAL(ev("device.driver == 'gpu.nvidia.com' && "
	    "device.attributes['gpu.nvidia.com'].type == 'mig'"), 0);
	CU_ASSERT_EQUAL(ev("device.driver == \"gpu.nvidia.com\""), 1);
	CU_ASSERT_EQUAL(ev("device.attributes[\"gpu.nvidia.com\"]"
	    "[\"productName\"].startsWith(\"NVIDIA A100\")"), 1);
	CU_ASSERT_EQUAL(ev("device.attributes[\"gpu.nvidia.com\"].productName"
	    ".matches(r\"^NVIDIA A100-SXM4-\\d+GB$\")"), 1);
	CU_ASSERT_EQUAL(ev("matches(device.attributes[\"gpu.nvidia.com\"]"
	    ".productName, \"H100|H200\")"), 0);
	CU_ASSERT_EQUAL(ev("device.attributes[\"gpu.nvidia.com\"]"
	    ".productName.contains(\"SXM4\")"), 1);
	CU_ASSERT_EQUAL(ev("device.driver.endsWith(\"nvidia.com\")"), 1);
	CU_ASSERT_EQUAL(ev("device.attributes[\"gpu.nvidia.com\"].healthy"),
	    1);
	CU_ASSERT_EQUAL(ev("device.attributes[\"gpu.nvidia.com\"].model == "
	    "\"a100\""), 1);
	CU_ASSERT_EQUAL(ev("device.attributes[\"resource.kubernetes.io\"]"
	    ".pcieRoot == \"pci0000:00\""), 1);
	CU_ASSERT_EQUAL(ev("device.allowMultipleAllocations"), 0);
	CU_ASSERT_EQUAL(ev("!device.allowMultipleAllocations"), 1);
}

static void
test_quantities(void)
{
	CU_ASSERT_EQUAL(ev("device.capacity[\"gpu.nvidia.com\"].memory"
	    ".compareTo(quantity(\"40Gi\")) == 0"), 1);
	CU_ASSERT_EQUAL(ev("device.capacity[\"gpu.nvidia.com\"].memory"
	    ".isGreaterThan(quantity(\"32Gi\"))"), 1);
	/* 40Gi = 42949672960 exactly. */
	CU_ASSERT_EQUAL(ev("device.capacity[\"gpu.nvidia.com\"].memory"
	    ".isLessThan(quantity(\"42949672960\"))"), 0);
	CU_ASSERT_EQUAL(ev("device.capacity[\"gpu.nvidia.com\"].memory == "
	    "quantity(\"42949672960\")"), 1);
	CU_ASSERT_EQUAL(ev("device.capacity[\"gpu.nvidia.com\"].memory"
	    ".asInteger() == 42949672960"), 1);
	CU_ASSERT_EQUAL(ev("quantity(\"40Gi\") == quantity(\"40960Mi\")"), 1);
	CU_ASSERT_EQUAL(ev("quantity(\"1k\") == quantity(\"1000\") && "
	    "quantity(\"1e3\") == quantity(\"1k\") && "
	    "quantity(\"0.5Ki\") == quantity(\"512\")"), 1);
	/* 1M = 1000000 < 1Mi = 1048576. */
	CU_ASSERT_EQUAL(ev("quantity(\"1M\").isGreaterThan(quantity(\"1Mi\"))"),
	    0);
	CU_ASSERT_EQUAL(ev("quantity(\"1Mi\").compareTo(quantity(\"1M\")) == 1"),
	    1);
	CU_ASSERT_EQUAL(ev("quantity(\"999m\").isLessThan(quantity(\"1\"))"), 1);
	/* ParseQuantity rounds up to nano units: 1.0000000001 is
	 * 1.000000001, above 1 and equal to 1000000001n. */
	CU_ASSERT_EQUAL(ev("quantity(\"1.0000000001\").isGreaterThan("
	    "quantity(\"1\"))"), 1);
	CU_ASSERT_EQUAL(ev("quantity(\"1.0000000001\") == "
	    "quantity(\"1000000001n\")"), 1);
	/* A binary suffix caps at 2^63-1; a decimal one does not. */
	CU_ASSERT_EQUAL(ev("quantity(\"16Ei\") == "
	    "quantity(\"9223372036854775807\")"), 1);
	CU_ASSERT_EQUAL(ev("quantity(\"16E\").isGreaterThan("
	    "quantity(\"9223372036854775807\"))"), 1);
	CU_ASSERT_EQUAL(ev("quantity(\"1.5\").isInteger()"), 0);
	CU_ASSERT_EQUAL(ev("quantity(\"1.5\").asApproximateFloat() == 1.5"), 1);
	CU_ASSERT_EQUAL(ev("quantity(\"-2\").sign() == -1 && "
	    "quantity(\"0\").sign() == 0"), 1);
	CU_ASSERT_EQUAL(ev("quantity(\"1Gi\").add(quantity(\"1Gi\")) == "
	    "quantity(\"2Gi\")"), 1);
	CU_ASSERT_EQUAL(ev("quantity(\"1\").sub(2) == quantity(\"-1\")"), 1);
	CU_ASSERT_EQUAL(ev("isQuantity(\"1Gi\") && !isQuantity(\"1GB\")"), 1);
	rt_error("quantity(\"1.5\").asInteger() == 1", &a100,
	    "cannot convert value to integer");
	rt_error("quantity(\"1GB\").sign() == 1", &a100,
	    "quantities must match");
	rt_error("device.capacity[\"gpu.nvidia.com\"].cores.sign() == 1",
	    &a100, "no such key: cores");
}

static void
test_semver(void)
{
	CU_ASSERT_EQUAL(ev("device.attributes[\"gpu.nvidia.com\"]"
	    ".driverVersion.isGreaterThan(semver(\"535.0.0\"))"), 1);
	CU_ASSERT_EQUAL(ev("device.attributes[\"gpu.nvidia.com\"]"
	    ".cudaComputeCapability.compareTo(semver(\"8.0.0\")) == 0"), 1);
	CU_ASSERT_EQUAL(ev("device.attributes[\"gpu.nvidia.com\"]"
	    ".cudaComputeCapability == semver(\"8.0.0\")"), 1);
	CU_ASSERT_EQUAL(ev("device.attributes[\"gpu.nvidia.com\"]"
	    ".cudaComputeCapability.isLessThan(semver(\"9.0.0\"))"), 1);
	/* semver.org 11: 1.0.0-alpha < 1.0.0-alpha.1 < 1.0.0-alpha.beta
	 * < 1.0.0-rc.2 < 1.0.0-rc.11 < 1.0.0. */
	CU_ASSERT_EQUAL(ev("semver(\"1.0.0-alpha\").isLessThan("
	    "semver(\"1.0.0-alpha.1\")) && semver(\"1.0.0-alpha.1\")"
	    ".isLessThan(semver(\"1.0.0-alpha.beta\")) && "
	    "semver(\"1.0.0-rc.11\").isGreaterThan(semver(\"1.0.0-rc.2\")) && "
	    "semver(\"1.0.0-rc.11\").isLessThan(semver(\"1.0.0\"))"), 1);
	CU_ASSERT_EQUAL(ev("semver(\"1.0.0+build.1\") == semver(\"1.0.0\")"), 1);
	CU_ASSERT_EQUAL(ev("semver(\"v1.2\", true) == semver(\"1.2.0\")"), 1);
	CU_ASSERT_EQUAL(ev("semver(\"1.2.3\").major() == 1 && "
	    "semver(\"1.2.3\").minor() == 2 && semver(\"1.2.3\").patch() == 3"),
	    1);
	CU_ASSERT_EQUAL(ev("isSemver(\"1.02.3\")"), 0);
	CU_ASSERT_EQUAL(ev("isSemver(\"1.02.3\", true)"), 1);
	CU_ASSERT_EQUAL(ev("isSemver(\"1.2\") || isSemver(\"v1.2.3\") || "
	    "isSemver(\"1.2.3-01\")"), 0);
	rt_error("semver(\"1.2\").major() == 1", &a100,
	    "could not parse semver '1.2'");
	rt_error("device.driver == \"gpu.nvidia.com\"", &bad_version,
	    "attribute gpu.nvidia.com/driverVersion: parse semantic version");
}

static void
test_operators(void)
{
	const char *idx = "device.attributes[\"gpu.nvidia.com\"].index";
	char	buf[200];

	CU_ASSERT_EQUAL(ev("device.attributes[\"gpu.nvidia.com\"].index in "
	    "[0, 1]"), 1);
	CU_ASSERT_EQUAL(ev("device.attributes[\"gpu.nvidia.com\"].architecture"
	    " in [\"Hopper\", \"Blackwell\"]"), 0);
	snprintf(buf, sizeof buf, "!(%s > 3)", idx);
	CU_ASSERT_EQUAL(ev(buf), 1);
	snprintf(buf, sizeof buf, "%s < 1.5 && 1 < 1.5 && 2.0 >= 2", idx);
	CU_ASSERT_EQUAL(ev(buf), 1);		/* cross-type ordering */
	snprintf(buf, sizeof buf, "%s == \"0\"", idx);
	CU_ASSERT_EQUAL(ev(buf), 0);		/* heterogeneous equality */
	snprintf(buf, sizeof buf, "%s == 0.0", idx);
	CU_ASSERT_EQUAL(ev(buf), 1);
	snprintf(buf, sizeof buf, "%s == 0 ? device.driver.endsWith(\".com\")"
	    " : false", idx);
	CU_ASSERT_EQUAL(ev(buf), 1);
	CU_ASSERT_EQUAL(ev("size(device.attributes[\"gpu.nvidia.com\"]"
	    ".architecture) == 6 && \"é\".size() == 1 && size([1, 2]) == 2"), 1);
	CU_ASSERT_EQUAL(ev("size(device.attributes[\"gpu.nvidia.com\"]) == 9 "
	    "&& size(device.attributes) == 2 && "
	    "device.capacity[\"x\"].size() == 0"), 1);
	CU_ASSERT_EQUAL(ev("device.attributes[\"gpu.nvidia.com\"].brand"
	    ".lowerAscii() == \"nvidia\" && \"Nvidia\".upperAscii() == "
	    "\"NVIDIA\""), 1);
	CU_ASSERT_EQUAL(ev("'a\\x41\\u00e9\\101' == \"aAéA\" && "
	    "r'\\d' == \"\\\\d\" && '''x'y''' == \"x'y\""), 1);
	CU_ASSERT_EQUAL(ev("-9223372036854775808 < 0 && 0x10 == 16 && "
	    "010 == 10 && 1e3 == 1000.0 && .5 == 0.5"), 1);
	CU_ASSERT_EQUAL(ev("false < true && \"a\" < \"b\" // comment"), 1);
	CU_ASSERT_EQUAL(ev("[1, 2] == [1, 2] && [1] != [2]"), 1);
}

/* Presence, missing keys and commutative error absorption
 * (compile_test.go: "missing attribute", "unknown domain", has()). */
static void
test_missing(void)
{
	const char *m = "device.attributes[\"gpu.nvidia.com\"].uuid == \"x\"";
	char	buf[200];

	CU_ASSERT_EQUAL(ev("has(device.attributes[\"gpu.nvidia.com\"].uuid)"),
	    0);
	CU_ASSERT_EQUAL(ev("has(device.attributes[\"gpu.nvidia.com\"].index)"),
	    1);
	CU_ASSERT_EQUAL(ev("has(device.attributes[\"other.example.com\"].x)"),
	    0);
	CU_ASSERT_EQUAL(ev("has(device.attributes.other) && "
	    "has(device.driver)"), 1);
	CU_ASSERT_EQUAL(ev("\"gpu.nvidia.com\" in device.attributes && "
	    "!(\"other.example.com\" in device.attributes) && "
	    "\"memory\" in device.capacity[\"gpu.nvidia.com\"]"), 1);
	snprintf(buf, sizeof buf, "%s || true", m);
	CU_ASSERT_EQUAL(ev(buf), 1);
	snprintf(buf, sizeof buf, "true || %s", m);
	CU_ASSERT_EQUAL(ev(buf), 1);
	snprintf(buf, sizeof buf, "%s && false", m);
	CU_ASSERT_EQUAL(ev(buf), 0);
	snprintf(buf, sizeof buf, "%s || false", m);
	rt_error(buf, &a100, "no such key: uuid");
	snprintf(buf, sizeof buf, "true && %s", m);
	rt_error(buf, &a100, "no such key: uuid");
	rt_error("device.attributes[\"other.example.com\"].x == 1", &a100,
	    "no such key: x");
	rt_error("device.attributes[\"gpu.nvidia.com\"].productName > 5",
	    &a100, "no such overload");
	rt_error("device.attributes[\"gpu.nvidia.com\"].index", &a100,
	    "could not be converted to bool");
	rt_error("device.attributes[\"gpu.nvidia.com\"].index.startsWith(\"x\")",
	    &a100, "no such overload: startsWith(int)");
	rt_error("[1, 2][2] == 1", &a100, "index out of range");
	rt_error("device.driver.matches(true ? \"(?i)nv\" : \"x\")", &a100,
	    "regex group '(?' is not supported");
}

/* Located compile errors: t.yaml:7:10 is where the expression starts. */
static void
test_compile_errors(void)
{
	char	buf[2000];
	int	i;

	bad("device.driver == 1", 24,
	    "no matching overload for '_==_' applied to '(string, int)'");
	bad("1 == 1.0", 12, "'(int, double)'");
	bad("device.foo == 1", 17, "undefined field 'foo'");
	bad("device.driver + \"x\" == \"y\"", 24,
	    "arithmetic operator '+' is not supported");
	bad("device.attributes.all(a, a == 1)", 28,
	    "macro 'all' is not supported");
	bad("device.capacity[\"gpu.nvidia.com\"].memory < quantity(\"1Gi\")",
	    51, "use isLessThan");
	bad("device.driver.matches(\"(?i)nvidia\")", 32, "regex group '(?'");
	bad("device.driver.matches(\"\\\\bnv\")", 32, "escape '\\b'");
	bad("device.driver.matches(\"a[\")", 32, "invalid regex");
	/*
	 * Go's regexp/syntax/parse.go: a count over 1000 (parseRepeat) and
	 * nested counts whose product exceeds 1000 (repeatIsValid: 1000 / 10
	 * leaves 100, and 101 > 100) are "invalid repeat count"; {0} ends
	 * the walk, so (a{500}){0}{3} is valid.  (ab){1000} expands to 2000
	 * positions, under gpusched's 2048; (abc){1000} to 3000, over it.
	 */
	bad("device.driver.matches(\"a{1001}\")", 32, "invalid repeat count");
	bad("device.driver.matches(\"a{2,1}\")", 32, "invalid repeat count");
	bad("device.driver.matches(\"(a{101}){10}\")", 32,
	    "invalid repeat count");
	bad("device.driver.matches(\"((a{10})?b){101}\")", 32,
	    "invalid repeat count");
	bad("device.driver.matches(\"(abc){1000}\")", 32,
	    "more than 2048 positions");
	bad("device.driver.matches(\"(a?a?a?a?a?){1000}\")", 32,
	    "more than 2048 positions");
	/* Each '|' is a position: (a||||){600} is (1 + 4) x 600 = 3000. */
	bad("device.driver.matches(\"(a||||){600}\")", 32,
	    "more than 2048 positions");
	/*
	 * Go's parse.go repeat(): with PerlX a repetition operator right
	 * after another is ErrInvalidRepeatOp, quoting both: a** and a+*
	 * and a*{2} (CI's fuzz_cel spent 13 s in glibc's regcomp on
	 * g++++*+++++ before this check); (a*)* is valid.
	 */
	bad("device.driver.matches(\"a**\")", 32,
	    "invalid nested repetition operator: `**`");
	bad("device.driver.matches(\"^g++++*++\")", 32,
	    "invalid nested repetition operator: `++`");
	bad("device.driver.matches(\"ab*{2}\")", 32,
	    "invalid nested repetition operator: `*{2}`");
	CU_ASSERT_EQUAL(ev("device.driver.matches(\"^(g*)*pu+[.]n?vidia\")"),
	    1);
	CU_ASSERT_EQUAL(ev("device.driver.matches(\"^(g(a{500}){0}pu){1}"
	    "[.]n{1,3}vidia[.]com(ab){0,700}$\")"), 1);
	CU_ASSERT_EQUAL(ev("device.driver.matches(\"^g{2,}\")"), 0);
	bad("x == 1", 10, "undeclared reference to 'x'");
	bad("device.driver", 10, "must evaluate to bool");
	bad("\"abc", 10, "unterminated string");
	bad("device.driver == \"a\" &&", 33, "expected an expression");
	bad("1u == 1u", 10, "uint literals");
	bad("b\"x\" == b\"x\"", 10, "bytes literals");
	bad("null == null", 10, "null");
	bad("{} == {}", 10, "map and message literals");
	bad("-device.attributes[\"a\"].b == 1", 10, "negation");
	bad("device.driver = \"x\"", 24, "CEL compares with '=='");
	bad("device.driver == 'x' extra", 31, "unexpected 'extra'");
	bad("has(device)", 10, "invalid argument to has()");
	bad("size(1) == 1", 10, "'size' applied to '(int)'");
	bad("foo() == 1", 10, "function 'foo' is not supported");
	bad("1 in [1, \"a\"]", 19, "expected type 'int' but found 'string'");
	bad("\"a\" in [1]", 14, "'@in' applied to '(string, list(int))'");
	bad("device.driver[0] == \"g\"", 23, "'_[_]' applied to 'string'");
	bad("cel.bind(x, 1, x == 1)", 10, "cel.bind");
	bad("9223372036854775808 == 1", 10, "int literal out of range");
	bad("'\\q' == 'q'", 12, "bad escape");
	bad("", 10, "empty expression");
	bad("semver(\"1.0.0\") < semver(\"2.0.0\")", 26, "'(Semver, Semver)'");
	bad("device.driver == 'a' ? 1 : 'b'", 31, "'_?_:_'");
	bad("device.driver &&  true", 24, "'_&&_' applied to '(string, bool)'");
	/* Multi-line: the expression's own place. */
	bad("device.driver ==\n  1", 10, "'(string, int)'");
	for (i = 0; i < 150; i++)
		buf[i] = '!';
	strcpy(buf + 150, "true");
	bad(buf, 73, "nested too deeply");
	buf[0] = '\0';
	for (i = 0; i < 120; i++)
		strcat(buf, "true && ");
	strcat(buf, "true");
	bad(buf, 10 + 100 * 8 + 5, "nested too deeply");
}

CU_TestInfo cel_tests[] = {
	{ "NVIDIA DeviceClass selectors", test_device_classes },
	{ "quantities compare exactly", test_quantities },
	{ "semantic versions", test_semver },
	{ "operators and typing", test_operators },
	{ "missing keys, has() and error absorption", test_missing },
	{ "located compile errors", test_compile_errors },
	CU_TEST_INFO_NULL
};
