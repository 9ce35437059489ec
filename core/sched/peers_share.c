/*
 * sched/peers_share.c: the peers (kube-*, kai-*, volcano-*) deciding on the
 * share view of the one model (sched/share_view.h), as `replay` runs them
 * (spec/peers.md): the adapter from a node's share view to the peer view
 * (sched/peer_view.h) whose rules live in sched/peer_rules.c.
 *
 * The peers' milli unit: the trace gives each pod a per-GPU share in milli
 * and a card is 1000 units of it.  KAI's gpu-fraction is share/1000 of a
 * card and its memory request (int64)(fraction x MEM) is the share itself;
 * Volcano's vgpu-memory is the share, on cards of 1000 units that hold at
 * most the device's split count of pods.  Every card is healthy and
 * allowed (the trace's gpu_spec is the share view's filter); a shared
 * group is a card with pods and no whole-GPU pod; kube's GPU resource is
 * ngpu x 1000, a share taking the tightest card (the trace simulator's GPU
 * share plugin).  CPU-only pods are placed too, by the same scores.
 *
 * Ties go to the smallest name (KAI), else at random through the replay's
 * seeded source (gs_config.rng: selectHost's reservoir, the k-th tied node
 * wins with probability 1/k), else to the node listed first.  A (shape,
 * node) score is cached while the node's gen stands; KAI binpack caches
 * the part that does not depend on the node set's range.
 */
#include <string.h>

#include <gsl/gsl_rng.h>

#include "model/model.h"
#include "sched/peer_view.h"
#include "sched/peers_share.h"
#include "sched/share_view.h"
#include "util/util.h"

struct gs_peer_share {
	int			 rule;		/* enum gs_peer_rule */
	const struct gs_config	*cfg;
	struct gs_share		*sv;
	int32_t			*cand;		/* feasible nodes */
	double			*cscore;	/* their scores */
};

static const int kube_w[3] = { 1, 1, 1 };

static int
is_share(const struct gs_spod *p)
{
	return p->num == 1 && p->milli < GS_MILLI;
}

struct gs_peer_share *
gs_peer_share_new(int rule, const struct gs_cluster *c,
    const struct gs_config *cfg)
{
	struct gs_peer_share *ps = xcalloc(1, sizeof *ps);

	ps->rule = rule;
	ps->cfg = cfg;
	/* kube-scheduler's scores read the pod's memory; the others not. */
	ps->sv = gs_share_new(c, rule <= GS_PEER_KUBE_RTCR, !cfg->exhaustive);
	ps->cand = xcalloc(c->nnodes ? c->nnodes : 1, sizeof *ps->cand);
	ps->cscore = xcalloc(c->nnodes ? c->nnodes : 1, sizeof *ps->cscore);
	return ps;
}

void
gs_peer_share_free(struct gs_peer_share *ps)
{
	if (ps == NULL)
		return;
	gs_share_free(ps->sv);
	free(ps->cand);
	free(ps->cscore);
	free(ps);
}

