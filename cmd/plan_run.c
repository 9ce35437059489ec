/*
 * plan_run.c: the bodies of `gpusched plan` subcommands: simulate, ask
 * core/ for the plan, print it as a table, JSON or Markdown.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <argtable2.h>

#include "plan_report.h"
#include "../core/sched/hami/hami.h"
#include "../core/model/ident.h"
#include "../core/load/load.h"
#include "../core/plan/plan.h"
#include "../core/sched/kube_dp.h"
#include "../core/sched/policy.h"
#include "../core/report/report.h"
#include "../core/report/html.h"
#include "../core/report/montecarlo.h"
#include "../core/report/inputs.h"

static const char *const combos[4][2] = {
	{ "binpack", "binpack" }, { "spread", "binpack" },
	{ "binpack", "spread" }, { "spread", "spread" },
};

static void
print_json(const struct plan_request *r, json_t *o)
{
	cmd_print_doc(o, r->fmt);
}

int
plan_parse_edits(struct plan_request *r, struct arg_str *remove,
    struct arg_str *drain, struct arg_str *split, struct arg_str *policy,
    struct arg_str *scale, struct arg_str *gpumem)
{
	struct {
		struct arg_str		*a;
		enum gs_edit_kind	 k;
		const char		*flag;
	} f[] = {
		{ remove, ED_REMOVE_NODE, "--remove-node" },
		{ drain, ED_DRAIN_NODE, "--drain-node" },
		{ split, ED_SET_SPLIT, "--set-split" },
		{ policy, ED_SET_POLICY, "--set-policy" },
		{ scale, ED_SCALE, "--scale" },
		{ gpumem, ED_SET_GPUMEM, "--set-gpumem" },
	};
	char	why[256];
	size_t	i;
	int	j;

	for (i = 0; i < sizeof f / sizeof f[0]; i++)
		for (j = 0; j < f[i].a->count; j++) {
			r->edits = xreallocarray(r->edits, r->nedits + 1,
			    sizeof *r->edits);
			if (gs_edit_parse(f[i].k, f[i].a->sval[j],
			    &r->edits[r->nedits], why, sizeof why) != 0) {
				cmd_errorf("plan whatif: %s: %s", f[i].flag,
				    why);
				return EXIT_USAGE;
			}
			free(r->edits[r->nedits].text);
			r->edits[r->nedits].text = xasprintf("%s %s",
			    f[i].flag, f[i].a->sval[j]);
			r->nedits++;
		}
	if (r->nedits == 0) {
		cmd_errorf("plan whatif: no edit given (--remove-node, "
		    "--drain-node, --set-split, --set-policy, --scale, "
		    "--set-gpumem)");
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

int
plan_check_edits(const struct plan_request *r, const struct gs_config *cfg)
{
	const struct gs_edit	*e;
	size_t			 i;

	for (i = 0; i < r->nedits; i++) {
		e = &r->edits[i];
		if (e->kind != ED_SET_POLICY)
			continue;
		if (e->node_policy != NULL && cmd_check_node_policy(
		    "plan whatif", "--set-policy node", e->node_policy) !=
		    EXIT_OK)
			return EXIT_USAGE;
		if (e->gpu_policy != NULL && cmd_check_gpu_policy(
		    "plan whatif", "--set-policy gpu", e->gpu_policy,
		    hami_profile(cfg)) != EXIT_OK)
			return EXIT_USAGE;
	}
	return EXIT_OK;
}

void
plan_request_release(struct plan_request *r)
{
	size_t	i;

	for (i = 0; i < r->nedits; i++)
		gs_edit_release(&r->edits[i]);
	free(r->edits);
	memset(r, 0, sizeof *r);
}

/* ---- headroom ------------------------------------------------------ */

static int
headroom_one(const struct gs_scenario *sc, const struct gs_run *run,
    const struct gs_config *cfg, size_t limit, struct gs_headroom **h,
    size_t *n)
{
	struct gs_sim	sim;
	struct gs_error	err;
	int		rc;

	if ((rc = cmd_simulate_run(sc, run, cfg, &sim)) != EXIT_OK)
		return rc;
	rc = gs_plan_headroom(&sim.cluster, &run->wl, &sim.res, &sim.cfg,
	    gs_policy_find(cfg->profile), limit, h, n, &err);
	gs_sim_release(&sim);
	if (rc != 0) {
		gs_headroom_free(*h, *n);
		return cmd_error_status(&err);
	}
	return EXIT_OK;
}

