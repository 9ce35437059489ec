/*
 * report/html_replay.c: `gpusched replay -o html`: the FGD paper's
 * figures as SVG line charts, read from the replay's public results
 * (gs_replay_set, gs_rpoint_stats of replay/replay.h): unallocated GPU share
 * and fragmentation against arrived workload, one line per policy (the
 * median over seeds) with the seeds' min-max as a band; a timed replay's
 * curves against time.  Under the charts the per-policy tables, and the
 * curve's values as a table (the charts' text alternative).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "report/html.h"
#include "report/replay.h"
#include "util/util.h"

/* Geometry of a chart, in SVG user units. */
#define CW		760
#define CH		340
#define ML		56
#define MR		16
#define MT		18
#define MB		46
#define PW		(CW - ML - MR)
#define PH		(CH - MT - MB)
/* The most points drawn of one line (a timed curve may have 10^6: each
 * drawn point is the peak of its group), and the most points for which
 * hover dots are drawn. */
#define MAX_DRAWN	1500
#define MAX_DOTS	200
#define NDASH		4

static const char *const dashes[NDASH] = { "", "7 4", "2 3", "9 3 2 3" };

typedef const struct gs_rstat *(*stat_fn)(const struct gs_rpoint_stats *);

static const struct gs_rstat *
st_unalloc(const struct gs_rpoint_stats *p) { return &p->unalloc; }
static const struct gs_rstat *
st_alloc(const struct gs_rpoint_stats *p) { return &p->alloc; }
static const struct gs_rstat *
st_frag(const struct gs_rpoint_stats *p) { return &p->frag; }
static const struct gs_rstat *
st_pending(const struct gs_rpoint_stats *p) { return &p->pending; }

struct chart {
	const char	*title;		/* also the y axis' meaning */
	const char	*xname;		/* "arrived" or "time" */
	const char	*unit;		/* of the values: "%" or " pods" */
	stat_fn		 get;
	double		 xmax, ymax;
	int		 ideal;		/* draw 100 - x, dashed */
};

/* 1, 2 or 5 times a power of ten, at least x. */
static double
nice_step(double x)
{
	double	p = pow(10, floor(log10(x > 0 ? x : 1))), f = x / p;

	return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
}

/* Decimals that show a multiple of step (0 for steps of 1 and up). */
static int
decimals(double step)
{
	return step >= 1 ? 0 : (int)ceil(-log10(step));
}

static double
sx(const struct chart *c, double x)
{
	return ML + x / c->xmax * PW;
}

static double
sy(const struct chart *c, double y)
{
	return MT + PH - y / c->ymax * PH;
}

/* The largest value (max over seeds) of any point, for the y axis. */
static double
chart_ymax(const struct gs_replay_report *rp, stat_fn get)
{
	double	m = 0, v;
	size_t	i, k;

	for (i = 0; i < rp->nsets; i++)
		for (k = 0; k < rp->sets[i].npoints; k++) {
			v = get(&rp->sets[i].stats[k])->max;
			if (!isnan(v) && v > m)
				m = v;
		}
	return m;
}

static void
axes(struct gs_html *h, const struct chart *c)
{
	double	step, v;

	step = nice_step(c->ymax / 5);
	for (v = 0; v <= c->ymax + 1e-9; v += step)
		fprintf(h->fp, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" "
		    "y1=\"%.1f\" y2=\"%.1f\"/><text x=\"%d\" y=\"%.1f\" "
		    "text-anchor=\"end\">%.*f</text>\n", ML, ML + PW, sy(c, v),
		    sy(c, v), ML - 6, sy(c, v) + 4, decimals(step), v);
	step = nice_step(c->xmax / 10);
	for (v = 0; v <= c->xmax + 1e-9; v += step)
		fprintf(h->fp, "<line class=\"axis\" x1=\"%.1f\" x2=\"%.1f\" "
		    "y1=\"%d\" y2=\"%d\"/><text x=\"%.1f\" y=\"%d\" "
		    "text-anchor=\"middle\">%.*f</text>\n", sx(c, v), sx(c, v),
		    MT + PH, MT + PH + 5, sx(c, v), MT + PH + 18, decimals(step),
		    v);
	fprintf(h->fp, "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" "
	    "y2=\"%d\"/><line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" "
	    "y2=\"%d\"/>\n", ML, ML + PW, MT + PH, MT + PH, ML, ML, MT,
	    MT + PH);
	fprintf(h->fp, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s"
	    "</text>\n", ML + PW / 2, CH - 6, strcmp(c->xname, "time") == 0 ?
	    "time (s)" : "arrived workload (% of GPU capacity)");
	fprintf(h->fp, "<text x=\"%d\" y=\"%d\">%s</text>\n", ML + 6,
	    MT - 6, strcmp(c->unit, "%") == 0 ? "%" :
	    "pods");
	if (c->ideal)
		fprintf(h->fp, "<path class=\"ideal\" d=\"M%.1f %.1fL%.1f "
		    "%.1fL%.1f %.1f\"><title>ideal: 100 - arrived</title>"
		    "</path>\n", sx(c, 0), sy(c, 100), sx(c, 100), sy(c, 0),
		    sx(c, c->xmax), sy(c, 0));
}

