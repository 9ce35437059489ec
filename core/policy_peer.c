/*
 * policy_peer.c: the peers' schedulers as `simulate` profiles, on the
 * HAMi-style cluster model (devices with slots, memory and cores) where
 * their model applies (spec/peers.md):
 *
 * - kube-least-allocated, kube-most-allocated,
 *   kube-requested-to-capacity-ratio: upstream kube-scheduler with the
 *   NVIDIA device plugin.  nvidia.com/gpu is an integer resource, one
 *   whole device per unit; a pod that asks for nvidia.com/gpumem,
 *   gpumem-percentage or gpucores stays pending (no node advertises them
 *   without HAMi).  Scoring over cpu, memory and nvidia.com/gpu, weights 1.
 * - kai-binpack, kai-spread: KAI-Scheduler.  A container with a memory
 *   request is a fraction (gpu-memory in MiB, or gpu-fraction from the
 *   percentage) on gpu-fraction-num-devices = nvidia.com/gpu devices;
 *   otherwise it takes whole GPUs.  Cores are not KAI's to limit.
 * - volcano-binpack, volcano-spread: Volcano's deviceshare vGPU, which is
 *   HAMi-core underneath: nvidia.com/gpu, gpumem, gpumem-percentage and
 *   gpucores read as volcano.sh/vgpu-number, -memory, -memory-percentage
 *   and -cores; the v1.15+ device walk and node score.
 *
 * Ties go to the node listed first (kube-scheduler and Volcano pick at
 * random; `simulate` is deterministic), or to the smallest name (KAI).
 * Pods without a GPU request are not GPU pods: unmanaged, as under HAMi.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hami.h"
#include "kubefilter.h"
#include "policy.h"
#include "util.h"

enum peer_kind {
	PK_KUBE_LEAST,
	PK_KUBE_MOST,
	PK_KUBE_RTCR,
	PK_KAI_BINPACK,
	PK_KAI_SPREAD,
	PK_VOLCANO_BINPACK,
	PK_VOLCANO_SPREAD
};

struct peer_state {
	enum peer_kind		 kind;
	const struct gs_config	*cfg;
};

/* Why nodes failed, counted for the pending reason. */
enum peer_why {
	PW_FILTER,		/* a kube-scheduler filter */
	PW_NO_GPUS,		/* no devices */
	PW_GPUS,		/* not enough free GPUs / device fit */
	PW_N
};

/* The request of a pod's GPU containers and the devices one node gives. */
struct peer_pod {
	struct hami_req	*req;		/* per container */
	int		 sharing;	/* asks gpumem/percentage/cores */
	size_t		 nctrs;
};

static void *
peer_create(enum peer_kind kind, const struct gs_config *cfg)
{
	struct peer_state *st = xcalloc(1, sizeof *st);

	st->kind = kind;
	st->cfg = cfg;
	return st;
}

static void
peer_destroy(void *st)
{
	free(st);
}

static int
dev_free(const struct gs_device *d)
{
	return d->health && d->used == 0;
}

static int
idle_devices(const struct gs_node *n)
{
	size_t	i;
	int	k = 0;

	for (i = 0; i < n->ndevs; i++)
		k += dev_free(&n->devs[i]);
	return k;
}

/* --- kube-scheduler ---------------------------------------------------- */

/* One resource's score under the strategy; -1 when it is left out. */
static int64_t
kube_resource(enum peer_kind k, int64_t a, int64_t q)
{
	int64_t	u;

	if (a <= 0)
		return -1;
	if (k == PK_KUBE_LEAST)
		return q > a ? 0 : (a - q) * 100 / a;
	if (k == PK_KUBE_MOST)
		return (q < a ? q : a) * 100 / a;
	/* RequestedToCapacityRatio, bin-pack shape [(0,0),(100,10)]. */
	u = q <= 0 ? 0 : q >= a ? 100 : q * 100 / a;
	return u > 0 ? u : -1;
}

