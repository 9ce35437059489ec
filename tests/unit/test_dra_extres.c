/*
 * test_dra_extres.c: KEP-5004, extended resources backed by DRA
 * (load/dra_extres.c, sched/dra/extres.c), on values worked out by hand
 * from Kubernetes' extendeddynamicresources.go (filterExtendedResources,
 * createRequestsAndMappings, createResourceRequestAndMappings) and
 * extended/cache.go (OnDeviceClassEvent); and explain's per-device
 * verdicts (gs_dra_devices_why).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "load/dra.h"
#include "metrics/dra_use.h"
#include "sched/dra/alloc.h"
#include "sched/dra/extres.h"
#include "suites.h"

static const char classes[] =
    "---\nkind: DeviceClass\nmetadata: {name: gpu-a}\n"
    "spec: {extendedResourceName: example.com/gpu}\n"
    "---\nkind: DeviceClass\nmetadata: {name: fpga}\n"
    "---\nkind: DeviceClass\nmetadata: {name: gpu-b}\n"
    "spec: {extendedResourceName: example.com/gpu}\n"
    "---\nkind: DeviceClass\nmetadata: {name: nv}\n"
    "spec: {extendedResourceName: nvidia.com/gpu}\n";

static struct gs_dra *
setup(void)
{
	struct gs_dra	*d = NULL;
	struct gs_error	 err;

	if (t_dra_load(&d, classes, &err) != 0)
		CU_FAIL(err.msg);
	return d;
}

static const char *
class_of(const struct gs_dra *d, const char *name)
{
	const struct gs_dra_class *c = gs_dra_class_for_ext(d, name);

	return c != NULL ? c->name : "-";
}

/* cache.go: the explicit name (the class added last when two map it)
 * and, for every class, deviceclass.resource.kubernetes.io/CLASS. */
static void
test_class_mapping(void)
{
	struct gs_dra	*d = setup();

	CU_ASSERT_STRING_EQUAL(class_of(d, "example.com/gpu"), "gpu-b");
	CU_ASSERT_STRING_EQUAL(class_of(d,
	    "deviceclass.resource.kubernetes.io/fpga"), "fpga");
	CU_ASSERT_STRING_EQUAL(class_of(d,
	    "deviceclass.resource.kubernetes.io/gpu-a"), "gpu-a");
	CU_ASSERT_STRING_EQUAL(class_of(d, "example.com/other"), "-");
	CU_ASSERT_STRING_EQUAL(class_of(d,
	    "deviceclass.resource.kubernetes.io/"), "-");
	gs_dra_free(d);
}

/* The container's extended resources with their index among the
 * request names after defaulting, sorted: cpu, example.com/gpu,
 * kubernetes.io/z, memory, nvidia.com/gpu, requests.x/y, x.io/half. */
static void
test_load(void)
{
	static const char text[] =
	    "requests: {cpu: 1, example.com/gpu: 2}\n"
	    "limits: {example.com/gpu: 2, memory: 1Gi, nvidia.com/gpu: 3,\n"
	    "  requests.x/y: 1, kubernetes.io/z: 1, x.io/half: 0.5}\n";
	struct yt_file		f;
	struct gs_error		err;
	struct gs_container	c;
	size_t			i;

	memset(&f, 0, sizeof f);
	memset(&c, 0, sizeof c);
	CU_ASSERT_EQUAL_FATAL(yt_parse(&f, "t.yaml", text, strlen(text),
	    &err), 0);
	gs_load_extres(f.docs[0].root, &c);
	CU_ASSERT_EQUAL_FATAL(c.next, 2);
	CU_ASSERT_STRING_EQUAL(c.ext[0].name, "example.com/gpu");
	CU_ASSERT_EQUAL(c.ext[0].count, 2);
	CU_ASSERT_EQUAL(c.ext[0].ridx, 1);
	CU_ASSERT_STRING_EQUAL(c.ext[1].name, "nvidia.com/gpu");
	CU_ASSERT_EQUAL(c.ext[1].count, 3);
	CU_ASSERT_EQUAL(c.ext[1].ridx, 4);
	for (i = 0; i < c.next; i++)
		free(c.ext[i].name);
	free(c.ext);
	yt_file_release(&f);
	CU_ASSERT_TRUE(gs_extres_name("deviceclass.resource.kubernetes.io/x"));
	CU_ASSERT_FALSE(gs_extres_name("cpu"));
	CU_ASSERT_FALSE(gs_extres_name("hugepages.kubernetes.io/x"));
}

