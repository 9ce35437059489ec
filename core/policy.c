/*
 * policy.c: the table of scheduling policies.
 */
#include <string.h>

#include "policy.h"

const struct gs_policy *const gs_policies[] = {
	&gs_policy_hami_v261,
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
