/*
 * sched/peer_rules.c: the peers' rules, written once over the peer view
 * (sched/peer_view.h; spec/peers.md): kube-scheduler's NodeResourcesFit
 * strategies (§1.3-1.6), KAI-Scheduler's node order and fraction groups
 * (§2.2-2.4), Volcano's deviceshare walk and node score (§3.2-3.3).
 * The peers' entries fill the view from a gs_node, on the device view
 * (sched/peers.c) or the share view of the replay (sched/peers_share.c), and
 * read the decision; nothing here knows which view it is in.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "sched/peer_view.h"
#include "util/int32.h"
#include "util/util.h"

#define MAX_SCORE		100	/* framework.MaxNodeScore */
#define KAI_MAX_HIGH_DENSITY	9	/* scores.MaxHighDensity */
#define KAI_RESOURCE_TYPE	10	/* scores.ResourceType */
#define KAI_AVAILABILITY	100	/* scores.Availability */
#define KAI_GPU_SHARING		1000	/* scores.GpuSharing */
#define VOLCANO_ORDER_STACK	32

/* How a request for a part of a device picks its device. */
enum part_rule {
	PART_TIGHTEST,		/* kube's shares: Open-Gpu-Share's best fit */
	PART_KAI_PACK,		/* KAI FittingGPUs with gpupack */
	PART_KAI_SPREAD		/* KAI FittingGPUs with gpuspread */
};

static int	take_devices(enum part_rule, const struct gs_pnode *,
		    const struct gs_ppod *, unsigned char *,
		    struct gs_pgrant *);

static int64_t
dev_free(const struct gs_pdev *d)
{
	return d->cap - d->use;
}

/* --- kube-scheduler NodeResourcesFit (peers.md §1.3-1.6) --------------- */

/* One resource's score under the strategy into *s; 0 when it is left
 * out: capacity 0 (the `allocable[i] == 0` rule), or
 * RequestedToCapacityRatio's shape giving 0 (its weight is then not
 * counted either).  A score may be negative where Go's int64 wraps. */
static int
kube_resource(enum gs_kube_strategy k, int64_t a, int64_t q, int64_t *s)
{
	if (a <= 0)
		return 0;
	if (k == GS_KUBE_LEAST)		/* leastRequestedScore */
		*s = q > a ? 0 : i64_mul(i64_sub(a, q), MAX_SCORE) / a;
	else if (k == GS_KUBE_MOST)	/* mostRequestedScore */
		*s = i64_mul(q < a ? q : a, MAX_SCORE) / a;
	else			/* RequestedToCapacityRatio, bin-pack shape
				 * [(0,0),(100,10)] scaled by 10: f(u) = u */
		*s = q <= 0 ? 0 : q >= a ? 100 : i64_mul(q, 100) / a;
	return k != GS_KUBE_RTCR || *s > 0;
}

double
gs_peer_kube_score(enum gs_kube_strategy k, const int w[3],
    const struct gs_pnode *n, const struct gs_ppod *p)
{
	int64_t	a[3], q[3], s, ns = 0, ws = 0;
	int	r;

	a[0] = n->cpu_cap;
	q[0] = i64_add(n->cpu_use, p->cpu);
	a[1] = n->mem_cap;
	q[1] = i64_add(n->mem_use, p->mem);
	a[2] = p->gpu > 0 ? n->gpu_cap : 0;	/* not asked: left out */
	q[2] = i64_add(n->gpu_use, p->gpu);
	for (r = 0; r < 3; r++) {
		if (!kube_resource(k, a[r], q[r], &s))
			continue;
		ns = i64_add(ns, i64_mul(s, w[r]));
		ws += w[r];
	}
	if (ws == 0)
		return 0;
	if (k == GS_KUBE_RTCR)		/* math.Round */
		return (double)llround((double)ns / (double)ws);
	return (double)(ns / ws);
}

/* KAI's memory of a part of d: gpu-memory, or (int64)(fraction x MEM)
 * (gpu_sharing.go).  kube's shares use the same. */
int64_t
gs_peer_kai_mem(const struct gs_pdev *d, const struct gs_preq *k)
{
	if (k->pct >= 0)
		return (int64_t)((double)k->pct / 100.0 * (double)d->cap);
	return k->mem;
}