static void
ext_set(struct gs_container *c, const char *name, int64_t count, int ridx)
{
	c->ext = xreallocarray(c->ext, c->next + 1, sizeof *c->ext);
	c->ext[c->next].name = (char *)name;
	c->ext[c->next].count = count;
	c->ext[c->next++].ridx = ridx;
}

static void
pod_free(struct gs_pod *p)
{
	size_t	i;

	for (i = 0; i < p->ninit; i++)
		free(p->init[i].ext);
	for (i = 0; i < p->nctrs; i++)
		free(p->ctrs[i].ext);
	free(p->init);
	free(p->ctrs);
}

/*
 * init containers fetch (3 GPUs) and setup (1), containers a (1 GPU) and
 * b (1 GPU, 2 of deviceclass.../fpga).  In name order, fpga first:
 * b (index 3) asks container-3-request-1 of 2.  example.com/gpu: a and
 * b ask container-2-request-2 and container-3-request-0 of 1; fetch's 3
 * less a's and b's 2 is container-0-request-0 of 1; setup's 1 is
 * covered by a's.  Sorted by name.
 */
static void
test_claim(void)
{
	static const char *want[][3] = {
		{ "container-0-request-0", "gpu-b", "1" },
		{ "container-2-request-2", "gpu-b", "1" },
		{ "container-3-request-0", "gpu-b", "1" },
		{ "container-3-request-1", "fpga", "2" },
	};
	struct gs_dra		*d = setup();
	struct gs_pod		 p;
	struct gs_node		 n;
	struct gs_dra_claim	 cl;
	const char		*dp;
	size_t			 i;

	memset(&p, 0, sizeof p);
	memset(&n, 0, sizeof n);
	p.name = "p";
	p.ninit = 2;
	p.init = xcalloc(2, sizeof *p.init);
	p.nctrs = 2;
	p.ctrs = xcalloc(2, sizeof *p.ctrs);
	ext_set(&p.init[0], "example.com/gpu", 3, 0);
	ext_set(&p.init[1], "example.com/gpu", 1, 0);
	ext_set(&p.ctrs[0], "example.com/gpu", 1, 2);
	ext_set(&p.ctrs[1], "example.com/gpu", 1, 0);
	ext_set(&p.ctrs[1], "deviceclass.resource.kubernetes.io/fpga", 2, 1);
	CU_ASSERT_TRUE(gs_dra_extres_wanted(d, &p));
	CU_ASSERT_EQUAL_FATAL(gs_dra_extres_claim(d, &p, &n, &cl, &dp), 1);
	CU_ASSERT_STRING_EQUAL(cl.name, "p-extended-resources");
	CU_ASSERT_TRUE(cl.is_template);
	CU_ASSERT_EQUAL_FATAL(cl.nreqs, 4);
	for (i = 0; i < 4; i++) {
		CU_ASSERT_STRING_EQUAL(cl.reqs[i].name, want[i][0]);
		CU_ASSERT_EQUAL_FATAL(cl.reqs[i].nsubs, 1);
		CU_ASSERT_STRING_EQUAL(cl.reqs[i].subs[0].class, want[i][1]);
		CU_ASSERT_EQUAL(cl.reqs[i].subs[0].count, atoi(want[i][2]));
	}
	gs_dra_claim_free(&cl);
	/* nvidia.com/gpu, mapped by nv: DRA's where the node's allocatable
	 * has none, the device plugin's where it lists some. */
	ext_set(&p.ctrs[0], "nvidia.com/gpu", 1, 3);
	n.has_alloc_gpu = 1;
	CU_ASSERT_EQUAL_FATAL(gs_dra_extres_claim(d, &p, &n, &cl, &dp), 1);
	CU_ASSERT_EQUAL(cl.nreqs, 5);
	gs_dra_claim_free(&cl);
	n.alloc_gpu = 4;
	CU_ASSERT_EQUAL(gs_dra_extres_claim(d, &p, &n, &cl, &dp), -1);
	CU_ASSERT_STRING_EQUAL(dp, "nvidia.com/gpu");
	/* Nothing a class maps: not the plugin's. */
	pod_free(&p);
	memset(&p, 0, sizeof p);
	p.nctrs = 1;
	p.ctrs = xcalloc(1, sizeof *p.ctrs);
	ext_set(&p.ctrs[0], "example.com/other", 1, 0);
	CU_ASSERT_FALSE(gs_dra_extres_wanted(d, &p));
	pod_free(&p);
	gs_dra_free(d);
}

