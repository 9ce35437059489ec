/*
 * load/workload.c: Kubernetes manifests to pods, in scheduling order:
 * documents in file order, List items in order, replicas by index.
 *
 * Pod, Deployment, ReplicaSet, StatefulSet (replicas), Job (parallelism,
 * capped by completions), CronJob (its job template), DaemonSet (one pod
 * per node the controller would run it on, judged by taints, cordon,
 * selector and node affinity with the controller's own tolerations; pinned
 * to that node).  Annotations are
 * read from the pod template, as HAMi reads them; HAMi annotations on a
 * controller's own metadata draw a warning; ResourceQuota objects give
 * HAMi's namespace quotas (model/quota.h); Services, ConfigMaps and other
 * objects without pods are skipped.  Resource quantities are
 * validated as the API server would (syntax, no negatives, whole numbers
 * for extended resources).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "sched/kai/request.h"
#include "sched/volcano/request.h"
#include "sched/volcano/vgpu.h"
#include "util/suggest.h"
#include "model/ident.h"
#include "sched/kubefilter.h"
#include "load/load.h"
#include "load/sharing.h"
#include "load/quantity.h"
#include "model/quota.h"
#include "load/dra.h"

/*
 * Kinds that hold no pods: skipped.  PodGroup (scheduling.x-k8s.io's
 * Coscheduling, scheduling.k8s.io's gang API, Volcano's) and Workload
 * (scheduling.k8s.io) among them: HAMi v2.10 reads none of them; it only
 * tells a member pod by its label or spec.schedulingGroup (gs_pod_group).
 */
static const char *const passive_kinds[] = {
	"PodGroup", "Workload",
	"Service", "ConfigMap", "Secret", "Namespace", "ServiceAccount",
	"Role", "RoleBinding", "ClusterRole", "ClusterRoleBinding",
	"PersistentVolumeClaim", "PersistentVolume", "Ingress",
	"NetworkPolicy", "HorizontalPodAutoscaler", "PodDisruptionBudget",
	"StorageClass", "CustomResourceDefinition", "LimitRange",
	"PriorityClass", "Endpoints", "EndpointSlice",
	"RuntimeClass", NULL
};

static int
is_hami_pod_annotation(const char *k)
{
	return strncmp(k, "hami.io/", 8) == 0 ||
	    strcmp(k, HAMI_USE_TYPE_ANNO) == 0 ||
	    strcmp(k, HAMI_NOUSE_TYPE_ANNO) == 0 ||
	    strcmp(k, HAMI_USE_UUID_ANNO) == 0 ||
	    strcmp(k, HAMI_NOUSE_UUID_ANNO) == 0 ||
	    strcmp(k, HAMI_NUMA_BIND_ANNO) == 0 ||
	    strcmp(k, HAMI_VGPU_MODE_ANNO) == 0;
}

static int
load_resources(const struct yt_file *f, const struct yt_node *n,
    const char *what, struct gs_resval *out, struct gs_kvlist *dp,
    const struct gs_hami_settings *hs, struct gs_warnings *w,
    struct gs_error *err)
{
	size_t	i;

