/*
 * load/trace.c: reads the openb node and pod lists (CSV, no quoting) into
 * struct gs_trace_nodes / gs_trace_pods, with every field checked and every
 * error located at file:line:col.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "load/trace.h"

#define NODE_HEADER	"sn,cpu_milli,memory_mib,gpu,model"
#define POD_HEADER5	"name,cpu_milli,memory_mib,num_gpu,gpu_milli"
#define POD_HEADER11	POD_HEADER5 ",gpu_spec,qos,pod_phase,creation_time," \
			"deletion_time,scheduled_time"
#define MAXFIELDS	11

/* One CSV line split into fields (pointers into the data, not copies). */
struct csv_line {
	const char	*f[MAXFIELDS + 1];
	size_t		 len[MAXFIELDS + 1];
	int		 col[MAXFIELDS + 1];
	int		 n;		/* fields seen (may exceed MAXFIELDS) */
	int		 line;
	const char	*s;		/* the whole line, without "\r\n" */
	size_t		 slen;
};

struct csv {
	const char	*path;
	const char	*p, *end;
	int		 line;
};

/*
 * Next non-blank line; returns 0 at the end of the data.  A trailing "\r"
 * is dropped; a NUL byte or other control character is an error.
 */
static int
csv_next(struct csv *c, struct csv_line *l, struct gs_error *err)
{
	const char	*s, *e, *q;
	int		 i;

	for (;;) {
		if (c->p >= c->end)
			return 0;
		s = c->p;
		e = memchr(s, '\n', (size_t)(c->end - s));
		if (e == NULL)
			e = c->end;
		c->p = e < c->end ? e + 1 : e;
		c->line++;
		if (e > s && e[-1] == '\r')
			e--;
		if (e > s)
			break;
	}
	for (q = s; q < e; q++)
		if ((unsigned char)*q < 0x20 || *q == 0x7f)
			return gs_error_set(err, c->path, c->line,
			    (int)(q - s) + 1, "control character 0x%02x in "
			    "a CSV line", (unsigned char)*q);
	l->line = c->line;
	l->s = s;
	l->slen = (size_t)(e - s);
	l->n = 0;
	q = s;
	for (i = 0;; i++) {
		const char *comma = memchr(q, ',', (size_t)(e - q));
		const char *fe = comma != NULL ? comma : e;

		if (i <= MAXFIELDS) {
			l->f[i] = q;
			l->len[i] = (size_t)(fe - q);
			l->col[i] = (int)(q - s) + 1;
		}
		l->n = i + 1;
		if (comma == NULL)
			break;
		q = comma + 1;
	}
	if (memchr(s, '"', (size_t)(e - s)) != NULL)
		return gs_error_set(err, c->path, c->line,
		    (int)((const char *)memchr(s, '"', (size_t)(e - s)) - s) + 1,
		    "quoted CSV fields are not supported here");
	return 1;
}

static int
field_is(const struct csv_line *l, int i, const char *s)
{
	return l->len[i] == strlen(s) && memcmp(l->f[i], s, l->len[i]) == 0;
}

static int
line_is(const struct csv_line *l, const char *header)
{
	return l->slen == strlen(header) &&
	    memcmp(l->s, header, l->slen) == 0;
}

/* A non-negative decimal integer no larger than max. */
static int
field_int(const struct csv *c, const struct csv_line *l, int i,
    const char *what, int64_t max, int64_t *out, struct gs_error *err)
{
	size_t	 k;
	int64_t	 v = 0;

	if (l->len[i] == 0)
		return gs_error_set(err, c->path, l->line, l->col[i],
		    "%s is empty", what);
	for (k = 0; k < l->len[i]; k++) {
		char ch = l->f[i][k];

		if (ch < '0' || ch > '9')
			return gs_error_set(err, c->path, l->line, l->col[i],
			    "%s must be a non-negative integer, got '%.*s'",
			    what, (int)l->len[i], l->f[i]);
		if (v > (max - (ch - '0')) / 10)
			return gs_error_set(err, c->path, l->line, l->col[i],
			    "%s %.*s is larger than %lld", what,
			    (int)l->len[i], l->f[i], (long long)max);
		v = v * 10 + (ch - '0');
	}
	*out = v;
	return 0;
}

