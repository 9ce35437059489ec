/*
 * report/hmig.c: the MIG metrics line and JSON object of HAMi v2.10's
 * MIG-mode GPUs (metrics/hami_mig.c), shown when the run's profile
 * schedules them (hami-v2.10.0) and the cluster has one.
 */
#include <stdio.h>
#include <string.h>

#include "metrics/hami_mig.h"
#include "report/hmig.h"
#include "sched/hami/hami.h"
#include "sched/policy.h"

/* HAMi v2.10's MIG GPUs (metrics/hami_mig.c), when the profile has them. */
static int
hmig_of(const struct gs_report_run *rr, struct gs_hmig_metrics *h)
{
	if (!gs_policy_of_family(rr->cfg->profile, "hami") ||
	    !hami_profile(rr->cfg)->mig_reservation)
		return 0;
	gs_hmig_metrics(rr->cluster, h);
	return h->gpus > 0;
}

void
gs_report_hmig_table(FILE *fp, const struct gs_report_run *rr)
{
	struct gs_hmig_metrics	h;
	size_t			i;

	if (!hmig_of(rr, &h))
		return;
	fprintf(fp, "  MIG (HAMi)         %zu GPUs: %zu of %zu slices free, %zu "
	    "stranded; largest placeable %s; more instances", h.gpus,
	    h.free_slices, h.slices, h.stranded, h.largest[0] ? h.largest :
	    "none");
	for (i = 0; i < h.nnames; i++)
		fprintf(fp, "%s %s %zu", i ? "," : "", h.name[i], h.more[i]);
	fprintf(fp, "\n");
}

json_t *
gs_report_hmig_json(const struct gs_report_run *rr)
{
	struct gs_hmig_metrics	h;
	json_t			*more;
	size_t			i;

	if (!hmig_of(rr, &h))
		return NULL;
	more = json_object();
	for (i = 0; i < h.nnames; i++)
		json_object_set_new(more, h.name[i],
		    json_integer((json_int_t)h.more[i]));
	return json_pack("{s:I,s:I,s:I,s:I,s:o,s:o}", "gpus",
	    (json_int_t)h.gpus, "slices", (json_int_t)h.slices, "free_slices",
	    (json_int_t)h.free_slices, "stranded_slices",
	    (json_int_t)h.stranded, "largest_placeable", h.largest[0] ?
	    json_string(h.largest) : json_null(), "more_instances", more);
}

