/*
 * sched/hami/enflame.c: what HAMi's Enflame shared vGCU
 * (pkg/device/enflame/device.go, v2.6.1 to v2.9.0) does beyond the
 * common vendor rules: its MutateAdmission rounds a one-device
 * enflame.com/vgcu-percentage up to a slice of the GCU with a factor
 * the device keeps from the last node it registered, and its
 * GenerateResourceRequests asks the percentage as memory.  Registration
 * is the GV_ENFLAME_VGCU row of vendor.c (load/metax.c reads the
 * capacity); the Fit is fitInCertainDevice's (v2.7+: its own, the same
 * checks).
 */
#include <string.h>

#include "sched/hami/hami.h"
#include "sched/hami/vendor.h"
#include "util/int32.h"

/*
 * EnflameDevices.factor: GetNodeDevices sets it to int(shared / cards)
 * (enflame.com/shared-gcu over enflame.com/gcu-count) on every node
 * whose count is a whole number above 0, and the webhook reads whatever
 * the last such node left.  The node loop is RegisterFromNodeAnnotations
 * (v2.6.1) / register (v2.8+) in pkg/scheduler/scheduler.go, over
 * nodeLister.List: client-go's threadSafeMap.List, a Go map's order,
 * random.  gpusched walks the nodes in the cluster's listed order (its
 * rule for HAMi's random orders), so the last listed node with Enflame
 * vGCUs gives the factor; 0 when there is none (InitEnflameDevice's).
 */
int64_t
hami_enflame_factor(const struct gs_cluster *c)
{
	const struct gs_node	*n;
	int64_t			 cards;
	size_t			 i, j;

	for (i = c != NULL ? c->nnodes : 0; i-- > 0;) {
		n = &c->nodes[i];
		for (cards = 0, j = 0; j < n->ndevs; j++)
			cards += n->devs[j].vendor == GV_ENFLAME_VGCU;
		if (cards > 0)
			return n->vgcu_shared / cards;
	}
	return 0;
}

/*
 * The factor pod's webhook rounds with: hami_enflame_factor when some
 * container asks enflame.com/vgcu in its limits under a profile that
 * registers the vGCU, else 0 (the webhook does not read it).
 */
int64_t
hami_enflame_pod_factor(const struct gs_cluster *c, const struct gs_pod *pod,
    const struct hami_profile *hp)
{
	size_t	i;

	if (!gs_vendor_registered(GV_ENFLAME_VGCU, hp))
		return 0;
	for (i = 0; i < pod->ninit + pod->nctrs; i++)
		if (gs_pod_container(pod, pod->ninit, i)->lim[
		    GS_RES_ENFLAME_VGCU].set)
			return hami_enflame_factor(c);
	return 0;
}

static void
set_pct(struct gs_resval *lim, int64_t v)
{
	lim[GS_RES_ENFLAME_VGCU_PCT].set = lim[GS_RES_ENFLAME_VGCU_PCT].ok = 1;
	lim[GS_RES_ENFLAME_VGCU_PCT].v = v;
}

/*
 * MutateAdmission on the limits lim (changed in place), with the factor
 * above.  enflame.com/vgcu in limits: a count above 1 gets the
 * percentage 100; otherwise the percentage (limits; none: 100; below 1:
 * 1) becomes int64(slice * (i + 1)) for the first i below factor with
 * slice * i < percentage <= slice * (i + 1), slice = 100.0 / factor, in
 * float64 as Go computes it; none matches (factor 0, a percentage above
 * 100): left as it is.  The requests it also writes are read only after
 * the limits.  Returns the enflame.com/shared-gcu it sets too (a count
 * above 1: factor x count in Go's int, wrapping, in the limits, which
 * the API server's defaulting copies to the requests; a slice: i + 1 in
 * both), or -1 when it sets none: the device plugin's, checked by
 * kube-scheduler (sched/hami/vgcu_fit.c).
 */
int64_t
hami_enflame_webhook(int64_t factor, struct gs_resval *lim)
{
	const struct gs_resval	*count = &lim[GS_RES_ENFLAME_VGCU];
	const struct gs_resval	*pct = &lim[GS_RES_ENFLAME_VGCU_PCT];
	double			 slice, p;
	int64_t			 v, i, from;

	if (!count->set)
		return -1;
	if (count->v > 1) {
		set_pct(lim, 100);
		return i64_mul(factor, count->v);
	}
	v = pct->set ? pct->v : 100;
	if (v < 1)
		v = 1;
	/* No slice reaches above 100 (slice * factor is 100 within a
	 * rounding), and factor 0 has none. */
	if (factor <= 0 || v > 100)
		return -1;
	slice = 100.0 / (double)factor;
	p = (double)v;
	/* Go's loop runs from 0, but the intervals grow with i, so no i
	 * below p / slice - 2 matches: start there (a factor may be in the
	 * billions), and stop once slice * i reaches p. */
	from = p / slice - 2 <= 0 ? 0 : p / slice - 2 >= (double)factor ?
	    factor : (int64_t)(p / slice - 2);
	for (i = from; i < factor && slice * (double)i < p; i++)
		if (p <= slice * (double)(i + 1)) {
			set_pct(lim, (int64_t)(slice * (double)(i + 1)));
			return i + 1;
		}
	return -1;
}

/*
 * GenerateResourceRequests: enflame.com/vgcu from limits, else requests
 * (AsInt64), the percentage likewise (none: 100) as Memreq
 * (int32(int(mem.Value()))), MemPercentagereq 0, Coresreq 0.
 */
void
hami_enflame_request(const struct gs_resval *lim, const struct gs_resval *req,
    struct hami_req *out)
{
	enum gs_res		 rc = GS_RES_ENFLAME_VGCU;
	enum gs_res		 rp = GS_RES_ENFLAME_VGCU_PCT;
	const struct gs_resval	*n = hami_pick(lim, req, rc);
	const struct gs_resval	*m = hami_pick(lim, req, rp);

	memset(out, 0, sizeof *out);
	if (!n->set || !n->ok)
		return;
	out->nums = i32_from64(n->v);
	out->memreq = m->set ? i32_from64(m->v) : 100;
	out->vendor = GV_ENFLAME_VGCU;
	if (out->nums <= 0)
		memset(out, 0, sizeof *out);
}
