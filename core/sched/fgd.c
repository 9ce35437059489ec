/*
 * sched/fgd.c: the FGD paper's policies as `simulate` profiles on
 * HAMi-style clusters, in their own resource model (spec/openb-fgd.md):
 * each GPU is 1000 milli-GPU, of which the used memory share is taken,
 * ceil(usedmem x 1000 / devmem); a request takes the share of its
 * memory (gpumem-percentage x 10, or ceil(gpumem x 1000 / devmem); a
 * whole GPU 1000) on nvidia.com/gpu GPUs; node CPU and memory are the
 * allocatable left.  Cores and slots are not part of the model.  Where
 * the model keeps the exact share (a trace's cluster and pods,
 * load/trace_model.c: gs_device.milli, gs_pod.gpu_milli) the policies read it
 * instead, and each grant charges its milli (gs_grant.milli).
 *
 * dotprod, gpuclustering, gpupacking, bestfit and fgd score with the
 * paper's own scores (sched/fgd_scores.c); FGD's typical pods are the
 * simulated workload's, as the paper takes them from the trace.  The node
 * listed first wins ties.  A node is read into the share view's terms
 * (gs_snode, sched/share_view.h), cached with what the policy keeps
 * beside it (gs_fgd_aux) on the node's gen; the policy's row of the table
 * names its score.  The best node for a pod whose filters depend on the
 * node and its request alone comes from sched/fgd_index.c, which
 * rescores only the nodes touched since that request was last decided
 * (gs_config.exhaustive: every node, every time, to cross-check).
 * GpuClustering's pods per node by GPU count are the policy's own: it
 * counts each of its decisions once the engine has committed it (the
 * node's gen moved), so pods it did not place (running pods, pods a
 * what-if takes back) are not counted.  random draws from
 * GSL's MT19937 seeded with the configuration's seed (--seed), as the
 * replay does: a feasible node uniformly, then a GPU.  On the share view
 * (gs_config.share: the replay) sched/fgd_share.c decides.
 */
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_rng.h>

#include "sched/hami/hami.h"
#include "sched/fgd_index.h"
#include "sched/fgd_scores.h"
#include "sched/fgd_share.h"
#include "sched/kubefilter.h"
#include "sched/policy.h"
#include "util/util.h"

/* GpuClustering: pods per node by kind, [0] share pods, [k] k-GPU. */
struct openb_tags {
	int32_t	n[GS_TRACE_MAXGPU + 1];
};

/* The last GpuClustering decision, counted once the engine commits it. */
struct openb_last {
	int		valid;
	size_t		node;
	uint64_t	gen;		/* the node's gen when decided */
	int		tag;
};

struct node_score {
	int		ok;
	double		s;
	uint32_t	devs;
};

struct openb_state {
	const struct gs_policy	*pol;		/* its row of the table */
	const struct gs_config	*cfg;
	struct gs_fgd_share	*share;	/* the share view (replay), or NULL */
	gsl_rng			*rng;			/* random */
	struct openb_tags	*tags;			/* gpuclustering */
	size_t			 ntags;			/* nodes of tags */
	struct openb_last	 last;
	/* Typical pods of the workload; milli in the terms of each node's
	 * GPUs, filled in per node. */
	struct gs_tshape	*shapes;
	int64_t			*req;	/* per shape: memreq, or -pct */
	size_t			 nshapes;
	int64_t			 kept;
	int32_t			 milli_devmem;	/* shapes' milli are for */
	int			 milli_set;
	/* Per node, keyed on gs_node.gen (sched/policy.h): the node in the
	 * share view's terms with its FGD fragmentation, rebuilt only for
	 * nodes whose usage changed since. */
	struct gs_snode		*rn;
	struct gs_fgd_aux	*aux;
	uint64_t		*rgen;
	unsigned char		*rvalid;
	size_t			 nrn;
	/* Per node, the score of the last request it was scored for. */
	struct score_memo	*sm;
	/* The best node per request key (not Random's). */
	struct gs_fgd_index	*index;
};

/*
 * A node's score for one request, valid while the node's gen is gen: the
 * policies' fit and score read only the node's view, the typical shapes
 * (fixed per run) and the request's cpu, memory, GPU count and milli.
 */
