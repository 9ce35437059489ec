/*
 * test_dra.c: DRA objects read with locations (load/dra.h) and the
 * structured allocator (sched/dra/alloc.h) on allocations worked out by
 * hand from k8s.io/dynamic-resource-allocation/structured allocator.go
 * (v1.34): first fit in pool/slice/device order, backtracking for a
 * matchAttribute constraint, counters of partitionable devices (KEP-4815),
 * consumable capacity (KEP-5075), allocationMode All.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "load/dra.h"
#include "sched/dra/alloc.h"
#include "suites.h"

int
t_dra_load(struct gs_dra **d, const char *text, struct gs_error *err)
{
	struct yt_file	f;
	size_t		i;
	int		rc = 0;

	memset(&f, 0, sizeof f);
	if (yt_parse(&f, "t.yaml", text, strlen(text), err) != 0)
		return -1;
	for (i = 0; rc == 0 && i < f.ndocs; i++) {
		const struct yt_node *k = yt_get(f.docs[i].root, "kind");

		rc = gs_dra_load_object(d, &f, f.docs[i].root, k->str, err);
	}
	yt_file_release(&f);
	return rc;
}

static const char class_gpu[] =
    "kind: DeviceClass\nmetadata: {name: gpu}\nspec:\n  selectors:\n"
    "  - cel: {expression: 'device.driver == \"gpu.example.com\"'}\n";

/* Two slices of one pool on node n1, listed out of name order. */
static const char slices[] =
    "---\nkind: ResourceSlice\nmetadata: {name: s-b}\nspec:\n"
    "  driver: gpu.example.com\n  nodeName: n1\n"
    "  pool: {name: p, generation: 1, resourceSliceCount: 2}\n"
    "  devices:\n"
    "  - name: gpu-2\n    attributes: {numa: {int: 1}}\n"
    "  - name: gpu-3\n    attributes: {numa: {int: 1}}\n"
    "---\nkind: ResourceSlice\nmetadata: {name: s-a}\nspec:\n"
    "  driver: gpu.example.com\n  nodeName: n1\n"
    "  pool: {name: p, generation: 1, resourceSliceCount: 2}\n"
    "  devices:\n"
    "  - name: gpu-0\n    attributes: {numa: {int: 0}}\n"
    "  - name: gpu-1\n    attributes: {numa: {int: 1}}\n";

static void
node_init(struct gs_node *n)
{
	memset(n, 0, sizeof *n);
	n->name = "n1";
}

/* The devices taken, "d0 d1 ...", into buf. */
static void
taken(const struct gs_dra *d, const struct gs_dra_alloc *a, char *buf,
    size_t len)
{
	size_t	i;

	buf[0] = '\0';
	for (i = 0; i < a->n; i++) {
		strncat(buf, d->sref[a->v[i].sref].s->devs[a->v[i].dev].name,
		    len - strlen(buf) - 1);
		if (i + 1 < a->n)
			strncat(buf, " ", len - strlen(buf) - 1);
	}
}

static const struct gs_dra_claim *
claim(const struct gs_dra *d, const char *name)
{
	return gs_dra_claim_find(d, "default", name, 0);
}

/* Run the allocator for claim name on n1 with the feature gates feat;
 * the devices or "-"; charged when asked.  Returns the score. */
static int64_t
alloc_feat(struct gs_dra *d, const struct gs_dra_features *feat,
    const char *name, char *buf, size_t len, int charge)
{
	struct gs_dra_want	w = { claim(d, name), "c" };
	struct gs_dra_alloc	a;
	struct gs_dra_why	why;
	struct gs_node		n;
	size_t			i;

	int64_t			score;

	node_init(&n);
	CU_ASSERT_PTR_NOT_NULL_FATAL(w.claim);
	if (!gs_dra_allocate(d, feat, &n, &w, 1, &a, &why)) {
		snprintf(buf, len, "-");
		return -1;
	}
	taken(d, &a, buf, len);
	/* Charged as a template's per-pod claim (no owner): each call is
	 * another pod's claim of the same shape. */
	for (i = 0; i < a.n; i++)
		a.v[i].owner = NULL;
	if (charge)
		gs_dra_charge(d, &a, 1);
	score = a.score;
	gs_dra_alloc_release(&a);
	return score;
}

/* The same with every feature gate on (v1.36). */
static void
alloc_one(struct gs_dra *d, const char *name, char *buf, size_t len,
    int charge)
{
	(void)alloc_feat(d, &gs_dra_features_all, name, buf, len, charge);
}

static struct gs_dra *
setup(const char *extra)
{
	struct gs_dra	*d = NULL;
	struct gs_error	 err;
	char		*text = xasprintf("%s%s%s", class_gpu, slices, extra);

	if (t_dra_load(&d, text, &err) != 0)
		CU_FAIL(err.msg);
	free(text);
	return d;
}

/* Slices in name order (s-a before s-b), devices in listed order: two
 * devices are gpu-0 gpu-1; charged, the next two are gpu-2 gpu-3, and a
 * fifth finds none. */
static void
test_first_fit_order(void)
{
	struct gs_dra	*d = setup("---\nkind: ResourceClaim\nmetadata: "
	    "{name: two}\nspec:\n  devices:\n    requests:\n    - name: r\n"
	    "      exactly: {deviceClassName: gpu, count: 2}\n");
	char		 buf[128];

	alloc_one(d, "two", buf, sizeof buf, 1);
	CU_ASSERT_STRING_EQUAL(buf, "gpu-0 gpu-1");
	alloc_one(d, "two", buf, sizeof buf, 1);
	CU_ASSERT_STRING_EQUAL(buf, "gpu-2 gpu-3");
	alloc_one(d, "two", buf, sizeof buf, 0);
	CU_ASSERT_STRING_EQUAL(buf, "-");
	gs_dra_free(d);
}

/* matchAttribute numa over two requests: a takes gpu-0 (numa 0), b finds
 * no other numa-0 device, so the allocator backtracks: a gpu-1 (numa 1),
 * b gpu-2 (numa 1). */
