/*
 * test_trace_model.c: the openb trace as the one model (load/trace_model.c):
 * nodes as a gs_cluster, pods as gs_pods, the share view's exact milli
 * charged by the engine from the grants, read by the FGD family's policies
 * (sched/fgd.c) and by the replay's view of the model (replay/cluster.c).
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/engine.h"
#include "../../core/replay/replay.h"

#define NODE_HDR "sn,cpu_milli,memory_mib,gpu,model\n"
#define POD_HDR "name,cpu_milli,memory_mib,num_gpu,gpu_milli\n"

static void
model_of(const char *nodes, struct gs_cluster *c)
{
	struct gs_trace_nodes	tn;
	struct gs_error		e;

	memset(&e, 0, sizeof e);
	CU_ASSERT_FATAL(gs_trace_parse_nodes("n.csv", nodes, strlen(nodes),
	    &tn, &e) == 0);
	gs_trace_cluster(&tn, c);
	gs_trace_nodes_release(&tn);
}

static void
workload_of(const char *pods, struct gs_workload *w)
{
	struct gs_trace_pods	tp;
	struct gs_error		e;

	memset(&e, 0, sizeof e);
	CU_ASSERT_FATAL(gs_trace_parse_pods("p.csv", pods, strlen(pods), &tp,
	    &e) == 0);
	gs_trace_workload(&tp, NULL, tp.n, w);
	gs_trace_pods_release(&tp);
}

/* Nodes: allocatable as the trace says, 1001 pods (the FGD simulator's
 * node objects), GPUs as HAMi devices of the model's memory. */
static void
test_trace_cluster(void)
{
	struct gs_cluster	c;
	const struct gs_device	*d;

	model_of(NODE_HDR "a,32000,65536,2,T4\nb,64000,1024,0,\n"
	    "c,1000,1,1,X9\n", &c);
	CU_ASSERT_EQUAL_FATAL(c.nnodes, 3);
	CU_ASSERT_STRING_EQUAL(c.nodes[0].name, "a");
	CU_ASSERT_EQUAL(c.nodes[0].alloc_cpu, 32000);
	CU_ASSERT_EQUAL(c.nodes[0].alloc_mem, INT64_C(68719476736));
	CU_ASSERT_EQUAL(c.nodes[0].alloc_pods, 1001);
	CU_ASSERT_TRUE(c.nodes[0].registered);
	CU_ASSERT_EQUAL_FATAL(c.nodes[0].ndevs, 2);
	d = &c.nodes[0].devs[1];
	CU_ASSERT_STRING_EQUAL(d->id, "GPU-a-1");
	CU_ASSERT_EQUAL(d->index, 1);
	CU_ASSERT_EQUAL(d->count, 10);
	CU_ASSERT_EQUAL(d->devmem, 15109);	/* T4 in the simulator */
	CU_ASSERT_EQUAL(d->devcore, 100);
	CU_ASSERT_STRING_EQUAL(d->type, "NVIDIA-T4");
	CU_ASSERT_STRING_EQUAL(gs_trace_device_model(d), "T4");
	CU_ASSERT_EQUAL(d->milli, 1000);
	CU_ASSERT_EQUAL(d->usedmilli, 0);
	CU_ASSERT_FALSE(c.nodes[1].registered);
	CU_ASSERT_EQUAL(c.nodes[1].ndevs, 0);
	CU_ASSERT_EQUAL(c.nodes[2].devs[0].devmem, 16384);	/* unknown */
	gs_cluster_release(&c);
}

/* Pods: HAMi's requests (a share as ceil(milli / 10) % of memory and
 * cores) and the exact share; gpu_spec as use-gputype. */
