/*
 * report/html_map.c: the GPU map of the HTML report as inline SVG: one
 * row per node, one box per GPU whose width is its memory at the map's
 * scale, and inside it one segment per pod holding the GPU (its memory
 * share, labelled by pod; slots and cores on hover).  Pods already
 * running in a snapshot are hatched, simulated ones solid; the colour
 * follows the workload, and every segment carries its pod's name as text
 * and as its SVG <title>, so colour is never the only cue.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "load/sharing.h"
#include "model/ident.h"
#include "report/gpus.h"
#include "report/html.h"
#include "load/sharing.h"
#include "util/util.h"

/* Geometry, in SVG user units (CSS pixels at scale 1). */
#define LABEL_W		124	/* node names */
#define BOX_W		150	/* a GPU of the map's largest memory */
#define BOX_MIN		36
#define GAP		10
#define BOX_H		40
#define ROW_H		(BOX_H + 58)
#define CHAR_W		7.0	/* mean advance of the 12px labels */
#define NCOLOURS	8

/* One pod's share of one GPU. */
struct seg {
	char	*name;		/* display name */
	const char *workload;	/* or NULL */
	char	*tip;		/* the hover text */
	int64_t	 mem, cores;
	size_t	 slots;		/* device slots (replicas) it holds */
	int	 colour;
	int	 running;	/* already running (snapshot) */
};

struct segs {
	struct seg	*v;
	size_t		 n, cap;
};

/* A running pod's colour: FNV-1a of its name. */
static int
colour_of(const char *name)
{
	uint32_t		 h = 2166136261u;
	const unsigned char	*p;

	for (p = (const unsigned char *)name; *p != '\0'; p++)
		h = (h ^ *p) * 16777619u;
	return (int)(h % NCOLOURS);
}

static const struct gs_workload *sort_wl;

static int
by_workload(const void *a, const void *b)
{
	size_t	i = *(const size_t *)a, j = *(const size_t *)b;
	int	c = strcmp(sort_wl->pods[i].workload, sort_wl->pods[j].workload);

	return c != 0 ? c : (i > j) - (i < j);
}

static int
by_first(const void *a, const void *b)
{
	const size_t	*x = a, *y = b;

	return (x[0] > y[0]) - (x[0] < y[0]);
}

/*
 * Each pod's colour: its workload's rank among the workloads in order of
 * their first pod, modulo NCOLOURS, so that up to eight workloads never
 * share one and every map of one workload colours alike.
 */
static int *
pod_colours(const struct gs_workload *wl)
{
	size_t	 n = wl->npods, i, g, ng = 0, *ix, (*grp)[2];
	int	*col = xcalloc(n ? n : 1, sizeof *col);

	ix = xcalloc(n ? n : 1, sizeof *ix);
	grp = xcalloc(n ? n : 1, sizeof *grp);	/* first pod, group start */
	for (i = 0; i < n; i++)
		ix[i] = i;
	sort_wl = wl;
	qsort(ix, n, sizeof *ix, by_workload);
	for (i = 0; i < n; i++)
		if (i == 0 || strcmp(wl->pods[ix[i]].workload,
		    wl->pods[ix[i - 1]].workload) != 0) {
			grp[ng][0] = ix[i];	/* the smallest index: sorted */
			grp[ng++][1] = i;
		}
	qsort(grp, ng, sizeof *grp, by_first);
	for (g = 0; g < ng; g++)
		for (i = grp[g][1]; i < n && (i == grp[g][1] ||
		    strcmp(wl->pods[ix[i]].workload,
		    wl->pods[ix[i - 1]].workload) == 0); i++)
			col[ix[i]] = (int)(g % NCOLOURS);
	free(grp);
	free(ix);
	return col;
}

static void
segs_add(struct segs *s, char *name, const char *workload, char *tip,
    int64_t mem, int64_t cores, size_t slots, int colour, int running)
{
	struct seg	*g;

	grow_array(&s->v, &s->cap, s->n + 1, sizeof *s->v);
	g = &s->v[s->n++];
	g->name = name;
	g->workload = workload;
	g->tip = tip;
	g->mem = mem;
	g->cores = cores;
	g->slots = slots;
	g->colour = colour;
	g->running = running;
}

