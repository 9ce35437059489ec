/*
 * test_engine.c: node choice (binpack takes the highest node score, spread
 * the lowest, ties to the node listed first), pending reasons, pods
 * without GPU requests, multi-container pods, DaemonSet pinning.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/engine.h"
#include "../../core/sched/sim.h"
#include "../../core/sched/hami/hami.h"
#include "../../core/sched/hami/explain.h"
#include "../../core/sched/policy.h"
#include "../../core/util/util.h"

struct env {
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_config	cfg;
	struct gs_result	r;
};

static void
env_init(struct env *e, size_t nnodes, size_t ndevs)
{
	size_t	i;
	char	name[32];

	memset(e, 0, sizeof *e);
	e->c.nodes = xcalloc(nnodes, sizeof *e->c.nodes);
	e->c.nnodes = e->c.cap = nnodes;
	for (i = 0; i < nnodes; i++) {
		snprintf(name, sizeof name, "n%zu", i);
		t_node(&e->c.nodes[i], name, ndevs, 15360, "NVIDIA-Tesla T4");
	}
	gs_config_init(&e->cfg);
}

static struct gs_pod *
pod(struct env *e, const char *name, size_t nctrs)
{
	return t_pod(&e->w, name, nctrs);
}

static void
run(struct env *e)
{
	gs_engine_run(&e->c, &e->w, &e->cfg, &gs_policy_hami_v261, NULL,
	    &e->r, NULL);
}

static void
env_release(struct env *e)
{
	gs_result_release(&e->r);
	gs_workload_release(&e->w);
	gs_config_release(&e->cfg);
	gs_cluster_release(&e->c);
}

static void
test_binpack_spread_and_ties(void)
{
	struct env	e;
	size_t		i;

	env_init(&e, 3, 2);
	for (i = 0; i < 3; i++) {
		char n[32];

		snprintf(n, sizeof n, "p%zu", i);
		t_ctr(&pod(&e, n, 1)->ctrs[0], 1, 1000, -1, -1);
	}
	run(&e);
	/* binpack: first tie goes to n0, then n0 has the highest score. */
	CU_ASSERT_EQUAL(e.r.pl[0].node, 0);
	CU_ASSERT_EQUAL(e.r.pl[1].node, 0);
	CU_ASSERT_EQUAL(e.r.pl[2].node, 0);
	gs_result_release(&e.r);
	gs_cluster_reset_usage(&e.c);
	gs_config_set_policies(&e.cfg, "spread", NULL);
	run(&e);
	CU_ASSERT_EQUAL(e.r.pl[0].node, 0);
	CU_ASSERT_EQUAL(e.r.pl[1].node, 1);	/* lowest score, first listed */
	CU_ASSERT_EQUAL(e.r.pl[2].node, 2);
	/* Pod annotations win over the scheduler's policy... */
	gs_result_release(&e.r);
	gs_cluster_reset_usage(&e.c);
	for (i = 0; i < 3; i++)
		gs_kv_set(&e.w.pods[i].annotations,
		    "hami.io/node-scheduler-policy", "binpack");
	run(&e);
	CU_ASSERT_EQUAL(e.r.pl[2].node, 0);
	/* ...unless overridden (compare). */
	gs_result_release(&e.r);
	gs_cluster_reset_usage(&e.c);
	e.cfg.override_policies = 1;
	run(&e);
	CU_ASSERT_EQUAL(e.r.pl[2].node, 2);
	env_release(&e);
}

static void
test_pending_reason(void)
{
	struct env	e;

	env_init(&e, 2, 4);
	t_ctr(&pod(&e, "big", 1)->ctrs[0], 1, 20000, -1, -1);
	t_ctr(&pod(&e, "many", 1)->ctrs[0], 5, 100, -1, -1);
	run(&e);
	CU_ASSERT_EQUAL(e.r.pl[0].status, GS_PENDING);
	CU_ASSERT_EQUAL(e.r.pending, 2);
	CU_ASSERT_STRING_EQUAL(e.r.pl[0].reason,
	    "0/2 nodes fit: 2 nodes: 4/4 CardInsufficientMemory (needs 20000 "
	    "MiB per GPU, largest free 15360 MiB on n0 GPU 0)");
	CU_ASSERT_STRING_EQUAL(e.r.pl[1].reason,
	    "0/2 nodes fit: 2 nodes: NodeInsufficientDevice");
	env_release(&e);
}

