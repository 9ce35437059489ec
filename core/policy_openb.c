/*
 * policy_openb.c: the FGD paper's policies as `simulate` profiles on
 * HAMi-style clusters, in their own resource model (spec/openb-fgd.md):
 * each GPU is 1000 milli-GPU, of which the used memory share is taken,
 * ceil(usedmem x 1000 / devmem); a request takes the share of its
 * memory (gpumem-percentage x 10, or ceil(gpumem x 1000 / devmem); a
 * whole GPU 1000) on nvidia.com/gpu GPUs; node CPU and memory are the
 * allocatable left.  Cores and slots are not part of the model.
 *
 * dotprod, gpupacking, bestfit and fgd score with the replay's own
 * functions (openb_policy.c); FGD's typical pods are the simulated
 * workload's, as the paper takes them from the trace.  The node listed
 * first wins ties.  gpuclustering (it needs each pod's GPU count per
 * node) and random (it needs a seed) are the replay's only.
 */
#include <stdlib.h>
#include <string.h>

#include "hami.h"
#include "kubefilter.h"
#include "policy.h"
#include "replay.h"
#include "util.h"

struct openb_state {
	int			 policy;		/* enum gs_rpolicy */
	const struct gs_config	*cfg;
	/* Typical pods of the workload; milli in the terms of each node's
	 * GPUs, filled in per node. */
	struct gs_tshape	*shapes;
	int64_t			*req;	/* per shape: memreq, or -pct */
	size_t			 nshapes;
	int64_t			 kept;
	int32_t			 milli_devmem;	/* shapes' milli are for */
	int			 milli_set;
	/* Per node, keyed on gs_node.gen (policy.h): the node in the
	 * replay's terms with its FGD fragmentation, rebuilt only for nodes
	 * whose usage changed since. */
	struct gs_rnode		*rn;
	uint64_t		*rgen;
	unsigned char		*rvalid;
	size_t			 nrn;
	/* Per node, the score of the last request it was scored for. */
	struct score_memo	*sm;
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

/* The node in the replay's terms. */
static void
to_rnode(const struct gs_node *n, struct gs_rnode *r)
{
	size_t	g;
	int64_t	used;

	memset(r, 0, sizeof *r);
	r->cpu_cap = n->has_alloc ? n->alloc_cpu : INT64_C(1) << 40;
	r->cpu_left = r->cpu_cap - n->used_cpu;
	r->mem_cap = n->has_alloc ? n->alloc_mem >> 20 : INT64_C(1) << 40;
	r->mem_left = r->mem_cap - (n->used_mem >> 20);
	r->max_pods = n->has_alloc ? (int32_t)n->alloc_pods : 1 << 30;
	r->pods = (int32_t)n->used_pods;
	r->model = n->ndevs > 0 ? 0 : -1;
	for (g = 0; g < n->ndevs && g < GS_TRACE_MAXGPU; g++) {
		const struct gs_device *d = &n->devs[g];

		used = d->devmem > 0 ? ((int64_t)d->usedmem * GS_MILLI +
		    d->devmem - 1) / d->devmem : 0;
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
 * Node i in the replay's terms with (FGD) its frag numerator, from the
 * cache while the node's gen is unchanged; t gets the shapes' milli for
 * its GPUs.  The view and the fragmentation depend only on the node
 * (usage, allocatable, health) and the workload's shapes, never on the
 * pod; the engine bumps gen whenever it charges or releases usage.
 */
static const struct gs_rnode *
node_view(struct openb_state *st, const struct gs_node *n, size_t i,
    struct gs_typical *t)
{
	if (st->policy == GS_RP_FGD)
		shapes_for(st, node_devmem(n), t);
	if (st->rvalid[i] && st->rgen[i] == n->gen)
		return &st->rn[i];
	to_rnode(n, &st->rn[i]);
	if (st->policy == GS_RP_FGD)
		st->rn[i].frag = gs_frag_node(&st->rn[i], t);
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
	st->rgen = xreallocarray(st->rgen, c->nnodes, sizeof *st->rgen);
	st->rvalid = xreallocarray(st->rvalid, c->nnodes, 1);
	memset(st->rvalid + st->nrn, 0, c->nnodes - st->nrn);
	st->sm = xreallocarray(st->sm, c->nnodes, sizeof *st->sm);
	memset(st->sm + st->nrn, 0, (c->nnodes - st->nrn) * sizeof *st->sm);
	st->nrn = c->nnodes;
}

/* Does rp fit node i (view r), and at what score: from the memo when
 * node and request are those it was computed for. */
static int
node_fit_score(struct openb_state *st, const struct gs_rctx *ctx, size_t i,
    uint64_t gen, const struct gs_rnode *r, const struct gs_rpod *rp,
    double *score, uint32_t *devs)
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
		m->ok = gs_rnode_fits(r, rp);
		m->devs = 0;
		m->s = m->ok ? gs_rpolicy_score(ctx, r, rp, &m->devs) : 0;
	}
	*score = m->s;
	*devs = m->devs;
	return m->ok;
}

/* A workload pod's typical-pod key: cpu, GPUs, memory request (MiB, or
 * minus the percentage); where it was first seen; how many share it. */
struct wkey {
	int64_t	cpu, req;
	int	num;
	size_t	first;
	int64_t	count;
};

static int
wkey_by_key(const void *a, const void *b)
{
	const struct wkey *x = a, *y = b;

	if (x->cpu != y->cpu)
		return x->cpu < y->cpu ? -1 : 1;
	if (x->num != y->num)
		return x->num < y->num ? -1 : 1;
	if (x->req != y->req)
		return x->req < y->req ? -1 : 1;
	return (x->first > y->first) - (x->first < y->first);
}

/* By count, descending; the first seen first on equal counts. */
static int
wkey_by_count(const void *a, const void *b)
{
	const struct wkey *x = a, *y = b;

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return (x->first > y->first) - (x->first < y->first);
}

/* Typical pods of the workload (§4): key (cpu, request, num). */
static void
openb_workload(void *p, const struct gs_workload *w)
{
	struct openb_state	*st = p;
	struct hami_req		 k;
	struct wkey		*v;
	size_t			 i, n = 0, m = 0;
	int64_t			 cum = 0;

	free(st->shapes);
	free(st->req);
	v = xcalloc(w->npods ? w->npods : 1, sizeof *v);
	for (i = 0; i < w->npods; i++) {
		if (pod_request(&w->pods[i], st->cfg, &k) < 0)
			continue;
		v[n].cpu = w->pods[i].req_cpu;
		v[n].num = k.nums;
		v[n].req = k.nums == 0 ? 0 : k.mempct != 101 ?
		    -(int64_t)k.mempct : k.memreq;
		v[n].first = i;
		v[n++].count = 1;
	}
	/* Group equal keys; each keeps its first pod's index. */
	qsort(v, n, sizeof *v, wkey_by_key);
	for (i = 0; i < n; i++) {
		if (m > 0 && v[m - 1].cpu == v[i].cpu &&
		    v[m - 1].num == v[i].num && v[m - 1].req == v[i].req)
			v[m - 1].count++;
		else
			v[m++] = v[i];
	}
	qsort(v, m, sizeof *v, wkey_by_count);
	st->shapes = xcalloc(m ? m : 1, sizeof *st->shapes);
	st->req = xcalloc(m ? m : 1, sizeof *st->req);
	for (i = 0; i < m && cum * 100 < 95 * (int64_t)n; i++) {
		st->shapes[i].cpu = v[i].cpu;
		st->shapes[i].num = v[i].num;
		st->shapes[i].mask = ~UINT64_C(0);
		st->shapes[i].count = v[i].count;
		st->req[i] = v[i].req;
		cum += v[i].count;
	}
	st->nshapes = i;
	st->kept = cum > 0 ? cum : 1;
	st->milli_set = 0;
	if (st->nrn > 0) {	/* new shapes: new frag, new scores */
		memset(st->rvalid, 0, st->nrn);
		memset(st->sm, 0, st->nrn * sizeof *st->sm);
	}
	free(v);
}

static int
openb_decide(void *p, const struct gs_cluster *c, const struct gs_pod *pod,
    struct gs_placement *d, struct gs_error *err)
{
	struct openb_state	*st = p;
	struct hami_req		 k;
	struct gs_rctx		 ctx;
	struct gs_typical	 t;
	const struct gs_rnode	*r;
	struct gs_rpod		 rp;
	struct node_score {
		int		ok;
		double		s;
		uint32_t	devs;
	}			*sc;
	char			 fbuf[192];
	size_t			 i, ci, gi = 0;
	double			 s, best_s = 0, lo = 0, hi = 0;
	long			 best = -1;
	uint32_t		 best_devs = 0;
	int			 nreq, nfit = 0;

