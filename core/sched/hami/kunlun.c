/*
 * sched/hami/kunlun.c: Kunlun's whole XPUs (kunlunxin.com/xpu, HAMi v2.7.0
 * to v2.10.0): the Fit of pkg/device/kunlun/device.go with topo.go's
 * graghSelect, and ScoreNode with calcscore.
 *
 * graghSelect reads the type's devices in the order fitInDevices sorted
 * them: the first four positions are the "left wing", the rest the
 * "right wing", whatever the devices' Index.  A request of 1, 2 or 4
 * takes the wing whose free XPUs are the fewest that hold it (for 1:
 * 1, 3, 2, then 4 free; the left wing first), from its first positions
 * (devicepick, which looks no further than position 7); else a linked
 * pair (by Index: 0-4, 1-5, 2-6, 3-7) or group of four (0-1-4-5,
 * 2-3-6-7, 0-2-4-6, 1-3-5-7, 0-3-4-7, 1-2-5-6).  8 takes Index 0 to 7
 * when 8 are free; any other count fits nowhere (NumaNotFit).
 * Kunlun's vXPUs (kunlunxin.com/vxpu, vdevice.go) are chosen the same
 * way, a device fitting when FitVXPU takes it.
 */
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "sched/hami/vastai.h"
#include "sched/hami/metax.h"
#include "util/int32.h"
#include "util/util.h"
#include "sched/hami/vendor.h"

/* The type's devices in sorted order: Index, FitXPU. */
struct xpu_view {
	const int	*idx;
	const int	*fit;
	size_t		 n;
};

/* InterGroupConnection, then GroupConnection (parseInterconnection). */
static const int pairs[][2] = {
	{ 0, 4 }, { 1, 5 }, { 2, 6 }, { 3, 7 },
	{ 0, 1 }, { 0, 2 }, { 0, 3 }, { 1, 2 }, { 1, 3 }, { 2, 3 },
	{ 4, 5 }, { 4, 6 }, { 4, 7 }, { 5, 6 }, { 5, 7 }, { 6, 7 },
};
#define NINTER	4	/* the first NINTER pairs are InterGroupConnection */
/* InterGroupConnection2 (parseInterconnection2). */
static const int quads[][4] = {
	{ 0, 1, 4, 5 }, { 2, 3, 6, 7 }, { 0, 2, 4, 6 }, { 1, 3, 5, 7 },
	{ 0, 3, 4, 7 }, { 1, 2, 5, 6 },
};

/* canMeet: every value of want[0..nw) is in have[0..nh). */
static int
can_meet(const int *have, size_t nh, const int *want, size_t nw)
{
	size_t	i, j;

	for (i = 0; i < nw; i++) {
		for (j = 0; j < nh && have[j] != want[i]; j++)
			;
		if (j == nh)
			return 0;
	}
	return 1;
}

/* devicepick: the first count fitting devices from position start up to
 * position 7, as Index values into out. */
static int
device_pick(const struct xpu_view *v, size_t start, int count, int *out)
{
	size_t	t;
	int	n = 0;

	for (t = start; t < 8 && t < v->n; t++)
		if (v->fit[t]) {
			out[n++] = v->idx[t];
			if (n == count)
				break;
		}
	return n;
}

/* interconnect, count 2: the first linked pair in sorted order. */
static int
linked_pair(const struct xpu_view *v, int *out)
{
	size_t	a, b, p;

	for (a = 0; a < v->n; a++)
		for (b = 0; v->fit[a] && b < v->n; b++) {
			if (!v->fit[b] || v->idx[b] == v->idx[a])
				continue;
			for (p = 0; p < NINTER; p++)
				if ((pairs[p][0] == v->idx[a] &&
				    pairs[p][1] == v->idx[b]) ||
				    (pairs[p][0] == v->idx[b] &&
				    pairs[p][1] == v->idx[a])) {
					out[0] = v->idx[a];
					out[1] = v->idx[b];
					return 2;
				}
		}
	return 0;
}

/*
 * interconnect, count 4: with 4 or 5 free, the first group they hold;
 * with 6, the first group whose 2 left over are linked, else the last
 * group they hold; none otherwise.
 */
