/*
 * test_metax_sgpu.c: Metax sGPU (core/load/metax_sgpu.c,
 * core/sched/hami/metax_sgpu.c, the GV_METAX_SGPU row of vendor.c)
 * against HAMi v2.6.1's pkg/device/metax/sdevice.go (GetNodeDevices,
 * GenerateResourceRequests), protocol.go (MetaxSDeviceInfo,
 * convertMetaxSDeviceToHAMIDevice) and k8s.io/apimachinery's
 * Quantity.String() (CanonicalizeBytes); values worked out by hand.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/hami/hami.h"
#include "../../core/load/load.h"
#include "../../core/load/quantity.h"
#include "../../core/load/metax_sgpu.h"
#include "../../core/load/yamltree.h"
#include "../../core/sched/hami/vendor.h"
#include "../../core/util/util.h"

/* Quantity.String() has a letter: "4" no, "4Gi" yes, 1000 is "1k",
 * 1500 "1500", 1.5Ki is 1536 shown "1536", 4e3 "4k", 0 "0". */
static int
unit_of(const char *s)
{
	struct gs_quantity	q;

	CU_ASSERT_EQUAL_FATAL(gs_quantity_parse(s, &q, NULL, 0), 0);
	return gs_quantity_unit(&q);
}

static void
test_msgpu_quantity_unit(void)
{
	CU_ASSERT_FALSE(unit_of("4"));
	CU_ASSERT(unit_of("4Gi"));
	CU_ASSERT(unit_of("1000"));
	CU_ASSERT_FALSE(unit_of("1500"));
	CU_ASSERT_FALSE(unit_of("1.5Ki"));
	CU_ASSERT(unit_of("2Ki"));
	CU_ASSERT(unit_of("4e3"));
	CU_ASSERT(unit_of("4G"));
	CU_ASSERT_FALSE(unit_of("0"));
	CU_ASSERT_FALSE(unit_of("0Gi"));
	/* BinarySI below 1024 is shown as DecimalSI: 0.5Ki is "512". */
	CU_ASSERT_FALSE(unit_of("0.5Ki"));
}

/* A limit of s, as load/workload.c keeps it. */
static void
set_lim(struct gs_resval *lim, int r, const char *s)
{
	struct gs_quantity	q;

	CU_ASSERT_EQUAL_FATAL(gs_quantity_parse(s, &q, NULL, 0), 0);
	lim[r].set = 1;
	lim[r].ok = 1 | (gs_quantity_unit(&q) ? GS_RESVAL_UNIT : 0);
	lim[r].v = q.value;
}

/* GenerateResourceRequests (sdevice.go): limits only, vcore 100 when
 * absent, vmemory GiB without unit, bytes / 1024 / 1024 with one. */
