/*
 * sched/hami/quota.c: HAMi's namespace ResourceQuota rules over the quota table
 * (model/quota.h).
 *
 * - FitQuota (pkg/device/quota.go): a limit of 0 is no limit up to v2.9
 *   (`Limit != 0`); from v2.10 an explicit limit, 0 included, counts
 *   (`LimitSet`).  The memory limit is scaled by the vendor's
 *   MemoryFactor (v2.8+), as the recorded usage is.
 * - fitQuota in NVIDIA's Fit (pkg/device/nvidia/device.go; v2.10 also
 *   Cambricon's, pkg/device/cambricon/device.go): the candidate device's
 *   memory and cores plus this container's devices so far (tmpDevs,
 *   v2.7), plus the pod's earlier containers on the node (allocated,
 *   v2.8), all of it passed through CollapseInitContainerUsage (v2.10).
 * - fitResourceQuota in the admission webhook (pkg/scheduler/webhook.go):
 *   v2.9 NVIDIA only, summing gpumem and gpucores (limits, else
 *   requests) of the containers asking for exactly one GPU; v2.10 every
 *   vendor with memory or core resources, from GenerateResourceRequests,
 *   max(sum of containers, largest init container).
 */
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "model/quota.h"
#include "util/int32.h"
#include "util/util.h"
#include "sched/hami/vendor.h"

int
hami_fit_quota(const struct gs_quota *mem, const struct gs_quota *core,
    int64_t memreq, int64_t coresreq, int32_t factor, int zero_blocks)
{
	int64_t	limit;

	if (mem != NULL) {
		limit = mem->limit;
		if (factor > 1)
			limit = i64_mul(limit, factor);
		if ((zero_blocks ? mem->limit_set : limit != 0) &&
		    i64_add(mem->used, memreq) > limit)
			return 0;
	}
	if (core != NULL &&
	    (zero_blocks ? core->limit_set : core->limit != 0) &&
	    i64_add(core->used, coresreq) > core->limit)
		return 0;
	return 1;
}

int
hami_quota_prepare(struct hami_pod_quota *q, const struct gs_cluster *c,
    const struct gs_pod *pod, const struct hami_profile *hp)
{
	const char	*m, *k;
	int		 v, any = 0;

	memset(q, 0, sizeof *q);
	q->hp = hp;
	if (hp->quota_fit == HQF_NONE ||
	    !gs_quotas_limit_ns(&c->quotas, pod->ns))
		return 0;
	for (v = 0; v < GS_QUOTA_VENDORS; v++) {
		if (v != GV_NVIDIA && !hp->quota_fit_mlu)
			continue;
		m = gs_quota_mem_name(c->hami, v);
		k = gs_quota_core_name(c->hami, v);
		q->mem[v] = m != NULL ? gs_quota_find(&c->quotas, pod->ns, m) :
		    NULL;
		q->core[v] = k != NULL ? gs_quota_find(&c->quotas, pod->ns,
		    k) : NULL;
		any |= q->mem[v] != NULL || q->core[v] != NULL;
	}
	return any;
}

/* Does container ci hold a grant of vendor? */
static int
holds(const struct hami_scratch *s, const struct hami_pod_quota *q,
    size_t ci, int vendor)
{
	const struct gs_grant	*g = q->grants + ci * q->stride;
	int			 j;

	for (j = 0; j < q->ngrants[ci]; j++)
		if (s->devs[g[j].dev].vendor == vendor)
			return 1;
	return 0;
}

static void
add_use(struct gs_gpu_use **u, size_t *n, size_t *cap, int dev, int init,
    int32_t mem, int32_t cores)
{
	grow_array(u, cap, *n + 1, sizeof **u);
	(*u)[*n].dev = dev;
	(*u)[*n].init = init;
	(*u)[*n].mem = mem;
	(*u)[(*n)++].cores = cores;
}