/* Requests for scoring: a container without cpu or memory counts as
 * 100m and 200 MiB (NonMissingContainerRequests). */
static void
kube_pod_req(const struct gs_pod *pod, int64_t *cpu, int64_t *mem)
{
	size_t	i;

	*cpu = *mem = 0;
	for (i = 0; i < pod->nctrs; i++) {
		*cpu += pod->ctrs[i].cpu > 0 ? pod->ctrs[i].cpu : 100;
		*mem += pod->ctrs[i].mem > 0 ? pod->ctrs[i].mem :
		    200LL * 1024 * 1024;
	}
}

static int
kube_node(const struct peer_state *st, const struct gs_node *n,
    const struct gs_pod *pod, const struct peer_pod *pp, double *score,
    struct gs_grant *g, size_t *ng)
{
	int64_t	cpu, mem, a[3], q[3], s, ns = 0, ws = 0, want = 0;
	size_t	i, k = 0;
	int	r, used = 0;

	for (i = 0; i < pp->nctrs; i++)
		want += pp->req[i].nums;
	if (idle_devices(n) < want)
		return PW_GPUS;
	for (i = 0; i < n->ndevs && (int64_t)k < want; i++)
		if (dev_free(&n->devs[i])) {
			g[k].dev = (int)i;
			g[k].usedmem = n->devs[i].devmem;
			g[k].usedcores = n->devs[i].devcore;
			k++;
		}
	*ng = k;
	for (i = 0; i < n->ndevs; i++)
		used += n->devs[i].used > 0;
	kube_pod_req(pod, &cpu, &mem);
	a[0] = n->has_alloc ? n->alloc_cpu : 0;
	q[0] = n->used_cpu + cpu;
	a[1] = n->has_alloc ? n->alloc_mem : 0;
	q[1] = n->used_mem + mem;
	a[2] = (int64_t)n->ndevs;
	q[2] = used + want;
	for (r = 0; r < 3; r++) {
		if ((s = kube_resource(st->kind, a[r], q[r])) < 0)
			continue;
		ns += s;
		ws++;
	}
	if (ws == 0)
		*score = 0;
	else if (st->kind == PK_KUBE_RTCR)
		*score = (double)llround((double)ns / (double)ws);
	else
		*score = (double)(ns / ws);
	return -1;
}

/* --- KAI-Scheduler ----------------------------------------------------- */

/* A shared GPU group: a device held by fractions (not a whole GPU). */
static int
kai_group(const struct gs_device *d)
{
	return d->used > 0 && d->usedmem < d->devmem;
}

/* The memory a fraction takes on d: gpu-memory, or (int64)(f x MEM). */
static int64_t
kai_reqmem(const struct gs_device *d, const struct hami_req *k)
{
	if (k->mempct != 101)
		return (int64_t)((double)k->mempct / 100.0 * d->devmem);
	return k->memreq;
}

static int
kai_fraction(const struct hami_req *k, const struct peer_pod *pp)
{
	return pp->sharing && !(k->mempct == 100 && k->memreq == 0);
}

/*
 * Is device a a better choice than b for a fraction under gpupack
 * (score: a group's used/MEM, an idle GPU 0) or gpuspread (an idle GPU 1,
 * a group 1 - used/MEM)?  Equal scores keep FittingGPUs' order: groups
 * (KAI: map order; here index order) before idle GPUs.
 */
static int
kai_better(enum peer_kind kind, const struct gs_device *a,
    const struct gs_device *b)
{
	int64_t	ua = (int64_t)a->usedmem * b->devmem;
	int64_t	ub = (int64_t)b->usedmem * a->devmem;

	if (dev_free(a) != dev_free(b)) {
		if (kind == PK_KAI_BINPACK)
			return dev_free(b);	/* any group scores above 0 */
		return dev_free(a);		/* idle scores 1, above groups */
	}
	if (dev_free(a))
		return 0;			/* both idle: index order */
	return kind == PK_KAI_BINPACK ? ua > ub : ua < ub;
}

