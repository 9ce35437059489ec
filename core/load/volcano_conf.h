/*
 * load/volcano_conf.h: Volcano's device config, the ConfigMap
 * volcano-vgpu-device-config (key device-config.yaml, an `nvidia:` map)
 * that the deviceshare plugin reads (deviceshare.KnownGeometriesCMName,
 * pkg/scheduler/plugins/deviceshare/deviceshare.go, v1.15.1), given with
 * the Node objects of a cluster.
 */
#ifndef GS_LOAD_VOLCANO_CONF_H
#define GS_LOAD_VOLCANO_CONF_H

#include "load/load.h"
#include "load/yamltree.h"
#include "model/volcano_conf.h"

#define VOLCANO_DEVICE_CM	"volcano-vgpu-device-config"

/* ConfigMap obj into *out (a second one is refused).  0, or -1 with err
 * located. */
int	gs_volcano_conf_load(struct gs_volcano_conf **out,
	    const struct yt_file *, const struct yt_node *obj,
	    struct gs_error *);
/* device-config.yaml's root (the map holding `nvidia:`) into a new
 * config (the fuzz target's entry). */
int	gs_volcano_conf_read(const struct yt_file *, const struct yt_node *root,
	    struct gs_volcano_conf **out, struct gs_error *);

/*
 * A knownMigGeometries list l: Volcano's (hami 0: named groups of
 * `geometries`) or HAMi's (hami 1: each geometry a list of {name,
 * memory, count, core}, pkg/device/nvidia/device.go NvidiaConfig.
 * MigGeometriesList).  *out owned (freed with gs_vc_migs_free even on
 * error); 0, or -1 with err located.
 */
int	gs_mig_geometries_read(const struct yt_file *, const struct yt_node *l,
	    int hami, struct gs_vc_mig **out, size_t *n, struct gs_error *);

#endif
