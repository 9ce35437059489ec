/*
 * sched/hami/ascend.c: the parts of Huawei Ascend's own Fit and ScoreNode
 * (pkg/device/ascend/device.go, v2.7 to v2.10) that NVIDIA's do not have:
 * the vNPU mode check (v2.9+), the 910 network topology (every device of
 * the type carries custominfo.NetworkID: the Fit collects every fitting
 * device and keeps whole networks, and ScoreNode adds 10 x the share of
 * each container's NPUs on its largest network to the node score), and
 * 910C's whole modules of two NPUs.  sched/hami/fit.c runs the scan.
 *
 * HAMi groups networks and modules in Go maps and sorts them with
 * sort.Slice, so equal groups come out in a random order; gpusched takes
 * them in the order their first device was found in the scan.
 */
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "util/util.h"
#include "sched/hami/vendor.h"

int
hami_ascend_mode_refused(const struct hami_scratch *s,
    const struct hami_req *k, const struct hami_filter *f)
{
	int	node = s->node_vnpu_core;
	size_t	i;

	if (f->hp->vnpu_check == HV_NONE)
		return 0;
	if (f->hp->vnpu_check == HV_NODE)
		return f->vnpu_core && !node;
	/* v2.9: only a partial vNPU (less memory than devices[0], the first
	 * device of the type in the sorted order) is checked, either way. */
	if (k->memreq <= 0 || k->nums <= 0)
		return 0;
	for (i = 0; i < s->n; i++) {
		const struct gs_device *d = &s->devs[s->order[i]];

		if (hami_of_type(d, k->vendor, f->hp))
			return k->memreq < d->devmem && f->vnpu_core != node;
	}
	return 0;
}

int
hami_ascend_all_networked(const struct hami_scratch *s, int vendor,
    const struct hami_profile *hp)
{
	size_t	i;

	for (i = 0; i < s->n; i++)
		if (hami_of_type(&s->devs[i], vendor, hp) &&
		    (s->devs[i].net == GS_NET_NOINFO ||
		    s->devs[i].net == GS_NET_ABSENT))
			return 0;
	return 1;
}

/*
 * The network of the registered device behind a grant, as
 * computeBestCombination looks it up by ID: among all of the node's
 * devices (v2.7), or only those registered by the request's type (v2.8+:
 * nodeInfo.Devices[commonWord]); the map keeps the last of an ID.  The
 * scratch devices are the node's, in registration order.  Returns 0 when
 * the device is not found or has no numeric NetworkID.
 */
static int
network_of(const struct hami_scratch *s, int vendor,
    const struct hami_profile *hp, const char *id, int64_t *net)
{
	const struct gs_device	*found = NULL;
	size_t			 i;

	for (i = 0; i < s->n; i++)
		if ((!hp->ascend_net_by_type || s->devs[i].vendor == vendor) &&
		    strcmp(s->devs[i].id, id) == 0)
			found = &s->devs[i];
	if (found == NULL || found->net != GS_NET_NUM)
		return 0;
	*net = found->netid;
	return 1;
}

/*
 * Keep, of the n grants in tmp, the members of group best (grp[i]) in
 * order, after the out already kept; returns the new count.
 */
static int
keep_group(struct gs_grant *tmp, const struct gs_grant *in, const int *grp,
    int n, int best, int out, int want)
{
	int	i;

	for (i = 0; i < n && out < want; i++)
		if (grp[i] == best)
			tmp[out++] = in[i];
	return out;
}

int
hami_keep_largest_groups(struct gs_grant *tmp, int n, const int *grp,
    int ngrp, int want)
{
	struct gs_grant	*in = xcalloc((size_t)n + 1, sizeof *in);
	int		*count = xcalloc((size_t)ngrp + 1, sizeof *count);
	int		 i, j, out = 0, best;

	memcpy(in, tmp, (size_t)n * sizeof *in);
	for (i = 0; i < n; i++)
		if (grp[i] >= 0)
			count[grp[i]]++;
	/* The groups by size, largest first; ties to the one met first.
	 * A group taken is marked by its count going to -1. */
	while (out < want) {
		best = -1;
		for (j = 0; j < ngrp; j++)
			if (count[j] >= 0 && (best < 0 || count[j] > count[best]))
				best = j;
		if (best < 0)
			break;
		count[best] = -1;
		out = keep_group(tmp, in, grp, n, best, out, want);
	}
	free(in);
	free(count);
	return out;
}

int
hami_ascend_combine(const struct hami_scratch *s, int vendor,
    const struct hami_profile *hp, struct gs_grant *tmp, int n, int want)
{
	int64_t		*net = xcalloc((size_t)n + 1, sizeof *net), id;
	int		*grp = xcalloc((size_t)n + 1, sizeof *grp);
	int		 nnet = 0, i, j, out;

	/* networkDeviceMap: the grants with a numeric NetworkID, grouped
	 * by it, the groups in the order met. */
	for (i = 0; i < n; i++) {
		grp[i] = -1;
		if (!network_of(s, vendor, hp, s->devs[tmp[i].dev].id, &id))
			continue;
		for (j = 0; j < nnet && net[j] != id; j++)
			;
		if (j == nnet)
			net[nnet++] = id;
		grp[i] = j;
	}
	out = hami_keep_largest_groups(tmp, n, grp, nnet, want);
	free(net);
	free(grp);
	return out;
}

