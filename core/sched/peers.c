/*
 * sched/peers.c: the peers' schedulers as `simulate` profiles, on the
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
 *
 * This file is the adapter from a gs_node to the peer view (sched/peer_view.h)
 * and the decision; the rules are sched/peer_rules.c's.  On the share view
 * (gs_config.share: the replay) sched/peers_share.c decides.
 * The view here: memory in MiB; slots the split count; cores taken;
 * kube's nvidia.com/gpu one unit per device, taken by any pod on it; an
 * idle device healthy and without pods; a KAI group a device with pods
 * and memory left (a whole GPU's grant takes all of it); Volcano's device
 * filters HAMi's type and UUID annotations.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "sched/kai/dp.h"
#include "sched/kai/frac_explain.h"
#include "sched/kai/guard.h"
#include "sched/kai/mig.h"
#include "sched/kai/request.h"
#include "sched/volcano/explain.h"
#include "sched/volcano/request.h"
#include "sched/volcano/vgpu.h"
#include "sched/kube_dp.h"
#include "sched/kubefilter.h"
#include "sched/peer_memo.h"
#include "sched/peer_view.h"
#include "sched/peers_pod.h"
#include "sched/peers_share.h"
#include "sched/policy.h"
#include "sched/window.h"
#include "util/util.h"

#include "sched/peers_int.h"


static const int kube_weights[3] = { 1, 1, 1 };

static void *
peer_create(enum peer_kind kind, const struct gs_cluster *c,
    const struct gs_config *cfg)
{
	struct peer_state *st = xcalloc(1, sizeof *st);

	st->kind = kind;
	st->cfg = cfg;
	gs_window_init(&st->win, kind <= PK_KUBE_RTCR ?
	    gs_window_pct(cfg) : -1);
	if (cfg->share)
		st->share = gs_peer_share_new((int)kind, c, cfg);
	return st;
}

/*
 * The node facts of st for cluster c: worked out once per run (a pod
 * walked every node for them), again only for another cluster or node
 * count (the nodes of a cluster are set before a run starts: whatif and
 * the sharing modes edit them before the policy is created).
 */
void
gs_pk_cluster_facts(struct peer_state *st, const struct gs_cluster *c)
{
	size_t	i;

	if (st->ncl == c && st->nn == c->nnodes)
		return;
	st->ncl = c;
	st->nn = c->nnodes;
	st->maxdevs = 1;
	for (i = 0; i < c->nnodes; i++)	/* view entries (sched/kai/dp.h) */
		if (gs_kai_dp_entries(&c->nodes[i]) > st->maxdevs)
			st->maxdevs = gs_kai_dp_entries(&c->nodes[i]);
	st->kai_dp = gs_kai_dp_cluster(c);
}

static void
peer_destroy(void *p)
{
	struct peer_state *st = p;

	gs_peer_share_free(st->share);
	gs_window_release(&st->win);
	gs_pmemo_free(&st->memo);
	free(st->rank);
	free(st->kai_why);
	free(st->vmode);
	gs_kai_hist_free(&st->hist);
	free(st);
}

static int
dev_idle(const struct gs_device *d)
{
	return d->health && d->used == 0;
}

