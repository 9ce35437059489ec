/*
 * explain_dra.c: `gpusched explain` for a pod the dra profiles place: its
 * claims and their requests, each node's verdict, and per claim request
 * the devices of the chosen node (or --node), each tried alone, with the
 * selector, use, counter or capacity that refuses it
 * (core/sched/dra/explain.c).
 */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "explain_dp.h"
#include "../core/sched/dra/explain.h"
#include "../core/sched/dra/kversion.h"
#include "../core/report/report.h"

static void
dra_table(const struct gs_pod *pod, const char *run, const char *profile,
    size_t k, size_t n, const struct gs_cluster *c,
    const struct gs_dra_explain *ex, const struct gs_placement *d)
{
	size_t	i, rw = 7, dw = 6;

	cmd_explain_head(pod, run, k, n);
	printf("scheduler: kube-scheduler with DRA (%s)\nclaims:\n", profile);
	for (i = 0; i < ex->nclaims; i++)
		printf("  %s\n", ex->claims[i]);
	printf("\n");
	cmd_explain_nodes(c, ex->verdict, d, "score");
	if (ex->detail < 0)
		return;
	printf("\ndevices of %s per claim request, each tried alone at the "
	    "usage before this pod (the allocator's order%s):\n",
	    c->nodes[ex->detail].name, ex->pools_bad ? "; incomplete or "
	    "invalid pools left out" : "");
	for (i = 0; i < ex->ndev; i++) {
		if (strlen(ex->dev[i].request) > rw)
			rw = strlen(ex->dev[i].request);
		if (strlen(ex->dev[i].device) > dw)
			dw = strlen(ex->dev[i].device);
	}
	printf("%-*s  %-*s  RESULT\n", (int)rw, "REQUEST", (int)dw, "DEVICE");
	for (i = 0; i < ex->ndev; i++)
		printf("%-*s  %-*s  %s%s\n", (int)rw, ex->dev[i].request,
		    (int)dw, ex->dev[i].device, ex->dev[i].why ?
		    ex->dev[i].why : "usable", ex->dev[i].given ?
		    "  <- given" : "");
}

static json_t *
dra_json(const struct gs_pod *pod, const char *run, const char *profile,
    const struct gs_cluster *c, const struct gs_dra_explain *ex,
    const struct gs_placement *d)
{
	json_t	*o = cmd_explain_json(pod, run, profile);
	json_t	*claims = json_array(), *devs = json_array();
	size_t	 i;

	for (i = 0; i < ex->nclaims; i++)
		json_array_append_new(claims, json_string(ex->claims[i]));
	json_object_set_new(o, "claims", claims);
	for (i = 0; i < ex->ndev; i++)
		json_array_append_new(devs, json_pack("{s:s,s:s,s:b,s:o,s:b}",
		    "request", ex->dev[i].request, "device", ex->dev[i].device,
		    "usable", ex->dev[i].why == NULL, "result", ex->dev[i].why ?
		    json_string(ex->dev[i].why) : json_null(), "given",
		    ex->dev[i].given));
	cmd_explain_json_nodes(o, c, ex->verdict, d, ex->detail, devs);
	return o;
}

int
cmd_explain_dra(const struct gs_run *run, size_t k, const struct gs_policy *p,
    const struct gs_cluster *c0, long detail, const char *fmt)
{
	struct gs_sim		sim;
	struct gs_dra_explain	ex;
	struct gs_placement	d;
	const struct gs_pod	*pod = &run->wl.pods[k];
	struct gs_error		err;

	if (gs_dra_explain_turn(c0, &run->wl, k, &run->cfg, p, &sim,
	    &err) != 0 || gs_explain_decide(p, &run->cfg, &sim.cluster, pod,
	    &d, &err) != 0) {
		gs_sim_release(&sim);
		return cmd_error_status(&err);
	}
	if (d.status == GS_UNMANAGED) {
		printf("pod %s names no ResourceClaim%s: the dra profile "
		    "leaves it to kube-scheduler\n", pod->name,
		    gs_kube_version_of(p->name)->feat.extended_resource ?
		    " and asks no "
		    "extended resource a DeviceClass maps" : "");
		gs_placement_release(&d);
		gs_sim_release(&sim);
		return cmd_finish_stdout(EXIT_OK);
	}
	gs_dra_explain(&sim.cluster, run->cfg.profile, pod, &d, detail, &ex);
	if (cmd_structured(fmt))
		cmd_print_doc(dra_json(pod, run->name, run->cfg.profile,
		    &sim.cluster, &ex, &d), fmt);
	else
		dra_table(pod, run->name, run->cfg.profile, k, run->wl.npods,
		    &sim.cluster, &ex, &d);
	gs_dra_explain_release(&ex);
	gs_placement_release(&d);
	gs_sim_release(&sim);
	return cmd_finish_stdout(EXIT_OK);
}