static void
test_backtracking(void)
{
	struct gs_dra	*d = setup("---\nkind: ResourceClaim\nmetadata: "
	    "{name: pair}\nspec:\n  devices:\n    requests:\n"
	    "    - name: a\n      exactly: {deviceClassName: gpu}\n"
	    "    - name: b\n      exactly: {deviceClassName: gpu}\n"
	    "    constraints:\n    - matchAttribute: gpu.example.com/numa\n");
	char		 buf[128];

	alloc_one(d, "pair", buf, sizeof buf, 0);
	CU_ASSERT_STRING_EQUAL(buf, "gpu-1 gpu-2");
	gs_dra_free(d);
}

/* allocationMode All takes every matching device of the node; once one
 * is allocated, All fails. */
static void
test_all_mode(void)
{
	struct gs_dra	*d = setup("---\nkind: ResourceClaim\nmetadata: "
	    "{name: all}\nspec:\n  devices:\n    requests:\n    - name: r\n"
	    "      exactly: {deviceClassName: gpu, allocationMode: All}\n"
	    "---\nkind: ResourceClaim\nmetadata: {name: one}\nspec:\n"
	    "  devices:\n    requests:\n    - name: r\n"
	    "      exactly: {deviceClassName: gpu}\n");
	char		 buf[128];

	alloc_one(d, "all", buf, sizeof buf, 0);
	CU_ASSERT_STRING_EQUAL(buf, "gpu-0 gpu-1 gpu-2 gpu-3");
	alloc_one(d, "one", buf, sizeof buf, 1);
	CU_ASSERT_STRING_EQUAL(buf, "gpu-0");
	alloc_one(d, "all", buf, sizeof buf, 0);
	CU_ASSERT_STRING_EQUAL(buf, "-");
	gs_dra_free(d);
}

/* A MIG layout as partitionable devices: a counter set of 8 memory
 * slices; whole (8), 4g-0 and 4g-4 (4 each).  The 4g claim takes 4g-0;
 * an unselective claim then finds whole short of counters (4 + 8 > 8),
 * 4g-0 in use, and takes 4g-4; a third finds nothing. */
static void
test_counters(void)
{
	struct gs_dra	*d = NULL;
	struct gs_error	 err;
	char		 buf[128];
	static const char mig[] =
	    "kind: DeviceClass\nmetadata: {name: mig}\n---\n"
	    "kind: ResourceSlice\nmetadata: {name: g0}\nspec:\n"
	    "  driver: gpu.example.com\n  nodeName: n1\n"
	    "  pool: {name: n1}\n"
	    "  sharedCounters:\n  - name: gpu0\n    counters:\n"
	    "      mem: {value: '8'}\n"
	    "  devices:\n"
	    "  - name: whole\n    attributes: {profile: {string: whole}}\n"
	    "    consumesCounters:\n    - counterSet: gpu0\n"
	    "      counters: {mem: {value: '8'}}\n"
	    "  - name: 4g-0\n    attributes: {profile: {string: 4g}}\n"
	    "    consumesCounters:\n    - counterSet: gpu0\n"
	    "      counters: {mem: {value: '4'}}\n"
	    "  - name: 4g-4\n    attributes: {profile: {string: 4g}}\n"
	    "    consumesCounters:\n    - counterSet: gpu0\n"
	    "      counters: {mem: {value: '4'}}\n"
	    "---\nkind: ResourceClaim\nmetadata: {name: q}\nspec:\n"
	    "  devices:\n    requests:\n    - name: r\n      exactly:\n"
	    "        deviceClassName: mig\n        selectors:\n"
	    "        - cel: {expression: 'device.attributes[\"gpu.example.com\"]"
	    ".profile == \"4g\"'}\n"
	    "---\nkind: ResourceClaim\nmetadata: {name: w}\nspec:\n"
	    "  devices:\n    requests:\n    - name: r\n"
	    "      exactly: {deviceClassName: mig}\n";

	CU_ASSERT_EQUAL_FATAL(t_dra_load(&d, mig, &err), 0);
	alloc_one(d, "q", buf, sizeof buf, 1);
	CU_ASSERT_STRING_EQUAL(buf, "4g-0");
	/* whole would need 8 of the 4 left: the unselective claim w skips
	 * it and 4g-0 (in use) and takes 4g-4. */
	alloc_one(d, "w", buf, sizeof buf, 1);
	CU_ASSERT_STRING_EQUAL(buf, "4g-4");
	alloc_one(d, "q", buf, sizeof buf, 0);
	CU_ASSERT_STRING_EQUAL(buf, "-");
	CU_ASSERT_EQUAL(d->ctr_used[0], 8);
	gs_dra_free(d);
}

/* Consumable capacity: one shared GPU of 40Gi memory with requestPolicy
 * default 10Gi, validRange min 5Gi step 5Gi.  12Gi rounds up to 15Gi;
 * the default takes 10Gi; 15 + 10 = 25, 15 left: a 16Gi request (20Gi
 * rounded) does not fit, a 15Gi one does, and then the GPU is full. */
