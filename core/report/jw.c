/*
 * report/jw.c: the JSON writer of jw.h.  The text sink lays values out
 * as jansson 2.14's dump.c does with JSON_INDENT(2) (do_dump: "{" or "[",
 * each member on its own line indented two spaces a level, ", " never,
 * ": " after a key, "{}" and "[]" when empty) and formats reals as its
 * strconv.c jsonp_dtostr does with JSON_REAL_PRECISION(10) ("%.10g", ".0"
 * when neither a dot nor an exponent, the exponent without "+" and
 * leading zeros).  Strings of printable ASCII without '"' or '\\' are
 * written as they are; any other string, and any jansson value, is
 * handed to jansson itself, so escapes and UTF-8 checks are jansson's.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/jw.h"
#include "report/report.h"

static void
put(struct gs_jw *w, const char *s, size_t len)
{
	size_t	k;

	while (len > 0 && !w->err) {
		if (w->n == sizeof w->buf) {
			w->err = fwrite(w->buf, 1, w->n, w->fp) != w->n;
			w->n = 0;
		}
		k = sizeof w->buf - w->n < len ? sizeof w->buf - w->n : len;
		memcpy(w->buf + w->n, s, k);
		w->n += k;
		s += k;
		len -= k;
	}
}

/* A newline and the indent of nesting depth level. */
static void
newline(struct gs_jw *w, int level)
{
	static const char	 spaces[] = "\n                                ";
	size_t			 sp = 2 * (size_t)(level > 0 ? level : 0), k;

	k = sp < 32 ? sp : 32;
	put(w, spaces, 1 + k);
	for (sp -= k; sp > 0; sp -= k) {
		k = sp < 32 ? sp : 32;
		put(w, spaces + 1, k);
	}
}

/* jansson's chunks, each newline followed by the indent of the level
 * the value sits at. */
static int
chunk(const char *buf, size_t len, void *arg)
{
	struct gs_jw	*w = arg;
	const char	*nl;

	while ((nl = memchr(buf, '\n', len)) != NULL) {
		put(w, buf, (size_t)(nl - buf));
		newline(w, w->depth + 1);
		len -= (size_t)(nl - buf) + 1;
		buf = nl + 1;
	}
	put(w, buf, len);
	return w->err ? -1 : 0;
}

static int
plain(const char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7f ||
		    *s == '"' || *s == '\\')
			return 0;
	return 1;
}

/* s as jansson writes a string, or -1 when json_string refuses it. */
static int
quoted(struct gs_jw *w, const char *s)
{
	json_t	*t;

	if (plain(s)) {
		put(w, "\"", 1);
		put(w, s, strlen(s));
		put(w, "\"", 1);
		return 0;
	}
	if ((t = json_string(s)) == NULL)
		return -1;
	if (json_dump_callback(t, chunk, w, GS_JSON_FLAGS | JSON_ENCODE_ANY)
	    != 0)
		w->err = 1;
	json_decref(t);
	return 0;
}

int
gs_jw_ok(const char *s)
{
	json_t	*t;

	if (s == NULL)
		return 0;
	if (plain(s))
		return 1;
	t = json_string(s);
	json_decref(t);
	return t != NULL;
}

/* Where a value goes: its line and key in the text sink. */
static void
member(struct gs_jw *w, const char *key)
{
	if (w->bare) {
		w->bare = 0;
		return;
	}
	if (!w->first)
		put(w, ",", 1);
	w->first = 0;
	newline(w, w->depth + 1);
	if (key != NULL) {
		quoted(w, key);
		put(w, ": ", 2);
	}
}

/* The tree sink: v (taken) into the open container, or the root. */
static int
attach(struct gs_jw *w, const char *key, json_t *v)
{
	json_t	*p;

	if (w->top == 0) {
		json_decref(w->root);
		w->root = v;
		return v != NULL ? 0 : -1;
	}
	p = w->open[w->top - 1];
	if (json_is_object(p))
		return json_object_set_new(p, key, v);
	return json_array_append_new(p, v);
}

void
gs_jw_text(struct gs_jw *w, FILE *fp, int depth)
{
	w->fp = fp;
	w->depth = depth - 1;
	w->first = 1;
	w->bare = 1;
	w->err = 0;
	w->n = 0;
	w->top = 0;
	w->root = NULL;
}

int
gs_jw_flush(struct gs_jw *w)
{
	if (!w->err && w->n > 0)
		w->err = fwrite(w->buf, 1, w->n, w->fp) != w->n;
	w->n = 0;
	return w->err ? -1 : 0;
}

