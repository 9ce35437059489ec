/*
 * policy.c: the table of scheduling policies.
 */
#include <string.h>

#include "policy.h"

const struct gs_policy *const gs_policies[] = {
	&gs_policy_hami_v261,
	&gs_policy_hami_v270,
	&gs_policy_hami_v271,
	&gs_policy_hami_v280,
	&gs_policy_hami_v290,
	&gs_policy_hami_v2100,
	&gs_policy_kube_least,
	&gs_policy_kube_most,
	&gs_policy_kube_rtcr,
	&gs_policy_kai_binpack,
	&gs_policy_kai_spread,
	&gs_policy_volcano_binpack,
	&gs_policy_volcano_spread,
	&gs_policy_openb_dotprod,
	&gs_policy_openb_gpupacking,
	&gs_policy_openb_bestfit,
	&gs_policy_openb_fgd,
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

const struct gs_policy *
gs_policy_find(const char *name)
{
	size_t	i;

	for (i = 0; gs_policies[i] != NULL; i++)
		if (strcmp(gs_policies[i]->name, name) == 0)
			return gs_policies[i];
	return NULL;
}