static void
test_msgpu_request(void)
{
	struct gs_resval	lim[GS_RES_N];
	struct hami_req		r;
	struct gs_device	d;

	memset(lim, 0, sizeof lim);
	memset(&d, 0, sizeof d);
	set_lim(lim, GS_RES_METAX_SGPU, "2");
	hami_metax_sgpu_request(lim, &r);
	CU_ASSERT_EQUAL(r.vendor, GV_METAX_SGPU);
	CU_ASSERT_EQUAL(r.nums, 2);
	CU_ASSERT_EQUAL(r.memreq, 0);
	CU_ASSERT_EQUAL(r.mempct, 100);
	CU_ASSERT_EQUAL(r.coresreq, 100);
	/* 4 (no unit): 4 * 1024 MiB; vcore 30. */
	set_lim(lim, GS_RES_METAX_VMEM, "4");
	set_lim(lim, GS_RES_METAX_VCORE, "30");
	hami_metax_sgpu_request(lim, &r);
	CU_ASSERT_EQUAL(r.memreq, 4096);
	CU_ASSERT_EQUAL(r.mempct, 0);
	CU_ASSERT_EQUAL(r.coresreq, 30);
	/* 4Gi: 4294967296 / 1024 / 1024 = 4096. */
	set_lim(lim, GS_RES_METAX_VMEM, "4Gi");
	hami_metax_sgpu_request(lim, &r);
	CU_ASSERT_EQUAL(r.memreq, 4096);
	/* 4G: 4000000000 / 1048576 = 3814 (truncated). */
	set_lim(lim, GS_RES_METAX_VMEM, "4G");
	hami_metax_sgpu_request(lim, &r);
	CU_ASSERT_EQUAL(r.memreq, 3814);
	/* 1000 is "1k": 1000 bytes, 0 MiB, so the whole card (100%). */
	set_lim(lim, GS_RES_METAX_VMEM, "1000");
	hami_metax_sgpu_request(lim, &r);
	CU_ASSERT_EQUAL(r.memreq, 0);
	CU_ASSERT_EQUAL(r.mempct, 100);
	/* 1500 is "1500": 1500 GiB = 1536000 MiB. */
	set_lim(lim, GS_RES_METAX_VMEM, "1500");
	hami_metax_sgpu_request(lim, &r);
	CU_ASSERT_EQUAL(r.memreq, 1536000);
	/* int32(mem) wraps up to v2.9 (research note section 2.2): 4294967296
	 * (no unit) is 2^42 MiB, int32 0, and MemPercentagereq stays 0 (the
	 * int64 mem is not 0): the common Fit (score.go fitInCertainDevice,
	 * hami_memreq) charges 0 MiB.  2097152 is 2^31 MiB, int32
	 * -2147483648: not above 0, so 0 MiB too. */
	set_lim(lim, GS_RES_METAX_VMEM, "4294967296");
	hami_metax_sgpu_request(lim, &r);
	CU_ASSERT_EQUAL(r.memreq, 0);
	CU_ASSERT_EQUAL(r.mempct, 0);
	d.devmem = 16384;
	CU_ASSERT_EQUAL(hami_memreq(&d, &r), 0);
	set_lim(lim, GS_RES_METAX_VMEM, "2097152");
	hami_metax_sgpu_request(lim, &r);
	CU_ASSERT_EQUAL(r.memreq, INT32_MIN);
	CU_ASSERT_EQUAL(r.mempct, 0);
	CU_ASSERT_EQUAL(hami_memreq(&d, &r), 0);
	/* sgpu 0: Nums 0, no request. */
	set_lim(lim, GS_RES_METAX_SGPU, "0");
	hami_metax_sgpu_request(lim, &r);
	CU_ASSERT_EQUAL(r.nums, 0);
	CU_ASSERT_EQUAL(r.vendor, 0);
	/* No sgpu limit: none, whatever vcore and vmemory say. */
	lim[GS_RES_METAX_SGPU].set = 0;
	hami_metax_sgpu_request(lim, &r);
	CU_ASSERT_EQUAL(r.nums, 0);
	/* Registered under v2.6.1 only (the profile flag metax_sgpu). */
	CU_ASSERT(gs_vendor_registered(GV_METAX_SGPU, t_hp("2.6.1")));
	CU_ASSERT_FALSE(gs_vendor_registered(GV_METAX_SGPU, t_hp("2.7.0")));
	CU_ASSERT_FALSE(gs_vendor_registered(GV_METAX_SGPU, t_hp("2.10.0")));
}

/* Does s decode?  Its devices in *d (freed by the caller), *n. */
static int
dec(const char *s, struct gs_msgpu_dev **d, size_t *n)
{
	char	why[160];

	return gs_msgpu_decode(s, d, n, why, sizeof why);
}

