/*
 * bench_replay.c: `make bench`, the trace replay part.  On the openb
 * trace (default: ../shared/traces/openb): one seed of the default pod
 * list under FGD, with the fragmentation measure after every pod, with
 * and without the score cache; then all six policies x 10 seeds.  Prints
 * seconds and pods per second (best of 3 for the single runs) and each
 * run's placement digest, which is the same on every machine.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gsl/gsl_errno.h>

#include "../../core/replay/replay.h"

static double
now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double
one(const struct gs_cluster *cl, const struct gs_trace_pods *tp,
    struct gs_replay_opts *o, struct gs_replay_result *keep)
{
	struct gs_replay_result	r;
	struct gs_error		err;
	double			t0 = now(), dt;

	memset(&err, 0, sizeof err);
	if (gs_replay_run(cl, tp, o, &r, &err) != 0) {
		fprintf(stderr, "bench-replay: %s\n", err.msg);
		exit(1);
	}
	dt = now() - t0;
	if (keep != NULL)
		*keep = r;
	else
		gs_replay_result_release(&r);
	return dt;
}

int
main(int argc, char **argv)
{
	const char		*dir = argc > 1 ? argv[1] : "../shared/traces/openb";
	char			 np[1024], pp[1024];
	struct gs_trace_nodes	 tn;
	struct gs_trace_pods	 tp;
	struct gs_cluster	 model;
	struct gs_replay_opts	 o;
	struct gs_replay_result	 r;
	struct gs_error		 err;
	int64_t			 gpus;
	double			 best, dt, total;
	int			 i, pol, npol, seed, nocache;
	size_t			 pods = 0;

	gsl_set_error_handler_off();
	snprintf(np, sizeof np, "%s/openb_node_list_gpu_node.csv", dir);
	snprintf(pp, sizeof pp, "%s/openb_pod_list_default.csv", dir);
	memset(&err, 0, sizeof err);
	if (gs_trace_load_nodes(np, &tn, &err) != 0) {
		printf("replay bench skipped: %s: %s\n", np, err.msg);
		return 0;
	}
	gs_trace_cluster(&tn, &model);
	if (gs_trace_load_pods(pp, &tp, &err) != 0 ||
	    gs_replay_check(&model, &gpus, &err) != 0) {
		fprintf(stderr, "bench-replay: %s:%d: %s\n", err.file, err.line,
		    err.msg);
		return 1;
	}
	printf("replay: openb gpu_node (%zu nodes, %lld GPUs), pod list "
	    "default (%zu pods), tune 1.3\n", model.nnodes, (long long)gpus,
	    tp.n);
	for (nocache = 0; nocache <= 1; nocache++) {
		gs_replay_opts_init(&o);
		o.policy = &gs_policy_openb_fgd;
		o.seed = 42;
		o.nocache = nocache;
		best = 1e9;
		for (i = 0; i < 3; i++) {
			dt = one(&model, &tp, &o, i == 0 ? &r : NULL);
			if (dt < best)
				best = dt;
			if (i == 0) {
				pods = r.npods;
				printf("  fgd seed 42%s: %zu pods, %zu placed, "
				    "digest %016llx\n", nocache ?
				    " (no score cache)" : "", r.npods,
				    r.placed, (unsigned long long)r.digest);
				gs_replay_result_release(&r);
			}
		}
		printf("  fgd seed 42%s: %.3f s, %.0f pods/s (frag measure "
		    "after every pod)\n", nocache ? " (no score cache)" : "",
		    best, (double)pods / best);
	}
	total = 0;
	/* Every replay policy once, as --policy all: HAMi's versions aside. */
	for (pol = 0, npol = 0; gs_policies[pol] != NULL; pol++) {
		const struct gs_policy *p = gs_policies[pol];
		double t = 0;

		if (!(p->views & GS_VIEW_SHARE) || gs_policy_is_version(p))
			continue;
		for (seed = 42; seed <= 51; seed++) {
			gs_replay_opts_init(&o);
			o.policy = p;
			o.seed = (unsigned long)seed;
			t += one(&model, &tp, &o, NULL);
		}
		printf("  %-34s 10 seeds: %.2f s\n", p->name, t);
		total += t;
		npol++;
		if (p == &gs_policy_openb_fgd)	/* the last of the six */
			printf("  the paper's 6 policies x 10 seeds: %.2f s\n",
			    total);
	}
	printf("  all %d policies x 10 seeds: %.2f s\n", npol, total);
	gs_cluster_release(&model);
	gs_trace_pods_release(&tp);
	gs_trace_nodes_release(&tn);
	return 0;
}
