/*
 * test_onetable.c: the one policy table (core/sched/policy.c): lookups by name
 * and view, every entry's attributes, and the FGD paper's Random and
 * GpuClustering on the device view (sched/fgd.c), with GpuClustering's
 * scores computed by hand from sched/fgd_scores.c's formula.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>
#include <gsl/gsl_rng.h>

#include "suites.h"
#include "../../core/sched/engine.h"
#include "../../core/sched/policy.h"
#include "../../core/util/util.h"

/* Names and views: a share-only entry is not a profile. */
static void
test_lookup(void)
{
	const struct gs_policy	*p;

	CU_ASSERT_PTR_EQUAL(gs_policy_find("hami-v2.10.0"),
	    &gs_policy_hami_v2100);
	CU_ASSERT_PTR_EQUAL(gs_policy_lookup("hami-v2.10.0", GS_VIEW_SHARE),
	    &gs_policy_hami_v2100);
	CU_ASSERT_PTR_EQUAL(gs_policy_find("gpuclustering"),
	    &gs_policy_openb_gpuclustering);
	CU_ASSERT_PTR_EQUAL(gs_policy_find("random"), &gs_policy_openb_random);
	CU_ASSERT_PTR_NULL(gs_policy_find("hami-binpack-binpack"));
	CU_ASSERT_PTR_NULL(gs_policy_find("tetris"));
	CU_ASSERT_PTR_NULL(gs_policy_lookup("tetris", 0));
	p = gs_policy_lookup("hami-binpack-binpack", GS_VIEW_SHARE);
	CU_ASSERT_PTR_EQUAL_FATAL(p, &gs_policy_hami_bb);
	CU_ASSERT_PTR_EQUAL(gs_policy_hami_profile(p), &gs_policy_hami_v261);
	CU_ASSERT_STRING_EQUAL(p->hami_node, "binpack");
	CU_ASSERT_STRING_EQUAL(p->hami_gpu, "binpack");
	CU_ASSERT_FALSE(gs_policy_is_version(p));
	CU_ASSERT_PTR_EQUAL(gs_policy_hami_profile(&gs_policy_hami_v290),
	    &gs_policy_hami_v290);
	CU_ASSERT_TRUE(gs_policy_is_version(&gs_policy_hami_v290));
	CU_ASSERT_FALSE(gs_policy_is_version(&gs_policy_kai_binpack));
	CU_ASSERT_STRING_EQUAL(gs_tie_name(GS_TIE_RANK), "rank");
	CU_ASSERT_STRING_EQUAL(gs_tie_name(GS_TIE_NAME), "name");
	CU_ASSERT_STRING_EQUAL(gs_tie_name(GS_TIE_RANDOM), "random");
	CU_ASSERT_STRING_EQUAL(gs_tie_name(GS_TIE_FIRST), "first");
}

/* The replay's attributes, as its table had them, now fields. */
static void
test_attributes(void)
{
	size_t	i, j, nshare = 0;

	CU_ASSERT_EQUAL(gs_policy_kai_binpack.tie, GS_TIE_NAME);
	CU_ASSERT_EQUAL(gs_policy_kai_binpack.cacheable, 0);
	CU_ASSERT_EQUAL(gs_policy_kai_spread.cacheable, 1);
	CU_ASSERT_EQUAL(gs_policy_kube_rtcr.tie, GS_TIE_RANDOM);
	CU_ASSERT_EQUAL(gs_policy_kube_most.mem, 1);
	CU_ASSERT_EQUAL(gs_policy_volcano_spread.mem, 0);
	CU_ASSERT_EQUAL(gs_policy_openb_bestfit.normalize, 1);
	CU_ASSERT_EQUAL(gs_policy_openb_fgd.normalize, 0);
	CU_ASSERT_EQUAL(gs_policy_openb_fgd.tie, GS_TIE_RANK);
	CU_ASSERT_EQUAL(gs_policy_hami_v261.explains, 1);
	CU_ASSERT_EQUAL(gs_policy_hami_v261.cacheable, 0);
	CU_ASSERT_EQUAL(gs_policy_openb_fgd.explains, 0);
	CU_ASSERT_EQUAL(gs_policy_hami_ss.views, GS_VIEW_SHARE);
	for (i = 0; gs_policies[i] != NULL; i++) {
		const struct gs_policy *p = gs_policies[i];

		CU_ASSERT_TRUE(p->views != 0);
		CU_ASSERT_PTR_NOT_NULL(p->family);
		if (p->views & GS_VIEW_DEVICE)
			CU_ASSERT_TRUE(p->create != NULL && p->decide != NULL &&
			    p->destroy != NULL);
		if (p->explains)
			CU_ASSERT_TRUE(p->views & GS_VIEW_DEVICE);
		if (p->hami != NULL)
			CU_ASSERT_TRUE(strcmp(p->family, "hami") == 0 &&
			    p->hami_node != NULL && p->hami_gpu != NULL);
		nshare += (p->views & GS_VIEW_SHARE) != 0;
		for (j = 0; j < i; j++)
			CU_ASSERT_STRING_NOT_EQUAL(gs_policies[j]->name,
			    p->name);
	}
	/* 23 on both views, and the dra profiles of v1.34, v1.35 and v1.36
	 * (device view only). */
	CU_ASSERT_EQUAL(i, 26);
	CU_ASSERT_EQUAL(nshare, 23);
	CU_ASSERT_EQUAL(gs_policy_dra.views, GS_VIEW_DEVICE);
}

