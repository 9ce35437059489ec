/*
 * sched/hami/vastai.c: Vastai's die mode and AIC node score
 * (pkg/device/vastai/device.go, v2.9.0 and v2.10.0).  A device whose
 * register custominfo says DeviceStrategy "die" is one die of a physical
 * card (custominfo AIC, a string).  When the first device of the type
 * in the sorted order is a die (isDieMode), Fit collects every die that
 * passes and keeps exactly the request, the first one, or the dies of
 * the fullest cards (computeBestCombination); v2.10 under the pod's
 * mutex GPU policy refuses an idle die whose card has a busy die.
 * ScoreNode adds, per container, the share of its devices on its most
 * used card to the node score.  sched/hami/fit.c runs the scan.
 *
 * HAMi groups the cards in a Go map and sorts them with sort.SliceStable
 * from the map's (random) order, so equal cards come out in a random
 * order; gpusched takes them in the order their first die was found.
 */
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "sched/hami/vastai.h"
#include "sched/hami/vendor.h"
#include "util/util.h"

/* A device of the list Vastai's Fit gets (getNodeResources: from v2.7
 * those whose Type contains the request's). */
static int
listed(const struct gs_device *d, const struct hami_profile *hp)
{
	return !hp->fit_by_type || hami_of_type(d, GV_VASTAI, hp);
}

int
hami_vastai_die(const struct hami_scratch *s, const struct hami_req *req,
    const struct hami_profile *hp)
{
	size_t	i;

	if (req->vendor != GV_VASTAI)
		return 0;
	/* isDieMode: devices[0], the first listed in the sorted order,
	 * has custominfo with DeviceStrategy the string "die". */
	for (i = 0; i < s->n; i++)
		if (listed(&s->devs[s->order[i]], hp))
			return s->devs[s->order[i]].va_strategy == GS_VA_DIE;
	return 0;
}

/* v2.10 Fit's occupiedAIC: d's card has a die in use (the string AICs
 * of the listed devices with Used > 0, aicID). */
static int
aic_busy(const struct hami_scratch *s, const struct hami_profile *hp,
    const struct gs_device *d)
{
	size_t	i;

	if (d->va_aic == NULL)
		return 0;
	for (i = 0; i < s->n; i++)
		if (s->devs[i].used > 0 && s->devs[i].va_aic != NULL &&
		    listed(&s->devs[i], hp) &&
		    strcmp(s->devs[i].va_aic, d->va_aic) == 0)
			return 1;
	return 0;
}

int
hami_mutex_refused(const struct hami_scratch *s,
    const struct hami_profile *hp, const struct gs_device *d, int die)
{
	/* After the slot check (Count <= Used refuses first): a device in
	 * use; in die mode (v2.10 Vastai Fit) also an idle die whose card
	 * is occupied.  The occupied cards are taken before the scan and
	 * the scan charges nothing, so reading the usage here is the same. */
	if (d->count <= d->used)
		return 0;
	return d->used > 0 || (die && aic_busy(s, hp, d));
}

/* The index of aic among the first *nid of ids, added when new. */
static int
aic_slot(const char **ids, size_t *nid, const char *aic)
{
	size_t	j;

	for (j = 0; j < *nid && strcmp(ids[j], aic) != 0; j++)
		;
	if (j == *nid)
		ids[(*nid)++] = aic;
	return (int)j;
}

int
hami_vastai_combine(const struct hami_scratch *s, struct gs_grant *tmp,
    int n, int want)
{
	const char	**ids = xcalloc((size_t)n + 1, sizeof *ids);
	int		 *grp = xcalloc((size_t)n + 1, sizeof *grp);
	size_t		  nid = 0;
	int		  i, out;

	/* computeBestCombination's deviceMap: the dies with a string
	 * AIC, by card; the others are left out. */
	for (i = 0; i < n; i++) {
		const char *aic = s->devs[tmp[i].dev].va_aic;

		grp[i] = aic != NULL ? aic_slot(ids, &nid, aic) : -1;
	}
	out = hami_keep_largest_groups(tmp, n, grp, (int)nid, want);
	free(ids);
	free(grp);
	return out;
}

/*
 * One container's list: the share of its devices on its most used card;
 * -1 when ScoreNode returns 0 for the whole node (a device with no
 * custominfo, a DeviceStrategy string other than "die", or no AIC).
 */
static float
ctr_share(const struct gs_device *devs, const struct gs_grant *g,
    size_t from, size_t upto)
{
	const char	**ids = xcalloc(upto - from + 1, sizeof *ids);
	int		 *cnt = xcalloc(upto - from + 1, sizeof *cnt);
	size_t		  nid = 0, i;
	int		  max = 0, total = 0;
	float		  share = 0;

	for (i = from; i < upto; i++) {
		const struct gs_device *d = &devs[g[i].dev];

		if (d->net == GS_NET_NOINFO || d->va_strategy == GS_VA_OTHER ||
		    !d->va_aic_set) {
			share = -1;
			goto out;
		}
		if (d->va_aic != NULL)	/* a non-string AIC is not counted */
			cnt[aic_slot(ids, &nid, d->va_aic)]++;
	}
	for (i = 0; i < nid; i++) {
		if (cnt[i] > max)
			max = cnt[i];
		total += cnt[i];
	}
	if (total > 0)
		share = (float)max / (float)total;
out:
	free(ids);
	free(cnt);
	return share;
}

float
hami_vastai_node_score(const struct gs_device *devs,
    const struct hami_creq *reqs, size_t nreqs, const struct gs_grant *grants,
    size_t stride, const int (*type_grants)[HAMI_MAX_TYPES],
    const struct hami_profile *hp)
{
	float	score = 0, share;
	size_t	c, from, upto;

	if (!hami_vastai_scored(reqs, nreqs))
		return 0;
	/* ScoreNode (float32 throughout): the containers' shares summed;
	 * OverrideScore adds it to the node score unweighted (Vastai is
	 * not a policyNeutralScorer in v2.10). */
	for (c = 0; c < nreqs; c++) {
		if (!hami_ctr_type_range(&reqs[c], type_grants[c], GV_VASTAI,
		    hp, &from, &upto) || upto == from)
			continue;	/* no devices: skipped */
		if ((share = ctr_share(devs, grants + c * stride, from,
		    upto)) < 0)
			return 0;
		score += share;
	}
	return score;
}

int
hami_vastai_scored(const struct hami_creq *reqs, size_t nreqs)
{
	size_t	c, t;

	for (c = 0; c < nreqs; c++)
		for (t = 0; t < reqs[c].n; t++)
			if (reqs[c].r[t].vendor == GV_VASTAI)
				return 1;
	return 0;
}
