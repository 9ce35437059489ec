/*
 * test_vendor.c: the other vendors HAMi v2.6.1 schedules (vendor.h) with
 * values worked out by hand from each vendor's device.go: requests and
 * their webhooks, registration from capacity and annotations, device
 * and node scores that sum every type, and the vendor filters in Fit.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/hami.h"
#include "../../core/load.h"
#include "../../core/util.h"
#include "../../core/vendor.h"
#include "../../core/yamltree.h"

static void
lim(struct gs_container *c, enum gs_res r, int64_t v)
{
	c->lim[r].set = c->lim[r].ok = 1;
	c->lim[r].v = v;
}

/* The requests of a one-container pod under v2.6.1. */
static struct hami_creq
creq_of(const struct gs_container *c)
{
	struct gs_workload	 w;
	struct gs_pod		*p;
	struct gs_config	 cfg;
	struct hami_creq	*r, out;

	memset(&w, 0, sizeof w);
	p = t_pod(&w, "p", 1);
	p->ctrs[0] = *c;
	p->ctrs[0].name = xstrdup("main");
	gs_config_init(&cfg);
	hami_pod_requests(p, &cfg, &r);
	out = r[0];
	free(r);
	gs_config_release(&cfg);
	gs_workload_release(&w);
	return out;
}

static void
test_requests(void)
{
	struct gs_container	c;
	struct hami_creq	r;

	/* Cambricon: vmemory in 256 MiB units, cores 100 by default. */
	memset(&c, 0, sizeof c);
	lim(&c, GS_RES_MLU, 1);
	lim(&c, GS_RES_MLU_MEM, 32);
	r = creq_of(&c);
	CU_ASSERT_EQUAL(r.n, 1);
	CU_ASSERT_EQUAL(r.r[0].vendor, GV_MLU);
	CU_ASSERT_EQUAL(r.r[0].memreq, 8192);
	CU_ASSERT_EQUAL(r.r[0].mempct, 0);
	CU_ASSERT_EQUAL(r.r[0].coresreq, 100);

	/* Hygon: MiB as given; no memory is the whole card. */
	memset(&c, 0, sizeof c);
	lim(&c, GS_RES_DCU, 2);
	lim(&c, GS_RES_DCU_CORE, 30);
	r = creq_of(&c);
	CU_ASSERT_EQUAL(r.r[0].nums, 2);
	CU_ASSERT_EQUAL(r.r[0].memreq, 0);
	CU_ASSERT_EQUAL(r.r[0].mempct, 100);
	CU_ASSERT_EQUAL(r.r[0].coresreq, 30);

	/* Iluvatar: several devices get 100 cores each from the webhook,
	 * a privileged container (no webhook) keeps 0. */
	memset(&c, 0, sizeof c);
	lim(&c, GS_RES_ILU, 2);
	lim(&c, GS_RES_ILU_CORE, 20);
	r = creq_of(&c);
	CU_ASSERT_EQUAL(r.r[0].coresreq, 200);
	c.privileged = 1;
	r = creq_of(&c);
	CU_ASSERT_EQUAL(r.r[0].coresreq, 20);

	/* Ascend: memory rounded up to a template; none = the chip. */
	memset(&c, 0, sizeof c);
	lim(&c, GS_RES_A910B, 1);
	r = creq_of(&c);
	CU_ASSERT_EQUAL(r.r[0].memreq, 65536);
	CU_ASSERT_EQUAL(r.r[0].mempct, 0);
	CU_ASSERT_EQUAL(r.r[0].coresreq, 0);

	/* NVIDIA and MLU in one container: two requests, NVIDIA first. */
	t_ctr(&c, 1, 4000, -1, -1);
	lim(&c, GS_RES_MLU, 1);
	r = creq_of(&c);
	CU_ASSERT_EQUAL(r.n, 2);
	CU_ASSERT_EQUAL(r.nums, 2);
	CU_ASSERT_EQUAL(r.r[0].vendor, GV_NVIDIA);
	CU_ASSERT_EQUAL(r.r[1].vendor, GV_MLU);
	CU_ASSERT_EQUAL(r.r[1].mempct, 100);
}

static void
test_ascend_trim(void)
{
	const struct gs_vendor_info *b = &gs_vendors[GV_ASCEND910B];
	const struct gs_vendor_info *p = &gs_vendors[GV_ASCEND310P];

	CU_ASSERT_EQUAL(gs_vendor_trim_memory(b, 1), 16384);
	CU_ASSERT_EQUAL(gs_vendor_trim_memory(b, 16000), 16384);
	CU_ASSERT_EQUAL(gs_vendor_trim_memory(b, 16385), 32768);
	CU_ASSERT_EQUAL(gs_vendor_trim_memory(b, 40000), 65536);
	CU_ASSERT_EQUAL(gs_vendor_trim_memory(b, 65537), 0);
	/* 310P: beyond the last template but within capacity 24576, the
	 * allocatable 21527. */
	CU_ASSERT_EQUAL(gs_vendor_trim_memory(p, 22000), 21527);
	CU_ASSERT_EQUAL(gs_vendor_trim_memory(p, 3000), 3072);
}

