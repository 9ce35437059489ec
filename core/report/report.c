/*
 * report/report.c: table, JSON and CSV writers.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sched/hami/mig.h"
#include "report/hmig.h"
#include "report/dra_report.h"
#include "model/ident.h"
#include "sched/policy.h"
#include "report/report.h"
#include "report/rows.h"
#include "report/kinds.h"
#include "sched/dra/dra.h"
#include "report/gpus.h"
#include "report/jw.h"
#include "sched/volcano/vgpu.h"
#include "util/util.h"

static double
round6(double x)
{
	return round(x * 1e6) / 1e6;
}

static const char *
status_name(enum gs_status s)
{
	switch (s) {
	case GS_PLACED:
		return "placed";
	case GS_PENDING:
		return "pending";
	default:
		return "unmanaged";
	}
}

size_t
gs_report_name_width(const struct gs_report_run *rr)
{
	size_t	i, w = 3;
	char	*dn;

	for (i = 0; i < rr->wl->npods; i++) {
		dn = gs_pod_display(rr->wl->pods[i].ns, rr->wl->pods[i].name);
		if (strlen(dn) > w)
			w = strlen(dn);
		free(dn);
	}
	return w;
}

/* "node binpack / GPU spread (4 pods)", one group per combination. */
static char *
effective_policies(const struct gs_report_run *rr)
{
	static const char *const names[2] = { "binpack", "spread" };
	/* v2.10 GPU policies other than binpack/spread, as given. */
	struct {
		const char	*gpu;
		int		 node_spread;
		size_t		 n;
	}		*other = NULL;
	size_t		 count[2][2] = { { 0, 0 }, { 0, 0 } }, i, a, b, k;
	size_t		 nother = 0;
	const char	*np, *gp, *raw;
	char		*out = NULL, *t;
	int		 list = hami_profile(rr->cfg)->gpu_policy_list;
	int		 spread;

	for (i = 0; i < rr->wl->npods; i++) {
		const struct gs_pod *p = &rr->wl->pods[i];

		hami_effective_policies(p, rr->cfg, &np, &gp);
		raw = hami_gpu_policy_value(p, rr->cfg);
		spread = strcmp(np, "spread") == 0;
		/* v2.10 sorts and filters by the value itself (mutex, numa,
		 * comma chains): name it as given. */
		if (list && strcmp(raw, "binpack") != 0 &&
		    strcmp(raw, "spread") != 0) {
			for (k = 0; k < nother; k++)
				if (strcmp(other[k].gpu, raw) == 0 &&
				    other[k].node_spread == spread)
					break;
			if (k == nother) {
				other = xreallocarray(other, nother + 1,
				    sizeof *other);
				other[k].gpu = raw;
				other[k].node_spread = spread;
				other[k].n = 0;
				nother++;
			}
			other[k].n++;
			continue;
		}
		count[spread][strcmp(gp, "spread") == 0]++;
	}
	for (a = 0; a < 2; a++)
		for (b = 0; b < 2; b++) {
			if (count[a][b] == 0)
				continue;
			t = xasprintf("%s%snode %s / GPU %s (%zu pod%s)",
			    out ? out : "", out ? ", " : "", names[a], names[b],
			    count[a][b], count[a][b] == 1 ? "" : "s");
			free(out);
			out = t;
		}
	for (k = 0; k < nother; k++) {
		t = xasprintf("%s%snode %s / GPU \"%s\" (%zu pod%s)",
		    out ? out : "", out ? ", " : "",
		    names[other[k].node_spread], other[k].gpu, other[k].n,
		    other[k].n == 1 ? "" : "s");
		free(out);
		out = t;
	}
	free(other);
	return out ? out : xstrdup("no pods");
}

