/*
 * test_peer_memo.c: what the peers' profiles keep across pods
 * (sched/peer_memo.c): node name ranks in strcmp order, KAI binpack's
 * range by counts, the memo per request shape; and the proof that a kept
 * state decides every pod as a fresh one does (sched/peers.c peer_best),
 * for kai-binpack, kai-spread, volcano-binpack and volcano-spread, with a
 * departure in between.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/engine.h"
#include "../../core/sched/peer_memo.h"
#include "../../core/sched/policy.h"
#include "../../core/util/util.h"

static void
test_name_ranks(void)
{
	static const char *const names[5] = { "b", "a", "c", "a", "ab" };
	struct gs_cluster	c;
	int			*r;
	size_t			 i;

	memset(&c, 0, sizeof c);
	c.nodes = xcalloc(5, sizeof *c.nodes);
	c.nnodes = c.cap = 5;
	for (i = 0; i < 5; i++)
		c.nodes[i].name = xstrdup(names[i]);
	r = gs_peer_name_ranks(&c);
	/* a a ab b c: ranks 0 0 1 2 3 */
	CU_ASSERT_EQUAL(r[0], 2);
	CU_ASSERT_EQUAL(r[1], 0);
	CU_ASSERT_EQUAL(r[2], 3);
	CU_ASSERT_EQUAL(r[3], 0);
	CU_ASSERT_EQUAL(r[4], 1);
	free(r);
	gs_cluster_release(&c);
}

static void
test_kai_hist(void)
{
	struct gs_kai_hist	h;
	struct gs_kai_range	r;

	memset(&h, 0, sizeof h);
	gs_kai_hist_init(&h, 4);
	gs_kai_hist_range(&h, &r);	/* none counted: the empty range */
	CU_ASSERT(isinf(r.mn) && r.mx == 0);
	gs_kai_hist_set(&h, 0, 3);
	gs_kai_hist_set(&h, 1, 8);
	gs_kai_hist_set(&h, 2, -1);
	gs_kai_hist_set(&h, 3, 3);
	gs_kai_hist_range(&h, &r);
	CU_ASSERT(r.mn == 3 && r.mx == 8);
	gs_kai_hist_set(&h, 1, 2);	/* 8 gone, 2 the least */
	gs_kai_hist_range(&h, &r);
	CU_ASSERT(r.mn == 2 && r.mx == 3);
	gs_kai_hist_set(&h, 1, -1);
	gs_kai_hist_set(&h, 0, 40);	/* past the counts' size */
	gs_kai_hist_range(&h, &r);
	CU_ASSERT(r.mn == 3 && r.mx == 40);
	gs_kai_hist_set(&h, 0, 0);
	gs_kai_hist_set(&h, 3, 0);
	gs_kai_hist_range(&h, &r);	/* as range_add of 0 and 0 */
	CU_ASSERT(r.mn == 0 && r.mx == 0);
	gs_kai_hist_free(&h);
}

static void
test_memo_shapes(void)
{
	struct gs_pmemos	ms;
	struct gs_preq		a = { 1, 4000, -1, 0, 1 }, b = a;
	struct gs_ppod		p = { 0, 0, 1, &a, 1 }, q = { 0, 0, 1, &b, 1 };
	struct gs_pmemo		*m;
	size_t			 i;

	memset(&ms, 0, sizeof ms);
	m = gs_pmemo_find(&ms, &p, 3);
	m->ent[2].gen1 = 7;
	CU_ASSERT_PTR_EQUAL(gs_pmemo_find(&ms, &q, 3), m);	/* same */
	b.mem = 4001;
	CU_ASSERT_PTR_NOT_EQUAL(gs_pmemo_find(&ms, &q, 3), m);
	CU_ASSERT_EQUAL(ms.n, 2);
	gs_pmemo_clear(&ms);
	CU_ASSERT_EQUAL(m->ent[2].gen1, 0);
	m->ent[2].gen1 = 7;
	m = gs_pmemo_find(&ms, &p, 4);	/* another node count: all new */
	CU_ASSERT_EQUAL(ms.n, 1);
	CU_ASSERT_EQUAL(m->ent[2].gen1, 0);
	for (i = 0; i < GS_PMEMO_MAX + 3; i++) {	/* the oldest goes */
		b.mem = (int64_t)i;
		gs_pmemo_find(&ms, &q, 4);
	}
	CU_ASSERT_EQUAL(ms.n, GS_PMEMO_MAX);
	gs_pmemo_free(&ms);
}

