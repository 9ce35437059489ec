/*
 * metrics.c: whole-GPU availability, fragmentation, stranded capacity,
 * footprint and contention.
 */
#include <stdlib.h>
#include <string.h>

#include "metrics.h"
#include "util.h"

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

double
gs_node_frag(const struct gs_node *n, const struct gs_shape *s, size_t ns)
{
	double	idle = 0, total = 0, part;
	size_t	i, k, fit;

	for (i = 0; i < n->ndevs; i++)
		idle += gs_device_idle(&n->devs[i]);
	for (k = 0; k < ns; k++) {
		part = 0;
		fit = 0;
		for (i = 0; i < n->ndevs; i++) {
			if (gs_device_can_host(&n->devs[i], &s[k].req))
				fit++;
			else
				part += gs_device_idle(&n->devs[i]);
		}
		if (fit < (size_t)s[k].req.nums || !n->registered)
			part = idle;
		total += s[k].weight * part;
	}
	return total;
}

static int
shape_eq(const struct hami_req *a, const struct hami_req *b)
{
	return a->nums == b->nums && a->memreq == b->memreq &&
	    a->mempct == b->mempct && a->coresreq == b->coresreq;
}

void
gs_shapes_from_workload(const struct gs_workload *w,
    const struct gs_config *cfg, struct gs_shape **out, size_t *n)
{
	struct gs_shape	*v = NULL;
	size_t		 nv = 0, cap = 0, total = 0, i, c, k;
	struct hami_req	 r;

	for (i = 0; i < w->npods; i++)
		for (c = 0; c < w->pods[i].nctrs; c++) {
			hami_build_request(&w->pods[i].ctrs[c], cfg, &r);
			if (r.nums == 0)
				continue;
			total++;
			for (k = 0; k < nv && !shape_eq(&v[k].req, &r); k++)
				;
			if (k == nv) {
				grow_array(&v, &cap, nv + 1, sizeof *v);
				memset(&v[nv], 0, sizeof *v);
				v[nv++].req = r;
			}
			v[k].pods++;
		}
	for (k = 0; k < nv; k++)
		v[k].weight = (double)v[k].pods / (double)total;
	*out = v;
	*n = nv;
}

void
gs_metrics_compute(struct gs_metrics *m, const struct gs_cluster *c,
    const struct gs_workload *w, const struct gs_config *cfg,
    const struct gs_result *r)
{
	size_t	 i, j, k, g, used_gpus = 0, pods_on_gpus = 0;
	size_t	*last;
	int32_t	 min_mem;

	memset(m, 0, sizeof *m);
	m->nodes = c->nnodes;
	m->largest_block_node = -1;
	m->node = xcalloc(c->nnodes, sizeof *m->node);
	m->gpu_base = xcalloc(c->nnodes + 1, sizeof *m->gpu_base);
	for (i = 0; i < c->nnodes; i++) {
		m->gpu_base[i] = m->gpus;
		m->gpus += c->nodes[i].ndevs;
	}
	m->gpu_base[c->nnodes] = m->gpus;
	m->gpu_pods = xcalloc(m->gpus, sizeof *m->gpu_pods);
	last = xcalloc(m->gpus, sizeof *last);
	gs_shapes_from_workload(w, cfg, &m->shapes, &m->nshapes);

	/* Pods per GPU and per node, from the placements. */
	if (r != NULL) {
		m->placed = r->placed;
		m->pending = r->pending;
		m->unmanaged = r->unmanaged;
		for (i = 0; i < r->npl; i++) {
			const struct gs_placement *pl = &r->pl[i];

			if (pl->status != GS_PLACED)
				continue;
			m->node[pl->node].pods++;
			for (j = 0; j < pl->ninit + pl->nctrs; j++)
				for (k = 0; k < gs_placement_ctr(pl, j)->ngrants;
				    k++) {
					g = m->gpu_base[pl->node] + (size_t)
					    gs_placement_ctr(pl, j)->grants[k].dev;
					if (last[g] == i + 1)
						continue;
					last[g] = i + 1;
					m->gpu_pods[g]++;
				}
		}
	}
	free(last);

	/* Smallest memory a target shape asks of a GPU (for stranding). */
	for (i = 0; i < c->nnodes; i++) {
		const struct gs_node	*n = &c->nodes[i];
		struct gs_node_metrics	*nm = &m->node[i];
		int			 any = 0;

		for (j = 0; j < n->ndevs; j++) {
			const struct gs_device	*d = &n->devs[j];
			int64_t			 free_mem = (int64_t)d->devmem -
						    d->usedmem;
			int			 slots_out, cores_out, mem_out;

			m->mem_total += d->devmem;
			m->mem_used += d->usedmem;
			if (d->used == 0 && d->usedmem == 0 &&
			    d->usedcores == 0)
				nm->whole_free++;
			else
				any = 1;
			if (d->used > 0)
				used_gpus++;
			pods_on_gpus += m->gpu_pods[m->gpu_base[i] + j];
			if (m->gpu_pods[m->gpu_base[i] + j] >
			    m->pods_per_gpu_max)
				m->pods_per_gpu_max =
				    m->gpu_pods[m->gpu_base[i] + j];
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
		nm->frag_gpus = gs_node_frag(n, m->shapes, m->nshapes);
		m->whole_free += nm->whole_free;
		m->idle_gpus += nm->idle_gpus;
		m->frag_gpus += nm->frag_gpus;
		if (nm->whole_free > m->largest_block) {
			m->largest_block = nm->whole_free;
			m->largest_block_node = (long)i;
		}
	}
	m->gpus_used = used_gpus;
	m->frag_pct = m->idle_gpus > 0 ? 100.0 * m->frag_gpus / m->idle_gpus :
	    0;
	m->pods_per_gpu_mean = used_gpus > 0 ?
	    (double)pods_on_gpus / (double)used_gpus : 0;
}

void
gs_metrics_release(struct gs_metrics *m)
{
	free(m->node);
	free(m->gpu_pods);
	free(m->gpu_base);
	free(m->shapes);
	memset(m, 0, sizeof *m);
}
