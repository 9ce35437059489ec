/*
 * test_vastai.c: Vastai devices (the GV_VASTAI row of
 * core/sched/hami/vendor.c, its slots-only Fit in core/sched/hami/vendor_fit.c,
 * die mode and the AIC node score in core/sched/hami/vastai.c) against
 * HAMi v2.9.0 and v2.10.0's pkg/device/vastai/device.go: GetNodeDevices,
 * GenerateResourceRequests, Fit (isDieMode, computeBestCombination,
 * occupiedAIC), ScoreNode; values worked out by hand.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/load/register_codec.h"
#include "../../core/sched/hami/hami.h"
#include "../../core/sched/hami/vastai.h"
#include "../../core/sched/hami/vendor.h"
#include "../../core/util/util.h"

/* GetNodeDevices: UnMarshalNodeDevices, Devcore 100; customInfo is kept
 * as present. */
static void
test_vastai_registration(void)
{
	static const char doc[] = "kind: Node\nmetadata:\n  name: v\n"
	    "  annotations:\n    hami.io/node-va-register: '[{\"id\":\"VA-0\","
	    "\"index\":0,\"count\":3,\"devmem\":16384,\"devcore\":0,\"type\":"
	    "\"Vastai-VA1\",\"health\":true},{\"id\":\"VA-1\",\"index\":1,"
	    "\"count\":1,\"devmem\":8192,\"devcore\":0,\"type\":\"Vastai-VA1\","
	    "\"health\":true,\"customInfo\":{\"AIC\":\"0\"}}]'\n";
	struct gs_cluster	c;
	struct gs_error		err;

	CU_ASSERT_EQUAL_FATAL(t_load_cluster(doc, &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(c.nodes[0].ndevs, 2);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].vendor, GV_VASTAI);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].count, 3);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].devcore, 100);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].net, GS_NET_NOINFO);
	CU_ASSERT_NOT_EQUAL(c.nodes[0].devs[1].net, GS_NET_NOINFO);
	gs_cluster_release(&c);
	CU_ASSERT_FALSE(gs_vendor_registered(GV_VASTAI, t_hp("2.8.0")));
	CU_ASSERT(gs_vendor_registered(GV_VASTAI, t_hp("2.9.0")));
	CU_ASSERT(gs_vendor_registered(GV_VASTAI, t_hp("2.10.0")));
}

/* GenerateResourceRequests: Nums, MemPercentagereq 100, Coresreq 0. */
static void
test_vastai_request(void)
{
	struct hami_creq	r;

	r = t_res_creq(GS_RES_VASTAI, 2, 1, "hami-v2.9.0");
	t_assert_one_req(&r, &(struct hami_req){ 2, 0, 100, 0, GV_VASTAI });
	r = t_res_creq(GS_RES_VASTAI, 2, 1, "hami-v2.8.0");
	CU_ASSERT_EQUAL(r.n, 0);
}

/*
 * An unhealthy card of 2 slots, one used, its memory all taken: v2.9's
 * Fit has no health test and takes the slot (0 MiB, 0 cores); v2.10's
 * refuses it, CardNotHealth.
 */
static void
test_vastai_fit_health(void)
{
	struct t_fit	 x;
	struct hami_req	 r = { 1, 0, 100, 0, GV_VASTAI };
	struct gs_device *d;

	d = t_fit_vendor(&x, "hami-v2.9.0", GV_VASTAI, "Vastai-VA1", 16384, 2);
	d->health = 0;
	d->used = 1;
	d->usedmem = 16384;
	CU_ASSERT_TRUE(t_fit_req(&x, &r));
	CU_ASSERT_EQUAL(x.g[0].usedmem, 0);
	CU_ASSERT_EQUAL(x.g[0].usedcores, 0);
	t_set_profile(&x.cfg, "hami-v2.10.0");
	CU_ASSERT_FALSE(t_fit_req(&x, &r));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_NOT_HEALTH], 1);
	t_fit_release(&x);
}

/*
 * custominfo as device.go reads it (a map[string]any): DeviceStrategy a
 * string, "die" or another; AIC a string id.  Keys are exact (Go matches
 * a map's keys as they are; only the field name custominfo is matched in
 * any case).
 */
