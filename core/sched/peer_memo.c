/*
 * sched/peer_memo.c: the peers' kept verdicts per request shape, node
 * name ranks and KAI's free-GPU range by counts (sched/peer_memo.h).
 */
#include <stdlib.h>
#include <string.h>

#include "sched/peer_memo.h"
#include "util/util.h"

static int
same_shape(const struct gs_pmemo *m, const struct gs_ppod *p)
{
	size_t	i;

	if (m->nreq != p->nreq || m->gpu != p->gpu)
		return 0;
	for (i = 0; i < p->nreq; i++) {
		const struct gs_preq *a = &m->req[i], *b = &p->req[i];

		if (a->num != b->num || a->mem != b->mem || a->pct != b->pct ||
		    a->cores != b->cores || a->frac != b->frac)
			return 0;
	}
	return 1;
}

static void
memo_drop(struct gs_pmemo *m)
{
	free(m->req);
	free(m->ent);
	memset(m, 0, sizeof *m);
}

void
gs_pmemo_free(struct gs_pmemos *ms)
{
	size_t	i;

	for (i = 0; i < ms->n; i++)
		memo_drop(&ms->m[i]);
	ms->n = ms->next = 0;
}

void
gs_pmemo_clear(struct gs_pmemos *ms)
{
	size_t	i;

	for (i = 0; i < ms->n; i++)
		memset(ms->m[i].ent, 0, ms->nnodes * sizeof *ms->m[i].ent);
}

struct gs_pmemo *
gs_pmemo_find(struct gs_pmemos *ms, const struct gs_ppod *p, size_t nnodes)
{
	struct gs_pmemo	*m;
	size_t		 i;

	if (ms->nnodes != nnodes)
		gs_pmemo_free(ms);
	ms->nnodes = nnodes;
	for (i = 0; i < ms->n; i++)
		if (same_shape(&ms->m[i], p))
			return &ms->m[i];
	if (ms->n < GS_PMEMO_MAX)
		m = &ms->m[ms->n++];
	else {
		m = &ms->m[ms->next];
		ms->next = (ms->next + 1) % GS_PMEMO_MAX;
		memo_drop(m);
	}
	m->nreq = p->nreq;
	m->gpu = p->gpu;
	m->req = xcalloc(p->nreq ? p->nreq : 1, sizeof *m->req);
	memcpy(m->req, p->req, p->nreq * sizeof *m->req);
	m->ent = xcalloc(nnodes ? nnodes : 1, sizeof *m->ent);
	return m;
}

/* --- node name ranks ---------------------------------------------------- */

static const struct gs_cluster *rank_cl;	/* qsort's context */

static int
by_name(const void *a, const void *b)
{
	const size_t	*x = a, *y = b;

	return strcmp(rank_cl->nodes[*x].name, rank_cl->nodes[*y].name);
}

int *
gs_peer_name_ranks(const struct gs_cluster *c)
{
	size_t	*ord = xcalloc(c->nnodes ? c->nnodes : 1, sizeof *ord);
	int	*rank = xcalloc(c->nnodes ? c->nnodes : 1, sizeof *rank);
	size_t	 i;
	int	 r = 0;

	for (i = 0; i < c->nnodes; i++)
		ord[i] = i;
	rank_cl = c;
	qsort(ord, c->nnodes, sizeof *ord, by_name);
	for (i = 0; i < c->nnodes; i++) {
		if (i > 0 && by_name(&ord[i - 1], &ord[i]) != 0)
			r++;
		rank[ord[i]] = r;
	}
	free(ord);
	return rank;
}

/* --- KAI's range by counts ---------------------------------------------- */

void
gs_kai_hist_free(struct gs_kai_hist *h)
{
	free(h->cnt);
	free(h->val);
	memset(h, 0, sizeof *h);
}

void
gs_kai_hist_init(struct gs_kai_hist *h, size_t nn)
{
	size_t	i;

	gs_kai_hist_free(h);
	h->nn = nn;
	h->val = xcalloc(nn ? nn : 1, sizeof *h->val);
	for (i = 0; i < nn; i++)
		h->val[i] = -1;
}

void
gs_kai_hist_set(struct gs_kai_hist *h, size_t i, int32_t val)
{
	size_t	ncap;

	if (h->val[i] >= 0)
		h->cnt[h->val[i]]--;
	h->val[i] = val;
	if (val < 0)
		return;
	if ((size_t)val >= h->cap) {
		ncap = (size_t)val * 2 + 8;
		h->cnt = xreallocarray(h->cnt, ncap, sizeof *h->cnt);
		memset(h->cnt + h->cap, 0, (ncap - h->cap) * sizeof *h->cnt);
		h->cap = ncap;
	}
	h->cnt[val]++;
}

void
gs_kai_hist_range(const struct gs_kai_hist *h, struct gs_kai_range *r)
{
	size_t	lo, hi;

	gs_peer_kai_range_init(r);
	for (lo = 0; lo < h->cap && h->cnt[lo] == 0; lo++)
		;
	if (lo == h->cap)
		return;
	for (hi = h->cap - 1; h->cnt[hi] == 0; hi--)
		;
	gs_peer_kai_range_add(r, (double)lo);
	gs_peer_kai_range_add(r, (double)hi);
}
