/*
 * sched/hami/policy.c: the HAMi v2.6.1 scheduler extender's Filter as a policy.
 *
 * HAMi scores every candidate node, keeps those where every container
 * fits, sorts them with NodeScoreList.Less and takes the last: binpack
 * takes the highest node score, spread the lowest.  HAMi breaks equal
 * scores by goroutine completion order (random); gpusched takes the node
 * listed first in the cluster.  Whether a node fits does not depend on the
 * other nodes, so trying nodes in that preference order and stopping at
 * the first that fits gives the same answer as scoring them all.  Pods
 * asking for Ascend 910 NPUs, Kunlun XPUs (v2.7+) or Metax GPUs are the
 * exception: their ScoreNode adds to the node score after the fit, so
 * every node is tried.
 *
 * Usage only grows between releases (cluster epoch), and every Fit check
 * only gets harder as it grows, so a node that could not host a
 * single-container request keeps failing it: such nodes are remembered per
 * request shape and skipped, and their reason counts are reused while the
 * node is unchanged (not for Ascend's own Fit, which reads more).
 * tests/unit/test_engine.c checks the memo against the straightforward
 * evaluation.  Spec §3.1-§3.3, §3.9.
 *
 * The node order is kept across pods.  HAMi scores every node for every
 * pod, but the part of the score the order is made of depends only on the
 * node: calcScore (pkg/scheduler/score.go) sets it with
 * NodeScore.ComputeScore (v2.6.1) / ComputeDefaultScore (v2.7 on,
 * pkg/scheduler/policy/node_policy.go) from the node's devices' Used,
 * Usedcores, Usedmem, Count, Totalcore and Totalmem before fitInDevices
 * runs, and reads nothing of the pod.  What reads the pod is
 * OverrideScore, after the fit: it adds each vendor's ScoreNode(node,
 * podDevices, previous, policy), which is 0 for NVIDIA
 * (pkg/device/nvidia/device.go) and every vendor gpusched schedules but
 * Ascend 910 (pkg/device/ascend/device.go adds the NPUs' network shares),
 * Kunlun (pkg/device/kunlun/device.go, calcscore; sched/hami/kunlun.c)
 * and Metax (sched/hami/metax_score.c): those pods still score every
 * node (best_scored).  The pod chooses only
 * the direction (binpack or spread, NodeScoreList.Less), so two sorted
 * orders are kept, one per direction, in hami_node_prefer's strict total
 * order (score, then the node listed first): the order a full sort of the
 * same scores gives, ties included.  Only nodes whose gen changed are
 * rescored and moved, in lists of blocks (order.c: a move costs a block,
 * not the nodes between its two places).  Each request shape walks on
 * from the node after the ones known to fail it, but for its holes
 * (nodes not known to fail it that moved before that node since), kept in
 * a heap and tried first, in the order.  cfg->exhaustive keeps the
 * per-pod heap of the candidates (the straightforward path the tests
 * compare with).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "sched/hami/neuron.h"
#include "sched/hami/vastai.h"
#include "sched/hami/metax.h"
#include "sched/hami/order.h"
#include "sched/hami/policy_int.h"
#include "sched/hami/vgcu_fit.h"
#include "sched/kubefilter.h"
#include "sched/policy.h"
#include "util/util.h"
#include "sched/hami/vendor.h"

static void
memo_clear(struct hami_state *st)
{
	size_t	i;

	for (i = 0; i < st->nmemo; i++) {
		free(st->memo[i].filter_key);
		free(st->memo[i].quota_used);
		free(st->memo[i].node);
		hami_holes_free(&st->memo[i].holes[0]);
		hami_holes_free(&st->memo[i].holes[1]);
		hami_reason_index_free(st->memo[i].rix);
	}
	if (st->nmemo > 0) {
		memset(st->known, 0, st->nnodes * sizeof *st->known);
		memset(st->hole[0], 0, st->nnodes * sizeof *st->hole[0]);
		memset(st->hole[1], 0, st->nnodes * sizeof *st->hole[1]);
	}
	st->nmemo = 0;
}

static void *
hami_create(const struct gs_cluster *c, const struct gs_config *cfg)
{
	struct hami_state	*st = xcalloc(1, sizeof *st);
	size_t			 i;

	st->cfg = cfg;
	st->nnodes = c->nnodes;
	st->epoch = c->epoch;
	for (i = 0; i < c->nnodes; i++)
		if (c->nodes[i].ndevs > st->maxdevs)
			st->maxdevs = c->nodes[i].ndevs;
	st->stride = hami_grant_capacity(st->maxdevs);
	st->nscore = xcalloc(c->nnodes, sizeof *st->nscore);
	st->ngen = xcalloc(c->nnodes, sizeof *st->ngen);
	st->nvalid = xcalloc(c->nnodes, 1);
	st->heap = xcalloc(c->nnodes, sizeof *st->heap);
	st->hole[0] = xcalloc(c->nnodes, sizeof *st->hole[0]);
	st->hole[1] = xcalloc(c->nnodes, sizeof *st->hole[1]);
	st->known = xcalloc(c->nnodes, sizeof *st->known);
	st->memo_off = cfg->exhaustive;
	gs_window_init(&st->win, gs_window_pct(cfg));
	return st;
}

static void
hami_destroy(void *p)
{
	struct hami_state	*st = p;

	if (st == NULL)
		return;
	memo_clear(st);
	free(st->nscore);
	free(st->ngen);
	free(st->nvalid);
	free(st->heap);
	free(st->hole[0]);
	free(st->hole[1]);
	free(st->known);
	hami_order_free(&st->ord[0]);
	hami_order_free(&st->ord[1]);
	free(st->oscore);
	free(st->hfree);
	free(st->hdev);
	free(st->hgen);
	free(st->hvalid);
	hami_reason_state_free(st);
	hami_scratch_release(&st->scratch);
	gs_window_release(&st->win);
	free(st);
}

static float
node_score(struct hami_state *st, const struct gs_cluster *c, size_t i)
{
	const struct gs_node	*n = &c->nodes[i];

	if (!st->nvalid[i] || st->ngen[i] != n->gen) {
		st->nscore[i] = hami_node_score_v(n->devs, n->ndevs,
		    hami_profile(st->cfg));
		st->ngen[i] = n->gen;
		st->nvalid[i] = 1;
	}
	return st->nscore[i];
}

/* Sift h[i] down the heap h[0..n) of nodes by score (the most preferred
 * of that direction on top). */
