/*
 * test_route.c: one scheduler per pod (sched/route.c, issue 18 item 5):
 * the name-to-profile table, HAMi's webhook claim (pkg/scheduler/
 * webhook.go Handle), when a run routes at all, spec.schedulerName as
 * read (and refused), and a mixed run in which KAI's, HAMi's and
 * kube-scheduler's pods share one cluster.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/engine.h"
#include "../../core/sched/route.h"
#include "../../core/util/util.h"

static const char *
routed(const struct gs_config *cfg, const char *name, int claims)
{
	const struct gs_policy	*p = gs_route_profile(cfg, name, claims);

	return p != NULL ? p->name : "(none)";
}

static void
test_route_table(void)
{
	struct gs_config	cfg;

	/* A HAMi run: its webhook claims pods asking its resources. */
	gs_config_init(&cfg);
	CU_ASSERT_STRING_EQUAL(routed(&cfg, NULL, 1), "hami-v2.6.1");
	CU_ASSERT_STRING_EQUAL(routed(&cfg, "default-scheduler", 1),
	    "hami-v2.6.1");
	CU_ASSERT_STRING_EQUAL(routed(&cfg, NULL, 0), "kube-least-allocated");
	CU_ASSERT_STRING_EQUAL(routed(&cfg, "hami-scheduler", 0),
	    "hami-v2.6.1");
	/* Another scheduler's name is kept (the newer webhook). */
	CU_ASSERT_STRING_EQUAL(routed(&cfg, "kai-scheduler", 1), "kai-binpack");
	CU_ASSERT_STRING_EQUAL(routed(&cfg, "volcano", 1), "volcano-binpack");
	CU_ASSERT_STRING_EQUAL(routed(&cfg, "my-scheduler", 1), "(none)");
	/* --scheduler maps a name and chooses a family's profile. */
	gs_kv_set(&cfg.schedulers, "my-scheduler", "kube-most-allocated");
	gs_kv_set(&cfg.schedulers, "kai-scheduler", "kai-spread");
	CU_ASSERT_STRING_EQUAL(routed(&cfg, "my-scheduler", 0),
	    "kube-most-allocated");
	CU_ASSERT_STRING_EQUAL(routed(&cfg, "kai-scheduler", 0), "kai-spread");
	gs_config_release(&cfg);
	/* A KAI run: --profile is the family's profile; no HAMi runs, so
	 * nothing claims a pod naming none. */
	gs_config_init(&cfg);
	t_set_profile(&cfg, "kai-spread");
	CU_ASSERT_STRING_EQUAL(routed(&cfg, "kai-scheduler", 0), "kai-spread");
	CU_ASSERT_STRING_EQUAL(routed(&cfg, NULL, 1), "kube-least-allocated");
	CU_ASSERT_STRING_EQUAL(routed(&cfg, "hami-scheduler", 0),
	    "hami-v2.6.1");
	t_set_profile(&cfg, "kube-most-allocated");
	CU_ASSERT_STRING_EQUAL(routed(&cfg, NULL, 1), "kube-most-allocated");
	gs_config_release(&cfg);
}

/* A run routes only when a pod names a scheduler other than its own
 * profile's (or --scheduler was given): existing runs are unchanged. */
static void
test_route_select(void)
{
	const struct gs_policy	*hami = gs_policy_find("hami-v2.6.1");
	struct gs_workload	 w;
	struct gs_config	 cfg;

	memset(&w, 0, sizeof w);
	gs_config_init(&cfg);
	t_pod(&w, "plain", 1);
	CU_ASSERT_PTR_EQUAL(gs_route_select(hami, &cfg, &w), hami);
	t_pod(&w, "own", 1)->scheduler_name = xstrdup("hami-scheduler");
	t_pod(&w, "dflt", 1)->scheduler_name = xstrdup("default-scheduler");
	CU_ASSERT_PTR_EQUAL(gs_route_select(hami, &cfg, &w), hami);
	t_pod(&w, "kai", 1)->scheduler_name = xstrdup("kai-scheduler");
	CU_ASSERT_PTR_EQUAL(gs_route_select(hami, &cfg, &w), &gs_policy_route);
	gs_workload_release(&w);
	memset(&w, 0, sizeof w);
	t_pod(&w, "plain", 1);
	gs_kv_set(&cfg.schedulers, "x", "kai-spread");
	CU_ASSERT_PTR_EQUAL(gs_route_select(hami, &cfg, &w), &gs_policy_route);
	gs_workload_release(&w);
	gs_config_release(&cfg);
}

/* HAMi's webhook claims a container asking nvidia.com/gpu, or gpumem
 * alone (defaultGPUNum 1), not a CPU-only one nor, before v2.10, a
 * privileged one. */
static void
test_route_claims(void)
{
	struct gs_workload	w;
	struct gs_config	cfg;
	struct gs_pod		*p;

	memset(&w, 0, sizeof w);
	gs_config_init(&cfg);
	p = t_pod(&w, "gpu", 1);
	t_ctr(&p->ctrs[0], 1, -1, -1, -1);
	CU_ASSERT_TRUE(hami_webhook_claims(p, &cfg, NULL));
	p = t_pod(&w, "mem", 1);
	t_ctr(&p->ctrs[0], -1, 3000, -1, -1);
	CU_ASSERT_TRUE(hami_webhook_claims(p, &cfg, NULL));
	p = t_pod(&w, "cpu", 1);
	t_ctr(&p->ctrs[0], -1, -1, -1, -1);
	CU_ASSERT_FALSE(hami_webhook_claims(p, &cfg, NULL));
	p = t_pod(&w, "priv", 1);
	t_ctr(&p->ctrs[0], 1, -1, -1, -1);
	p->ctrs[0].privileged = 1;
	CU_ASSERT_FALSE(hami_webhook_claims(p, &cfg, NULL));
	gs_workload_release(&w);
	gs_config_release(&cfg);
}

