/*
 * test_vendor.c: the other vendors HAMi schedules (sched/hami/vendor.h) with
 * values worked out by hand from each version's vendor device.go: requests and
 * their webhooks, registration from capacity and annotations and which
 * versions register what, device and node scores that sum every type,
 * and the vendor checks in Fit (v2.8 Iluvatar's forward scan, v2.10's
 * health check and trimmed filters).
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/hami/hami.h"
#include "../../core/load/load.h"
#include "../../core/model/running.h"
#include "../../core/util/util.h"
#include "../../core/sched/hami/vendor.h"
#include "../../core/load/yamltree.h"

static void
lim(struct gs_container *c, enum gs_res r, int64_t v)
{
	c->lim[r].set = c->lim[r].ok = 1;
	c->lim[r].v = v;
}

/* The requests of a one-container pod under profile (NULL: v2.6.1). */
static struct hami_creq
creq_v(const struct gs_container *c, const char *profile)
{
	return t_creq(c, profile, NULL, NULL, 0);
}

static struct hami_creq
creq_of(const struct gs_container *c)
{
	return creq_v(c, NULL);
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
	const int b = GV_ASCEND910B, p = GV_ASCEND310P;
	const struct hami_profile *v = hami_profile_find("hami-v2.6.1");

	CU_ASSERT_EQUAL(gs_vendor_trim_memory(b, v, 1), 16384);
	CU_ASSERT_EQUAL(gs_vendor_trim_memory(b, v, 16000), 16384);
	CU_ASSERT_EQUAL(gs_vendor_trim_memory(b, v, 16385), 32768);
	CU_ASSERT_EQUAL(gs_vendor_trim_memory(b, v, 40000), 65536);
	CU_ASSERT_EQUAL(gs_vendor_trim_memory(b, v, 65537), 0);
	/* 310P: beyond the last template but within capacity 24576, the
	 * allocatable 21527. */
	CU_ASSERT_EQUAL(gs_vendor_trim_memory(p, v, 22000), 21527);
	CU_ASSERT_EQUAL(gs_vendor_trim_memory(p, v, 3000), 3072);
	/* Each chart's templates: 910B4-1's doubled from v2.8, 910C's
	 * from v2.10 (v2.9: none, so the whole chip up to its capacity). */
	{
		static const struct {
			int		 v;
			const char	*profile;
			int64_t		 m, want;
		} t[] = {
			{ GV_ASCEND910B4_1, "2.7", 9000, 16384 },
			{ GV_ASCEND910B4_1, "2.7", 8000, 8192 },
			{ GV_ASCEND910B4_1, "2.8", 8000, 16384 },
			{ GV_ASCEND910B4_1, "2.8", 20000, 32768 },
			{ GV_ASCEND910C, "2.9", 1000, 65536 },
			{ GV_ASCEND910C, "2.10", 1000, 16384 },
			{ GV_ASCEND910C, "2.10", 70000, 0 },
		};
		size_t	i;

		for (i = 0; i < sizeof t / sizeof t[0]; i++)
			CU_ASSERT_EQUAL(gs_vendor_trim_memory(t[i].v,
			    hami_profile_find(t[i].profile), t[i].m),
			    t[i].want);
	}
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
	f.hp = t_hp("2.6.1");
	CU_ASSERT_EQUAL(hami_device_score_c(&t4, &c, &f), 14.9375f);
	CU_ASSERT_EQUAL(hami_device_score_c(&mlu, &c, &f), 10.160937f);
	/* v2.9: only the request of the device's exact Type: "MLU" is,
	 * "NVIDIA-Tesla T4" is not "NVIDIA". */
	f.hp = t_hp("2.9.0");
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

	/* Kubernetes never reports a negative capacity (Go would register
	 * -100 x 256 x 100 / 100 = -25600 MiB): refused. */
	CU_ASSERT_EQUAL(load(&c, "kind: Node\n"
	    "metadata: {name: m}\n"
	    "status: {capacity: {cambricon.com/mlu.smlu.vcore: '100', "
	    "cambricon.com/mlu.smlu.vmemory: '-100'}}\n"), -1);
	gs_cluster_release(&c);
	/* 83887 x 25600 / 100 = 21475072 MiB fits; 8388608 x 25600 / 100 =
	 * 2147483648 is one past int32; 25700 cores are 257 devices. */
	CU_ASSERT_EQUAL_FATAL(load(&c, "kind: Node\n"
	    "metadata: {name: m}\n"
	    "status: {capacity: {cambricon.com/mlu.smlu.vcore: '100', "
	    "cambricon.com/mlu.smlu.vmemory: '83887'}}\n"), 0);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].devmem, 21475072);
	gs_cluster_release(&c);
	CU_ASSERT_EQUAL(load(&c, "kind: Node\n"
	    "metadata: {name: m}\n"
	    "status: {capacity: {cambricon.com/mlu.smlu.vcore: '100', "
	    "cambricon.com/mlu.smlu.vmemory: '8388608'}}\n"), -1);
	gs_cluster_release(&c);
	CU_ASSERT_EQUAL(load(&c, "kind: Node\n"
	    "metadata: {name: m}\n"
	    "status: {capacity: {cambricon.com/mlu.smlu.vcore: '25700', "
	    "cambricon.com/mlu.smlu.vmemory: '100'}}\n"), -1);
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