static json_t *
headroom_json(const struct gs_headroom *h, size_t n)
{
	json_t	*a = json_array();
	size_t	 i;

	for (i = 0; i < n; i++)
		json_array_append_new(a, json_pack("{s:s,s:s,s:I,s:I,s:I,s:b,"
		    "s:s,s:o}", "name", h[i].workload, "kind", h[i].kind,
		    "placed", (json_int_t)h[i].placed, "pending",
		    (json_int_t)h[i].pending, "additional_replicas",
		    (json_int_t)h[i].additional, "stopped_at_limit",
		    h[i].limited, "binding", h[i].binding, "reason",
		    h[i].reason ? json_string(h[i].reason) : json_null()));
	return a;
}

static void
headroom_table(const struct gs_headroom *h, size_t n)
{
	size_t	i, w = 8;

	for (i = 0; i < n; i++)
		if (strlen(h[i].workload) > w)
			w = strlen(h[i].workload);
	printf("%-*s  %-11s  %6s  %7s  %9s  %s\n", (int)w, "WORKLOAD", "KIND",
	    "PLACED", "PENDING", "MORE FIT", "RUNS OUT FIRST");
	for (i = 0; i < n; i++)
		printf("%-*s  %-11s  %6zu  %7zu  %9zu  %s\n", (int)w,
		    h[i].workload, h[i].kind, h[i].placed, h[i].pending,
		    h[i].additional, h[i].binding);
}

int
plan_headroom(const struct gs_scenario *sc, size_t ri,
    const struct plan_request *req)
{
	const struct gs_run	*run = &sc->runs[ri];
	struct gs_headroom	*h;
	size_t			 n, k;
	json_t			*o = NULL, *pats = NULL;
	int			 rc;

	if ((rc = headroom_one(sc, run, &run->cfg, req->limit, &h,
	    &n)) != EXIT_OK)
		return rc;
	if (req->json) {
		o = json_pack("{s:s,s:s,s:s,s:s,s:o}", "gpusched_version",
		    GS_VERSION, "scenario", sc->name, "run", run->name,
		    "profile", run->cfg.profile, "workloads",
		    headroom_json(h, n));
	} else {
		printf("scenario %s, run %s: profile %s; after the workload is "
		    "placed, more pods of each\nworkload's template are added "
		    "one at a time until one stays pending\n\n", sc->name,
		    run->name, run->cfg.profile);
		headroom_table(h, n);
	}
	gs_headroom_free(h, n);
	if (req->patterns) {
		if (o != NULL) {
			pats = json_array();
			json_object_set_new(o, "patterns", pats);
		}
		for (k = 0; k < 4 && rc == EXIT_OK; k++) {
			struct gs_config cfg;

			gs_config_copy(&cfg, &run->cfg);
			gs_config_set_policies(&cfg, combos[k][0],
			    combos[k][1]);
			cfg.override_policies = 1;
			rc = headroom_one(sc, run, &cfg, req->limit, &h, &n);
			gs_config_release(&cfg);
			if (rc != EXIT_OK)
				break;
			if (pats != NULL)
				json_array_append_new(pats, json_pack("{s:s,"
				    "s:s,s:o}", "nodeSchedulerPolicy",
				    combos[k][0], "gpuSchedulerPolicy",
				    combos[k][1], "workloads",
				    headroom_json(h, n)));
			else {
				printf("\nnode %s / GPU %s (pod policy "
				    "annotations overridden)\n", combos[k][0],
				    combos[k][1]);
				headroom_table(h, n);
			}
			gs_headroom_free(h, n);
		}
	}
	if (o != NULL) {
		if (rc == EXIT_OK)
			print_json(req, o);
		else
			json_decref(o);
	}
	return rc;
}

/* ---- nodes --------------------------------------------------------- */

static int
load_pools(const struct plan_request *req, const struct gs_cluster *c,
    struct gs_cluster *pc, struct gs_pool **out, size_t *n)
{
	struct gs_warnings	 w = { 0 };
	struct gs_error		 err;
	struct gs_pool		*v = NULL;
	size_t			 i, j, nv = 0, priced = 0;

