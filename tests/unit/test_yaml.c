/*
 * test_yaml.c: the located YAML tree and its defences against hostile
 * input (alias bombs, deep nesting, duplicate keys, binary data).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/load/yamltree.h"

static int
parse(const char *s, struct yt_file *f, struct gs_error *err)
{
	memset(err, 0, sizeof *err);
	return yt_parse(f, "t.yaml", s, strlen(s), err);
}

static void
test_locations(void)
{
	struct yt_file	 f;
	struct gs_error	 err;
	struct yt_node	*v;

	CU_ASSERT_EQUAL_FATAL(parse("a: 1\nb:\n  c: [x, \"y\"]\n---\nz: 2\n",
	    &f, &err), 0);
	CU_ASSERT_EQUAL(f.ndocs, 2);
	v = yt_get(yt_get(f.docs[0].root, "b"), "c");
	CU_ASSERT_PTR_NOT_NULL_FATAL(v);
	CU_ASSERT_EQUAL(v->type, YT_SEQ);
	CU_ASSERT_EQUAL(v->line, 3);
	CU_ASSERT_EQUAL(v->col, 6);
	CU_ASSERT_TRUE(v->items[0]->plain);
	CU_ASSERT_FALSE(v->items[1]->plain);
	CU_ASSERT_STRING_EQUAL(yt_get(f.docs[1].root, "z")->str, "2");
	yt_file_release(&f);
}

static void
test_json_input(void)
{
	struct yt_file	f;
	struct gs_error	err;

	CU_ASSERT_EQUAL_FATAL(parse("{\"kind\": \"List\", \"items\": "
	    "[{\"a\": 1}]}", &f, &err), 0);
	CU_ASSERT_STRING_EQUAL(yt_get(f.docs[0].root, "kind")->str, "List");
	yt_file_release(&f);
}

/* helm template's empty templates, a trailing ---, an explicit null. */
static void
test_empty_documents(void)
{
	struct yt_file	f;
	struct gs_error	err;

	CU_ASSERT_EQUAL_FATAL(parse("---\n# Source: c/templates/a.yaml\n"
	    "---\nkind: Pod\n---\n~\n---\nnull\n---\n\"\"\n---\n", &f,
	    &err), 0);
	/* Only the Pod and the quoted empty string (not null) are kept. */
	CU_ASSERT_EQUAL_FATAL(f.ndocs, 2);
	CU_ASSERT_STRING_EQUAL(yt_get(f.docs[0].root, "kind")->str, "Pod");
	CU_ASSERT_EQUAL(f.docs[0].line, 3);	/* its --- */
	CU_ASSERT_EQUAL(f.docs[1].root->type, YT_SCALAR);
	CU_ASSERT_FALSE(f.docs[1].root->plain);
	yt_file_release(&f);
	CU_ASSERT_EQUAL_FATAL(parse("", &f, &err), 0);
	CU_ASSERT_EQUAL(f.ndocs, 0);
	yt_file_release(&f);
}

static void
test_alias_bomb(void)
{
	struct yt_file	f;
	struct gs_error	err;
	char		buf[4096];
	size_t		off = 0;
	int		i;

	off += (size_t)snprintf(buf + off, sizeof buf - off,
	    "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
	for (i = 1; i < 12; i++)
		off += (size_t)snprintf(buf + off, sizeof buf - off,
		    "a%d: &a%d [*a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, "
		    "*a%d, *a%d, *a%d]\n", i, i, i - 1, i - 1, i - 1, i - 1,
		    i - 1, i - 1, i - 1, i - 1, i - 1, i - 1);
	CU_ASSERT_EQUAL(parse(buf, &f, &err), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "too large"));
}

static void
test_deep_nesting(void)
{
	struct yt_file	f;
	struct gs_error	err;
	char		buf[1024];

	memset(buf, '[', 200);
	buf[200] = '\0';
	CU_ASSERT_EQUAL(parse(buf, &f, &err), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "nesting deeper"));
	CU_ASSERT_EQUAL(err.line, 1);
	CU_ASSERT_EQUAL(err.col, YT_MAX_DEPTH + 1);
}