	if (yt_is_null(n))
		return 0;
	if (yt_expect(f, n, YT_MAP, what, err) != 0)
		return -1;
	for (i = 0; i < yt_map_len(n); i++) {
		const struct yt_node	*k = yt_key(n, i), *v = yt_val(n, i);
		struct gs_quantity	 q;
		char			 why[64];
		int			 ours = gs_res_lookup(hs, k->str);

		if (v->type != YT_SCALAR || yt_is_null(v))
			return yt_error(f, v, err, "'%s' must be a quantity, "
			    "got %s", k->str, yt_type_name(v));
		if (gs_quantity_parse(v->str, &q, why, sizeof why) != 0)
			return yt_error(f, v, err, "'%s' must be a quantity, "
			    "got '%s' (%s)", k->str, v->str, why);
		if (q.negative)
			return yt_error(f, v, err, "'%s' must not be negative, "
			    "got '%s'", k->str, v->str);
		/* NVIDIA's device plugin's (load/sharing.h): kept by name. */
		/* NVIDIA's device plugin's and Volcano's vGPU
		 * (sched/volcano/request.h). */
		if (ours < 0 && (gs_dp_resource(k->str) ||
		    gs_volcano_resource(k->str))) {
			if (!q.integral || !q.fits || q.value > INT32_MAX)
				return yt_error(f, v, err, "'%s' must be a whole "
				    "number up to %d, got '%s'", k->str,
				    INT32_MAX, v->str);
			if (gs_kv_get(dp, k->str) == NULL) {
				char num[24];

				snprintf(num, sizeof num, "%lld",
				    (long long)q.value);
				gs_kv_set(dp, k->str, num);
			}
			continue;
		}
		if (ours < 0 && strncmp(k->str, "nvidia.com/", 11) == 0) {
			const char *const *names = hs != NULL ?
			    (const char *const *)hs->res : gs_res_names;
			const char *near = gs_suggest_within(k->str, names,
			    GS_RES_NVIDIA_N, 3);

			if (hs == NULL)
				gs_warn(w, f->path, k->line, k->col, "unknown "
				    "resource '%s': HAMi reads nvidia.com/gpu, "
				    "gpumem, gpumem-percentage and gpucores%s%s%s",
				    k->str, near ? " (did you mean '" : "",
				    near ? near : "", near ? "'?)" : "");
			else
				gs_warn(w, f->path, k->line, k->col, "unknown "
				    "resource '%s': HAMi reads %s, %s, %s and %s "
				    "(%s)%s%s%s", k->str, hs->res[GS_RES_GPU],
				    hs->res[GS_RES_GPUMEM],
				    hs->res[GS_RES_GPUMEM_PCT],
				    hs->res[GS_RES_GPUCORES], hs->file,
				    near ? " (did you mean '" : "",
				    near ? near : "", near ? "'?)" : "");
		}
		if (ours < 0)
			continue;
		if (!q.integral)
			return yt_error(f, v, err, "'%s' must be a whole number,"
			    " got '%s' (Kubernetes rejects fractional extended"
			    " resources)", k->str, v->str);
		if (!q.fits)
			return yt_error(f, v, err, "'%s' is too large: '%s'",
			    k->str, v->str);
		/* Metax sGPU's vmemory may be bytes (metax_sgpu.c). */
		if (q.value > INT32_MAX && ours != GS_RES_METAX_VMEM)
			gs_warn(w, f->path, v->line, v->col, "'%s' is %lld, "
			    "beyond int32: HAMi truncates it to %d", k->str,
			    (long long)q.value, (int32_t)(uint32_t)q.value);
		out[ours].set = 1;
		out[ours].ok = 1 | (gs_quantity_unit(&q) ? GS_RESVAL_UNIT : 0);
		out[ours].v = q.value;
	}
	return 0;
}

/* requests[name], else limits[name] (the API server's defaulting). */
static int64_t
effective(const struct yt_node *res, const char *name, int cpu)
{
	const struct yt_node	*v = yt_get(yt_get(res, "requests"), name);
	struct gs_quantity	 q;

	if (v == NULL || yt_is_null(v))
		v = yt_get(yt_get(res, "limits"), name);
	if (v == NULL || v->type != YT_SCALAR ||
	    gs_quantity_parse(v->str, &q, NULL, 0) != 0 || q.negative)
		return 0;
	return cpu ? q.milli : q.ceil;
}

static int
load_container(const struct yt_file *f, const struct yt_node *n,
    struct gs_container *c, const struct gs_hami_settings *hs,
    struct gs_warnings *w, struct gs_error *err)
{
	const struct yt_node	*v, *res, *sc;
	const char		*name;
	int			 priv = 0, r;

	if (yt_expect(f, n, YT_MAP, "containers[]", err) != 0)
		return -1;
	if ((v = yt_get(n, "name")) == NULL)
		return yt_error(f, n, err, "container needs a 'name'");
	if (yt_string(f, v, "name", &name, err) != 0)
		return -1;
	c->name = xstrdup(name);
	res = yt_get(n, "resources");
	if (!yt_is_null(res)) {
		if (yt_expect(f, res, YT_MAP, "resources", err) != 0 ||
		    load_resources(f, yt_get(res, "limits"), "limits", c->lim,
		    &c->dp, hs, w, err) != 0 ||
		    load_resources(f, yt_get(res, "requests"), "requests",
		    c->req, &c->dp, hs, w, err) != 0)
			return -1;
		gs_load_extres(res, c);
		c->cpu = effective(res, "cpu", 1);
		c->mem = effective(res, "memory", 0);
		for (r = 0; r < GS_RES_N; r++)
			if (c->req[r].set && c->lim[r].set &&
			    c->req[r].v != c->lim[r].v)
				gs_warn(w, f->path, res->line, res->col,
				    "container '%s': %s request %lld differs "
				    "from its limit %lld; Kubernetes requires "
				    "them equal, HAMi uses the limit", name,
				    gs_res_name(hs, r), (long long)c->req[r].v,
				    (long long)c->lim[r].v);
	}
	sc = yt_get(n, "securityContext");
	if (!yt_is_null(sc)) {
		if (yt_expect(f, sc, YT_MAP, "securityContext", err) != 0)
			return -1;
		if ((v = yt_get(sc, "privileged")) != NULL &&
		    !yt_is_null(v) &&
		    yt_bool(f, v, "privileged", &priv, err) != 0)
			return -1;
	}
	c->privileged = priv;
	return 0;
}