static void
segs_release(struct segs *s)
{
	size_t	i;

	for (i = 0; i < s->n; i++) {
		free(s->v[i].name);
		free(s->v[i].tip);
	}
	free(s->v);
	memset(s, 0, sizeof *s);
}

/* The running pods on device j of node i, as gs_gpu_running finds them
 * (v2.10 forgets the GPUs of init containers that are done). */
static void
running_segs(const struct gs_gpu_index *x, size_t i, const struct gs_node *n,
    size_t j, struct segs *out)
{
	const struct gs_device	*d = &n->devs[j];
	size_t			 r, k;

	if (x->running == NULL)
		return;
	for (r = x->roff[i]; r < x->roff[i + 1]; r++) {
		const struct gs_running_pod *p = &x->running->v[x->run[r]];
		int64_t mem = 0, cores = 0;
		size_t slots = 0;

		for (k = 0; k < p->ndevs; k++) {
			if (strcmp(p->devs[k].id, d->id) != 0 ||
			    (x->hp->init_collapse != GS_COLLAPSE_NONE &&
			    p->init_done && (size_t)p->devs[k].ctr < p->ninit))
				continue;
			slots++;
			mem += p->devs[k].usedmem;
			cores += p->devs[k].usedcores;
		}
		if (slots == 0)
			continue;
		segs_add(out, gs_pod_key(p->ns, p->name), NULL, xasprintf(
		    "%s/%s (running): %lld MiB, %lld%% cores, %zu slot%s on %s "
		    "GPU %d", p->ns, p->name, (long long)mem, (long long)cores,
		    slots, slots == 1 ? "" : "s", n->name, gs_gpu_number(n, j)),
		    mem, cores, slots, colour_of(p->name), 1);
	}
}

/* The simulated placements on device j of node i. */
static void
placed_segs(const struct gs_gpu_index *x, const struct gs_report_run *rr,
    const int *col, size_t i, size_t j, struct segs *out)
{
	const struct gs_node	*n = &rr->cluster->nodes[i];
	size_t			 g = x->base[i] + j, t, c, k;

	for (t = x->off[g]; x->res != NULL && t < x->off[g + 1]; t++) {
		const struct gs_placement *pl = &x->res->pl[x->pl[t]];
		const struct gs_pod *pod = &rr->wl->pods[pl->pod];
		int64_t mem = 0, cores = 0;
		size_t slots = 0;

		for (c = 0; c < pl->ninit + pl->nctrs; c++) {
			const struct gs_ctr_grant *cg = gs_placement_ctr(pl, c);

			for (k = 0; k < cg->ngrants; k++)
				if ((size_t)cg->grants[k].dev == j) {
					mem += cg->grants[k].usedmem;
					cores += cg->grants[k].usedcores;
					slots++;
				}
		}
		segs_add(out, gs_pod_display(pod->ns, pod->name),
		    strcmp(pod->ns, GS_DEFAULT_NS) == 0 ? pod->workload : NULL,
		    xasprintf(
		    "%s/%s (%s %s): %lld MiB, %lld%% cores, %zu slot%s on %s "
		    "GPU %d", pod->ns, pod->name, pod->kind, pod->workload,
		    (long long)mem, (long long)cores, slots, slots == 1 ? "" :
		    "s", n->name, gs_gpu_number(n, j)), mem, cores, slots,
		    col[pl->pod], 0);
	}
}

/*
 * The label that fits w units: the name; or, when a workload's pod is
 * named after it ("web-7f9c-x2"), what follows ("...-7f9c-x2": what tells
 * its replicas apart); or the name's end after an ellipsis; "" when not
 * even that fits.  Cut at a character, never inside a UTF-8 sequence.
 */
void
gs_html_fit_label(const char *name, const char *workload, double w,
    char *buf, size_t len)
{
	size_t	fit = w > 2 * CHAR_W ? (size_t)(w / CHAR_W) - 1 : 0;
	size_t	n = strlen(name), wn = workload != NULL ? strlen(workload) : 0;
	const char *p;

	buf[0] = '\0';
	if (fit == 0)
		return;
	if (n <= fit) {
		snprintf(buf, len, "%s", name);
		return;
	}
	if (fit < 3)
		return;
	p = name + n - (fit - 1);
	if (wn > 0 && wn < n && strncmp(name, workload, wn) == 0 &&
	    name[wn] == '-' && n - wn < fit)
		p = name + wn;
	while ((*p & 0xC0) == 0x80)
		p++;
	snprintf(buf, len, "\xE2\x80\xA6%s", p);	/* U+2026 */
}