static void
test_vastai_custominfo(void)
{
	struct gs_device	*d;
	size_t			 n;
	char			 why[128];

	CU_ASSERT_EQUAL_FATAL(hami_register_decode("[{\"id\":\"a\","
	    "\"customInfo\":{\"DeviceStrategy\":\"die\",\"AIC\":\"A\"}},"
	    "{\"id\":\"b\",\"custominfo\":{\"DeviceStrategy\":\"card\"}},"
	    "{\"id\":\"c\",\"custominfo\":{\"DeviceStrategy\":1,\"AIC\":2}},"
	    "{\"id\":\"d\",\"custominfo\":{\"deviceStrategy\":\"die\","
	    "\"aic\":\"A\"}},{\"id\":\"e\"}]", &d, &n, why, sizeof why), 0);
	CU_ASSERT_EQUAL_FATAL(n, 5);
	CU_ASSERT_EQUAL(d[0].va_strategy, GS_VA_DIE);
	CU_ASSERT(d[0].va_aic_set);
	CU_ASSERT_STRING_EQUAL(d[0].va_aic, "A");
	CU_ASSERT_EQUAL(d[1].va_strategy, GS_VA_OTHER);
	CU_ASSERT(!d[1].va_aic_set);
	CU_ASSERT_EQUAL(d[2].va_strategy, GS_VA_NONSTR);
	CU_ASSERT(d[2].va_aic_set);
	CU_ASSERT_PTR_NULL(d[2].va_aic);	/* a number: not an id */
	CU_ASSERT_EQUAL(d[3].va_strategy, GS_VA_ABSENT);
	CU_ASSERT(!d[3].va_aic_set);
	CU_ASSERT_NOT_EQUAL(d[3].net, GS_NET_NOINFO);
	CU_ASSERT_EQUAL(d[4].va_strategy, GS_VA_ABSENT);
	CU_ASSERT_EQUAL(d[4].net, GS_NET_NOINFO);
	gs_devices_free(d, n);
}

/* Device i of x's node a Vastai die of card aic (NULL: no AIC; "#": a
 * number), strategy st, one slot. */
static void
die(struct t_fit *x, size_t i, int st, const char *aic)
{
	struct gs_device *d = &x->node.devs[i];

	free(d->type);
	d->type = xstrdup("Vastai-VA1");
	d->vendor = GV_VASTAI;
	d->count = 1;
	d->devcore = 100;
	d->net = GS_NET_ABSENT;
	d->va_strategy = st;
	d->va_aic_set = aic != NULL;
	free(d->va_aic);
	d->va_aic = aic != NULL && strcmp(aic, "#") != 0 ? xstrdup(aic) :
	    NULL;
}

/* Four idle dies on cards A (0), B (1, 2) and C (3) under profile. */
static void
four_dies(struct t_fit *x, const char *profile)
{
	static const char *const aic[] = { "A", "B", "B", "C" };
	size_t	i;

	t_fit_init(x, 4, 8192, "spread");
	t_set_profile(&x->cfg, profile);
	for (i = 0; i < 4; i++)
		die(x, i, GS_VA_DIE, aic[i]);
}

/*
 * Fit over dies (device.go Fit, isDieMode, computeBestCombination).  Idle
 * dies score alike and keep their order, so the scan from the end
 * collects 3, 2, 1, 0.  Two asked: cards C (3), B (2, 1), A (0); B has
 * the most, so 2 and 1 are kept, where a whole-card Fit takes 3 and 2.
 * One asked: the first collected, 3.
 */
