/*
 * engine.c: the simulation loop.  The engine alone mutates cluster state.
 */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "int32.h"

static void
charge_dev(struct gs_device *d, int32_t sign, int32_t slots, int32_t mem,
    int32_t cores)
{
	d->used = i32_add(d->used, i32_mul(sign, slots));
	d->usedmem = i32_add(d->usedmem, i32_mul(sign, mem));
	d->usedcores = i32_add(d->usedcores, i32_mul(sign, cores));
}

static void
charge_list(struct gs_node *n, const struct gs_ctr_grant *v, size_t nv,
    int32_t sign)
{
	size_t	i, j;

	for (i = 0; i < nv; i++)
		for (j = 0; j < v[i].ngrants; j++)
			charge_dev(&n->devs[v[i].grants[j].dev], sign, 1,
			    v[i].grants[j].usedmem, v[i].grants[j].usedcores);
}

/*
 * CollapseInitContainerUsage for one GPU: the init containers' peak
 * (one slot) against the containers' sum (a slot each), the larger of
 * each.  Returns 0 when the pod does not use the GPU.
 */
static int
collapsed(const struct gs_placement *pl, int dev, int32_t *slots,
    int32_t *mem, int32_t *cores)
{
	int32_t	imem = 0, icores = 0, islots = 0, amem = 0, acores = 0;
	int32_t	aslots = 0;
	size_t	i, j;

	for (i = 0; i < pl->ninit; i++)
		for (j = 0; j < pl->init[i].ngrants; j++) {
			const struct gs_grant *g = &pl->init[i].grants[j];

			if (g->dev != dev)
				continue;
			islots = 1;
			if (g->usedmem > imem)
				imem = g->usedmem;
			if (g->usedcores > icores)
				icores = g->usedcores;
		}
	for (i = 0; i < pl->nctrs; i++)
		for (j = 0; j < pl->ctrs[i].ngrants; j++) {
			const struct gs_grant *g = &pl->ctrs[i].grants[j];

			if (g->dev != dev)
				continue;
			aslots = i32_add(aslots, 1);
			amem = i32_add(amem, g->usedmem);
			acores = i32_add(acores, g->usedcores);
		}
	if (islots == 0 && aslots == 0)
		return 0;
	*slots = islots > aslots ? islots : aslots;
	*mem = imem > amem ? imem : amem;
	*cores = icores > acores ? icores : acores;
	return 1;
}

/* Add (sign 1) or take back (sign -1) one placement's usage. */
static void
charge(struct gs_cluster *c, const struct gs_placement *pl,
    const struct gs_pod *pod, int32_t sign)
{
	struct gs_node	*n;
	size_t		 i;
	int32_t		 slots, mem, cores;

	if (pl->status != GS_PLACED || pl->node < 0)
		return;
	n = &c->nodes[pl->node];
	if (pl->ninit > 0 && pl->init_collapse) {
		for (i = 0; i < n->ndevs; i++)
			if (collapsed(pl, (int)i, &slots, &mem, &cores))
				charge_dev(&n->devs[i], sign, slots, mem,
				    cores);
	} else {
		charge_list(n, pl->init, pl->ninit, sign);
		charge_list(n, pl->ctrs, pl->nctrs, sign);
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
