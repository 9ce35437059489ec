/*
 * test_cli.c: what the command line's shapes rest on: the edit distance
 * and "did you mean" choice, the YAML output's quoting and its round trip,
 * and the expansion of -f DIR [-R].
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/util/paths.h"
#include "../../core/report/report.h"
#include "../../core/util/suggest.h"
#include "../../core/load/yamltree.h"

static void
test_edit_distance(void)
{
	char	long_word[GS_SUGGEST_MAX + 2];

	CU_ASSERT_EQUAL(gs_edit_distance("", ""), 0);
	CU_ASSERT_EQUAL(gs_edit_distance("abc", ""), 3);
	CU_ASSERT_EQUAL(gs_edit_distance("", "json"), 4);
	/* k->s, e->i, +g */
	CU_ASSERT_EQUAL(gs_edit_distance("kitten", "sitting"), 3);
	/* One swap of neighbours is one edit. */
	CU_ASSERT_EQUAL(gs_edit_distance("ca", "ac"), 1);
	CU_ASSERT_EQUAL(gs_edit_distance("simualte", "simulate"), 1);
	/* Optimal string alignment: no edit of a swapped pair, so 3 (2 in
	 * unrestricted Damerau-Levenshtein). */
	CU_ASSERT_EQUAL(gs_edit_distance("ca", "abc"), 3);
	/* One deletion. */
	CU_ASSERT_EQUAL(gs_edit_distance("bianpack", "binpack"), 1);
	/* Case does not count. */
	CU_ASSERT_EQUAL(gs_edit_distance("JSON", "json"), 0);
	CU_ASSERT_EQUAL(gs_edit_distance("hami-v2.6", "hami-v2.6.1"), 2);
	memset(long_word, 'a', sizeof long_word - 1);
	long_word[sizeof long_word - 1] = '\0';
	CU_ASSERT_EQUAL(gs_edit_distance(long_word, "a"), (size_t)-1);
}

static void
test_suggest(void)
{
	static const char *const gpu[] = { "binpack", "spread",
	    "topology-aware" };
	static const char *const fmt[] = { "table", "json", "csv", "yaml" };
	static const char *const cmds[] = { "simulate", "compare", "replay",
	    "check", "explain", "lint", "plan", "merge", "state", "policies",
	    "models" };
	static const char *const tie[] = { "cat", "hat" };
	static const char *const one[] = { "o" };
	static const char *const versions[] = { "2.6", "2.6.1", "2.9.0",
	    "2.10" };

	CU_ASSERT_STRING_EQUAL(gs_suggest("bianpack", gpu, 3), "binpack");
	CU_ASSERT_STRING_EQUAL(gs_suggest("sprad", gpu, 3), "spread");
	CU_ASSERT_PTR_NULL(gs_suggest("topology", gpu, 3));	/* 6 edits */
	CU_ASSERT_STRING_EQUAL(gs_suggest("jsn", fmt, 4), "json");
	CU_ASSERT_STRING_EQUAL(gs_suggest("yml", fmt, 4), "yaml");
	CU_ASSERT_STRING_EQUAL(gs_suggest("tabel", fmt, 4), "table");
	CU_ASSERT_STRING_EQUAL(gs_suggest("YAML", fmt, 4), "yaml");
	CU_ASSERT_PTR_NULL(gs_suggest("xml", fmt, 4));	/* 2 > 3 / 3 */
	CU_ASSERT_STRING_EQUAL(gs_suggest("simualte", cmds, 11), "simulate");
	CU_ASSERT_STRING_EQUAL(gs_suggest("polcies", cmds, 11), "policies");
	CU_ASSERT_STRING_EQUAL(gs_suggest("expain", cmds, 11), "explain");
	CU_ASSERT_PTR_NULL(gs_suggest("sim", cmds, 11));
	CU_ASSERT_PTR_NULL(gs_suggest("frobnicate", cmds, 11));
	/* Equals: the longest common prefix, then the first listed. */
	CU_ASSERT_STRING_EQUAL(gs_suggest("bat", tie, 2), "cat");
	CU_ASSERT_STRING_EQUAL(gs_suggest("2.1", versions, 4), "2.10");
	CU_ASSERT_STRING_EQUAL(gs_suggest("2.9.1", versions, 4), "2.9.0");
	/* One letter is near nothing. */
	CU_ASSERT_PTR_NULL(gs_suggest("x", one, 1));
	CU_ASSERT_PTR_NULL(gs_suggest("x", NULL, 0));
}

