/*
 * sched/kube_dp.c: kube-scheduler over NVIDIA's device plugin's resources
 * (issue 18; spec/peers.md §1, §4.1-§4.3).  MIG instances
 * (nvidia.com/mig-<profile>, or nvidia.com/gpu under migStrategy single)
 * and time-slicing or MPS replicas (nvidia.com/gpu, or
 * nvidia.com/gpu.shared when renamed) are integer extended resources:
 *
 * - filter: NodeResourcesFit, for each resource the pod asks (the sum of
 *   its containers), allocatable - requested >= asked; a HAMi node's
 *   GPUs count as whole nvidia.com/gpu (one unit each) as the peers' kube
 *   profiles read them;
 * - score: the profile's NodeResourcesFit strategy over cpu, memory and
 *   the asked resources together (gs_peer_kube_score), the node listed
 *   first on ties;
 * - hand-out, container by container: replicas as the device plugin's
 *   distributed policy (internal/rm/allocate.go: the GPU with the fewest
 *   replicas allocated, then the fewest taken in this request, then index
 *   order); MIG instances and whole GPUs the first free one in index
 *   order (the kubelet's pick, which upstream leaves unordered);
 * - admission: failRequestsGreaterThanOne refuses a container asking more
 *   than one replica (the device plugin's Allocate fails after the
 *   scheduler chose the node: UnexpectedAdmissionError), so the pod stays
 *   pending with that reason.
 *
 * A grant of a replica charges one slot; MPS's memory and threads limits
 * are the device's memory / replicas and 100 / replicas (the MPS control
 * daemon's per-client limits); time-slicing charges no memory.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/kube_dp.h"
#include "sched/kubefilter.h"
#include "load/sharing.h"

/* The units of resource r that device j of n offers (cap) and holds
 * (used); 0 when it does not offer r. */
int
gs_kube_dp_offers(const struct gs_node *n, size_t j, const char *r,
    int32_t *cap, int32_t *used)
{
	const struct gs_device	*d = &n->devs[j];
	char			 buf[80];

	if (!n->dp) {
		if (!n->registered || strcmp(r, "nvidia.com/gpu") != 0)
			return 0;
		*cap = 1;
		*used = d->used > 0 || !d->health;
		return 1;
	}
	gs_dev_resource(n, d, buf, sizeof buf);
	if (strcmp(buf, r) != 0)
		return 0;
	*cap = d->count;
	*used = d->health ? d->used : d->count;
	return 1;
}

int64_t
gs_kube_dp_ctr_asks(const struct gs_container *c, const char *r)
{
	const char	*v;

	if (strcmp(r, "nvidia.com/gpu") == 0)
		return c->lim[GS_RES_GPU].set && c->lim[GS_RES_GPU].ok ?
		    c->lim[GS_RES_GPU].v : 0;
	v = gs_kv_get(&c->dp, r);
	return v != NULL ? strtoll(v, NULL, 10) : 0;
}

/* The pod's asks: nvidia.com/gpu, then its device plugin resources in
 * container and listing order.  Returns how many (at most max). */
size_t
gs_kube_dp_asks(const struct gs_pod *pod, struct gs_dp_ask *a, size_t max)
{
	size_t	i, j, k, n = 0;

	a[0].name = "nvidia.com/gpu";
	a[0].n = 0;
	for (i = 0; i < pod->nctrs; i++)
		a[0].n += gs_kube_dp_ctr_asks(&pod->ctrs[i], "nvidia.com/gpu");
	n = a[0].n > 0;
	for (i = 0; i < pod->nctrs; i++)
		for (j = 0; j < pod->ctrs[i].dp.n; j++) {
			const struct gs_kv *kv = &pod->ctrs[i].dp.v[j];

			for (k = 0; k < n && strcmp(a[k].name, kv->key); k++)
				continue;
			if (k == n) {
				if (n == max)
					continue;
				a[n].name = kv->key;
				a[n++].n = 0;
			}
			a[k].n += strtoll(kv->val, NULL, 10);
		}
	return n;
}