static void
test_consumable(void)
{
	struct gs_dra	*d = NULL;
	struct gs_error	 err;
	char		 buf[128];
	static const char shared[] =
	    "kind: DeviceClass\nmetadata: {name: shared}\n---\n"
	    "kind: ResourceSlice\nmetadata: {name: s}\nspec:\n"
	    "  driver: gpu.example.com\n  nodeName: n1\n  pool: {name: n1}\n"
	    "  devices:\n  - name: gpu-0\n    allowMultipleAllocations: true\n"
	    "    capacity:\n      memory:\n        value: 40Gi\n"
	    "        requestPolicy:\n          default: 10Gi\n"
	    "          validRange: {min: 5Gi, step: 5Gi}\n";
	static const char *const claims[][2] = {
		{ "m12", "12Gi" }, { "m16", "16Gi" }, { "m15", "15Gi" },
	};
	char	*text = xstrdup(shared), *t;
	size_t	 i;

	for (i = 0; i < 3; i++) {
		t = xasprintf("%s---\nkind: ResourceClaim\nmetadata: {name: %s}"
		    "\nspec:\n  devices:\n    requests:\n    - name: r\n"
		    "      exactly:\n        deviceClassName: shared\n"
		    "        capacity: {requests: {memory: %s}}\n", text,
		    claims[i][0], claims[i][1]);
		free(text);
		text = t;
	}
	t = xasprintf("%s---\nkind: ResourceClaim\nmetadata: {name: dflt}\n"
	    "spec:\n  devices:\n    requests:\n    - name: r\n"
	    "      exactly: {deviceClassName: shared}\n", text);
	free(text);
	CU_ASSERT_EQUAL_FATAL(t_dra_load(&d, t, &err), 0);
	free(t);
	alloc_one(d, "m12", buf, sizeof buf, 1);
	CU_ASSERT_STRING_EQUAL(buf, "gpu-0");
	CU_ASSERT_EQUAL(d->cap_used[0], 15LL << 30);
	alloc_one(d, "dflt", buf, sizeof buf, 1);
	CU_ASSERT_EQUAL(d->cap_used[0], 25LL << 30);
	alloc_one(d, "m16", buf, sizeof buf, 0);
	CU_ASSERT_STRING_EQUAL(buf, "-");
	alloc_one(d, "m15", buf, sizeof buf, 1);
	CU_ASSERT_STRING_EQUAL(buf, "gpu-0");
	CU_ASSERT_EQUAL(d->cap_used[0], 40LL << 30);
	alloc_one(d, "dflt", buf, sizeof buf, 0);
	CU_ASSERT_STRING_EQUAL(buf, "-");
	gs_dra_free(d);
}

/* firstAvailable: the first subrequest that can be met (the prioritized
 * list): two GPUs are asked first, one is taken when only one is left. */
static void
test_first_available(void)
{
	struct gs_dra	*d = setup("---\nkind: ResourceClaim\nmetadata: "
	    "{name: fa}\nspec:\n  devices:\n    requests:\n    - name: r\n"
	    "      firstAvailable:\n"
	    "      - {name: big, deviceClassName: gpu, count: 3}\n"
	    "      - {name: small, deviceClassName: gpu}\n");
	char		 buf[128];

	alloc_one(d, "fa", buf, sizeof buf, 1);
	CU_ASSERT_STRING_EQUAL(buf, "gpu-0 gpu-1 gpu-2");
	alloc_one(d, "fa", buf, sizeof buf, 1);
	CU_ASSERT_STRING_EQUAL(buf, "gpu-3");
	gs_dra_free(d);
}

/* An older generation of a pool and an incomplete pool are not used
 * (pools.go). */
static void
test_pool_generation(void)
{
	struct gs_dra	*d = setup("---\nkind: ResourceSlice\nmetadata: "
	    "{name: s-0old}\nspec:\n  driver: gpu.example.com\n"
	    "  nodeName: n1\n  pool: {name: a, generation: 0}\n  devices:\n"
	    "  - name: stale\n"
	    "---\nkind: ResourceSlice\nmetadata: {name: s-1new}\nspec:\n"
	    "  driver: gpu.example.com\n  nodeName: n1\n"
	    "  pool: {name: a, generation: 1, resourceSliceCount: 2}\n"
	    "  devices:\n  - name: partial\n"
	    "---\nkind: ResourceClaim\nmetadata: {name: one}\nspec:\n"
	    "  devices:\n    requests:\n    - name: r\n"
	    "      exactly: {deviceClassName: gpu}\n");
	char		 buf[128];

	/* Pool "a" sorts before "p", yet neither of its devices counts. */
	alloc_one(d, "one", buf, sizeof buf, 0);
	CU_ASSERT_STRING_EQUAL(buf, "gpu-0");
	gs_dra_free(d);
}

/* A ResourceClaim two pods name: the first allocates it (gpu-0), the
 * second shares it (no device of its own, the claim in uses); the
 * device stays taken until its last user goes. */
static void
test_shared_claim(void)
{
	struct gs_dra	*d = setup("---\nkind: ResourceClaim\nmetadata: "
	    "{name: shared}\nspec:\n  devices:\n    requests:\n"
	    "    - name: r\n      exactly: {deviceClassName: gpu}\n");
	struct gs_dra_want	w = { claim(d, "shared"), "g" };
	struct gs_dra_alloc	a1, a2;
	struct gs_dra_why	why;
	struct gs_node		n;

	node_init(&n);
	CU_ASSERT_EQUAL_FATAL(gs_dra_allocate(d, &gs_dra_features_all, &n, &w, 1, &a1, &why), 1);
	CU_ASSERT_EQUAL(a1.n, 1);
	CU_ASSERT_PTR_EQUAL(a1.v[0].owner, w.claim);
	gs_dra_charge(d, &a1, 1);
	CU_ASSERT_EQUAL(d->dev_alloc[0], 1);
	CU_ASSERT_EQUAL_FATAL(gs_dra_allocate(d, &gs_dra_features_all, &n, &w, 1, &a2, &why), 1);
	CU_ASSERT_EQUAL(a2.n, 0);
	CU_ASSERT_EQUAL(a2.nuses, 1);
	gs_dra_charge(d, &a2, 1);
	CU_ASSERT_EQUAL(d->dev_alloc[0], 1);
	gs_dra_charge(d, &a1, -1);
	CU_ASSERT_EQUAL(d->dev_alloc[0], 1);
	gs_dra_charge(d, &a2, -1);
	CU_ASSERT_EQUAL(d->dev_alloc[0], 0);
	CU_ASSERT_EQUAL(d->nclaimed, 0);
	gs_dra_alloc_release(&a1);
	gs_dra_alloc_release(&a2);
	gs_dra_free(d);
}