static void
test_yaml_quotes(void)
{
	static const char *const quoted[] = { "", "yes", "No", "on", "OFF",
	    "y", "true", "False", "null", "~", "NULL", "1e3", "42", "-7",
	    "+1", "3.14", ".5", "0x1F", "0o17", "1_000", "1:20", "2026-11-20",
	    ".inf", "-.Inf", ".NaN", "0.1.0", " lead", "trail ", "tab\t",
	    "two\nlines", "<<", "=" };
	static const char *const plain[] = { "binpack", "hami-v2.6.1",
	    "t4-node", "GPU-3dd96b02", "v2.6", "10Gi", "nvidia.com/gpu",
	    "a b", "yesterday", "nullable", "inf", "nan", "e3", "x1", "." };
	size_t	i;

	for (i = 0; i < sizeof quoted / sizeof quoted[0]; i++)
		if (!gs_yaml_needs_quotes(quoted[i]))
			CU_FAIL(quoted[i]);
	for (i = 0; i < sizeof plain / sizeof plain[0]; i++)
		if (gs_yaml_needs_quotes(plain[i]))
			CU_FAIL(plain[i]);
}

/* A YAML node back to JSON, scalars resolved as YAML 1.2's core schema
 * does (plain ones only; quoted ones are strings). */
static json_t *
from_yaml(const struct yt_node *n)
{
	json_t		*o;
	const char	*s;
	char		*end;
	size_t		 i;

	if (n->type == YT_MAP) {
		o = json_object();
		for (i = 0; i < yt_map_len(n); i++)
			json_object_set_new(o, yt_key(n, i)->str,
			    from_yaml(yt_val(n, i)));
		return o;
	}
	if (n->type == YT_SEQ) {
		o = json_array();
		for (i = 0; i < n->nitems; i++)
			json_array_append_new(o, from_yaml(n->items[i]));
		return o;
	}
	s = n->str;
	if (!n->plain)
		return json_string(s);
	if (yt_is_null(n))
		return json_null();
	if (strcmp(s, "true") == 0 || strcmp(s, "false") == 0)
		return json_boolean(s[0] == 't');
	if (s[strspn(s, "-0123456789")] == '\0' && s[0] != '\0')
		return json_integer(strtoll(s, NULL, 10));
	(void)strtod(s, &end);
	if (end != s && *end == '\0' && s[strspn(s, "-+.0123456789eE")] ==
	    '\0')
		return json_real(strtod(s, NULL));
	return json_string(s);
}

/* doc written as YAML reads back as the same document. */
static void
round_trip(json_t *doc, const char *what)
{
	struct yt_file	 f;
	struct gs_error	 err;
	char		*buf = NULL;
	size_t		 len = 0;
	FILE		*fp = open_memstream(&buf, &len);
	json_t		*back;

	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	CU_ASSERT_EQUAL(gs_report_yaml(fp, doc), 0);
	fclose(fp);
	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL_FATAL(yt_parse(&f, what, buf, len, &err), 0);
	CU_ASSERT_EQUAL_FATAL(f.ndocs, 1);
	back = from_yaml(f.docs[0].root);
	if (!json_equal(doc, back))
		CU_FAIL(what);
	json_decref(back);
	yt_file_release(&f);
	free(buf);
}

