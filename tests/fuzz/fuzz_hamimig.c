/*
 * fuzz_hamimig.c: libFuzzer target for HAMi's MIG inputs: v2.10's JSON
 * forms (core/load/hami_mig.c: a register device's migProfiles, a pod's
 * hami.io/vgpu-mig-allocations) and the geometry model's (v2.6-v2.9):
 * knownMigGeometries of a device-config.yaml (core/load/volcano_conf.c,
 * HAMi's form) and a UUID's "[geometry-slot]" suffix (core/load/
 * hami_geom.c).  Whatever parses must keep the placement rules'
 * invariants: a chosen placement overlaps nothing in use, a parsed
 * allocation list holds no overlap on one GPU, a suffix is two numbers
 * >= 0, and filling a GPU of any parsed geometry takes each instance once.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/load/hami_mig.h"
#include "../../core/load/volcano_conf.h"
#include "../../core/model/hami_geom.h"
#include "../../core/sched/hami/mig.h"
#include "../../core/util/util.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void
check_profiles(const struct gs_hmig *h)
{
	struct gs_hmig_use	used[GS_HMIG_MAXPL];
	int			n = 0, k, pl, i;

	/* Fill the GPU with 1 MiB requests until nothing is free. */
	while (n < GS_HMIG_MAXPL &&
	    (k = hami_mig_candidate(h, used, n, 1, &pl)) >= 0) {
		for (i = 0; i < n; i++)
			if (h->p[k].start[pl] < used[i].start + used[i].size &&
			    used[i].start < h->p[k].start[pl] + h->p[k].size[pl])
				abort();
		used[n].prof = (int16_t)k;
		used[n].start = h->p[k].start[pl];
		used[n++].size = h->p[k].size[pl];
	}
}

/* Fill a GPU of each geometry of m with 1 MiB grants, under v2.6.1's
 * rules and v2.9.0's: each instance once, never past the geometry. */
static void
check_geometries(const struct gs_vc_mig *m)
{
	static const char *const rows[] = { "hami-v2.6.1", "hami-v2.9.0" };
	struct gs_device	 d;
	struct gs_grant		 g;
	size_t			 r, t;
	int			 n, k, slots;

	for (r = 0; r < 2; r++)
		for (t = 0; t < m->ngroups; t++) {
			slots = gs_hgeom_slots(&m->groups[t]);
			if (m->groups[t].ninst == 0 || slots < 1 || slots > 64)
				abort();
			memset(&d, 0, sizeof d);
			d.hgeom = m;
			d.hg_geom = (int32_t)t + 1;
			d.hg_used = 1;
			for (n = 1; n <= 64; n++) {
				memset(&g, 0, sizeof g);
				g.usedmem = 1;
				if (hami_geom_charge(hami_profile_find(rows[r]),
				    &d, &g) != 0)
					break;
				if (g.hg_slot < 1 || g.hg_slot > slots)
					abort();
			}
			for (k = slots; k < 64; k++)
				if (d.hg_used & (1ULL << k))
					abort();
		}
}

/* The geometry model's text inputs. */
static void
geometry_inputs(const uint8_t *data, size_t size)
{
	char			*s = xstrndup((const char *)data, size);
	const struct yt_node	*l;
	struct gs_vc_mig	*m;
	struct gs_error		 err;
	struct yt_file		 f;
	size_t			 i, j, n;
	int			 t, k;

	if (gs_hgeom_suffix(s, &t, &k) == 0 && (t < 0 || k < 0))
		abort();
	memset(&err, 0, sizeof err);
	if (yt_parse(&f, "f.yaml", s, size, &err) == 0) {
		for (i = 0; i < f.ndocs; i++) {
			l = yt_get(yt_get(f.docs[i].root, "nvidia"),
			    "knownMigGeometries");
			if (l == NULL)
				continue;
			if (gs_mig_geometries_read(&f, l, 1, &m, &n, &err) ==
			    0)
				for (j = 0; j < n; j++)
					check_geometries(&m[j]);
			gs_vc_migs_free(m, n);
		}
		yt_file_release(&f);
	}
	free(s);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	json_error_t		 je;
	json_t			*root = json_loadb((const char *)data, size, 0,
				    &je);
	struct gs_hmig		*h = NULL;
	struct gs_hmig_alloc	*a = NULL;
	size_t			 n, i, j;
	char			 why[256];

	geometry_inputs(data, size);
	if (root == NULL)
		return 0;
	if (gs_hmig_profiles_json(root, "NVIDIA-A100-SXM4-80GB", &h, why,
	    sizeof why) == 0 && h != NULL)
		check_profiles(h);
	free(h);
	if (gs_hmig_profiles_json(root, "unknown", &h, why, sizeof why) == 0 &&
	    h != NULL)
		check_profiles(h);
	free(h);
	if (gs_hmig_allocs_parse(root, &a, &n, why, sizeof why) == 0)
		for (i = 0; i < n; i++)
			for (j = 0; j < i; j++)
				if (strcmp(a[i].gpu, a[j].gpu) == 0 &&
				    a[i].start < a[j].start + a[j].size &&
				    a[j].start < a[i].start + a[i].size)
					abort();
	free(a);
	json_decref(root);
	return 0;
}