void
gs_report_metrics_table(FILE *fp, const struct gs_report_run *rr)
{
	const struct gs_metrics	*m = rr->m;
	size_t			 i;

	fprintf(fp, "METRICS\n");
	fprintf(fp, "  pods               %zu placed, %zu pending, %zu without "
	    "GPU request\n", m->placed, m->pending, m->unmanaged);
	fprintf(fp, "  nodes used         %zu of %zu\n", m->nodes_used,
	    m->nodes);
	fprintf(fp, "  GPUs used          %zu of %zu\n", m->gpus_used,
	    m->pgpus);
	fprintf(fp, "  GPU memory used    %lld of %lld MiB (%.1f%%)\n",
	    (long long)m->mem_used, (long long)m->mem_total,
	    m->mem_total ? 100.0 * (double)m->mem_used /
	    (double)m->mem_total : 0.0);
	fprintf(fp, "  whole GPUs free    %zu of %zu (", m->whole_free,
	    m->pgpus);
	for (i = 0; i < rr->cluster->nnodes && i < GS_LIST_MAX; i++)
		fprintf(fp, "%s%s %zu", i ? ", " : "",
		    rr->cluster->nodes[i].name, m->node[i].whole_free);
	if (rr->cluster->nnodes > GS_LIST_MAX)
		fprintf(fp, ", and %zu more nodes",
		    rr->cluster->nnodes - GS_LIST_MAX);
	fprintf(fp, ")\n");
	if (m->gpus_offline > 0)
		fprintf(fp, "  not scheduled on   %zu GPU%s (node's devices "
		    "dropped, GPU unhealthy or cordoned): not free\n",
		    m->gpus_offline, m->gpus_offline == 1 ? "" : "s");
	if (m->largest_block_node >= 0)
		fprintf(fp, "  largest block      %zu whole GPUs on %s\n",
		    m->largest_block,
		    rr->cluster->nodes[m->largest_block_node].name);
	else
		fprintf(fp, "  largest block      0 whole GPUs\n");
	fprintf(fp, "  fragmentation      %.2f GPUs, %.1f%% of %.2f idle GPUs "
	    "(target: %zu request shape%s)\n", m->frag_gpus, m->frag_pct,
	    m->idle_gpus, m->nshapes, m->nshapes == 1 ? "" : "s");
	fprintf(fp, "  stranded           %lld MiB on GPUs out of slots or "
	    "cores; %lld slots and %lld core-%% on GPUs out of memory\n",
	    (long long)m->stranded_mem, (long long)m->stranded_slots,
	    (long long)m->stranded_cores);
	fprintf(fp, "  pods per GPU       max %zu, mean %.2f\n",
	    m->pods_per_gpu_max, m->pods_per_gpu_mean);
	gs_report_kinds_table(fp, rr);
	gs_report_hmig_table(fp, rr);
	gs_report_dra_table(fp, rr);
}

int
gs_report_is_hami(const struct gs_config *cfg)
{
	return gs_policy_of_family(cfg->profile, "hami");
}

/* The settings --hami-config gave (nothing without one). */
static void
report_hami_config(FILE *fp, const struct gs_hami_settings *h)
{
	if (h == NULL)
		return;
	fprintf(fp, "hami config: %s (%s): deviceSplitCount %d, "
	    "deviceMemoryScaling %g, deviceCoreScaling %g; resources %s, %s, "
	    "%s, %s\n", h->file, h->form, (int)h->split, h->mem_scaling,
	    h->core_scaling, h->res[GS_RES_GPU], h->res[GS_RES_GPUMEM],
	    h->res[GS_RES_GPUMEM_PCT], h->res[GS_RES_GPUCORES]);
}

static json_t *
hami_config_json(const struct gs_hami_settings *h)
{
	return json_pack("{s:s,s:s,s:i,s:f,s:f,s:s,s:s,s:s,s:s}",
	    "file", h->file, "form", h->form,
	    "deviceSplitCount", (int)h->split,
	    "deviceMemoryScaling", h->mem_scaling,
	    "deviceCoreScaling", h->core_scaling,
	    "resourceCountName", h->res[GS_RES_GPU],
	    "resourceMemoryName", h->res[GS_RES_GPUMEM],
	    "resourceMemoryPercentageName", h->res[GS_RES_GPUMEM_PCT],
	    "resourceCoreName", h->res[GS_RES_GPUCORES]);
}

/* One scheduler per pod (sched/route.c): the width of the SCHEDULER
 * column, 0 in a run under one profile (no column). */
static int
sched_width(const struct gs_result *res)
{
	size_t	i, w = 0;
	int	routed = 0;

	for (i = 0; i < res->npl; i++) {
		routed |= res->pl[i].scheduler != NULL;
		if (res->pl[i].scheduler != NULL &&
		    strlen(res->pl[i].scheduler) > w)
			w = strlen(res->pl[i].scheduler);
	}
	/* Pods naming no scheduler that runs show "-". */
	return routed ? (int)(w > 9 ? w : 9) : 0;
}

static void
sched_col(FILE *fp, int w, const char *name, int pad)
{
	if (name == NULL)
		name = "-";
	if (w > 0 && (pad || name[0] != '\0'))
		fprintf(fp, "  %-*s", pad ? w : 0, name);
}

