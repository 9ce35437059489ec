/*
 * test_enflame.c: Enflame's whole GCUs (the GV_ENFLAME_GCU row of
 * core/sched/hami/vendor.c, its Fit in core/sched/hami/vendor_fit.c)
 * against HAMi v2.7.0 to v2.10.0's pkg/device/enflame/gcu.go:
 * GetNodeDevices, GenerateResourceRequests, Fit; and the shared vGCU
 * (GV_ENFLAME_VGCU, core/sched/hami/enflame.c) against v2.6.1 to
 * v2.9.0's pkg/device/enflame/device.go: GetNodeDevices, the factor,
 * MutateAdmission's rounding, GenerateResourceRequests.  Values worked
 * out by hand.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/hami/hami.h"
#include "../../core/sched/hami/vendor.h"

/* A Node 'g' of capacity enflame.com/gcu cap. */
static int
load_gcu(const char *cap, struct gs_cluster *c, struct gs_error *err)
{
	return t_load_capacity("g", "enflame.com/gcu", cap, c, err);
}

/* GetNodeDevices: "<node>-GCU-<i>", count 1, Devmem 100, Devcore 100;
 * registered from v2.7.0. */
static void
test_gcu_registration(void)
{
	struct gs_cluster	c;
	struct gs_error		err;

	CU_ASSERT_EQUAL_FATAL(load_gcu("2", &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(c.nodes[0].ndevs, 2);
	CU_ASSERT_STRING_EQUAL(c.nodes[0].devs[1].id, "g-GCU-1");
	CU_ASSERT_STRING_EQUAL(c.nodes[0].devs[1].type, "GCU");
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].count, 1);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].devmem, 100);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].devcore, 100);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].vendor, GV_ENFLAME_GCU);
	gs_cluster_release(&c);
	CU_ASSERT_FALSE(gs_vendor_registered(GV_ENFLAME_GCU, t_hp("2.6.1")));
	CU_ASSERT(gs_vendor_registered(GV_ENFLAME_GCU, t_hp("2.7.0")));
	CU_ASSERT(gs_vendor_registered(GV_ENFLAME_GCU, t_hp("2.10.0")));
}

/* GenerateResourceRequests: Nums, Memreq 100, MemPercentagereq 100,
 * Coresreq 100; not HAMi's before v2.7. */
static void
test_gcu_request(void)
{
	struct hami_creq	r;

	r = t_res_creq(GS_RES_ENFLAME_GCU, 2, 0, "hami-v2.7.0");
	t_assert_one_req(&r, &(struct hami_req){ 2, 100, 100, 100,
	    GV_ENFLAME_GCU });
	r = t_res_creq(GS_RES_ENFLAME_GCU, 1, 1, "hami-v2.6.1");
	CU_ASSERT_EQUAL(r.n, 0);
}

/*
 * Fit: a used GCU is refused (ExclusiveDeviceAllocateConflict) even
 * with slots left; an idle one is granted 100 MiB and 100 cores.
 */
static void
test_gcu_fit(void)
{
	struct t_fit	 x;
	struct hami_req	 r = { 1, 100, 100, 100, GV_ENFLAME_GCU };
	struct gs_device *d;

	d = t_fit_vendor(&x, "hami-v2.7.0", GV_ENFLAME_GCU, "GCU", 100, 4);
	d->used = 1;
	CU_ASSERT_FALSE(t_fit_req(&x, &r));
	CU_ASSERT_EQUAL(x.counts[HR_EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT], 1);
	d->used = 0;
	CU_ASSERT_TRUE(t_fit_req(&x, &r));
	CU_ASSERT_EQUAL(x.g[0].usedmem, 100);
	CU_ASSERT_EQUAL(x.g[0].usedcores, 100);
	t_fit_release(&x);
}

/*
 * Three GCUs, one taken by a first container: a second asking three
 * gets two.  gcu.go's AllocatedCardsInsufficientRequest is len(tmpDevs),
 * the types (1), in v2.10 too (NVIDIA's counts the devices there).
 */