/*
 * Requests by version.  Up to v2.9 Go wraps: 8388608 x 256 MiB is 2^31,
 * int32 -2^31 (Fit then reads no memory); v2.10 drops a request whose
 * memory is beyond MaxInt32/256 or not an integer (Cambricon, Iluvatar),
 * or whose count, memory or cores are out of range (Hygon).
 */
static void
test_requests_by_version(void)
{
	struct gs_container	c;
	struct hami_creq	r;

	memset(&c, 0, sizeof c);
	lim(&c, GS_RES_MLU, 1);
	lim(&c, GS_RES_MLU_MEM, 8388608);
	r = creq_v(&c, "hami-v2.9.0");
	CU_ASSERT_EQUAL(r.n, 1);
	CU_ASSERT_EQUAL(r.r[0].memreq, INT32_MIN);
	CU_ASSERT_EQUAL(r.r[0].mempct, 0);
	CU_ASSERT_EQUAL(creq_v(&c, "hami-v2.10.0").n, 0);
	/* 8388607 x 256 is MaxInt32/256 x 256: it stands. */
	lim(&c, GS_RES_MLU_MEM, 8388607);
	r = creq_v(&c, "hami-v2.10.0");
	CU_ASSERT_EQUAL(r.r[0].memreq, 2147483392);
	/* Memory that is not an integer: no memory up to v2.9. */
	c.lim[GS_RES_MLU_MEM].ok = 0;
	r = creq_v(&c, "hami-v2.9.0");
	CU_ASSERT_EQUAL(r.r[0].memreq, 0);
	CU_ASSERT_EQUAL(r.r[0].mempct, 100);
	CU_ASSERT_EQUAL(creq_v(&c, "hami-v2.10.0").n, 0);

	memset(&c, 0, sizeof c);
	lim(&c, GS_RES_DCU, 1);
	lim(&c, GS_RES_DCU_MEM, -1);
	r = creq_v(&c, "hami-v2.9.0");
	CU_ASSERT_EQUAL(r.r[0].memreq, -1);
	CU_ASSERT_EQUAL(creq_v(&c, "hami-v2.10.0").n, 0);
	lim(&c, GS_RES_DCU_MEM, 1000);
	lim(&c, GS_RES_DCU_CORE, 2147483648LL);
	CU_ASSERT_EQUAL(creq_v(&c, "hami-v2.9.0").r[0].coresreq, INT32_MIN);
	CU_ASSERT_EQUAL(creq_v(&c, "hami-v2.10.0").n, 0);

	/* Iluvatar per model from v2.8 (v2.6.1 does not know the names);
	 * the webhook's 100 cores per device skips a privileged container
	 * up to v2.9, not in v2.10. */
	memset(&c, 0, sizeof c);
	lim(&c, GS_RES_MRV100, 2);
	lim(&c, GS_RES_MRV100_MEM, 16);
	lim(&c, GS_RES_MRV100_CORE, 20);
	CU_ASSERT_EQUAL(creq_of(&c).n, 0);
	r = creq_v(&c, "hami-v2.8.0");
	CU_ASSERT_EQUAL_FATAL(r.n, 1);
	CU_ASSERT_EQUAL(r.r[0].vendor, GV_ILU_MRV100);
	CU_ASSERT_EQUAL(r.r[0].memreq, 4096);
	CU_ASSERT_EQUAL(r.r[0].coresreq, 200);
	c.privileged = 1;
	CU_ASSERT_EQUAL(creq_v(&c, "hami-v2.9.0").r[0].coresreq, 20);
	CU_ASSERT_EQUAL(creq_v(&c, "hami-v2.10.0").r[0].coresreq, 200);
}

