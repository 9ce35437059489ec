/*
 * report/diff.c: `gpusched diff` output: text (sections of -/+ rows and a
 * summary line), JSON, JUnit XML and GitHub workflow annotations.
 */
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "report/diff.h"

/* Sections of the text output, in this order. */
static const enum gs_pchange order[] = { GS_PC_MOVED, GS_PC_PENDING,
	GS_PC_PLACED, GS_PC_ADDED, GS_PC_REMOVED };
#define NORDER	(sizeof order / sizeof order[0])

/* JSON and JUnit spelling of a change. */
static const char *
change_key(enum gs_pchange k)
{
	static const char *const keys[GS_PC_NKINDS] = { "same", "moved",
	    "added", "removed", "newly_pending", "newly_placed" };

	return k < GS_PC_NKINDS ? keys[k] : "?";
}

/* "2 moved, 0 newly pending, ...; 40 pods in 2 runs compared". */
static char *
summary(const struct gs_pdiff *d)
{
	char	*s, *t;
	size_t	 i;

	s = xstrdup(d->changes == 0 ? "no difference" : "");
	for (i = 0; d->changes > 0 && i < NORDER; i++) {
		t = xasprintf("%s%s%zu %s", s, i ? ", " : "",
		    d->count[order[i]], gs_pchange_name(order[i]));
		free(s);
		s = t;
	}
	t = xasprintf("%s; %zu pod%s in %zu run%s compared", s, d->pods,
	    d->pods == 1 ? "" : "s", d->nruns, d->nruns == 1 ? "" : "s");
	free(s);
	return t;
}

/* "ml/web-0 moved: node-a GPU 1 -> node-b GPU 3". */
static char *
change_line(const struct gs_pcmp *c)
{
	const struct gs_ppod	*p = c->head != NULL ? c->head : c->base;
	char			*who = gs_ppod_label(p), *a = NULL, *b = NULL;
	char			*s;

	if (c->base != NULL)
		a = gs_ppod_where(c->base);
	if (c->head != NULL)
		b = gs_ppod_where(c->head);
	if (a != NULL && b != NULL)
		s = xasprintf("%s %s: %s -> %s", who, gs_pchange_name(c->kind),
		    a, b);
	else
		s = xasprintf("%s %s: %s", who, gs_pchange_name(c->kind),
		    a != NULL ? a : b);
	free(who);
	free(a);
	free(b);
	return s;
}

static void
text_row(FILE *fp, char sign, const struct gs_ppod *p)
{
	char	*who = gs_ppod_label(p), *where = gs_ppod_where(p);

	fprintf(fp, "%c %s  %s\n", sign, who, where);
	free(who);
	free(where);
}

static void
text_run(FILE *fp, const char *base, const char *head,
    const struct gs_prun_cmp *r)
{
	size_t	i, k;

	fprintf(fp, "run %s", r->name);
	if (r->base_name != NULL)
		fprintf(fp, " (base: %s)", r->base_name);
	if (r->only != 0)
		fprintf(fp, " (only in %s)", r->only < 0 ? base : head);
	fputc('\n', fp);
	for (k = 0; k < NORDER; k++) {
		if (r->count[order[k]] == 0)
			continue;
		fprintf(fp, "  %s\n", gs_pchange_name(order[k]));
		for (i = 0; i < r->npods; i++) {
			if (r->pods[i].kind != order[k])
				continue;
			if (r->pods[i].base != NULL)
				text_row(fp, '-', r->pods[i].base);
			if (r->pods[i].head != NULL)
				text_row(fp, '+', r->pods[i].head);
		}
	}
}

void
gs_report_diff_text(FILE *fp, const char *base, const char *head,
    const struct gs_pdiff *d)
{
	size_t	 i;
	char	*s;

	if (d->changes > 0)
		fprintf(fp, "--- %s\n+++ %s\n", base, head);
	for (i = 0; i < d->nruns; i++)
		if (d->runs[i].npods > d->runs[i].count[GS_PC_SAME] ||
		    d->runs[i].only != 0)
			text_run(fp, base, head, &d->runs[i]);
	s = summary(d);
	fprintf(fp, "%s\n", s);
	free(s);
}