static void
heap_down(const float *score, int spread, size_t *h, size_t n, size_t i)
{
	size_t	c, t;

	for (;;) {
		c = 2 * i + 1;
		if (c >= n)
			return;
		if (c + 1 < n && hami_node_prefer(spread, score[h[c + 1]],
		    h[c + 1], score[h[c]], h[c]))
			c++;
		if (!hami_node_prefer(spread, score[h[c]], h[c], score[h[i]],
		    h[i]))
			return;
		t = h[i];
		h[i] = h[c];
		h[c] = t;
		i = c;
	}
}

/* Is a before b in the kept order of that direction? */
static int
ord_before(const struct hami_state *st, int spread, size_t a, size_t b)
{
	return hami_node_prefer(spread, st->oscore[a], a, st->oscore[b], b);
}

/* The same, as the order's comparison of each direction. */
static int
before_binpack(const void *st, size_t a, size_t b)
{
	return ord_before(st, 0, a, b);
}

static int
before_spread(const void *st, size_t a, size_t b)
{
	return ord_before(st, 1, a, b);
}

/* Do two scores sort alike (neither before the other on score)? */
static int
same_score(float a, float b)
{
	return !(a < b) && !(a > b) && isnan(a) == isnan(b);
}

/* memo[k]'s bit in the per-node masks. */
#define MEMO_BIT(st, m)	((uint64_t)1 << ((m) - (st)->memo))

/* Nothing known of the shape's failures in the order of that
 * direction. */
static void
memo_forget(struct hami_state *st, struct memo_shape *m, int spread)
{
	struct hami_holes	*hs = &m->holes[spread];
	size_t			 j;

	for (j = 0; j < hs->n; j++)
		st->hole[spread][hs->h[j].node] &= ~MEMO_BIT(st, m);
	hs->n = hs->nlive = 0;
	m->from[spread] = MEMO_FROM_START;
}

/*
 * Node i leaves its place in the order of that direction (its score
 * moves): for each memo shape it is no longer a hole (its entry in the
 * heap of holes stays, with the old score), and when it was where the
 * shape's walk goes on from, the node after it is.
 */
static void
memo_unlink(struct hami_state *st, int spread, size_t i)
{
	uint64_t	bits = st->hole[spread][i];
	size_t		k;

	for (k = 0; k < st->nmemo; k++) {
		if (st->memo[k].from[spread] == i)
			st->memo[k].from[spread] =
			    hami_order_next(&st->ord[spread], i);
		if (bits & ((uint64_t)1 << k))
			st->memo[k].holes[spread].nlive--;
	}
	st->hole[spread][i] = 0;
}

/* Is the entry a hole still (its node one, at that score)? */
struct hole_ctx {
	const struct hami_state		*st;
	const struct memo_shape		*m;
	int				 spread;
};

static int
hole_live(const void *p, struct hami_hole e)
{
	const struct hole_ctx	*x = p;

	return (x->st->hole[x->spread][e.node] & MEMO_BIT(x->st, x->m)) &&
	    !x->m->node[e.node].known &&
	    same_score(e.score, x->st->oscore[e.node]);
}

/*
 * Node i is at its new place in the order of that direction: before a
 * shape's from and not known to fail it, it is one of the shape's holes.
 * A heap with more than twice its holes (and 32) entries is filtered.
 */
