/*
 * test_kai_own.c: KAI-Scheduler on its own manifests (sched/kai/
 * request.c, issue 18 item 4): the annotations as the scheduler reads
 * them (pod_info.go updatePodAdditionalFieldsIfRunaiPodgroup, v0.20.1),
 * the binder's refusals (gpu_request_validator.go ValidateGpuRequests,
 * v0.20.1), and the placement of fractional pods by kai-binpack.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/engine.h"
#include "../../core/sched/kai/request.h"
#include "../../core/sched/policy.h"
#include "../../core/util/util.h"

/* A one-container pod with annotations k1=v1, k2=v2 (NULL: none) and a
 * whole-GPU limit when gpu > 0. */
static struct gs_pod *
kpod(struct gs_workload *w, const char *name, const char *k1,
    const char *v1, const char *k2, const char *v2, int gpu)
{
	struct gs_pod	*p = t_pod(w, name, 1);

	t_ctr(&p->ctrs[0], gpu > 0 ? gpu : -1, -1, -1, -1);
	if (k1 != NULL)
		gs_kv_set(&p->annotations, k1, v1);
	if (k2 != NULL)
		gs_kv_set(&p->annotations, k2, v2);
	return p;
}

static int
kreq(const struct gs_pod *p, struct gs_kai_req *r, char *why)
{
	return gs_kai_request(p, r, why, 160);
}

static void
test_kai_read(void)
{
	struct gs_workload	w;
	struct gs_kai_req	r;
	char			why[160];

	memset(&w, 0, sizeof w);
	/* gpu-fraction 0.25: 25 % of one device. */
	CU_ASSERT_EQUAL(kreq(kpod(&w, "a", "gpu-fraction", "0.25", NULL,
	    NULL, 0), &r, why), 0);
	CU_ASSERT_TRUE(r.fractional);
	CU_ASSERT_EQUAL(r.pct, 25);
	CU_ASSERT_EQUAL(r.mem, 0);
	CU_ASSERT_EQUAL(r.num, 1);
	/* gpu-memory 4000 MiB on 2 devices. */
	CU_ASSERT_EQUAL(kreq(kpod(&w, "b", "gpu-memory", "4000",
	    "gpu-fraction-num-devices", "2", 0), &r, why), 0);
	CU_ASSERT_EQUAL(r.mem, 4000);
	CU_ASSERT_EQUAL(r.pct, -1);
	CU_ASSERT_EQUAL(r.num, 2);
	/* No annotation: not fractional (whole GPUs from the limits). */
	CU_ASSERT_EQUAL(kreq(kpod(&w, "c", NULL, NULL, NULL, NULL, 1), &r,
	    why), 0);
	CU_ASSERT_FALSE(r.fractional);
	gs_workload_release(&w);
}

static void
test_kai_refused(void)
{
	static const struct {
		const char	*k1, *v1, *k2, *v2;
		int		 gpu;
		const char	*why;
	} bad[] = {
		{ "gpu-fraction", "1", NULL, NULL, 0, "smaller than 1.0" },
		{ "gpu-fraction", "0", NULL, NULL, 0, "smaller than 1.0" },
		{ "gpu-fraction", "half", NULL, NULL, 0, "smaller than 1.0" },
		{ "gpu-fraction", "0.125", NULL, NULL, 0, "steps of 0.01" },
		{ "gpu-fraction", "0.001", NULL, NULL, 0, "steps of 0.01" },
		{ "gpu-memory", "0", NULL, NULL, 0, "positive integer" },
		{ "gpu-memory", "2Gi", NULL, NULL, 0, "positive integer" },
		{ "gpu-memory", "-5", NULL, NULL, 0, "positive integer" },
		{ "gpu-fraction", "0.5", NULL, NULL, 1, "whole nvidia.com/gpu" },
		{ "gpu-memory", "100", "gpu-fraction", "0.5", 0,
		    "gpu-memory beside" },
		{ "gpu-fraction-num-devices", "2", NULL, NULL, 0,
		    "without gpu-fraction" },
		{ "gpu-fraction", "0.5", "gpu-fraction-num-devices", "0", 0,
		    "must be a positive integer" },
		{ "mps", "true", NULL, NULL, 1, "mps" },
	};
	struct gs_workload	w;
	struct gs_kai_req	r;
	char			why[160];
	size_t			i;

	memset(&w, 0, sizeof w);
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		CU_ASSERT_EQUAL(kreq(kpod(&w, "p", bad[i].k1, bad[i].v1,
		    bad[i].k2, bad[i].v2, bad[i].gpu), &r, why), -1);
		CU_ASSERT_PTR_NOT_NULL(strstr(why, bad[i].why));
	}
	gs_workload_release(&w);
}

/*
 * Nodes b then a, 4 T4s of 15360 MiB.  kai-binpack: "half" (0.5) ties
 * the empty nodes, the smaller name wins: a (index 1), device 0, 7680
 * MiB.  "pair" (4000 MiB x 2) packs onto a again, device 0 (the GPU
 * group with room) and one more: 4000 MiB each.  Under kube-scheduler
 * the same annotations are no GPU request.
 */
static void
test_kai_place(void)
{
	static const char *const names[2] = { "b", "a" };
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_config	cfg;
	struct gs_result	r;

	t_t4_cluster(&c, names, 2);
	memset(&w, 0, sizeof w);
	gs_config_init(&cfg);
	t_set_profile(&cfg, "kai-binpack");
	kpod(&w, "half", "gpu-fraction", "0.5", NULL, NULL, 0);
	kpod(&w, "pair", "gpu-memory", "4000", "gpu-fraction-num-devices",
	    "2", 0);
	gs_engine_run(&c, &w, &cfg, gs_policy_find("kai-binpack"), NULL, &r,
	    NULL);
	CU_ASSERT_EQUAL_FATAL(r.pl[0].status, GS_PLACED);
	CU_ASSERT_EQUAL(r.pl[0].node, 1);
	CU_ASSERT_EQUAL(r.pl[0].ctrs[0].ngrants, 1);
	CU_ASSERT_EQUAL(r.pl[0].ctrs[0].grants[0].dev, 0);
	CU_ASSERT_EQUAL(r.pl[0].ctrs[0].grants[0].usedmem, 7680);
	CU_ASSERT_EQUAL_FATAL(r.pl[1].status, GS_PLACED);
	CU_ASSERT_EQUAL(r.pl[1].node, 1);
	CU_ASSERT_EQUAL_FATAL(r.pl[1].ctrs[0].ngrants, 2);
	CU_ASSERT_EQUAL(r.pl[1].ctrs[0].grants[0].usedmem, 4000);
	CU_ASSERT_EQUAL(r.pl[1].ctrs[0].grants[1].usedmem, 4000);
	CU_ASSERT_EQUAL(r.pl[1].ctrs[0].grants[0].dev, 0);
	gs_result_release(&r);
	gs_cluster_release(&c);
	t_t4_cluster(&c, names, 2);
	gs_engine_run(&c, &w, &cfg, gs_policy_find("kube-least-allocated"),
	    NULL, &r, NULL);
	CU_ASSERT_EQUAL(r.pl[0].status, GS_UNMANAGED);
	gs_result_release(&r);
	gs_workload_release(&w);
	gs_cluster_release(&c);
	gs_config_release(&cfg);
}

CU_TestInfo kai_own_tests[] = {
	{ "KAI: gpu-fraction, gpu-memory, num-devices read", test_kai_read },
	{ "KAI: the binder's refusals", test_kai_refused },
	{ "KAI: fractional pods placed by kai-binpack", test_kai_place },
	CU_TEST_INFO_NULL,
};
