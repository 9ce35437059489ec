/*
 * sched/volcano/vgpu.c: the sharing mode of a Volcano node and the pod's
 * volcano.sh/vgpu-mode (sched/volcano/vgpu.h), Volcano v1.15.1.  MPS:
 * the device plugin registers a GPU of an `operatingmode: mps` node with
 * mode "mps", but the scheduler registers sharing factories for
 * hami-core and mig only (hamicore.go, mig.go) and getSharingMode
 * (utils.go) reads every other mode as hami-core; so an MPS node is
 * shared as hami-core, and a pod asking volcano.sh/vgpu-mode: mps fits no
 * node (its mode is compared with the node's, "hami-core" or "mig").
 */
#include <stdio.h>
#include <string.h>

#include "sched/volcano/vgpu.h"

const char *
gs_volcano_mode_name(int mode)
{
	return mode == GS_VCM_MIG ? "mig" : "hami-core";
}

int
gs_volcano_node_mode(const struct gs_node *n, const struct gs_volcano_conf *c)
{
	size_t	i;
	int	mode = GS_VCM_HAMICORE;

	if (!n->vc_reg)
		return GS_VCM_HAMICORE;
	for (i = 0; i < n->ndevs; i++) {
		const struct gs_device *d = &n->devs[i];

		/* getSharingMode, then extractGeometryFromType's fallback. */
		mode = d->mode != NULL && strcmp(d->mode, "mig") == 0 &&
		    gs_volcano_geometry(c, d->type) != NULL ? GS_VCM_MIG :
		    GS_VCM_HAMICORE;
	}
	return mode;
}

int
gs_volcano_mode_known(const char *v)
{
	return strcmp(v, "hami-core") == 0 || strcmp(v, "mig") == 0 ||
	    strcmp(v, "mps") == 0;
}

int
gs_volcano_mode_fits(const struct gs_pod *pod, int node_mode, char *why,
    size_t len)
{
	const char	*want = gs_kv_get(&pod->annotations, VOLCANO_MODE_ANNO);

	if (want == NULL || strcmp(want, gs_volcano_mode_name(node_mode)) == 0)
		return 1;
	snprintf(why, len, "pod required sharing mode %s is not the same as "
	    "the node mode %s", want, gs_volcano_mode_name(node_mode));
	return 0;
}
