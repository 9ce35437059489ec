/*
 * sched/hami/reason.c: why HAMi left a pod pending, as its Filter words it
 * ("0/N nodes fit: 2 nodes: 4/4 CardInsufficientMemory; ..."): every
 * node's outcome (from the policy's memo while the node is unchanged)
 * grouped by value, and, when a GPU lacked memory, the largest free memory
 * the pod could have used.
 *
 * At cluster scale the reason is the only step that looks at every node,
 * so for the common pod (a memo shape, no nodeSelector, affinity,
 * tolerations or cpu/memory requests: what refuses a node is the node's
 * own state) each shape keeps its nodes' groups, and the state keeps the
 * memory hint's maximum in a tree, both updated only for the nodes
 * touched since (the cluster's touch log, gathered every decide): the
 * same groups in the same order (by their first node) and the same hint,
 * for the cost of the nodes that changed.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "sched/hami/policy_int.h"
#include "sched/hami/vendor.h"
#include "util/util.h"

/* Nodes that failed alike: grouped by value, formatted once. */
struct reason_group {
	char			 fixed[192];	/* a filter, or "" */
	struct node_outcome	 o;
	size_t			 count;
	size_t			 first;		/* the index: its first node */
};

#define RIX_NONE	UINT32_MAX	/* a node counted in no group */

/* One shape's nodes, each in its group (grp[i], RIX_NONE: none), as of
 * entry pos of the touch log of era era. */
struct reason_index {
	uint32_t		*grp;
	struct reason_group	*g;
	size_t			 ng, cap, live;
	uint64_t		 era;
	size_t			 pos;
};

/* The memory hint's per-node answer for one vendor (free[i] -1: the
 * node offers none) and a tree whose root is the first node with the
 * most (tree[1], leaves at tree[leaves + i]), as of the touch log's
 * entry pos of era era. */
struct hint_index {
	int			 vendor;
	int64_t			*free;
	int32_t			*dev;
	uint32_t		*tree;
	size_t			 leaves;
	uint64_t		 era;
	size_t			 pos;
};

static int
same_reason(const struct reason_group *g, const char *fixed,
    const struct node_outcome *o)
{
	if (fixed != NULL || g->fixed[0] != '\0')
		return fixed != NULL && strcmp(fixed, g->fixed) == 0;
	return g->o.cards == o->cards &&
	    g->o.insufficient == o->insufficient &&
	    memcmp(g->o.counts, o->counts, sizeof o->counts) == 0;
}

static void
add_reason(struct reason_group **g, size_t *n, size_t *cap,
    const char *fixed, const struct node_outcome *o)
{
	size_t	i;

	for (i = 0; i < *n; i++)
		if (same_reason(&(*g)[i], fixed, o)) {
			(*g)[i].count++;
			return;
		}
	grow_array(g, cap, *n + 1, sizeof **g);
	memset(&(*g)[*n], 0, sizeof **g);
	if (fixed != NULL)
		snprintf((*g)[*n].fixed, sizeof (*g)[*n].fixed, "%s", fixed);
	if (o != NULL)
		(*g)[*n].o = *o;
	(*g)[(*n)++].count = 1;
}

/* The most free memory on n's GPUs of the vendor's type and the first
 * GPU with it (*dev -1: none). */
static int64_t
gpu_most_free(const struct gs_node *n, int vendor, long *dev)
{
	int64_t	fm, best = INT64_MIN;
	size_t	j;

	*dev = -1;
	for (j = 0; j < n->ndevs; j++) {
		fm = (int64_t)n->devs[j].devmem - n->devs[j].usedmem;
		if ((*dev >= 0 && fm <= best) ||
		    strstr(n->devs[j].type, gs_vendors[vendor].type) == NULL)
			continue;
		best = fm;
		*dev = (long)j;
	}
	return best;
}

/*
 * The most free memory on node i's GPUs of the vendor's type and the
 * first GPU that has it (*dev -1: none), kept per node until its gen
 * moves.
 */