static void
test_bad_documents(void)
{
	struct yt_file	f;
	struct gs_error	err;

	CU_ASSERT_EQUAL(parse("a: 1\na: 2\n", &f, &err), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "duplicate key 'a'"));
	CU_ASSERT_EQUAL(err.line, 2);
	CU_ASSERT_EQUAL(parse("a: [1, 2\n", &f, &err), -1);
	CU_ASSERT_TRUE(err.line >= 1);
	CU_ASSERT_EQUAL(parse("a: *nope\n", &f, &err), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "unknown alias"));
	CU_ASSERT_EQUAL(parse("a: &x [*x]\n", &f, &err), -1);
	CU_ASSERT_EQUAL(yt_parse(&f, "bin", "\x7f" "ELF\x01\x00\x00", 7,
	    &err), -1);
	CU_ASSERT_EQUAL(parse("{[1]: 2}\n", &f, &err), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "mapping key"));
}

static void
test_bad_byte_location(void)
{
	struct yt_file	f;
	struct gs_error	err;
	static const char nul[] = "a: 1\nb: 2\nc: x\0y\n";
	static const char utf[] = "a: 1\nb: 2\nc: \xc3\xa9\xff\n";

	memset(&err, 0, sizeof err);
	/* "c: x" then the NUL: line 3, column 5 (byte 14). */
	CU_ASSERT_EQUAL(yt_parse(&f, "n.yaml", nul, sizeof nul - 1, &err), -1);
	CU_ASSERT_EQUAL(err.line, 3);
	CU_ASSERT_EQUAL(err.col, 5);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "at byte 14"));
	/* "c: é" is 4 characters, so the bad byte is column 5. */
	CU_ASSERT_EQUAL(yt_parse(&f, "u.yaml", utf, sizeof utf - 1, &err), -1);
	CU_ASSERT_EQUAL(err.line, 3);
	CU_ASSERT_EQUAL(err.col, 5);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "at byte 15"));
}

/* The node limit is per document: many small documents are fine. */
static void
test_many_documents(void)
{
	struct yt_file	 f;
	struct gs_error	 err;
	size_t		 i, n = YT_MAX_NODES / 3 + 10, off = 0;
	char		*buf = malloc(n * 9 + 1);

	CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
	/* Each "---\na: 1\n" document has 3 nodes: 3n > YT_MAX_NODES. */
	for (i = 0; i < n; i++) {
		memcpy(buf + off, "---\na: 1\n", 9);
		off += 9;
	}
	buf[off] = '\0';
	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL_FATAL(yt_parse(&f, "many.yaml", buf, off, &err), 0);
	CU_ASSERT_EQUAL(f.ndocs, n);
	yt_file_release(&f);
	free(buf);
}

/* Aliases count across documents: a bomb split in documents is refused. */
static void
test_alias_bomb_documents(void)
{
	struct yt_file	 f;
	struct gs_error	 err;
	size_t		 i, off = 0, cap = 1 << 16;
	char		*buf = malloc(cap);

	CU_ASSERT_PTR_NOT_NULL_FATAL(buf);
	/*
	 * About 1,234,550 nodes per document through aliases (under the
	 * per-document limit): the second document's last line passes the
	 * file's 2,000,000.
	 */
	for (i = 0; i < 3; i++) {
		off += (size_t)snprintf(buf + off, cap - off, "---\n"
		    "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
		    "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
		    "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
		    "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
		    "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
		    "f: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n");
	}
	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL(yt_parse(&f, "b.yaml", buf, off, &err), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "file too large"));
	CU_ASSERT_EQUAL(err.line, 14);
	free(buf);
}

/* The one file reader: a directory and a device are refused by name. */
static void
test_read_file_kinds(void)
{
	struct gs_error	 err;
	char		*data = NULL;
	size_t		 len;

	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL(gs_read_file(".", &data, &len, &err), -1);
	CU_ASSERT_STRING_EQUAL(err.file, ".");
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "Is a directory"));
	CU_ASSERT_EQUAL(gs_read_file("/dev/zero", &data, &len, &err), -1);
	CU_ASSERT_STRING_EQUAL(err.msg, "is a device, not a file");
	CU_ASSERT_PTR_NULL(data);
}

