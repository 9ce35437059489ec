/*
 * test_hamimig.c: HAMi v2.10's MIG reservation model (core/sched/hami/mig.c,
 * core/load/hami_mig.c), placements worked by hand from HAMi v2.10.0
 * pkg/device/nvidia/device.go (selectMigCandidate, CustomFilterRule,
 * AddResourceUsage, Fit), mig_topology.go (orderedMigPlacements) and
 * mig_allocations.go (EncodeMigAllocations, DecodeMigAllocations).
 *
 * The GPU: an A100 80 GB as the v2.10 device plugin publishes it with the
 * chart's allowlist [1g.10gb, 2g.20gb, 3g.40gb, 7g.79gb]: memory from the
 * MIG table (model/mig.c), cores ceil(SMs*100/98), NVML's placements.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/load/hami_mig.h"
#include "../../core/load/register_codec.h"
#include "../../core/metrics/hami_mig.h"
#include "../../core/sched/hami/mig.h"
#include "../../core/util/util.h"

static const char a100_profiles[] =
	"[{\"name\":\"7g.79gb\",\"memoryMB\":80384,\"core\":100,"
	"\"sliceCount\":7,\"placements\":[{\"start\":0,\"size\":8}]},"
	"{\"name\":\"3g.40gb\",\"memoryMB\":40192,\"core\":43,"
	"\"sliceCount\":3,\"placements\":[{\"start\":0,\"size\":4},"
	"{\"start\":4,\"size\":4}]},"
	"{\"name\":\"2g.20gb\",\"memoryMB\":19968,\"core\":29,"
	"\"sliceCount\":2,\"placements\":[{\"start\":0,\"size\":2},"
	"{\"start\":2,\"size\":2},{\"start\":4,\"size\":2}]},"
	"{\"name\":\"1g.10gb\",\"memoryMB\":9856,\"core\":15,"
	"\"sliceCount\":1,\"placements\":[{\"start\":0,\"size\":1},"
	"{\"start\":1,\"size\":1},{\"start\":2,\"size\":1},"
	"{\"start\":3,\"size\":1},{\"start\":4,\"size\":1},"
	"{\"start\":5,\"size\":1},{\"start\":6,\"size\":1}]}]";

/* The profiles above (listed largest first on purpose). */
static struct gs_hmig *
a100(void)
{
	json_error_t	 je;
	json_t		*j = json_loads(a100_profiles, 0, &je);
	struct gs_hmig	*h = NULL;
	char		 why[160];

	CU_ASSERT_PTR_NOT_NULL_FATAL(j);
	CU_ASSERT_EQUAL_FATAL(gs_hmig_profiles_json(j,
	    "NVIDIA-A100-SXM4-80GB", &h, why, sizeof why), 0);
	json_decref(j);
	CU_ASSERT_EQUAL_FATAL(h->np, 4);
	return h;
}

static int
cand(const struct gs_hmig *h, const struct gs_hmig_use *u, int nu,
    int32_t mem, int *start)
{
	int	pl, k = hami_mig_candidate(h, u, nu, mem, &pl);

	*start = k >= 0 ? h->p[k].start[pl] : -1;
	return k;
}

/* selectMigCandidate: smallest memory first; 1g/3g from the highest
 * start, 2g/7g from the lowest. */
static void
test_candidate(void)
{
	struct gs_hmig		*h = a100();
	struct gs_hmig_use	 u[8];
	int			 k, start;

	/* 5000 MiB: 1g.10gb (9856, index 3 in the listed order) at 6. */
	k = cand(h, NULL, 0, 5000, &start);
	CU_ASSERT_STRING_EQUAL(h->p[k].name, "1g.10gb");
	CU_ASSERT_EQUAL(start, 6);
	/* 1g at 6 in use: the next 1g at 5. */
	u[0] = (struct gs_hmig_use){ 3, 6, 1 };
	cand(h, u, 1, 5000, &start);
	CU_ASSERT_EQUAL(start, 5);
	/* 15000 MiB: 2g.20gb at 0 (lowest first). */
	k = cand(h, NULL, 0, 15000, &start);
	CU_ASSERT_STRING_EQUAL(h->p[k].name, "2g.20gb");
	CU_ASSERT_EQUAL(start, 0);
	/* 30000 MiB: 3g.40gb at 4 (highest first), then at 0, then none. */
	k = cand(h, NULL, 0, 30000, &start);
	CU_ASSERT_STRING_EQUAL(h->p[k].name, "3g.40gb");
	CU_ASSERT_EQUAL(start, 4);
	u[0] = (struct gs_hmig_use){ 1, 4, 4 };
	cand(h, u, 1, 30000, &start);
	CU_ASSERT_EQUAL(start, 0);
	/* 3g at 4 and 2g at 0: 3g has no free placement, 7g neither. */
	u[1] = (struct gs_hmig_use){ 2, 0, 2 };
	CU_ASSERT_EQUAL(cand(h, u, 2, 30000, &start), -1);
	/* But a 1g request falls to 1g at 3 (6, 5, 4 are the 3g's). */
	k = cand(h, u, 2, 1, &start);
	CU_ASSERT_STRING_EQUAL(h->p[k].name, "1g.10gb");
	CU_ASSERT_EQUAL(start, 3);
	/* Add 1g at 2: a 2g request finds 0 (2g), 2 (1g) and 4 (3g)
	 * taken, and 3g and 7g have no free placement either. */
	u[2] = (struct gs_hmig_use){ 3, 2, 1 };
	CU_ASSERT_EQUAL(cand(h, u, 3, 15000, &start), -1);
	/* More memory than the largest profile: none. */
	CU_ASSERT_EQUAL(cand(h, NULL, 0, 80385, &start), -1);
	free(h);
}