static int64_t
node_most_free(struct hami_state *st, const struct gs_cluster *c, size_t i,
    int vendor, long *dev)
{
	const struct gs_node	*n = &c->nodes[i];

	if (st->hfree == NULL || st->hvendor != vendor) {
		free(st->hfree);
		free(st->hdev);
		free(st->hgen);
		free(st->hvalid);
		st->hfree = xcalloc(st->nnodes, sizeof *st->hfree);
		st->hdev = xcalloc(st->nnodes, sizeof *st->hdev);
		st->hgen = xcalloc(st->nnodes, sizeof *st->hgen);
		st->hvalid = xcalloc(st->nnodes, 1);
		st->hvendor = vendor;
	}
	if (!st->hvalid[i] || st->hgen[i] != n->gen) {
		st->hfree[i] = gpu_most_free(n, vendor, &st->hdev[i]);
		st->hgen[i] = n->gen;
		st->hvalid[i] = 1;
	}
	*dev = st->hdev[i];
	return st->hfree[i];
}

/*
 * Does nothing of the pod bear on which nodes refuse it, so that a
 * node's refusal (hami_node_refusal) is a function of the node's state
 * alone: no nodeSelector, affinity or tolerations (TaintToleration,
 * NodeUnschedulable, NodeAffinity), no cpu or memory request
 * (NodeResourcesFit), not pinned to a node.
 */
static int
plain_pod(const struct gs_pod *pod)
{
	return pod->pinned_node < 0 && pod->node_selector.n == 0 &&
	    pod->naffinity == 0 && pod->ntols == 0 && pod->req_cpu <= 0 &&
	    pod->req_mem <= 0;
}

/* Start the touch log the indexes read (their first use). */
static void
log_start(struct hami_state *st, const struct gs_cluster *c)
{
	if (st->tlog_on)
		return;
	st->tlog_on = 1;
	st->tera++;
	st->ntlog = 0;
	st->tcl = c;
	st->tseen = c->touch_seq;
}

/*
 * The nodes touched since the last call, from the cluster's touch log;
 * when the log no longer holds them (or this is another cluster), or
 * the list outgrows a rebuild's worth, a new era: every index is built
 * again at its next use.
 */
void
hami_reason_sync(struct hami_state *st, const struct gs_cluster *c)
{
	uint64_t	k;

	if (!st->tlog_on)
		return;
	if (st->tcl != c || !gs_cluster_touches_kept(c, st->tseen) ||
	    st->ntlog + (c->touch_seq - st->tseen) > 4 * st->nnodes +
	    GS_TOUCH_RING) {
		st->tera++;
		st->ntlog = 0;
	} else
		for (k = st->tseen; k < c->touch_seq; k++) {
			grow_array(&st->tlog, &st->tlogcap, st->ntlog + 1,
			    sizeof *st->tlog);
			st->tlog[st->ntlog++] = (uint32_t)gs_cluster_touched(c,
			    k);
		}
	st->tcl = c;
	st->tseen = c->touch_seq;
}

/* Which of a and b (node indices, RIX_NONE: none) offers more free
 * memory, the first listed on a tie. */
static uint32_t
hint_better(const struct hint_index *h, uint32_t a, uint32_t b)
{
	if (a == RIX_NONE)
		return b;
	if (b == RIX_NONE)
		return a;
	if (h->free[a] != h->free[b])
		return h->free[a] > h->free[b] ? a : b;
	return a < b ? a : b;
}

/* Node i's entry: memory_hint's loop asks the same of every node (at
 * least 0 MiB free on a GPU of the type, and the node not refused). */
static void
hint_node(struct hint_index *h, const struct gs_cluster *c,
    const struct gs_pod *pod, const struct hami_profile *hp, size_t i)
{
	char	fbuf[192];
	long	d;
	int64_t	fm = gpu_most_free(&c->nodes[i], h->vendor, &d);

	h->dev[i] = (int32_t)d;
	h->free[i] = d < 0 || fm < 0 || hami_node_refusal(c, &c->nodes[i], pod,
	    hp, fbuf, sizeof fbuf) != NULL ? -1 : fm;
}