static void
test_vastai_die_fit(void)
{
	struct t_fit	x;
	struct hami_req	two = { 2, 0, 100, 0, GV_VASTAI };
	struct hami_req	one = { 1, 0, 100, 0, GV_VASTAI };
	struct hami_req	three = { 3, 0, 100, 0, GV_VASTAI };

	four_dies(&x, "hami-v2.9.0");
	CU_ASSERT_FATAL(t_fit_req(&x, &two));
	CU_ASSERT_EQUAL(x.s.ngrants, 2);
	CU_ASSERT_EQUAL(x.g[0].dev, 2);
	CU_ASSERT_EQUAL(x.g[1].dev, 1);
	CU_ASSERT_FATAL(t_fit_req(&x, &one));
	CU_ASSERT_EQUAL(x.s.ngrants, 1);
	CU_ASSERT_EQUAL(x.g[0].dev, 3);
	/* isDieMode reads devices[0] alone: a "card" last changes nothing;
	 * a "card" first makes the whole Fit a card Fit: 3 and 2. */
	die(&x, 3, GS_VA_OTHER, "C");
	CU_ASSERT_FATAL(t_fit_req(&x, &two));
	CU_ASSERT_EQUAL(x.g[0].dev, 2);
	CU_ASSERT_EQUAL(x.g[1].dev, 1);
	die(&x, 0, GS_VA_OTHER, "A");
	CU_ASSERT_FATAL(t_fit_req(&x, &two));
	CU_ASSERT_EQUAL(x.g[0].dev, 3);
	CU_ASSERT_EQUAL(x.g[1].dev, 2);
	t_fit_release(&x);

	/* Dies without a string AIC are left out of the combination: of
	 * 3, 2, 1, 0 only 2 (card B) has one, and the pod gets one die. */
	four_dies(&x, "hami-v2.10.0");
	die(&x, 1, GS_VA_DIE, "#");
	die(&x, 3, GS_VA_DIE, NULL);
	die(&x, 0, GS_VA_DIE, "#");
	CU_ASSERT_FATAL(t_fit_req(&x, &two));
	CU_ASSERT_EQUAL(x.s.ngrants, 1);
	CU_ASSERT_EQUAL(x.g[0].dev, 2);
	t_fit_release(&x);

	/* Three asked, two dies free: AllocatedCardsInsufficientRequest
	 * counts len(tmpDevs) (1, the type) in v2.9, the 2 dies in v2.10. */
	four_dies(&x, "hami-v2.9.0");
	x.node.devs[0].used = x.node.devs[3].used = 1;
	CU_ASSERT(!t_fit_req(&x, &three));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_TIME_SLICING_EXHAUSTED], 2);
	CU_ASSERT_EQUAL(x.counts[HR_ALLOCATED_CARDS_INSUFFICIENT_REQUEST], 1);
	t_set_profile(&x.cfg, "hami-v2.10.0");
	CU_ASSERT(!t_fit_req(&x, &three));
	CU_ASSERT_EQUAL(x.counts[HR_ALLOCATED_CARDS_INSUFFICIENT_REQUEST], 2);
	t_fit_release(&x);
}

/*
 * v2.10 Fit under the pod's mutex policy: a die in use is refused, and
 * so is an idle die whose card has a die in use (occupiedAIC).  Die 1
 * used (card B): die 2 is refused, 3 is taken.  Dies 1 and 3 used: 0
 * (card A) alone is free of a busy card.  Then 0 used too: die 2
 * conflicts, 0, 1, 3 are exhausted (their one slot used).
 */
static void
test_vastai_die_mutex(void)
{
	struct t_fit	x;
	struct hami_req	one = { 1, 0, 100, 0, GV_VASTAI };

	four_dies(&x, "hami-v2.10.0");
	gs_kv_set(&x.pod.annotations, HAMI_GPU_POLICY_ANNO, "mutex");
	x.node.devs[1].used = 1;
	CU_ASSERT_FATAL(t_fit_req(&x, &one));
	CU_ASSERT_EQUAL(x.g[0].dev, 3);
	x.node.devs[3].used = 1;
	CU_ASSERT_FATAL(t_fit_req(&x, &one));
	CU_ASSERT_EQUAL(x.g[0].dev, 0);
	x.node.devs[0].used = 1;
	CU_ASSERT(!t_fit_req(&x, &one));
	CU_ASSERT_EQUAL(x.counts[HR_EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT], 1);
	CU_ASSERT_EQUAL(x.counts[HR_CARD_TIME_SLICING_EXHAUSTED], 3);
	/* Whole cards (no die mode): die 2 is idle and passes. */
	die(&x, 0, GS_VA_OTHER, "A");
	CU_ASSERT_FATAL(t_fit_req(&x, &one));
	CU_ASSERT_EQUAL(x.g[0].dev, 2);
	t_fit_release(&x);
}

/* One pod's grants on five dies, as ScoreNode reads them. */
struct aic_pod {
	struct gs_device	d[5];
	struct hami_creq	reqs[2];
	struct gs_grant		g[2][4];	/* container c's: g[c] */
	int			tg[2][HAMI_MAX_TYPES];
};

/* hami_vastai_node_score of the first nreqs containers of p under v. */
static float
aic_score(const struct aic_pod *p, size_t nreqs, const char *v)
{
	return hami_vastai_node_score(p->d, p->reqs, nreqs, &p->g[0][0], 4,
	    (const int (*)[HAMI_MAX_TYPES])p->tg, t_hp(v));
}