int
hami_ascend_combine_910c(const struct hami_scratch *s, struct gs_grant *tmp,
    int n, int want)
{
	struct gs_grant	*in = xcalloc((size_t)n + 1, sizeof *in);
	int32_t		*card = xcalloc((size_t)n + 1, sizeof *card);
	int		*grp = xcalloc((size_t)n + 1, sizeof *grp);
	int		*size = xcalloc((size_t)n + 1, sizeof *size);
	int		 ncard = 0, i, j, k, out = 0, left = want;

	/* indexToDevice keeps the last grant of an NPU index. */
	for (i = 0; i < n; i++) {
		for (k = n - 1; k > i; k--)
			if (s->devs[tmp[k].dev].index ==
			    s->devs[tmp[i].dev].index)
				break;
		in[i] = tmp[k];
	}
	/* cardTopology: the grants' NPU indexes by module (Idx / 2), in the
	 * order each module was first met. */
	for (i = 0; i < n; i++) {
		int32_t c = s->devs[in[i].dev].index / 2;

		for (j = 0; j < ncard && card[j] != c; j++)
			;
		if (j == ncard)
			card[ncard++] = c;
		size[j]++;
		grp[i] = j;
	}
	/*
	 * Whole modules (two NPUs) until the request is met.  v2.9 sorts
	 * the modules smallest first, v2.10 largest first; either way only
	 * whole ones are taken, in the order met.
	 */
	for (j = 0; j < ncard && left > 0; j++) {
		if (size[j] != 2)
			continue;
		out = keep_group(tmp, in, grp, n, j, out, n);
		left -= 2;
	}
	free(in);
	free(card);
	free(grp);
	free(size);
	return out;
}

int
hami_ascend_scored(const struct hami_creq *reqs, size_t nreqs,
    const struct hami_profile *hp)
{
	size_t	c, t;

	if (!hp->ascend_own_fit)
		return 0;
	for (c = 0; c < nreqs; c++)
		for (t = 0; t < reqs[c].n; t++)
			if (gs_vendor_is_ascend910(reqs[c].r[t].vendor))
				return 1;
	return 0;
}

int
hami_ctr_type_range(const struct hami_creq *r, const int *type_grants,
    int vendor, const struct hami_profile *hp, size_t *from, size_t *upto)
{
	size_t	t;

	*from = 0;
	for (t = 0; t < r->n; t++) {
		if (r->r[t].vendor == vendor)
			break;
		*from += (size_t)type_grants[t];
	}
	if (t == r->n)
		return 0;
	*upto = *from + (size_t)type_grants[t];
	if (!hp->ascend_score_own_type)
		*from = 0;
	return 1;
}

/*
 * One 910 type's ScoreNode: per container, the share of its NPUs on
 * its largest network; 0 for the whole type when a device in a
 * container's list has no NetworkID (other vendors' have no custominfo).
 */
static float
type_score(const struct gs_device *devs, const struct hami_creq *reqs,
    size_t nreqs, const struct gs_grant *grants, size_t stride,
    const int (*type_grants)[HAMI_MAX_TYPES], const struct hami_profile *hp,
    int vendor)
{
	float	score = 0;
	size_t	c, i, j;

	for (c = 0; c < nreqs; c++) {
		const struct gs_grant	*g = grants + c * stride;
		size_t			 from = 0, upto = 0, n;
		int64_t			*ids;
		int			*cnt, max = 0, total = 0;
		size_t			 nid = 0;

		if (!hami_ctr_type_range(&reqs[c], type_grants[c], vendor, hp,
		    &from, &upto))
			continue;	/* no entry for this container */
		n = upto - from;
		if (n == 0)
			continue;
		ids = xcalloc(n, sizeof *ids);
		cnt = xcalloc(n, sizeof *cnt);
		for (i = from; i < upto; i++) {
			const struct gs_device *d = &devs[g[i].dev];

			if (!gs_vendor_is_ascend(d->vendor) ||
			    d->net == GS_NET_NOINFO ||
			    d->net == GS_NET_ABSENT) {
				free(ids);
				free(cnt);
				return 0;
			}
			if (d->net != GS_NET_NUM)
				continue;
			for (j = 0; j < nid && ids[j] != d->netid; j++)
				;
			if (j == nid)
				ids[nid++] = d->netid;
			cnt[j]++;
		}
		for (j = 0; j < nid; j++) {
			if (cnt[j] > max)
				max = cnt[j];
			total += cnt[j];
		}
		free(ids);
		free(cnt);
		if (total > 0)
			score += (float)max / (float)total;
	}
	return score * 10;	/* Ascend910NetworkWeight */
}

float
hami_ascend_node_score(const struct gs_device *devs,
    const struct hami_creq *reqs, size_t nreqs, const struct gs_grant *grants,
    size_t stride, const int (*type_grants)[HAMI_MAX_TYPES],
    const struct hami_profile *hp)
{
	float	sum = 0;
	int	v;

	if (!hp->ascend_own_fit)
		return 0;
	/* OverrideScore sums the types in map order; gpusched in its own.
	 * A type the pod does not ask for scores 0, and adding 0 changes
	 * nothing. */
	for (v = GV_NVIDIA + 1; v < GV_N; v++)
		if (gs_vendor_is_ascend910(v))
			sum += type_score(devs, reqs, nreqs, grants, stride,
			    type_grants, hp, v);
	return sum;
}