/* The first node with the most free memory for a plain pod (-1: none),
 * its GPU in *dev, the memory in *best. */
static long
hint_query(struct hami_state *st, const struct gs_cluster *c,
    const struct gs_pod *pod, int vendor, long *dev, int64_t *best)
{
	const struct hami_profile *hp = hami_profile(st->cfg);
	struct hint_index	*h;
	size_t			 k, p;
	uint32_t		 b;

	log_start(st, c);
	hami_reason_sync(st, c);
	if ((h = st->hint) == NULL) {
		h = st->hint = xcalloc(1, sizeof *h);
		for (h->leaves = 1; h->leaves < st->nnodes; h->leaves *= 2)
			;
		h->free = xcalloc(st->nnodes, sizeof *h->free);
		h->dev = xcalloc(st->nnodes, sizeof *h->dev);
		h->tree = xcalloc(2 * h->leaves, sizeof *h->tree);
		h->era = st->tera - 1;
	}
	if (h->vendor != vendor || h->era != st->tera || h->pos > st->ntlog) {
		h->vendor = vendor;
		for (p = 0; p < h->leaves; p++) {
			if (p < st->nnodes)
				hint_node(h, c, pod, hp, p);
			h->tree[h->leaves + p] = p < st->nnodes ?
			    (uint32_t)p : RIX_NONE;
		}
		for (p = h->leaves - 1; p > 0; p--)
			h->tree[p] = hint_better(h, h->tree[2 * p],
			    h->tree[2 * p + 1]);
	} else
		for (k = h->pos; k < st->ntlog; k++) {
			hint_node(h, c, pod, hp, st->tlog[k]);
			for (p = (h->leaves + st->tlog[k]) / 2; p > 0; p /= 2)
				h->tree[p] = hint_better(h, h->tree[2 * p],
				    h->tree[2 * p + 1]);
		}
	h->era = st->tera;
	h->pos = st->ntlog;
	b = h->tree[1];
	if (b == RIX_NONE || h->free[b] < 0)
		return -1;
	*dev = h->dev[b];
	*best = h->free[b];
	return (long)b;
}

/*
 * " (needs 16000 MiB per GPU, largest free 15360 MiB on t4-node GPU 3)":
 * what the first GPU request asks against the most free memory on any
 * GPU the pod could use.
 */
static void
memory_hint(struct hami_state *st, const struct gs_cluster *c,
    const struct gs_pod *pod, const struct hami_creq *reqs,
    const struct hami_profile *hp, char *buf, size_t len)
{
	const struct hami_req	*r = NULL;
	char			 fbuf[192];
	long			 bn = -1, bd = -1;
	int64_t			 best = -1, fm;
	size_t			 i;
	char			 need[64];

	for (i = 0; i < pod->nctrs && r == NULL; i++)
		if (reqs[i].n > 0)
			r = &reqs[i].r[0];
	/* Enflame DRS asks a profile's memory, chosen per node. */
	if (r == NULL || r->vendor == GV_ENFLAME_DRS)
		return;
	if (r->memreq > 0)
		snprintf(need, sizeof need, "%d MiB", r->memreq);
	else if (r->mempct != 101)
		snprintf(need, sizeof need, "%d%% of a GPU's memory",
		    r->mempct);
	else
		return;
	/*
	 * The cheap test first: a node matters only if its most free GPU
	 * of the type (node_most_free, cached on gen) beats the best so
	 * far; the node's refusal (a pure function of the state) is asked
	 * of those alone, which leaves the answer as it was.  The first
	 * node, and in it the first GPU, with the most free memory wins.
	 * A plain pod reads the same answer from the kept tree.
	 */
	if (plain_pod(pod))
		bn = hint_query(st, c, pod, r->vendor, &bd, &best);
	else
		for (i = 0; i < c->nnodes; i++) {
			const struct gs_node *n = &c->nodes[i];
			long	nd;

			if (pod->pinned_node >= 0 &&
			    (size_t)pod->pinned_node != i)
				continue;
			fm = node_most_free(st, c, i, r->vendor, &nd);
			if (nd < 0 || fm <= best || hami_node_refusal(c, n, pod,
			    hp, fbuf, sizeof fbuf) != NULL)
				continue;
			best = fm;
			bn = (long)i;
			bd = nd;
		}
	if (bn < 0)
		return;
	snprintf(buf, len, " (needs %s per GPU, largest free %lld MiB on %s "
	    "GPU %d)", need, (long long)best, c->nodes[bn].name,
	    gs_gpu_number(&c->nodes[bn], (size_t)bd));
}

