/*
 * sched/hami/request.c: how HAMi v2.6.1 turns a container's resources into a
 * ContainerDeviceRequest.  First the admission webhook
 * (mutateContainerResource: a container with gpumem, gpumem-percentage or
 * gpucores in its limits but no nvidia.com/gpu gets defaultGPUNum GPUs;
 * privileged containers are skipped), then GenerateResourceRequests
 * (limits before requests, per resource; the 101 "no percentage" sentinel;
 * the whole card when no memory is asked for).  Spec §1.3, §1.4.
 * Later versions: v2.7's exclusive-core default, v2.9's init containers
 * (requests built, webhook not applied), and v2.10's checks (percentage
 * clamped and 0 unset, a bad gpumem voids the request, the webhook
 * refusing bad percentages and privileged GPU pods).
 *
 * Other vendors (sched/hami/vendor.h; those the version registers): each
 * device's MutateAdmission (Iluvatar sets its
 * cores to 100 per device for several devices; Ascend rounds memory up to
 * a vNPU template and refuses what fits none) and its
 * GenerateResourceRequests (memory in the vendor's unit, the vendor's
 * default cores, percentage 100 when no memory is asked for; v2.10's
 * range guards).
 */
#include <stdio.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "sched/hami/neuron.h"
#include "util/int32.h"
#include "util/util.h"
#include "sched/hami/vendor.h"


/*
 * v2.7+ webhook's defaultExclusiveCoreIfNeeded (pkg/device/nvidia/
 * device.go): nvidia.com/gpu in limits or requests, no gpucores in either,
 * and the whole memory (gpumem-percentage 100, or no memory asked for):
 * the container gets gpucores 100, and MutateAdmission reports a resource.
 */
static int
exclusive_default(const struct gs_resval *lim, const struct gs_resval *req)
{
	const struct gs_resval	*m;

	if ((!lim[GS_RES_GPU].set && !req[GS_RES_GPU].set) ||
	    lim[GS_RES_GPUCORES].set || req[GS_RES_GPUCORES].set)
		return 0;
	m = hami_pick(lim, req, GS_RES_GPUMEM_PCT);
	if (m->set)
		return m->ok && m->v == 100;
	return !lim[GS_RES_GPUMEM].set && !req[GS_RES_GPUMEM].set;
}

/* NVIDIA's MutateAdmission on c's limits, into lim; mutate 0 leaves
 * them as written. */
static void
mutate_limits(const struct gs_container *c, const struct gs_config *cfg,
    int mutate, struct gs_resval *lim)
{
	const struct hami_profile *hp = hami_profile(cfg);

	memcpy(lim, c->lim, sizeof c->lim);
	if (mutate && !lim[GS_RES_GPU].set &&
	    (lim[GS_RES_GPUCORES].set || lim[GS_RES_GPUMEM].set ||
	    lim[GS_RES_GPUMEM_PCT].set) && cfg->default_gpunum > 0) {
		lim[GS_RES_GPU].set = 1;
		lim[GS_RES_GPU].ok = 1;
		lim[GS_RES_GPU].v = cfg->default_gpunum;
	}

	/* v2.7+ webhook: the card alone for a whole-memory request. */
	if (mutate && hp->exclusive_core_default &&
	    exclusive_default(lim, c->req)) {
		lim[GS_RES_GPUCORES].set = 1;
		lim[GS_RES_GPUCORES].ok = 1;
		lim[GS_RES_GPUCORES].v = 100;
	}
}

void
hami_webhook_limits(const struct gs_container *c, const struct gs_config *cfg,
    struct gs_resval *lim)
{
	/* v2.10 mutates privileged containers too (and then refuses the
	 * pod: hami_admission). */
	mutate_limits(c, cfg, !c->privileged ||
	    hami_profile(cfg)->webhook_all_containers, lim);
}

/* webhook 0 skips the admission webhook's changes (v2.9 does not mutate
 * init containers). */