/* explain's rows: "device: why" per device, into buf. */
static void
row(void *arg, size_t si, size_t j, const char *why)
{
	char	*buf = arg;
	char	 one[200];

	(void)si;
	snprintf(one, sizeof one, "%zu:%s;", j, why ? why : "ok");
	strcat(buf, one);
}

/*
 * gs_dra_devices_why: each device alone.  gpu-0 is an H100 (the
 * request's selector asks A100), gpu-1 an A100, gpu-2 an A100 taking a
 * counter: refused while DRAPartitionableDevices is off, usable with
 * it, and short once the counter's one unit is used.
 */
static void
test_devices_why(void)
{
	static const char text[] =
	    "---\nkind: DeviceClass\nmetadata: {name: c}\n"
	    "---\nkind: ResourceSlice\nmetadata: {name: s}\nspec:\n"
	    "  driver: d.io\n  nodeName: n1\n"
	    "  pool: {name: p, generation: 1, resourceSliceCount: 1}\n"
	    "  sharedCounters:\n  - name: set\n    counters: {slice: {value: 1}}\n"
	    "  devices:\n"
	    "  - {name: gpu-0, attributes: {model: {string: H100}}}\n"
	    "  - {name: gpu-1, attributes: {model: {string: A100}}}\n"
	    "  - name: gpu-2\n    attributes: {model: {string: A100}}\n"
	    "    consumesCounters:\n    - counterSet: set\n"
	    "      counters: {slice: {value: 1}}\n"
	    "---\nkind: ResourceClaim\nmetadata: {name: a}\nspec:\n"
	    "  devices:\n    requests:\n    - name: r\n      exactly:\n"
	    "        deviceClassName: c\n        selectors:\n"
	    "        - cel: {expression: 'device.attributes[\"d.io\"].model "
	    "== \"A100\"'}\n";
	struct gs_dra_features	 off = gs_dra_features_all;
	struct gs_dra		*d = NULL;
	struct gs_error		 err;
	struct gs_node		 n;
	const struct gs_dra_claim *cl;
	char			 buf[1024];

	if (t_dra_load(&d, text, &err) != 0)
		CU_FAIL_FATAL(err.msg);
	memset(&n, 0, sizeof n);
	n.name = "n1";
	cl = gs_dra_claim_find(d, "default", "a", 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(cl);
	buf[0] = '\0';
	CU_ASSERT_EQUAL(gs_dra_devices_why(d, &gs_dra_features_all, &n,
	    &cl->reqs[0].subs[0], row, buf), 0);
	CU_ASSERT_STRING_EQUAL(buf, "0:selector false: "
	    "device.attributes[\"d.io\"].model == \"A100\";1:ok;2:ok;");
	off.partitionable = 0;
	buf[0] = '\0';
	(void)gs_dra_devices_why(d, &off, &n, &cl->reqs[0].subs[0], row, buf);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "2:consumes counters: needs "
	    "DRAPartitionableDevices;"));
	d->ctr_used[0] = 1;
	buf[0] = '\0';
	(void)gs_dra_devices_why(d, &gs_dra_features_all, &n,
	    &cl->reqs[0].subs[0], row, buf);
	CU_ASSERT_PTR_NOT_NULL(strstr(buf, "2:counter set/slice: consumes 1, "
	    "1 of 1 used;"));
	gs_dra_free(d);
}

/*
 * metrics/dra_use.c by hand: node n1 has a slice of two shared devices of
 * 16000Mi memory (default 16000Mi) and an exclusive one, and a slice of
 * a counter set "set" whose partition consumes it.  Used: s0 4000Mi by
 * two allocations of 2000Mi, the exclusive device allocated, one unit
 * of the set's counter.  Whole free: s1 only (1 of 4: s0, s1, x, set).
 * Memory: 32000Mi, used 4000Mi; a claim asks 6000Mi, so s0's 12000Mi
 * free is not fragmented; with a claim asking 13000Mi it is; largest
 * free 16000Mi (s1).
 */