static void
test_typed_accessors(void)
{
	struct yt_file	 f;
	struct gs_error	 err;
	int64_t		 v;
	int		 b;
	const struct yt_node *root;

	CU_ASSERT_EQUAL_FATAL(parse("n: 12\nbig: 99999999999\nneg: -1\n"
	    "s: abc\nt: true\nm: {}\n", &f, &err), 0);
	root = f.docs[0].root;
	CU_ASSERT_EQUAL(yt_int64(&f, yt_get(root, "n"), "n", 0, 100, &v,
	    &err), 0);
	CU_ASSERT_EQUAL(v, 12);
	CU_ASSERT_EQUAL(yt_int64(&f, yt_get(root, "big"), "big", 0, 100, &v,
	    &err), -1);
	CU_ASSERT_EQUAL(yt_int64(&f, yt_get(root, "s"), "s", 0, 100, &v,
	    &err), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "must be an integer"));
	CU_ASSERT_EQUAL(err.line, 4);
	CU_ASSERT_EQUAL(err.col, 4);
	CU_ASSERT_EQUAL(yt_bool(&f, yt_get(root, "t"), "t", &b, &err), 0);
	CU_ASSERT_EQUAL(b, 1);
	CU_ASSERT_EQUAL(yt_expect(&f, yt_get(root, "m"), YT_SEQ, "m", &err),
	    -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "'m' must be a list, got a "
	    "mapping"));
	yt_file_release(&f);
}

/* What the streaming reader handed over. */
struct seen {
	size_t	docs, max_arena, stop_at, items;
	int	lines[8];
};

static int
see_doc(const struct yt_file *f, const struct yt_node *root, void *arg,
    struct gs_error *err)
{
	struct seen	*s = arg;

	if (f->narena > s->max_arena)
		s->max_arena = f->narena;
	s->items += f->item != 0;
	if (s->docs < 8)
		s->lines[s->docs] = root->line;
	if (++s->docs == s->stop_at)
		return yt_error(f, root, err, "stop here");
	return 0;
}

static int
each_text(const char *text, struct seen *s, size_t *ndocs,
    struct gs_error *err)
{
	char	path[] = "/tmp/gs-yt-each-XXXXXX";
	FILE	*fp;
	int	 fd, rc;

	memset(err, 0, sizeof *err);
	if ((fd = mkstemp(path)) < 0 || (fp = fdopen(fd, "w")) == NULL)
		return -2;
	fputs(text, fp);
	fclose(fp);
	rc = yt_each(path, see_doc, s, ndocs, err);
	remove(path);
	return rc;
}

/* Streaming: each document as it ends, its tree freed before the next
 * (at most one document's nodes built), empty ones skipped, errors from
 * the callback and from the parser stop it. */
static void
test_each_document(void)
{
	static const char	*text = "a: 1\n---\n---\nb: [1, 2]\n...\n"
	    "---\nc: {d: 3}\n";
	struct seen		 s;
	struct gs_error		 err;
	size_t			 n;

	memset(&s, 0, sizeof s);
	CU_ASSERT_EQUAL_FATAL(each_text(text, &s, &n, &err), 0);
	CU_ASSERT_EQUAL(n, 3);
	CU_ASSERT_EQUAL(s.docs, 3);
	CU_ASSERT_EQUAL(s.lines[0], 1);
	CU_ASSERT_EQUAL(s.lines[1], 4);
	CU_ASSERT_EQUAL(s.lines[2], 7);
	/* {c: {d: 3}}: 5 nodes; the whole file has 3 + 5 + 5. */
	CU_ASSERT_EQUAL(s.max_arena, 5);

	memset(&s, 0, sizeof s);
	s.stop_at = 2;
	CU_ASSERT_EQUAL(each_text(text, &s, &n, &err), -1);
	CU_ASSERT_EQUAL(s.docs, 2);
	CU_ASSERT_STRING_EQUAL(err.msg, "stop here");
	CU_ASSERT_EQUAL(err.line, 4);

	/* A bad third document: the first two were handed over. */
	memset(&s, 0, sizeof s);
	CU_ASSERT_EQUAL(each_text("a: 1\n---\nb: 2\n---\nc: [\n", &s, &n,
	    &err), -1);
	CU_ASSERT_EQUAL(s.docs, 2);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "invalid YAML"));

	memset(&s, 0, sizeof s);
	CU_ASSERT_EQUAL(each_text("# nothing\n---\n", &s, &n, &err), 0);
	CU_ASSERT_EQUAL(n, 0);
	CU_ASSERT_EQUAL(s.docs, 0);
}