/* A node of one MIG-mode A100 (count 7: 1g's InstanceCount). */
static void
mig_fit_init(struct t_fit *x, const char *profile)
{
	t_fit_init(x, 1, 81920, NULL);
	t_set_profile(&x->cfg, profile);
	free(x->node.devs[0].mode);
	x->node.devs[0].mode = xstrdup("mig");
	x->node.devs[0].count = 7;
	x->node.devs[0].hmig = a100();
}

/* Fit and AddResourceUsage: two instances for one container on one
 * GPU (Fit's `i++`), each with the profile's memory and cores. */
static void
test_fit_several(void)
{
	struct t_fit	x;

	mig_fit_init(&x, "hami-v2.10.0");
	CU_ASSERT_FATAL(t_fit_run(&x, 2, 5000, 101, 0));
	CU_ASSERT_EQUAL(x.s.ngrants, 2);
	CU_ASSERT_EQUAL(x.g[0].dev, 0);
	CU_ASSERT_EQUAL(x.g[1].dev, 0);
	CU_ASSERT_EQUAL(x.g[0].mig, 4);		/* 1g.10gb */
	CU_ASSERT_EQUAL(x.g[0].mig_start, 6);
	CU_ASSERT_EQUAL(x.g[1].mig_start, 5);
	CU_ASSERT_EQUAL(x.g[0].usedmem, 9856);
	CU_ASSERT_EQUAL(x.g[0].usedcores, 15);
	t_fit_release(&x);
}

/* CardMigTopologyInfeasible after the count, memory and core checks;
 * v2.9 reads no migProfiles: CardNotFoundCustomFilterRule. */
static void
test_fit_reasons(void)
{
	struct t_fit	x;

	mig_fit_init(&x, "hami-v2.10.0");
	/* 3g at 0 and 4 in use: nothing is left for a 1g. */
	x.node.devs[0].hmig_use[0] = (struct gs_hmig_use){ 1, 0, 4 };
	x.node.devs[0].hmig_use[1] = (struct gs_hmig_use){ 1, 4, 4 };
	x.node.devs[0].hmig_nuse = 2;
	x.node.devs[0].used = 2;
	x.node.devs[0].usedmem = 2 * 40192;
	x.node.devs[0].usedcores = 86;
	CU_ASSERT_FALSE(t_fit_run(&x, 1, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_MIG_TOPOLOGY_INFEASIBLE], 1);
	/* 15 cores asked, 14 left: the core check fails first. */
	memset(x.counts, 0, sizeof x.counts);
	CU_ASSERT_FALSE(t_fit_run(&x, 1, 1000, 101, 15));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_INSUFFICIENT_CORE], 1);
	CU_ASSERT_EQUAL(x.counts[HR_CARD_MIG_TOPOLOGY_INFEASIBLE], 0);
	/* Seven 1g in use: the count check (7 <= 7) fails first. */
	x.node.devs[0].used = 7;
	memset(x.counts, 0, sizeof x.counts);
	CU_ASSERT_FALSE(t_fit_run(&x, 1, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_TIME_SLICING_EXHAUSTED], 1);
	t_fit_release(&x);

	mig_fit_init(&x, "hami-v2.9.0");
	CU_ASSERT_FALSE(t_fit_run(&x, 1, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_NOT_FOUND_CUSTOM_FILTER_RULE], 1);
	t_fit_release(&x);
}

/* A pod without nvidia.com/vgpu-mode reaches the MIG GPU; "hami-core"
 * does not; "mig,hami-core" does (the GPU's mode is found in the pod's
 * annotation: checkType's strings.Contains(mode, d.Mode)). */
