/*
 * test_topology.c: the topology-aware GPU policy (core/sched/hami/
 * topology.c, HAMi pkg/device/nvidia/device.go Fit with needTopology,
 * computeWorstSingleCard, computeBestCombination, generateCombinations)
 * and hami.io/node-nvidia-score (core/load/pair_scores.c,
 * device.DecodePairScores + GetNodeDevices), choices worked out by hand.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/load/pair_scores.h"
#include "../../core/sched/hami/hami.h"
#include "../../core/util/util.h"

/* Symmetric: 0-1 100, 1-2 200, 2-3 100, 1-3 20, 0-2 10, 0-3 0. */
static const char four[] = "[{\"uuid\":\"GPU-0\",\"score\":{\"GPU-1\":100,"
    "\"GPU-2\":10,\"GPU-3\":0}},{\"uuid\":\"GPU-1\",\"score\":{\"GPU-0\":"
    "100,\"GPU-2\":200,\"GPU-3\":20}},{\"uuid\":\"GPU-2\",\"score\":{"
    "\"GPU-0\":10,\"GPU-1\":200,\"GPU-3\":100}},{\"uuid\":\"GPU-3\","
    "\"score\":{\"GPU-0\":0,\"GPU-1\":20,\"GPU-2\":100}}]";

static void
topo_init(struct t_fit *x, size_t ndevs, const char *profile,
    const char *scores)
{
	char	why[160];

	t_fit_init(x, ndevs, 15360, "spread");
	t_set_profile(&x->cfg, profile);
	gs_kv_set(&x->pod.annotations, HAMI_GPU_POLICY_ANNO, "topology-aware");
	if (scores != NULL)
		CU_ASSERT_EQUAL(gs_pair_scores_decode(scores, &x->node, why,
		    sizeof why), 0);
}

/* Fit nums GPUs of 1000 MiB; the devices granted into got (-1 after). */
static int
topo_fit(struct t_fit *x, int nums, int got[4])
{
	int	i, ok = t_fit_run(x, nums, 1000, 101, 0);

	for (i = 0; i < 4; i++)
		got[i] = ok && i < x->s.ngrants ? x->g[i].dev : -1;
	return ok ? x->s.ngrants : -1;
}

static void
test_pair_scores_decode(void)
{
	struct gs_node	n;
	char		why[160];

	t_node(&n, "n", 2, 15360, "NVIDIA-Tesla T4");
	/* Field names case-insensitively; GPU-0 takes its first entry. */
	CU_ASSERT_EQUAL(gs_pair_scores_decode("[{\"UUID\":\"GPU-0\",\"Score\":"
	    "{\"GPU-1\":7,\"X\":3}},{\"uuid\":\"GPU-0\",\"score\":{\"GPU-1\":"
	    "9}},{\"uuid\":\"GPU-9\",\"score\":{\"GPU-0\":4}}]", &n, why,
	    sizeof why), 0);
	CU_ASSERT_EQUAL(gs_node_pair_score(&n, "GPU-0", "GPU-1"), 7);
	CU_ASSERT_EQUAL(gs_node_pair_score(&n, "GPU-0", "X"), 3);
	/* No entry for GPU-1: a nil map; GPU-9 is no GPU of the node. */
	CU_ASSERT_EQUAL(gs_node_pair_score(&n, "GPU-1", "GPU-0"), 0);
	CU_ASSERT_EQUAL(gs_node_pair_score(&n, "GPU-9", "GPU-0"), 0);
	CU_ASSERT_EQUAL(n.npairs, 2);
	gs_node_release(&n);

	t_node(&n, "n", 2, 15360, "NVIDIA-Tesla T4");
	CU_ASSERT_EQUAL(gs_pair_scores_decode("null", &n, why, sizeof why), 0);
	CU_ASSERT_EQUAL(n.npairs, 0);
	/* json.Unmarshal's failures: GetNodeDevices returns the error. */
	CU_ASSERT_EQUAL(gs_pair_scores_decode("{\"uuid\":\"GPU-0\"}", &n, why,
	    sizeof why), -1);
	CU_ASSERT_STRING_EQUAL(why, "not a JSON array");
	CU_ASSERT_EQUAL(gs_pair_scores_decode("[{\"uuid\":\"GPU-0\",\"score\":"
	    "{\"GPU-1\":1.5}}]", &n, why, sizeof why), -1);
	CU_ASSERT_STRING_EQUAL(why, "entry 0: score of 'GPU-1' is not an "
	    "integer");
	CU_ASSERT_EQUAL(gs_pair_scores_decode("[{\"uuid\":7}]", &n, why,
	    sizeof why), -1);
	CU_ASSERT_EQUAL(gs_pair_scores_decode("[{", &n, why, sizeof why), -1);
	CU_ASSERT_EQUAL(n.npairs, 0);
	gs_node_release(&n);
}

