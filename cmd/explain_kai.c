/*
 * explain_kai.c: `gpusched explain` for a pod KAI-Scheduler places from
 * its own view of the nodes (kai-binpack, kai-spread): a fraction
 * (gpu-fraction, gpu-memory, gpu-fraction-num-devices, or HAMi's memory
 * resources), or whole GPUs on HAMi-registered nodes.  Per node KAI's
 * verdict, figures and score; per GPU of the nodes that fit (all that
 * KAI looked at when the pod is pending) and of --node, why it does or
 * does not take the pod and which KAI picks (core/sched/kai/
 * frac_explain.h computes it all).
 */
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "explain_dp.h"
#include "../core/sched/kai/frac_explain.h"
#include "../core/sched/policy.h"

/* The GPU's UUID; a replica's as the device plugin names it
 * ("<uuid>::<n>"). */
static const char *
gpu_id(const struct gs_node *n, const struct gs_kx_gpu *g, char *buf,
    size_t len)
{
	const struct gs_device *d = &n->devs[g->dev];

	if (d->kind == GS_DEV_TIMESLICE || d->kind == GS_DEV_MPS)
		snprintf(buf, len, "%s::%d", d->id, (int)g->unit);
	else
		snprintf(buf, len, "%s", d->id);
	return buf;
}

static const char *const verdicts[] = {
	"fits", "pinned", "filter", "kai-predicate", "no-gpus", "short"
};

/* One request as KAI reads it, in words; own: from its annotations,
 * else HAMi's resources read as them. */
static void
req_text(const struct gs_preq *r, int own, char *buf, size_t len)
{
	if (!r->frac)
		snprintf(buf, len, "%d whole GPU(s)", r->num);
	else if (r->pct >= 0)
		snprintf(buf, len, "gpu-fraction %d.%02d of each of %d GPU(s)%s",
		    r->pct / 100, r->pct % 100, r->num, own ? " (pod "
		    "annotations)" : " (nvidia.com/gpumem-percentage read as "
		    "gpu-fraction)");
	else
		snprintf(buf, len, "gpu-memory %lld MiB on each of %d GPU(s)%s",
		    (long long)r->mem, r->num, own ? " (pod annotations)" :
		    " (nvidia.com/gpumem read as gpu-memory)");
}

/* Does the engine's placement take the devices explain picked? */
static int
same_pick(const struct gs_kai_fx *ex, const struct gs_placement *d)
{
	size_t	i, j, t = 0;

	if (d->status != GS_PLACED)
		return ex->chosen < 0;
	if (d->node != ex->chosen)
		return 0;
	for (i = 0; i < d->nctrs; i++)
		for (j = 0; j < d->ctrs[i].ngrants; j++)
			if (t >= ex->ngiven ||
			    ex->given[t++] != (int)d->ctrs[i].grants[j].dev)
				return 0;
	return t == ex->ngiven;
}

/* Is node i's GPU list shown: it fits, it is --node, or the pod is
 * pending and its GPUs are short. */
static int
shown(const struct gs_kai_fx *ex, size_t i, long detail)
{
	const struct gs_kx_node	*x = &ex->node[i];

	return x->viewed && (x->verdict == GS_KX_FITS || (long)i == detail ||
	    (ex->chosen < 0 && x->verdict == GS_KX_SHORT));
}

/* Does KAI count node x's GPUs for the pod (it reached the device
 * check)? */
static int
figures(const struct gs_kx_node *x)
{
	return x->verdict == GS_KX_FITS || x->verdict == GS_KX_SHORT;
}

static void
kai_gpus(const struct gs_cluster *c, const struct gs_kai_fx *ex, size_t i)
{
	const struct gs_kx_node	*x = &ex->node[i];
	size_t			 j;

	printf("\nGPUs of %s (memory as KAI counts it; %s)%s%s:\n",
	    c->nodes[i].name, !ex->frac ? "whole GPUs by index" :
	    ex->binpack ? "gpupack order score" : "gpuspread order score",
	    figures(x) ? "" : "; the node is ", figures(x) ? "" : x->why);
	printf("GPU  %-40s  %8s  %8s  %4s  %5s  RESULT\n", "UUID", "MEM(MiB)",
	    "USED", "PODS", "ORDER");
	for (j = 0; j < x->ngpu; j++) {
		const struct gs_kx_gpu	*g = &x->gpu[j];
		char			 pick[48] = "", order[16], id[160];

		if (g->given)
			snprintf(pick, sizeof pick, "  <- %s %d",
			    (long)i == ex->chosen ? "picked" : "would pick",
			    g->given);
		if (!g->kai) {
			printf("%3d  %-40s  %8s  %8s  %4s  %5s  %s\n",
			    (int)c->nodes[i].devs[g->dev].index,
			    gpu_id(&c->nodes[i], g, id, sizeof id), "-", "-",
			    "-", "-", g->why);
			continue;
		}
		snprintf(order, sizeof order, "%.3f", g->order);
		printf("%3d  %-40s  %8lld  %8lld  %4d  %5s  %s%s\n",
		    (int)c->nodes[i].devs[g->dev].index,
		    gpu_id(&c->nodes[i], g, id, sizeof id),
		    (long long)g->v.cap, (long long)g->v.use, g->v.npods,
		    ex->frac ? order : "-", g->why, pick);
	}
}

