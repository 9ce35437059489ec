/*
 * report/doc.c: how every JSON document gpusched prints leaves it:
 * stamped with gpusched_version and schema_version first, then written as
 * JSON or, for -o yaml, as the same document in YAML through libyaml's
 * emitter (block style, keys in the JSON's order, strings quoted wherever
 * a YAML reader would take them for something else).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "report/jw.h"
#include "report/report.h"

json_t *
gs_doc_stamp(json_t *doc)
{
	json_t		*o, *v;
	const char	*k;

	if (!json_is_object(doc) || (json_object_get(doc, "schema_version") !=
	    NULL && json_object_get(doc, "gpusched_version") != NULL))
		return doc;
	o = json_object();
	v = json_object_get(doc, "gpusched_version");
	json_object_set_new(o, "gpusched_version", v ? json_incref(v) :
	    json_string(GS_VERSION));
	json_object_set_new(o, "schema_version",
	    json_integer(GS_SCHEMA_VERSION));
	json_object_foreach(doc, k, v)
		if (strcmp(k, "gpusched_version") != 0 &&
		    strcmp(k, "schema_version") != 0)
			json_object_set(o, k, v);
	json_decref(doc);
	return o;
}

/* Only digits, signs, dots, underscores, colons and the letters of hex,
 * binary, octal and exponents: YAML 1.1 or 1.2 may read it as a number
 * (or 1.1 as a base-60 number or a date). */
static int
number_like(const char *s)
{
	static const char *const specials[] = { ".inf", ".Inf", ".INF",
	    ".nan", ".NaN", ".NAN" };
	size_t	i;

	if (*s == '+' || *s == '-')
		s++;
	for (i = 0; i < sizeof specials / sizeof specials[0]; i++)
		if (strcmp(s, specials[i]) == 0)
			return 1;
	if (!((*s >= '0' && *s <= '9') || (*s == '.' && s[1] >= '0' &&
	    s[1] <= '9')))
		return 0;
	return s[strspn(s, "0123456789abcdefABCDEFxXoO._:+-")] == '\0';
}

int
gs_yaml_needs_quotes(const char *s)
{
	static const char *const words[] = { "~", "null", "Null", "NULL",
	    "y", "Y", "yes", "Yes", "YES", "n", "N", "no", "No", "NO", "true",
	    "True", "TRUE", "false", "False", "FALSE", "on", "On", "ON",
	    "off", "Off", "OFF", "<<", "=" };
	size_t	i, len = strlen(s);

	if (len == 0 || s[0] == ' ' || s[0] == '\t' || s[len - 1] == ' ' ||
	    s[len - 1] == '\t')
		return 1;
	for (i = 0; i < len; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return 1;
	for (i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strcmp(s, words[i]) == 0)
			return 1;
	return number_like(s);
}

static int
emit_scalar(yaml_emitter_t *e, const char *s, int plain_only)
{
	yaml_event_t	ev;
	yaml_scalar_style_t style = YAML_ANY_SCALAR_STYLE;

	if (!plain_only && gs_yaml_needs_quotes(s))
		style = YAML_DOUBLE_QUOTED_SCALAR_STYLE;
	if (!yaml_scalar_event_initialize(&ev, NULL, NULL,
	    (yaml_char_t *)s, (int)strlen(s), 1, 1, style))
		return -1;
	return yaml_emitter_emit(e, &ev) ? 0 : -1;
}

/* A real as jansson writes it, with a dot so that YAML 1.1 reads a
 * float too ("1e-05" -> "1.0e-05"). */
static int
emit_real(yaml_emitter_t *e, const json_t *v)
{
	char	*s = json_dumps(v, JSON_ENCODE_ANY | JSON_REAL_PRECISION(10));
	char	 buf[64];
	size_t	 m;
	int	 rc;

	if (s == NULL)
		return -1;
	m = strcspn(s, "eE");
	if (strchr(s, '.') == NULL && s[m] != '\0')
		snprintf(buf, sizeof buf, "%.*s.0%s", (int)m, s, s + m);
	else
		snprintf(buf, sizeof buf, "%s", s);
	free(s);
	rc = emit_scalar(e, buf, 1);
	return rc;
}

static int
emit_node(yaml_emitter_t *e, const json_t *v)
{
	yaml_event_t	 ev;
	const char	*k;
	json_t		*x;
	size_t		 i;
	char		 buf[32];

	switch (json_typeof(v)) {
	case JSON_OBJECT:
		if (!yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
		    YAML_BLOCK_MAPPING_STYLE) || !yaml_emitter_emit(e, &ev))
			return -1;
		json_object_foreach((json_t *)v, k, x)
			if (emit_scalar(e, k, 0) != 0 || emit_node(e, x) != 0)
				return -1;
		return yaml_mapping_end_event_initialize(&ev) &&
		    yaml_emitter_emit(e, &ev) ? 0 : -1;
	case JSON_ARRAY:
		if (!yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
		    YAML_BLOCK_SEQUENCE_STYLE) || !yaml_emitter_emit(e, &ev))
			return -1;
		json_array_foreach(v, i, x)
			if (emit_node(e, x) != 0)
				return -1;
		return yaml_sequence_end_event_initialize(&ev) &&
		    yaml_emitter_emit(e, &ev) ? 0 : -1;
	case JSON_STRING:
		return emit_scalar(e, json_string_value(v), 0);
	case JSON_INTEGER:
		snprintf(buf, sizeof buf, "%" JSON_INTEGER_FORMAT,
		    json_integer_value(v));
		return emit_scalar(e, buf, 1);
	case JSON_REAL:
		return emit_real(e, v);
	case JSON_TRUE:
		return emit_scalar(e, "true", 1);
	case JSON_FALSE:
		return emit_scalar(e, "false", 1);
	default:
		return emit_scalar(e, "null", 1);
	}
}

