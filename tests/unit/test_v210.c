/*
 * test_v210.c: HAMi v2.10.0's changes, each against a hand-computed
 * case read off v2.10.0's source: the score-first GPU order and its NUMA
 * tie-break (#1806), mutex, numa and comma-chained GPU policies, the
 * device-scoring-weights annotation, the device cordon, the trimmed
 * use/nouse filters, the request and webhook checks, and init containers
 * (v2.9 charged in sequence, v2.10 each from the node's usage, collapsed
 * to the larger of init peak and containers' sum).
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/engine.h"
#include "../../core/sched/hami/hami.h"
#include "../../core/sched/policy.h"
#include "../../core/util/util.h"

static void
fx_init(struct t_fit *x, size_t ndevs, const char *gpu_policy,
    const char *profile)
{
	t_fit_init(x, ndevs, 16384, gpu_policy);
	t_set_profile(&x->cfg, profile);
}

/* A request of nums GPUs and mem MiB, cores as given, no percentage. */
static int
fit(struct t_fit *x, int32_t nums, int32_t mem, int32_t cores)
{
	return t_fit_run(x, nums, mem, 101, cores);
}

static void
test_version_names(void)
{
	struct gs_config	cfg;

	CU_ASSERT_STRING_EQUAL(hami_profile_for_version("v2.10"),
	    "hami-v2.10.0");
	CU_ASSERT_STRING_EQUAL(hami_profile_for_version("2.10.0"),
	    "hami-v2.10.0");
	CU_ASSERT_PTR_NULL(hami_profile_for_version("v2.10.1"));
	gs_config_init(&cfg);
	t_set_profile(&cfg, "hami-v2.10.0");
	CU_ASSERT_EQUAL(hami_version(&cfg), 21000);
	gs_config_release(&cfg);
	CU_ASSERT_PTR_NOT_NULL(gs_policy_find("hami-v2.10.0"));
}

/*
 * GPU 0 on NUMA 0 is idle, GPU 1 on NUMA 1 holds 8192 MiB.  Binpack to
 * v2.9 groups by NUMA (1 before 0) and scans from the end: the idle
 * GPU 0.  v2.10 sorts by score (idle first) and takes the busy GPU 1.
 */