static void
test_yaml_round_trip(void)
{
	/* The JSON documents of several commands, from the golden tests. */
	static const char *const cases[] = { "demo-json-a", "explain-json",
	    "demo-compare-json", "state-json", "plan-montecarlo-json",
	    "replay-mini-json", "plan-whatif-json", "plan-nodes-json",
	    "vendor-explain-npu-json" };
	json_t		*doc;
	json_error_t	 jerr;
	char		 path[256];
	size_t		 i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(path, sizeof path, "../golden/cases/%s/stdout",
		    cases[i]);
		doc = json_load_file(path, 0, &jerr);
		CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
		round_trip(doc, cases[i]);
		json_decref(doc);
	}
	doc = json_pack("{s:s,s:s,s:[s,s,s,s,s,s,s,s,s,s,s,s,s],s:f,s:f,s:I,"
	    "s:b,s:n,s:{},s:[]}", "", "", "yes", "yes", "list", "null",
	    "1e3", " lead", "trail ", "a: b", "#c", "- d", "two\nlines",
	    "0x1F", "1:20", "h\xc3\xa9llo", "'q'", "\"dq\"", "small",
	    1e-05, "whole", 2.0, "i", (json_int_t)-3, "t", 1, "z", "e", "arr");
	round_trip(doc, "tricky strings");
	json_decref(doc);
}

static void
test_doc_stamp(void)
{
	json_t	*d = gs_doc_stamp(json_pack("{s:s,s:s,s:i}", "pod", "p",
	    "gpusched_version", "x", "n", 1));
	void	*it = json_object_iter(d);

	/* gpusched_version (kept) and schema_version first, then the rest
	 * in their order. */
	CU_ASSERT_STRING_EQUAL(json_object_iter_key(it), "gpusched_version");
	CU_ASSERT_STRING_EQUAL(json_string_value(json_object_iter_value(it)),
	    "x");
	it = json_object_iter_next(d, it);
	CU_ASSERT_STRING_EQUAL(json_object_iter_key(it), "schema_version");
	CU_ASSERT_EQUAL(json_integer_value(json_object_iter_value(it)),
	    GS_SCHEMA_VERSION);
	it = json_object_iter_next(d, it);
	CU_ASSERT_STRING_EQUAL(json_object_iter_key(it), "pod");
	CU_ASSERT_EQUAL(json_object_size(d), 4);
	json_decref(d);
}

static void
test_expand_paths(void)
{
	static const char *const flat[] = {
	    "../golden/inputs/manifests/a.json",
	    "../golden/inputs/manifests/b.yml",
	    "../golden/inputs/manifests/c.yaml" };
	char		*in[] = { "-", "../golden/inputs/manifests",
	    "missing.yaml" };
	char		*empty[] = { "../golden/inputs/empty-dir" };
	char		**out;
	size_t		 n, i;
	struct gs_error	 err;

	memset(&err, 0, sizeof err);
	/* README.txt and sub/ left out; "-" and a missing file kept. */
	CU_ASSERT_EQUAL_FATAL(gs_expand_paths(in, 3, 0, &out, &n, &err), 0);
	CU_ASSERT_EQUAL_FATAL(n, 5);
	CU_ASSERT_STRING_EQUAL(out[0], "-");
	for (i = 0; i < 3; i++)
		CU_ASSERT_STRING_EQUAL(out[i + 1], flat[i]);
	CU_ASSERT_STRING_EQUAL(out[4], "missing.yaml");
	gs_paths_free(out, n);
	/* -R: sub/d.yaml after c.yaml ("c.yaml" < "sub" bytewise). */
	CU_ASSERT_EQUAL_FATAL(gs_expand_paths(in + 1, 1, 1, &out, &n, &err),
	    0);
	CU_ASSERT_EQUAL_FATAL(n, 4);
	CU_ASSERT_STRING_EQUAL(out[3],
	    "../golden/inputs/manifests/sub/d.yaml");
	gs_paths_free(out, n);
	/* Only a subdirectory holds manifests. */
	CU_ASSERT_EQUAL(gs_expand_paths(empty, 1, 0, &out, &n, &err), -1);
	CU_ASSERT_STRING_EQUAL(err.file, "../golden/inputs/empty-dir");
	CU_ASSERT_EQUAL_FATAL(gs_expand_paths(empty, 1, 1, &out, &n, &err), 0);
	CU_ASSERT_EQUAL(n, 1);
	gs_paths_free(out, n);
}