struct score_memo {
	uint64_t	gen;
	int64_t		cpu, mem;
	int		num, milli;
	int		valid, ok;
	double		s;
	uint32_t	devs;
};

/* The milli-GPU share of a request on a GPU of devmem MiB. */
static int
share_of(const struct hami_req *k, int32_t devmem)
{
	int64_t	m;

	if (k->mempct != 101)
		m = (int64_t)k->mempct * 10;
	else
		m = devmem > 0 ? ((int64_t)k->memreq * GS_MILLI + devmem - 1) /
		    devmem : GS_MILLI;
	return m > GS_MILLI ? GS_MILLI : m < 1 ? 1 : (int)m;
}

/* The pod's one GPU request (the model has one per pod); 0 if none,
 * -1 when several containers ask for GPUs. */
static int
pod_request(const struct gs_pod *pod, const struct gs_config *cfg,
    struct hami_req *out)
{
	struct hami_req	k;
	size_t		i;
	int		n = 0;

	memset(out, 0, sizeof *out);
	for (i = 0; i < pod->nctrs; i++) {
		hami_build_request(&pod->ctrs[i], cfg, &k);
		if (k.nums > 0) {
			*out = k;
			n++;
		}
	}
	return n > 1 ? -1 : n;
}

static int32_t
node_devmem(const struct gs_node *n)
{
	return n->ndevs > 0 ? n->devs[0].devmem : 0;
}

/* The node in the share view's terms. */
static void
to_snode(const struct gs_node *n, struct gs_snode *r)
{
	size_t	g;
	int64_t	used;

	memset(r, 0, sizeof *r);
	r->gen1 = n->gen + 1;
	r->cpu_cap = n->has_alloc ? n->alloc_cpu : INT64_C(1) << 40;
	r->cpu_left = r->cpu_cap - n->used_cpu;
	r->mem_cap = n->has_alloc ? n->alloc_mem >> 20 : INT64_C(1) << 40;
	r->mem_left = r->mem_cap - (n->used_mem >> 20);
	r->max_pods = n->has_alloc ? (int32_t)n->alloc_pods : 1 << 30;
	r->pods = (int32_t)n->used_pods;
	r->model = n->ndevs > 0 ? 0 : -1;
	for (g = 0; g < n->ndevs && g < GS_TRACE_MAXGPU; g++) {
		const struct gs_device *d = &n->devs[g];

		if (d->milli > 0)	/* the exact share (load/trace_model.c) */
			used = (int64_t)d->usedmilli * GS_MILLI / d->milli;
		else
			used = d->devmem > 0 ? ((int64_t)d->usedmem *
			    GS_MILLI + d->devmem - 1) / d->devmem : 0;
		if (!d->health)
			used = GS_MILLI;	/* unusable */
		r->free[g] = (int16_t)(used >= GS_MILLI ? 0 : GS_MILLI - used);
		r->nused[g] = (int8_t)(d->used > 127 ? 127 : d->used);
		r->idle += r->free[g];
		if (r->free[g] == GS_MILLI)
			r->nfull++;
		if (r->free[g] > r->maxfree)
			r->maxfree = r->free[g];
		r->ngpu++;
	}
}

/* The pod in the share view's terms on a node whose GPUs have devmem
 * MiB. */
static void
to_spod(const struct gs_pod *pod, const struct hami_req *k, int32_t devmem,
    struct gs_spod *rp)
{
	memset(rp, 0, sizeof *rp);
	rp->shape = -1;
	rp->cpu = pod->req_cpu;
	rp->mem = pod->req_mem >> 20;
	rp->num = k->nums;
	rp->mask = ~UINT64_C(0);
	if (pod->gpu_milli > 0)		/* the exact share (load/trace_model.c) */
		rp->milli = pod->gpu_milli;
	else
		rp->milli = k->mempct == 100 && k->memreq == 0 ? GS_MILLI :
		    share_of(k, devmem);
	if (rp->num > 1 && rp->milli < GS_MILLI)
		rp->milli = GS_MILLI;	/* shares are one-GPU only */
}

/* The typical shapes into t, their milli in the terms of GPUs of devmem
 * MiB (recomputed only when devmem changes). */
