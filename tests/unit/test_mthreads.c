/*
 * test_mthreads.c: Mthreads GPUs (the GV_MTHREADS row of
 * core/sched/hami/vendor.c, core/load/cluster.c's capacity devices,
 * core/sched/hami/mthreads.c) against HAMi v2.6.1 to v2.10.0's
 * pkg/device/mthreads/device.go: GetNodeDevices, MutateAdmission,
 * GenerateResourceRequests, customFilterRule; values worked out by hand.
 */
#include <stdio.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/hami/hami.h"
#include "../../core/sched/hami/vendor.h"

/* A Node 'm' of capacity sgpu-core cores and sgpu-memory mem. */
static int
load_mt(const char *cores, const char *mem, struct gs_cluster *c,
    struct gs_error *err)
{
	char	doc[256];

	snprintf(doc, sizeof doc, "kind: Node\nmetadata: {name: m}\n"
	    "status:\n  capacity: {mthreads.com/sgpu-core: '%s', "
	    "mthreads.com/sgpu-memory: '%s'}\n", cores, mem);
	return t_load_cluster(doc, c, err);
}

/*
 * GetNodeDevices: one device per 16 cores (i*16 < cores), Count 100,
 * Devcore 16, Devmem memoryTotal*512*16/cores: 32 cores and 192 units
 * are two GPUs of 49152 MiB; 24 cores and 48 units two of
 * 48*512*16/24 = 16384 MiB.
 */
static void
test_mthreads_registration(void)
{
	struct gs_cluster	c;
	struct gs_error		err;

	CU_ASSERT_EQUAL_FATAL(load_mt("32", "192", &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(c.nodes[0].ndevs, 2);
	CU_ASSERT_STRING_EQUAL(c.nodes[0].devs[1].id, "m-mthreads-1");
	CU_ASSERT_STRING_EQUAL(c.nodes[0].devs[1].type, "Mthreads");
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].count, 100);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].devcore, 16);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].devmem, 49152);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].vendor, GV_MTHREADS);
	gs_cluster_release(&c);
	CU_ASSERT_EQUAL_FATAL(load_mt("24", "48", &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(c.nodes[0].ndevs, 2);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].devmem, 16384);
	gs_cluster_release(&c);
	/* No cores: no devices (v2.7+ GetNodeDevices errors out). */
	CU_ASSERT_EQUAL_FATAL(load_mt("0", "96", &c, &err), 0);
	CU_ASSERT_EQUAL(c.nodes[0].ndevs, 0);
	gs_cluster_release(&c);
	CU_ASSERT(gs_vendor_registered(GV_MTHREADS, t_hp("2.6.1")));
	CU_ASSERT(gs_vendor_registered(GV_MTHREADS, t_hp("2.10.0")));
}

/* A container asking count, memory and cores in limits (-1: not) and
 * count in requests (rcount, -1: not), under profile; why gets the
 * webhook's refusal ("" when none).  The pod has one annotation (t_creq's
 * vnpu-mode: any makes the map) unless bare. */
static struct hami_creq
mt_creq_pod(int64_t count, int64_t mem, int64_t cores, int64_t rcount,
    const char *profile, int bare, char *why, size_t len)
{
	struct gs_container	c;
	const int64_t		v[] = { count, mem, cores };
	size_t			i;

	memset(&c, 0, sizeof c);
	for (i = 0; i < 3; i++)
		if (v[i] >= 0) {
			c.lim[GS_RES_MTHREADS + i].set = 1;
			c.lim[GS_RES_MTHREADS + i].ok = 1;
			c.lim[GS_RES_MTHREADS + i].v = v[i];
		}
	if (rcount >= 0) {
		c.req[GS_RES_MTHREADS].set = c.req[GS_RES_MTHREADS].ok = 1;
		c.req[GS_RES_MTHREADS].v = rcount;
	}
	return t_creq(&c, profile, bare ? NULL : "none", why, len);
}

static struct hami_creq
mt_creq(int64_t count, int64_t mem, int64_t cores, int64_t rcount,
    const char *profile, char *why, size_t len)
{
	return mt_creq_pod(count, mem, cores, rcount, profile, 0, why, len);
}

