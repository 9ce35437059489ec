/*
 * test_kunlun.c: Kunlun's whole XPUs (the GV_KUNLUN row of
 * core/sched/hami/vendor.c, core/sched/hami/kunlun.c) against HAMi v2.7.0
 * to v2.10.0's pkg/device/kunlun/device.go and topo.go: GetNodeDevices,
 * GenerateResourceRequests, graghSelect, Fit, AddResourceUsage and
 * ScoreNode's calcscore; values worked out by hand.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/hami/hami.h"
#include "../../core/sched/hami/vendor.h"
#include "../../core/util/util.h"

static const int ident[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };

/* A Node 'k' of capacity kunlunxin.com/xpu cap. */
static int
load_xpu(const char *cap, struct gs_cluster *c, struct gs_error *err)
{
	return t_load_capacity("k", "kunlunxin.com/xpu", cap, c, err);
}

/* GetNodeDevices: "<node>-kunlun-<i>", Count 100, Devmem 98304, Devcore
 * 100, NUMA 1 from i >= cards/2 (3 cards: 1 and 2); v2.7.0 on. */
static void
test_xpu_registration(void)
{
	struct gs_cluster	c;
	struct gs_error		err;
	const struct gs_device	*d;

	CU_ASSERT_EQUAL_FATAL(load_xpu("8", &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(c.nodes[0].ndevs, 8);
	d = c.nodes[0].devs;
	CU_ASSERT_STRING_EQUAL(d[5].id, "k-kunlun-5");
	CU_ASSERT_STRING_EQUAL(d[5].type, "kunlun");
	CU_ASSERT_EQUAL(d[5].count, 100);
	CU_ASSERT_EQUAL(d[5].devmem, 98304);
	CU_ASSERT_EQUAL(d[5].devcore, 100);
	CU_ASSERT_EQUAL(d[3].numa, 0);
	CU_ASSERT_EQUAL(d[4].numa, 1);
	CU_ASSERT_EQUAL(d[5].vendor, GV_KUNLUN);
	gs_cluster_release(&c);
	CU_ASSERT_EQUAL_FATAL(load_xpu("3", &c, &err), 0);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].numa, 0);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].numa, 1);
	gs_cluster_release(&c);
	CU_ASSERT_FALSE(gs_vendor_registered(GV_KUNLUN, t_hp("2.6.1")));
	CU_ASSERT(gs_vendor_registered(GV_KUNLUN, t_hp("2.7.0")));
	CU_ASSERT(gs_vendor_registered(GV_KUNLUN, t_hp("2.10.0")));
}

/* GenerateResourceRequests: Nums, Memreq 0, MemPercentagereq 100,
 * Coresreq 0 (limits, else requests); not HAMi's before v2.7. */
static void
test_xpu_request(void)
{
	struct hami_creq	r;

	r = t_res_creq(GS_RES_KUNLUN, 4, 0, "hami-v2.7.0");
	t_assert_one_req(&r, &(struct hami_req){ 4, 0, 100, 0, GV_KUNLUN });
	r = t_res_creq(GS_RES_KUNLUN, 2, 1, "hami-v2.10.0");
	t_assert_one_req(&r, &(struct hami_req){ 2, 0, 100, 0, GV_KUNLUN });
	r = t_res_creq(GS_RES_KUNLUN, 1, 1, "hami-v2.6.1");
	CU_ASSERT_EQUAL(r.n, 0);
}

/* graghSelect on the wings (sorted positions 0-3 and 4-7). */
static void
test_xpu_wings(void)
{
	int	fit[8] = { 1, 1, 1, 1, 1, 1, 1, 1 }, out[8];
	/* Sorted as 4..7, 0..3: the left wing holds Index 4 to 7. */
	int	swapped[8] = { 4, 5, 6, 7, 0, 1, 2, 3 };

	/* 1 of 4+4 free: slots 1..4 look for 1, 3, 2, then 4 free: the
	 * left wing's (4) first position. */
	CU_ASSERT_EQUAL(hami_kunlun_select(ident, fit, 8, 1, out), 1);
	CU_ASSERT_EQUAL(out[0], 0);
	/* Index 0 used: the left wing has 3 free, which slots 2 (num 3)
	 * finds before the right wing's 4: Index 1. */
	fit[0] = 0;
	CU_ASSERT_EQUAL(hami_kunlun_select(ident, fit, 8, 1, out), 1);
	CU_ASSERT_EQUAL(out[0], 1);
	/* 2 with left 3, right 4: slots 3 finds the left wing's 3: its
	 * first two fitting positions, by position not Index. */
	CU_ASSERT_EQUAL(hami_kunlun_select(swapped, fit, 8, 2, out), 2);
	CU_ASSERT_EQUAL(out[0], 5);
	CU_ASSERT_EQUAL(out[1], 6);
	/* 4 with left 3, right 4: the right wing (positions 4-7). */
	CU_ASSERT_EQUAL(hami_kunlun_select(ident, fit, 8, 4, out), 4);
	CU_ASSERT_EQUAL(out[0], 4);
	CU_ASSERT_EQUAL(out[3], 7);
	/* 8 needs all 8 free; 3 never fits. */
	CU_ASSERT_EQUAL(hami_kunlun_select(ident, fit, 8, 8, out), 0);
	fit[0] = 1;
	CU_ASSERT_EQUAL(hami_kunlun_select(swapped, fit, 8, 8, out), 8);
	CU_ASSERT_EQUAL(out[0], 0);
	CU_ASSERT_EQUAL(out[7], 7);
	CU_ASSERT_EQUAL(hami_kunlun_select(ident, fit, 8, 3, out), 0);
}