	memset(pc, 0, sizeof *pc);
	memset(&err, 0, sizeof err);
	/* Candidate pools are built as --hami-config says. */
	pc->hami = gs_hami_settings_dup(c->hami);
	for (i = 0; i < req->npools; i++)
		if (gs_load_cluster_file(pc, req->pools[i], &w, &err) != 0) {
			gs_warnings_release(&w);
			return cmd_error_status(&err);
		}
	gs_warnings_release(&w);
	for (i = 0; i < pc->nnodes; i++) {
		const char *name = pc->nodes[i].pool ? pc->nodes[i].pool :
		    pc->nodes[i].name;

		for (j = 0; j < nv; j++)
			if (strcmp(v[j].name, name) == 0)
				break;
		if (j < nv)
			continue;
		v = xreallocarray(v, nv + 1, sizeof *v);
		memset(&v[nv], 0, sizeof *v);
		v[nv].name = xstrdup(name);
		v[nv].node = pc->nodes[i];	/* borrowed from pc */
		v[nv].cost = pc->nodes[i].cost;
		v[nv].has_cost = pc->nodes[i].has_cost;
		priced += v[nv].has_cost;
		nv++;
	}
	if (priced != 0 && priced != nv) {
		cmd_errorf("plan nodes: give every pool a 'cost:' or none");
		for (j = 0; j < nv; j++)
			free(v[j].name);
		free(v);
		return EXIT_INPUT;
	}
	*out = v;
	*n = nv;
	return EXIT_OK;
}

struct nodes_answer {
	struct gs_nodes_plan	 plan;
	struct gs_pool		*pools;
	size_t			 npools;
	struct gs_cluster	 pc;
	int			 priced;
};

static int
nodes_compute(const struct gs_scenario *sc, const struct gs_run *run,
    const struct plan_request *req, struct nodes_answer *a)
{
	struct gs_error	err;
	int		rc;
	size_t		i;

	memset(a, 0, sizeof *a);
	if ((rc = load_pools(req, &sc->cluster, &a->pc, &a->pools, &a->npools)) != EXIT_OK)
		return rc;
	for (i = 0; i < a->npools; i++)
		a->priced |= a->pools[i].has_cost;
	cmd_progress_start("plan nodes", "simulations", req->quiet);
	rc = gs_plan_nodes(&sc->cluster, &run->wl, &run->cfg,
	    gs_policy_find(run->cfg.profile), a->pools, a->npools,
	    req->max_nodes, req->max_sims, cmd_progress(), &a->plan, &err);
	cmd_progress_end();
	return rc != 0 ? cmd_error_status(&err) : EXIT_OK;
}

static void
nodes_release(struct nodes_answer *a)
{
	size_t	i;

	for (i = 0; i < a->npools; i++)
		free(a->pools[i].name);
	free(a->pools);
	gs_nodes_plan_release(&a->plan);
	gs_cluster_release(&a->pc);
}