static json_t *
place_json(const struct gs_ppod *p)
{
	json_t	*gpus;
	size_t	 i;

	if (p == NULL)
		return json_null();
	gpus = json_array();
	for (i = 0; i < p->ngpus; i++)
		json_array_append_new(gpus, json_pack("{s:s,s:s,s:o}",
		    "container", p->gpus[i].ctr, "uuid", p->gpus[i].uuid,
		    "index", p->gpus[i].index >= 0 ?
		    json_integer(p->gpus[i].index) : json_null()));
	return json_pack("{s:o,s:b,s:o,s:o}", "node", p->node ?
	    json_string(p->node) : json_null(), "pending", p->pending,
	    "reason", p->reason ? json_string(p->reason) : json_null(),
	    "gpus", gpus);
}

static json_t *
summary_json(const struct gs_pdiff *d)
{
	json_t	*o = json_object();
	size_t	 i;

	for (i = 0; i < NORDER; i++)
		json_object_set_new(o, change_key(order[i]),
		    json_integer((json_int_t)d->count[order[i]]));
	json_object_set_new(o, "changes", json_integer((json_int_t)d->changes));
	json_object_set_new(o, "pods_compared",
	    json_integer((json_int_t)d->pods));
	json_object_set_new(o, "runs_compared",
	    json_integer((json_int_t)d->nruns));
	return o;
}

json_t *
gs_report_diff_json(const char *base, const char *head,
    const struct gs_pdiff *d)
{
	json_t	*o, *runs = json_array(), *changes = json_array();
	size_t	 i, j;

	for (i = 0; i < d->nruns; i++) {
		const struct gs_prun_cmp *r = &d->runs[i];

		json_array_append_new(runs, json_pack("{s:s,s:o,s:o,s:I,s:I}",
		    "run", r->name, "base_run", r->base_name ?
		    json_string(r->base_name) : json_null(), "only", r->only ?
		    json_string(r->only < 0 ? "base" : "head") : json_null(),
		    "pods_compared", (json_int_t)r->npods, "changes",
		    (json_int_t)(r->npods - r->count[GS_PC_SAME])));
		for (j = 0; j < r->npods; j++) {
			const struct gs_pcmp *c = &r->pods[j];
			const struct gs_ppod *p = c->head ? c->head : c->base;

			if (c->kind == GS_PC_SAME)
				continue;
			json_array_append_new(changes, json_pack(
			    "{s:s,s:s,s:s,s:s,s:o,s:o}", "run", r->name,
			    "namespace", p->ns, "pod", p->name, "change",
			    change_key(c->kind), "base", place_json(c->base),
			    "head", place_json(c->head)));
		}
	}
	o = json_pack("{s:s,s:i,s:s,s:s}", "gpusched_version", GS_VERSION,
	    "schema_version", GS_SCHEMA_VERSION, "base", base, "head", head);
	json_object_set_new(o, "summary", summary_json(d));
	json_object_set_new(o, "runs", runs);
	json_object_set_new(o, "changes", changes);
	return o;
}

/* XML character data or attribute value; control characters dropped. */
static void
xml_text(FILE *fp, const char *s)
{
	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '&')
			fputs("&amp;", fp);
		else if (c == '<')
			fputs("&lt;", fp);
		else if (c == '>')
			fputs("&gt;", fp);
		else if (c == '"')
			fputs("&quot;", fp);
		else if (c == '\'')
			fputs("&apos;", fp);
		else if (c >= 0x20 || c == '\n' || c == '\t')
			fputc(c, fp);
	}
}