/* The first row's tail: KAI's queue label, kept for the output. */
static void
row_end(FILE *fp, const struct gs_pod *pod, int rows)
{
	if (rows == 0 && pod->queue != NULL)
		fprintf(fp, "  queue %s", pod->queue);
	fputc('\n', fp);
}

/*
 * A placed pod's rows: one per device granted, one per DRA device its
 * claims took, or one saying HAMi's Fit kept none.  In a routed run
 * (sw > 0) every kind of row carries the SCHEDULER column on the pod's
 * first row, a DRA row its claim in the UUID column.
 */
static void
placed_rows(FILE *fp, const struct gs_report_run *rr,
    const struct gs_placement *pl, const char *dn, int pw, int nw, int sw)
{
	const struct gs_cluster	*c = rr->cluster;
	const struct gs_node	*n = &c->nodes[pl->node];
	const struct gs_pod	*pod = &rr->wl->pods[pl->pod];
	struct gs_grant_row	 r = { 0 };
	int			 rows = 0, more;
	size_t			 k;
	char			 buf[512];

	more = pod->nctrs > 1 || pl->ninit > 0;
	while (gs_grant_row_next(c, pod, pl, &r)) {
		fprintf(fp, "%-*s  %-*s  %3d  %-40s  %8d  %5d", pw, rows == 0 ?
		    dn : "", nw, n->name, r.gpu, r.uuid, r.g->usedmem,
		    r.g->usedcores);
		sched_col(fp, sw, rows == 0 ? pl->scheduler : "", more);
		if (more)
			fprintf(fp, "  %scontainer %s", r.init ? "init " : "",
			    r.ctr);
		row_end(fp, pod, rows++);
	}
	for (k = 0; pl->dra != NULL && k < pl->dra->n; k++) {
		char	*claim;

		/* A DRA device (sched/dra/dra.h): claim/request=
		 * driver/pool/device and the capacity consumed. */
		gs_dra_take_format(c->dra, &pl->dra->v[k], buf, sizeof buf);
		if (sw == 0)
			fprintf(fp, "%-*s  %-*s  claim %s", pw, rows == 0 ?
			    dn : "", nw, n->name, buf);
		else {
			claim = xasprintf("claim %s", buf);
			fprintf(fp, "%-*s  %-*s  %3s  %-40s  %8s  %5s", pw,
			    rows == 0 ? dn : "", nw, n->name, "-", claim, "-",
			    "-");
			sched_col(fp, sw, rows == 0 ? pl->scheduler : "", 0);
			free(claim);
		}
		row_end(fp, pod, rows++);
	}
	/* HAMi's Fit succeeded keeping no device (v2.7-v2.9's
	 * topology-aware policy without link scores). */
	if (rows == 0) {
		fprintf(fp, "%-*s  %-*s  %3s  %-40s  %8s  %5s", pw, dn, nw,
		    n->name, "-", "-", "-", "-");
		sched_col(fp, sw, pl->scheduler, 1);
		fprintf(fp, "  (placed with no GPU: HAMi's Fit kept none)");
		row_end(fp, pod, rows);
	}
}

const char *
gs_report_volcano_note(const struct gs_config *cfg)
{
	return gs_policy_of_family(cfg->profile, "volcano") &&
	    cfg->volcano.given && cfg->volcano.nopolicy ?
	    "; deviceshare.SchedulePolicy unset: devices walked from the "
	    "last, scoring 0" : "";
}

/* --volcano-config's deviceshare arguments as the run uses them:
 * schedulePolicy null when unset or unknown (sched/peers.c volcano_node
 * then walks as Volcano's default branch). */
json_t *
gs_report_volcano_json(const struct gs_vc_sched *vs)
{
	return json_pack("{s:o,s:i,s:b}", "schedulePolicy", vs->nopolicy ||
	    vs->profile == NULL ? json_null() : json_string(vs->profile +
	    strlen("volcano-")), "scheduleWeight", vs->weight, "vgpuEnable",
	    vs->vgpu);
}

