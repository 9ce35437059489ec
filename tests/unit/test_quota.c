/*
 * test_quota.c: HAMi's namespace ResourceQuotas (model/quota.c,
 * sched/hami/quota.c), each case hand-computed from HAMi's source:
 * QuotaManager.AddQuota and FitQuota (pkg/device/quota.go), fitQuota in
 * NVIDIA's Fit (pkg/device/nvidia/device.go: v2.7.0 tmpDevs, v2.8.0 plus
 * allocated, v2.10.0 through CollapseInitContainerUsage), and the webhook's
 * fitResourceQuota (pkg/scheduler/webhook.go: v2.9.0, v2.10.0).
 */
#include <stdlib.h>
#include <string.h>

#include "suites.h"
#include "../../core/load/load.h"
#include "../../core/model/quota.h"
#include "../../core/model/running.h"
#include "../../core/sched/sim.h"
#include "../../core/util/util.h"
#include "../../core/sched/hami/vendor.h"
#include "../../core/load/yamltree.h"

#define QUOTA(ns, mem, cores) "kind: ResourceQuota\n" \
	"metadata: {name: q, namespace: " ns "}\n" \
	"spec: {hard: {limits.nvidia.com/gpumem: \"" mem "\", " \
	"limits.nvidia.com/gpucores: \"" cores "\"}}\n"
#define POD(ns, name, mem) "---\nkind: Pod\n" \
	"metadata: {name: " name ", namespace: " ns "}\n" \
	"spec: {containers: [{name: c, resources: {limits: " \
	"{nvidia.com/gpu: 1, nvidia.com/gpumem: " mem "}}}]}\n"

/* Simulate yaml on one node of ngpus T4s (15360 MiB), or Cambricon
 * MLUs (vendor GV_MLU), under profile. */
static int	exhaustive;	/* run_on's cfg.exhaustive */

static void
run_on(const char *yaml, size_t ngpus, int vendor, const char *profile,
    struct gs_sim *s)
{
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_config	cfg;
	char			msg[256];
	size_t			i;

	memset(&c, 0, sizeof c);
	c.nodes = xcalloc(1, sizeof *c.nodes);
	c.nnodes = c.cap = 1;
	t_node(&c.nodes[0], "n", ngpus, 15360, vendor == GV_MLU ?
	    "MLU-370" : "NVIDIA-Tesla T4");
	for (i = 0; i < ngpus; i++)
		c.nodes[0].devs[i].vendor = vendor;
	CU_ASSERT_EQUAL_FATAL(t_load_workload(yaml, &w, NULL, msg,
	    sizeof msg), 0);
	gs_config_init(&cfg);
	t_set_profile(&cfg, profile);
	cfg.exhaustive = exhaustive;
	gs_simulate(&c, &w, &cfg, gs_policy_find(profile), NULL, s, NULL);
	gs_config_release(&cfg);
	gs_workload_release(&w);
	gs_cluster_release(&c);
}

static void
run(const char *yaml, size_t ngpus, const char *profile, struct gs_sim *s)
{
	run_on(yaml, ngpus, GV_NVIDIA, profile, s);
}

/* FitQuota: Used + request > Limit refuses; 0 is no limit up to v2.9
 * (`Limit != 0`), a limit from v2.10 (`LimitSet`); the memory limit is
 * scaled by a MemoryFactor above 1; Go's int64 wraps. */
static void
test_fit_quota(void)
{
	struct gs_quota	m, k;

	memset(&m, 0, sizeof m);
	memset(&k, 0, sizeof k);
	m.limit = 20000;
	m.limit_set = 1;
	m.used = 16000;
	CU_ASSERT_TRUE(hami_fit_quota(&m, NULL, 4000, 0, 1, 0));
	CU_ASSERT_FALSE(hami_fit_quota(&m, NULL, 4001, 0, 1, 0));
	/* Cambricon's factor 256: 20000 units are 5120000 MiB. */
	CU_ASSERT_TRUE(hami_fit_quota(&m, NULL, 5104000, 0, 256, 1));
	CU_ASSERT_FALSE(hami_fit_quota(&m, NULL, 5104001, 0, 256, 1));
	k.limit = 0;
	k.limit_set = 1;
	CU_ASSERT_TRUE(hami_fit_quota(NULL, &k, 0, 50, 1, 0));
	CU_ASSERT_FALSE(hami_fit_quota(NULL, &k, 0, 50, 1, 1));
	CU_ASSERT_TRUE(hami_fit_quota(NULL, &k, 0, 0, 1, 1));
	/* An entry AddUsage made (no ResourceQuota): no limit. */
	k.limit_set = 0;
	k.used = 500;
	CU_ASSERT_TRUE(hami_fit_quota(NULL, &k, 0, 50, 1, 1));
	/* INT64_MAX - 10 + 20 wraps negative in Go: fits. */
	m.limit = 100;
	m.used = INT64_MAX - 10;
	CU_ASSERT_TRUE(hami_fit_quota(&m, NULL, 20, 0, 1, 0));
}