static void
build_request(const struct gs_container *c, const struct gs_config *cfg,
    int webhook, struct hami_req *out)
{
	const struct hami_profile *hp = hami_profile(cfg);
	struct gs_resval	 lim[GS_RES_N];
	const struct gs_resval	*v, *m;
	int64_t			 memnum = 0;
	int32_t			 mempnum = 101, corenum;

	memset(out, 0, sizeof *out);
	if (webhook)
		hami_webhook_limits(c, cfg, lim);
	else
		mutate_limits(c, cfg, 0, lim);

	/* GenerateResourceRequests. */
	v = hami_pick(lim, c->req, GS_RES_GPU);
	if (!v->set || !v->ok)
		return;
	m = hami_pick(lim, c->req, GS_RES_GPUMEM);
	if (m->set && hp->request_guards &&
	    (!m->ok || m->v < 0 || m->v > INT32_MAX))
		return;		/* v2.10: no request at all */
	if (m->set && m->ok)
		memnum = m->v;
	m = hami_pick(lim, c->req, GS_RES_GPUMEM_PCT);
	if (m->set && m->ok) {
		if (!hp->request_guards)
			mempnum = i32_from64(m->v);
		else if (m->v > 0)	/* v2.10: clamped, 0 is unset */
			mempnum = m->v > 100 ? 100 : (int32_t)m->v;
	}
	if (mempnum == 101 && memnum == 0) {
		if (cfg->default_memory != 0)
			memnum = cfg->default_memory;
		else
			mempnum = 100;
	}
	corenum = cfg->default_cores;
	m = hami_pick(lim, c->req, GS_RES_GPUCORES);
	if (m->set && m->ok)
		corenum = i32_from64(m->v);

	out->nums = i32_from64(v->v);
	out->memreq = i32_from64(memnum);
	out->mempct = mempnum;
	out->coresreq = corenum;
	/* Resourcereqs keeps only requests with Nums > 0. */
	if (out->nums <= 0)
		memset(out, 0, sizeof *out);
}

void
hami_build_request(const struct gs_container *c, const struct gs_config *cfg,
    struct hami_req *out)
{
	build_request(c, cfg, 1, out);
}

/*
 * What the webhook reads of the cluster: Enflame's vGCU factor
 * (hami_enflame_pod_factor; 0 where the caller only looks for refusals,
 * which Enflame's never makes) and AWS Neuron's coresPerAWSNeuron
 * (hami_neuron_cores).
 */
struct wfacts {
	int64_t	factor;
	int32_t	neuron;
};

/*
 * The cluster's coresPerAWSNeuron (hami_neuron_cores, a walk of every
 * device) for a pod that asks AWS Neuron resources; 0 for the others,
 * which never read it: a walk per pod made every run quadratic.
 */
static int32_t
pod_neuron_cores(const struct gs_pod *pod, const struct gs_cluster *cl)
{
	size_t	i;

	for (i = 0; i < pod->ninit + pod->nctrs; i++) {
		const struct gs_container *c = gs_pod_container(pod,
		    pod->ninit, i);

		if (c->lim[GS_RES_NEURON].set || c->req[GS_RES_NEURON].set ||
		    c->lim[GS_RES_NEURON_CORE].set ||
		    c->req[GS_RES_NEURON_CORE].set)
			return hami_neuron_cores(cl);
	}
	return 0;
}

/* MutateAdmission's "has a GPU resource" for one container; neuron:
 * wfacts'. */
static int
has_resource(const struct gs_container *c, const struct gs_config *cfg,
    int32_t neuron)
{
	const struct hami_profile *hp = hami_profile(cfg);
	int	v;

	if (c->lim[GS_RES_GPU].set)
		return 1;
	if ((c->lim[GS_RES_GPUCORES].set || c->lim[GS_RES_GPUMEM].set ||
	    c->lim[GS_RES_GPUMEM_PCT].set) && cfg->default_gpunum > 0)
		return 1;
	/* The vendors' MutateAdmission: found when the count is a limit
	 * (v2.10 AMD's: or its memory or cores; v2.10's Mthreads: or a
	 * request). */
	for (v = GV_NVIDIA + 1; v < GV_N; v++)
		if (gs_vendor_registered(v, hp) &&
		    (c->lim[gs_vendors[v].res_count].set ||
		    (v == GV_AMD && hami_amd_admits(c->lim)) ||
		    (v == GV_ENFLAME_DRS && hami_drs_admits(c->lim, c->req)) ||
		    (v == GV_MTHREADS && hp->mthreads_webhook_requests &&
		    c->req[GS_RES_MTHREADS].set) ||
		    (v == GV_NEURON && hami_neuron_admits(hp, neuron, c->lim,
		    c->req))))
			return 1;
	/*
	 * A GPU asked for only in requests is a resource only when
	 * defaultExclusiveCoreIfNeeded applies: the v2.10 webhook (Handle,
	 * pkg/scheduler/webhook.go) refuses a privileged container only when
	 * MutateAdmission reports one, so a privileged container asking
	 * gpumem or gpucores in requests is admitted and scheduled.
	 */
	return exclusive_default(c->lim, c->req);
}