static int
opt_string(const struct yt_file *f, const struct yt_node *map,
    const char *key, char **out, struct gs_error *err)
{
	const char	*s;

	*out = NULL;
	if (yt_opt_string(f, map, key, &s, err) != 0)
		return -1;
	if (s != NULL)
		*out = xstrdup(s);
	return 0;
}

static int
load_tolerations(const struct yt_file *f, const struct yt_node *n,
    struct gs_pod *pod, struct gs_error *err)
{
	size_t	i;

	if (yt_is_null(n))
		return 0;
	if (yt_expect(f, n, YT_SEQ, "spec.tolerations", err) != 0)
		return -1;
	pod->tols = xcalloc(n->nitems ? n->nitems : 1, sizeof *pod->tols);
	for (i = 0; i < n->nitems; i++) {
		struct gs_toleration *t = &pod->tols[i];

		pod->ntols = i + 1;
		if (yt_expect(f, n->items[i], YT_MAP, "tolerations[]",
		    err) != 0 ||
		    opt_string(f, n->items[i], "key", &t->key, err) != 0 ||
		    opt_string(f, n->items[i], "operator", &t->op, err) != 0 ||
		    opt_string(f, n->items[i], "value", &t->value, err) != 0 ||
		    opt_string(f, n->items[i], "effect", &t->effect, err) != 0)
			return -1;
		if (t->op != NULL && strcmp(t->op, "Equal") != 0 &&
		    strcmp(t->op, "Exists") != 0)
			return yt_error(f, yt_get(n->items[i], "operator"), err,
			    "toleration operator must be Equal or Exists, got "
			    "'%s'", t->op);
	}
	return 0;
}

static int
load_requirements(const struct yt_file *f, const struct yt_node *n,
    int field, struct gs_selterm *t, struct gs_error *err)
{
	static const char *const ops[] = { "In", "NotIn", "Exists",
	    "DoesNotExist", "Gt", "Lt", NULL };
	size_t	i, k;

	if (yt_is_null(n))
		return 0;
	if (yt_expect(f, n, YT_SEQ, field ? "matchFields" :
	    "matchExpressions", err) != 0)
		return -1;
	for (i = 0; i < n->nitems; i++) {
		const struct yt_node	*e = n->items[i], *vals;
		struct gs_selreq	*r;

		if (yt_expect(f, e, YT_MAP, "requirement", err) != 0)
			return -1;
		t->reqs = xreallocarray(t->reqs, t->nreqs + 1, sizeof *t->reqs);
		r = &t->reqs[t->nreqs++];
		memset(r, 0, sizeof *r);
		r->field = field;
		if (opt_string(f, e, "key", &r->key, err) != 0 ||
		    opt_string(f, e, "operator", &r->op, err) != 0)
			return -1;
		if (r->key == NULL || r->op == NULL)
			return yt_error(f, e, err, "a node selector requirement "
			    "needs 'key' and 'operator'");
		for (k = 0; ops[k] != NULL && strcmp(ops[k], r->op) != 0; k++)
			;
		if (ops[k] == NULL)
			return yt_error(f, yt_get(e, "operator"), err,
			    "operator must be In, NotIn, Exists, DoesNotExist, "
			    "Gt or Lt, got '%s'", r->op);
		vals = yt_get(e, "values");
		if (yt_is_null(vals))
			continue;
		if (yt_expect(f, vals, YT_SEQ, "values", err) != 0)
			return -1;
		r->values = xcalloc(vals->nitems ? vals->nitems : 1,
		    sizeof *r->values);
		for (k = 0; k < vals->nitems; k++) {
			const char *s;

			if (yt_string(f, vals->items[k], "values[]", &s,
			    err) != 0)
				return -1;
			r->values[r->nvalues++] = xstrdup(s);
		}
	}
	return 0;
}

/* spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution */
static int
load_affinity(const struct yt_file *f, const struct yt_node *aff,
    struct gs_pod *pod, struct gs_error *err)
{
	const struct yt_node	*req, *terms;
	size_t			 i;