/*
 * v2.10's fitQuota total: the hypothetical PodDevices of the type (the
 * phase's earlier containers, then this one with the candidate) through
 * CollapseInitContainerUsage, which takes the first len(initContainers)
 * entries of the list as init containers by position.  The list holds
 * an entry per container that was granted the type; score.go also pads
 * one for a GPU-less container (the app phase: any other container)
 * under each of the node's device Types, which is the request's own
 * only when some device's Type is exactly it.  The init phase's list is
 * the init containers', the app phase's the containers' alone.
 */
static void
collapsed_total(const struct hami_scratch *s, int vendor,
    const struct gs_grant *tmp, int ntmp, int dev, int32_t memreq,
    int32_t cores, int64_t *mem, int64_t *core)
{
	const struct hami_pod_quota *q = s->quota;
	struct gs_gpu_use	*u = NULL;
	size_t			 n = 0, cap = 0, pos = 0, ci, i, k;
	size_t			 lo = q->cur < q->ninit ? 0 : q->ninit;
	int			 listed = 0, j, has;
	int32_t			 slots, m, c;

	for (i = 0; i < s->n; i++)
		if (s->devs[i].type != NULL &&
		    strcmp(s->devs[i].type, gs_vendors[vendor].type) == 0)
			listed = 1;
	for (ci = lo; ci < q->cur; ci++) {
		const struct gs_grant *g = q->grants + ci * q->stride;

		has = holds(s, q, ci, vendor);
		if (!has && !(listed && (q->ngrants[ci] == 0 ||
		    ci >= q->ninit)))
			continue;
		for (j = 0; j < q->ngrants[ci]; j++)
			if (s->devs[g[j].dev].vendor == vendor)
				add_use(&u, &n, &cap, g[j].dev,
				    pos < q->ninit, g[j].usedmem,
				    g[j].usedcores);
		pos++;
	}
	for (j = 0; j < ntmp; j++)
		add_use(&u, &n, &cap, tmp[j].dev, pos < q->ninit,
		    tmp[j].usedmem, tmp[j].usedcores);
	add_use(&u, &n, &cap, dev, pos < q->ninit, memreq, cores);
	*mem = *core = 0;
	for (i = 0; i < n; i++) {
		for (k = 0; k < i && u[k].dev != u[i].dev; k++)
			;
		if (k < i)
			continue;	/* that GPU is counted */
		gs_collapse_gpu(u, n, u[i].dev, 0, &slots, &m, &c);
		*mem += m;
		*core += c;
	}
	free(u);
}

int
hami_quota_refuses(const struct hami_scratch *s, int vendor,
    const struct gs_grant *tmp, int ntmp, int dev, int32_t memreq,
    int32_t cores)
{
	const struct hami_pod_quota *q = s->quota;
	int64_t			 mem = memreq, core = cores;
	size_t			 ci;
	int			 j;

	if (vendor >= GS_QUOTA_VENDORS ||
	    (q->mem[vendor] == NULL && q->core[vendor] == NULL))
		return 0;
	if (q->hp->quota_fit == HQF_COLLAPSED)
		collapsed_total(s, vendor, tmp, ntmp, dev, memreq, cores,
		    &mem, &core);
	else {
		for (j = 0; j < ntmp; j++) {
			mem += tmp[j].usedmem;
			core += tmp[j].usedcores;
		}
		for (ci = 0; q->hp->quota_fit == HQF_POD && ci < q->cur;
		    ci++) {
			const struct gs_grant *g = q->grants + ci * q->stride;

			for (j = 0; j < q->ngrants[ci]; j++)
				if (s->devs[g[j].dev].vendor == vendor) {
					mem += g[j].usedmem;
					core += g[j].usedcores;
				}
		}
	}
	return !hami_fit_quota(q->mem[vendor], q->core[vendor], mem, core,
	    gs_vendors[vendor].mem_factor, q->hp->quota_zero_blocks);
}

