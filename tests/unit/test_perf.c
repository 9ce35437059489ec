/*
 * test_perf.c: the caches that make a pod cost O(nodes tried): HAMi's
 * node order kept across pods (against the per-pod heap) and the
 * cluster's touch log it reads, the FGD
 * family's per-node view keyed on gen, the writers' GPU index, and the
 * DRA selectors' results per (expression, device).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/engine.h"
#include "../../core/sched/policy.h"
#include "../../core/report/gpus.h"
#include "../../core/model/dra.h"
#include "../../core/util/util.h"

/* n pods p0, p1, ... of a pseudo-random shape from seed: 1 or 2 GPUs,
 * 1000 to 6600 MiB, a quarter with 30% of the cores, half spread. */
static void
random_pods(struct gs_workload *w, size_t n, unsigned seed)
{
	size_t	i;
	unsigned u;

	memset(w, 0, sizeof *w);
	for (i = 0; i < n; i++) {
		char		 name[32];
		struct gs_pod	*p;

		seed = seed * 1103515245u + 12345u;
		u = (seed >> 8) % 1000;
		snprintf(name, sizeof name, "p%zu", i);
		p = t_pod(w, name, 1);
		t_ctr(&p->ctrs[0], 1 + (u % 5 == 0), 1000 + 700 * (u % 9),
		    -1, u % 4 == 0 ? 30 : -1);
		if (u % 2)
			gs_kv_set(&p->annotations,
			    "hami.io/node-scheduler-policy", "spread");
	}
}

/* Pod i decided and charged; pod i - 5 released when i - 5 is a
 * multiple of 3 and i is hold or more. */
static void
run_pod(void *st, struct gs_cluster *c, struct gs_workload *w,
    struct gs_placement *pl, size_t i, size_t hold)
{
	gs_policy_hami_v261.decide(st, c, &w->pods[i], &pl[i], NULL);
	gs_engine_commit(c, &pl[i], &w->pods[i]);
	if (i >= 5 && i >= hold && (i - 5) % 3 == 0)
		gs_engine_release(c, &pl[i - 5], &w->pods[i - 5]);
}

/*
 * The kept order must give every decision the per-pod heap gives (the
 * exhaustive path): nnodes identical nodes (all tied at first), npods
 * pods of both directions, and releases (scores go down, the epoch moves)
 * between them.  Pod k is released after pod k + 5 when k % 3 == 0, but
 * for the first pods of a large cluster (hold: pods grow the holes of the
 * memo's shapes first).  Before pod 60 every node is touched 200 times
 * (more than the log keeps, so the order looks at every node); before
 * pod 100 node 4's GPU 0 gets 2000 MiB more usage outside the engine, as
 * load_running does (a touch the log keeps).
 */
static void
order_exact(size_t nnodes, size_t npods, size_t hold, unsigned seed)
{
	struct gs_cluster	 c[2];
	struct gs_workload	 w;
	struct gs_config	 cfg[2];
	struct gs_placement	*pl[2];
	void			*st[2];
	size_t			 i, k, pass, moved = 0, bad = 0;

	random_pods(&w, npods, seed);
	for (pass = 0; pass < 2; pass++) {
		memset(&c[pass], 0, sizeof c[pass]);
		c[pass].nodes = xcalloc(nnodes, sizeof *c[pass].nodes);
		c[pass].nnodes = c[pass].cap = nnodes;
		pl[pass] = xcalloc(npods, sizeof *pl[pass]);
		for (i = 0; i < nnodes; i++) {
			char n[32];

			snprintf(n, sizeof n, "n%zu", i);
			t_node(&c[pass].nodes[i], n, 2, 15360,
			    "NVIDIA-Tesla T4");
		}
		gs_config_init(&cfg[pass]);
		cfg[pass].exhaustive = pass == 1;
		st[pass] = gs_policy_hami_v261.create(&c[pass], &cfg[pass]);
		for (i = 0; i < npods; i++) {
			if (i == 60)
				for (k = 0; k < nnodes * 200; k++)
					gs_cluster_touch(&c[pass], k % nnodes);
			if (i == 100) {
				c[pass].nodes[4].devs[0].usedmem += 2000;
				gs_cluster_touch(&c[pass], 4);
			}
			run_pod(st[pass], &c[pass], &w, pl[pass], i, hold);
		}
		gs_policy_hami_v261.destroy(st[pass]);
	}
	for (i = 0; i < npods; i++) {
		bad += pl[0][i].status != pl[1][i].status ||
		    pl[0][i].node != pl[1][i].node ||
		    pl[0][i].node_score != pl[1][i].node_score;
		moved += i > 0 && pl[0][i].node != pl[0][i - 1].node;
		if (pl[0][i].status == GS_PLACED &&
		    pl[1][i].status == GS_PLACED)
			for (k = 0; k < pl[0][i].ctrs[0].ngrants; k++)
				bad += pl[0][i].ctrs[0].grants[k].dev !=
				    pl[1][i].ctrs[0].grants[k].dev;
		bad += strcmp(pl[0][i].reason ? pl[0][i].reason : "",
		    pl[1][i].reason ? pl[1][i].reason : "") != 0;
		gs_placement_release(&pl[0][i]);
		gs_placement_release(&pl[1][i]);
	}
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT_TRUE(moved > 20);	/* the order did change */
	for (pass = 0; pass < 2; pass++) {
		free(pl[pass]);
		gs_cluster_release(&c[pass]);
		gs_config_release(&cfg[pass]);
	}
	gs_workload_release(&w);
}