/* A List streamed: each item handed over (f->item set) and freed as it
 * ends, the List last with its items gone; 'kind' after 'items' (kubectl's
 * JSON order) too. */
static void
test_each_list(void)
{
	static const char	*json = "{\"apiVersion\": \"v1\", \"items\": "
	    "[{\"a\": 1}, {\"b\": [1, 2]}, 7], \"kind\": \"PodList\"}\n";
	struct seen		 s;
	struct gs_error		 err;
	size_t			 n;

	memset(&s, 0, sizeof s);
	CU_ASSERT_EQUAL_FATAL(each_text(json, &s, &n, &err), 0);
	CU_ASSERT_EQUAL(n, 1);
	CU_ASSERT_EQUAL(s.docs, 4);
	CU_ASSERT_EQUAL(s.items, 3);
	/* Root map, 'apiVersion' and its value, 'items' and its list: 5;
	 * then one item at a time, {b: [1, 2]} the largest with 5 nodes: 10
	 * (the List at the end, its list empty: 7). */
	CU_ASSERT_EQUAL(s.max_arena, 10);

	/* An anchor: the items from it on stay in the List (an alias may
	 * name them); the ones before were handed over. */
	memset(&s, 0, sizeof s);
	CU_ASSERT_EQUAL_FATAL(each_text("kind: List\nitems:\n- {a: 1}\n"
	    "- &x {b: 2}\n- *x\n", &s, &n, &err), 0);
	CU_ASSERT_EQUAL(s.docs, 2);
	CU_ASSERT_EQUAL(s.items, 1);

	/* Top-level items outside a List: located at the kind. */
	memset(&s, 0, sizeof s);
	CU_ASSERT_EQUAL(each_text("items: [1]\nkind: Pod\n", &s, &n, &err),
	    -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "kind is 'Pod'"));
	CU_ASSERT_EQUAL(err.line, 2);
	CU_ASSERT_EQUAL(err.col, 7);
}

/* The size limit counts a streamed List's items one at a time: 2,000,001
 * scalar items load streamed; read whole, the document is refused with the
 * size message (no aliases in it), located at the node that crossed it. */
static void
test_list_item_budget(void)
{
	size_t		 nitems = YT_MAX_NODES + 1, i, len;
	char		*text, *p;
	struct seen	 s;
	struct gs_error	 err;
	struct yt_file	 f;
	size_t		 n;

	len = 32 + 2 * nitems;
	p = text = malloc(len);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	p += sprintf(p, "kind: List\nitems: [");
	for (i = 0; i < nitems; i++) {
		*p++ = '0';
		*p++ = i + 1 < nitems ? ',' : ']';
	}
	*p++ = '\n';
	*p = '\0';
	memset(&s, 0, sizeof s);
	CU_ASSERT_EQUAL(each_text(text, &s, &n, &err), 0);
	CU_ASSERT_EQUAL(s.items, nitems);
	CU_ASSERT(s.max_arena <= 6);
	CU_ASSERT_EQUAL(parse(text, &f, &err), -1);
	CU_ASSERT_STRING_EQUAL(err.msg, "document too large (more than "
	    "2000000 nodes)");
	CU_ASSERT_EQUAL(err.line, 2);
	/* Root, 'kind', 'List', 'items', the list: node 2,000,001 is item
	 * 1,999,996, at column 9 + 2 * 1,999,995. */
	CU_ASSERT_EQUAL(err.col, 9 + 2 * 1999995);
	free(text);
}

