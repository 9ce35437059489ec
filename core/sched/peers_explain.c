/*
 * sched/peers_explain.c: explain of the peers' pods: a volcano-* pod's
 * device walk on a node (sched/volcano/explain.h) and a KAI fraction's
 * view of every node (sched/kai/frac_explain.h), each node seen as
 * sched/peers.c's decision sees it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "sched/kai/dp.h"
#include "sched/kai/frac_explain.h"
#include "sched/kai/guard.h"
#include "sched/kubefilter.h"
#include "sched/peers_int.h"
#include "sched/policy.h"
#include "util/util.h"

/*
 * explain of a volcano-* pod (sched/volcano/explain.h): node i as
 * peer_decide sees it, the device walk recorded.
 */
void
gs_peer_volcano_eval(const struct gs_cluster *c, const struct gs_config *cfg,
    const struct gs_pod *pod, size_t i, struct gs_peer_veval *e)
{
	struct peer_state	 st = { .kind = PK_VOLCANO_SPREAD, .cfg = cfg };
	struct gs_peer_pod		 pp;
	struct gs_pnode		 v;
	const struct gs_node	*n = &c->nodes[i];
	size_t			 maxdevs, j;

	if (gs_policy_strategy(cfg->profile) == GS_STRATEGY_BINPACK)
		st.kind = PK_VOLCANO_BINPACK;
	memset(e, 0, sizeof *e);
	e->trace.cards = -1;
	e->mode = -1;
	e->policy = gs_peer_volcano_policy(st.kind == PK_VOLCANO_BINPACK,
	    &cfg->volcano);
	gs_pk_pod_setup(&st, c, pod, &pp, &maxdevs);
	e->nreq = pod->nctrs;
	e->req = xcalloc(pod->nctrs ? pod->nctrs : 1, sizeof *e->req);
	memcpy(e->req, pp.req, pod->nctrs * sizeof *e->req);
	e->unmanaged = pp.v.gpu == 0;
	e->why = -1;
	if (e->unmanaged)
		;
	else if (gs_peer_volcano_off(&cfg->volcano) != NULL)
		e->why = GS_VCX_OFF;
	else if (pod->pinned_node >= 0 && (size_t)pod->pinned_node != i)
		e->why = GS_VCX_PINNED;
	else if ((e->why = gs_pk_node_refused(&st, c, n, pod, &pp, e->text,
	    sizeof e->text)) == PW_FILTER)
		gs_kube_filter(n, pod, e->text, sizeof e->text);
	if (e->why == PW_MODE || (e->why < 0 && !e->unmanaged))
		e->mode = pp.vmode;
	if (e->why < 0 && !e->unmanaged) {
		gs_pk_view_node(&st, n, &pp, &v);
		e->why = gs_pk_volcano_node(st.kind == PK_VOLCANO_BINPACK,
		    &cfg->volcano, n, &pp, &v, &e->trace, &e->score);
		for (j = 0; e->why < 0 && j < e->trace.n; j++)
			if (e->trace.step[j].check == GS_VCF_OK)
				e->raw += e->trace.step[j].score;
		e->raw = floor(e->raw + 0.5);	/* as the walk rounds it */
	}
	gs_peer_pod_release(&pp);
}

void
gs_peer_veval_release(struct gs_peer_veval *e)
{
	free(e->req);
	free(e->trace.step);
}

/* --- explain (sched/kai/frac_explain.h) ------------------------------- */

/* Node i's verdict in ex (why: a PW_*, or -1 when it fits with score),
 * and its GPUs, if any, as KAI counts them (k: the request they are told
 * against). */
static void
kai_explain_node(const struct peer_state *st, const struct gs_cluster *c,
    size_t i, const struct gs_pod *pod, struct gs_peer_pod *pp, int why,
    double score, const char *mbuf, const struct gs_preq *k,
    struct gs_kai_fx *ex)
{
	const struct gs_node	*n = &c->nodes[i];
	struct gs_kx_node	*x = &ex->node[i];
	struct gs_kai_local	 l;
	struct gs_pnode		 v;
	char			 fbuf[192];
	size_t			 j;
	int			 nfit = 0;

	x->verdict = why < 0 ? GS_KX_FITS : why == PW_FILTER ? GS_KX_FILTER :
	    why == PW_KAI_TYPE ? GS_KX_TYPE : why == PW_NO_GPUS ?
	    GS_KX_NO_GPUS : GS_KX_SHORT;
	if (why == PW_FILTER)
		snprintf(x->why, sizeof x->why, "refused by kube-scheduler: "
		    "%s", gs_kube_filter(n, pod, fbuf, sizeof fbuf));
	else if (why == PW_KAI_TYPE)
		snprintf(x->why, sizeof x->why, "refused by KAI: %s", mbuf);
	else if (why == PW_NO_GPUS)
		snprintf(x->why, sizeof x->why, n->ndevs == 0 ? "no GPUs" :
		    "no GPU KAI sees (neither HAMi's nor the device plugin's)");
	if (n->ndevs == 0)
		return;
	gs_pk_view_node(st, n, pp, &v);
	gs_kai_fx_gpus(ex->binpack, n, &v, k, pp->g, why < 0 ? pp->ng : 0,
	    x);
	if (why >= 0 && why != PW_GPUS)
		return;
	if (why >= 0) {
		for (j = 0; j < x->ngpu; j++)
			nfit += x->gpu[j].fits;
		if (x->ngpus == 0)
			snprintf(x->why, sizeof x->why, "no whole GPU KAI "
			    "shares (MIG instances or renamed replicas only)");
		else
			snprintf(x->why, sizeof x->why, "%d of its GPUs take%s "
			    "the request, %lld asked", nfit, nfit == 1 ? "s" :
			    "", (long long)ex->ngpu);
		return;
	}
	gs_peer_kai_local(ex->binpack, &v, &pp->v, &l);
	x->score = score;
	x->sharing = l.sharing;
	x->placement = score - l.base - (l.sharing ? 1000 : 0);
	snprintf(x->why, sizeof x->why, "fits");
}