/* interconnect: neither wing holds the request. */
static void
test_xpu_links(void)
{
	int	fit[8] = { 1, 0, 0, 0, 1, 0, 0, 0 }, out[8];

	/* 2: Index 0 and 4 are linked (InterGroupConnection 0-4). */
	CU_ASSERT_EQUAL(hami_kunlun_select(ident, fit, 8, 2, out), 2);
	CU_ASSERT_EQUAL(out[0], 0);
	CU_ASSERT_EQUAL(out[1], 4);
	/* 0 and 5 are not. */
	fit[4] = 0;
	fit[5] = 1;
	CU_ASSERT_EQUAL(hami_kunlun_select(ident, fit, 8, 2, out), 0);
	/* 4 of 0,1,2 | 4,5,7 (3 + 3): 0-1-4-5 holds; its left over 2, 7
	 * are not linked and no other group holds: 0-1-4-5 still. */
	memcpy(fit, (int[8]){ 1, 1, 1, 0, 1, 1, 0, 1 }, sizeof fit);
	CU_ASSERT_EQUAL(hami_kunlun_select(ident, fit, 8, 4, out), 4);
	CU_ASSERT_EQUAL(out[0], 0);
	CU_ASSERT_EQUAL(out[1], 1);
	CU_ASSERT_EQUAL(out[2], 4);
	CU_ASSERT_EQUAL(out[3], 5);
	/* 4 of 1,2,3 | 5,6 (5 free): 1-2-5-6 is the first that holds. */
	memcpy(fit, (int[8]){ 0, 1, 1, 1, 0, 1, 1, 0 }, sizeof fit);
	CU_ASSERT_EQUAL(hami_kunlun_select(ident, fit, 8, 4, out), 4);
	CU_ASSERT_EQUAL(out[0], 1);
	CU_ASSERT_EQUAL(out[3], 6);
	/* 4 of 0,1,2 | 4,7: no group. */
	memcpy(fit, (int[8]){ 1, 1, 1, 0, 1, 0, 0, 1 }, sizeof fit);
	CU_ASSERT_EQUAL(hami_kunlun_select(ident, fit, 8, 4, out), 0);
}

/*
 * Fit on 8 XPUs: the whole card (98304 MiB, 100 cores); a refusal is
 * "1/1 NumaNotFit" up to v2.9, out of the 8 in v2.10; AddResourceUsage
 * charges the slot alone.
 */
static void
test_xpu_fit(void)
{
	struct gs_cluster	c;
	struct gs_error		err;
	struct t_pfit		x;

	CU_ASSERT_EQUAL_FATAL(load_xpu("8", &c, &err), 0);
	t_pfit_init(&x, &c.nodes[0],
	    &(struct hami_req){ 2, 0, 100, 0, GV_KUNLUN });
	t_pfit_profile(&x, "hami-v2.7.0");
	CU_ASSERT_TRUE_FATAL(t_pfit(&x));
	CU_ASSERT_EQUAL(x.s.ngrants, 2);
	CU_ASSERT_EQUAL(x.g[0].usedmem, 98304);
	CU_ASSERT_EQUAL(x.g[0].usedcores, 100);
	CU_ASSERT_EQUAL(x.s.devs[x.g[0].dev].used, 1);
	CU_ASSERT_EQUAL(x.s.devs[x.g[0].dev].usedmem, 0);
	CU_ASSERT_EQUAL(x.s.devs[x.g[0].dev].usedcores, 0);
	x.r.nums = x.r.r[0].nums = 3;
	CU_ASSERT_FALSE(t_pfit(&x));
	CU_ASSERT_EQUAL(x.counts[HR_NUMA_NOT_FIT], 1);
	CU_ASSERT_EQUAL(x.s.cards, 1);
	t_pfit_profile(&x, "hami-v2.10.0");
	CU_ASSERT_FALSE(t_pfit(&x));
	CU_ASSERT_EQUAL(x.counts[HR_NUMA_NOT_FIT], 1);
	CU_ASSERT_EQUAL(x.s.cards, 8);
	t_pfit_release(&x);
	gs_cluster_release(&c);
}

