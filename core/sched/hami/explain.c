/*
 * sched/hami/explain.c: HAMi v2.6.1's Filter for one pod, every node evaluated
 * (as HAMi does; no shortcuts) with the reasons and GPU traces kept.  The
 * chosen node is picked by the same rule as the policy: binpack the
 * highest node score, spread the lowest, ties to the node listed first.
 * A pod asking for Ascend 910 NPUs (v2.7+) has their network score added
 * to the node score of each node that fits (OverrideScore).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/hami/explain.h"
#include "sched/hami/metax.h"
#include "sched/hami/mig.h"
#include "sched/hami/neuron.h"
#include "sched/hami/vastai.h"
#include "sched/hami/vendor.h"
#include "util/util.h"

/* Evaluate node i; with detail, keep each container's GPU trace. */
/*
 * A MIG GPU's row under the geometry model (v2.6-v2.9): the instances
 * chosen on it ("[1-0], 10240 MiB"), or the geometry CustomFilterRule
 * tried and why it failed.
 */
static void
geom_text(const struct gs_device *dev, const struct hami_creq *r,
    const struct hami_filter *f, const struct gs_grant *g, int ng, size_t d,
    struct gs_explain_gpu *x)
{
	size_t	t, off = 0;
	int	k;

	if (x->result == HR_N)
		for (k = 0; k < ng && off < sizeof x->mig; k++)
			if (g[k].dev == (int)d) {
				if (off > 0)
					off += (size_t)snprintf(x->mig + off,
					    sizeof x->mig - off, "; ");
				if (off < sizeof x->mig)
					hami_geom_taken(&g[k], x->mig + off,
					    sizeof x->mig - off);
				off = strlen(x->mig);
			}
	if (x->result != HR_CARD_NOT_FOUND_CUSTOM_FILTER_RULE)
		return;
	for (t = 0; t < r->n; t++)
		if (r->r[t].vendor == GV_NVIDIA)
			hami_geom_tried(f->hp, dev, r->r[t].memreq, x->mig,
			    sizeof x->mig);
}

/*
 * A v2.10 MIG GPU's row: the instances chosen on it for the container, or
 * the profiles its memory request tried (selectMigCandidate's order) when
 * CustomFilterRule failed.
 */
static void
mig_text(const struct gs_node *node, size_t d, const struct hami_creq *r,
    const struct hami_filter *f, const struct gs_grant *g, int ng,
    struct gs_explain_gpu *x)
{
	const struct gs_device	*dev = &node->devs[d];
	size_t			 t, off = 0;
	int			 k;

	x->mig[0] = '\0';
	if (hami_geom_applies(f->hp, dev)) {
		geom_text(dev, r, f, g, ng, d, x);
		return;
	}
	if (dev->hmig == NULL || !f->hp->mig_reservation)
		return;
	if (x->result == HR_N)
		for (k = 0; k < ng && off < sizeof x->mig; k++)
			if (g[k].dev == (int)d && g[k].mig != 0)
				off += (size_t)snprintf(x->mig + off,
				    sizeof x->mig - off, "%s%s at %d",
				    off ? ", " : "",
				    dev->hmig->p[g[k].mig - 1].name,
				    g[k].mig_start);
	if (x->result != HR_CARD_MIG_TOPOLOGY_INFEASIBLE)
		return;
	for (t = 0; t < r->n; t++)
		if (r->r[t].vendor == GV_NVIDIA)
			hami_mig_tried(dev->hmig, hami_memreq(dev, &r->r[t]),
			    x->mig, sizeof x->mig);
}

static void
eval(const struct gs_node *node, const struct gs_explain *ex,
    const struct hami_filter *f, int detail, struct hami_pod_quota *q,
    struct gs_explain_node *out)
{
	struct hami_scratch	 s;
	struct gs_grant		*g;
	int			 counts[HR_N], insufficient, *ng;
	int			(*tg)[HAMI_MAX_TYPES];
	size_t			 c, d, stride = hami_grant_capacity(node->ndevs);

