/*
 * report/hmig.c: the MIG metrics lines and JSON object of HAMi's MIG-mode
 * GPUs, shown when the run's profile schedules them and the cluster has
 * one: v2.10's reservation model (metrics/hami_mig.c) or the geometry
 * model of v2.6.1 to v2.9.0 (metrics/hami_geom.c), which adds the
 * geometry each GPU has in use.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics/hami_geom.h"
#include "metrics/hami_mig.h"
#include "model/hami_geom.h"
#include "report/hmig.h"
#include "sched/hami/hami.h"
#include "sched/policy.h"

/* The run's HAMi MIG metrics (g->gpu set for the geometry model), when
 * its profile has MIG-mode GPUs to schedule. */
static int
hmig_of(const struct gs_report_run *rr, struct gs_hgeom_metrics *g)
{
	const struct hami_profile	*hp;

	memset(g, 0, sizeof *g);
	if (!gs_policy_of_family(rr->cfg->profile, "hami"))
		return 0;
	hp = hami_profile(rr->cfg);
	if (hp->mig_reservation)
		gs_hmig_metrics(rr->cluster, &g->m);
	else
		gs_hgeom_metrics(rr->cluster, hp, g);
	if (g->m.gpus == 0)
		gs_hgeom_metrics_release(g);
	return g->m.gpus > 0;
}

/* "1 GPUs: 4 of 7 slices free, ...": both models' summary. */
static void
summary(FILE *fp, const struct gs_hmig_metrics *h)
{
	size_t	i;

	fprintf(fp, "%zu GPUs: %zu of %zu slices free, %zu stranded; largest "
	    "placeable %s; more instances", h->gpus, h->free_slices,
	    h->slices, h->stranded, h->largest[0] ? h->largest : "none");
	for (i = 0; i < h->nnames; i++)
		fprintf(fp, "%s %s %zu", i ? "," : "", h->name[i], h->more[i]);
}

/* "a100-mig GPU 0 geometry 0 (1g.10gb 4 of 7 free); 2 GPUs without one" */
static void
geometries(FILE *fp, const struct gs_hgeom_metrics *g)
{
	size_t	i, k, n = 0, none = 0;

	for (i = 0; i < g->m.gpus; i++) {
		const struct gs_hgeom_gpu *u = &g->gpu[i];
		const struct gs_vc_group *gr;

		if (u->geom < 0) {
			none++;
			continue;
		}
		gr = &u->dev->hgeom->groups[u->geom];
		fprintf(fp, "%s%s GPU %d geometry %d (", n++ ? "; " : "",
		    u->node->name, gs_gpu_number(u->node, u->j), u->geom);
		for (k = 0; k < gr->ninst; k++)
			fprintf(fp, "%s%s %d of %d free", k ? ", " : "",
			    gr->inst[k].name, gs_hgeom_free(u, k),
			    gr->inst[k].count);
		fputc(')', fp);
	}
	if (none > 0)
		fprintf(fp, "%s%zu GPU%s without one", n ? "; " : "", none,
		    none == 1 ? "" : "s");
}

void
gs_report_hmig_table(FILE *fp, const struct gs_report_run *rr)
{
	struct gs_hgeom_metrics	g;

	if (!hmig_of(rr, &g))
		return;
	fputs("  MIG (HAMi)         ", fp);
	summary(fp, &g.m);
	fputc('\n', fp);
	if (g.gpu != NULL) {
		fputs("  MIG geometries     ", fp);
		geometries(fp, &g);
		fputc('\n', fp);
	}
	gs_hgeom_metrics_release(&g);
}

int
gs_report_hmig_text(const struct gs_report_run *rr, char **sum, char **geom)
{
	struct gs_hgeom_metrics	g;
	size_t			len;
	FILE			*fp;

	*sum = *geom = NULL;
	if (!hmig_of(rr, &g))
		return 0;
	if ((fp = open_memstream(sum, &len)) != NULL) {
		summary(fp, &g.m);
		fclose(fp);
	}
	if (g.gpu != NULL && (fp = open_memstream(geom, &len)) != NULL) {
		geometries(fp, &g);
		fclose(fp);
	}
	gs_hgeom_metrics_release(&g);
	return *sum != NULL;
}

/* The geometry model's GPUs: node, index, UUID, geometry, instances. */
static json_t *
geometries_json(const struct gs_hgeom_metrics *g)
{
	json_t	*a = json_array(), *kinds;
	size_t	 i, k;

	for (i = 0; i < g->m.gpus; i++) {
		const struct gs_hgeom_gpu *u = &g->gpu[i];
		const struct gs_vc_group *gr = u->geom < 0 ? NULL :
		    &u->dev->hgeom->groups[u->geom];

		kinds = json_array();
		for (k = 0; gr != NULL && k < gr->ninst; k++)
			json_array_append_new(kinds, json_pack("{s:s,s:i,s:i}",
			    "name", gr->inst[k].name, "count",
			    (int)gr->inst[k].count, "free",
			    gs_hgeom_free(u, k)));
		json_array_append_new(a, json_pack("{s:s,s:i,s:s,s:o,s:o}",
		    "node", u->node->name, "gpu", (int)gs_gpu_number(u->node, u->j), "uuid",
		    u->dev->id, "geometry", u->geom < 0 ? json_null() :
		    json_integer(u->geom), "instances", kinds));
	}
	return a;
}

json_t *
gs_report_hmig_json(const struct gs_report_run *rr)
{
	struct gs_hgeom_metrics	 g;
	const struct gs_hmig_metrics *h = &g.m;
	json_t			*more, *o;
	size_t			 i;

	if (!hmig_of(rr, &g))
		return NULL;
	more = json_object();
	for (i = 0; i < h->nnames; i++)
		json_object_set_new(more, h->name[i],
		    json_integer((json_int_t)h->more[i]));
	o = json_pack("{s:I,s:I,s:I,s:I,s:o,s:o}", "gpus",
	    (json_int_t)h->gpus, "slices", (json_int_t)h->slices,
	    "free_slices", (json_int_t)h->free_slices, "stranded_slices",
	    (json_int_t)h->stranded, "largest_placeable", h->largest[0] ?
	    json_string(h->largest) : json_null(), "more_instances", more);
	if (g.gpu != NULL)
		json_object_set_new(o, "geometries", geometries_json(&g));
	gs_hgeom_metrics_release(&g);
	return o;
}