static void
shapes_for(struct openb_state *st, int32_t devmem, struct gs_typical *t)
{
	size_t	i;

	t->v = st->shapes;
	t->n = st->nshapes;
	t->kept = st->kept;
	if (st->milli_set && st->milli_devmem == devmem)
		return;
	st->milli_set = 1;
	st->milli_devmem = devmem;
	for (i = 0; i < st->nshapes; i++) {
		struct hami_req k = { 1, 0, 101, 0, 0 };

		if (st->shapes[i].num == 0)
			continue;
		if (st->req[i] < 0)
			k.mempct = (int32_t)-st->req[i];
		else
			k.memreq = (int32_t)st->req[i];
		st->shapes[i].milli = share_of(&k, devmem);
	}
}

/*
 * Node i in the share view's terms with (FGD) its frag numerator, from the
 * cache while the node's gen is unchanged; t gets the shapes' milli for
 * its GPUs.  The view and the fragmentation depend only on the node
 * (usage, allocatable, health) and the workload's shapes, never on the
 * pod; the engine bumps gen whenever it charges or releases usage.
 */
static const struct gs_snode *
node_view(struct openb_state *st, const struct gs_node *n, size_t i,
    struct gs_typical *t)
{
	if (st->pol == &gs_policy_openb_fgd)
		shapes_for(st, node_devmem(n), t);
	if (st->rvalid[i] && st->rgen[i] == n->gen)
		return &st->rn[i];
	to_snode(n, &st->rn[i]);
	memset(&st->aux[i], 0, sizeof st->aux[i]);
	st->aux[i].frag = st->pol == &gs_policy_openb_fgd ?
	    gs_frag_node(&st->rn[i], t) : 0;
	st->rgen[i] = n->gen;
	st->rvalid[i] = 1;
	return &st->rn[i];
}

/* Room in the cache for c's nodes; new entries are not valid. */
static void
cache_size(struct openb_state *st, const struct gs_cluster *c)
{
	if (c->nnodes <= st->nrn)
		return;
	st->rn = xreallocarray(st->rn, c->nnodes, sizeof *st->rn);
	st->aux = xreallocarray(st->aux, c->nnodes, sizeof *st->aux);
	st->rgen = xreallocarray(st->rgen, c->nnodes, sizeof *st->rgen);
	st->rvalid = xreallocarray(st->rvalid, c->nnodes, 1);
	memset(st->rvalid + st->nrn, 0, c->nnodes - st->nrn);
	st->sm = xreallocarray(st->sm, c->nnodes, sizeof *st->sm);
	memset(st->sm + st->nrn, 0, (c->nnodes - st->nrn) * sizeof *st->sm);
	st->nrn = c->nnodes;
}

/* Does rp fit node i (view r, kept beside it a), and at what score: from
 * the memo when node and request are those it was computed for. */
static int
node_fit_score(struct openb_state *st, const struct gs_fgd_ctx *ctx,
    size_t i, uint64_t gen, const struct gs_snode *r,
    const struct gs_fgd_aux *a, const struct gs_spod *rp, double *score,
    uint32_t *devs)
{
	struct score_memo	*m = &st->sm[i];

	if (!(m->valid && m->gen == gen && m->cpu == rp->cpu &&
	    m->mem == rp->mem && m->num == rp->num && m->milli == rp->milli)) {
		m->valid = 1;
		m->gen = gen;
		m->cpu = rp->cpu;
		m->mem = rp->mem;
		m->num = rp->num;
		m->milli = rp->milli;
		m->ok = gs_snode_fits(r, rp);
		m->devs = 0;
		m->s = m->ok ? gs_openb_score(ctx, r, a, rp, &m->devs) : 0;
	}
	*score = m->s;
	*devs = m->devs;
	return m->ok;
}

/* Typical pods of the workload (§4, gs_typical_shapes): key (cpu, GPUs,
 * memory request in MiB or minus the percentage), by count, the first
 * seen first on equal counts, cut at 95 %. */