static void
test_msgpu_decode(void)
{
	struct gs_msgpu_dev	*d;
	size_t			 n;

	/* Fields in any case; absent ones 0, healthy false. */
	CU_ASSERT_EQUAL_FATAL(dec("[{\"uuid\": \"A\", \"totalDevCount\": 4, "
	    "\"totalCompute\": 100, \"totalVRam\": 65536, \"numa\": 1, "
	    "\"healthy\": true}, {\"UUID\": \"B\", \"TOTALVRAM\": 8}]", &d,
	    &n), 0);
	CU_ASSERT_EQUAL_FATAL(n, 2);
	CU_ASSERT_STRING_EQUAL(d[0].uuid, "A");
	CU_ASSERT_EQUAL(d[0].count, 4);
	CU_ASSERT_EQUAL(d[0].compute, 100);
	CU_ASSERT_EQUAL(d[0].vram, 65536);
	CU_ASSERT_EQUAL(d[0].numa, 1);
	CU_ASSERT(d[0].healthy);
	CU_ASSERT_STRING_EQUAL(d[1].uuid, "B");
	CU_ASSERT_EQUAL(d[1].vram, 8);
	CU_ASSERT_EQUAL(d[1].count, 0);
	CU_ASSERT_FALSE(d[1].healthy);
	gs_msgpu_devs_free(d, n);
	/* Empty or null: none (HAMi registers none). */
	CU_ASSERT_EQUAL(dec("[]", &d, &n), 0);
	CU_ASSERT_EQUAL(n, 0);
	gs_msgpu_devs_free(d, n);
	CU_ASSERT_EQUAL(dec("null", &d, &n), 0);
	CU_ASSERT_EQUAL(n, 0);
	gs_msgpu_devs_free(d, n);
	/* json.Unmarshal's failures: not an array, a string count, 1.5 or
	 * 1e2 into int32 (ParseInt), beyond int32, a numeric uuid, healthy
	 * as a string; a null entry (GetNodeDevices dereferences it); two
	 * devices of one uuid. */
	CU_ASSERT_EQUAL(dec("{}", &d, &n), -1);
	CU_ASSERT_EQUAL(dec("[{\"totalDevCount\": \"4\"}]", &d, &n), -1);
	CU_ASSERT_EQUAL(dec("[{\"totalDevCount\": 1.5}]", &d, &n), -1);
	CU_ASSERT_EQUAL(dec("[{\"totalVRam\": 1e2}]", &d, &n), -1);
	CU_ASSERT_EQUAL(dec("[{\"totalVRam\": 2147483648}]", &d, &n), -1);
	CU_ASSERT_EQUAL(dec("[{\"uuid\": 7}]", &d, &n), -1);
	CU_ASSERT_EQUAL(dec("[{\"healthy\": \"true\"}]", &d, &n), -1);
	CU_ASSERT_EQUAL(dec("[null]", &d, &n), -1);
	CU_ASSERT_EQUAL(dec("[{\"uuid\": \"A\"}, {\"uuid\": \"A\"}]", &d, &n),
	    -1);
	CU_ASSERT_EQUAL(dec("[1", &d, &n), -1);
}

/* GetNodeDevices into a node: ID its uuid, Index its position, Count,
 * Devmem, Devcore, Numa, Health as listed, type Metax-SGPU. */
static void
test_msgpu_registration(void)
{
	static const char	 doc[] = "kind: Node\nmetadata:\n  name: m\n"
	    "  annotations:\n    metax-tech.com/node-gpu-devices: '[{\"uuid\":"
	    " \"G0\", \"totalDevCount\": 4, \"totalCompute\": 100, "
	    "\"totalVRam\": 16384, \"healthy\": true}, {\"uuid\": \"G1\", "
	    "\"totalDevCount\": 2, \"totalCompute\": 50, \"totalVRam\": 8192,"
	    " \"numa\": 1}]'\n";
	struct yt_file		 f;
	struct gs_cluster	 c;
	struct gs_warnings	 w;
	struct gs_error		 err;
	const struct gs_device	*d;

	memset(&c, 0, sizeof c);
	memset(&w, 0, sizeof w);
	CU_ASSERT_EQUAL_FATAL(yt_parse(&f, "t.yaml", doc, strlen(doc), &err),
	    0);
	CU_ASSERT_EQUAL_FATAL(gs_load_cluster_doc(&c, &f, f.docs[0].root, &w,
	    &err), 0);
	CU_ASSERT_EQUAL_FATAL(c.nodes[0].ndevs, 2);
	d = &c.nodes[0].devs[1];
	CU_ASSERT_STRING_EQUAL(d->id, "G1");
	CU_ASSERT_STRING_EQUAL(d->type, "Metax-SGPU");
	CU_ASSERT_EQUAL(d->vendor, GV_METAX_SGPU);
	CU_ASSERT_EQUAL(d->index, 1);
	CU_ASSERT_EQUAL(d->count, 2);
	CU_ASSERT_EQUAL(d->devcore, 50);
	CU_ASSERT_EQUAL(d->devmem, 8192);
	CU_ASSERT_EQUAL(d->numa, 1);
	CU_ASSERT_FALSE(d->health);
	CU_ASSERT(c.nodes[0].devs[0].health);
	gs_cluster_release(&c);
	gs_warnings_release(&w);
	yt_file_release(&f);
}

CU_TestInfo metax_sgpu_tests[] = {
	{ "Quantity.String() has a unit", test_msgpu_quantity_unit },
	{ "GenerateResourceRequests", test_msgpu_request },
	{ "node-gpu-devices decoding", test_msgpu_decode },
	{ "GetNodeDevices", test_msgpu_registration },
	CU_TEST_INFO_NULL,
};
