/*
 * policy_hami.c: the HAMi v2.6.1 scheduler extender's Filter as a policy.
 *
 * HAMi scores every candidate node, keeps those where every container
 * fits, sorts them with NodeScoreList.Less and takes the last: binpack
 * takes the highest node score, spread the lowest.  HAMi breaks equal
 * scores by goroutine completion order (random); gpusched takes the node
 * listed first in the cluster.  Because whether a node fits does not
 * depend on the others, trying nodes in that preference order and stopping
 * at the first that fits gives the same answer as scoring them all, and is
 * what makes 1,000-node clusters cheap.  A pod that fits nowhere gets every
 * node's reason, as HAMi logs them.  Spec §3.1-§3.3, §3.9.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hami.h"
#include "policy.h"
#include "util.h"

struct hami_state {
	const struct gs_config	*cfg;
	size_t			 nnodes, maxdevs;
	float			*nscore;	/* cached node scores */
	uint64_t		*ngen;		/* gen the cache was built at */
	unsigned char		*nvalid;
	size_t			*heap;
	struct hami_scratch	 scratch;
};

static void *
hami_create(const struct gs_cluster *c, const struct gs_config *cfg)
{
	struct hami_state	*st = xcalloc(1, sizeof *st);
	size_t			 i;

	st->cfg = cfg;
	st->nnodes = c->nnodes;
	for (i = 0; i < c->nnodes; i++)
		if (c->nodes[i].ndevs > st->maxdevs)
			st->maxdevs = c->nodes[i].ndevs;
	st->nscore = xcalloc(c->nnodes, sizeof *st->nscore);
	st->ngen = xcalloc(c->nnodes, sizeof *st->ngen);
	st->nvalid = xcalloc(c->nnodes, 1);
	st->heap = xcalloc(c->nnodes, sizeof *st->heap);
	return st;
}

static void
hami_destroy(void *p)
{
	struct hami_state	*st = p;

	if (st == NULL)
		return;
	free(st->nscore);
	free(st->ngen);
	free(st->nvalid);
	free(st->heap);
	hami_scratch_release(&st->scratch);
	free(st);
}

static float
node_score(struct hami_state *st, const struct gs_cluster *c, size_t i)
{
	const struct gs_node	*n = &c->nodes[i];

	if (!st->nvalid[i] || st->ngen[i] != n->gen) {
		st->nscore[i] = hami_node_score(n->devs, n->ndevs);
		st->ngen[i] = n->gen;
		st->nvalid[i] = 1;
	}
	return st->nscore[i];
}

/* Is node a preferred over node b?  A strict total order. */
static int
prefer(const struct hami_state *st, int spread, size_t a, size_t b)
{
	float	sa = st->nscore[a], sb = st->nscore[b];

	if (spread ? sa < sb : sa > sb)
		return 1;
	if (spread ? sa > sb : sa < sb)
		return 0;
	if (isnan(sa) != isnan(sb))
		return !isnan(sa);
	return a < b;
}

static void
heap_down(struct hami_state *st, int spread, size_t n, size_t i)
{
	size_t	*h = st->heap, c, t;

	for (;;) {
		c = 2 * i + 1;
		if (c >= n)
			return;
		if (c + 1 < n && prefer(st, spread, h[c + 1], h[c]))
			c++;
		if (!prefer(st, spread, h[c], h[i]))
			return;
		t = h[i];
		h[i] = h[c];
		h[c] = t;
		i = c;
	}
}

static int
selector_ok(const struct gs_pod *pod, const struct gs_node *n)
{
	size_t		 i;
	const char	*v;

	for (i = 0; i < pod->node_selector.n; i++) {
		v = gs_kv_get(&n->labels, pod->node_selector.v[i].key);
		if (v == NULL || strcmp(v, pod->node_selector.v[i].val) != 0)
			return 0;
	}
	return 1;
}

/*
 * Try every container of the pod on node i (fitInDevices per container,
 * usage shared between containers).  On failure, reason (if not NULL)
 * gets HAMi's reason for this node.
 */
static int
eval_node(struct hami_state *st, const struct gs_node *node,
    const struct hami_req *reqs, size_t nctrs, const struct hami_filter *f,
    struct gs_grant *grants, char *reason, size_t rlen)
{
	int	counts[HR_N], insufficient, k;
	size_t	c, off;

	hami_scratch_load(&st->scratch, node, f->gpu_binpack);
	for (c = 0; c < nctrs; c++) {
		if (reqs[c].nums == 0)
			continue;
		if (hami_fit_container(&st->scratch, &reqs[c], f,
		    grants + c * st->maxdevs, reason ? counts : NULL,
		    &insufficient))
			continue;
		if (reason == NULL)
			return 0;
		if (insufficient) {
			snprintf(reason, rlen, "NodeInsufficientDevice");
			return 0;
		}
		reason[0] = '\0';
		for (k = 0, off = 0; k < HR_N; k++) {
			if (counts[k] == 0 || off >= rlen)
				continue;
			off += (size_t)snprintf(reason + off, rlen - off,
			    "%s%d/%zu %s", off ? ", " : "", counts[k],
			    node->ndevs, hami_reason_names[k]);
		}
		return 0;
	}
	return 1;
}