static void
memo_link(struct hami_state *st, int spread, size_t i)
{
	struct memo_shape	*m;
	struct hami_holes	*hs;
	struct hole_ctx		 x;
	size_t			 k;

	for (k = 0; k < st->nmemo; k++) {
		m = &st->memo[k];
		hs = &m->holes[spread];
		if ((st->known[i] & ((uint64_t)1 << k)) ||
		    m->from[spread] == MEMO_FROM_START ||
		    (m->from[spread] != HAMI_ORDER_END &&
		    !ord_before(st, spread, i, m->from[spread])))
			continue;
		st->hole[spread][i] |= (uint64_t)1 << k;
		hs->nlive++;
		hami_holes_push(hs, spread, i, st->oscore[i]);
		if (hs->n > 2 * hs->nlive + 32) {
			x.st = st;
			x.m = m;
			x.spread = spread;
			hami_holes_filter(hs, spread, hole_live, &x);
		}
	}
}

/* Build the order of one direction: the heap's pops, once. */
static void
ord_build(struct hami_state *st, int spread, size_t nnodes)
{
	size_t	i, n = nnodes;

	for (i = 0; i < st->nmemo; i++)
		memo_forget(st, &st->memo[i], spread);
	hami_order_init(&st->ord[spread], nnodes, HAMI_ORDER_BLOCK);
	for (i = 0; i < nnodes; i++)
		st->heap[i] = i;
	for (i = n / 2; i > 0; i--)
		heap_down(st->nscore, spread, st->heap, n, i - 1);
	for (i = 0; i < nnodes; i++) {
		hami_order_push(&st->ord[spread], st->heap[0]);
		st->heap[0] = st->heap[--n];
		heap_down(st->nscore, spread, st->heap, n, 0);
	}
	st->obuilt[spread] = 1;
}

/* Rescore node i if its gen changed, and move it in both built orders if
 * its score moved. */
static void
ord_rescore(struct hami_state *st, const struct gs_cluster *c, size_t i)
{
	size_t	s;

	if (st->nvalid[i] && st->ngen[i] == c->nodes[i].gen &&
	    same_score(st->nscore[i], st->oscore[i]))
		return;
	node_score(st, c, i);
	if (same_score(st->nscore[i], st->oscore[i])) {
		st->oscore[i] = st->nscore[i];
		return;
	}
	for (s = 0; s < 2; s++)
		if (st->obuilt[s]) {
			memo_unlink(st, (int)s, i);
			hami_order_remove(&st->ord[s], i);
		}
	st->oscore[i] = st->nscore[i];
	for (s = 0; s < 2; s++)
		if (st->obuilt[s]) {
			hami_order_insert(&st->ord[s], i, s ? before_spread :
			    before_binpack, st);
			memo_link(st, (int)s, i);
		}
}

/*
 * Bring the kept order of the pod's direction up to date: rescore the
 * nodes whose gen changed (usually the one the last pod went to) and move
 * those whose score moved, in both built orders.  A node's score changes
 * only with its gen, so the nodes the cluster's touch log names since the
 * last refresh are all there is to look at; when the log no longer holds
 * them all (or this is another cluster), every node is.
 */
static const struct hami_order *
ord_refresh(struct hami_state *st, const struct gs_cluster *c, int spread)
{
	uint64_t	k;
	size_t		i;

	if (st->oscore == NULL) {
		st->oscore = xcalloc(st->nnodes, sizeof *st->oscore);
		for (i = 0; i < st->nnodes; i++)
			st->oscore[i] = node_score(st, c, i);
	} else if (st->ocl == c && gs_cluster_touches_kept(c, st->seen)) {
		for (k = st->seen; k < c->touch_seq; k++)
			ord_rescore(st, c, gs_cluster_touched(c, k));
	} else {
		for (i = 0; i < st->nnodes; i++)
			ord_rescore(st, c, i);
	}
	st->ocl = c;
	st->seen = c->touch_seq;
	if (!st->obuilt[spread])
		ord_build(st, spread, st->nnodes);
	return &st->ord[spread];
}

/* The filter annotations as one string, for the memo key: '=' and the
 * value or '-' for each of HAMi's, then "VENDOR.K=value" for the other
 * vendors' UUID and type filters the pod has.  Built in one allocation
 * (this runs for every pod). */
