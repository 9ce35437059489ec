/*
 * metrics/metrics.c: whole-GPU availability, fragmentation, stranded capacity,
 * footprint and contention.
 */
#include <stdlib.h>
#include <string.h>

#include "metrics/metrics.h"
#include "metrics/typical.h"
#include "util/util.h"
#include "sched/hami/vendor.h"
#include "sched/policy.h"

double
gs_device_idle(const struct gs_device *d)
{
	int64_t	free_mem = (int64_t)d->devmem - d->usedmem;

	if (d->devmem <= 0 || free_mem <= 0)
		return 0;
	return (double)free_mem / (double)d->devmem;
}

int
gs_device_can_host(const struct gs_device *d, const struct hami_req *s)
{
	struct hami_req	k = *s;
	int32_t		memreq;

	return strstr(d->type, "NVIDIA") != NULL &&
	    hami_capacity_check(d, &k, &memreq) < 0;
}

int
gs_device_offered(const struct gs_node *n, size_t j,
    const struct hami_profile *hp)
{
	const struct gs_device	*d = &n->devs[j];
	int			 nvidia = d->vendor == GV_NVIDIA;

	/* The peers' filters: HAMi's registered GPUs, Volcano's own
	 * (load/volcano_node.c), and whatever NVIDIA's device plugin
	 * advertises (its devices' kinds). */
	if (hp == NULL)
		return (n->registered || n->vc_reg ||
		    d->kind != GS_DEV_HAMI) && d->health;
	/* The handshake (CheckHealth, RegisterFromNodeAnnotations in
	 * pkg/scheduler/scheduler.go) or allocatable (v2.8+). */
	if (!hami_node_usable(n, hp))
		return 0;
	/* Fit's health check: NVIDIA from v2.7, every vendor from v2.10
	 * (fitInDevices, pkg/scheduler/policy + device Fit). */
	if (hp->health_check && (nvidia || hp->vendor_health_check) &&
	    !d->health)
		return 0;
	/* v2.10: hami.io/device-cordon (nvidia Fit alone reads it). */
	return !(hp->device_cordon && nvidia && d->cordoned);
}

const struct hami_profile *
gs_offer_profile(const struct gs_config *cfg)
{
	return cfg->profile == NULL || gs_policy_of_family(cfg->profile,
	    "hami") ? hami_profile(cfg) : NULL;
}

/* Fragmentation of n over the GPUs marked in offered (NULL: all of a
 * registered node's). */
static double
node_frag(const struct gs_node *n, const unsigned char *offered,
    const struct gs_shape *s, size_t ns)
{
	double	idle = 0, total = 0, part;
	size_t	i, k, fit;

#define OFFERED(i) (offered != NULL ? offered[i] != 0 : n->registered != 0)
	for (i = 0; i < n->ndevs; i++)
		if (OFFERED(i))
			idle += gs_device_idle(&n->devs[i]);
	for (k = 0; k < ns; k++) {
		part = 0;
		fit = 0;
		for (i = 0; i < n->ndevs; i++) {
			if (!OFFERED(i))
				continue;
			if (gs_device_can_host(&n->devs[i], &s[k].req))
				fit++;
			else
				part += gs_device_idle(&n->devs[i]);
		}
		total += s[k].weight * gs_frag_value(1, fit, s[k].req.nums,
		    idle, part);
	}
#undef OFFERED
	return total;
}

double
gs_node_frag(const struct gs_node *n, const struct gs_shape *s, size_t ns)
{
	return node_frag(n, NULL, s, ns);
}

/* The request shapes of the workload's GPU containers, in first-seen
 * order, none cut (gs_typical_shapes). */
void
gs_shapes_from_workload(const struct gs_workload *w,
    const struct gs_config *cfg, struct gs_shape **out, size_t *n)
{
	struct gs_shape	*v;
	struct gs_tkey	*key = NULL;
	struct hami_req	*req = NULL;
	size_t		 nk = 0, cap = 0, i, c, k;

	for (i = 0; i < w->npods; i++)
		for (c = 0; c < w->pods[i].nctrs; c++) {
			grow_array(&req, &cap, nk + 1, sizeof *req);
			hami_build_request(&w->pods[i].ctrs[c], cfg, &req[nk]);
			if (req[nk].nums > 0)
				nk++;
		}
	key = xcalloc(nk ? nk : 1, sizeof *key);
	for (i = 0; i < nk; i++) {
		key[i].k[0] = req[i].nums;
		key[i].k[1] = req[i].memreq;
		key[i].k[2] = req[i].mempct;
		key[i].k[3] = req[i].coresreq;
		key[i].spec = "";
		key[i].first = i;
	}
	*n = gs_typical_shapes(key, nk, GS_TORDER_FIRST, 100, NULL, NULL);
	v = *n > 0 ? xcalloc(*n, sizeof *v) : NULL;
	for (k = 0; k < *n; k++) {
		v[k].req = req[key[k].first];
		v[k].pods = (size_t)key[k].count;
		v[k].weight = (double)v[k].pods / (double)nk;
	}
	free(key);
	free(req);
	*out = v;
}