static void
openb_workload(void *p, const struct gs_workload *w)
{
	struct openb_state	*st = p;
	struct hami_req		 k;
	struct gs_tkey		*v;
	size_t			 i, n = 0;
	int64_t			 cum;

	free(st->shapes);
	free(st->req);
	v = xcalloc(w->npods ? w->npods : 1, sizeof *v);
	for (i = 0; i < w->npods; i++) {
		if (pod_request(&w->pods[i], st->cfg, &k) < 0)
			continue;
		v[n].k[0] = w->pods[i].req_cpu;
		v[n].k[1] = k.nums;
		v[n].k[2] = k.nums == 0 ? 0 : k.mempct != 101 ?
		    -(int64_t)k.mempct : k.memreq;
		v[n].spec = "";
		v[n++].first = i;
	}
	st->nshapes = gs_typical_shapes(v, n, GS_TORDER_POPULAR_FIRST, 95, &cum,
	    NULL);
	st->shapes = xcalloc(st->nshapes ? st->nshapes : 1, sizeof *st->shapes);
	st->req = xcalloc(st->nshapes ? st->nshapes : 1, sizeof *st->req);
	for (i = 0; i < st->nshapes; i++) {
		st->shapes[i].cpu = v[i].k[0];
		st->shapes[i].num = (int)v[i].k[1];
		st->shapes[i].mask = ~UINT64_C(0);
		st->shapes[i].count = v[i].count;
		st->req[i] = v[i].k[2];
	}
	st->kept = cum > 0 ? cum : 1;
	st->milli_set = 0;
	if (st->nrn > 0) {	/* new shapes: new frag, new scores */
		memset(st->rvalid, 0, st->nrn);
		memset(st->sm, 0, st->nrn * sizeof *st->sm);
	}
	if (st->index != NULL)
		gs_fgd_index_clear(st->index);
	free(v);
}

/* Fill the node's GpuClustering tags from the policy's counts. */
static void
node_tags(const struct openb_state *st, size_t i, struct gs_fgd_aux *a)
{
	memcpy(a->tags, st->tags[i].n, sizeof a->tags);
	gs_fgd_aux_count(a);
}

/*
 * GpuClustering's counts follow the policy's own decisions: the last one
 * is counted when its node's gen moved (the engine committed it), and
 * dropped when it did not (a dry run, as explain's).
 */
static void
tags_sync(struct openb_state *st, const struct gs_cluster *c)
{
	struct openb_last	*l = &st->last;

	if (st->tags == NULL || !l->valid)
		return;
	l->valid = 0;
	if (l->node < c->nnodes && l->node < st->ntags &&
	    c->nodes[l->node].gen != l->gen)
		st->tags[l->node].n[l->tag]++;
}

/* One decision's request as the nodes are scored for it. */
struct eval_arg {
	struct openb_state	*st;
	const struct gs_cluster	*c;
	const struct gs_pod	*pod;
	const struct hami_req	*k;
	struct gs_fgd_ctx	 ctx;
	struct gs_typical	 t;
};

static void
eval_init(struct eval_arg *ea, struct openb_state *st,
    const struct gs_cluster *c, const struct gs_pod *pod,
    const struct hami_req *k)
{
	memset(ea, 0, sizeof *ea);
	ea->st = st;
	ea->c = c;
	ea->pod = pod;
	ea->k = k;
	gs_fgd_ctx_init(&ea->ctx, st->pol, &ea->t);
	cache_size(st, c);
}

/* Does the pod pass node i's filters and fit, and at what score (Random:
 * 0, it picks among the nodes that fit)?  A gs_fgd_eval. */
static int
node_eval(void *p, size_t i, double *s, uint32_t *devs)
{
	struct eval_arg		*ea = p;
	struct openb_state	*st = ea->st;
	const struct gs_node	*n = &ea->c->nodes[i];
	const struct gs_snode	*r;
	const struct gs_fgd_aux	*a;
	struct gs_fgd_aux	 ta;
	struct gs_spod		 rp;
	char			 fbuf[192];

	*s = 0;
	*devs = 0;
	if ((ea->pod->pinned_node >= 0 &&
	    (size_t)ea->pod->pinned_node != i) || !n->registered ||
	    n->ndevs == 0 || gs_kube_filter(n, ea->pod, fbuf, sizeof fbuf) !=
	    NULL)
		return 0;
	r = node_view(st, n, i, &ea->t);
	a = &st->aux[i];
	to_spod(ea->pod, ea->k, node_devmem(n), &rp);
	if (st->tags != NULL && i < st->ntags) {
		/* GpuClustering: the counts on a copy; they move only with
		 * the node's gen (tags_sync). */
		ta = *a;
		node_tags(st, i, &ta);
		a = &ta;
	}
	if (st->pol == &gs_policy_openb_random)
		return gs_snode_fits(r, &rp);
	return node_fit_score(st, &ea->ctx, i, n->gen, r, a, &rp, s, devs);
}