static const char *vendor_webhooks(const struct gs_pod *,
		    const struct gs_container *, const struct gs_config *,
		    const struct wfacts *, struct gs_resval *, char *, size_t);

/*
 * Up to v2.9 (Handle, pkg/scheduler/webhook.go): the first container's
 * vendor MutateAdmission error, in container order, or NULL.  A panic
 * (hami_mthreads_panic) refuses the pod where controller-runtime
 * recovers it (v2.7+); v2.6.1's drops the call and the API server admits
 * the pod as it is (failurePolicy Ignore): NULL there.
 */
static const char *
vendor_refusal(const struct gs_pod *pod, const struct gs_config *cfg,
    const struct wfacts *fx, char *buf, size_t len)
{
	struct gs_resval	 lim[GS_RES_N];
	const char		*why;
	size_t			 i;

	for (i = 0; i < pod->nctrs; i++)
		if ((why = vendor_webhooks(pod, &pod->ctrs[i], cfg, fx, lim,
		    buf, len)) != NULL)
			return why;
	return NULL;
}

/*
 * Does HAMi's webhook (Handle, pkg/scheduler/webhook.go, v2.6.1 to v2.10)
 * claim the pod, setting spec.schedulerName to hami-scheduler?  Only when
 * some container's MutateAdmission finds a resource of a registered
 * device; privileged containers are skipped before v2.10 (v2.10 refuses
 * them instead, hami_admission).
 */
int
hami_webhook_claims(const struct gs_pod *pod, const struct gs_config *cfg,
    const struct gs_cluster *cl)
{
	struct wfacts	fx = { 0, pod_neuron_cores(pod, cl) };
	int		all = hami_profile(cfg)->webhook_refusals;
	size_t		i;
	char		buf[160];

	/* A panic v2.6.1's webhook does not recover: admitted unmutated. */
	if (!all && !hami_profile(cfg)->webhook_recovers_panic &&
	    vendor_refusal(pod, cfg, &fx, buf, sizeof buf) ==
	    hami_mthreads_panic)
		return 0;

	for (i = 0; i < pod->ninit + pod->nctrs; i++) {
		const struct gs_container *c = gs_pod_container(pod,
		    pod->ninit, i);

		if ((all || (i >= pod->ninit && !c->privileged)) &&
		    has_resource(c, cfg, fx.neuron))
			return 1;
	}
	return 0;
}


static const char *
check_container(const struct gs_container *c, char *buf, size_t len)
{
	/* resourceValue: limits, then requests. */
	const struct gs_resval	*v = hami_pick(c->lim, c->req, GS_RES_GPUMEM_PCT);

	if (v->set && (v->v < 0 || v->v > 100)) {
		snprintf(buf, len, "invalid nvidia.com/gpumem-percentage value "
		    "%lld in container %s: must be an integer between 0 and "
		    "100", (long long)v->v, c->name);
		return buf;
	}
	return NULL;
}

const char *
hami_admission(const struct gs_pod *pod, const struct gs_config *cfg,
    const struct gs_cluster *cl, char *buf, size_t len)
{
	struct wfacts			 fx = { 0, pod_neuron_cores(pod, cl) };
	const struct gs_container	*priv = NULL;
	struct gs_resval		 lim[GS_RES_N];
	const char			*why;
	size_t				 i;
	int				 any = 0;

	if (!hami_profile(cfg)->webhook_refusals) {
		why = vendor_refusal(pod, cfg, &fx, buf, len);
		return why == hami_mthreads_panic &&
		    !hami_profile(cfg)->webhook_recovers_panic ? NULL : why;
	}
	/* v2.10: init containers, then the others, privileged ones too. */
	for (i = 0; i < pod->ninit + pod->nctrs; i++) {
		const struct gs_container *c = gs_pod_container(pod,
		    pod->ninit, i);

		if ((why = check_container(c, buf, len)) != NULL ||
		    (why = vendor_webhooks(pod, c, cfg, &fx, lim, buf, len)) !=
		    NULL)
			return why;
		any |= has_resource(c, cfg, fx.neuron);
		if (c->privileged && priv == NULL)
			priv = c;
	}
	if (priv != NULL && any) {
		snprintf(buf, len, "container %s is privileged", priv->name);
		return buf;
	}
	return NULL;
}