/* The memory a container declares of each GPU it holds (nvidia.com/gpumem,
 * or gpumem-percentage of device d; a KAI fraction its share of grant g's
 * group, sched/kai/dp.h), 0 when it declares none. */
static int64_t
declared_mem(const struct gs_container *c, const struct gs_device *d,
    const struct gs_grant *g)
{
	if (g->kai_unit)
		return g->usedmem;
	if (c->lim[GS_RES_GPUMEM].set && c->lim[GS_RES_GPUMEM].ok)
		return c->lim[GS_RES_GPUMEM].v;
	if (c->lim[GS_RES_GPUMEM_PCT].set && c->lim[GS_RES_GPUMEM_PCT].ok)
		return c->lim[GS_RES_GPUMEM_PCT].v * d->devmem / 100;
	return 0;
}

/* Pods per device, per physical GPU and per node, and the memory the
 * sharers of each replica GPU declare, from the placements of r. */
static void
count_pods(struct gs_metrics *m, const struct gs_cluster *c,
    const struct gs_workload *w, const struct gs_result *r)
{
	size_t	*last, *lastp, i, j, k, g, p;

	if (r == NULL)
		return;
	last = xcalloc(m->gpus ? m->gpus : 1, sizeof *last);
	lastp = xcalloc(m->pgpus ? m->pgpus : 1, sizeof *lastp);
	m->placed = r->placed;
	m->pending = r->pending;
	m->unmanaged = r->unmanaged;
	for (i = 0; i < r->npl; i++) {
		const struct gs_placement *pl = &r->pl[i];

		if (pl->status != GS_PLACED)
			continue;
		m->node[pl->node].pods++;
		for (j = 0; j < pl->ninit + pl->nctrs; j++)
			for (k = 0; k < gs_placement_ctr(pl, j)->ngrants; k++) {
				int dev = gs_placement_ctr(pl, j)->grants[k].dev;
				const struct gs_device *d =
				    &c->nodes[pl->node].devs[dev];

				g = m->gpu_base[pl->node] + (size_t)dev;
				p = m->dev_pgpu[g];
				if ((d->kind == GS_DEV_TIMESLICE ||
				    d->kind == GS_DEV_MPS) && w != NULL &&
				    pl->pod < w->npods)
					m->pgpu[p].declared_mem += declared_mem(
					    gs_pod_container(&w->pods[pl->pod],
					    pl->ninit, j), d, &gs_placement_ctr(
					    pl, j)->grants[k]);
				if (lastp[p] != i + 1) {
					lastp[p] = i + 1;
					m->pgpu[p].pods++;
				}
				if (last[g] == i + 1)
					continue;
				last[g] = i + 1;
				m->gpu_pods[g]++;
			}
	}
	free(lastp);
	free(last);
}

/* The physical GPUs of every node, and each device's. */
static void
build_pgpus(struct gs_metrics *m, const struct gs_cluster *c)
{
	size_t	i, k, j;

	m->pgpu = xcalloc(m->gpus ? m->gpus : 1, sizeof *m->pgpu);
	m->pgpu_base = xcalloc(c->nnodes + 1, sizeof *m->pgpu_base);
	m->dev_pgpu = xcalloc(m->gpus ? m->gpus : 1, sizeof *m->dev_pgpu);
	for (i = 0; i < c->nnodes; i++) {
		m->pgpu_base[i] = m->pgpus;
		m->pgpus += gs_physgpus_of_node(&c->nodes[i], i,
		    &m->pgpu[m->pgpus]);
		for (k = m->pgpu_base[i]; k < m->pgpus; k++)
			for (j = 0; j < m->pgpu[k].ndevs; j++)
				m->dev_pgpu[m->gpu_base[i] + m->pgpu[k].first +
				    j] = k;
	}
	m->pgpu_base[c->nnodes] = m->pgpus;
}

/*
 * The physical GPUs of node i: used, pods per GPU, and for the device
 * plugin's kinds (HAMi's devices are judged device by device in
 * gs_metrics_compute) whole free only when nothing at all uses the GPU,
 * idle and fragmented capacity as metrics/kinds.c defines them.
 */
static void
node_pgpus(struct gs_metrics *m, const struct gs_node *n, size_t i,
    const struct hami_profile *hp, size_t *pods_on_gpus)
{
	struct gs_node_metrics	*nm = &m->node[i];
	size_t			 k, j;

	for (k = m->pgpu_base[i]; k < m->pgpu_base[i + 1]; k++) {
		struct gs_physgpu *g = &m->pgpu[k];

		gs_physgpu_usage(g, n);
		if (g->used > 0)
			m->gpus_used++;
		*pods_on_gpus += g->pods;
		if (g->pods > m->pods_per_gpu_max)
			m->pods_per_gpu_max = g->pods;
		for (j = g->first; j < g->first + g->ndevs; j++)
			g->offered |= gs_device_offered(n, j, hp);
		if (g->kind == GS_DEV_HAMI)
			continue;
		m->shared++;
		if (!g->offered) {
			m->gpus_offline++;
			continue;
		}
		if (!g->busy)
			nm->whole_free++;
		nm->idle_gpus += gs_physgpu_idle(g);
		nm->frag_gpus += gs_physgpu_frag(g);
	}
}

