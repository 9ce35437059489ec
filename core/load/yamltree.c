/*
 * load/yamltree.c: build a located tree from libyaml's event stream.
 *
 * The builder is iterative (an explicit stack), so deep input cannot exhaust
 * the C stack; depth and alias expansion are bounded before anything grows.
 * Streamed, a List is handed over item by item (yamltree.h yt_each).
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "load/yamltree.h"

struct anchor {
	char		*name;
	struct yt_node	*node;
};

static struct yt_node *
node_new(struct yt_file *f, enum yt_type type, const yaml_mark_t *m)
{
	struct yt_node	*n = xcalloc(1, sizeof *n);

	n->type = type;
	n->line = (int)m->line + 1;
	n->col = (int)m->column + 1;
	n->weight = 1;
	grow_array(&f->arena, &f->carena, f->narena + 1, sizeof *f->arena);
	f->arena[f->narena++] = n;
	return n;
}

static void
node_push(struct yt_node *parent, struct yt_node *child)
{
	grow_array(&parent->items, &parent->cap, parent->nitems + 1,
	    sizeof *parent->items);
	parent->items[parent->nitems++] = child;
}

static int
key_cmp(const void *a, const void *b)
{
	const struct yt_node *x = *(struct yt_node *const *)a;
	const struct yt_node *y = *(struct yt_node *const *)b;
	int c = strcmp(x->str, y->str);

	/* Ties by position, so the later duplicate is the one reported. */
	if (c != 0)
		return c;
	return x->line != y->line ? (x->line > y->line) - (x->line < y->line) :
	    (x->col > y->col) - (x->col < y->col);
}

/* Mapping keys must be scalars and unique (sorting keeps this O(n log n)). */
static int
check_keys(const struct yt_file *f, const struct yt_node *n,
    struct gs_error *err)
{
	struct yt_node	**keys;
	size_t		  i, nk = n->nitems / 2;
	int		  rc = 0;

	for (i = 0; i < nk; i++)
		if (n->items[2 * i]->type != YT_SCALAR)
			return yt_error(f, n->items[2 * i], err,
			    "mapping key must be a scalar");
	keys = xcalloc(nk, sizeof *keys);
	for (i = 0; i < nk; i++)
		keys[i] = n->items[2 * i];
	qsort(keys, nk, sizeof *keys, key_cmp);
	for (i = 1; i < nk && rc == 0; i++)
		if (strcmp(keys[i]->str, keys[i - 1]->str) == 0)
			rc = yt_error(f, keys[i], err, "duplicate key '%s'",
			    keys[i]->str);
	free(keys);
	return rc;
}

/*
 * The line and column (in characters) of byte off of buf: libyaml's reader
 * reports bad bytes by offset only.
 */
static void
offset_location(const char *buf, size_t len, size_t off, int *line, int *col)
{
	size_t	i;

	*line = *col = 1;
	for (i = 0; i < off && i < len; i++) {
		if (buf[i] == '\n') {
			(*line)++;
			*col = 1;
		} else if (((unsigned char)buf[i] & 0xC0) != 0x80)
			(*col)++;
	}
}

static int
parser_error(const yaml_parser_t *p, const char *path, const char *buf,
    size_t len, struct gs_error *err)
{
	const yaml_mark_t *m = &p->problem_mark;
	const char	  *problem = p->problem ? p->problem : "invalid input";
	int		   line, col;

	if (p->error == YAML_MEMORY_ERROR)
		return gs_error_set(err, path, 0, 0, "out of memory");
	if (p->error == YAML_READER_ERROR) {
		offset_location(buf, len, p->problem_offset, &line, &col);
		return gs_error_set(err, path, line, col,
		    "not a text file: %s at byte %zu", problem,
		    p->problem_offset);
	}
	if (p->context != NULL)
		return gs_error_set(err, path, (int)m->line + 1,
		    (int)m->column + 1, "invalid YAML: %s %s", p->context,
		    problem);
	return gs_error_set(err, path, (int)m->line + 1, (int)m->column + 1,
	    "invalid YAML: %s", problem);
}