/* The first idle device not yet taken, by index; -1 if none. */
static int
first_idle(const struct gs_pnode *n, const unsigned char *taken)
{
	size_t	i;

	for (i = 0; i < n->ndev; i++)
		if (!taken[i] && n->dev[i].idle)
			return (int)i;
	return -1;
}

/* The tightest device with room for a part, first index on ties
 * (Open-Gpu-Share's share allocation); -1 if none. */
static int
tightest(const struct gs_pnode *n, const struct gs_preq *k,
    const unsigned char *taken)
{
	size_t	i;
	int	best = -1;

	for (i = 0; i < n->ndev; i++) {
		if (taken[i] ||
		    dev_free(&n->dev[i]) < gs_peer_kai_mem(&n->dev[i], k))
			continue;
		if (best < 0 || dev_free(&n->dev[i]) < dev_free(&n->dev[best]))
			best = (int)i;
	}
	return best;
}

static void
grant(struct gs_pgrant *g, int dev, const struct gs_pdev *d,
    const struct gs_preq *k)
{
	g->dev = dev;
	g->whole = !k->frac;
	g->mem = k->frac ? gs_peer_kai_mem(d, k) : d->cap;
	g->cores = 0;
}

int
gs_peer_kube_devices(const struct gs_pnode *n, const struct gs_ppod *p,
    unsigned char *taken, struct gs_pgrant *g)
{
	return take_devices(PART_TIGHTEST, n, p, taken, g);
}

/* --- KAI-Scheduler (peers.md §2) ---------------------------------------- */

void
gs_peer_kai_range_init(struct gs_kai_range *r)
{
	r->mn = HUGE_VAL;
	r->mx = 0;
}

void
gs_peer_kai_range_add(struct gs_kai_range *r, double na)
{
	if (na < r->mn)
		r->mn = na;
	if (na > r->mx)
		r->mx = na;
}

/* IsTaskFitOnGpuGroup (gpu_sharing_node_info.go): a shared group that
 * uses memory (UsedSharedGPUsMemory != 0) and whose free memory takes
 * the part (health is not asked).  A group of 0 MiB (its sharers ask
 * none) is no candidate: FittingGPUs and gpusharingorder skip it. */
static int
kai_group_fits(const struct gs_pdev *d, const struct gs_preq *k)
{
	return d->group && d->use != 0 && dev_free(d) >= gs_peer_kai_mem(d, k);
}

/*
 * Is device a a better choice than b for a fraction under gpupack
 * (plugins/gpupack gpuOrderFn: a group's used/MEM, an idle GPU 0) or
 * gpuspread (plugins/gpuspread gpuOrderFn: an idle GPU 1, a group
 * 1 - used/MEM)?  framework/session.go FittingGPUs lists the fitting
 * groups, then one WholeGpuIndicator per idle GPU, and sortGPUs keeps
 * that order within a score; but a group and an idle GPU never tie:
 * a candidate group uses memory (kai_group_fits), so under gpupack it
 * scores above 0 and under gpuspread below 1.  Hence an idle GPU loses
 * to every group under binpack and beats every group under spread.
 */
static int
kai_better(int binpack, const struct gs_pdev *a, const struct gs_pdev *b)
{
	int64_t	ua = a->use * b->cap;
	int64_t	ub = b->use * a->cap;

	if (a->idle != b->idle)
		return binpack ? b->idle : a->idle;
	if (a->idle)
		return 0;			/* both idle: index order */
	return binpack ? ua > ub : ua < ub;
}

int
gs_peer_kai_dev_fits(const struct gs_pdev *d, const struct gs_preq *k)
{
	if (!k->frac)
		return d->idle;
	if (!d->health)
		return 0;
	return d->idle ? gs_peer_kai_mem(d, k) <= d->cap :
	    kai_group_fits(d, k);
}

/* FittingGPUs for one device of a fraction: the best group it fits or
 * idle GPU (framework/session.go, plugins/gpupack, gpuspread). */