static void
test_vgpu_mode(void)
{
	struct t_fit	x;

	mig_fit_init(&x, "hami-v2.10.0");
	gs_kv_set(&x.pod.annotations, "nvidia.com/vgpu-mode", "hami-core");
	CU_ASSERT_FALSE(t_fit_run(&x, 1, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_TYPE_MISMATCH], 1);
	gs_kv_set(&x.pod.annotations, "nvidia.com/vgpu-mode",
	    "hami-core,mig");
	CU_ASSERT_TRUE(t_fit_run(&x, 1, 1000, 101, 0));
	t_fit_release(&x);
}

/* EncodeMigAllocations: containerIndex counts containers with grants. */
static void
test_encode(void)
{
	struct gs_node		n;
	struct gs_grant		g[3];
	struct gs_ctr_grant	c[3] = { { NULL, 0 }, { &g[0], 1 },
				    { &g[1], 2 } };
	char			buf[512];

	memset(g, 0, sizeof g);
	t_node(&n, "n", 1, 81920, "NVIDIA-A100-SXM4-80GB");
	n.devs[0].hmig = a100();
	g[0] = (struct gs_grant){ .usedmem = 19968, .usedcores = 29,
	    .mig = 3, .mig_start = 0, .mig_size = 2 };
	g[1] = (struct gs_grant){ .usedmem = 9856, .usedcores = 15,
	    .mig = 4, .mig_start = 6, .mig_size = 1 };
	g[2] = (struct gs_grant){ .usedmem = 9856, .usedcores = 15,
	    .mig = 4, .mig_start = 5, .mig_size = 1 };
	CU_ASSERT_EQUAL(hami_mig_encode(&n, c, 3, buf, sizeof buf), 3);
	CU_ASSERT_STRING_EQUAL(buf,
	    "[{\"containerIndex\":0,\"deviceIndex\":0,\"gpuUUID\":\"GPU-0\","
	    "\"profile\":\"2g.20gb\",\"placement\":{\"start\":0,\"size\":2}},"
	    "{\"containerIndex\":1,\"deviceIndex\":0,\"gpuUUID\":\"GPU-0\","
	    "\"profile\":\"1g.10gb\",\"placement\":{\"start\":6,\"size\":1}},"
	    "{\"containerIndex\":1,\"deviceIndex\":1,\"gpuUUID\":\"GPU-0\","
	    "\"profile\":\"1g.10gb\",\"placement\":{\"start\":5,\"size\":1}}]");
	gs_node_release(&n);
}

static int
allocs(const char *s, size_t *n, char *why, size_t len)
{
	json_error_t		 je;
	json_t			*j = json_loads(s, 0, &je);
	struct gs_hmig_alloc	*a = NULL;
	int			 rc;

	CU_ASSERT_PTR_NOT_NULL_FATAL(j);
	rc = gs_hmig_allocs_parse(j, &a, n, why, len);
	free(a);
	json_decref(j);
	return rc;
}

