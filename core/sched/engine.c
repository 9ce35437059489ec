/*
 * sched/engine.c: the simulation loop.  The engine alone mutates cluster state.
 */
#include <stdlib.h>
#include <string.h>

#include "sched/engine.h"
#include "util/int32.h"
#include "model/quota.h"
#include "model/dra.h"
#include "sched/hami/vendor.h"
#include "sched/hami/mig.h"
#include "sched/kai/dp.h"
#include "sched/volcano/vgpu.h"

static void
charge_dev(struct gs_device *d, int32_t sign, int32_t slots, int32_t mem,
    int32_t cores, int32_t milli)
{
	d->used = i32_add(d->used, i32_mul(sign, slots));
	d->usedmem = i32_add(d->usedmem, i32_mul(sign, mem));
	d->usedcores = i32_add(d->usedcores, i32_mul(sign, cores));
	d->usedmilli = i32_add(d->usedmilli, i32_mul(sign, milli));
}

/* Charge the grants; tot[v] sums vendor v's memory ([0]) and cores. */
static void
charge_list(struct gs_node *n, const struct gs_ctr_grant *v, size_t nv,
    int32_t sign, int64_t (*tot)[2])
{
	size_t	i, j;

	for (i = 0; i < nv; i++)
		for (j = 0; j < v[i].ngrants; j++) {
			const struct gs_grant *g = &v[i].grants[j];

			/* KAI's fractions on the device plugin's units take
			 * a slot per group (sched/kai/dp.h). */
			charge_dev(&n->devs[g->dev], sign, g->kai_unit ?
			    gs_kai_dp_charge(&n->devs[g->dev], g, sign) :
			    gs_grant_slots(g), g->usedmem, g->usedcores,
			    g->milli);
			/* HAMi v2.10 MIG: the placement in use. */
			hami_mig_use(&n->devs[g->dev], g, sign);
			hami_geom_use(&n->devs[g->dev], g, sign);
			/* Volcano dynamic MIG: the group and position. */
			gs_volcano_mig_use(&n->devs[g->dev], g, sign);
			tot[n->devs[g->dev].vendor][0] += g->usedmem;
			tot[n->devs[g->dev].vendor][1] += g->usedcores;
		}
}

/*
 * Does HAMi's per-type list for vendor v hold an entry for every
 * container?  score.go's allocateInitContainers and allocateAppContainers
 * (v2.10) add an empty entry, for a container that asks for nothing of a
 * type, under each of the node's device types (nodeDeviceBaseTypes:
 * Device.Type), while fitInDevices files grants under the request's Type.
 * Only when some device's type is exactly the request Type do the two meet.
 */
static int
every_container_listed(const struct gs_node *n, int v)
{
	size_t	k;

	for (k = 0; k < n->ndevs; k++)
		if (n->devs[k].type != NULL &&
		    strcmp(n->devs[k].type, gs_vendors[v].type) == 0)
			return 1;
	return 0;
}

/*
 * The placement's grants on node n as gs_gpu_use entries (caller frees).
 * An entry is an init container's by container, or (GS_COLLAPSE_BY_POSITION)
 * as CollapseInitContainerUsage (pkg/device/initContainer.go) tells: by
 * its container's position in the per-type list, below the pod's number
 * of init containers.  When an init container asks for no GPU, the first
 * GPU-asking containers take the init containers' places.
 */
static struct gs_gpu_use *
gpu_uses(const struct gs_placement *pl, const struct gs_node *n,
    size_t *count)
{
	struct gs_gpu_use	*u = NULL;
	size_t			 i, j, cap = 0, pos[GV_N] = { 0 }, at[GV_N];
	int			 listed[GV_N], asks[GV_N], v;

	for (v = 0; v < GV_N; v++)
		listed[v] = pl->init_collapse != GS_COLLAPSE_BY_POSITION ||
		    every_container_listed(n, v);
	*count = 0;
	for (i = 0; i < pl->ninit + pl->nctrs; i++) {
		const struct gs_ctr_grant *cg = gs_placement_ctr(pl, i);

		memset(asks, 0, sizeof asks);
		for (j = 0; j < cg->ngrants; j++) {
			v = n->devs[cg->grants[j].dev].vendor;
			if (!asks[v]) {
				asks[v] = 1;
				at[v] = pos[v]++;
			}
		}
		for (j = 0; j < cg->ngrants; j++) {
			v = n->devs[cg->grants[j].dev].vendor;
			grow_array(&u, &cap, *count + 1, sizeof *u);
			u[*count].dev = cg->grants[j].dev;
			u[*count].init = listed[v] ? i < pl->ninit :
			    at[v] < pl->ninit;
			u[*count].mem = cg->grants[j].usedmem;
			u[(*count)++].cores = cg->grants[j].usedcores;
		}
	}
	return u;
}

