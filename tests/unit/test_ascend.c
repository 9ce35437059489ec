/*
 * test_ascend.c: Huawei Ascend under the v2.7-v2.10 profiles, with values
 * worked out by hand from each tag's pkg/device/ascend/device.go: the
 * webhook and requests per version (910C modules, hami-core soft
 * partitions, v2.10's refusals and range guards), the vNPU mode check,
 * the 910 network topology in Fit (whole networks first) and in the node
 * score (10 x the share of a container's NPUs on its largest network),
 * 910C's whole modules, and custominfo in the register annotation.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/engine.h"
#include "../../core/sched/hami/explain.h"
#include "../../core/sched/hami/hami.h"
#include "../../core/sched/policy.h"
#include "../../core/load/register_codec.h"
#include "../../core/util/util.h"
#include "../../core/sched/hami/vendor.h"

static void
lim(struct gs_container *c, enum gs_res r, int64_t v)
{
	c->lim[r].set = c->lim[r].ok = 1;
	c->lim[r].v = v;
}

/* Container c's requests in a pod in hami-core mode or not. */
static struct hami_creq
ascend_req(const struct gs_container *c, int core, const char *profile,
    char *why, size_t len)
{
	return t_creq(c, profile, core ? "hami-core" : NULL, why, len);
}

