/*
 * doc.c: a document written as Markdown or as the HTML report (`plan
 * report -o markdown|html`): a title, headings, paragraphs and tables,
 * the blocks of Markdown separated by one blank line.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "../core/report/html.h"

/* A blank line before every block but the first (Markdown). */
static void
block(struct cmd_doc *d)
{
	if (!d->html && d->started)
		putchar('\n');
	d->started = 1;
}

void
cmd_doc_begin(struct cmd_doc *d, int html, const char *path,
    const char *title)
{
	memset(d, 0, sizeof *d);
	d->html = html;
	if (html)
		cmd_html_begin(&d->o, path, "%s", title);
	else
		printf("# %s\n", title);
	d->started = 1;
}

int
cmd_doc_end(struct cmd_doc *d, int rc)
{
	return d->html ? cmd_html_end(&d->o, rc) : rc;
}

void
cmd_doc_heading(struct cmd_doc *d, const char *text)
{
	block(d);
	if (d->html)
		gs_html_heading(&d->o.h, 2, text);
	else
		printf("## %s\n", text);
}

void
cmd_doc_para(struct cmd_doc *d, const char *fmt, ...)
{
	va_list	 ap;
	char	*s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	block(d);
	if (d->html)
		gs_html_para(&d->o.h, s);
	else
		printf("%s\n", s);
	free(s);
}

void
cmd_table_init(struct cmd_table *t, const char *const *head,
    const char *align, size_t ncol)
{
	memset(t, 0, sizeof *t);
	t->head = head;
	t->align = align;
	t->ncol = ncol;
}

void
cmd_table_cell(struct cmd_table *t, const char *fmt, ...)
{
	va_list	 ap;
	char	*s;

	va_start(ap, fmt);
	s = xvasprintf(fmt, ap);
	va_end(ap);
	grow_array(&t->cells, &t->cap, t->n + 1, sizeof *t->cells);
	t->cells[t->n++] = s;
}

void
cmd_doc_table(struct cmd_doc *d, struct cmd_table *t)
{
	size_t	i, c;

	block(d);
	if (d->html)
		gs_html_table(&d->o.h, NULL, t->head, t->ncol,
		    (const char *const *)t->cells, t->n / t->ncol);
	else {
		for (c = 0; c < t->ncol; c++)
			printf("| %s ", t->head[c]);
		printf("|\n");
		for (c = 0; c < t->ncol; c++)
			printf("|%s", t->align[c] == 'r' ? "---:" : "---");
		printf("|\n");
		for (i = 0; i + t->ncol <= t->n; i += t->ncol) {
			for (c = 0; c < t->ncol; c++)
				printf("| %s ", t->cells[i + c]);
			printf("|\n");
		}
	}
	for (i = 0; i < t->n; i++)
		free(t->cells[i]);
	free(t->cells);
	memset(t, 0, sizeof *t);
}