static void
junit_case(FILE *fp, const struct gs_prun_cmp *r, const struct gs_pcmp *c)
{
	const struct gs_ppod	*p = c->head ? c->head : c->base;
	char			*who = gs_ppod_label(p), *line;

	fputs("    <testcase name=\"", fp);
	xml_text(fp, who);
	fputs("\" classname=\"", fp);
	xml_text(fp, r->name);
	fputs("\" time=\"0\"", fp);
	free(who);
	if (c->kind == GS_PC_SAME) {
		fputs("/>\n", fp);
		return;
	}
	line = change_line(c);
	fprintf(fp, ">\n      <failure type=\"%s\" message=\"",
	    change_key(c->kind));
	xml_text(fp, line);
	fputs("\">", fp);
	xml_text(fp, line);
	fputs("</failure>\n    </testcase>\n", fp);
	free(line);
}

void
gs_report_diff_junit(FILE *fp, const char *base, const char *head,
    const struct gs_pdiff *d)
{
	size_t	i, j;

	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", fp);
	fprintf(fp, "<testsuites name=\"gpusched diff\" tests=\"%zu\" "
	    "failures=\"%zu\" errors=\"0\" time=\"0\">\n", d->pods, d->changes);
	for (i = 0; i < d->nruns; i++) {
		const struct gs_prun_cmp *r = &d->runs[i];

		fputs("  <testsuite name=\"", fp);
		xml_text(fp, r->name);
		fprintf(fp, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" "
		    "skipped=\"0\" time=\"0\">\n", r->npods,
		    r->npods - r->count[GS_PC_SAME]);
		fputs("    <properties>\n      <property name=\"base\" value=\"",
		    fp);
		xml_text(fp, base);
		fputs("\"/>\n      <property name=\"head\" value=\"", fp);
		xml_text(fp, head);
		fputs("\"/>\n    </properties>\n", fp);
		for (j = 0; j < r->npods; j++)
			junit_case(fp, r, &r->pods[j]);
		fputs("  </testsuite>\n", fp);
	}
	fputs("</testsuites>\n", fp);
}

/* A workflow command's message (%, CR, LF) or property (also : and ,). */
static void
gh_escape(FILE *fp, const char *s, int property)
{
	for (; *s != '\0'; s++) {
		if (*s == '%')
			fputs("%25", fp);
		else if (*s == '\r')
			fputs("%0D", fp);
		else if (*s == '\n')
			fputs("%0A", fp);
		else if (property && *s == ':')
			fputs("%3A", fp);
		else if (property && *s == ',')
			fputs("%2C", fp);
		else
			fputc(*s, fp);
	}
}

void
gs_report_diff_github(FILE *fp, const char *base, const char *head,
    const struct gs_pdiff *d)
{
	size_t	 i, j;
	char	*s;

	for (i = 0; i < d->nruns; i++)
		for (j = 0; j < d->runs[i].npods; j++) {
			const struct gs_pcmp	*c = &d->runs[i].pods[j];
			const struct gs_ppod	*p = c->head ? c->head : c->base;

			if (c->kind == GS_PC_SAME)
				continue;
			fputs("::error ", fp);
			if (p->file != NULL) {
				fputs("file=", fp);
				gh_escape(fp, p->file, 1);
				if (p->line > 0)
					fprintf(fp, ",line=%d", p->line);
				fputc(',', fp);
			}
			fputs("title=", fp);
			s = xasprintf("gpusched diff: pod %s",
			    gs_pchange_name(c->kind));
			gh_escape(fp, s, 1);
			free(s);
			fputs("::", fp);
			s = change_line(c);
			gh_escape(fp, d->runs[i].name, 0);
			fputs(": ", fp);
			gh_escape(fp, s, 0);
			free(s);
			fputc('\n', fp);
		}
	s = summary(d);
	fputs("::notice title=gpusched diff::", fp);
	gh_escape(fp, base, 0);
	fputs(" vs ", fp);
	gh_escape(fp, head, 0);
	fputs(": ", fp);
	gh_escape(fp, s, 0);
	fputc('\n', fp);
	free(s);
}