static void
test_requests_by_version(void)
{
	struct gs_container	c;
	struct hami_creq	r;
	char			why[192];

	/* 8000 MiB and 5 cores, no hami-core: v2.7 and v2.8 round up to the
	 * 16384 template and read no cores; v2.9 takes the rounded memory
	 * as it is (a core resource) with 5 cores; v2.10's webhook refuses
	 * cores outside hami-core. */
	memset(&c, 0, sizeof c);
	lim(&c, GS_RES_A910B3, 1);
	lim(&c, GS_RES_A910B3_MEM, 8000);
	lim(&c, GS_RES_A910B3_CORE, 5);
	r = ascend_req(&c, 0, "hami-v2.7.0", why, sizeof why);
	CU_ASSERT_EQUAL(r.r[0].vendor, GV_ASCEND910B3);
	CU_ASSERT_EQUAL(r.r[0].memreq, 16384);
	CU_ASSERT_EQUAL(r.r[0].coresreq, 0);
	r = ascend_req(&c, 0, "hami-v2.9.0", why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why, "");
	CU_ASSERT_EQUAL(r.r[0].memreq, 16384);
	CU_ASSERT_EQUAL(r.r[0].coresreq, 5);
	(void)ascend_req(&c, 0, "hami-v2.10.0", why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why, "huawei.com/Ascend910B3-core is only "
	    "supported in hami-core (soft split) mode");

	/* hami-core: the memory as given (v2.9+), cores read. */
	r = ascend_req(&c, 1, "hami-v2.9.0", why, sizeof why);
	CU_ASSERT_EQUAL(r.r[0].memreq, 8000);
	CU_ASSERT_EQUAL(r.r[0].mempct, 0);
	CU_ASSERT_EQUAL(r.r[0].coresreq, 5);
	r = ascend_req(&c, 1, "hami-v2.10.0", why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why, "");
	CU_ASSERT_EQUAL(r.r[0].memreq, 8000);
	/* v2.8 knows neither the mode nor the core resource. */
	r = ascend_req(&c, 1, "hami-v2.8.0", why, sizeof why);
	CU_ASSERT_EQUAL(r.r[0].memreq, 16384);
	CU_ASSERT_EQUAL(r.r[0].coresreq, 0);

	/* Several vNPUs: refused, with v2.10's spelling fixed; hami-core
	 * (v2.9+) lets them through. */
	lim(&c, GS_RES_A910B3, 2);
	c.lim[GS_RES_A910B3_CORE].set = 0;
	(void)ascend_req(&c, 0, "hami-v2.9.0", why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why, "vNPU nor supported for multiple devices");
	(void)ascend_req(&c, 0, "hami-v2.10.0", why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why, "vNPU not supported for multiple devices");
	r = ascend_req(&c, 1, "hami-v2.10.0", why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why, "");
	CU_ASSERT_EQUAL(r.r[0].nums, 2);
	CU_ASSERT_EQUAL(r.r[0].memreq, 8000);

	/* 910C: one NPU becomes a module of two, an odd count is refused,
	 * no memory is the whole chip. */
	memset(&c, 0, sizeof c);
	lim(&c, GS_RES_A910C, 1);
	r = ascend_req(&c, 0, "hami-v2.9.0", why, sizeof why);
	CU_ASSERT_EQUAL(r.r[0].nums, 2);
	CU_ASSERT_EQUAL(r.r[0].memreq, 65536);
	lim(&c, GS_RES_A910C, 3);
	(void)ascend_req(&c, 0, "hami-v2.10.0", why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why, "Ascend910C device request must be 1 or "
	    "2*n, got 3");

	/* Two refusals in one container: HAMi's webhook stops at the first
	 * device that errors (gpusched: the vendor table's order). */
	memset(&c, 0, sizeof c);
	lim(&c, GS_RES_A910B3, 2);
	lim(&c, GS_RES_A910B3_MEM, 16384);
	lim(&c, GS_RES_A910C, 3);
	(void)ascend_req(&c, 0, "hami-v2.9.0", why, sizeof why);
	CU_ASSERT_STRING_EQUAL(why, "vNPU nor supported for multiple devices");

	/* v2.10's range guard: memory beyond MaxInt32 (a byte quantity) is
	 * no request.  v2.9's hami-core webhook keeps it; without a core
	 * resource the request rounds it (beyond the chip: 0, so the whole
	 * chip by percentage), with one it is int32(2^34) = 0 but not
	 * "no memory" (percentage 0). */
	memset(&c, 0, sizeof c);
	lim(&c, GS_RES_A910B3, 1);
	lim(&c, GS_RES_A910B3_MEM, (int64_t)1 << 34);
	r = ascend_req(&c, 1, "hami-v2.10.0", why, sizeof why);
	CU_ASSERT_EQUAL(r.n, 0);
	r = ascend_req(&c, 1, "hami-v2.9.0", why, sizeof why);
	CU_ASSERT_EQUAL(r.r[0].memreq, 0);
	CU_ASSERT_EQUAL(r.r[0].mempct, 100);
	lim(&c, GS_RES_A910B3_CORE, 5);
	r = ascend_req(&c, 1, "hami-v2.9.0", why, sizeof why);
	CU_ASSERT_EQUAL(r.n, 1);
	CU_ASSERT_EQUAL(r.r[0].memreq, 0);
	CU_ASSERT_EQUAL(r.r[0].mempct, 0);
}

/* n Ascend910B3 NPUs, count 1, on networks nets[i] (-1: no custominfo,
 * -2: custominfo without NetworkID). */
static void
npu_node(struct t_fit *x, const char *gpu_policy, size_t n, const int *nets,
    int vendor, const char *type)
{
	size_t	i;

	t_fit_init(x, n, 65536, gpu_policy);
	for (i = 0; i < n; i++) {
		struct gs_device *d = &x->node.devs[i];

		free(d->type);
		d->type = xstrdup(type);
		d->vendor = vendor;
		d->count = 1;
		d->devcore = 20;
		d->net = nets == NULL || nets[i] == -1 ? GS_NET_NOINFO :
		    nets[i] == -2 ? GS_NET_ABSENT : GS_NET_NUM;
		d->netid = nets != NULL && nets[i] >= 0 ? nets[i] : 0;
	}
}

static int
fit_npu(struct t_fit *x, const char *profile, int vendor, int32_t nums,
    int32_t mem)
{
	struct hami_req	r = { nums, mem, 0, 0, vendor };

	t_set_profile(&x->cfg, profile);
	return t_fit_req(x, &r);
}