	req = yt_get(yt_get(aff, "nodeAffinity"),
	    "requiredDuringSchedulingIgnoredDuringExecution");
	if (yt_is_null(req))
		return 0;
	terms = yt_get(req, "nodeSelectorTerms");
	if (yt_expect(f, terms, YT_SEQ, "nodeSelectorTerms", err) != 0)
		return -1;
	pod->affinity = xcalloc(terms->nitems ? terms->nitems : 1,
	    sizeof *pod->affinity);
	for (i = 0; i < terms->nitems; i++) {
		pod->naffinity = i + 1;
		if (yt_expect(f, terms->items[i], YT_MAP, "nodeSelectorTerms[]",
		    err) != 0 ||
		    load_requirements(f, yt_get(terms->items[i],
		    "matchExpressions"), 0, &pod->affinity[i], err) != 0 ||
		    load_requirements(f, yt_get(terms->items[i],
		    "matchFields"), 1, &pod->affinity[i], err) != 0)
			return -1;
	}
	return 0;
}

/* A non-empty string value of map m's key, or NULL. */
static const char *
nonempty(const struct yt_node *m, const char *key)
{
	const struct yt_node	*v;

	if (m == NULL || m->type != YT_MAP || (v = yt_get(m, key)) == NULL ||
	    v->type != YT_SCALAR || yt_is_null(v) || v->str[0] == '\0')
		return NULL;
	return v->str;
}

/* IsPodGroupMember (HAMi v2.10, pkg/util/util.go): the Coscheduling
 * label, else spec.schedulingGroup.podGroupName; and KAI's queue label. */
static void
pod_group(const struct yt_node *meta, const struct yt_node *spec,
    struct gs_pod *pod)
{
	const char	*g = nonempty(yt_get(meta, "labels"),
			    "scheduling.x-k8s.io/pod-group");

	if (g == NULL)
		g = nonempty(yt_get(spec, "schedulingGroup"), "podGroupName");
	if (g != NULL)
		pod->pod_group = xstrdup(g);
	/* KAI's queue: the label its Config's global.queueLabelKey names,
	 * kai.scheduler/queue by default (pkg/apis/kai/v1/global.go); the
	 * podgrouper reads it, placement does not. */
	if ((g = nonempty(yt_get(meta, "labels"), "kai.scheduler/queue")) !=
	    NULL)
		pod->queue = xstrdup(g);
}

/*
 * spec.schedulerName: the scheduler that places the pod (sched/route.c).
 * Empty or null is unset, as the API server defaults it to
 * default-scheduler (SetDefaults_PodSpec, pkg/apis/core/v1/defaults.go).
 * A name is a DNS-1123 subdomain (ValidatePodSpec,
 * pkg/apis/core/validation/validation.go): at most 253 characters.
 */
static int
scheduler_name(const struct yt_file *f, const struct yt_node *spec,
    struct gs_pod *pod, struct gs_error *err)
{
	const struct yt_node	*v = yt_get(spec, "schedulerName");

	if (v == NULL || yt_is_null(v))
		return 0;
	if (v->type != YT_SCALAR)
		return yt_error(f, v, err, "spec.schedulerName must be a "
		    "string");
	if (v->str[0] == '\0')
		return 0;
	if (strlen(v->str) > 253 || strspn(v->str,
	    "abcdefghijklmnopqrstuvwxyz0123456789-.") != strlen(v->str))
		return yt_error(f, v, err, "spec.schedulerName '%s' is not a "
		    "DNS-1123 subdomain (lower-case letters, digits, '-' and "
		    "'.', at most 253)", v->str);
	pod->scheduler_name = xstrdup(v->str);
	return 0;
}

/* KAI's own request annotations (sched/kai/request.c), checked on a pod
 * that carries one or names kai-scheduler; located at the annotations. */
static int
kai_annotations(const struct yt_file *f, const struct yt_node *meta,
    const struct gs_pod *pod, struct gs_error *err)
{
	static const char *const keys[] = { "gpu-fraction", "gpu-memory",
	    "gpu-fraction-num-devices" };
	struct gs_kai_req	 r;
	const struct yt_node	*at;
	char			 why[160];
	size_t			 i;
	int			 any = pod->scheduler_name != NULL &&
				    strcmp(pod->scheduler_name,
				    "kai-scheduler") == 0;

	for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
		any |= gs_kv_get(&pod->annotations, keys[i]) != NULL;
	if (!any || gs_kai_request(pod, &r, why, sizeof why) == 0)
		return 0;
	at = meta != NULL ? yt_get(meta, "annotations") : NULL;
	return yt_error(f, at != NULL ? at : meta, err, "KAI-Scheduler "
	    "refuses the pod: %s", why);
}