/*
 * Points k..k+step-1 of a line as one drawn point: the one with the
 * largest median (a peak survives thinning), the band the widest min-max
 * of the group; 0 when none has data.
 */
static int
group(const struct chart *c, const struct gs_replay_set *s, size_t k,
    size_t step, double *x, struct gs_rstat *out)
{
	const struct gs_rstat	*v;
	size_t			 j;
	int			 any = 0;

	for (j = k; j < k + step && j < s->npoints; j++) {
		v = c->get(&s->stats[j]);
		if (isnan(v->med))
			continue;
		if (!any || v->med > out->med) {
			out->med = v->med;
			*x = (double)s->stats[j].x;
		}
		if (!any || v->min < out->min)
			out->min = v->min;
		if (!any || v->max > out->max)
			out->max = v->max;
		any = 1;
	}
	return any;
}

/* The band of min..max over seeds: one path per run of points with data
 * (max forward, min back). */
static void
band(struct gs_html *h, const struct chart *c, const struct gs_replay_set *s,
    size_t step)
{
	struct gs_rstat	 v;
	size_t		 k, a = 0, b;
	double		 x;

	while (a < s->npoints) {
		while (a < s->npoints && !group(c, s, a, step, &x, &v))
			a += step;
		for (b = a; b < s->npoints && group(c, s, b, step, &x, &v);
		    b += step)
			continue;
		if (b > a) {
			fputs("<path class=\"band\" d=\"", h->fp);
			for (k = a; k < b; k += step) {
				(void)group(c, s, k, step, &x, &v);
				fprintf(h->fp, "%s%.1f %.1f", k == a ? "M" : "L",
				    sx(c, x), sy(c, v.max));
			}
			for (k = b; k > a; ) {
				k -= step;
				(void)group(c, s, k, step, &x, &v);
				fprintf(h->fp, "L%.1f %.1f", sx(c, x),
				    sy(c, v.min));
			}
			fputs("Z\"/>\n", h->fp);
		}
		a = b;
	}
}

/* One policy's line (the median), its band and hover dots. */
static void
series(struct gs_html *h, const struct chart *c, const struct gs_replay_set *s,
    size_t i)
{
	size_t		step = (s->npoints + MAX_DRAWN - 1) / MAX_DRAWN, n = 0;
	size_t		k;
	int		pen = 0;
	double		x;
	struct gs_rstat	v;

	if (step == 0)
		step = 1;
	fprintf(h->fp, "<g class=\"series c%zu\" data-policy=\"", i % 8);
	gs_html_text(h->fp, s->policy->name);
	fputs("\">\n", h->fp);
	if (s->nseeds > 1)
		band(h, c, s, step);
	fprintf(h->fp, "<path class=\"line\" stroke-dasharray=\"%s\" d=\"",
	    dashes[i % NDASH]);
	for (k = 0; k < s->npoints; k += step) {
		if (!group(c, s, k, step, &x, &v)) {
			pen = 0;
			continue;
		}
		fprintf(h->fp, "%s%.1f %.1f", pen ? "L" : "M", sx(c, x),
		    sy(c, v.med));
		pen = 1;
		n++;
	}
	fprintf(h->fp, "\" data-points=\"%zu\"/>\n", n);
	for (k = 0; s->npoints <= MAX_DOTS && k < s->npoints; k++) {
		if (!group(c, s, k, 1, &x, &v))
			continue;
		fprintf(h->fp, "<circle class=\"pt\" r=\"3\" cx=\"%.1f\" "
		    "cy=\"%.1f\" tabindex=\"0\" data-tip=\"", sx(c, x),
		    sy(c, v.med));
		gs_html_text(h->fp, s->policy->name);
		fprintf(h->fp, ", %s %.0f%s: %.2f%s", c->xname, x,
		    strcmp(c->xname, "time") == 0 ? " s" : "%", v.med,
		    c->unit);
		if (s->nseeds > 1)
			fprintf(h->fp, " [%.2f-%.2f]", v.min, v.max);
		fputs("\"/>\n", h->fp);
	}
	fputs("</g>\n", h->fp);
}

