/*
 * test_metax.c: Metax whole GPUs (core/load/metax.c, the GV_METAX row of
 * core/sched/hami/vendor.c, its customFilterRule in fit.c) against HAMi's
 * pkg/device/metax/device.go: GetNodeDevices, GenerateResourceRequests,
 * Fit; values worked out by hand.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/hami/hami.h"
#include "../../core/load/load.h"
#include "../../core/util/util.h"
#include "../../core/sched/hami/vendor.h"
#include "../../core/load/yamltree.h"

/* Load a Node 'm' whose capacity metax-tech.com/gpu is cap: 0 and the
 * cluster, or -1 with err. */
static int
load_mx(const char *cap, struct gs_cluster *c, struct gs_error *err)
{
	struct yt_file		f;
	struct gs_warnings	w;
	char			buf[256];
	int			rc;

	snprintf(buf, sizeof buf, "kind: Node\nmetadata: {name: m}\n"
	    "status:\n  capacity: {metax-tech.com/gpu: '%s'}\n", cap);
	memset(c, 0, sizeof *c);
	memset(&w, 0, sizeof w);
	CU_ASSERT_EQUAL_FATAL(yt_parse(&f, "t.yaml", buf, strlen(buf), err),
	    0);
	rc = gs_load_cluster_doc(c, &f, f.docs[0].root, &w, err);
	yt_file_release(&f);
	gs_warnings_release(&w);
	return rc;
}

static void
test_metax_registration(void)
{
	struct gs_cluster	c;
	struct gs_error		err;

	CU_ASSERT_EQUAL_FATAL(load_mx("2", &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(c.nodes[0].ndevs, 2);
	CU_ASSERT_STRING_EQUAL(c.nodes[0].devs[1].id, "m-metax-1");
	CU_ASSERT_STRING_EQUAL(c.nodes[0].devs[1].type, "Metax-GPU");
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].index, 1);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].count, 1);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].devmem, 65536);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].devcore, 100);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].vendor, GV_METAX);
	CU_ASSERT(c.nodes[0].registered);
	gs_cluster_release(&c);
	/* AsInt64 fails on 1.5: none; 0: none. */
	CU_ASSERT_EQUAL(load_mx("1.5", &c, &err), 0);
	CU_ASSERT_EQUAL(c.nodes[0].ndevs, 0);
	gs_cluster_release(&c);
	CU_ASSERT_EQUAL(load_mx("0", &c, &err), 0);
	CU_ASSERT_EQUAL(c.nodes[0].ndevs, 0);
	gs_cluster_release(&c);
	CU_ASSERT_EQUAL(load_mx("-1", &c, &err), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "must not be negative"));
	gs_cluster_release(&c);
	CU_ASSERT_EQUAL(load_mx("300", &c, &err), -1);
	CU_ASSERT_EQUAL(err.line, 4);
	gs_cluster_release(&c);
	/* Every release registers them. */
	CU_ASSERT(gs_vendor_registered(GV_METAX, t_hp("2.6.1")));
	CU_ASSERT(gs_vendor_registered(GV_METAX, t_hp("2.10.0")));
}

/* GenerateResourceRequests: limits, else requests; whole devices. */
static void
test_metax_request(void)
{
	struct hami_creq	r;

	r = t_res_creq(GS_RES_METAX, 2, 0, "hami-v2.10.0");
	t_assert_one_req(&r, &(struct hami_req){ 2, 0, 100, 100, GV_METAX });
	r = t_res_creq(GS_RES_METAX, 0, 1, NULL);
	CU_ASSERT_EQUAL(r.n, 0);
}

/*
 * Three idle GPUs: a container of one takes m-metax-2 (tried first);
 * the next container of the same pod finds m-metax-2 used up and the
 * other two refused by customFilterRule (the earlier grant is not them).
 */
static void
test_metax_custom_filter(void)
{
	struct gs_cluster	c;
	struct gs_error		err;
	struct t_pfit		x;

	CU_ASSERT_EQUAL_FATAL(load_mx("3", &c, &err), 0);
	t_pfit_init(&x, &c.nodes[0],
	    &(struct hami_req){ 1, 0, 100, 100, GV_METAX });
	CU_ASSERT_TRUE(t_pfit(&x));
	CU_ASSERT_EQUAL(x.g[0].dev, 2);
	CU_ASSERT_EQUAL(x.g[0].usedmem, 65536);
	CU_ASSERT(x.s.metax_granted);
	CU_ASSERT_FALSE(t_pfit(&x));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_TIME_SLICING_EXHAUSTED], 1);
	CU_ASSERT_EQUAL(x.counts[HR_CARD_NOT_FOUND_CUSTOM_FILTER_RULE], 2);
	/* Another pod: the flag is the caller's to clear. */
	x.s.metax_granted = 0;
	CU_ASSERT_TRUE(t_pfit(&x));
	CU_ASSERT_EQUAL(x.g[0].dev, 1);
	t_pfit_release(&x);
	gs_cluster_release(&c);
}

CU_TestInfo metax_tests[] = {
	{ "Metax registration from capacity", test_metax_registration },
	{ "Metax whole-device requests", test_metax_request },
	{ "Metax customFilterRule", test_metax_custom_filter },
	CU_TEST_INFO_NULL
};