/*
 * Add (sign 1) or take back (sign -1) one placement's usage.  The share
 * view's milli (gs_grant.milli) is charged with the grant; a collapsed
 * init-container placement (HAMi v2.10) charges none, as trace pods have
 * no init containers.
 */
static void
charge(struct gs_cluster *c, const struct gs_placement *pl,
    const struct gs_pod *pod, int32_t sign)
{
	struct gs_node	*n;
	size_t		 i, nu;
	int32_t		 slots, mem, cores;
	int64_t		 tot[GV_N][2];
	int		 v;

	if (pl->status != GS_PLACED || pl->node < 0)
		return;
	memset(tot, 0, sizeof tot);
	n = &c->nodes[pl->node];
	if (pl->ninit > 0 && pl->init_collapse) {
		struct gs_gpu_use	*u = gpu_uses(pl, n, &nu);

		for (i = 0; i < n->ndevs; i++)
			if (gs_collapse_gpu(u, nu, (int)i, 0, &slots, &mem,
			    &cores)) {
				charge_dev(&n->devs[i], sign, slots, mem,
				    cores, 0);
				tot[n->devs[i].vendor][0] += mem;
				tot[n->devs[i].vendor][1] += cores;
			}
		free(u);
	} else {
		charge_list(n, pl->init, pl->ninit, sign, tot);
		charge_list(n, pl->ctrs, pl->nctrs, sign, tot);
	}
	/* HAMi's AddUsage/RmUsage of the namespace's quotas (model/quota.h):
	 * the
	 * devices as charged (v2.10: collapsed).  Only quotas that exist:
	 * a simulation knows its limits before the first pod. */
	for (v = 0; c->quotas.n > 0 && v < GV_N; v++)
		if (tot[v][0] != 0 || tot[v][1] != 0)
			gs_quota_charge(&c->quotas, c->hami, pod->ns, v,
			    tot[v][0], tot[v][1], sign, 0);
	n->used_cpu += sign * pod->req_cpu;
	n->used_mem += sign * pod->req_mem;
	n->used_pods += sign;
	n->used_vgcu_shared = i64_add(n->used_vgcu_shared,
	    i64_mul(sign, pl->vgcu_shared));
	if (pl->dra != NULL && c->dra != NULL)	/* DRA devices (model/dra.h) */
		gs_dra_charge(c->dra, pl->dra, sign);
	gs_cluster_touch(c, (size_t)pl->node);	/* gen++, logged */
}

void
gs_engine_advance(struct gs_cluster *c, const struct gs_placement *d)
{
	if (d->win_slot > GS_WIN_NONE && d->win_slot < GS_WIN_N)
		c->win_next[d->win_slot] = d->win_next;
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
    const struct gs_progress *prog, struct gs_result *res,
    struct gs_error *err)
{
	void	*st;
	size_t	 i;

	memset(res, 0, sizeof *res);
	res->pl = xcalloc(w->npods, sizeof *res->pl);
	st = gs_policy_start(p, c, cfg, w);
	for (i = 0; i < w->npods; i++) {
		struct gs_placement	*pl = &res->pl[i];

		if (gs_policy_decide(p, st, c, &w->pods[i], pl, err) != 0) {
			p->destroy(st);	/* the pods before it stay decided */
			return -1;
		}
		pl->pod = i;
		res->npl++;
		gs_engine_advance(c, pl);
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
		gs_progress_step(prog, i + 1, w->npods);
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