/* Is the pod's huawei.com/vnpu-mode "hami-core" (read from v2.9)? */
int
hami_vnpu_core_mode(const struct gs_pod *pod, const struct hami_profile *hp)
{
	const char	*v;

	return hp->vnpu_check != HV_NONE && pod != NULL &&
	    (v = gs_kv_get(&pod->annotations, HAMI_VNPU_MODE_ANNO)) != NULL &&
	    strcmp(v, "hami-core") == 0;
}

/*
 * Ascend's MutateAdmission.  v2.9+: a 910C count of 1 becomes 2 (one
 * module of two NPUs) and an odd one is refused; in hami-core mode the
 * memory is taken as it is.  v2.10 refuses a core resource outside
 * hami-core mode.  Otherwise memory is rounded up to a template, and
 * several devices must take the whole chip.
 */
static const char *
ascend_webhook(int v, const struct hami_profile *hp, int hami_core,
    struct gs_resval *lim,
    const struct gs_resval *req, char *buf, size_t len)
{
	const struct gs_vendor_info	*vi = &gs_vendors[v];
	struct gs_resval		*count = &lim[vi->res_count];
	struct gs_resval		*mem = &lim[vi->res_mem];
	int64_t				 trim, n = count->v;

	/* v2.10: when the chip's config says superPod, as its chart's
	 * does for 910C. */
	if (v == GV_ASCEND910C && hp->ascend_910c_modules) {
		if (n == 1)
			count->v = 2;
		else if (n % 2 != 0) {
			snprintf(buf, len, "Ascend910C device request must be "
			    "1 or 2*n, got %lld", (long long)n);
			return buf;
		}
	}
	if (hp->ascend_core_hami_core_only && !hami_core &&
	    gs_vendor_reads_core(v, hp) &&
	    hami_pick(lim, req, vi->res_core)->set &&
	    hami_pick(lim, req, vi->res_core)->v > 0) {
		snprintf(buf, len, "%s is only supported in hami-core (soft "
		    "split) mode", gs_res_names[vi->res_core]);
		return buf;
	}
	trim = vi->mem_allocatable;
	if (mem->set) {
		if (hami_core)
			trim = mem->v;
		else if ((trim = gs_vendor_trim_memory(v, hp,
		    mem->v)) <= 0) {
			snprintf(buf, len, "%s %lld is invalid",
			    gs_res_names[vi->res_mem], (long long)mem->v);
			return buf;
		}
	}
	/* count.Value(): the count as given, before 910C's rounding. */
	if (n > 1 && !hami_core && trim != vi->mem_allocatable) {
		snprintf(buf, len, "vNPU %s supported for multiple devices",
		    hp->vnpu_multi_word);
		return buf;
	}
	mem->set = mem->ok = 1;
	mem->v = trim;
	return NULL;
}

/*
 * Vendor v's MutateAdmission on the limits (lim, changed in place): the
 * reason the webhook errors out, written into buf, or NULL.  fx: what it
 * reads of the cluster.
 */
static const char *
vendor_webhook(int v, const struct hami_profile *hp, const struct gs_pod *pod,
    int hami_core, const struct wfacts *fx, struct gs_resval *lim,
    const struct gs_resval *req, char *buf, size_t len)
{
	const struct gs_vendor_info	*vi = &gs_vendors[v];
	struct gs_resval		*count = &lim[vi->res_count];

	if (v == GV_ENFLAME_VGCU) {
		(void)hami_enflame_webhook(fx->factor, lim);
		return NULL;
	}
	if (v == GV_ENFLAME_DRS)
		return hami_drs_webhook(lim, req, buf, len);
	if (v == GV_MTHREADS)
		return hami_mthreads_webhook(hp, pod, lim, req, buf, len);
	if (v == GV_NEURON)
		return hami_neuron_webhook(hp, fx->neuron, lim, req, buf, len);
	if (!count->set)
		return NULL;
	if (v == GV_AMD)
		return hami_amd_webhook(lim, buf, len);
	if ((v == GV_ILUVATAR || gs_vendor_is_iluvatar_model(v)) &&
	    count->v > 1) {
		lim[vi->res_core].set = lim[vi->res_core].ok = 1;
		lim[vi->res_core].v = count->v * 100;
	}
	if (!gs_vendor_is_ascend(v))
		return NULL;
	return ascend_webhook(v, hp, hami_core, lim, req, buf, len);
}