/*
 * volcano.sh/vgpu-mode names one of Volcano's modes (sched/volcano/vgpu.h):
 * hami-core, mig or mps.  nvidia.com/vgpu-mode must contain one of the
 * modes HAMi's device plugin registers (CheckType matches each GPU's mode
 * as a substring of it): any other value fits no GPU.  Located at the
 * value.
 */
static int
vgpu_modes(const struct yt_file *f, const struct yt_node *meta,
    const struct gs_pod *pod, struct gs_error *err)
{
	const char		*v = gs_kv_get(&pod->annotations,
				    VOLCANO_MODE_ANNO), *key = VOLCANO_MODE_ANNO;
	const struct yt_node	*at;
	int			 hami = 0;

	if (v == NULL || gs_volcano_mode_known(v)) {
		key = HAMI_VGPU_MODE_ANNO;
		hami = 1;
		v = gs_kv_get(&pod->annotations, key);
		if (v == NULL || strstr(v, "hami-core") != NULL ||
		    strstr(v, "mig") != NULL || strstr(v, "mps") != NULL)
			return 0;
	}
	at = yt_get(yt_get(meta, "annotations"), key);
	return yt_error(f, at != NULL ? at : meta, err, "%s must %s "
	    "hami-core, mig or mps, got '%s'", key, hami ? "contain" : "be",
	    v);
}

/* Fill pod from a pod template (metadata + spec). */
static int
load_template(const struct yt_file *f, const struct yt_node *tmpl,
    struct gs_pod *pod, const struct gs_hami_settings *hs,
    struct gs_warnings *w, struct gs_error *err)
{
	const struct yt_node	*meta, *spec, *ctrs, *init;
	size_t			 i, j;
	int64_t			 init_cpu = 0, init_mem = 0;

	meta = yt_get(tmpl, "metadata");
	if (!yt_is_null(meta)) {
		if (yt_expect(f, meta, YT_MAP, "metadata", err) != 0 ||
		    gs_load_string_map(f, yt_get(meta, "annotations"),
		    "metadata.annotations", &pod->annotations, err) != 0)
			return -1;
	}
	spec = yt_get(tmpl, "spec");
	if (yt_expect(f, spec, YT_MAP, "spec", err) != 0)
		return -1;
	pod_group(meta, spec, pod);
	if (scheduler_name(f, spec, pod, err) != 0)
		return -1;
	ctrs = yt_get(spec, "containers");
	if (yt_expect(f, ctrs, YT_SEQ, "spec.containers", err) != 0)
		return -1;
	if (ctrs->nitems == 0)
		return yt_error(f, ctrs, err, "spec.containers must not be "
		    "empty");
	if (ctrs->nitems > 1000)
		return yt_error(f, ctrs, err, "more than 1000 containers");
	pod->ctrs = xcalloc(ctrs->nitems, sizeof *pod->ctrs);
	for (i = 0; i < ctrs->nitems; i++) {
		pod->nctrs = i + 1;
		if (load_container(f, ctrs->items[i], &pod->ctrs[i], hs, w,
		    err) != 0)
			return -1;
		for (j = 0; j < i; j++)
			if (strcmp(pod->ctrs[j].name, pod->ctrs[i].name) == 0)
				return yt_error(f, ctrs->items[i], err,
				    "duplicate container name '%s'",
				    pod->ctrs[i].name);
	}
	init = yt_get(spec, "initContainers");
	if (!yt_is_null(init)) {
		if (yt_expect(f, init, YT_SEQ, "spec.initContainers", err) != 0)
			return -1;
		if (init->nitems > 1000)
			return yt_error(f, init, err, "more than 1000 init "
			    "containers");
		if (init->nitems > 0)
			pod->init = xcalloc(init->nitems, sizeof *pod->init);
		for (i = 0; i < init->nitems; i++) {
			struct gs_container	*c = &pod->init[i];
			int			 r, any = 0;

			pod->ninit = i + 1;
			if (load_container(f, init->items[i], c, hs, w,
			    err) != 0)
				return -1;
			for (j = 0; j < i; j++)
				if (strcmp(pod->init[j].name, c->name) == 0)
					return yt_error(f, init->items[i], err,
					    "duplicate init container name "
					    "'%s'", c->name);
			for (r = 0; r < GS_RES_N; r++)
				any |= c->lim[r].set | c->req[r].set;
			if (any && w != NULL) {
				gs_warn(w, f->path, init->items[i]->line,
				    init->items[i]->col, "init container '%s' "
				    "asks for GPU resources: HAMi up to v2.8 "
				    "ignores init containers, v2.9 and v2.10 "
				    "give them GPUs", c->name);
				c->init_warning = w->n;
			}
			if (c->cpu > init_cpu)
				init_cpu = c->cpu;
			if (c->mem > init_mem)
				init_mem = c->mem;
		}
	}
	if (gs_load_string_map(f, yt_get(spec, "nodeSelector"),
	    "spec.nodeSelector", &pod->node_selector, err) != 0 ||
	    load_tolerations(f, yt_get(spec, "tolerations"), pod, err) != 0 ||
	    load_affinity(f, yt_get(spec, "affinity"), pod, err) != 0)
		return -1;
	/* Effective pod request: max(sum of containers, any init one). */
	for (i = 0; i < pod->nctrs; i++) {
		pod->req_cpu += pod->ctrs[i].cpu;
		pod->req_mem += pod->ctrs[i].mem;
	}
	if (init_cpu > pod->req_cpu)
		pod->req_cpu = init_cpu;
	if (init_mem > pod->req_mem)
		pod->req_mem = init_mem;
	if (vgpu_modes(f, meta, pod, err) != 0)
		return -1;
	return kai_annotations(f, meta, pod, err);
}