static void
legend(struct gs_html *h, const struct gs_replay_report *rp)
{
	size_t	i;

	fputs("<p class=\"legend\">", h->fp);
	for (i = 0; i < rp->nsets; i++) {
		fprintf(h->fp, "<span class=\"c%zu\"><svg width=\"30\" "
		    "height=\"10\" aria-hidden=\"true\"><line class=\"line\" "
		    "x1=\"0\" x2=\"30\" y1=\"5\" y2=\"5\" stroke=\"var(--k)\" "
		    "stroke-width=\"2\" stroke-dasharray=\"%s\"/></svg>",
		    i % 8, dashes[i % NDASH]);
		gs_html_text(h->fp, rp->sets[i].policy->name);
		fputs("</span>", h->fp);
	}
	if (rp->nsets > 0 && rp->sets[0].nseeds > 1)
		fputs("<span>bands: min to max over seeds; lines: median"
		    "</span>", h->fp);
	fputs("</p>\n", h->fp);
}

static void
chart(struct gs_html *h, const struct gs_replay_report *rp, struct chart *c)
{
	unsigned	id = gs_html_id(h);
	size_t		i;

	c->ymax = chart_ymax(rp, c->get);
	if (c->ideal || c->ymax > 100)
		c->ymax = c->ymax > 100 ? c->ymax : 100;
	c->ymax = nice_step(c->ymax / 5) * ceil(c->ymax /
	    nice_step(c->ymax / 5));
	if (c->ymax <= 0)
		c->ymax = 1;
	fputs("<figure class=\"chart\">\n<figcaption>", h->fp);
	gs_html_text(h->fp, c->title);
	fputs("</figcaption>\n", h->fp);
	fprintf(h->fp, "<svg role=\"img\" "
	    "aria-labelledby=\"g%u\" viewBox=\"0 0 %d %d\" width=\"%d\" "
	    "height=\"%d\">\n<title id=\"g%u\">", id, CW, CH, CW, CH, id);
	gs_html_text(h->fp, c->title);
	fputs(", one line per policy:", h->fp);
	for (i = 0; i < rp->nsets; i++) {
		fputc(' ', h->fp);
		gs_html_text(h->fp, rp->sets[i].policy->name);
	}
	fputs("</title>\n", h->fp);
	axes(h, c);
	for (i = 0; i < rp->nsets; i++)
		series(h, c, &rp->sets[i], i);
	fputs("</svg>\n", h->fp);
	legend(h, rp);
	fputs("</figure>\n", h->fp);
}

/* "4.77" or "4.77 [4.62-4.94]" (several seeds); "-" without data. */
static char *
stat_text(const struct gs_rstat *st, int range)
{
	if (isnan(st->med))
		return xstrdup("-");
	if (range)
		return xasprintf("%.2f [%.2f-%.2f]", st->med, st->min,
		    st->max);
	return xasprintf("%.2f", st->med);
}

/* A table of nrows x ncol cells built by the caller, then freed. */
static void
table_free(struct gs_html *h, const char *caption, const char *const *head,
    size_t ncol, char **cells, size_t nrows)
{
	size_t	i;

	gs_html_table(h, caption, head, ncol, (const char *const *)cells,
	    nrows);
	for (i = 0; i < ncol * nrows; i++)
		free(cells[i]);
	free(cells);
}