/*
 * The GPUs of one container: whole GPUs take idle devices by index; a
 * fraction joins the best group that fits, or opens an idle GPU, per
 * kai_better.  taken[] marks this pod's earlier grants.  Returns how many
 * it got.
 */
static size_t
kai_ctr(enum peer_kind kind, const struct gs_node *n,
    const struct hami_req *k, int frac, unsigned char *taken,
    struct gs_grant *g)
{
	size_t	i, got = 0;
	int	best;

	while ((int32_t)got < k->nums) {
		best = -1;
		for (i = 0; i < n->ndevs; i++) {
			const struct gs_device *d = &n->devs[i];

			if (taken[i] || !d->health)
				continue;
			if (!dev_free(d) && !(frac && kai_group(d) &&
			    d->devmem - d->usedmem >= kai_reqmem(d, k)))
				continue;
			if (frac && kai_reqmem(d, k) > d->devmem)
				continue;
			if (best < 0 || (frac && kai_better(kind, d,
			    &n->devs[best])))
				best = (int)i;
		}
		if (best < 0)
			break;
		taken[best] = 1;
		g[got].dev = best;
		g[got].usedmem = frac ? (int32_t)kai_reqmem(&n->devs[best], k) :
		    n->devs[best].devmem;
		g[got].usedcores = frac ? 0 : n->devs[best].devcore;
		got++;
	}
	return got;
}

struct kai_range {
	double	mn, mx;
};

static void
kai_prepare(const struct gs_cluster *c, struct kai_range *r)
{
	size_t	i;
	double	na;

	r->mn = HUGE_VAL;
	r->mx = 0;
	for (i = 0; i < c->nnodes; i++) {
		if (c->nodes[i].ndevs == 0 || !c->nodes[i].registered)
			continue;
		na = idle_devices(&c->nodes[i]);
		if (na < r->mn)
			r->mn = na;
		if (na > r->mx)
			r->mx = na;
	}
}

static int
kai_node(const struct peer_state *st, const struct gs_node *n,
    const struct peer_pod *pp, const struct kai_range *r, double *score,
    struct gs_grant *g, size_t *ng, unsigned char *taken)
{
	double	na = idle_devices(n), place;
	size_t	ci, i, got = 0;
	int	sharing = 0;

	memset(taken, 0, n->ndevs);
	for (ci = 0; ci < pp->nctrs; ci++) {
		const struct hami_req *k = &pp->req[ci];
		int frac = kai_fraction(k, pp);
		size_t want = (size_t)k->nums;

		if (want == 0)
			continue;
		if (kai_ctr(st->kind, n, k, frac, taken, g + got) < want)
			return PW_GPUS;
		got += want;
		/* gpusharingorder: a used group this fraction fits. */
		for (i = 0; frac && i < n->ndevs; i++)
			if (kai_group(&n->devs[i]) && n->devs[i].devmem -
			    n->devs[i].usedmem >= kai_reqmem(&n->devs[i], k))
				sharing = 1;
	}
	*ng = got;
	if (st->kind == PK_KAI_SPREAD)
		place = n->ndevs == 0 ? 0 : na / (double)n->ndevs;
	else if (n->ndevs == 0 || r->mx == 0)
		place = 0;
	else if (r->mn == r->mx)
		place = 9;
	else
		place = 9 * (1 - (na - r->mn) / (r->mx - r->mn));
	*score = 100 + place;
	if (st->kind == PK_KAI_BINPACK && sharing)
		*score += 1000;
	return -1;
}

/* --- Volcano deviceshare ----------------------------------------------- */

static int
volcano_node(const struct peer_state *st, const struct gs_node *n,
    const struct gs_pod *pod, const struct peer_pod *pp, double *score,
    struct gs_grant *g, size_t *ng, struct gs_device *dv)
{
	struct hami_filter	f;
	size_t			ci, i, j, got = 0, *order;
	double			s = 0;
	int			rc = -1;