static char *
filter_key(const struct gs_pod *pod)
{
	static const char *const keys[] = { HAMI_USE_TYPE_ANNO,
	    HAMI_NOUSE_TYPE_ANNO, HAMI_USE_UUID_ANNO, HAMI_NOUSE_UUID_ANNO,
	    HAMI_NUMA_BIND_ANNO, HAMI_VGPU_MODE_ANNO, HAMI_GPU_POLICY_ANNO };
	enum { NK = sizeof keys / sizeof keys[0] };
	const char	*v[NK + 4 * GV_N], *vk[4];
	char		 pre[NK + 4 * GV_N][24], *out, *o;
	size_t		 i, k, n = 0, len = 1;
	int		 vd;

	for (i = 0; i < NK; i++) {
		v[n] = gs_kv_get(&pod->annotations, keys[i]);
		pre[n][0] = v[n] ? '=' : '-';
		pre[n][1] = '\0';
		n++;
	}
	for (vd = GV_NVIDIA + 1; vd < GV_N; vd++) {
		vk[0] = gs_vendors[vd].use_uuid;
		vk[1] = gs_vendors[vd].nouse_uuid;
		vk[2] = gs_vendors[vd].use_type;
		vk[3] = gs_vendors[vd].nouse_type;
		for (k = 0; k < 4; k++)
			if (vk[k] != NULL &&
			    (v[n] = gs_kv_get(&pod->annotations, vk[k])) != NULL)
				snprintf(pre[n++], sizeof pre[0], "%d.%zu=", vd, k);
	}
	for (i = 0; i < n; i++)
		len += strlen(pre[i]) + (v[i] ? strlen(v[i]) : 0);
	o = out = xmalloc(len);
	for (i = 0; i < n; i++) {
		o = stpcpy(o, pre[i]);
		if (v[i] != NULL)
			o = stpcpy(o, v[i]);
	}
	*o = '\0';
	return out;
}

/*
 * The use of the namespace quotas Fit reads (v2.7+), or NULL: a failure
 * holds only while that use is the same (it only grows until usage is
 * released, which clears the memo, but a larger use may change the
 * reasons).
 */
static char *
quota_used_key(const struct hami_pod_quota *q)
{
	char	*out = xstrdup(""), *t;
	int	 v;

	for (v = 0; v < GS_QUOTA_VENDORS; v++) {
		t = xasprintf("%s%lld,%lld;", out, q->mem[v] ?
		    (long long)q->mem[v]->used : -1LL, q->core[v] ?
		    (long long)q->core[v]->used : -1LL);
		free(out);
		out = t;
	}
	return out;
}


static struct memo_shape *
memo_find(struct hami_state *st, const struct hami_creq *r,
    const struct gs_pod *pod)
{
	struct memo_shape	*m;
	char			*key = filter_key(pod), *t, *used = NULL;
	size_t			 i, n;

	if (st->scratch.quota != NULL) {
		t = xasprintf("%s\nns=%s", key, pod->ns);
		free(key);
		key = t;
		used = quota_used_key(st->scratch.quota);
	}
	for (i = 0; i < st->nmemo; i++) {
		m = &st->memo[i];
		if (m->req.n == r->n && memcmp(m->req.r, r->r,
		    r->n * sizeof r->r[0]) == 0 &&
		    strcmp(m->filter_key, key) == 0) {
			free(key);
			if (used != NULL && strcmp(used, m->quota_used) != 0) {
				/* The quotas' use changed: start afresh. */
				memset(m->node, 0, st->nnodes *
				    sizeof *m->node);
				free(m->quota_used);
				m->quota_used = used;
				memo_forget(st, m, 0);
				memo_forget(st, m, 1);
				for (n = 0; n < st->nnodes; n++)
					st->known[n] &= ~MEMO_BIT(st, m);
				hami_reason_index_free(m->rix);
				m->rix = NULL;
			} else
				free(used);
			return m;
		}
	}
	if (st->nmemo == MEMO_MAX_SHAPES) {
		free(key);
		free(used);
		return NULL;
	}
	m = &st->memo[st->nmemo++];
	m->req = *r;
	m->filter_key = key;
	m->quota_used = used;
	m->node = xcalloc(st->nnodes, sizeof *m->node);
	memo_forget(st, m, 0);
	memo_forget(st, m, 1);
	m->rix = NULL;
	return m;
}

/*
 * Try every container of the pod on the node (fitInDevices per container,
 * usage shared between containers).  reqs holds the ninit init
 * containers' requests first: v2.9 fits them like the others, before
 * them; v2.10 fits each init container, and then the containers, from
 * the node's own usage.  On failure *out gets HAMi's reason counts of the
 * container that failed.
 */
int
hami_eval_node(struct hami_state *st, const struct gs_node *node,
    const struct hami_creq *reqs, size_t ninit, size_t nctrs,
    const struct hami_filter *f, struct gs_grant *grants,
    struct node_outcome *out)
{
	int	counts[HR_N], insufficient, k;
	size_t	c;