int
plan_nodes(const struct gs_scenario *sc, size_t ri,
    const struct plan_request *req)
{
	const struct gs_run	*run = &sc->runs[ri];
	struct nodes_answer	 a;
	size_t			 i;
	int			 rc;

	if ((rc = nodes_compute(sc, run, req, &a)) != EXIT_OK) {
		nodes_release(&a);
		return rc;
	}
	if (req->json) {
		json_t *add = json_object();

		for (i = 0; i < a.npools; i++)
			json_object_set_new(add, a.pools[i].name,
			    json_integer((json_int_t)a.plan.count[i]));
		print_json(req, json_pack("{s:s,s:s,s:s,s:b,s:o,s:I,s:o,s:I,s:I,"
		    "s:I}", "gpusched_version", GS_VERSION, "scenario",
		    sc->name, "run", run->name, "found", a.plan.found,
		    "nodes_to_add", add, "nodes_added",
		    (json_int_t)a.plan.nodes, "cost_per_hour", a.priced ?
		    json_real(round(a.plan.cost * 1e6) / 1e6) : json_null(),
		    "pending_before", (json_int_t)a.plan.pending_before,
		    "pending_after", (json_int_t)a.plan.pending_after,
		    "simulations", (json_int_t)a.plan.simulations));
	} else {
		printf("scenario %s, run %s: %zu pod%s pending on the cluster "
		    "as it is\n", sc->name, run->name, a.plan.pending_before,
		    a.plan.pending_before == 1 ? "" : "s");
		printf("%s after %zu simulation%s (%s first):\n",
		    a.plan.found ? "every pod places" : "no mix places every "
		    "pod", a.plan.simulations, a.plan.simulations == 1 ? "" :
		    "s", a.priced ? "cheapest" : "fewest nodes");
		for (i = 0; i < a.npools; i++)
			printf("  add %zu x %s\n", a.plan.count[i],
			    a.pools[i].name);
		printf("  %zu node%s", a.plan.nodes, a.plan.nodes == 1 ? "" :
		    "s");
		if (a.priced)
			printf(", %.2f per hour", a.plan.cost);
		printf("; %zu pod%s still pending\n", a.plan.pending_after,
		    a.plan.pending_after == 1 ? "" : "s");
	}
	if (!a.plan.found) {
		cmd_errorf("plan nodes: no mix of at most %zu nodes (%zu "
		    "simulations tried) places every pod; the best shown "
		    "leaves %zu pending", req->max_nodes, a.plan.simulations,
		    a.plan.pending_after);
		rc = EXIT_FINDING;
	}
	nodes_release(&a);
	return rc;
}

/* ---- what-if ------------------------------------------------------- */

static json_t *
changes_json(const struct gs_change *v, size_t n)
{
	json_t	*a = json_array();
	size_t	 i;

	for (i = 0; i < n; i++)
		json_array_append_new(a, json_pack("{s:s,s:s,s:s,s:s,s:o}",
		    "pod", v[i].pod, "namespace", v[i].ns, "before",
		    v[i].before, "after", v[i].after, "reason", v[i].reason ?
		    json_string(v[i].reason) : json_null()));
	return a;
}

static void
changes_table(const char *title, const struct gs_change *v, size_t n)
{
	size_t	i;

	printf("%s: %zu\n", title, n);
	for (i = 0; i < n; i++) {
		char *dn = gs_pod_display(v[i].ns, v[i].pod);

		printf("  %-40s %s -> %s\n", dn, v[i].before, v[i].after);
		free(dn);
		if (v[i].reason)
			printf("  %-40s reason: %s\n", "", v[i].reason);
	}
}