/* AddQuota reads limits.<managed> with AsInt64: "20Gi" is 21474836480
 * (bytes, compared with MiB: no limit in practice), "1.5" is skipped;
 * requests.* and unmanaged names are ignored. */
static void
test_load(void)
{
	struct gs_workload	 w;
	struct gs_warnings	 warn;
	const struct gs_quota	*q;
	char			 msg[256];

	memset(&warn, 0, sizeof warn);
	CU_ASSERT_EQUAL(t_load_workload("kind: ResourceQuota\n"
	    "metadata: {name: q, namespace: ml}\n"
	    "spec:\n  hard:\n"
	    "    limits.nvidia.com/gpumem: 20Gi\n"
	    "    limits.nvidia.com/gpucores: \"1.5\"\n"
	    "    requests.nvidia.com/gpumem: \"100\"\n"
	    "    limits.cpu: \"4\"\n"
	    "    limits.cambricon.com/mlu.smlu.vmemory: 2k\n",
	    &w, &warn, msg, sizeof msg), 0);
	CU_ASSERT_EQUAL(w.npods, 0);
	CU_ASSERT_EQUAL(w.quotas.n, 2);
	q = gs_quota_find(&w.quotas, "ml", "nvidia.com/gpumem");
	CU_ASSERT_PTR_NOT_NULL_FATAL(q);
	CU_ASSERT_EQUAL(q->limit, 21474836480LL);
	CU_ASSERT_TRUE(q->limit_set);
	CU_ASSERT_EQUAL(q->src_line, 5);
	CU_ASSERT_PTR_NULL(gs_quota_find(&w.quotas, "ml",
	    "nvidia.com/gpucores"));
	q = gs_quota_find(&w.quotas, "ml", "cambricon.com/mlu.smlu.vmemory");
	CU_ASSERT_PTR_NOT_NULL_FATAL(q);
	CU_ASSERT_EQUAL(q->limit, 2000);
	CU_ASSERT_EQUAL(warn.n, 2);	/* "1.5", requests. */
	gs_warnings_release(&warn);
	gs_workload_release(&w);
	/* Bad quantities are located errors. */
	CU_ASSERT_NOT_EQUAL(t_load_workload("kind: ResourceQuota\n"
	    "metadata: {name: q}\n"
	    "spec: {hard: {limits.nvidia.com/gpumem: -5}}\n", &w, NULL, msg,
	    sizeof msg), 0);
	CU_ASSERT_STRING_EQUAL(msg, "w.yaml:3:41: spec.hard "
	    "'limits.nvidia.com/gpumem' must not be negative, got '-5'");
	gs_workload_release(&w);
	CU_ASSERT_NOT_EQUAL(t_load_workload("kind: ResourceQuota\n"
	    "metadata: {name: q}\n"
	    "spec: {hard: [1]}\n", &w, NULL, msg, sizeof msg), 0);
	gs_workload_release(&w);
}

/*
 * Namespace a: 20000 MiB.  Pods of 8000, 8000, 6000 MiB: v2.6.1 has no
 * quota and places all three; v2.7.0's Fit refuses the third on both
 * GPUs (16000 + 6000 > 20000: "2/2 ResourceQuotaNotFit"); v2.9.0's
 * webhook refuses it before (its gpumem, 6000, the same sum).  Pod d of
 * namespace b has no quota.
 */