static void
test_unmanaged_and_pinned(void)
{
	struct env	 e;
	struct gs_pod	*p;

	env_init(&e, 2, 1);
	pod(&e, "cpu-only", 1);
	p = pod(&e, "ds", 1);
	t_ctr(&p->ctrs[0], 1, 100, -1, -1);
	p->pinned_node = 1;
	p = pod(&e, "sel", 1);
	t_ctr(&p->ctrs[0], 1, 100, -1, -1);
	gs_kv_set(&p->node_selector, "zone", "x");
	run(&e);
	CU_ASSERT_EQUAL(e.r.pl[0].status, GS_UNMANAGED);
	CU_ASSERT_EQUAL(e.r.pl[1].node, 1);
	CU_ASSERT_EQUAL(e.r.pl[2].status, GS_PENDING);
	CU_ASSERT_STRING_EQUAL(e.r.pl[2].reason,
	    "0/2 nodes fit: 2 nodes: NodeSelectorMismatch");
	env_release(&e);
}

static void
test_multi_container(void)
{
	struct env	 e;
	struct gs_pod	*p;

	env_init(&e, 1, 2);
	gs_config_set_policies(&e.cfg, NULL, "binpack");
	p = pod(&e, "two", 3);
	t_ctr(&p->ctrs[0], 1, 5000, -1, -1);
	/* container 1 asks for nothing: it only pads */
	t_ctr(&p->ctrs[2], 1, 5000, -1, -1);
	run(&e);
	CU_ASSERT_EQUAL_FATAL(e.r.pl[0].status, GS_PLACED);
	CU_ASSERT_EQUAL(e.r.pl[0].ctrs[0].ngrants, 1);
	CU_ASSERT_EQUAL(e.r.pl[0].ctrs[1].ngrants, 0);
	/* The second container sees the first's usage: binpack puts it on
	 * the same GPU, which now counts two slots. */
	CU_ASSERT_EQUAL(e.r.pl[0].ctrs[0].grants[0].dev, 1);
	CU_ASSERT_EQUAL(e.r.pl[0].ctrs[2].grants[0].dev, 1);
	CU_ASSERT_EQUAL(e.c.nodes[0].devs[1].used, 2);
	CU_ASSERT_EQUAL(e.c.nodes[0].devs[1].usedmem, 10000);
	env_release(&e);
}

/*
 * The failure memo must not change a single decision or reason: a random
 * workload (pending pods, multi-GPU, multi-container, filters) placed
 * with the memo and exhaustively gives identical results.
 */
static void
test_memo_is_exact(void)
{
	struct env	e[2];
	unsigned	seed = 12345;
	size_t		i, k, pass;

	for (pass = 0; pass < 2; pass++) {
		env_init(&e[pass], 6, 4);
		e[pass].cfg.exhaustive = pass == 1;
		seed = 12345;
		for (i = 0; i < 300; i++) {
			char		 n[32];
			struct gs_pod	*p;
			unsigned	 u;

			seed = seed * 1103515245u + 12345u;
			u = (seed >> 8) % 1000;
			snprintf(n, sizeof n, "p%zu", i);
			p = pod(&e[pass], n, u % 7 == 0 ? 2 : 1);
			t_ctr(&p->ctrs[0], 1 + (u % 3 == 0), 1000 + 500 *
			    (u % 13), -1, u % 5 == 0 ? 50 : -1);
			if (p->nctrs == 2)
				t_ctr(&p->ctrs[1], 1, 3000, -1, -1);
			if (u % 4 == 0)
				gs_kv_set(&p->annotations,
				    "hami.io/node-scheduler-policy", "spread");
			if (u % 6 == 0)
				gs_kv_set(&p->annotations,
				    "hami.io/gpu-scheduler-policy", "binpack");
			if (u % 11 == 0)
				gs_kv_set(&p->annotations,
				    "nvidia.com/nouse-gpuuuid", "GPU-3");
		}
		run(&e[pass]);
	}
	CU_ASSERT_TRUE(e[0].r.pending > 0);
	CU_ASSERT_TRUE(e[0].r.placed > 0);
	for (i = 0; i < e[0].r.npl; i++) {
		const struct gs_placement *a = &e[0].r.pl[i], *b = &e[1].r.pl[i];

		CU_ASSERT_EQUAL(a->status, b->status);
		CU_ASSERT_EQUAL(a->node, b->node);
		CU_ASSERT_STRING_EQUAL(a->reason ? a->reason : "",
		    b->reason ? b->reason : "");
		for (k = 0; k < a->nctrs; k++) {
			CU_ASSERT_EQUAL_FATAL(a->ctrs[k].ngrants,
			    b->ctrs[k].ngrants);
			if (a->ctrs[k].ngrants > 0)
				CU_ASSERT_EQUAL(memcmp(a->ctrs[k].grants,
				    b->ctrs[k].grants, a->ctrs[k].ngrants *
				    sizeof(struct gs_grant)), 0);
		}
	}
	env_release(&e[0]);
	env_release(&e[1]);
}