int
plan_whatif(const struct gs_scenario *sc, size_t ri,
    const struct plan_request *req)
{
	const struct gs_run	*run = &sc->runs[ri];
	const struct gs_policy	*p = gs_policy_find(run->cfg.profile);
	struct gs_sim		 base, after;
	struct gs_sim_opts	 o;
	struct gs_cluster	 c;
	struct gs_workload	 w;
	struct gs_config	 cfg;
	struct gs_whatif_diff	 d;
	struct gs_error		 err;
	char			 why[256];
	long			*drain = NULL;
	size_t			 i;
	int			 rc;

	if ((rc = cmd_simulate_run(sc, run, &run->cfg, &base)) != EXIT_OK)
		return rc;
	gs_cluster_copy(&c, &sc->cluster);
	gs_workload_copy(&w, &run->wl);
	gs_config_copy(&cfg, &run->cfg);
	if (gs_edits_apply(req->edits, req->nedits, &c, &w, &cfg, why,
	    sizeof why) != 0) {
		cmd_errorf("plan whatif: %s", why);
		rc = EXIT_USAGE;
		goto out;
	}
	memset(&o, 0, sizeof o);
	o.ndrain = gs_edits_drains(req->edits, req->nedits, &c, &drain);
	o.drain = drain;
	if (gs_simulate(&c, &w, &cfg, p, &o, &after, &err) != 0) {
		gs_sim_release(&after);
		rc = cmd_error_status(&err);
		goto out;
	}
	gs_whatif_diff(&base.cluster, &run->wl, &base.res, &after.cluster, &w,
	    &after.res, &d);
	if (req->json) {
		json_t *edits = json_array(), *mb = json_object();

		for (i = 0; i < req->nedits; i++)
			json_array_append_new(edits, json_string(
			    req->edits[i].text));
		for (i = 0; i < gs_metric_nrows; i++)
			json_object_set_new(mb, gs_metric_rows[i].key, json_pack(
			    "{s:f,s:f}", "before", round(gs_metric_rows[i].get(
			    &base.m) * 1e6) / 1e6, "after", round(
			    gs_metric_rows[i].get(&after.m) * 1e6) / 1e6));
		print_json(req, json_pack("{s:s,s:s,s:s,s:o,s:o,s:o,s:o,s:o,s:o}",
		    "gpusched_version", GS_VERSION, "scenario", sc->name, "run",
		    run->name, "edits", edits, "moved", changes_json(d.moved,
		    d.nmoved), "newly_pending", changes_json(d.pending,
		    d.npending), "newly_placed", changes_json(d.placed,
		    d.nplaced), "other", changes_json(d.other, d.nother),
		    "metrics", mb));
	} else {
		printf("scenario %s, run %s: what if", sc->name, run->name);
		for (i = 0; i < req->nedits; i++)
			printf(" %s%s", i ? "+ " : "", req->edits[i].text);
		printf("\n\n");
		changes_table("moved", d.moved, d.nmoved);
		changes_table("newly pending", d.pending, d.npending);
		changes_table("newly placed", d.placed, d.nplaced);
		if (d.nother)
			changes_table("added or removed", d.other, d.nother);
		printf("\n%-24s  %10s  %10s\n", "METRIC", "BEFORE", "AFTER");
		for (i = 0; i < gs_metric_nrows; i++)
			printf("%-24s  %10.*f  %10.*f\n", gs_metric_rows[i].title,
			    gs_metric_rows[i].decimals, gs_metric_rows[i].get(&base.m),
			    gs_metric_rows[i].decimals,
			    gs_metric_rows[i].get(&after.m));
	}
	gs_whatif_diff_release(&d);
	gs_sim_release(&after);
out:
	free(drain);
	gs_config_release(&cfg);
	gs_workload_release(&w);
	gs_cluster_release(&c);
	gs_sim_release(&base);
	return rc;
}

/* ---- Monte Carlo ----------------------------------------------------- */

/* The sweep of req->mc, with the progress line; EXIT_OK, or the status
 * of a failed run's error (*v freed). */
static int
run_montecarlo(const struct gs_scenario *sc, const struct gs_run *run,
    const struct plan_request *req, struct gs_mc_sample **v, size_t *n)
{
	struct gs_mc_opts	mc = req->mc;
	struct gs_error		err;
	int			rc;

	cmd_progress_start("plan montecarlo", "runs", req->quiet);
	mc.progress = cmd_progress();
	rc = gs_montecarlo(&sc->cluster, &run->wl, &run->cfg,
	    gs_policy_find(run->cfg.profile), &mc, v, n, &err);
	cmd_progress_end();
	if (rc != 0) {
		free(*v);
		return cmd_error_status(&err);
	}
	return EXIT_OK;
}

int
plan_montecarlo(const struct gs_scenario *sc, size_t ri,
    const struct plan_request *req)
{
	const struct gs_run	*run = &sc->runs[ri];
	struct gs_mc_sample	*v;
	struct gs_mc_header	 h;
	size_t			 n;
	int			 rc;

	if (req->mc.nshards > 1 && !req->json) {
		cmd_errorf("plan montecarlo: --shard writes JSON for gpusched "
		    "merge: add -o json");
		return EXIT_USAGE;
	}
	if ((rc = run_montecarlo(sc, run, req, &v, &n)) != EXIT_OK)
		return rc;
	h.scenario = sc->name;
	h.run = run->name;
	h.profile = run->cfg.profile;
	h.opts = req->mc;
	if (req->json)
		print_json(req, gs_mc_json(&h, v, n, req->mc.nshards > 1));
	else
		gs_mc_table(stdout, &h, v, n);
	free(v);
	return EXIT_OK;
}

/* ---- Markdown or HTML report ----------------------------------------- */

