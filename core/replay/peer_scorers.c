/*
 * replay/peer_scorers.c: the peers in the replay's resource model
 * (spec/peers.md), the adapter from a gs_rnode to the peer view
 * (sched/peer_view.h) whose rules live in sched/peer_rules.c: kube-scheduler's
 * NodeResourcesFit strategies with the GPU as a resource counted in milli-GPU,
 * KAI-Scheduler's node order and fractional GPU groups, and Volcano's
 * deviceshare vGPU walk.
 *
 * The trace gives each pod a per-GPU share in milli; a card is 1000 units
 * of it.  KAI's gpu-fraction is share/1000 of a card and its memory request
 * (int64)(fraction x MEM) is the share itself; Volcano's vgpu-memory is
 * the share, on cards of 1000 units that hold at most `split` pods.  Every
 * card is healthy and allowed; a shared group is a card with pods and no
 * whole-GPU pod; kube's GPU resource is ngpu x 1000, a share taking the
 * tightest card (the trace simulator's GPU share plugin).
 */
#include <string.h>

#include "sched/peer_view.h"
#include "replay/replay.h"

static int
is_share(const struct gs_rpod *p)
{
	return p->num == 1 && p->milli < GS_MILLI;
}

/* The view of n; dv holds GS_TRACE_MAXGPU devices. */
static void
view_node(const struct gs_rctx *c, const struct gs_rnode *n,
    struct gs_pnode *v, struct gs_pdev *dv)
{
	int	g;

	v->cpu_cap = n->cpu_cap;
	v->cpu_use = n->cpu_cap - n->cpu_left;
	v->mem_cap = n->mem_cap;
	v->mem_use = n->mem_cap - n->mem_left;
	v->gpu_cap = (int64_t)n->ngpu * GS_MILLI;
	v->gpu_use = v->gpu_cap - n->idle;
	v->nidle = n->nfull;
	v->ndev = (size_t)n->ngpu;
	v->dev = dv;
	for (g = 0; g < n->ngpu; g++) {
		dv[g].cap = GS_MILLI;
		dv[g].use = GS_MILLI - n->free[g];
		dv[g].slots = c->split;
		dv[g].npods = n->nused[g];
		dv[g].cores = 0;
		dv[g].health = 1;
		dv[g].idle = n->free[g] == GS_MILLI;
		dv[g].group = n->nused[g] > 0 &&
		    !(n->whole & (UINT32_C(1) << g));
		dv[g].allowed = 1;
	}
}

/* The view of p: one request of num cards, each its share (or whole). */
static void
view_pod(const struct gs_rpod *p, struct gs_ppod *v, struct gs_preq *k)
{
	k->num = p->num;
	k->mem = p->milli;
	k->pct = -1;
	k->cores = 0;
	k->frac = is_share(p);
	v->cpu = p->cpu;
	v->mem = p->mem;
	v->gpu = (int64_t)p->milli * p->num;
	v->req = k;
	v->nreq = p->milli > 0 ? 1 : 0;
}

void
gs_rpolicy_prepare(struct gs_rctx *c, const struct gs_rcluster *cl,
    const struct gs_rpod *p)
{
	struct gs_kai_range	r;
	size_t			i;

	if (c->policy != GS_RP_KAI_BINPACK)
		return;
	/* getMinMaxPerNode over every node of the set, fitting or not:
	 * free whole GPUs for a GPU pod, free CPU for a CPU-only one. */
	gs_peer_kai_range_init(&r);
	for (i = 0; i < cl->n; i++) {
		const struct gs_rnode *n = &cl->v[i];

		if (p->num > 0 ? n->ngpu == 0 : n->cpu_cap == 0)
			continue;
		gs_peer_kai_range_add(&r, p->num > 0 ? (double)n->nfull :
		    (double)n->cpu_left);
	}
	c->kai_min = r.mn;
	c->kai_max = r.mx;
}

double
gs_peer_kai_part(const struct gs_rctx *c, const struct gs_rnode *n,
    const struct gs_rpod *p, int *sharing)
{
	struct gs_pdev		dv[GS_TRACE_MAXGPU];
	struct gs_kai_local	l;
	struct gs_pnode		v;
	struct gs_ppod		pv;
	struct gs_preq		k;

	view_node(c, n, &v, dv);
	view_pod(p, &pv, &k);
	gs_peer_kai_local(c->policy == GS_RP_KAI_BINPACK, &v, &pv, &l);
	*sharing = l.sharing;
	return l.base;
}

double
gs_peer_kai_finish(const struct gs_rctx *c, const struct gs_rnode *n,
    const struct gs_rpod *p, double base, int sharing)
{
	struct gs_kai_range	r = { c->kai_min, c->kai_max };
	struct gs_kai_local	l = { base, sharing };
	struct gs_pnode		v;
	struct gs_ppod		pv;
	struct gs_preq		k;

	/* nodeplacement reads the node's free whole GPUs and CPU only. */
	memset(&v, 0, sizeof v);
	v.cpu_cap = n->cpu_cap;
	v.cpu_use = n->cpu_cap - n->cpu_left;
	v.nidle = n->nfull;
	v.ndev = (size_t)n->ngpu;
	view_pod(p, &pv, &k);
	return gs_peer_kai_total(c->policy == GS_RP_KAI_BINPACK, &r, &v, &pv,
	    &l);
}

static uint32_t
mask_of(const struct gs_pgrant *g, int ng)
{
	uint32_t	devs = 0;
	int		i;

	for (i = 0; i < ng; i++)
		devs |= UINT32_C(1) << g[i].dev;
	return devs;
}

double
gs_peer_score(const struct gs_rctx *c, const struct gs_rnode *n,
    const struct gs_rpod *p, uint32_t *devs)
{
	struct gs_pdev		dv[GS_TRACE_MAXGPU];
	struct gs_pgrant	g[GS_TRACE_MAXGPU];
	unsigned char		taken[GS_TRACE_MAXGPU];
	struct gs_kai_range	r = { c->kai_min, c->kai_max };
	struct gs_pnode		v;
	struct gs_ppod		pv;
	struct gs_preq		k;
	size_t			ng;
	double			s;
	int			got, bin;

	*devs = 0;
	if (c->policy < GS_RP_KUBE_LEAST || c->policy > GS_RP_VOLCANO_SPREAD)
		return 0;
	view_node(c, n, &v, dv);
	view_pod(p, &pv, &k);
	switch (c->policy) {
	case GS_RP_KUBE_LEAST:
	case GS_RP_KUBE_MOST:
	case GS_RP_KUBE_RTCR:
		got = gs_peer_kube_devices(&v, &pv, taken, g);
		*devs = got > 0 ? mask_of(g, got) : 0;
		return gs_peer_kube_score(c->policy == GS_RP_KUBE_LEAST ?
		    GS_KUBE_LEAST : c->policy == GS_RP_KUBE_MOST ?
		    GS_KUBE_MOST : GS_KUBE_RTCR, c->kube_w, &v, &pv);
	case GS_RP_KAI_BINPACK:
	case GS_RP_KAI_SPREAD:
		bin = c->policy == GS_RP_KAI_BINPACK;
		got = gs_peer_kai_devices(bin, &v, &pv, taken, g);
		*devs = got > 0 ? mask_of(g, got) : 0;
		return gs_peer_kai_score(bin, &r, &v, &pv);
	default:		/* Volcano */
		s = gs_peer_volcano(c->policy == GS_RP_VOLCANO_BINPACK, &v,
		    &pv, g, &ng);
		*devs = s < 0 ? 0 : mask_of(g, (int)ng);
		return s;
	}
}