/* Malformed objects: located errors. */
static void
test_errors(void)
{
	static const struct {
		const char	*text;
		int		 line, col;
		const char	*msg;
	} cases[] = {
		{ "kind: ResourceSlice\nmetadata: {name: s}\nspec:\n"
		  "  driver: d\n  pool: {name: p}\n", 4, 3,
		  "exactly one of nodeName" },
		{ "kind: ResourceSlice\nmetadata: {name: s}\nspec:\n"
		  "  driver: d\n  nodeName: n\n  pool: {name: p}\n"
		  "  devices:\n  - name: x\n    capacity: {m: {value: lots}}\n",
		  9, 27, "quantity" },
		{ "kind: ResourceClaim\nmetadata: {name: c}\nspec:\n"
		  "  devices:\n    requests:\n    - name: r\n", 6, 7,
		  "exactly one of exactly, firstAvailable" },
		{ "kind: ResourceClaim\nmetadata: {name: c}\nspec:\n"
		  "  devices:\n    requests:\n    - name: r\n      exactly:\n"
		  "        deviceClassName: x\n        allocationMode: Some\n",
		  9, 25, "ExactCount or All" },
		{ "kind: DeviceClass\nmetadata: {name: c}\nspec:\n"
		  "  selectors:\n  - cel: {expression: 'device.nope'}\n", 5, 0,
		  "" },
	};
	size_t	i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct gs_dra	*d = NULL;
		struct gs_error	 err;

		memset(&err, 0, sizeof err);
		CU_ASSERT_EQUAL(t_dra_load(&d, cases[i].text, &err), -1);
		CU_ASSERT_EQUAL(err.line, cases[i].line);
		if (cases[i].col > 0)
			CU_ASSERT_EQUAL(err.col, cases[i].col);
		CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, cases[i].msg));
		gs_dra_free(d);
	}
}

/* A claim naming a DeviceClass nobody defines is refused where it names
 * it; a pod naming an unknown template likewise. */
static void
test_unknown_class(void)
{
	struct gs_dra	*d = NULL;
	struct gs_error	 err;

	CU_ASSERT_EQUAL_FATAL(t_dra_load(&d, "kind: ResourceClaim\nmetadata: "
	    "{name: c}\nspec:\n  devices:\n    requests:\n    - name: r\n"
	    "      exactly: {deviceClassName: nope}\n", &err), 0);
	CU_ASSERT_EQUAL(gs_dra_check(NULL, d, &err), -1);
	CU_ASSERT_EQUAL(err.line, 7);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "unknown DeviceClass 'nope'"));
	gs_dra_free(d);
}

/* A claim for one gpu device; the class only. */
static const char claim_one[] =
    "---\nkind: ResourceClaim\nmetadata: {name: one}\nspec:\n"
    "  devices:\n    requests:\n    - name: r\n"
    "      exactly: {deviceClassName: gpu}\n";

/*
 * GatherPools per node (pools_incubating.go, checkSlicesInPool): pool
 * "a" (sorted first) has slices a-1 on n1 and a-2 on n2 of resourceSliceCount
 * 2: n1 sees one slice, the pool has both: complete, n1 takes a-x.  Pool
 * "a" with a third slice of the generation (3 for a count of 2) is not
 * complete: n1 falls back to pool p's gpu-0.  A newer generation on n2
 * makes n1's older slices obsolete: not used either.
 */
static void
test_pool_view(void)
{
	static const char two[] =
	    "---\nkind: ResourceSlice\nmetadata: {name: a-1}\nspec:\n"
	    "  driver: gpu.example.com\n  nodeName: n1\n"
	    "  pool: {name: a, generation: 1, resourceSliceCount: 2}\n"
	    "  devices:\n  - name: a-x\n"
	    "---\nkind: ResourceSlice\nmetadata: {name: a-2}\nspec:\n"
	    "  driver: gpu.example.com\n  nodeName: n2\n"
	    "  pool: {name: a, generation: 1, resourceSliceCount: 2}\n"
	    "  devices:\n  - name: a-y\n";
	static const char third[] =
	    "---\nkind: ResourceSlice\nmetadata: {name: a-3}\nspec:\n"
	    "  driver: gpu.example.com\n  nodeName: n2\n"
	    "  pool: {name: a, generation: 1, resourceSliceCount: 2}\n"
	    "  devices:\n  - name: a-z\n";
	static const char newer[] =
	    "---\nkind: ResourceSlice\nmetadata: {name: a-4}\nspec:\n"
	    "  driver: gpu.example.com\n  nodeName: n2\n"
	    "  pool: {name: a, generation: 2, resourceSliceCount: 2}\n"
	    "  devices:\n  - name: a-w\n";
	struct gs_dra	*d;
	char		*t, buf[64];

	t = xasprintf("%s%s", two, claim_one);
	d = setup(t);
	alloc_one(d, "one", buf, sizeof buf, 0);
	CU_ASSERT_STRING_EQUAL(buf, "a-x");
	gs_dra_free(d);
	free(t);
	t = xasprintf("%s%s%s", two, third, claim_one);
	d = setup(t);
	alloc_one(d, "one", buf, sizeof buf, 0);
	CU_ASSERT_STRING_EQUAL(buf, "gpu-0");
	gs_dra_free(d);
	free(t);
	t = xasprintf("%s%s%s", two, newer, claim_one);
	d = setup(t);
	alloc_one(d, "one", buf, sizeof buf, 0);
	CU_ASSERT_STRING_EQUAL(buf, "gpu-0");
	gs_dra_free(d);
	free(t);
}

/* Two devices named alike in pool "a" make it invalid
 * (validateDeviceNames): skipped for ExactCount, and allocationMode All
 * fails on the node although pool p alone would serve it. */
static void
test_invalid_pool(void)
{
	struct gs_dra	*d = setup("---\nkind: ResourceSlice\nmetadata: "
	    "{name: a-1}\nspec:\n  driver: gpu.example.com\n  nodeName: n1\n"
	    "  pool: {name: a}\n  devices:\n  - name: dup\n  - name: dup\n"
	    "---\nkind: ResourceClaim\nmetadata: {name: one}\nspec:\n"
	    "  devices:\n    requests:\n    - name: r\n"
	    "      exactly: {deviceClassName: gpu}\n"
	    "---\nkind: ResourceClaim\nmetadata: {name: all}\nspec:\n"
	    "  devices:\n    requests:\n    - name: r\n"
	    "      exactly: {deviceClassName: gpu, allocationMode: All}\n");
	char		 buf[64];

	alloc_one(d, "one", buf, sizeof buf, 0);
	CU_ASSERT_STRING_EQUAL(buf, "gpu-0");
	alloc_one(d, "all", buf, sizeof buf, 0);
	CU_ASSERT_STRING_EQUAL(buf, "-");
	gs_dra_free(d);
}