static void
test_topology_fit(void)
{
	static const int	nets[] = { 0, 1, 0, 1, 1, 0 };
	struct t_fit		x;

	/*
	 * Six idle NPUs, equal scores: the scan meets them from the end,
	 * 5 (net 0), 4 (1), 3 (1), 2 (0), 1 (1), 0 (0).  Three NPUs: every
	 * fitting one is collected, then the networks, largest first and
	 * equal ones in the order met: net 0 (5, 2, 0).
	 */
	npu_node(&x, "spread", 6, nets, GV_ASCEND910B3, "Ascend910B3");
	CU_ASSERT_FATAL(fit_npu(&x, "hami-v2.7.0", GV_ASCEND910B3, 3, 65536));
	CU_ASSERT_EQUAL(x.s.ngrants, 3);
	CU_ASSERT_EQUAL(x.g[0].dev, 5);
	CU_ASSERT_EQUAL(x.g[1].dev, 2);
	CU_ASSERT_EQUAL(x.g[2].dev, 0);
	/* Four: net 0's three, then net 1's first met (4). */
	CU_ASSERT_FATAL(fit_npu(&x, "hami-v2.9.0", GV_ASCEND910B3, 4, 65536));
	CU_ASSERT_EQUAL(x.g[3].dev, 4);
	/* One: the first collected. */
	CU_ASSERT_FATAL(fit_npu(&x, "hami-v2.10.0", GV_ASCEND910B3, 1, 65536));
	CU_ASSERT_EQUAL(x.g[0].dev, 5);
	/* Under v2.6.1 the shared Fit: the first two met. */
	CU_ASSERT_FATAL(fit_npu(&x, "hami-v2.6.1", GV_ASCEND910B3, 2, 65536));
	CU_ASSERT_EQUAL(x.g[0].dev, 5);
	CU_ASSERT_EQUAL(x.g[1].dev, 4);

	/* One NPU busy (count 1): seven asked, five fit: v2.9 counts the
	 * type once, v2.10 the devices. */
	x.node.devs[5].used = 1;
	CU_ASSERT(!fit_npu(&x, "hami-v2.9.0", GV_ASCEND910B3, 6, 65536));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_TIME_SLICING_EXHAUSTED], 1);
	CU_ASSERT_EQUAL(x.counts[HR_ALLOCATED_CARDS_INSUFFICIENT_REQUEST], 1);
	CU_ASSERT(!fit_npu(&x, "hami-v2.10.0", GV_ASCEND910B3, 6, 65536));
	CU_ASSERT_EQUAL(x.counts[HR_ALLOCATED_CARDS_INSUFFICIENT_REQUEST], 5);
	x.node.devs[5].used = 0;

	/* v2.8+ looks the NPUs up among those its type registered: NPUs an
	 * Ascend910B4 request takes from an Ascend910B4-1 registration have
	 * no network there, and the combination comes out short. */
	t_fit_release(&x);
	npu_node(&x, "spread", 4, (const int[]){ 0, 0, 1, 1 },
	    GV_ASCEND910B4_1, "Ascend910B4-1");
	CU_ASSERT_FATAL(fit_npu(&x, "hami-v2.7.0", GV_ASCEND910B4, 2, 32768));
	CU_ASSERT_EQUAL(x.s.ngrants, 2);
	CU_ASSERT_FATAL(fit_npu(&x, "hami-v2.8.0", GV_ASCEND910B4, 2, 32768));
	CU_ASSERT_EQUAL(x.s.ngrants, 0);

	/* One NPU without NetworkID: no topology, the first two met. */
	t_fit_release(&x);
	npu_node(&x, "spread", 4, (const int[]){ 0, 1, 0, -2 },
	    GV_ASCEND910B3, "Ascend910B3");
	CU_ASSERT_FATAL(fit_npu(&x, "hami-v2.9.0", GV_ASCEND910B3, 2, 65536));
	CU_ASSERT_EQUAL(x.g[0].dev, 3);
	CU_ASSERT_EQUAL(x.g[1].dev, 2);
	t_fit_release(&x);
}