/*
 * MutateAdmission, then GenerateResourceRequests (memory x512 and cores,
 * each divided by the count).
 */
static void
test_mthreads_request(void)
{
	struct hami_creq	r;
	char			why[160];

	/* One GPU, no memory: 16 cores, 96 units = 49152 MiB. */
	r = mt_creq(1, -1, -1, -1, "hami-v2.6.1", why, sizeof why);
	t_assert_one_req(&r, &(struct hami_req){ 1, 49152, 0, 16,
	    GV_MTHREADS });
	CU_ASSERT_STRING_EQUAL(why, "");
	/* Two GPUs: the webhook writes 32 cores and 192 units over the 8
	 * asked; per GPU 192*512/2 = 49152 MiB and 32/2 = 16 cores. */
	r = mt_creq(2, 8, 4, -1, "hami-v2.9.0", why, sizeof why);
	t_assert_one_req(&r, &(struct hami_req){ 2, 49152, 0, 16,
	    GV_MTHREADS });
	/* One GPU of 8 units and 4 cores, as asked. */
	r = mt_creq(1, 8, 4, -1, "hami-v2.10.0", why, sizeof why);
	t_assert_one_req(&r, &(struct hami_req){ 1, 4096, 0, 4,
	    GV_MTHREADS });
	/* The count in requests: up to v2.9 the webhook does not see it
	 * (the whole memory by percentage, no cores); v2.10 does. */
	r = mt_creq(-1, -1, -1, 1, "hami-v2.9.0", why, sizeof why);
	t_assert_one_req(&r, &(struct hami_req){ 1, 0, 100, 0, GV_MTHREADS });
	r = mt_creq(-1, -1, -1, 1, "hami-v2.10.0", why, sizeof why);
	t_assert_one_req(&r, &(struct hami_req){ 1, 49152, 0, 16,
	    GV_MTHREADS });
	/* Three GPUs asked in requests, v2.10: 48 cores and 288 units in
	 * limits, 288*512/3 = 49152 MiB and 16 cores each. */
	r = mt_creq(-1, -1, -1, 3, "hami-v2.10.0", why, sizeof why);
	t_assert_one_req(&r, &(struct hami_req){ 3, 49152, 0, 16,
	    GV_MTHREADS });
}

/* The webhook's refusals: an sGPU size outside legalMemoryslices (the
 * message as each release words it), v2.10's count below 1. */
static void
test_mthreads_webhook(void)
{
	char	why[160];

	(void)mt_creq(1, 3, -1, -1, "hami-v2.6.1", why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why, "sGPU memory request value is invalid, "
	    "valid values are [1, 2, 4, 8, 16, 32, 64, 96]");
	(void)mt_creq(1, 1, -1, -1, "hami-v2.10.0", why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why, "sGPU memory request value is invalid, "
	    "valid values are [2, 4, 8, 16, 32, 64, 96]");
	(void)mt_creq(1, 96, -1, -1, "hami-v2.10.0", why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why, "");
	/* Two GPUs: the size is not checked (the webhook overwrites it). */
	(void)mt_creq(2, 3, -1, -1, "hami-v2.6.1", why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why, "");
	(void)mt_creq(-1, -1, -1, 0, "hami-v2.10.0", why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why, "mthreads.com/vgpu must be greater than 0");
	(void)mt_creq(-1, -1, -1, 0, "hami-v2.9.0", why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why, "");
}

/*
 * Several GPUs for a pod without annotations: up to v2.9 MutateAdmission
 * writes into the nil map and panics.  v2.7-v2.9's controller-runtime
 * answers with the recovered panic (refused); v2.6.1's drops the call,
 * failurePolicy Ignore admits the pod unmutated and it is not HAMi's;
 * v2.10 makes the map.
 */
