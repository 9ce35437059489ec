/*
 * sched/kubefilter.c: kube-scheduler's node filters, in its plugin order.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/kubefilter.h"
#include "util/int32.h"
#include "util/util.h"

static int
str_eq(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "") == 0;
}

/* v1.Toleration.ToleratesTaint */
static int
tolerates(const struct gs_toleration *t, const struct gs_taint *taint)
{
	if (t->effect != NULL && t->effect[0] != '\0' &&
	    !str_eq(t->effect, taint->effect))
		return 0;
	if (t->op != NULL && strcmp(t->op, "Exists") == 0)
		return t->key == NULL || t->key[0] == '\0' ||
		    str_eq(t->key, taint->key);
	return str_eq(t->key, taint->key) && str_eq(t->value, taint->value);
}

static int
tolerated(const struct gs_pod *pod, const struct gs_taint *taint)
{
	size_t	i;

	for (i = 0; i < pod->ntols; i++)
		if (tolerates(&pod->tols[i], taint))
			return 1;
	return 0;
}

static int
parse_int(const char *s, long long *out)
{
	char	*end;

	errno = 0;
	*out = strtoll(s, &end, 10);
	return *s != '\0' && *end == '\0' && errno == 0;
}

static int
req_ok(const struct gs_node *n, const struct gs_selreq *r)
{
	const char	*v = r->field ? (strcmp(r->key, "metadata.name") == 0 ?
			    n->name : NULL) : gs_kv_get(&n->labels, r->key);
	long long	 a, b;
	size_t		 i;
	int		 in = 0;

	for (i = 0; v != NULL && i < r->nvalues; i++)
		in |= strcmp(v, r->values[i]) == 0;
	if (strcmp(r->op, "In") == 0)
		return in;
	if (strcmp(r->op, "NotIn") == 0)
		return !in;
	if (strcmp(r->op, "Exists") == 0)
		return v != NULL;
	if (strcmp(r->op, "DoesNotExist") == 0)
		return v == NULL;
	if (v == NULL || r->nvalues != 1 || !parse_int(v, &a) ||
	    !parse_int(r->values[0], &b))
		return 0;
	return strcmp(r->op, "Gt") == 0 ? a > b : a < b;
}

static int
affinity_ok(const struct gs_node *n, const struct gs_pod *pod)
{
	size_t	i, j;

	if (!gs_node_selected(n, &pod->node_selector))
		return 0;
	if (pod->naffinity == 0)
		return 1;
	for (i = 0; i < pod->naffinity; i++) {
		const struct gs_selterm *t = &pod->affinity[i];
		int ok = t->nreqs > 0;	/* an empty term matches nothing */

		for (j = 0; j < t->nreqs && ok; j++)
			ok = req_ok(n, &t->reqs[j]);
		if (ok)
			return 1;
	}
	return 0;
}

const char *
gs_kube_filter_full(const struct gs_node *n, const struct gs_pod *pod,
    char *buf, size_t len)
{
	static const struct gs_taint unsched = {
		"node.kubernetes.io/unschedulable", NULL, "NoSchedule"
	};
	size_t	i;

	if (n->unschedulable && !tolerated(pod, &unsched)) {
		snprintf(buf, len, "NodeUnschedulable");
		return buf;
	}
	for (i = 0; i < n->ntaints; i++) {
		const struct gs_taint *t = &n->taints[i];

		if (!str_eq(t->effect, "NoSchedule") &&
		    !str_eq(t->effect, "NoExecute"))
			continue;
		if (!tolerated(pod, t)) {
			snprintf(buf, len, "TaintToleration (untolerated taint "
			    "%s%s%s:%s)", t->key, t->value && t->value[0] ?
			    "=" : "", t->value ? t->value : "", t->effect);
			return buf;
		}
	}
	if (!affinity_ok(n, pod)) {
		snprintf(buf, len, "%s", pod->naffinity ? "NodeAffinity" :
		    "NodeSelectorMismatch");
		return buf;
	}
	if (n->has_alloc) {
		if (n->used_pods + 1 > n->alloc_pods) {
			snprintf(buf, len, "NodeResourcesFit (Too many pods)");
			return buf;
		}
		if (pod->req_cpu > 0 && pod->req_cpu > n->alloc_cpu -
		    n->used_cpu) {
			snprintf(buf, len, "NodeResourcesFit (Insufficient "
			    "cpu)");
			return buf;
		}
		if (pod->req_mem > 0 && pod->req_mem > n->alloc_mem -
		    n->used_mem) {
			snprintf(buf, len, "NodeResourcesFit (Insufficient "
			    "memory)");
			return buf;
		}
	}
	return NULL;
}

int64_t
gs_ctr_ext_count(const struct gs_container *c, const char *name)
{
	size_t	i;

	for (i = 0; i < c->next; i++)
		if (strcmp(c->ext[i].name, name) == 0)
			return c->ext[i].count;
	return 0;
}

int64_t
gs_pod_ext_request(const struct gs_pod *pod, const char *name)
{
	int64_t	sum = 0, v;
	size_t	i;

	for (i = 0; i < pod->nctrs; i++)
		sum = i64_add(sum, gs_ctr_ext_count(&pod->ctrs[i], name));
	for (i = 0; i < pod->ninit; i++)
		if ((v = gs_ctr_ext_count(&pod->init[i], name)) > sum)
			sum = v;
	return sum;
}

/* pkg/scheduler/framework/plugins/noderesources/fit.go fitsRequest: a
 * scalar resource of request 0 is skipped, else it must not pass the
 * node's allocatable less what its pods request. */
const char *
gs_kube_fit_ext(const char *name, int64_t want, int64_t alloc, int64_t used,
    char *buf, size_t len)
{
	if (want == 0 || want <= i64_sub(alloc, used))
		return NULL;
	snprintf(buf, len, "NodeResourcesFit (Insufficient %s)", name);
	return buf;
}

void
gs_add_daemonset_tolerations(struct gs_pod *pod)
{
	static const struct {
		const char	*key;
		const char	*effect;
	} auto_tols[] = {
		{ "node.kubernetes.io/not-ready", "NoExecute" },
		{ "node.kubernetes.io/unreachable", "NoExecute" },
		{ "node.kubernetes.io/disk-pressure", "NoSchedule" },
		{ "node.kubernetes.io/memory-pressure", "NoSchedule" },
		{ "node.kubernetes.io/pid-pressure", "NoSchedule" },
		{ "node.kubernetes.io/unschedulable", "NoSchedule" },
		{ "node.kubernetes.io/network-unavailable", "NoSchedule" },
	};
	size_t	i, n = sizeof auto_tols / sizeof auto_tols[0];

	pod->tols = xreallocarray(pod->tols, pod->ntols + n, sizeof *pod->tols);
	for (i = 0; i < n; i++) {
		struct gs_toleration *t = &pod->tols[pod->ntols++];

		t->key = xstrdup(auto_tols[i].key);
		t->op = xstrdup("Exists");
		t->value = NULL;
		t->effect = xstrdup(auto_tols[i].effect);
	}
}

int
gs_daemonset_eligible(const struct gs_node *n, const struct gs_pod *pod)
{
	struct gs_node	view = *n;
	char		buf[192];

	view.has_alloc = 0;	/* the controller does not check resources */
	return gs_kube_filter_full(&view, pod, buf, sizeof buf) == NULL;
}
