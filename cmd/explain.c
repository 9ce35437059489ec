/*
 * explain.c: `gpusched explain`: for one pod, at the moment it is
 * scheduled, the request as HAMi built it, every node's score or reason,
 * and the GPUs of the chosen node (and --node) with their scores, try
 * order and the check each failed; or why the pod stays pending.
 */
#include <stdlib.h>
#include <string.h>

#include <argtable2.h>

#include "cmd.h"
#include "../core/sched/hami/explain.h"
#include "../core/model/ident.h"
#include "../core/sched/policy.h"
#include "../core/report/report.h"
#include "../core/sched/hami/vendor.h"
#include "../core/sched/kube_dp.h"
#include "../core/sched/kai/explain.h"
#include "../core/sched/route.h"
#include "explain_dp.h"
#include "../core/sched/dra/kversion.h"

struct explain_args {
	struct cmd_input_args in;
	struct cmd_sched_args sched;
	struct arg_str	*pod, *node, *output;
	struct arg_lit	*quiet, *help;
	struct cmd_snapshot_args snap;
	struct arg_end	*end;
	void		*table[25];
};

static void
explain_args_init(struct explain_args *a)
{
	size_t	i = 4;

	/* Slots the flags do not fill stay NULL for arg_freetable. */
	memset(a, 0, sizeof *a);
	cmd_input_args_init(&a->in);
	cmd_sched_args_init(&a->sched, CMD_SCHED_RUN | CMD_SCHED_PROFILE |
	    CMD_SCHED_VERSION | CMD_SCHED_ROUTE, "the run holding the pod",
	    NULL);
	a->pod = arg_str1("p", "pod", "[NS/]NAME", "the pod to explain");
	a->node = arg_str0(NULL, "node", "NAME",
	    "also show this node's GPUs");
	a->output = arg_str0("o", "output", "FORMAT",
	    "table (default), json or yaml");
	a->quiet = arg_lit0("q", "quiet", "no warnings on stderr");
	a->help = arg_lit0("h", "help", "print this help");
	a->end = arg_end(20);
	cmd_snapshot_args_init(&a->snap);
	cmd_input_args_table(&a->in, a->table);		/* 0 to 3 */
	a->table[i++] = a->pod;
	cmd_sched_args_table(&a->sched, CMD_SCHED_RUN, a->table, &i);
	a->table[i++] = a->node;
	a->table[i++] = a->output;
	cmd_sched_args_table(&a->sched, CMD_SCHED_PROFILE | CMD_SCHED_VERSION |
	    CMD_SCHED_ROUTE, a->table, &i);
	cmd_args_end(a->table, &i, &a->snap, a->quiet, a->help, a->end);
}

static void
explain_help(FILE *fp)
{
	struct explain_args	a;

	explain_args_init(&a);
	fprintf(fp, "Usage: gpusched explain");
	arg_print_syntax(fp, a.table, "\n");
	fprintf(fp, "\nWhy did this pod land there, or why is it pending?  "
	    "HAMi's view at the moment\nthe pod is scheduled: its request, "
	    "every node's score or failure reason, and\nthe chosen node's GPUs "
	    "in the order HAMi tries them.\n\nExample:\n  gpusched explain "
	    "scenarios/hami-demo/four-patterns.yaml \\\n      --pod "
	    "demo-b-node-spread-gpu-binpack-2\n\n");
	arg_print_glossary(fp, a.table, "  %-28s %s\n");
	arg_freetable(a.table, sizeof a.table / sizeof a.table[0] - 1);
}

static const char *
result_name(int r)
{
	if (r == HR_N)
		return "chosen";
	if (r == HAMI_TRACE_NOT_KEPT)
		return "fits, not kept";
	if (r < 0)
		return "not tried";
	return hami_reason_names[r];
}