/* The GPU columns of a row (report/inputs.h): "-" where it has none. */
static void
gpu_cells(struct cmd_table *t, const struct gs_report_node_row *r)
{
	int	v[3] = { r->mem, r->slots, r->cores }, j;

	cmd_table_cell(t, "%zu", r->gpus);
	if (r->type[0] == '\0')
		cmd_table_cell(t, "-");
	else if (r->dp)
		cmd_table_cell(t, "%s (%s)", r->type, r->layout);
	else
		cmd_table_cell(t, "%s", r->type);
	for (j = 0; j < 3; j++) {
		if (v[j] < 0)
			cmd_table_cell(t, "-");
		else
			cmd_table_cell(t, "%d", v[j]);
	}
}

/* out, then container k's device plugin resources ("c: 1
 * nvidia.com/mig-1g.10gb", nvidia.com/gpu first as kube-scheduler counts
 * it: sched/kube_dp.c): a new string, or NULL when it asks none. */
static char *
dp_request_text(const char *out, size_t k, const struct gs_container *c)
{
	int64_t	 gpu = gs_kube_dp_ctr_asks(c, "nvidia.com/gpu");
	char	*s, *t;
	size_t	 i;

	if (gpu == 0 && c->dp.n == 0)
		return NULL;
	s = xasprintf("%s%s%s:", out, k ? "; " : "", c->name);
	if (gpu > 0) {
		t = xasprintf("%s %lld nvidia.com/gpu", s, (long long)gpu);
		free(s);
		s = t;
	}
	for (i = 0; i < c->dp.n; i++) {
		t = xasprintf("%s%s %s %s", s, i || gpu ? "," : "",
		    c->dp.v[i].val, c->dp.v[i].key);
		free(s);
		s = t;
	}
	return s;
}

/* out, then container k's request as HAMi builds it (r): a new string. */
static char *
hami_request_text(const char *out, size_t k, const struct gs_container *c,
    const struct hami_req *r)
{
	if (r->nums == 0)
		return xasprintf("%s%s%s: no GPU", out, k ? "; " : "",
		    c->name);
	if (r->mempct != 101 && r->memreq == 0)
		return xasprintf("%s%s%s: %d GPU x %d%% memory, %d%% cores",
		    out, k ? "; " : "", c->name, r->nums, r->mempct,
		    r->coresreq);
	return xasprintf("%s%s%s: %d GPU x %d MiB, %d%% cores", out,
	    k ? "; " : "", c->name, r->nums, r->memreq, r->coresreq);
}

/* What pod p's containers ask: as HAMi builds each request, or the NVIDIA
 * device plugin's resources (what a kube-* profile places, and what a
 * container asks that HAMi does not read). */
static char *
request_text(const struct gs_pod *p, const struct gs_config *cfg)
{
	char	*out = xstrdup(""), *next;
	size_t	 k;

	for (k = 0; k < p->nctrs; k++) {
		struct hami_req r;

		hami_build_request(&p->ctrs[k], cfg, &r);
		next = NULL;
		if (r.nums == 0 || gs_policy_of_family(cfg->profile, "kube"))
			next = dp_request_text(out, k, &p->ctrs[k]);
		if (next == NULL)
			next = hami_request_text(out, k, &p->ctrs[k], &r);
		free(out);
		out = next;
	}
	return out;
}

static void
doc_inputs(struct cmd_doc *d, const struct gs_scenario *sc,
    const struct gs_run *run)
{
	static const char *const nh[6] = { "nodes", "GPUs per node",
	    "GPU type", "memory per GPU (MiB)", "slots", "cores" };
	static const char *const wh[4] = { "workload", "kind", "pods",
	    "request per container" };
	struct cmd_table		 t;
	struct gs_report_node_row	*nr;
	struct gs_report_workload_row	*wr;
	size_t				 i, n;
	char				*req;

	cmd_doc_heading(d, "Inputs");
	cmd_table_init(&t, nh, "rrlrrr", 6);
	n = gs_report_node_rows(&sc->cluster, &nr);
	for (i = 0; i < n; i++) {
		cmd_table_cell(&t, "%zu", nr[i].count);
		gpu_cells(&t, &nr[i]);
	}
	free(nr);
	cmd_doc_table(d, &t);
	cmd_table_init(&t, wh, "llrl", 4);
	n = gs_report_workload_rows(&run->wl, &wr);
	for (i = 0; i < n; i++) {
		const struct gs_pod *p = &run->wl.pods[wr[i].first];

		cmd_table_cell(&t, "%s", p->workload);
		cmd_table_cell(&t, "%s", p->kind);
		cmd_table_cell(&t, "%zu", wr[i].count);
		req = request_text(p, &run->cfg);
		cmd_table_cell(&t, "%s", req);
		free(req);
	}
	free(wr);
	cmd_doc_table(d, &t);
}

