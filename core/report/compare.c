/*
 * report/compare.c: `compare`'s side-by-side table: one column per run
 * (profile, HAMi's node/GPU policy pair, or sharing mode), one row per
 * pod, then the metrics of each run (with --sharing, first the mode's
 * scheduler, memory isolation, replicas and pods short of memory).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/ident.h"
#include "report/report.h"
#include "sched/hami/hami.h"
#include "sched/hami/mig.h"
#include "sched/sharing_modes.h"
#include "sched/volcano/vgpu.h"
#include "util/util.h"

/* A column's title: the profile when the runs compare profiles, else
 * HAMi's node/GPU policy pair. */
void
gs_report_compare_label(const struct gs_report_run *rr, size_t n, size_t r,
    char *label, size_t len)
{
	size_t	i;

	if (rr[r].sharing != NULL) {
		snprintf(label, len, "%s",
		    gs_share_mode_name(rr[r].sharing->mode));
		return;
	}
	for (i = 0; i < n; i++)
		if (strcmp(rr[i].cfg->profile, rr[0].cfg->profile) != 0 ||
		    !gs_report_is_hami(rr[i].cfg)) {
			snprintf(label, len, "%s", rr[r].cfg->profile);
			return;
		}
	snprintf(label, len, "%s/%s",
	    hami_node_policy_name(rr[r].cfg->node_policy),
	    hami_gpu_policy_name(rr[r].cfg->gpu_policy));
}

/*
 * The MIG instance a grant took, after its GPU number, so that the MIG
 * models differ side by side: HAMi v2.10's profile and placement start
 * (" 1g.10gb@6"), the geometry model's and Volcano's suffix of the UUID
 * they write (" [0-0]", " [group1-0]"); "" for any other grant.
 */
static const char *
mig_suffix(const struct gs_report_run *rr, const struct gs_node *nd,
    const struct gs_grant *g, char *buf, size_t len)
{
	const struct gs_device	*d = &nd->devs[g->dev];
	char			 id[320], *b;

	if (g->mig != 0 && d->hmig != NULL) {
		snprintf(buf, len, " %s@%d", d->hmig->p[g->mig - 1].name,
		    (int)g->mig_start);
		return buf;
	}
	if ((hami_geom_id(d, g, id, sizeof id) == 0 ||
	    gs_vc_mig_id(rr->cluster->volcano, d, g, id, sizeof id) == 0) &&
	    (b = strrchr(id, '[')) != NULL) {
		snprintf(buf, len, " %s", b);
		return buf;
	}
	return "";
}

void
gs_report_compare_cell(const struct gs_report_run *rr, size_t i, char *cell,
    size_t len)
{
	char				 mig[64];
	const struct gs_placement	*pl = &rr->res->pl[i];
	const struct gs_node		*nd;
	size_t				 off, j, k;

	if (pl->status == GS_PENDING) {
		snprintf(cell, len, "<pending>");
		return;
	}
	if (pl->status == GS_UNMANAGED) {
		snprintf(cell, len, "-");
		return;
	}
	nd = &rr->cluster->nodes[pl->node];
	off = (size_t)snprintf(cell, len, "%s GPU", nd->name);
	for (j = 0; j < pl->nctrs; j++)
		for (k = 0; k < pl->ctrs[j].ngrants && off < len; k++)
			off += (size_t)snprintf(cell + off, len - off,
			    "%s%d%s", (j || k) ? "," : " ", gs_gpu_number(nd,
			    (size_t)pl->ctrs[j].grants[k].dev), mig_suffix(rr,
			    nd, &pl->ctrs[j].grants[k], mig, sizeof mig));
	/* Init containers' GPUs, after a '+'. */
	for (j = 0; j < pl->ninit; j++)
		for (k = 0; k < pl->init[j].ngrants && off < len; k++)
			off += (size_t)snprintf(cell + off, len - off, "%s%d",
			    (j || k) ? "," : " +init ", gs_gpu_number(nd,
			    (size_t)pl->init[j].grants[k].dev));
}

/* The replicas of a time-slicing or MPS run, "-" for the others. */
static const char *
replicas(const struct gs_report_run *rr, char *buf, size_t len)
{
	int	m = rr->sharing->mode;

	if (m != GS_SHARE_TIMESLICE && m != GS_SHARE_MPS)
		return "-";
	snprintf(buf, len, "%d", (int)rr->sharing->replicas);
	return buf;
}

json_t *
gs_report_sharing_json(const struct gs_report_run *rr)
{
	const struct gs_share_run	*sr = rr->sharing;
	int				 rep = sr->mode == GS_SHARE_TIMESLICE ||
					    sr->mode == GS_SHARE_MPS;

	return json_pack("{s:s,s:b,s:o,s:I}", "mode",
	    gs_share_mode_name(sr->mode), "memory_isolated",
	    gs_share_mode_isolated(sr->mode), "replicas", rep ?
	    json_integer(sr->replicas) : json_null(), "pods_short_of_memory",
	    (json_int_t)sr->short_pods);
}

/* compare --sharing's rows above the metrics, shared by the text and
 * HTML tables. */