/*
 * Four idle T4s are tried GPU-3, 2, 1, 0 (ties take the last device);
 * all fit.  Hand-computed:
 *   1 GPU: sums to the others 0: 110, 1: 320, 2: 310, 3: 120 -> GPU-0;
 *   2 GPUs: subsets (3,2) 100, (3,1) 20, (3,0) 0, (2,1) 200, (2,0) 10,
 *     (1,0) 100 -> 2+1;
 *   3 GPUs: (3,2,1) 320, (3,2,0) 110, (3,1,0) 120, (2,1,0) 310 -> 3,2,1;
 *   4 GPUs: exactly the request fits, all four in scan order.
 */
static void
test_topology_choices(void)
{
	static const char *const profs[] = { "hami-v2.7.0", "hami-v2.10.0" };
	struct t_fit	x;
	int		got[4], p;

	for (p = 0; p < 2; p++) {
		topo_init(&x, 4, profs[p], four);
		CU_ASSERT_EQUAL(topo_fit(&x, 1, got), 1);
		CU_ASSERT_EQUAL(got[0], 0);
		CU_ASSERT_EQUAL(topo_fit(&x, 2, got), 2);
		CU_ASSERT_EQUAL(got[0], 2);
		CU_ASSERT_EQUAL(got[1], 1);
		CU_ASSERT_EQUAL(topo_fit(&x, 3, got), 3);
		CU_ASSERT_EQUAL(got[0], 3);
		CU_ASSERT_EQUAL(got[1], 2);
		CU_ASSERT_EQUAL(got[2], 1);
		CU_ASSERT_EQUAL(topo_fit(&x, 4, got), 4);
		CU_ASSERT_EQUAL(got[0], 3);
		CU_ASSERT_EQUAL(got[3], 0);
		/* Two GPUs full: 3 asked, 2 fit; AllocatedCardsInsufficient
		 * counts the types (1) up to v2.9, the GPUs (2) in v2.10. */
		x.node.devs[0].usedmem = x.node.devs[1].usedmem = 15360;
		CU_ASSERT_EQUAL(topo_fit(&x, 3, got), -1);
		CU_ASSERT_EQUAL(x.counts[HR_ALLOCATED_CARDS_INSUFFICIENT_REQUEST],
		    p == 0 ? 1 : 2);
		CU_ASSERT_EQUAL(x.counts[HR_CARD_INSUFFICIENT_MEMORY], 2);
		t_fit_release(&x);
	}
	/* v2.6.1 has no topology-aware policy: spread, the first two. */
	topo_init(&x, 4, "hami-v2.6.1", four);
	CU_ASSERT_EQUAL(topo_fit(&x, 2, got), 2);
	CU_ASSERT_EQUAL(got[0], 3);
	CU_ASSERT_EQUAL(got[1], 2);
	t_fit_release(&x);
}

/* Without scores every subset sums 0: v2.7-v2.9 keep none (best starts
 * at 0, only higher replaces it) and Fit still succeeds; v2.10 keeps the
 * first subset.  One GPU: the first tried in both. */
static void
test_topology_no_scores(void)
{
	struct t_fit	x;
	int		got[4];

	topo_init(&x, 4, "hami-v2.9.0", NULL);
	CU_ASSERT_EQUAL(topo_fit(&x, 2, got), 0);
	CU_ASSERT_EQUAL(topo_fit(&x, 1, got), 1);
	CU_ASSERT_EQUAL(got[0], 3);
	t_fit_release(&x);
	topo_init(&x, 4, "hami-v2.10.0", NULL);
	CU_ASSERT_EQUAL(topo_fit(&x, 2, got), 2);
	CU_ASSERT_EQUAL(got[0], 3);
	CU_ASSERT_EQUAL(got[1], 2);
	t_fit_release(&x);
}

/* Negative scores: GPU-1 (tried first) sums -1, GPU-0 sums 5.  v2.7's
 * "totalScore < worstScore || worstScore == -1" takes GPU-0 after a
 * first sum of -1; v2.10's found flag keeps GPU-1. */
static void
test_topology_worst_from_minus_one(void)
{
	static const char s[] = "[{\"uuid\":\"GPU-0\",\"score\":{\"GPU-1\":5}},"
	    "{\"uuid\":\"GPU-1\",\"score\":{\"GPU-0\":-1}}]";
	struct t_fit	x;
	int		got[4];

	topo_init(&x, 2, "hami-v2.8.0", s);
	CU_ASSERT_EQUAL(topo_fit(&x, 1, got), 1);
	CU_ASSERT_EQUAL(got[0], 0);
	t_fit_release(&x);
	topo_init(&x, 2, "hami-v2.10.0", s);
	CU_ASSERT_EQUAL(topo_fit(&x, 1, got), 1);
	CU_ASSERT_EQUAL(got[0], 1);
	t_fit_release(&x);
}

CU_TestInfo topology_tests[] = {
	{ "node-nvidia-score decoding", test_pair_scores_decode },
	{ "topology-aware choices", test_topology_choices },
	{ "topology-aware without scores", test_topology_no_scores },
	{ "worst card from -1 (v2.7-v2.9)", test_topology_worst_from_minus_one },
	CU_TEST_INFO_NULL
};