static void
test_trace_pods(void)
{
	struct gs_workload	w;
	const struct gs_container *k;

	workload_of("name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,"
	    "pod_phase,creation_time,deletion_time,scheduled_time\n"
	    "s,2000,512,1,333,T4|,LS,Running,0,1,0\n"
	    "w,1000,0,2,1000,,LS,Running,0,1,0\n"
	    "c,4000,8,0,0,|,BE,Running,0,1,0\n", &w);
	CU_ASSERT_EQUAL_FATAL(w.npods, 3);
	k = &w.pods[0].ctrs[0];
	CU_ASSERT_EQUAL(w.pods[0].req_cpu, 2000);
	CU_ASSERT_EQUAL(w.pods[0].req_mem, INT64_C(512) << 20);
	CU_ASSERT_EQUAL(w.pods[0].gpu_milli, 333);
	CU_ASSERT_EQUAL(k->lim[GS_RES_GPU].v, 1);
	CU_ASSERT_EQUAL(k->lim[GS_RES_GPUMEM_PCT].v, 34);
	CU_ASSERT_EQUAL(k->lim[GS_RES_GPUCORES].v, 34);
	CU_ASSERT_STRING_EQUAL(gs_kv_get(&w.pods[0].annotations,
	    HAMI_USE_TYPE_ANNO), "T4,");
	k = &w.pods[1].ctrs[0];
	CU_ASSERT_EQUAL(w.pods[1].gpu_milli, 1000);
	CU_ASSERT_EQUAL(k->lim[GS_RES_GPU].v, 2);
	CU_ASSERT_FALSE(k->lim[GS_RES_GPUMEM_PCT].set);
	CU_ASSERT_EQUAL(w.pods[2].gpu_milli, 0);
	CU_ASSERT_FALSE(w.pods[2].ctrs[0].lim[GS_RES_GPU].set);
	CU_ASSERT_PTR_NULL(gs_kv_get(&w.pods[2].annotations,
	    HAMI_USE_TYPE_ANNO));
	gs_workload_release(&w);
}

/* The engine charges a grant's milli and gives it back. */
static void
test_engine_milli(void)
{
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_placement	pl;
	uint64_t		gen;

	model_of(NODE_HDR "n,8000,8192,2,T4\n", &c);
	workload_of(POD_HDR "a,1000,0,1,250\n", &w);
	memset(&pl, 0, sizeof pl);
	pl.status = GS_PLACED;
	pl.node = 0;
	pl.nctrs = 1;
	pl.ctrs = xcalloc(1, sizeof *pl.ctrs);
	pl.ctrs[0].ngrants = 1;
	pl.ctrs[0].grants = xcalloc(1, sizeof *pl.ctrs[0].grants);
	pl.ctrs[0].grants[0].dev = 1;
	pl.ctrs[0].grants[0].usedmem = 3778;
	pl.ctrs[0].grants[0].milli = 250;
	gen = c.nodes[0].gen;
	gs_engine_commit(&c, &pl, &w.pods[0]);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].usedmilli, 250);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].usedmilli, 0);
	CU_ASSERT_EQUAL(c.nodes[0].used_cpu, 1000);
	CU_ASSERT_NOT_EQUAL(c.nodes[0].gen, gen);
	gs_engine_release(&c, &pl, &w.pods[0]);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].usedmilli, 0);
	gs_engine_commit(&c, &pl, &w.pods[0]);
	gs_cluster_reset_usage(&c);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].usedmilli, 0);
	gs_placement_release(&pl);
	gs_workload_release(&w);
	gs_cluster_release(&c);
}

/*
 * The FGD family on a trace's model reads the exact share: 333 + 667
 * milli fill one GPU, which the memory share would not allow (34 % and
 * 67 % of the memory are 340 and 670 milli); the next pod of 1 milli
 * stays pending.  The replay's view of the model sees the same usage.
 */
static void
test_openb_exact_share(void)
{
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_config	cfg;
	struct gs_result	res;
	struct gs_share		*sv;
	const struct gs_snode	*v;
	struct gs_error		e;
	int64_t			gpus;

	model_of(NODE_HDR "n,8000,8192,1,T4\n", &c);
	workload_of(POD_HDR "a,1000,100,1,333\nb,1000,100,1,667\n"
	    "c,1000,100,1,1\n", &w);
	gs_config_init(&cfg);
	gs_engine_run(&c, &w, &cfg, &gs_policy_openb_dotprod, NULL, &res, NULL);
	CU_ASSERT_EQUAL(res.pl[0].status, GS_PLACED);
	CU_ASSERT_EQUAL(res.pl[1].status, GS_PLACED);
	CU_ASSERT_EQUAL(res.pl[2].status, GS_PENDING);
	CU_ASSERT_EQUAL(res.pl[1].ctrs[0].grants[0].milli, 667);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].usedmilli, 1000);
	memset(&e, 0, sizeof e);
	CU_ASSERT_EQUAL_FATAL(gs_replay_check(&c, &gpus, &e), 0);
	CU_ASSERT_EQUAL(gpus, 1);
	sv = gs_share_new(&c, 0, 0);
	v = gs_share_nodes(sv, &c);
	CU_ASSERT_EQUAL(v[0].free[0], 0);
	CU_ASSERT_EQUAL(v[0].idle, 0);
	CU_ASSERT_EQUAL(v[0].cpu_left, 6000);
	CU_ASSERT_EQUAL(v[0].mem_left, 7992);
	CU_ASSERT_EQUAL(v[0].pods, 2);
	CU_ASSERT_EQUAL(v[0].model, 0);
	CU_ASSERT_EQUAL(gs_share_spec_mask(sv, "T4"), 1);
	gs_share_free(sv);
	gs_result_release(&res);
	gs_config_release(&cfg);
	gs_workload_release(&w);
	gs_cluster_release(&c);
}