static void
test_score_first(void)
{
	struct t_fit	x;

	fx_init(&x, 2, "binpack", "hami-v2.9.0");
	x.node.devs[1].numa = 1;
	x.node.devs[1].used = 1;
	x.node.devs[1].usedmem = 8192;
	CU_ASSERT_TRUE(fit(&x, 1, 1024, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 0);
	t_set_profile(&x.cfg, "hami-v2.10.0");
	CU_ASSERT_TRUE(fit(&x, 1, 1024, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 1);
	/* numa-bind keeps v2.9's NUMA-first order. */
	gs_kv_set(&x.pod.annotations, HAMI_NUMA_BIND_ANNO, "true");
	CU_ASSERT_TRUE(fit(&x, 1, 1024, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 0);
	t_fit_release(&x);
}

/* Equal scores: NUMA breaks the tie (lower NUMA first, so the higher
 * NUMA is tried first from the end). */
static void
test_numa_tie_break(void)
{
	struct t_fit	x;

	fx_init(&x, 2, "spread", "hami-v2.10.0");
	x.node.devs[0].numa = 1;
	CU_ASSERT_TRUE(fit(&x, 1, 1024, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 0);
	x.node.devs[0].numa = 0;
	x.node.devs[1].numa = 1;
	CU_ASSERT_TRUE(fit(&x, 1, 1024, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 1);
	t_fit_release(&x);
}

static void
chain_of(const char *policy, int numa_bind, const int *want, size_t n,
    int mode)
{
	struct gs_pod		pod;
	struct gs_config	cfg;
	struct hami_filter	f;
	size_t			i;

	memset(&pod, 0, sizeof pod);
	gs_config_init(&cfg);
	t_set_profile(&cfg, "hami-v2.10.0");
	gs_kv_set(&pod.annotations, HAMI_GPU_POLICY_ANNO, policy);
	if (numa_bind)
		gs_kv_set(&pod.annotations, HAMI_NUMA_BIND_ANNO, "1");
	hami_filter_init(&f, &pod, &cfg);
	CU_ASSERT_EQUAL(f.less_mode, mode);
	if (mode == HL_CHAIN) {
		CU_ASSERT_EQUAL(f.nchain, n);
		for (i = 0; i < n && i < f.nchain; i++)
			CU_ASSERT_EQUAL(f.chain[i], want[i]);
	}
	hami_filter_release(&f);
	gs_pod_release(&pod);
	gs_config_release(&cfg);
}

static void
test_policy_chains(void)
{
	static const int bn[] = { HK_BINPACK, HK_NUMA };
	static const int s[] = { HK_SPREAD };
	static const int n[] = { HK_NUMA };
	static const int nsb[] = { HK_NUMA, HK_SPREAD, HK_BINPACK };

	chain_of("binpack, numa", 0, bn, 2, HL_CHAIN);
	chain_of("binpack,numa,binpack", 0, bn, 2, HL_CHAIN);
	chain_of("mutex,topology-aware", 0, s, 1, HL_CHAIN);
	chain_of("numa", 0, n, 1, HL_CHAIN);
	chain_of("spread,binpack,numa", 1, nsb, 3, HL_CHAIN);
	chain_of("mutex", 0, NULL, 0, HL_MUTEX);
	chain_of("binpack", 1, NULL, 0, HL_NUMA_BIND);
	chain_of("Binpack", 0, NULL, 0, HL_SCORE_FIRST);
}

/* "binpack,numa": the busier GPU first whatever its NUMA; equal scores
 * by lower NUMA, then by lower index. */
static void
test_chain_order(void)
{
	struct t_fit	x;

	fx_init(&x, 3, "binpack,numa", "hami-v2.10.0");
	x.node.devs[0].numa = 1;
	CU_ASSERT_TRUE(fit(&x, 1, 1024, 0));
	/* All idle: [GPU1 (numa 0), GPU2 (numa 0), GPU0 (numa 1)] with
	 * GPU1 before GPU2 by index: GPU 0 is tried first. */
	CU_ASSERT_EQUAL(x.g[0].dev, 0);
	x.node.devs[0].numa = 0;
	CU_ASSERT_TRUE(fit(&x, 1, 1024, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 2);
	x.node.devs[1].used = 1;
	x.node.devs[1].usedmem = 1024;
	CU_ASSERT_TRUE(fit(&x, 1, 1024, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 1);
	t_fit_release(&x);
}

/* mutex: busy GPUs sort first and are refused after the slot check. */
static void
test_mutex(void)
{
	struct t_fit	x;

	fx_init(&x, 3, "mutex", "hami-v2.10.0");
	x.node.devs[2].used = 1;
	x.node.devs[1].used = 10;
	CU_ASSERT_TRUE(fit(&x, 1, 1024, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 0);
	CU_ASSERT_FALSE(fit(&x, 2, 1024, 0));
	CU_ASSERT_EQUAL(x.counts[HR_EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT], 1);
	CU_ASSERT_EQUAL(x.counts[HR_CARD_TIME_SLICING_EXHAUSTED], 1);
	t_fit_release(&x);
}

static void
test_cordon_and_filters(void)
{
	struct t_fit	x;

	fx_init(&x, 3, "spread", "hami-v2.9.0");
	x.node.devs[2].cordoned = 1;
	CU_ASSERT_TRUE(fit(&x, 1, 1024, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 2);		/* v2.9: no cordon */
	t_set_profile(&x.cfg, "hami-v2.10.0");
	CU_ASSERT_TRUE(fit(&x, 1, 1024, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 1);
	CU_ASSERT_EQUAL(x.counts[HR_CARD_CORDONED], 1);
	/* v2.10: both UUID lists apply, entries trimmed. */
	gs_kv_set(&x.pod.annotations, HAMI_USE_UUID_ANNO, " GPU-0 , GPU-1");
	gs_kv_set(&x.pod.annotations, HAMI_NOUSE_UUID_ANNO, "GPU-1");
	CU_ASSERT_TRUE(fit(&x, 1, 1024, 0));
	CU_ASSERT_EQUAL(x.g[0].dev, 0);
	/* A blank use-gputype is no constraint from v2.10 ... */
	gs_kv_set(&x.pod.annotations, HAMI_USE_TYPE_ANNO, " ");
	CU_ASSERT_TRUE(fit(&x, 1, 1024, 0));
	/* ... and up to v2.9 " " matches no T4. */
	t_set_profile(&x.cfg, "hami-v2.9.0");
	CU_ASSERT_FALSE(fit(&x, 1, 1024, 0));
	t_fit_release(&x);
}

static void
test_weights(void)
{
	int64_t		w[3];
	char		why[256];
	struct gs_device d;
	struct hami_req	r = { 1, 0, 101, 0, 0 };
	struct hami_filter f;

	CU_ASSERT_EQUAL(hami_parse_weights(" memory=4 , slot=1,core= +2", w,
	    why, sizeof why), 0);
	CU_ASSERT_EQUAL(w[0], 1);
	CU_ASSERT_EQUAL(w[1], 2);
	CU_ASSERT_EQUAL(w[2], 4);
	CU_ASSERT_EQUAL(hami_parse_weights("slot=1,core=1", w, why,
	    sizeof why), -1);
	CU_ASSERT_STRING_EQUAL(why, "invalid hami.io/device-scoring-weights "
	    "annotation \"slot=1,core=1\": expected slot, core, and memory "
	    "weights");
	CU_ASSERT_EQUAL(hami_parse_weights("slot=1,slot=2,memory=1", w, why,
	    sizeof why), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "duplicate \"slot\" weight"));
	CU_ASSERT_EQUAL(hami_parse_weights("slot=1,core=x,memory=1", w, why,
	    sizeof why), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "\"core\" weight must be an "
	    "integer"));
	CU_ASSERT_EQUAL(hami_parse_weights("slot=1,core=-1,memory=1", w, why,
	    sizeof why), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "must not be negative"));
	CU_ASSERT_EQUAL(hami_parse_weights("slot=1,gpu=1,memory=1", w, why,
	    sizeof why), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "unknown weight \"gpu\""));
	CU_ASSERT_EQUAL(hami_parse_weights("slot=0,core=0,memory=0", w, why,
	    sizeof why), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "at least one weight"));
	CU_ASSERT_EQUAL(hami_parse_weights("slot,core=1,memory=1", w, why,
	    sizeof why), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "expected key=value entries"));
	CU_ASSERT_EQUAL(hami_parse_weights("slot=1,core=1,memory="
	    "9223372036854775808", w, why, sizeof why), -1);

	/* used 1/4, cores 50/100, memory 4096/16384: 0.25, 0.5, 0.25. */
	memset(&d, 0, sizeof d);
	d.count = 4;
	d.used = 1;
	d.devcore = 100;
	d.usedcores = 50;
	d.devmem = 16384;
	d.usedmem = 4096;
	d.type = (char *)"NVIDIA-Tesla T4";
	memset(&f, 0, sizeof f);
	f.hp = t_hp("2.10.0");
	f.w_slot = f.w_core = f.w_mem = 1;
	CU_ASSERT_EQUAL(hami_device_score_w(&d, &r, &f), 10.0f);
	f.w_core = 2;
	f.w_mem = 4;
	/* 10 * (0.25 + 2 * 0.5 + 4 * 0.25) */
	CU_ASSERT_EQUAL(hami_device_score_w(&d, &r, &f), 22.5f);
}

/* t_ctr keeping the container's name. */
static void
named(struct gs_container *c, const char *name, int64_t gpu, int64_t mem,
    int64_t pct, int64_t cores)
{
	free(c->name);
	t_ctr(c, gpu, mem, pct, cores);
	c->name = xstrdup(name);
}

static void
test_requests(void)
{
	struct gs_container	c;
	struct gs_config	cfg;
	struct gs_workload	w;
	struct gs_pod		*p;
	struct hami_req		r;
	char			buf[256];

	gs_config_init(&cfg);
	t_set_profile(&cfg, "hami-v2.10.0");
	memset(&c, 0, sizeof c);
	/* Percentage 0 is unset: the whole card (percentage 100). */
	t_ctr(&c, 1, -1, 0, -1);
	hami_build_request(&c, &cfg, &r);
	CU_ASSERT_EQUAL(r.mempct, 100);
	CU_ASSERT_EQUAL(r.coresreq, 0);
	/* Above 100 clamped (when the webhook is bypassed). */
	t_ctr(&c, 1, -1, 150, -1);
	hami_build_request(&c, &cfg, &r);
	CU_ASSERT_EQUAL(r.mempct, 100);
	/* gpumem beyond int32: no request at all. */
	t_ctr(&c, 1, 3000000000LL, -1, -1);
	hami_build_request(&c, &cfg, &r);
	CU_ASSERT_EQUAL(r.nums, 0);
	t_set_profile(&cfg, "hami-v2.9.0");
	hami_build_request(&c, &cfg, &r);
	CU_ASSERT_EQUAL(r.nums, 1);
	CU_ASSERT_EQUAL(r.memreq, (int32_t)(uint32_t)3000000000LL);

	/* The webhook: a percentage over 100, a privileged GPU pod. */
	memset(&w, 0, sizeof w);
	p = t_pod(&w, "p", 1);
	named(&p->ctrs[0], "c0", 1, -1, 150, -1);
	CU_ASSERT_PTR_NULL(hami_admission(p, &cfg, NULL, buf, sizeof buf));
	t_set_profile(&cfg, "hami-v2.10.0");
	CU_ASSERT_PTR_NOT_NULL(hami_admission(p, &cfg, NULL, buf, sizeof buf));
	CU_ASSERT_STRING_EQUAL(buf, "invalid nvidia.com/gpumem-percentage "
	    "value 150 in container c0: must be an integer between 0 and "
	    "100");
	named(&p->ctrs[0], "c0", 1, -1, 50, -1);
	CU_ASSERT_PTR_NULL(hami_admission(p, &cfg, NULL, buf, sizeof buf));
	p->ctrs[0].privileged = 1;
	CU_ASSERT_PTR_NOT_NULL(hami_admission(p, &cfg, NULL, buf, sizeof buf));
	CU_ASSERT_STRING_EQUAL(buf, "container c0 is privileged");
	named(&p->ctrs[0], "c0", -1, -1, -1, -1);
	p->ctrs[0].privileged = 1;
	CU_ASSERT_PTR_NULL(hami_admission(p, &cfg, NULL, buf, sizeof buf));
	/*
	 * Asked for only in requests: MutateAdmission reports a resource
	 * only through defaultExclusiveCoreIfNeeded (no gpucores, the whole
	 * memory).  nvidia.com/gpu 1 and gpumem 8000 in requests: admitted.
	 */
	p->ctrs[0].req[GS_RES_GPU] = (struct gs_resval){ 1, 1, 1 };
	p->ctrs[0].req[GS_RES_GPUMEM] = (struct gs_resval){ 1, 1, 8000 };
	CU_ASSERT_PTR_NULL(hami_admission(p, &cfg, NULL, buf, sizeof buf));
	/* No memory: the card alone, a resource, refused. */
	p->ctrs[0].req[GS_RES_GPUMEM].set = 0;
	CU_ASSERT_PTR_NOT_NULL(hami_admission(p, &cfg, NULL, buf, sizeof buf));
	CU_ASSERT_STRING_EQUAL(buf, "container c0 is privileged");
	/* gpumem-percentage 100 refused, 50 admitted. */
	p->ctrs[0].req[GS_RES_GPUMEM_PCT] = (struct gs_resval){ 1, 1, 100 };
	CU_ASSERT_PTR_NOT_NULL(hami_admission(p, &cfg, NULL, buf, sizeof buf));
	p->ctrs[0].req[GS_RES_GPUMEM_PCT].v = 50;
	CU_ASSERT_PTR_NULL(hami_admission(p, &cfg, NULL, buf, sizeof buf));
	/* Percentage 100 with gpucores 30: not exclusive, admitted. */
	p->ctrs[0].req[GS_RES_GPUMEM_PCT].v = 100;
	p->ctrs[0].req[GS_RES_GPUCORES] = (struct gs_resval){ 1, 1, 30 };
	CU_ASSERT_PTR_NULL(hami_admission(p, &cfg, NULL, buf, sizeof buf));
	gs_workload_release(&w);
	gs_config_release(&cfg);
}

/* Run w on c under profile prof. */
static void
run_as(struct gs_cluster *c, const struct gs_workload *w, const char *prof,
    struct gs_result *res)
{
	struct gs_config	cfg;

	gs_config_init(&cfg);
	t_set_profile(&cfg, prof);
	gs_engine_run(c, w, &cfg, gs_policy_find(prof), NULL, res, NULL);
	gs_config_release(&cfg);
}

/* A cluster of one node with one T4 of mem MiB. */
static void
one_t4(struct gs_cluster *c, int64_t mem)
{
	memset(c, 0, sizeof *c);
	c->nodes = xcalloc(1, sizeof *c->nodes);
	c->nnodes = c->cap = 1;
	t_node(&c->nodes[0], "n", 1, mem, "NVIDIA-Tesla T4");
}

/*
 * One T4 of 16384 MiB; a pod whose init container and container each
 * take 10000 MiB.  v2.9 charges the init container before the container
 * on the same node: 6384 MiB left, pending.  v2.10 fits each from the
 * node's usage and charges the larger, 10000 MiB and one slot.
 */
static void
test_init_containers(void)
{
	static const char *const prof[] = { "hami-v2.8.0", "hami-v2.9.0",
	    "hami-v2.10.0" };
	static const int placed[] = { 1, 0, 1 };
	static const int32_t mem[] = { 10000, 0, 10000 };
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_pod		*p;
	struct gs_config	cfg;
	struct gs_result	res;
	size_t			i;

	for (i = 0; i < 3; i++) {
		one_t4(&c, 16384);
		memset(&w, 0, sizeof w);
		p = t_pod(&w, "p", 1);
		t_ctr(&p->ctrs[0], 1, 10000, -1, -1);
		p->ninit = 1;
		p->init = xcalloc(1, sizeof *p->init);
		named(&p->init[0], "setup", 1, 10000, -1, -1);
		gs_config_init(&cfg);
		t_set_profile(&cfg, prof[i]);
		gs_engine_run(&c, &w, &cfg, gs_policy_find(prof[i]), NULL,
		    &res, NULL);
		CU_ASSERT_EQUAL(res.pl[0].status == GS_PLACED, placed[i]);
		CU_ASSERT_EQUAL(c.nodes[0].devs[0].usedmem, mem[i]);
		CU_ASSERT_EQUAL(c.nodes[0].devs[0].used, placed[i]);
		gs_result_release(&res);
		gs_config_release(&cfg);
		gs_workload_release(&w);
		gs_cluster_release(&c);
	}
}

/*
 * v2.10's CollapseInitContainerUsage by position.  One T4 of 15360 MiB;
 * pod a: an init container asking no GPU, containers of 8000 and 7000
 * MiB on the T4; then pod b of 7000 MiB.  HAMi's NVIDIA list holds only
 * the GPU-asking containers, so the 8000 MiB one sits where the init
 * container would: peak 8000 (one slot) against the sum 7000 (one slot)
 * charges 8000 MiB and 1 slot, and b fits (15000 <= 15360, 2 slots).
 * v2.9 adds everything: 15000 MiB, 2 slots, and b stays pending.
 */
static void
test_collapse_by_position(void)
{
	static const char *const prof[] = { "hami-v2.10.0", "hami-v2.9.0" };
	static const int32_t	 mem_a[] = { 8000, 15000 }, used_a[] = { 1, 2 };
	static const int32_t	 mem_b[] = { 15000, 15000 }, used_b[] = { 2, 2 };
	static const int	 b_placed[] = { 1, 0 };
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_result	 res;
	struct gs_pod		*a;
	size_t			 k;

	for (k = 0; k < 2; k++) {
		one_t4(&c, 15360);
		memset(&w, 0, sizeof w);
		a = t_pod(&w, "a", 2);
		named(&a->ctrs[0], "big", 1, 8000, -1, -1);
		named(&a->ctrs[1], "small", 1, 7000, -1, -1);
		a->ninit = 1;
		a->init = xcalloc(1, sizeof *a->init);
		named(&a->init[0], "setup", -1, -1, -1, -1);
		t_ctr(&t_pod(&w, "b", 1)->ctrs[0], 1, 7000, -1, -1);
		w.npods = 1;		/* pod a alone */
		run_as(&c, &w, prof[k], &res);
		CU_ASSERT_EQUAL(res.pl[0].status, GS_PLACED);
		CU_ASSERT_EQUAL(c.nodes[0].devs[0].usedmem, mem_a[k]);
		CU_ASSERT_EQUAL(c.nodes[0].devs[0].used, used_a[k]);
		gs_engine_release(&c, &res.pl[0], &w.pods[0]);
		gs_result_release(&res);
		w.npods = 2;		/* then a and b */
		run_as(&c, &w, prof[k], &res);
		CU_ASSERT_EQUAL(res.pl[1].status == GS_PLACED, b_placed[k]);
		CU_ASSERT_EQUAL(c.nodes[0].devs[0].usedmem, mem_b[k]);
		CU_ASSERT_EQUAL(c.nodes[0].devs[0].used, used_b[k]);
		gs_result_release(&res);
		gs_workload_release(&w);
		gs_cluster_release(&c);
	}
}

/* v2.10 collapse: init peak 6000 against containers' 2 x 2000 on GPU 0
 * gives 6000 MiB and 2 slots; the init container's GPU 1 gets 1 slot. */
static void
test_collapse(void)
{
	struct gs_cluster	c;
	struct gs_pod		pod;
	struct gs_placement	pl;
	struct gs_grant		ig[2] = {
				    { .dev = 0, .usedmem = 6000,
				    .usedcores = 10 },
				    { .dev = 1, .usedmem = 3000 } };
	struct gs_grant		a0 = { .usedmem = 2000,
				    .usedcores = 30 },
				a1 = { .usedmem = 2000, .usedcores = 30 };
	struct gs_ctr_grant	init = { ig, 2 }, ctrs[2] = { { &a0, 1 },
				    { &a1, 1 } };

	memset(&c, 0, sizeof c);
	c.nodes = xcalloc(1, sizeof *c.nodes);
	c.nnodes = c.cap = 1;
	t_node(&c.nodes[0], "n", 2, 16384, "NVIDIA-Tesla T4");
	memset(&pod, 0, sizeof pod);
	memset(&pl, 0, sizeof pl);
	pl.status = GS_PLACED;
	pl.node = 0;
	pl.ctrs = ctrs;
	pl.nctrs = 2;
	pl.init = &init;
	pl.ninit = 1;
	pl.init_collapse = 1;
	gs_engine_commit(&c, &pl, &pod);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].used, 2);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].usedmem, 6000);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].usedcores, 60);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].used, 1);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].usedmem, 3000);
	gs_engine_release(&c, &pl, &pod);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].used, 0);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].usedmem, 0);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].used, 0);
	pl.init_collapse = 0;		/* v2.9: everything adds up */
	gs_engine_commit(&c, &pl, &pod);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].used, 3);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].usedmem, 10000);
	gs_cluster_release(&c);
}

