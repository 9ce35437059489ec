/*
 * policy.c: the table of scheduling policies.
 */
#include <string.h>

#include "policy.h"

const struct gs_policy *const gs_policies[] = {
	&gs_policy_hami_v261,
	&gs_policy_kube_least,
	&gs_policy_kube_most,
	&gs_policy_kube_rtcr,
	&gs_policy_kai_binpack,
	&gs_policy_kai_spread,
	&gs_policy_volcano_binpack,
	&gs_policy_volcano_spread,
	NULL,
};

const struct gs_policy *
gs_policy_find(const char *name)
{
	size_t	i;

	for (i = 0; gs_policies[i] != NULL; i++)
		if (strcmp(gs_policies[i]->name, name) == 0)
			return gs_policies[i];
	return NULL;
}
