/*
 * sched/policy.c: the one table of scheduling policies and its lookups.  The
 * order is the listing order: HAMi's versions, the FGD paper's six, the
 * peers, then HAMi v2.6.1 under its four node x GPU policies; the replay's
 * `--policy all` and `openb` keep this order.
 */
#include <stdio.h>
#include <string.h>

#include "sched/policy.h"

const struct gs_policy *const gs_policies[] = {
	&gs_policy_hami_v261,
	&gs_policy_hami_v270,
	&gs_policy_hami_v271,
	&gs_policy_hami_v280,
	&gs_policy_hami_v290,
	&gs_policy_hami_v2100,
	&gs_policy_openb_random,
	&gs_policy_openb_dotprod,
	&gs_policy_openb_gpuclustering,
	&gs_policy_openb_gpupacking,
	&gs_policy_openb_bestfit,
	&gs_policy_openb_fgd,
	&gs_policy_kube_least,
	&gs_policy_kube_most,
	&gs_policy_kube_rtcr,
	&gs_policy_kai_binpack,
	&gs_policy_kai_spread,
	&gs_policy_volcano_binpack,
	&gs_policy_volcano_spread,
	&gs_policy_hami_bb,
	&gs_policy_hami_bs,
	&gs_policy_hami_sb,
	&gs_policy_hami_ss,
	&gs_policy_dra,
	&gs_policy_dra_v135,
	&gs_policy_dra_v136,
	NULL,
};

void *
gs_policy_start(const struct gs_policy *p, const struct gs_cluster *c,
    const struct gs_config *cfg, const struct gs_workload *w)
{
	void	*st = p->create(c, cfg);

	if (p->workload != NULL && w != NULL)
		p->workload(st, w);
	return st;
}

int
gs_policy_decide(const struct gs_policy *p, void *st,
    const struct gs_cluster *c, const struct gs_pod *pod,
    struct gs_placement *d, struct gs_error *err)
{
	struct gs_error	 mine;
	char		 msg[sizeof mine.msg];

	if (err == NULL)
		err = &mine;
	memset(err, 0, sizeof *err);
	if (p->decide(st, c, pod, d, err) == 0)
		return 0;
	gs_placement_release(d);
	memset(d, 0, sizeof *d);
	d->node = -1;
	if (err->file[0] == '\0') {
		snprintf(msg, sizeof msg, "%s", err->msg);
		return gs_error_set(err, pod->src_file, pod->src_line,
		    pod->src_col, "pod %s/%s: %s", pod->ns ? pod->ns : "",
		    pod->name ? pod->name : "", msg);
	}
	return -1;
}

const struct gs_policy *
gs_policy_lookup(const char *name, unsigned views)
{
	size_t	i;

	for (i = 0; gs_policies[i] != NULL; i++)
		if (strcmp(gs_policies[i]->name, name) == 0)
			return (gs_policies[i]->views & views) == views ?
			    gs_policies[i] : NULL;
	return NULL;
}

const struct gs_policy *
gs_policy_find(const char *name)
{
	return gs_policy_lookup(name, GS_VIEW_DEVICE);
}

const struct gs_policy *
gs_policy_hami_profile(const struct gs_policy *p)
{
	return p->hami != NULL ? p->hami : p;
}

int
gs_policy_of_family(const char *profile, const char *family)
{
	const struct gs_policy	*p = gs_policy_lookup(profile, 0);

	return p != NULL && strcmp(p->family, family) == 0;
}

int
gs_policy_is_kube_dp(const char *profile)
{
	const struct gs_policy	*p = gs_policy_lookup(profile, 0);

	return p != NULL && strcmp(p->family, "kube") == 0 && !p->dra;
}

int
gs_policy_strategy(const char *profile)
{
	const struct gs_policy	*p = gs_policy_lookup(profile, 0);

	return p != NULL ? p->strategy : GS_STRATEGY_NONE;
}

int
gs_policy_is_version(const struct gs_policy *p)
{
	return strcmp(p->family, "hami") == 0 && p->hami == NULL;
}

const char *
gs_tie_name(int tie)
{
	switch (tie) {
	case GS_TIE_RANK:
		return "rank";
	case GS_TIE_NAME:
		return "name";
	case GS_TIE_RANDOM:
		return "random";
	default:
		return "first";
	}
}