/* Which versions gpusched simulates a vendor's requests under, and the
 * reason a pod asking for the others stays pending. */
/* Fit one request of vendor on n devices of type under profile. */
static int
fit_v(struct t_fit *x, const char *profile, int vendor, const char *type,
    size_t n)
{
	struct hami_req	r = { 1, 1000, 0, 10, vendor };
	size_t		i;

	for (i = 0; i < n; i++) {
		free(x->node.devs[i].type);
		x->node.devs[i].type = xstrdup(type);
		x->node.devs[i].vendor = vendor;
	}
	t_set_profile(&x->cfg, profile);
	return t_fit_req(x, &r);
}

#define P(alias)	hami_profile_find(alias)

/*
 * The vendor table reads named flags of the profile row, not version
 * numbers: a new row that copies v2.9.0 and toggles one flag changes
 * exactly what that flag says (hand-computed from sched/hami/vendor.c's table).
 */
static void
test_vendor_gates_new_row(void)
{
	struct hami_profile	 row = *P("2.9");

	/* v2.9.0 registers 910C and per-model Iluvatar, and reads Ascend's
	 * core resource. */
	CU_ASSERT(gs_vendor_registered(GV_ASCEND910C, &row));
	CU_ASSERT(gs_vendor_reads_core(GV_ASCEND910B3, &row));
	row.ascend_910c = 0;
	CU_ASSERT(!gs_vendor_registered(GV_ASCEND910C, &row));
	CU_ASSERT(gs_vendor_registered(GV_ASCEND910B3, &row));
	row.ascend_core_resource = 0;
	CU_ASSERT(!gs_vendor_reads_core(GV_ASCEND910B3, &row));
	CU_ASSERT(gs_vendor_reads_core(GV_MLU, &row));	/* ungated */
	row.iluvatar_per_model = 0;
	CU_ASSERT(gs_vendor_registered(GV_ILUVATAR, &row));
	CU_ASSERT(!gs_vendor_registered(GV_ILU_MRV100, &row));
	row.ascend_chip_names = 0;
	CU_ASSERT(gs_vendor_registered(GV_ASCEND910B, &row));
	CU_ASSERT(!gs_vendor_registered(GV_ASCEND910B3, &row));
	/* Templates: 910B4-1's vir05_1c_8g is 16384 MiB with the doubled
	 * chart, 8192 without; 910C with no templates takes the whole chip
	 * (memoryAllocatable 65536), with v2.10's the smallest, 16384. */
	row = *P("2.9");
	CU_ASSERT_EQUAL(gs_vendor_trim_memory(GV_ASCEND910B4_1, &row, 8000),
	    16384);
	row.ascend_910b4_1_doubled = 0;
	CU_ASSERT_EQUAL(gs_vendor_trim_memory(GV_ASCEND910B4_1, &row, 8000),
	    8192);
	CU_ASSERT_EQUAL(gs_vendor_trim_memory(GV_ASCEND910C, &row, 1000),
	    65536);
	row.ascend_910c_templates = 1;
	CU_ASSERT_EQUAL(gs_vendor_trim_memory(GV_ASCEND910C, &row, 1000),
	    16384);
}