/* The view of node n; Volcano's device filters from the pod's. */
void
gs_pk_view_node(const struct peer_state *st, const struct gs_node *n,
    const struct gs_peer_pod *pp, struct gs_pnode *v)
{
	size_t	i;

	v->cpu_cap = n->has_alloc ? n->alloc_cpu : 0;
	v->cpu_use = n->used_cpu;
	v->mem_cap = n->has_alloc ? n->alloc_mem : 0;
	v->mem_use = n->used_mem;
	v->gpu_cap = (int64_t)n->ndevs;
	v->gpu_use = 0;
	v->nidle = 0;
	v->ndev = n->ndevs;
	v->dev = pp->dv;
	v->gpus_all = 0;
	v->phantom = 0;
	/* KAI on a device plugin node: a GPU per unit of nvidia.com/gpu
	 * (sched/kai/dp.h); no other peer places there. */
	if (n->dp) {
		gs_kai_dp_view(n, v);
		return;
	}
	for (i = 0; i < n->ndevs; i++) {
		const struct gs_device	*d = &n->devs[i];
		struct gs_pdev		*e = &pp->dv[i];

		e->cap = d->devmem;
		e->use = d->usedmem;
		e->slots = d->count;
		e->npods = d->used;
		e->cores = d->usedcores;
		e->health = d->health != 0;
		e->idle = dev_idle(d);
		e->group = d->used > 0 && d->usedmem < d->devmem;
		e->allowed = st->kind < PK_VOLCANO_BINPACK ||
		    (hami_type_ok(&pp->f, d) && hami_uuid_ok(&pp->f, d));
		v->gpu_use += d->used > 0;
		v->nidle += e->idle;
	}
}


/*
 * Volcano's walk with the node's sharing factory (sched/volcano/vgpu.h):
 * hami-core, or MIG over the node's geometries.  The node score is the
 * device score x deviceshare.ScheduleWeight, 0 when the weight is not
 * above 0 (deviceshare.go's node order function); 1 without a config.
 * A config whose SchedulePolicy is unset or unknown (vs->nopolicy) walks
 * as Volcano's default (GS_VCP_NONE), whichever volcano-* profile runs.
 */
int
gs_pk_volcano_node(int binpack, const struct gs_vc_sched *vs,
    const struct gs_node *n, struct gs_peer_pod *pp, struct gs_pnode *v,
    struct gs_peer_vtrace *tr, double *score)
{
	struct gs_vc_mig_try	t;
	struct gs_peer_vshare	sh = { NULL, &t, tr };
	int			policy = gs_peer_volcano_policy(binpack,
				    vs);

	if (pp->vmode == GS_VCM_MIG) {
		gs_vc_mig_try_init(&t, n, pp->vconf);
		sh.try_add = gs_vc_mig_try_add;
	}
	*score = gs_peer_volcano_share(policy, v, &pp->v, &sh, pp->g,
	    &pp->ng);
	if (pp->vmode == GS_VCM_MIG)
		gs_vc_mig_try_release(&t);
	if (*score < 0)
		return PW_GPUS;
	*score = gs_peer_volcano_weigh(*score, vs);
	return -1;
}

/* The node's score and grants (pp->g, pp->ng), or why it failed; KAI's
 * score parts that do not depend on the node set into e when not NULL. */
int
gs_pk_node(const struct peer_state *st, const struct gs_node *n,
    struct gs_peer_pod *pp, double *score, struct gs_pmemo_ent *e)
{
	struct gs_pnode		v;
	struct gs_kai_local	l;
	int			got;

	gs_pk_view_node(st, n, pp, &v);
	pp->ng = 0;
	switch (st->kind) {
	case PK_KUBE_LEAST:
	case PK_KUBE_MOST:
	case PK_KUBE_RTCR:
		if ((got = gs_peer_kube_devices(&v, &pp->v, pp->taken,
		    pp->g)) < 0)
			return PW_GPUS;
		*score = gs_peer_kube_score(st->kind == PK_KUBE_LEAST ?
		    GS_KUBE_LEAST : st->kind == PK_KUBE_MOST ? GS_KUBE_MOST :
		    GS_KUBE_RTCR, kube_weights, &v, &pp->v);
		break;
	case PK_KAI_BINPACK:
	case PK_KAI_SPREAD:
		if ((got = gs_peer_kai_devices(st->kind == PK_KAI_BINPACK, &v,
		    &pp->v, pp->taken, pp->g)) < 0)
			return PW_GPUS;
		/* gs_peer_kai_score in its two parts */
		gs_peer_kai_local(st->kind == PK_KAI_BINPACK, &v, &pp->v, &l);
		*score = gs_peer_kai_total(st->kind == PK_KAI_BINPACK, &pp->kr,
		    &v, &pp->v, &l);
		if (e != NULL) {
			e->score = l.base;
			e->sharing = l.sharing;
			e->nidle = v.nidle;
			e->ndev = v.ndev;
			e->gpus_all = v.gpus_all;
		}
		break;
	default:
		return gs_pk_volcano_node(st->kind == PK_VOLCANO_BINPACK,
		    &st->cfg->volcano, n, pp, &v, NULL, score);
	}
	pp->ng = (size_t)got;
	return -1;
}

