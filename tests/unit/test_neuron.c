/*
 * test_neuron.c: AWS Neuron devices (the GV_NEURON row of
 * core/sched/hami/vendor.c, core/load/metax.c's gs_load_neuron_devices,
 * core/sched/hami/neuron.c) against HAMi v2.7.0 to v2.10.0's
 * pkg/device/awsneuron/device.go: GetNodeDevices, MutateAdmission,
 * GenerateResourceRequests, Fit (graphSelect, countMaskAvailable,
 * addCoreUsage, AddResourceUsage); values worked out by hand.
 */
#include <stdio.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/load/load.h"
#include "../../core/sched/hami/hami.h"
#include "../../core/sched/hami/neuron.h"
#include "../../core/sched/hami/vendor.h"

/* Nodes named a and b with those capacities and instance types. */
static int
load_two(const char *a, const char *type_a, const char *b, struct gs_cluster *c,
    struct gs_error *err)
{
	char	doc[1024];

	snprintf(doc, sizeof doc, "kind: List\nitems:\n"
	    "- kind: Node\n  metadata: {name: a, labels: "
	    "{node.kubernetes.io/instance-type: %s}}\n"
	    "  status:\n    capacity: {%s}\n"
	    "- kind: Node\n  metadata: {name: b}\n"
	    "  status:\n    capacity: {%s}\n", type_a, a, b);
	return t_load_cluster(doc, c, err);
}

/*
 * GetNodeDevices: 4 devices and 8 cores are 4 devices of Count 2, core
 * mask 3, Devmem 0; the next node (16 cores for 4) registers with the
 * first's 2 cores (coresPerAWSNeuron is kept once set).  A count of 0:
 * no devices.  coremask: 4 cores 15, 31 cores 2^31 - 1, 32 cores all
 * ones (int32 -1).
 */
