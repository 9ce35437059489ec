/*
 * report/html.c: the HTML report's document (head, style sheet, hover
 * script), its text and table helpers, and the sections of simulate and
 * compare: a run's GPU map with its metrics, pending pods and placements;
 * several runs' maps side by side at one scale with the metrics under
 * them (with --sharing, first each mode's rows as compare's text has
 * them).  Fixed precision and order, no timestamps: the same input gives
 * the same bytes.
 */
#include <stdlib.h>
#include <string.h>

#include "sched/policy.h"
#include "model/ident.h"
#include "report/html.h"
#include "report/dra_report.h"
#include "report/rows.h"
#include "report/hmig.h"
#include "util/util.h"

/*
 * Light and dark palettes (prefers-color-scheme), the eight workload and
 * series colours (white text on each passes 4.5:1), print rules.
 */
static const char css[] =
":root{--bg:#fff;--fg:#1f2328;--mute:#59636e;--line:#d1d9e0;--box:#f6f8fa;"
"--c0:#2f6ea8;--c1:#b35412;--c2:#3b7d32;--c3:#c03538;--c4:#23807a;"
"--c5:#7d6400;--c6:#8b4f80;--c7:#6f5443;color-scheme:light dark}\n"
"@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;"
"--mute:#9198a1;--line:#3d444d;--box:#151b23}}\n"
"body{font:14px/1.45 system-ui,-apple-system,\"Segoe UI\",Roboto,"
"sans-serif;background:var(--bg);color:var(--fg);margin:0 auto;"
"max-width:1800px;padding:16px 24px}\n"
"h1{font-size:22px}h2{font-size:18px;margin-top:28px}h3{font-size:15px}\n"
".c0{--k:var(--c0)}.c1{--k:var(--c1)}.c2{--k:var(--c2)}.c3{--k:var(--c3)}"
".c4{--k:var(--c4)}.c5{--k:var(--c5)}.c6{--k:var(--c6)}.c7{--k:var(--c7)}\n"
"svg text{fill:var(--fg);font-size:12px}svg{max-width:100%;height:auto}\n"
".nn{font-weight:600;font-size:14px}.gl{fill:var(--mute);font-size:11px}\n"
".box{fill:var(--box);stroke:var(--line)}.off .box{stroke:var(--mute);"
"stroke-dasharray:4 3}\n"
".seg rect{fill:var(--k);stroke:var(--bg)}.seg text{fill:#fff;"
"font-weight:600}.seg .hatch{fill:url(#hatch);stroke:none}\n"
".seg:hover rect,.seg:focus rect{stroke:var(--fg);stroke-width:2}"
".seg:focus{outline:none}\n"
".runbody{display:flex;flex-wrap:wrap;gap:24px;align-items:flex-start}\n"
".maps{display:grid;grid-template-columns:repeat(auto-fit,minmax(560px,"
"1fr));gap:12px 28px}figure{margin:0}figcaption{color:var(--mute);"
"font-size:12px}\n"
"table{border-collapse:collapse;margin:8px 0 16px}th,td{border-bottom:1px "
"solid var(--line);padding:3px 10px;text-align:left;vertical-align:top}"
".n{text-align:right;font-variant-numeric:tabular-nums}caption{text-align:"
"left;font-weight:600;padding:4px 0}\n"
".pending li{margin:2px 0}.meta{color:var(--mute)}\n"
".chart .grid{stroke:var(--line)}.chart .axis{stroke:var(--mute)}"
".chart .line{fill:none;stroke:var(--k);stroke-width:2}.chart .band{"
"fill:var(--k);opacity:.2}.chart .pt{fill:var(--k);fill-opacity:0}"
".chart .ideal{fill:none;stroke:var(--mute);stroke-dasharray:2 4}"
".chart .pt:hover,.chart .pt:focus{fill-opacity:1;stroke:var(--fg);"
"stroke-width:2;outline:none}\n.charts{display:grid;grid-template-columns:"
"repeat(auto-fit,minmax(560px,1fr));gap:12px 28px}.chart figcaption{"
"font-weight:600;color:var(--fg);font-size:14px}\n"
".legend span{display:inline-block;margin-right:18px}.legend svg{"
"vertical-align:middle;margin-right:4px}\n"
"#tip{position:fixed;pointer-events:none;background:var(--fg);color:"
"var(--bg);padding:4px 8px;border-radius:4px;font-size:12px;max-width:"
"460px;z-index:9}\n"
"@media print{#tip{display:none}body{max-width:none;padding:0;background:"
"#fff;color:#000}.maps{display:block}figure,table,.chart{break-inside:"
"avoid}*{print-color-adjust:exact;-webkit-print-color-adjust:exact}}\n";

