/*
 * engine.c: the simulation loop.  The engine alone mutates cluster state.
 */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "int32.h"

/* Add (sign 1) or take back (sign -1) one placement's usage. */
static void
charge(struct gs_cluster *c, const struct gs_placement *pl,
    const struct gs_pod *pod, int32_t sign)
{
	struct gs_node	*n;
	size_t		 i, j;

	if (pl->status != GS_PLACED || pl->node < 0)
		return;
	n = &c->nodes[pl->node];
	for (i = 0; i < pl->nctrs; i++)
		for (j = 0; j < pl->ctrs[i].ngrants; j++) {
			const struct gs_grant	*g = &pl->ctrs[i].grants[j];
			struct gs_device	*d = &n->devs[g->dev];

			d->used = i32_add(d->used, sign);
			d->usedmem = i32_add(d->usedmem,
			    i32_mul(sign, g->usedmem));
			d->usedcores = i32_add(d->usedcores,
			    i32_mul(sign, g->usedcores));
		}
	n->used_cpu += sign * pod->req_cpu;
	n->used_mem += sign * pod->req_mem;
	n->used_pods += sign;
	n->gen++;
}

void
gs_engine_commit(struct gs_cluster *c, const struct gs_placement *pl,
    const struct gs_pod *pod)
{
	charge(c, pl, pod, 1);
}

void
gs_engine_release(struct gs_cluster *c, const struct gs_placement *pl,
    const struct gs_pod *pod)
{
	charge(c, pl, pod, -1);
	c->epoch++;	/* usage shrank: failure memos are void */
}

int
gs_engine_run(struct gs_cluster *c, const struct gs_workload *w,
    const struct gs_config *cfg, const struct gs_policy *p,
    struct gs_result *res, struct gs_error *err)
{
	void	*st;
	size_t	 i;

	memset(res, 0, sizeof *res);
	res->pl = xcalloc(w->npods, sizeof *res->pl);
	st = gs_policy_start(p, c, cfg, w);
	for (i = 0; i < w->npods; i++) {
		struct gs_placement	*pl = &res->pl[i];

		if (p->decide(st, c, &w->pods[i], pl, err) != 0) {
			p->destroy(st);
			gs_result_release(res);
			return -1;
		}
		pl->pod = i;
		res->npl++;
		switch (pl->status) {
		case GS_PLACED:
			res->placed++;
			gs_engine_commit(c, pl, &w->pods[i]);
			break;
		case GS_PENDING:
			res->pending++;
			break;
		case GS_UNMANAGED:
			res->unmanaged++;
			break;
		}
	}
	p->destroy(st);
	return 0;
}

void
gs_result_release(struct gs_result *res)
{
	size_t	i;

	for (i = 0; i < res->npl; i++)
		gs_placement_release(&res->pl[i]);
	free(res->pl);
	memset(res, 0, sizeof *res);
}
