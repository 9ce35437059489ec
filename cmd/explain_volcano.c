/*
 * explain_volcano.c: `gpusched explain` for a pod under a volcano-*
 * profile (issue 19 item 5): the request as Volcano reads it, each
 * node's deviceshare verdict and score, and the GPUs of the chosen node
 * (or --node) in the order Volcano walks them, with the check each
 * failed or the MIG geometry tried (core/sched/volcano/explain.c).
 */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "explain_dp.h"
#include "../core/sched/volcano/explain.h"
#include "../core/sched/volcano/vgpu.h"

static const char *
policy_name(int policy)
{
	return policy == GS_VCP_BINPACK ? "binpack" : policy == GS_VCP_SPREAD ?
	    "spread" : "unset";
}

static const char *
walk_order(int policy)
{
	return policy == GS_VCP_BINPACK ? "binpack: UsedMem descending, then "
	    "index" : policy == GS_VCP_SPREAD ? "spread: UsedNum ascending, "
	    "then index" : "SchedulePolicy unset: from the last index";
}

/* Container i of pod, by its index in the request list. */
static const char *
ctr_name(const struct gs_pod *pod, size_t i)
{
	return i < pod->nctrs ? pod->ctrs[i].name : "?";
}

static void
vc_table(const struct gs_pod *pod, const char *run, const char *profile,
    size_t k, size_t n, const struct gs_cluster *c,
    const struct gs_vc_explain *ex, const struct gs_placement *d,
    long detail)
{
	const struct gs_node	*dn;
	size_t			 i, j;

	cmd_explain_head(pod, run, k, n);
	printf("scheduler: Volcano deviceshare (%s, v1.15.1): SchedulePolicy "
	    "%s, ScheduleWeight %d\n", profile, policy_name(ex->policy),
	    ex->weight);
	if (ex->policy == GS_VCP_SPREAD)
		printf("  GPUScore is 0 under spread (it counts a card whose "
		    "UsedNum is 0 after TryAddPod\n  added the pod: never): "
		    "every node scores 0, the node listed first wins\n");
	else if (ex->policy == GS_VCP_NONE)
		printf("  GPUScore is 0 (its default branch): every node "
		    "scores 0, the node listed first wins\n");
	printf("request, as Volcano reads it (resourcereqs):\n");
	for (i = 0; i < ex->nreq; i++) {
		const struct gs_preq *r = &ex->req[i];

		if (r->num == 0) {
			printf("  container %s: no vGPU request\n",
			    ctr_name(pod, i));
			continue;
		}
		printf("  container %s: Nums %d, ", ctr_name(pod, i), r->num);
		if (r->pct >= 0)
			printf("MemPercentagereq %d (of each GPU's memory)",
			    r->pct);
		else
			printf("Memreq %lld MiB", (long long)r->mem);
		printf(", Coresreq %d\n", r->cores);
	}
	if (ex->pod_mode != NULL)
		printf("volcano.sh/vgpu-mode: %s (only a node of that mode "
		    "fits)\n", ex->pod_mode);
	else
		printf("volcano.sh/vgpu-mode: unset (any node's mode fits)\n");
	printf("\n");
	cmd_explain_nodes(c, ex->verdict, d, "deviceshare score");
	if (ex->detail < 0 && detail >= 0)
		printf("\nGPUs of %s: not walked (the node is refused before "
		    "FilterNode's device walk)\n", c->nodes[detail].name);
	if (ex->detail < 0)
		return;
	dn = &c->nodes[ex->detail];
	if (ex->cards[0] != '\0')
		printf("\n%s\n", ex->cards);
	for (i = 0; i < ex->nctrs; i++) {
		const struct gs_vc_xctr *xc = &ex->ctrs[i];

		printf("\nGPUs of %s (mode %s) for container %s, in the order "
		    "Volcano walks them (%s):\n", dn->name,
		    gs_volcano_mode_name(ex->mode[ex->detail]),
		    ctr_name(pod, xc->ctr), walk_order(ex->policy));
		printf("%-3s  %3s  %-40s  %6s  %5s  %s\n", "TRY", "GPU", "UUID",
		    "MEMREQ", "SCORE", "RESULT");
		for (j = 0; j < xc->ngpus; j++) {
			const struct gs_vc_xgpu *g = &xc->gpu[j];
			char tp[16], mem[24], sc[24];

			snprintf(tp, sizeof tp, "%d", g->try_pos);
			snprintf(mem, sizeof mem, "%lld", (long long)g->mem);
			snprintf(sc, sizeof sc, "%.1f", g->score);
			printf("%-3s  %3d  %-40s  %6s  %5s  %s%s%s\n",
			    g->try_pos ? tp : "-",
			    (int)gs_gpu_number(dn, (size_t)g->dev),
			    dn->devs[g->dev].id, g->try_pos ? mem : "-",
			    g->check == GS_VCF_OK ? sc : "-", g->why,
			    g->mig[0] ? "; instance " : "", g->mig);
		}
	}
}