/* The group of that value in the index, added if new. */
static uint32_t
rix_group(struct reason_index *ix, const char *fixed,
    const struct node_outcome *o)
{
	size_t	k;

	for (k = 0; k < ix->ng; k++)
		if (same_reason(&ix->g[k], fixed, o))
			return (uint32_t)k;
	add_reason(&ix->g, &ix->ng, &ix->cap, fixed, o);
	ix->g[ix->ng - 1].count = 0;
	return (uint32_t)(ix->ng - 1);
}

/* Node i goes from its group to group to, each group's count and first
 * node kept. */
static void
rix_move(struct reason_index *ix, size_t i, uint32_t to)
{
	uint32_t		 from = ix->grp[i];
	struct reason_group	*g;
	size_t			 j;

	if (from == to)
		return;
	if (from != RIX_NONE) {
		g = &ix->g[from];
		if (--g->count == 0)
			ix->live--;
		else if (g->first == i) {
			for (j = i + 1; ix->grp[j] != from; j++)
				;
			g->first = j;
		}
	}
	ix->grp[i] = to;
	if (to == RIX_NONE)
		return;
	g = &ix->g[to];
	if (g->count++ == 0) {
		g->first = i;
		ix->live++;
	} else if (i < g->first)
		g->first = i;
}

/* What the reason's loop finds on node i: its refusal, or its outcome
 * (the memo's while the node is unchanged). */
static void
rix_node(struct hami_state *st, const struct gs_cluster *c,
    const struct gs_pod *pod, const struct hami_creq *reqs, size_t ninit,
    const struct hami_filter *f, struct gs_grant *grants,
    struct memo_shape *memo, size_t i)
{
	const struct gs_node	*n = &c->nodes[i];
	struct node_outcome	*o = &memo->node[i];
	const char		*why;
	char			 fbuf[192];
	uint32_t		 to;

	if ((why = hami_node_refusal(c, n, pod, hami_profile(st->cfg), fbuf,
	    sizeof fbuf)) != NULL)
		to = rix_group(memo->rix, why, NULL);
	else if (!(o->known && o->gen == n->gen) &&
	    hami_eval_node(st, n, reqs, ninit, pod->nctrs, f, grants, o))
		to = RIX_NONE;		/* cannot happen: it failed before */
	else
		to = rix_group(memo->rix, NULL, o);
	rix_move(memo->rix, i, to);
}

static int
by_first(const void *a, const void *b)
{
	const struct reason_group *x = a, *y = b;

	return x->first < y->first ? -1 : x->first > y->first;
}

/*
 * A plain pod's groups from its shape's index, brought up to date with
 * the nodes touched since (all of them when the index is new, of another
 * era, or mostly groups no node is in any more), in the order the loop
 * over the nodes meets them: a fresh array of *ng.
 */
static struct reason_group *
rix_groups(struct hami_state *st, const struct gs_cluster *c,
    const struct gs_pod *pod, const struct hami_creq *reqs, size_t ninit,
    const struct hami_filter *f, struct gs_grant *grants,
    struct memo_shape *memo, size_t *ng)
{
	struct reason_index	*ix;
	struct reason_group	*g;
	size_t			 k, n = 0;

