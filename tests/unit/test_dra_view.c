/*
 * test_dra_view.c: a node's view of the DRA pools (sched/dra/view.h) and
 * the pool index behind it (model/dra_pools.c): a node's check looks at
 * the pools that serve every node and at its own, never at another
 * node's, whatever the cluster's size (issue 17: a pod's placement cost
 * nodes x cluster devices).  Values worked out by hand from the slices
 * below in the allocator's order (driver, pool, slice name).
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "sched/dra/view.h"
#include "suites.h"

/*
 * Pools in sref order: "all" (allNodes, 1 slice, 1 device; slice 0),
 * "p" (n1's, slices s-p1 and s-p2 of 2 devices each, 2 capacities per
 * device; slices 1-2), "q" (n2's, 1 slice, 1 device; slice 3), "r" (n3's,
 * 3 slices of 3 devices; slices 4-6), "zz" (allNodes, 1 slice, 1 device;
 * slice 7).  The claim "none" matches no device.
 */
static const char cluster[] =
    "kind: DeviceClass\nmetadata: {name: gpu}\nspec:\n  selectors:\n"
    "  - cel: {expression: 'device.driver == \"gpu.example.com\"'}\n"
    "---\nkind: ResourceSlice\nmetadata: {name: s-all}\nspec:\n"
    "  driver: gpu.example.com\n  allNodes: true\n"
    "  pool: {name: all, generation: 1, resourceSliceCount: 1}\n"
    "  devices:\n  - name: a-0\n"
    "---\nkind: ResourceSlice\nmetadata: {name: s-p2}\nspec:\n"
    "  driver: gpu.example.com\n  nodeName: n1\n"
    "  pool: {name: p, generation: 1, resourceSliceCount: 2}\n"
    "  devices:\n"
    "  - name: p-2\n    capacity: {mem: {value: 1}, cores: {value: 2}}\n"
    "  - name: p-3\n    capacity: {mem: {value: 1}, cores: {value: 2}}\n"
    "---\nkind: ResourceSlice\nmetadata: {name: s-p1}\nspec:\n"
    "  driver: gpu.example.com\n  nodeName: n1\n"
    "  pool: {name: p, generation: 1, resourceSliceCount: 2}\n"
    "  devices:\n"
    "  - name: p-0\n    capacity: {mem: {value: 1}, cores: {value: 2}}\n"
    "  - name: p-1\n    capacity: {mem: {value: 1}, cores: {value: 2}}\n"
    "---\nkind: ResourceSlice\nmetadata: {name: s-q}\nspec:\n"
    "  driver: gpu.example.com\n  nodeName: n2\n"
    "  pool: {name: q, generation: 1, resourceSliceCount: 1}\n"
    "  devices:\n  - name: q-0\n"
    "---\nkind: ResourceSlice\nmetadata: {name: s-r1}\nspec:\n"
    "  driver: gpu.example.com\n  nodeName: n3\n"
    "  pool: {name: r, generation: 1, resourceSliceCount: 3}\n"
    "  devices:\n  - name: r-0\n  - name: r-1\n  - name: r-2\n"
    "---\nkind: ResourceSlice\nmetadata: {name: s-r2}\nspec:\n"
    "  driver: gpu.example.com\n  nodeName: n3\n"
    "  pool: {name: r, generation: 1, resourceSliceCount: 3}\n"
    "  devices:\n  - name: r-3\n  - name: r-4\n  - name: r-5\n"
    "---\nkind: ResourceSlice\nmetadata: {name: s-r3}\nspec:\n"
    "  driver: gpu.example.com\n  nodeName: n3\n"
    "  pool: {name: r, generation: 1, resourceSliceCount: 3}\n"
    "  devices:\n  - name: r-6\n  - name: r-7\n  - name: r-8\n"
    "---\nkind: ResourceSlice\nmetadata: {name: s-zz}\nspec:\n"
    "  driver: gpu.example.com\n  allNodes: true\n"
    "  pool: {name: zz, generation: 1, resourceSliceCount: 1}\n"
    "  devices:\n  - name: z-0\n"
    "---\nkind: ResourceClaim\nmetadata: {name: none}\nspec:\n"
    "  devices:\n    requests:\n    - name: r\n"
    "      exactly:\n        deviceClassName: gpu\n        selectors:\n"
    "        - cel: {expression: 'device.driver == \"other\"'}\n";

static struct gs_dra *
load(void)
{
	struct gs_dra	*d = NULL;
	struct gs_error	 err;

	CU_ASSERT_EQUAL_FATAL(t_dra_load(&d, cluster, &err), 0);
	return d;
}

/*
 * n1's view: "all", "p", "zz" in sref order, 1 + 2 + 1 slices looked at
 * (never "q" or "r"); the scratch of p starts after all's one slice and
 * device and has no capacity before it; the walk gives slices 0, 1, 2, 7.
 * n2 looks at 1 + 1 + 1 slices, n4 (no pool of its own) at 2.
 */