static json_t *
vc_json(const struct gs_pod *pod, const char *run, const char *profile,
    const struct gs_cluster *c, const struct gs_vc_explain *ex,
    const struct gs_placement *d)
{
	json_t	*o = cmd_explain_json(pod, run, profile);
	json_t	*reqs = json_array(), *devs = json_array(), *nodes;
	size_t	 i, j;

	json_object_set_new(o, "schedule_policy", ex->policy == GS_VCP_NONE ?
	    json_null() : json_string(policy_name(ex->policy)));
	json_object_set_new(o, "schedule_weight", json_integer(ex->weight));
	json_object_set_new(o, "vgpu_mode", ex->pod_mode != NULL ?
	    json_string(ex->pod_mode) : json_null());
	for (i = 0; i < ex->nreq; i++)
		json_array_append_new(reqs, json_pack("{s:s,s:i,s:I,s:i,s:i}",
		    "container", ctr_name(pod, i), "Nums", ex->req[i].num,
		    "Memreq", (json_int_t)(ex->req[i].pct >= 0 ? 0 :
		    ex->req[i].mem), "MemPercentagereq", ex->req[i].pct >= 0 ?
		    ex->req[i].pct : 101, "Coresreq", ex->req[i].cores));
	json_object_set_new(o, "request", reqs);
	for (i = 0; ex->detail >= 0 && i < ex->nctrs; i++)
		for (j = 0; j < ex->ctrs[i].ngpus; j++) {
			const struct gs_vc_xgpu *g = &ex->ctrs[i].gpu[j];
			const struct gs_node *dn = &c->nodes[ex->detail];

			json_array_append_new(devs, json_pack("{s:s,s:i,s:s,"
			    "s:i,s:o,s:o,s:s,s:b,s:o}", "container",
			    ctr_name(pod, ex->ctrs[i].ctr), "index",
			    (int)gs_gpu_number(dn, (size_t)g->dev), "uuid",
			    dn->devs[g->dev].id, "try", g->try_pos, "memreq",
			    g->try_pos ? json_integer(g->mem) : json_null(),
			    "score", g->check == GS_VCF_OK ?
			    json_real(g->score) : json_null(), "result",
			    g->why, "given", g->check == GS_VCF_OK,
			    "volcano_mig", g->mig[0] ? json_string(g->mig) :
			    json_null()));
		}
	cmd_explain_json_nodes(o, c, ex->verdict, d, ex->detail, devs);
	nodes = json_object_get(o, "nodes");
	for (i = 0; i < c->nnodes; i++) {
		json_t *nj = json_array_get(nodes, i);

		json_object_set_new(nj, "score", ex->verdict[i].fits ?
		    json_real(ex->score[i]) : json_null());
		json_object_set_new(nj, "mode", ex->mode[i] >= 0 ?
		    json_string(gs_volcano_mode_name(ex->mode[i])) :
		    json_null());
	}
	json_object_set_new(o, "cards", ex->cards[0] ?
	    json_string(ex->cards) : json_null());
	return o;
}

/* Does ex agree with the engine's d: the same node, and on it the same
 * GPUs per container in the same order? */
static int
vc_agrees(const struct gs_vc_explain *ex, const struct gs_placement *d)
{
	size_t	i, j, t;

	if (ex->chosen != (d->status == GS_PLACED ? d->node : -1))
		return 0;
	if (ex->chosen < 0 || ex->detail != ex->chosen)
		return 1;
	for (i = 0; i < ex->nctrs; i++) {
		const struct gs_vc_xctr *xc = &ex->ctrs[i];

		t = 0;
		for (j = 0; j < xc->ngpus; j++) {
			if (xc->gpu[j].check != GS_VCF_OK)
				continue;
			if (xc->ctr >= d->nctrs ||
			    t >= d->ctrs[xc->ctr].ngrants ||
			    d->ctrs[xc->ctr].grants[t].dev != xc->gpu[j].dev)
				return 0;
			t++;
		}
		if (xc->ctr < d->nctrs && t != d->ctrs[xc->ctr].ngrants)
			return 0;
	}
	return 1;
}

int
cmd_explain_volcano(const struct gs_run *run, size_t k,
    const struct gs_policy *sel, const struct gs_policy *p,
    const struct gs_config *cfg, const struct gs_cluster *c0, long detail,
    const char *fmt)
{
	struct gs_sim		sim;
	struct gs_vc_explain	ex;
	struct gs_placement	d;
	const struct gs_pod	*pod = &run->wl.pods[k];
	int			rc;

	if ((rc = cmd_explain_turn(run, k, sel, p, cfg, c0, &sim, &d)) !=
	    EXIT_OK)
		return rc;
	if (gs_volcano_explain(&sim.cluster, cfg, pod, &d, detail, &ex) != 0)
		printf("pod %s asks for no vGPU: Volcano's deviceshare leaves "
		    "it to the other predicates\n", pod->name);
	else if (!vc_agrees(&ex, &d)) {
		cmd_errorf("internal error: explain chose node %ld, the engine "
		    "%ld (or other GPUs)", ex.chosen, d.node);
		rc = EXIT_IO;
	} else if (cmd_structured(fmt))
		cmd_print_doc(vc_json(pod, run->name, cfg->profile,
		    &sim.cluster, &ex, &d), fmt);
	else
		vc_table(pod, run->name, cfg->profile, k, run->wl.npods,
		    &sim.cluster, &ex, &d, detail);
	gs_volcano_explain_release(&ex);
	gs_placement_release(&d);
	gs_sim_release(&sim);
	return rc == EXIT_OK ? cmd_finish_stdout(EXIT_OK) : rc;
}