/* Hover and keyboard focus show an element's data-tip (as text). */
static const char js[] =
"(function(){var t=document.getElementById(\"tip\");"
"function on(e){var s=e.target.closest?e.target.closest(\"[data-tip]\")"
":null;if(!s){t.hidden=true;return}t.textContent=s.getAttribute("
"\"data-tip\");t.hidden=false;var r=s.getBoundingClientRect();"
"var x=e.clientX===undefined?r.left:e.clientX,y=e.clientY===undefined?"
"r.bottom:e.clientY;t.style.left=Math.max(0,Math.min(x+12,"
"window.innerWidth-t.offsetWidth-4))+\"px\";t.style.top=(y+14)+\"px\"}"
"document.addEventListener(\"mouseover\",on);"
"document.addEventListener(\"focusin\",on);"
"document.addEventListener(\"focusout\",function(){t.hidden=true})})();";

void
gs_html_text(FILE *fp, const char *s)
{
	for (; *s != '\0'; s++)
		switch (*s) {
		case '&':
			fputs("&amp;", fp);
			break;
		case '<':
			fputs("&lt;", fp);
			break;
		case '>':
			fputs("&gt;", fp);
			break;
		case '"':
			fputs("&quot;", fp);
			break;
		case '\'':
			fputs("&#39;", fp);
			break;
		default:
			fputc(*s, fp);
		}
}

unsigned
gs_html_id(struct gs_html *h)
{
	return ++h->ids;
}

void
gs_html_begin(struct gs_html *h, FILE *fp, const char *title)
{
	h->fp = fp;
	h->ids = 0;
	fprintf(fp, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\">\n<meta name=\"viewport\" "
	    "content=\"width=device-width,initial-scale=1\">\n"
	    "<meta name=\"generator\" content=\"gpusched %s\">\n<title>",
	    GS_VERSION);
	gs_html_text(fp, title);
	fprintf(fp, "</title>\n<style>\n%s</style>\n</head>\n<body>\n"
	    "<svg width=\"0\" height=\"0\" aria-hidden=\"true\" "
	    "style=\"position:absolute\"><defs><pattern id=\"hatch\" "
	    "width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
	    "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" "
	    "fill=\"#000\" fill-opacity=\".25\"/><rect width=\"3\" "
	    "height=\"6\" fill=\"#fff\" fill-opacity=\".35\"/></pattern>"
	    "</defs></svg>\n<main>\n<h1>", css);
	gs_html_text(fp, title);
	fprintf(fp, "</h1>\n");
}

int
gs_html_end(struct gs_html *h)
{
	fprintf(h->fp, "<p class=\"meta\">Made by gpusched %s.</p>\n</main>\n"
	    "<div id=\"tip\" role=\"tooltip\" hidden></div>\n<script>%s"
	    "</script>\n</body>\n</html>\n", GS_VERSION, js);
	return ferror(h->fp) ? -1 : 0;
}

void
gs_html_para(struct gs_html *h, const char *text)
{
	fputs("<p>", h->fp);
	gs_html_text(h->fp, text);
	fputs("</p>\n", h->fp);
}

