/*
 * test_amd.c: AMD GPUs as HAMi v2.7.1 to v2.9.0 schedule them (the GV_AMDGPU
 * row of core/sched/hami/vendor.c, its capacity count in core/load/metax.c,
 * its slots-only Fit in core/sched/hami/vendor_fit.c) and as v2.10.0 does
 * (the GV_AMD row, core/sched/hami/amd.c) against each release's
 * pkg/device/amd/device.go: GetNodeDevices, CheckHealth, MutateAdmission,
 * GenerateResourceRequests, Fit; values worked out by hand.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/hami/hami.h"
#include "../../core/load/load.h"
#include "../../core/load/yamltree.h"
#include "../../core/model/running.h"
#include "../../core/sched/hami/vendor.h"

/* GetNodeDevices: capacity amd.com/gpu 2 gives two devices of
 * Mi300xMemory (192000 MiB), 100 cores, count 1, type AMDGPU. */
static void
test_amd_registration(void)
{
	static const char doc[] = "kind: Node\nmetadata: {name: mi}\n"
	    "status:\n  capacity: {amd.com/gpu: '2'}\n";
	struct gs_cluster	c;
	struct gs_error		err;
	const struct gs_device	*d;

	CU_ASSERT_EQUAL_FATAL(t_load_cluster(doc, &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(c.nodes[0].ndevs, 2);
	d = &c.nodes[0].devs[1];
	CU_ASSERT_STRING_EQUAL(d->id, "mi-AMDGPU-1");
	CU_ASSERT_STRING_EQUAL(d->type, "AMDGPU");
	CU_ASSERT_EQUAL(d->index, 1);
	CU_ASSERT_EQUAL(d->count, 1);
	CU_ASSERT_EQUAL(d->devmem, 192000);
	CU_ASSERT_EQUAL(d->devcore, 100);
	CU_ASSERT_EQUAL(d->vendor, GV_AMDGPU);
	gs_cluster_release(&c);
	/* v2.7.1 to v2.9.0: v2.7.0 has no pkg/device/amd, v2.10 rewrote it. */
	CU_ASSERT_FALSE(gs_vendor_registered(GV_AMDGPU, t_hp("2.7.0")));
	CU_ASSERT(gs_vendor_registered(GV_AMDGPU, t_hp("2.7.1")));
	CU_ASSERT(gs_vendor_registered(GV_AMDGPU, t_hp("2.9.0")));
	CU_ASSERT_FALSE(gs_vendor_registered(GV_AMDGPU, t_hp("2.10.0")));
}

/* GenerateResourceRequests: Nums from limits, else requests; Memreq
 * Mi300xMemory, MemPercentagereq 0, Coresreq 0. */
static void
test_amd_request(void)
{
	struct hami_creq	r;

	r = t_res_creq(GS_RES_AMD, 2, 0, "hami-v2.8.0");
	t_assert_one_req(&r, &(struct hami_req){ 2, 192000, 0, 0, GV_AMDGPU });
	/* v2.10 reads the count from limits only. */
	r = t_res_creq(GS_RES_AMD, 1, 0, "hami-v2.10.0");
	CU_ASSERT_EQUAL(r.n, 0);
}

/*
 * Fit: one AMDGPU whose memory a running pod partly holds (5000 MiB).
 * fitInCertainDevice would refuse it (192000 - 5000 < 192000); AMD's Fit
 * tests the slot alone and grants Usedmem 192000, Usedcores 0.  With the
 * slot used: CardTimeSlicingExhausted.
 */
static void
test_amd_fit_slots(void)
{
	struct t_fit	 x;
	struct hami_req	 r = { 1, 192000, 0, 0, GV_AMDGPU };
	struct gs_device *d;

	d = t_fit_vendor(&x, "hami-v2.9.0", GV_AMDGPU, "AMDGPU", 192000, 1);
	d->usedmem = 5000;
	CU_ASSERT_TRUE(t_fit_req(&x, &r));
	CU_ASSERT_EQUAL(x.g[0].usedmem, 192000);
	CU_ASSERT_EQUAL(x.g[0].usedcores, 0);
	d->used = 1;
	CU_ASSERT_FALSE(t_fit_req(&x, &r));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_TIME_SLICING_EXHAUSTED], 1);
	t_fit_release(&x);
}