	(void)err;
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
	memset(&t, 0, sizeof t);
	gs_rctx_init(&ctx, st->policy, &t);
	memset(&rp, 0, sizeof rp);
	rp.cpu = pod->req_cpu;
	rp.mem = pod->req_mem >> 20;
	rp.num = k.nums;
	rp.mask = ~UINT64_C(0);
	sc = xcalloc(c->nnodes ? c->nnodes : 1, sizeof *sc);
	cache_size(st, c);
	for (i = 0; i < c->nnodes; i++) {
		const struct gs_node *n = &c->nodes[i];

		sc[i].ok = 0;
		if ((pod->pinned_node >= 0 && (size_t)pod->pinned_node != i) ||
		    !n->registered || n->ndevs == 0 ||
		    gs_kube_filter(n, pod, fbuf, sizeof fbuf) != NULL)
			continue;
		r = node_view(st, n, i, &t);
		rp.milli = k.mempct == 100 && k.memreq == 0 ? GS_MILLI :
		    share_of(&k, node_devmem(n));
		if (rp.num > 1 && rp.milli < GS_MILLI)
			rp.milli = GS_MILLI;	/* shares are one-GPU only */
		if (!node_fit_score(st, &ctx, i, n->gen, r, &rp, &sc[i].s,
		    &sc[i].devs))
			continue;
		sc[i].ok = 1;
		if (nfit++ == 0 || sc[i].s < lo)
			lo = sc[i].s;
		if (nfit == 1 || sc[i].s > hi)
			hi = sc[i].s;
	}
	/* The highest score, the first listed on ties; BestFit's
	 * NormalizeScore maps [lo, hi] onto [0, 100] first. */
	for (i = 0; i < c->nnodes; i++) {
		if (!sc[i].ok)
			continue;
		s = sc[i].s;
		if (st->policy == GS_RP_BESTFIT)
			s = hi == lo ? 0 : (double)(((int64_t)s - (int64_t)lo) *
			    100 / ((int64_t)hi - (int64_t)lo));
		if (best < 0 || s > best_s) {
			best = (long)i;
			best_s = s;
			best_devs = sc[i].devs;
		}
	}
	free(sc);
	if (best < 0) {
		d->reason = xstrdup("no node has the GPUs (in milli-GPU), cpu "
		    "and memory the pod asks for");
		return 0;
	}
	d->status = GS_PLACED;
	d->node = best;
	d->node_score = (float)best_s;
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