static void
test_metrics(void)
{
	static const char text[] =
	    "---\nkind: ResourceSlice\nmetadata: {name: a}\nspec:\n"
	    "  driver: d.io\n  nodeName: n1\n"
	    "  pool: {name: p, generation: 1, resourceSliceCount: 1}\n"
	    "  devices:\n"
	    "  - name: s0\n    allowMultipleAllocations: true\n"
	    "    capacity: {memory: {value: 16000Mi}}\n"
	    "  - name: s1\n    allowMultipleAllocations: true\n"
	    "    capacity: {memory: {value: 16000Mi}}\n"
	    "  - name: x\n"
	    "---\nkind: ResourceSlice\nmetadata: {name: b}\nspec:\n"
	    "  driver: d.io\n  nodeName: n1\n"
	    "  pool: {name: q, generation: 1, resourceSliceCount: 1}\n"
	    "  sharedCounters:\n  - name: set\n    counters: {c: {value: 2}}\n"
	    "  devices:\n  - name: part\n    consumesCounters:\n"
	    "    - counterSet: set\n      counters: {c: {value: 1}}\n"
	    "---\nkind: DeviceClass\nmetadata: {name: k}\n"
	    "---\nkind: ResourceClaim\nmetadata: {name: m}\nspec:\n"
	    "  devices:\n    requests:\n    - name: r\n      exactly:\n"
	    "        deviceClassName: k\n"
	    "        capacity: {requests: {memory: 6000Mi}}\n";
	const int64_t		 mi = 1024 * 1024;
	struct gs_dra		*d = NULL;
	struct gs_error		 err;
	struct gs_cluster	 c;
	struct gs_node		 n;
	struct gs_dra_metrics	 m;

	if (t_dra_load(&d, text, &err) != 0)
		CU_FAIL_FATAL(err.msg);
	memset(&c, 0, sizeof c);
	memset(&n, 0, sizeof n);
	n.name = "n1";
	c.nodes = &n;
	c.nnodes = 1;
	c.dra = d;
	/* Pool p (slice a) sorts first: s0, s1, x; then q's part. */
	CU_ASSERT_STRING_EQUAL_FATAL(d->sref[0].s->name, "a");
	d->dev_alloc[0] = 2;
	d->cap_used[0] = 4000 * mi;
	d->dev_alloc[2] = 1;
	d->ctr_used[0] = 1;
	gs_dra_metrics(&c, &m);
	CU_ASSERT_EQUAL(m.nu, 4);
	CU_ASSERT_EQUAL(m.free, 1);
	CU_ASSERT_EQUAL(m.nmem, 2);
	CU_ASSERT_EQUAL(m.mem, 32000 * mi);
	CU_ASSERT_EQUAL(m.mem_used, 4000 * mi);
	CU_ASSERT_EQUAL(m.target, 6000 * mi);
	CU_ASSERT_EQUAL(m.mem_frag, 0);
	CU_ASSERT_EQUAL(m.mem_largest, 16000 * mi);
	CU_ASSERT_EQUAL(m.u[3].counters, 1);
	CU_ASSERT_EQUAL(m.u[3].free, 0);
	CU_ASSERT_EQUAL(m.u[0].node, 0);
	gs_dra_metrics_release(&m);
	d->blocks[0]->claims[0].reqs[0].subs[0].capreq[0].v = 13000 * mi;
	gs_dra_metrics(&c, &m);
	CU_ASSERT_EQUAL(m.mem_frag, 12000 * mi);
	gs_dra_metrics_release(&m);
	gs_dra_free(d);
}

/* Only a pool's newest generation counts (metrics/dra_use.c
 * gs_dra_newest, as GatherPools keeps it): per slice in sref order (by
 * driver, pool, name), pool p's a (1) and c (3) are old, b and d (4)
 * newest; pool q's one slice (generation 0) is. */