static void
test_910c_modules(void)
{
	static const int	nets[] = { 0, 0, 0, 0, 0, 0 };
	struct t_fit		x;

	/*
	 * Six 910C NPUs, modules {0,1} {2,3} {4,5}; NPU 4 busy.  v2.10
	 * collects 5, 3, 2, 1, 0 and takes whole modules in the order met:
	 * {2,3} as 3, 2, then {0,1}.
	 */
	npu_node(&x, "spread", 6, NULL, GV_ASCEND910C, "Ascend910C");
	x.node.devs[4].used = 1;
	CU_ASSERT_FATAL(fit_npu(&x, "hami-v2.10.0", GV_ASCEND910C, 4, 65536));
	CU_ASSERT_EQUAL(x.g[0].dev, 3);
	CU_ASSERT_EQUAL(x.g[1].dev, 2);
	CU_ASSERT_EQUAL(x.g[2].dev, 1);
	CU_ASSERT_EQUAL(x.g[3].dev, 0);
	/* Six: two whole modules only; HAMi's reason counts them out of
	 * the request. */
	CU_ASSERT(!fit_npu(&x, "hami-v2.10.0", GV_ASCEND910C, 6, 65536));
	CU_ASSERT_EQUAL(x.counts[HR_ALLOCATED_CARDS_INSUFFICIENT_REQUEST], 4);
	CU_ASSERT_EQUAL(x.s.cards, 6);
	/* v2.9 without networks: the first two met, across modules. */
	CU_ASSERT_FATAL(fit_npu(&x, "hami-v2.9.0", GV_ASCEND910C, 2, 65536));
	CU_ASSERT_EQUAL(x.g[0].dev, 5);
	CU_ASSERT_EQUAL(x.g[1].dev, 3);
	t_fit_release(&x);

	/* v2.9 with networks: collect, then whole modules; two asked of a
	 * node with one whole module left and a lone NPU: the module. */
	npu_node(&x, "spread", 6, nets, GV_ASCEND910C, "Ascend910C");
	x.node.devs[4].used = 1;
	x.node.devs[0].used = 1;
	CU_ASSERT_FATAL(fit_npu(&x, "hami-v2.9.0", GV_ASCEND910C, 2, 65536));
	CU_ASSERT_EQUAL(x.s.ngrants, 2);
	CU_ASSERT_EQUAL(x.g[0].dev, 3);
	CU_ASSERT_EQUAL(x.g[1].dev, 2);
	/* Three asked (an init container, which v2.9's webhook leaves
	 * alone), one module whole: HAMi grants the two it found. */
	x.node.devs[1].used = 0;
	x.node.devs[5].used = 1;
	x.node.devs[4].used = 0;
	CU_ASSERT_FATAL(fit_npu(&x, "hami-v2.9.0", GV_ASCEND910C, 3, 65536));
	CU_ASSERT_EQUAL(x.s.ngrants, 2);
	CU_ASSERT_EQUAL(x.g[0].dev, 3);
	CU_ASSERT_EQUAL(x.g[1].dev, 2);
	t_fit_release(&x);
}