/* A MIG-like pool in the v1.35 form: the counter set (4 slices of
 * memory) in slice c of its own, naming no node; the devices of slice d
 * on n1 consume it: 2g-0 (2) and 2g-2 (2) fit, 4g (4) then does not. */
static const char counter_pool[] =
    "kind: DeviceClass\nmetadata: {name: mig}\n---\n"
    "kind: ResourceSlice\nmetadata: {name: c}\nspec:\n"
    "  driver: gpu.example.com\n"
    "  pool: {name: n1, resourceSliceCount: 2}\n"
    "  sharedCounters:\n  - name: gpu0\n    counters:\n"
    "      mem: {value: '4'}\n"
    "---\nkind: ResourceSlice\nmetadata: {name: d}\nspec:\n"
    "  driver: gpu.example.com\n  nodeName: n1\n"
    "  pool: {name: n1, resourceSliceCount: 2}\n  devices:\n"
    "  - name: 2g-0\n    consumesCounters:\n    - counterSet: gpu0\n"
    "      counters: {mem: {value: '2'}}\n"
    "  - name: 2g-2\n    consumesCounters:\n    - counterSet: gpu0\n"
    "      counters: {mem: {value: '2'}}\n"
    "  - name: 4g\n    consumesCounters:\n    - counterSet: gpu0\n"
    "      counters: {mem: {value: '4'}}\n"
    "---\nkind: ResourceClaim\nmetadata: {name: m}\nspec:\n"
    "  devices:\n    requests:\n    - name: r\n"
    "      exactly: {deviceClassName: mig}\n";

static void
test_counter_slice(void)
{
	struct gs_dra	*d = NULL;
	struct gs_error	 err;
	char		 buf[64];

	CU_ASSERT_EQUAL_FATAL(t_dra_load(&d, counter_pool, &err), 0);
	alloc_one(d, "m", buf, sizeof buf, 1);
	CU_ASSERT_STRING_EQUAL(buf, "2g-0");
	alloc_one(d, "m", buf, sizeof buf, 1);
	CU_ASSERT_STRING_EQUAL(buf, "2g-2");
	alloc_one(d, "m", buf, sizeof buf, 0);
	CU_ASSERT_STRING_EQUAL(buf, "-");
	CU_ASSERT_EQUAL(d->ctr_used[0], 4);
	gs_dra_free(d);
}

/*
 * v1.34's gates (kube_features.go): DRAPartitionableDevices off, so a
 * device consuming counters is never taken (allocator_stable.go
 * allocateDevice); DRAConsumableCapacity off, so allowMultipleAllocations
 * is not honoured and capacity requests are not checked: the shared GPU
 * goes whole to the first claim, although 100Gi exceeds it.
 */
static void
test_gates_v134(void)
{
	static const struct gs_dra_features v134 = { 1, 0, 0, 0, 0 };
	struct gs_dra	*d = NULL;
	struct gs_error	 err;
	char		 buf[64];
	char		*t = xasprintf("%s---\nkind: ResourceSlice\nmetadata: "
	    "{name: s}\nspec:\n  driver: gpu.example.com\n  nodeName: n1\n"
	    "  pool: {name: shared}\n  devices:\n  - name: sh\n"
	    "    allowMultipleAllocations: true\n"
	    "    capacity: {memory: {value: 40Gi}}\n"
	    "---\nkind: ResourceClaim\nmetadata: {name: big}\nspec:\n"
	    "  devices:\n    requests:\n    - name: r\n      exactly:\n"
	    "        deviceClassName: mig\n"
	    "        capacity: {requests: {memory: 100Gi}}\n", counter_pool);

	CU_ASSERT_EQUAL_FATAL(t_dra_load(&d, t, &err), 0);
	free(t);
	alloc_feat(d, &v134, "m", buf, sizeof buf, 0);
	CU_ASSERT_STRING_EQUAL(buf, "sh");
	alloc_feat(d, &v134, "big", buf, sizeof buf, 1);
	CU_ASSERT_STRING_EQUAL(buf, "sh");
	alloc_feat(d, &v134, "big", buf, sizeof buf, 0);
	CU_ASSERT_STRING_EQUAL(buf, "-");
	/* v1.36: 100Gi does not fit the 40Gi device; the MIG devices are
	 * in pool n1, before pool shared. */
	alloc_one(d, "m", buf, sizeof buf, 0);
	CU_ASSERT_STRING_EQUAL(buf, "2g-0");
	gs_dra_free(d);
}

/*
 * requestPolicy (consumable_capacity.go): memory 40Gi, default 10Gi,
 * validRange min 5Gi step 5Gi max 20Gi.  Nothing asked: the default
 * (10Gi).  12Gi: 15Gi.  25Gi: 25Gi > max: refused.  A request naming
 * capacity "bw" the device lacks: refused.  On a device with no default
 * (policy min 5Gi, max 20Gi), nothing asked takes the whole 40Gi: above
 * max, refused.
 */
static void
test_capacity_policy(void)
{
	static const char *const cases[][3] = {
		{ "p", "", "10" }, { "p", "memory: 12Gi", "15" },
		{ "p", "memory: 25Gi", "-" }, { "p", "bw: 1", "-" },
		{ "q", "", "-" }, { "q", "memory: 20Gi", "20" },
	};
	char	buf[64];
	size_t	i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct gs_dra	*d = NULL;
		struct gs_error	 err;
		char		*t = xasprintf("kind: DeviceClass\nmetadata: "
		    "{name: c}\n---\nkind: ResourceSlice\nmetadata: {name: s}\n"
		    "spec:\n  driver: gpu.example.com\n  nodeName: n1\n"
		    "  pool: {name: n1}\n  devices:\n  - name: g\n"
		    "    allowMultipleAllocations: true\n    capacity:\n"
		    "      memory:\n        value: 40Gi\n"
		    "        requestPolicy:\n%s"
		    "          validRange: {min: 5Gi, step: 5Gi, max: 20Gi}\n"
		    "---\nkind: ResourceClaim\nmetadata: {name: x}\nspec:\n"
		    "  devices:\n    requests:\n    - name: r\n      exactly:\n"
		    "        deviceClassName: c\n%s%s%s",
		    cases[i][0][0] == 'p' ? "          default: 10Gi\n" : "",
		    cases[i][1][0] ? "        capacity: {requests: {" : "",
		    cases[i][1], cases[i][1][0] ? "}}\n" : "");

		CU_ASSERT_EQUAL_FATAL(t_dra_load(&d, t, &err), 0);
		free(t);
		alloc_one(d, "x", buf, sizeof buf, 1);
		if (strcmp(cases[i][2], "-") == 0) {
			CU_ASSERT_STRING_EQUAL(buf, "-");
		} else {
			CU_ASSERT_EQUAL(d->cap_used[0],
			    strtoll(cases[i][2], NULL, 10) << 30);
		}
		gs_dra_free(d);
	}
}