const char *const gs_report_sharing_titles[] = {
	"scheduler", "memory isolated", "replicas per GPU",
	"pods short of memory"
};
const size_t gs_report_sharing_nrows = sizeof gs_report_sharing_titles /
    sizeof gs_report_sharing_titles[0];

void
gs_report_sharing_cell(const struct gs_report_run *rr, size_t k, char *cell,
    size_t len)
{
	char	rep[16];

	switch (k) {
	case 0:
		snprintf(cell, len, "%s", rr->cfg->profile);
		break;
	case 1:
		snprintf(cell, len, "%s", gs_share_mode_isolated(
		    rr->sharing->mode) ? "yes" : "no");
		break;
	case 2:
		snprintf(cell, len, "%s", replicas(rr, rep, sizeof rep));
		break;
	default:
		snprintf(cell, len, "%zu", rr->sharing->short_pods);
		break;
	}
}

void
gs_report_sharing_line(FILE *fp, const struct gs_report_run *rr)
{
	char	rep[16];

	fprintf(fp, "sharing: %s (the GPUs laid out by the mode); memory "
	    "isolated %s; replicas per GPU %s; %zu pods short of memory\n",
	    gs_share_mode_name(rr->sharing->mode),
	    gs_share_mode_isolated(rr->sharing->mode) ? "yes" : "no",
	    replicas(rr, rep, sizeof rep), rr->sharing->short_pods);
}

/* "POD  binpack/binpack  spread/binpack ..." */
static void
compare_header(FILE *fp, const char *first, const struct gs_report_run *rr,
    size_t n, size_t pw, size_t cw)
{
	char	label[64];
	size_t	r;

	fprintf(fp, "%-*s", (int)pw, first);
	for (r = 0; r < n; r++) {
		gs_report_compare_label(rr, n, r, label, sizeof label);
		fprintf(fp, "  %-*s", r + 1 < n ? (int)cw : 0, label);
	}
	fputc('\n', fp);
}

void
gs_report_compare_table(FILE *fp, const struct gs_report_run *rr, size_t n)
{
	const struct gs_workload	*wl = rr[0].wl;
	size_t				 pw = gs_report_name_width(&rr[0]), i, r;
	char				 cell[256];
	size_t				 cw = 24;

	if (pw < 24)
		pw = 24;
	for (r = 0; r < n; r++) {
		gs_report_compare_label(rr, n, r, cell, sizeof cell);
		if (strlen(cell) > cw)
			cw = strlen(cell);
		/* A cell that would run into the next column widens them. */
		for (i = 0; r + 1 < n && i < wl->npods; i++) {
			gs_report_compare_cell(&rr[r], i, cell, sizeof cell);
			if (strlen(cell) > cw)
				cw = strlen(cell);
		}
	}

	compare_header(fp, "POD", rr, n, pw, cw);
	for (i = 0; i < wl->npods; i++) {
		char *dn = gs_pod_display(wl->pods[i].ns, wl->pods[i].name);

		fprintf(fp, "%-*s", (int)pw, dn);
		free(dn);
		for (r = 0; r < n; r++) {
			gs_report_compare_cell(&rr[r], i, cell, sizeof cell);
			fprintf(fp, "  %-*s", r + 1 < n ? (int)cw : 0, cell);
		}
		fprintf(fp, "\n");
	}
	fputc('\n', fp);
	compare_header(fp, "METRIC", rr, n, pw, cw);
#define ROW(title, fmt, expr) do {					\
	fprintf(fp, "%-*s", (int)pw, title);				\
	for (r = 0; r < n; r++) {					\
		snprintf(cell, sizeof cell, fmt, expr);			\
		fprintf(fp, "  %-*s", r + 1 < n ? (int)cw : 0, cell);	\
	}								\
	fprintf(fp, "\n");						\
} while (0)
	for (i = 0; rr[0].sharing != NULL && i < gs_report_sharing_nrows;
	    i++) {
		fprintf(fp, "%-*s", (int)pw, gs_report_sharing_titles[i]);
		for (r = 0; r < n; r++) {
			gs_report_sharing_cell(&rr[r], i, cell, sizeof cell);
			fprintf(fp, "  %-*s", r + 1 < n ? (int)cw : 0, cell);
		}
		fputc('\n', fp);
	}
	ROW("pods pending", "%zu", rr[r].m->pending);
	ROW("nodes used", "%zu", rr[r].m->nodes_used);
	ROW("GPUs used", "%zu", rr[r].m->gpus_used);
	ROW("whole GPUs free", "%zu", rr[r].m->whole_free);
	ROW("largest whole block", "%zu", rr[r].m->largest_block);
	ROW("fragmentation (GPUs)", "%.2f", rr[r].m->frag_gpus);
	ROW("fragmentation (% idle)", "%.1f", rr[r].m->frag_pct);
	ROW("stranded memory (MiB)", "%lld", (long long)rr[r].m->stranded_mem);
	ROW("pods per GPU (max)", "%zu", rr[r].m->pods_per_gpu_max);
	ROW("pods per GPU (mean)", "%.2f", rr[r].m->pods_per_gpu_mean);
#undef ROW
}