/* The parsers' refusals: each a one-line reason. */
static void
test_parse_errors(void)
{
	struct gs_device	*d;
	size_t			 n;
	char			 why[200];

	CU_ASSERT_EQUAL(allocs("[{\"containerIndex\":0,\"deviceIndex\":0,"
	    "\"gpuUUID\":\"G\",\"profile\":\"1g.10gb\",\"placement\":"
	    "{\"start\":6,\"size\":1}}]", &n, why, sizeof why), 0);
	CU_ASSERT_EQUAL(n, 1);
	CU_ASSERT_EQUAL(allocs("[{\"containerIndex\":0,\"deviceIndex\":0,"
	    "\"gpuUUID\":\"G\",\"profile\":\"3g.40gb\",\"placement\":"
	    "{\"start\":4,\"size\":4}},{\"containerIndex\":1,\"deviceIndex\":"
	    "0,\"gpuUUID\":\"G\",\"profile\":\"1g.10gb\",\"placement\":"
	    "{\"start\":6,\"size\":1}}]", &n, why, sizeof why), -1);
	CU_ASSERT_STRING_EQUAL(why, "MIG allocations overlap on GPU G "
	    "(allocation 1)");
	CU_ASSERT_EQUAL(allocs("[{\"containerIndex\":0,\"deviceIndex\":0,"
	    "\"gpuUUID\":\"G\",\"profile\":\"1g.10gb\",\"placement\":"
	    "{\"start\":6,\"size\":0}}]", &n, why, sizeof why), -1);
	CU_ASSERT_STRING_EQUAL(why, "MIG allocation 0 is incomplete (HAMi "
	    "DecodeMigAllocations)");
	CU_ASSERT_EQUAL(allocs("[{\"containerIndex\":0,\"deviceIndex\":0,"
	    "\"gpuUUID\":\"G\",\"profile\":\"1g.10gb\",\"migUUID\":\"M\","
	    "\"placement\":{\"start\":6,\"size\":1}}]", &n, why, sizeof why),
	    -1);
	CU_ASSERT_STRING_EQUAL(why, "MIG allocation 0 has partial runtime "
	    "identity");
	/* A profile the A30 cannot hold (no 3g), a placement past 8. */
	CU_ASSERT_EQUAL(hami_register_decode("[{\"id\":\"G\",\"count\":4,"
	    "\"devmem\":24576,\"devcore\":100,\"type\":\"NVIDIA-A30\","
	    "\"mode\":\"mig\",\"health\":true,\"migProfiles\":[{\"name\":"
	    "\"3g.12gb\",\"memoryMB\":12000}]}]", &d, &n, why, sizeof why), -1);
	CU_ASSERT_STRING_EQUAL(why, "MIG profile '3g.12gb': the GPU model has "
	    "no 3g instance");
	CU_ASSERT_EQUAL(hami_register_decode("[{\"id\":\"G\",\"count\":4,"
	    "\"type\":\"NVIDIA-H100\",\"mode\":\"mig\",\"migProfiles\":"
	    "[{\"name\":\"2g.20gb\",\"placements\":[{\"start\":7,\"size\":2}]}"
	    "]}]", &d, &n, why, sizeof why), -1);
	CU_ASSERT_STRING_EQUAL(why, "MIG profile '2g.20gb': placement 1 is "
	    "not {start, size} within the GPU's memory slices");
}

/* The MIG metrics (metrics/hami_mig.c), worked by hand. */
static void
test_metrics(void)
{
	struct gs_cluster	c;
	struct gs_hmig_metrics	m;
	struct gs_device	*d;
	int			i;

	memset(&c, 0, sizeof c);
	c.nodes = xcalloc(1, sizeof *c.nodes);
	c.nnodes = c.cap = 1;
	t_node(&c.nodes[0], "n", 1, 81920, "NVIDIA-A100-SXM4-80GB");
	d = &c.nodes[0].devs[0];
	d->hmig = a100();
	/* 3g at 4 (slices 4-7) and 1g at 3: slices 0-2 free.  1g fits
	 * three more (2, 1, 0), 2g one (0; 2 meets the 1g at 3), 3g and 7g
	 * none; every free slice is under a free 1g placement. */
	d->hmig_use[0] = (struct gs_hmig_use){ 1, 4, 4 };
	d->hmig_use[1] = (struct gs_hmig_use){ 3, 3, 1 };
	d->hmig_nuse = 2;
	gs_hmig_metrics(&c, &m);
	CU_ASSERT_EQUAL(m.gpus, 1);
	CU_ASSERT_EQUAL(m.slices, 8);
	CU_ASSERT_EQUAL(m.free_slices, 3);
	CU_ASSERT_EQUAL(m.stranded, 0);
	CU_ASSERT_STRING_EQUAL(m.largest, "2g.20gb");
	CU_ASSERT_EQUAL(m.nnames, 4);
	CU_ASSERT_STRING_EQUAL(m.name[0], "7g.79gb");
	CU_ASSERT_EQUAL(m.more[0], 0);
	CU_ASSERT_EQUAL(m.more[1], 0);		/* 3g.40gb */
	CU_ASSERT_EQUAL(m.more[2], 1);		/* 2g.20gb */
	CU_ASSERT_EQUAL(m.more[3], 3);		/* 1g.10gb */
	/* Seven 1g: slice 7 is free but only 3g at 4 and 7g cover it. */
	for (i = 0; i < 7; i++)
		d->hmig_use[i] = (struct gs_hmig_use){ 3, (uint8_t)i, 1 };
	d->hmig_nuse = 7;
	gs_hmig_metrics(&c, &m);
	CU_ASSERT_EQUAL(m.free_slices, 1);
	CU_ASSERT_EQUAL(m.stranded, 1);
	CU_ASSERT_STRING_EQUAL(m.largest, "");
	gs_cluster_release(&c);
}

CU_TestInfo hamimig_tests[] = {
	{ "metrics", test_metrics },
	{ "candidate", test_candidate },
	{ "fit several", test_fit_several },
	{ "fit reasons", test_fit_reasons },
	{ "vgpu-mode", test_vgpu_mode },
	{ "encode", test_encode },
	{ "parse errors", test_parse_errors },
	CU_TEST_INFO_NULL,
};