static void
mem_text(const struct hami_req *r, char *buf, size_t len)
{
	if (r->mempct == 101)
		snprintf(buf, len, "Memreq %d MiB, MemPercentagereq 101 (not "
		    "given)", r->memreq);
	else if (r->memreq == 0)
		snprintf(buf, len, "Memreq 0, MemPercentagereq %d (%s)",
		    r->mempct, r->mempct == 100 ? "the whole card" :
		    "of each GPU's memory");
	else
		snprintf(buf, len, "Memreq %d MiB, MemPercentagereq %d (Memreq "
		    "wins)", r->memreq, r->mempct);
}

/* The GPUs of node i for each container explain details there: tried
 * ones in HAMi's try order, then the rest. */
static void
print_gpus(const struct gs_pod *pod, const struct gs_cluster *c,
    const struct gs_explain *ex, size_t i)
{
	const struct gs_explain_node *en = &ex->nodes[i];
	size_t	j, t, g;
	char	score[32];
	int	init;

	for (j = 0; j < en->ndetail; j++) {
		const struct gs_explain_detail *dt = &en->detail[j];
		const char *name = gs_explain_ctr(ex, pod, dt->ctr, &init);

		printf("\nGPUs of %s for %scontainer %s, in the order HAMi "
		    "tries them:\n", c->nodes[i].name, init ? "init " : "",
		    name);
		printf("%-3s  %3s  %-40s  %-10s  %s\n", "TRY", "GPU", "UUID",
		    "SCORE", "RESULT");
		for (t = 1; t <= dt->ngpus + 1; t++)
			for (g = 0; g < dt->ngpus; g++) {
				const struct gs_explain_gpu *x = &dt->gpus[g];
				char tp[16];

				if (t <= dt->ngpus ? x->try_pos != (int)t :
				    x->try_pos != 0)
					continue;
				gs_format_float32(x->score, score,
				    sizeof score);
				snprintf(tp, sizeof tp, "%d", x->try_pos);
				printf("%-3s  %3d  %-40s  %-10s  %s%s%s%s\n",
				    x->try_pos ? tp : "-",
				    gs_gpu_number(&c->nodes[i],
				    (size_t)x->dev),
				    c->nodes[i].devs[x->dev].id, score,
				    result_name(x->result), x->mig[0] ?
				    " (" : "", x->mig, x->mig[0] ? ")" : "");
			}
	}
}

