/*
 * hami_request.c: how HAMi v2.6.1 turns a container's resources into a
 * ContainerDeviceRequest.  First the admission webhook
 * (mutateContainerResource: a container with gpumem, gpumem-percentage or
 * gpucores in its limits but no nvidia.com/gpu gets defaultGPUNum GPUs;
 * privileged containers are skipped), then GenerateResourceRequests
 * (limits before requests, per resource; the 101 "no percentage" sentinel;
 * the whole card when no memory is asked for).  Spec §1.3, §1.4.
 */
#include <string.h>

#include "hami.h"
#include "int32.h"

static const struct gs_resval *
pick(const struct gs_resval *lim, const struct gs_resval *req, enum gs_res r)
{
	return lim[r].set ? &lim[r] : &req[r];
}

void
hami_build_request(const struct gs_container *c, const struct gs_config *cfg,
    struct hami_req *out)
{
	struct gs_resval	 lim[GS_RES_N];
	const struct gs_resval	*v, *m;
	int64_t			 memnum = 0;
	int32_t			 mempnum = 101, corenum;

	memset(out, 0, sizeof *out);
	memcpy(lim, c->lim, sizeof lim);

	/* Webhook. */
	if (!c->privileged && !lim[GS_RES_GPU].set &&
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
	if (!c->privileged && hami_version(cfg) >= 20700 &&
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
	if (m->set && m->ok)
		memnum = m->v;
	m = pick(lim, c->req, GS_RES_GPUMEM_PCT);
	if (m->set && m->ok)
		mempnum = i32_from64(m->v);
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