/* At 100% arrived, per policy (the table writer's first table). */
static void
table_at100(struct gs_html *h, const struct gs_replay_report *rp, int range)
{
	static const char *const head[6] = { "policy", "alloc %",
	    "unalloc %", "frag %", "frag ratio %", "failed pods (median)" };
	char	**cells = xcalloc(rp->nsets * 6, sizeof *cells);
	size_t	  i, k;
	double	 *f;

	for (i = 0; i < rp->nsets; i++) {
		const struct gs_replay_set *s = &rp->sets[i];
		const struct gs_rpoint_stats *p = &s->stats[100];

		f = xcalloc(s->nseeds, sizeof *f);
		for (k = 0; k < s->nseeds; k++)
			f[k] = (double)s->res[k].failed;
		gsl_sort(f, 1, s->nseeds);
		cells[i * 6] = xstrdup(s->policy->name);
		cells[i * 6 + 1] = stat_text(&p->alloc, range);
		cells[i * 6 + 2] = stat_text(&p->unalloc, range);
		cells[i * 6 + 3] = stat_text(&p->frag, range);
		cells[i * 6 + 4] = stat_text(&p->frag_ratio, range);
		cells[i * 6 + 5] = xasprintf("%.0f",
		    gsl_stats_median_from_sorted_data(f, 1, s->nseeds));
		free(f);
	}
	table_free(h, "At 100% arrived", head, 6, cells, rp->nsets);
}

/* The curve every 10% arrived (every 1/15 of a timed span). */
static void
table_curve(struct gs_html *h, const struct gs_replay_report *rp,
    stat_fn get, const char *caption, int range)
{
	const struct gs_replay_set *s0 = &rp->sets[0];
	size_t	 ncol = rp->nsets + 1, nrows = 0, i, k, step;
	char	**cells;
	const char **head = xcalloc(ncol, sizeof *head);

	step = rp->opts->timed ? (s0->npoints + 14) / 15 : 10;
	if (step == 0)
		step = 1;
	cells = xcalloc(ncol * (s0->npoints / step + 1), sizeof *cells);
	head[0] = rp->opts->timed ? "time (s)" : "arrived %";
	for (i = 0; i < rp->nsets; i++)
		head[i + 1] = rp->sets[i].policy->name;
	for (k = 0; k < s0->npoints; k += step, nrows++) {
		cells[nrows * ncol] = xasprintf("%lld",
		    (long long)s0->stats[k].x);
		for (i = 0; i < rp->nsets; i++)
			cells[nrows * ncol + i + 1] = k < rp->sets[i].npoints ?
			    stat_text(get(&rp->sets[i].stats[k]), range) :
			    xstrdup("-");
	}
	fputs("<details><summary>", h->fp);
	gs_html_text(h->fp, caption);
	fputs(" (table)</summary>\n", h->fp);
	table_free(h, caption, head, ncol, cells, nrows);
	fputs("</details>\n", h->fp);
	free(head);
}

/* Means from the first to the last arrival, and queueing (timed). */
static void
table_timed(struct gs_html *h, const struct gs_replay_report *rp, int range)
{
	static const char *const mh[6] = { "policy", "alloc %", "frag %",
	    "frag ratio %", "running", "pending" };
	static const char *const qh[8] = { "policy", "placed", "waited",
	    "expired", "peak queue", "wait mean (s)", "wait p95 (s)",
	    "wait max (s)" };
	char	**cells = xcalloc(rp->nsets * 6, sizeof *cells);
	size_t	  i;

	for (i = 0; i < rp->nsets; i++) {
		const struct gs_replay_set *s = &rp->sets[i];

		cells[i * 6] = xstrdup(s->policy->name);
		cells[i * 6 + 1] = stat_text(&s->whole.alloc, range);
		cells[i * 6 + 2] = stat_text(&s->whole.frag, range);
		cells[i * 6 + 3] = stat_text(&s->whole.frag_ratio, range);
		cells[i * 6 + 4] = stat_text(&s->whole.running, range);
		cells[i * 6 + 5] = stat_text(&s->whole.pending, range);
	}
	table_free(h, "Means from the first to the last arrival", mh, 6,
	    cells, rp->nsets);
	cells = xcalloc(rp->nsets * 8, sizeof *cells);
	for (i = 0; i < rp->nsets; i++) {
		const struct gs_replay_result *r = &rp->sets[i].res[0];

		cells[i * 8] = xstrdup(rp->sets[i].policy->name);
		cells[i * 8 + 1] = xasprintf("%zu", r->placed);
		cells[i * 8 + 2] = xasprintf("%zu", r->waited);
		cells[i * 8 + 3] = xasprintf("%zu", r->expired);
		cells[i * 8 + 4] = xasprintf("%d", (int)r->peak_pending);
		cells[i * 8 + 5] = xasprintf("%.0f", r->wait_mean);
		cells[i * 8 + 6] = xasprintf("%.0f", r->wait_p95);
		cells[i * 8 + 7] = xasprintf("%.0f", r->wait_max);
	}
	table_free(h, range ? "Queueing (first seed)" : "Queueing", qh, 8,
	    cells, rp->nsets);
}