	hami_scratch_load(&st->scratch, node, f->gpu_binpack);
	st->scratch.metax_granted = 0;
	st->scratch.mthreads_on = 0;
	st->quota.grants = grants;
	st->quota.stride = st->stride;
	st->quota.ngrants = st->ngrants;
	st->quota.ninit = ninit;
	for (c = 0; c < ninit + nctrs; c++) {
		if (hami_fresh_usage(f->hp, c, ninit))
			hami_scratch_load(&st->scratch, node, f->gpu_binpack);
		memset(st->tgrants[c], 0, sizeof st->tgrants[c]);
		st->ngrants[c] = 0;
		st->quota.cur = c;
		if (reqs[c].nums == 0)
			continue;
		if (hami_fit_container(&st->scratch, &reqs[c], f,
		    grants + c * st->stride, counts, &insufficient)) {
			memcpy(st->tgrants[c], st->scratch.type_grants,
			    sizeof st->tgrants[c]);
			st->ngrants[c] = st->scratch.ngrants;
			continue;
		}
		out->gen = node->gen;
		out->known = 1;
		out->insufficient = (unsigned char)insufficient;
		out->cards = (uint16_t)st->scratch.cards;
		for (k = 0; k < HR_N; k++)
			out->counts[k] = (uint16_t)counts[k];
		return 0;
	}
	return 1;
}

void
hami_format_outcome(const struct node_outcome *o, char *buf, size_t len)
{
	int	counts[HR_N], k;

	for (k = 0; k < HR_N; k++)
		counts[k] = o->counts[k];
	hami_format_reasons(counts, o->cards, o->insufficient, buf, len);
}

const char *
hami_node_refusal(const struct gs_cluster *c, const struct gs_node *n,
    const struct gs_pod *pod, const struct hami_profile *hp, char *buf,
    size_t len)
{
	const char	*why;

	if ((why = gs_kube_filter(n, pod, buf, len)) != NULL ||
	    (why = hami_vgcu_refusal(c, n, pod, hp, buf, len)) != NULL)
		return why;
	if (hami_node_usable(n, hp))
		return NULL;
	if (hp->alloc_gpu_registers && n->has_alloc_gpu && n->alloc_gpu == 0 &&
	    (n->registered || !hp->alloc_zero_handshake))
		return "allocatable nvidia.com/gpu is 0: HAMi removed its devices";
	return n->devices_note ? n->devices_note : "node unregistered";
}

int
hami_node_usable(const struct gs_node *n, const struct hami_profile *hp)
{
	/* NVIDIA's GPUs went, the other vendors' stay (drop_nvidia,
	 * load/running.c). */
	if (n->nvidia_gone)
		return 1;
	if (!hp->alloc_gpu_registers)
		return n->registered || (n->hs_refused && hp->handshake_unread);
	if (!n->registered && !n->hs_refused)
		return 0;		/* no register annotation */
	if (!n->has_alloc_gpu || n->alloc_gpu > 0)
		return 1;
	if (!hp->alloc_zero_handshake)
		return 0;
	/* v2.9 with no GPUs reported: the handshake decides again, and a
	 * stale Deleted_ is re-registered; v2.10 re-registers any Deleted
	 * (CheckHealth no longer special-cases it). */
	if (hp->handshake_lenient && n->handshake == GS_HS_DELETED)
		return 1;
	/* v2.10's CheckHealth (pkg/device/devices.go) keeps the devices of a
	 * Requesting_ whose time does not parse. */
	if (hp->handshake_lenient && n->hs_bad_time != NULL)
		return 1;
	return n->registered || n->hs_deleted_stale;
}

/* Does a request of c go through Ascend's own Fit (v2.7+)? */
static int
ascend_own_fit(const struct hami_creq *c, const struct hami_profile *hp)
{
	size_t	t;

	for (t = 0; t < c->n; t++)
		if (hp->ascend_own_fit && gs_vendor_is_ascend(c->r[t].vendor))
			return 1;
	return 0;
}

/* The grants of the node just evaluated, per container, into d. */
static void
take_grants(const struct hami_state *st, struct gs_placement *d,
    const struct hami_creq *reqs, const struct gs_grant *grants)
{
	size_t	ci, nall = d->ninit + d->nctrs;

	for (ci = 0; ci < nall; ci++) {
		size_t			 k = (size_t)st->ngrants[ci];
		struct gs_ctr_grant	*cg = ci < d->ninit ?
		    &d->init[ci] : &d->ctrs[ci - d->ninit];

		/* An Ascend combination may grant fewer than asked (none,
		 * even) and HAMi binds the pod with those. */
		if (reqs[ci].nums == 0 || k == 0)
			continue;
		cg->ngrants = k;
		cg->grants = xcalloc(k, sizeof(struct gs_grant));
		memcpy(cg->grants, grants + ci * st->stride,
		    k * sizeof(struct gs_grant));
	}
}

/*
 * A pod asking for Ascend 910 devices or Kunlun XPUs (v2.7+): the node
 * score is only known after the fit (OverrideScore adds the NPUs' network
 * shares, Kunlun's calcscore), so
 * every candidate among heap[0..n) is evaluated and the best final score
 * wins, ties to the node listed first.  The winner is fitted once more
 * for its grants.
 */