static int
linked_quad(const struct xpu_view *v, int *out)
{
	int	unused[256], delta[256];
	size_t	nu = 0, nd, i, q, p;
	long	ret = -1;

	for (i = 0; i < v->n && nu < 256; i++)
		if (v->fit[i])
			unused[nu++] = v->idx[i];
	if (nu < 4 || nu > 6)
		return 0;
	for (q = 0; q < sizeof quads / sizeof quads[0]; q++) {
		if (!can_meet(unused, nu, quads[q], 4))
			continue;
		ret = (long)q;
		if (nu != 6)
			break;
		for (i = nd = 0; i < nu; i++)
			if (!can_meet(quads[q], 4, &unused[i], 1))
				delta[nd++] = unused[i];
		for (p = 0; p < sizeof pairs / sizeof pairs[0]; p++)
			if (can_meet(delta, nd, pairs[p], 2))
				break;
		if (p < sizeof pairs / sizeof pairs[0])
			break;
	}
	if (ret < 0)
		return 0;
	memcpy(out, quads[ret], 4 * sizeof *out);
	return 4;
}

int
hami_kunlun_select(const int *idx, const int *fit, size_t n, int count,
    int out[8])
{
	static const int	oddorder[] = { 1, 3, 2, 4 };
	int			left = 0, right = 0, slots, num, i;
	size_t			t;
	struct xpu_view		view = { idx, fit, n }, *v = &view;

	for (t = 0; t < v->n; t++) {
		if (t < 4)
			left += v->fit[t];
		else
			right += v->fit[t];
	}
	if (count == 8) {
		if (left + right != 8)
			return 0;
		for (i = 0; i < 8; i++)
			out[i] = i;
		return 8;
	}
	if (count != 1 && count != 2 && count != 4)
		return 0;
	if (left >= count || right >= count)
		for (slots = count; slots <= 4; slots++) {
			num = count % 2 == 1 ? oddorder[slots - 1] : slots;
			if (left == num)
				return device_pick(v, 0, count, out);
			if (right == num)
				return device_pick(v, 4, count, out);
		}
	if (count == 2)
		return linked_pair(v, out);
	if (count == 4)
		return linked_quad(v, out);
	return 0;
}

/*
 * FitVXPU (vdevice.go): v2.10 a healthy device; v2.8+ room for the
 * memory; then an unused device, or one whose vXPUs' average memory
 * (int32 division) is the request's.
 */
static int
vxpu_fits(const struct hami_filter *f, const struct gs_device *d,
    const struct hami_req *req)
{
	if (f->hp->kunlun_uuid && !d->health)
		return 0;
	if (f->hp->kunlun_vxpu_mem_bound &&
	    (int64_t)req->memreq + d->usedmem > d->devmem)
		return 0;
	return d->used == 0 || d->usedmem / d->used == req->memreq;
}

/* FitXPU: an unused device; v2.10 also healthy, and the pod's UUID
 * filters (both pairs) must allow it, else *mismatch counts it.
 * vXPUs: FitVXPU, v2.10 under the pod's mutex policy unused ones only. */
static int
xpu_fits(const struct hami_filter *f, const struct gs_device *d,
    const struct hami_req *req, int *mismatch)
{
	if (f->hp->kunlun_uuid &&
	    (!hami_use_nouse(f, "hami.io/use-xpu-uuid",
	    "hami.io/no-use-xpu-uuid", 0, hami_uuid_hit, d->id) ||
	    !hami_use_nouse(f, "baidu.com/use-gpuuuid",
	    "baidu.com/nouse-gpuuuid", 0, hami_uuid_hit, d->id))) {
		(*mismatch)++;
		return 0;
	}
	if (req->vendor == GV_KUNLUN_XPU)
		return (!f->mutex || d->used == 0) && vxpu_fits(f, d, req);
	return d->used == 0 && (!f->hp->kunlun_uuid || d->health);
}

/*
 * Why none fits: v2.10's vXPU under mutex counts the used devices
 * FitVXPU takes (ExclusiveDeviceAllocateConflict); else the UUID
 * mismatches (v2.10), else NumaNotFit; up to v2.9 "1/1".
 */
static void
refusal(struct hami_scratch *s, const struct hami_req *req,
    const struct hami_filter *f, const size_t *di, size_t n, int mismatch,
    int counts[HR_N])
{
	size_t	k;

	if (req->vendor == GV_KUNLUN_XPU && f->mutex)
		for (k = 0; k < n; k++)
			if (s->devs[di[k]].used > 0 &&
			    vxpu_fits(f, &s->devs[di[k]], req))
				counts[HR_EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT]++;
	if (counts[HR_EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT] == 0) {
		if (mismatch > 0)
			counts[HR_CARD_UUID_MISMATCH] += mismatch;
		else
			counts[HR_NUMA_NOT_FIT]++;
	}
	if (!f->hp->kunlun_uuid)
		s->cards_forced = 1;
}