/* explain must pick the node the engine picks, pod after pod. */
static void
test_explain_agrees(void)
{
	struct env		 e;
	void			*st;
	unsigned		 seed = 777;
	size_t			 i, agree = 0;

	env_init(&e, 5, 4);
	for (i = 0; i < 120; i++) {
		char		 n[32];
		struct gs_pod	*p;
		unsigned	 u;

		seed = seed * 1103515245u + 12345u;
		u = (seed >> 8) % 1000;
		snprintf(n, sizeof n, "p%zu", i);
		p = pod(&e, n, 1);
		t_ctr(&p->ctrs[0], 1 + (u % 4 == 0), 2000 + 700 * (u % 11),
		    -1, u % 3 == 0 ? 40 : -1);
		if (u % 2)
			gs_kv_set(&p->annotations,
			    "hami.io/node-scheduler-policy", "spread");
	}
	st = gs_policy_hami_v261.create(&e.c, &e.cfg);
	for (i = 0; i < e.w.npods; i++) {
		struct gs_placement	d;
		struct gs_explain	ex;

		gs_explain_pod(&e.c, &e.w.pods[i], &e.cfg, -1, &ex);
		gs_policy_hami_v261.decide(st, &e.c, &e.w.pods[i], &d, NULL);
		agree += d.node == ex.chosen;
		if (d.status == GS_PLACED) {
			/* The chosen node's trace marks exactly its grants. */
			const struct gs_explain_detail *dt =
			    &ex.nodes[d.node].detail[0];
			size_t g, chosen = 0;

			for (g = 0; g < dt->ngpus; g++)
				chosen += dt->gpus[g].result == HR_N;
			CU_ASSERT_EQUAL(chosen, d.ctrs[0].ngrants);
		}
		gs_engine_commit(&e.c, &d, &e.w.pods[i]);
		gs_placement_release(&d);
		gs_explain_release(&ex);
	}
	gs_policy_hami_v261.destroy(st);
	CU_ASSERT_EQUAL(agree, e.w.npods);
	env_release(&e);
}

/* Node usability by version: up to v2.7 the handshake decides (except
 * v2.7.0, whose health check reads no handshake), from v2.8 the device
 * plugin's allocatable nvidia.com/gpu. */
static void
test_usable_by_version(void)
{
	static const char *const prof[3] = { "hami-v2.7.1", "hami-v2.8.0",
	    "hami-v2.7.0" };
	/* Where the pod lands: node 1 when node 0's stale handshake
	 * counts; node 0 (listed first, scores tied) when it does not. */
	static const long	 want[3] = { 1, 0, 0 };
	static const char *const version[3] = { "2.7.1", "2.8.0", "2.7.0" };
	struct env	e;
	int		k;

	for (k = 0; k < 3; k++) {
		env_init(&e, 3, 2);
		t_set_profile(&e.cfg, prof[k]);
		e.c.nodes[0].registered = 0;		/* a stale handshake */
		e.c.nodes[0].hs_refused = 1;
		e.c.nodes[1].has_alloc_gpu = 1;		/* plugin reports none */
		e.c.nodes[1].alloc_gpu = 0;
		t_ctr(&pod(&e, "p", 1)->ctrs[0], 1, 1000, -1, -1);
		run(&e);
		CU_ASSERT_EQUAL(e.r.pl[0].node, want[k]);
		CU_ASSERT_EQUAL(hami_node_usable(&e.c.nodes[0],
		    t_hp(version[k])), k != 0);
		CU_ASSERT_EQUAL(hami_node_usable(&e.c.nodes[2],
		    t_hp(version[k])), 1);
		env_release(&e);
	}
	/* v2.9 with no GPUs reported: the handshake again, and a stale
	 * Deleted_ registers anew. */
	env_init(&e, 3, 2);
	e.c.nodes[0].has_alloc_gpu = 1;
	e.c.nodes[0].alloc_gpu = 0;
	CU_ASSERT_FALSE(hami_node_usable(&e.c.nodes[0], t_hp("2.8.0")));
	CU_ASSERT_TRUE(hami_node_usable(&e.c.nodes[0], t_hp("2.9.0")));
	e.c.nodes[0].registered = 0;
	e.c.nodes[0].hs_refused = 1;
	CU_ASSERT_FALSE(hami_node_usable(&e.c.nodes[0], t_hp("2.9.0")));
	e.c.nodes[0].hs_deleted_stale = 1;
	CU_ASSERT_TRUE(hami_node_usable(&e.c.nodes[0], t_hp("2.9.0")));
	CU_ASSERT_FALSE(hami_node_usable(&e.c.nodes[0], t_hp("2.7.1")));
	e.c.nodes[1].registered = 0;		/* no register annotation */
	CU_ASSERT_FALSE(hami_node_usable(&e.c.nodes[1], t_hp("2.9.0")));
	env_release(&e);
}