/* allowMultipleAllocations (allocator_incubating.go allocateDevice: a
 * shared device is not marked in use): one claim's two requests of 10Gi
 * both take the one shared GPU (20Gi consumed); one request of count 2
 * cannot, as the next device is searched after it (startLocation). */
static void
test_shared_twice(void)
{
	struct gs_dra	*d = NULL;
	struct gs_error	 err;
	char		 buf[64];
	static const char text[] =
	    "kind: DeviceClass\nmetadata: {name: c}\n---\n"
	    "kind: ResourceSlice\nmetadata: {name: s}\nspec:\n"
	    "  driver: gpu.example.com\n  nodeName: n1\n  pool: {name: n1}\n"
	    "  devices:\n  - name: g\n    allowMultipleAllocations: true\n"
	    "    capacity: {memory: {value: 40Gi}}\n"
	    "---\nkind: ResourceClaim\nmetadata: {name: two}\nspec:\n"
	    "  devices:\n    requests:\n"
	    "    - name: a\n      exactly:\n        deviceClassName: c\n"
	    "        capacity: {requests: {memory: 10Gi}}\n"
	    "    - name: b\n      exactly:\n        deviceClassName: c\n"
	    "        capacity: {requests: {memory: 10Gi}}\n"
	    "---\nkind: ResourceClaim\nmetadata: {name: count2}\nspec:\n"
	    "  devices:\n    requests:\n"
	    "    - name: a\n      exactly:\n        deviceClassName: c\n"
	    "        count: 2\n"
	    "        capacity: {requests: {memory: 10Gi}}\n";

	CU_ASSERT_EQUAL_FATAL(t_dra_load(&d, text, &err), 0);
	alloc_one(d, "two", buf, sizeof buf, 1);
	CU_ASSERT_STRING_EQUAL(buf, "g g");
	CU_ASSERT_EQUAL(d->cap_used[0], 20LL << 30);
	alloc_one(d, "count2", buf, sizeof buf, 0);
	CU_ASSERT_STRING_EQUAL(buf, "-");
	gs_dra_free(d);
}

/* A shared device consuming counters takes them once however many
 * claims share it (skipCounterCheck; IsDeviceAllocated): two claims on
 * "sh" (counter 3 of 4) leave 1: a device of 2 does not fit, and with
 * both gone the counter is back to 0. */
static void
test_shared_counters(void)
{
	struct gs_dra	*d = NULL;
	struct gs_error	 err;
	char		 buf[64];
	static const char text[] =
	    "kind: DeviceClass\nmetadata: {name: c}\n---\n"
	    "kind: ResourceSlice\nmetadata: {name: s}\nspec:\n"
	    "  driver: gpu.example.com\n  nodeName: n1\n  pool: {name: n1}\n"
	    "  sharedCounters:\n  - name: set\n    counters:\n"
	    "      mem: {value: '4'}\n"
	    "  devices:\n  - name: sh\n    allowMultipleAllocations: true\n"
	    "    attributes: {kind: {string: whole}}\n"
	    "    capacity: {memory: {value: 40Gi}}\n"
	    "    consumesCounters:\n    - counterSet: set\n"
	    "      counters: {mem: {value: '3'}}\n"
	    "  - name: two\n    attributes: {kind: {string: part}}\n"
	    "    consumesCounters:\n    - counterSet: set\n"
	    "      counters: {mem: {value: '2'}}\n"
	    "---\nkind: ResourceClaim\nmetadata: {name: x}\nspec:\n"
	    "  devices:\n    requests:\n    - name: r\n      exactly:\n"
	    "        deviceClassName: c\n"
	    "        capacity: {requests: {memory: 10Gi}}\n"
	    "---\nkind: ResourceClaim\nmetadata: {name: t}\nspec:\n"
	    "  devices:\n    requests:\n    - name: r\n      exactly:\n"
	    "        deviceClassName: c\n        selectors:\n"
	    "        - cel: {expression: 'device.attributes[\"gpu.example.com\"]"
	    ".kind == \"part\"'}\n";

	CU_ASSERT_EQUAL_FATAL(t_dra_load(&d, text, &err), 0);
	alloc_one(d, "x", buf, sizeof buf, 1);
	CU_ASSERT_STRING_EQUAL(buf, "sh");
	alloc_one(d, "x", buf, sizeof buf, 1);
	CU_ASSERT_STRING_EQUAL(buf, "sh");
	CU_ASSERT_EQUAL(d->ctr_used[0], 3);
	CU_ASSERT_EQUAL(d->dev_alloc[0], 2);
	alloc_one(d, "t", buf, sizeof buf, 0);
	CU_ASSERT_STRING_EQUAL(buf, "-");
	gs_dra_free(d);
}

/* resourceapi.AllocationResultsMaxSize: 33 devices in one claim are
 * refused although 34 are free; 32 are given. */