void
gs_report_table(FILE *fp, const struct gs_report_run *rr)
{
	const struct gs_cluster	*c = rr->cluster;
	size_t			 pw = gs_report_name_width(rr), nw = gs_gpu_node_width(c);
	size_t			 i, j;
	char			*eff = effective_policies(rr);
	struct gs_gpu_widths	 gw;
	struct gs_gpu_index	 gx;
	int			 sw = sched_width(rr->res);

	fprintf(fp, "scenario %s, run %s: profile %s\n", rr->scenario,
	    rr->run, rr->cfg->profile);
	if (rr->sharing != NULL)
		gs_report_sharing_line(fp, rr);
	if (gs_report_is_hami(rr->cfg)) {
		fprintf(fp, "scheduler: node policy %s, GPU policy %s; pods' "
		    "policy annotations %s\n", rr->cfg->node_policy,
		    rr->cfg->gpu_policy, rr->cfg->override_policies ?
		    "overridden" : "honoured");
		fprintf(fp, "in effect: %s\n", eff);
		report_hami_config(fp, c->hami);
		fputc('\n', fp);
	} else if (gs_policy_find(rr->cfg->profile) ==
	    &gs_policy_openb_random)
		fprintf(fp, "scheduler: %s; seed %lu\n\n",
		    gs_policy_find(rr->cfg->profile)->summary, rr->cfg->seed);
	else
		fprintf(fp, "scheduler: %s%s\n\n",
		    gs_policy_find(rr->cfg->profile)->summary,
		    gs_report_volcano_note(rr->cfg));
	free(eff);
	fprintf(fp, "%-*s  %-*s  %3s  %-40s  %8s  %5s", (int)pw, "POD",
	    (int)nw, "NODE", "GPU", "UUID", "MEM(MiB)", "CORES");
	sched_col(fp, sw, "SCHEDULER", 0);
	fputc('\n', fp);
	for (i = 0; i < rr->res->npl; i++) {
		const struct gs_placement	*pl = &rr->res->pl[i];
		const struct gs_pod		*pod = &rr->wl->pods[pl->pod];
		char				*dn;

		dn = gs_pod_display(pod->ns, pod->name);
		if (pl->status == GS_PENDING) {
			fprintf(fp, "%-*s  %-*s  %3s  %-40s  %8s  %5s",
			    (int)pw, dn, (int)nw, "<pending>", "-",
			    "-", "-", "-");
			sched_col(fp, sw, pl->scheduler, 0);
			row_end(fp, pod, 0);
			fprintf(fp, "%-*s  reason: %s\n", (int)pw, "",
			    pl->reason ? pl->reason : "");
			free(dn);
			continue;
		}
		if (pl->status == GS_UNMANAGED) {
			fprintf(fp, "%-*s  %-*s  %3s  %-40s  %8s  %5s", (int)pw,
			    dn, (int)nw, "-", "-", "-", "-", "-");
			sched_col(fp, sw, pl->scheduler, 1);
			fprintf(fp, "  (no GPU request: left to "
			    "kube-scheduler)");
			row_end(fp, pod, 0);
			free(dn);
			continue;
		}
		placed_rows(fp, rr, pl, dn, (int)pw, (int)nw, sw);
		free(dn);
	}

	fprintf(fp, "\nGPU MAP\n");
	gw = gs_gpu_widths(c, nw);
	gs_gpu_header(fp, &gw);
	gs_gpu_index_build(&gx, c, rr->res, rr->wl, rr->running,
	    hami_profile(rr->cfg));
	for (i = 0; i < c->nnodes; i++)
		for (j = 0; j < c->nodes[i].ndevs; j++)
			gs_gpu_row(fp, &gw, &c->nodes[i], j, gs_gpu_pods(&gx, c, i,
			    j));
	gs_gpu_index_release(&gx);
	gs_report_dra_map(fp, rr);
	fprintf(fp, "\n");
	gs_report_metrics_table(fp, rr);
}