static void
test_neuron_registration(void)
{
	struct gs_cluster	c;
	struct gs_error		err;

	CU_ASSERT_EQUAL_FATAL(load_two("aws.amazon.com/neuron: '4', "
	    "aws.amazon.com/neuroncore: '8'", "trn1.32xlarge",
	    "aws.amazon.com/neuron: '4', aws.amazon.com/neuroncore: '16'",
	    &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(c.nodes[0].ndevs, 4);
	CU_ASSERT_STRING_EQUAL(c.nodes[0].devs[3].id, "a-AWSNeuron-3");
	CU_ASSERT_STRING_EQUAL(c.nodes[0].devs[3].type, "AWSNeuron");
	CU_ASSERT_EQUAL(c.nodes[0].devs[3].index, 3);
	CU_ASSERT_EQUAL(c.nodes[0].devs[3].count, 2);
	CU_ASSERT_EQUAL(c.nodes[0].devs[3].devcore, 3);
	CU_ASSERT_EQUAL(c.nodes[0].devs[3].devmem, 0);
	CU_ASSERT_EQUAL(c.nodes[0].devs[3].vendor, GV_NEURON);
	CU_ASSERT_EQUAL_FATAL(c.nodes[1].ndevs, 4);
	CU_ASSERT_EQUAL(c.nodes[1].devs[0].count, 2);
	CU_ASSERT_EQUAL(c.nodes[1].devs[0].devcore, 3);
	CU_ASSERT_EQUAL(hami_neuron_cores(&c), 2);
	gs_cluster_release(&c);
	CU_ASSERT_EQUAL_FATAL(load_two("aws.amazon.com/neuron: '0', "
	    "aws.amazon.com/neuroncore: '8'", "inf2.xlarge",
	    "aws.amazon.com/neuron: '2', aws.amazon.com/neuroncore: '8'",
	    &c, &err), 0);
	CU_ASSERT_EQUAL(c.nodes[0].ndevs, 0);
	CU_ASSERT_EQUAL(c.nodes[1].devs[1].count, 4);
	CU_ASSERT_EQUAL(c.nodes[1].devs[1].devcore, 15);
	CU_ASSERT_EQUAL(hami_neuron_cores(&c), 4);
	gs_cluster_release(&c);
	CU_ASSERT_EQUAL(gs_neuron_coremask(31), 0x7fffffff);
	CU_ASSERT_EQUAL(gs_neuron_coremask(32), -1);
	CU_ASSERT_EQUAL(gs_neuron_coremask(0), 0);
	CU_ASSERT_FALSE(gs_vendor_registered(GV_NEURON, t_hp("2.6.1")));
	CU_ASSERT(gs_vendor_registered(GV_NEURON, t_hp("2.7.0")));
	CU_ASSERT(gs_vendor_registered(GV_NEURON, t_hp("2.10.0")));
}

#define PER	HAMI_NEURON_PER_DEVICE
/* A container asking v of res in limits (else requests): the requests,
 * the webhook's refusal into why. */
#define RQ(res, v, limits, profile)					\
	t_res_creq_why(res, v, limits, profile, why, sizeof why)

/*
 * GenerateResourceRequests: a count asks whole devices (Coresreq
 * coresPerAWSNeuron, resolved per cluster); n cores up to v2.9 n/2
 * devices of 2 cores (n >= 2), else one of 1; v2.10's splitCoreRequest:
 * up to 2 cores one device, more a multiple of 2.
 */
static void
test_neuron_request(void)
{
	struct hami_creq	r;
	char			why[160];

	r = RQ(GS_RES_NEURON, 3, 1, "hami-v2.7.0");
	t_assert_one_req(&r, &(struct hami_req){ 3, 0, 0, PER, GV_NEURON });
	r = RQ(GS_RES_NEURON_CORE, 1, 1, "hami-v2.8.0");
	t_assert_one_req(&r, &(struct hami_req){ 1, 0, 0, 1, GV_NEURON });
	/* 0 cores: one device of 1 core; 3: one of 2; 5: two of 2. */
	r = RQ(GS_RES_NEURON_CORE, 0, 1, "hami-v2.9.0");
	t_assert_one_req(&r, &(struct hami_req){ 1, 0, 0, 1, GV_NEURON });
	r = RQ(GS_RES_NEURON_CORE, 3, 1, "hami-v2.7.0");
	t_assert_one_req(&r, &(struct hami_req){ 1, 0, 0, 2, GV_NEURON });
	r = RQ(GS_RES_NEURON_CORE, 5, 0, "hami-v2.7.0");
	t_assert_one_req(&r, &(struct hami_req){ 2, 0, 0, 2, GV_NEURON });
	CU_ASSERT_STRING_EQUAL(why, "");
	/* v2.10: 2 cores one device of 2; 4 two devices of 2. */
	r = RQ(GS_RES_NEURON_CORE, 2, 1, "hami-v2.10.0");
	t_assert_one_req(&r, &(struct hami_req){ 1, 0, 0, 2, GV_NEURON });
	r = RQ(GS_RES_NEURON_CORE, 4, 0, "hami-v2.10.0");
	t_assert_one_req(&r, &(struct hami_req){ 2, 0, 0, 2, GV_NEURON });
	/* v2.10 refuses 3 and 0 cores, and a count of 0. */
	r = RQ(GS_RES_NEURON_CORE, 3, 1, "hami-v2.10.0");
	CU_ASSERT_EQUAL(r.n, 0);
	CU_ASSERT_STRING_EQUAL(why, "aws.amazon.com/neuroncore must be 1 or "
	    "a multiple of 2, got 3");
	(void)RQ(GS_RES_NEURON_CORE, 0, 1, "hami-v2.10.0");
	CU_ASSERT_STRING_EQUAL(why, "aws.amazon.com/neuroncore must be "
	    "greater than 0");
	(void)RQ(GS_RES_NEURON, 0, 0, "hami-v2.10.0");
	CU_ASSERT_STRING_EQUAL(why, "aws.amazon.com/neuron must be greater "
	    "than 0");
	(void)RQ(GS_RES_NEURON, 0, 0, "hami-v2.9.0");
	CU_ASSERT_STRING_EQUAL(why, "");
}

/* MutateAdmission finds a resource: limits up to v2.9, limits or
 * requests from v2.10; hami_neuron_resolve sets the count's cores. */
static void
test_neuron_webhook(void)
{
	struct gs_resval	lim[GS_RES_N], req[GS_RES_N];
	struct hami_creq	r;
	struct gs_cluster	c;
	struct gs_error		err;
	char			why[160];

	memset(lim, 0, sizeof lim);
	memset(req, 0, sizeof req);
	req[GS_RES_NEURON].set = req[GS_RES_NEURON].ok = 1;
	req[GS_RES_NEURON].v = 1;
	CU_ASSERT_FALSE(hami_neuron_admits(t_hp("2.9.0"), 0, lim, req));
	CU_ASSERT_TRUE(hami_neuron_admits(t_hp("2.10.0"), 0, lim, req));
	lim[GS_RES_NEURON_CORE] = req[GS_RES_NEURON];
	CU_ASSERT_TRUE(hami_neuron_admits(t_hp("2.7.0"), 0, lim, req));
	/* Not an integer: refused by v2.10 (the count is read first). */
	req[GS_RES_NEURON].ok = 0;
	CU_ASSERT_STRING_EQUAL(hami_neuron_webhook(t_hp("2.10.0"), 0, lim,
	    req, why, sizeof why), "aws.amazon.com/neuron must be an integer");
	CU_ASSERT_EQUAL_FATAL(load_two("aws.amazon.com/neuron: '2', "
	    "aws.amazon.com/neuroncore: '8'", "inf1.xlarge", "", &c, &err),
	    0);
	r = RQ(GS_RES_NEURON, 1, 1, "hami-v2.7.0");
	hami_neuron_resolve(&r, 1, &c);
	t_assert_one_req(&r, &(struct hami_req){ 1, 0, 0, 4, GV_NEURON });
	gs_cluster_release(&c);
}

/* t_pfit on node n under profile (GPU policy spread). */
static void
nr_pfit_init(struct t_pfit *x, const struct gs_node *n, const char *profile,
    const struct hami_req *r)
{
	t_pfit_init(x, n, r);
	hami_filter_release(&x->f);
	t_set_profile(&x->cfg, profile);
	hami_filter_init(&x->f, &x->pod, &x->cfg);
}

/*
 * One device: countMaskAvailable(Totalcore) - countMaskAvailable(
 * Usedcores) must hold Coresreq.  Two devices of 2 cores: device 0 full
 * (2 of 2 slots), device 1 with one core in use (Usedcores 1): one core
 * takes device 1 with addCoreUsage(1, 1) = 3 - 1 = 2, and awsusageinfo
 * becomes 1 + 2 = 3; the pod's next container finds both out of slots.
 * A device of 4 cores with Usedcores 3 (2 of 4 slots): 4 - 2 = 2 cores
 * free, but addCoreUsage(3, 1) = 3 - 3 = 0: a grant of 0 cores.
 */
static void
test_neuron_fit_cores(void)
{
	struct gs_cluster	c;
	struct gs_error		err;
	struct t_pfit		x;

	CU_ASSERT_EQUAL_FATAL(load_two("aws.amazon.com/neuron: '2', "
	    "aws.amazon.com/neuroncore: '4'", "trn1.2xlarge", "", &c, &err),
	    0);
	c.nodes[0].devs[0].used = 2;
	c.nodes[0].devs[0].usedcores = 3;
	c.nodes[0].devs[1].used = 1;
	c.nodes[0].devs[1].usedcores = 1;
	nr_pfit_init(&x, &c.nodes[0], "hami-v2.7.0",
	    &(struct hami_req){ 1, 0, 0, 1, GV_NEURON });
	CU_ASSERT_TRUE_FATAL(t_pfit(&x));
	CU_ASSERT_EQUAL(x.g[0].dev, 1);
	CU_ASSERT_EQUAL(x.g[0].usedcores, 2);
	CU_ASSERT_EQUAL(x.s.devs[1].usedcores, 3);
	CU_ASSERT_EQUAL(x.s.devs[1].aws_info, 3);
	CU_ASSERT_FALSE(t_pfit(&x));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_TIME_SLICING_EXHAUSTED], 2);
	t_pfit_release(&x);
	/* The 4-core device. */
	c.nodes[0].devs[1].count = 4;
	c.nodes[0].devs[1].devcore = 15;
	c.nodes[0].devs[1].used = 2;
	c.nodes[0].devs[1].usedcores = 3;
	nr_pfit_init(&x, &c.nodes[0], "hami-v2.10.0",
	    &(struct hami_req){ 1, 0, 0, 1, GV_NEURON });
	CU_ASSERT_TRUE_FATAL(t_pfit(&x));
	CU_ASSERT_EQUAL(x.g[0].dev, 1);
	CU_ASSERT_EQUAL(x.g[0].usedcores, 0);
	/* Three cores: 2 free bits are too few. */
	x.r.r[0].coresreq = 3;
	CU_ASSERT_FALSE(t_pfit(&x));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_INSUFFICIENT_CORE], 1);
	t_pfit_release(&x);
	gs_cluster_release(&c);
}

