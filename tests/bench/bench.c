/*
 * bench.c: `make bench`.  A synthetic cluster of 1,000 nodes x 8 GPUs
 * (T4, A10G, L4, A100-40GB and H100 nodes) and 20,000 pods with mixed
 * requests and node/GPU policies, generated with GSL's mt19937 from a
 * fixed seed, placed with the HAMi v2.6.1 policy.  Prints pods placed per
 * second and peak memory.  Throughput depends on the machine; the
 * placements do not (the digest line is the same everywhere).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_rng.h>

#include "../../core/model/catalog.h"
#include "../../core/sched/engine.h"
#include "../../core/metrics/metrics.h"
#include "../../core/sched/policy.h"
#include "../../core/util/util.h"

#define NODES	1000
#define GPUS	8
#define PODS	20000
#define SEED	42

static const char *const models[] = { "T4", "A10G", "L4", "A100-40GB",
    "H100" };

static void
make_cluster(struct gs_cluster *c, gsl_rng *r)
{
	size_t	i, j;

	c->nodes = xcalloc(NODES, sizeof *c->nodes);
	c->nnodes = c->cap = NODES;
	for (i = 0; i < NODES; i++) {
		const struct gs_gpu_model *m = gs_gpu_model_find(
		    models[gsl_rng_uniform_int(r, 5)]);
		struct gs_node *n = &c->nodes[i];

		n->name = xasprintf("node-%04zu", i);
		n->registered = 1;
		n->ndevs = GPUS;
		n->devs = xcalloc(GPUS, sizeof *n->devs);
		for (j = 0; j < GPUS; j++) {
			n->devs[j].id = xasprintf("GPU-%04zu-%zu", i, j);
			n->devs[j].index = (int32_t)j;
			n->devs[j].count = 10;
			n->devs[j].devmem = m->memory;
			n->devs[j].devcore = 100;
			n->devs[j].type = xasprintf("NVIDIA-%s", m->nvml_name);
			n->devs[j].numa = j < GPUS / 2 ? 0 : 1;
			n->devs[j].health = 1;
			n->devs[j].mode = xstrdup("hami-core");
		}
	}
}

static void
set(struct gs_resval *v, int64_t x)
{
	v->set = v->ok = 1;
	v->v = x;
}

static void
make_pods(struct gs_workload *w, gsl_rng *r)
{
	static const int64_t mems[] = { 2000, 4000, 7500, 10000, 16000 };
	size_t	i;

	for (i = 0; i < PODS; i++) {
		struct gs_pod		*p = gs_workload_add(w);
		struct gs_container	*c;
		double			 u = gsl_rng_uniform(r);

		p->name = xasprintf("pod-%05zu", i);
		p->ns = xstrdup("bench");
		p->workload = xstrdup("bench");
		p->kind = xstrdup("Pod");
		p->src_file = xstrdup("bench");
		p->nctrs = 1;
		p->ctrs = c = xcalloc(1, sizeof *c);
		c->name = xstrdup("main");
		if (u < 0.60) {
			set(&c->lim[GS_RES_GPU], 1);
			set(&c->lim[GS_RES_GPUMEM],
			    mems[gsl_rng_uniform_int(r, 5)]);
		} else if (u < 0.75) {
			set(&c->lim[GS_RES_GPUMEM_PCT],
			    gsl_rng_uniform_int(r, 2) ? 25 : 50);
		} else if (u < 0.85) {
			set(&c->lim[GS_RES_GPU], 1);
		} else if (u < 0.95) {
			set(&c->lim[GS_RES_GPU], 2);
			set(&c->lim[GS_RES_GPUMEM], 8000);
			set(&c->lim[GS_RES_GPUCORES], 30);
		} else {
			set(&c->lim[GS_RES_GPU], 4);
			set(&c->lim[GS_RES_GPUCORES], 50);
		}
		gs_kv_set(&p->annotations, "hami.io/node-scheduler-policy",
		    gsl_rng_uniform_int(r, 2) ? "binpack" : "spread");
		gs_kv_set(&p->annotations, "hami.io/gpu-scheduler-policy",
		    gsl_rng_uniform_int(r, 2) ? "binpack" : "spread");
	}
}

static double
now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
main(int argc, char **argv)
{
	struct gs_cluster	c = { 0 };
	struct gs_workload	w = { 0 };
	struct gs_config	cfg;
	struct gs_result	res;
	struct gs_metrics	m;
	struct rusage		ru;
	gsl_rng			*r;
	const struct gs_policy	*policy;
	double			 tstart = now(), t0, t1, t2;
	uint64_t		 digest = 1469598103934665603ULL;
	size_t			 i, j, k;

	gsl_set_error_handler_off();
	r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, SEED);
	make_cluster(&c, r);
	make_pods(&w, r);
	gsl_rng_free(r);
	gs_config_init(&cfg);
	/*
	 * --exhaustive: no failure memo, every node evaluated (cross-check).
	 * --profile NAME: another HAMi profile (hami-v2.10.0, ...).
	 */
	for (i = 1; i < (size_t)argc; i++) {
		if (strcmp(argv[i], "--exhaustive") == 0)
			cfg.exhaustive = 1;
		else if (strcmp(argv[i], "--profile") == 0 &&
		    i + 1 < (size_t)argc) {
			free(cfg.profile);
			cfg.profile = xstrdup(argv[++i]);
		} else {
			fprintf(stderr, "usage: bench [--exhaustive] "
			    "[--profile NAME]\n");
			return 2;
		}
	}
	if ((policy = gs_policy_find(cfg.profile)) == NULL) {
		fprintf(stderr, "bench: unknown profile '%s'\n", cfg.profile);
		return 2;
	}

	t0 = now();
	gs_engine_run(&c, &w, &cfg, policy, NULL, &res, NULL);
	t1 = now();
	gs_metrics_compute(&m, &c, &w, &cfg, &res);
	t2 = now();
	for (i = 0; i < res.npl; i++) {
		digest = (digest ^ (uint64_t)(res.pl[i].node + 1)) *
		    1099511628211ULL;
		for (j = 0; j < res.pl[i].nctrs; j++)
			for (k = 0; k < res.pl[i].ctrs[j].ngrants; k++)
				digest = (digest ^ (uint64_t)
				    res.pl[i].ctrs[j].grants[k].dev) *
				    1099511628211ULL;
	}
	getrusage(RUSAGE_SELF, &ru);
	printf("bench: %d nodes x %d GPUs, %d pods (seed %d), profile %s\n",
	    NODES, GPUS, PODS, SEED, cfg.profile);
	printf("bench: %zu placed, %zu pending; placement digest %016llx\n",
	    res.placed, res.pending, (unsigned long long)digest);
	printf("bench: scheduling %.3f s, %.0f pods/s; metrics %.3f s\n",
	    t1 - t0, (double)PODS / (t1 - t0), t2 - t1);
	printf("bench: whole run (generate, schedule, metrics) %.3f s; peak "
	    "memory %.1f MB\n", t2 - tstart, (double)ru.ru_maxrss / 1024.0);
	gs_metrics_release(&m);
	gs_result_release(&res);
	gs_workload_release(&w);
	gs_cluster_release(&c);
	gs_config_release(&cfg);
	return 0;
}