static int
kai_fraction_dev(int binpack, const struct gs_pnode *n,
    const struct gs_preq *k, const unsigned char *taken)
{
	size_t	i;
	int	best = -1;

	for (i = 0; i < n->ndev; i++) {
		const struct gs_pdev *d = &n->dev[i];

		if (taken[i] || !gs_peer_kai_dev_fits(d, k))
			continue;
		if (best < 0 || kai_better(binpack, d, &n->dev[best]))
			best = (int)i;
	}
	return best;
}

int
gs_peer_kai_devices(int binpack, const struct gs_pnode *n,
    const struct gs_ppod *p, unsigned char *taken, struct gs_pgrant *g)
{
	return take_devices(binpack ? PART_KAI_PACK : PART_KAI_SPREAD, n, p,
	    taken, g);
}

/*
 * Does a fraction take one of KAI's idle GPUs that no device backs
 * (n->phantom left, sched/kai/guard.h) rather than dev: when no device
 * fits, or under gpuspread over a group (an idle GPU scores 1).  A real
 * idle device is taken first: the WholeGpuIndicators are alike.
 */
static int
kai_phantom(enum part_rule rule, const struct gs_pnode *n, int left,
    int dev)
{
	if (rule == PART_TIGHTEST || left <= 0)
		return 0;
	return dev < 0 || (rule == PART_KAI_SPREAD && !n->dev[dev].idle);
}

/*
 * The devices of every request of p: whole ones the first idle by index
 * (KAI: a new group takes one idle whole GPU, §2.5); parts per the rule,
 * dev -1 for one of KAI's idle GPUs no device backs.  Returns the grants
 * written, or -1 when a request is short.
 */
static int
take_devices(enum part_rule rule, const struct gs_pnode *n,
    const struct gs_ppod *p, unsigned char *taken, struct gs_pgrant *g)
{
	size_t	ci;
	int	got = 0, i, dev, left = n->phantom;

	memset(taken, 0, n->ndev);
	for (ci = 0; ci < p->nreq; ci++) {
		const struct gs_preq *k = &p->req[ci];

		for (i = 0; i < k->num; i++) {
			if (!k->frac)
				dev = first_idle(n, taken);
			else if (rule == PART_TIGHTEST)
				dev = tightest(n, k, taken);
			else
				dev = kai_fraction_dev(rule == PART_KAI_PACK,
				    n, k, taken);
			if (k->frac && kai_phantom(rule, n, left, dev)) {
				left--;
				grant(&g[got++], -1, &n->dev[0], k);
				continue;
			}
			if (dev < 0)
				return -1;
			taken[dev] = 1;
			grant(&g[got++], dev, &n->dev[dev], k);
		}
	}
	return got;
}

/* gpusharingorder: some shared group takes the pod.  A CPU-only pod asks
 * 0 and fits any group (the quirk of §2.2); whole GPUs never fit one. */
static int
kai_sharing(const struct gs_pnode *n, const struct gs_ppod *p)
{
	static const struct gs_preq none = { 0, 0, -1, 0, 1 };
	size_t	ci, i;

	for (i = 0; i < n->ndev; i++) {
		if (p->gpu == 0 && kai_group_fits(&n->dev[i], &none))
			return 1;
		for (ci = 0; ci < p->nreq; ci++)
			if (p->req[ci].num > 0 && p->req[ci].frac &&
			    kai_group_fits(&n->dev[i], &p->req[ci]))
				return 1;
	}
	return 0;
}

/* nodeplacement (pack.go, spread.go): binpack by free whole GPUs (or
 * CPU) relative to the node set's range, spread by the free share. */
static double
kai_placement(int binpack, const struct gs_kai_range *r,
    const struct gs_pnode *n, const struct gs_ppod *p)
{
	double	na = p->gpu > 0 ? (double)n->nidle :
		    (double)(n->cpu_cap - n->cpu_use);
	double	all = p->gpu > 0 ? (double)n->ndev : (double)n->cpu_cap;

	if (!binpack && p->gpu > 0 && n->gpus_all > 0)
		all = (double)n->gpus_all;	/* nodeResourceSpread */
	if (!binpack)
		return all == 0 ? 0 : na / all;
	if (all == 0 || r->mx == 0)
		return 0;
	if (r->mn == r->mx)
		return KAI_MAX_HIGH_DENSITY;
	return KAI_MAX_HIGH_DENSITY * (1 - (na - r->mn) / (r->mx - r->mn));
}

