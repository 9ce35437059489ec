/*
 * test_replay.c: the openb trace replay: CSV rows and their errors, the
 * GPU models a gpu_spec allows, the typical pods (spec/openb-fgd.md §4),
 * the curve's bucketing (§5.10), the timed queue, HAMi in the replay, the
 * score cache deciding exactly as computing every score, the seeded
 * order and the trim.  The scores themselves: test_share_scores.c.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>
#include <gsl/gsl_rng.h>

#include "suites.h"
#include "../../core/util/ostat.h"
#include "../../core/replay/replay.h"
#include "../../core/util/util.h"

static int
parse_nodes(const char *csv, struct gs_trace_nodes *t, struct gs_error *e)
{
	memset(e, 0, sizeof *e);
	return gs_trace_parse_nodes("n.csv", csv, strlen(csv), t, e);
}

static int
parse_pods(const char *csv, struct gs_trace_pods *t, struct gs_error *e)
{
	memset(e, 0, sizeof *e);
	return gs_trace_parse_pods("p.csv", csv, strlen(csv), t, e);
}

/* The one model of a node list, checked for the replay; rrelease frees
 * it. */
static int
rbuild(const struct gs_trace_nodes *tn, struct gs_cluster *cl,
    struct gs_error *e)
{
	int64_t	gpus;

	gs_trace_cluster(tn, cl);
	if (gs_replay_check(cl, &gpus, e) == 0)
		return 0;
	gs_cluster_release(cl);
	return -1;
}

static void
rrelease(struct gs_cluster *cl)
{
	gs_cluster_release(cl);
}

#define NODE_HDR "sn,cpu_milli,memory_mib,gpu,model\n"
#define POD_HDR "name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos," \
	"pod_phase,creation_time,deletion_time,scheduled_time\n"

static void
test_trace_rows(void)
{
	struct gs_trace_nodes	n;
	struct gs_trace_pods	p;
	struct gs_error		e;

	CU_ASSERT_EQUAL(parse_nodes(NODE_HDR "a,96000,393216,8,G2\r\n"
	    "b,64000,262144,0,\n\n", &n, &e), 0);
	CU_ASSERT_EQUAL(n.n, 2);
	CU_ASSERT_EQUAL(n.v[0].cpu_milli, 96000);
	CU_ASSERT_EQUAL(n.v[0].gpus, 8);
	CU_ASSERT_STRING_EQUAL(n.v[0].model, "G2");
	CU_ASSERT_STRING_EQUAL(n.v[1].model, "");
	gs_trace_nodes_release(&n);

	CU_ASSERT_EQUAL(parse_pods(POD_HDR "p0,12000,16384,1,460,V100M16|"
	    "V100M32,LS,Running,5,90,7\np1,4000,0,0,0,nan,BE,Pending,6,8,\n",
	    &p, &e), 0);
	CU_ASSERT_EQUAL(p.timed, 1);
	CU_ASSERT_EQUAL(p.v[0].gpu_milli, 460);
	CU_ASSERT_STRING_EQUAL(p.v[0].gpu_spec, "V100M16|V100M32");
	CU_ASSERT_EQUAL(p.v[0].deletion, 90);
	CU_ASSERT_STRING_EQUAL(p.v[1].gpu_spec, "");
	CU_ASSERT_EQUAL(p.v[1].scheduled, -1);
	gs_trace_pods_release(&p);

	CU_ASSERT_EQUAL(parse_pods("name,cpu_milli,memory_mib,num_gpu,"
	    "gpu_milli\np0,1000,0,2,1000\n", &p, &e), 0);
	CU_ASSERT_EQUAL(p.timed, 0);
	CU_ASSERT_EQUAL(p.v[0].creation, -1);
	gs_trace_pods_release(&p);
}