struct oenv {
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_config	cfg;
	struct gs_result	r;
};

/* Nodes "b" then "a" (t_t4_cluster's). */
static void
oenv_init(struct oenv *e, const char *profile)
{
	static const char *const names[2] = { "b", "a" };

	memset(e, 0, sizeof *e);
	t_t4_cluster(&e->c, names, 2);
	gs_config_init(&e->cfg);
	t_set_profile(&e->cfg, profile);
}

/* A pod of 1 core: gpu GPUs, pct % of the memory (-1: whole). */
static void
opod(struct oenv *e, const char *name, int64_t gpu, int64_t pct)
{
	struct gs_pod	*p = t_pod(&e->w, name, 1);

	t_ctr(&p->ctrs[0], gpu, -1, pct, -1);
	p->req_cpu = p->ctrs[0].cpu = 1000;
}

static void
orun(struct oenv *e)
{
	const struct gs_policy *p = gs_policy_find(e->cfg.profile);

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	gs_engine_run(&e->c, &e->w, &e->cfg, p, NULL, &e->r, NULL);
}

static void
oenv_release(struct oenv *e)
{
	gs_result_release(&e->r);
	gs_workload_release(&e->w);
	gs_cluster_release(&e->c);
	gs_config_release(&e->cfg);
}

/*
 * score = 25 x (8000 - idle) / 8000, plus 75 when the node runs pods of
 * the pod's kind and no other, plus 25 when it runs none.  Pod 0 (one
 * whole GPU) is pinned to a.  Pod 1 (whole): a 25 x 5000 / 8000 = 15 +
 * 75 = 90, b 12 + 25 = 37: a.  Pod 2 (a 50% share): a 25 x 6000 / 8000 =
 * 18, its kind absent and another present; b 12 + 25 = 37: b.  Without
 * the counts a would score 18 + 25 = 43 and win.
 */
static void
test_gpuclustering_device(void)
{
	struct oenv	e;

	oenv_init(&e, "gpuclustering");
	opod(&e, "whole-0", 1, -1);
	opod(&e, "whole-1", 1, -1);
	opod(&e, "share-2", 1, 50);
	e.w.pods[0].pinned_node = 1;
	orun(&e);
	CU_ASSERT_EQUAL(e.r.placed, 3);
	CU_ASSERT_EQUAL(e.r.pl[0].node, 1);
	CU_ASSERT_EQUAL(e.r.pl[1].node, 1);
	CU_ASSERT_DOUBLE_EQUAL(e.r.pl[1].node_score, 90, 1e-9);
	CU_ASSERT_EQUAL(e.r.pl[1].ctrs[0].grants[0].dev, 1);
	CU_ASSERT_EQUAL(e.r.pl[2].node, 0);
	CU_ASSERT_DOUBLE_EQUAL(e.r.pl[2].node_score, 37, 1e-9);
	CU_ASSERT_EQUAL(e.r.pl[2].ctrs[0].grants[0].usedmem, 7680);
	oenv_release(&e);
}

/* Random: the first pod's node is MT19937(seed)'s first draw over the
 * two feasible nodes; the same seed decides the same; a ninth whole-GPU
 * pod finds no GPU. */