/* The node an alias event names (the latest anchor of that name), or NULL
 * with err set. */
static struct yt_node *
alias_node(const struct anchor *anchors, size_t nanchors,
    const yaml_event_t *ev, const char *path, struct gs_error *err)
{
	const char	*name = (const char *)ev->data.alias.anchor;
	int		 line = (int)ev->start_mark.line + 1;
	int		 col = (int)ev->start_mark.column + 1;
	size_t		 i;

	for (i = nanchors; i > 0; i--)
		if (strcmp(anchors[i - 1].name, name) == 0)
			break;
	if (i == 0) {
		gs_error_set(err, path, line, col, "unknown alias '*%s'", name);
		return NULL;
	}
	if (anchors[i - 1].node->open) {
		gs_error_set(err, path, line, col, "alias '*%s' refers to a "
		    "node that contains it", name);
		return NULL;
	}
	return anchors[i - 1].node;
}

static void
add_anchor(struct anchor **anchors, size_t *cap, size_t *n,
    const char *name, struct yt_node *node)
{
	grow_array(anchors, cap, *n + 1, sizeof **anchors);
	(*anchors)[*n].name = xstrdup(name);
	(*anchors)[(*n)++].node = node;
}

/* The parser's state between events. */
struct pstate {
	struct yt_file	 *f;
	const char	 *path;
	struct yt_node	**stack;	/* open containers, outermost first */
	size_t		  nstack, cstack;
	struct anchor	 *anchors;	/* this document's */
	size_t		  nanchors, canchors;
	size_t		  total;	/* this document's live nodes */
	size_t		  doc_aliased;	/* of which reached through aliases */
	size_t		  aliased;	/* in the whole file */
	struct yt_doc	 *doc;
	size_t		  cdocs;
	yt_doc_fn	  fn;		/* streaming, or NULL */
	void		 *arg;
	size_t		 *seen;
	struct yt_node	 *list;		/* the root's 'items' (streaming) */
	size_t		  mark;		/* arena index of its current item */
	size_t		  streamed;	/* items handed to fn */
};

/* n into its parent (the innermost open container) or as the root. */
static void
attach(struct pstate *s, struct yt_node *n)
{
	size_t	i;

	for (i = 0; i < s->nstack; i++)
		s->stack[i]->weight += n->weight;
	if (s->nstack > 0)
		node_push(s->stack[s->nstack - 1], n);
	else if (s->doc != NULL)
		s->doc->root = n;
}

static int
event_error(struct gs_error *err, const char *path, const yaml_event_t *ev,
    const char *fmt, ...)
{
	va_list	ap;
	char	msg[sizeof err->msg];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return gs_error_set(err, path, (int)ev->start_mark.line + 1,
	    (int)ev->start_mark.column + 1, "%s", msg);
}

/* A new document; anchors and the size budget do not cross documents. */
static void
doc_start(struct pstate *s, const yaml_mark_t *m)
{
	struct yt_file	*f = s->f;
	size_t		 i;

	for (i = 0; i < s->nanchors; i++)
		free(s->anchors[i].name);
	s->nanchors = 0;
	s->total = s->doc_aliased = 0;
	s->list = NULL;
	s->streamed = 0;
	grow_array(&f->docs, &s->cdocs, f->ndocs + 1, sizeof *f->docs);
	s->doc = &f->docs[f->ndocs++];
	s->doc->root = NULL;
	s->doc->line = (int)m->line + 1;
	s->doc->col = (int)m->column + 1;
}

/*
 * Bound the size of the tree with aliases expanded: per document (a
 * streamed List's items one at a time), and the nodes reached through
 * aliases in the whole file (an alias bomb).  The message names the limit.
 */
