/*
 * hami_profile.c: the HAMi profile table, one row per release gpusched
 * reproduces, holding the named behaviours that are not a rule of HAMi's
 * own code but of how the release was built: the Go toolchain (its
 * docker/Dockerfile's GOLANG_IMAGE), whose sort orders equal GPUs.
 */
#include <string.h>

#include "hami.h"

static const struct hami_profile profiles[] = {
	/* docker/Dockerfile: golang:1.22.5-bullseye (go.mod: go 1.22.2). */
	{ "hami-v2.6.1", "go1.22.5", GOSORT_PRE124 },
	/* golang:1.24.6-bullseye in v2.7.0 and v2.7.1. */
	{ "hami-v2.7.0", "go1.24.6", GOSORT_124 },
	{ "hami-v2.7.1", "go1.24.6", GOSORT_124 },
	/* golang:1.25.5-bookworm, v2.8.0 to v2.8.3. */
	{ "hami-v2.8.0", "go1.25.5", GOSORT_124 },
	{ "hami-v2.9.0", "go1.26.2", GOSORT_124 },
	{ "hami-v2.10.0", "go1.26.6", GOSORT_124 },
};

const struct hami_profile *
hami_profile(const struct gs_config *cfg)
{
	size_t	i;

	if (cfg != NULL && cfg->profile != NULL)
		for (i = 0; i < sizeof profiles / sizeof profiles[0]; i++)
			if (strcmp(profiles[i].name, cfg->profile) == 0)
				return &profiles[i];
	return &profiles[0];	/* hami_version()'s default, v2.6.1 */
}