int
gs_kube_dp_takes(const struct gs_cluster *c, const struct gs_pod *pod)
{
	size_t	i;
	int	gpu = 0, dpnode = 0;

	for (i = 0; i < pod->nctrs; i++) {
		const struct gs_container *k = &pod->ctrs[i];

		if (k->dp.n > 0)
			return 1;
		if (k->lim[GS_RES_GPUMEM].set || k->lim[GS_RES_GPUMEM_PCT].set ||
		    k->lim[GS_RES_GPUCORES].set)
			return 0;
		gpu |= gs_kube_dp_ctr_asks(k, "nvidia.com/gpu") > 0;
	}
	for (i = 0; i < c->nnodes && !dpnode; i++)
		dpnode = c->nodes[i].dp;
	return gpu && dpnode;
}

/* Take one unit of r for a container: the device index, or -1. */
static int
take(const struct gs_node *n, const char *r, const int32_t *taken)
{
	int32_t	cap, used;
	size_t	j;
	int	best = -1;

	for (j = 0; j < n->ndevs; j++) {
		const struct gs_device *d = &n->devs[j];

		if (!gs_kube_dp_offers(n, j, r, &cap, &used) ||
		    used + taken[j] >= cap)
			continue;
		if (d->kind != GS_DEV_TIMESLICE && d->kind != GS_DEV_MPS)
			return (int)j;	/* first free, index order */
		/* distributed: fewest allocated, then fewest taken now */
		if (best < 0 || used < n->devs[best].used ||
		    (used == n->devs[best].used && taken[j] < taken[best]))
			best = (int)j;
	}
	return best;
}

void
gs_kube_dp_grant(const struct gs_device *d, struct gs_grant *g, int dev)
{
	g->dev = dev;
	switch (d->kind) {
	case GS_DEV_TIMESLICE:
		g->usedmem = 0;
		g->usedcores = 0;
		break;
	case GS_DEV_MPS:
		g->usedmem = d->devmem / d->count;
		g->usedcores = 100 / d->count;
		break;
	default:
		g->usedmem = d->devmem;
		g->usedcores = d->devcore;
	}
}

/* The hand-out on n into d's containers. */
void
gs_kube_dp_hand_out(const struct gs_node *n, const struct gs_pod *pod,
    const struct gs_dp_ask *a, size_t na, struct gs_placement *d)
{
	int32_t	*taken = xcalloc(n->ndevs ? n->ndevs : 1, sizeof *taken);
	size_t	 i, k, m;
	int64_t	 want, t;
	int	 j;

	for (i = 0; i < pod->nctrs; i++) {
		for (k = 0, m = 0; k < na; k++)
			m += (size_t)gs_kube_dp_ctr_asks(&pod->ctrs[i], a[k].name);
		d->ctrs[i].grants = m ? xcalloc(m, sizeof *d->ctrs[i].grants) :
		    NULL;
		d->ctrs[i].ngrants = 0;
		for (k = 0; k < na; k++) {
			want = gs_kube_dp_ctr_asks(&pod->ctrs[i], a[k].name);
			for (t = 0; t < want; t++) {
				j = take(n, a[k].name, taken);
				if (j < 0)	/* the filter counted them */
					break;
				taken[j]++;
				gs_kube_dp_grant(&n->devs[j], &d->ctrs[i].
				    grants[d->ctrs[i].ngrants++], j);
			}
		}
	}
	free(taken);
}

/* The container that asks more than one replica where the device plugin
 * fails such requests, or NULL. */
static const char *
refused_gt1(const struct gs_node *n, const struct gs_pod *pod,
    const struct gs_placement *d)
{
	size_t	i, j;
	int	replicas;

	if (!n->dp || !n->dp_fail_gt1)
		return NULL;
	for (i = 0; i < pod->nctrs; i++) {
		for (j = 0, replicas = 0; j < d->ctrs[i].ngrants; j++) {
			int k = n->devs[d->ctrs[i].grants[j].dev].kind;

			replicas += k == GS_DEV_TIMESLICE || k == GS_DEV_MPS;
		}
		if (replicas > 1)
			return pod->ctrs[i].name;
	}
	return NULL;
}