/* The devices of the pick pp->g on n as gs_pk_place() grants them: a device
 * plugin node's view entries are KAI's units, mapped as the engine maps
 * them (a new group's unit is the one the device plugin gives). */
static void
kai_given_devices(const struct gs_node *n, const struct gs_peer_pod *pp,
    int *given)
{
	int32_t		*claimed = n->dp ? gs_kai_dp_claims(n) : NULL;
	struct gs_grant	 g;
	size_t		 t;

	for (t = 0; t < pp->ng; t++) {
		given[t] = pp->g[t].dev;
		if (claimed == NULL)
			continue;
		memset(&g, 0, sizeof g);
		gs_kai_dp_grant(n, (size_t)pp->g[t].dev, pp->g[t].whole,
		    pp->g[t].mem, claimed, &g);
		given[t] = g.dev;
	}
	free(claimed);
}

void
gs_kai_frac_explain(const struct gs_cluster *c, const struct gs_pod *pod,
    const struct gs_config *cfg, int binpack, struct gs_kai_fx *ex)
{
	struct peer_state	 st = { .kind = binpack ? PK_KAI_BINPACK :
				    PK_KAI_SPREAD, .cfg = cfg };
	struct gs_peer_pod		 pp;
	const struct gs_preq	*k = NULL;
	size_t			 i, maxdevs = 1;
	double			 score = 0;
	char			 mbuf[160] = "";
	int			 why, guard = 0;

	memset(ex, 0, sizeof *ex);
	ex->binpack = binpack;
	ex->chosen = -1;
	gs_pk_cluster_facts(&st, c);
	maxdevs = st.maxdevs;
	gs_peer_pod_init(&pp, pod, cfg, maxdevs);
	ex->own = gs_peer_pod_kai_own(&pp, pod);
	ex->nreq = pod->nctrs;
	ex->req = xcalloc(pod->nctrs ? pod->nctrs : 1, sizeof *ex->req);
	memcpy(ex->req, pp.req, pod->nctrs * sizeof *ex->req);
	ex->ngpu = pp.v.gpu;
	ex->nnodes = c->nnodes;
	ex->node = xcalloc(c->nnodes ? c->nnodes : 1, sizeof *ex->node);
	ex->given = xcalloc((size_t)pp.v.gpu + 1, sizeof *ex->given);
	ex->unmanaged = pp.v.gpu == 0;
	for (i = 0; i < pod->nctrs && k == NULL; i++)
		if (pp.req[i].num > 0)
			k = &pp.req[i];
	ex->frac = k != NULL && k->frac;
	if (binpack && !ex->unmanaged)
		gs_pk_kai_prepare(c, GS_KAI_POD_FRACTION, &pp.kr);
	ex->range = pp.kr;
	for (i = 0; i < c->nnodes && !ex->unmanaged; i++) {
		const struct gs_node *n = &c->nodes[i];

		if (pod->pinned_node >= 0 && (size_t)pod->pinned_node != i) {
			ex->node[i].verdict = GS_KX_PINNED;
			snprintf(ex->node[i].why, sizeof ex->node[i].why,
			    "not the pod's node (spec.nodeName)");
			continue;
		}
		if ((why = gs_pk_node_refused(&st, c, n, pod, &pp, mbuf,
		    sizeof mbuf)) < 0)
			why = gs_pk_node(&st, n, &pp, &score, NULL);
		kai_explain_node(&st, c, i, pod, &pp, why, score, mbuf, k, ex);
		/* peer_decide's choice: the highest score, ties to the
		 * smallest name. */
		if (why >= 0 || (ex->chosen >= 0 && (score < ex->score ||
		    (score == ex->score && strcmp(n->name,
		    c->nodes[ex->chosen].name) >= 0))))
			continue;
		ex->chosen = (long)i;
		ex->score = score;
		ex->ngiven = pp.ng;
		kai_given_devices(n, &pp, ex->given);
		for (guard = 0; guard < (int)pp.ng && pp.g[guard].dev >= 0;
		    guard++)
			;
		guard = guard < (int)pp.ng;	/* sched/kai/guard.h */
	}
	if (guard)			/* the binding fails: pending */
		ex->chosen = -1;
	for (i = 0; i < c->nnodes && ex->chosen >= 0; i++)
		ex->ties += (long)i != ex->chosen &&
		    ex->node[i].verdict == GS_KX_FITS &&
		    ex->node[i].score == ex->score;
	gs_peer_pod_release(&pp);
}