/* Does KAI see n's GPUs for a pod of kind k: HAMi's, or the device
 * plugin's where PredicateByNodeResourcesType lets the pod on. */
static int
kai_node(const struct gs_node *n, enum gs_kai_podkind k)
{
	return n->ndevs > 0 && (n->registered || (n->dp &&
	    gs_kai_node_type(n, k) == NULL));
}

/* What node n adds to KAI binpack's range: its free whole GPUs (on a
 * device plugin node its whole nvidia.com/gpu), or -1 when KAI does not
 * count it (no GPUs it sees). */
static int32_t
kai_idle(const struct gs_node *n, enum gs_kai_podkind k)
{
	size_t	j;
	int32_t	idle = 0;

	if (!kai_node(n, k))
		return -1;
	if (n->dp)
		return gs_kai_dp_idle(n);
	for (j = 0; j < n->ndevs; j++)
		idle += dev_idle(&n->devs[j]);
	return idle;
}

/* KAI binpack's range over the nodes with GPUs, worked out anew. */
void
gs_pk_kai_prepare(const struct gs_cluster *c, enum gs_kai_podkind k,
    struct gs_kai_range *r)
{
	size_t	i;
	int32_t	idle;

	gs_peer_kai_range_init(r);
	for (i = 0; i < c->nnodes; i++)
		if ((idle = kai_idle(&c->nodes[i], k)) >= 0)
			gs_peer_kai_range_add(r, idle);
}

/* Why node n is no candidate before its devices are looked at (a PW_*,
 * KAI's or Volcano's reason in mbuf), or -1; Volcano's mode into pp. */
int
gs_pk_node_refused(const struct peer_state *st, const struct gs_cluster *c,
    const struct gs_node *n, const struct gs_pod *pod, struct gs_peer_pod *pp,
    char *mbuf, size_t mlen)
{
	char		 fbuf[192];
	const char	*why;
	int		 kai = st->kind == PK_KAI_BINPACK ||
			    st->kind == PK_KAI_SPREAD;
	int		 volcano = st->kind == PK_VOLCANO_BINPACK ||
			    st->kind == PK_VOLCANO_SPREAD;

	if (gs_kube_filter(n, pod, fbuf, sizeof fbuf) != NULL)
		return PW_FILTER;
	if (kai && n->ndevs > 0 && (why = st->kai_why != NULL ?
	    st->kai_why[n - c->nodes] : gs_kai_node_type(n,
	    GS_KAI_POD_FRACTION)) != NULL) {
		snprintf(mbuf, mlen, "%s", why);
		return PW_KAI_TYPE;
	}
	if (!(n->registered || (volcano && n->vc_reg) || (kai && n->dp)) ||
	    n->ndevs == 0)
		return PW_NO_GPUS;
	if (volcano) {
		pp->vconf = c->volcano;
		pp->vmode = st->vmode != NULL ? st->vmode[n - c->nodes] :
		    gs_volcano_node_mode(n, c->volcano);
		if (pp->vwant && !gs_volcano_mode_fits(pod, pp->vmode, mbuf,
		    mlen))
			return PW_MODE;
	}
	return -1;
}

static char *
pending_reason(const struct gs_cluster *c, const int counts[PW_N],
    const char *mode_why)
{
	char	*s = xasprintf("0/%zu nodes are available: %d refused by "
	    "kube-scheduler filters, %d without GPUs, %d without enough free "
	    "GPUs", c->nnodes, counts[PW_FILTER], counts[PW_NO_GPUS],
	    counts[PW_GPUS]), *t;

	if (counts[PW_MODE] == 0 && counts[PW_KAI_TYPE] == 0)
		return s;
	if (counts[PW_MODE] > 0)
		t = xasprintf("%s, %d of another vGPU mode (%s)", s,
		    counts[PW_MODE], mode_why);
	else
		t = xasprintf("%s, %d refused by KAI (%s)", s,
		    counts[PW_KAI_TYPE], mode_why);
	free(s);
	return t;
}