static void
kai_table(const struct gs_pod *pod, const struct gs_run *run, size_t k,
    const char *profile, const struct gs_cluster *c,
    const struct gs_kai_fx *ex, const struct gs_placement *d, long detail)
{
	size_t	i, nw = 4;
	char	buf[128], score[32];

	cmd_explain_head(pod, run->name, k, run->wl.npods);
	printf("scheduler: KAI-Scheduler (%s), GPUs as KAI counts them\n",
	    profile);
	for (i = 0; i < ex->nreq; i++)
		if (ex->req[i].num > 0) {
			req_text(&ex->req[i], ex->own, buf, sizeof buf);
			printf("request: container %s: %s\n",
			    pod->ctrs[i].name, buf);
		}
	if (ex->binpack && ex->range.mn == ex->range.mx)
		printf("node order: 100 nodeavailability + nodeplacement 9 "
		    "(every node with GPUs has %g free whole GPUs)",
		    ex->range.mx);
	else if (ex->binpack)
		printf("node order: 100 nodeavailability + nodeplacement 9 x "
		    "(1 - (free whole GPUs - %g) / (%g - %g))", ex->range.mn,
		    ex->range.mx, ex->range.mn);
	else
		printf("node order: 100 nodeavailability + nodeplacement "
		    "free whole GPUs / GPUs");
	printf("%s; ties: the smallest name\n", ex->binpack ? " + 1000 "
	    "gpusharingorder when a shared GPU takes the fraction" : "");
	if (!ex->frac)
		printf("GPU order: whole GPUs: the first idle ones by index\n");
	else if (ex->binpack)
		printf("GPU order: gpupack: a shared GPU scores its used "
		    "portion (above 0: one using no memory is no candidate), "
		    "an idle one 0; the highest wins, then index\n");
	else
		printf("GPU order: gpuspread: an idle GPU scores 1, a shared "
		    "one 1 - its used portion; the highest wins, an idle GPU "
		    "before a shared one, then index\n");
	for (i = 0; i < c->nnodes; i++)
		if (strlen(c->nodes[i].name) > nw)
			nw = strlen(c->nodes[i].name);
	printf("\n%-*s  %8s  %5s  %13s  %6s  %5s  RESULT\n", (int)nw, "NODE",
	    "SCORE", "WHOLE", "MEM LEFT(MiB)", "SHARED", "FRACS");
	for (i = 0; i < c->nnodes; i++) {
		const struct gs_kx_node *x = &ex->node[i];

		snprintf(score, sizeof score, "%g", x->score);
		snprintf(buf, sizeof buf, "%d/%d", x->nidle, x->ngpus);
		if (!figures(x))
			printf("%-*s  %8s  %5s  %13s  %6s  %5s  %s\n", (int)nw,
			    c->nodes[i].name, "-", "-", "-", "-", "-", x->why);
		else
			printf("%-*s  %8s  %5s  %13lld  %6d  %5d  %s%s\n",
			    (int)nw, c->nodes[i].name, x->verdict == GS_KX_FITS ?
			    score : "-", buf, (long long)x->idle_mem,
			    x->nshared, x->nfrac, x->why,
			    (long)i == ex->chosen ? "  <- chosen" : "");
	}
	if (ex->chosen >= 0) {
		printf("\nchosen: %s, KAI node order score %g (100 "
		    "nodeavailability + %g nodeplacement%s)\n",
		    c->nodes[ex->chosen].name, ex->score,
		    ex->node[ex->chosen].placement,
		    ex->node[ex->chosen].sharing ? " + 1000 gpusharingorder" :
		    "");
		if (ex->ties > 0)
			printf("  tied with %d other node(s): the smallest "
			    "name wins\n", ex->ties);
	} else
		printf("\npending: %s\n", d->reason != NULL ? d->reason : "");
	for (i = 0; i < c->nnodes; i++)
		if (shown(ex, i, detail))
			kai_gpus(c, ex, i);
}

