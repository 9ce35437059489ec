/*
 * test_mig.c: the MIG tables and the layout of a geometry on one GPU
 * (core/model/mig.c; NVIDIA's `nvidia-smi mig -lgipp` placements, spec/peers.md
 * §4.4), values worked by hand.
 */
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/model/mig.h"
#include "../../core/util/util.h"

/* Lay out the profiles named in names on model; 0 or -1. */
static int
lay(const char *model, const char *const *names, size_t n,
    struct gs_mig_slot *out, char *why, size_t len)
{
	const struct gs_mig_model	*m = gs_mig_model_find(model);
	const struct gs_mig_profile	*p[8];
	size_t				 i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_FATAL(n <= 8);
	for (i = 0; i < n; i++) {
		p[i] = gs_mig_profile_find(m, names[i]);
		CU_ASSERT_PTR_NOT_NULL_FATAL(p[i]);
	}
	return gs_mig_layout(m, p, n, out, why, len);
}

static void
test_models(void)
{
	const struct gs_mig_model	*m;
	const struct gs_mig_profile	*p;
	char				 names[128];

	/* By catalogue key, alias and NVML name. */
	CU_ASSERT_STRING_EQUAL(gs_mig_model_find("A100")->key, "A100-40GB");
	CU_ASSERT_STRING_EQUAL(gs_mig_model_find("NVIDIA A100-SXM4-80GB")->key,
	    "A100-80GB");
	CU_ASSERT_STRING_EQUAL(gs_mig_model_find("h200")->key, "H200");
	CU_ASSERT_PTR_NULL(gs_mig_model_find("T4"));
	CU_ASSERT_PTR_NULL(gs_mig_model_find("no-such-gpu"));
	gs_mig_model_names(names, sizeof names);
	CU_ASSERT_STRING_EQUAL(names,
	    "A30, A100-40GB, A100-80GB, H100, H200, B200");

	m = gs_mig_model_find("A100-80GB");
	p = gs_mig_profile_find(m, "1g.20gb");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(p->id, 15);
	CU_ASSERT_EQUAL(p->g, 1);
	CU_ASSERT_EQUAL(p->size, 2);
	CU_ASSERT_EQUAL(p->mem, 19968);
	CU_ASSERT_EQUAL(p->max, 4);
	/* The resource spelling of +me, and a profile of another model. */
	CU_ASSERT_PTR_EQUAL(gs_mig_profile_find(m, "1g.10gb.me"),
	    gs_mig_profile_find(m, "1g.10gb+me"));
	CU_ASSERT_PTR_NULL(gs_mig_profile_find(m, "1g.5gb"));
	CU_ASSERT_PTR_NULL(gs_mig_profile_find(m, "1g.10gb.mx"));
	/* A30: four slices, 4g.24gb is 23.50 GiB = 24064 MiB. */
	m = gs_mig_model_find("A30");
	CU_ASSERT_EQUAL(m->mslices, 4);
	CU_ASSERT_EQUAL(gs_mig_profile_find(m, "4g.24gb")->mem, 24064);
	CU_ASSERT_PTR_NULL(gs_mig_profile_find(m, "7g.80gb"));
	/* B200: 183359 MiB / 8 = 22919 a slice; 3g.90gb 4 slices =
	 * 183359 * 4 / 8 = 91679. */
	m = gs_mig_model_find("B200");
	CU_ASSERT_EQUAL(gs_mig_profile_find(m, "1g.23gb")->mem, 22919);
	CU_ASSERT_EQUAL(gs_mig_profile_find(m, "3g.90gb")->mem, 91679);
	CU_ASSERT_EQUAL(gs_mig_profile_find(m, "7g.180gb")->g, 7);
}

static void
test_layouts(void)
{
	static const char *const bal[] = { "1g.10gb", "1g.10gb", "2g.20gb",
	    "3g.40gb" };
	static const char *const two2_3[] = { "2g.20gb", "2g.20gb",
	    "3g.40gb" };
	static const char *const four_three[] = { "3g.40gb", "4g.40gb" };
	static const char *const seven1[] = { "1g.5gb", "1g.5gb", "1g.5gb",
	    "1g.5gb", "1g.5gb", "1g.5gb", "1g.5gb" };
	static const char *const a30[] = { "1g.6gb", "2g.12gb", "1g.6gb" };
	struct gs_mig_slot	s[8];
	char			why[160];
	int			i;

	/* all-balanced on an A100 80GB: 3g at 0 (slices 0-3), 2g at 4
	 * (4-5), the 1g's at 6 and then... 7 is no 1g start: backtrack,
	 * 3g moves to 4 (4-7), 2g takes 0 (0-1), the 1g's 2 and 3. */
	CU_ASSERT_EQUAL_FATAL(lay("A100-80GB", bal, 4, s, why, sizeof why), 0);
	CU_ASSERT_EQUAL(s[3].start, 4);
	CU_ASSERT_EQUAL(s[2].start, 0);
	CU_ASSERT_EQUAL(s[0].start, 2);
	CU_ASSERT_EQUAL(s[1].start, 3);
	/* 2g@0 + 2g@2 + 3g@4: the 3g is sent back from 0. */
	CU_ASSERT_EQUAL_FATAL(lay("H100", two2_3, 3, s, why, sizeof why), 0);
	CU_ASSERT_EQUAL(s[0].start, 0);
	CU_ASSERT_EQUAL(s[1].start, 2);
	CU_ASSERT_EQUAL(s[2].start, 4);
	/* 4g (one start) goes first: 4g@0, 3g@4. */
	CU_ASSERT_EQUAL_FATAL(lay("A100-80GB", four_three, 2, s, why,
	    sizeof why), 0);
	CU_ASSERT_EQUAL(s[1].start, 0);
	CU_ASSERT_EQUAL(s[0].start, 4);
	/* Seven 1g.5gb on an A100 40GB: starts 0..6 in order. */
	CU_ASSERT_EQUAL_FATAL(lay("A100-40GB", seven1, 7, s, why, sizeof why),
	    0);
	for (i = 0; i < 7; i++)
		CU_ASSERT_EQUAL(s[i].start, i);
	/* A30: 2g at 0, the 1g's at 2 and 3. */
	CU_ASSERT_EQUAL_FATAL(lay("A30", a30, 3, s, why, sizeof why), 0);
	CU_ASSERT_EQUAL(s[1].start, 0);
	CU_ASSERT_EQUAL(s[0].start, 2);
	CU_ASSERT_EQUAL(s[2].start, 3);
}

