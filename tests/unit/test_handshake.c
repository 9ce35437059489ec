/*
 * test_handshake.c: the other vendors' node handshakes
 * (core/sched/hami/vendor_health.c) with outcomes worked out by hand from each
 * release's CheckHealth: pkg/util/util.go CheckHealth (v2.6.1) and
 * pkg/device/devices.go CheckHealth (v2.7.0: reads no handshake, its
 * HandshakeAnnos map is empty; v2.7.1, v2.8.x as v2.6.1; v2.9.0 adds the
 * allocatable test and the stale-Deleted_ recovery; v2.10.0 drops the
 * Deleted branch and keeps a time it cannot parse), the scheduler
 * dropping that vendor's devices only (scheduler.go, rmNodeDevices).
 */
#include <stdint.h>
#include <stdio.h>
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

#define NPROF	6

static const char *const profs[NPROF] = { "2.6.1", "2.7.0", "2.7.1",
    "2.8.0", "2.9.0", "2.10.0" };

/*
 * A node with one NVIDIA GPU and two DCUs whose hami.io/node-handshake-dcu
 * is hs (NULL: none) and allocatable hygon.com/dcunum alloc (NULL: none),
 * aged at now; then, per profile, how many DCUs HAMi keeps (the NVIDIA
 * GPU must stay in every case).
 */
static void
dcus_kept(const char *hs, const char *alloc, const char *now, int kept[NPROF])
{
	struct yt_file		 f;
	struct gs_cluster	 c, v;
	struct gs_warnings	 w;
	struct gs_error		 err;
	char			 buf[1024], hsline[160] = "", al[128] = "";
	size_t			 i, j;
	int			 dcu;

	if (hs != NULL)
		snprintf(hsline, sizeof hsline,
		    "    hami.io/node-handshake-dcu: '%s'\n", hs);
	if (alloc != NULL)
		snprintf(al, sizeof al, "status: {allocatable: "
		    "{hygon.com/dcunum: '%s'}}\n", alloc);
	snprintf(buf, sizeof buf, "kind: Node\nmetadata:\n  name: d\n"
	    "  annotations:\n"
	    "    hami.io/node-dcu-register: 'D0,4,16368,100,DCU-Z100,0,true:"
	    "D1,4,16368,100,DCU-Z100,0,true:'\n"
	    "    hami.io/node-nvidia-register: "
	    "'G0,10,15360,100,NVIDIA-Tesla T4,0,true,0,hami-core:'\n%s%s",
	    hsline, al);
	memset(&c, 0, sizeof c);
	memset(&w, 0, sizeof w);
	CU_ASSERT_EQUAL_FATAL(yt_parse(&f, "t.yaml", buf, strlen(buf), &err),
	    0);
	CU_ASSERT_EQUAL_FATAL(gs_load_cluster_doc(&c, &f, f.docs[0].root, &w,
	    &err), 0);
	gs_cluster_apply_handshakes(&c, now ? gs_handshake_time(now) :
	    INT64_MIN, &w);
	for (i = 0; i < NPROF; i++) {
		gs_cluster_copy(&v, &c);
		gs_cluster_for_version(&v, t_hp(profs[i])->version);
		dcu = 0;
		for (j = 0; j < v.nodes[0].ndevs; j++)
			dcu += v.nodes[0].devs[j].vendor == GV_DCU;
		kept[i] = dcu;
		/* NVIDIA's GPU stays: only the DCU type goes. */
		CU_ASSERT_EQUAL(v.nodes[0].ndevs, (size_t)dcu + 1);
		CU_ASSERT(v.nodes[0].registered);
		gs_cluster_release(&v);
	}
	yt_file_release(&f);
	gs_warnings_release(&w);
	gs_cluster_release(&c);
}