static void
test_gcu_insufficient(void)
{
	struct gs_cluster	c;
	struct gs_error		err;
	struct t_pfit		x;

	CU_ASSERT_EQUAL_FATAL(load_gcu("3", &c, &err), 0);
	t_pfit_init(&x, &c.nodes[0],
	    &(struct hami_req){ 1, 100, 100, 100, GV_ENFLAME_GCU });
	t_pfit_profile(&x, "hami-v2.10.0");
	CU_ASSERT_TRUE(t_pfit(&x));
	x.r.nums = x.r.r[0].nums = 3;
	CU_ASSERT_FALSE(t_pfit(&x));
	CU_ASSERT_EQUAL(x.counts[HR_EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT], 1);
	CU_ASSERT_EQUAL(x.counts[HR_ALLOCATED_CARDS_INSUFFICIENT_REQUEST], 1);
	t_pfit_release(&x);
	gs_cluster_release(&c);
}

/* A Node 'name' of capacity enflame.com/gcu-count and shared-gcu (NULL:
 * absent), as a List item. */
static void
vgcu_node(char *buf, size_t len, const char *name, const char *count,
    const char *shared)
{
	size_t	n = strlen(buf);

	snprintf(buf + n, len - n, "- kind: Node\n  metadata: {name: %s}\n"
	    "  status:\n    capacity: {enflame.com/gcu-count: '%s'%s%s%s}\n",
	    name, count, shared ? ", enflame.com/shared-gcu: '" : "",
	    shared ? shared : "", shared ? "'" : "");
}

static int
load_list(const char *items, struct gs_cluster *c, struct gs_error *err)
{
	char	doc[1024];

	snprintf(doc, sizeof doc, "kind: List\nitems:\n%s", items);
	return t_load_cluster(doc, c, err);
}

/*
 * GetNodeDevices (device.go, v2.6.1 to v2.9.0): enflame.com/gcu-count
 * devices "<node>-enflame-<i>" of count 100, Devmem 100, Devcore 100,
 * type Enflame; enflame.com/shared-gcu kept on the node.
 */