static void
draw_seg(struct gs_html *h, const struct seg *s, double x, double y,
    double w)
{
	FILE	*fp = h->fp;
	char	 label[128];

	fprintf(fp, "<g class=\"seg c%d%s\" tabindex=\"0\" data-tip=\"",
	    s->colour, s->running ? " running" : "");
	gs_html_text(fp, s->tip);
	fprintf(fp, "\"><title>");
	gs_html_text(fp, s->tip);
	fprintf(fp, "</title><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
	    "height=\"%d\"/>", x, y, w, BOX_H);
	if (s->running)
		fprintf(fp, "<rect class=\"hatch\" x=\"%.1f\" y=\"%.1f\" "
		    "width=\"%.1f\" height=\"%d\"/>", x, y, w, BOX_H);
	gs_html_fit_label(s->name, s->workload, w, label, sizeof label);
	if (label[0] != '\0') {
		fprintf(fp, "<text x=\"%.1f\" y=\"%.1f\">", x + 3,
		    y + BOX_H / 2.0 + 4);
		gs_html_text(fp, label);
		fprintf(fp, "</text>");
	}
	fprintf(fp, "</g>\n");
}

/* Is d shared by replicas (time-slicing, MPS): a pod's segment is its
 * replicas' part of the box, not its memory (a time-slicing replica
 * holds none)? */
static int
replicas(const struct gs_device *d)
{
	return (d->kind == GS_DEV_TIMESLICE || d->kind == GS_DEV_MPS) &&
	    d->count > 0;
}

/*
 * What the device is, for its hover text (kind, "" for a HAMi-core or
 * whole GPU) and the first line under its box (head): the slots used; a
 * MIG instance's profile; a shared GPU's replicas used.
 */
static void
kind_text(const struct gs_device *d, char *kind, size_t nk, char *head,
    size_t nh)
{
	kind[0] = '\0';
	snprintf(head, nh, "%d/%d slots", gs_dev_slots_used(d), d->count);
	if (d->kind == GS_DEV_WHOLE && d->used > d->count) {
		snprintf(kind, nk, "; shared by %d pods as GPU fractions",
		    d->used);
		snprintf(head, nh, "%d/%d slots, %d fractions",
		    gs_dev_slots_used(d), d->count, d->used);
	}
	if (d->kind == GS_DEV_MIG && d->mig != NULL) {
		snprintf(kind, nk, "; MIG instance %s at memory slice %d",
		    d->mig->name, (int)d->mig_start);
		snprintf(head, nh, "MIG %s", d->mig->name);
	} else if (replicas(d)) {
		snprintf(kind, nk, "; %d %s replicas", d->count,
		    gs_devkind_name(d->kind));
		snprintf(head, nh, "%d/%d %s replicas", d->used, d->count,
		    d->kind == GS_DEV_MPS ? "MPS" : "time-slicing");
	}
}

