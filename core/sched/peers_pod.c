/*
 * sched/peers_pod.c: a pod's requests in the peer view, as kube-scheduler,
 * KAI and Volcano read them (sched/peers_pod.h).
 */
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "sched/kai/request.h"
#include "sched/peers_pod.h"
#include "sched/volcano/request.h"
#include "util/util.h"

/* Requests for kube's scoring: a container without cpu or memory counts
 * as 100m and 200 MiB (NonMissingContainerRequests). */
void
gs_peer_pod_init(struct gs_peer_pod *pp, const struct gs_pod *pod,
    const struct gs_config *cfg, size_t maxdevs)
{
	struct hami_req	k;
	size_t		i, total = 0;

	memset(pp, 0, sizeof *pp);
	pp->req = xcalloc(pod->nctrs ? pod->nctrs : 1, sizeof *pp->req);
	for (i = 0; i < pod->nctrs; i++) {
		const struct gs_resval *l = pod->ctrs[i].lim;

		hami_build_request(&pod->ctrs[i], cfg, &k);
		pp->req[i].num = k.nums;
		pp->req[i].mem = k.memreq;
		pp->req[i].pct = k.mempct != 101 ? k.mempct : -1;
		pp->req[i].cores = k.coresreq;
		/* KAI: a memory request is a fraction (gpu-memory, or
		 * gpu-fraction from the percentage); else whole GPUs. */
		pp->req[i].frac = !(k.mempct == 100 && k.memreq == 0);
		if (k.nums > 0 && (l[GS_RES_GPUMEM].set ||
		    l[GS_RES_GPUMEM_PCT].set || l[GS_RES_GPUCORES].set))
			pp->sharing = 1;
		total += (size_t)k.nums;
		pp->v.cpu += pod->ctrs[i].cpu > 0 ? pod->ctrs[i].cpu : 100;
		pp->v.mem += pod->ctrs[i].mem > 0 ? pod->ctrs[i].mem :
		    200LL * 1024 * 1024;
	}
	for (i = 0; i < pod->nctrs; i++)
		pp->req[i].frac = pp->req[i].frac && pp->sharing;
	pp->v.gpu = (int64_t)total;
	pp->v.req = pp->req;
	pp->v.nreq = pod->nctrs;
	pp->dv = xcalloc(maxdevs, sizeof *pp->dv);
	pp->taken = xcalloc(maxdevs, 1);
	pp->g = xcalloc(total + maxdevs, sizeof *pp->g);
	hami_filter_init(&pp->f, pod, cfg);
}

/*
 * KAI's own annotations (sched/kai/request.c) make the pod one
 * fractional request on gpu-fraction-num-devices devices: a share of
 * each device's memory (gpu-fraction) or MiB (gpu-memory), taken as the
 * first container's.  Refused values were refused when loaded; a pod read
 * another way (running pods) without them keeps its resources.
 */
int
gs_peer_pod_kai_own(struct gs_peer_pod *pp, const struct gs_pod *pod)
{
	struct gs_kai_req	r;
	char			why[160];

	if (pod->nctrs == 0 || gs_kai_request(pod, &r, why, sizeof why) != 0 ||
	    !r.fractional)
		return 0;
	memset(&pp->req[0], 0, sizeof pp->req[0]);
	pp->req[0].num = r.num;
	pp->req[0].mem = r.mem;
	pp->req[0].pct = r.mem > 0 ? -1 : r.pct;
	pp->req[0].frac = 1;
	pp->sharing = 1;
	pp->v.gpu = r.num;
	return 1;
}

/* Volcano's own volcano.sh/vgpu-* resources (sched/volcano/request.c)
 * are a container's request where it asks them. */
void
gs_peer_pod_volcano_own(struct gs_peer_pod *pp, const struct gs_pod *pod, size_t maxdevs)
{
	struct gs_volcano_req	r;
	size_t			i;
	int			any = 0;

	for (i = 0; i < pod->nctrs; i++) {
		gs_volcano_request(&pod->ctrs[i], &r);
		if (r.num == 0)
			continue;
		pp->v.gpu += r.num - pp->req[i].num;
		pp->req[i].num = r.num;
		pp->req[i].mem = r.mem;
		pp->req[i].pct = r.pct;
		pp->req[i].cores = r.cores;
		pp->req[i].frac = 0;
		any = 1;
	}
	if (any) {
		free(pp->g);
		pp->g = xcalloc((size_t)pp->v.gpu + maxdevs, sizeof *pp->g);
	}
}

void
gs_peer_pod_release(struct gs_peer_pod *pp)
{
	hami_filter_release(&pp->f);
	free(pp->req);
	free(pp->dv);
	free(pp->taken);
	free(pp->g);
}