/*
 * v2.10's UUID filters: baidu.com/use-gpuuuid lists two XPUs, so 6 are
 * CardUuidMismatch when 4 are asked; up to v2.9 the filters are not read.
 */
static void
test_xpu_uuid(void)
{
	struct gs_cluster	c;
	struct gs_error		err;
	struct t_pfit		x;

	CU_ASSERT_EQUAL_FATAL(load_xpu("8", &c, &err), 0);
	t_pfit_init(&x, &c.nodes[0],
	    &(struct hami_req){ 4, 0, 100, 0, GV_KUNLUN });
	gs_kv_set(&x.pod.annotations, "baidu.com/use-gpuuuid",
	    "k-kunlun-0, k-kunlun-4");
	t_pfit_profile(&x, "hami-v2.10.0");
	CU_ASSERT_FALSE(t_pfit(&x));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_UUID_MISMATCH], 6);
	CU_ASSERT_EQUAL(x.counts[HR_NUMA_NOT_FIT], 0);
	CU_ASSERT_EQUAL(x.s.cards, 8);
	/* 2 of the two allowed: linked 0-4. */
	x.r.nums = x.r.r[0].nums = 2;
	CU_ASSERT_TRUE(t_pfit(&x));
	CU_ASSERT_STRING_EQUAL(c.nodes[0].devs[x.g[0].dev].id, "k-kunlun-0");
	CU_ASSERT_STRING_EQUAL(c.nodes[0].devs[x.g[1].dev].id, "k-kunlun-4");
	t_pfit_profile(&x, "hami-v2.9.0");
	hami_scratch_load(&x.s, &c.nodes[0], x.f.gpu_binpack);
	x.r.nums = x.r.r[0].nums = 4;
	CU_ASSERT_TRUE(t_pfit(&x));
	t_pfit_release(&x);
	gs_cluster_release(&c);
}

/* The pod's grants as ScoreNode's podDevices: one container. */
static float
score_of(const struct gs_node *n, const int *devs, int ndevs)
{
	struct hami_creq	r;
	struct gs_grant		g[8];
	int			tg[1][HAMI_MAX_TYPES];
	int			i;

	memset(&r, 0, sizeof r);
	memset(g, 0, sizeof g);
	memset(tg, 0, sizeof tg);
	r.n = 1;
	r.r[0] = (struct hami_req){ ndevs, 0, 100, 0, GV_KUNLUN };
	tg[0][0] = ndevs;
	for (i = 0; i < ndevs; i++)
		g[i].dev = devs[i];
	return hami_kunlun_node_score(n, &r, 1, g, 8,
	    (const int (*)[HAMI_MAX_TYPES])tg, t_hp("2.7.0"));
}

/*
 * calcscore: countbubble is 1 for none, else getvalue(left) +
 * getvalue(right) by Index < 4 (4 -> 0, 1 -> 2, else 1); the difference
 * cur - prev gives -1: 3000, 0: 2000, 1: 1000, 2: 0.
 */
static void
test_xpu_score(void)
{
	struct gs_cluster	c;
	struct gs_error		err;
	struct gs_node		*n;

	CU_ASSERT_EQUAL_FATAL(load_xpu("8", &c, &err), 0);
	n = &c.nodes[0];
	/* prev none (1); cur {0}: 2 + 1 = 3; +2: 0. */
	CU_ASSERT_EQUAL(score_of(n, (int[]){ 0 }, 1), 0);
	/* cur {0..3}: 0 + 1 = 1; 0: 2000. */
	CU_ASSERT_EQUAL(score_of(n, (int[]){ 0, 1, 2, 3 }, 4), 2000);
	/* prev {0} (3); cur {1, 2}: 1 + 1 = 2; -1: 3000. */
	n->devs[0].used = 1;
	CU_ASSERT_EQUAL(score_of(n, (int[]){ 1, 2 }, 2), 3000);
	/* prev {0} (3); cur {4..7}: 1 + 0 = 1; -2: 1000. */
	CU_ASSERT_EQUAL(score_of(n, (int[]){ 4, 5, 6, 7 }, 4), 1000);
	/* A device of another type on the node: 0. */
	free(n->devs[7].type);
	n->devs[7].type = xstrdup("NVIDIA-A100");
	CU_ASSERT_EQUAL(score_of(n, (int[]){ 1, 2 }, 2), 0);
	gs_cluster_release(&c);
}

/*
 * vXPU GenerateResourceRequests: trimMemory 20000 -> 24576 (cores
 * 24576 * 100 / 98304 = 25), 50000 -> 98304 (100), no memory: 98304,
 * 100 cores, MemPercentagereq 100.
 */