/* The engine's error path: a failed decision stops the run, the pods
 * before it stay decided and charged, and the message names the pod and
 * its place (pods.yaml:12:3), as the simulation's caller prints it. */
static void
test_decide_fails(void)
{
	struct env	e;
	struct gs_sim	s;
	struct gs_error	err;
	struct gs_pod	*p;
	const struct gs_policy *failing = t_failing(&gs_policy_hami_v261,
	    "bad", 0);
	char		buf[512];
	size_t		i;
	int32_t		used = 0;

	env_init(&e, 2, 2);
	t_ctr(&pod(&e, "p0", 1)->ctrs[0], 1, 1000, -1, -1);
	p = pod(&e, "bad", 1);
	t_ctr(&p->ctrs[0], 1, 1000, -1, -1);
	free(p->src_file);
	p->src_file = xstrdup("pods.yaml");
	p->src_line = 12;
	p->src_col = 3;
	t_ctr(&pod(&e, "p2", 1)->ctrs[0], 1, 1000, -1, -1);
	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL(gs_engine_run(&e.c, &e.w, &e.cfg, failing, NULL,
	    &e.r, &err), -1);
	gs_error_format(&err, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "pods.yaml:12:3: pod default/bad: the "
	    "ledger is full");
	CU_ASSERT_EQUAL(e.r.npl, 1);
	CU_ASSERT_EQUAL(e.r.placed, 1);
	CU_ASSERT_PTR_NULL(e.r.pl[1].reason);
	for (i = 0; i < e.c.nnodes * 2; i++)
		used += e.c.nodes[i / 2].devs[i % 2].used;
	CU_ASSERT_EQUAL(used, 1);		/* p0 charged, no more */
	gs_result_release(&e.r);

	/* One simulation returns it too; without err it still fails. */
	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL(gs_simulate(&e.c, &e.w, &e.cfg, failing, NULL, &s,
	    &err), -1);
	gs_error_format(&err, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "pods.yaml:12:3: pod default/bad: the "
	    "ledger is full");
	CU_ASSERT_EQUAL(s.res.placed, 1);
	gs_sim_release(&s);
	CU_ASSERT_EQUAL(gs_simulate(&e.c, &e.w, &e.cfg, failing, NULL, &s,
	    NULL), -1);
	gs_sim_release(&s);

	/* A message with its own place keeps it. */
	CU_ASSERT_PTR_EQUAL(t_failing(&gs_policy_hami_v261, "bad", 1),
	    failing);
	CU_ASSERT_EQUAL(gs_simulate(&e.c, &e.w, &e.cfg, failing, NULL, &s,
	    &err), -1);
	gs_error_format(&err, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf, "ledger.conf:7:2: no page");
	gs_sim_release(&s);

	/* And the same policy decides every pod when none is bad. */
	t_failing(&gs_policy_hami_v261, "none", 0);
	CU_ASSERT_EQUAL(gs_simulate(&e.c, &e.w, &e.cfg, failing, NULL, &s,
	    &err), 0);
	CU_ASSERT_EQUAL(s.res.placed, 3);
	gs_sim_release(&s);
	env_release(&e);
}

CU_TestInfo engine_tests[] = {
	{ "a failed decision stops the run, located at the pod",
	    test_decide_fails },
	{ "node usability: handshake, then allocatable GPUs",
	    test_usable_by_version },
	{ "explain agrees with the engine", test_explain_agrees },
	{ "failure memo changes no decision", test_memo_is_exact },
	{ "binpack, spread, ties, annotations", test_binpack_spread_and_ties },
	{ "pending pods carry HAMi's reasons", test_pending_reason },
	{ "no GPU request; pinned and selected nodes", test_unmanaged_and_pinned },
	{ "containers share usage within a pod", test_multi_container },
	CU_TEST_INFO_NULL,
};