static void
test_mode_check(void)
{
	struct t_fit	x;

	/* A hami-core pod on a node without hami-vnpu-core: ModeNotFit,
	 * 1 out of the type's devices.  v2.9 checks only partial vNPUs,
	 * both ways; v2.10 only hami-core pods on nodes without it. */
	npu_node(&x, "spread", 2, NULL, GV_ASCEND910B3, "Ascend910B3");
	gs_kv_set(&x.pod.annotations, HAMI_VNPU_MODE_ANNO, "hami-core");
	CU_ASSERT(!fit_npu(&x, "hami-v2.9.0", GV_ASCEND910B3, 1, 8000));
	CU_ASSERT_EQUAL(x.counts[HR_MODE_NOT_FIT], 1);
	CU_ASSERT_EQUAL(x.s.cards, 2);
	CU_ASSERT(fit_npu(&x, "hami-v2.9.0", GV_ASCEND910B3, 1, 65536));
	CU_ASSERT(!fit_npu(&x, "hami-v2.10.0", GV_ASCEND910B3, 1, 65536));
	CU_ASSERT(fit_npu(&x, "hami-v2.8.0", GV_ASCEND910B3, 1, 8000));
	/* The node takes hami-core: a legacy pod is kept off under v2.9. */
	x.node.vnpu_core = 1;
	CU_ASSERT(fit_npu(&x, "hami-v2.9.0", GV_ASCEND910B3, 1, 8000));
	gs_kv_set(&x.pod.annotations, HAMI_VNPU_MODE_ANNO, "legacy");
	CU_ASSERT(!fit_npu(&x, "hami-v2.9.0", GV_ASCEND910B3, 1, 8000));
	CU_ASSERT(fit_npu(&x, "hami-v2.10.0", GV_ASCEND910B3, 1, 8000));

	/* hami-core counts cores against 100, not the device's 20. */
	gs_kv_set(&x.pod.annotations, HAMI_VNPU_MODE_ANNO, "hami-core");
	{
		struct hami_req	r = { 1, 8000, 0, 50, GV_ASCEND910B3 };

		t_set_profile(&x.cfg, "hami-v2.10.0");
		CU_ASSERT(t_fit_req(&x, &r));
		gs_kv_set(&x.pod.annotations, HAMI_VNPU_MODE_ANNO, "");
		CU_ASSERT(!t_fit_req(&x, &r));
		CU_ASSERT_EQUAL(x.counts[HR_CARD_INSUFFICIENT_CORE], 2);
	}
	t_fit_release(&x);
}

/* hami_ascend_node_score of nreqs containers' grants (stride 4). */
static float
net_score(const struct gs_device *d, const struct hami_creq *reqs,
    size_t nreqs, struct gs_grant g[][4], int tg[][HAMI_MAX_TYPES],
    const struct hami_profile *hp)
{
	return hami_ascend_node_score(d, reqs, nreqs, &g[0][0], 4,
	    (const int (*)[HAMI_MAX_TYPES])tg, hp);
}