int
gs_report_yaml(FILE *fp, const json_t *doc)
{
	yaml_emitter_t	e;
	yaml_event_t	ev;
	int		rc = -1;

	if (!yaml_emitter_initialize(&e))
		return -1;
	yaml_emitter_set_output_file(&e, fp);
	yaml_emitter_set_unicode(&e, 1);
	yaml_emitter_set_indent(&e, 2);
	yaml_emitter_set_width(&e, -1);
	if (yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING) &&
	    yaml_emitter_emit(&e, &ev) &&
	    yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1) &&
	    yaml_emitter_emit(&e, &ev) && emit_node(&e, doc) == 0 &&
	    yaml_document_end_event_initialize(&ev, 1) &&
	    yaml_emitter_emit(&e, &ev) &&
	    yaml_stream_end_event_initialize(&ev) &&
	    yaml_emitter_emit(&e, &ev) && yaml_emitter_flush(&e))
		rc = 0;
	yaml_emitter_delete(&e);
	return rc;
}

int
gs_report_doc(FILE *fp, json_t *doc, int yaml)
{
	int	rc;

	doc = gs_doc_stamp(doc);
	if (yaml)
		rc = gs_report_yaml(fp, doc);
	else
		rc = json_dumpf(doc, fp, GS_JSON_FLAGS) != 0 ||
		    fputc('\n', fp) == EOF ? -1 : 0;
	json_decref(doc);
	return rc;
}

/* The streamed array at depth 1, one element made and written at a
 * time. */
static void
stream_array(struct gs_jw *w, const struct gs_doc_stream *s)
{
	json_t	*v;
	size_t	 i;

	gs_jw_begin(w, s->key, '[');
	for (i = 0; i < s->n && !w->err; i++) {
		if (s->write != NULL) {
			s->write(w, i, s->warg);
			continue;
		}
		if ((v = s->elem(i, s->arg)) == NULL)
			w->err = 1;
		gs_jw_value(w, NULL, v);
		json_decref(v);
	}
	gs_jw_end(w);
}

/* The member of s named k, or NULL. */
static const struct gs_doc_stream *
streamed(const struct gs_doc_stream *s, size_t ns, const char *k)
{
	size_t	i;

	for (i = 0; i < ns; i++)
		if (strcmp(s[i].key, k) == 0)
			return &s[i];
	return NULL;
}

int
gs_report_doc_stream(FILE *fp, json_t *doc, const struct gs_doc_stream *s,
    size_t ns)
{
	const struct gs_doc_stream *m;
	const char	*k;
	json_t		*v;
	struct gs_jw	*w = malloc(sizeof *w);
	int		 rc;

	if (w == NULL) {
		json_decref(doc);
		return -1;
	}
	doc = gs_doc_stamp(doc);
	gs_jw_text(w, fp, 0);
	gs_jw_begin(w, NULL, '{');
	json_object_foreach(doc, k, v) {
		if ((m = streamed(s, ns, k)) != NULL)
			stream_array(w, m);
		else
			gs_jw_value(w, k, v);
	}
	gs_jw_end(w);
	rc = gs_jw_flush(w) == 0 && fputc('\n', fp) != EOF ? 0 : -1;
	free(w);
	json_decref(doc);
	return rc;
}