static void
test_fit_refuses(void)
{
	static const char *const y = QUOTA("a", "20000", "0")
	    POD("a", "p1", "8000") POD("a", "p2", "8000")
	    POD("a", "p3", "6000") POD("b", "d", "6000");
	struct gs_sim	s;
	const struct gs_quota *q;

	run(y, 2, "hami-v2.6.1", &s);
	CU_ASSERT_EQUAL(s.res.placed, 4);
	gs_sim_release(&s);
	run(y, 2, "hami-v2.7.0", &s);
	CU_ASSERT_EQUAL(s.res.placed, 3);
	CU_ASSERT_EQUAL(s.res.pl[2].status, GS_PENDING);
	CU_ASSERT_PTR_NOT_NULL_FATAL(s.res.pl[2].reason);
	CU_ASSERT_PTR_NOT_NULL(strstr(s.res.pl[2].reason,
	    "2/2 ResourceQuotaNotFit"));
	CU_ASSERT_EQUAL(s.res.pl[3].status, GS_PLACED);
	q = gs_quota_find(&s.cluster.quotas, "a", "nvidia.com/gpumem");
	CU_ASSERT_PTR_NOT_NULL_FATAL(q);
	CU_ASSERT_EQUAL(q->used, 16000);
	/* Cores: limit 0 is no limit before v2.10. */
	q = gs_quota_find(&s.cluster.quotas, "a", "nvidia.com/gpucores");
	CU_ASSERT_PTR_NOT_NULL_FATAL(q);
	CU_ASSERT_EQUAL(q->limit, 0);
	gs_sim_release(&s);
	run(y, 2, "hami-v2.9.0", &s);
	CU_ASSERT_EQUAL(s.res.placed, 3);
	CU_ASSERT_STRING_EQUAL(s.res.pl[2].reason, "HAMi's admission webhook "
	    "refuses the pod: exceeding resource quota");
	gs_sim_release(&s);
	/* v2.10: gpucores 0 is a limit; the pods ask for no cores, so the
	 * same outcome (0 + 0 > 0 is false). */
	run(y, 2, "hami-v2.10.0", &s);
	CU_ASSERT_EQUAL(s.res.placed, 3);
	CU_ASSERT_EQUAL(s.res.pl[3].status, GS_PLACED);
	gs_sim_release(&s);
}

/*
 * One pod, two containers of 8000 MiB, quota 15000 on two GPUs (spread:
 * one each).  v2.7.0's fitQuota counts this container's devices alone
 * (8000 each: placed, using 16000); v2.8.0 adds the pod's earlier
 * container (8000 + 8000 > 15000: the second container fails, 2/2).
 */
static void
test_allocated(void)
{
	static const char *const y = QUOTA("a", "15000", "0")
	    "---\nkind: Pod\nmetadata: {name: p, namespace: a}\n"
	    "spec: {containers: ["
	    "{name: c1, resources: {limits: {nvidia.com/gpu: 1, "
	    "nvidia.com/gpumem: 8000}}}, "
	    "{name: c2, resources: {limits: {nvidia.com/gpu: 1, "
	    "nvidia.com/gpumem: 8000}}}]}\n";
	struct gs_sim	s;

	run(y, 2, "hami-v2.7.0", &s);
	CU_ASSERT_EQUAL(s.res.placed, 1);
	CU_ASSERT_EQUAL(gs_quota_find(&s.cluster.quotas, "a",
	    "nvidia.com/gpumem")->used, 16000);
	gs_sim_release(&s);
	run(y, 2, "hami-v2.8.0", &s);
	CU_ASSERT_EQUAL(s.res.placed, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(s.res.pl[0].reason,
	    "2/2 ResourceQuotaNotFit"));
	gs_sim_release(&s);
}

/*
 * v2.10's collapse.  One T4; a GPU-less init container, two containers
 * of gpumem-percentage 50 (7680 MiB each on 15360); quota 10000.  The
 * webhook sees Memreq 0 (a percentage) and admits.  v2.9.0's fitQuota
 * sums 7680 + 7680 > 10000: pending.  v2.10.0's app phase lists the
 * containers alone and CollapseInitContainerUsage takes the first
 * (position 0 < 1 init container) as an init container: the GPU holds
 * max(7680 peak, 7680 sum) = 7680 <= 10000: placed, and AddUsage of the
 * collapsed devices (the same rule over the whole pod: c1 at position 0)
 * charges 7680 MiB and 10 cores.
 */