void
gs_html_heading(struct gs_html *h, int level, const char *text)
{
	fprintf(h->fp, "<h%d>", level);
	gs_html_text(h->fp, text);
	fprintf(h->fp, "</h%d>\n", level);
}

/* A number's cell is right-aligned: it starts with a digit, - or . */
static int
is_number(const char *s)
{
	return (*s >= '0' && *s <= '9') || ((*s == '-' || *s == '.') &&
	    s[1] >= '0' && s[1] <= '9');
}

static void
cell(FILE *fp, const char *tag, const char *s)
{
	fprintf(fp, "<%s%s>", tag, is_number(s) ? " class=\"n\"" : "");
	gs_html_text(fp, s);
	fprintf(fp, "</%s>", tag);
}

void
gs_html_table(struct gs_html *h, const char *caption,
    const char *const *head, size_t ncol, const char *const *cells,
    size_t nrows)
{
	size_t	r, c;

	fputs("<table>", h->fp);
	if (caption != NULL) {
		fputs("<caption>", h->fp);
		gs_html_text(h->fp, caption);
		fputs("</caption>", h->fp);
	}
	fputs("\n<thead><tr>", h->fp);
	for (c = 0; c < ncol; c++) {
		fputs("<th scope=\"col\">", h->fp);
		gs_html_text(h->fp, head[c]);
		fputs("</th>", h->fp);
	}
	fputs("</tr></thead>\n<tbody>\n", h->fp);
	for (r = 0; r < nrows; r++) {
		fputs("<tr>", h->fp);
		for (c = 0; c < ncol; c++)
			cell(h->fp, c == 0 ? "th" : "td", cells[r * ncol + c]);
		fputs("</tr>\n", h->fp);
	}
	fputs("</tbody></table>\n", h->fp);
}

static double m_pending(const struct gs_metrics *m) { return (double)m->pending; }
static double m_nodes(const struct gs_metrics *m) { return (double)m->nodes_used; }
static double m_gpus(const struct gs_metrics *m) { return (double)m->gpus_used; }
static double m_whole(const struct gs_metrics *m) { return (double)m->whole_free; }
static double m_block(const struct gs_metrics *m) { return (double)m->largest_block; }
static double m_frag(const struct gs_metrics *m) { return m->frag_gpus; }
static double m_fragp(const struct gs_metrics *m) { return m->frag_pct; }
static double m_strand(const struct gs_metrics *m) { return (double)m->stranded_mem; }
static double m_ppg(const struct gs_metrics *m) { return (double)m->pods_per_gpu_max; }
static double m_ppgm(const struct gs_metrics *m) { return m->pods_per_gpu_mean; }

const struct gs_metric_row gs_metric_rows[] = {
	{ "pods_pending", "pods pending", m_pending, 0 },
	{ "nodes_used", "nodes used", m_nodes, 0 },
	{ "gpus_used", "GPUs used", m_gpus, 0 },
	{ "whole_gpus_free", "whole GPUs free", m_whole, 0 },
	{ "largest_whole_gpu_block", "largest whole block", m_block, 0 },
	{ "fragmentation_gpus", "fragmentation (GPUs)", m_frag, 2 },
	{ "fragmentation_pct_of_idle", "fragmentation (% idle)", m_fragp, 2 },
	{ "stranded_memory_mib", "stranded memory (MiB)", m_strand, 0 },
	{ "pods_per_gpu_max", "pods per GPU (max)", m_ppg, 0 },
	{ "pods_per_gpu_mean", "pods per GPU (mean)", m_ppgm, 2 },
};
const size_t gs_metric_nrows = sizeof gs_metric_rows /
    sizeof gs_metric_rows[0];

/* Every metric of one run, as the table writer words them (HAMi's MIG
 * lines when the run has them: report/hmig.c). */