/* Placements a and b are the same decision. */
static void
same_decision(const struct gs_placement *a, const struct gs_placement *b)
{
	size_t	i, j;

	CU_ASSERT_EQUAL_FATAL(a->status, b->status);
	CU_ASSERT_EQUAL(a->node, b->node);
	CU_ASSERT(a->node_score == b->node_score);
	CU_ASSERT_EQUAL_FATAL(a->nctrs, b->nctrs);
	for (i = 0; i < a->nctrs; i++) {
		CU_ASSERT_EQUAL_FATAL(a->ctrs[i].ngrants, b->ctrs[i].ngrants);
		for (j = 0; j < a->ctrs[i].ngrants; j++) {
			const struct gs_grant *x = &a->ctrs[i].grants[j];
			const struct gs_grant *y = &b->ctrs[i].grants[j];

			CU_ASSERT(x->dev == y->dev && x->usedmem ==
			    y->usedmem && x->usedcores == y->usedcores);
		}
	}
}

/* Five nodes of 4 T4s, listed out of name order; 40 pods of five shapes
 * (whole GPUs, fractions, two devices with cores, a percentage), pod 9
 * leaving after pod 20.  Every decision of the kept state equals a fresh
 * state's on the same cluster. */
static void
kept_equals_fresh(const char *profile)
{
	static const char *const names[5] = { "e", "b", "d", "a", "c" };
	static const int64_t shape[5][4] = {
		{ 1, 4000, -1, -1 }, { 1, -1, -1, -1 }, { 2, 8000, -1, 30 },
		{ 1, -1, 50, -1 }, { 1, 12000, -1, -1 }
	};
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_config	 cfg;
	struct gs_placement	 kept[40], fresh;
	const struct gs_policy	*p;
	void			*st, *st2;
	size_t			 i;
	char			 name[16];

	memset(&c, 0, sizeof c);
	memset(&w, 0, sizeof w);
	c.nodes = xcalloc(5, sizeof *c.nodes);
	c.nnodes = c.cap = 5;
	for (i = 0; i < 5; i++)
		t_node(&c.nodes[i], names[i], 4, 15360, "NVIDIA-Tesla T4");
	for (i = 0; i < 40; i++) {
		snprintf(name, sizeof name, "p%zu", i);
		t_ctr(&t_pod(&w, name, 1)->ctrs[0], shape[i % 5][0],
		    shape[i % 5][1], shape[i % 5][2], shape[i % 5][3]);
	}
	gs_config_init(&cfg);
	t_set_profile(&cfg, profile);
	p = gs_policy_find(profile);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	st = gs_policy_start(p, &c, &cfg, &w);
	for (i = 0; i < 40; i++) {
		CU_ASSERT_EQUAL(gs_policy_decide(p, st, &c, &w.pods[i],
		    &kept[i], NULL), 0);
		kept[i].pod = i;
		st2 = gs_policy_start(p, &c, &cfg, &w);
		CU_ASSERT_EQUAL(gs_policy_decide(p, st2, &c, &w.pods[i],
		    &fresh, NULL), 0);
		p->destroy(st2);
		same_decision(&kept[i], &fresh);
		gs_placement_release(&fresh);
		if (kept[i].status == GS_PLACED)
			gs_engine_commit(&c, &kept[i], &w.pods[i]);
		if (i == 20 && kept[9].status == GS_PLACED)
			gs_engine_release(&c, &kept[9], &w.pods[9]);
	}
	CU_ASSERT_EQUAL(kept[0].status, GS_PLACED);
	CU_ASSERT_EQUAL(kept[39].status, GS_PENDING);	/* the cluster filled */
	for (i = 0; i < 40; i++)
		gs_placement_release(&kept[i]);
	p->destroy(st);
	gs_workload_release(&w);
	gs_cluster_release(&c);
	gs_config_release(&cfg);
}

static void
test_kept_kai(void)
{
	kept_equals_fresh("kai-binpack");
	kept_equals_fresh("kai-spread");
}

static void
test_kept_volcano(void)
{
	kept_equals_fresh("volcano-binpack");
	kept_equals_fresh("volcano-spread");
}

CU_TestInfo peer_memo_tests[] = {
	{ "node name ranks in strcmp order", test_name_ranks },
	{ "KAI binpack's range by counts", test_kai_hist },
	{ "kept verdicts per request shape", test_memo_shapes },
	{ "KAI: a kept state decides as a fresh one", test_kept_kai },
	{ "Volcano: a kept state decides as a fresh one",
	    test_kept_volcano },
	CU_TEST_INFO_NULL,
};
