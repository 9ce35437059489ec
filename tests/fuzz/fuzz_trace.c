/*
 * fuzz_trace.c: libFuzzer target for the openb CSV readers.  The first
 * byte chooses node list or pod list; accepted input is replayed on a
 * small cluster (node lists) or a fixed one (pod lists), timed and not,
 * so that every row the readers accept is one the replay can take.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/replay/replay.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const char fixed_nodes[] = "sn,cpu_milli,memory_mib,gpu,model\n"
    "a,96000,393216,8,G2\nb,32000,131072,2,T4\nc,8000,8192,0,\n";
static const char fixed_pods[] = "name,cpu_milli,memory_mib,num_gpu,"
    "gpu_milli\np0,4000,1024,1,470\np1,8000,0,2,1000\np2,1000,1,0,0\n";

/* The k-th policy of the one table with a replay, round and round. */
static const struct gs_policy *
share_policy(size_t k)
{
	size_t	i, n = 0;

	for (i = 0; gs_policies[i] != NULL; i++)
		n += (gs_policies[i]->views & GS_VIEW_SHARE) != 0;
	k %= n;
	for (i = 0;; i++)
		if ((gs_policies[i]->views & GS_VIEW_SHARE) && k-- == 0)
			return gs_policies[i];
}

static void
replay(const struct gs_trace_nodes *tn, const struct gs_trace_pods *tp)
{
	struct gs_cluster	model;
	int64_t			gpus;
	struct gs_replay_opts	o;
	struct gs_replay_result	r;
	struct gs_error		err;
	int			timed;

	memset(&err, 0, sizeof err);
	gs_trace_cluster(tn, &model);
	if (gs_replay_check(&model, &gpus, &err) != 0) {
		gs_cluster_release(&model);
		return;
	}
	for (timed = 0; timed <= tp->timed; timed++) {
		gs_replay_opts_init(&o);
		o.timed = timed;
		o.tune = 0;	/* top-up is unit-tested; here it is slow */
		o.verify = 1;
		o.policy = share_policy(tn->n);
		if (gpus > 0 && gs_replay_run(&model, tp, &o, &r, &err) == 0) {
			if (r.verify_failed)
				abort();
			gs_replay_result_release(&r);
		}
	}
	gs_cluster_release(&model);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gs_trace_nodes	tn;
	struct gs_trace_pods	tp;
	struct gs_error		err;

	if (size < 1 || size > 8192)
		return 0;
	memset(&err, 0, sizeof err);
	if (data[0] & 1) {
		if (gs_trace_parse_nodes("f", (const char *)data + 1, size - 1,
		    &tn, &err) != 0)
			return 0;
		if (gs_trace_parse_pods("p", fixed_pods, sizeof fixed_pods - 1,
		    &tp, &err) == 0 && tn.n <= 64) {
			replay(&tn, &tp);
			gs_trace_pods_release(&tp);
		}
		gs_trace_nodes_release(&tn);
		return 0;
	}
	if (gs_trace_parse_pods("f", (const char *)data + 1, size - 1, &tp,
	    &err) != 0)
		return 0;
	if (gs_trace_parse_nodes("n", fixed_nodes, sizeof fixed_nodes - 1,
	    &tn, &err) == 0) {
		replay(&tn, &tp);
		gs_trace_nodes_release(&tn);
	}
	gs_trace_pods_release(&tp);
	return 0;
}
