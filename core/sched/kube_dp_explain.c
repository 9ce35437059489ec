/*
 * sched/kube_dp_explain.c: the reasons behind gs_kube_dp_decide, one node and
 * one device at a time (sched/kube_dp_explain.h).  A node fails
 * kube-scheduler's filters (sched/kubefilter.c) or NodeResourcesFit's
 * "Insufficient <resource>" (pkg/scheduler/framework/plugins/noderesources/
 * fit.go, fitsRequest: allocatable - requested < asked); a device gives no
 * unit because every instance of that profile or every replica is held
 * (the device plugin's Allocate has nothing left, internal/rm/allocate.go),
 * because it is unhealthy (the plugin advertises it Unhealthy and the
 * kubelet withholds it), or because it advertises another resource: a MIG
 * instance of another profile (mig-<profile> is its own resource under the
 * mixed strategy, spec/peers.md §4.3), a time-sliced GPU for a MIG ask.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/kube_dp_explain.h"
#include "sched/kubefilter.h"
#include "load/sharing.h"

/* Why device j of n gives the asks nothing, or that it can. */
static void
dev_why(const struct gs_node *n, size_t j, const struct gs_dp_explain *ex,
    struct gs_dp_dev_why *w)
{
	const struct gs_device	*d = &n->devs[j];
	size_t			 k;

	gs_dev_resource(n, d, w->res, sizeof w->res);
	for (k = 0; k < ex->nasks; k++) {
		if (!gs_kube_dp_offers(n, j, ex->ask[k].name, &w->cap,
		    &w->used))
			continue;
		if (!d->health)
			snprintf(w->why, sizeof w->why, "unhealthy: the device "
			    "plugin withholds it");
		else if (w->used < w->cap) {
			w->usable = 1;
			snprintf(w->why, sizeof w->why, "free: %d of %d %s "
			    "taken", (int)w->used, (int)w->cap,
			    d->kind == GS_DEV_MIG ? "instance" :
			    d->kind == GS_DEV_TIMESLICE || d->kind ==
			    GS_DEV_MPS ? "replicas" : "GPU");
		} else if (d->kind == GS_DEV_MIG)
			snprintf(w->why, sizeof w->why, "no free instance of "
			    "%s: held", d->mig != NULL ? d->mig->name : "it");
		else if (d->kind == GS_DEV_TIMESLICE || d->kind == GS_DEV_MPS)
			snprintf(w->why, sizeof w->why, "no replica left: %d of "
			    "%d taken", (int)w->used, (int)w->cap);
		else
			snprintf(w->why, sizeof w->why, "in use");
		return;
	}
	w->cap = w->used = 0;
	if (d->kind == GS_DEV_MIG)
		snprintf(w->why, sizeof w->why, "profile mismatch: a %s "
		    "instance, the pod asks %s", d->mig != NULL ? d->mig->name :
		    "MIG", ex->nasks > 0 ? ex->ask[0].name : "none");
	else
		snprintf(w->why, sizeof w->why, "%s%s: offers %s, the pod "
		    "asks %s", gs_devkind_name(d->kind), d->kind ==
		    GS_DEV_WHOLE ? " GPU" : " replicas", w->res,
		    ex->nasks > 0 ? ex->ask[0].name : "none");
}

/* The container of pod asking more than one replica on n, which the device
 * plugin refuses with failRequestsGreaterThanOne (internal/rm/
 * allocate.go: "request for ... more than one shared GPU"), or NULL. */
static const char *
gt1_container(const struct gs_node *n, const struct gs_pod *pod,
    const struct gs_dp_explain *ex)
{
	size_t	i, j, k;
	int32_t	c1, u1;

	if (!n->dp || !n->dp_fail_gt1)
		return NULL;
	for (i = 0; i < pod->nctrs; i++)
		for (k = 0; k < ex->nasks; k++) {
			if (gs_kube_dp_ctr_asks(&pod->ctrs[i],
			    ex->ask[k].name) < 2)
				continue;
			for (j = 0; j < n->ndevs; j++)
				if ((n->devs[j].kind == GS_DEV_TIMESLICE ||
				    n->devs[j].kind == GS_DEV_MPS) &&
				    gs_kube_dp_offers(n, j, ex->ask[k].name,
				    &c1, &u1))
					return pod->ctrs[i].name;
		}
	return NULL;
}