/* Element i of the array arg (a new reference). */
static json_t *
nth(size_t i, const void *arg)
{
	return json_incref(json_array_get((const json_t *)arg, i));
}

/* doc streamed with its members key and key2 (or NULL) made element by
 * element is gs_report_doc's JSON byte for byte (both consume doc). */
static void
stream_same(json_t *doc, const char *key, const char *key2, const char *what)
{
	char			*a = NULL, *b = NULL;
	size_t			 la = 0, lb = 0, k, ns = key2 ? 2 : 1;
	FILE			*fa = open_memstream(&a, &la);
	FILE			*fb = open_memstream(&b, &lb);
	json_t			*arr[2] = { NULL, NULL };
	json_t			*copy = json_deep_copy(doc);
	struct gs_doc_stream	 s[2];

	CU_ASSERT_PTR_NOT_NULL_FATAL(fa);
	CU_ASSERT_PTR_NOT_NULL_FATAL(fb);
	CU_ASSERT_EQUAL(gs_report_doc(fa, copy, 0), 0);
	for (k = 0; k < ns; k++) {
		s[k].key = k ? key2 : key;
		arr[k] = json_incref(json_object_get(doc, s[k].key));
		CU_ASSERT_PTR_NOT_NULL_FATAL(arr[k]);
		s[k].n = json_array_size(arr[k]);
		s[k].elem = nth;
		s[k].arg = arr[k];
		s[k].write = NULL;
		s[k].warg = NULL;
		json_object_set_new(doc, s[k].key, json_array());
	}
	CU_ASSERT_EQUAL(gs_report_doc_stream(fb, doc, s, ns), 0);
	fclose(fa);
	fclose(fb);
	if (la != lb || memcmp(a, b, la) != 0) {
		fprintf(stderr, "%s: streamed JSON differs\n", what);
		CU_FAIL("streamed JSON differs");
	}
	for (k = 0; k < ns; k++)
		json_decref(arr[k]);
	free(a);
	free(b);
}

static void
test_doc_stream(void)
{
	json_t		*doc;
	json_error_t	 jerr;

	doc = json_load_file("../golden/cases/demo-json-a/stdout", 0, &jerr);
	CU_ASSERT_PTR_NOT_NULL_FATAL(doc);
	stream_same(json_deep_copy(doc), "placements", NULL,
	    "demo placements");
	stream_same(json_deep_copy(doc), "nodes", NULL, "demo nodes");
	stream_same(json_deep_copy(doc), "placements", "nodes",
	    "demo placements and nodes");
	json_decref(doc);
	/* No elements; escapes, reals, nesting; an unstamped document. */
	stream_same(json_pack("{s:s,s:i,s:[]}", "gpusched_version", "v",
	    "schema_version", 1, "a"), "a", NULL, "empty array");
	stream_same(json_pack("{s:[s,f,{s:[i,{}]},[],n],s:s}", "a",
	    "q\"\\\n\t\xc3\xa9/", 1e-05, "k", 2, "z", "last"), "a", NULL,
	    "escapes and nesting");
}

CU_TestInfo cli_tests[] = {
	{ "edit distance (optimal string alignment)", test_edit_distance },
	{ "did you mean: the nearest valid word", test_suggest },
	{ "YAML output quotes what YAML would misread", test_yaml_quotes },
	{ "YAML output reads back as the JSON", test_yaml_round_trip },
	{ "documents start with gpusched_version, schema_version",
	    test_doc_stamp },
	{ "JSON streamed element by element is the same bytes",
	    test_doc_stream },
	{ "-f DIR and -R expand like kubectl", test_expand_paths },
	CU_TEST_INFO_NULL,
};