/* GPU j of node i at (x, y): the box, its segments, two lines under it. */
static void
draw_gpu(struct gs_html *h, const struct gs_gpu_index *x,
    const struct gs_report_run *rr, const int *col, size_t i, size_t j,
    double px, double py, int32_t maxmem)
{
	const struct gs_node	*n = &rr->cluster->nodes[i];
	const struct gs_device	*d = &n->devs[j];
	double			 scale = (double)BOX_W / maxmem;
	double			 w = d->devmem * scale, at = px, sw;
	const struct hami_profile *hp = gs_offer_profile(rr->cfg);
	int			 offered;
	char			*tip, kind[96], head[96];
	struct segs		 s;
	size_t			 k;

	if (w < BOX_MIN)
		w = BOX_MIN;
	/* A peer places on the device plugin's devices of a node HAMi never
	 * registered (sched/kube_dp.c); the metrics do not count them yet. */
	offered = d->kind != GS_DEV_HAMI && hp == NULL ? d->health :
	    gs_device_offered(n, j, hp);
	kind_text(d, kind, sizeof kind, head, sizeof head);
	tip = xasprintf("%s GPU %d (%s, %s): %d/%d MiB, %d/%d slots, %d/%d%% "
	    "cores%s%s", n->name, gs_gpu_number(n, j), d->id, d->type,
	    d->usedmem, d->devmem, gs_dev_slots_used(d), d->count,
	    d->usedcores, d->devcore, kind, offered ? "" : "; not scheduled "
	    "on (node's devices dropped, GPU unhealthy or cordoned)");
	fprintf(h->fp, "<g class=\"gpu%s\"><rect class=\"box\" x=\"%.1f\" "
	    "y=\"%.1f\" width=\"%.1f\" height=\"%d\" data-tip=\"", offered ?
	    "" : " off", px, py, w, BOX_H);
	gs_html_text(h->fp, tip);
	fputs("\"><title>", h->fp);
	gs_html_text(h->fp, tip);
	fputs("</title></rect>\n", h->fp);
	free(tip);
	memset(&s, 0, sizeof s);
	running_segs(x, i, n, j, &s);
	placed_segs(x, rr, col, i, j, &s);
	for (k = 0; k < s.n; k++) {
		sw = replicas(d) ? w * (double)s.v[k].slots / d->count :
		    (double)s.v[k].mem * scale;
		if (at + sw > px + w)		/* more than the card holds */
			sw = px + w - at;
		if (sw <= 0)
			break;
		draw_seg(h, &s.v[k], at, py, sw);
		at += sw;
	}
	segs_release(&s);
	fprintf(h->fp, "<text class=\"gl\" x=\"%.1f\" y=\"%.1f\">GPU %d "
	    "\xC2\xB7 %s%s</text>\n", px, py + BOX_H + 15,
	    gs_gpu_number(n, j), head, offered ? "" : " \xC2\xB7 off");
	fprintf(h->fp, "<text class=\"gl\" x=\"%.1f\" y=\"%.1f\">%d/%d MiB"
	    "</text>\n<text class=\"gl\" x=\"%.1f\" y=\"%.1f\">cores "
	    "%d/%d%%</text>\n</g>\n", px, py + BOX_H + 28, d->usedmem,
	    d->devmem, px, py + BOX_H + 41, d->usedcores, d->devcore);
}

/* The largest GPU memory and GPU count of any node of the runs. */
void
gs_html_map_scale(const struct gs_report_run *rr, size_t n, int32_t *maxmem,
    size_t *maxgpus)
{
	size_t	r, i, j;

	*maxmem = 1;
	*maxgpus = 1;
	for (r = 0; r < n; r++)
		for (i = 0; i < rr[r].cluster->nnodes; i++) {
			const struct gs_node *nd = &rr[r].cluster->nodes[i];

			if (nd->ndevs > *maxgpus)
				*maxgpus = nd->ndevs;
			for (j = 0; j < nd->ndevs; j++)
				if (nd->devs[j].devmem > *maxmem)
					*maxmem = nd->devs[j].devmem;
		}
}

/* s in a <text> at (0, y), cut after max characters with an ellipsis
 * (never inside a UTF-8 sequence), the whole of it as its <title>. */
static void
short_text(struct gs_html *h, const char *cls, double y, const char *s,
    size_t max)
{
	size_t	n = 0;
	const char *p;
	char	*head;

	fprintf(h->fp, "<text class=\"%s\" x=\"0\" y=\"%.1f\">", cls, y);
	for (p = s; *p != '\0' && n <= max; p++)
		n += (*p & 0xC0) != 0x80;
	if (n <= max) {
		gs_html_text(h->fp, s);
		fputs("</text>", h->fp);
		return;
	}
	fputs("<title>", h->fp);
	gs_html_text(h->fp, s);
	fputs("</title>", h->fp);
	for (n = 0, p = s; *p != '\0'; p++)
		if ((*p & 0xC0) != 0x80 && ++n == max)
			break;		/* p: the max-th character */
	head = xstrndup(s, (size_t)(p - s));
	gs_html_text(h->fp, head);
	free(head);
	fputs("\xE2\x80\xA6</text>", h->fp);
}