static void
test_refused(void)
{
	static const char *const three3[] = { "3g.40gb", "3g.40gb",
	    "1g.10gb" };
	static const char *const eight1[] = { "1g.10gb", "1g.10gb", "1g.10gb",
	    "1g.10gb", "1g.10gb", "1g.10gb", "1g.10gb", "1g.10gb" };
	static const char *const two_me[] = { "1g.10gb+me", "1g.10gb.me" };
	static const char *const a30[] = { "2g.12gb", "2g.12gb", "1g.6gb" };
	static const char *const nofit[] = { "1g.20gb", "1g.20gb", "1g.20gb",
	    "2g.20gb" };
	static const char *const three2[] = { "2g.20gb", "2g.20gb", "2g.20gb",
	    "1g.10gb" };
	struct gs_mig_slot	s[8];
	char			why[160];

	/* 3 + 3 + 1 = 7 compute slices, 4 + 4 + 1 = 9 memory slices. */
	CU_ASSERT_EQUAL(lay("A100-80GB", three3, 3, s, why, sizeof why), -1);
	CU_ASSERT_STRING_EQUAL(why, "the profiles take 9 memory slices; an "
	    "A100-80GB has 8");
	CU_ASSERT_EQUAL(lay("H100", eight1, 8, s, why, sizeof why), -1);
	CU_ASSERT_STRING_EQUAL(why, "the profiles take 8 compute slices; an "
	    "H100 has 7");
	CU_ASSERT_EQUAL(lay("A100-80GB", two_me, 2, s, why, sizeof why), -1);
	CU_ASSERT_STRING_EQUAL(why, "2 instances of 1g.10gb+me; an A100-80GB "
	    "holds at most 1");
	/* A30: 2 + 2 + 1 compute slices of 4. */
	CU_ASSERT_EQUAL(lay("A30", a30, 3, s, why, sizeof why), -1);
	CU_ASSERT_STRING_EQUAL(why, "the profiles take 5 compute slices; an "
	    "A30 has 4");
	/* Not refused: the 2g.20gb (three starts) goes before the 1g.20gb
	 * (four), at 0; they take 2, 4 and 6. */
	CU_ASSERT_EQUAL(lay("A100-80GB", nofit, 4, s, why, sizeof why), 0);
	CU_ASSERT_EQUAL(s[3].start, 0);
	CU_ASSERT_EQUAL(s[0].start, 2);
	CU_ASSERT_EQUAL(s[1].start, 4);
	CU_ASSERT_EQUAL(s[2].start, 6);
	/* 2g x3 at 0, 2, 4 and the 1g at 6: valid (7 and 7). */
	CU_ASSERT_EQUAL(lay("A100-80GB", three2, 4, s, why, sizeof why), 0);
	CU_ASSERT_EQUAL(s[3].start, 6);
}

/* The article before a model name: by the sound of its first letter, as
 * the name is read (an A100, an H100, an L4, an MI300X, a T4, a GH200,
 * a B200, a V100). */
static void
test_article(void)
{
	CU_ASSERT_STRING_EQUAL(gs_article("A100-80GB"), "an");
	CU_ASSERT_STRING_EQUAL(gs_article("H100"), "an");
	CU_ASSERT_STRING_EQUAL(gs_article("L4"), "an");
	CU_ASSERT_STRING_EQUAL(gs_article("MI300X"), "an");
	CU_ASSERT_STRING_EQUAL(gs_article("T4"), "a");
	CU_ASSERT_STRING_EQUAL(gs_article("GH200"), "a");
	CU_ASSERT_STRING_EQUAL(gs_article("B200"), "a");
	CU_ASSERT_STRING_EQUAL(gs_article("V100-16GB"), "a");
	CU_ASSERT_STRING_EQUAL(gs_article(""), "a");
}

CU_TestInfo mig_tests[] = {
	{ "MIG tables by model and profile", test_models },
	{ "MIG layouts, with backtracking", test_layouts },
	{ "MIG geometries a GPU cannot hold", test_refused },
	{ "a or an before a model name", test_article },
	CU_TEST_INFO_NULL
};