/* The explain trace of one device (when asked for). */
static void
trace(struct hami_scratch *s, size_t di, int tried, int result)
{
	if (s->trace_try != NULL)
		s->trace_try[di] = tried;
	if (s->trace_result != NULL)
		s->trace_result[di] = result;
}

int
hami_kunlun_fit(struct hami_scratch *s, const struct hami_req *req,
    const struct hami_filter *f, struct gs_grant *tmp, int counts[HR_N])
{
	size_t		*di, n = 0, i, k;
	int		*idx, *fit, alloc[8], nalloc, ntmp = 0, mismatch = 0, m, a;

	di = xcalloc(s->n ? s->n : 1, sizeof *di);
	idx = xcalloc(s->n ? s->n : 1, sizeof *idx);
	fit = xcalloc(s->n ? s->n : 1, sizeof *fit);
	/* getNodeResources: the devices whose Type contains "kunlun". */
	for (i = 0; i < s->n; i++) {
		const struct gs_device *d = &s->devs[s->order[i]];

		if (!hami_of_type(d, req->vendor, f->hp))
			continue;
		m = mismatch;
		di[n] = s->order[i];
		idx[n] = d->index;
		fit[n] = xpu_fits(f, d, req, &mismatch);
		trace(s, s->order[i], (int)n + 1, fit[n] ? HAMI_TRACE_NOT_KEPT :
		    m != mismatch ? HR_CARD_UUID_MISMATCH :
		    HR_EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT);
		n++;
	}
	nalloc = hami_kunlun_select(idx, fit, n, req->nums, alloc);
	if (nalloc == 0) {
		refusal(s, req, f, di, n, mismatch, counts);
		ntmp = -1;
	}
	/* Each chosen Index: the first device of the list that has it
	 * (used or not), the whole card (Totalmem, Totalcore); a vXPU the
	 * request's Memreq and Coresreq. */
	for (a = 0; a < nalloc; a++)
		for (k = 0; k < n; k++)
			if (idx[k] == alloc[a]) {
				const struct gs_device *d = &s->devs[di[k]];

				tmp[ntmp].dev = (int)di[k];
				tmp[ntmp].usedmem = req->vendor == GV_KUNLUN ?
				    d->devmem : req->memreq;
				tmp[ntmp].usedcores = req->vendor == GV_KUNLUN ?
				    d->devcore : req->coresreq;
				ntmp++;
				trace(s, di[k], (int)k + 1, HR_N);
				break;
			}
	free(di);
	free(idx);
	free(fit);
	return ntmp;
}

/* countbubble: a value per wing of Index (< 4, >= 4) by its count. */
static int
count_bubble(const int *t, size_t n)
{
	int	left = 0, right = 0, w[2], i;
	size_t	k;

	for (k = 0; k < n; k++) {
		if (t[k] < 4)
			left++;
		else
			right++;
	}
	if (left == 0 && right == 0)
		return 1;
	w[0] = left;
	w[1] = right;
	/* getvalue: 4 -> 0, 1 -> 2, others (0, 2, 3) -> 1. */
	for (i = 0; i < 2; i++)
		w[i] = w[i] == 4 ? 0 : w[i] == 1 ? 2 : 1;
	return w[0] + w[1];
}

/* calcscore: the sort.Slice calls compare positions, not values, and
 * countbubble does not depend on the order. */
static float
calc_score(const int *prev, size_t np, const int *cur, size_t nc)
{
	switch (count_bubble(cur, nc) - count_bubble(prev, np)) {
	case -1:
		return 3000;
	case 0:
		return 2000;
	case 1:
		return 1000;
	case 2:
		return 0;
	}
	return 1000;
}

/* addidx: value once. */
static void
add_idx(int *t, size_t *n, int value)
{
	size_t	i;

	for (i = 0; i < *n; i++)
		if (t[i] == value)
			return;
	t[(*n)++] = value;
}