static void
test_collapsed(void)
{
	static const char *const y = QUOTA("a", "10000", "100")
	    "---\nkind: Pod\nmetadata: {name: p, namespace: a}\n"
	    "spec:\n  initContainers: [{name: i}]\n  containers: ["
	    "{name: c1, resources: {limits: {nvidia.com/gpu: 1, "
	    "nvidia.com/gpumem-percentage: 50, nvidia.com/gpucores: 10}}}, "
	    "{name: c2, resources: {limits: {nvidia.com/gpu: 1, "
	    "nvidia.com/gpumem-percentage: 50, nvidia.com/gpucores: 10}}}]\n";
	struct gs_sim	s;

	run(y, 1, "hami-v2.9.0", &s);
	CU_ASSERT_EQUAL(s.res.placed, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(s.res.pl[0].reason,
	    "1/1 ResourceQuotaNotFit"));
	gs_sim_release(&s);
	run(y, 1, "hami-v2.10.0", &s);
	CU_ASSERT_EQUAL(s.res.placed, 1);
	CU_ASSERT_EQUAL(gs_quota_find(&s.cluster.quotas, "a",
	    "nvidia.com/gpumem")->used, 7680);
	CU_ASSERT_EQUAL(gs_quota_find(&s.cluster.quotas, "a",
	    "nvidia.com/gpucores")->used, 10);
	gs_sim_release(&s);
}

/*
 * v2.10 honours a limit of 0: its webhook refuses a pod asking 8000 MiB
 * (0 + 8000 > 0); v2.9 reads 0 as no limit and places it.
 */
static void
test_zero_limit(void)
{
	static const char *const y = QUOTA("a", "0", "0") POD("a", "p",
	    "8000");
	struct gs_sim	s;

	run(y, 1, "hami-v2.9.0", &s);
	CU_ASSERT_EQUAL(s.res.placed, 1);
	gs_sim_release(&s);
	run(y, 1, "hami-v2.10.0", &s);
	CU_ASSERT_EQUAL(s.res.placed, 0);
	CU_ASSERT_STRING_EQUAL(s.res.pl[0].reason, "HAMi's admission webhook "
	    "refuses the pod: exceeding resource quota");
	gs_sim_release(&s);
}

/*
 * v2.9's webhook counts only containers asking for exactly one GPU
 * (`req == 1`), from limits (mutated) else requests: a container asking
 * for two GPUs of 6000 MiB is not counted (admitted), and Fit then
 * refuses it (6000 + 6000 > 10000 on the second GPU: 1/2).
 */
static void
test_webhook_v29(void)
{
	static const char *const y = QUOTA("a", "10000", "0")
	    "---\nkind: Pod\nmetadata: {name: p, namespace: a}\n"
	    "spec: {containers: [{name: c, resources: {limits: "
	    "{nvidia.com/gpu: 2, nvidia.com/gpumem: 6000}}}]}\n";
	struct gs_sim	s;

	run(y, 2, "hami-v2.9.0", &s);
	CU_ASSERT_EQUAL(s.res.placed, 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(s.res.pl[0].reason,
	    "1/2 ResourceQuotaNotFit"));
	gs_sim_release(&s);
	/* v2.10's webhook counts Memreq * Nums = 12000 > 10000. */
	run(y, 2, "hami-v2.10.0", &s);
	CU_ASSERT_STRING_EQUAL(s.res.pl[0].reason, "HAMi's admission webhook "
	    "refuses the pod: exceeding resource quota");
	gs_sim_release(&s);
}

/*
 * A snapshot: team a's ResourceQuota and a running pod of a whose GPU-less
 * init container is still running and whose two containers hold 4000 and
 * 3000 MiB on GPU-0.  HAMi's onAddPod charges countPodDevices: 7000 MiB
 * up to v2.9; v2.10 charges the collapsed devices, where the first
 * GPU-asking container takes the init container's place (position 0):
 * max(4000 peak, 3000 sum) = 4000.
 */