static void
run_metrics(struct gs_html *h, const struct gs_report_run *rr)
{
	const struct gs_metrics	*m = rr->m;
	char			 v[9][160], *mig[2];
	const char		*cells[22];
	static const char *const head[2] = { "metric", "value" };
	static const char *const names[11] = { "pods placed", "pods pending",
	    "without GPU request", "nodes used", "GPUs used",
	    "GPU memory used", "whole GPUs free", "largest block",
	    "fragmentation", "MIG (HAMi)", "MIG geometries" };
	size_t			 i, n = 9;

	snprintf(v[0], sizeof v[0], "%zu", m->placed);
	snprintf(v[1], sizeof v[1], "%zu", m->pending);
	snprintf(v[2], sizeof v[2], "%zu", m->unmanaged);
	snprintf(v[3], sizeof v[3], "%zu of %zu", m->nodes_used, m->nodes);
	snprintf(v[4], sizeof v[4], "%zu of %zu", m->gpus_used, m->pgpus);
	snprintf(v[5], sizeof v[5], "%lld of %lld MiB (%.1f%%)",
	    (long long)m->mem_used, (long long)m->mem_total, m->mem_total ?
	    100.0 * (double)m->mem_used / (double)m->mem_total : 0.0);
	snprintf(v[6], sizeof v[6], "%zu of %zu", m->whole_free, m->pgpus);
	snprintf(v[7], sizeof v[7], "%zu whole GPUs%s%s", m->largest_block,
	    m->largest_block_node >= 0 ? " on " : "",
	    m->largest_block_node >= 0 ?
	    rr->cluster->nodes[m->largest_block_node].name : "");
	snprintf(v[8], sizeof v[8], "%.2f GPUs, %.1f%% of %.2f idle",
	    m->frag_gpus, m->frag_pct, m->idle_gpus);
	for (i = 0; i < 9; i++) {
		cells[2 * i] = names[i];
		cells[2 * i + 1] = v[i];
	}
	if (gs_report_hmig_text(rr, &mig[0], &mig[1]))
		for (i = 0; i < 2 && mig[i] != NULL; i++, n++) {
			cells[2 * n] = names[n];
			cells[2 * n + 1] = mig[i];
		}
	gs_html_table(h, "Metrics", head, 2, cells, n);
	free(mig[0]);
	free(mig[1]);
}

/* The pending pods and HAMi's reasons. */
static void
run_pending(struct gs_html *h, const struct gs_report_run *rr)
{
	size_t	i;
	char	*dn;

	if (rr->res->pending == 0)
		return;
	fprintf(h->fp, "<h3>Pending pods (%zu)</h3>\n<ul class=\"pending\">"
	    "\n", rr->res->pending);
	for (i = 0; i < rr->res->npl; i++) {
		const struct gs_placement *pl = &rr->res->pl[i];
		const struct gs_pod *pod = &rr->wl->pods[pl->pod];

		if (pl->status != GS_PENDING)
			continue;
		dn = gs_pod_display(pod->ns, pod->name);
		fputs("<li><strong>", h->fp);
		gs_html_text(h->fp, dn);
		fputs("</strong>: ", h->fp);
		gs_html_text(h->fp, pl->reason != NULL ? pl->reason : "");
		fputs("</li>\n", h->fp);
		free(dn);
	}
	fputs("</ul>\n", h->fp);
}