/*
 * Nodes b then a, 4 T4s each.  "train" names kai-scheduler and asks a
 * whole GPU: KAI binpack ties the empty nodes, the smaller name wins (a,
 * index 1), GPU 0.  "infer" names none and asks 3000 MiB: HAMi's webhook
 * claims it; HAMi's binpack node policy prefers a, now the busier node,
 * so it sees KAI's usage; GPU 0 of a is full, so another GPU of a.
 * "web" asks no GPU: kube-scheduler's, no GPU request.  "odd" names a
 * scheduler that does not run: pending.
 */
static void
test_route_mixed_run(void)
{
	static const char *const names[2] = { "b", "a" };
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_config	 cfg;
	struct gs_result	 r;
	struct gs_pod		*p;

	t_t4_cluster(&c, names, 2);
	memset(&w, 0, sizeof w);
	gs_config_init(&cfg);
	p = t_pod(&w, "train", 1);
	t_ctr(&p->ctrs[0], 1, -1, -1, -1);
	p->scheduler_name = xstrdup("kai-scheduler");
	p = t_pod(&w, "infer", 1);
	t_ctr(&p->ctrs[0], 1, 3000, -1, -1);
	p = t_pod(&w, "web", 1);
	t_ctr(&p->ctrs[0], -1, -1, -1, -1);
	p->req_cpu = p->ctrs[0].cpu = 1000;
	p = t_pod(&w, "odd", 1);
	t_ctr(&p->ctrs[0], 1, -1, -1, -1);
	p->scheduler_name = xstrdup("odd-scheduler");
	CU_ASSERT_PTR_EQUAL_FATAL(gs_route_select(gs_policy_find(cfg.profile),
	    &cfg, &w), &gs_policy_route);
	gs_engine_run(&c, &w, &cfg, &gs_policy_route, NULL, &r, NULL);
	CU_ASSERT_EQUAL(r.pl[0].status, GS_PLACED);
	CU_ASSERT_STRING_EQUAL(r.pl[0].scheduler, "kai-binpack");
	CU_ASSERT_EQUAL(r.pl[0].node, 1);
	CU_ASSERT_EQUAL(r.pl[0].ctrs[0].grants[0].dev, 0);
	CU_ASSERT_EQUAL(r.pl[1].status, GS_PLACED);
	CU_ASSERT_STRING_EQUAL(r.pl[1].scheduler, "hami-v2.6.1");
	CU_ASSERT_EQUAL(r.pl[1].node, 1);
	CU_ASSERT_NOT_EQUAL(r.pl[1].ctrs[0].grants[0].dev, 0);
	CU_ASSERT_EQUAL(r.pl[1].ctrs[0].grants[0].usedmem, 3000);
	CU_ASSERT_EQUAL(r.pl[2].status, GS_UNMANAGED);
	CU_ASSERT_STRING_EQUAL(r.pl[2].scheduler, "kube-least-allocated");
	CU_ASSERT_EQUAL(r.pl[3].status, GS_PENDING);
	CU_ASSERT_PTR_NULL(r.pl[3].scheduler);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.pl[3].reason,
	    "--scheduler odd-scheduler=PROFILE"));
	gs_result_release(&r);
	gs_workload_release(&w);
	gs_cluster_release(&c);
	gs_config_release(&cfg);
}

/* spec.schedulerName as read: kept, empty is unset, a non-string or a
 * name that is no DNS-1123 subdomain is a located error. */
static void
test_route_read(void)
{
	static const char head[] = "apiVersion: v1\nkind: Pod\nmetadata:\n"
	    "  name: p\nspec:\n";
	static const char ctrs[] = "  containers:\n  - name: c\n"
	    "    image: x\n";
	struct gs_workload	w;
	struct gs_warnings	warn = { 0 };
	char			yaml[512], msg[256];

	snprintf(yaml, sizeof yaml, "%s  schedulerName: kai-scheduler\n%s",
	    head, ctrs);
	CU_ASSERT_EQUAL_FATAL(t_load_workload(yaml, &w, &warn, msg,
	    sizeof msg), 0);
	CU_ASSERT_STRING_EQUAL(w.pods[0].scheduler_name, "kai-scheduler");
	gs_workload_release(&w);
	snprintf(yaml, sizeof yaml, "%s  schedulerName: \"\"\n%s", head, ctrs);
	CU_ASSERT_EQUAL_FATAL(t_load_workload(yaml, &w, &warn, msg,
	    sizeof msg), 0);
	CU_ASSERT_PTR_NULL(w.pods[0].scheduler_name);
	gs_workload_release(&w);
	snprintf(yaml, sizeof yaml, "%s  schedulerName: [a]\n%s", head, ctrs);
	CU_ASSERT_EQUAL(t_load_workload(yaml, &w, &warn, msg, sizeof msg), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "w.yaml:6:18"));
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "must be a string"));
	gs_workload_release(&w);
	snprintf(yaml, sizeof yaml, "%s  schedulerName: KAI\n%s", head, ctrs);
	CU_ASSERT_EQUAL(t_load_workload(yaml, &w, &warn, msg, sizeof msg), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "DNS-1123"));
	gs_workload_release(&w);
	gs_warnings_release(&warn);
}

CU_TestInfo route_tests[] = {
	{ "route: scheduler names to profiles", test_route_table },
	{ "route: only runs that mix schedulers", test_route_select },
	{ "route: HAMi's webhook claim", test_route_claims },
	{ "route: KAI, HAMi and kube pods in one cluster",
	    test_route_mixed_run },
	{ "route: spec.schedulerName read and refused", test_route_read },
	CU_TEST_INFO_NULL,
};