/* The grants of the chosen node into the placement, container by
 * container; a whole device's grant takes all its memory and cores. */
void
gs_pk_place(struct gs_placement *d, const struct gs_node *n,
    const struct gs_pod *pod, const struct gs_peer_pod *pp,
    const struct gs_pgrant *g, size_t ng)
{
	size_t	i, j, off = 0, k;
	int32_t	*claimed = n->dp ? gs_kai_dp_claims(n) : NULL;

	for (i = 0; i < pod->nctrs; i++) {
		k = (size_t)pp->req[i].num;
		if (k == 0 || off + k > ng)
			continue;
		d->ctrs[i].ngrants = k;
		d->ctrs[i].grants = xcalloc(k, sizeof *d->ctrs[i].grants);
		for (j = 0; j < k; j++) {
			const struct gs_pgrant	*e = &g[off + j];
			const struct gs_device	*dv;

			if (claimed != NULL) {	/* e->dev: a KAI unit */
				gs_kai_dp_grant(n, (size_t)e->dev, e->whole,
				    e->mem, claimed, &d->ctrs[i].grants[j]);
				continue;
			}
			dv = &n->devs[e->dev];
			d->ctrs[i].grants[j].dev = e->dev;
			d->ctrs[i].grants[j].usedmem = e->whole ? dv->devmem :
			    (int32_t)e->mem;
			d->ctrs[i].grants[j].usedcores = e->whole ?
			    dv->devcore : e->cores;
			d->ctrs[i].grants[j].vc_group = e->vc_group;
			d->ctrs[i].grants[j].vc_pos = e->vc_pos;
		}
		off += k;
	}
	free(claimed);
}

/* The pod's requests in the view as st's scheduler reads them, and the
 * most devices of a node (*maxdevs). */
void
gs_pk_pod_setup(struct peer_state *st, const struct gs_cluster *c,
    const struct gs_pod *pod, struct gs_peer_pod *pp, size_t *maxdevs)
{
	gs_pk_cluster_facts(st, c);
	*maxdevs = st->maxdevs;
	gs_peer_pod_init(pp, pod, st->cfg, *maxdevs);
	if (st->kind == PK_KAI_BINPACK || st->kind == PK_KAI_SPREAD)
		gs_peer_pod_kai_own(pp, pod);
	if (st->kind == PK_VOLCANO_BINPACK || st->kind == PK_VOLCANO_SPREAD)
		gs_peer_pod_volcano_own(pp, pod, *maxdevs);
	pp->vwant = gs_kv_get(&pod->annotations, VOLCANO_MODE_ANNO) != NULL;
}

/*
 * Bring what st keeps across pods up to date for cluster c: built anew
 * for another cluster or node count; else KAI binpack's range recounted
 * for the nodes the touch log names since the last pod (kept verdicts go
 * stale by the node's gen); when the log no longer holds them all, every
 * kept verdict is dropped and the range counted anew.
 */