static void
node_label(struct gs_html *h, const struct gs_report_run *rr, size_t i,
    double y)
{
	const struct gs_node	*n = &rr->cluster->nodes[i];

	short_text(h, "nn", y + 16, n->name, 14);
	short_text(h, "gl", y + 31, n->ndevs > 0 ? n->devs[0].type :
	    "no GPUs", 20);
	fprintf(h->fp, "<text class=\"gl\" x=\"0\" y=\"%.1f\">%zu "
	    "whole GPU%s free</text>\n", y + 45, rr->m->node[i].whole_free,
	    rr->m->node[i].whole_free == 1 ? "" : "s");
}

/* The colour of each workload placed (the first LEGEND_MAX), by name. */
#define LEGEND_MAX	12
static void
legend(struct gs_html *h, const struct gs_report_run *rr, const int *col)
{
	const char	*seen[LEGEND_MAX];
	int		 sc[LEGEND_MAX];
	size_t		 n = 0, i, k;

	for (i = 0; i < rr->res->npl && n < LEGEND_MAX; i++) {
		const struct gs_placement *pl = &rr->res->pl[i];
		const char *w = rr->wl->pods[pl->pod].workload;

		if (pl->status != GS_PLACED)
			continue;
		for (k = 0; k < n && strcmp(seen[k], w) != 0; k++)
			continue;
		if (k == n) {
			sc[n] = col[pl->pod];
			seen[n++] = w;
		}
	}
	if (n == 0)
		return;
	fputs("<p class=\"legend\">", h->fp);
	for (k = 0; k < n; k++) {
		fprintf(h->fp, "<span><svg width=\"12\" height=\"12\" "
		    "aria-hidden=\"true\"><rect class=\"c%d\" width=\"12\" "
		    "height=\"12\" style=\"fill:var(--k)\"/></svg>",
		    sc[k]);
		gs_html_text(h->fp, seen[k]);
		fputs("</span>", h->fp);
	}
	fputs("</p>\n", h->fp);
}

/*
 * The map of one run, every box at the scale of maxmem and as wide as
 * maxgpus GPUs, so that maps drawn with the same two are comparable.
 */
void
gs_html_gpu_map(struct gs_html *h, const struct gs_report_run *rr,
    int32_t maxmem, size_t maxgpus)
{
	const struct gs_cluster	*c = rr->cluster;
	struct gs_gpu_index	 x;
	unsigned		 id = gs_html_id(h);
	double			 width = LABEL_W + (double)maxgpus * (BOX_W +
				    GAP);
	double			 height = (double)c->nnodes * ROW_H + 4;
	size_t			 i, j;
	int			*col = pod_colours(rr->wl);

	fprintf(h->fp, "<figure class=\"map\">\n<svg class=\"gpumap\" "
	    "role=\"img\" aria-labelledby=\"g%u\" viewBox=\"0 0 %.0f %.0f\" "
	    "width=\"%.0f\" height=\"%.0f\">\n<title id=\"g%u\">GPU map: ",
	    id, width, height, width, height, id);
	fprintf(h->fp, "%zu node%s, %zu GPUs, %zu used, %zu pods placed, "
	    "%zu pending</title>\n", c->nnodes, c->nnodes == 1 ? "" : "s",
	    rr->m->pgpus, rr->m->gpus_used, rr->m->placed, rr->m->pending);
	gs_gpu_index_build(&x, c, rr->res, rr->wl, rr->running,
	    hami_profile(rr->cfg));
	for (i = 0; i < c->nnodes; i++) {
		double y = (double)i * ROW_H + 2;

		fprintf(h->fp, "<g class=\"node\">\n");
		node_label(h, rr, i, y);
		for (j = 0; j < c->nodes[i].ndevs; j++)
			draw_gpu(h, &x, rr, col, i, j, LABEL_W + (double)j *
			    (BOX_W + GAP), y + 2, maxmem);
		fprintf(h->fp, "</g>\n");
	}
	gs_gpu_index_release(&x);
	fprintf(h->fp, "</svg>\n<figcaption>Boxes are GPUs, as wide as their "
	    "memory; segments are pods' memory on them (hover or focus for "
	    "cores and slots)%s.</figcaption>\n", rr->running != NULL &&
	    rr->running->n > 0 ? "; hatched: pods already running" : "");
	legend(h, rr, col);
	free(col);
	fprintf(h->fp, "</figure>\n");
}
