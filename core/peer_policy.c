/*
 * peer_policy.c: the peers' scoring in the replay's resource model
 * (spec/peers.md): kube-scheduler's NodeResourcesFit strategies with the
 * GPU as a resource counted in milli-GPU, KAI-Scheduler's node order and
 * fractional GPU groups, and Volcano's deviceshare vGPU walk.
 *
 * The trace gives each pod a per-GPU share in milli; a card is 1000 units
 * of it.  KAI's gpu-fraction is share/1000 of a card and its memory request
 * (int64)(fraction x MEM) is the share itself; Volcano's vgpu-memory is
 * the share, on cards of 1000 units that hold at most `split` pods.
 */
#include <math.h>
#include <string.h>

#include "replay.h"

#define MAX_SCORE		100
#define KAI_MAX_HIGH_DENSITY	9	/* scores.MaxHighDensity */
#define KAI_RESOURCE_TYPE	10	/* scores.ResourceType */
#define KAI_AVAILABILITY	100	/* scores.Availability */
#define KAI_GPU_SHARING		1000	/* scores.GpuSharing */

static int
is_share(const struct gs_rpod *p)
{
	return p->num == 1 && p->milli < GS_MILLI;
}

/* --- kube-scheduler NodeResourcesFit (peers.md §1.3-1.6) --------------- */

/* (allocatable, requested with the pod) of cpu, memory, GPU milli; the
 * GPU is left out (0, 0) when the pod asks for none. */
static void
kube_alloc_req(const struct gs_rnode *n, const struct gs_rpod *p,
    int64_t a[3], int64_t q[3])
{
	a[0] = n->cpu_cap;
	q[0] = n->cpu_cap - n->cpu_left + p->cpu;
	a[1] = n->mem_cap;
	q[1] = n->mem_cap - n->mem_left + p->mem;
	a[2] = q[2] = 0;
	if (p->milli > 0) {
		a[2] = (int64_t)n->ngpu * GS_MILLI;
		q[2] = a[2] - n->idle + (int64_t)p->milli * p->num;
	}
}

/* RequestedToCapacityRatio's bin-pack shape [(0,0), (100,10)] scaled by
 * 10: f(u) = 0 + (100 - 0) * (u - 0) / (100 - 0), i.e. u itself. */
static int64_t
rtcr_shape(int64_t u)
{
	if (u <= 0)
		return 0;
	return 0 + (100 - 0) * (u - 0) / (100 - 0);
}

static double
score_kube(const struct gs_rctx *c, const struct gs_rnode *n,
    const struct gs_rpod *p)
{
	int64_t	a[3], q[3], s, ns = 0, ws = 0, u;
	int	i;

	kube_alloc_req(n, p, a, q);
	for (i = 0; i < 3; i++) {
		if (a[i] == 0)
			continue;
		switch (c->policy) {
		case GS_RP_KUBE_LEAST:
			s = q[i] > a[i] ? 0 : (a[i] - q[i]) * MAX_SCORE / a[i];
			break;
		case GS_RP_KUBE_MOST:
			s = (q[i] < a[i] ? q[i] : a[i]) * MAX_SCORE / a[i];
			break;
		default:		/* GS_RP_KUBE_RTCR */
			u = q[i] <= 0 ? 0 : q[i] >= a[i] ? 100 :
			    q[i] * 100 / a[i];
			s = rtcr_shape(u);
			if (s <= 0)
				continue;	/* left out of the weights */
			break;
		}
		ns += s * c->kube_w[i];
		ws += c->kube_w[i];
	}
	if (ws == 0)
		return 0;
	if (c->policy == GS_RP_KUBE_RTCR)
		return (double)llround((double)ns / (double)ws);
	return (double)(ns / ws);
}

/* --- KAI-Scheduler (peers.md §2) ---------------------------------------- */

/* A shared GPU group: a GPU held by fractional pods. */
static int
kai_group(const struct gs_rnode *n, int g)
{
	return n->nused[g] > 0 && !(n->whole & (UINT32_C(1) << g));
}

/* IsTaskFitOnGpuGroup: the group's free memory takes the request (a
 * CPU-only pod requests none, a whole-GPU pod all of a card). */
static int
kai_group_fits(const struct gs_rnode *n, int g, const struct gs_rpod *p)
{
	int req = p->milli == 0 ? 0 : is_share(p) ? p->milli : GS_MILLI;

	return kai_group(n, g) && n->free[g] >= req;
}

void
gs_rpolicy_prepare(struct gs_rctx *c, const struct gs_rcluster *cl,
    const struct gs_rpod *p)
{
	double	na, mn = HUGE_VAL, mx = 0;
	size_t	i;

	if (c->policy != GS_RP_KAI_BINPACK)
		return;
	/* getMinMaxPerNode over every node of the set, fitting or not. */
	for (i = 0; i < cl->n; i++) {
		const struct gs_rnode *n = &cl->v[i];

		if (p->num > 0 ? n->ngpu == 0 : n->cpu_cap == 0)
			continue;
		na = p->num > 0 ? (double)n->nfull : (double)n->cpu_left;
		if (na < mn)
			mn = na;
		if (na > mx)
			mx = na;
	}
	c->kai_min = mn;
	c->kai_max = mx;
}

/* nodeplacement: binpack by free whole GPUs (or CPU) relative to the
 * cluster's range, spread by the free share of the node. */