			if (!(best_devs & (UINT32_C(1) << i)))
				continue;
			d->ctrs[ci].grants[gi].dev = (int)i;
			d->ctrs[ci].grants[gi].usedmem = hami_memreq(dv, &kc);
			d->ctrs[ci].grants[gi].usedcores = kc.coresreq;
			gi++;
		}
	}
	return 0;
}

static void *
openb_create(int policy, const struct gs_config *cfg)
{
	struct openb_state *st = xcalloc(1, sizeof *st);

	st->policy = policy;
	st->cfg = cfg;
	st->kept = 1;
	return st;
}

static void
openb_destroy(void *p)
{
	struct openb_state *st = p;

	free(st->shapes);
	free(st->req);
	free(st->rn);
	free(st->rgen);
	free(st->rvalid);
	free(st->sm);
	free(st);
}

#define OPENB_CREATE(fn, policy)					\
static void *								\
fn(const struct gs_cluster *c, const struct gs_config *cfg)		\
{									\
	(void)c;							\
	return openb_create(policy, cfg);				\
}

OPENB_CREATE(create_dotprod, GS_RP_DOTPROD)
OPENB_CREATE(create_gpupacking, GS_RP_GPUPACKING)
OPENB_CREATE(create_bestfit, GS_RP_BESTFIT)
OPENB_CREATE(create_fgd, GS_RP_FGD)

const struct gs_policy gs_policy_openb_dotprod = {
	.name = "dotprod",
	.summary = "FGD paper's DotProd on the GPUs' memory share (milli-GPU)",
	.create = create_dotprod,
	.destroy = openb_destroy,
	.decide = openb_decide,
	.workload = openb_workload,
};
const struct gs_policy gs_policy_openb_gpupacking = {
	.name = "gpupacking",
	.summary = "FGD paper's GpuPacking on the GPUs' memory share",
	.create = create_gpupacking,
	.destroy = openb_destroy,
	.decide = openb_decide,
	.workload = openb_workload,
};
const struct gs_policy gs_policy_openb_bestfit = {
	.name = "bestfit",
	.summary = "FGD paper's BestFit on the GPUs' memory share",
	.create = create_bestfit,
	.destroy = openb_destroy,
	.decide = openb_decide,
	.workload = openb_workload,
};
const struct gs_policy gs_policy_openb_fgd = {
	.name = "fgd",
	.summary = "FGD: least growth of the workload's fragmentation",
	.create = create_fgd,
	.destroy = openb_destroy,
	.decide = openb_decide,
	.workload = openb_workload,
};