static void
print_table(const struct gs_pod *pod, const char *run, const char *profile,
    size_t k, size_t n, const struct gs_cluster *c,
    const struct gs_explain *ex, const struct gs_placement *d)
{
	size_t	i, nw = 9;
	char	score[32], mem[160], net[64];
	int	init;
	const struct gs_quota *q;

	cmd_explain_head(pod, run, k, n);
	printf("policies: node %s (%s), GPU %s (%s)\n", ex->node_policy,
	    ex->node_policy_from_pod ? "pod annotation" : "scheduler",
	    ex->gpu_policy, ex->gpu_policy_from_pod ? "pod annotation" :
	    "scheduler");
	if (pod->pod_group != NULL && hami_profile_find(profile) != NULL &&
	    hami_profile_find(profile)->podgroup_lock_retry)
		printf("PodGroup %s member: HAMi's Bind retries a contended "
		    "node lock (up to 28 s); placed as any pod, no gang "
		    "admission\n", pod->pod_group);
	printf("request, as %s builds it:\n", profile);
	for (i = 0; i < ex->nctrs; i++) {
		const struct hami_creq *cr = &ex->reqs[i];
		const char *name = gs_explain_ctr(ex, pod, i, &init);
		size_t t;

		if (cr->n == 0) {
			printf("  %scontainer %s: no GPU request\n",
			    init ? "init " : "", name);
			continue;
		}
		for (t = 0; t < cr->n; t++) {
			const struct hami_req *r = &cr->r[t];

			mem_text(r, mem, sizeof mem);
			printf("  %scontainer %s: %s%s%sNums %d, %s, Coresreq "
			    "%d\n", init ? "init " : "", name, r->vendor ?
			    "Type " : "", r->vendor ? gs_vendors[r->vendor].type :
			    "", r->vendor ? ", " : "", r->nums, mem,
			    r->coresreq);
		}
	}
	for (i = 0; (q = gs_explain_quota(c, pod, profile, &i)) != NULL; )
		printf("quota %s (ResourceQuota %s): %lld used of %lld, as "
		    "HAMi counts it\n", q->res, q->src_name, (long long)q->used,
		    (long long)q->limit);
	if (ex->refused[0] != '\0')
		printf("refused: %s\n", ex->refused);
	for (i = 0; i < c->nnodes; i++)
		if (strlen(c->nodes[i].name) > nw)
			nw = strlen(c->nodes[i].name);
	printf("\n%-*s  %-10s  %s\n", (int)nw, "NODE", "SCORE", "RESULT");
	for (i = 0; i < c->nnodes; i++) {
		const struct gs_explain_node *en = &ex->nodes[i];

		if (en->filtered) {
			printf("%-*s  %-10s  not a candidate: %s\n", (int)nw,
			    c->nodes[i].name, "-", en->filtered);
			continue;
		}
		gs_format_float32(en->score, score, sizeof score);
		net[0] = '\0';
		if (en->fits && en->network != 0) {
			char	v[32];

			gs_format_float32(en->network, v, sizeof v);
			snprintf(net, sizeof net, " (%s +%s)",
			    en->network_label, v);
		}
		printf("%-*s  %-10s  %s%s%s\n", (int)nw, c->nodes[i].name,
		    score, en->fits ? "fits" : en->reason, net,
		    (long)i == ex->chosen ? "  <- chosen" : "");
	}
	if (ex->chosen >= 0)
		printf("\nchosen: %s: %s\n", c->nodes[ex->chosen].name,
		    ex->why);
	else
		printf("\npending: %s\n", d->reason ? d->reason : "");
	for (i = 0; i < c->nnodes; i++)
		print_gpus(pod, c, ex, i);
}

static json_t *
score_value(float f)
{
	char	buf[32];

	gs_format_float32(f, buf, sizeof buf);
	return json_real(strtod(buf, NULL));
}

