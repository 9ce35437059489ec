/*
 * load/enflame_drs.h: enflame.com/gcu-drs-capacity, the DRS GCUs a node
 * offers to HAMi v2.10.0 (pkg/device/enflame/device.go GetNodeDevices:
 * json.Unmarshal into drsCapacitySpec{Devices []{Index, Minor string,
 * Capacity any}, Profiles map[string]string}).
 */
#ifndef GS_ENFLAME_DRS_H
#define GS_ENFLAME_DRS_H

#include <stddef.h>
#include <stdint.h>

#include "model/model.h"

#define GS_DRS_ANNO	"enflame.com/gcu-drs-capacity"

/* One DRS GCU: its index (strconv.Atoi of "index", else its position)
 * and capacity (parseDRSCapacity: its slots). */
struct gs_drs_dev {
	int64_t	index;
	int32_t	capacity;
};

struct gs_drs_spec {
	struct gs_drs_dev	*devs;
	size_t			 ndevs;
	/* The profiles as collectDRSProfiles makes them (those whose size
	 * and memory parse above 0), sorted by size, then memory. */
	struct gs_drs_profile	*profiles;
	size_t			 nprofiles;
	/* GetNodeDevices' maxSlice and maxMemGB (every profile name). */
	int64_t			 max_slice, max_mem_gb;
	/* Why HAMi registers none of the node's DRS GCUs (no valid profile,
	 * a capacity that is not a number above 0, no device), or NULL. */
	const char		*none;
};

/*
 * Decode s into *spec (caller releases).  Returns 0, or -1 with a
 * one-line reason in why where json.Unmarshal fails (not an object, a
 * field of another type) or two devices share an index.
 */
int	gs_drs_decode(const char *s, struct gs_drs_spec *spec, char *why,
	    size_t whylen);
void	gs_drs_spec_release(struct gs_drs_spec *);

/* parseProfile: "<size>g.<memory>gb" (any case, spaces trimmed) into
 * *size and *mem_gb (0 where a part does not parse). */
void	gs_drs_parse_profile(const char *name, int64_t *size,
	    int64_t *mem_gb);

#endif