static void
peer_sync(struct peer_state *st, const struct gs_cluster *c)
{
	size_t		i, nn = c->nnodes ? c->nnodes : 1;
	uint64_t	k;
	int		full = 0;

	if (st->fcl != c || st->fnn != c->nnodes) {
		st->fcl = c;
		st->fnn = c->nnodes;
		gs_pmemo_free(&st->memo);
		free(st->rank);
		free(st->kai_why);
		free(st->vmode);
		st->rank = gs_peer_name_ranks(c);
		st->kai_why = xcalloc(nn, sizeof *st->kai_why);
		st->vmode = xcalloc(nn, sizeof *st->vmode);
		for (i = 0; i < c->nnodes; i++) {
			st->kai_why[i] = gs_kai_node_type(&c->nodes[i],
			    GS_KAI_POD_FRACTION);
			st->vmode[i] = gs_volcano_node_mode(&c->nodes[i],
			    c->volcano);
		}
		full = 1;
	} else if (!gs_cluster_touches_kept(c, st->seen)) {
		gs_pmemo_clear(&st->memo);
		full = 1;
	}
	if (st->kind == PK_KAI_BINPACK && full) {
		gs_kai_hist_init(&st->hist, c->nnodes);
		for (i = 0; i < c->nnodes; i++)
			gs_kai_hist_set(&st->hist, i, kai_idle(&c->nodes[i],
			    GS_KAI_POD_FRACTION));
	} else if (st->kind == PK_KAI_BINPACK)
		for (k = st->seen; k < c->touch_seq; k++) {
			i = gs_cluster_touched(c, k);
			gs_kai_hist_set(&st->hist, i, kai_idle(&c->nodes[i],
			    GS_KAI_POD_FRACTION));
		}
	st->seen = c->touch_seq;
}

/*
 * Node n's verdict for the pod (a PW_*, or -1 and *score), kept in e
 * while the node's gen stays (NULL e: nothing kept), else peer_node's.
 * KAI's kept parts are summed with the node set's range of this pod, as
 * gs_peer_kai_score sums them.
 */
static int
memo_node(const struct peer_state *st, const struct gs_node *n,
    struct gs_peer_pod *pp, struct gs_pmemo_ent *e, double *score)
{
	struct gs_pnode		v;
	struct gs_kai_local	l;
	int			kai = st->kind == PK_KAI_BINPACK ||
				    st->kind == PK_KAI_SPREAD;

	if (e == NULL)
		return gs_pk_node(st, n, pp, score, NULL);
	if (e->gen1 != n->gen + 1) {
		e->gen1 = n->gen + 1;
		e->why = gs_pk_node(st, n, pp, score, e);
		if (!kai)
			e->score = *score;
		return e->why;
	}
	if (e->why >= 0 || !kai) {
		*score = e->score;
		return e->why;
	}
	memset(&v, 0, sizeof v);
	v.nidle = e->nidle;
	v.ndev = e->ndev;
	v.gpus_all = e->gpus_all;
	l.base = e->score;
	l.sharing = e->sharing;
	*score = gs_peer_kai_total(st->kind == PK_KAI_BINPACK, &pp->kr, &v,
	    &pp->v, &l);
	return -1;
}

/* Does the pod's HAMi device filter pass every device (Volcano's
 * checkType: no type, UUID or vgpu-mode annotation)? */
static int
filter_open(const struct hami_filter *f)
{
	return !f->has_use_type && !f->has_nouse_type && !f->has_use_uuid &&
	    !f->has_nouse_uuid && f->vgpu_mode == NULL;
}

/*
 * The node for the pod: the highest score, ties to the node listed first
 * or (KAI) the smallest name; -1 when none fits, counts and mbuf saying
 * why.  Verdicts are kept per request shape for KAI, and for Volcano
 * when the pod's device filter lets every device pass.
 */
static long
peer_best(struct peer_state *st, const struct gs_cluster *c,
    const struct gs_pod *pod, struct gs_peer_pod *pp, int counts[PW_N],
    char *mbuf, size_t mlen, double *best_score)
{
	struct gs_pmemo	*m = NULL;
	size_t		 i;
	long		 best = -1;
	double		 score = 0;
	int		 why, kai = st->kind == PK_KAI_BINPACK ||
			    st->kind == PK_KAI_SPREAD;

	peer_sync(st, c);
	if (st->kind == PK_KAI_BINPACK)
		gs_kai_hist_range(&st->hist, &pp->kr);
	if (kai || (st->kind >= PK_VOLCANO_BINPACK && filter_open(&pp->f)))
		m = gs_pmemo_find(&st->memo, &pp->v, c->nnodes);
	for (i = 0; i < c->nnodes; i++) {
		const struct gs_node *n = &c->nodes[i];

		if (pod->pinned_node >= 0 && (size_t)pod->pinned_node != i)
			continue;
		if ((why = gs_pk_node_refused(st, c, n, pod, pp, mbuf, mlen)) < 0)
			why = memo_node(st, n, pp, m ? &m->ent[i] : NULL,
			    &score);
		if (why >= 0) {
			counts[why]++;
			continue;
		}
		if (best >= 0 && (score < *best_score ||
		    (score == *best_score && (!kai ||
		    st->rank[i] >= st->rank[best]))))
			continue;
		best = (long)i;
		*best_score = score;
	}
	return best;
}