struct obj_info {
	const char	*kind;
	const char	*name;
	const char	*ns;
	const struct yt_node *at;
};

static int
object_meta(const struct yt_file *f, const struct yt_node *obj,
    struct obj_info *oi, struct gs_warnings *w, struct gs_error *err)
{
	const struct yt_node	*meta, *v, *annos;
	size_t			 i;

	oi->at = obj;
	oi->ns = GS_DEFAULT_NS;
	meta = yt_get(obj, "metadata");
	if (yt_expect(f, meta, YT_MAP, "metadata", err) != 0)
		return -1;
	if ((v = yt_get(meta, "name")) == NULL)
		v = yt_get(meta, "generateName");
	if (v == NULL)
		return yt_error(f, meta, err, "%s needs metadata.name",
		    oi->kind);
	if (yt_string(f, v, "metadata.name", &oi->name, err) != 0)
		return -1;
	if (oi->name[0] == '\0' || strlen(oi->name) > 253)
		return yt_error(f, v, err, "metadata.name must be 1 to 253 "
		    "characters");
	if (strchr(oi->name, '/') != NULL)
		return yt_error(f, v, err, "metadata.name must not contain "
		    "'/', got '%s'", oi->name);
	if ((v = yt_get(meta, "namespace")) != NULL && !yt_is_null(v)) {
		if (yt_string(f, v, "metadata.namespace", &oi->ns, err) != 0)
			return -1;
		if (oi->ns[0] == '\0')
			oi->ns = GS_DEFAULT_NS;	/* kubectl's default */
		if (strlen(oi->ns) > 63 || strchr(oi->ns, '/') != NULL)
			return yt_error(f, v, err, "metadata.namespace must be "
			    "at most 63 characters without '/', got '%s'",
			    oi->ns);
	}
	annos = yt_get(meta, "annotations");
	if (strcmp(oi->kind, "Pod") != 0 && !yt_is_null(annos)) {
		if (yt_expect(f, annos, YT_MAP, "metadata.annotations",
		    err) != 0)
			return -1;
		for (i = 0; i < yt_map_len(annos); i++)
			if (is_hami_pod_annotation(yt_key(annos, i)->str))
				gs_warn(w, f->path, yt_key(annos, i)->line,
				    yt_key(annos, i)->col, "annotation '%s' "
				    "is on the %s's own metadata, where HAMi "
				    "does not read it: move it to "
				    "spec.template.metadata.annotations",
				    yt_key(annos, i)->str, oi->kind);
	}
	return 0;
}

/* Refuse an object whose kind, namespace and name came before. */
static int
register_object(struct gs_workload *wl, const struct yt_file *f,
    const struct obj_info *oi, struct gs_error *err)
{
	const struct gs_idref	*first;

	if (wl->ids == NULL)
		wl->ids = xcalloc(1, sizeof *wl->ids);
	first = gs_idset_add(wl->ids, oi->kind, oi->ns, oi->name, f->path,
	    oi->at->line, oi->at->col);
	if (first == NULL)
		return 0;
	return yt_error(f, oi->at, err, "duplicate %s %s/%s (first defined "
	    "at %s:%d:%d)", oi->kind, oi->ns, oi->name, first->file,
	    first->line, first->col);
}

/*
 * Refuse a pod named like one of another object (Pod web-0 and the first
 * replica of Deployment web): one namespace/name is one pod.
 */