void
gs_metrics_compute(struct gs_metrics *m, const struct gs_cluster *c,
    const struct gs_workload *w, const struct gs_config *cfg,
    const struct gs_result *r)
{
	size_t	 i, j, k, pods_on_gpus = 0;
	size_t	 maxdevs = 0;
	int32_t	 min_mem;
	unsigned char *offered;
	const struct hami_profile *hp = gs_offer_profile(cfg);

	memset(m, 0, sizeof *m);
	m->nodes = c->nnodes;
	m->largest_block_node = -1;
	m->node = xcalloc(c->nnodes, sizeof *m->node);
	m->gpu_base = xcalloc(c->nnodes + 1, sizeof *m->gpu_base);
	for (i = 0; i < c->nnodes; i++) {
		m->gpu_base[i] = m->gpus;
		m->gpus += c->nodes[i].ndevs;
		if (c->nodes[i].ndevs > maxdevs)
			maxdevs = c->nodes[i].ndevs;
	}
	m->gpu_base[c->nnodes] = m->gpus;
	m->gpu_pods = xcalloc(m->gpus ? m->gpus : 1, sizeof *m->gpu_pods);
	build_pgpus(m, c);
	gs_shapes_from_workload(w, cfg, &m->shapes, &m->nshapes);

	count_pods(m, c, w, r);

	/* Smallest memory a target shape asks of a GPU (for stranding). */
	offered = xcalloc(maxdevs ? maxdevs : 1, 1);
	for (i = 0; i < c->nnodes; i++) {
		const struct gs_node	*n = &c->nodes[i];
		struct gs_node_metrics	*nm = &m->node[i];
		int			 any = 0;

		for (j = 0; j < n->ndevs; j++) {
			const struct gs_device	*d = &n->devs[j];
			int64_t			 free_mem = (int64_t)d->devmem -
						    d->usedmem;
			int			 slots_out, cores_out, mem_out;
			int			 idle = d->used == 0 &&
						    d->usedmem == 0 &&
						    d->usedcores == 0;

			m->mem_total += d->devmem;
			m->mem_used += d->usedmem;
			if (!idle)
				any = 1;
			/* The device plugin's kinds are judged per
			 * physical GPU (node_pgpus), and HAMi's shapes
			 * do not apply to them. */
			offered[j] = 0;
			if (d->kind != GS_DEV_HAMI)
				continue;
			/* A GPU HAMi does not schedule on is no free
			 * capacity of any kind. */
			offered[j] = (unsigned char)gs_device_offered(n, j,
			    hp);
			if (!offered[j]) {
				m->gpus_offline++;
				continue;
			}
			if (idle)
				nm->whole_free++;
			nm->idle_gpus += gs_device_idle(d);
			min_mem = INT32_MAX;
			for (k = 0; k < m->nshapes; k++) {
				int32_t sm = hami_memreq(d, &m->shapes[k].req);

				if (sm < min_mem)
					min_mem = sm;
			}
			if (m->nshapes == 0)
				min_mem = 1;
			slots_out = d->used >= d->count;
			cores_out = d->devcore > 0 &&
			    d->usedcores >= d->devcore;
			mem_out = free_mem < (min_mem > 0 ? min_mem : 1);
			if ((slots_out || cores_out) && free_mem > 0)
				m->stranded_mem += free_mem;
			if (mem_out && !slots_out && !cores_out) {
				m->stranded_slots += d->count - d->used;
				m->stranded_cores += d->devcore - d->usedcores;
			}
		}
		if (any)
			m->nodes_used++;
		nm->frag_gpus = node_frag(n, offered, m->shapes, m->nshapes);
		node_pgpus(m, n, i, hp, &pods_on_gpus);
		m->whole_free += nm->whole_free;
		m->idle_gpus += nm->idle_gpus;
		m->frag_gpus += nm->frag_gpus;
		if (nm->whole_free > m->largest_block) {
			m->largest_block = nm->whole_free;
			m->largest_block_node = (long)i;
		}
	}
	free(offered);
	m->frag_pct = m->idle_gpus > 0 ? 100.0 * m->frag_gpus / m->idle_gpus :
	    0;
	m->pods_per_gpu_mean = m->gpus_used > 0 ?
	    (double)pods_on_gpus / (double)m->gpus_used : 0;
}

void
gs_metrics_release(struct gs_metrics *m)
{
	free(m->node);
	free(m->gpu_pods);
	free(m->gpu_base);
	free(m->shapes);
	free(m->pgpu);
	free(m->pgpu_base);
	free(m->dev_pgpu);
	memset(m, 0, sizeof *m);
}