/* 9 nodes, 160 pods. */
static void
test_order_is_exact(void)
{
	order_exact(9, 160, 0, 4242);
}

/* Clusters of many blocks (order.c): 300 nodes and 2,500 pods, 500
 * nodes and 3,000 pods, the first 1,500 kept. */
static void
test_order_is_exact_large(void)
{
	order_exact(300, 2500, 0, 99);
	order_exact(500, 3000, 1500, 7);
}

/*
 * The touch log: touches of nodes 0, 2, 0 are touches 0-2 (node 0's gen
 * is 2); after GS_TOUCH_RING (1024) more, touch 0 is gone and touch 3 is
 * the oldest kept; a copy logs from the original's count on.
 */
static void
test_touch_log(void)
{
	struct gs_cluster	c, d;
	size_t			i;

	memset(&c, 0, sizeof c);
	c.nodes = xcalloc(3, sizeof *c.nodes);
	c.nnodes = c.cap = 3;
	for (i = 0; i < 3; i++)
		t_node(&c.nodes[i], i == 0 ? "n0" : i == 1 ? "n1" : "n2", 1,
		    15360, "NVIDIA-Tesla T4");
	CU_ASSERT_TRUE(gs_cluster_touches_kept(&c, 0));
	gs_cluster_touch(&c, 0);
	gs_cluster_touch(&c, 2);
	gs_cluster_touch(&c, 0);
	CU_ASSERT_EQUAL(c.touch_seq, 3);
	CU_ASSERT_EQUAL(c.nodes[0].gen, 2);
	CU_ASSERT_EQUAL(c.nodes[1].gen, 0);
	CU_ASSERT_EQUAL(c.nodes[2].gen, 1);
	CU_ASSERT_EQUAL(gs_cluster_touched(&c, 0), 0);
	CU_ASSERT_EQUAL(gs_cluster_touched(&c, 1), 2);
	CU_ASSERT_EQUAL(gs_cluster_touched(&c, 2), 0);
	CU_ASSERT_TRUE(gs_cluster_touches_kept(&c, 0));
	CU_ASSERT_TRUE(gs_cluster_touches_kept(&c, 3));
	CU_ASSERT_FALSE(gs_cluster_touches_kept(&c, 4));
	for (i = 0; i < GS_TOUCH_RING; i++)
		gs_cluster_touch(&c, 1);
	CU_ASSERT_EQUAL(c.touch_seq, 1027);
	CU_ASSERT_EQUAL(c.nodes[1].gen, 1024);
	CU_ASSERT_FALSE(gs_cluster_touches_kept(&c, 2));
	CU_ASSERT_TRUE(gs_cluster_touches_kept(&c, 3));
	CU_ASSERT_EQUAL(gs_cluster_touched(&c, 3), 1);
	gs_cluster_copy(&d, &c);
	CU_ASSERT_FALSE(gs_cluster_touches_kept(&d, 1026));
	CU_ASSERT_TRUE(gs_cluster_touches_kept(&d, 1027));
	gs_cluster_touch(&d, 2);
	CU_ASSERT_EQUAL(gs_cluster_touched(&d, 1027), 2);
	CU_ASSERT_EQUAL(c.touch_seq, 1027);
	gs_cluster_release(&d);
	gs_cluster_release(&c);
}

/*
 * Binpack with the kept order: n0 takes the first pod (tie, listed
 * first); n0's score rises to 10 x (1/20 + 0 + 4000/30720) = 1.8020834,
 * so the second pod goes there too; after the first pod leaves, n0 is
 * back at 1.8020834 (one pod) and still the highest.  Spread then takes
 * n1 (score 0, listed before n2).
 */
static void
test_order_follows_usage(void)
{
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_config	 cfg;
	struct gs_placement	 d[4];
	void			*st;
	size_t			 i;

	memset(&c, 0, sizeof c);
	memset(&w, 0, sizeof w);
	c.nodes = xcalloc(3, sizeof *c.nodes);
	c.nnodes = c.cap = 3;
	for (i = 0; i < 3; i++)
		t_node(&c.nodes[i], i == 0 ? "n0" : i == 1 ? "n1" : "n2", 2,
		    15360, "NVIDIA-Tesla T4");
	for (i = 0; i < 4; i++)
		t_ctr(&t_pod(&w, i == 3 ? "s" : "b", 1)->ctrs[0], 1, 4000, -1,
		    -1);
	gs_kv_set(&w.pods[3].annotations, "hami.io/node-scheduler-policy",
	    "spread");
	gs_config_init(&cfg);
	st = gs_policy_hami_v261.create(&c, &cfg);
	gs_policy_hami_v261.decide(st, &c, &w.pods[0], &d[0], NULL);
	gs_engine_commit(&c, &d[0], &w.pods[0]);
	gs_policy_hami_v261.decide(st, &c, &w.pods[1], &d[1], NULL);
	gs_engine_commit(&c, &d[1], &w.pods[1]);
	gs_engine_release(&c, &d[0], &w.pods[0]);
	gs_policy_hami_v261.decide(st, &c, &w.pods[2], &d[2], NULL);
	gs_engine_commit(&c, &d[2], &w.pods[2]);
	gs_policy_hami_v261.decide(st, &c, &w.pods[3], &d[3], NULL);
	CU_ASSERT_EQUAL(d[0].node, 0);
	CU_ASSERT_EQUAL(d[0].node_score, 0);
	CU_ASSERT_EQUAL(d[1].node, 0);
	CU_ASSERT_DOUBLE_EQUAL(d[1].node_score, 1.8020834, 1e-6);
	CU_ASSERT_EQUAL(d[2].node, 0);
	CU_ASSERT_DOUBLE_EQUAL(d[2].node_score, 1.8020834, 1e-6);
	CU_ASSERT_EQUAL(d[3].node, 1);
	CU_ASSERT_EQUAL(d[3].node_score, 0);
	gs_policy_hami_v261.destroy(st);
	for (i = 0; i < 4; i++)
		gs_placement_release(&d[i]);
	gs_cluster_release(&c);
	gs_config_release(&cfg);
	gs_workload_release(&w);
}