static json_t *
metrics_json(const struct gs_report_run *rr)
{
	const struct gs_metrics	*m = rr->m;
	json_t			*o = json_object(), *per = json_object();
	json_t			*shapes = json_array(), *hm;
	size_t			 i;

	json_object_set_new(o, "pods_placed", json_integer((json_int_t)m->placed));
	json_object_set_new(o, "pods_pending",
	    json_integer((json_int_t)m->pending));
	json_object_set_new(o, "pods_without_gpu_request",
	    json_integer((json_int_t)m->unmanaged));
	json_object_set_new(o, "nodes", json_integer((json_int_t)m->nodes));
	json_object_set_new(o, "nodes_used",
	    json_integer((json_int_t)m->nodes_used));
	json_object_set_new(o, "gpus", json_integer((json_int_t)m->pgpus));
	json_object_set_new(o, "gpus_used",
	    json_integer((json_int_t)m->gpus_used));
	json_object_set_new(o, "gpu_memory_mib",
	    json_integer((json_int_t)m->mem_total));
	json_object_set_new(o, "gpu_memory_used_mib",
	    json_integer((json_int_t)m->mem_used));
	json_object_set_new(o, "whole_gpus_free",
	    json_integer((json_int_t)m->whole_free));
	for (i = 0; i < rr->cluster->nnodes; i++)
		json_object_set_new(per, rr->cluster->nodes[i].name,
		    json_integer((json_int_t)m->node[i].whole_free));
	json_object_set_new(o, "whole_gpus_free_per_node", per);
	if (m->gpus_offline > 0)
		json_object_set_new(o, "gpus_not_scheduled_on",
		    json_integer((json_int_t)m->gpus_offline));
	json_object_set_new(o, "largest_whole_gpu_block",
	    json_integer((json_int_t)m->largest_block));
	json_object_set_new(o, "largest_whole_gpu_block_node",
	    m->largest_block_node >= 0 ?
	    json_string(rr->cluster->nodes[m->largest_block_node].name) :
	    json_null());
	json_object_set_new(o, "idle_gpus", json_real(round6(m->idle_gpus)));
	json_object_set_new(o, "fragmentation_gpus",
	    json_real(round6(m->frag_gpus)));
	json_object_set_new(o, "fragmentation_pct_of_idle",
	    json_real(round6(m->frag_pct)));
	for (i = 0; i < m->nshapes; i++) {
		const struct hami_req *r = &m->shapes[i].req;

		json_array_append_new(shapes, json_pack("{s:i,s:i,s:i,s:i,s:f,"
		    "s:I}", "gpus", r->nums, "memreq_mib", r->memreq,
		    "mem_pct", r->mempct, "cores", r->coresreq, "weight",
		    round6(m->shapes[i].weight), "pods",
		    (json_int_t)m->shapes[i].pods));
	}
	json_object_set_new(o, "fragmentation_target_shapes", shapes);
	json_object_set_new(o, "stranded_memory_mib",
	    json_integer(m->stranded_mem));
	json_object_set_new(o, "stranded_slots",
	    json_integer(m->stranded_slots));
	json_object_set_new(o, "stranded_cores_pct",
	    json_integer(m->stranded_cores));
	json_object_set_new(o, "pods_per_gpu_max",
	    json_integer((json_int_t)m->pods_per_gpu_max));
	json_object_set_new(o, "pods_per_gpu_mean",
	    json_real(round6(m->pods_per_gpu_mean)));
	if (m->shared > 0)
		json_object_set_new(o, "shared_gpus",
		    gs_report_kinds_json(rr));
	if ((hm = gs_report_hmig_json(rr)) != NULL)
		json_object_set_new(o, "hami_mig", hm);
	if ((hm = gs_report_dra_json(rr)) != NULL)
		json_object_set_new(o, "dra_devices", hm);
	return o;
}

/* Placement i as JSON. */
/* The DRA devices a placement took: claim, request, driver, pool,
 * device, and the capacity consumed of shared devices. */
static json_t *
dra_json(const struct gs_dra *d, const struct gs_dra_alloc *a)
{
	json_t	*v = json_array(), *cap, *cfg, *o;
	size_t	 i, k;

	for (i = 0; i < a->n; i++) {
		const struct gs_dra_take *t = &a->v[i];
		const struct gs_dra_slice *s = d->sref[t->sref].s;
		const struct gs_dra_device *dv = &s->devs[t->dev];

		cap = json_object();
		for (k = 0; k < dv->ncaps; k++)
			if (t->cap[k] > 0)
				json_object_set_new(cap, dv->caps[k].name,
				    json_integer(t->cap[k]));
		o = json_pack("{s:s,s:s,s:s,s:s,s:s,s:o}", "claim", t->claim,
		    "request", t->request, "driver", s->driver, "pool",
		    s->pool, "device", dv->name, "consumed", cap);
		/* The DeviceClass config, applied by the driver. */
		if (t->cls != NULL && t->cls->nconfig > 0) {
			cfg = json_array();
			for (k = 0; k < t->cls->nconfig; k++)
				json_array_append_new(cfg,
				    json_string(t->cls->config[k]));
			json_object_set_new(o, "config", cfg);
		}
		json_array_append_new(v, o);
	}
	return v;
}

/* A node score as JSON: the shortest decimal of the float32, null when
 * not finite. */
static void
score_write(struct gs_jw *w, float f)
{
	char	buf[32];

	if (isnan(f) || isinf(f)) {
		gs_jw_null(w, "node_score");
		return;
	}
	gs_format_float32(f, buf, sizeof buf);
	gs_jw_real(w, "node_score", strtod(buf, NULL));
}