/* v2.9's getRequest: limits, else requests, when AsInt64 reads it. */
static int
webhook_value(const struct gs_resval *lim, const struct gs_resval *req,
    int r, int64_t *out)
{
	const struct gs_resval	*v = lim[r].set ? &lim[r] : &req[r];

	*out = v->set && v->ok ? v->v : 0;
	return v->set && v->ok;
}

/* v2.9: NVIDIA's resources, read off the mutated containers. */
static int
webhook_nvidia(const struct gs_cluster *c, const struct gs_pod *pod,
    const struct gs_config *cfg)
{
	struct gs_resval	 lim[GS_RES_N];
	int64_t			 mem = 0, cores = 0, n, x;
	size_t			 i;
	const char		*m = gs_quota_mem_name(c->hami, GV_NVIDIA);
	const char		*k = gs_quota_core_name(c->hami, GV_NVIDIA);

	for (i = 0; i < pod->nctrs; i++) {
		hami_webhook_limits(&pod->ctrs[i], cfg, lim);
		if (!webhook_value(lim, pod->ctrs[i].req, GS_RES_GPU, &n) ||
		    n != 1)
			continue;
		if (webhook_value(lim, pod->ctrs[i].req, GS_RES_GPUMEM, &x))
			mem = i64_add(mem, x);
		if (webhook_value(lim, pod->ctrs[i].req, GS_RES_GPUCORES, &x))
			cores = i64_add(cores, x);
	}
	return !hami_fit_quota(gs_quota_find(&c->quotas, pod->ns, m),
	    gs_quota_find(&c->quotas, pod->ns, k), mem, cores, 1, 0);
}

/* v2.10: vendor v's requests, max(containers' sum, largest init). */
static int
webhook_vendor(const struct gs_cluster *c, const struct gs_pod *pod, int v,
    const struct hami_creq *reqs, size_t nreqs, size_t ninit)
{
	const char	*m = gs_quota_mem_name(c->hami, v);
	const char	*k = gs_quota_core_name(c->hami, v);
	int64_t		 app[2] = { 0, 0 }, init[2] = { 0, 0 }, x[2];
	size_t		 i, t;

	if (m == NULL && k == NULL)
		return 0;
	for (i = 0; i < nreqs; i++)
		for (t = 0; t < reqs[i].n; t++) {
			if (reqs[i].r[t].vendor != v)
				continue;
			x[0] = (int64_t)reqs[i].r[t].memreq * reqs[i].r[t].nums;
			x[1] = (int64_t)reqs[i].r[t].coresreq *
			    reqs[i].r[t].nums;
			if (i >= ninit) {
				app[0] += x[0];
				app[1] += x[1];
			} else {
				init[0] = x[0] > init[0] ? x[0] : init[0];
				init[1] = x[1] > init[1] ? x[1] : init[1];
			}
		}
	x[0] = app[0] > init[0] ? app[0] : init[0];
	x[1] = app[1] > init[1] ? app[1] : init[1];
	if (x[0] == 0 && x[1] == 0)
		return 0;
	return !hami_fit_quota(m ? gs_quota_find(&c->quotas, pod->ns, m) :
	    NULL, k ? gs_quota_find(&c->quotas, pod->ns, k) : NULL, x[0],
	    x[1], gs_vendors[v].mem_factor, 1);
}

int
hami_quota_webhook_refuses(const struct gs_cluster *c,
    const struct gs_pod *pod, const struct gs_config *cfg,
    const struct hami_creq *reqs, size_t ninit)
{
	const struct hami_profile *hp = hami_profile(cfg);
	int	v;

	if (hp->quota_webhook == HQW_NONE ||
	    !gs_quotas_limit_ns(&c->quotas, pod->ns))
		return 0;
	if (hp->quota_webhook == HQW_NVIDIA_LIMITS)
		return webhook_nvidia(c, pod, cfg);
	for (v = 0; v < GV_N; v++)
		if (gs_vendor_registered(v, hp) &&
		    webhook_vendor(c, pod, v, reqs, ninit + pod->nctrs, ninit))
			return 1;
	return 0;
}
