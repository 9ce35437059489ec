/*
 * sched/volcano/vgpu.h: Volcano's vGPU sharing modes on its own nodes
 * (issue 19 items 4-5; Volcano v1.15.1, pkg/scheduler/api/devices/nvidia/
 * vgpu/): the node's mode, the pod's volcano.sh/vgpu-mode, and the MIG
 * factory's TryAddPod/AddPod/SubPod (mig.go) over a node's devices.
 */
#ifndef GS_VOLCANO_VGPU_H
#define GS_VOLCANO_VGPU_H

#include <stddef.h>
#include <stdint.h>

#include "model/model.h"
#include "model/volcano_conf.h"
#include "sched/peer_view.h"

#define VOLCANO_MODE_ANNO	"volcano.sh/vgpu-mode"

enum gs_vc_mode {
	GS_VCM_HAMICORE,	/* "hami-core" */
	GS_VCM_MIG		/* "mig" */
};

/* "hami-core", "mig". */
const char	*gs_volcano_mode_name(int mode);
/*
 * The node's mode as decodeNodeDevices (utils.go) leaves it: each
 * device's getSharingMode ("mig", else hami-core), a MIG device whose
 * type no knownMigGeometries entry names falling back to hami-core; the
 * last device's wins.  A node HAMi registered is hami-core.
 */
int	gs_volcano_node_mode(const struct gs_node *,
	    const struct gs_volcano_conf *);
/*
 * checkNodeGPUSharingPredicateAndScore's first test: a pod annotated
 * volcano.sh/vgpu-mode fits only a node of exactly that mode ("mps"
 * never does: no sharing factory registers it).  1 when it fits, else 0
 * with why.
 */
int	gs_volcano_mode_fits(const struct gs_pod *, int node_mode,
	    char *why, size_t len);
/* Is v a mode the pod annotation may name (hami-core, mig, mps)? */
int	gs_volcano_mode_known(const char *v);

/*
 * The MIG factory over node n's devices for one pod on one node: the
 * geometry of each device, and a scratch copy of their group and
 * positions in use that TryAddPod advances.
 */
struct gs_vc_mig_try {
	const struct gs_volcano_conf	 *conf;
	const struct gs_vc_mig		**geom;		/* per device */
	int32_t				 *group;	/* per device */
	uint64_t			 *used;		/* per device */
	size_t				  ndev;
};

void	gs_vc_mig_try_init(struct gs_vc_mig_try *, const struct gs_node *,
	    const struct gs_volcano_conf *);
void	gs_vc_mig_try_release(struct gs_vc_mig_try *);
/* The hook gs_peer_volcano_share calls (ctx a gs_vc_mig_try). */
int	gs_vc_mig_try_add(void *ctx, size_t dev, int64_t mem,
	    struct gs_pgrant *g, int64_t *charge);
/*
 * findMatch (mig.go): with a group in use (group > 0), pickFromGroup in
 * it alone; else each group in order, the first that fits.  0, the
 * group index, position and instance memory; -1 when nothing holds req.
 */
int	gs_vc_mig_find(const struct gs_vc_mig *, int32_t group, uint64_t used,
	    uint32_t req, int *g, int *pos, uint32_t *mem);
/* pickFromGroup's order of g's kinds into idx (g->ninst of them): by
 * memory ascending (sort.Slice; Go's pdqsort); and the positions of kind
 * k in g as bits (getPosition: after the counts of the kinds before it). */
void	gs_vc_mig_order(const struct gs_vc_group *g, size_t *idx);
uint64_t gs_vc_kind_mask(const struct gs_vc_group *g, size_t k);
/* The MIG id Volcano writes for grant g on d (encodeMIGID:
 * "uuid[group-position]") into buf; -1 when g is not a Volcano MIG grant. */
int	gs_vc_mig_id(const struct gs_volcano_conf *, const struct gs_device *d,
	    const struct gs_grant *g, char *buf, size_t len);
/* AddPod (sign 1) or SubPod (-1) of a Volcano MIG grant on d. */
void	gs_volcano_mig_use(struct gs_device *d, const struct gs_grant *g,
	    int sign);

#endif