/* Like field_int, but an empty field is -1 (absent). */
static int
field_time(const struct csv *c, const struct csv_line *l, int i,
    const char *what, int64_t *out, struct gs_error *err)
{
	if (l->len[i] == 0) {
		*out = -1;
		return 0;
	}
	return field_int(c, l, i, what, INT64_C(1) << 50, out, err);
}

/* Names and models: letters, digits and "-_.:/" (and '|' in specs). */
static int
field_word(const struct csv *c, const struct csv_line *l, int i,
    const char *what, int allow_bar, int allow_empty, char **out,
    struct gs_error *err)
{
	size_t	k;

	if (l->len[i] == 0 && !allow_empty)
		return gs_error_set(err, c->path, l->line, l->col[i],
		    "%s is empty", what);
	for (k = 0; k < l->len[i]; k++) {
		char ch = l->f[i][k];

		if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		    (ch >= '0' && ch <= '9') || strchr("-_.:/", ch) != NULL ||
		    (allow_bar && ch == '|'))
			continue;
		return gs_error_set(err, c->path, l->line, l->col[i] + (int)k,
		    "unexpected character '%c' in %s", ch, what);
	}
	*out = xstrndup(l->f[i], l->len[i]);
	return 0;
}

static int
field_count(const struct csv *c, const struct csv_line *l, int want,
    struct gs_error *err)
{
	if (l->n == want)
		return 0;
	return gs_error_set(err, c->path, l->line, l->n > want ?
	    l->col[want < MAXFIELDS ? want : MAXFIELDS] : 1,
	    "expected %d comma-separated fields, got %d", want, l->n);
}

static int
header(struct csv *c, struct csv_line *l, const char *what,
    struct gs_error *err)
{
	int	r;

	if ((r = csv_next(c, l, err)) < 0)
		return -1;
	if (r == 0)
		return gs_error_set(err, c->path, 0, 0, "empty %s: expected a "
		    "header line", what);
	return 1;
}

/* Names must be unique within a file; report the later duplicate. */
struct name_ref {
	const char	*name;
	int		 line;
};

static int
name_ref_cmp(const void *a, const void *b)
{
	const struct name_ref *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c != 0)
		return c;
	return (x->line > y->line) - (x->line < y->line);
}

/*
 * A list must have rows, and names unique within the file; the later
 * duplicate is reported.  Rows are read through their name and line
 * fields (offsets into elements of size sz).
 */
static int
check_rows(const char *path, const void *base, size_t n, size_t sz,
    size_t name_off, size_t line_off, const char *what, int last,
    struct gs_error *err)
{
	struct name_ref	*refs;
	size_t		 i;
	int		 rc = 0;

	if (n == 0)
		return gs_error_set(err, path, last, 1, "the %s list has no "
		    "%ss", what, what);
	refs = xreallocarray(NULL, n, sizeof *refs);
	for (i = 0; i < n; i++) {
		const char *row = (const char *)base + i * sz;

		memcpy(&refs[i].name, row + name_off, sizeof refs[i].name);
		memcpy(&refs[i].line, row + line_off, sizeof refs[i].line);
	}
	qsort(refs, n, sizeof *refs, name_ref_cmp);
	for (i = 1; i < n; i++)
		if (strcmp(refs[i - 1].name, refs[i].name) == 0) {
			rc = gs_error_set(err, path, refs[i].line, 1,
			    "duplicate %s name '%s' (first on line %d)", what,
			    refs[i].name, refs[i - 1].line);
			break;
		}
	free(refs);
	return rc;
}

int
gs_trace_parse_nodes(const char *path, const char *data, size_t len,
    struct gs_trace_nodes *out, struct gs_error *err)
{
	struct csv		 c = { path, data, data + len, 0 };
	struct csv_line		 l;
	size_t			 cap = 0;
	int			 r;