/* An optional member: absent and null give NULL, a string itself, any
 * other node the located type error. */
static void
test_opt_string(void)
{
	struct yt_file	 f;
	struct gs_error	 err;
	const char	*s = "x";

	CU_ASSERT_EQUAL_FATAL(parse("a: hi\nb: null\nc: [1]\n", &f, &err), 0);
	CU_ASSERT_EQUAL(yt_opt_string(&f, f.docs[0].root, "a", &s, &err), 0);
	CU_ASSERT_STRING_EQUAL(s, "hi");
	CU_ASSERT_EQUAL(yt_opt_string(&f, f.docs[0].root, "b", &s, &err), 0);
	CU_ASSERT_PTR_NULL(s);
	s = "x";
	CU_ASSERT_EQUAL(yt_opt_string(&f, f.docs[0].root, "z", &s, &err), 0);
	CU_ASSERT_PTR_NULL(s);
	CU_ASSERT_EQUAL(yt_opt_string(&f, f.docs[0].root, "c", &s, &err), -1);
	CU_ASSERT_EQUAL(err.line, 3);
	CU_ASSERT_EQUAL(err.col, 4);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "'c' must be"));
	yt_file_release(&f);
}

/*
 * yt_get_fold as encoding/json finds a field through sigs.k8s.io/yaml
 * (decode.go object; the NVIDIA device plugin's api/config/v1 Config):
 * timeslicing and TIMESLICING are timeSlicing; of timeSlicing and
 * timeslicing the byte-wise greater ("timeslicing": 's' 0x73 > 'S' 0x53)
 * is written last by json.Marshal and wins; "time-slicing" is no match.
 */
static void
test_get_fold(void)
{
	struct yt_file	 f;
	struct gs_error	 err;
	struct yt_node	*r;

	CU_ASSERT_EQUAL_FATAL(parse("timeslicing: 1\nMPS: 2\n"
	    "time-slicing: 3\n---\ntimeSlicing: 4\ntimeslicing: 5\n"
	    "TimeSlicing: 6\n", &f, &err), 0);
	r = f.docs[0].root;
	CU_ASSERT_STRING_EQUAL(yt_get_fold(r, "timeSlicing")->str, "1");
	CU_ASSERT_STRING_EQUAL(yt_get_fold(r, "mps")->str, "2");
	CU_ASSERT_PTR_NULL(yt_get(r, "timeSlicing"));
	CU_ASSERT_PTR_NULL(yt_get_fold(r, "sharing"));
	CU_ASSERT_PTR_NULL(yt_get_fold(r, "timeSlicin"));
	CU_ASSERT_STRING_EQUAL(yt_get_fold(f.docs[1].root,
	    "timeSlicing")->str, "5");
	yt_file_release(&f);
}

CU_TestInfo yaml_tests[] = {
	{ "nodes know their line and column", test_locations },
	{ "JSON goes through the same parser", test_json_input },
	{ "keys found as encoding/json finds fields", test_get_fold },
	{ "empty and null documents are skipped", test_empty_documents },
	{ "alias bomb is refused", test_alias_bomb },
	{ "deep nesting is refused", test_deep_nesting },
	{ "bad documents give located errors", test_bad_documents },
	{ "typed accessors", test_typed_accessors },
	{ "optional string members", test_opt_string },
	{ "bad bytes are located by line and column", test_bad_byte_location },
	{ "the node limit is per document", test_many_documents },
	{ "a List is streamed item by item", test_each_list },
	{ "a streamed List's items count one at a time",
	    test_list_item_budget },
	{ "aliases are bounded across documents", test_alias_bomb_documents },
	{ "the file reader refuses directories and devices",
	    test_read_file_kinds },
	{ "streaming: one document's tree at a time", test_each_document },
	CU_TEST_INFO_NULL,
};