static double
kai_placement(const struct gs_rctx *c, const struct gs_rnode *n,
    const struct gs_rpod *p)
{
	double	na = p->num > 0 ? (double)n->nfull : (double)n->cpu_left;
	double	all = p->num > 0 ? (double)n->ngpu : (double)n->cpu_cap;

	if (c->policy == GS_RP_KAI_SPREAD)
		return all == 0 ? 0 : na / all;
	if (all == 0 || c->kai_max == 0)
		return 0;
	if (c->kai_min == c->kai_max)
		return KAI_MAX_HIGH_DENSITY;
	return KAI_MAX_HIGH_DENSITY * (1 - (na - c->kai_min) /
	    (c->kai_max - c->kai_min));
}

/* The GPU a fractional pod joins or opens (FittingGPUs with gpupack or
 * gpuspread): groups that fit in index order (KAI: map order), then the
 * idle whole GPUs; binpack takes the most used group, else a whole GPU;
 * spread a whole GPU, else the least used group. */
static uint32_t
kai_fraction_gpu(const struct gs_rctx *c, const struct gs_rnode *n,
    const struct gs_rpod *p)
{
	int	g, best = -1, idle = -1;

	for (g = 0; g < n->ngpu; g++) {
		if (n->free[g] == GS_MILLI && idle < 0)
			idle = g;
		if (!kai_group_fits(n, g, p))
			continue;
		if (best < 0 || (c->policy == GS_RP_KAI_BINPACK ?
		    n->free[g] < n->free[best] : n->free[g] > n->free[best]))
			best = g;
	}
	if (c->policy == GS_RP_KAI_SPREAD && idle >= 0)
		return UINT32_C(1) << idle;
	if (best >= 0)
		return UINT32_C(1) << best;
	return idle >= 0 ? UINT32_C(1) << idle : 0;
}

static double
score_kai(const struct gs_rctx *c, const struct gs_rnode *n,
    const struct gs_rpod *p, uint32_t *devs)
{
	double	s = 0;
	int	g, sharing = 0;

	if (p->milli == 0)
		*devs = 0;
	else if (is_share(p))
		*devs = kai_fraction_gpu(c, n, p);
	else
		*devs = gs_bestfit_gpus(n, p);	/* idle GPUs by index */
	/* Sum in plugin order: nodeavailability, resourcetype,
	 * nodeplacement, gpusharingorder. */
	s += KAI_AVAILABILITY;
	if (p->num == 0 && n->ngpu == 0)
		s += KAI_RESOURCE_TYPE;
	s += kai_placement(c, n, p);
	if (c->policy == GS_RP_KAI_BINPACK) {
		for (g = 0; g < n->ngpu; g++)
			if (kai_group_fits(n, g, p))
				sharing = 1;
		if (sharing)
			s += KAI_GPU_SHARING;
	}
	return s;
}

/* --- Volcano deviceshare, vGPU in hami-core mode (peers.md §3.2-3.3) --- */

static double
score_volcano(const struct gs_rctx *c, const struct gs_rnode *n,
    const struct gs_rpod *p, uint32_t *devs)
{
	int	order[GS_TRACE_MAXGPU], i, j, g, need = p->num;
	int	used[GS_TRACE_MAXGPU];
	double	s = 0;

	*devs = 0;
	if (p->milli == 0)
		return 0;			/* no vGPU: deviceshare adds 0 */
	if (p->num > n->ngpu)
		return -1;
	for (g = 0; g < n->ngpu; g++)
		used[g] = GS_MILLI - n->free[g];
	/* binpack: UsedMem desc; spread: UsedNum asc; then index asc. */
	for (i = 0; i < n->ngpu; i++) {
		for (j = i; j > 0; j--) {
			int o = order[j - 1];
			int after = c->policy == GS_RP_VOLCANO_BINPACK ?
			    used[i] > used[o] : n->nused[i] < n->nused[o];

			if (!after)
				break;
			order[j] = o;
		}
		order[j] = i;
	}
	for (i = 0; i < n->ngpu && need > 0; i++) {
		g = order[i];
		if (n->nused[g] >= c->split)
			continue;		/* split count exhausted */
		if (GS_MILLI - used[g] < p->milli)
			continue;		/* memory */
		/* TryAddPod, then GPUScore on the card with the pod. */
		used[g] += p->milli;
		*devs |= UINT32_C(1) << g;
		need--;
		if (c->policy == GS_RP_VOLCANO_BINPACK)
			s += 100 * ((double)used[g] / GS_MILLI);
		/* spread: UsedNum == 0 is tested after the add: never. */
	}
	if (need > 0) {
		*devs = 0;
		return -1;
	}
	return floor(s + 0.5);			/* x ScheduleWeight 1 */
}

double
gs_peer_score(const struct gs_rctx *c, const struct gs_rnode *n,
    const struct gs_rpod *p, uint32_t *devs)
{
	switch (c->policy) {
	case GS_RP_KUBE_LEAST:
	case GS_RP_KUBE_MOST:
	case GS_RP_KUBE_RTCR:
		*devs = gs_bestfit_gpus(n, p);
		return score_kube(c, n, p);
	case GS_RP_KAI_BINPACK:
	case GS_RP_KAI_SPREAD:
		return score_kai(c, n, p, devs);
	case GS_RP_VOLCANO_BINPACK:
	case GS_RP_VOLCANO_SPREAD:
		return score_volcano(c, n, p, devs);
	default:
		*devs = 0;
		return 0;
	}
}
