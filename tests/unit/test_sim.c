/*
 * test_sim.c: gs_simulate, the one entry point of a simulation: copy,
 * version view, engine, drains, metrics (hand-computed values).
 */
#include <stdlib.h>
#include <string.h>

#include "suites.h"
#include "../../core/model/running.h"
#include "../../core/sched/sim.h"
#include "../../core/util/util.h"
#include "../../core/load/yamltree.h"

/* A pod of one container asking one GPU and mem MiB. */
static void
gpu_pod(struct gs_workload *w, const char *name, int64_t mem)
{
	struct gs_pod	*p = t_pod(w, name, 1);

	t_ctr(&p->ctrs[0], 1, mem, -1, -1);
	p->ctrs[0].name = xstrdup("main");
	p->pinned_node = -1;
}

static void
one_node(struct gs_cluster *c, const char *name, size_t ngpus)
{
	memset(c, 0, sizeof *c);
	c->nodes = xcalloc(2, sizeof *c->nodes);
	c->cap = 2;
	c->nnodes = 1;
	t_node(&c->nodes[0], name, ngpus, 15360, "NVIDIA-Tesla T4");
}

/*
 * Two empty 15360 MiB T4s, three pods of 8000 MiB under v2.6.1's defaults
 * (GPU spread): a and b take one GPU each, c fits on neither (7360 free).
 */