static void
best_scored(struct hami_state *st, const struct gs_cluster *c,
    const struct hami_creq *reqs, size_t ninit, size_t nctrs,
    const struct hami_filter *f, struct gs_grant *grants,
    struct memo_shape *memo, size_t n, struct gs_placement *d)
{
	size_t			 k, i;
	struct node_outcome	 scratch_outcome;
	long			 best = -1;
	float			 bscore = 0, sc;

	for (k = 0; k < n; k++) {
		i = st->heap[k];
		if (!hami_eval_node(st, &c->nodes[i], reqs, ninit, nctrs, f, grants,
		    memo ? &memo->node[i] : &scratch_outcome))
			continue;
		sc = hami_override_total(st->nscore[i], hami_override_score(
		    &c->nodes[i], reqs, ninit + nctrs, grants, st->stride,
		    (const int (*)[HAMI_MAX_TYPES])st->tgrants, f), f->hp);
		if (best < 0 || hami_node_prefer(f->node_spread, sc, i, bscore,
		    (size_t)best)) {
			best = (long)i;
			bscore = sc;
		}
	}
	if (best < 0 || !hami_eval_node(st, &c->nodes[best], reqs, ninit, nctrs, f,
	    grants, &scratch_outcome))
		return;
	d->status = GS_PLACED;
	d->node = best;
	d->node_score = bscore;
	take_grants(st, d, reqs, grants);
}

/*
 * Is node i a candidate: hami_node_refusal's checks, with the cheap memo
 * test first (a node that failed this shape before fails it still)?
 */
static int
candidate(const struct gs_cluster *c, size_t i, const struct gs_pod *pod,
    const struct hami_filter *f, const struct memo_shape *memo)
{
	char	fbuf[192];

	if (pod->pinned_node >= 0 && (size_t)pod->pinned_node != i)
		return 0;
	return !(memo != NULL && memo->node[i].known) &&
	    hami_node_usable(&c->nodes[i], f->hp) &&
	    gs_kube_filter(&c->nodes[i], pod, fbuf, sizeof fbuf) == NULL &&
	    hami_vgcu_refusal(c, &c->nodes[i], pod, f->hp, fbuf,
	    sizeof fbuf) == NULL;
}

/* Node i fits: the pod goes there. */
static int
try_node(struct hami_state *st, const struct gs_cluster *c, size_t i,
    const struct gs_pod *pod, const struct hami_creq *reqs,
    const struct hami_filter *f, struct gs_grant *grants,
    struct memo_shape *memo, struct gs_placement *d)
{
	struct node_outcome	scratch_outcome;

	if (!hami_eval_node(st, &c->nodes[i], reqs, d->ninit, pod->nctrs, f,
	    grants, memo ? &memo->node[i] : &scratch_outcome)) {
		if (memo != NULL)
			st->known[i] |= MEMO_BIT(st, memo);
		return 0;
	}
	d->status = GS_PLACED;
	d->node = (long)i;
	d->node_score = st->nscore[i];
	take_grants(st, d, reqs, grants);
	return 1;
}

/*
 * Try the shape's holes in the kept order (they come before its from),
 * popped from its heap of holes: 1 when one fits.  Entries that are no
 * longer holes are dropped, and so are the holes that fail (known to fail
 * now); the one that fits and those that are not candidates go back.
 */
static int
try_holes(struct hami_state *st, const struct gs_cluster *c,
    const struct gs_pod *pod, const struct hami_creq *reqs,
    const struct hami_filter *f, struct gs_grant *grants,
    struct memo_shape *memo, struct gs_placement *d)
{
	int			 s = f->node_spread, fit = 0;
	struct hami_holes	*hs = &memo->holes[s];
	struct hami_hole	 e, *back = NULL;
	struct hole_ctx		 x = { st, memo, s };
	size_t			 nback = 0, k;

	while (!fit && hs->n > 0) {
		e = hami_holes_pop(hs, s);
		if (hole_live(&x, e) && candidate(c, e.node, pod, f, memo))
			fit = try_node(st, c, e.node, pod, reqs, f, grants,
			    memo, d);
		if (memo->node[e.node].known &&
		    (st->hole[s][e.node] & MEMO_BIT(st, memo))) {
			st->hole[s][e.node] &= ~MEMO_BIT(st, memo);
			hs->nlive--;
		}
		if (!hole_live(&x, e))
			continue;
		back = xreallocarray(back, nback + 1, sizeof *back);
		back[nback++] = e;
	}
	for (k = 0; k < nback; k++)
		hami_holes_push(hs, s, back[k].node, back[k].score);
	free(back);
	return fit;
}

/*
 * The candidates in the kept order, the first that fits wins: what
 * sorting them all and trying from the best gives, for the cost of the
 * nodes tried (and of the nodes whose gen changed).  With a memo, the
 * nodes before its from are known to fail but for its holes: the holes
 * are tried, then the walk goes on from there, past the nodes known to
 * fail.
 */