static json_t *
explain_json(const struct gs_pod *pod, const char *run, const char *profile,
    const struct gs_cluster *c, const struct gs_explain *ex,
    const struct gs_placement *d)
{
	json_t	*o = json_object(), *reqs = json_array(), *nodes = json_array();
	json_t	*gpus = json_array(), *quota = json_array();
	size_t	 i, j, g;
	int	 init;
	const struct gs_quota *q;

	json_object_set_new(o, "gpusched_version", json_string(GS_VERSION));
	json_object_set_new(o, "pod", json_string(pod->name));
	json_object_set_new(o, "namespace", json_string(pod->ns));
	json_object_set_new(o, "run", json_string(run));
	json_object_set_new(o, "node_policy", json_string(ex->node_policy));
	json_object_set_new(o, "gpu_policy", json_string(ex->gpu_policy));
	/* v2.10 PodGroup members only: the document is otherwise as before. */
	if (pod->pod_group != NULL && hami_profile_find(profile) != NULL &&
	    hami_profile_find(profile)->podgroup_lock_retry)
		json_object_set_new(o, "pod_group",
		    json_string(pod->pod_group));
	for (i = 0; i < ex->nctrs; i++) {
		const struct hami_creq *cr = &ex->reqs[i];
		const char *name = gs_explain_ctr(ex, pod, i, &init);
		static const struct hami_req none;
		size_t t;

		/* One entry per device type asked for; a container asking
		 * for none has one with Nums 0 and Type null. */
		for (t = 0; t < (cr->n ? cr->n : 1); t++) {
			const struct hami_req *r = cr->n ? &cr->r[t] : &none;

			json_array_append_new(reqs, json_pack(
			    "{s:s,s:b,s:o,s:i,s:i,s:i,s:i}", "container", name,
			    "init", init, "Type", cr->n ?
			    json_string(gs_vendors[r->vendor].type) :
			    json_null(), "Nums", r->nums, "Memreq", r->memreq,
			    "MemPercentagereq", r->mempct, "Coresreq",
			    r->coresreq));
		}
	}
	json_object_set_new(o, "request", reqs);
	json_object_set_new(o, "refused", ex->refused[0] ?
	    json_string(ex->refused) : json_null());
	for (i = 0; (q = gs_explain_quota(c, pod, profile, &i)) != NULL; )
		json_array_append_new(quota, json_pack("{s:s,s:s,s:I,s:I}",
		    "resource", q->res, "resourcequota", q->src_name, "used",
		    (json_int_t)q->used, "limit", (json_int_t)q->limit));
	/* Only with quotas: the document is otherwise as before. */
	if (json_array_size(quota) > 0)
		json_object_set_new(o, "quota", quota);
	else
		json_decref(quota);
	for (i = 0; i < c->nnodes; i++) {
		const struct gs_explain_node *en = &ex->nodes[i];

		json_array_append_new(nodes, json_pack("{s:s,s:o,s:o,s:b,s:o,"
		    "s:o}", "name", c->nodes[i].name, "score", en->filtered ?
		    json_null() : score_value(en->score), "network_score",
		    en->fits && en->network != 0 ? score_value(en->network) :
		    json_null(), "fits", en->fits,
		    "reason", !en->filtered && !en->fits ?
		    json_string(en->reason) : json_null(), "filtered",
		    en->filtered ? json_string(en->filtered) : json_null()));
		for (j = 0; j < en->ndetail; j++) {
			const struct gs_explain_detail *dt = &en->detail[j];
			json_t *devs = json_array();

			for (g = 0; g < dt->ngpus; g++) {
				const struct gs_explain_gpu *x = &dt->gpus[g];

				json_t *gj = json_pack(
				    "{s:i,s:s,s:o,s:i,s:s}", "index",
				    gs_gpu_number(&c->nodes[i], (size_t)x->dev),
				    "uuid",
				    c->nodes[i].devs[x->dev].id, "score",
				    score_value(x->score), "try", x->try_pos,
				    "result", result_name(x->result));

				if (x->mig[0] != '\0')
					json_object_set_new(gj, "mig",
					    json_string(x->mig));
				json_array_append_new(devs, gj);
			}
			json_array_append_new(gpus, json_pack("{s:s,s:s,s:b,s:o}",
			    "node", c->nodes[i].name, "container",
			    gs_explain_ctr(ex, pod, dt->ctr, &init), "init",
			    init, "devices", devs));
		}
	}
	json_object_set_new(o, "nodes", nodes);
	json_object_set_new(o, "chosen", ex->chosen >= 0 ?
	    json_string(c->nodes[ex->chosen].name) : json_null());
	json_object_set_new(o, "why", ex->chosen >= 0 ? json_string(ex->why) :
	    json_null());
	json_object_set_new(o, "pending_reason", d->reason ?
	    json_string(d->reason) : json_null());
	json_object_set_new(o, "gpus", gpus);
	return o;
}

/*
 * The first selected run holding the pod: "ns/name", or a bare name
 * (namespace default's, else the only namespace's).
 */