/*
 * v2.10 GetNodeDevices: hami.io/node-amd-register as registered (type,
 * devcore); CheckHealth: status.capacity amd.com/gpu must be a whole
 * number above 0, else the devices are unregistered (absent, '0', '1.5').
 */
static void
test_amd210_registration(void)
{
	static const char head[] = "kind: Node\nmetadata:\n  name: mi\n"
	    "  annotations:\n    hami.io/node-amd-register: '[{\"id\":\"G0\","
	    "\"index\":0,\"count\":4,\"devmem\":196592,\"devcore\":304,"
	    "\"type\":\"AMD-MI300X\",\"health\":true}]'\n";
	static const char *const caps[] = { "", "status: {capacity: "
	    "{amd.com/gpu: '0'}}\n", "status: {capacity: {amd.com/gpu: "
	    "'1.5'}}\n" };
	struct gs_cluster	c;
	struct gs_error		err;
	char			doc[512];
	size_t			i;

	snprintf(doc, sizeof doc, "%sstatus: {capacity: {amd.com/gpu: '1'}}\n",
	    head);
	CU_ASSERT_EQUAL_FATAL(t_load_cluster(doc, &c, &err), 0);
	/* The capacity count also gives v2.9's one AMDGPU device. */
	CU_ASSERT_EQUAL_FATAL(c.nodes[0].ndevs, 2);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].vendor, GV_AMDGPU);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].vendor, GV_AMD);
	CU_ASSERT_STRING_EQUAL(c.nodes[0].devs[1].type, "AMD-MI300X");
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].devcore, 304);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].count, 4);
	gs_cluster_release(&c);
	for (i = 0; i < sizeof caps / sizeof caps[0]; i++) {
		snprintf(doc, sizeof doc, "%s%s", head, caps[i]);
		CU_ASSERT_EQUAL_FATAL(t_load_cluster(doc, &c, &err), 0);
		CU_ASSERT_EQUAL(c.nodes[0].ndevs, 0);
		gs_cluster_release(&c);
	}
	CU_ASSERT_FALSE(gs_vendor_registered(GV_AMD, t_hp("2.9.0")));
	CU_ASSERT(gs_vendor_registered(GV_AMD, t_hp("2.10.0")));
}

/* A container of amd.com/gpu n and, when >= 0, gpumem mem and gpucores
 * core in limits, under v2.10: its requests, the webhook's refusal in
 * why. */
static struct hami_creq
amd210_creq(int64_t n, int64_t mem, int64_t core, char *why, size_t len)
{
	struct gs_container	c;

	memset(&c, 0, sizeof c);
	if (n >= 0) {
		c.lim[GS_RES_AMD].set = c.lim[GS_RES_AMD].ok = 1;
		c.lim[GS_RES_AMD].v = n;
	}
	if (mem >= 0) {
		c.lim[GS_RES_AMD_MEM].set = c.lim[GS_RES_AMD_MEM].ok = 1;
		c.lim[GS_RES_AMD_MEM].v = mem;
	}
	if (core >= 0) {
		c.lim[GS_RES_AMD_CORE].set = c.lim[GS_RES_AMD_CORE].ok = 1;
		c.lim[GS_RES_AMD_CORE].v = core;
	}
	return t_creq(&c, "hami-v2.10.0", NULL, why, len);
}

/*
 * v2.10 GenerateResourceRequests: Memreq amd.com/gpumem (0 if absent),
 * MemPercentagereq 0, Coresreq amd.com/gpucores (100 if absent); cores
 * outside 1..100 give no request and MutateAdmission's error.
 */
