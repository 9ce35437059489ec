/*
 * explain_dp.c: `gpusched explain` for a pod kube-scheduler places over NVIDIA's
 * device plugin's MIG instances and replicas (the kube-* profiles): its
 * asks, each node's verdict, and the devices of the chosen node (or
 * --node) with the units each offers or why it gives none
 * (core/sched/kube_dp_explain.c).
 */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "explain_dp.h"
#include "../core/sched/kai/explain.h"
#include "../core/sched/kube_dp_explain.h"
#include "../core/sched/policy.h"
#include "../core/report/report.h"

void
cmd_explain_head(const struct gs_pod *pod, const char *run, size_t k,
    size_t n)
{
	printf("pod %s (%s %s, namespace %s)\n", pod->name, pod->kind,
	    pod->workload, pod->ns);
	printf("  from %s:%d:%d; run %s, scheduled %zu of %zu\n",
	    pod->src_file, pod->src_line, pod->src_col, run, k + 1, n);
}

void
cmd_explain_nodes(const struct gs_cluster *c, const struct gs_xverdict *v,
    const struct gs_placement *d, const char *score)
{
	size_t	i, nw = 4;

	for (i = 0; i < c->nnodes; i++)
		if (strlen(c->nodes[i].name) > nw)
			nw = strlen(c->nodes[i].name);
	printf("%-*s  RESULT\n", (int)nw, "NODE");
	for (i = 0; i < c->nnodes; i++)
		printf("%-*s  %s%s\n", (int)nw, c->nodes[i].name, v[i].why,
		    v[i].chosen ? "  <- chosen" : "");
	if (d->status == GS_PLACED)
		printf("\nchosen: %s, %s %.1f\n", c->nodes[d->node].name,
		    score, (double)d->node_score);
	else
		printf("\npending: %s\n", d->reason != NULL ? d->reason : "");
}

json_t *
cmd_explain_json(const struct gs_pod *pod, const char *run,
    const char *profile)
{
	json_t	*o = json_object();

	json_object_set_new(o, "pod", json_string(pod->name));
	json_object_set_new(o, "namespace", json_string(pod->ns));
	json_object_set_new(o, "run", json_string(run));
	json_object_set_new(o, "profile", json_string(profile));
	return o;
}

void
cmd_explain_json_nodes(json_t *o, const struct gs_cluster *c,
    const struct gs_xverdict *v, const struct gs_placement *d, long detail,
    json_t *devs)
{
	json_t	*nodes = json_array();
	size_t	 i;

	for (i = 0; i < c->nnodes; i++)
		json_array_append_new(nodes, json_pack("{s:s,s:b,s:s,s:b}",
		    "name", c->nodes[i].name, "fits", v[i].fits, "result",
		    v[i].why, "chosen", v[i].chosen));
	json_object_set_new(o, "nodes", nodes);
	json_object_set_new(o, "chosen", d->status == GS_PLACED ?
	    json_string(c->nodes[d->node].name) : json_null());
	json_object_set_new(o, "reason", d->reason != NULL ?
	    json_string(d->reason) : json_null());
	json_object_set_new(o, "devices_node", detail >= 0 ?
	    json_string(c->nodes[detail].name) : json_null());
	json_object_set_new(o, "devices", devs);
}