	hami_filter_init(&f, pod, st->cfg);
	memcpy(dv, n->devs, n->ndevs * sizeof *dv);	/* tentative usage */
	order = xcalloc(n->ndevs ? n->ndevs : 1, sizeof *order);
	for (ci = 0; ci < pp->nctrs && rc < 0; ci++) {
		struct hami_req	k = pp->req[ci];

		if (k.nums == 0)
			continue;
		if ((size_t)k.nums > n->ndevs) {
			rc = PW_GPUS;
			break;
		}
		/* binpack: UsedMem desc; spread: UsedNum asc; index asc. */
		for (i = 0; i < n->ndevs; i++) {
			for (j = i; j > 0; j--) {
				const struct gs_device *a = &dv[i];
				const struct gs_device *b = &dv[order[j - 1]];

				if (!(st->kind == PK_VOLCANO_BINPACK ?
				    a->usedmem > b->usedmem : a->used < b->used))
					break;
				order[j] = order[j - 1];
			}
			order[j] = i;
		}
		for (i = 0; i < n->ndevs && k.nums > 0; i++) {
			struct gs_device *d = &dv[order[i]];
			int64_t mem = k.mempct != 101 ? (int64_t)((double)
			    d->devmem * k.mempct / 100.0) : k.memreq;

			if (!hami_type_ok(&f, d) || !hami_uuid_ok(&f, d) ||
			    d->count <= d->used || d->devmem - d->usedmem < mem ||
			    d->usedcores + k.coresreq > 100 ||
			    (k.coresreq == 100 && d->used > 0) ||
			    (d->usedcores == 100 && k.coresreq == 0))
				continue;
			d->used++;
			d->usedmem += (int32_t)mem;
			d->usedcores += k.coresreq;
			g[got].dev = (int)order[i];
			g[got].usedmem = (int32_t)mem;
			g[got].usedcores = k.coresreq;
			got++;
			k.nums--;
			if (st->kind == PK_VOLCANO_BINPACK)
				s += 100 * ((double)d->usedmem / d->devmem);
		}
		if (k.nums > 0)
			rc = PW_GPUS;
	}
	free(order);
	hami_filter_release(&f);
	*ng = got;
	*score = floor(s + 0.5);
	return rc;
}

/* --- the decision ------------------------------------------------------ */

static void
peer_pod_init(struct peer_pod *pp, const struct gs_pod *pod,
    const struct gs_config *cfg)
{
	size_t	i;

	pp->nctrs = pod->nctrs;
	pp->req = xcalloc(pod->nctrs ? pod->nctrs : 1, sizeof *pp->req);
	pp->sharing = 0;
	for (i = 0; i < pod->nctrs; i++) {
		const struct gs_resval *l = pod->ctrs[i].lim;

		hami_build_request(&pod->ctrs[i], cfg, &pp->req[i]);
		if (pp->req[i].nums > 0 && (l[GS_RES_GPUMEM].set ||
		    l[GS_RES_GPUMEM_PCT].set || l[GS_RES_GPUCORES].set))
			pp->sharing = 1;
	}
}

static char *
pending_reason(const struct gs_cluster *c, const int counts[PW_N])
{
	return xasprintf("0/%zu nodes are available: %d refused by "
	    "kube-scheduler filters, %d without GPUs, %d without enough free "
	    "GPUs", c->nnodes, counts[PW_FILTER], counts[PW_NO_GPUS],
	    counts[PW_GPUS]);
}