void
gs_jw_tree(struct gs_jw *w)
{
	gs_jw_text(w, NULL, 0);
}

json_t *
gs_jw_tree_take(struct gs_jw *w)
{
	json_t	*v = w->root;

	w->root = NULL;
	w->top = 0;
	return v;
}

void
gs_jw_begin(struct gs_jw *w, const char *key, int kind)
{
	json_t	*v = NULL;

	if (w->top == GS_JW_DEPTH) {
		w->err = 1;
		return;
	}
	w->kind[w->top] = (char)kind;
	if (w->fp == NULL) {
		v = kind == '{' ? json_object() : json_array();
		w->open[w->top++] = attach(w, key, json_incref(v)) == 0 ?
		    v : NULL;
		json_decref(v);
		return;
	}
	w->top++;
	member(w, key);
	put(w, kind == '{' ? "{" : "[", 1);
	w->depth++;
	w->first = 1;
}

void
gs_jw_end(struct gs_jw *w)
{
	if (w->top == 0) {
		w->err = 1;
		return;
	}
	w->top--;
	if (w->fp == NULL)
		return;
	if (!w->first)
		newline(w, w->depth);
	put(w, w->kind[w->top] == '{' ? "}" : "]", 1);
	w->depth--;
	w->first = 0;
}

void
gs_jw_str(struct gs_jw *w, const char *key, const char *s)
{
	if (w->fp == NULL) {
		attach(w, key, s != NULL ? json_string(s) : NULL);
		return;
	}
	if (s == NULL)
		return;
	if (plain(s)) {		/* most strings: one look at them */
		member(w, key);
		put(w, "\"", 1);
		put(w, s, strlen(s));
		put(w, "\"", 1);
		return;
	}
	if (!gs_jw_ok(s))
		return;
	member(w, key);
	quoted(w, s);
}

/* v in decimal, as "%" JSON_INTEGER_FORMAT. */
static size_t
decimal(json_int_t v, char *buf, size_t len)
{
	unsigned long long	u;
	size_t			i = len;

	u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
	do {
		buf[--i] = (char)('0' + u % 10);
		u /= 10;
	} while (u > 0);
	if (v < 0)
		buf[--i] = '-';
	return i;
}

void
gs_jw_int(struct gs_jw *w, const char *key, json_int_t v)
{
	char	buf[24];
	size_t	i;

	if (w->fp == NULL) {
		attach(w, key, json_integer(v));
		return;
	}
	member(w, key);
	i = decimal(v, buf, sizeof buf);
	put(w, buf + i, sizeof buf - i);
}

/* v as jsonp_dtostr writes it at precision 10. */
static size_t
real_text(double v, char *buf, size_t len)
{
	char	*e, *z;
	size_t	 n;

	n = (size_t)snprintf(buf, len, "%.10g", v);
	if (strchr(buf, '.') == NULL && strchr(buf, 'e') == NULL) {
		memcpy(buf + n, ".0", 3);
		n += 2;
	}
	if ((e = strchr(buf, 'e')) != NULL) {
		e++;
		if (*e == '-')
			e++;
		for (z = e; *z == '+' || *z == '0'; z++)
			;
		/* %g never writes an exponent of zero; if it did, one
		 * digit stays. */
		if (*z == '\0')
			z--;
		memmove(e, z, strlen(z) + 1);
		n = strlen(buf);
	}
	return n;
}

void
gs_jw_real(struct gs_jw *w, const char *key, double v)
{
	char	buf[48];

	if (w->fp == NULL) {
		attach(w, key, json_real(v));
		return;
	}
	if (!isfinite(v))
		return;
	member(w, key);
	put(w, buf, real_text(v, buf, sizeof buf));
}

void
gs_jw_bool(struct gs_jw *w, const char *key, int b)
{
	if (w->fp == NULL) {
		attach(w, key, json_boolean(b));
		return;
	}
	member(w, key);
	put(w, b ? "true" : "false", b ? 4 : 5);
}

void
gs_jw_null(struct gs_jw *w, const char *key)
{
	if (w->fp == NULL) {
		attach(w, key, json_null());
		return;
	}
	member(w, key);
	put(w, "null", 4);
}

void
gs_jw_value(struct gs_jw *w, const char *key, json_t *v)
{
	if (w->fp == NULL) {
		attach(w, key, json_incref(v));
		return;
	}
	if (v == NULL)
		return;
	member(w, key);
	if (json_dump_callback(v, chunk, w, GS_JSON_FLAGS | JSON_ENCODE_ANY)
	    != 0)
		w->err = 1;
}