static void
dp_table(const struct gs_pod *pod, const char *run, const char *profile,
    size_t k, size_t n, const struct gs_cluster *c,
    const struct gs_dp_explain *ex, const struct gs_placement *d)
{
	size_t	i;

	int	kai = gs_policy_of_family(profile, "kai");

	cmd_explain_head(pod, run, k, n);
	printf("scheduler: %s (%s) over NVIDIA's device plugin's "
	    "resources\nasks:", kai ? "KAI-Scheduler" : "kube-scheduler",
	    profile);
	for (i = 0; i < ex->nasks; i++)
		printf("%s %s %lld", i ? "," : "", ex->ask[i].name,
		    (long long)ex->ask[i].n);
	printf("\n\n");
	cmd_explain_nodes(c, ex->verdict, d, kai ? "KAI node order score" :
	    "NodeResourcesFit score");
	if (ex->detail < 0)
		return;
	printf("\ndevices of %s (MIG instances and whole GPUs: the first free "
	    "by index; replicas: the GPU with the fewest taken%s):\n",
	    c->nodes[ex->detail].name, ex->fail_gt1 ?
	    "; failRequestsGreaterThanOne: one replica per container" : "");
	printf("GPU  %-28s  %5s  RESULT\n", "RESOURCE", "USED");
	for (i = 0; i < ex->ndevs; i++) {
		char used[32];

		snprintf(used, sizeof used, "%d/%d", (int)ex->dev[i].used,
		    (int)ex->dev[i].cap);
		printf("%3d  %-28s  %5s  %s%s\n",
		    (int)c->nodes[ex->detail].devs[i].index, ex->dev[i].res,
		    ex->dev[i].cap > 0 ? used : "-", ex->dev[i].why,
		    ex->dev[i].given ? "  <- given" : "");
	}
}

static json_t *
dp_json(const struct gs_pod *pod, const char *run, const char *profile,
    const struct gs_cluster *c, const struct gs_dp_explain *ex,
    const struct gs_placement *d)
{
	json_t	*o = cmd_explain_json(pod, run, profile);
	json_t	*asks = json_array(), *devs = json_array();
	size_t	 i;

	for (i = 0; i < ex->nasks; i++)
		json_array_append_new(asks, json_pack("{s:s,s:I}", "resource",
		    ex->ask[i].name, "count", (json_int_t)ex->ask[i].n));
	json_object_set_new(o, "asks", asks);
	for (i = 0; ex->detail >= 0 && i < ex->ndevs; i++)
		json_array_append_new(devs, json_pack("{s:i,s:s,s:i,s:i,s:b,"
		    "s:s,s:b}", "index", (int)c->nodes[ex->detail].devs[i].index,
		    "resource", ex->dev[i].res, "capacity", (int)ex->dev[i].cap,
		    "used", (int)ex->dev[i].used, "usable", ex->dev[i].usable,
		    "result", ex->dev[i].why, "given", ex->dev[i].given));
	cmd_explain_json_nodes(o, c, ex->verdict, d, ex->detail, devs);
	return o;
}

int
cmd_explain_turn(const struct gs_run *run, size_t k,
    const struct gs_policy *sel, const struct gs_policy *p,
    const struct gs_config *cfg, const struct gs_cluster *c0,
    struct gs_sim *sim, struct gs_placement *d)
{
	struct gs_error	err;

	if (gs_explain_before(c0, &run->wl, k, &run->cfg, sel, sim,
	    &err) != 0 || gs_explain_decide(p, cfg, &sim->cluster,
	    &run->wl.pods[k], d, &err) != 0) {
		gs_sim_release(sim);
		return cmd_error_status(&err);
	}
	return EXIT_OK;
}

int
cmd_explain_dp(const struct gs_run *run, size_t k,
    const struct gs_policy *sel, const struct gs_policy *p,
    const struct gs_config *cfg, const struct gs_cluster *c0, long detail,
    const char *fmt)
{
	struct gs_sim		sim;
	struct gs_dp_explain	ex;
	struct gs_placement	d;
	const struct gs_pod	*pod = &run->wl.pods[k];
	int			rc;

	if ((rc = cmd_explain_turn(run, k, sel, p, cfg, c0, &sim, &d)) !=
	    EXIT_OK)
		return rc;
	if (gs_policy_of_family(cfg->profile, "kai"))
		gs_kai_dp_explain(&sim.cluster, pod, &d, detail, &ex);
	else
		gs_kube_dp_explain(&sim.cluster, pod, &d, detail, &ex);
	if (cmd_structured(fmt))
		cmd_print_doc(dp_json(pod, run->name, cfg->profile,
		    &sim.cluster, &ex, &d), fmt);
	else
		dp_table(pod, run->name, cfg->profile, k, run->wl.npods,
		    &sim.cluster, &ex, &d);
	gs_kube_dp_explain_release(&ex);
	gs_placement_release(&d);
	gs_sim_release(&sim);
	return cmd_finish_stdout(EXIT_OK);
}
