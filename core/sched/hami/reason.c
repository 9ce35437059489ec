/*
 * sched/hami/reason.c: why HAMi left a pod pending, as its Filter words it
 * ("0/N nodes fit: 2 nodes: 4/4 CardInsufficientMemory; ..."): every
 * node's outcome (from the policy's memo while the node is unchanged)
 * grouped by value, and, when a GPU lacked memory, the largest free memory
 * the pod could have used.
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
	int64_t			 fm, best = INT64_MIN;
	size_t			 j;

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
		st->hdev[i] = -1;
		for (j = 0; j < n->ndevs; j++) {
			fm = (int64_t)n->devs[j].devmem - n->devs[j].usedmem;
			if ((st->hdev[i] >= 0 && fm <= best) ||
			    strstr(n->devs[j].type, gs_vendors[vendor].type) ==
			    NULL)
				continue;
			best = fm;
			st->hdev[i] = (long)j;
		}
		st->hfree[i] = best;
		st->hgen[i] = n->gen;
		st->hvalid[i] = 1;
	}
	*dev = st->hdev[i];
	return st->hfree[i];
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
	if (r == NULL)
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
	 */
	for (i = 0; i < c->nnodes; i++) {
		const struct gs_node *n = &c->nodes[i];
		long	nd;

		if (pod->pinned_node >= 0 && (size_t)pod->pinned_node != i)
			continue;
		fm = node_most_free(st, c, i, r->vendor, &nd);
		if (nd < 0 || fm <= best ||
		    hami_node_refusal(n, pod, hp, fbuf, sizeof fbuf) != NULL)
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

	for (i = 0; i < c->nnodes; i++) {
		const struct gs_node	*n = &c->nodes[i];
		struct node_outcome	*o = memo ? &memo->node[i] : &local;

		if (pod->pinned_node >= 0 && (size_t)pod->pinned_node != i)
			continue;
		if ((why = hami_node_refusal(n, pod, hami_profile(st->cfg),
		    fbuf, sizeof fbuf))) {
			add_reason(&g, &ng, &cap, why, NULL);
			continue;
		}
		if (!(memo && o->known && o->gen == n->gen) &&
		    hami_eval_node(st, n, reqs, ninit, pod->nctrs, f, grants, o))
			continue;	/* cannot happen: it failed before */
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