/* The four patterns: the metrics table (Markdown), or the maps side by
 * side with it (HTML). */
static int
doc_patterns(struct cmd_doc *d, const struct gs_scenario *sc,
    const struct gs_run *run)
{
	static const char *const head[5] = { "metric", "binpack / binpack",
	    "spread / binpack", "binpack / spread", "spread / spread" };
	struct gs_sim		 sims[4];
	struct gs_report_run	 rr[4];
	struct cmd_table	 t;
	size_t			 k, i;
	int			 rc;

	for (k = 0; k < 4; k++) {
		struct gs_config cfg;

		gs_config_copy(&cfg, &run->cfg);
		gs_config_set_policies(&cfg, combos[k][0], combos[k][1]);
		cfg.override_policies = 1;
		rc = cmd_simulate_run(sc, run, &cfg, &sims[k]);
		gs_config_release(&cfg);
		if (rc != EXIT_OK) {
			while (k-- > 0)
				gs_sim_release(&sims[k]);
			return rc;
		}
		rr[k] = (struct gs_report_run){ sc->name, run->name,
		    &sims[k].cluster, &run->wl, &sims[k].cfg, &sims[k].res,
		    &sims[k].m, &sc->running, NULL };
	}
	if (d->html)
		gs_report_html_compare(&d->o.h, "The four patterns: the workload "
		    "under each node x GPU policy (pods' policy annotations "
		    "overridden)", rr, 4);
	else {
		cmd_doc_heading(d, "The four patterns");
		cmd_doc_para(d, "The workload under each node x GPU policy "
		    "(pods' policy annotations overridden).");
		cmd_table_init(&t, head, "lrrrr", 5);
		for (i = 0; i < gs_metric_nrows; i++) {
			cmd_table_cell(&t, "%s", gs_metric_rows[i].title);
			for (k = 0; k < 4; k++)
				cmd_table_cell(&t, "%.*f",
				    gs_metric_rows[i].decimals,
				    gs_metric_rows[i].get(&sims[k].m));
		}
		cmd_doc_table(d, &t);
	}
	for (k = 0; k < 4; k++)
		gs_sim_release(&sims[k]);
	return EXIT_OK;
}

static int
doc_headroom(struct cmd_doc *d, const struct gs_scenario *sc,
    const struct gs_run *run, const struct plan_request *req)
{
	static const char *const head[5] = { "workload", "placed", "pending",
	    "more that fit", "runs out first" };
	struct gs_headroom	*h;
	struct cmd_table	 t;
	size_t			 n, i;
	int			 rc;

	if ((rc = headroom_one(sc, run, &run->cfg, req->limit, &h,
	    &n)) != EXIT_OK)
		return rc;
	cmd_doc_heading(d, "Headroom");
	cmd_doc_para(d, "More pods of each workload's template that fit after "
	    "it is placed, under the scenario's policies.");
	cmd_table_init(&t, head, "lrrrl", 5);
	for (i = 0; i < n; i++) {
		cmd_table_cell(&t, "%s", h[i].workload);
		cmd_table_cell(&t, "%zu", h[i].placed);
		cmd_table_cell(&t, "%zu", h[i].pending);
		cmd_table_cell(&t, "%zu", h[i].additional);
		cmd_table_cell(&t, "%s", h[i].binding);
	}
	cmd_doc_table(d, &t);
	gs_headroom_free(h, n);
	return EXIT_OK;
}