static void
test_modelled_by_version(void)
{
	struct gs_container	c;
	struct hami_creq	r;
	struct t_fit		x;

	CU_ASSERT(gs_vendor_registered(GV_ILUVATAR, P("2.7.0")));
	CU_ASSERT(!gs_vendor_registered(GV_ILUVATAR, P("2.7.1")));
	CU_ASSERT(!gs_vendor_registered(GV_ILU_MRV100, P("2.7.0")));
	CU_ASSERT(gs_vendor_registered(GV_ILU_MRV100, P("2.7.1")));
	CU_ASSERT(!gs_vendor_registered(GV_ASCEND910B, P("2.7.0")));
	CU_ASSERT(!gs_vendor_registered(GV_ASCEND910C, P("2.8")));
	CU_ASSERT(gs_vendor_registered(GV_ASCEND910C, P("2.9")));
	CU_ASSERT(!gs_vendors_overlap(GV_ASCEND910B, GV_ASCEND910B3));
	CU_ASSERT(!gs_vendors_overlap(GV_ILUVATAR, GV_ILU_MRV50));
	CU_ASSERT_STRING_EQUAL(hami_profile_for_version("v2.7.1"),
	    "hami-v2.7.1");
	CU_ASSERT_STRING_EQUAL(hami_profile_for_version("2.7"),
	    "hami-v2.7.0");

	/* iluvatar.ai/vgpu: a request under v2.7.0, which registers the
	 * capacity form; v2.7.1 does not know the resource. */
	memset(&c, 0, sizeof c);
	lim(&c, GS_RES_ILU, 1);
	r = creq_v(&c, "hami-v2.7.0");
	CU_ASSERT_EQUAL(r.n, 1);
	CU_ASSERT_EQUAL(r.r[0].vendor, GV_ILUVATAR);
	r = creq_v(&c, "hami-v2.7.1");
	CU_ASSERT_EQUAL(r.n, 0);

	/* v2.7.0's Iluvatar Fit scans from the start, as the per-model one
	 * does up to v2.8; v2.6.1's shared loop from the end. */
	t_fit_init(&x, 3, 32768, "spread");
	CU_ASSERT(fit_v(&x, "hami-v2.7.0", GV_ILUVATAR, "Iluvatar", 3));
	CU_ASSERT_EQUAL(x.g[0].dev, 0);
	CU_ASSERT(fit_v(&x, "hami-v2.6.1", GV_ILUVATAR, "Iluvatar", 3));
	CU_ASSERT_EQUAL(x.g[0].dev, 2);
	CU_ASSERT(fit_v(&x, "hami-v2.7.1", GV_ILU_MRV100, "MR-V100", 3));
	CU_ASSERT_EQUAL(x.g[0].dev, 0);
	t_fit_release(&x);
}

/*
 * A node registering under both naming schemes: each version's cluster
 * keeps its own.  The same NPU under Ascend910B and Ascend910B3 is not a
 * duplicate (no version reads both); a node left with nothing is
 * unregistered.
 */
static void
test_registration_by_version(void)
{
	static const char node[] = "kind: Node\n"
	    "metadata: {name: m, annotations: {"
	    "hami.io/node-MR-V100-register: 'I0,10,32768,100,MR-V100,0,true:', "
	    "hami.io/node-register-Ascend910B: '[{\"id\":\"N0\",\"count\":4,"
	    "\"devmem\":65536,\"devcore\":20,\"type\":\"Ascend910B\","
	    "\"health\":true}]', "
	    "hami.io/node-register-Ascend910B3: '[{\"id\":\"N0\",\"count\":4,"
	    "\"devmem\":65536,\"devcore\":20,\"type\":\"Ascend910B3\","
	    "\"health\":true}]'}}\n"
	    "status: {capacity: {iluvatar.ai/vcuda-core: '100'}}\n";
	struct gs_cluster	c, v;

	CU_ASSERT_EQUAL_FATAL(load(&c, node), 0);
	CU_ASSERT_EQUAL(c.nodes[0].ndevs, 4);
	gs_cluster_copy(&v, &c);
	gs_cluster_for_version(&v, 20601);
	CU_ASSERT_EQUAL_FATAL(v.nodes[0].ndevs, 2);
	CU_ASSERT_STRING_EQUAL(v.nodes[0].devs[0].id, "m-iluvatar-0");
	CU_ASSERT_STRING_EQUAL(v.nodes[0].devs[1].type, "Ascend910B");
	gs_cluster_release(&v);
	gs_cluster_copy(&v, &c);
	gs_cluster_for_version(&v, 20800);
	CU_ASSERT_EQUAL_FATAL(v.nodes[0].ndevs, 2);
	CU_ASSERT_STRING_EQUAL(v.nodes[0].devs[0].id, "I0");
	CU_ASSERT_STRING_EQUAL(v.nodes[0].devs[1].type, "Ascend910B3");
	CU_ASSERT(v.nodes[0].registered);
	gs_cluster_release(&v);
	gs_cluster_release(&c);

	CU_ASSERT_EQUAL_FATAL(load(&c, "kind: Node\nmetadata: {name: o}\n"
	    "status: {capacity: {iluvatar.ai/vcuda-core: '200'}}\n"), 0);
	gs_cluster_for_version(&c, 20800);
	CU_ASSERT_EQUAL(c.nodes[0].ndevs, 0);
	CU_ASSERT(!c.nodes[0].registered);
	CU_ASSERT_STRING_EQUAL(c.nodes[0].devices_note,
	    "HAMi v2.8.0 registers none of its devices");
	gs_cluster_release(&c);
}