/* Node score of one pod's grants: containers' (type, devices) lists. */
static void
test_network_score(void)
{
	struct gs_device	d[6];
	struct hami_creq	reqs[2];
	struct gs_grant		g[2][4];
	int			tg[2][HAMI_MAX_TYPES];
	static const int	nets[] = { 0, 0, 0, 1, -2, 2 };
	size_t			i;

	memset(d, 0, sizeof d);
	memset(reqs, 0, sizeof reqs);
	memset(g, 0, sizeof g);
	memset(tg, 0, sizeof tg);
	for (i = 0; i < 6; i++) {
		d[i].vendor = GV_ASCEND910B3;
		d[i].net = nets[i] == -2 ? GS_NET_ABSENT : GS_NET_NUM;
		d[i].netid = nets[i];
	}
	/* One container, NPUs 0, 1, 2 (net 0) and 3 (net 1): 3/4 x 10. */
	reqs[0].n = 1;
	reqs[0].r[0] = (struct hami_req){ 4, 65536, 0, 0, GV_ASCEND910B3 };
	for (i = 0; i < 4; i++)
		g[0][i].dev = (int)i;
	tg[0][0] = 4;
	CU_ASSERT_DOUBLE_EQUAL(net_score(d, reqs, 1, g, tg,
	    t_hp("2.7.0")), 7.5, 0);
	/* Not before v2.7. */
	CU_ASSERT_DOUBLE_EQUAL(net_score(d, reqs, 1, g, tg,
	    t_hp("2.6.1")), 0, 0);
	/* A second container with NPUs 3 and 5 (nets 1, 2): + 1/2; 12.5. */
	reqs[1] = reqs[0];
	reqs[1].r[0].nums = 2;
	g[1][0].dev = 3;
	g[1][1].dev = 5;
	tg[1][0] = 2;
	CU_ASSERT_DOUBLE_EQUAL(net_score(d, reqs, 2, g, tg,
	    t_hp("2.10.0")), 12.5, 0);
	/* An NPU without NetworkID in any container: the type adds 0. */
	g[1][1].dev = 4;
	CU_ASSERT_DOUBLE_EQUAL(net_score(d, reqs, 2, g, tg,
	    t_hp("2.10.0")), 0, 0);

	/* A container asking for a T4 first, then 2 NPUs: up to v2.9 the
	 * NPUs' list also holds the T4 (no custominfo): 0; v2.10 lists the
	 * type's own: 2/2 x 10. */
	d[4].vendor = GV_NVIDIA;
	d[4].net = GS_NET_NOINFO;
	reqs[0].n = 2;
	reqs[0].r[0] = (struct hami_req){ 1, 1000, 101, 0, GV_NVIDIA };
	reqs[0].r[1] = (struct hami_req){ 2, 65536, 0, 0, GV_ASCEND910B3 };
	g[0][0].dev = 4;
	g[0][1].dev = 0;
	g[0][2].dev = 1;
	tg[0][0] = 1;
	tg[0][1] = 2;
	CU_ASSERT_DOUBLE_EQUAL(net_score(d, reqs, 1, g, tg,
	    t_hp("2.9.0")), 0, 0);
	CU_ASSERT_DOUBLE_EQUAL(net_score(d, reqs, 1, g, tg,
	    t_hp("2.10.0")), 10, 0);
	CU_ASSERT(hami_ascend_scored(reqs, 1, t_hp("2.7.0")));
	CU_ASSERT(!hami_ascend_scored(reqs, 1, t_hp("2.6.1")));
}

static void
test_custominfo(void)
{
	struct gs_device	*d;
	size_t			 n;
	char			 why[128];

	CU_ASSERT_EQUAL_FATAL(hami_register_decode("[{\"id\":\"a\","
	    "\"custominfo\":{\"NetworkID\":3.9}},{\"id\":\"b\",\"CustomInfo\":"
	    "{\"NetworkID\":\"x\"}},{\"id\":\"c\",\"custominfo\":{}},"
	    "{\"id\":\"d\",\"custominfo\":null},{\"id\":\"e\"}]", &d, &n,
	    why, sizeof why), 0);
	CU_ASSERT_EQUAL(n, 5);
	CU_ASSERT_EQUAL(d[0].net, GS_NET_NUM);
	CU_ASSERT_EQUAL(d[0].netid, 3);		/* int(3.9) */
	CU_ASSERT_EQUAL(d[1].net, GS_NET_OTHER);	/* any case of key */
	CU_ASSERT_EQUAL(d[2].net, GS_NET_ABSENT);
	CU_ASSERT_EQUAL(d[3].net, GS_NET_NOINFO);
	CU_ASSERT_EQUAL(d[4].net, GS_NET_NOINFO);
	gs_devices_free(d, n);
	CU_ASSERT_EQUAL(hami_register_decode("[{\"id\":\"a\",\"custominfo\":"
	    "[1]}]", &d, &n, why, sizeof why), -1);
	CU_ASSERT_STRING_EQUAL(why, "device 1: \"custominfo\" must be an "
	    "object");
}

/*
 * explain and the policy agree pod after pod on a cluster of networked
 * and plain Ascend nodes (every node tried, network score added), and the
 * chosen node's trace marks exactly the NPUs granted.
 */