static void
test_placements_and_metrics(void)
{
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_config	cfg;
	struct gs_sim		s;
	const struct gs_node	*n;

	one_node(&c, "n", 2);
	memset(&w, 0, sizeof w);
	gpu_pod(&w, "a", 8000);
	gpu_pod(&w, "b", 8000);
	gpu_pod(&w, "c", 8000);
	gs_config_init(&cfg);
	gs_simulate(&c, &w, &cfg, &gs_policy_hami_v261, NULL, &s, NULL);
	CU_ASSERT_EQUAL_FATAL(s.res.npl, 3);
	CU_ASSERT_EQUAL(s.res.placed, 2);
	CU_ASSERT_EQUAL(s.res.pending, 1);
	CU_ASSERT_EQUAL(s.res.pl[0].node, 0);
	CU_ASSERT_EQUAL(s.res.pl[1].node, 0);
	CU_ASSERT_EQUAL(s.res.pl[2].status, GS_PENDING);
	CU_ASSERT_NOT_EQUAL(s.res.pl[0].ctrs[0].grants[0].dev,
	    s.res.pl[1].ctrs[0].grants[0].dev);
	/* The run's usage is on the copy; the input is as it was. */
	n = &s.cluster.nodes[0];
	CU_ASSERT_EQUAL(n->devs[0].usedmem, 8000);
	CU_ASSERT_EQUAL(n->devs[1].usedmem, 8000);
	CU_ASSERT_EQUAL(n->devs[0].used + n->devs[1].used, 2);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].usedmem, 0);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].used, 0);
	CU_ASSERT_EQUAL(w.npods, 3);
	/* Metrics: 7360 of 15360 idle per GPU, none of it usable by the
	 * one target shape (8000 MiB): all fragmented. */
	CU_ASSERT_EQUAL(s.m.placed, 2);
	CU_ASSERT_EQUAL(s.m.pending, 1);
	CU_ASSERT_EQUAL(s.m.nodes_used, 1);
	CU_ASSERT_EQUAL(s.m.gpus_used, 2);
	CU_ASSERT_EQUAL(s.m.whole_free, 0);
	CU_ASSERT_EQUAL(s.m.largest_block_node, -1);
	CU_ASSERT_EQUAL(s.m.mem_total, 30720);
	CU_ASSERT_EQUAL(s.m.mem_used, 16000);
	CU_ASSERT_DOUBLE_EQUAL(s.m.idle_gpus, 2 * 7360.0 / 15360.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(s.m.frag_gpus, 2 * 7360.0 / 15360.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(s.m.frag_pct, 100.0, 1e-9);
	CU_ASSERT_EQUAL(s.m.pods_per_gpu_max, 1);
	gs_sim_release(&s);
	gs_config_release(&cfg);
	gs_workload_release(&w);
	gs_cluster_release(&c);
}

/*
 * A running pod still in its init container: "fetch" holds 6000 MiB of
 * GPU-0, "serve" 2000.  HAMi before v2.10 counts both (8000 MiB, two
 * slots); v2.10 the larger of the init peak and the containers' sum
 * (6000, one slot).
 */
static const char starting[] =
    "kind: Pod\n"
    "metadata: {name: starting, namespace: ml, annotations: {\n"
    "  hami.io/vgpu-node: t4-node,\n"
    "  hami.io/vgpu-devices-allocated: "
    "'GPU-0,NVIDIA,6000,0:;GPU-0,NVIDIA,2000,0:;'}}\n"
    "spec:\n"
    "  nodeName: t4-node\n"
    "  initContainers: [{name: fetch, resources: {limits: "
    "{nvidia.com/gpu: 1, nvidia.com/gpumem: 6000}}}]\n"
    "  containers: [{name: serve, resources: {limits: "
    "{nvidia.com/gpu: 1, nvidia.com/gpumem: 2000}}}]\n"
    "status:\n"
    "  phase: Pending\n"
    "  initContainerStatuses: [{name: fetch, state: {running: {}}}]\n";

static void
load_starting(struct gs_cluster *c, struct gs_running *r)
{
	struct yt_file	f;
	struct gs_error	err;

	one_node(c, "t4-node", 2);
	memset(r, 0, sizeof *r);
	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL_FATAL(yt_parse(&f, "r.yaml", starting,
	    strlen(starting), &err), 0);
	CU_ASSERT_EQUAL_FATAL(gs_load_running_doc(c, r, &f, f.docs[0].root,
	    NULL, &err), 0);
	yt_file_release(&f);
}

/* What prepare saw: GPU-0's memory and slots in use. */
struct seen {
	int32_t	usedmem, used;
	int	calls;
};

static void
look(struct gs_cluster *c, void *arg)
{
	struct seen	*s = arg;

	s->usedmem = c->nodes[0].devs[0].usedmem;
	s->used = c->nodes[0].devs[0].used;
	s->calls++;
}

/*
 * A pod of 9360 MiB under GPU binpack: v2.10 sees 9360 free on GPU-0 and
 * packs it there (15360 in use, whole GPU-1 free); v2.6.1 sees 7360 and
 * places it on GPU-1.  Both runs start from the same loaded cluster.
 */
static void
test_version_view(void)
{
	static const char *const prof[2] = { "hami-v2.10.0", "hami-v2.6.1" };
	static const int32_t mem0[2] = { 15360, 8000 }, seen_mem[2] = {
	    6000, 8000 }, seen_used[2] = { 1, 2 };
	static const size_t dev[2] = { 0, 1 }, whole[2] = { 1, 0 };
	struct gs_cluster	c;
	struct gs_running	r;
	struct gs_workload	w;
	struct gs_config	cfg;
	struct gs_sim_opts	o;
	struct gs_sim		s;
	struct seen		sn;
	size_t			i;

	load_starting(&c, &r);
	memset(&w, 0, sizeof w);
	gpu_pod(&w, "p", 9360);
	for (i = 0; i < 2; i++) {
		gs_config_init(&cfg);
		t_set_profile(&cfg, prof[i]);
		gs_config_set_policies(&cfg, NULL, "binpack");
		memset(&o, 0, sizeof o);
		memset(&sn, 0, sizeof sn);
		o.prepare = look;
		o.arg = &sn;
		gs_simulate(&c, &w, &cfg, gs_policy_find(prof[i]), &o, &s,
		    NULL);
		/* prepare ran once, on the viewed copy. */
		CU_ASSERT_EQUAL(sn.calls, 1);
		CU_ASSERT_EQUAL(sn.usedmem, seen_mem[i]);
		CU_ASSERT_EQUAL(sn.used, seen_used[i]);
		CU_ASSERT_EQUAL_FATAL(s.res.placed, 1);
		CU_ASSERT_EQUAL(s.res.pl[0].ctrs[0].grants[0].dev, dev[i]);
		CU_ASSERT_EQUAL(s.cluster.nodes[0].devs[0].usedmem, mem0[i]);
		CU_ASSERT_EQUAL(s.m.whole_free, whole[i]);
		CU_ASSERT_STRING_EQUAL(s.cfg.profile, prof[i]);
		gs_sim_release(&s);
		gs_config_release(&cfg);
	}
	/* The input keeps the load's usage and its v2.10 difference. */
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].usedmem, 8000);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].v210_mem, -2000);
	/* gs_sim_cluster: the same view, without a run. */
	gs_config_init(&cfg);
	t_set_profile(&cfg, "hami-v2.10.0");
	gs_sim_cluster(&s.cluster, &c, &cfg);
	CU_ASSERT_EQUAL(s.cluster.nodes[0].devs[0].usedmem, 6000);
	CU_ASSERT_EQUAL(s.cluster.nodes[0].devs[0].used, 1);
	gs_cluster_release(&s.cluster);
	gs_config_release(&cfg);
	gs_workload_release(&w);
	gs_running_release(&r);
	gs_cluster_release(&c);
}