/* One pod's walk over the nodes (gs_window_walk's arg). */
struct peer_walk {
	struct peer_state	*st;
	const struct gs_cluster	*c;
	const struct gs_pod	*pod;
	struct gs_peer_pod	*pp;
	int			*counts;
	char			*mbuf;
	size_t			 mlen;
	struct gs_pgrant	*best_g;
	long			 best;
	double			 best_score;
	size_t			 best_ng;
	int			 name_ties;
};

/*
 * Node i for the pod: 0 with its reason counted when a filter or the
 * device fit refuses it, else 1, the node kept as the best so far when it
 * scores higher (ties: KAI the smaller name, the others the node listed
 * first).  The window's (k+1)th feasible node only stops the walk
 * (findNodesThatPassFilters): it is not kept.
 */
static int
walk_node(size_t i, void *arg)
{
	struct peer_walk	*w = arg;
	const struct gs_node	*n = &w->c->nodes[i];
	double			 score = 0;
	int			 why;

	if ((why = gs_pk_node_refused(w->st, w->c, n, w->pod, w->pp, w->mbuf,
	    w->mlen)) < 0)
		why = gs_pk_node(w->st, n, w->pp, &score, NULL);
	if (why >= 0) {
		w->counts[why]++;
		return 0;
	}
	if (w->st->win.nfeasible == w->st->win.k && w->pod->pinned_node < 0)
		return 1;
	if (w->best >= 0 && (score < w->best_score || (score ==
	    w->best_score && (w->name_ties ? strcmp(n->name,
	    w->c->nodes[w->best].name) >= 0 : (long)i > w->best))))
		return 1;
	w->best = (long)i;
	w->best_score = score;
	w->best_ng = w->pp->ng;
	memcpy(w->best_g, w->pp->g, w->pp->ng * sizeof *w->pp->g);
	return 1;
}

/*
 * kube-scheduler's walk for the pod: the window from default-scheduler's
 * start index (sched/window.h), every node's view built; the best node
 * (its grants in pp) or -1, its score in *best_score, the next start
 * index in d.
 */
static long
kube_walk(struct peer_state *st, const struct gs_cluster *c,
    const struct gs_pod *pod, struct gs_peer_pod *pp, int *counts,
    char *mbuf, size_t mlen, size_t maxdevs, struct gs_placement *d,
    double *best_score)
{
	struct gs_pgrant	*best_g;
	struct peer_walk	 w;

	best_g = xcalloc((size_t)pp->v.gpu + maxdevs, sizeof *best_g);
	memset(&w, 0, sizeof w);
	w.st = st;
	w.c = c;
	w.pod = pod;
	w.pp = pp;
	w.counts = counts;
	w.mbuf = mbuf;
	w.mlen = mlen;
	w.best_g = best_g;
	w.best = -1;
	st->win.next = c->win_next[GS_WIN_KUBE];
	if (pod->pinned_node >= 0) {
		/* NodeAffinity's PreFilter names the DaemonSet pod's node. */
		if ((size_t)pod->pinned_node < c->nnodes)
			(void)walk_node((size_t)pod->pinned_node, &w);
		gs_window_one(&st->win, c->nnodes);
	} else
		(void)gs_window_walk(&st->win, c->nnodes, walk_node, &w);
	d->win_slot = GS_WIN_KUBE;
	d->win_next = st->win.next;
	*best_score = w.best_score;
	if (w.best >= 0) {
		memcpy(pp->g, best_g, w.best_ng * sizeof *pp->g);
		pp->ng = w.best_ng;
	}
	free(best_g);
	return w.best;
}