/* Container j's devices.  A device without an id (or not UTF-8) is
 * left out, as json_pack refused its object before. */
static void
devices_write(struct gs_jw *w, const struct gs_cluster *c,
    const struct gs_placement *pl, const struct gs_ctr_grant *cg)
{
	const struct gs_node	*n = &c->nodes[pl->node];
	char			 vbuf[320];
	size_t			 k;

	gs_jw_begin(w, "devices", '[');
	for (k = 0; k < cg->ngrants; k++) {
		const struct gs_grant *g = &cg->grants[k];
		const struct gs_device *d = &n->devs[g->dev];

		if (!gs_jw_ok(d->id))
			continue;
		gs_jw_begin(w, NULL, '{');
		gs_jw_str(w, "uuid", d->id);
		gs_jw_int(w, "index", gs_gpu_number(n, (size_t)g->dev));
		gs_jw_int(w, "usedmem", g->usedmem);
		gs_jw_int(w, "usedcores", g->usedcores);
		/* HAMi v2.10 MIG: the profile and placement. */
		if (g->mig != 0 && d->hmig != NULL) {
			gs_jw_begin(w, "mig", '{');
			gs_jw_str(w, "profile", d->hmig->p[g->mig - 1].name);
			gs_jw_int(w, "start", g->mig_start);
			gs_jw_int(w, "size", g->mig_size);
			gs_jw_end(w);
		}
		/* HAMi's geometry model: the suffixed UUID it writes to
		 * hami.io/vgpu-devices-allocated. */
		if (hami_geom_id(d, g, vbuf, sizeof vbuf) == 0)
			gs_jw_str(w, "hami_mig", vbuf);
		/* Volcano dynamic MIG: its id (sched/volcano/mig.c). */
		if (gs_vc_mig_id(c->volcano, d, g, vbuf, sizeof vbuf) == 0)
			gs_jw_str(w, "volcano_mig", vbuf);
		gs_jw_end(w);
	}
	gs_jw_end(w);
}

/* Placement i, written with w (streamed text or gs_report_json's tree). */
static void
placement_write(struct gs_jw *w, size_t i, const void *arg)
{
	const struct gs_report_run	*rr = arg;
	const struct gs_cluster		*c = rr->cluster;
	const struct gs_placement	*pl = &rr->res->pl[i];
	const struct gs_pod		*pod = &rr->wl->pods[pl->pod];
	size_t				 j;
	int				 init;

	gs_jw_begin(w, NULL, '{');
	gs_jw_str(w, "pod", pod->name);
	gs_jw_str(w, "namespace", pod->ns);
	gs_jw_str(w, "workload", pod->workload);
	gs_jw_str(w, "kind", pod->kind);
	gs_jw_str(w, "status", status_name(pl->status));
	/* One scheduler per pod (sched/route.c): the profile that
	 * decided; absent in a run under one profile. */
	gs_jw_str(w, "scheduler", pl->scheduler);
	/* KAI's queue label: kept, not used for placement. */
	gs_jw_str(w, "queue", pod->queue);
	if (pl->status == GS_PLACED) {
		gs_jw_str(w, "node", c->nodes[pl->node].name);
		score_write(w, pl->node_score);
	} else {
		gs_jw_null(w, "node");
		gs_jw_null(w, "node_score");
	}
	gs_jw_begin(w, "containers", '[');
	for (j = 0; j < pl->ninit + pl->nctrs; j++) {
		const struct gs_ctr_grant *cg = gs_placement_ctr(pl, j);
		const char *cn = gs_placement_ctr_name(pl, pod, j, &init);

		/* Left out without a name, as json_pack refused it. */
		if (!gs_jw_ok(cn))
			continue;
		gs_jw_begin(w, NULL, '{');
		gs_jw_str(w, "name", cn);
		if (init)
			gs_jw_bool(w, "init", 1);
		devices_write(w, c, pl, cg);
		gs_jw_end(w);
	}
	gs_jw_end(w);
	if (pl->status == GS_PLACED) {
		char	buf[4096];

		/* What HAMi's PatchAnnotations writes for MIG grants. */
		if (hami_mig_encode(&c->nodes[pl->node], pl->ctrs, pl->nctrs,
		    buf, sizeof buf) > 0) {
			gs_jw_begin(w, "annotations", '{');
			gs_jw_str(w, HAMI_MIG_ALLOC_ANNO, buf);
			gs_jw_end(w);
		}
	}
	if (pl->dra != NULL) {
		json_t *cl = dra_json(c->dra, pl->dra);

		gs_jw_value(w, "claims", cl);
		json_decref(cl);
	}
	if (pl->reason != NULL)
		gs_jw_str(w, "reason", pl->reason);
	else
		gs_jw_null(w, "reason");
	gs_jw_end(w);
}