	memset(out, 0, sizeof *out);
	if (header(&c, &l, "node list", err) < 0)
		return -1;
	if (!line_is(&l, NODE_HEADER))
		return gs_error_set(err, path, l.line, 1, "not an openb node "
		    "list: expected the header '%s'", NODE_HEADER);
	while ((r = csv_next(&c, &l, err)) > 0) {
		struct gs_trace_node	 n;
		int64_t			 v;

		memset(&n, 0, sizeof n);
		n.line = l.line;
		if (field_count(&c, &l, 5, err) != 0)
			goto fail;
		if (field_word(&c, &l, 0, "node name (sn)", 0, 0, &n.name,
		    err) != 0)
			goto fail;
		if (field_int(&c, &l, 1, "cpu_milli", INT64_C(1) << 40,
		    &n.cpu_milli, err) != 0 ||
		    field_int(&c, &l, 2, "memory_mib", INT64_C(1) << 40,
		    &n.mem_mib, err) != 0 ||
		    field_int(&c, &l, 3, "gpu", GS_TRACE_MAXGPU, &v, err) != 0 ||
		    field_word(&c, &l, 4, "model", 0, 1, &n.model, err) != 0) {
			free(n.name);
			goto fail;
		}
		n.gpus = (int)v;
		if (n.gpus > 0 && n.model[0] == '\0') {
			gs_error_set(err, path, l.line, l.col[4], "node '%s' "
			    "has %d GPUs but no model", n.name, n.gpus);
			free(n.name);
			free(n.model);
			goto fail;
		}
		grow_array(&out->v, &cap, out->n + 1, sizeof *out->v);
		out->v[out->n++] = n;
	}
	if (r < 0 || check_rows(path, out->v, out->n, sizeof *out->v,
	    offsetof(struct gs_trace_node, name),
	    offsetof(struct gs_trace_node, line), "node", l.line, err) != 0)
		goto fail;
	return 0;
fail:
	gs_trace_nodes_release(out);
	return -1;
}

static int
pod_row(const struct csv *c, const struct csv_line *l, int timed,
    struct gs_trace_pod *p, struct gs_error *err)
{
	int64_t	v;

	memset(p, 0, sizeof *p);
	p->line = l->line;
	p->creation = p->deletion = p->scheduled = -1;
	if (field_count(c, l, timed ? 11 : 5, err) != 0)
		return -1;
	if (field_word(c, l, 0, "pod name", 0, 0, &p->name, err) != 0)
		return -1;
	if (field_int(c, l, 1, "cpu_milli", INT64_C(1) << 40, &p->cpu_milli,
	    err) != 0 ||
	    field_int(c, l, 2, "memory_mib", INT64_C(1) << 40, &p->mem_mib,
	    err) != 0 ||
	    field_int(c, l, 3, "num_gpu", GS_TRACE_MAXGPU, &v, err) != 0)
		return -1;
	p->num_gpu = (int)v;
	if (field_int(c, l, 4, "gpu_milli", GS_MILLI, &v, err) != 0)
		return -1;
	p->gpu_milli = (int)v;
	if (p->num_gpu == 0 && p->gpu_milli != 0)
		return gs_error_set(err, c->path, l->line, l->col[4],
		    "gpu_milli %d without GPUs (num_gpu is 0)", p->gpu_milli);
	if (p->num_gpu > 0 && p->gpu_milli == 0)
		return gs_error_set(err, c->path, l->line, l->col[4],
		    "gpu_milli is 0 for a pod with %d GPUs", p->num_gpu);
	if (p->num_gpu > 1 && p->gpu_milli < GS_MILLI)
		return gs_error_set(err, c->path, l->line, l->col[4],
		    "a pod with %d GPUs must take whole GPUs (gpu_milli "
		    "1000), got %d", p->num_gpu, p->gpu_milli);
	if (!timed) {
		p->gpu_spec = xstrdup("");
		p->qos = xstrdup("");
		p->phase = xstrdup("");
		return 0;
	}
	/* pandas writes a missing spec as "nan". */
	if (field_is(l, 5, "nan"))
		p->gpu_spec = xstrdup("");
	else if (field_word(c, l, 5, "gpu_spec", 1, 1, &p->gpu_spec,
	    err) != 0)
		return -1;
	if (field_word(c, l, 6, "qos", 0, 1, &p->qos, err) != 0 ||
	    field_word(c, l, 7, "pod_phase", 0, 1, &p->phase, err) != 0)
		return -1;
	if (field_time(c, l, 8, "creation_time", &p->creation, err) != 0 ||
	    field_time(c, l, 9, "deletion_time", &p->deletion, err) != 0 ||
	    field_time(c, l, 10, "scheduled_time", &p->scheduled, err) != 0)
		return -1;
	if (p->creation >= 0 && p->deletion >= 0 && p->deletion < p->creation)
		return gs_error_set(err, c->path, l->line, l->col[9],
		    "deletion_time %lld is before creation_time %lld",
		    (long long)p->deletion, (long long)p->creation);
	return 0;
}