static void
place_ordered(struct hami_state *st, const struct gs_cluster *c,
    const struct gs_pod *pod, const struct hami_creq *reqs,
    const struct hami_filter *f, struct gs_grant *grants,
    struct memo_shape *memo, struct gs_placement *d)
{
	const struct hami_order	*o;
	struct hami_oiter	 it;
	size_t			 i, *from;

	if (pod->pinned_node >= 0) {
		i = (size_t)pod->pinned_node;
		if (i < c->nnodes && candidate(c, i, pod, f, memo)) {
			node_score(st, c, i);
			try_node(st, c, i, pod, reqs, f, grants, memo, d);
		}
		return;
	}
	o = ord_refresh(st, c, f->node_spread);
	it = hami_order_first(o);
	if (memo != NULL) {
		if (try_holes(st, c, pod, reqs, f, grants, memo, d))
			return;
		from = &memo->from[f->node_spread];
		if (*from == MEMO_FROM_START)
			*from = hami_order_at(o, it);
		if (*from == HAMI_ORDER_END)
			return;
		it = hami_order_seek(o, *from);
		while ((i = hami_order_at(o, it)) != HAMI_ORDER_END &&
		    memo->node[i].known)
			hami_order_step(o, &it);
		*from = i;
	}
	for (; (i = hami_order_at(o, it)) != HAMI_ORDER_END;
	    hami_order_step(o, &it))
		if (candidate(c, i, pod, f, memo) &&
		    try_node(st, c, i, pod, reqs, f, grants, memo, d))
			return;
}

/*
 * The candidates in a heap built for this pod (cfg->exhaustive, the
 * pods Ascend's ScoreNode scores after the fit, where every candidate is
 * evaluated, and kube-scheduler's window when not NULL: its nodes alone).
 */
static void
place_heap(struct hami_state *st, const struct gs_cluster *c,
    const struct gs_pod *pod, const struct hami_creq *reqs,
    const struct hami_filter *f, struct gs_grant *grants,
    struct memo_shape *memo, int scored, const struct gs_window *win,
    struct gs_placement *d)
{
	size_t	i, j, n = 0, nall = win != NULL ? win->nfeasible : c->nnodes;

	for (j = 0; j < nall; j++) {
		i = win != NULL ? win->feasible[j] : j;
		if (!candidate(c, i, pod, f, memo))
			continue;
		node_score(st, c, i);
		st->heap[n++] = i;
	}
	for (i = n / 2; i > 0; i--)
		heap_down(st->nscore, f->node_spread, st->heap, n,
		    i - 1);
	if (scored) {
		best_scored(st, c, reqs, d->ninit, pod->nctrs, f, grants,
		    memo, n, d);
		return;
	}
	while (d->status == GS_PENDING && n > 0) {
		size_t	best = st->heap[0];

		st->heap[0] = st->heap[--n];
		heap_down(st->nscore, f->node_spread, st->heap, n, 0);
		try_node(st, c, best, pod, reqs, f, grants, memo, d);
	}
}


/*
 * Why the pod stays pending before any node is looked at (fresh string),
 * or NULL: v2.10's calcScore fails on the pod's weights.
 */
static char *
filter_refusal(const struct hami_filter *f)
{
	if (f->error != NULL)
		return xasprintf("HAMi's Filter fails: %s", f->error);
	return NULL;
}

static int
hami_decide(void *p, const struct gs_cluster *c, const struct gs_pod *pod,
    struct gs_placement *d, struct gs_error *err)
{
	struct hami_state	*st = p;
	struct hami_creq	*reqs;
	struct hami_filter	 f;
	struct gs_grant		*grants;
	struct memo_shape	*memo = NULL;
	char			 fbuf[192];
	const char		*why;
	int64_t			 total = 0;
	size_t			 ci, nreq = 0, only = 0, nall;
	const struct hami_profile *hp = hami_profile(st->cfg);
	int			 scored, cut;