static int
find_pod(const struct cmd_inputs *in, const struct gs_scenario *sc,
    const char *podname, const struct gs_run **run, size_t *k)
{
	char	*ns, *name, *cands;
	size_t	 i;

	*run = NULL;
	for (i = 0; i < sc->nruns && *run == NULL; i++) {
		if (!cmd_run_selected(in, sc, i))
			continue;
		if (gs_workload_resolve(&sc->runs[i].wl, podname, 0, &ns, &name,
		    &cands) == -2) {
			cmd_errorf("explain: pod '%s' is in several namespaces"
			    ": %s (give namespace/name)", podname, cands);
			free(cands);
			return EXIT_USAGE;
		}
		for (*k = 0; ns != NULL && *k < sc->runs[i].wl.npods; (*k)++)
			if (gs_pod_is(&sc->runs[i].wl.pods[*k], ns, name)) {
				*run = &sc->runs[i];
				break;
			}
		free(ns);
		free(name);
	}
	if (*run == NULL) {
		cmd_errorf("explain: no pod named '%s'%s", podname,
		    in->run ? " in that run" : "");
		return EXIT_USAGE;
	}
	return cmd_refuse_sharing("explain", *run);
}

/*
 * The policy the pods before pod k run under (*sel: the run's profile, or
 * the route when the run mixes schedulers, as simulate runs it), and the
 * profile that decides pod k (*p) with cfg, a copy of the run's naming
 * it: in a routed run the one the pod's schedulerName names
 * (sched/route.c).  EXIT_OK, EXIT_USAGE (reported), or -1 when no
 * scheduler of its name runs (why printed; cfg not set).
 */
static int
explain_profile(const struct gs_run *run, size_t k,
    const struct gs_cluster *c, struct gs_config *cfg,
    const struct gs_policy **sel, const struct gs_policy **p)
{
	const struct gs_pod	*pod = &run->wl.pods[k];

	if ((*p = gs_policy_find(run->cfg.profile)) == NULL) {
		cmd_errorf("unknown scheduler profile '%s'", run->cfg.profile);
		return EXIT_USAGE;
	}
	*sel = gs_route_select(*p, &run->cfg, &run->wl);
	if (*sel == &gs_policy_route &&
	    (*p = gs_route_pod(&run->cfg, c, pod)) == NULL) {
		printf("pod %s stays pending: no scheduler named '%s' runs in "
		    "the cluster (map it with --scheduler %s=PROFILE)\n",
		    pod->name, pod->scheduler_name, pod->scheduler_name);
		return -1;
	}
	gs_config_copy(cfg, &run->cfg);
	free(cfg->profile);
	cfg->profile = xstrdup((*p)->name);
	return EXIT_OK;
}