static void
test_scores_sum_types(void)
{
	struct gs_device	t4, mlu;
	struct hami_creq	c;
	struct hami_filter	f;
	struct gs_device	node[3];

	memset(&t4, 0, sizeof t4);
	t4.count = 10;
	t4.devmem = 15360;
	t4.devcore = 100;
	t4.type = "NVIDIA-Tesla T4";
	mlu = t4;
	mlu.count = 100;
	mlu.devmem = 24576;
	mlu.type = "MLU";
	memset(&c, 0, sizeof c);
	c.r[0] = (struct hami_req){ 1, 4000, 101, 0, GV_NVIDIA };
	c.r[1] = (struct hami_req){ 1, 8192, 0, 50, GV_MLU };
	c.n = 2;
	memset(&f, 0, sizeof f);
	f.w_slot = f.w_core = f.w_mem = 1;
	/* v2.6.1: both requests on every device: 10 * ((2/10 + 50/100) +
	 * 12192/15360) and 10 * ((2/100 + 50/100) + 12192/24576). */
	f.version = 20601;
	CU_ASSERT_EQUAL(hami_device_score_c(&t4, &c, &f), 14.9375f);
	CU_ASSERT_EQUAL(hami_device_score_c(&mlu, &c, &f), 10.160937f);
	/* v2.9: only the request of the device's exact Type: "MLU" is,
	 * "NVIDIA-Tesla T4" is not "NVIDIA". */
	f.version = 20900;
	CU_ASSERT_EQUAL(hami_device_score_c(&t4, &c, &f), 0.0f);
	CU_ASSERT_EQUAL(hami_device_score_c(&mlu, &c, &f), 8.433333f);

	/* Node score over two T4s and a busy MLU: 10 * ((1/120 + 50/300)
	 * + 8192/55296). */
	node[0] = t4;
	node[1] = t4;
	node[2] = mlu;
	node[2].used = 1;
	node[2].usedcores = 50;
	node[2].usedmem = 8192;
	CU_ASSERT_EQUAL(hami_node_score(node, 3), 3.23148155f);
}

static int
load(struct gs_cluster *c, const char *yaml)
{
	struct yt_file		f;
	struct gs_warnings	w;
	struct gs_error		err;
	int			rc;

	memset(c, 0, sizeof *c);
	memset(&w, 0, sizeof w);
	if (yt_parse(&f, "t.yaml", yaml, strlen(yaml), &err) != 0)
		return -1;
	rc = gs_load_cluster_doc(c, &f, f.docs[0].root, &w, &err);
	yt_file_release(&f);
	gs_warnings_release(&w);
	return rc;
}

static void
test_registration(void)
{
	struct gs_cluster	c;
	const struct gs_node	*n;

	/* 300 vcore = 3 MLUs; 100 x 256 MiB shared: 100*256*100/300. */
	CU_ASSERT_EQUAL_FATAL(load(&c, "kind: Node\n"
	    "metadata: {name: m}\n"
	    "status: {capacity: {cambricon.com/mlu.smlu.vcore: '300', "
	    "cambricon.com/mlu.smlu.vmemory: '100', "
	    "iluvatar.ai/vcuda-core: '150'}}\n"), 0);
	n = &c.nodes[0];
	CU_ASSERT_EQUAL_FATAL(n->ndevs, 5);
	CU_ASSERT_STRING_EQUAL(n->devs[2].id, "m-cambricon-mlu-2");
	CU_ASSERT_EQUAL(n->devs[2].devmem, 8533);
	CU_ASSERT_EQUAL(n->devs[2].count, 100);
	CU_ASSERT_EQUAL(n->devs[2].vendor, GV_MLU);
	/* 150 vcuda-core: two Iluvatar devices (i*100 < 150), no memory. */
	CU_ASSERT_STRING_EQUAL(n->devs[4].id, "m-iluvatar-1");
	CU_ASSERT_EQUAL(n->devs[4].devmem, 0);
	CU_ASSERT(n->registered);
	gs_cluster_release(&c);

	/* NVIDIA first, then Hygon's text form. */
	CU_ASSERT_EQUAL_FATAL(load(&c, "kind: Node\n"
	    "metadata: {name: d, annotations: {"
	    "hami.io/node-dcu-register: 'D0,4,16368,100,DCU-Z100,1,true:', "
	    "hami.io/node-nvidia-register: "
	    "'G0,10,15360,100,NVIDIA-Tesla T4,0,true,0,hami-core:'}}\n"), 0);
	n = &c.nodes[0];
	CU_ASSERT_EQUAL_FATAL(n->ndevs, 2);
	CU_ASSERT_STRING_EQUAL(n->devs[0].id, "G0");
	CU_ASSERT_STRING_EQUAL(n->devs[1].type, "DCU-Z100");
	CU_ASSERT_EQUAL(n->devs[1].numa, 1);
	CU_ASSERT_EQUAL(n->devs[1].vendor, GV_DCU);
	gs_cluster_release(&c);

	/* Ascend reads JSON only. */
	CU_ASSERT_NOT_EQUAL(load(&c, "kind: Node\n"
	    "metadata: {name: a, annotations: {"
	    "hami.io/node-register-Ascend910A: 'A0,4,32768,30,A,0,true:'}}\n"),
	    0);
	gs_cluster_release(&c);
}