static int
count_node(struct pstate *s, const struct yt_node *n, const yaml_event_t *ev,
    struct gs_error *err)
{
	s->total += n->weight;
	if (ev->type == YAML_ALIAS_EVENT) {
		s->aliased += n->weight;
		s->doc_aliased += n->weight;
	}
	if (s->total <= YT_MAX_NODES && s->aliased <= YT_MAX_NODES)
		return 0;
	if (s->total > YT_MAX_NODES && s->doc_aliased == 0)
		return event_error(err, s->path, ev, "document too large "
		    "(more than %d nodes)", YT_MAX_NODES);
	if (s->total > YT_MAX_NODES)
		return event_error(err, s->path, ev, "document too large: "
		    "its aliases expand it to more than %d nodes",
		    YT_MAX_NODES);
	return event_error(err, s->path, ev, "file too large (more than %d "
	    "nodes reached through aliases)", YT_MAX_NODES);
}

/* Free the nodes built since arena index from. */
static void
free_nodes_from(struct yt_file *f, size_t from)
{
	size_t	i;

	for (i = from; i < f->narena; i++) {
		free(f->arena[i]->str);
		free(f->arena[i]->items);
		free(f->arena[i]);
	}
	f->narena = from;
}

/* A streamed List's top-level 'items' makes sense only in a List. */
static int
check_list(const struct pstate *s, struct gs_error *err)
{
	const struct yt_node	*kind = yt_get(s->doc->root, "kind");

	if (kind != NULL && kind->type == YT_SCALAR && kind->len >= 4 &&
	    strcmp(kind->str + kind->len - 4, "List") == 0)
		return 0;
	return yt_error(s->f, kind != NULL ? kind : s->doc->root, err,
	    "top-level 'items' belongs to a List, and this document's kind "
	    "is %s%s%s", kind != NULL && kind->type == YT_SCALAR ? "'" : "",
	    kind != NULL && kind->type == YT_SCALAR ? kind->str : "not set",
	    kind != NULL && kind->type == YT_SCALAR ? "'" : "");
}

/*
 * A document ends: an empty one is dropped.  With fn, a non-empty one is
 * handed to fn, and either is freed then (its anchors go at the next
 * start).
 */
static int
doc_end(struct pstate *s, struct gs_error *err)
{
	struct yt_file	*f = s->f;
	int		 rc = 0;

	if (s->doc == NULL)
		return 0;
	if (yt_is_null(s->doc->root))
		f->ndocs--;
	else
		(*s->seen)++;
	if (s->fn == NULL)
		return 0;
	if (s->streamed > 0)
		rc = check_list(s, err);
	if (rc == 0 && f->ndocs > 0)
		rc = s->fn(f, s->doc->root, s->arg, err);
	free_nodes_from(f, 0);
	f->ndocs = 0;
	s->doc = NULL;
	return rc;
}

/*
 * Streaming: a sequence opened as the value of the root mapping's 'items'
 * is a List's; nothing is handed out yet (the kind may come after it).
 */
static void
list_open(struct pstate *s, struct yt_node *seq)
{
	const struct yt_node	*root;

	if (s->fn == NULL || s->nstack != 1)
		return;
	root = s->stack[0];
	/* seq is attached already: the key before it. */
	if (root->type == YT_MAP && root->nitems >= 2 &&
	    root->nitems % 2 == 0 &&
	    strcmp(root->items[root->nitems - 2]->str, "items") == 0)
		s->list = seq;
}

/*
 * An item of the List ended: hand it to fn as its own root and free it,
 * unless the document has anchors (a later alias may name it).
 */
static int
list_item_end(struct pstate *s, struct gs_error *err)
{
	struct yt_node	*item = s->list->items[s->list->nitems - 1];
	int		 rc;

	if (s->nanchors > 0)
		return 0;
	s->f->item = 1;
	rc = s->fn(s->f, item, s->arg, err);
	s->f->item = 0;
	s->list->nitems--;
	s->stack[0]->weight -= item->weight;
	s->list->weight -= item->weight;
	s->total -= item->weight;
	s->streamed++;
	free_nodes_from(s->f, s->mark);
	return rc;
}

