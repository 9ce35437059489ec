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
#include "../../core/load/enflame_drs.h"
#include "../../core/sched/hami/vgcu_fit.h"
#include "../../core/sched/kubefilter.h"

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

/* parseProfile: lower case, trimmed, "<size>g" "." "<mem>gb". */
static void
test_drs_profile_names(void)
{
	static const struct {
		const char	*name;
		int64_t		 size, mem;
	} t[] = {
		{ "1g.8gb", 1, 8 }, { " 2G.16GB ", 2, 16 }, { "3g.24", 3, 24 },
		{ "4g", 0, 0 }, { "x.8gb", 0, 0 }, { "5g.xgb", 5, 0 },
		{ "+6g.48gb.extra", 6, 48 }, { "-1g.8gb", -1, 8 },
		{ "7 g.56gb", 0, 0 }, { "8g. 64gb", 8, 64 },
	};
	int64_t	size, mem;
	size_t	i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		gs_drs_parse_profile(t[i].name, &size, &mem);
		CU_ASSERT_EQUAL(size, t[i].size);
		CU_ASSERT_EQUAL(mem, t[i].mem);
	}
}

#define DRS_PROFILES "\"profiles\": {\"6g.48gb\": \"p6\", \"1g.8gb\": " \
	"\"p1\", \"3g.24gb\": \"p3\", \"2g.16gb\": \"p2\", \"9g.x\": \"p9\"}"

/*
 * The annotation: devices (index strings, capacity a number truncated or
 * a string), the profiles sorted by size with ceil(size * 100 / 9)
 * cores (maxSlice 9 from "9g.x", whose memory does not parse): 12, 23,
 * 34, 67.  HAMi registering none: capacity 0, a capacity of another
 * type, no valid profile.  json.Unmarshal's failures and a repeated
 * index are errors.
 */
static void
test_drs_decode(void)
{
	struct gs_drs_spec	sp;
	char			why[160];

	CU_ASSERT_EQUAL_FATAL(gs_drs_decode("{\"Devices\": [{\"index\": \"3\","
	    " \"capacity\": 6.9}, {\"index\": \"x\", \"capacity\": \" 4 \"}],"
	    DRS_PROFILES "}", &sp, why, sizeof why), 0);
	CU_ASSERT_PTR_NULL(sp.none);
	CU_ASSERT_EQUAL_FATAL(sp.ndevs, 2);
	CU_ASSERT_EQUAL(sp.devs[0].index, 3);
	CU_ASSERT_EQUAL(sp.devs[0].capacity, 6);
	CU_ASSERT_EQUAL(sp.devs[1].index, 1);	/* Atoi fails: position */
	CU_ASSERT_EQUAL(sp.devs[1].capacity, 4);
	CU_ASSERT_EQUAL(sp.max_slice, 9);
	CU_ASSERT_EQUAL(sp.max_mem_gb, 48);
	CU_ASSERT_EQUAL_FATAL(sp.nprofiles, 4);
	CU_ASSERT_EQUAL(sp.profiles[0].size, 1);
	CU_ASSERT_EQUAL(sp.profiles[0].core_pct, 12);
	CU_ASSERT_EQUAL(sp.profiles[1].core_pct, 23);
	CU_ASSERT_EQUAL(sp.profiles[2].core_pct, 34);
	CU_ASSERT_EQUAL(sp.profiles[3].size, 6);
	CU_ASSERT_EQUAL(sp.profiles[3].mem_gb, 48);
	CU_ASSERT_EQUAL(sp.profiles[3].core_pct, 67);
	gs_drs_spec_release(&sp);
	CU_ASSERT_EQUAL_FATAL(gs_drs_decode("{\"devices\": [{\"capacity\": "
	    "0}], " DRS_PROFILES "}", &sp, why, sizeof why), 0);
	CU_ASSERT_PTR_NOT_NULL(sp.none);
	gs_drs_spec_release(&sp);
	CU_ASSERT_EQUAL_FATAL(gs_drs_decode("{\"devices\": [{\"capacity\": "
	    "true}], " DRS_PROFILES "}", &sp, why, sizeof why), 0);
	CU_ASSERT_PTR_NOT_NULL(sp.none);
	gs_drs_spec_release(&sp);
	CU_ASSERT_EQUAL_FATAL(gs_drs_decode("{\"devices\": [{\"capacity\": "
	    "1}], \"profiles\": {\"g.8gb\": \"\"}}", &sp, why, sizeof why), 0);
	CU_ASSERT_PTR_NOT_NULL(sp.none);
	gs_drs_spec_release(&sp);
	CU_ASSERT_EQUAL(gs_drs_decode("[]", &sp, why, sizeof why), -1);
	CU_ASSERT_EQUAL(gs_drs_decode("{\"devices\": [{\"index\": 0}]}", &sp,
	    why, sizeof why), -1);
	CU_ASSERT_EQUAL(gs_drs_decode("{\"devices\": [{\"index\": \"1\"}, "
	    "{\"index\": \"1\"}]}", &sp, why, sizeof why), -1);
	CU_ASSERT_STRING_EQUAL(why, "two devices of index 1");
	CU_ASSERT_EQUAL(gs_drs_decode("{\"profiles\": {\"1g.8gb\": 1}}", &sp,
	    why, sizeof why), -1);
}