/* Score every node that passes the filters into sc; returns how many
 * did, with the lowest and highest score. */
static int
score_nodes(struct eval_arg *ea, struct node_score *sc, double *lo,
    double *hi)
{
	size_t	i;
	int	nfit = 0;

	for (i = 0; i < ea->c->nnodes; i++) {
		if (!(sc[i].ok = node_eval(ea, i, &sc[i].s, &sc[i].devs)))
			continue;
		if (nfit++ == 0 || sc[i].s < *lo)
			*lo = sc[i].s;
		if (nfit == 1 || sc[i].s > *hi)
			*hi = sc[i].s;
	}
	return nfit;
}

/*
 * The best node from the index, for a pod whose filters depend on the
 * node and its request alone (no selector, affinity, tolerations or pin):
 * its key is what to_spod reads.  The highest score, the first listed on
 * ties, is also the best after BestFit's NormalizeScore (100, or 0 for
 * all when every score is equal).  -2 when the index cannot say.
 */
static long
index_best(struct eval_arg *ea, double *best_s, uint32_t *devs)
{
	const struct gs_pod	*pod = ea->pod;
	int64_t			 key[GS_FGD_KEY];
	double			 lo = 0;
	long			 best;

	if (ea->st->index == NULL || pod->pinned_node >= 0 ||
	    pod->node_selector.n > 0 || pod->naffinity > 0 || pod->ntols > 0)
		return -2;
	key[0] = pod->req_cpu;
	key[1] = pod->req_mem;
	key[2] = pod->gpu_milli;
	key[3] = ea->k->nums;
	key[4] = ea->k->mempct;
	key[5] = ea->k->memreq;
	best = gs_fgd_index_best(ea->st->index, ea->c, key, node_eval, ea,
	    best_s, &lo, devs);
	if (best >= 0 && ea->st->pol->normalize)
		*best_s = *best_s == lo ? 0 : 100;
	return best;
}

/* The highest score, the first listed on ties; BestFit's NormalizeScore
 * maps [lo, hi] onto [0, 100] first. */
static long
pick_best(const struct openb_state *st, const struct node_score *sc,
    size_t n, double lo, double hi, double *best_s)
{
	size_t	i;
	long	best = -1;
	double	s;

	for (i = 0; i < n; i++) {
		if (!sc[i].ok)
			continue;
		s = sc[i].s;
		if (st->pol->normalize)
			s = hi == lo ? 0 : (double)(((int64_t)s - (int64_t)lo) *
			    100 / ((int64_t)hi - (int64_t)lo));
		if (best < 0 || s > *best_s) {
			best = (long)i;
			*best_s = s;
		}
	}
	return best;
}

/* Random, as the replay: a feasible node uniformly, then for a share
 * pod a GPU that holds it uniformly (reservoir), whole GPUs by index. */
static long
pick_random(struct openb_state *st, const struct gs_cluster *c,
    const struct gs_pod *pod, const struct hami_req *k,
    struct node_score *sc, int nfit)
{
	struct gs_snode	r;
	struct gs_spod	rp;
	size_t		i;
	long		node = -1;
	int		g, cnt = 0, pick = -1;
	unsigned long	nth = gsl_rng_uniform_int(st->rng, (unsigned long)nfit);

	for (i = 0; i < c->nnodes && node < 0; i++)
		if (sc[i].ok && nth-- == 0)
			node = (long)i;
	to_snode(&c->nodes[node], &r);
	to_spod(pod, k, node_devmem(&c->nodes[node]), &rp);
	if (!(rp.num == 1 && rp.milli < GS_MILLI)) {
		sc[node].devs = gs_bestfit_gpus(&r, &rp);
		return node;
	}
	for (g = 0; g < r.ngpu; g++)
		if (r.free[g] >= rp.milli && gsl_rng_uniform_int(st->rng,
		    (unsigned long)++cnt) == 0)
			pick = g;
	sc[node].devs = UINT32_C(1) << pick;
	return node;
}