/* Fit one request on a node of two DCUs (types Z100L, Z100). */
static int
fit_dcu(const char *key, const char *val, int *dev)
{
	struct t_fit		x;
	struct hami_req		r = { 1, 1000, 0, 10, GV_DCU };
	int			ok;

	t_fit_init(&x, 2, 16368, "binpack");
	free(x.node.devs[0].type);
	free(x.node.devs[1].type);
	x.node.devs[0].type = xstrdup("DCU-Z100L");
	x.node.devs[1].type = xstrdup("DCU-Z100");
	if (key != NULL)
		gs_kv_set(&x.pod.annotations, key, val);
	hami_filter_init(&x.f, &x.pod, &x.cfg);
	hami_scratch_load(&x.s, &x.node, x.f.gpu_binpack);
	ok = hami_fit_request(&x.s, &r, &x.f, x.g, x.counts, &x.insufficient);
	*dev = ok ? x.g[0].dev : -1;
	hami_filter_release(&x.f);
	t_fit_release(&x);
	return ok;
}

static void
test_vendor_filters(void)
{
	int	dev;

	/* Both fit; equal scores, binpack takes the last tried. */
	CU_ASSERT(fit_dcu(NULL, NULL, &dev));
	CU_ASSERT(fit_dcu("hygon.com/use-dcutype", "z100l", &dev));
	CU_ASSERT_EQUAL(dev, 0);
	/* "Z100" is contained in both types: the nouse list takes both. */
	CU_ASSERT(!fit_dcu("hygon.com/nouse-dcutype", "Z100", &dev));
	CU_ASSERT(fit_dcu("hygon.com/use-gpuuuid", "GPU-1", &dev));
	CU_ASSERT_EQUAL(dev, 1);
	CU_ASSERT(fit_dcu("hygon.com/nouse-gpuuuid", "GPU-1", &dev));
	CU_ASSERT_EQUAL(dev, 0);
	/* NVIDIA's annotations do not apply to DCUs. */
	CU_ASSERT(fit_dcu("nvidia.com/use-gpuuuid", "GPU-9", &dev));
}

/*
 * A container asking for a T4 and an MLU on a node with two of each: the
 * T4 fits (after passing over the busier MLUs), the MLU (20000 MiB of
 * 16384) does not.  The reasons are the MLU scan's alone: 2/4 CardTypeMismatch (the T4s), 2/4
 * CardInsufficientMemory; none left over from the T4 scan.
 */
static void
test_reasons_of_failing_type(void)
{
	struct t_fit		x;
	struct hami_creq	c;
	size_t			i;

	t_fit_init(&x, 4, 15360, "binpack");
	for (i = 2; i < 4; i++) {
		free(x.node.devs[i].type);
		x.node.devs[i].type = xstrdup("MLU");
		x.node.devs[i].count = 100;
		x.node.devs[i].devmem = 16384;
		x.node.devs[i].vendor = GV_MLU;
		/* Busy: under binpack the T4 scan meets the MLUs first. */
		x.node.devs[i].used = 50;
		x.node.devs[i].usedcores = 50;
	}
	memset(&c, 0, sizeof c);
	c.r[0] = (struct hami_req){ 1, 4000, 101, 0, GV_NVIDIA };
	c.r[1] = (struct hami_req){ 1, 20000, 0, 10, GV_MLU };
	c.n = 2;
	c.nums = 2;
	hami_filter_init(&x.f, &x.pod, &x.cfg);
	hami_scratch_load(&x.s, &x.node, x.f.gpu_binpack);
	CU_ASSERT_FALSE(hami_fit_container(&x.s, &c, &x.f, x.g, x.counts,
	    &x.insufficient));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_TYPE_MISMATCH], 2);
	CU_ASSERT_EQUAL(x.counts[HR_CARD_INSUFFICIENT_MEMORY], 2);
	CU_ASSERT_EQUAL(x.s.cards, 4);
	hami_filter_release(&x.f);
	t_fit_release(&x);
}

CU_TestInfo vendor_tests[] = {
	{ "requests and webhooks per vendor", test_requests },
	{ "Ascend memory templates", test_ascend_trim },
	{ "scores sum every type", test_scores_sum_types },
	{ "registration from capacity and annotations", test_registration },
	{ "Hygon type and vendor UUID filters", test_vendor_filters },
	{ "reasons of the type that failed", test_reasons_of_failing_type },
	CU_TEST_INFO_NULL
};
