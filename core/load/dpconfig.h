/*
 * load/dpconfig.h: NVIDIA's device plugin's configuration files and
 * mig-parted's mig-configs (issue 18 item 2), chosen per node by its
 * nvidia.com/device-plugin.config and nvidia.com/mig.config labels, and
 * applied to the node's GPUs (load/sharing.h's devices of the one model).
 */
#ifndef GS_DPCONFIG_H
#define GS_DPCONFIG_H

#include <stddef.h>
#include <stdint.h>

#include "model/model.h"
#include "util/util.h"
#include "load/yamltree.h"

#define GS_DP_CONFIG_LABEL	"nvidia.com/device-plugin.config"
#define GS_MIG_CONFIG_LABEL	"nvidia.com/mig.config"

/* One named device plugin config (api/config/v1 Config). */
struct gs_dpconf {
	char	*name;
	int	 mig_strategy;	/* GS_MIG_*, -1: flags.migStrategy unset */
	int	 share;		/* GS_DEV_WHOLE, _TIMESLICE or _MPS */
	int32_t	 replicas;	/* 1 for GS_DEV_WHOLE */
	int	 rename, fail_gt1;
};

/* One entry of a mig-parted config: devices, mig-enabled, mig-devices. */
struct gs_migconf_entry {
	int			 all;		/* devices: all */
	uint64_t		 devs;		/* else bit i: GPU index i */
	int			 enabled;
	const struct yt_node	*devices;	/* the mig-devices map */
	const struct yt_node	*at;
};

struct gs_migconf {
	char			*name;
	const struct yt_node	*at;
	struct gs_migconf_entry	*e;
	size_t			 ne;
};

struct gs_dpconfigs {
	/* --device-plugin-config */
	struct gs_dpconf	*dp;
	size_t			 ndp;
	char			*dp_default;	/* or NULL */
	struct yt_file		 dpf;
	const struct yt_node	*dp_at;		/* the configs, for errors */
	int			 have_dp;
	/* --mig-config (its tree is read when a node is laid out) */
	struct gs_migconf	*mig;
	size_t			 nmig;
	struct yt_file		 migf;
	const struct yt_node	*mig_at;
	int			 have_mig;
};

/*
 * The device plugin's config from len bytes of buf named path: one config
 * document (named "default"), or a ConfigMap whose data holds one config
 * per key, as the GPU operator's devicePlugin.config names it; dflt (or
 * NULL) is the default config's name.  0, or -1 with a located error.
 */
int	gs_dpconfig_parse(struct gs_dpconfigs *, const char *path,
	    const char *buf, size_t len, const char *dflt, struct gs_error *);
/* mig-parted's config (version, mig-configs), or a ConfigMap holding it
 * in its one data key. */
int	gs_migconfig_parse(struct gs_dpconfigs *, const char *path,
	    const char *buf, size_t len, struct gs_error *);
/*
 * Lay out every node the configs choose: by its labels (a name not in the
 * file is an error), else the default device plugin config for a node
 * whose GPUs the device plugin advertises.  0, or -1 with a located
 * error (a geometry its GPUs cannot hold, migStrategy single over mixed
 * profiles, MPS over MIG).
 */
int	gs_dpconfigs_apply(const struct gs_dpconfigs *, struct gs_cluster *,
	    struct gs_error *);
void	gs_dpconfigs_release(struct gs_dpconfigs *);
/*
 * One warning per label (nvidia.com/device-plugin.config unless have_dp,
 * nvidia.com/mig.config unless have_mig) that GPU nodes carry while no
 * file is given to read it: located at the first such node, it says what
 * gpusched assumed (the GPUs as loaded).
 */
void	gs_dpconfigs_warn_unread(const struct gs_cluster *, int have_dp,
	    int have_mig, struct gs_warnings *);

#endif