static int
peer_decide(void *p, const struct gs_cluster *c, const struct gs_pod *pod,
    struct gs_placement *d, struct gs_error *err)
{
	struct peer_state	*st = p;
	struct gs_peer_pod	 pp;
	size_t			 maxdevs;
	int			 counts[PW_N] = { 0 }, name_ties;
	long			 best = -1;
	double			 score = 0, best_score = 0;
	char			 mbuf[160] = "", fbuf[160];
	int			 volcano = st->kind == PK_VOLCANO_BINPACK ||
				    st->kind == PK_VOLCANO_SPREAD;

	(void)err;		/* it cannot fail */
	if (st->share != NULL) {	/* the replay's milli-GPU model */
		gs_peer_share_decide(st->share, c, pod, d);
		return 0;
	}
	/* MIG instances and replicas of NVIDIA's device plugin
	 * (sched/kube_dp.c). */
	if (st->kind <= PK_KUBE_RTCR && gs_kube_dp_takes(c, pod)) {
		gs_kube_dp_decide(c, pod, st->kind == PK_KUBE_LEAST ?
		    GS_KUBE_LEAST : st->kind == PK_KUBE_MOST ? GS_KUBE_MOST :
		    GS_KUBE_RTCR, kube_weights, d);
		return 0;
	}
	/* KAI: MIG instances as scalar resources (sched/kai/mig.c). */
	if ((st->kind == PK_KAI_BINPACK || st->kind == PK_KAI_SPREAD) &&
	    gs_kai_mig_takes(pod)) {
		gs_kai_mig_decide(c, pod, st->kind == PK_KAI_BINPACK, d);
		return 0;
	}
	memset(d, 0, sizeof *d);
	d->node = -1;
	gs_pk_pod_setup(st, c, pod, &pp, &maxdevs);
	if (pp.v.gpu == 0) {
		d->status = GS_UNMANAGED;
		gs_peer_pod_release(&pp);
		return 0;
	}
	/* KAI: whole GPUs among the device plugin's nvidia.com/gpu
	 * (sched/kai/dp.h). */
	name_ties = st->kind == PK_KAI_BINPACK || st->kind == PK_KAI_SPREAD;
	if (name_ties && !pp.sharing && st->kai_dp) {
		gs_peer_pod_release(&pp);
		gs_kai_mig_decide(c, pod, st->kind == PK_KAI_BINPACK, d);
		return 0;
	}
	d->nctrs = pod->nctrs;
	d->ctrs = xcalloc(pod->nctrs, sizeof *d->ctrs);
	if (st->kind <= PK_KUBE_RTCR && pp.sharing) {
		/* NodeResourcesFit: Insufficient nvidia.com/gpumem. */
		d->status = GS_PENDING;
		d->reason = xstrdup("asks nvidia.com/gpumem, gpumem-percentage "
		    "or gpucores, which no node advertises without HAMi");
		gs_peer_pod_release(&pp);
		return 0;
	}
	/* deviceshare.VGPUEnable off: Volcano registers no vGPU device and
	 * assigns none (deviceshare.go registerDevices). */
	if (volcano && gs_peer_volcano_off(&st->cfg->volcano) != NULL) {
		d->status = GS_PENDING;
		d->reason = xstrdup(gs_peer_volcano_off(&st->cfg->volcano));
		gs_peer_pod_release(&pp);
		return 0;
	}
	if (st->kind <= PK_KUBE_RTCR)
		best = kube_walk(st, c, pod, &pp, counts, mbuf, sizeof mbuf,
		    maxdevs, d, &best_score);
	else {
		/* KAI and Volcano: every node, their verdicts kept across
		 * pods (sched/peer_memo.h). */
		best = peer_best(st, c, pod, &pp, counts, mbuf, sizeof mbuf,
		    &best_score);
		/* The grants on the chosen node (which fitted just now): its
		 * Volcano mode into pp, then its walk again. */
		if (best >= 0) {
			(void)gs_pk_node_refused(st, c, &c->nodes[best], pod, &pp,
			    fbuf, sizeof fbuf);
			(void)gs_pk_node(st, &c->nodes[best], &pp, &score, NULL);
		}
	}
	if (best < 0) {
		d->status = GS_PENDING;
		d->reason = pending_reason(c, counts, mbuf);
	} else if (!gs_kai_guard_pending(&c->nodes[best], pp.g, pp.ng, d)) {
		d->status = GS_PLACED;
		d->node = best;
		d->node_score = (float)best_score;
		gs_pk_place(d, &c->nodes[best], pod, &pp, pp.g, pp.ng);
	}
	gs_peer_pod_release(&pp);
	return 0;
}