/* Every pod's GPUs: node, GPU, UUID, memory, cores, container. */
static void
run_placements(struct gs_html *h, const struct gs_report_run *rr)
{
	size_t	 i;
	char	*dn;

	fprintf(h->fp, "<table class=\"placements\"><caption>Placements"
	    "</caption>\n<thead><tr><th scope=\"col\">pod</th><th scope="
	    "\"col\">node</th><th scope=\"col\">GPU</th><th scope=\"col\">"
	    "UUID</th><th scope=\"col\" class=\"n\">memory (MiB)</th>"
	    "<th scope=\"col\" class=\"n\">cores (%%)</th><th scope=\"col\">"
	    "container</th></tr></thead>\n<tbody>\n");
	for (i = 0; i < rr->res->npl; i++) {
		const struct gs_placement *pl = &rr->res->pl[i];
		const struct gs_pod *pod = &rr->wl->pods[pl->pod];
		struct gs_grant_row r = { 0 };

		dn = gs_pod_display(pod->ns, pod->name);
		if (pl->status != GS_PLACED) {
			fputs("<tr><th>", h->fp);
			gs_html_text(h->fp, dn);
			fprintf(h->fp, "</th><td colspan=\"6\">%s</td></tr>\n",
			    pl->status == GS_PENDING ? "pending" :
			    "no GPU request: left to kube-scheduler");
			free(dn);
			continue;
		}
		while (gs_grant_row_next(rr->cluster, pod, pl, &r)) {
			fputs("<tr><th>", h->fp);
			gs_html_text(h->fp, dn);
			fputs("</th><td>", h->fp);
			gs_html_text(h->fp, r.node->name);
			fprintf(h->fp, "</td><td class=\"n\">%d</td><td>",
			    r.gpu);
			gs_html_text(h->fp, r.uuid);
			fprintf(h->fp, "</td><td class=\"n\">%d</td><td "
			    "class=\"n\">%d</td><td>%s", r.g->usedmem,
			    r.g->usedcores, r.init ? "init " : "");
			gs_html_text(h->fp, r.ctr);
			fputs("</td></tr>\n", h->fp);
		}
		free(dn);
	}
	fputs("</tbody></table>\n", h->fp);
}

/* "scheduler: ..." as the table writer says it. */
static void
run_scheduler(struct gs_html *h, const struct gs_report_run *rr)
{
	const struct gs_policy	*p = gs_policy_find(rr->cfg->profile);

	fprintf(h->fp, "<p class=\"meta\">Profile ");
	gs_html_text(h->fp, rr->cfg->profile);
	if (gs_policy_of_family(rr->cfg->profile, "hami")) {
		fputs(": node policy ", h->fp);
		gs_html_text(h->fp, rr->cfg->node_policy);
		fputs(", GPU policy ", h->fp);
		gs_html_text(h->fp, rr->cfg->gpu_policy);
		fprintf(h->fp, "; pods' policy annotations %s",
		    rr->cfg->override_policies ? "overridden" : "honoured");
	} else if (p != NULL) {
		fputs(": ", h->fp);
		gs_html_text(h->fp, p->summary);
		gs_html_text(h->fp, gs_report_volcano_note(rr->cfg));
	}
	fputs(".</p>\n", h->fp);
}

void
gs_report_html_run(struct gs_html *h, const struct gs_report_run *rr)
{
	int32_t		maxmem;
	size_t		maxgpus;
	unsigned	id = gs_html_id(h);

	fprintf(h->fp, "<section class=\"run\" aria-labelledby=\"g%u\">\n"
	    "<h2 id=\"g%u\">Run ", id, id);
	gs_html_text(h->fp, rr->run);
	fputs("</h2>\n", h->fp);
	run_scheduler(h, rr);
	fputs("<div class=\"runbody\">\n", h->fp);
	gs_html_map_scale(rr, 1, &maxmem, &maxgpus);
	gs_html_gpu_map(h, rr, maxmem, maxgpus);
	run_metrics(h, rr);
	fputs("</div>\n", h->fp);
	gs_report_dra_html(h, rr);
	run_pending(h, rr);
	run_placements(h, rr);
	fputs("</section>\n", h->fp);
}

/* A table cell opened by open ("<td>", ...) holding text, escaped. */
static void
text_cell(struct gs_html *h, const char *open, const char *text)
{
	fputs(open, h->fp);
	gs_html_text(h->fp, text);
	fputs("</td>", h->fp);
}