/* Allocatable nvidia.com/gpu 0 and a Deleted_ handshake 10 s old: v2.9
 * keeps the node's GPUs removed, v2.10 registers them again. */
static void
test_deleted_handshake(void)
{
	struct gs_node	n;

	t_node(&n, "n", 1, 16384, "NVIDIA-Tesla T4");
	n.has_alloc_gpu = 1;
	n.alloc_gpu = 0;
	n.handshake = GS_HS_DELETED;
	n.registered = 0;
	n.hs_refused = 1;
	n.hs_deleted_stale = 0;
	CU_ASSERT_FALSE(hami_node_usable(&n, t_hp("2.9.0")));
	CU_ASSERT_TRUE(hami_node_usable(&n, t_hp("2.10.0")));
	n.hs_deleted_stale = 1;
	CU_ASSERT_TRUE(hami_node_usable(&n, t_hp("2.9.0")));
	/* A stale Requesting_ with no GPUs reported: unusable in both. */
	n.handshake = GS_HS_REQUESTING;
	n.hs_deleted_stale = 0;
	CU_ASSERT_FALSE(hami_node_usable(&n, t_hp("2.9.0")));
	CU_ASSERT_FALSE(hami_node_usable(&n, t_hp("2.10.0")));
	gs_node_release(&n);
}

CU_TestInfo v210_tests[] = {
	{ "Deleted handshake with no GPUs reported", test_deleted_handshake },
	{ "version names", test_version_names },
	{ "score first, NUMA to break ties (#1806)", test_score_first },
	{ "NUMA tie-break", test_numa_tie_break },
	{ "GPU policy chains", test_policy_chains },
	{ "chain order ends on the index", test_chain_order },
	{ "mutex", test_mutex },
	{ "cordon, UUID and type filters", test_cordon_and_filters },
	{ "scoring weights", test_weights },
	{ "requests and the webhook", test_requests },
	{ "init containers by version", test_init_containers },
	{ "init containers collapsed", test_collapse },
	{ "init containers collapsed by position", test_collapse_by_position },
	CU_TEST_INFO_NULL,
};