void
gs_peer_kai_local(int binpack, const struct gs_pnode *n,
    const struct gs_ppod *p, struct gs_kai_local *l)
{
	l->base = 0;
	l->base += KAI_AVAILABILITY;
	if (p->gpu == 0 && n->ndev == 0)
		l->base += KAI_RESOURCE_TYPE;
	l->sharing = binpack && kai_sharing(n, p);
}

double
gs_peer_kai_total(int binpack, const struct gs_kai_range *r,
    const struct gs_pnode *n, const struct gs_ppod *p,
    const struct gs_kai_local *l)
{
	double	s = l->base;

	s += kai_placement(binpack, r, n, p);
	if (l->sharing)
		s += KAI_GPU_SHARING;
	return s;
}

double
gs_peer_kai_score(int binpack, const struct gs_kai_range *r,
    const struct gs_pnode *n, const struct gs_ppod *p)
{
	struct gs_kai_local	l;

	/* Summed in plugin order: nodeavailability, resourcetype,
	 * nodeplacement, gpusharingorder. */
	gs_peer_kai_local(binpack, n, p, &l);
	return gs_peer_kai_total(binpack, r, n, p, &l);
}

/* --- Volcano deviceshare, vGPU in hami-core mode (peers.md §3.2-3.3) --- */

/* memReq: (uint)(d.Memory * c.MemPct / 100.0), or c.Memreq. */
static int64_t
volcano_mem(const struct gs_pdev *d, const struct gs_preq *k)
{
	if (k->pct >= 0)
		return (int64_t)((double)d->cap * k->pct / 100.0);
	return k->mem;
}

/* binpack: UsedMem desc; spread: UsedNum asc; then index asc.  Neither
 * (GS_VCP_NONE): the last device first (the switch's default). */
static void
volcano_order(int policy, const struct gs_pnode *n, size_t *order)
{
	int	binpack = policy == GS_VCP_BINPACK;
	size_t	i, j;

	for (i = 0; policy == GS_VCP_NONE && i < n->ndev; i++)
		order[i] = n->ndev - 1 - i;
	for (i = 0; policy != GS_VCP_NONE && i < n->ndev; i++) {
		for (j = i; j > 0; j--) {
			const struct gs_pdev *a = &n->dev[i];
			const struct gs_pdev *b = &n->dev[order[j - 1]];

			if (!(binpack ? a->use > b->use : a->npods < b->npods))
				break;
			order[j] = order[j - 1];
		}
		order[j] = i;
	}
}

int
gs_peer_volcano_check(const struct gs_pdev *d, const struct gs_preq *k,
    int64_t mem)
{
	if (d->npods >= d->slots)
		return GS_VCF_SLOTS;
	if (dev_free(d) < mem)
		return GS_VCF_MEM;
	if (d->cores + k->cores > 100)
		return GS_VCF_CORES;
	if (k->cores == 100 && d->npods > 0)
		return GS_VCF_EXCLUSIVE;
	if (d->cores == 100 && k->cores == 0)
		return GS_VCF_FULL;
	if (!d->allowed)
		return GS_VCF_TYPE;
	return GS_VCF_OK;
}

/* The trace's next step (explain), or NULL without a trace. */
static struct gs_peer_vstep *
volcano_step(const struct gs_peer_vshare *sh, size_t ci, int dev,
    int check, int64_t mem)
{
	struct gs_peer_vtrace	*t = sh != NULL ? sh->trace : NULL;
	struct gs_peer_vstep	*s;

	if (t == NULL)
		return NULL;
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 16;
		t->step = xreallocarray(t->step, t->cap, sizeof *t->step);
	}
	s = &t->step[t->n++];
	memset(s, 0, sizeof *s);
	s->ctr = ci;
	s->dev = dev;
	s->check = check;
	s->mem = mem;
	return s;
}

/* Container ci's walk, its device scores added to *s in walk order;
 * -1 when devices are short.  sh: the sharing factory (NULL hami-core). */