#define PEER_CREATE(fn, kind)						\
static void *								\
fn(const struct gs_cluster *c, const struct gs_config *cfg)		\
{									\
	return peer_create(kind, c, cfg);				\
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
	GS_POLICY_BOTH("kube", GS_TIE_RANDOM, 1, 0, 1),
};
const struct gs_policy gs_policy_kube_most = {
	.name = "kube-most-allocated",
	.summary = "kube-scheduler MostAllocated over cpu, memory, "
	    "nvidia.com/gpu (whole GPUs)",
	.create = create_kube_most,
	.destroy = peer_destroy,
	.decide = peer_decide,
	GS_POLICY_BOTH("kube", GS_TIE_RANDOM, 1, 0, 1),
};
const struct gs_policy gs_policy_kube_rtcr = {
	.name = "kube-requested-to-capacity-ratio",
	.summary = "kube-scheduler RequestedToCapacityRatio, bin-pack shape "
	    "(whole GPUs)",
	.create = create_kube_rtcr,
	.destroy = peer_destroy,
	.decide = peer_decide,
	GS_POLICY_BOTH("kube", GS_TIE_RANDOM, 1, 0, 1),
};
const struct gs_policy gs_policy_kai_binpack = {
	.name = "kai-binpack",
	.summary = "KAI-Scheduler binpack: gpumem as gpu-memory fractions",
	.create = create_kai_binpack,
	.destroy = peer_destroy,
	.decide = peer_decide,
	GS_POLICY_BOTH("kai", GS_TIE_NAME, 0, 0, 0),
	.strategy = GS_STRATEGY_BINPACK,
};
const struct gs_policy gs_policy_kai_spread = {
	.name = "kai-spread",
	.summary = "KAI-Scheduler spread: gpumem as gpu-memory fractions",
	.create = create_kai_spread,
	.destroy = peer_destroy,
	.decide = peer_decide,
	GS_POLICY_BOTH("kai", GS_TIE_NAME, 1, 0, 0),
	.strategy = GS_STRATEGY_SPREAD,
};
const struct gs_policy gs_policy_volcano_binpack = {
	.name = "volcano-binpack",
	.summary = "Volcano deviceshare vGPU binpack (v1.15+)",
	.create = create_volcano_binpack,
	.destroy = peer_destroy,
	.decide = peer_decide,
	GS_POLICY_BOTH("volcano", GS_TIE_RANDOM, 1, 0, 0),
	.strategy = GS_STRATEGY_BINPACK,
	.explains = 1,	/* sched/volcano/explain.h */
};
const struct gs_policy gs_policy_volcano_spread = {
	.name = "volcano-spread",
	.summary = "Volcano deviceshare vGPU spread (v1.15+)",
	.create = create_volcano_spread,
	.destroy = peer_destroy,
	.decide = peer_decide,
	GS_POLICY_BOTH("volcano", GS_TIE_RANDOM, 1, 0, 0),
	.strategy = GS_STRATEGY_SPREAD,
	.explains = 1,	/* sched/volcano/explain.h */
};