static int
doc_nodes(struct cmd_doc *d, const struct gs_scenario *sc,
    const struct gs_run *run, const struct plan_request *req)
{
	static const char *const head[2] = { "pool", "nodes to add" };
	struct nodes_answer	a;
	struct cmd_table	t;
	size_t			i;
	int			rc;

	if ((rc = nodes_compute(sc, run, req, &a)) != EXIT_OK) {
		nodes_release(&a);
		return rc;
	}
	cmd_doc_heading(d, "Nodes to add");
	if (a.plan.found)
		cmd_doc_para(d, "%zu pod%s pending as the cluster is. The %s "
		    "mix that places every pod (%zu simulation%s):",
		    a.plan.pending_before, a.plan.pending_before == 1 ? "" :
		    "s", a.priced ? "cheapest" : "smallest",
		    a.plan.simulations, a.plan.simulations == 1 ? "" : "s");
	else
		cmd_doc_para(d, "%zu pod%s pending as the cluster is. No mix "
		    "of at most %zu nodes places every pod; the best found "
		    "leaves %zu pending:", a.plan.pending_before,
		    a.plan.pending_before == 1 ? "" : "s", req->max_nodes,
		    a.plan.pending_after);
	cmd_table_init(&t, head, "lr", 2);
	for (i = 0; i < a.npools; i++) {
		cmd_table_cell(&t, "%s", a.pools[i].name);
		cmd_table_cell(&t, "%zu", a.plan.count[i]);
	}
	cmd_doc_table(d, &t);
	if (a.priced)
		cmd_doc_para(d, "Cost: %.2f per hour.", a.plan.cost);
	nodes_release(&a);
	return EXIT_OK;
}

static int
doc_montecarlo(struct cmd_doc *d, const struct gs_scenario *sc,
    const struct gs_run *run, const struct plan_request *req)
{
	static const char *const head[5] = { "metric", "mean", "p50", "p95",
	    "max" };
	static const char *const titles[4] = { "pending pods", "nodes used",
	    "whole GPUs free", "fragmentation (% idle)" };
	struct gs_mc_sample	*v;
	struct gs_mc_stat	 st[4];
	struct cmd_table	 t;
	size_t			 n, k;
	int			 rc;

	if ((rc = run_montecarlo(sc, run, req, &v, &n)) != EXIT_OK)
		return rc;
	gs_mc_summary(v, n, st);
	cmd_doc_heading(d, "Monte Carlo");
	cmd_doc_para(d, "%zu runs, pod arrival order shuffled%s; seed %lu (run "
	    "r uses seed + r).", req->mc.runs, req->mc.rotate ? ", GPU "
	    "registration order drawn" : "", req->mc.seed);
	cmd_table_init(&t, head, "lrrrr", 5);
	for (k = 0; k < 4; k++) {
		cmd_table_cell(&t, "%s", titles[k]);
		cmd_table_cell(&t, "%.2f", st[k].mean);
		cmd_table_cell(&t, "%.2f", st[k].p50);
		cmd_table_cell(&t, "%.2f", st[k].p95);
		cmd_table_cell(&t, "%.2f", st[k].max);
	}
	cmd_doc_table(d, &t);
	free(v);
	return EXIT_OK;
}

int
plan_report(const struct gs_scenario *sc, size_t ri,
    const struct plan_request *req)
{
	const struct gs_run	*run = &sc->runs[ri];
	struct cmd_doc		 d;
	char			*title;
	int			 rc;

	title = xasprintf("Capacity plan: %s, run %s", sc->name, run->name);
	cmd_doc_begin(&d, strcmp(req->fmt, "html") == 0, req->output_file,
	    title);
	free(title);
	cmd_doc_para(&d, "Simulated by gpusched %s with the %s profile; "
	    "scheduler defaults node %s, GPU %s; node ties go to the node "
	    "listed first.", GS_VERSION, run->cfg.profile,
	    run->cfg.node_policy, run->cfg.gpu_policy);
	doc_inputs(&d, sc, run);
	if ((rc = doc_patterns(&d, sc, run)) != EXIT_OK ||
	    (rc = doc_headroom(&d, sc, run, req)) != EXIT_OK ||
	    (req->npools > 0 && (rc = doc_nodes(&d, sc, run, req)) !=
	    EXIT_OK) ||
	    (req->mc.runs > 0 && (rc = doc_montecarlo(&d, sc, run, req)) !=
	    EXIT_OK))
		return cmd_doc_end(&d, rc);
	return cmd_doc_end(&d, EXIT_OK);
}