/* Does n hold the asks?  Fills the kube view's GPU columns. */
int
gs_kube_dp_node_fits(const struct gs_node *n, const struct gs_dp_ask *a,
    size_t na, struct gs_pnode *v, const char **short_of)
{
	int64_t	cap, used;
	int32_t	c1, u1;
	size_t	j, k;

	v->gpu_cap = v->gpu_use = 0;
	for (k = 0; k < na; k++) {
		for (j = 0, cap = 0, used = 0; j < n->ndevs; j++)
			if (gs_kube_dp_offers(n, j, a[k].name, &c1, &u1)) {
				cap += c1;
				used += u1;
			}
		if (cap - used < a[k].n) {
			*short_of = a[k].name;
			return 0;
		}
		v->gpu_cap += cap;
		v->gpu_use += used;
	}
	return 1;
}

void
gs_kube_dp_decide(const struct gs_cluster *c, const struct gs_pod *pod,
    enum gs_kube_strategy strategy, const int w[3], struct gs_placement *d)
{
	struct gs_dp_ask	 a[16];
	struct gs_pnode	 v;
	struct gs_ppod	 pp;
	const char	*short_of = NULL, *who;
	char		 fbuf[192];
	size_t		 i, na;
	long		 best = -1;
	double		 score, best_score = 0;
	int		 filtered = 0, insufficient = 0;

	memset(d, 0, sizeof *d);
	d->node = -1;
	na = gs_kube_dp_asks(pod, a, sizeof a / sizeof a[0]);
	memset(&pp, 0, sizeof pp);
	for (i = 0; i < na; i++)
		pp.gpu += a[i].n;
	if (pp.gpu == 0) {
		d->status = GS_UNMANAGED;
		return;
	}
	/* NonMissingContainerRequests: 100m and 200 MiB when unset. */
	for (i = 0; i < pod->nctrs; i++) {
		pp.cpu += pod->ctrs[i].cpu > 0 ? pod->ctrs[i].cpu : 100;
		pp.mem += pod->ctrs[i].mem > 0 ? pod->ctrs[i].mem :
		    200LL * 1024 * 1024;
	}
	d->nctrs = pod->nctrs;
	d->ctrs = xcalloc(pod->nctrs ? pod->nctrs : 1, sizeof *d->ctrs);
	for (i = 0; i < c->nnodes; i++) {
		const struct gs_node *n = &c->nodes[i];

		if (pod->pinned_node >= 0 && (size_t)pod->pinned_node != i)
			continue;
		if (gs_kube_filter(n, pod, fbuf, sizeof fbuf) != NULL) {
			filtered++;
			continue;
		}
		if (!gs_kube_dp_node_fits(n, a, na, &v, &short_of)) {
			insufficient++;
			continue;
		}
		v.cpu_cap = n->has_alloc ? n->alloc_cpu : 0;
		v.cpu_use = n->used_cpu;
		v.mem_cap = n->has_alloc ? n->alloc_mem : 0;
		v.mem_use = n->used_mem;
		score = gs_peer_kube_score(strategy, w, &v, &pp);
		if (best >= 0 && score <= best_score)
			continue;
		best = (long)i;
		best_score = score;
	}
	if (best < 0) {
		d->status = GS_PENDING;
		d->reason = xasprintf("0/%zu nodes are available: %d refused by "
		    "kube-scheduler filters, %d Insufficient %s", c->nnodes,
		    filtered, insufficient, short_of != NULL ? short_of :
		    a[0].name);
		return;
	}
	gs_kube_dp_hand_out(&c->nodes[best], pod, a, na, d);
	if ((who = refused_gt1(&c->nodes[best], pod, d)) != NULL) {
		gs_placement_release(d);
		memset(d, 0, sizeof *d);
		d->node = -1;
		d->status = GS_PENDING;
		d->nctrs = pod->nctrs;
		d->ctrs = xcalloc(pod->nctrs ? pod->nctrs : 1, sizeof *d->ctrs);
		d->reason = xasprintf("UnexpectedAdmissionError on %s: "
		    "container '%s' asks more than one shared GPU and the "
		    "device plugin fails such requests "
		    "(failRequestsGreaterThanOne)", c->nodes[best].name, who);
		return;
	}
	d->status = GS_PLACED;
	d->node = best;
	d->node_score = (float)best_score;
}