static void
test_trace_errors(void)
{
	struct gs_trace_nodes	n;
	struct gs_trace_pods	p;
	struct gs_error		e;

	CU_ASSERT_EQUAL(parse_nodes("", &n, &e), -1);
	CU_ASSERT_EQUAL(parse_nodes("sn,cpu\n", &n, &e), -1);
	CU_ASSERT_EQUAL(e.line, 1);
	CU_ASSERT_EQUAL(parse_nodes(NODE_HDR "a,96000,x,8,G2\n", &n, &e), -1);
	CU_ASSERT_EQUAL(e.line, 2);
	CU_ASSERT_EQUAL(e.col, 9);
	CU_ASSERT_EQUAL(parse_nodes(NODE_HDR "a,1,1,8,\n", &n, &e), -1);
	CU_ASSERT_EQUAL(parse_nodes(NODE_HDR "a,1,1,17,X\n", &n, &e), -1);
	CU_ASSERT_EQUAL(parse_nodes(NODE_HDR "a,1,1,1,X,extra\n", &n, &e), -1);
	CU_ASSERT_EQUAL(e.col, 11);
	CU_ASSERT_EQUAL(parse_nodes(NODE_HDR "a,1,1,1,X\nb,1,1,1,X\n"
	    "a,1,1,1,X\n", &n, &e), -1);
	CU_ASSERT_EQUAL(e.line, 4);
	CU_ASSERT_PTR_NOT_NULL(strstr(e.msg, "first on line 2"));
	CU_ASSERT_EQUAL(parse_nodes(NODE_HDR, &n, &e), -1);

	CU_ASSERT_EQUAL(parse_pods(POD_HDR "p,1,1,2,500,,LS,R,0,1,0\n", &p,
	    &e), -1);
	CU_ASSERT_EQUAL(e.line, 2);
	CU_ASSERT_EQUAL(e.col, 9);
	CU_ASSERT_EQUAL(parse_pods(POD_HDR "p,1,1,0,500,,LS,R,0,1,0\n", &p,
	    &e), -1);
	CU_ASSERT_EQUAL(parse_pods(POD_HDR "p,1,1,1,1001,,LS,R,0,1,0\n", &p,
	    &e), -1);
	CU_ASSERT_EQUAL(parse_pods(POD_HDR "p,1,1,1,500,,LS,R,9,1,0\n", &p,
	    &e), -1);
	CU_ASSERT_EQUAL(parse_pods(POD_HDR "p,-1,1,1,500,,LS,R,0,1,0\n", &p,
	    &e), -1);
	CU_ASSERT_EQUAL(parse_pods(POD_HDR "p,1,1,1,500,\"T4\",LS,R,0,1,0\n",
	    &p, &e), -1);
	CU_ASSERT_EQUAL(parse_pods(POD_HDR "p,99999999999999999999,1,1,500,,"
	    "LS,R,0,1,0\n", &p, &e), -1);
	{
		static const char nul[] = POD_HDR "p,1,1,1,5\0000,,LS,R,0,1,0\n";

		CU_ASSERT_EQUAL(gs_trace_parse_pods("p.csv", nul, sizeof nul - 1,
		    &p, &e), -1);
		CU_ASSERT_PTR_NOT_NULL(strstr(e.msg, "control character"));
		CU_ASSERT_EQUAL(e.col, 10);
	}
}