static int
volcano_ctr(int policy, struct gs_pnode *n, size_t ci,
    const struct gs_preq *k, const struct gs_peer_vshare *sh, size_t *order,
    struct gs_pgrant *g, size_t *ng, double *s)
{
	struct gs_peer_vstep	*st;
	size_t			 i;
	int32_t			 need = k->num;
	int			 why;

	volcano_order(policy, n, order);
	for (i = 0; i < n->ndev && need > 0; i++) {
		struct gs_pdev *d = &n->dev[order[i]];
		int64_t mem = volcano_mem(d, k), charge = mem;
		double add = 0;

		why = gs_peer_volcano_check(d, k, mem);
		memset(&g[*ng], 0, sizeof g[*ng]);
		if (why == GS_VCF_OK && sh != NULL && sh->try_add != NULL &&
		    !sh->try_add(sh->ctx, order[i], mem, &g[*ng], &charge))
			why = GS_VCF_TRYADD;
		st = volcano_step(sh, ci, (int)order[i], why, mem);
		if (why != GS_VCF_OK)
			continue;
		/* TryAddPod, then GPUScore on the card with the pod. */
		d->npods++;
		d->use += charge;
		d->cores += k->cores;
		g[*ng].dev = (int)order[i];
		g[*ng].mem = charge;
		g[*ng].cores = k->cores;
		g[*ng].whole = 0;
		if (policy == GS_VCP_BINPACK)
			add = 100 * ((double)d->use / (double)d->cap);
		/* spread: UsedNum == 0 is tested after the add: never;
		 * GS_VCP_NONE: GPUScore's default leaves 0. */
		*s += add;
		if (st != NULL) {
			st->charge = charge;
			st->score = add;
			st->vc_group = g[*ng].vc_group;
			st->vc_pos = g[*ng].vc_pos;
		}
		(*ng)++;
		need--;
	}
	return need > 0 ? -1 : 0;
}

double
gs_peer_volcano(int policy, struct gs_pnode *n, const struct gs_ppod *p,
    struct gs_pgrant *g, size_t *ng)
{
	return gs_peer_volcano_share(policy, n, p, NULL, g, ng);
}

double
gs_peer_volcano_share(int policy, struct gs_pnode *n,
    const struct gs_ppod *p, const struct gs_peer_vshare *sh,
    struct gs_pgrant *g, size_t *ng)
{
	size_t	stack[VOLCANO_ORDER_STACK], *order = stack, ci;
	double	s = 0;
	int	rc = 0;

	*ng = 0;
	if (p->gpu == 0)
		return 0;		/* no vGPU: deviceshare adds 0 */
	if (n->ndev > VOLCANO_ORDER_STACK)
		order = xcalloc(n->ndev, sizeof *order);
	if (sh != NULL && sh->trace != NULL)
		sh->trace->cards = -1;
	for (ci = 0; ci < p->nreq && rc == 0; ci++) {
		if (p->req[ci].num == 0)
			continue;
		if ((size_t)p->req[ci].num > n->ndev) {
			rc = -1;
			if (sh != NULL && sh->trace != NULL)
				sh->trace->cards = (long)ci;
		} else
			rc = volcano_ctr(policy, n, ci, &p->req[ci], sh, order,
			    g, ng, &s);
	}
	if (order != stack)
		free(order);
	if (rc < 0)
		return -1;
	return floor(s + 0.5);		/* x ScheduleWeight 1 */
}

int
gs_peer_volcano_policy(int binpack, const struct gs_vc_sched *vs)
{
	if (vs->given && vs->nopolicy)
		return GS_VCP_NONE;
	return binpack ? GS_VCP_BINPACK : GS_VCP_SPREAD;
}

double
gs_peer_volcano_weigh(double score, const struct gs_vc_sched *vs)
{
	if (!vs->given || score < 0)
		return score;
	return score * (vs->weight > 0 ? vs->weight : 0);
}

const char *
gs_peer_volcano_off(const struct gs_vc_sched *vs)
{
	return vs->given && !vs->vgpu ? "deviceshare.VGPUEnable is off in "
	    "Volcano's config: no vGPU device is registered, none is "
	    "assigned" : NULL;
}