static void
test_mthreads_panic(void)
{
	struct gs_workload	w;
	struct gs_pod		*p;
	struct gs_config	cfg;
	char			why[160];

	(void)mt_creq_pod(2, -1, -1, -1, "hami-v2.9.0", 1, why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why,
	    "panic: assignment to entry in nil map [recovered]");
	(void)mt_creq_pod(2, -1, -1, -1, "hami-v2.7.0", 1, why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why, hami_mthreads_panic);
	(void)mt_creq_pod(2, -1, -1, -1, "hami-v2.6.1", 1, why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why, "");
	(void)mt_creq_pod(2, -1, -1, -1, "hami-v2.10.0", 1, why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why, "");
	/* One GPU writes no annotation: no panic. */
	(void)mt_creq_pod(1, -1, -1, -1, "hami-v2.9.0", 1, why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why, "");
	memset(&w, 0, sizeof w);
	p = t_pod(&w, "p", 1);
	p->ctrs[0].lim[GS_RES_MTHREADS].set = 1;
	p->ctrs[0].lim[GS_RES_MTHREADS].ok = 1;
	p->ctrs[0].lim[GS_RES_MTHREADS].v = 2;
	gs_config_init(&cfg);
	CU_ASSERT_FALSE(hami_webhook_claims(p, &cfg, NULL));	/* v2.6.1 */
	t_set_profile(&cfg, "hami-v2.9.0");
	CU_ASSERT_TRUE(hami_webhook_claims(p, &cfg, NULL));
	gs_kv_set(&p->annotations, "a", "b");
	t_set_profile(&cfg, "hami-v2.6.1");
	CU_ASSERT_TRUE(hami_webhook_claims(p, &cfg, NULL));
	gs_config_release(&cfg);
	gs_workload_release(&w);
}

/*
 * customFilterRule on two GPUs of 49152 MiB: a container of 4096 MiB
 * takes m-mthreads-1 (tried first); the next of the pod, 45057 MiB,
 * finds 45056 free there (CardInsufficientMemory) and m-mthreads-0
 * refused (not the earlier grant's).  Another pod of two GPUs takes
 * both; its next container is refused on both.
 */
static void
test_mthreads_custom_filter(void)
{
	struct gs_cluster	c;
	struct gs_error		err;
	struct t_pfit		x;

	CU_ASSERT_EQUAL_FATAL(load_mt("32", "192", &c, &err), 0);
	t_pfit_init(&x, &c.nodes[0],
	    &(struct hami_req){ 1, 4096, 0, 4, GV_MTHREADS });
	CU_ASSERT_TRUE(t_pfit(&x));
	CU_ASSERT_EQUAL(x.g[0].dev, 1);
	CU_ASSERT_EQUAL(x.s.mthreads_on, 2);
	/* The same GPU again passes the rule. */
	CU_ASSERT_TRUE(t_pfit(&x));
	CU_ASSERT_EQUAL(x.g[0].dev, 1);
	x.r.r[0].memreq = 49152 - 2 * 4096 + 1;
	CU_ASSERT_FALSE(t_pfit(&x));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_INSUFFICIENT_MEMORY], 1);
	CU_ASSERT_EQUAL(x.counts[HR_CARD_NOT_FOUND_CUSTOM_FILTER_RULE], 1);
	/* Another pod (the caller clears the rule's memory) of two GPUs
	 * takes both; its next container is refused on both. */
	hami_scratch_load(&x.s, &c.nodes[0], x.f.gpu_binpack);
	x.s.mthreads_on = 0;
	x.r.nums = x.r.r[0].nums = 2;
	x.r.r[0].memreq = 1024;
	CU_ASSERT_TRUE(t_pfit(&x));
	CU_ASSERT_EQUAL(x.s.mthreads_on, -1);
	x.r.nums = x.r.r[0].nums = 1;
	CU_ASSERT_FALSE(t_pfit(&x));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_NOT_FOUND_CUSTOM_FILTER_RULE], 2);
	t_pfit_release(&x);
	gs_cluster_release(&c);
}

CU_TestInfo mthreads_tests[] = {
	{ "Mthreads registration from capacity", test_mthreads_registration },
	{ "Mthreads webhook and requests", test_mthreads_request },
	{ "Mthreads webhook refusals", test_mthreads_webhook },
	{ "Mthreads webhook panic (nil annotations)", test_mthreads_panic },
	{ "Mthreads customFilterRule", test_mthreads_custom_filter },
	CU_TEST_INFO_NULL
};