static void
test_amd210_request(void)
{
	struct hami_creq	r;
	char			why[128];

	r = amd210_creq(2, -1, -1, why, sizeof why);
	t_assert_one_req(&r, &(struct hami_req){ 2, 0, 0, 100, GV_AMD });
	CU_ASSERT_STRING_EQUAL(why, "");
	r = amd210_creq(1, 4096, 30, why, sizeof why);
	t_assert_one_req(&r, &(struct hami_req){ 1, 4096, 0, 30, GV_AMD });
	r = amd210_creq(1, -1, 0, why, sizeof why);
	CU_ASSERT_EQUAL(r.n, 0);
	CU_ASSERT_STRING_EQUAL(why, "amd.com/gpucores must be an integer "
	    "percentage between 1 and 100");
	r = amd210_creq(1, -1, 101, why, sizeof why);
	CU_ASSERT_EQUAL(r.n, 0);
	CU_ASSERT_STRING_NOT_EQUAL(why, "");
	/* Memory alone: no request, and no error (no count). */
	r = amd210_creq(-1, 4096, 0, why, sizeof why);
	CU_ASSERT_EQUAL(r.n, 0);
	CU_ASSERT_STRING_EQUAL(why, "");
	/* A count beyond MaxInt32: no request. */
	r = amd210_creq((int64_t)INT32_MAX + 1, -1, -1, why, sizeof why);
	CU_ASSERT_EQUAL(r.n, 0);
}

/*
 * v2.10 Fit on an AMD-MI300X of 16384 MiB, 4 slots and 100 cores.
 * - no memory asked, cores 100: the whole card, 16384 MiB and 100 cores;
 * - 4096 MiB, 30% of a 60-core device: 60 * 30 / 100 = 18 cores;
 *   10% of a 3-core device: 3 * 10 / 100 = 0, raised to 1;
 * - one slot used, no cores used, 1000 MiB at 100%: fits (AMD's Fit has
 *   no exclusivity rule, fitInCertainDevice's would refuse it);
 * - 14000 MiB used, 4096 asked: 2384 left, CardInsufficientMemory;
 * - 90 cores used, 30 asked: 10 left, CardInsufficientCore.
 */
static void
test_amd210_fit(void)
{
	struct t_fit	 x;
	struct gs_device *d;

	d = t_fit_vendor(&x, "hami-v2.10.0", GV_AMD, "AMD-MI300X", 16384, 4);
	CU_ASSERT_TRUE(t_fit_req(&x, &(struct hami_req){ 1, 0, 0, 100,
	    GV_AMD }));
	CU_ASSERT_EQUAL(x.g[0].usedmem, 16384);
	CU_ASSERT_EQUAL(x.g[0].usedcores, 100);
	d->devcore = 60;
	CU_ASSERT_TRUE(t_fit_req(&x, &(struct hami_req){ 1, 4096, 0, 30,
	    GV_AMD }));
	CU_ASSERT_EQUAL(x.g[0].usedmem, 4096);
	CU_ASSERT_EQUAL(x.g[0].usedcores, 18);
	d->devcore = 3;
	CU_ASSERT_TRUE(t_fit_req(&x, &(struct hami_req){ 1, 4096, 0, 10,
	    GV_AMD }));
	CU_ASSERT_EQUAL(x.g[0].usedcores, 1);
	d->devcore = 100;
	d->used = 1;
	CU_ASSERT_TRUE(t_fit_req(&x, &(struct hami_req){ 1, 1000, 0, 100,
	    GV_AMD }));
	d->usedmem = 14000;
	CU_ASSERT_FALSE(t_fit_req(&x, &(struct hami_req){ 1, 4096, 0, 30,
	    GV_AMD }));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_INSUFFICIENT_MEMORY], 1);
	d->usedmem = 0;
	d->usedcores = 90;
	CU_ASSERT_FALSE(t_fit_req(&x, &(struct hami_req){ 1, 4096, 0, 30,
	    GV_AMD }));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_INSUFFICIENT_CORE], 1);
	t_fit_release(&x);
}