static void
test_vendor_fit_by_version(void)
{
	struct t_fit	x;

	/* Equal devices: v2.8 Iluvatar takes the first of the sorted list,
	 * v2.9 the last, as every other Fit does. */
	t_fit_init(&x, 3, 32768, "spread");
	CU_ASSERT(fit_v(&x, "hami-v2.8.0", GV_ILU_MRV100, "MR-V100", 3));
	CU_ASSERT_EQUAL(x.g[0].dev, 0);
	CU_ASSERT(fit_v(&x, "hami-v2.9.0", GV_ILU_MRV100, "MR-V100", 3));
	CU_ASSERT_EQUAL(x.g[0].dev, 2);
	t_fit_release(&x);

	/* An unhealthy DCU: taken up to v2.9, skipped from v2.10; NVIDIA's
	 * device-cordon does not reach it. */
	t_fit_init(&x, 2, 16368, "spread");
	x.node.devs[1].health = 0;
	x.node.devs[0].cordoned = 1;
	CU_ASSERT(fit_v(&x, "hami-v2.9.0", GV_DCU, "DCU-Z100", 2));
	CU_ASSERT_EQUAL(x.g[0].dev, 1);
	CU_ASSERT(fit_v(&x, "hami-v2.10.0", GV_DCU, "DCU-Z100", 2));
	CU_ASSERT_EQUAL(x.g[0].dev, 0);
	CU_ASSERT_EQUAL(x.counts[HR_CARD_NOT_HEALTH], 1);
	x.node.devs[1].health = 1;

	/* v2.10: entries trimmed, a blank list no constraint, and the
	 * nouse list applies with the use list. */
	gs_kv_set(&x.pod.annotations, "hygon.com/use-gpuuuid", " GPU-0 ,");
	CU_ASSERT(!fit_v(&x, "hami-v2.9.0", GV_DCU, "DCU-Z100", 2));
	CU_ASSERT(fit_v(&x, "hami-v2.10.0", GV_DCU, "DCU-Z100", 2));
	CU_ASSERT_EQUAL(x.g[0].dev, 0);
	gs_kv_set(&x.pod.annotations, "hygon.com/use-gpuuuid", "  ");
	CU_ASSERT(!fit_v(&x, "hami-v2.9.0", GV_DCU, "DCU-Z100", 2));
	CU_ASSERT(fit_v(&x, "hami-v2.10.0", GV_DCU, "DCU-Z100", 2));
	CU_ASSERT_EQUAL(x.g[0].dev, 1);
	gs_kv_set(&x.pod.annotations, "hygon.com/use-gpuuuid", "GPU-0,GPU-1");
	gs_kv_set(&x.pod.annotations, "hygon.com/nouse-gpuuuid", "GPU-1");
	CU_ASSERT(fit_v(&x, "hami-v2.9.0", GV_DCU, "DCU-Z100", 2));
	CU_ASSERT_EQUAL(x.g[0].dev, 1);
	CU_ASSERT(fit_v(&x, "hami-v2.10.0", GV_DCU, "DCU-Z100", 2));
	CU_ASSERT_EQUAL(x.g[0].dev, 0);
	/* use-dcutype " z100 ," : v2.9 splits into " Z100 " (no hit) and ""
	 * (contained everywhere); v2.10 trims to Z100. */
	gs_kv_set(&x.pod.annotations, "hygon.com/nouse-gpuuuid", "");
	gs_kv_set(&x.pod.annotations, "hygon.com/use-dcutype", " z100x ,");
	CU_ASSERT(fit_v(&x, "hami-v2.9.0", GV_DCU, "DCU-Z100", 2));
	CU_ASSERT(!fit_v(&x, "hami-v2.10.0", GV_DCU, "DCU-Z100", 2));
	t_fit_release(&x);
}