static void
test_policy_agrees(void)
{
	static const char *const prof[] = { "hami-v2.7.0", "hami-v2.9.0",
	    "hami-v2.10.0" };
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_config	 cfg;
	size_t			 i, j, k, agree, placed, npods = 60;
	unsigned		 seed;

	for (k = 0; k < sizeof prof / sizeof prof[0]; k++) {
		memset(&c, 0, sizeof c);
		memset(&w, 0, sizeof w);
		c.nodes = xcalloc(3, sizeof *c.nodes);
		c.nnodes = c.cap = 3;
		for (i = 0; i < 3; i++) {
			char	name[8];

			snprintf(name, sizeof name, "n%zu", i);
			t_node(&c.nodes[i], name, 8, 65536, "Ascend910B3");
			for (j = 0; j < 8; j++) {
				struct gs_device *d = &c.nodes[i].devs[j];

				d->vendor = GV_ASCEND910B3;
				d->count = 2;
				d->devcore = 20;
				d->net = i == 2 ? GS_NET_NOINFO : GS_NET_NUM;
				d->netid = i == 0 ? (int64_t)j / 4 :
				    (int64_t)j % 3;
			}
		}
		seed = 99;
		for (i = 0; i < npods; i++) {
			struct gs_pod	*p;
			char		 n[16];
			unsigned	 u;

			seed = seed * 1103515245u + 12345u;
			u = (seed >> 8) % 1000;
			snprintf(n, sizeof n, "p%zu", i);
			p = t_pod(&w, n, 1);
			p->pinned_node = -1;
			p->ctrs[0].name = xstrdup("main");
			/* Whole NPUs, one to four, or one vNPU. */
			lim(&p->ctrs[0], GS_RES_A910B3, u % 3 ? 1 : 1 + u % 4);
			if (u % 3)
				lim(&p->ctrs[0], GS_RES_A910B3_MEM, 16384);
			if (u % 2)
				gs_kv_set(&p->annotations,
				    "hami.io/node-scheduler-policy", "spread");
		}
		gs_config_init(&cfg);
		t_set_profile(&cfg, prof[k]);
		{
			void	*st = gs_policy_hami_v270.create(&c, &cfg);

			agree = placed = 0;
			for (i = 0; i < w.npods; i++) {
				struct gs_placement	d;
				struct gs_explain	ex;

				gs_explain_pod(&c, &w.pods[i], &cfg, -1, &ex);
				gs_policy_hami_v270.decide(st, &c, &w.pods[i],
				    &d, NULL);
				agree += d.node == ex.chosen;
				if (d.status == GS_PLACED) {
					const struct gs_explain_detail *dt =
					    &ex.nodes[d.node].detail[0];
					size_t g, chosen = 0;

					placed++;
					CU_ASSERT(d.node_score ==
					    ex.nodes[d.node].score);
					for (g = 0; g < dt->ngpus; g++)
						chosen += dt->gpus[g].result ==
						    HR_N;
					CU_ASSERT_EQUAL(chosen,
					    d.ctrs[0].ngrants);
				}
				gs_engine_commit(&c, &d, &w.pods[i]);
				gs_placement_release(&d);
				gs_explain_release(&ex);
			}
			gs_policy_hami_v270.destroy(st);
		}
		CU_ASSERT_EQUAL(agree, w.npods);
		CU_ASSERT(placed > 20 && placed < npods);
		gs_config_release(&cfg);
		gs_workload_release(&w);
		gs_cluster_release(&c);
	}
}

CU_TestInfo ascend_tests[] = {
	{ "requests by version", test_requests_by_version },
	{ "network topology in Fit", test_topology_fit },
	{ "910C whole modules", test_910c_modules },
	{ "vNPU mode check", test_mode_check },
	{ "network node score", test_network_score },
	{ "custominfo in the register annotation", test_custominfo },
	{ "explain and the policy agree", test_policy_agrees },
	CU_TEST_INFO_NULL
};