	memset(&s, 0, sizeof s);
	hami_scratch_load(&s, node, f->gpu_binpack);
	g = xcalloc(ex->nctrs * stride + 1, sizeof *g);
	tg = xcalloc(ex->nctrs + 1, sizeof *tg);
	ng = xcalloc(ex->nctrs + 1, sizeof *ng);
	/* The namespace's quotas (v2.7+), as the policy reads them. */
	if (q != NULL) {
		q->grants = g;
		q->stride = stride;
		q->ngrants = ng;
		q->ninit = ex->ninit;
		s.quota = q;
	}
	out->fits = 1;
	for (c = 0; c < ex->nctrs && out->fits; c++) {
		if (q != NULL)
			q->cur = c;
		struct gs_explain_detail *dt = NULL;

		/* v2.10: each init container, then the containers, from the
		 * node's own usage. */
		if (hami_fresh_usage(f->hp, c, ex->ninit))
			hami_scratch_load(&s, node, f->gpu_binpack);
		if (ex->reqs[c].nums == 0)
			continue;
		if (detail) {
			out->detail = xreallocarray(out->detail,
			    out->ndetail + 1, sizeof *out->detail);
			dt = &out->detail[out->ndetail++];
			dt->ctr = c;
			dt->ngpus = node->ndevs;
			dt->gpus = xcalloc(node->ndevs ? node->ndevs : 1,
			    sizeof *dt->gpus);
			s.trace_try = xcalloc(node->ndevs ? node->ndevs : 1,
			    sizeof(int));
			s.trace_result = xcalloc(node->ndevs ? node->ndevs : 1,
			    sizeof(int));
			for (d = 0; d < node->ndevs; d++)
				s.trace_result[d] = -1;
		}
		out->fits = hami_fit_container(&s, &ex->reqs[c], f,
		    g + c * stride, counts, &insufficient);
		memcpy(tg[c], s.type_grants, sizeof tg[c]);
		ng[c] = out->fits ? s.ngrants : 0;
		if (dt != NULL) {
			for (d = 0; d < node->ndevs; d++) {
				dt->gpus[d].dev = (int)d;
				dt->gpus[d].score = s.score[d];
				dt->gpus[d].try_pos = s.trace_try[d];
				dt->gpus[d].result = s.trace_result[d];
				mig_text(node, d, &ex->reqs[c], f,
				    g + c * stride, ng[c], &dt->gpus[d]);
			}
			free(s.trace_try);
			free(s.trace_result);
			s.trace_try = s.trace_result = NULL;
		}
		if (!out->fits)
			hami_format_reasons(counts, s.cards, insufficient,
			    out->reason, sizeof out->reason);
	}
	/* OverrideScore: Ascend 910 network shares, Kunlun's calcscore and
	 * Metax's topology score and Vastai's AIC shares join the node
	 * score. */
	out->network = 0;
	out->network_label = hami_kunlun_scored(ex->reqs, ex->nctrs) ?
	    "Kunlun topology score" : hami_vastai_scored(ex->reqs,
	    ex->nctrs) ? "Vastai AIC score" : "Ascend network score";
	if (hami_metax_scored(ex->reqs, ex->nctrs))
		out->network_label = f->hp->override_replaces ?
		    "Metax topology score replacing the default" :
		    "Metax topology score";
	if (out->fits && hami_override_scored(ex->reqs, ex->nctrs, f->hp))
		out->network = hami_override_score(node, ex->reqs,
		    ex->nctrs, g, stride, (const int (*)[HAMI_MAX_TYPES])tg,
		    f);
	/* v2.6.1 keeps the node score when devScore is not above 0. */
	if (f->hp->override_replaces && out->network <= 0)
		out->network = 0;
	free(tg);
	free(ng);
	free(g);
	hami_scratch_release(&s);
}