/* The node an event makes (NULL for none), or -1 with err set. */
static int
event_node(struct pstate *s, const yaml_event_t *ev, struct yt_node **out,
    const char **anchor, struct gs_error *err)
{
	struct yt_node	*n = NULL;

	*anchor = NULL;
	switch (ev->type) {
	case YAML_ALIAS_EVENT:
		if ((n = alias_node(s->anchors, s->nanchors, ev, s->path,
		    err)) == NULL)
			return -1;
		break;
	case YAML_SCALAR_EVENT:
		n = node_new(s->f, YT_SCALAR, &ev->start_mark);
		n->str = xstrndup((const char *)ev->data.scalar.value,
		    ev->data.scalar.length);
		n->len = ev->data.scalar.length;
		n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
		*anchor = (const char *)ev->data.scalar.anchor;
		break;
	case YAML_SEQUENCE_START_EVENT:
	case YAML_MAPPING_START_EVENT:
		if (s->nstack >= YT_MAX_DEPTH)
			return event_error(err, s->path, ev, "nesting deeper "
			    "than %d levels", YT_MAX_DEPTH);
		n = node_new(s->f, ev->type == YAML_SEQUENCE_START_EVENT ?
		    YT_SEQ : YT_MAP, &ev->start_mark);
		n->open = 1;
		*anchor = (const char *)(ev->type == YAML_SEQUENCE_START_EVENT ?
		    ev->data.sequence_start.anchor :
		    ev->data.mapping_start.anchor);
		break;
	default:
		break;
	}
	*out = n;
	return 0;
}

/* One event into the tree: 0, 1 at the end of the stream, or -1. */
static int
event(struct pstate *s, const yaml_event_t *ev, struct gs_error *err)
{
	struct yt_node	*n = NULL;
	const char	*anchor = NULL;
	size_t		 before = s->f->narena;
	int		 in_list = s->list != NULL && s->nstack == 2 &&
			    s->stack[1] == s->list;

	switch (ev->type) {
	case YAML_STREAM_END_EVENT:
		return 1;
	case YAML_DOCUMENT_START_EVENT:
		doc_start(s, &ev->start_mark);
		return 0;
	case YAML_DOCUMENT_END_EVENT:
		/* An empty, comment-only or null document (a trailing ---, an
		 * empty helm template) is skipped, as kubectl skips it. */
		return doc_end(s, err);
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		n = s->stack[--s->nstack];
		n->open = 0;
		if (n->type == YT_MAP && check_keys(s->f, n, err) != 0)
			return -1;
		/* Already attached to its parent at start. */
		if (s->list != NULL && s->nstack == 2 && s->stack[1] == s->list)
			return list_item_end(s, err);
		return 0;
	default:
		break;
	}
	if (event_node(s, ev, &n, &anchor, err) != 0)
		return -1;
	if (n == NULL)
		return 0;
	if (count_node(s, n, ev, err) != 0)
		return -1;
	attach(s, n);
	if (anchor != NULL)
		add_anchor(&s->anchors, &s->canchors, &s->nanchors, anchor, n);
	if (in_list)
		s->mark = before;
	if (ev->type == YAML_SEQUENCE_START_EVENT)
		list_open(s, n);
	if (ev->type == YAML_SEQUENCE_START_EVENT ||
	    ev->type == YAML_MAPPING_START_EVENT) {
		grow_array(&s->stack, &s->cstack, s->nstack + 1,
		    sizeof *s->stack);
		s->stack[s->nstack++] = n;
	} else if (in_list)
		return list_item_end(s, err);
	return 0;
}