/*
 * Two one-GPU nodes; pod a goes to n0 (equal scores: the first listed).
 * Draining n0 after the run cordons it and moves a to n1.
 */
static void
test_drain(void)
{
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_config	cfg;
	struct gs_sim_opts	o;
	struct gs_sim		s;
	const long		drain[1] = { 0 };

	one_node(&c, "n0", 1);
	t_node(&c.nodes[1], "n1", 1, 15360, "NVIDIA-Tesla T4");
	c.nnodes = 2;
	memset(&w, 0, sizeof w);
	gpu_pod(&w, "a", 4000);
	gs_config_init(&cfg);
	gs_simulate(&c, &w, &cfg, &gs_policy_hami_v261, NULL, &s, NULL);
	CU_ASSERT_EQUAL(s.res.pl[0].node, 0);
	gs_sim_release(&s);
	memset(&o, 0, sizeof o);
	o.drain = drain;
	o.ndrain = 1;
	gs_simulate(&c, &w, &cfg, &gs_policy_hami_v261, &o, &s, NULL);
	CU_ASSERT_EQUAL(s.res.pl[0].node, 1);
	CU_ASSERT_EQUAL(s.res.placed, 1);
	CU_ASSERT_EQUAL(s.cluster.nodes[0].unschedulable, 1);
	CU_ASSERT_EQUAL(s.cluster.nodes[0].devs[0].usedmem, 0);
	CU_ASSERT_EQUAL(s.cluster.nodes[1].devs[0].usedmem, 4000);
	/* Metrics after the drain: n1 holds the pod, n0 is whole. */
	CU_ASSERT_EQUAL(s.m.node[0].pods, 0);
	CU_ASSERT_EQUAL(s.m.node[1].pods, 1);
	CU_ASSERT_EQUAL(s.m.whole_free, 1);
	CU_ASSERT_EQUAL(c.nodes[0].unschedulable, 0);
	gs_sim_release(&s);
	gs_config_release(&cfg);
	gs_workload_release(&w);
	gs_cluster_release(&c);
}

CU_TestInfo sim_tests[] = {
	{ "one simulation: placements and metrics", test_placements_and_metrics },
	{ "the version view: v2.10 collapses init containers",
	    test_version_view },
	{ "drains after the run, metrics after the drains", test_drain },
	CU_TEST_INFO_NULL
};