/*
 * ScoreNode: per container, the share of its devices on its most used
 * card, summed.  Container 0 on dies 0, 1 (card A) and 2 (B): 2/3;
 * container 1 on die 3 (C): 1/1; 1.6666667 in float32.
 */
static void
test_vastai_score(void)
{
	static char		a[] = "A", b[] = "B", c[] = "C";
	char			*aic[] = { a, a, b, c, NULL };
	struct aic_pod		p;
	size_t			i;

	memset(&p, 0, sizeof p);
	for (i = 0; i < 5; i++) {
		p.d[i].vendor = GV_VASTAI;
		p.d[i].net = GS_NET_ABSENT;
		p.d[i].va_strategy = GS_VA_DIE;
		p.d[i].va_aic_set = 1;
		p.d[i].va_aic = aic[i];
	}
	p.reqs[0].n = p.reqs[1].n = 1;
	p.reqs[0].r[0] = (struct hami_req){ 3, 0, 100, 0, GV_VASTAI };
	p.reqs[1].r[0] = (struct hami_req){ 1, 0, 100, 0, GV_VASTAI };
	for (i = 0; i < 3; i++)
		p.g[0][i].dev = (int)i;
	p.g[1][0].dev = 3;
	p.tg[0][0] = 3;
	p.tg[1][0] = 1;
	CU_ASSERT_DOUBLE_EQUAL(aic_score(&p, 2, "2.9.0"), (float)2 / 3 + 1,
	    1e-6);
	CU_ASSERT_DOUBLE_EQUAL(aic_score(&p, 2, "2.10.0"), 1.6666667, 1e-6);
	/* A non-string AIC (die 4 in container 1) is present but not
	 * counted: still 1/1 there. */
	p.g[1][1].dev = 4;
	p.tg[1][0] = 2;
	p.reqs[1].r[0].nums = 2;
	CU_ASSERT_DOUBLE_EQUAL(aic_score(&p, 2, "2.10.0"), 1.6666667, 1e-6);
	/* ScoreNode returns 0 for the node when any device has no AIC,
	 * another DeviceStrategy string, or no custominfo at all; a
	 * DeviceStrategy that is not a string does not matter. */
	p.d[4].va_aic_set = 0;
	CU_ASSERT_DOUBLE_EQUAL(aic_score(&p, 2, "2.10.0"), 0, 0);
	p.d[4].va_aic_set = 1;
	p.d[4].va_strategy = GS_VA_OTHER;
	CU_ASSERT_DOUBLE_EQUAL(aic_score(&p, 2, "2.10.0"), 0, 0);
	p.d[4].va_strategy = GS_VA_NONSTR;
	CU_ASSERT_DOUBLE_EQUAL(aic_score(&p, 2, "2.10.0"), 1.6666667, 1e-6);
	p.d[0].net = GS_NET_NOINFO;
	CU_ASSERT_DOUBLE_EQUAL(aic_score(&p, 2, "2.10.0"), 0, 0);
	/* Whole cards with an AIC and no DeviceStrategy are scored too:
	 * container 0 alone, dies 1 and 2 (cards A, B): 1/2. */
	p.d[0].net = GS_NET_ABSENT;
	for (i = 0; i < 5; i++)
		p.d[i].va_strategy = GS_VA_ABSENT;
	p.g[0][0].dev = 1;
	p.g[0][1].dev = 2;
	p.tg[0][0] = 2;
	p.reqs[0].r[0].nums = 2;
	CU_ASSERT_DOUBLE_EQUAL(aic_score(&p, 1, "2.9.0"), 0.5, 0);
	CU_ASSERT(hami_vastai_scored(p.reqs, 1));
	p.reqs[0].r[0].vendor = GV_NVIDIA;
	CU_ASSERT(!hami_vastai_scored(p.reqs, 1));
}

CU_TestInfo vastai_tests[] = {
	{ "Vastai registration (Devcore 100)", test_vastai_registration },
	{ "Vastai requests", test_vastai_request },
	{ "Vastai Fit: health from v2.10", test_vastai_fit_health },
	{ "Vastai custominfo: DeviceStrategy, AIC", test_vastai_custominfo },
	{ "Vastai die Fit: best combination", test_vastai_die_fit },
	{ "Vastai die Fit: mutex and occupied cards", test_vastai_die_mutex },
	{ "Vastai ScoreNode: AIC shares", test_vastai_score },
	CU_TEST_INFO_NULL
};