/* Each pod's node and GPUs in every run, one column per run. */
static void
compare_placements(struct gs_html *h, const struct gs_report_run *rr,
    size_t n, char (*labels)[64])
{
	const struct gs_workload	*wl = rr[0].wl;
	size_t				 i, r;
	char				 buf[256], *dn;

	fputs("<table class=\"placements\"><caption>Where each pod landed"
	    "</caption>\n<thead><tr><th scope=\"col\">pod</th>", h->fp);
	for (r = 0; r < n; r++) {
		fputs("<th scope=\"col\">", h->fp);
		gs_html_text(h->fp, labels[r]);
		fputs("</th>", h->fp);
	}
	fputs("</tr></thead>\n<tbody>\n", h->fp);
	for (i = 0; i < wl->npods; i++) {
		dn = gs_pod_display(wl->pods[i].ns, wl->pods[i].name);
		fputs("<tr><th>", h->fp);
		gs_html_text(h->fp, dn);
		fputs("</th>", h->fp);
		free(dn);
		for (r = 0; r < n; r++) {
			gs_report_compare_cell(&rr[r], i, buf, sizeof buf);
			text_cell(h, "<td>", buf);
		}
		fputs("</tr>\n", h->fp);
	}
	fputs("</tbody></table>\n", h->fp);
}

/* compare --sharing: the mode's scheduler, memory isolation, replicas
 * and pods short of memory, the text table's rows above the metrics. */
static void
compare_sharing_rows(struct gs_html *h, const struct gs_report_run *rr,
    size_t n)
{
	size_t	k, r;
	char	cell[64];

	for (k = 0; rr[0].sharing != NULL && k < gs_report_sharing_nrows;
	    k++) {
		fprintf(h->fp, "<tr><th>%s</th>", gs_report_sharing_titles[k]);
		for (r = 0; r < n; r++) {
			gs_report_sharing_cell(&rr[r], k, cell, sizeof cell);
			/* right-aligned under the columns' titles */
			text_cell(h, "<td class=\"n\">", cell);
		}
		fputs("</tr>\n", h->fp);
	}
}

void
gs_report_html_compare(struct gs_html *h, const char *heading,
    const struct gs_report_run *rr, size_t n)
{
	char		(*labels)[64] = xcalloc(n, sizeof *labels);
	int32_t		maxmem;
	size_t		maxgpus, r, i;
	unsigned	id = gs_html_id(h);

	fprintf(h->fp, "<section class=\"compare\" aria-labelledby=\"g%u\">\n"
	    "<h2 id=\"g%u\">", id, id);
	gs_html_text(h->fp, heading);
	fputs("</h2>\n<div class=\"maps\">\n", h->fp);
	gs_html_map_scale(rr, n, &maxmem, &maxgpus);
	for (r = 0; r < n; r++) {
		gs_report_compare_label(rr, n, r, labels[r], sizeof labels[r]);
		fputs("<div class=\"pattern\"><h3>", h->fp);
		gs_html_text(h->fp, labels[r]);
		fputs("</h3>\n", h->fp);
		gs_html_gpu_map(h, &rr[r], maxmem, maxgpus);
		fputs("</div>\n", h->fp);
	}
	fputs("</div>\n<table class=\"metrics\"><caption>Metrics</caption>\n"
	    "<thead><tr><th scope=\"col\">metric</th>", h->fp);
	for (r = 0; r < n; r++) {
		fputs("<th scope=\"col\" class=\"n\">", h->fp);
		gs_html_text(h->fp, labels[r]);
		fputs("</th>", h->fp);
	}
	fputs("</tr></thead>\n<tbody>\n", h->fp);
	compare_sharing_rows(h, rr, n);
	for (i = 0; i < gs_metric_nrows; i++) {
		fprintf(h->fp, "<tr><th>%s</th>", gs_metric_rows[i].title);
		for (r = 0; r < n; r++)
			fprintf(h->fp, "<td class=\"n\">%.*f</td>",
			    gs_metric_rows[i].decimals,
			    gs_metric_rows[i].get(rr[r].m));
		fputs("</tr>\n", h->fp);
	}
	fputs("</tbody></table>\n", h->fp);
	compare_placements(h, rr, n, labels);
	fputs("</section>\n", h->fp);
	free(labels);
}