/* The peer view of n (model node m); dv holds GS_TRACE_MAXGPU devices. */
static void
view_node(const struct gs_snode *n, const struct gs_node *m,
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
	v->gpus_all = 0;
	v->phantom = 0;
	for (g = 0; g < n->ngpu; g++) {
		dv[g].cap = GS_MILLI;
		dv[g].use = GS_MILLI - n->free[g];
		dv[g].slots = m->devs[g].count;
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
view_pod(const struct gs_spod *p, struct gs_ppod *v, struct gs_preq *k)
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

static uint32_t
mask_of(const struct gs_pgrant *g, int ng)
{
	uint32_t	devs = 0;
	int		i;

	for (i = 0; i < ng; i++)
		devs |= UINT32_C(1) << g[i].dev;
	return devs;
}

/*
 * The rule's score of a node that passed the filters, as the plugin
 * returns it, and the GPUs it would take (bit mask); negative when the
 * rule's own device walk refuses the node (Volcano).
 */
static double
peer_score(const struct gs_peer_share *ps, const struct gs_kai_range *r,
    const struct gs_snode *n, const struct gs_node *m,
    const struct gs_spod *p, uint32_t *devs)
{
	const struct gs_vc_sched *vs = &ps->cfg->volcano;
	int			rule = ps->rule;
	struct gs_pdev		dv[GS_TRACE_MAXGPU];
	struct gs_pgrant	g[GS_TRACE_MAXGPU];
	unsigned char		taken[GS_TRACE_MAXGPU];
	struct gs_pnode		v;
	struct gs_ppod		pv;
	struct gs_preq		k;
	size_t			ng;
	double			s;
	int			got, bin;

	view_node(n, m, &v, dv);
	view_pod(p, &pv, &k);
	switch (rule) {
	case GS_PEER_KUBE_LEAST:
	case GS_PEER_KUBE_MOST:
	case GS_PEER_KUBE_RTCR:
		got = gs_peer_kube_devices(&v, &pv, taken, g);
		*devs = got > 0 ? mask_of(g, got) : 0;
		return gs_peer_kube_score(rule == GS_PEER_KUBE_LEAST ?
		    GS_KUBE_LEAST : rule == GS_PEER_KUBE_MOST ? GS_KUBE_MOST :
		    GS_KUBE_RTCR, kube_w, &v, &pv);
	case GS_PEER_KAI_BINPACK:
	case GS_PEER_KAI_SPREAD:
		bin = rule == GS_PEER_KAI_BINPACK;
		got = gs_peer_kai_devices(bin, &v, &pv, taken, g);
		*devs = got > 0 ? mask_of(g, got) : 0;
		return gs_peer_kai_score(bin, r, &v, &pv);
	default:	/* --volcano-config applied as on the device view */
		s = gs_peer_volcano(gs_peer_volcano_policy(rule ==
		    GS_PEER_VOLCANO_BINPACK, vs), &v, &pv, g, &ng);
		*devs = s < 0 ? 0 : mask_of(g, (int)ng);
		return gs_peer_volcano_weigh(s, vs);
	}
}

/* KAI binpack's range (getMinMaxPerNode) over every node of the set,
 * fitting or not: free whole GPUs for a GPU pod, free CPU for a
 * CPU-only one. */
static void
kai_range(struct gs_peer_share *ps, const struct gs_cluster *c,
    const struct gs_spod *p, struct gs_kai_range *r)
{
	const struct gs_snode	*v = gs_share_nodes(ps->sv, c);
	size_t			 i;

	gs_peer_kai_range_init(r);
	for (i = 0; i < c->nnodes; i++) {
		const struct gs_snode *n = &v[i];

		if (p->num > 0 ? n->ngpu == 0 : n->cpu_cap == 0)
			continue;
		gs_peer_kai_range_add(r, p->num > 0 ? (double)n->nfull :
		    (double)n->cpu_left);
	}
}

/* KAI binpack's score from its node-local part and the range;
 * nodeplacement reads the node's free whole GPUs and CPU only. */
static double
kai_finish(const struct gs_kai_range *r, const struct gs_snode *n,
    const struct gs_spod *p, const struct gs_scache *e)
{
	struct gs_kai_local	l = { e->score, e->aux };
	struct gs_pnode		v;
	struct gs_ppod		pv;
	struct gs_preq		k;

	memset(&v, 0, sizeof v);
	v.cpu_cap = n->cpu_cap;
	v.cpu_use = n->cpu_cap - n->cpu_left;
	v.nidle = n->nfull;
	v.ndev = (size_t)n->ngpu;
	view_pod(p, &pv, &k);
	return gs_peer_kai_total(1, r, &v, &pv, &l);
}

/* Node i's score for p, from the cache while the node is unchanged. */
static double
node_score(struct gs_peer_share *ps, const struct gs_cluster *c, size_t i,
    const struct gs_snode *n, const struct gs_spod *p,
    const struct gs_kai_range *r, struct gs_scache *row)
{
	struct gs_scache	*e = row != NULL ? &row[i] : NULL;
	struct gs_pdev		 dv[GS_TRACE_MAXGPU];
	struct gs_kai_local	 l;
	struct gs_pnode		 v;
	struct gs_ppod		 pv;
	struct gs_preq		 k;
	uint32_t		 devs;
	int			 split = ps->rule == GS_PEER_KAI_BINPACK;

	if (e == NULL)
		return peer_score(ps, r, n, &c->nodes[i], p, &devs);
	if (e->gen1 != n->gen1) {
		if (split) {
			view_node(n, &c->nodes[i], &v, dv);
			view_pod(p, &pv, &k);
			gs_peer_kai_local(1, &v, &pv, &l);
			e->score = l.base;
			e->aux = l.sharing;
		} else
			e->score = peer_score(ps, r, n, &c->nodes[i], p,
			    &devs);
		e->gen1 = n->gen1;
	}
	return split ? kai_finish(r, n, p, e) : e->score;
}

/* The highest score; ties by the rule's order (see the top). */
static long
pick(struct gs_peer_share *ps, const struct gs_cluster *c, size_t nc,
    double *bs)
{
	gsl_rng	*rng = ps->cfg->rng;
	size_t	 i, ties = 0;
	long	 best = -1;
	int	 kai = ps->rule == GS_PEER_KAI_BINPACK ||
		    ps->rule == GS_PEER_KAI_SPREAD;

	for (i = 0; i < nc; i++) {
		long	cn = ps->cand[i];
		double	s = ps->cscore[i];

		if (best >= 0 && s == *bs) {
			if (kai) {
				if (strcmp(c->nodes[cn].name,
				    c->nodes[best].name) < 0)
					best = cn;
			} else if (rng != NULL && gsl_rng_uniform_int(rng,
			    (unsigned long)++ties) == 0)
				best = cn;
			continue;
		}
		if (best < 0 || s > *bs) {
			best = cn;
			*bs = s;
			ties = 1;
		}
	}
	return best;
}

void
gs_peer_share_decide(struct gs_peer_share *ps, const struct gs_cluster *c,
    const struct gs_pod *pod, struct gs_placement *d)
{
	struct gs_kai_range	 r = { 0, 0 };
	const struct gs_snode	*v = gs_share_nodes(ps->sv, c), *n;
	struct gs_scache	*row;
	struct gs_spod		 p;
	size_t			 i, nc = 0;
	uint32_t		 devs = 0;
	double			 s, bs = 0;
	long			 best;

	memset(d, 0, sizeof *d);
	d->node = -1;
	gs_share_pod(ps->sv, pod, &p);
	/* deviceshare.VGPUEnable off: no vGPU device for a GPU pod. */
	if ((ps->rule == GS_PEER_VOLCANO_BINPACK || ps->rule ==
	    GS_PEER_VOLCANO_SPREAD) && p.num > 0 &&
	    gs_peer_volcano_off(&ps->cfg->volcano) != NULL) {
		d->status = GS_PENDING;
		d->reason = xstrdup(gs_peer_volcano_off(&ps->cfg->volcano));
		return;
	}
	row = gs_share_row(ps->sv, &p);
	if (ps->rule == GS_PEER_KAI_BINPACK)
		kai_range(ps, c, &p, &r);
	for (i = 0; i < c->nnodes; i++) {
		if (pod->pinned_node >= 0 && (size_t)pod->pinned_node != i)
			continue;
		n = &v[i];
		if (!gs_snode_fits(n, &p))
			continue;
		if ((s = node_score(ps, c, i, n, &p, &r, row)) < 0)
			continue;	/* the rule's own device check */
		ps->cand[nc] = (int32_t)i;
		ps->cscore[nc++] = s;
	}
	if ((best = pick(ps, c, nc, &bs)) < 0) {
		d->status = GS_PENDING;
		d->reason = xstrdup("no node has the cpu, memory and GPUs (in "
		    "milli-GPU) the pod asks for");
		return;
	}
	n = &v[best];
	(void)peer_score(ps, &r, n, &c->nodes[best], &p, &devs);
	gs_share_place(d, pod, best, bs, devs, p.milli);
}