/* The nodes array's elements: the run, and its GPUs' pods. */
struct nodes_arg {
	const struct gs_report_run	*rr;
	struct gs_gpu_index		 gx;
	struct gs_dra_held		 dx;
};

/* Node i of the report's nodes array, written with w; left out when
 * its name or pool is not a string jansson takes (json_pack refused the
 * node's object before). */
static void
node_write(struct gs_jw *w, size_t i, const void *arg)
{
	const struct nodes_arg	*na = arg;
	const struct gs_report_run *rr = na->rr;
	const struct gs_node	*n = &rr->cluster->nodes[i];
	json_t			*dj;
	size_t			 j;

	if (!gs_jw_ok(n->name) || (n->pool != NULL && !gs_jw_ok(n->pool)))
		return;
	gs_jw_begin(w, NULL, '{');
	gs_jw_str(w, "name", n->name);
	if (n->pool != NULL)
		gs_jw_str(w, "pool", n->pool);
	else
		gs_jw_null(w, "pool");
	gs_jw_int(w, "whole_gpus_free", (json_int_t)rr->m->node[i].whole_free);
	gs_jw_real(w, "idle_gpus", round6(rr->m->node[i].idle_gpus));
	gs_jw_real(w, "fragmentation_gpus", round6(rr->m->node[i].frag_gpus));
	gs_jw_begin(w, "gpus", '[');
	for (j = 0; j < n->ndevs; j++)
		gs_gpu_write(w, n, j, gs_gpu_pods(&na->gx, rr->cluster, i, j));
	gs_jw_end(w);
	if ((dj = gs_report_dra_node_json(rr, &na->dx, i)) != NULL) {
		gs_jw_value(w, "dra_devices", dj);
		json_decref(dj);
	}
	gs_jw_end(w);
}

/* The report with an empty placements array, and an empty nodes array
 * too without na (both streamed: gs_report_json_write). */
static json_t *
report_json_frame(const struct gs_report_run *rr, struct nodes_arg *na)
{
	const struct gs_cluster	*c = rr->cluster;
	struct gs_jw		*w = na != NULL ? malloc(sizeof *w) : NULL;
	json_t			*o = json_object();
	json_t			*nodes = json_array(), *sched;
	size_t			 i;

	json_object_set_new(o, "gpusched_version", json_string(GS_VERSION));
	json_object_set_new(o, "schema_version",
	    json_integer(GS_SCHEMA_VERSION));
	json_object_set_new(o, "scenario", json_string(rr->scenario));
	json_object_set_new(o, "run", json_string(rr->run));
	sched = json_pack("{s:s,s:s,s:s,s:i,s:i,s:i,s:s,s:s}",
	    "profile", rr->cfg->profile,
	    "nodeSchedulerPolicy", rr->cfg->node_policy,
	    "gpuSchedulerPolicy", rr->cfg->gpu_policy,
	    "defaultMemory", rr->cfg->default_memory,
	    "defaultCores", rr->cfg->default_cores,
	    "defaultGPUNum", rr->cfg->default_gpunum,
	    "podPolicyAnnotations", rr->cfg->override_policies ?
	    "overridden" : "honoured",
	    "nodeTieBreak", gs_policy_of_family(rr->cfg->profile, "kai") ?
	    "smallest-name" : "first-listed");
	if (c->hami != NULL)
		json_object_set_new(sched, "hamiConfig",
		    hami_config_json(c->hami));
	if (gs_policy_of_family(rr->cfg->profile, "volcano") &&
	    rr->cfg->volcano.given)
		json_object_set_new(sched, "volcanoConfig",
		    gs_report_volcano_json(&rr->cfg->volcano));
	if (gs_policy_find(rr->cfg->profile) ==
	    &gs_policy_openb_random)
		json_object_set_new(sched, "seed",
		    json_integer((json_int_t)rr->cfg->seed));
	json_object_set_new(o, "scheduler", sched);
	if (rr->sharing != NULL)
		json_object_set_new(o, "sharing", gs_report_sharing_json(rr));
	json_object_set_new(o, "placements", json_array());
	for (i = 0; na != NULL && w != NULL && i < c->nnodes; i++) {
		gs_jw_tree(w);
		node_write(w, i, na);
		json_array_append_new(nodes, gs_jw_tree_take(w));
	}
	free(w);
	json_object_set_new(o, "nodes", nodes);
	json_object_set_new(o, "metrics", metrics_json(rr));
	return o;
}