static void
test_newest(void)
{
	static const char text[] =
	    "kind: ResourceSlice\nmetadata: {name: c}\nspec:\n"
	    "  driver: x\n  nodeName: n1\n"
	    "  pool: {name: p, generation: 3}\n  devices: [{name: g}]\n"
	    "---\nkind: ResourceSlice\nmetadata: {name: b}\nspec:\n"
	    "  driver: x\n  nodeName: n1\n"
	    "  pool: {name: p, generation: 4}\n  devices: [{name: g}]\n"
	    "---\nkind: ResourceSlice\nmetadata: {name: a}\nspec:\n"
	    "  driver: x\n  nodeName: n1\n"
	    "  pool: {name: p, generation: 1}\n  devices: [{name: g}]\n"
	    "---\nkind: ResourceSlice\nmetadata: {name: e}\nspec:\n"
	    "  driver: x\n  nodeName: n1\n"
	    "  pool: {name: q}\n  devices: [{name: g}]\n"
	    "---\nkind: ResourceSlice\nmetadata: {name: d}\nspec:\n"
	    "  driver: x\n  nodeName: n1\n"
	    "  pool: {name: p, generation: 4}\n  devices: [{name: g}]\n";
	static const unsigned char want[5] = { 0, 1, 0, 1, 1 };
	struct gs_dra		*d = NULL;
	struct gs_error		 err;
	unsigned char		*v;
	size_t			 i;

	if (t_dra_load(&d, text, &err) != 0)
		CU_FAIL_FATAL(err.msg);
	CU_ASSERT_EQUAL_FATAL(d->nsref, 5);
	CU_ASSERT_STRING_EQUAL(d->sref[2].s->name, "c");
	CU_ASSERT_STRING_EQUAL(d->sref[4].s->name, "e");
	v = gs_dra_newest(d);
	for (i = 0; i < 5; i++)
		CU_ASSERT_EQUAL(v[i], want[i]);
	free(v);
	gs_dra_free(d);
}

/* A DeviceClass's config (load/dra.c load_class_config): one line per
 * opaque entry; the NVIDIA driver's GpuConfig checked as its Validate
 * does; a missing opaque, driver or parameters refused at its place. */
static void
test_class_config(void)
{
	static const struct {
		const char *cfg;	/* the config: sequence */
		const char *want;	/* line, or "!" + error text */
	} cases[] = {
		{ "[{opaque: {driver: gpu.nvidia.com, parameters: {kind: "
		  "GpuConfig, sharing: {strategy: TimeSlicing, "
		  "timeSlicingConfig: {interval: Short}}}}}]",
		  "gpu.nvidia.com: GpuConfig sharing TimeSlicing, interval "
		  "Short" },
		{ "[{opaque: {driver: gpu.nvidia.com, parameters: {kind: "
		  "GpuConfig}}}]",
		  "gpu.nvidia.com: GpuConfig sharing TimeSlicing, interval "
		  "Default" },
		{ "[{opaque: {driver: gpu.nvidia.com, parameters: {kind: "
		  "GpuConfig, sharing: {strategy: MPS}}}}]",
		  "gpu.nvidia.com: GpuConfig sharing MPS" },
		{ "[{opaque: {driver: x.io, parameters: {a: 1}}}]",
		  "x.io: opaque parameters" },
		{ "[{requests: [a]}]", "!needs 'opaque'" },
		{ "[{opaque: {driver: x.io}}]", "!needs 'parameters'" },
		{ "[{opaque: {parameters: {}}}]", "!needs 'driver'" },
		{ "[{opaque: {driver: g, parameters: {kind: GpuConfig, "
		  "sharing: {strategy: Spatial}}}}]", "!TimeSlicing or MPS" },
	};
	size_t	i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct gs_dra	*d = NULL;
		struct gs_error	 err;
		char		*text = xasprintf("kind: DeviceClass\nmetadata: "
				    "{name: c}\nspec:\n  config: %s\n",
				    cases[i].cfg);
		int		 rc = t_dra_load(&d, text, &err);

		if (cases[i].want[0] == '!') {
			CU_ASSERT_EQUAL(rc, -1);
			CU_ASSERT_PTR_NOT_NULL(strstr(err.msg,
			    cases[i].want + 1));
		} else {
			CU_ASSERT_EQUAL_FATAL(rc, 0);
			CU_ASSERT_EQUAL_FATAL(d->blocks[0]->classes[0].nconfig,
			    1);
			CU_ASSERT_STRING_EQUAL(d->blocks[0]->classes[0].
			    config[0], cases[i].want);
		}
		gs_dra_free(d);
		free(text);
	}
}

CU_TestInfo dra_extres_tests[] = {
	{ "a DeviceClass's config", test_class_config },
	{ "metrics of DRA devices", test_metrics },
	{ "a pool's newest generation", test_newest },
	{ "explain: each device alone", test_devices_why },
	{ "class mapping, explicit and implicit", test_class_mapping },
	{ "a container's extended resources", test_load },
	{ "the special claim's requests", test_claim },
	CU_TEST_INFO_NULL,
};