/* Each GPU-asking container's grants on the chosen GPUs of node best,
 * each charging milli of the share view. */
static void
fill_grants(const struct openb_state *st, const struct gs_cluster *c,
    const struct gs_pod *pod, long best, uint32_t devs, int milli,
    struct gs_placement *d)
{
	size_t	ci, i, gi = 0;

	for (ci = 0; ci < pod->nctrs; ci++) {
		struct hami_req kc;

		hami_build_request(&pod->ctrs[ci], st->cfg, &kc);
		if (kc.nums == 0)
			continue;
		d->ctrs[ci].ngrants = (size_t)kc.nums;
		d->ctrs[ci].grants = xcalloc((size_t)kc.nums,
		    sizeof *d->ctrs[ci].grants);
		for (i = 0; i < c->nodes[best].ndevs && gi < (size_t)kc.nums;
		    i++) {
			const struct gs_device *dv = &c->nodes[best].devs[i];

			if (!(devs & (UINT32_C(1) << i)))
				continue;
			d->ctrs[ci].grants[gi].dev = (int)i;
			d->ctrs[ci].grants[gi].usedmem = hami_memreq(dv, &kc);
			d->ctrs[ci].grants[gi].usedcores = kc.coresreq;
			d->ctrs[ci].grants[gi].milli = milli;
			gi++;
		}
	}
}

/* Remember a GpuClustering decision until the engine commits it. */
static void
tags_note(struct openb_state *st, const struct gs_cluster *c,
    const struct gs_pod *pod, const struct hami_req *k, long best)
{
	struct gs_spod	rp;

	if (st->tags == NULL || (size_t)best >= st->ntags)
		return;	/* a node added after create() is not counted */
	to_spod(pod, k, node_devmem(&c->nodes[best]), &rp);
	st->last.valid = 1;
	st->last.node = (size_t)best;
	st->last.gen = c->nodes[best].gen;
	st->last.tag = rp.num == 1 && rp.milli < GS_MILLI ? 0 :
	    rp.num > GS_TRACE_MAXGPU ? GS_TRACE_MAXGPU : rp.num;
}

static int
openb_decide(void *p, const struct gs_cluster *c, const struct gs_pod *pod,
    struct gs_placement *d, struct gs_error *err)
{
	struct openb_state	*st = p;
	struct hami_req		 k;
	struct node_score	*sc = NULL;
	struct eval_arg		 ea;
	struct gs_spod		 rp;
	double			 best_s = 0, lo = 0, hi = 0;
	uint32_t		 devs = 0;
	long			 best;
	int			 nreq, nfit;

	(void)err;		/* it cannot fail */
	if (st->share != NULL) {	/* the replay's milli-GPU model */
		gs_fgd_share_decide(st->share, c, pod, d);
		return 0;
	}
	tags_sync(st, c);
	memset(d, 0, sizeof *d);
	d->node = -1;
	if ((nreq = pod_request(pod, st->cfg, &k)) == 0) {
		d->status = GS_UNMANAGED;
		return 0;
	}
	d->nctrs = pod->nctrs;
	d->ctrs = xcalloc(pod->nctrs, sizeof *d->ctrs);
	d->status = GS_PENDING;
	if (nreq < 0) {
		d->reason = xstrdup("the openb model has one GPU request per "
		    "pod; several containers ask for GPUs");
		return 0;
	}
	eval_init(&ea, st, c, pod, &k);
	if ((best = index_best(&ea, &best_s, &devs)) == -2) {
		sc = xcalloc(c->nnodes ? c->nnodes : 1, sizeof *sc);
		nfit = score_nodes(&ea, sc, &lo, &hi);
		if (nfit == 0)
			best = -1;
		else if (st->pol == &gs_policy_openb_random)
			best = pick_random(st, c, pod, &k, sc, nfit);
		else
			best = pick_best(st, sc, c->nnodes, lo, hi, &best_s);
		if (best >= 0)
			devs = sc[best].devs;
	}
	if (best < 0) {
		free(sc);
		d->reason = xstrdup("no node has the GPUs (in milli-GPU), cpu "
		    "and memory the pod asks for");
		return 0;
	}
	d->status = GS_PLACED;
	d->node = best;
	d->node_score = (float)best_s;
	to_spod(pod, &k, node_devmem(&c->nodes[best]), &rp);
	fill_grants(st, c, pod, best, devs, rp.milli, d);
	free(sc);
	tags_note(st, c, pod, &k, best);
	return 0;
}