struct reason_group {
	char	text[256];
	size_t	count;
};

static void
add_reason(struct reason_group **g, size_t *n, size_t *cap, const char *r)
{
	size_t	i;

	for (i = 0; i < *n; i++)
		if (strcmp((*g)[i].text, r) == 0) {
			(*g)[i].count++;
			return;
		}
	grow_array(g, cap, *n + 1, sizeof **g);
	snprintf((*g)[*n].text, sizeof (*g)[*n].text, "%s", r);
	(*g)[(*n)++].count = 1;
}

/* "0/N nodes fit: 2 nodes: 4/4 CardInsufficientMemory; ..." */
static char *
pending_reason(struct hami_state *st, const struct gs_cluster *c,
    const struct gs_pod *pod, const struct hami_req *reqs, size_t nctrs,
    const struct hami_filter *f, struct gs_grant *grants)
{
	struct reason_group	*g = NULL;
	size_t			 ng = 0, cap = 0, i, off;
	char			 r[256], *out;
	size_t			 len;

	for (i = 0; i < c->nnodes; i++) {
		if (pod->pinned_node >= 0 && (size_t)pod->pinned_node != i)
			continue;
		if (!selector_ok(pod, &c->nodes[i]))
			add_reason(&g, &ng, &cap, "NodeSelectorMismatch");
		else if (!c->nodes[i].registered)
			add_reason(&g, &ng, &cap, "node unregistered");
		else if (!eval_node(st, &c->nodes[i], reqs, nctrs, f, grants,
		    r, sizeof r))
			add_reason(&g, &ng, &cap, r);
	}
	len = 64;
	for (i = 0; i < ng; i++)
		len += strlen(g[i].text) + 32;
	out = xmalloc(len);
	off = (size_t)snprintf(out, len, "0/%zu nodes fit",
	    pod->pinned_node >= 0 ? (size_t)1 : c->nnodes);
	for (i = 0; i < ng; i++)
		off += (size_t)snprintf(out + off, len - off, "%s%zu node%s: %s",
		    i ? "; " : ": ", g[i].count, g[i].count == 1 ? "" : "s",
		    g[i].text);
	free(g);
	return out;
}

static int
hami_decide(void *p, const struct gs_cluster *c, const struct gs_pod *pod,
    struct gs_placement *d, struct gs_error *err)
{
	struct hami_state	*st = p;
	struct hami_req		*reqs;
	struct hami_filter	 f;
	struct gs_grant		*grants;
	int64_t			 total = 0;
	size_t			 i, n = 0, ci;
	int			 spread;

	(void)err;
	memset(d, 0, sizeof *d);
	d->node = -1;
	d->nctrs = pod->nctrs;
	d->ctrs = xcalloc(pod->nctrs, sizeof *d->ctrs);
	reqs = xcalloc(pod->nctrs, sizeof *reqs);
	for (ci = 0; ci < pod->nctrs; ci++) {
		hami_build_request(&pod->ctrs[ci], st->cfg, &reqs[ci]);
		total += reqs[ci].nums;
	}
	if (total == 0) {
		d->status = GS_UNMANAGED;
		free(reqs);
		return 0;
	}
	hami_filter_init(&f, pod, st->cfg);
	spread = f.node_spread;
	grants = xcalloc(pod->nctrs * (st->maxdevs ? st->maxdevs : 1),
	    sizeof *grants);

	for (i = 0; i < c->nnodes; i++) {
		if (pod->pinned_node >= 0 && (size_t)pod->pinned_node != i)
			continue;
		if (!selector_ok(pod, &c->nodes[i]) ||
		    !c->nodes[i].registered)
			continue;
		node_score(st, c, i);
		st->heap[n++] = i;
	}
	for (i = n / 2; i > 0; i--)
		heap_down(st, spread, n, i - 1);
	d->status = GS_PENDING;
	while (n > 0) {
		size_t	best = st->heap[0];

		st->heap[0] = st->heap[--n];
		heap_down(st, spread, n, 0);
		if (!eval_node(st, &c->nodes[best], reqs, pod->nctrs, &f,
		    grants, NULL, 0))
			continue;
		d->status = GS_PLACED;
		d->node = (long)best;
		d->node_score = st->nscore[best];
		for (ci = 0; ci < pod->nctrs; ci++) {
			size_t	k = (size_t)reqs[ci].nums;

			if (k == 0)
				continue;
			d->ctrs[ci].ngrants = k;
			d->ctrs[ci].grants = xcalloc(k, sizeof(struct gs_grant));
			memcpy(d->ctrs[ci].grants, grants + ci * st->maxdevs,
			    k * sizeof(struct gs_grant));
		}
		break;
	}
	if (d->status == GS_PENDING)
		d->reason = pending_reason(st, c, pod, reqs, pod->nctrs, &f,
		    grants);
	free(grants);
	free(reqs);
	hami_filter_release(&f);
	return 0;
}

const struct gs_policy gs_policy_hami_v261 = {
	.name = "hami-v2.6.1",
	.summary = "HAMi v2.6.1 scheduler extender: node and GPU binpack/"
	    "spread, bit for bit",
	.create = hami_create,
	.destroy = hami_destroy,
	.decide = hami_decide,
};