static void
test_random_device(void)
{
	struct oenv	e[2];
	gsl_rng		*rng = gsl_rng_alloc(gsl_rng_mt19937);
	unsigned long	 seed;
	size_t		 i, k, differ = 0;
	long		 first;

	for (seed = 1; seed <= 8; seed++) {
		for (k = 0; k < 2; k++) {
			oenv_init(&e[k], "random");
			e[k].cfg.seed = seed;
			for (i = 0; i < 9; i++)
				opod(&e[k], "p", 1, -1);
			orun(&e[k]);
		}
		gsl_rng_set(rng, seed);
		CU_ASSERT_EQUAL(e[0].r.pl[0].node,
		    (long)gsl_rng_uniform_int(rng, 2));
		CU_ASSERT_EQUAL(e[0].r.placed, 8);
		CU_ASSERT_EQUAL(e[0].r.pl[8].status, GS_PENDING);
		first = e[0].r.pl[0].node;
		for (i = 0; i < 9; i++) {
			CU_ASSERT_EQUAL(e[0].r.pl[i].node, e[1].r.pl[i].node);
			differ += e[0].r.pl[i].node != first;
		}
		oenv_release(&e[0]);
		oenv_release(&e[1]);
	}
	CU_ASSERT_TRUE(differ > 0);
	gsl_rng_free(rng);
}

/* The family read from the table (reports, metrics): HAMi's versions and
 * its fixed node x GPU rows are "hami", DRA is kube-scheduler's, a name
 * the table does not hold is of no family. */
static void
test_family(void)
{
	static const struct {
		const char	*profile, *family;
		int		 want;
	} t[] = {
		{ "hami-v2.10.0", "hami", 1 }, { "hami-binpack-spread", "hami", 1 },
		{ "kai-spread", "kai", 1 }, { "kai-spread", "kube", 0 },
		{ "dra-v1.35", "kube", 1 }, { "gpuclustering", "openb", 1 },
		{ "hami", "hami", 0 }, { "hami-v9", "hami", 0 },
	};
	size_t	i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++)
		CU_ASSERT_EQUAL(gs_policy_of_family(t[i].profile,
		    t[i].family), t[i].want);
}

/* The columns explain and the sharing modes read instead of a profile's
 * name: every row has a family; the three DRA rows are kube-scheduler's
 * but not over the device plugin's resources; KAI's and Volcano's rows
 * name their strategy, no other row does. */
static void
test_columns(void)
{
	static const struct {
		const char	*profile;
		int		 kube_dp, strategy;
	} t[] = {
		{ "kube-least-allocated", 1, GS_STRATEGY_NONE },
		{ "kube-most-allocated", 1, GS_STRATEGY_NONE },
		{ "kube-requested-to-capacity-ratio", 1, GS_STRATEGY_NONE },
		{ "dra", 0, GS_STRATEGY_NONE },
		{ "dra-v1.36", 0, GS_STRATEGY_NONE },
		{ "kai-binpack", 0, GS_STRATEGY_BINPACK },
		{ "kai-spread", 0, GS_STRATEGY_SPREAD },
		{ "volcano-binpack", 0, GS_STRATEGY_BINPACK },
		{ "volcano-spread", 0, GS_STRATEGY_SPREAD },
		{ "hami-binpack-spread", 0, GS_STRATEGY_NONE },
		{ "hami-v2.6.1", 0, GS_STRATEGY_NONE },
		{ "fgd", 0, GS_STRATEGY_NONE },
		{ "kube-foo", 0, GS_STRATEGY_NONE },	/* not in the table */
	};
	size_t	i, ndra = 0, nstrat = 0;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		CU_ASSERT_EQUAL(gs_policy_is_kube_dp(t[i].profile),
		    t[i].kube_dp);
		CU_ASSERT_EQUAL(gs_policy_strategy(t[i].profile),
		    t[i].strategy);
	}
	for (i = 0; gs_policies[i] != NULL; i++) {
		const struct gs_policy *p = gs_policies[i];

		CU_ASSERT_TRUE(p->family != NULL && p->family[0] != '\0');
		if (p->dra)
			CU_ASSERT_STRING_EQUAL(p->family, "kube");
		ndra += p->dra != 0;
		if (p->strategy != GS_STRATEGY_NONE)
			CU_ASSERT_TRUE(strcmp(p->family, "kai") == 0 ||
			    strcmp(p->family, "volcano") == 0);
		nstrat += p->strategy != GS_STRATEGY_NONE;
	}
	CU_ASSERT_EQUAL(ndra, 3);
	CU_ASSERT_EQUAL(nstrat, 4);
}

CU_TestInfo onetable_tests[] = {
	{ "a profile's family from the table", test_family },
	{ "the dra and strategy columns", test_columns },
	{ "lookup by name and view", test_lookup },
	{ "every entry's attributes", test_attributes },
	{ "GpuClustering on the device view: its own counts",
	    test_gpuclustering_device },
	{ "Random on the device view: seeded", test_random_device },
	CU_TEST_INFO_NULL,
};