static int
parse(struct yt_file *f, const char *path, const char *buf, size_t len,
    yt_doc_fn fn, void *arg, size_t *seen, struct gs_error *err)
{
	yaml_parser_t	 parser;
	yaml_event_t	 ev;
	struct pstate	 s;
	size_t		 i;
	int		 rc = 0;

	memset(f, 0, sizeof *f);
	memset(&s, 0, sizeof s);
	f->path = xstrdup(path);
	s.f = f;
	s.path = path;
	s.fn = fn;
	s.arg = arg;
	s.seen = seen;
	if (!yaml_parser_initialize(&parser))
		return gs_error_set(err, path, 0, 0, "out of memory");
	yaml_parser_set_input_string(&parser, (const unsigned char *)buf, len);
	while (rc == 0) {
		if (!yaml_parser_parse(&parser, &ev)) {
			rc = parser_error(&parser, path, buf, len, err);
			break;
		}
		rc = event(&s, &ev, err);
		yaml_event_delete(&ev);
	}
	for (i = 0; i < s.nanchors; i++)
		free(s.anchors[i].name);
	free(s.anchors);
	free(s.stack);
	yaml_parser_delete(&parser);
	if (rc < 0) {
		yt_file_release(f);
		return -1;
	}
	return 0;
}

int
yt_parse(struct yt_file *f, const char *path, const char *buf, size_t len,
    struct gs_error *err)
{
	size_t	seen = 0;

	return parse(f, path, buf, len, NULL, NULL, &seen, err);
}

int
yt_load(struct yt_file *f, const char *path, struct gs_error *err)
{
	char	*buf;
	size_t	 len;
	int	 rc;

	memset(f, 0, sizeof *f);
	if (gs_read_file(path, &buf, &len, err) != 0)
		return -1;
	rc = yt_parse(f, strcmp(path, "-") == 0 ? "<stdin>" : path, buf, len,
	    err);
	free(buf);
	return rc;
}

int
yt_each(const char *path, yt_doc_fn fn, void *arg, size_t *ndocs,
    struct gs_error *err)
{
	struct yt_file	f;
	char		*buf;
	size_t		 len;
	int		 rc;

	*ndocs = 0;
	if (gs_read_file(path, &buf, &len, err) != 0)
		return -1;
	rc = parse(&f, strcmp(path, "-") == 0 ? "<stdin>" : path, buf, len,
	    fn, arg, ndocs, err);
	free(buf);
	if (rc == 0)
		yt_file_release(&f);
	return rc;
}

void
yt_file_release(struct yt_file *f)
{
	free_nodes_from(f, 0);
	free(f->arena);
	free(f->docs);
	free(f->path);
	memset(f, 0, sizeof *f);
}

struct yt_node *
yt_get(const struct yt_node *map, const char *key)
{
	size_t	i;

	if (map == NULL || map->type != YT_MAP)
		return NULL;
	for (i = 0; i + 1 < map->nitems; i += 2)
		if (strcmp(map->items[i]->str, key) == 0)
			return map->items[i + 1];
	return NULL;
}

/* ASCII letters folded: Go's strings.EqualFold on the names json reads. */
static int
fold_eq(const char *a, const char *b)
{
	for (; *a != '\0' && *b != '\0'; a++, b++) {
		int	x = (unsigned char)*a, y = (unsigned char)*b;

		if (x >= 'A' && x <= 'Z')
			x += 'a' - 'A';
		if (y >= 'A' && y <= 'Z')
			y += 'a' - 'A';
		if (x != y)
			return 0;
	}
	return *a == *b;
}

struct yt_node *
yt_get_fold(const struct yt_node *map, const char *key)
{
	size_t	i, best = 0;
	int	found = 0;

	if (map == NULL || map->type != YT_MAP)
		return NULL;
	for (i = 0; i + 1 < map->nitems; i += 2)
		if (map->items[i]->str != NULL &&
		    fold_eq(map->items[i]->str, key) && (!found ||
		    strcmp(map->items[i]->str, map->items[best]->str) > 0)) {
			best = i;
			found = 1;
		}
	return found ? map->items[best + 1] : NULL;
}

size_t
yt_map_len(const struct yt_node *map)
{
	return map != NULL && map->type == YT_MAP ? map->nitems / 2 : 0;
}

struct yt_node *
yt_key(const struct yt_node *map, size_t i)
{
	return map->items[2 * i];
}