/*
 * graphSelect on 8 idle devices (all scores equal: the sorted list is
 * in index order): Trainium takes 4 in runs aligned to 4 (device 1 in
 * use: positions 4-7), refuses 2 (NumaNotFit, "1/1" up to v2.9);
 * Inferentia takes any run (device 1 in use: 2 and 3 for 2 devices).
 * with device 2 unhealthy v2.7 still takes 2 and 3, v2.10's graphSelect
 * passes over it: 3 and 4.  Each whole device is granted its
 * Totalcore, 3.
 */
static void
test_neuron_fit_devices(void)
{
	struct gs_cluster	c;
	struct gs_error		err;
	struct t_pfit		x;

	CU_ASSERT_EQUAL_FATAL(load_two("aws.amazon.com/neuron: '8', "
	    "aws.amazon.com/neuroncore: '16'", "trn1.32xlarge",
	    "aws.amazon.com/neuron: '8', aws.amazon.com/neuroncore: '16'",
	    &c, &err), 0);
	c.nodes[0].devs[1].used = c.nodes[1].devs[1].used = 1;
	c.nodes[0].devs[1].usedcores = c.nodes[1].devs[1].usedcores = 1;
	nr_pfit_init(&x, &c.nodes[0], "hami-v2.7.0",
	    &(struct hami_req){ 4, 0, 0, 2, GV_NEURON });
	CU_ASSERT_TRUE_FATAL(t_pfit(&x));
	CU_ASSERT_EQUAL(x.g[0].dev, 4);
	CU_ASSERT_EQUAL(x.g[3].dev, 7);
	CU_ASSERT_EQUAL(x.g[3].usedcores, 3);
	CU_ASSERT_EQUAL(x.s.devs[7].aws_info, 3);
	hami_scratch_load(&x.s, &c.nodes[0], x.f.gpu_binpack);
	x.r.nums = x.r.r[0].nums = 2;
	CU_ASSERT_FALSE(t_pfit(&x));
	CU_ASSERT_EQUAL(x.counts[HR_NUMA_NOT_FIT], 1);
	CU_ASSERT_EQUAL(x.s.cards_forced, 1);
	t_pfit_release(&x);
	/* Inferentia: node b has no instance type; make it inf2. */
	gs_kv_set(&c.nodes[1].labels, "node.kubernetes.io/instance-type",
	    "inf2.48xlarge");
	nr_pfit_init(&x, &c.nodes[1], "hami-v2.7.0",
	    &(struct hami_req){ 2, 0, 0, 2, GV_NEURON });
	CU_ASSERT_TRUE_FATAL(t_pfit(&x));
	CU_ASSERT_EQUAL(x.g[0].dev, 2);
	CU_ASSERT_EQUAL(x.g[1].dev, 3);
	t_pfit_release(&x);
	c.nodes[1].devs[2].health = 0;
	nr_pfit_init(&x, &c.nodes[1], "hami-v2.7.0",
	    &(struct hami_req){ 2, 0, 0, 2, GV_NEURON });
	CU_ASSERT_TRUE_FATAL(t_pfit(&x));
	CU_ASSERT_EQUAL(x.g[0].dev, 2);
	t_pfit_release(&x);
	nr_pfit_init(&x, &c.nodes[1], "hami-v2.10.0",
	    &(struct hami_req){ 2, 0, 0, 2, GV_NEURON });
	CU_ASSERT_TRUE_FATAL(t_pfit(&x));
	CU_ASSERT_EQUAL(x.g[0].dev, 3);
	CU_ASSERT_EQUAL(x.g[1].dev, 4);
	t_pfit_release(&x);
	gs_cluster_release(&c);
}