static void
peer_decide(void *p, const struct gs_cluster *c, const struct gs_pod *pod,
    struct gs_placement *d)
{
	struct peer_state	*st = p;
	struct peer_pod		 pp;
	struct kai_range	 kr = { 0, 0 };
	struct gs_grant		*g, *best_g;
	struct gs_device	*dv = NULL;
	unsigned char		*taken = NULL;
	size_t			 i, maxdevs = 1, ng, best_ng = 0, total = 0;
	int			 counts[PW_N] = { 0 }, why;
	long			 best = -1;
	double			 score, best_score = 0;
	char			 fbuf[192];

	memset(d, 0, sizeof *d);
	d->node = -1;
	peer_pod_init(&pp, pod, st->cfg);
	for (i = 0; i < pp.nctrs; i++)
		total += (size_t)pp.req[i].nums;
	if (total == 0) {
		d->status = GS_UNMANAGED;
		free(pp.req);
		return;
	}
	if (st->kind <= PK_KUBE_RTCR && pp.sharing) {
		/* NodeResourcesFit: Insufficient nvidia.com/gpumem. */
		d->status = GS_PENDING;
		d->nctrs = pod->nctrs;
		d->ctrs = xcalloc(pod->nctrs, sizeof *d->ctrs);
		d->reason = xstrdup("asks nvidia.com/gpumem, gpumem-percentage "
		    "or gpucores, which no node advertises without HAMi");
		free(pp.req);
		return;
	}
	for (i = 0; i < c->nnodes; i++)
		if (c->nodes[i].ndevs > maxdevs)
			maxdevs = c->nodes[i].ndevs;
	g = xcalloc(total + maxdevs, sizeof *g);
	best_g = xcalloc(total + maxdevs, sizeof *best_g);
	dv = xcalloc(maxdevs, sizeof *dv);
	taken = xcalloc(maxdevs, 1);
	if (st->kind == PK_KAI_BINPACK)
		kai_prepare(c, &kr);
	for (i = 0; i < c->nnodes; i++) {
		const struct gs_node *n = &c->nodes[i];

		if (pod->pinned_node >= 0 && (size_t)pod->pinned_node != i)
			continue;
		if (gs_kube_filter(n, pod, fbuf, sizeof fbuf) != NULL) {
			counts[PW_FILTER]++;
			continue;
		}
		if (!n->registered || n->ndevs == 0) {
			counts[PW_NO_GPUS]++;
			continue;
		}
		ng = 0;
		if (st->kind <= PK_KUBE_RTCR)
			why = kube_node(st, n, pod, &pp, &score, g, &ng);
		else if (st->kind <= PK_KAI_SPREAD)
			why = kai_node(st, n, &pp, &kr, &score, g, &ng, taken);
		else
			why = volcano_node(st, n, pod, &pp, &score, g, &ng, dv);
		if (why >= 0) {
			counts[why]++;
			continue;
		}
		if (best >= 0 && (score < best_score || (score == best_score &&
		    (st->kind < PK_KAI_BINPACK || st->kind > PK_KAI_SPREAD ||
		    strcmp(n->name, c->nodes[best].name) >= 0))))
			continue;
		best = (long)i;
		best_score = score;
		best_ng = ng;
		memcpy(best_g, g, ng * sizeof *g);
	}
	d->nctrs = pod->nctrs;
	d->ctrs = xcalloc(pod->nctrs, sizeof *d->ctrs);
	if (best < 0) {
		d->status = GS_PENDING;
		d->reason = pending_reason(c, counts);
	} else {
		size_t off = 0;

		d->status = GS_PLACED;
		d->node = best;
		d->node_score = (float)best_score;
		for (i = 0; i < pod->nctrs; i++) {
			size_t k = (size_t)pp.req[i].nums;

			if (k == 0 || off + k > best_ng)
				continue;
			d->ctrs[i].ngrants = k;
			d->ctrs[i].grants = xcalloc(k, sizeof *g);
			memcpy(d->ctrs[i].grants, best_g + off, k * sizeof *g);
			off += k;
		}
	}
	free(g);
	free(best_g);
	free(dv);
	free(taken);
	free(pp.req);
}