static void
test_vgcu_registration(void)
{
	struct gs_cluster	 c;
	struct gs_error		 err;
	const struct gs_device	*d;
	char			 items[512] = "";

	vgcu_node(items, sizeof items, "g", "2", "6");
	CU_ASSERT_EQUAL_FATAL(load_list(items, &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(c.nodes[0].ndevs, 2);
	d = &c.nodes[0].devs[1];
	CU_ASSERT_STRING_EQUAL(d->id, "g-enflame-1");
	CU_ASSERT_STRING_EQUAL(d->type, "Enflame");
	CU_ASSERT_EQUAL(d->index, 1);
	CU_ASSERT_EQUAL(d->count, 100);
	CU_ASSERT_EQUAL(d->devmem, 100);
	CU_ASSERT_EQUAL(d->devcore, 100);
	CU_ASSERT_EQUAL(d->vendor, GV_ENFLAME_VGCU);
	CU_ASSERT_EQUAL(c.nodes[0].vgcu_shared, 6);
	gs_cluster_release(&c);
	CU_ASSERT(gs_vendor_registered(GV_ENFLAME_VGCU, t_hp("2.6.1")));
	CU_ASSERT(gs_vendor_registered(GV_ENFLAME_VGCU, t_hp("2.9.0")));
	CU_ASSERT_FALSE(gs_vendor_registered(GV_ENFLAME_VGCU, t_hp("2.10.0")));
}

/*
 * EnflameDevices.factor, int(shared / cards), from the last listed node
 * with vGCUs: a (8/2 = 4), x (none: gcu-count 0), b (10/3 = 3 in Go's
 * integer division) gives 3; a alone 4; a then one without shared-gcu
 * (0/1) 0; no cluster 0 (InitEnflameDevice's).
 */
static void
test_vgcu_factor(void)
{
	struct gs_cluster	c;
	struct gs_error		err;
	char			items[1024] = "";

	vgcu_node(items, sizeof items, "a", "2", "8");
	CU_ASSERT_EQUAL_FATAL(load_list(items, &c, &err), 0);
	CU_ASSERT_EQUAL(hami_enflame_factor(&c), 4);
	gs_cluster_release(&c);
	vgcu_node(items, sizeof items, "x", "0", "5");
	vgcu_node(items, sizeof items, "b", "3", "10");
	CU_ASSERT_EQUAL_FATAL(load_list(items, &c, &err), 0);
	CU_ASSERT_EQUAL(c.nodes[1].ndevs, 0);
	CU_ASSERT_EQUAL(hami_enflame_factor(&c), 3);
	gs_cluster_release(&c);
	items[0] = '\0';
	vgcu_node(items, sizeof items, "a", "2", "8");
	vgcu_node(items, sizeof items, "z", "1", NULL);
	CU_ASSERT_EQUAL_FATAL(load_list(items, &c, &err), 0);
	CU_ASSERT_EQUAL(hami_enflame_factor(&c), 0);
	gs_cluster_release(&c);
	CU_ASSERT_EQUAL(hami_enflame_factor(NULL), 0);
}

/* The webhook on a container asking count vGCUs and pct (-1: none) in
 * its limits, with factor: the percentage it leaves (-1: none). */
static int64_t
rounded(int64_t factor, int64_t count, int64_t pct)
{
	struct gs_resval	lim[GS_RES_N];

	memset(lim, 0, sizeof lim);
	lim[GS_RES_ENFLAME_VGCU].set = lim[GS_RES_ENFLAME_VGCU].ok = 1;
	lim[GS_RES_ENFLAME_VGCU].v = count;
	if (pct >= -100 && pct != -1) {
		lim[GS_RES_ENFLAME_VGCU_PCT].set = 1;
		lim[GS_RES_ENFLAME_VGCU_PCT].ok = 1;
		lim[GS_RES_ENFLAME_VGCU_PCT].v = pct;
	}
	hami_enflame_webhook(factor, lim);
	return lim[GS_RES_ENFLAME_VGCU_PCT].set ?
	    lim[GS_RES_ENFLAME_VGCU_PCT].v : -1;
}

/*
 * MutateAdmission's rounding, worked out in float64: slice = 100 /
 * factor, the first i with slice*i < p <= slice*(i+1) gives
 * int64(slice*(i+1)).  Factor 4 (slice 25): 30 -> 50, 25 -> 25, 1 -> 25,
 * 0 and -5 (taken as 1) -> 25, none (100) -> 100.  Factor 3 (33.33...):
 * 33 -> 33, 34 -> 66 (66.666... truncated), 67 -> 100.  Factor 7
 * (14.2857...): 30 -> 42.  Factor 6: 50 -> 50 (16.666666666666668 * 3 is
 * 50.0 in float64).  Factor 1000: 7 -> 7 (i = 69).  Factor 997: 50 -> 50
 * (50.05... truncated).  Factor 0: no slice, 30 stays; 150 fits no slice
 * and stays; a count of 2 gets 100 whatever its percentage.
 */
static void
test_vgcu_webhook(void)
{
	CU_ASSERT_EQUAL(rounded(4, 1, 30), 50);
	CU_ASSERT_EQUAL(rounded(4, 1, 25), 25);
	CU_ASSERT_EQUAL(rounded(4, 1, 1), 25);
	CU_ASSERT_EQUAL(rounded(4, 1, 0), 25);
	CU_ASSERT_EQUAL(rounded(4, 1, -5), 25);
	CU_ASSERT_EQUAL(rounded(4, 1, -1000), 100);	/* no percentage */
	CU_ASSERT_EQUAL(rounded(3, 1, 33), 33);
	CU_ASSERT_EQUAL(rounded(3, 1, 34), 66);
	CU_ASSERT_EQUAL(rounded(3, 1, 67), 100);
	CU_ASSERT_EQUAL(rounded(7, 1, 30), 42);
	CU_ASSERT_EQUAL(rounded(6, 1, 50), 50);
	CU_ASSERT_EQUAL(rounded(1000, 1, 7), 7);
	CU_ASSERT_EQUAL(rounded(997, 1, 50), 50);
	CU_ASSERT_EQUAL(rounded(0, 1, 30), 30);
	CU_ASSERT_EQUAL(rounded(0, 1, -1000), -1);	/* not written */
	CU_ASSERT_EQUAL(rounded(4, 1, 150), 150);
	CU_ASSERT_EQUAL(rounded(4, 2, 30), 100);
	CU_ASSERT_EQUAL(rounded(0, 2, 30), 100);
}

/*
 * GenerateResourceRequests: Nums (limits, else requests), Memreq the
 * percentage (none: 100), MemPercentagereq 0, Coresreq 0; a percentage
 * of 0 asks 0 (no cluster: factor 0, the webhook leaves it).  Not HAMi's
 * in v2.10.
 */
static void
test_vgcu_request(void)
{
	struct gs_container	c;
	struct hami_creq	r;

	r = t_res_creq(GS_RES_ENFLAME_VGCU, 2, 1, "hami-v2.6.1");
	t_assert_one_req(&r, &(struct hami_req){ 2, 100, 0, 0,
	    GV_ENFLAME_VGCU });
	r = t_res_creq(GS_RES_ENFLAME_VGCU, 1, 0, "hami-v2.9.0");
	t_assert_one_req(&r, &(struct hami_req){ 1, 100, 0, 0,
	    GV_ENFLAME_VGCU });
	r = t_res_creq(GS_RES_ENFLAME_VGCU, 1, 1, "hami-v2.10.0");
	CU_ASSERT_EQUAL(r.n, 0);
	memset(&c, 0, sizeof c);
	c.lim[GS_RES_ENFLAME_VGCU].set = c.lim[GS_RES_ENFLAME_VGCU].ok = 1;
	c.lim[GS_RES_ENFLAME_VGCU].v = 1;
	c.req[GS_RES_ENFLAME_VGCU_PCT].set = 1;
	c.req[GS_RES_ENFLAME_VGCU_PCT].ok = 1;
	c.req[GS_RES_ENFLAME_VGCU_PCT].v = 0;
	r = t_creq(&c, "hami-v2.7.0", NULL, NULL, 0);
	t_assert_one_req(&r, &(struct hami_req){ 1, 0, 0, 0,
	    GV_ENFLAME_VGCU });
}

/* The request of a pod asking one vGCU at pct% (limits) on cluster c. */
static int32_t
pod_memreq(const struct gs_cluster *c, int64_t pct, const char *profile)
{
	struct gs_workload	 w;
	struct gs_pod		*p;
	struct gs_config	 cfg;
	struct hami_creq	*r;
	int32_t			 m;

	memset(&w, 0, sizeof w);
	p = t_pod(&w, "p", 1);
	p->ctrs[0].name = xstrdup("main");
	p->ctrs[0].lim[GS_RES_ENFLAME_VGCU].set = 1;
	p->ctrs[0].lim[GS_RES_ENFLAME_VGCU].ok = 1;
	p->ctrs[0].lim[GS_RES_ENFLAME_VGCU].v = 1;
	p->ctrs[0].lim[GS_RES_ENFLAME_VGCU_PCT].set = 1;
	p->ctrs[0].lim[GS_RES_ENFLAME_VGCU_PCT].ok = 1;
	p->ctrs[0].lim[GS_RES_ENFLAME_VGCU_PCT].v = pct;
	gs_config_init(&cfg);
	t_set_profile(&cfg, profile);
	hami_pod_requests(p, &cfg, c, &r);
	m = r[0].n == 1 ? r[0].r[0].memreq : -1;
	free(r);
	gs_config_release(&cfg);
	gs_workload_release(&w);
	return m;
}

/*
 * The webhook's factor is the last listed node's: 30% on a (factor 4)
 * then b (factor 3) asks 33; on b then a, 50.
 */
static void
test_vgcu_last_node(void)
{
	struct gs_cluster	c;
	struct gs_error		err;
	char			items[512] = "";

	vgcu_node(items, sizeof items, "a", "2", "8");
	vgcu_node(items, sizeof items, "b", "1", "3");
	CU_ASSERT_EQUAL_FATAL(load_list(items, &c, &err), 0);
	CU_ASSERT_EQUAL(pod_memreq(&c, 30, "hami-v2.6.1"), 33);
	CU_ASSERT_EQUAL(pod_memreq(&c, 30, "hami-v2.9.0"), 33);
	gs_cluster_release(&c);
	items[0] = '\0';
	vgcu_node(items, sizeof items, "b", "1", "3");
	vgcu_node(items, sizeof items, "a", "2", "8");
	CU_ASSERT_EQUAL_FATAL(load_list(items, &c, &err), 0);
	CU_ASSERT_EQUAL(pod_memreq(&c, 30, "hami-v2.7.0"), 50);
	CU_ASSERT_EQUAL(pod_memreq(NULL, 30, "hami-v2.7.0"), 30);
	gs_cluster_release(&c);
}

CU_TestInfo enflame_tests[] = {
	{ "Enflame GCU registration from capacity", test_gcu_registration },
	{ "Enflame GCU requests", test_gcu_request },
	{ "Enflame GCU Fit: a used GCU refused", test_gcu_fit },
	{ "Enflame GCU: insufficient counts the type", test_gcu_insufficient },
	{ "Enflame vGCU registration from capacity", test_vgcu_registration },
	{ "Enflame vGCU factor: the last listed node's", test_vgcu_factor },
	{ "Enflame vGCU webhook rounding", test_vgcu_webhook },
	{ "Enflame vGCU requests", test_vgcu_request },
	{ "Enflame vGCU: the request follows the last node", test_vgcu_last_node },
	CU_TEST_INFO_NULL
};