static void
test_max_results(void)
{
	struct gs_dra	*d = NULL;
	struct gs_error	 err;
	char		 buf[512], *t, *u;
	size_t		 i;

	t = xstrdup("kind: DeviceClass\nmetadata: {name: c}\n---\n"
	    "kind: ResourceSlice\nmetadata: {name: s}\nspec:\n"
	    "  driver: gpu.example.com\n  nodeName: n1\n  pool: {name: n1}\n"
	    "  devices:\n");
	for (i = 0; i < 34; i++) {
		u = xasprintf("%s  - name: d%zu\n", t, i);
		free(t);
		t = u;
	}
	u = xasprintf("%s---\nkind: ResourceClaim\nmetadata: {name: x33}\n"
	    "spec:\n  devices:\n    requests:\n    - name: r\n"
	    "      exactly: {deviceClassName: c, count: 33}\n"
	    "---\nkind: ResourceClaim\nmetadata: {name: x32}\nspec:\n"
	    "  devices:\n    requests:\n    - name: r\n"
	    "      exactly: {deviceClassName: c, count: 32}\n", t);
	free(t);
	CU_ASSERT_EQUAL_FATAL(t_dra_load(&d, u, &err), 0);
	free(u);
	alloc_one(d, "x33", buf, sizeof buf, 0);
	CU_ASSERT_STRING_EQUAL(buf, "-");
	alloc_one(d, "x32", buf, sizeof buf, 0);
	CU_ASSERT_EQUAL(strncmp(buf, "d0 d1 ", 6), 0);
	gs_dra_free(d);
}

/* dynamicresources.go computeScore (v1.35): 8 less the index of the
 * subrequest chosen: "big" (index 0) scores 8, then "small" 7. */
static void
test_first_available_score(void)
{
	struct gs_dra	*d = setup("---\nkind: ResourceClaim\nmetadata: "
	    "{name: fa}\nspec:\n  devices:\n    requests:\n    - name: r\n"
	    "      firstAvailable:\n"
	    "      - {name: big, deviceClassName: gpu, count: 3}\n"
	    "      - {name: small, deviceClassName: gpu}\n");
	static const struct gs_dra_features noprio = { 0, 1, 1, 1, 1 };
	char		 buf[128];

	CU_ASSERT_EQUAL(alloc_feat(d, &gs_dra_features_all, "fa", buf,
	    sizeof buf, 1), 8);
	CU_ASSERT_EQUAL(alloc_feat(d, &gs_dra_features_all, "fa", buf,
	    sizeof buf, 0), 7);
	/* Without DRAPrioritizedList a claim with subrequests is refused. */
	CU_ASSERT_EQUAL(alloc_feat(d, &noprio, "fa", buf, sizeof buf, 0), -1);
	gs_dra_free(d);
}

/*
 * HAMi-DRA (model/dra_hami.c): a node of two NVIDIA T4s (15360 MiB) gives one
 * slice of devices gpu-0, gpu-1 with cores 100 and memory 15360Mi; a pod
 * asking gpu 1, gpumem 4000, gpucores 30 gets claim
 * default-p-c-nvidia asking cores 30 and memory 4000Mi; a pod without
 * nvidia.com/gpu none.  Allocated under v1.36 the claim consumes 30 cores
 * and 4000 MiB of gpu-0; a second one fits on gpu-0 too (60, 8000).
 */