static void
test_spec(void)
{
	struct gs_trace_nodes	tn;
	struct gs_cluster	cl;
	struct gs_share		*sv;
	struct gs_error		e;
	int64_t			gpus;

	CU_ASSERT_TRUE(gs_trace_spec_allows("", "T4"));
	CU_ASSERT_TRUE(gs_trace_spec_allows("", ""));
	CU_ASSERT_TRUE(gs_trace_spec_allows("V100M16|T4", "T4"));
	CU_ASSERT_FALSE(gs_trace_spec_allows("V100M16|T4", "T"));
	CU_ASSERT_FALSE(gs_trace_spec_allows("T4", ""));
	CU_ASSERT_TRUE(gs_trace_spec_allows("|", "P100"));
	CU_ASSERT_FALSE(gs_trace_spec_allows("|", ""));

	CU_ASSERT_EQUAL(parse_nodes(NODE_HDR "a,1,1,1,T4\nb,1,1,2,G2\n"
	    "c,1,1,1,T4\n", &tn, &e), 0);
	CU_ASSERT_EQUAL(rbuild(&tn, &cl, &e), 0);
	CU_ASSERT_EQUAL(gs_replay_check(&cl, &gpus, &e), 0);
	CU_ASSERT_EQUAL(gpus, 4);
	/* The share view's models in first-seen order: T4, G2. */
	sv = gs_share_new(&cl, 0, 0);
	CU_ASSERT_EQUAL(gs_share_spec_mask(sv, "T4"), 1);
	CU_ASSERT_EQUAL(gs_share_spec_mask(sv, "G2"), 2);
	CU_ASSERT_EQUAL(gs_share_spec_mask(sv, "G2|T4|A100"), 3);
	CU_ASSERT_EQUAL(gs_share_spec_mask(sv, "A100"), 0);
	CU_ASSERT_EQUAL(gs_share_spec_mask(sv, ""), ~UINT64_C(0));
	gs_share_free(sv);
	rrelease(&cl);
	gs_trace_nodes_release(&tn);
}

static void
test_typical(void)
{
	struct gs_trace_nodes	tn;
	struct gs_trace_pods	tp;
	struct gs_cluster	cl;
	struct gs_share		*sv;
	struct gs_typical	t;
	struct gs_error		e;

	CU_ASSERT_EQUAL(parse_nodes(NODE_HDR "a,1,1,1,T4\n", &tn, &e), 0);
	CU_ASSERT_EQUAL(rbuild(&tn, &cl, &e), 0);
	/* Counts: (8000,500,1) x3, (4000,0,0) x3, (9000,1000,1) x2,
	 * (1000,1000,1,T4) x1, (1000,1000,1) x1. */
	CU_ASSERT_EQUAL(parse_pods("name,cpu_milli,memory_mib,num_gpu,"
	    "gpu_milli\na,8000,1,1,500\nb,8000,2,1,500\nc,8000,3,1,500\n"
	    "d,4000,0,0,0\ne,4000,0,0,0\nf,4000,9,0,0\ng,9000,0,1,1000\n"
	    "h,9000,0,1,1000\ni,1000,0,1,1000\nj,1000,0,1,1000\n", &tp, &e),
	    0);
	sv = gs_share_new(&cl, 0, 0);
	gs_typical_build(&tp, sv, 80, &t);
	CU_ASSERT_EQUAL(t.distinct, 4);
	CU_ASSERT_EQUAL(t.n, 3);		/* 3 + 3 + 2 = 8 >= 80% */
	CU_ASSERT_EQUAL(t.kept, 8);
	/* Equal counts: the larger key first. */
	CU_ASSERT_EQUAL(t.v[0].cpu, 8000);
	CU_ASSERT_EQUAL(t.v[1].cpu, 4000);
	CU_ASSERT_EQUAL(t.v[2].cpu, 9000);
	gs_typical_release(&t);
	gs_typical_build(&tp, sv, 81, &t);
	CU_ASSERT_EQUAL(t.n, 4);
	CU_ASSERT_EQUAL(t.kept, 10);
	gs_typical_release(&t);
	gs_share_free(sv);
	gs_trace_pods_release(&tp);
	rrelease(&cl);
	gs_trace_nodes_release(&tn);
}