static int
explain_main(int argc, char **argv)
{
	static const char *const formats[] = { "table", "json", "yaml", NULL };
	struct explain_args	 a;
	struct cmd_inputs	 in;
	struct gs_scenario	 sc;
	struct gs_sim		 sim;
	struct gs_cluster	*c;
	struct gs_explain	 ex;
	struct gs_placement	 d;
	struct gs_error		 err;
	const struct gs_policy	*p, *sel;
	const struct gs_run	*run = NULL;
	struct gs_config	 cfg;
	const char		*fmt, *podname;
	size_t			 k = 0;
	long			 detail = -1;
	int			 rc;

	explain_args_init(&a);
	if ((rc = cmd_argparse("explain", a.table, a.end, a.help, explain_help,
	    argc, argv)) >= 0)
		goto out;
	if ((rc = cmd_format("explain", a.output, formats, &fmt)) != EXIT_OK ||
	    (rc = cmd_parse_inputs("explain", &a.in, &in)) != EXIT_OK)
		goto out;
	in.quiet = a.quiet->count > 0;
	if ((rc = cmd_sched_inputs("explain", &a.sched, &in)) != EXIT_OK)
		goto out;
	cmd_snapshot_inputs(&a.snap, &in);
	podname = a.pod->sval[0];
	if ((rc = cmd_load(&in, &sc)) != EXIT_OK)
		goto out;
	if ((rc = find_pod(&in, &sc, podname, &run, &k)) != EXIT_OK)
		goto out_sc;
	if (a.node->count > 0 &&
	    (detail = gs_cluster_find(&sc.cluster, a.node->sval[0])) < 0) {
		cmd_errorf("explain: no node named '%s'", a.node->sval[0]);
		rc = EXIT_USAGE;
		goto out_sc;
	}
	if ((rc = explain_profile(run, k, &sc.cluster, &cfg, &sel, &p)) !=
	    EXIT_OK) {
		if (rc < 0)
			rc = cmd_finish_stdout(EXIT_OK);
		goto out_sc;
	}
	/* kube-scheduler, or KAI, over the device plugin's resources. */
	if ((gs_policy_is_kube_dp(cfg.profile) &&
	    gs_kube_dp_takes(&sc.cluster, &run->wl.pods[k])) ||
	    (gs_policy_of_family(cfg.profile, "kai") &&
	    gs_kai_dp_takes(&sc.cluster, &run->wl.pods[k]))) {
		rc = cmd_explain_dp(run, k, sel, p, &cfg, &sc.cluster, detail,
		    fmt);
		goto out_cfg;
	}
	/* KAI's fractions, and its whole GPUs on HAMi's nodes. */
	if (gs_policy_of_family(cfg.profile, "kai")) {
		rc = cmd_explain_kai(run, k, sel, p, &cfg, &sc.cluster, detail,
		    fmt);
		goto out_cfg;
	}
	/* kube-scheduler with DRA. */
	if (gs_kube_version_of(cfg.profile) != NULL) {
		rc = cmd_explain_dra(run, k, p, &sc.cluster, detail, fmt);
		goto out_cfg;
	}
	/* Volcano's deviceshare (cmd/explain_volcano.c). */
	if (gs_policy_of_family(cfg.profile, "volcano")) {
		rc = cmd_explain_volcano(run, k, sel, p, &cfg, &sc.cluster,
		    detail, fmt);
		goto out_cfg;
	}
	if (!p->explains) {
		if (sel == &gs_policy_route)
			cmd_errorf("explain: it shows HAMi's reasoning; pod "
			    "'%s' goes to the %s profile", podname,
			    cfg.profile);
		else
			cmd_errorf("explain: it shows HAMi's reasoning; run "
			    "'%s' uses the %s profile", run->name, cfg.profile);
		rc = EXIT_USAGE;
		goto out_cfg;
	}
	/* The cluster as it is when the pod's turn comes. */
	if (gs_explain_before(&sc.cluster, &run->wl, k, &run->cfg, sel, &sim,
	    &err) != 0 || gs_explain_decide(p, &cfg, &sim.cluster,
	    &run->wl.pods[k], &d, &err) != 0) {
		rc = cmd_error_status(&err);
		goto out_sim;
	}
	c = &sim.cluster;
	gs_explain_pod(c, &run->wl.pods[k], &cfg, detail, &ex);
	if (d.status != GS_UNMANAGED && d.node != ex.chosen) {
		cmd_errorf("internal error: explain chose node %ld, the engine "
		    "%ld", ex.chosen, d.node);
		rc = EXIT_IO;
	} else if (d.status == GS_UNMANAGED) {
		printf("pod %s asks for no GPU: HAMi leaves it to "
		    "kube-scheduler\n", podname);
	} else if (cmd_structured(fmt))
		cmd_print_doc(explain_json(&run->wl.pods[k], run->name,
		    cfg.profile, c, &ex, &d), fmt);
	else
		print_table(&run->wl.pods[k], run->name, cfg.profile, k,
		    run->wl.npods, c, &ex, &d);
	gs_placement_release(&d);
	gs_explain_release(&ex);
	if (rc == EXIT_OK)
		rc = cmd_finish_stdout(EXIT_OK);
out_sim:
	gs_sim_release(&sim);
out_cfg:
	gs_config_release(&cfg);
out_sc:
	gs_scenario_release(&sc);
out:
	arg_freetable(a.table, sizeof a.table / sizeof a.table[0] - 1);
	return rc;
}

const struct gs_cmd gs_cmd_explain = {
	.name = "explain",
	.fn = explain_main,
	.summary = "why a pod landed where it did, or why it is pending",
	.help = explain_help,
};