static void *
openb_create(const struct gs_policy *pol, const struct gs_cluster *c,
    const struct gs_config *cfg)
{
	struct openb_state *st = xcalloc(1, sizeof *st);

	st->pol = pol;
	st->cfg = cfg;
	st->kept = 1;
	if (cfg->share) {
		st->share = gs_fgd_share_new(pol, c, cfg);
		return st;
	}
	if (pol == &gs_policy_openb_random) {
		st->rng = gsl_rng_alloc(gsl_rng_mt19937);
		gsl_rng_set(st->rng, cfg->seed);
	}
	if (pol != &gs_policy_openb_random && !cfg->exhaustive)
		st->index = gs_fgd_index_new();
	if (pol == &gs_policy_openb_gpuclustering) {
		st->ntags = c->nnodes;
		st->tags = xcalloc(c->nnodes ? c->nnodes : 1, sizeof *st->tags);
	}
	return st;
}

static void
openb_destroy(void *p)
{
	struct openb_state *st = p;

	gs_fgd_share_free(st->share);
	free(st->shapes);
	free(st->req);
	free(st->tags);
	if (st->rng != NULL)
		gsl_rng_free(st->rng);
	free(st->rn);
	free(st->aux);
	free(st->rgen);
	free(st->rvalid);
	free(st->sm);
	gs_fgd_index_free(st->index);
	free(st);
}

static void
openb_release(void *p, const struct gs_cluster *c, const struct gs_pod *pod,
    const struct gs_placement *d)
{
	struct openb_state *st = p;

	if (st->share != NULL)
		gs_fgd_share_release(st->share, c, pod, d);
}

#define OPENB_CREATE(fn, policy)					\
static void *								\
fn(const struct gs_cluster *c, const struct gs_config *cfg)		\
{									\
	return openb_create(policy, c, cfg);				\
}

OPENB_CREATE(create_random, &gs_policy_openb_random)
OPENB_CREATE(create_dotprod, &gs_policy_openb_dotprod)
OPENB_CREATE(create_gpuclustering, &gs_policy_openb_gpuclustering)
OPENB_CREATE(create_gpupacking, &gs_policy_openb_gpupacking)
OPENB_CREATE(create_bestfit, &gs_policy_openb_bestfit)
OPENB_CREATE(create_fgd, &gs_policy_openb_fgd)

/* On the device view the node listed first wins ties; the replay's rule
 * (the seeded node order) is the tie field.  BestFit alone normalises. */
#define OPENB_POLICY(n, s, fn, norm) {					\
	.name = (n), .summary = (s), .create = (fn),			\
	.destroy = openb_destroy, .decide = openb_decide,		\
	.workload = openb_workload, .release = openb_release,		\
	GS_POLICY_BOTH("openb", GS_TIE_RANK, 1, (norm), 0) }

const struct gs_policy gs_policy_openb_random = OPENB_POLICY("random",
    "FGD paper's Random: a feasible node uniformly (seeded, --seed), a "
    "random GPU", create_random, 0);
const struct gs_policy gs_policy_openb_dotprod = OPENB_POLICY("dotprod",
    "FGD paper's DotProd on the GPUs' memory share (milli-GPU)",
    create_dotprod, 0);
const struct gs_policy gs_policy_openb_gpuclustering = OPENB_POLICY(
    "gpuclustering", "FGD paper's GpuClustering: nodes running pods of "
    "the same GPU count", create_gpuclustering, 0);
const struct gs_policy gs_policy_openb_gpupacking = OPENB_POLICY(
    "gpupacking", "FGD paper's GpuPacking on the GPUs' memory share",
    create_gpupacking, 0);
const struct gs_policy gs_policy_openb_bestfit = OPENB_POLICY("bestfit",
    "FGD paper's BestFit on the GPUs' memory share", create_bestfit, 1);
const struct gs_policy gs_policy_openb_fgd = OPENB_POLICY("fgd",
    "FGD: least growth of the workload's fragmentation", create_fgd, 0);