int
gs_explain_pod(const struct gs_cluster *c, const struct gs_pod *pod,
    const struct gs_config *cfg, long detail_node, struct gs_explain *ex)
{
	struct hami_filter	f;
	struct hami_pod_quota	q, *qp;
	size_t			i;
	long			best = -1;
	int			spread;
	const char		*why;

	memset(ex, 0, sizeof *ex);
	ex->chosen = -1;
	ex->ninit = hami_pod_requests(pod, cfg, c, &ex->reqs);
	ex->nctrs = ex->ninit + pod->nctrs;
	hami_neuron_resolve(ex->reqs, ex->nctrs, c);
	hami_effective_policies(pod, cfg, &ex->node_policy, &ex->gpu_policy);
	ex->node_policy_from_pod = !cfg->override_policies &&
	    gs_kv_get(&pod->annotations, HAMI_NODE_POLICY_ANNO) != NULL;
	ex->gpu_policy_from_pod = !cfg->override_policies &&
	    gs_kv_get(&pod->annotations, HAMI_GPU_POLICY_ANNO) != NULL;
	hami_filter_init(&f, pod, cfg);
	spread = f.node_spread;
	ex->nnodes = c->nnodes;
	ex->nodes = xcalloc(c->nnodes ? c->nnodes : 1, sizeof *ex->nodes);
	if ((why = hami_admission(pod, cfg, c, ex->refused,
	    sizeof ex->refused)) != NULL ||
	    (hami_quota_webhook_refuses(c, pod, cfg, ex->reqs, ex->ninit) &&
	    snprintf(ex->refused, sizeof ex->refused, "exceeding resource "
	    "quota") > 0) ||
	    (f.error != NULL && snprintf(ex->refused, sizeof ex->refused,
	    "HAMi's Filter fails: %s", f.error) > 0)) {
		for (i = 0; i < c->nnodes; i++)
			ex->nodes[i].filtered = ex->refused;
		hami_filter_release(&f);
		return 0;
	}
	qp = hami_quota_prepare(&q, c, pod, f.hp) ? &q : NULL;
	for (i = 0; i < c->nnodes; i++) {
		const struct gs_node	*n = &c->nodes[i];
		struct gs_explain_node	*en = &ex->nodes[i];

		if (pod->pinned_node >= 0 && (size_t)pod->pinned_node != i) {
			en->filtered = "DaemonSet pod for another node";
			continue;
		}
		if ((en->filtered = hami_node_refusal(c, n, pod, f.hp,
		    en->filter_buf, sizeof en->filter_buf)) != NULL)
			continue;
		en->score = hami_node_score_v(n->devs, n->ndevs, f.hp);
		eval(n, ex, &f, (long)i == detail_node, qp, en);
		if (!en->fits)
			continue;
		en->score = hami_override_total(en->score, en->network, f.hp);
		if (best < 0 || hami_node_prefer(spread, en->score, i,
		    ex->nodes[best].score, (size_t)best))
			best = (long)i;
	}
	ex->chosen = best;
	if (best >= 0) {
		for (i = 0; i < c->nnodes; i++)
			if ((long)i != best && ex->nodes[i].fits &&
			    !ex->nodes[i].filtered &&
			    ex->nodes[i].score == ex->nodes[best].score)
				ex->ties++;
		if (best != detail_node) {
			struct gs_explain_node	*en = &ex->nodes[best];

			en->fits = 0;
			eval(&c->nodes[best], ex, &f, 1, qp, en);
		}
		snprintf(ex->why, sizeof ex->why, "%s takes the %s node score "
		    "among the nodes that fit%s", spread ? "spread" : "binpack",
		    spread ? "lowest" : "highest", ex->ties ? "; equal "
		    "scores: the node listed first wins (HAMi: goroutine "
		    "order, random)" : "");
	}
	hami_filter_release(&f);
	return 0;
}

const char *
gs_explain_ctr(const struct gs_explain *ex, const struct gs_pod *pod,
    size_t i, int *init)
{
	*init = i < ex->ninit;
	return gs_pod_container(pod, ex->ninit, i)->name;
}

void
gs_explain_release(struct gs_explain *ex)
{
	size_t	i, j;

	for (i = 0; i < ex->nnodes; i++) {
		for (j = 0; j < ex->nodes[i].ndetail; j++)
			free(ex->nodes[i].detail[j].gpus);
		free(ex->nodes[i].detail);
	}
	free(ex->nodes);
	free(ex->reqs);
	memset(ex, 0, sizeof *ex);
}

const struct gs_quota *
gs_explain_quota(const struct gs_cluster *c, const struct gs_pod *pod,
    const char *profile, size_t *i)
{
	const struct hami_profile *hp = hami_profile_find(profile);

	for (; hp != NULL && hp->quota_fit != HQF_NONE &&
	    *i < c->quotas.n; (*i)++)
		if (c->quotas.v[*i].limit_set &&
		    strcmp(c->quotas.v[*i].ns, pod->ns) == 0)
			return &c->quotas.v[(*i)++];
	return NULL;
}