#define PEER_CREATE(fn, kind)						\
static void *								\
fn(const struct gs_cluster *c, const struct gs_config *cfg)		\
{									\
	(void)c;							\
	return peer_create(kind, cfg);					\
}

PEER_CREATE(create_kube_least, PK_KUBE_LEAST)
PEER_CREATE(create_kube_most, PK_KUBE_MOST)
PEER_CREATE(create_kube_rtcr, PK_KUBE_RTCR)
PEER_CREATE(create_kai_binpack, PK_KAI_BINPACK)
PEER_CREATE(create_kai_spread, PK_KAI_SPREAD)
PEER_CREATE(create_volcano_binpack, PK_VOLCANO_BINPACK)
PEER_CREATE(create_volcano_spread, PK_VOLCANO_SPREAD)

const struct gs_policy gs_policy_kube_least = {
	.name = "kube-least-allocated",
	.summary = "kube-scheduler LeastAllocated over cpu, memory, "
	    "nvidia.com/gpu (whole GPUs)",
	.create = create_kube_least,
	.destroy = peer_destroy,
	.decide = peer_decide,
	GS_POLICY_BOTH("kube", GS_RP_KUBE_LEAST, GS_TIE_RANDOM, 1, 0, 1),
};
const struct gs_policy gs_policy_kube_most = {
	.name = "kube-most-allocated",
	.summary = "kube-scheduler MostAllocated over cpu, memory, "
	    "nvidia.com/gpu (whole GPUs)",
	.create = create_kube_most,
	.destroy = peer_destroy,
	.decide = peer_decide,
	GS_POLICY_BOTH("kube", GS_RP_KUBE_MOST, GS_TIE_RANDOM, 1, 0, 1),
};
const struct gs_policy gs_policy_kube_rtcr = {
	.name = "kube-requested-to-capacity-ratio",
	.summary = "kube-scheduler RequestedToCapacityRatio, bin-pack shape "
	    "(whole GPUs)",
	.create = create_kube_rtcr,
	.destroy = peer_destroy,
	.decide = peer_decide,
	GS_POLICY_BOTH("kube", GS_RP_KUBE_RTCR, GS_TIE_RANDOM, 1, 0, 1),
};
const struct gs_policy gs_policy_kai_binpack = {
	.name = "kai-binpack",
	.summary = "KAI-Scheduler binpack: gpumem as gpu-memory fractions",
	.create = create_kai_binpack,
	.destroy = peer_destroy,
	.decide = peer_decide,
	GS_POLICY_BOTH("kai", GS_RP_KAI_BINPACK, GS_TIE_NAME, 0, 0, 0),
};
const struct gs_policy gs_policy_kai_spread = {
	.name = "kai-spread",
	.summary = "KAI-Scheduler spread: gpumem as gpu-memory fractions",
	.create = create_kai_spread,
	.destroy = peer_destroy,
	.decide = peer_decide,
	GS_POLICY_BOTH("kai", GS_RP_KAI_SPREAD, GS_TIE_NAME, 1, 0, 0),
};
const struct gs_policy gs_policy_volcano_binpack = {
	.name = "volcano-binpack",
	.summary = "Volcano deviceshare vGPU binpack (v1.15+)",
	.create = create_volcano_binpack,
	.destroy = peer_destroy,
	.decide = peer_decide,
	GS_POLICY_BOTH("volcano", GS_RP_VOLCANO_BINPACK, GS_TIE_RANDOM, 1, 0, 0),
};
const struct gs_policy gs_policy_volcano_spread = {
	.name = "volcano-spread",
	.summary = "Volcano deviceshare vGPU spread (v1.15+)",
	.create = create_volcano_spread,
	.destroy = peer_destroy,
	.decide = peer_decide,
	GS_POLICY_BOTH("volcano", GS_RP_VOLCANO_SPREAD, GS_TIE_RANDOM, 1, 0, 0),
};
