/*
 * report/html.h: the self-contained HTML report (-o html) of simulate,
 * compare, replay and plan report: one file with inline CSS, SVG and a
 * few lines of plain JavaScript (hover details only), readable printed
 * and in dark mode, every picture with a text alternative.  Writers take
 * the FILE to write to; every string from the inputs is escaped.
 */
#ifndef GS_REPORT_HTML_H
#define GS_REPORT_HTML_H

#include <stdio.h>

#include "report/report.h"

struct gs_replay_report;

/* A document being written: where, and the element ids given so far. */
struct gs_html {
	FILE		*fp;
	unsigned	 ids;
};

/* <!DOCTYPE html> ... <main> with an <h1> of title (escaped). */
void	gs_html_begin(struct gs_html *, FILE *, const char *title);
/* </main>, the hover script, </html>; 0, or -1 if a write failed. */
int	gs_html_end(struct gs_html *);
/* s with & < > " ' as character references. */
void	gs_html_text(FILE *, const char *s);
/* "<p>" text "</p>", and an <h2>/<h3> heading, escaped. */
void	gs_html_para(struct gs_html *, const char *text);
void	gs_html_heading(struct gs_html *, int level, const char *text);
/*
 * A plain table: caption (may be NULL), ncol header cells, then rows of
 * ncol cells each (cells[r * ncol + c]); a cell starting with a digit,
 * '-' or '.' is a number (right-aligned).
 */
void	gs_html_table(struct gs_html *, const char *caption,
	    const char *const *head, size_t ncol, const char *const *cells,
	    size_t nrows);

/* One simulation: its GPU map, metrics beside it, pending pods and the
 * placements table. */
void	gs_report_html_run(struct gs_html *, const struct gs_report_run *);
/* n runs of one workload side by side: their maps at one scale, and the
 * metrics table under them; heading names what is compared. */
void	gs_report_html_compare(struct gs_html *, const char *heading,
	    const struct gs_report_run *, size_t n);
/* A whole replay report (report/html_replay.c): charts and tables. */
void	gs_report_replay_html(struct gs_html *,
	    const struct gs_replay_report *);

/*
 * The compared metrics, one row each, shared by every side-by-side
 * writer (plan whatif and report too): JSON key, title, value, decimals.
 */
struct gs_metric_row {
	const char	*key;
	const char	*title;
	double		(*get)(const struct gs_metrics *);
	int		 decimals;
};
extern const struct gs_metric_row gs_metric_rows[];
extern const size_t gs_metric_nrows;

/* Internal to report_html*.c: the next element id number ("gN"). */
unsigned gs_html_id(struct gs_html *);
/* The GPU map (report/html_map.c): maps drawn with the same maxmem and
 * maxgpus share one scale; gs_html_map_scale finds them for n runs. */
void	gs_html_map_scale(const struct gs_report_run *, size_t n,
	    int32_t *maxmem, size_t *maxgpus);
void	gs_html_gpu_map(struct gs_html *, const struct gs_report_run *,
	    int32_t maxmem, size_t maxgpus);
/* A segment's label for w units of width (report/html_map.c). */
void	gs_html_fit_label(const char *name, const char *workload, double w,
	    char *buf, size_t len);

#endif