/*
 * v2.10's range guards in GenerateResourceRequests: does the request
 * stand (else HAMi returns an empty one)?  Cambricon and Iluvatar refuse
 * memory that is not an integer, negative, or beyond MaxInt32/256
 * (Mthreads: MaxInt32/512, and a count outside 1..MaxInt32); Hygon a
 * count outside 1..MaxInt32 and memory or cores outside 0..MaxInt32.
 */
static int
v210_guards(int v, const struct gs_resval *n, const struct gs_resval *m,
    const struct gs_resval *core)
{
	if (v == GV_DCU)
		return n->v > 0 && n->v <= INT32_MAX &&
		    (!m->set || !m->ok || (m->v >= 0 && m->v <= INT32_MAX)) &&
		    (!core->set || !core->ok ||
		    (core->v >= 0 && core->v <= INT32_MAX));
	if (v == GV_MTHREADS && (n->v <= 0 || n->v > INT32_MAX))
		return 0;
	if (gs_vendors[v].mem_factor >= 256)
		return !m->set || (m->ok && m->v >= 0 &&
		    m->v <= INT32_MAX / gs_vendors[v].mem_factor);
	return 1;
}

/*
 * Ascend's GenerateResourceRequests after the count: memory up to v2.8
 * rounded up to a template; v2.9 taken as it is when a core resource is
 * given; v2.10 always as it is (the webhook rounded it), and memory or
 * cores beyond MaxInt32 void the request.  Returns 0 for no request.
 */
static int
ascend_amounts(int v, const struct gs_resval *lim, const struct gs_resval *req,
    const struct hami_profile *hp, int64_t *memnum, int32_t *cores)
{
	const struct gs_vendor_info	*vi = &gs_vendors[v];
	const struct gs_resval		*m, *core;
	static const struct gs_resval	 unset;

	m = hami_pick(lim, req, vi->res_mem);
	core = gs_vendor_reads_core(v, hp) ? hami_pick(lim, req, vi->res_core) :
	    &unset;
	if (hp->request_guards && ((m->set && m->v > INT32_MAX) ||
	    (core->set && core->v > INT32_MAX)))
		return 0;
	if (m->set && m->ok)
		*memnum = hp->ascend_mem_as_given || core->set ? m->v :
		    gs_vendor_trim_memory(v, hp, m->v);
	*cores = core->set ? i32_from64(core->v) : 0;
	return 1;
}

/* Vendor v's GenerateResourceRequests from the (mutated) limits; neuron:
 * wfacts'. */
static void
vendor_request(int v, const struct gs_resval *lim, const struct gs_resval *req,
    const struct hami_profile *hp, int32_t neuron, struct hami_req *out)
{
	const struct gs_vendor_info	*vi = &gs_vendors[v];
	const struct gs_resval		*n, *m, *core = NULL;
	static const struct gs_resval	 unset;
	int64_t				 memnum = 0;

	if (v == GV_AMD) {
		hami_amd_request(lim, out);
		return;
	}
	if (v == GV_ENFLAME_VGCU) {
		hami_enflame_request(lim, req, out);
		return;
	}
	if (v == GV_KUNLUN_XPU) {
		hami_kunlun_vxpu_request(hami_pick(lim, req, vi->res_count),
		    hami_pick(lim, req, vi->res_mem), out);
		return;
	}
	if (v == GV_NEURON) {
		hami_neuron_request(lim, req, hp, neuron, out);
		return;
	}
	if (v == GV_ENFLAME_DRS) {
		hami_drs_request(lim, req, out);
		return;
	}
	if (v == GV_METAX_SGPU) {
		hami_metax_sgpu_request(lim, out);
		return;
	}
	memset(out, 0, sizeof *out);
	n = hami_pick(lim, req, vi->res_count);
	if (!n->set || !n->ok)
		return;
	if (gs_vendor_is_ascend(v)) {
		/* v2.10: a count outside 1..MaxInt32 is no request. */
		if ((hp->request_guards && (n->v <= 0 || n->v > INT32_MAX)) ||
		    !ascend_amounts(v, lim, req, hp, &memnum,
		    &out->coresreq))
			return;
	} else {
		m = vi->res_mem != GS_RES_N ? hami_pick(lim, req, vi->res_mem) :
		    &unset;
		core = vi->res_core != GS_RES_N ?
		    hami_pick(lim, req, vi->res_core) : &unset;
		if (hp->request_guards && !v210_guards(v, n, m, core))
			return;
		if (m->set && m->ok)
			memnum = i64_mul(m->v, vi->mem_factor);
		if (vi->req_mem != 0)
			memnum = vi->req_mem;
		out->coresreq = vi->default_cores;
		if (core->set && core->ok)
			out->coresreq = i32_from64(core->v);
	}
	out->nums = i32_from64(n->v);
	out->memreq = i32_from64(memnum);
	out->mempct = vi->req_mempct ? vi->req_mempct : memnum == 0 ? 100 : 0;
	out->vendor = v;
	if (out->nums <= 0)
		memset(out, 0, sizeof *out);
	else if (v == GV_MTHREADS)
		hami_mthreads_split(out);
}