static void
test_running(void)
{
	static const char *const y = "kind: List\nitems:\n"
	    "- kind: ResourceQuota\n"
	    "  metadata: {name: q, namespace: a}\n"
	    "  spec: {hard: {limits.nvidia.com/gpumem: \"9000\"}}\n"
	    "- kind: Pod\n"
	    "  metadata:\n    name: r\n    namespace: a\n"
	    "    annotations:\n      hami.io/vgpu-node: n\n"
	    "      hami.io/vgpu-devices-allocated: "
	    "\"GPU-0,NVIDIA,4000,0:;GPU-0,NVIDIA,3000,0:;\"\n"
	    "  spec:\n    nodeName: n\n"
	    "    initContainers: [{name: i}]\n"
	    "    containers: [{name: c1}, {name: c2}]\n"
	    "  status: {phase: Pending}\n";
	struct gs_cluster	c, v;
	struct gs_running	r;
	struct gs_config	cfg;
	struct yt_file		f;
	struct gs_error		err;
	const struct gs_quota	*q;

	memset(&c, 0, sizeof c);
	memset(&r, 0, sizeof r);
	memset(&err, 0, sizeof err);
	c.nodes = xcalloc(1, sizeof *c.nodes);
	c.nnodes = c.cap = 1;
	t_node(&c.nodes[0], "n", 1, 15360, "NVIDIA-Tesla T4");
	CU_ASSERT_EQUAL_FATAL(yt_parse(&f, "r.yaml", y, strlen(y), &err), 0);
	CU_ASSERT_EQUAL_FATAL(gs_load_running_doc(&c, &r, &f, f.docs[0].root,
	    NULL, &err), 0);
	yt_file_release(&f);
	q = gs_quota_find(&c.quotas, "a", "nvidia.com/gpumem");
	CU_ASSERT_PTR_NOT_NULL_FATAL(q);
	CU_ASSERT_EQUAL(q->limit, 9000);
	CU_ASSERT_EQUAL(q->used, 7000);
	gs_config_init(&cfg);
	t_set_profile(&cfg, "hami-v2.9.0");
	gs_sim_cluster(&v, &c, &cfg);
	CU_ASSERT_EQUAL(gs_quota_find(&v.quotas, "a",
	    "nvidia.com/gpumem")->used, 7000);
	gs_cluster_release(&v);
	t_set_profile(&cfg, "hami-v2.10.0");
	gs_sim_cluster(&v, &c, &cfg);
	CU_ASSERT_EQUAL(gs_quota_find(&v.quotas, "a",
	    "nvidia.com/gpumem")->used, 4000);
	CU_ASSERT_EQUAL(v.nodes[0].devs[0].usedmem, 4000);
	gs_cluster_release(&v);
	gs_config_release(&cfg);
	gs_running_release(&r);
	gs_cluster_release(&c);
}

/*
 * Cambricon (v2.10: every vendor in the webhook, MemoryFactor 256): a
 * limit of 10 units of cambricon.com/mlu.smlu.vmemory is 2560 MiB.  Two
 * pods of 8 units (2048 MiB each): the second makes 4096 > 2560, refused
 * by v2.10's webhook; v2.9 checks NVIDIA alone and places both.
 */
static void
test_mlu(void)
{
#define MLU_POD(name) "---\nkind: Pod\nmetadata: {name: " name ", " \
	"namespace: a}\nspec: {containers: [{name: c, resources: {limits: " \
	"{cambricon.com/vmlu: 1, cambricon.com/mlu.smlu.vmemory: 8}}}]}\n"
	static const char *const y = "kind: ResourceQuota\n"
	    "metadata: {name: q, namespace: a}\n"
	    "spec: {hard: {limits.cambricon.com/mlu.smlu.vmemory: \"10\"}}\n"
	    MLU_POD("m1") MLU_POD("m2");
#undef MLU_POD
	struct gs_sim	s;

	run_on(y, 2, GV_MLU, "hami-v2.9.0", &s);
	CU_ASSERT_EQUAL(s.res.placed, 2);
	CU_ASSERT_EQUAL(gs_quota_find(&s.cluster.quotas, "a",
	    "cambricon.com/mlu.smlu.vmemory")->used, 4096);
	gs_sim_release(&s);
	run_on(y, 2, GV_MLU, "hami-v2.10.0", &s);
	CU_ASSERT_EQUAL(s.res.placed, 1);
	CU_ASSERT_EQUAL(s.res.pl[0].status, GS_PLACED);
	CU_ASSERT_STRING_EQUAL(s.res.pl[1].reason, "HAMi's admission webhook "
	    "refuses the pod: exceeding resource quota");
	gs_sim_release(&s);
}

