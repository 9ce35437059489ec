/*
 * hami_request.c: how HAMi v2.6.1 turns a container's resources into a
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
 */
#include <stdio.h>
#include <string.h>

#include "hami.h"
#include "int32.h"
#include "util.h"

static const struct gs_resval *
pick(const struct gs_resval *lim, const struct gs_resval *req, enum gs_res r)
{
	return lim[r].set ? &lim[r] : &req[r];
}

/* webhook 0 skips the admission webhook's changes (v2.9 does not mutate
 * init containers). */
static void
build_request(const struct gs_container *c, const struct gs_config *cfg,
    int webhook, struct hami_req *out)
{
	int			 version = hami_version(cfg);
	/* v2.10 mutates privileged containers too (and then refuses the
	 * pod: hami_admission). */
	int			 mutate = webhook &&
				    (!c->privileged || version >= 21000);
	struct gs_resval	 lim[GS_RES_N];
	const struct gs_resval	*v, *m;
	int64_t			 memnum = 0;
	int32_t			 mempnum = 101, corenum;

	memset(out, 0, sizeof *out);
	memcpy(lim, c->lim, sizeof lim);

	/* Webhook. */
	if (mutate && !lim[GS_RES_GPU].set &&
	    (lim[GS_RES_GPUCORES].set || lim[GS_RES_GPUMEM].set ||
	    lim[GS_RES_GPUMEM_PCT].set) && cfg->default_gpunum > 0) {
		lim[GS_RES_GPU].set = 1;
		lim[GS_RES_GPU].ok = 1;
		lim[GS_RES_GPU].v = cfg->default_gpunum;
	}

	/*
	 * v2.7+ webhook (defaultExclusiveCoreIfNeeded): a GPU request that
	 * names no cores and takes the whole memory (percentage 100, or no
	 * memory at all) gets nvidia.com/gpucores: 100, i.e. the card alone.
	 */
	if (mutate && version >= 20700 &&
	    (lim[GS_RES_GPU].set || c->req[GS_RES_GPU].set) &&
	    !lim[GS_RES_GPUCORES].set && !c->req[GS_RES_GPUCORES].set) {
		int exclusive;

		m = lim[GS_RES_GPUMEM_PCT].set ? &lim[GS_RES_GPUMEM_PCT] :
		    &c->req[GS_RES_GPUMEM_PCT];
		if (m->set)
			exclusive = m->ok && m->v == 100;
		else
			exclusive = !lim[GS_RES_GPUMEM].set &&
			    !c->req[GS_RES_GPUMEM].set;
		if (exclusive) {
			lim[GS_RES_GPUCORES].set = 1;
			lim[GS_RES_GPUCORES].ok = 1;
			lim[GS_RES_GPUCORES].v = 100;
		}
	}

	/* GenerateResourceRequests. */
	v = pick(lim, c->req, GS_RES_GPU);
	if (!v->set || !v->ok)
		return;
	m = pick(lim, c->req, GS_RES_GPUMEM);
	if (m->set && version >= 21000 &&
	    (!m->ok || m->v < 0 || m->v > INT32_MAX))
		return;		/* v2.10: no request at all */
	if (m->set && m->ok)
		memnum = m->v;
	m = pick(lim, c->req, GS_RES_GPUMEM_PCT);
	if (m->set && m->ok) {
		if (version < 21000)
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
	m = pick(lim, c->req, GS_RES_GPUCORES);
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

/* MutateAdmission's "has a GPU resource" for one container. */
static int
has_resource(const struct gs_container *c, const struct gs_config *cfg)
{
	if (c->lim[GS_RES_GPU].set)
		return 1;
	if ((c->lim[GS_RES_GPUCORES].set || c->lim[GS_RES_GPUMEM].set ||
	    c->lim[GS_RES_GPUMEM_PCT].set) && cfg->default_gpunum > 0)
		return 1;
	/* defaultExclusiveCoreIfNeeded adds cores to a GPU request given
	 * only in requests. */
	return c->req[GS_RES_GPU].set;
}

static const char *
check_container(const struct gs_container *c, char *buf, size_t len)
{
	/* resourceValue: limits, then requests. */
	const struct gs_resval	*v = pick(c->lim, c->req, GS_RES_GPUMEM_PCT);

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
    char *buf, size_t len)
{
	const struct gs_container	*priv = NULL;
	const char			*why;
	size_t				 i;
	int				 any = 0;

	if (hami_version(cfg) < 21000)
		return NULL;
	for (i = 0; i < pod->ninit + pod->nctrs; i++) {
		const struct gs_container *c = gs_pod_container(pod,
		    pod->ninit, i);

		if ((why = check_container(c, buf, len)) != NULL)
			return why;
		any |= has_resource(c, cfg);
		if (c->privileged && priv == NULL)
			priv = c;
	}
	if (priv != NULL && any) {
		snprintf(buf, len, "container %s is privileged", priv->name);
		return buf;
	}
	return NULL;
}

size_t
hami_pod_requests(const struct gs_pod *pod, const struct gs_config *cfg,
    struct hami_req **reqs)
{
	int	version = hami_version(cfg);
	size_t	ninit = version >= 20900 ? pod->ninit : 0, i;

	*reqs = xcalloc(ninit + pod->nctrs ? ninit + pod->nctrs : 1,
	    sizeof **reqs);
	for (i = 0; i < ninit + pod->nctrs; i++)
		/* v2.9's webhook leaves init containers alone. */
		build_request(gs_pod_container(pod, ninit, i), cfg,
		    i >= ninit || version >= 21000, &(*reqs)[i]);
	return ninit;
}

int
hami_fresh_usage(int version, size_t c, size_t ninit)
{
	return version >= 21000 && c > 0 && c <= ninit;
}
