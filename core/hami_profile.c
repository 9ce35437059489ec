/*
 * hami_profile.c: the HAMi profile table, one row per release gpusched
 * reproduces, holding the named behaviours that are not a rule of HAMi's
 * own code but of how the release was built: the Go toolchain (its
 * docker/Dockerfile's GOLANG_IMAGE), whose sort orders equal GPUs; and
 * the behaviours HAMi's code shows without a rule saying so (a map read
 * that nothing fills).
 */
#include <string.h>

#include "hami.h"

static const struct hami_profile profiles[] = {
	/* docker/Dockerfile: golang:1.22.5-bullseye (go.mod: go 1.22.2). */
	{ "hami-v2.6.1", 20601, "go1.22.5", GOSORT_PRE124, 0, GS_COLLAPSE_NONE },
	/*
	 * golang:1.24.6-bullseye in v2.7.0 and v2.7.1.  v2.7.0's CheckHealth
	 * (pkg/device/devices.go) reads n.Annotations[HandshakeAnnos[devType]]
	 * from package device's own map, which nothing in v2.7.0 fills (the
	 * vendors fill util.HandshakeAnnos): the key is "", the handshake
	 * empty, every node healthy.  v2.7.1 and v2.8.x read
	 * util.HandshakeAnnos.
	 */
	{ "hami-v2.7.0", 20700, "go1.24.6", GOSORT_124, 1, GS_COLLAPSE_NONE },
	{ "hami-v2.7.1", 20701, "go1.24.6", GOSORT_124, 0, GS_COLLAPSE_NONE },
	/* golang:1.25.5-bookworm, v2.8.0 to v2.8.3. */
	{ "hami-v2.8.0", 20800, "go1.25.5", GOSORT_124, 0, GS_COLLAPSE_NONE },
	{ "hami-v2.9.0", 20900, "go1.26.2", GOSORT_124, 0, GS_COLLAPSE_NONE },
	/*
	 * v2.10: CollapseInitContainerUsage (pkg/device/initContainer.go,
	 * called from Filter and onAddPod) tells init containers by position
	 * in the per-type list (see enum gs_collapse).
	 */
	{ "hami-v2.10.0", 21000, "go1.26.6", GOSORT_124, 0,
	    GS_COLLAPSE_BY_POSITION },
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

const struct hami_profile *
hami_profile_of_version(int version)
{
	size_t	i;

	for (i = 0; i < sizeof profiles / sizeof profiles[0]; i++)
		if (profiles[i].version == version)
			return &profiles[i];
	return &profiles[0];
}