static int
register_pods(struct gs_workload *wl, size_t from, const struct yt_file *f,
    const struct obj_info *oi, struct gs_error *err)
{
	const struct gs_idref	*first;
	const struct gs_pod	*p, *q;
	size_t			 i, j;

	for (i = from; i < wl->npods; i++) {
		p = &wl->pods[i];
		first = gs_idset_add(wl->ids, "pod", p->ns, p->name, f->path,
		    oi->at->line, oi->at->col);
		if (first == NULL)
			continue;
		for (j = 0; j < from && !gs_pod_is(&wl->pods[j], p->ns,
		    p->name); j++)
			;
		q = j < from ? &wl->pods[j] : p;
		return yt_error(f, oi->at, err, "pod %s/%s of %s %s has the "
		    "namespace and name of a pod of %s %s (first defined at "
		    "%s:%d:%d); gpusched names replicas NAME-INDEX",
		    p->ns, p->name, oi->kind, oi->name, q->kind, q->workload,
		    first->file, first->line, first->col);
	}
	return 0;
}

static int
emit_pods(struct gs_workload *wl, const struct yt_file *f,
    const struct obj_info *oi, const struct yt_node *tmpl, int64_t count,
    const struct gs_cluster *cl, int daemon, struct gs_warnings *w,
    struct gs_error *err)
{
	struct gs_pod	 proto;
	int64_t		 i;
	size_t		 ni, before = wl->npods;

	memset(&proto, 0, sizeof proto);
	proto.pinned_node = -1;
	if (yt_expect(f, tmpl, YT_MAP, "pod template", err) != 0 ||
	    load_template(f, tmpl, &proto, cl != NULL ? cl->hami : NULL, w,
	    err) != 0) {
		gs_pod_release(&proto);
		return -1;
	}
	proto.name = xstrdup(oi->name);
	proto.ns = xstrdup(oi->ns);
	proto.workload = xstrdup(oi->name);
	proto.kind = xstrdup(oi->kind);
	proto.src_file = xstrdup(f->path);
	proto.src_line = oi->at->line;
	proto.src_col = oi->at->col;
	if (daemon) {
		gs_add_daemonset_tolerations(&proto);
		for (ni = 0; cl != NULL && ni < cl->nnodes; ni++) {
			struct gs_pod	*p;

			if (!gs_daemonset_eligible(&cl->nodes[ni], &proto))
				continue;
			p = gs_workload_add(wl);
			gs_pod_copy(p, &proto);
			free(p->name);
			p->name = xasprintf("%s-%s", oi->name,
			    cl->nodes[ni].name);
			p->pinned_node = (long)ni;
		}
	} else if (strcmp(oi->kind, "Pod") == 0) {
		gs_pod_copy(gs_workload_add(wl), &proto);
	} else {
		for (i = 0; i < count; i++) {
			struct gs_pod	*p = gs_workload_add(wl);

			gs_pod_copy(p, &proto);
			free(p->name);
			p->name = xasprintf("%s-%lld", oi->name, (long long)i);
		}
	}
	gs_pod_release(&proto);
	/* Each pod's DRA claims (load/dra.h): one entry per pod. */
	for (ni = before; ni < wl->npods; ni++)
		if (gs_dra_load_pod(&wl->dra, f, yt_get(tmpl, "spec"),
		    wl->pods[ni].ns, wl->pods[ni].name, err) != 0)
			return -1;
	return register_pods(wl, before, f, oi, err);
}

static int
int_field(const struct yt_file *f, const struct yt_node *spec,
    const char *key, int64_t def, int64_t *out, struct gs_error *err)
{
	const struct yt_node	*v = yt_get(spec, key);

	*out = def;
	if (v == NULL || yt_is_null(v))
		return 0;
	return yt_int64(f, v, key, 0, 100000, out, err);
}

static int
load_object(struct gs_workload *wl, const struct yt_file *f,
    const struct yt_node *obj, const struct gs_cluster *cl,
    struct gs_warnings *w, int depth, struct gs_error *err)
{
	const struct yt_node	*kind, *spec, *items, *jt;
	struct obj_info		 oi;
	int64_t			 n, par, comp;
	size_t			 i;