static void
test_dcu_handshake(void)
{
	/* hs, allocatable, now; DCUs kept per profile 2.6.1 ... 2.10.0. */
	static const struct {
		const char	*hs, *alloc, *now;
		int		 want[NPROF];
	} cases[] = {
		/* No handshake, or "Reported": CheckHealth (true, true). */
		{ NULL, NULL, NULL, { 2, 2, 2, 2, 2, 2 } },
		{ "Reported_2026-11-25 10:00:00", NULL,
		    "Requesting_2026-11-25 11:00:00", { 2, 2, 2, 2, 2, 2 } },
		/* 59 s: time.Now().Before(formertime + 60 s). */
		{ "Requesting_2026-11-25 10:00:00", NULL,
		    "Requesting_2026-11-25 10:00:59", { 2, 2, 2, 2, 2, 2 } },
		/* 60 s: no longer Before, expired; v2.7.0 reads nothing. */
		{ "Requesting_2026-11-25 10:00:00", NULL,
		    "Requesting_2026-11-25 10:01:00", { 0, 2, 0, 0, 0, 0 } },
		/* v2.9+: expired, but allocatable dcunum 2 > 0 keeps them. */
		{ "Requesting_2026-11-25 10:00:00", "2",
		    "Requesting_2026-11-25 10:01:00", { 0, 2, 0, 0, 2, 2 } },
		{ "Requesting_2026-11-25 10:00:00", "0",
		    "Requesting_2026-11-25 10:01:00", { 0, 2, 0, 0, 0, 0 } },
		/* A fresh Deleted_: (true, false) up to v2.9, never added;
		 * v2.10 has no Deleted branch and registers it. */
		{ "Deleted_2026-11-25 10:00:00", NULL,
		    "Requesting_2026-11-25 10:00:30", { 0, 2, 0, 0, 0, 2 } },
		/* 60 s old: v2.9 recovers it (stamps Requesting_, true). */
		{ "Deleted_2026-11-25 10:00:00", NULL,
		    "Requesting_2026-11-25 10:01:00", { 0, 2, 0, 0, 2, 2 } },
		/* Bare Deleted: v2.9 keeps the conservative (true, false). */
		{ "Deleted", NULL, "Requesting_2026-11-25 10:01:00",
		    { 0, 2, 0, 0, 0, 2 } },
		/* An unparsable time: the zero time (long past) up to v2.9,
		 * where allocatable still decides; v2.10 keeps them. */
		{ "Requesting_tomorrow", NULL, NULL, { 0, 2, 0, 0, 0, 2 } },
		{ "Requesting_tomorrow", "1", NULL, { 0, 2, 0, 0, 2, 2 } },
		/* No --now: the newest Requesting_, this one: fresh. */
		{ "Requesting_2026-11-25 10:00:00", NULL, NULL,
		    { 2, 2, 2, 2, 2, 2 } },
	};
	size_t	i, k;
	int	got[NPROF];

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		dcus_kept(cases[i].hs, cases[i].alloc, cases[i].now, got);
		for (k = 0; k < NPROF; k++) {
			if (got[k] != cases[i].want[k])
				fprintf(stderr, "case %zu %s: %d DCUs, want "
				    "%d\n", i, profs[k], got[k],
				    cases[i].want[k]);
			CU_ASSERT_EQUAL(got[k], cases[i].want[k]);
		}
	}
}

/* Each vendor's key (util.HandshakeAnnos[commonWord]); none for the
 * vendors whose CheckHealth returns (true, true) without reading one. */
static void
test_handshake_keys(void)
{
	CU_ASSERT_STRING_EQUAL(gs_vendors[GV_DCU].handshake_anno,
	    "hami.io/node-handshake-dcu");
	CU_ASSERT_STRING_EQUAL(gs_vendors[GV_ASCEND910B3].handshake_anno,
	    "hami.io/node-handshake-Ascend910B3");
	CU_ASSERT_STRING_EQUAL(gs_vendors[GV_ILU_MRV100].handshake_anno,
	    "hami.io/node-handshake-MR-V100");
	CU_ASSERT_PTR_NULL(gs_vendors[GV_MLU].handshake_anno);
	CU_ASSERT_PTR_NULL(gs_vendors[GV_ILUVATAR].handshake_anno);
	CU_ASSERT_PTR_NULL(gs_vendors[GV_NVIDIA].handshake_anno);
}