float
hami_kunlun_node_score(const struct gs_node *node,
    const struct hami_creq *reqs, size_t nreqs, const struct gs_grant *grants,
    size_t stride, const int (*type_grants)[HAMI_MAX_TYPES],
    const struct hami_profile *hp)
{
	int	*prev, *cur;
	size_t	 np = 0, nc = 0, ncap = 1, c, i, from, upto;
	float	 score = 0;

	if (!hami_kunlun_scored(reqs, nreqs))
		return 0;
	/* ScoreNode returns 0 when any device of the node (previous)
	 * is not a Kunlun's. */
	for (i = 0; i < node->ndevs; i++)
		if (strstr(node->devs[i].type, "kunlun") == NULL)
			return 0;
	for (c = 0; c < nreqs; c++)
		for (i = 0; i < reqs[c].n; i++)
			ncap += (size_t)type_grants[c][i];
	prev = xcalloc(node->ndevs + 1, sizeof *prev);
	cur = xcalloc(ncap, sizeof *cur);
	for (i = 0; i < node->ndevs; i++)
		if (node->devs[i].used > 0)
			add_idx(prev, &np, node->devs[i].index);
	for (c = 0; c < nreqs; c++) {
		if (!hami_ctr_type_range(&reqs[c], type_grants[c], GV_KUNLUN,
		    hp, &from, &upto))
			continue;
		for (i = from; i < upto; i++) {
			const struct gs_device *d =
			    &node->devs[grants[c * stride + i].dev];

			if (strstr(d->type, "kunlun") == NULL)
				goto out;
			add_idx(cur, &nc, d->index);
		}
	}
	score = calc_score(prev, np, cur, nc);
out:
	free(prev);
	free(cur);
	return score;
}

/* A request of Kunlun's whole XPUs, or (vxpu) of either form. */
static int
asks(const struct hami_creq *reqs, size_t nreqs, int vxpu)
{
	size_t	c, t;
	int	v;

	for (c = 0; c < nreqs; c++)
		for (t = 0; t < reqs[c].n; t++) {
			v = reqs[c].r[t].vendor;
			if (v == GV_KUNLUN || (vxpu && v == GV_KUNLUN_XPU))
				return 1;
		}
	return 0;
}

int
hami_kunlun_scored(const struct hami_creq *reqs, size_t nreqs)
{
	return asks(reqs, nreqs, 0);
}

int
hami_kunlun_asked(const struct hami_creq *reqs, size_t nreqs)
{
	return asks(reqs, nreqs, 1);
}

float
hami_override_score(const struct gs_node *node, const struct hami_creq *reqs,
    size_t nreqs, const struct gs_grant *grants, size_t stride,
    const int (*type_grants)[HAMI_MAX_TYPES], const struct hami_filter *f)
{
	/* devScore: the types' ScoreNode summed (float32), which
	 * hami_override_total joins to the node's score. */
	return hami_ascend_node_score(node->devs, reqs, nreqs, grants, stride,
	    type_grants, f->hp) + hami_kunlun_node_score(node, reqs, nreqs,
	    grants, stride, type_grants, f->hp) + hami_metax_node_score(node,
	    reqs, nreqs, type_grants, f) + hami_vastai_node_score(node->devs,
	    reqs, nreqs, grants, stride, type_grants, f->hp);
}

int
hami_override_scored(const struct hami_creq *reqs, size_t nreqs,
    const struct hami_profile *hp)
{
	return hami_ascend_scored(reqs, nreqs, hp) ||
	    hami_kunlun_scored(reqs, nreqs) || hami_metax_scored(reqs, nreqs) ||
	    hami_vastai_scored(reqs, nreqs);
}

void
hami_kunlun_vxpu_request(const struct gs_resval *n, const struct gs_resval *m,
    struct hami_req *out)
{
	int64_t	memnum = 0;

	memset(out, 0, sizeof *out);
	if (!n->set || !n->ok)
		return;
	/* trimMemory: 24576, 49152, else KunlunMaxMemory (98304). */
	if (m->set && m->ok)
		memnum = m->v <= 24576 ? 24576 : m->v <= 49152 ? 49152 : 98304;
	out->coresreq = (int32_t)(memnum * 100 / 98304);
	if (memnum == 0) {
		out->mempct = 100;
		out->coresreq = 100;
		memnum = 98304;
	}
	out->nums = i32_from64(n->v);
	out->memreq = (int32_t)memnum;
	out->vendor = GV_KUNLUN_XPU;
	if (out->nums <= 0)
		memset(out, 0, sizeof *out);
}