static void
test_view_own_pools(void)
{
	struct gs_dra		*d = load();
	struct gs_dra_view	 v;
	struct gs_node		 n;
	size_t			 si, order[8], k = 0;

	CU_ASSERT_FATAL(d != NULL);
	CU_ASSERT_EQUAL_FATAL(d->nsref, 8);
	CU_ASSERT_EQUAL_FATAL(d->npools, 5);
	memset(&n, 0, sizeof n);
	n.name = "n1";
	gs_dra_view_open(&v, d, &gs_dra_features_all, &n);
	CU_ASSERT_EQUAL(v.visited, 4);
	CU_ASSERT_EQUAL(v.pools_bad, 0);
	CU_ASSERT_EQUAL_FATAL(v.n, 3);
	CU_ASSERT(v.v[0].a == 0 && v.v[0].b == 1);
	CU_ASSERT(v.v[1].a == 1 && v.v[1].b == 3);
	CU_ASSERT(v.v[2].a == 7 && v.v[2].b == 8);
	CU_ASSERT(v.v[1].on0 == 1 && v.v[1].dev0 == 1 && v.v[1].cap0 == 0);
	CU_ASSERT(v.v[2].on0 == 3 && v.v[2].dev0 == 5 && v.v[2].cap0 == 8);
	for (si = gs_dra_view_next(&v, 0); si != GS_DRA_VIEW_END && k < 8;
	    si = gs_dra_view_next(&v, si + 1))
		order[k++] = si;
	CU_ASSERT_EQUAL_FATAL(k, 4);
	CU_ASSERT(order[0] == 0 && order[1] == 1 && order[2] == 2 &&
	    order[3] == 7);
	/* Device p-1 (slice s-p1, the second) is the view's third. */
	CU_ASSERT_PTR_EQUAL(gs_dra_view_dev(&v, 1, 1), &v.pend_dev[2]);
	gs_dra_view_close(&v);
	n.name = "n2";
	gs_dra_view_open(&v, d, &gs_dra_features_all, &n);
	CU_ASSERT_EQUAL(v.visited, 3);
	CU_ASSERT_EQUAL(v.n, 3);
	gs_dra_view_close(&v);
	n.name = "n4";
	gs_dra_view_open(&v, d, &gs_dra_features_all, &n);
	CU_ASSERT_EQUAL(v.visited, 2);
	CU_ASSERT_EQUAL(v.n, 2);
	gs_dra_view_close(&v);
	CU_ASSERT_EQUAL(gs_dra_pool_find(d, "gpu.example.com", "q"), 2);
	CU_ASSERT_EQUAL(gs_dra_pool_find(d, "gpu.example.com", "s"), -1);
	CU_ASSERT_EQUAL(gs_dra_pool_find(d, "other", "p"), -1);
	gs_dra_free(d);
}

/*
 * A claim no device matches: the allocator tries every device the node
 * sees and no other: n1 a-0, p-0..p-3, z-0 (6), n3 a-0, r-0..r-8, z-0
 * (11), n4 a-0 and z-0 (2).
 */
static void
test_devices_tried(void)
{
	static const struct {
		char		*node;
		size_t		 tried;
	} want[] = { { "n1", 6 }, { "n3", 11 }, { "n4", 2 } };
	struct gs_dra		*d = load();
	struct gs_dra_want	 w;
	struct gs_dra_alloc	 a;
	struct gs_dra_why	 why;
	struct gs_node		 n;
	size_t			 i;

	CU_ASSERT_FATAL(d != NULL);
	w.claim = gs_dra_claim_find(d, "default", "none", 0);
	w.name = "c";
	CU_ASSERT_PTR_NOT_NULL_FATAL(w.claim);
	memset(&n, 0, sizeof n);
	for (i = 0; i < sizeof want / sizeof want[0]; i++) {
		n.name = want[i].node;
		CU_ASSERT_EQUAL(gs_dra_allocate(d, &gs_dra_features_all, &n,
		    &w, 1, &a, &why), 0);
		CU_ASSERT_EQUAL(why.tried, want[i].tried);
		CU_ASSERT_EQUAL(why.selector, want[i].tried);
	}
	gs_dra_free(d);
}

/*
 * The scratch: n3's view (11 devices) dirtied, then n1's (6 devices) in
 * the same bytes starts at zero; a view opened while another holds the
 * scratch gets bytes of its own, and closing both leaves it free.
 */
static void
test_view_scratch(void)
{
	struct gs_dra		*d = load();
	struct gs_dra_view	 a, b;
	struct gs_node		 n1, n3;
	size_t			 i;

	CU_ASSERT_FATAL(d != NULL && d->scratch != NULL);
	memset(&n1, 0, sizeof n1);
	memset(&n3, 0, sizeof n3);
	n1.name = "n1";
	n3.name = "n3";
	gs_dra_view_open(&a, d, &gs_dra_features_all, &n3);
	CU_ASSERT_PTR_NULL(a.own);
	for (i = 0; i < 11; i++)
		a.pend_dev[i] = 7;
	gs_dra_view_close(&a);
	gs_dra_view_open(&a, d, &gs_dra_features_all, &n1);
	CU_ASSERT_PTR_NULL(a.own);
	for (i = 0; i < 6; i++)
		CU_ASSERT_EQUAL(a.pend_dev[i], 0);
	gs_dra_view_open(&b, d, &gs_dra_features_all, &n3);
	CU_ASSERT_PTR_NOT_NULL(b.own);
	*gs_dra_view_dev(&a, 0, 0) = 1;
	CU_ASSERT_EQUAL(*gs_dra_view_dev(&b, 0, 0), 0);
	CU_ASSERT_EQUAL(b.visited, 5);
	gs_dra_view_close(&b);
	gs_dra_view_close(&a);
	CU_ASSERT_EQUAL(d->scratch->busy, 0);
	gs_dra_free(d);
}

CU_TestInfo dra_view_tests[] = {
	{ "a node's view: its own pools and the shared ones",
	    test_view_own_pools },
	{ "devices tried: the node's only", test_devices_tried },
	{ "the scratch reused, zeroed, never shared", test_view_scratch },
	CU_TEST_INFO_NULL,
};