static void
intro(struct gs_html *h, const struct gs_replay_report *rp)
{
	const struct gs_replay_set	*s0 = &rp->sets[0];
	char				 mode[160], vbuf[1024], *t;

	if (rp->opts->timed)
		snprintf(mode, sizeof mode, "timed replay");
	else if (rp->opts->tune > 0 && s0->res[0].nremoved > 0)
		snprintf(mode, sizeof mode, "cut to %g x GPU capacity by "
		    "removing %zu pods%s", rp->opts->tune, s0->res[0].nremoved,
		    s0->nseeds > 1 ? " (first seed)" : "");
	else if (rp->opts->tune > 0)
		snprintf(mode, sizeof mode, "topped up to %g x GPU capacity "
		    "with %zu clones%s", rp->opts->tune, s0->res[0].nclones,
		    s0->nseeds > 1 ? " (first seed)" : "");
	else
		snprintf(mode, sizeof mode, "no top-up");
	t = xasprintf("Cluster: %zu nodes, %lld GPUs (%s). Pods: %zu (%s); "
	    "%s; %zu seed%s from %lu. Typical pods: %zu shapes covering "
	    "%.2f%% of pods.", rp->cl->nnodes, (long long)rp->gpus,
	    rp->nodes_path, rp->trace_pods, rp->pods_path, mode, s0->nseeds,
	    s0->nseeds == 1 ? "" : "s", s0->res[0].seed, s0->res[0].ntypical,
	    100 * s0->res[0].typical_cover);
	gs_html_para(h, t);
	free(t);
	if (gs_report_replay_volcano(rp, vbuf, sizeof vbuf)) {
		t = xasprintf("Volcano config: %s.", vbuf);
		gs_html_para(h, t);
		free(t);
	}
}

void
gs_report_replay_html(struct gs_html *h, const struct gs_replay_report *rp)
{
	int		range = rp->nsets > 0 && rp->sets[0].nseeds > 1;
	double		xmax;
	struct chart	c;

	if (rp->nsets == 0)
		return;
	intro(h, rp);
	memset(&c, 0, sizeof c);
	fputs("<div class=\"charts\">\n", h->fp);
	if (rp->opts->timed) {
		xmax = (double)rp->sets[0].stats[rp->sets[0].npoints ?
		    rp->sets[0].npoints - 1 : 0].x;
		c = (struct chart){ "Allocated GPU (% of capacity) over time",
		    "time", "%", st_alloc, xmax > 0 ? xmax : 1, 0, 0 };
		chart(h, rp, &c);
		c = (struct chart){ "Fragmentation (% of GPU capacity) over "
		    "time", "time", "%", st_frag, xmax > 0 ? xmax : 1, 0, 0 };
		chart(h, rp, &c);
		c = (struct chart){ "Pods waiting over time", "time", " pods",
		    st_pending, xmax > 0 ? xmax : 1, 0, 0 };
		chart(h, rp, &c);
		fputs("</div>\n", h->fp);
		table_timed(h, rp, range);
		table_curve(h, rp, st_alloc, "Allocated GPU % over time",
		    range);
		return;
	}
	c = (struct chart){ "Unallocated GPU (% of capacity) by arrived "
	    "workload", "arrived", "%", st_unalloc, GS_RCURVE_MAX, 0, 1 };
	chart(h, rp, &c);
	c = (struct chart){ "Fragmentation (% of GPU capacity) by arrived "
	    "workload", "arrived", "%", st_frag, GS_RCURVE_MAX, 0, 0 };
	chart(h, rp, &c);
	fputs("</div>\n", h->fp);
	table_at100(h, rp, range);
	table_curve(h, rp, st_unalloc, "Unallocated GPU % by arrived %",
	    range);
	table_curve(h, rp, st_frag, "Fragmentation % by arrived %", range);
}