	log_start(st, c);
	hami_reason_sync(st, c);
	if ((ix = memo->rix) == NULL) {
		ix = memo->rix = xcalloc(1, sizeof *ix);
		ix->grp = xcalloc(st->nnodes, sizeof *ix->grp);
		ix->era = st->tera - 1;
	}
	if (ix->era != st->tera || ix->pos > st->ntlog ||
	    ix->ng > 2 * ix->live + 64) {
		ix->ng = ix->live = 0;
		for (k = 0; k < st->nnodes; k++)
			ix->grp[k] = RIX_NONE;
		for (k = 0; k < st->nnodes; k++)
			rix_node(st, c, pod, reqs, ninit, f, grants, memo, k);
	} else
		for (k = ix->pos; k < st->ntlog; k++)
			rix_node(st, c, pod, reqs, ninit, f, grants, memo,
			    st->tlog[k]);
	ix->era = st->tera;
	ix->pos = st->ntlog;
	g = xcalloc(ix->live + 1, sizeof *g);
	for (k = 0; k < ix->ng; k++)
		if (ix->g[k].count > 0)
			g[n++] = ix->g[k];
	qsort(g, n, sizeof *g, by_first);
	*ng = n;
	return g;
}

void
hami_reason_index_free(struct reason_index *ix)
{
	if (ix == NULL)
		return;
	free(ix->grp);
	free(ix->g);
	free(ix);
}

void
hami_reason_state_free(struct hami_state *st)
{
	free(st->tlog);
	if (st->hint != NULL) {
		free(st->hint->free);
		free(st->hint->dev);
		free(st->hint->tree);
		free(st->hint);
	}
}

/* "0/N nodes fit: 2 nodes: 4/4 CardInsufficientMemory; ..." */
char *
hami_pending_reason(struct hami_state *st, const struct gs_cluster *c,
    const struct gs_pod *pod, const struct hami_creq *reqs, size_t ninit,
    const struct hami_filter *f, struct gs_grant *grants,
    struct memo_shape *memo)
{
	struct reason_group	*g = NULL;
	struct node_outcome	 local;
	size_t			 ng = 0, cap = 0, i, off, len;
	char			 r[256], fbuf[192], *out;
	const char		*why;
	int			 memory_short = 0;

	if (memo != NULL && plain_pod(pod))
		g = rix_groups(st, c, pod, reqs, ninit, f, grants, memo, &ng);
	else
		for (i = 0; i < c->nnodes; i++) {
			const struct gs_node	*n = &c->nodes[i];
			struct node_outcome	*o = memo ? &memo->node[i] :
			    &local;

			if (pod->pinned_node >= 0 &&
			    (size_t)pod->pinned_node != i)
				continue;
			if ((why = hami_node_refusal(c, n, pod,
			    hami_profile(st->cfg), fbuf, sizeof fbuf))) {
				add_reason(&g, &ng, &cap, why, NULL);
				continue;
			}
			if (!(memo && o->known && o->gen == n->gen) &&
			    hami_eval_node(st, n, reqs, ninit, pod->nctrs, f,
			    grants, o))
				continue;	/* cannot happen: it failed */
			add_reason(&g, &ng, &cap, NULL, o);
		}
	len = 256 + ng * (sizeof r + 32);
	out = xmalloc(len);
	off = (size_t)snprintf(out, len, "0/%zu nodes fit",
	    pod->pinned_node >= 0 ? (size_t)1 : c->nnodes);
	for (i = 0; i < ng; i++) {
		if (g[i].fixed[0] != '\0')
			snprintf(r, sizeof r, "%s", g[i].fixed);
		else
			hami_format_outcome(&g[i].o, r, sizeof r);
		off += (size_t)snprintf(out + off, len - off, "%s%zu node%s: %s",
		    i ? "; " : ": ", g[i].count, g[i].count == 1 ? "" : "s", r);
		if (g[i].fixed[0] == '\0' &&
		    g[i].o.counts[HR_CARD_INSUFFICIENT_MEMORY] > 0)
			memory_short = 1;
	}
	if (memory_short && off < len)
		memory_hint(st, c, pod, reqs + ninit, hami_profile(st->cfg),
		    out + off, len - off);
	free(g);
	/* Kept with the placement: no longer than it is. */
	return xreallocarray(out, strlen(out) + 1, 1);
}
