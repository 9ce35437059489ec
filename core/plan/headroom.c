/*
 * plan/headroom.c: how many more pods of each workload fit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "plan/plan.h"
#include "util/util.h"

/*
 * The resource behind a pending reason: the reason that counts the most
 * devices (nodes x devices) in "0/N nodes fit: G nodes: a/b Name, ...".
 */
const char *
gs_binding_from_reason(const char *reason)
{
	static const struct {
		const char	*name;
		const char	*binding;
	} map[] = {
		{ "CardInsufficientMemory", "memory" },
		{ "CardTimeSlicingExhausted", "slots" },
		{ "CardInsufficientCore", "cores" },
		{ "CardComputeUnitsExhausted", "cores" },
		{ "ExclusiveDeviceAllocateConflict", "whole GPUs" },
		{ "AllocatedCardsInsufficientRequest", "GPUs on one node" },
		{ "NodeInsufficientDevice", "GPUs per node" },
		{ "CardTypeMismatch", "GPU type" },
		{ "CardUuidMismatch", "GPU UUID" },
		{ "NumaNotFit", "NUMA" },
		{ "NodeSelectorMismatch", "nodes (selector)" },
		{ "node unregistered", "nodes" },
	};
	const size_t	nmap = sizeof map / sizeof map[0];
	double		weight[sizeof map / sizeof map[0]];
	const char	*p, *q;
	size_t		k, best = nmap;
	long		nodes = 1;

	memset(weight, 0, sizeof weight);
	if (reason == NULL)
		return "none";
	/* The peers' profiles say it in one sentence (sched/peers.c,
	 * sched/fgd.c). */
	if (strstr(reason, "which no node advertises without HAMi") != NULL)
		return "HAMi's resources (not advertised)";
	if (strstr(reason, "without enough free GPUs") != NULL)
		return "free GPUs";
	if (strstr(reason, "GPUs (in milli-GPU), cpu and memory") != NULL)
		return "GPU share, cpu or memory";
	/* kube-scheduler over the device plugin's resources
	 * (sched/kube_dp.c): "F refused by kube-scheduler filters, I
	 * Insufficient <resource>". */
	if ((p = strstr(reason, " Insufficient ")) != NULL &&
	    strstr(reason, "refused by kube-scheduler filters") != NULL) {
		while (p > reason && p[-1] >= '0' && p[-1] <= '9')
			p--;
		return strtol(p, NULL, 10) > 0 ? "device plugin resources" :
		    "nodes (kube-scheduler filters)";
	}
	p = strchr(reason, ':');
	while (p != NULL && *p != '\0') {
		/* A group: " G node(s): items" up to ';' */
		p++;
		nodes = strtol(p, (char **)&q, 10);
		if (q == p)
			break;
		p = strchr(q, ':');
		if (p == NULL)
			break;
		q = strchr(p, ';');
		for (k = 0; k < nmap; k++) {
			const char *hit = strstr(p, map[k].name);
			long cnt = 1;

			if (hit == NULL || (q != NULL && hit > q))
				continue;
			/* "a/b Name": a devices of b on each node. */
			if (hit >= p + 5 && hit[-1] == ' ') {
				const char *s = hit - 2;

				while (s > p && *s >= '0' && *s <= '9')
					s--;
				if (*s == '/') {
					s--;
					while (s > p && s[-1] >= '0' &&
					    s[-1] <= '9')
						s--;
					cnt = strtol(s, NULL, 10);
				}
			}
			weight[k] += (double)nodes * (double)cnt;
		}
		p = q;
	}
	/* What ran out (the first seven) before what never fitted: devices
	 * of another type or UUID, nodes filtered out. */
	for (k = 0; k < 7; k++)
		if (weight[k] > 0 && (best == nmap || weight[k] > weight[best]))
			best = k;
	for (k = 7; k < nmap && best == nmap; k++)
		if (weight[k] > 0)
			best = k;
	for (k = 7; k < nmap; k++)
		if (best >= 7 && best < nmap && weight[k] > weight[best])
			best = k;
	return best == nmap ? "unknown" : map[best].binding;
}

static size_t
first_of(const struct gs_workload *w, const char *name)
{
	size_t	i;

	for (i = 0; i < w->npods; i++)
		if (strcmp(w->pods[i].workload, name) == 0)
			return i;
	return w->npods;
}

int
gs_plan_headroom(const struct gs_cluster *c, const struct gs_workload *w,
    const struct gs_result *r, const struct gs_config *cfg,
    const struct gs_policy *p, size_t limit, struct gs_headroom **out,
    size_t *n, struct gs_error *err)
{
	struct gs_headroom	*v = NULL;
	size_t			 nv = 0, cap = 0, i, k;
	int			 rc = 0;

	for (i = 0; i < w->npods && rc == 0; i++) {
		const struct gs_pod	*tmpl = &w->pods[i];
		struct gs_headroom	*h;
		struct gs_cluster	 cc;
		struct gs_pod		 pod;
		void			*st;

		if (first_of(w, tmpl->workload) != i)
			continue;
		grow_array(&v, &cap, nv + 1, sizeof *v);
		h = &v[nv++];
		memset(h, 0, sizeof *h);
		h->workload = xstrdup(tmpl->workload);
		h->kind = xstrdup(tmpl->kind);
		for (k = 0; k < r->npl; k++)
			if (strcmp(w->pods[r->pl[k].pod].workload,
			    tmpl->workload) == 0) {
				h->placed += r->pl[k].status == GS_PLACED;
				h->pending += r->pl[k].status == GS_PENDING;
			}
		if (tmpl->pinned_node >= 0) {
			h->binding = xstrdup("n/a (one pod per node)");
			continue;
		}
		gs_cluster_copy(&cc, c);
		gs_pod_copy(&pod, tmpl);
		st = gs_policy_start(p, &cc, cfg, w);
		for (;;) {
			struct gs_placement	d;

			if (h->additional >= limit) {
				h->limited = 1;
				h->binding = xasprintf("none before the limit of "
				    "%zu", limit);
				break;
			}
			free(pod.name);
			pod.name = xasprintf("%s-extra-%zu", tmpl->workload,
			    h->additional);
			if ((rc = gs_policy_decide(p, st, &cc, &pod, &d,
			    err)) != 0)
				break;
			if (d.status != GS_PLACED) {
				if (d.status == GS_UNMANAGED)
					h->binding = xstrdup("n/a (no GPU "
					    "request)");
				else {
					h->binding = xstrdup(
					    gs_binding_from_reason(d.reason));
					h->reason = d.reason ? xstrdup(d.reason)
					    : NULL;
				}
				gs_placement_release(&d);
				break;
			}
			gs_engine_commit(&cc, &d, &pod);
			gs_placement_release(&d);
			h->additional++;
		}
		p->destroy(st);
		gs_pod_release(&pod);
		gs_cluster_release(&cc);
	}
	*out = v;
	*n = nv;
	return rc;
}

void
gs_headroom_free(struct gs_headroom *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		free(v[i].workload);
		free(v[i].kind);
		free(v[i].binding);
		free(v[i].reason);
	}
	free(v);
}