	if (yt_expect(f, obj, YT_MAP, "manifest", err) != 0)
		return -1;
	kind = yt_get(obj, "kind");
	if (kind == NULL)
		return yt_error(f, obj, err, "manifest has no 'kind'");
	if (yt_string(f, kind, "kind", &oi.kind, err) != 0)
		return -1;
	if (strlen(oi.kind) >= 4 &&
	    strcmp(oi.kind + strlen(oi.kind) - 4, "List") == 0) {
		if (depth > 0)
			return yt_error(f, kind, err, "a List inside a List");
		items = yt_get(obj, "items");
		if (yt_is_null(items))
			return 0;
		if (yt_expect(f, items, YT_SEQ, "items", err) != 0)
			return -1;
		for (i = 0; i < items->nitems; i++)
			if (load_object(wl, f, items->items[i], cl, w, 1,
			    err) != 0)
				return -1;
		return 0;
	}
	for (i = 0; passive_kinds[i] != NULL; i++)
		if (strcmp(oi.kind, passive_kinds[i]) == 0)
			return 0;	/* holds no pods */
	if (gs_dra_kind(oi.kind))	/* DRA objects (load/dra.h) */
		return gs_dra_load_object(&wl->dra, f, obj, oi.kind, err);
	if (strcmp(oi.kind, "Pod") != 0 && strcmp(oi.kind, "Deployment") != 0 &&
	    strcmp(oi.kind, "ResourceQuota") != 0 &&
	    strcmp(oi.kind, "ReplicaSet") != 0 &&
	    strcmp(oi.kind, "StatefulSet") != 0 &&
	    strcmp(oi.kind, "Job") != 0 && strcmp(oi.kind, "CronJob") != 0 &&
	    strcmp(oi.kind, "DaemonSet") != 0)
		return yt_error(f, kind, err, "unknown kind '%s' (workloads "
		    "are Pod, Deployment, ReplicaSet, StatefulSet, Job, "
		    "CronJob, DaemonSet)", oi.kind);
	if (object_meta(f, obj, &oi, w, err) != 0 ||
	    register_object(wl, f, &oi, err) != 0)
		return -1;
	if (strcmp(oi.kind, "ResourceQuota") == 0)
		return gs_load_quota(&wl->quotas, f, obj, oi.ns, oi.name,
		    cl != NULL ? cl->hami : NULL, w, err);
	if (strcmp(oi.kind, "Pod") == 0)
		return emit_pods(wl, f, &oi, obj, 1, cl, 0, w, err);
	spec = yt_get(obj, "spec");
	if (yt_expect(f, spec, YT_MAP, "spec", err) != 0)
		return -1;
	if (strcmp(oi.kind, "CronJob") == 0) {
		jt = yt_get(spec, "jobTemplate");
		if (yt_expect(f, jt, YT_MAP, "spec.jobTemplate", err) != 0)
			return -1;
		spec = yt_get(jt, "spec");
		if (yt_expect(f, spec, YT_MAP, "spec.jobTemplate.spec",
		    err) != 0)
			return -1;
	}
	if (strcmp(oi.kind, "Job") == 0 || strcmp(oi.kind, "CronJob") == 0) {
		if (int_field(f, spec, "parallelism", 1, &par, err) != 0 ||
		    int_field(f, spec, "completions", -1, &comp, err) != 0)
			return -1;
		n = comp >= 0 && comp < par ? comp : par;
	} else if (int_field(f, spec, "replicas", 1, &n, err) != 0)
		return -1;
	return emit_pods(wl, f, &oi, yt_get(spec, "template"), n, cl,
	    strcmp(oi.kind, "DaemonSet") == 0, w, err);
}

int
gs_load_workload_doc(struct gs_workload *w, const struct yt_file *f,
    const struct yt_node *doc, const struct gs_cluster *cl,
    struct gs_warnings *warn, struct gs_error *err)
{
	/* A streamed List's item (yamltree.h yt_each) is one level down. */
	return load_object(w, f, doc, cl, warn, f->item, err);
}

struct wl_load {
	struct gs_workload	*w;
	const struct gs_cluster	*cl;
	struct gs_warnings	*warn;
};

static int
wl_doc(const struct yt_file *f, const struct yt_node *root, void *arg,
    struct gs_error *err)
{
	struct wl_load	*l = arg;

	return gs_load_workload_doc(l->w, f, root, l->cl, l->warn, err);
}

int
gs_load_workload_file(struct gs_workload *w, const char *path,
    const struct gs_cluster *cl, struct gs_warnings *warn,
    struct gs_error *err)
{
	struct wl_load	l = { w, cl, warn };
	size_t		before = w->npods, ndocs;
	int		rc;

	/* One document's tree at a time. */
	rc = yt_each(path, wl_doc, &l, &ndocs, err);
	if (rc == 0 && w->dra != NULL)
		rc = gs_dra_check(cl != NULL ? cl->dra : NULL, w->dra, err);
	if (rc == 0 && ndocs == 0)
		rc = gs_error_set(err, strcmp(path, "-") == 0 ? "<stdin>" :
		    path, 1, 1, "expected Kubernetes manifests, found an "
		    "empty file");
	if (rc != 0) {
		while (w->npods > before)
			gs_pod_release(&w->pods[--w->npods]);
	}
	return rc;
}