/* A node whose only devices go says why; a bad allocatable is located. */
static void
test_handshake_note_and_errors(void)
{
	static const char ok[] = "kind: Node\nmetadata:\n  name: a\n"
	    "  annotations:\n"
	    "    hami.io/node-register-Ascend910A: '[{\"id\":\"A0\","
	    "\"count\":4,\"devmem\":32768,\"devcore\":100,\"type\":"
	    "\"Ascend910A\",\"health\":true}]'\n"
	    "    hami.io/node-handshake-Ascend910A: 'Deleted_2026-11-25 "
	    "10:00:00'\n";
	static const char bad[] = "kind: Node\nmetadata:\n  name: d\n"
	    "  annotations:\n"
	    "    hami.io/node-dcu-register: 'D0,4,16368,100,DCU-Z100,0,"
	    "true:'\n"
	    "    hami.io/node-handshake-dcu: 'Deleted'\n"
	    "status: {allocatable: {hygon.com/dcunum: lots}}\n";
	struct yt_file		 f;
	struct gs_cluster	 c;
	struct gs_warnings	 w;
	struct gs_error		 err;

	memset(&c, 0, sizeof c);
	memset(&w, 0, sizeof w);
	CU_ASSERT_EQUAL_FATAL(yt_parse(&f, "t.yaml", ok, strlen(ok), &err), 0);
	CU_ASSERT_EQUAL_FATAL(gs_load_cluster_doc(&c, &f, f.docs[0].root, &w,
	    &err), 0);
	gs_cluster_apply_handshakes(&c, INT64_MIN, &w);
	CU_ASSERT_EQUAL(w.n, 1);
	gs_cluster_for_version(&c, t_hp("2.6.1")->version);
	CU_ASSERT_EQUAL(c.nodes[0].ndevs, 0);
	CU_ASSERT(!c.nodes[0].registered);
	CU_ASSERT_STRING_EQUAL(c.nodes[0].devices_note,
	    "hami.io/node-handshake-Ascend910A says Deleted: HAMi v2.6.1 "
	    "removed its Ascend910A devices");
	yt_file_release(&f);
	gs_warnings_release(&w);
	gs_cluster_release(&c);

	memset(&c, 0, sizeof c);
	memset(&w, 0, sizeof w);
	CU_ASSERT_EQUAL_FATAL(yt_parse(&f, "t.yaml", bad, strlen(bad), &err),
	    0);
	CU_ASSERT_EQUAL(gs_load_cluster_doc(&c, &f, f.docs[0].root, &w,
	    &err), -1);
	CU_ASSERT_EQUAL(err.line, 7);
	CU_ASSERT_EQUAL(err.col, 42);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg,
	    "allocatable hygon.com/dcunum must be a quantity"));
	yt_file_release(&f);
	gs_warnings_release(&w);
	gs_cluster_release(&c);
}

/*
 * A node with one T4 and one DCU, NVIDIA's hami.io/node-handshake hs, its
 * allocatable nvidia.com/gpu alloc (NULL: no status), aged at now; per
 * profile the T4s and DCUs HAMi keeps, and whether the node is usable.
 */
static void
nvidia_kept(const char *hs, const char *alloc, const char *now, int dcu,
    int gpus[NPROF], int dcus[NPROF])
{
	struct yt_file		 f;
	struct gs_cluster	 c, v;
	struct gs_warnings	 w;
	struct gs_error		 err;
	char			 buf[1024], al[128] = "";
	size_t			 i, j;

	if (alloc != NULL)
		snprintf(al, sizeof al, "status: {allocatable: "
		    "{cpu: '8', nvidia.com/gpu: '%s'}}\n", alloc);
	snprintf(buf, sizeof buf, "kind: Node\nmetadata:\n  name: d\n"
	    "  annotations:\n%s"
	    "    hami.io/node-nvidia-register: "
	    "'G0,10,15360,100,NVIDIA-Tesla T4,0,true,0,hami-core:'\n"
	    "    hami.io/node-handshake: '%s'\n%s", dcu ?
	    "    hami.io/node-dcu-register: 'D0,4,16368,100,DCU-Z100,0,"
	    "true:'\n" : "", hs, al);
	memset(&c, 0, sizeof c);
	memset(&w, 0, sizeof w);
	CU_ASSERT_EQUAL_FATAL(yt_parse(&f, "t.yaml", buf, strlen(buf), &err),
	    0);
	CU_ASSERT_EQUAL_FATAL(gs_load_cluster_doc(&c, &f, f.docs[0].root, &w,
	    &err), 0);
	gs_cluster_apply_handshakes(&c, gs_handshake_time(now), &w);
	for (i = 0; i < NPROF; i++) {
		const struct hami_profile *hp = t_hp(profs[i]);

		gs_cluster_copy(&v, &c);
		gs_cluster_for_version(&v, hp->version);
		gpus[i] = dcus[i] = 0;
		if (hami_node_usable(&v.nodes[0], hp))
			for (j = 0; j < v.nodes[0].ndevs; j++) {
				gpus[i] += v.nodes[0].devs[j].vendor ==
				    GV_NVIDIA;
				dcus[i] += v.nodes[0].devs[j].vendor == GV_DCU;
			}
		gs_cluster_release(&v);
	}
	yt_file_release(&f);
	gs_warnings_release(&w);
	gs_cluster_release(&c);
}