static json_t *
kai_json(const struct gs_pod *pod, const char *run, const char *profile,
    const struct gs_cluster *c, const struct gs_kai_fx *ex,
    const struct gs_placement *d, long detail)
{
	json_t	*o = cmd_explain_json(pod, run, profile);
	json_t	*reqs = json_array(), *nodes = json_array();
	json_t	*devs = json_array();
	size_t	 i, j;

	for (i = 0; i < ex->nreq; i++)
		if (ex->req[i].num > 0)
			json_array_append_new(reqs, json_pack("{s:s,s:i,s:b,"
			    "s:o,s:o,s:b}", "container", pod->ctrs[i].name,
			    "gpus", ex->req[i].num, "fraction", ex->req[i].frac,
			    "gpu_memory", ex->req[i].frac && ex->req[i].pct < 0 ?
			    json_integer(ex->req[i].mem) : json_null(),
			    "gpu_fraction", ex->req[i].frac &&
			    ex->req[i].pct >= 0 ?
			    json_real(ex->req[i].pct / 100.0) : json_null(),
			    "annotations", ex->own));
	json_object_set_new(o, "request", reqs);
	json_object_set_new(o, "gpu_order", json_string(!ex->frac ?
	    "first-idle" : ex->binpack ? "gpupack" : "gpuspread"));
	for (i = 0; i < c->nnodes; i++) {
		const struct gs_kx_node *x = &ex->node[i];
		int fits = x->verdict == GS_KX_FITS;

		json_array_append_new(nodes, json_pack("{s:s,s:b,s:s,s:s,s:b,"
		    "s:o,s:o,s:o,s:o,s:o,s:o,s:o}", "name", c->nodes[i].name,
		    "fits", fits, "verdict", verdicts[x->verdict], "result",
		    x->why, "chosen", (long)i == ex->chosen, "score", fits ?
		    json_real(x->score) : json_null(), "placement", fits ?
		    json_real(x->placement) : json_null(), "whole_gpus_free",
		    figures(x) ? json_integer(x->nidle) : json_null(), "gpus",
		    figures(x) ? json_integer(x->ngpus) : json_null(),
		    "memory_left_mib", figures(x) ?
		    json_integer(x->idle_mem) : json_null(), "shared_gpus",
		    figures(x) ? json_integer(x->nshared) : json_null(),
		    "fractions", figures(x) ? json_integer(x->nfrac) :
		    json_null()));
		for (j = 0; shown(ex, i, detail) && j < x->ngpu; j++) {
			const struct gs_kx_gpu *g = &x->gpu[j];
			char id[160];

			json_array_append_new(devs, json_pack("{s:s,s:i,s:s,"
			    "s:b,s:I,s:I,s:i,s:I,s:b,s:f,s:s,s:i}", "node",
			    c->nodes[i].name, "index",
			    (int)c->nodes[i].devs[g->dev].index, "uuid",
			    gpu_id(&c->nodes[i], g, id, sizeof id), "kai", g->kai,
			    "memory_mib", (json_int_t)g->v.cap, "used_mib",
			    (json_int_t)g->v.use, "pods", g->v.npods,
			    "asks_mib", (json_int_t)g->need, "fits", g->fits,
			    "order", g->order, "result", g->why, "pick",
			    g->given));
		}
	}
	json_object_set_new(o, "nodes", nodes);
	json_object_set_new(o, "chosen", ex->chosen >= 0 ?
	    json_string(c->nodes[ex->chosen].name) : json_null());
	json_object_set_new(o, "score", ex->chosen >= 0 ?
	    json_real(ex->score) : json_null());
	json_object_set_new(o, "reason", d->reason != NULL ?
	    json_string(d->reason) : json_null());
	json_object_set_new(o, "devices", devs);
	return o;
}

int
cmd_explain_kai(const struct gs_run *run, size_t k,
    const struct gs_policy *sel, const struct gs_policy *p,
    const struct gs_config *cfg, const struct gs_cluster *c0, long detail,
    const char *fmt)
{
	struct gs_sim		sim;
	struct gs_kai_fx	ex;
	struct gs_placement	d;
	const struct gs_pod	*pod = &run->wl.pods[k];
	int			rc;

	if ((rc = cmd_explain_turn(run, k, sel, p, cfg, c0, &sim, &d)) !=
	    EXIT_OK)
		return rc;
	gs_kai_frac_explain(&sim.cluster, pod, cfg,
	    gs_policy_strategy(cfg->profile) == GS_STRATEGY_BINPACK, &ex);
	if (d.status == GS_UNMANAGED && ex.unmanaged)
		printf("pod %s asks for no GPU: KAI gives it none (counted "
		    "without GPU request)\n", pod->name);
	else if (d.status == GS_UNMANAGED || ex.unmanaged ||
	    !same_pick(&ex, &d)) {
		cmd_errorf("internal error: explain chose node %ld, the engine "
		    "%ld (or other GPUs)", ex.chosen, d.node);
		rc = EXIT_IO;
	} else if (cmd_structured(fmt))
		cmd_print_doc(kai_json(pod, run->name, cfg->profile,
		    &sim.cluster, &ex, &d, detail), fmt);
	else
		kai_table(pod, run, k, cfg->profile, &sim.cluster, &ex, &d,
		    detail);
	gs_kai_fx_release(&ex);
	gs_placement_release(&d);
	gs_sim_release(&sim);
	return rc == EXIT_OK ? cmd_finish_stdout(EXIT_OK) : rc;
}