/*
 * The registered vendors' MutateAdmission on container c's limits, into lim
 * (up to v2.9 the webhook skips privileged containers): the first
 * refusal, written into buf, or NULL.
 */
static const char *
vendor_webhooks(const struct gs_pod *pod, const struct gs_container *c,
    const struct gs_config *cfg, const struct wfacts *fx,
    struct gs_resval *lim, char *buf, size_t len)
{
	const struct hami_profile *hp = hami_profile(cfg);
	int		 hami_core = hami_vnpu_core_mode(pod, hp), v;
	const char	*why;

	memcpy(lim, c->lim, GS_RES_N * sizeof lim[0]);
	/* Up to v2.9 the webhook skips privileged containers. */
	if (c->privileged && !hp->webhook_all_containers)
		return NULL;
	/* HAMi's webhook returns at the first device that errors. */
	for (v = GV_NVIDIA + 1; v < GV_N; v++)
		if (gs_vendor_registered(v, hp) &&
		    (why = vendor_webhook(v, hp, pod, hami_core, fx, lim,
		    c->req, buf, len)) != NULL)
			return why;
	return NULL;
}

/*
 * Every request of container c: NVIDIA's, then each registered vendor's.
 * webhook 0 skips the admission webhook; fx: what it reads of the cluster.
 */
static void
build_creq(const struct gs_pod *pod, const struct gs_container *c,
    const struct gs_config *cfg, int webhook, const struct wfacts *fx,
    struct hami_creq *out)
{
	const struct hami_profile *hp = hami_profile(cfg);
	int			 v;
	struct gs_resval	 lim[GS_RES_N];
	struct hami_req		 r;
	char			 buf[128];

	memset(out, 0, sizeof *out);
	build_request(c, cfg, webhook, &r);
	if (r.nums > 0) {
		out->r[out->n++] = r;
		out->nums = r.nums;
	}
	if (webhook)
		(void)vendor_webhooks(pod, c, cfg, fx, lim, buf,
		    sizeof buf);
	else
		memcpy(lim, c->lim, sizeof lim);
	for (v = GV_NVIDIA + 1; v < GV_N; v++) {
		if (!gs_vendor_registered(v, hp))
			continue;
		vendor_request(v, lim, c->req, hp, fx->neuron, &r);
		if (r.nums > 0 && out->n < HAMI_MAX_TYPES) {
			out->r[out->n++] = r;
			out->nums = i32_add(out->nums, r.nums);
		}
	}
}

size_t
hami_pod_requests(const struct gs_pod *pod, const struct gs_config *cfg,
    const struct gs_cluster *cl, struct hami_creq **reqs)
{
	const struct hami_profile *hp = hami_profile(cfg);
	size_t	ninit = hp->init_requests ? pod->ninit : 0, i;
	struct wfacts fx = { hami_enflame_pod_factor(cl, pod, hp),
		pod_neuron_cores(pod, cl) };

	*reqs = xcalloc(ninit + pod->nctrs ? ninit + pod->nctrs : 1,
	    sizeof **reqs);
	for (i = 0; i < ninit + pod->nctrs; i++)
		/* v2.9's webhook leaves init containers alone. */
		build_creq(pod, gs_pod_container(pod, ninit, i), cfg,
		    i >= ninit || hp->webhook_all_containers, &fx,
		    &(*reqs)[i]);
	return ninit;
}

int
hami_fresh_usage(const struct hami_profile *hp, size_t c, size_t ninit)
{
	return hp->init_collapse != GS_COLLAPSE_NONE && c > 0 && c <= ninit;
}
