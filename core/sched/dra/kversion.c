/*
 * sched/dra/kversion.c: the Kubernetes version rows (sched/dra/kversion.h).
 *
 * Feature defaults: pkg/features/kube_features.go (versioned specs):
 * DRAPrioritizedList beta on from 1.34; DRAPartitionableDevices,
 * DRAConsumableCapacity and DRAExtendedResource alpha off in 1.34 and
 * 1.35, beta on from 1.36.  The allocator variant:
 * k8s.io/dynamic-resource-allocation/structured/allocator.go NewAllocator
 * takes the first of stable, incubating, experimental whose
 * SupportedFeatures cover the enabled ones; stable lacks
 * ConsumableCapacity, so 1.36 runs incubating.  Scoring:
 * pkg/scheduler/framework/plugins/dynamicresources/dynamicresources.go
 * has a Score (the prioritized list's, PR #134711) from 1.35.
 */
#include <stdio.h>
#include <string.h>

#include "sched/dra/kversion.h"

const struct gs_kube_version gs_kube_versions[] = {
	/* version  profile      allocator
	 *  { prioritized, partitionable, consumable, extres, score } */
	{ "1.34", "dra",       "stable",     { 1, 0, 0, 0, 0 } },
	{ "1.35", "dra-v1.35", "stable",     { 1, 0, 0, 0, 1 } },
	{ "1.36", "dra-v1.36", "incubating", { 1, 1, 1, 1, 1 } },
};

const size_t gs_kube_nversions = sizeof gs_kube_versions /
    sizeof gs_kube_versions[0];

const struct gs_kube_version *
gs_kube_version_find(const char *v)
{
	size_t	i, l;

	if (v[0] == 'v')
		v++;
	for (i = 0; i < gs_kube_nversions; i++) {
		l = strlen(gs_kube_versions[i].version);
		if (strncmp(v, gs_kube_versions[i].version, l) == 0 &&
		    (v[l] == '\0' || v[l] == '.'))
			return &gs_kube_versions[i];
	}
	return NULL;
}

const struct gs_kube_version *
gs_kube_version_of(const char *profile)
{
	size_t	i;

	for (i = 0; profile != NULL && i < gs_kube_nversions; i++)
		if (strcmp(gs_kube_versions[i].profile, profile) == 0)
			return &gs_kube_versions[i];
	return NULL;
}