/*
 * v2.10 checkType: the request's Type is AMD's own; amd.com/use-gputype
 * (trimmed, upper-cased, contained in the device's type) must hit and
 * amd.com/nouse-gputype must not: " mi300 " takes an AMD-MI300X, "MI250"
 * refuses it (CardTypeMismatch), a blank use list is no constraint.
 */
static void
test_amd210_type(void)
{
	struct t_fit	 x;
	struct hami_req	 r = { 1, 0, 0, 100, GV_AMD };

	(void)t_fit_vendor(&x, "hami-v2.10.0", GV_AMD, "AMD-MI300X", 16384, 1);
	gs_kv_set(&x.pod.annotations, "amd.com/use-gputype", " mi300 ");
	CU_ASSERT_TRUE(t_fit_req(&x, &r));
	gs_kv_set(&x.pod.annotations, "amd.com/use-gputype", "MI250");
	CU_ASSERT_FALSE(t_fit_req(&x, &r));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_TYPE_MISMATCH], 1);
	gs_kv_set(&x.pod.annotations, "amd.com/use-gputype", " ");
	gs_kv_set(&x.pod.annotations, "amd.com/nouse-gputype", "x,mi3");
	CU_ASSERT_FALSE(t_fit_req(&x, &r));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_TYPE_MISMATCH], 1);
	gs_kv_set(&x.pod.annotations, "amd.com/nouse-gputype", "mi250");
	CU_ASSERT_TRUE(t_fit_req(&x, &r));
	t_fit_release(&x);
}

/*
 * A running pod's hami.io/amd-devices-allocated (DecodePodDevices) is
 * both AMD forms' annotation: its device is charged once, 4096 MiB and
 * 30 cores on G0, not twice.
 */
static void
test_amd210_running(void)
{
	static const char node[] = "kind: Node\nmetadata:\n  name: mi\n"
	    "  annotations:\n    hami.io/node-amd-register: '[{\"id\":\"G0\","
	    "\"index\":0,\"count\":4,\"devmem\":65536,\"devcore\":100,"
	    "\"type\":\"AMD-MI300X\",\"health\":true}]'\n"
	    "status: {capacity: {amd.com/gpu: '1'}}\n";
	static const char pod[] = "kind: Pod\nmetadata: {name: p, "
	    "annotations: {hami.io/vgpu-node: mi,\n"
	    "  hami.io/amd-devices-allocated: 'G0,AMD-MI300X,4096,30:;'}}\n"
	    "spec: {containers: [{name: a}]}\n";
	struct gs_cluster	c;
	struct gs_running	r;
	struct gs_warnings	w;
	struct gs_error		err;
	struct yt_file		f;

	CU_ASSERT_EQUAL_FATAL(t_load_cluster(node, &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(c.nodes[0].ndevs, 2);
	memset(&r, 0, sizeof r);
	memset(&w, 0, sizeof w);
	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL_FATAL(yt_parse(&f, "p.yaml", pod, strlen(pod), &err),
	    0);
	CU_ASSERT_EQUAL(gs_load_running_doc(&c, &r, &f, f.docs[0].root, &w,
	    &err), 0);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].used, 1);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].usedmem, 4096);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].usedcores, 30);
	yt_file_release(&f);
	gs_running_release(&r);
	gs_warnings_release(&w);
	gs_cluster_release(&c);
}

CU_TestInfo amd_tests[] = {
	{ "AMD registration from capacity", test_amd_registration },
	{ "AMD requests (Mi300xMemory)", test_amd_request },
	{ "AMD Fit: slots alone", test_amd_fit_slots },
	{ "AMD v2.10 registration and CheckHealth", test_amd210_registration },
	{ "AMD v2.10 requests and webhook", test_amd210_request },
	{ "AMD v2.10 Fit: memory and cores", test_amd210_fit },
	{ "AMD v2.10 type filters", test_amd210_type },
	{ "AMD running pods charged once", test_amd210_running },
	CU_TEST_INFO_NULL
};