/* A cluster the replay's share view cannot hold is an error, not a
 * crash: a node past 16 GPUs, or a 65th GPU model (at its node's line). */
static void
test_share_limits(void)
{
	struct gs_cluster	c;
	struct gs_error		e;
	int64_t			gpus;
	char			csv[4096];
	size_t			len;
	int			i;

	model_of(NODE_HDR "n,8000,8192,1,T4\n", &c);
	c.nodes[0].ndevs = GS_TRACE_MAXGPU + 1;	/* as a foreign model */
	memset(&e, 0, sizeof e);
	CU_ASSERT_EQUAL(gs_replay_check(&c, &gpus, &e), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(e.msg, "at most 16"));
	c.nodes[0].ndevs = 1;
	gs_cluster_release(&c);
	len = (size_t)snprintf(csv, sizeof csv, "%s", NODE_HDR);
	for (i = 0; i < 65; i++)
		len += (size_t)snprintf(csv + len, sizeof csv - len,
		    "n%d,8000,8192,1,M%d\n", i, i);
	model_of(csv, &c);
	CU_ASSERT_EQUAL(gs_replay_check(&c, &gpus, &e), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(e.msg, "more than 64 GPU models"));
	CU_ASSERT_EQUAL(e.line, 66);	/* the header, then n0 .. n64 */
	gs_cluster_release(&c);
	model_of(NODE_HDR "a,8000,8192,2,T4\nb,8000,8192,0,\n", &c);
	CU_ASSERT_EQUAL(gs_replay_check(&c, &gpus, &e), 0);
	CU_ASSERT_EQUAL(gpus, 2);
	gs_cluster_release(&c);
}

/*
 * The replay does not turn a failed decision into a pending pod: the run
 * fails with the message located at the pod's line of the pod list (the
 * caller names the file), in the arrivals' replay and the timed one.
 */
static void
test_replay_decide_fails(void)
{
	static const char pods[] = "name,cpu_milli,memory_mib,num_gpu,"
	    "gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,"
	    "scheduled_time\n"
	    "a,1000,100,1,500,,LS,Running,0,100,0\n"
	    "b,1000,100,1,500,,LS,Running,10,100,10\n";
	struct gs_cluster	c;
	struct gs_trace_pods	tp;
	struct gs_replay_opts	o;
	struct gs_replay_result	r;
	struct gs_error		e;
	char			buf[512];
	int			timed;

	model_of(NODE_HDR "n,8000,8192,2,T4\n", &c);
	memset(&e, 0, sizeof e);
	CU_ASSERT_FATAL(gs_trace_parse_pods("p.csv", pods, strlen(pods), &tp,
	    &e) == 0);
	for (timed = 0; timed < 2; timed++) {
		gs_replay_opts_init(&o);
		o.policy = t_failing(&gs_policy_openb_dotprod, "b", 0);
		o.tune = 0;
		o.timed = timed;
		memset(&e, 0, sizeof e);
		CU_ASSERT_EQUAL(gs_replay_run(&c, &tp, &o, &r, &e), -1);
		gs_error_format(&e, buf, sizeof buf);
		CU_ASSERT_STRING_EQUAL(buf, "pod default/b: the ledger is "
		    "full");
		CU_ASSERT_EQUAL(e.line, 3);
	}
	gs_trace_pods_release(&tp);
	gs_cluster_release(&c);
}

CU_TestInfo trace_model_tests[] = {
	{ "a failed decision fails the replay, located at the pod",
	    test_replay_decide_fails },
	{ "trace nodes as the one cluster model", test_trace_cluster },
	{ "trace pods as HAMi requests with the exact share",
	    test_trace_pods },
	{ "engine charges and releases the share's milli", test_engine_milli },
	{ "FGD family reads the exact share of a trace model",
	    test_openb_exact_share },
	{ "the share view refuses a node past 16 GPUs, a 65th model",
	    test_share_limits },
	CU_TEST_INFO_NULL,
};