	(void)err;		/* it cannot fail */
	hami_reason_sync(st, c);
	memset(d, 0, sizeof *d);
	d->node = -1;
	d->nctrs = pod->nctrs;
	d->ctrs = xcalloc(pod->nctrs, sizeof *d->ctrs);
	if ((why = hami_admission(pod, st->cfg, c, fbuf,
	    sizeof fbuf)) != NULL) {
		/* v2.10's webhook refuses the pod: it is never created. */
		d->status = GS_PENDING;
		d->reason = xasprintf("HAMi's admission webhook refuses the "
		    "pod: %s", why);
		return 0;
	}
	/* Init containers get GPUs from v2.9 (Resourcereqs). */
	d->ninit = hami_pod_requests(pod, st->cfg, c, &reqs);
	hami_neuron_resolve(reqs, d->ninit + pod->nctrs, c);
	d->vgcu_shared = hami_vgcu_shared_request(c, pod, hp);
	if (d->ninit > 0) {
		d->init = xcalloc(d->ninit, sizeof *d->init);
		d->init_collapse = hp->init_collapse;
	}
	nall = d->ninit + pod->nctrs;
	for (ci = 0; ci < nall; ci++) {
		total += reqs[ci].nums;
		if (reqs[ci].nums > 0) {
			nreq++;
			only = ci;
		}
	}
	if (total == 0) {
		d->status = GS_UNMANAGED;
		free(reqs);
		return 0;
	}
	/* v2.9+: the webhook's fitResourceQuota, at the pod's creation
	 * (the pods before it placed). */
	if (hami_quota_webhook_refuses(c, pod, st->cfg, reqs, d->ninit)) {
		d->status = GS_PENDING;
		d->reason = xstrdup("HAMi's admission webhook refuses the pod: "
		    "exceeding resource quota");
		free(reqs);
		return 0;
	}
	/* kube-scheduler filters and cuts the window before it calls
	 * HAMi's /filter (sched/window.h). */
	cut = hami_window(st, c, pod, d);
	/* v2.7+: Fit checks the namespace's quotas; their refusals depend
	 * on the namespace and its use too (memo_find's key). */
	st->scratch.quota = hami_quota_prepare(&st->quota, c, pod, hp) ?
	    &st->quota : NULL;
	if (c->epoch != st->epoch) {
		memo_clear(st);		/* usage was released */
		st->epoch = c->epoch;
	}
	/* Ascend's own Fit (v2.7+) reads the pod's vNPU mode and, in v2.9,
	 * the first sorted device's memory, which usage may change: no
	 * memo for it; nor for Kunlun's or Vastai's (isDieMode), which
	 * read the sorted order. */
	if (nreq == 1 && only >= d->ninit && !st->memo_off && !cut &&
	    !ascend_own_fit(&reqs[only], hp) && !hami_vastai_scored(&reqs[
	    only], 1) && !hami_kunlun_asked(&reqs[only], 1))
		memo = memo_find(st, &reqs[only], pod);
	hami_filter_init(&f, pod, st->cfg);
	if ((d->reason = filter_refusal(&f)) != NULL) {
		d->status = GS_PENDING;
		free(reqs);
		hami_filter_release(&f);
		st->scratch.quota = NULL;
		return 0;
	}
	grants = xcalloc(nall * st->stride, sizeof *grants);
	st->tgrants = xcalloc(nall, sizeof *st->tgrants);
	st->ngrants = xcalloc(nall, sizeof *st->ngrants);

	d->status = GS_PENDING;
	scored = hami_override_scored(reqs, nall, hp);
	if (!st->memo_off && !scored && !cut)
		place_ordered(st, c, pod, reqs, &f, grants, memo, d);
	else
		place_heap(st, c, pod, reqs, &f, grants, memo, scored,
		    cut ? &st->win : NULL, d);
	if (d->status == GS_PENDING)
		d->reason = hami_pending_reason(st, c, pod, reqs, d->ninit, &f, grants,
		    memo);
	free(grants);
	free(st->tgrants);
	free(st->ngrants);
	st->tgrants = NULL;
	st->ngrants = NULL;
	free(reqs);
	hami_filter_release(&f);
	st->scratch.quota = NULL;
	return 0;
}

/* Every profile is this policy; hami_profile() reads its row.  The
 * replay runs it through its bridge (replay/hami_bridge.c). */
#define HAMI_PROFILE(n, s) {						\
	.name = (n), .summary = (s), .create = hami_create,		\
	.destroy = hami_destroy, .decide = hami_decide,			\
	.family = "hami", .views = GS_VIEW_DEVICE | GS_VIEW_SHARE,	\
	.tie = GS_TIE_FIRST, .explains = 1 }

const struct gs_policy gs_policy_hami_v261 = HAMI_PROFILE("hami-v2.6.1",
    "HAMi v2.6.1 scheduler extender: node and GPU binpack/spread, bit for "
    "bit");
const struct gs_policy gs_policy_hami_v270 = HAMI_PROFILE("hami-v2.7.0",
    "HAMi v2.7.0: v2.6.1 plus the health check and exclusive whole-memory "
    "requests");
const struct gs_policy gs_policy_hami_v271 = HAMI_PROFILE("hami-v2.7.1",
    "HAMi v2.7.1: v2.7.0 with Iluvatar GPUs registered per model");
const struct gs_policy gs_policy_hami_v280 = HAMI_PROFILE("hami-v2.8.0",
    "HAMi v2.8.0-v2.8.3: as v2.7 for NVIDIA GPUs without MIG");
const struct gs_policy gs_policy_hami_v290 = HAMI_PROFILE("hami-v2.9.0",
    "HAMi v2.9.0: v2.8 with the device score counting usage only");
const struct gs_policy gs_policy_hami_v2100 = HAMI_PROFILE("hami-v2.10.0",
    "HAMi v2.10.0: score-first GPU order, mutex/numa/chained GPU "
    "policies, scoring weights, device cordon, init containers");
