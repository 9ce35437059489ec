/*
 * model/running.h: pods already running in a cluster snapshot (`kubectl get
 * pods -A -o json`).  Their GPU usage is rebuilt as HAMi's getNodesUsage
 * does from hami.io/vgpu-node and hami.io/vgpu-devices-allocated
 * (Succeeded and Failed pods ignored, Terminating ones still counted), and
 * every bound pod charges its cpu/memory requests and a pod slot to its
 * node, for kube-scheduler's NodeResourcesFit.
 */
#ifndef GS_RUNNING_H
#define GS_RUNNING_H

#include "model/model.h"
#include "util/util.h"
#include "load/yamltree.h"

#define HAMI_ASSIGNED_NODE_ANNO	"hami.io/vgpu-node"
#define HAMI_ALLOCATED_ANNO	"hami.io/vgpu-devices-allocated"

struct gs_running_dev {
	int	dev;		/* index into the node's devices, as loaded */
	char	*id;		/* its id (a version's cluster may drop some) */
	int	ctr;		/* container entry: init containers first */
	int32_t	usedmem, usedcores;
	char	*hg;		/* what follows the UUID's '[' (HAMi's
				   MIG geometry suffix), or NULL */
};

struct gs_running_pod {
	char			*name;
	char			*ns;
	long			 node;		/* HAMi's node, or -1 */
	long			 bound;		/* spec.nodeName, or -1 */
	struct gs_running_dev	*devs;
	size_t			 ndevs;
	size_t			 ninit;		/* spec.initContainers */
	int			 init_done;	/* all of them succeeded */
};

struct gs_running {
	struct gs_running_pod	*v;
	size_t			 n, cap;
	struct gs_idset		*ids;	/* every pod read, to refuse one
					   listed twice (model/ident.h) */
};

/* Read pods, charge their usage to c, and remember them in r. */
int	gs_load_running_file(struct gs_cluster *c, struct gs_running *r,
	    const char *path, struct gs_warnings *, struct gs_error *);
/* The same for one parsed document (a Pod or a List of them). */
int	gs_load_running_doc(struct gs_cluster *c, struct gs_running *r,
	    const struct yt_file *, const struct yt_node *doc,
	    struct gs_warnings *, struct gs_error *);
void	gs_running_release(struct gs_running *);
/*
 * Make c the cluster HAMi of that version (hami_version's number) sees:
 * the devices of vendors it does not register are dropped (a node left
 * without any is unregistered), and from v2.10 a running pod holds, per
 * GPU, the larger of its init containers' peak and its containers' sum,
 * or its containers' alone once every init container has succeeded.
 * Apply once, to a fresh copy.
 */
void	gs_cluster_for_version(struct gs_cluster *c, int version);

#endif