/* Cores of one kind in limits (v2.10 reads limits first). */
static void
set_cores(struct gs_resval *lim, struct gs_resval *req, int64_t v)
{
	memset(lim, 0, GS_RES_N * sizeof *lim);
	memset(req, 0, GS_RES_N * sizeof *req);
	lim[GS_RES_NEURON_CORE].set = lim[GS_RES_NEURON_CORE].ok = 1;
	lim[GS_RES_NEURON_CORE].v = v;
}

/*
 * v2.10 coresPerDevice: min(coresPerAWSNeuron, 2), 2 while it is 0.  On a
 * cluster whose first node has 1 core per device (4 devices, 4 cores:
 * hami_neuron_cores 1) splitCoreRequest splits by 1: 3 cores are 3
 * devices of 1 core and admitted; 1 core one device of 1; 2 x MaxInt32
 * cores need 4294967294 devices, more than MaxInt32.  Split by 2 (cores
 * 0, 2 or 4) 3 cores are refused.  Up to v2.9 the old rule holds on any
 * cluster: 3 cores one device of 2.
 */
static void
test_neuron_split_by_one(void)
{
	struct gs_resval	lim[GS_RES_N], req[GS_RES_N];
	struct hami_req		r;
	struct gs_cluster	c;
	struct gs_error		err;
	char			why[160];

	CU_ASSERT_EQUAL(hami_neuron_split_by(0), 2);
	CU_ASSERT_EQUAL(hami_neuron_split_by(1), 1);
	CU_ASSERT_EQUAL(hami_neuron_split_by(2), 2);
	CU_ASSERT_EQUAL(hami_neuron_split_by(4), 2);
	CU_ASSERT_EQUAL_FATAL(load_two("aws.amazon.com/neuron: '4', "
	    "aws.amazon.com/neuroncore: '4'", "inf1.6xlarge",
	    "aws.amazon.com/neuron: '2', aws.amazon.com/neuroncore: '4'",
	    &c, &err), 0);
	CU_ASSERT_EQUAL(hami_neuron_cores(&c), 1);
	gs_cluster_release(&c);

	set_cores(lim, req, 3);
	CU_ASSERT_PTR_NULL(hami_neuron_webhook(t_hp("2.10.0"), 1, lim, req,
	    why, sizeof why));
	CU_ASSERT_TRUE(hami_neuron_admits(t_hp("2.10.0"), 1, lim, req));
	hami_neuron_request(lim, req, t_hp("2.10.0"), 1, &r);
	CU_ASSERT_EQUAL(r.nums, 3);
	CU_ASSERT_EQUAL(r.coresreq, 1);
	CU_ASSERT_EQUAL(r.vendor, GV_NEURON);
	CU_ASSERT_FALSE(hami_neuron_admits(t_hp("2.10.0"), 0, lim, req));
	CU_ASSERT_FALSE(hami_neuron_admits(t_hp("2.10.0"), 4, lim, req));
	CU_ASSERT_STRING_EQUAL(hami_neuron_webhook(t_hp("2.10.0"), 2, lim,
	    req, why, sizeof why), "aws.amazon.com/neuroncore must be 1 or "
	    "a multiple of 2, got 3");
	hami_neuron_request(lim, req, t_hp("2.10.0"), 2, &r);
	CU_ASSERT_EQUAL(r.nums, 0);
	hami_neuron_request(lim, req, t_hp("2.9.0"), 1, &r);
	CU_ASSERT_EQUAL(r.nums, 1);
	CU_ASSERT_EQUAL(r.coresreq, 2);

	set_cores(lim, req, 1);
	hami_neuron_request(lim, req, t_hp("2.10.0"), 1, &r);
	CU_ASSERT_EQUAL(r.nums, 1);
	CU_ASSERT_EQUAL(r.coresreq, 1);

	set_cores(lim, req, 2 * (int64_t)INT32_MAX);
	CU_ASSERT_STRING_EQUAL(hami_neuron_webhook(t_hp("2.10.0"), 1, lim,
	    req, why, sizeof why), "aws.amazon.com/neuroncore needs "
	    "4294967294 devices, which exceeds the maximum of 2147483647");
	hami_neuron_request(lim, req, t_hp("2.10.0"), 1, &r);
	CU_ASSERT_EQUAL(r.nums, 0);
	/* By 2 the same cores are MaxInt32 devices of 2. */
	hami_neuron_request(lim, req, t_hp("2.10.0"), 2, &r);
	CU_ASSERT_EQUAL(r.nums, INT32_MAX);
	CU_ASSERT_EQUAL(r.coresreq, 2);
	set_cores(lim, req, INT32_MAX);
	hami_neuron_request(lim, req, t_hp("2.10.0"), 1, &r);
	CU_ASSERT_EQUAL(r.nums, INT32_MAX);
	CU_ASSERT_EQUAL(r.coresreq, 1);
}

CU_TestInfo neuron_tests[] = {
	{ "Neuron registration from capacity", test_neuron_registration },
	{ "Neuron requests per release", test_neuron_request },
	{ "Neuron webhook and resolved cores", test_neuron_webhook },
	{ "Neuron Fit: one device's cores", test_neuron_fit_cores },
	{ "Neuron Fit: graphSelect", test_neuron_fit_devices },
	{ "Neuron v2.10 splits cores by 1 on one-core devices",
	  test_neuron_split_by_one },
	CU_TEST_INFO_NULL
};