static void
test_hami_map(void)
{
	static const char *const names[] = { "n1" };
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_pod		*p;
	struct gs_dra		*d = NULL;
	const struct gs_dra_slice *s;
	const struct gs_dra_claim *cl;
	char			 buf[64];

	t_t4_cluster(&c, names, 1);
	/* GPUs 2 and 3 another vendor's: not HAMi-DRA's NVIDIA driver's. */
	c.nodes[0].devs[2].vendor = c.nodes[0].devs[3].vendor = 1;
	memset(&w, 0, sizeof w);
	p = t_pod(&w, "p", 1);
	t_ctr(&p->ctrs[0], 1, 4000, -1, 30);
	p->ctrs[0].name = xstrdup("c");
	p = t_pod(&w, "cpu", 1);
	t_ctr(&p->ctrs[0], -1, -1, -1, -1);
	p->ctrs[0].name = xstrdup("c");
	CU_ASSERT_EQUAL_FATAL(gs_dra_hami_map(&d, &c, &w), 1);
	CU_ASSERT_EQUAL_FATAL(d->nsref, 1);
	s = d->sref[0].s;
	CU_ASSERT_STRING_EQUAL(s->pool, "n1");
	CU_ASSERT_EQUAL_FATAL(s->ndevs, 2);
	CU_ASSERT_STRING_EQUAL(s->devs[1].name, "gpu-1");
	CU_ASSERT_EQUAL(s->devs[0].allow_multiple, 1);
	CU_ASSERT_EQUAL(s->devs[0].caps[0].v, 100);
	CU_ASSERT_EQUAL(s->devs[0].caps[1].v, 15360LL << 20);
	CU_ASSERT_EQUAL(s->devs[0].caps[1].step, 1 << 20);
	cl = gs_dra_claim_find(d, "default", "default-p-c-nvidia", 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(cl);
	CU_ASSERT_EQUAL(cl->reqs[0].subs[0].count, 1);
	CU_ASSERT_EQUAL(cl->reqs[0].subs[0].ncapreq, 2);
	CU_ASSERT_EQUAL(cl->reqs[0].subs[0].capreq[1].v, 4000LL << 20);
	CU_ASSERT_PTR_NULL(gs_dra_pod_find(d, "default", "cpu"));
	CU_ASSERT_PTR_NOT_NULL(gs_dra_pod_find(d, "default", "p"));
	alloc_one(d, "default-p-c-nvidia", buf, sizeof buf, 1);
	CU_ASSERT_STRING_EQUAL(buf, "gpu-0");
	alloc_one(d, "default-p-c-nvidia", buf, sizeof buf, 1);
	CU_ASSERT_STRING_EQUAL(buf, "gpu-0");
	CU_ASSERT_EQUAL(d->cap_used[0], 60);
	CU_ASSERT_EQUAL(d->cap_used[1], 8000LL << 20);
	/* Slices of its own: a second call adds nothing. */
	CU_ASSERT_EQUAL(gs_dra_hami_map(&d, &c, &w), 0);
	gs_dra_free(d);
	gs_workload_release(&w);
	gs_cluster_release(&c);
}

/*
 * The pool index (model/dra.c pools_index) and the claimed index
 * (byclaim_pos): pools "all" (allNodes), "p" (n1's two slices), "q"
 * (n2's) in sref order; only "p" and "q" are one node's.  Three claims
 * placed then the first released: the last takes its slot, every other
 * is still found.
 */
static void
test_pool_claim_index(void)
{
	static const char *names[] = { "c1", "c2", "c3" };
	struct gs_dra	*d = setup("---\nkind: ResourceSlice\nmetadata: "
	    "{name: s-q}\nspec:\n  driver: gpu.example.com\n  nodeName: n2\n"
	    "  pool: {name: q, generation: 1, resourceSliceCount: 1}\n"
	    "  devices:\n  - name: gpu-9\n"
	    "---\nkind: ResourceSlice\nmetadata: {name: s-all}\nspec:\n"
	    "  driver: gpu.example.com\n  allNodes: true\n"
	    "  pool: {name: all, generation: 1, resourceSliceCount: 1}\n"
	    "  devices:\n  - name: gpu-8\n"
	    "---\nkind: ResourceClaim\nmetadata: {name: c1}\nspec:\n"
	    "  devices:\n    requests:\n    - name: r\n"
	    "      exactly: {deviceClassName: gpu}\n"
	    "---\nkind: ResourceClaim\nmetadata: {name: c2}\nspec:\n"
	    "  devices:\n    requests:\n    - name: r\n"
	    "      exactly: {deviceClassName: gpu}\n"
	    "---\nkind: ResourceClaim\nmetadata: {name: c3}\nspec:\n"
	    "  devices:\n    requests:\n    - name: r\n"
	    "      exactly: {deviceClassName: gpu}\n");
	struct gs_dra_alloc	a[3];
	struct gs_dra_want	w;
	struct gs_dra_why	why;
	struct gs_node		n;
	size_t			i, lo, hi;

	node_init(&n);
	CU_ASSERT_EQUAL_FATAL(d->npools, 3);
	CU_ASSERT_EQUAL(d->pool0[0], 0);
	CU_ASSERT_EQUAL(d->pool0[1], 1);
	CU_ASSERT_EQUAL(d->pool0[2], 3);
	CU_ASSERT_EQUAL(d->pool0[3], 4);
	CU_ASSERT_EQUAL_FATAL(d->nunbound, 1);
	CU_ASSERT_EQUAL(d->unbound[0], 0);
	CU_ASSERT_EQUAL_FATAL(d->nbound, 2);
	CU_ASSERT_STRING_EQUAL(d->bound[0].node, "n1");
	CU_ASSERT_EQUAL(d->bound[0].pool, 1);
	CU_ASSERT_STRING_EQUAL(d->bound[1].node, "n2");
	CU_ASSERT_EQUAL(d->bound[1].pool, 2);
	gs_dra_node_pools(d, "n2", &lo, &hi);
	CU_ASSERT(lo == 1 && hi == 2);
	gs_dra_node_pools(d, "n1", &lo, &hi);
	CU_ASSERT(lo == 0 && hi == 1);
	/* Nodes without pools of their own: an empty range. */
	gs_dra_node_pools(d, "n0", &lo, &hi);
	CU_ASSERT(lo == hi);
	gs_dra_node_pools(d, "n3", &lo, &hi);
	CU_ASSERT(lo == hi);
	for (i = 0; i < 3; i++) {
		w.claim = claim(d, names[i]);
		w.name = "g";
		CU_ASSERT_EQUAL_FATAL(gs_dra_allocate(d, &gs_dra_features_all,
		    &n, &w, 1, &a[i], &why), 1);
		gs_dra_charge(d, &a[i], 1);
		CU_ASSERT_PTR_EQUAL(gs_dra_claimed_find(d, w.claim)->claim,
		    w.claim);
	}
	/* n1 sees gpu-8 (allNodes) and its own, never n2's gpu-9. */
	CU_ASSERT_STRING_EQUAL(d->sref[a[0].v[0].sref].s->
	    devs[a[0].v[0].dev].name, "gpu-8");
	CU_ASSERT_EQUAL(d->nclaimed, 3);
	gs_dra_charge(d, &a[0], -1);
	CU_ASSERT_EQUAL(d->nclaimed, 2);
	CU_ASSERT_PTR_NULL(gs_dra_claimed_find(d, claim(d, "c1")));
	CU_ASSERT_PTR_EQUAL(d->claimed[0].claim, claim(d, "c3"));
	CU_ASSERT_PTR_EQUAL(gs_dra_claimed_find(d, claim(d, "c2")),
	    &d->claimed[1]);
	CU_ASSERT_PTR_EQUAL(gs_dra_claimed_find(d, claim(d, "c3")),
	    &d->claimed[0]);
	for (i = 0; i < 3; i++)
		gs_dra_alloc_release(&a[i]);
	gs_dra_free(d);
}

CU_TestInfo dra_tests[] = {
	{ "first fit in pool, slice, device order", test_first_fit_order },
	{ "backtracking for matchAttribute", test_backtracking },
	{ "allocationMode All", test_all_mode },
	{ "counters of partitionable devices", test_counters },
	{ "consumable capacity", test_consumable },
	{ "firstAvailable", test_first_available },
	{ "pool generation and completeness", test_pool_generation },
	{ "a ResourceClaim shared by two pods", test_shared_claim },
	{ "located errors", test_errors },
	{ "unknown DeviceClass", test_unknown_class },
	{ "pools as the node sees them", test_pool_view },
	{ "an invalid pool", test_invalid_pool },
	{ "counter sets in a slice of their own", test_counter_slice },
	{ "feature gates of v1.34", test_gates_v134 },
	{ "capacity requestPolicy", test_capacity_policy },
	{ "a shared device in two requests", test_shared_twice },
	{ "a shared device's counters once", test_shared_counters },
	{ "32 devices per claim", test_max_results },
	{ "prioritized list score", test_first_available_score },
	{ "HAMi-DRA's slices and claims", test_hami_map },
	{ "pool and claimed indices", test_pool_claim_index },
	CU_TEST_INFO_NULL,
};