/*
 * The policy's failure memo keys a pod with quotas by its namespace and
 * the quotas' use: the same placements and reasons as evaluating every
 * node for every pod (cfg.exhaustive), through refusals repeated at one
 * use (a5), a change of use (a6 after a4) and another namespace (b1).
 */
static void
test_memo(void)
{
	static const char *const y = QUOTA("a", "20000", "0")
	    POD("a", "a1", "8000") POD("a", "a2", "8000")
	    POD("a", "a3", "6000") POD("b", "b1", "6000")
	    POD("a", "a5", "6000") POD("a", "a4", "1000")
	    POD("a", "a6", "6000") POD("b", "b2", "6000");
	struct gs_sim	s[2];
	size_t		i;

	for (i = 0; i < 2; i++) {
		exhaustive = (int)i;
		run(y, 2, "hami-v2.8.0", &s[i]);
	}
	exhaustive = 0;
	CU_ASSERT_EQUAL(s[0].res.placed, 5);
	for (i = 0; i < s[0].res.npl; i++) {
		CU_ASSERT_EQUAL(s[0].res.pl[i].node, s[1].res.pl[i].node);
		CU_ASSERT_EQUAL(s[0].res.pl[i].reason == NULL,
		    s[1].res.pl[i].reason == NULL);
		if (s[0].res.pl[i].reason != NULL &&
		    s[1].res.pl[i].reason != NULL)
			CU_ASSERT_STRING_EQUAL(s[0].res.pl[i].reason,
			    s[1].res.pl[i].reason);
	}
	gs_sim_release(&s[0]);
	gs_sim_release(&s[1]);
}

/* IsPodGroupMember (v2.10, pkg/util/util.go): the label
 * scheduling.x-k8s.io/pod-group, else spec.schedulingGroup.podGroupName,
 * not empty; a PodGroup object holds no pod. */
static void
test_pod_group(void)
{
	struct gs_workload	w;
	char			msg[256];

	CU_ASSERT_EQUAL_FATAL(t_load_workload("kind: PodGroup\n"
	    "metadata: {name: g}\nspec: {minMember: 2}\n---\n"
	    "kind: Pod\nmetadata: {name: a, labels: "
	    "{scheduling.x-k8s.io/pod-group: g}}\n"
	    "spec: {schedulingGroup: {podGroupName: h}, containers: "
	    "[{name: c}]}\n---\n"
	    "kind: Pod\nmetadata: {name: b, labels: "
	    "{scheduling.x-k8s.io/pod-group: \"\"}}\n"
	    "spec: {schedulingGroup: {podGroupName: h}, containers: "
	    "[{name: c}]}\n---\n"
	    "kind: Pod\nmetadata: {name: c}\n"
	    "spec: {schedulingGroup: {podGroupName: \"\"}, containers: "
	    "[{name: c}]}\n", &w, NULL, msg, sizeof msg), 0);
	CU_ASSERT_EQUAL_FATAL(w.npods, 3);
	CU_ASSERT_STRING_EQUAL(w.pods[0].pod_group, "g");
	CU_ASSERT_STRING_EQUAL(w.pods[1].pod_group, "h");
	CU_ASSERT_PTR_NULL(w.pods[2].pod_group);
	gs_workload_release(&w);
}

CU_TestInfo quota_tests[] = {
	{ "FitQuota: limit, zero, factor, wrap", test_fit_quota },
	{ "ResourceQuota loader: AsInt64, managed names", test_load },
	{ "Fit refuses: v2.7 Fit, v2.9 webhook", test_fit_refuses },
	{ "v2.8 counts the pod's earlier containers", test_allocated },
	{ "v2.10 collapses init containers by position", test_collapsed },
	{ "v2.10 limit 0 is a limit", test_zero_limit },
	{ "v2.9 webhook counts one-GPU containers", test_webhook_v29 },
	{ "running pods charge their namespace", test_running },
	{ "Cambricon: v2.10 webhook, memory factor", test_mlu },
	{ "failure memo keyed by namespace and quota use", test_memo },
	{ "PodGroup membership as HAMi v2.10 reads it", test_pod_group },
	CU_TEST_INFO_NULL,
};
