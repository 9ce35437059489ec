/*
 * model/mig.h: the MIG geometry of each MIG-capable GPU model (A30, A100 40 and
 * 80 GB, H100, H200, B200): its GPU instance profiles (name, compute and
 * memory slices, memory, allowed placements) and the rule that lays a
 * list of profiles out on one GPU or says why the GPU cannot hold it.
 */
#ifndef GS_MIG_H
#define GS_MIG_H

#include <stddef.h>
#include <stdint.h>

/* One GPU instance profile of one model (nvidia-smi mig -lgip/-lgipp). */
struct gs_mig_profile {
	const char	*name;		/* "1g.10gb", "1g.10gb+me" */
	int		 id;		/* NVML GPU instance profile id */
	int		 g;		/* compute slices */
	int		 size;		/* memory slices */
	int32_t		 mem;		/* MiB */
	unsigned	 starts;	/* bit s: may start at memory slice s */
	int		 max;		/* instances per GPU */
};

/* A model's MIG table. */
struct gs_mig_model {
	const char			*key;	/* catalogue key "A100-80GB" */
	int				 gslices; /* compute slices: 7 (A30 4) */
	int				 mslices; /* memory slices: 8 (A30 4) */
	const struct gs_mig_profile	*p;
	size_t				 np;
};

/* One MIG instance laid out on a GPU. */
struct gs_mig_slot {
	const struct gs_mig_profile	*p;
	int				 start;	/* first memory slice */
};

extern const struct gs_mig_model gs_mig_models[];
extern const size_t gs_nmig_models;

/* The MIG table of a GPU model (catalogue key, alias or NVML name), or
 * NULL when it has none. */
const struct gs_mig_model *gs_mig_model_find(const char *gpu);
/* The profile named s ("1g.10gb+me", or the resource spelling
 * "1g.10gb.me"), or NULL. */
const struct gs_mig_profile *gs_mig_profile_find(const struct gs_mig_model *,
	    const char *s);
/*
 * Lay the n profiles out on one GPU of model m: out[i] is profile i's
 * slot, in the given order.  Returns 0, or -1 with why the GPU cannot
 * hold them (the first layout found wins: larger profiles first, each at
 * its lowest free allowed start, backtracking when a later one fails).
 */
int	gs_mig_layout(const struct gs_mig_model *m,
	    const struct gs_mig_profile *const *p, size_t n,
	    struct gs_mig_slot *out, char *why, size_t len);
/* The model names with a MIG table, comma separated, into buf. */
void	gs_mig_model_names(char *buf, size_t len);

/*
 * HAMi v2.10's MIG mode (its "dynamic MIG"): the profiles the device
 * plugin publishes for a GPU in the register annotation's `migProfiles`
 * (HAMi pkg/device/devices.go MigProfile: name, memoryMB, core,
 * sliceCount, placements) and the placements in use
 * (DeviceUsage.MigAllocationsInUse).  Fixed size and pointer free, so a
 * device copy is a memcpy.
 */
#define GS_HMIG_MAXP	8	/* profiles per GPU */
#define GS_HMIG_MAXPL	8	/* placements per profile, uses per GPU */

struct gs_hmig_profile {
	char		name[24];	/* "1g.10gb", as the allowlist spells it */
	int32_t		mem;		/* memoryMB */
	int32_t		core;		/* percent of the GPU's SMs, rounded up */
	int32_t		slices;		/* sliceCount */
	int		nplace;
	uint8_t		start[GS_HMIG_MAXPL], size[GS_HMIG_MAXPL];
};

struct gs_hmig {
	int			np;
	struct gs_hmig_profile	p[GS_HMIG_MAXP];
};

/* One placement in use: profile index (-1 when the name is not among
 * the GPU's profiles: a read-back allocation), start and size. */
struct gs_hmig_use {
	int16_t		prof;
	uint8_t		start, size;
};

#endif