struct yt_node *
yt_val(const struct yt_node *map, size_t i)
{
	return map->items[2 * i + 1];
}

int
yt_is_null(const struct yt_node *n)
{
	if (n == NULL)
		return 1;
	if (n->type != YT_SCALAR || !n->plain)
		return 0;
	return n->len == 0 || strcmp(n->str, "~") == 0 ||
	    strcmp(n->str, "null") == 0 || strcmp(n->str, "Null") == 0 ||
	    strcmp(n->str, "NULL") == 0;
}

const char *
yt_type_name(const struct yt_node *n)
{
	if (n == NULL || yt_is_null(n))
		return "null";
	switch (n->type) {
	case YT_SEQ:
		return "a list";
	case YT_MAP:
		return "a mapping";
	default:
		return "a scalar";
	}
}

int
yt_error(const struct yt_file *f, const struct yt_node *n,
    struct gs_error *err, const char *fmt, ...)
{
	va_list	ap;
	char	msg[sizeof err->msg];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return gs_error_set(err, f ? f->path : NULL, n ? n->line : 0,
	    n ? n->col : 0, "%s", msg);
}

int
yt_expect(const struct yt_file *f, const struct yt_node *n, enum yt_type t,
    const char *what, struct gs_error *err)
{
	static const char *names[] = { "a scalar", "a list", "a mapping" };

	if (n != NULL && n->type == t && !(t == YT_SCALAR && yt_is_null(n)))
		return 0;
	return yt_error(f, n, err, "'%s' must be %s, got %s", what, names[t],
	    yt_type_name(n));
}

int
yt_string(const struct yt_file *f, const struct yt_node *n, const char *what,
    const char **out, struct gs_error *err)
{
	if (yt_expect(f, n, YT_SCALAR, what, err) != 0)
		return -1;
	if (memchr(n->str, '\0', n->len) != NULL)
		return yt_error(f, n, err, "'%s' contains a NUL byte", what);
	*out = n->str;
	return 0;
}

int
yt_opt_string(const struct yt_file *f, const struct yt_node *map,
    const char *key, const char **out, struct gs_error *err)
{
	const struct yt_node	*v = yt_get(map, key);

	*out = NULL;
	if (v == NULL || yt_is_null(v))
		return 0;
	return yt_string(f, v, key, out, err);
}

int
yt_int64(const struct yt_file *f, const struct yt_node *n, const char *what,
    int64_t min, int64_t max, int64_t *out, struct gs_error *err)
{
	const char	*s, *p;
	char		*end;
	long long	 v;

	if (yt_string(f, n, what, &s, err) != 0)
		return -1;
	p = s;
	if (*p == '+' || *p == '-')
		p++;
	if (*p < '0' || *p > '9')
		return yt_error(f, n, err, "'%s' must be an integer, got '%s'",
		    what, s);
	errno = 0;
	v = strtoll(s, &end, 10);
	if (*end != '\0')
		return yt_error(f, n, err, "'%s' must be an integer, got '%s'",
		    what, s);
	if (errno == ERANGE || v < min || v > max)
		return yt_error(f, n, err, "'%s' must be between %" PRId64
		    " and %" PRId64 ", got '%s'", what, min, max, s);
	*out = v;
	return 0;
}

int
yt_bool(const struct yt_file *f, const struct yt_node *n, const char *what,
    int *out, struct gs_error *err)
{
	const char	*s;

	if (yt_string(f, n, what, &s, err) != 0)
		return -1;
	if (strcmp(s, "true") == 0 || strcmp(s, "True") == 0 ||
	    strcmp(s, "TRUE") == 0)
		*out = 1;
	else if (strcmp(s, "false") == 0 || strcmp(s, "False") == 0 ||
	    strcmp(s, "FALSE") == 0)
		*out = 0;
	else
		return yt_error(f, n, err, "'%s' must be true or false, got "
		    "'%s'", what, s);
	return 0;
}