/* GetNodeDevices: "<node>-enflame-drs-<index>", count its capacity,
 * Devmem maxMemGB * 1024, Devcore 100; registered in v2.10 alone. */
static void
test_drs_registration(void)
{
	struct gs_cluster	 c;
	struct gs_error		 err;
	const struct gs_device	*d;

	CU_ASSERT_EQUAL_FATAL(t_load_cluster("kind: Node\nmetadata:\n"
	    "  name: g\n  annotations:\n    enflame.com/gcu-drs-capacity: '"
	    "{\"devices\": [{\"index\": \"0\", \"capacity\": 6}], "
	    DRS_PROFILES "}'\n", &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(c.nodes[0].ndevs, 1);
	d = &c.nodes[0].devs[0];
	CU_ASSERT_STRING_EQUAL(d->id, "g-enflame-drs-0");
	CU_ASSERT_STRING_EQUAL(d->type, "Enflame");
	CU_ASSERT_EQUAL(d->count, 6);
	CU_ASSERT_EQUAL(d->devmem, 48 * 1024);
	CU_ASSERT_EQUAL(d->devcore, 100);
	CU_ASSERT_EQUAL(d->vendor, GV_ENFLAME_DRS);
	CU_ASSERT_EQUAL(c.nodes[0].ndrs, 4);
	gs_cluster_release(&c);
	CU_ASSERT_FALSE(gs_vendor_registered(GV_ENFLAME_DRS, t_hp("2.9.0")));
	CU_ASSERT(gs_vendor_registered(GV_ENFLAME_DRS, t_hp("2.10.0")));
}

/* A container asking drs-gcu n, gcu-memory m, gcu-core k (-1: none) in
 * its limits, under v2.10; the webhook's refusal into why. */
static struct hami_creq
drs_creq(int64_t n, int64_t m, int64_t k, char *why, size_t len)
{
	struct gs_container	c;
	enum gs_res		r[3] = { GS_RES_ENFLAME_DRS,
				    GS_RES_ENFLAME_GCU_MEM,
				    GS_RES_ENFLAME_GCU_CORE };
	int64_t			v[3] = { n, m, k };
	size_t			i;

	memset(&c, 0, sizeof c);
	for (i = 0; i < 3; i++)
		if (v[i] != -1) {
			c.lim[r[i]].set = c.lim[r[i]].ok = 1;
			c.lim[r[i]].v = v[i];
		}
	return t_creq(&c, "hami-v2.10.0", NULL, why, len);
}

/*
 * GenerateResourceRequests: drs-gcu n asks Nums 1, Memreq n,
 * MemPercentagereq 0; else memory and cores with MemPercentagereq -1.
 * MutateAdmission refuses drs-gcu 0, gcu-memory 0, gcu-core 0 or 101.
 */
static void
test_drs_request(void)
{
	struct hami_creq	r;
	char			why[160];

	r = drs_creq(2, 10, -1, why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why, "");
	t_assert_one_req(&r, &(struct hami_req){ 1, 2, 0, 0, GV_ENFLAME_DRS });
	r = drs_creq(-1, 20000, 60, why, sizeof why);
	t_assert_one_req(&r, &(struct hami_req){ 1, 20000, -1, 60,
	    GV_ENFLAME_DRS });
	r = drs_creq(-1, -1, 100, why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why, "");
	t_assert_one_req(&r, &(struct hami_req){ 1, 0, -1, 100,
	    GV_ENFLAME_DRS });
	(void)drs_creq(0, -1, -1, why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why, "enflame.com/drs-gcu must be greater than 0");
	(void)drs_creq(-1, 0, 50, why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why,
	    "enflame.com/gcu-memory must be greater than 0");
	(void)drs_creq(-1, 8, 101, why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why, "enflame.com/gcu-core must be in range "
	    "(0,100]");
	r = t_res_creq(GS_RES_ENFLAME_DRS, 1, 1, "hami-v2.9.0");
	CU_ASSERT_EQUAL(r.n, 0);
}

/* selectProfileByRequest on profiles 1g.8gb, 2g.16gb, 3g.24gb, 6g.48gb
 * (maxSlice 6: 17, 34, 50, 100 cores): the memory (MiB), cores, slices
 * chosen, or -1 for ModeNotFit. */
static int32_t
drs_pick(int32_t memreq, int32_t pct, int32_t cores, int32_t *got_cores,
    int32_t *slots)
{
	static const struct gs_drs_profile p[] = {
		{ 1, 8, 17 }, { 2, 16, 34 }, { 3, 24, 50 }, { 6, 48, 100 } };
	struct gs_node	n;
	struct hami_req	k = { 1, memreq, pct, cores, GV_ENFLAME_DRS };

	memset(&n, 0, sizeof n);
	n.drs = (struct gs_drs_profile *)p;
	n.ndrs = 4;
	*slots = 0;
	if (hami_drs_mode_refused(&n, &k, slots))
		return -1;
	*got_cores = k.coresreq;
	return k.memreq;
}

/*
 * Direct: 2 slices -> 2g.16gb (16384 MiB, 34, 2 slices); 4 -> none.
 * By spec: 10 -> 10 GB (not above 2 x 48) -> 2g; 20000 -> MiB, ceil(
 * 20000 / 1024) = 20 GB -> 3g; 96 -> 96 GB -> none; 97 -> MiB, 1 GB ->
 * 1g; cores 60 -> 6g; 8 GB and 40 cores -> 3g.
 */
static void
test_drs_profile_choice(void)
{
	int32_t	cores = 0, slots;

	CU_ASSERT_EQUAL(drs_pick(2, 0, 0, &cores, &slots), 16384);
	CU_ASSERT_EQUAL(cores, 34);
	CU_ASSERT_EQUAL(slots, 2);
	CU_ASSERT_EQUAL(drs_pick(4, 0, 0, &cores, &slots), -1);
	CU_ASSERT_EQUAL(drs_pick(10, -1, 0, &cores, &slots), 16384);
	CU_ASSERT_EQUAL(drs_pick(20000, -1, 0, &cores, &slots), 24576);
	CU_ASSERT_EQUAL(slots, 3);
	CU_ASSERT_EQUAL(drs_pick(96, -1, 0, &cores, &slots), -1);
	CU_ASSERT_EQUAL(drs_pick(97, -1, 0, &cores, &slots), 8192);
	CU_ASSERT_EQUAL(drs_pick(0, -1, 60, &cores, &slots), 49152);
	CU_ASSERT_EQUAL(cores, 100);
	CU_ASSERT_EQUAL(slots, 6);
	CU_ASSERT_EQUAL(drs_pick(8, -1, 40, &cores, &slots), 24576);
	CU_ASSERT_EQUAL(cores, 50);
}

/*
 * The Fit's checks: "Count <= Used" alone (a 3-slice grant on a device
 * with one slot left passes), the profile's memory, the cores where the
 * device has some.
 */
static void
test_drs_capacity(void)
{
	struct gs_device	d;
	struct hami_req		k = { 1, 24576, -1, 50, GV_ENFLAME_DRS };

	memset(&d, 0, sizeof d);
	d.count = 4;
	d.used = 3;
	d.devmem = 49152;
	d.devcore = 100;
	CU_ASSERT_EQUAL(hami_drs_capacity(&d, &k), -1);
	d.used = 4;
	CU_ASSERT_EQUAL(hami_drs_capacity(&d, &k),
	    HR_CARD_TIME_SLICING_EXHAUSTED);
	d.used = 0;
	d.usedmem = 24577;
	CU_ASSERT_EQUAL(hami_drs_capacity(&d, &k), HR_CARD_INSUFFICIENT_MEMORY);
	d.usedmem = 0;
	d.usedcores = 51;
	CU_ASSERT_EQUAL(hami_drs_capacity(&d, &k), HR_CARD_INSUFFICIENT_CORE);
	d.devcore = 0;
	CU_ASSERT_EQUAL(hami_drs_capacity(&d, &k), -1);
}

/* The enflame.com/shared-gcu MutateAdmission writes (-1: none). */
static int64_t
shared_set(int64_t factor, int64_t count, int64_t pct)
{
	struct gs_resval	lim[GS_RES_N];

	memset(lim, 0, sizeof lim);
	if (count > 0) {
		lim[GS_RES_ENFLAME_VGCU].set = lim[GS_RES_ENFLAME_VGCU].ok = 1;
		lim[GS_RES_ENFLAME_VGCU].v = count;
	}
	if (pct >= 0) {
		lim[GS_RES_ENFLAME_VGCU_PCT].set = 1;
		lim[GS_RES_ENFLAME_VGCU_PCT].ok = 1;
		lim[GS_RES_ENFLAME_VGCU_PCT].v = pct;
	}
	return hami_enflame_webhook(factor, lim);
}

/*
 * kube-scheduler's check of enflame.com/shared-gcu (brief vsmall4).
 * MutateAdmission writes: factor 4, 30% -> slice i 1 -> 2; factor 3, 67%
 * -> 3; a count of 2 under factor 3 -> 6; factor 0, no count, or 150%:
 * none.  fitsRequest: 3 of 4 with 1 used fits, with 2 used not; a
 * request of 0 always fits.  On vgcu-s (2 GCUs, 4 slices: factor 2,
 * slice 50) pod p's containers: a 30% (1 slice), b two vGCUs (2 x 2 =
 * 4), priv privileged (the webhook skips it: its own 3), and an init
 * container's own 5: max(1 + 4 + 3, 5) = 8, refused by vgcu-s; pod q: a
 * vGCU of 100% (2) and an init container's 9: 9.  gs_pod_ext_request
 * reads only the spec: p max(3, 5) = 5, q 9.  Under v2.10 (no
 * vgcu_shared_fit): 0 and no refusal.
 */
static void
test_vgcu_shared_fit(void)
{
	static const char yaml[] =
	    "kind: Pod\nmetadata: {name: p}\nspec:\n"
	    "  initContainers:\n"
	    "  - {name: init, image: a, resources: {limits: "
	    "{enflame.com/shared-gcu: 5}}}\n"
	    "  containers:\n"
	    "  - {name: a, image: a, resources: {limits: "
	    "{enflame.com/vgcu: 1, enflame.com/vgcu-percentage: 30}}}\n"
	    "  - {name: b, image: a, resources: {limits: "
	    "{enflame.com/vgcu: 2}}}\n"
	    "  - name: priv\n    image: a\n"
	    "    securityContext: {privileged: true}\n"
	    "    resources: {limits: {enflame.com/vgcu: 1, "
	    "enflame.com/vgcu-percentage: 30, enflame.com/shared-gcu: 3}}\n"
	    "---\nkind: Pod\nmetadata: {name: q}\nspec:\n"
	    "  initContainers:\n"
	    "  - {name: init, image: a, resources: {requests: "
	    "{enflame.com/shared-gcu: 9}}}\n"
	    "  containers:\n"
	    "  - {name: a, image: a, resources: {limits: "
	    "{enflame.com/vgcu: 1}}}\n";
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_error		 err;
	char			 items[512] = "", msg[256], buf[96];
	const struct hami_profile *v29 = t_hp("2.9.0");

	CU_ASSERT_EQUAL(shared_set(4, 1, 30), 2);
	CU_ASSERT_EQUAL(shared_set(3, 1, 67), 3);
	CU_ASSERT_EQUAL(shared_set(3, 2, 30), 6);
	CU_ASSERT_EQUAL(shared_set(0, 1, 30), -1);
	CU_ASSERT_EQUAL(shared_set(4, 0, 30), -1);
	CU_ASSERT_EQUAL(shared_set(4, 1, 150), -1);
	CU_ASSERT_PTR_NULL(gs_kube_fit_ext("x/y", 3, 4, 1, buf, sizeof buf));
	CU_ASSERT_STRING_EQUAL(gs_kube_fit_ext("x/y", 3, 4, 2, buf,
	    sizeof buf), "NodeResourcesFit (Insufficient x/y)");
	CU_ASSERT_PTR_NULL(gs_kube_fit_ext("x/y", 0, 0, 5, buf, sizeof buf));

	vgcu_node(items, sizeof items, "vgcu-s", "2", "4");
	CU_ASSERT_EQUAL_FATAL(load_list(items, &c, &err), 0);
	memset(&w, 0, sizeof w);
	CU_ASSERT_EQUAL_FATAL(t_load_workload(yaml, &w, NULL, msg,
	    sizeof msg), 0);
	CU_ASSERT_EQUAL_FATAL(w.npods, 2);
	CU_ASSERT_EQUAL(hami_vgcu_shared_request(&c, &w.pods[0], v29), 8);
	CU_ASSERT_EQUAL(hami_vgcu_shared_request(&c, &w.pods[1], v29), 9);
	CU_ASSERT_EQUAL(gs_pod_ext_request(&w.pods[0], HAMI_VGCU_SHARED), 5);
	CU_ASSERT_EQUAL(gs_pod_ext_request(&w.pods[1], HAMI_VGCU_SHARED), 9);
	CU_ASSERT_STRING_EQUAL(hami_vgcu_refusal(&c, &c.nodes[0], &w.pods[0],
	    v29, buf, sizeof buf),
	    "NodeResourcesFit (Insufficient enflame.com/shared-gcu)");
	CU_ASSERT_EQUAL(hami_vgcu_shared_request(&c, &w.pods[0],
	    t_hp("2.10.0")), 0);
	CU_ASSERT_PTR_NULL(hami_vgcu_refusal(&c, &c.nodes[0], &w.pods[0],
	    t_hp("2.10.0"), buf, sizeof buf));
	gs_workload_release(&w);
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
	{ "Enflame DRS profile names", test_drs_profile_names },
	{ "Enflame DRS annotation", test_drs_decode },
	{ "Enflame DRS registration", test_drs_registration },
	{ "Enflame DRS requests and webhook", test_drs_request },
	{ "Enflame DRS profile choice", test_drs_profile_choice },
	{ "Enflame DRS Fit checks", test_drs_capacity },
	{ "Enflame vGCU: kube-scheduler's shared-gcu check",
	  test_vgcu_shared_fit },
	CU_TEST_INFO_NULL
};