/*
 * NVIDIA's handshake goes through the same CheckHealth as the vendors' in
 * every release that reads it (util.CheckHealth v2.6.1, device.CheckHealth
 * v2.7.x (v2.7.0: empty key map), v2.9, v2.10; v2.8.x's NvidiaGPUDevices
 * CheckHealth reads allocatable only): expired at 60 s, not after.  And
 * its failure takes only NVIDIA's devices (scheduler.go rmNodeDevices).
 */
static void
test_nvidia_handshake(void)
{
	static const struct {
		const char	*hs, *alloc, *now;
		int		 dcu;
		int		 gpus[NPROF], dcus[NPROF];
	} cases[] = {
		/* 59 s: fresh everywhere. */
		{ "Requesting_2026-11-25 10:00:00", NULL,
		    "Requesting_2026-11-25 10:00:59", 1,
		    { 1, 1, 1, 1, 1, 1 }, { 1, 1, 1, 1, 1, 1 } },
		/* Exactly 60 s: Before(t + 60 s) is false, the T4 goes
		 * (v2.7.0 reads no key; no allocatable: v2.8+ keep it); the
		 * DCU stays. */
		{ "Requesting_2026-11-25 10:00:00", NULL,
		    "Requesting_2026-11-25 10:01:00", 1,
		    { 0, 1, 0, 1, 1, 1 }, { 1, 1, 1, 1, 1, 1 } },
		/* The same alone on the node: the node goes. */
		{ "Requesting_2026-11-25 10:00:00", NULL,
		    "Requesting_2026-11-25 10:01:00", 0,
		    { 0, 1, 0, 1, 1, 1 }, { 0, 0, 0, 0, 0, 0 } },
		/* Allocatable nvidia.com/gpu 0 (v2.8+), a fresh handshake:
		 * v2.8 drops the T4; v2.9, v2.10 ask the handshake (fresh). */
		{ "Requesting_2026-11-25 10:00:00", "0",
		    "Requesting_2026-11-25 10:00:10", 1,
		    { 1, 1, 1, 0, 1, 1 }, { 1, 1, 1, 1, 1, 1 } },
		/* Deleted_ exactly 60 s old, allocatable 0: v2.9 re-registers
		 * it (stale), v2.10 any Deleted. */
		{ "Deleted_2026-11-25 10:00:00", "0",
		    "Requesting_2026-11-25 10:01:00", 1,
		    { 0, 1, 0, 0, 1, 1 }, { 1, 1, 1, 1, 1, 1 } },
		{ "Deleted_2026-11-25 10:00:00", "0",
		    "Requesting_2026-11-25 10:00:59", 1,
		    { 0, 1, 0, 0, 0, 1 }, { 1, 1, 1, 1, 1, 1 } },
	};
	size_t	i, k;
	int	g[NPROF], d[NPROF];

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		nvidia_kept(cases[i].hs, cases[i].alloc, cases[i].now,
		    cases[i].dcu, g, d);
		for (k = 0; k < NPROF; k++) {
			if (g[k] != cases[i].gpus[k] ||
			    d[k] != cases[i].dcus[k])
				fprintf(stderr, "case %zu %s: %d T4 %d DCU, "
				    "want %d %d\n", i, profs[k], g[k], d[k],
				    cases[i].gpus[k], cases[i].dcus[k]);
			CU_ASSERT_EQUAL(g[k], cases[i].gpus[k]);
			CU_ASSERT_EQUAL(d[k], cases[i].dcus[k]);
		}
	}
}

CU_TestInfo handshake_tests[] = {
	{ "NVIDIA handshake at 60 s, judged alone", test_nvidia_handshake },
	{ "DCU handshake per profile", test_dcu_handshake },
	{ "handshake keys per vendor", test_handshake_keys },
	{ "handshake note and bad allocatable", test_handshake_note_and_errors },
	CU_TEST_INFO_NULL
};