/* NodeResourcesFit over the asks: 1, or 0 with why. */
static int
node_fit(const struct gs_node *n, const struct gs_pod *pod,
    const struct gs_dp_explain *ex, char *why, size_t len)
{
	const char	*who;

	int64_t	cap, used;
	int32_t	c1, u1;
	size_t	j, k;

	for (k = 0; k < ex->nasks; k++) {
		for (j = 0, cap = 0, used = 0; j < n->ndevs; j++)
			if (gs_kube_dp_offers(n, j, ex->ask[k].name, &c1,
			    &u1)) {
				cap += c1;
				used += u1;
			}
		if (cap - used < ex->ask[k].n) {
			snprintf(why, len, "Insufficient %s: %lld free of %lld, "
			    "asks %lld", ex->ask[k].name, (long long)(cap -
			    used), (long long)cap, (long long)ex->ask[k].n);
			return 0;
		}
	}
	if ((who = gt1_container(n, pod, ex)) != NULL) {
		snprintf(why, len, "fits, but container '%s' asks more than "
		    "one replica: failRequestsGreaterThanOne makes the kubelet "
		    "fail it (UnexpectedAdmissionError) if chosen", who);
		return 1;
	}
	snprintf(why, len, "fits");
	return 1;
}

void
gs_kube_dp_explain(const struct gs_cluster *c, const struct gs_pod *pod,
    const struct gs_placement *d, long detail, struct gs_dp_explain *ex)
{
	char	fbuf[192];
	size_t	i;

	memset(ex, 0, sizeof *ex);
	ex->nasks = gs_kube_dp_asks(pod, ex->ask, GS_DP_ASKS);
	ex->nnodes = c->nnodes;
	ex->node = xcalloc(c->nnodes ? c->nnodes : 1, sizeof *ex->node);
	for (i = 0; i < c->nnodes; i++) {
		const struct gs_node	*n = &c->nodes[i];
		const char		*f;

		if (pod->pinned_node >= 0 && (size_t)pod->pinned_node != i) {
			snprintf(ex->node[i].why, sizeof ex->node[i].why,
			    "not the node spec.nodeName names");
			continue;
		}
		if ((f = gs_kube_filter(n, pod, fbuf, sizeof fbuf)) != NULL) {
			snprintf(ex->node[i].why, sizeof ex->node[i].why,
			    "%s", f);
			continue;
		}
		ex->node[i].fits = node_fit(n, pod, ex, ex->node[i].why,
		    sizeof ex->node[i].why);
	}
	ex->verdict = xcalloc(c->nnodes ? c->nnodes : 1, sizeof *ex->verdict);
	for (i = 0; i < c->nnodes; i++) {
		ex->verdict[i].why = ex->node[i].why;
		ex->verdict[i].fits = ex->node[i].fits;
	}
	if (d != NULL)
		gs_xverdict_chosen(ex->verdict, c->nnodes, d);
	if (detail < 0 && d != NULL && d->status == GS_PLACED)
		detail = d->node;
	ex->detail = detail;
	if (detail < 0 || (size_t)detail >= c->nnodes)
		return;
	ex->ndevs = c->nodes[detail].ndevs;
	ex->fail_gt1 = c->nodes[detail].dp && c->nodes[detail].dp_fail_gt1;
	ex->dev = xcalloc(ex->ndevs ? ex->ndevs : 1, sizeof *ex->dev);
	for (i = 0; i < ex->ndevs; i++) {
		dev_why(&c->nodes[detail], i, ex, &ex->dev[i]);
		ex->dev[i].given = d != NULL && d->node == detail &&
		    gs_placement_gives(d, i);
	}
}

void
gs_kube_dp_explain_release(struct gs_dp_explain *ex)
{
	free(ex->node);
	free(ex->verdict);
	free(ex->dev);
	memset(ex, 0, sizeof *ex);
}
