/*
 * report/rows.c: a placed pod's rows, one per device granted
 * (report/rows.h), shared by the table, CSV and HTML writers.
 */
#include "report/rows.h"

int
gs_grant_row_next(const struct gs_cluster *c, const struct gs_pod *pod,
    const struct gs_placement *pl, struct gs_grant_row *r)
{
	const struct gs_ctr_grant	*cg;

	for (; pl->status == GS_PLACED && r->j < pl->ninit + pl->nctrs;
	    r->j++, r->k = 0) {
		cg = gs_placement_ctr(pl, r->j);
		if (r->k >= cg->ngrants)
			continue;
		r->node = &c->nodes[pl->node];
		r->g = &cg->grants[r->k++];
		r->gpu = gs_gpu_number(r->node, (size_t)r->g->dev);
		r->uuid = r->node->devs[r->g->dev].id;
		r->ctr = gs_placement_ctr_name(pl, pod, r->j, &r->init);
		return 1;
	}
	return 0;
}