static void
nodes_arg_init(struct nodes_arg *na, const struct gs_report_run *rr)
{
	na->rr = rr;
	gs_gpu_index_build(&na->gx, rr->cluster, rr->res, rr->wl,
	    rr->running, hami_profile(rr->cfg));
	gs_dra_held_build(&na->dx, rr);
}

static void
nodes_arg_release(struct nodes_arg *na)
{
	gs_gpu_index_release(&na->gx);
	gs_dra_held_release(&na->dx);
}

json_t *
gs_report_json(const struct gs_report_run *rr)
{
	struct nodes_arg	 na;
	struct gs_jw		*w;
	json_t			*o, *pls;
	size_t			 i;

	nodes_arg_init(&na, rr);
	o = report_json_frame(rr, &na);
	nodes_arg_release(&na);
	pls = json_object_get(o, "placements");
	if ((w = malloc(sizeof *w)) == NULL) {
		json_decref(o);
		return NULL;
	}
	for (i = 0; i < rr->res->npl; i++) {
		gs_jw_tree(w);
		placement_write(w, i, rr);
		json_array_append_new(pls, gs_jw_tree_take(w));
	}
	free(w);
	return o;
}

/* The placements and the nodes (the bulk of a large run) are made and
 * written one element at a time. */
int
gs_report_json_write(FILE *fp, const struct gs_report_run *rr)
{
	struct nodes_arg	 na;
	int			 rc;

	nodes_arg_init(&na, rr);
	{
		const struct gs_doc_stream s[2] = {
			{ "placements", rr->res->npl, NULL, NULL,
			    placement_write, rr },
			{ "nodes", rr->cluster->nnodes, NULL, NULL,
			    node_write, &na },
		};

		rc = gs_report_doc_stream(fp, report_json_frame(rr, NULL), s,
		    2);
	}
	nodes_arg_release(&na);
	return rc;
}

/* RFC 4180 field. */
static void
csv_field(FILE *fp, const char *s, int last)
{
	if (strpbrk(s, ",\"\r\n") != NULL) {
		fputc('"', fp);
		for (; *s; s++) {
			if (*s == '"')
				fputc('"', fp);
			fputc(*s, fp);
		}
		fputc('"', fp);
	} else
		fputs(s, fp);
	fputs(last ? "\r\n" : ",", fp);
}

void
gs_report_csv_header(FILE *fp)
{
	fputs("run,pod,namespace,status,node,container,gpu_index,uuid,usedmem,"
	    "usedcores,reason\r\n", fp);
}

void
gs_report_csv(FILE *fp, const struct gs_report_run *rr)
{
	size_t	i;
	char	a[32], b[32], e[32];

	for (i = 0; i < rr->res->npl; i++) {
		const struct gs_placement	*pl = &rr->res->pl[i];
		const struct gs_pod		*pod = &rr->wl->pods[pl->pod];
		struct gs_grant_row		 r = { 0 };
		int				 rows = 0;

		while (gs_grant_row_next(rr->cluster, pod, pl, &r)) {
			snprintf(a, sizeof a, "%d", r.gpu);
			snprintf(b, sizeof b, "%d", r.g->usedmem);
			snprintf(e, sizeof e, "%d", r.g->usedcores);
			csv_field(fp, rr->run, 0);
			csv_field(fp, pod->name, 0);
			csv_field(fp, pod->ns, 0);
			csv_field(fp, "placed", 0);
			csv_field(fp, r.node->name, 0);
			csv_field(fp, r.ctr, 0);
			csv_field(fp, a, 0);
			csv_field(fp, r.uuid, 0);
			csv_field(fp, b, 0);
			csv_field(fp, e, 0);
			csv_field(fp, "", 1);
			rows++;
		}
		if (rows > 0)
			continue;
		csv_field(fp, rr->run, 0);
		csv_field(fp, pod->name, 0);
		csv_field(fp, pod->ns, 0);
		csv_field(fp, status_name(pl->status), 0);
		csv_field(fp, "", 0);
		csv_field(fp, "", 0);
		csv_field(fp, "", 0);
		csv_field(fp, "", 0);
		csv_field(fp, "", 0);
		csv_field(fp, "", 0);
		csv_field(fp, pl->reason ? pl->reason : "", 1);
	}
}