/* Values no device plugin or kubelet writes are input errors. */
static void
test_nonsense_values(void)
{
	static const char node[] = "kind: Node\n"
	    "metadata: {name: n, annotations: {hami.io/node-nvidia-register: "
	    "'GPU-a,10,15360,100,T4,0,true,0,hami-core:'}}\n";
	static const char *const pods[] = {
		"GPU-a,NVIDIA,1000,30:;",		/* fine */
		"GPU-a,NVIDIA,99999999999999999999,0:;",	/* beyond int64 */
		"GPU-a,NVIDIA,2147483648,0:;",		/* beyond int32 */
		"GPU-a,NVIDIA,1000,-30:;",		/* negative */
		"GPU-a,NVIDIA,1000,x:;",		/* not a number */
	};
	struct gs_cluster	 c;
	struct gs_running	 r;
	struct gs_warnings	 w;
	struct gs_error		 err;
	struct yt_file		 f;
	char			 buf[512];
	size_t			 i;

	/* 9223372036854775 cores are 9223372036854775000 millicores, in
	 * int64; 1e400 and one more core are not. */
	snprintf(buf, sizeof buf, "%sstatus: {allocatable: {cpu: "
	    "'9223372036854775'}}\n", node);
	CU_ASSERT_EQUAL_FATAL(load(&c, buf), 0);
	CU_ASSERT_EQUAL(c.nodes[0].alloc_cpu, INT64_C(9223372036854775000));
	gs_cluster_release(&c);
	snprintf(buf, sizeof buf, "%sstatus: {allocatable: {cpu: "
	    "'9223372036854776'}}\n", node);
	CU_ASSERT_EQUAL(load(&c, buf), -1);
	gs_cluster_release(&c);
	snprintf(buf, sizeof buf, "%sstatus: {allocatable: {memory: 1e400}}\n",
	    node);
	CU_ASSERT_EQUAL(load(&c, buf), -1);
	gs_cluster_release(&c);

	for (i = 0; i < sizeof pods / sizeof pods[0]; i++) {
		CU_ASSERT_EQUAL_FATAL(load(&c, node), 0);
		snprintf(buf, sizeof buf, "kind: Pod\nmetadata: {name: p, "
		    "annotations: {hami.io/vgpu-node: n,\n"
		    "  hami.io/vgpu-devices-allocated: '%s'}}\n"
		    "spec: {containers: [{name: a}]}\n", pods[i]);
		memset(&r, 0, sizeof r);
		memset(&w, 0, sizeof w);
		memset(&err, 0, sizeof err);
		CU_ASSERT_EQUAL_FATAL(yt_parse(&f, "p.yaml", buf, strlen(buf),
		    &err), 0);
		CU_ASSERT_EQUAL(gs_load_running_doc(&c, &r, &f, f.docs[0].root,
		    &w, &err), i == 0 ? 0 : -1);
		if (i == 0)
			CU_ASSERT_EQUAL(c.nodes[0].devs[0].usedmem, 1000);
		if (i > 0) {
			/* At the annotation's value, line 3. */
			CU_ASSERT_EQUAL(err.line, 3);
			CU_ASSERT_EQUAL(err.col, 35);
		}
		yt_file_release(&f);
		gs_running_release(&r);
		gs_warnings_release(&w);
		gs_cluster_release(&c);
	}
}

CU_TestInfo vendor_tests[] = {
	{ "requests and webhooks per vendor", test_requests },
	{ "Ascend memory templates", test_ascend_trim },
	{ "scores sum every type", test_scores_sum_types },
	{ "nonsense registrations, allocations and allocatable",
	    test_nonsense_values },
	{ "registration from capacity and annotations", test_registration },
	{ "Hygon type and vendor UUID filters", test_vendor_filters },
	{ "reasons of the type that failed", test_reasons_of_failing_type },
	{ "requests by version", test_requests_by_version },
	{ "modelled vendors by version", test_modelled_by_version },
	{ "vendor gates: a new row's flags", test_vendor_gates_new_row },
	{ "registration by version", test_registration_by_version },
	{ "vendor Fit by version", test_vendor_fit_by_version },
	CU_TEST_INFO_NULL
};