/*
 * The known-failing prefix a request shape skips in the kept order.
 * Four 1-GPU T4s (15360 MiB, 10 slots), binpack; shape S asks 10000 MiB.
 * s0 takes n0 (all tied, listed first), s1 fails n0 (5360 MiB left) and
 * takes n1, s2 skips n0, fails n1 and takes n2: each node at 10 x (1/10 +
 * 0 + 10000/15360) = 7.5104165.  t (spread: 100 MiB, 90 cores) takes n3,
 * the lowest; n3 rises to 10 x (1/10 + 90/100 + 100/15360) = 10.065104,
 * ahead of the skipped n0 and n1, and s3 must find it there (it fits,
 * 15260 MiB free) instead of starting after the old prefix (which leaves
 * only n2 and no fit).
 */
static void
test_order_skip_prefix(void)
{
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_config	 cfg;
	struct gs_placement	 d[5];
	void			*st;
	size_t			 i;
	static const long	 want[5] = { 0, 1, 2, 3, 3 };

	memset(&c, 0, sizeof c);
	memset(&w, 0, sizeof w);
	c.nodes = xcalloc(4, sizeof *c.nodes);
	c.nnodes = c.cap = 4;
	for (i = 0; i < 4; i++) {
		char n[8];

		snprintf(n, sizeof n, "n%zu", i);
		t_node(&c.nodes[i], n, 1, 15360, "NVIDIA-Tesla T4");
	}
	for (i = 0; i < 5; i++)
		t_ctr(&t_pod(&w, i == 3 ? "t" : "s", 1)->ctrs[0], 1,
		    i == 3 ? 100 : 10000, -1, i == 3 ? 90 : -1);
	gs_kv_set(&w.pods[3].annotations, "hami.io/node-scheduler-policy",
	    "spread");
	gs_config_init(&cfg);
	st = gs_policy_hami_v261.create(&c, &cfg);
	for (i = 0; i < 5; i++) {
		gs_policy_hami_v261.decide(st, &c, &w.pods[i], &d[i], NULL);
		CU_ASSERT_EQUAL(d[i].status, GS_PLACED);
		CU_ASSERT_EQUAL(d[i].node, want[i]);
		gs_engine_commit(&c, &d[i], &w.pods[i]);
	}
	CU_ASSERT_DOUBLE_EQUAL(d[2].node_score, 0, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(d[4].node_score, 10.065104, 1e-5);
	gs_policy_hami_v261.destroy(st);
	for (i = 0; i < 5; i++)
		gs_placement_release(&d[i]);
	gs_cluster_release(&c);
	gs_config_release(&cfg);
	gs_workload_release(&w);
}

/*
 * The pending reason's memory hint, kept per node on gen: three 1-GPU
 * T4s (15360 MiB).  Pods of 12000 MiB go to n0, n1, n2 in turn (binpack:
 * the used node has 3360 MiB left); a 16000 MiB pod before each and after
 * the last is pending, its hint the first node with the most free memory:
 * n0, n1, n2, then n0 with 3360 MiB (all alike); after n0's pod leaves,
 * n0 with 15360 MiB.
 */
static void
test_memory_hint_follows_gen(void)
{
	static const char *const want[5] = { "15360 MiB on n0",
	    "15360 MiB on n1", "15360 MiB on n2", "3360 MiB on n0",
	    "15360 MiB on n0" };
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_config	 cfg;
	struct gs_placement	 d[3], big;
	void			*st;
	size_t			 i;
	char			 s[128];

	memset(&c, 0, sizeof c);
	memset(&w, 0, sizeof w);
	c.nodes = xcalloc(3, sizeof *c.nodes);
	c.nnodes = c.cap = 3;
	for (i = 0; i < 3; i++) {
		snprintf(s, sizeof s, "n%zu", i);
		t_node(&c.nodes[i], s, 1, 15360, "NVIDIA-Tesla T4");
	}
	t_ctr(&t_pod(&w, "small", 1)->ctrs[0], 1, 12000, -1, -1);
	t_ctr(&t_pod(&w, "big", 1)->ctrs[0], 1, 16000, -1, -1);
	gs_config_init(&cfg);
	st = gs_policy_hami_v261.create(&c, &cfg);
	for (i = 0; i < 5; i++) {
		if (i == 4)
			gs_engine_release(&c, &d[0], &w.pods[0]);
		gs_policy_hami_v261.decide(st, &c, &w.pods[1], &big, NULL);
		CU_ASSERT_EQUAL(big.status, GS_PENDING);
		snprintf(s, sizeof s, "(needs 16000 MiB per GPU, largest free "
		    "%s GPU 0)", want[i]);
		CU_ASSERT_PTR_NOT_NULL(big.reason != NULL ?
		    strstr(big.reason, s) : NULL);
		gs_placement_release(&big);
		if (i >= 3)
			continue;
		gs_policy_hami_v261.decide(st, &c, &w.pods[0], &d[i], NULL);
		CU_ASSERT_EQUAL(d[i].node, (long)i);
		gs_engine_commit(&c, &d[i], &w.pods[0]);
	}
	gs_policy_hami_v261.destroy(st);
	for (i = 0; i < 3; i++)
		gs_placement_release(&d[i]);
	gs_cluster_release(&c);
	gs_config_release(&cfg);
	gs_workload_release(&w);
}

/* n0 takes one pod (allocatable pods 1), n1 is tainted gpu=broken:NoSchedule;
 * every node has one 15360 MiB T4. */
static void
reason_cluster(struct gs_cluster *c, size_t n)
{
	static const struct gs_taint broken = { "gpu", "broken", "NoSchedule" };
	char	s[32];
	size_t	i;

	memset(c, 0, sizeof *c);
	c->nodes = xcalloc(n, sizeof *c->nodes);
	c->nnodes = c->cap = n;
	for (i = 0; i < n; i++) {
		snprintf(s, sizeof s, "n%zu", i);
		t_node(&c->nodes[i], s, 1, 15360, "NVIDIA-Tesla T4");
	}
	c->nodes[0].has_alloc = 1;
	c->nodes[0].alloc_pods = 1;
	c->nodes[0].alloc_cpu = c->nodes[0].alloc_mem = 1000000;
	c->nodes[1].taints = gs_taints_copy(&broken, 1);
	c->nodes[1].ntaints = 1;
}

/*
 * The pending reason's groups kept per shape (reason.c): four nodes as in
 * reason_cluster.  A 16000 MiB pod fits nowhere: n0, n2, n3 lack memory
 * (group first met at n0), n1 is refused by its taint.  A 12000 MiB pod
 * goes to n0 (all nodes score alike: the first listed); now n0 refuses
 * (too many pods), so the memory group's first node is n2 and it comes
 * after the taint's; the hint skips the refused n0.  When the pod leaves,
 * the first reason is back, byte for byte.
 */
static void
test_reason_groups_follow_gen(void)
{
	static const char *const want[2] = {
	    "0/4 nodes fit: 3 nodes: 1/1 CardInsufficientMemory; 1 node: "
	    "TaintToleration (untolerated taint gpu=broken:NoSchedule) (needs "
	    "16000 MiB per GPU, largest free 15360 MiB on n0 GPU 0)",
	    "0/4 nodes fit: 1 node: NodeResourcesFit (Too many pods); 1 node: "
	    "TaintToleration (untolerated taint gpu=broken:NoSchedule); 2 "
	    "nodes: 1/1 CardInsufficientMemory (needs 16000 MiB per GPU, "
	    "largest free 15360 MiB on n2 GPU 0)" };
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_config	 cfg;
	struct gs_placement	 small, big;
	void			*st;
	size_t			 i;

	reason_cluster(&c, 4);
	memset(&w, 0, sizeof w);
	t_ctr(&t_pod(&w, "small", 1)->ctrs[0], 1, 12000, -1, -1);
	t_ctr(&t_pod(&w, "big", 1)->ctrs[0], 1, 16000, -1, -1);
	gs_config_init(&cfg);
	st = gs_policy_hami_v261.create(&c, &cfg);
	for (i = 0; i < 3; i++) {
		if (i == 1) {
			gs_policy_hami_v261.decide(st, &c, &w.pods[0], &small,
			    NULL);
			CU_ASSERT_EQUAL(small.node, 0);
			gs_engine_commit(&c, &small, &w.pods[0]);
		}
		if (i == 2)
			gs_engine_release(&c, &small, &w.pods[0]);
		gs_policy_hami_v261.decide(st, &c, &w.pods[1], &big, NULL);
		CU_ASSERT_EQUAL(big.status, GS_PENDING);
		CU_ASSERT_STRING_EQUAL(big.reason ? big.reason : "",
		    want[i == 1]);
		gs_placement_release(&big);
	}
	gs_placement_release(&small);
	gs_policy_hami_v261.destroy(st);
	gs_cluster_release(&c);
	gs_config_release(&cfg);
	gs_workload_release(&w);
}

/*
 * The kept groups and hint give every pending reason the loop over all
 * nodes gives (the exhaustive path): 12 nodes as in reason_cluster,
 * random_pods' shapes, every third pod released five pods later, and, before pod 150, 1,200 touches (more than the log
 * keeps: the indexes are built again).
 */
static void
test_reason_index_is_exact(void)
{
	struct gs_cluster	 c[2];
	struct gs_workload	 w;
	struct gs_config	 cfg[2];
	struct gs_placement	 pl[2][240];
	void			*st[2];
	size_t			 i, k, pass, pending = 0;

	random_pods(&w, 240, 77);
	for (pass = 0; pass < 2; pass++) {
		reason_cluster(&c[pass], 12);
		gs_config_init(&cfg[pass]);
		cfg[pass].exhaustive = pass == 1;
		st[pass] = gs_policy_hami_v261.create(&c[pass], &cfg[pass]);
		for (i = 0; i < 240; i++) {
			if (i == 150)
				for (k = 0; k < 1200; k++)
					gs_cluster_touch(&c[pass], k % 12);
			run_pod(st[pass], &c[pass], &w, pl[pass], i, 0);
		}
		gs_policy_hami_v261.destroy(st[pass]);
	}
	for (i = 0; i < 240; i++) {
		CU_ASSERT_EQUAL(pl[0][i].node, pl[1][i].node);
		CU_ASSERT_STRING_EQUAL(pl[0][i].reason ? pl[0][i].reason : "",
		    pl[1][i].reason ? pl[1][i].reason : "");
		pending += pl[0][i].status == GS_PENDING;
		gs_placement_release(&pl[0][i]);
		gs_placement_release(&pl[1][i]);
	}
	CU_ASSERT_TRUE(pending > 40);
	for (pass = 0; pass < 2; pass++) {
		gs_cluster_release(&c[pass]);
		gs_config_release(&cfg[pass]);
	}
	gs_workload_release(&w);
}

/* Pod i of w decided by p and charged; pod i - 5 released when i - 5 is
 * a multiple of 3. */
static void
run_policy(const struct gs_policy *p, void *st, struct gs_cluster *c,
    struct gs_workload *w, struct gs_placement *pl, size_t i)
{
	p->decide(st, c, &w->pods[i], &pl[i], NULL);
	gs_engine_commit(c, &pl[i], &w->pods[i]);
	if (i >= 5 && (i - 5) % 3 == 0)
		gs_engine_release(c, &pl[i - 5], &w->pods[i - 5]);
}

/*
 * The FGD family's best node per request (sched/fgd_index.c) gives every
 * decision scoring every node gives (the exhaustive path), for each
 * scored policy: 12 nodes as in reason_cluster (n0 takes one pod, n1 is
 * tainted), random_pods' shapes, releases, and 1,200 touches before pod
 * 150 (more than the log keeps: every node scored again); pod 7 has a
 * nodeSelector (scored the long way in both).
 */
static void
test_fgd_index_is_exact(void)
{
	static const struct gs_policy *const pol[5] = {
	    &gs_policy_openb_dotprod, &gs_policy_openb_gpuclustering,
	    &gs_policy_openb_gpupacking, &gs_policy_openb_bestfit,
	    &gs_policy_openb_fgd };
	struct gs_cluster	 c[2];
	struct gs_workload	 w;
	struct gs_config	 cfg[2];
	struct gs_placement	 pl[2][240];
	void			*st[2];
	size_t			 i, k, q, pass, placed = 0;

	random_pods(&w, 240, 99);
	gs_kv_set(&w.pods[7].node_selector, "kubernetes.io/hostname", "n5");
	for (q = 0; q < 5; q++) {
		for (pass = 0; pass < 2; pass++) {
			reason_cluster(&c[pass], 12);
			gs_config_init(&cfg[pass]);
			t_set_profile(&cfg[pass], pol[q]->name);
			cfg[pass].exhaustive = pass == 1;
			st[pass] = gs_policy_start(pol[q], &c[pass], &cfg[pass],
			    &w);
			for (i = 0; i < 240; i++) {
				if (i == 150)
					for (k = 0; k < 1200; k++)
						gs_cluster_touch(&c[pass],
						    k % 12);
				run_policy(pol[q], st[pass], &c[pass], &w,
				    pl[pass], i);
			}
			pol[q]->destroy(st[pass]);
		}
		for (i = 0; i < 240; i++) {
			CU_ASSERT_EQUAL(pl[0][i].status, pl[1][i].status);
			CU_ASSERT_EQUAL(pl[0][i].node, pl[1][i].node);
			CU_ASSERT_EQUAL(pl[0][i].node_score,
			    pl[1][i].node_score);
			if (pl[0][i].status == GS_PLACED &&
			    pl[1][i].status == GS_PLACED) {
				CU_ASSERT_EQUAL(pl[0][i].ctrs[0].ngrants,
				    pl[1][i].ctrs[0].ngrants);
				CU_ASSERT_EQUAL(pl[0][i].ctrs[0].grants[0].dev,
				    pl[1][i].ctrs[0].grants[0].dev);
				placed++;
			}
			gs_placement_release(&pl[0][i]);
			gs_placement_release(&pl[1][i]);
		}
		for (pass = 0; pass < 2; pass++) {
			gs_cluster_release(&c[pass]);
			gs_config_release(&cfg[pass]);
		}
	}
	CU_ASSERT_TRUE(placed > 100);
	gs_workload_release(&w);
}

/*
 * The index by hand, BestFit on three idle nodes of one 15360 MiB T4, a
 * pod of 7680 MiB (500 milli): all score alike, so n0 (the first listed)
 * with the normalised 0; charged, n0 has 500 milli left and scores
 * highest, 100; charged again it is full, and n1 and n2 tie at 0 (n1).
 */
static void
test_fgd_index_by_hand(void)
{
	const struct gs_policy	*p = &gs_policy_openb_bestfit;
	static const long	 want_node[3] = { 0, 0, 1 };
	static const float	 want_score[3] = { 0, 100, 0 };
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_config	 cfg;
	struct gs_placement	 d[3];
	void			*st;
	size_t			 i;

	memset(&c, 0, sizeof c);
	c.nodes = xcalloc(3, sizeof *c.nodes);
	c.nnodes = c.cap = 3;
	t_node(&c.nodes[0], "n0", 1, 15360, "NVIDIA-Tesla T4");
	t_node(&c.nodes[1], "n1", 1, 15360, "NVIDIA-Tesla T4");
	t_node(&c.nodes[2], "n2", 1, 15360, "NVIDIA-Tesla T4");
	memset(&w, 0, sizeof w);
	t_ctr(&t_pod(&w, "a", 1)->ctrs[0], 1, 7680, -1, -1);
	gs_config_init(&cfg);
	t_set_profile(&cfg, p->name);
	st = gs_policy_start(p, &c, &cfg, &w);
	for (i = 0; i < 3; i++) {
		p->decide(st, &c, &w.pods[0], &d[i], NULL);
		CU_ASSERT_EQUAL(d[i].node, want_node[i]);
		CU_ASSERT_EQUAL(d[i].node_score, want_score[i]);
		if (i < 2)
			gs_engine_commit(&c, &d[i], &w.pods[0]);
	}
	for (i = 0; i < 3; i++)
		gs_placement_release(&d[i]);
	p->destroy(st);
	gs_config_release(&cfg);
	gs_cluster_release(&c);
	gs_workload_release(&w);
}

/*
 * The FGD family's node view is cached per gen: one 15360 MiB T4, a pod
 * of 10000 MiB (652 milli) fits once; after the engine charges it (gen
 * moves) the same pod no longer fits (348 milli left).  Usage changed
 * outside the engine and logged (gs_cluster_touch: gen bumped, as
 * load_running does) is seen too.
 * The score memo is per request: a 2-GPU pod scored on the same node at
 * the same gen does not fit, and pod a then fits again.
 */
static void
test_openb_view_follows_gen(void)
{
	static const struct gs_policy *const p[4] = { &gs_policy_openb_fgd,
	    &gs_policy_openb_bestfit, &gs_policy_openb_gpupacking,
	    &gs_policy_openb_dotprod };
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_config	 cfg;
	struct gs_placement	 d;
	void			*st;
	size_t			 k;

	memset(&w, 0, sizeof w);
	t_ctr(&t_pod(&w, "a", 1)->ctrs[0], 1, 10000, -1, -1);
	t_ctr(&t_pod(&w, "two", 1)->ctrs[0], 2, 1000, -1, -1);
	for (k = 0; k < 4; k++) {
		memset(&c, 0, sizeof c);
		c.nodes = xcalloc(1, sizeof *c.nodes);
		c.nnodes = c.cap = 1;
		t_node(&c.nodes[0], "n0", 1, 15360, "NVIDIA-Tesla T4");
		gs_config_init(&cfg);
		t_set_profile(&cfg, p[k]->name);
		st = gs_policy_start(p[k], &c, &cfg, &w);
		p[k]->decide(st, &c, &w.pods[0], &d, NULL);
		CU_ASSERT_EQUAL(d.status, GS_PLACED);
		gs_engine_commit(&c, &d, &w.pods[0]);
		gs_placement_release(&d);
		p[k]->decide(st, &c, &w.pods[0], &d, NULL);
		CU_ASSERT_EQUAL(d.status, GS_PENDING);
		gs_placement_release(&d);
		c.nodes[0].devs[0].usedmem = 0;
		gs_cluster_touch(&c, 0);
		p[k]->decide(st, &c, &w.pods[0], &d, NULL);
		CU_ASSERT_EQUAL(d.status, GS_PLACED);
		gs_placement_release(&d);
		p[k]->decide(st, &c, &w.pods[1], &d, NULL);
		CU_ASSERT_EQUAL(d.status, GS_PENDING);
		gs_placement_release(&d);
		p[k]->decide(st, &c, &w.pods[0], &d, NULL);
		CU_ASSERT_EQUAL(d.status, GS_PLACED);
		gs_placement_release(&d);
		p[k]->destroy(st);
		gs_config_release(&cfg);
		gs_cluster_release(&c);
	}
	gs_workload_release(&w);
}

/*
 * The GPU index: pod a holds GPU 0 with both containers (listed once),
 * b GPUs 0 and 1, c is pending; running pod r holds GPU 1 of n0 and
 * comes first; n1's GPU has no pod.
 */
static void
test_gpu_index(void)
{
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_result	 res;
	struct gs_running	 run;
	struct gs_gpu_index	 x;
	struct gs_grant		 g[4];
	char			*s;

	memset(&c, 0, sizeof c);
	memset(&w, 0, sizeof w);
	memset(&res, 0, sizeof res);
	memset(&run, 0, sizeof run);
	memset(g, 0, sizeof g);
	c.nodes = xcalloc(2, sizeof *c.nodes);
	c.nnodes = c.cap = 2;
	t_node(&c.nodes[0], "n0", 2, 15360, "NVIDIA-Tesla T4");
	t_node(&c.nodes[1], "n1", 1, 15360, "NVIDIA-Tesla T4");
	t_pod(&w, "a", 2);
	t_pod(&w, "b", 1);
	t_pod(&w, "c", 1);
	res.npl = 3;
	res.pl = xcalloc(3, sizeof *res.pl);
	res.pl[0].status = res.pl[1].status = GS_PLACED;
	res.pl[2].status = GS_PENDING;
	res.pl[2].node = -1;
	res.pl[0].nctrs = 2;
	res.pl[0].ctrs = xcalloc(2, sizeof *res.pl[0].ctrs);
	res.pl[0].ctrs[0].ngrants = res.pl[0].ctrs[1].ngrants = 1;
	res.pl[0].ctrs[0].grants = &g[0];
	res.pl[0].ctrs[1].grants = &g[1];
	res.pl[1].nctrs = 1;
	res.pl[1].ctrs = xcalloc(1, sizeof *res.pl[1].ctrs);
	res.pl[1].ctrs[0].ngrants = 2;
	res.pl[1].ctrs[0].grants = &g[2];
	g[3].dev = 1;
	run.n = 1;
	run.v = xcalloc(1, sizeof *run.v);
	run.v[0].ns = xstrdup("ns");
	run.v[0].name = xstrdup("r");
	run.v[0].node = 0;
	run.v[0].ndevs = 1;
	run.v[0].devs = xcalloc(1, sizeof *run.v[0].devs);
	run.v[0].devs[0].id = xstrdup("GPU-1");
	gs_gpu_index_build(&x, &c, &res, &w, &run,
	    hami_profile_find("hami-v2.6.1"));
	s = gs_gpu_pods(&x, &c, 0, 0);
	CU_ASSERT_STRING_EQUAL(s, "a,b");
	free(s);
	s = gs_gpu_pods(&x, &c, 0, 1);
	CU_ASSERT_STRING_EQUAL(s, "ns/r,b");
	free(s);
	s = gs_gpu_pods(&x, &c, 1, 0);
	CU_ASSERT_STRING_EQUAL(s, "-");
	free(s);
	s = gs_gpu_running(&x, 0, "GPU-1");
	CU_ASSERT_STRING_EQUAL(s, "ns/r");
	free(s);
	s = gs_gpu_running(&x, 0, "GPU-0");
	CU_ASSERT_STRING_EQUAL(s, "-");
	free(s);
	gs_gpu_index_release(&x);
	free(run.v[0].devs[0].id);
	free(run.v[0].devs);
	free(run.v[0].ns);
	free(run.v[0].name);
	free(run.v);
	free(res.pl[0].ctrs);
	free(res.pl[1].ctrs);
	free(res.pl);
	gs_workload_release(&w);
	gs_cluster_release(&c);
}

/*
 * A container's resources, packed: 2 x GS_RES_N values of 10 bytes (1 +
 * 1 + 8) instead of 16; a value written and read back through a pointer
 * to its struct, as sched/hami/request.c's pick does.
 */
static void
test_resval_packed(void)
{
	struct gs_container	 c;
	const struct gs_resval	*p = &c.lim[GS_RES_GPUMEM];

	memset(&c, 0, sizeof c);
	CU_ASSERT_EQUAL(sizeof(struct gs_resval), 10);
	CU_ASSERT_EQUAL(sizeof c.lim, GS_RES_N * (size_t)10);
	c.lim[GS_RES_GPUMEM] = (struct gs_resval){ 1, 1, 8000000000LL };
	CU_ASSERT_EQUAL(p->set, 1);
	CU_ASSERT_EQUAL(p->ok, 1);
	CU_ASSERT_EQUAL(p->v, 8000000000LL);
	CU_ASSERT_EQUAL(c.lim[GS_RES_GPUMEM + 1].v, 0);
}

/* The text hash a selector keeps (gs_dra_sel's h). */
#define TH(e)	gs_hash_str(GS_HASH_START, (e))

/* The DRA selector memo: keyed by the expression's text (a copy with
 * another address hits) and the device; clear empties it; growth past
 * its first 256 slots keeps every entry. */
static void
test_dra_celmemo(void)
{
	struct gs_dra		 d;
	struct gs_dra_device	 dev[300];
	char			 a[] = "device.driver == 'gpu.nvidia.com'";
	char			 b[] = "device.driver == 'gpu.nvidia.com'";
	int			 res = 7;
	size_t			 i;

	memset(&d, 0, sizeof d);
	memset(dev, 0, sizeof dev);
	/* Without a memo (no refresh yet): nothing is kept. */
	gs_dra_celmemo_put(&d, a, TH(a), &dev[0], 1);
	CU_ASSERT_EQUAL(gs_dra_celmemo_get(&d, a, TH(a), &dev[0], &res), 0);
	gs_dra_celmemo_clear(&d);
	CU_ASSERT_EQUAL(gs_dra_celmemo_get(&d, a, TH(a), &dev[0], &res), 0);
	gs_dra_celmemo_put(&d, a, TH(a), &dev[0], 1);
	gs_dra_celmemo_put(&d, a, TH(a), &dev[1], 0);
	gs_dra_celmemo_put(&d, "has(device.attributes['x'].y)",
	    TH("has(device.attributes['x'].y)"), &dev[0], -1);
	CU_ASSERT_EQUAL(gs_dra_celmemo_get(&d, b, TH(b), &dev[0], &res), 1);
	CU_ASSERT_EQUAL(res, 1);
	CU_ASSERT_EQUAL(gs_dra_celmemo_get(&d, b, TH(b), &dev[1], &res), 1);
	CU_ASSERT_EQUAL(res, 0);
	CU_ASSERT_EQUAL(gs_dra_celmemo_get(&d,
	    "has(device.attributes['x'].y)",
	    TH("has(device.attributes['x'].y)"), &dev[0], &res), 1);
	CU_ASSERT_EQUAL(res, -1);
	CU_ASSERT_EQUAL(gs_dra_celmemo_get(&d, a, TH(a), &dev[2], &res), 0);
	CU_ASSERT_EQUAL(gs_dra_celmemo_get(&d, "true", TH("true"), &dev[0],
	    &res), 0);
	CU_ASSERT_EQUAL(d.memo->n, 3);
	/* A second put of a known pair changes nothing. */
	gs_dra_celmemo_put(&d, b, TH(b), &dev[0], 0);
	CU_ASSERT_EQUAL(gs_dra_celmemo_get(&d, a, TH(a), &dev[0], &res), 1);
	CU_ASSERT_EQUAL(res, 1);
	CU_ASSERT_EQUAL(d.memo->n, 3);
	gs_dra_celmemo_clear(&d);
	CU_ASSERT_EQUAL(gs_dra_celmemo_get(&d, a, TH(a), &dev[0], &res), 0);
	for (i = 0; i < 300; i++)
		gs_dra_celmemo_put(&d, a, TH(a), &dev[i], (int)(i % 3) - 1);
	CU_ASSERT_EQUAL(d.memo->n, 300);
	CU_ASSERT_EQUAL(d.memo->cap, 1024);
	for (i = 0; i < 300; i++) {
		CU_ASSERT_EQUAL(gs_dra_celmemo_get(&d, b, TH(b), &dev[i],
		    &res), 1);
		CU_ASSERT_EQUAL(res, (int)(i % 3) - 1);
	}
	gs_dra_celmemo_free(&d);
	CU_ASSERT_PTR_NULL(d.memo);
}

/* Pod ref i of block b: ns/pod. */
static void
dra_pod(struct gs_dra_block *b, const char *ns, const char *pod)
{
	grow_array(&b->pods, &b->capp, b->npods + 1, sizeof *b->pods);
	memset(&b->pods[b->npods], 0, sizeof b->pods[0]);
	b->pods[b->npods].ns = xstrdup(ns);
	b->pods[b->npods++].pod = xstrdup(pod);
}

static void
dra_claim(struct gs_dra_block *b, const char *ns, const char *name,
    int is_template)
{
	grow_array(&b->claims, &b->capcl, b->nclaims + 1, sizeof *b->claims);
	memset(&b->claims[b->nclaims], 0, sizeof b->claims[0]);
	b->claims[b->nclaims].ns = xstrdup(ns);
	b->claims[b->nclaims].name = xstrdup(name);
	b->claims[b->nclaims++].is_template = is_template;
}

/*
 * The DRA pods' and claims' index (model/dra_names.c) answers as the
 * search over every block did: the first in block order, objects added
 * after a lookup found, a dropped one gone, claims and templates apart.
 */
static void
test_dra_names(void)
{
	struct gs_dra		*d = NULL;
	struct gs_dra_block	*b0 = gs_dra_own_block(&d), *b1;
	char			 name[32];
	int			 i;

	d->blocks = xreallocarray(d->blocks, 2, sizeof *d->blocks);
	d->blocks[1] = b1 = gs_dra_block_new();
	d->nblocks = 2;
	dra_pod(b1, "ml", "web");
	CU_ASSERT_PTR_EQUAL(gs_dra_pod_find(d, "ml", "web"), &b1->pods[0]);
	dra_pod(b0, "ml", "web");	/* block 0 comes first */
	CU_ASSERT_PTR_EQUAL(gs_dra_pod_find(d, "ml", "web"), &b0->pods[0]);
	CU_ASSERT_PTR_NULL(gs_dra_pod_find(d, "default", "web"));
	for (i = 0; i < 200; i++) {	/* past the first 64 slots */
		snprintf(name, sizeof name, "p%d", i);
		dra_pod(b1, "ml", name);
	}
	CU_ASSERT_PTR_EQUAL(gs_dra_pod_find(d, "ml", "p150"), &b1->pods[151]);
	gs_dra_block_truncate(b1, 0, 0, 0, 100);	/* p99 on are dropped */
	CU_ASSERT_PTR_NULL(gs_dra_pod_find(d, "ml", "p150"));
	CU_ASSERT_PTR_EQUAL(gs_dra_pod_find(d, "ml", "p98"), &b1->pods[99]);
	dra_claim(b1, "ml", "gpu", 1);
	CU_ASSERT_PTR_NULL(gs_dra_claim_find(d, "ml", "gpu", 0));
	CU_ASSERT_PTR_EQUAL(gs_dra_claim_find(d, "ml", "gpu", 1),
	    &b1->claims[0]);
	dra_claim(b1, "ml", "gpu", 0);
	CU_ASSERT_PTR_EQUAL(gs_dra_claim_find(d, "ml", "gpu", 0),
	    &b1->claims[1]);
	CU_ASSERT_PTR_NULL(gs_dra_claim_find(d, "staging", "gpu", 0));
	gs_dra_free(d);
}

CU_TestInfo perf_tests[] = {
	{ "a container's resource values are packed", test_resval_packed },
	{ "HAMi's kept node order decides as the per-pod heap",
	    test_order_is_exact },
	{ "HAMi's kept node order: many blocks, as the per-pod heap",
	    test_order_is_exact_large },
	{ "HAMi's kept node order follows commits and releases",
	    test_order_follows_usage },
	{ "HAMi's kept order: a shape's known-failing prefix",
	    test_order_skip_prefix },
	{ "HAMi's memory hint follows gen", test_memory_hint_follows_gen },
	{ "HAMi's pending reason: groups kept per shape",
	    test_reason_groups_follow_gen },
	{ "HAMi's pending reason: kept groups as the full loop",
	    test_reason_index_is_exact },
	{ "the cluster's touch log: order, overflow, copies",
	    test_touch_log },
	{ "FGD family's node view follows gen", test_openb_view_follows_gen },
	{ "FGD family's best node per request: as scoring every node",
	    test_fgd_index_is_exact },
	{ "FGD family's best node per request: ties and BestFit by hand",
	    test_fgd_index_by_hand },
	{ "GPU index: running, then placements, once each", test_gpu_index },
	{ "DRA selector results kept per (expression, device)",
	    test_dra_celmemo },
	{ "DRA pods and claims by name: as the search over blocks",
	    test_dra_names },
	CU_TEST_INFO_NULL,
};