/* Events at given arrived milli; 10 GPUs, so 1% is 100 milli. */
static void
test_curve_buckets(void)
{
	struct gs_revent	ev[4];
	struct gs_replay_result	r;
	struct gs_rpoint	pts[GS_RCURVE_MAX + 1];

	memset(&r, 0, sizeof r);
	memset(ev, 0, sizeof ev);
	r.ev = ev;
	r.nev = 4;
	r.gpus = 10;
	r.kept = 2;
	ev[0].arrived = 250;		/* 2.5 -> 2 (half to even) */
	ev[0].used = 200;
	ev[0].idle = 9800;
	ev[0].frag = 2 * 980;
	ev[1].arrived = 350;		/* 3.5 -> 4 */
	ev[1].used = 300;
	ev[1].idle = 9700;
	ev[2].arrived = 449;		/* 4.49 -> 4 */
	ev[2].used = 500;
	ev[2].idle = 0;
	ev[3].arrived = 1000;		/* 10 */
	ev[3].used = 1000;
	ev[3].idle = 9000;
	gs_replay_curve(&r, pts);
	CU_ASSERT_DOUBLE_EQUAL(pts[2].alloc, 2.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(pts[2].frag, 100 * 980.0 / 1000 / 10, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(pts[2].frag_ratio, 10.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(pts[4].alloc, 4.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(pts[4].unalloc, 96.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(pts[4].frag_ratio, 0.0, 1e-12);
	/* 3 has no event: 2 and 4 (within +-1) are averaged. */
	CU_ASSERT_DOUBLE_EQUAL(pts[3].alloc, (2.0 + 3 + 5) / 3, 1e-12);
	CU_ASSERT_TRUE(isnan(pts[0].alloc));
	CU_ASSERT_DOUBLE_EQUAL(pts[1].alloc, 2.0, 1e-12);
	CU_ASSERT_TRUE(isnan(pts[7].alloc));
	CU_ASSERT_DOUBLE_EQUAL(pts[9].alloc, 10.0, 1e-12);
	CU_ASSERT_EQUAL(pts[9].x, 9);
}

static void
load_mini(struct gs_cluster *cl, struct gs_trace_nodes *tn,
    struct gs_trace_pods *tp, const char *nodes, const char *pods)
{
	struct gs_error	e;

	memset(&e, 0, sizeof e);
	CU_ASSERT_FATAL(parse_nodes(nodes, tn, &e) == 0);
	CU_ASSERT_FATAL(parse_pods(pods, tp, &e) == 0);
	CU_ASSERT_FATAL(rbuild(tn, cl, &e) == 0);
}

static void
release_all(struct gs_cluster *cl, struct gs_trace_nodes *tn,
    struct gs_trace_pods *tp)
{
	gs_trace_pods_release(tp);
	gs_trace_nodes_release(tn);
	rrelease(cl);
}

/* One node, one GPU: b waits for a, c expires waiting, d fits at once. */
static void
test_timed_queue(void)
{
	struct gs_trace_nodes	tn;
	struct gs_trace_pods	tp;
	struct gs_cluster	cl;
	struct gs_replay_opts	o;
	struct gs_replay_result	r;
	struct gs_error		e;

	load_mini(&cl, &tn, &tp, NODE_HDR "n,10000,1000,1,T4\n", POD_HDR
	    "a,1000,1,1,1000,,LS,Running,0,100,0\n"
	    "b,1000,1,1,1000,,LS,Running,10,200,10\n"
	    "c,1000,1,1,600,,LS,Running,20,50,20\n"
	    "d,1000,1,0,0,,LS,Running,30,40,30\n");
	gs_replay_opts_init(&o);
	o.timed = 1;
	o.verify = 1;
	memset(&e, 0, sizeof e);
	CU_ASSERT_EQUAL_FATAL(gs_replay_run(&cl, &tp, &o, &r, &e), 0);
	CU_ASSERT_EQUAL(r.placed, 3);
	CU_ASSERT_EQUAL(r.waited, 1);
	CU_ASSERT_EQUAL(r.expired, 1);
	CU_ASSERT_DOUBLE_EQUAL(r.wait_max, 90, 1e-12);
	CU_ASSERT_EQUAL(r.peak_pending, 2);
	CU_ASSERT_EQUAL(r.t1, 200);
	CU_ASSERT_EQUAL(r.t_arrive, 30);
	CU_ASSERT_EQUAL(r.verify_failed, 0);
	CU_ASSERT_EQUAL(r.node_of[2], -1);	/* c, in name order */
	gs_replay_result_release(&r);

	/* The 5-column form has no times. */
	gs_trace_pods_release(&tp);
	CU_ASSERT_EQUAL(parse_pods("name,cpu_milli,memory_mib,num_gpu,"
	    "gpu_milli\na,1,1,0,0\n", &tp, &e), 0);
	CU_ASSERT_EQUAL(gs_replay_run(&cl, &tp, &o, &r, &e), -1);
	release_all(&cl, &tn, &tp);
}

/* HAMi decides GPU pods: binpack shares a card, spread does not; a
 * CPU-only pod is placed too; use-gputype follows gpu_spec. */
static void
test_hami_replay(void)
{
	static const struct gs_policy *const pol[2] = { &gs_policy_hami_bb,
	    &gs_policy_hami_bs };
	struct gs_trace_nodes	tn;
	struct gs_trace_pods	tp;
	struct gs_cluster	cl;
	struct gs_replay_opts	o;
	struct gs_replay_result	r;
	struct gs_error		e;
	int			i;

	load_mini(&cl, &tn, &tp, NODE_HDR "n0,32000,65536,2,T4\n"
	    "n1,32000,65536,2,P100\n", POD_HDR
	    "a,1000,1,1,470,,LS,Running,0,100,0\n"
	    "b,1000,1,1,320,,LS,Running,1,100,1\n"
	    "c,1000,1,0,0,,LS,Running,2,100,2\n"
	    "d,1000,1,1,1000,P100,LS,Running,3,100,3\n"
	    "e,1000,1,1,600,T4|V100M16,LS,Running,4,100,4\n");
	for (i = 0; i < 2; i++) {
		gs_replay_opts_init(&o);
		o.policy = pol[i];
		o.timed = 1;
		o.verify = 1;
		memset(&e, 0, sizeof e);
		CU_ASSERT_EQUAL_FATAL(gs_replay_run(&cl, &tp, &o, &r, &e), 0);
		CU_ASSERT_EQUAL(r.placed, 5);
		CU_ASSERT_EQUAL(r.verify_failed, 0);
		/* Node binpack: b joins a's node; GPU policy decides the card. */
		CU_ASSERT_EQUAL(r.node_of[1], r.node_of[0]);
		if (pol[i] == &gs_policy_hami_bb)
			CU_ASSERT_EQUAL(r.devs_of[1], r.devs_of[0])
		else
			CU_ASSERT_NOT_EQUAL(r.devs_of[1], r.devs_of[0]);
		CU_ASSERT_TRUE(r.node_of[2] >= 0);
		CU_ASSERT_EQUAL(r.node_of[3], 1);	/* P100 only */
		CU_ASSERT_EQUAL(r.node_of[4], 0);	/* T4 */
		gs_replay_result_release(&r);
	}
	release_all(&cl, &tn, &tp);
}

/* A random trace in the openb mould: models, shares, whole and multi-GPU
 * pods, specs. */
static char *
random_trace(gsl_rng *rng, int nodes, int pods, char **podcsv)
{
	static const char *const models[] = { "G2", "T4", "P100", "V100M32" };
	static const int gpus[] = { 8, 2, 2, 4 };
	static const int shares[] = { 810, 470, 320, 650, 230, 50 };
	static const char *const specs[] = { "", "", "", "T4", "G2|P100" };
	size_t	 cap = 256, len = 0;
	char	*s = xmalloc(cap), *p;
	int	 i, m, num, milli;

#define APPEND(...) do {						\
	int need_ = snprintf(NULL, 0, __VA_ARGS__);			\
	grow_array(&s, &cap, len + (size_t)need_ + 1, 1);		\
	len += (size_t)snprintf(s + len, cap - len, __VA_ARGS__);	\
} while (0)
	APPEND("%s", NODE_HDR);
	for (i = 0; i < nodes; i++) {
		m = (int)gsl_rng_uniform_int(rng, 4);
		APPEND("n%04d,%d,%d,%d,%s\n", i, 32000 + 8000 *
		    (int)gsl_rng_uniform_int(rng, 12), 262144, gpus[m],
		    models[m]);
	}
	p = s;
	s = xmalloc(cap = 256);
	len = 0;
	APPEND("%s", POD_HDR);
	for (i = 0; i < pods; i++) {
		unsigned long u = gsl_rng_uniform_int(rng, 100);

		num = u < 12 ? 0 : u < 97 ? 1 :
		    2 << (int)gsl_rng_uniform_int(rng, 3);
		milli = num == 0 ? 0 : num > 1 || u < 55 ? 1000 :
		    shares[gsl_rng_uniform_int(rng, 6)];
		APPEND("p%05d,%d,%d,%d,%d,%s,LS,Running,%d,%d,%d\n", i,
		    1000 * (1 + (int)gsl_rng_uniform_int(rng, 16)),
		    1024 * (int)gsl_rng_uniform_int(rng, 64), num, milli,
		    num ? specs[gsl_rng_uniform_int(rng, 5)] : "", i * 10,
		    i * 10 + 50 + (int)gsl_rng_uniform_int(rng, 4000), i * 10);
	}
#undef APPEND
	*podcsv = s;
	return p;
}

/* A random trace's cluster and pods. */
static void
load_random(unsigned long seed, int nodes, int pods, struct gs_cluster *cl,
    struct gs_trace_nodes *tn, struct gs_trace_pods *tp)
{
	gsl_rng	*rng = gsl_rng_alloc(gsl_rng_mt19937);
	char	*n, *p;

	gsl_rng_set(rng, seed);
	n = random_trace(rng, nodes, pods, &p);
	load_mini(cl, tn, tp, n, p);
	free(n);
	free(p);
	gsl_rng_free(rng);
}

/* The score cache and incremental frag decide exactly as the
 * straightforward computation, for every policy, untimed and timed. */
static void
test_cache_exact(void)
{
	struct gs_trace_nodes	 tn;
	struct gs_trace_pods	 tp;
	struct gs_cluster	 cl;
	struct gs_replay_opts	 o;
	struct gs_replay_result	 a, b;
	struct gs_error		 e;
	int			 timed;
	size_t			 i, pol;

	load_random(11, 60, 900, &cl, &tn, &tp);
	for (timed = 0; timed <= 1; timed++)
		for (pol = 0; gs_policies[pol] != NULL; pol++) {
			if (!(gs_policies[pol]->views & GS_VIEW_SHARE))
				continue;
			gs_replay_opts_init(&o);
			o.policy = gs_policies[pol];
			o.seed = 3;
			o.timed = timed;
			o.speedup = 4;
			o.verify = 1;
			memset(&e, 0, sizeof e);
			CU_ASSERT_EQUAL_FATAL(gs_replay_run(&cl, &tp, &o, &a,
			    &e), 0);
			o.nocache = 1;
			CU_ASSERT_EQUAL_FATAL(gs_replay_run(&cl, &tp, &o, &b,
			    &e), 0);
			CU_ASSERT_EQUAL(a.verify_failed, 0);
			CU_ASSERT_EQUAL(b.verify_failed, 0);
			CU_ASSERT_EQUAL(a.digest, b.digest);
			CU_ASSERT_EQUAL(a.nev, b.nev);
			CU_ASSERT_TRUE(a.placed > 0 && a.failed > 0);
			for (i = 0; i < a.nev && i < b.nev; i++)
				if (memcmp(&a.ev[i], &b.ev[i],
				    sizeof a.ev[i]) != 0)
					break;
			CU_ASSERT_EQUAL(i, a.nev);
			gs_replay_result_release(&a);
			gs_replay_result_release(&b);
		}
	release_all(&cl, &tn, &tp);
}

/* Same seed, same replay; another seed, another order. */
static void
test_seeded(void)
{
	struct gs_trace_nodes	 tn;
	struct gs_trace_pods	 tp;
	struct gs_cluster	 cl;
	struct gs_replay_opts	 o;
	struct gs_replay_result	 a, b, c;
	struct gs_error		 e;

	load_random(5, 30, 300, &cl, &tn, &tp);
	gs_replay_opts_init(&o);
	o.policy = &gs_policy_openb_random;
	o.tune = 3;
	memset(&e, 0, sizeof e);
	CU_ASSERT_EQUAL_FATAL(gs_replay_run(&cl, &tp, &o, &a, &e), 0);
	CU_ASSERT_EQUAL_FATAL(gs_replay_run(&cl, &tp, &o, &b, &e), 0);
	o.seed = 43;
	CU_ASSERT_EQUAL_FATAL(gs_replay_run(&cl, &tp, &o, &c, &e), 0);
	CU_ASSERT_EQUAL(a.digest, b.digest);
	CU_ASSERT_NOT_EQUAL(a.digest, c.digest);
	CU_ASSERT_TRUE(a.nclones > 0);
	CU_ASSERT_EQUAL(a.npods, tp.n + a.nclones);
	/* Top-up stops below 3 x capacity, within one pod of it. */
	CU_ASSERT_TRUE(a.ev[a.nev - 1].arrived <= 3 * a.gpus * GS_MILLI);
	CU_ASSERT_TRUE(a.ev[a.nev - 1].arrived > 3 * a.gpus * GS_MILLI -
	    8 * GS_MILLI);
	gs_replay_result_release(&a);
	gs_replay_result_release(&b);
	gs_replay_result_release(&c);
	release_all(&cl, &tn, &tp);
}

/* Any HAMi version replays; v2.6.1's own row is the chart's defaults
 * (hami-binpack-spread), and under binpack/binpack hami-binpack-binpack,
 * decision for decision. */
static void
test_hami_versions_replay(void)
{
	struct gs_trace_nodes	tn;
	struct gs_trace_pods	tp;
	struct gs_cluster	cl;
	struct gs_replay_opts	o;
	struct gs_replay_result	r[5];
	struct gs_error		e;
	int			i;

	load_random(7, 20, 300, &cl, &tn, &tp);
	for (i = 0; i < 5; i++) {
		gs_replay_opts_init(&o);
		o.policy = i == 0 ? &gs_policy_hami_v261 : i == 1 ?
		    &gs_policy_hami_bs : i == 2 ? &gs_policy_hami_v261 :
		    i == 3 ? &gs_policy_hami_bb : &gs_policy_hami_v2100;
		if (i == 2)
			o.node_policy = o.gpu_policy = "binpack";
		memset(&e, 0, sizeof e);
		CU_ASSERT_EQUAL_FATAL(gs_replay_run(&cl, &tp, &o, &r[i], &e),
		    0);
		CU_ASSERT_TRUE(r[i].placed > 0);
	}
	CU_ASSERT_EQUAL(r[0].digest, r[1].digest);
	CU_ASSERT_EQUAL(r[2].digest, r[3].digest);
	CU_ASSERT_NOT_EQUAL(r[0].digest, r[2].digest);
	CU_ASSERT_PTR_EQUAL(r[4].policy, &gs_policy_hami_v2100);
	for (i = 0; i < 5; i++)
		gs_replay_result_release(&r[i]);
	/* A policy without the share view is refused. */
	gs_replay_opts_init(&o);
	o.policy = NULL;
	CU_ASSERT_EQUAL(gs_replay_run(&cl, &tp, &o, &r[0], &e), -1);
	release_all(&cl, &tn, &tp);
}

/* Taking positions by rank from 0..6: worked by hand. */
static void
test_ostat(void)
{
	struct gs_ostat	o;

	gs_ostat_init(&o, 7);
	CU_ASSERT_EQUAL(o.left, 7);
	CU_ASSERT_EQUAL(gs_ostat_take(&o, 3), 3);	/* 0 1 2 4 5 6 */
	CU_ASSERT_EQUAL(gs_ostat_take(&o, 3), 4);	/* 0 1 2 5 6 */
	CU_ASSERT_EQUAL(gs_ostat_take(&o, 0), 0);	/* 1 2 5 6 */
	CU_ASSERT_EQUAL(gs_ostat_take(&o, 3), 6);	/* 1 2 5 */
	CU_ASSERT_EQUAL(gs_ostat_take(&o, 2), 5);	/* 1 2 */
	CU_ASSERT_EQUAL(gs_ostat_take(&o, 1), 2);
	CU_ASSERT_EQUAL(gs_ostat_take(&o, 0), 1);
	CU_ASSERT_EQUAL(o.left, 0);
	gs_ostat_free(&o);
	gs_ostat_init(&o, 1);
	CU_ASSERT_EQUAL(gs_ostat_take(&o, 0), 0);
	gs_ostat_free(&o);
}

/* The trim as it was: draw, then shift the array over the pod. */
static size_t
trim_by_shifting(gsl_rng *r, size_t *order, size_t *n, const int64_t *w,
    int64_t *total, double target)
{
	size_t	idx, removed = 0;

	while ((double)*total > target && *n > 0) {
		idx = (size_t)gsl_rng_uniform_int(r, (unsigned long)*n);
		*total -= w[order[idx]];
		memmove(&order[idx], &order[idx + 1],
		    (*n - idx - 1) * sizeof *order);
		(*n)--;
		removed++;
	}
	return removed;
}

/* Same draws, same pods left in the same order, seed for seed, and the
 * source left in the same state. */
static void
test_trim_same_draws(void)
{
	static const double	 shares[] = { 1.5, 0.5, 0.02, 0, -1 };
	gsl_rng			*ra = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng			*rb = gsl_rng_alloc(gsl_rng_mt19937);
	size_t			 a[600], b[600], na, nb, i, s, k, ra_n, rb_n;
	int64_t			 w[600], ta, tb, all;

	for (s = 0; s < 6; s++)
		for (k = 0; k < sizeof shares / sizeof shares[0]; k++) {
			na = nb = 100 * s + 7;
			gsl_rng_set(ra, 1000 + s);
			for (i = 0, all = 0; i < na; i++) {
				w[i] = (int64_t)gsl_rng_uniform_int(ra, 4000);
				all += w[i];
				/* A shuffled order, as the replay's. */
				a[i] = b[i] = (i * 7919) % na;
			}
			gsl_rng_set(ra, 42 + s);
			gsl_rng_set(rb, 42 + s);
			ta = tb = all;
			ra_n = gs_trim_random(ra, a, &na, w, &ta,
			    shares[k] * (double)all);
			rb_n = trim_by_shifting(rb, b, &nb, w, &tb,
			    shares[k] * (double)all);
			CU_ASSERT_EQUAL(ra_n, rb_n);
			CU_ASSERT_EQUAL(na, nb);
			CU_ASSERT_EQUAL(ta, tb);
			CU_ASSERT_EQUAL(memcmp(a, b, na * sizeof *a), 0);
			CU_ASSERT_EQUAL(gsl_rng_get(ra), gsl_rng_get(rb));
			if (shares[k] >= 1)
				CU_ASSERT_EQUAL(ra_n, 0);
			if (shares[k] < 0)
				CU_ASSERT_EQUAL(na, 0);
		}
	gsl_rng_free(ra);
	gsl_rng_free(rb);
}

CU_TestInfo replay_tests[] = {
	{ "trace rows: node and pod lists, both forms", test_trace_rows },
	{ "trace errors are located", test_trace_errors },
	{ "gpu_spec: the simulator's access rule", test_spec },
	{ "HAMi in the replay: its own decisions", test_hami_replay },
	{ "HAMi in the replay: any version, node x GPU policies",
	    test_hami_versions_replay },
	{ "typical pods: order, ties and the cut", test_typical },
	{ "curve buckets: half-even rounding, +-1 fallback",
	    test_curve_buckets },
	{ "timed replay: wait queue and expiry", test_timed_queue },
	{ "score cache decides as computing every score", test_cache_exact },
	{ "seeded: shuffle, top-up, node order", test_seeded },
	{ "order-statistic set: k-th position left", test_ostat },
	{ "trim: the draws and order of shifting the array",
	    test_trim_same_draws },
	CU_TEST_INFO_NULL,
};