static void
test_vxpu_request(void)
{
	struct hami_req		r;
	struct gs_resval	n = { 1, 1, 2 }, m = { 1, 1, 20000 };
	struct gs_resval	none = { 0, 0, 0 };

	hami_kunlun_vxpu_request(&n, &m, &r);
	CU_ASSERT_EQUAL(r.nums, 2);
	CU_ASSERT_EQUAL(r.memreq, 24576);
	CU_ASSERT_EQUAL(r.coresreq, 25);
	CU_ASSERT_EQUAL(r.mempct, 0);
	CU_ASSERT_EQUAL(r.vendor, GV_KUNLUN_XPU);
	m.v = 50000;
	hami_kunlun_vxpu_request(&n, &m, &r);
	CU_ASSERT_EQUAL(r.memreq, 98304);
	CU_ASSERT_EQUAL(r.coresreq, 100);
	hami_kunlun_vxpu_request(&n, &none, &r);
	CU_ASSERT_EQUAL(r.memreq, 98304);
	CU_ASSERT_EQUAL(r.coresreq, 100);
	CU_ASSERT_EQUAL(r.mempct, 100);
	hami_kunlun_vxpu_request(&none, &m, &r);
	CU_ASSERT_EQUAL(r.nums, 0);
}

/*
 * FitVXPU on one XPU holding two vXPUs of 49152 MiB: a third of 49152
 * averages the same and fits in v2.7 (147456 of 98304 MiB); from v2.8
 * the memory bound refuses it ("1/1 NumaNotFit"); 24576 never fits there.
 */
static void
test_vxpu_fit(void)
{
	struct t_fit	 x;
	struct hami_req	 r = { 1, 49152, 0, 50, GV_KUNLUN_XPU };
	struct gs_device *d;

	d = t_fit_vendor(&x, "hami-v2.7.0", GV_KUNLUN_XPU, "XPU", 98304, 4);
	d->used = 2;
	d->usedmem = 98304;
	d->usedcores = 100;
	CU_ASSERT_TRUE(t_fit_req(&x, &r));
	CU_ASSERT_EQUAL(x.g[0].usedmem, 49152);
	CU_ASSERT_EQUAL(x.g[0].usedcores, 50);
	t_set_profile(&x.cfg, "hami-v2.8.0");
	CU_ASSERT_FALSE(t_fit_req(&x, &r));
	CU_ASSERT_EQUAL(x.counts[HR_NUMA_NOT_FIT], 1);
	t_set_profile(&x.cfg, "hami-v2.7.0");
	r.memreq = 24576;
	CU_ASSERT_FALSE(t_fit_req(&x, &r));
	t_fit_release(&x);
}

/*
 * v2.10 under the mutex GPU policy: an XPU holding one vXPU of 49152 MiB,
 * which FitVXPU would share, is refused and counted
 * ExclusiveDeviceAllocateConflict (1/1: the node's one XPU); without
 * mutex it is shared.
 */
static void
test_vxpu_mutex(void)
{
	struct t_fit	 x;
	struct hami_req	 r = { 1, 49152, 0, 50, GV_KUNLUN_XPU };
	struct gs_device *d;

	d = t_fit_vendor(&x, "hami-v2.10.0", GV_KUNLUN_XPU, "XPU", 98304, 4);
	d->used = 1;
	d->usedmem = 49152;
	d->usedcores = 50;
	CU_ASSERT_TRUE(t_fit_req(&x, &r));
	gs_config_set_policies(&x.cfg, NULL, "mutex");
	CU_ASSERT_FALSE(t_fit_req(&x, &r));
	CU_ASSERT_EQUAL(x.counts[HR_EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT], 1);
	CU_ASSERT_EQUAL(x.counts[HR_NUMA_NOT_FIT], 0);
	CU_ASSERT_EQUAL(x.s.cards, 1);
	t_fit_release(&x);
}

CU_TestInfo kunlun_tests[] = {
	{ "Kunlun XPU registration from capacity", test_xpu_registration },
	{ "Kunlun XPU requests", test_xpu_request },
	{ "Kunlun graghSelect: the wings by position", test_xpu_wings },
	{ "Kunlun graghSelect: linked pairs and groups", test_xpu_links },
	{ "Kunlun Fit: whole cards, reasons per version", test_xpu_fit },
	{ "Kunlun Fit: v2.10 UUID filters", test_xpu_uuid },
	{ "Kunlun ScoreNode: calcscore", test_xpu_score },
	{ "Kunlun vXPU requests", test_vxpu_request },
	{ "Kunlun vXPU Fit: average and memory bound", test_vxpu_fit },
	{ "Kunlun vXPU Fit: v2.10 mutex", test_vxpu_mutex },
	CU_TEST_INFO_NULL
};