static void
pod_free(struct gs_trace_pod *p)
{
	free(p->name);
	free(p->gpu_spec);
	free(p->qos);
	free(p->phase);
}

int
gs_trace_parse_pods(const char *path, const char *data, size_t len,
    struct gs_trace_pods *out, struct gs_error *err)
{
	struct csv		 c = { path, data, data + len, 0 };
	struct csv_line		 l;
	size_t			 cap = 0;
	int			 r;

	memset(out, 0, sizeof *out);
	if (header(&c, &l, "pod list", err) < 0)
		return -1;
	if (line_is(&l, POD_HEADER11))
		out->timed = 1;
	else if (!line_is(&l, POD_HEADER5))
		return gs_error_set(err, path, l.line, 1, "not an openb pod "
		    "list: expected the header '%s' or its first five "
		    "columns", POD_HEADER11);
	while ((r = csv_next(&c, &l, err)) > 0) {
		struct gs_trace_pod	p;

		if (pod_row(&c, &l, out->timed, &p, err) != 0) {
			pod_free(&p);
			goto fail;
		}
		grow_array(&out->v, &cap, out->n + 1, sizeof *out->v);
		out->v[out->n++] = p;
	}
	if (r < 0 || check_rows(path, out->v, out->n, sizeof *out->v,
	    offsetof(struct gs_trace_pod, name),
	    offsetof(struct gs_trace_pod, line), "pod", l.line, err) != 0)
		goto fail;
	return 0;
fail:
	gs_trace_pods_release(out);
	return -1;
}

static int
load(const char *path, struct gs_trace_nodes *nodes,
    struct gs_trace_pods *pods, struct gs_error *err)
{
	char	*data;
	size_t	 len;
	int	 rc;

	if (gs_read_file(path, &data, &len, err) != 0)
		return -1;
	rc = nodes != NULL ? gs_trace_parse_nodes(path, data, len, nodes, err) :
	    gs_trace_parse_pods(path, data, len, pods, err);
	free(data);
	return rc;
}

int
gs_trace_load_nodes(const char *path, struct gs_trace_nodes *out,
    struct gs_error *err)
{
	memset(out, 0, sizeof *out);
	return load(path, out, NULL, err);
}

int
gs_trace_load_pods(const char *path, struct gs_trace_pods *out,
    struct gs_error *err)
{
	memset(out, 0, sizeof *out);
	return load(path, NULL, out, err);
}

void
gs_trace_nodes_release(struct gs_trace_nodes *t)
{
	size_t	i;

	for (i = 0; i < t->n; i++) {
		free(t->v[i].name);
		free(t->v[i].model);
	}
	free(t->v);
	memset(t, 0, sizeof *t);
}

void
gs_trace_pods_release(struct gs_trace_pods *t)
{
	size_t	i;

	for (i = 0; i < t->n; i++)
		pod_free(&t->v[i]);
	free(t->v);
	memset(t, 0, sizeof *t);
}

int
gs_trace_spec_allows(const char *spec, const char *model)
{
	const char	*p = spec, *bar;
	size_t		 len, ml = strlen(model);
	int		 named = 0;

	if (spec[0] == '\0')
		return 1;
	if (ml == 0)
		return 0;	/* a CPU node, for any spec at all */
	for (;;) {
		bar = strchr(p, '|');
		len = bar != NULL ? (size_t)(bar - p) : strlen(p);
		if (len > 0) {
			named = 1;
			if (len == ml && memcmp(p, model, ml) == 0)
				return 1;
		}
		if (bar == NULL)
			break;
		p = bar + 1;
	}
	return !named;
}
