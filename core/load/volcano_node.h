/*
 * load/volcano_node.h: nodes registered through Volcano's own annotation,
 * volcano.sh/node-vgpu-register, as Project-HAMi/volcano-vgpu-device-plugin
 * writes it (pkg/util/util.go EncodeNodeDevices, v1.12.0:
 * "uuid,count,devmem,type,health,mode:" per GPU) and Volcano reads it
 * (pkg/scheduler/api/devices/nvidia/vgpu/device_info.go NewGPUDevices and
 * utils.go decodeNodeDevices, v1.15.1).
 */
#ifndef GS_VOLCANO_NODE_H
#define GS_VOLCANO_NODE_H

#include <stddef.h>

#include "load/load.h"
#include "load/yamltree.h"
#include "model/model.h"

#define VOLCANO_REGISTER_ANNO	"volcano.sh/node-vgpu-register"

/*
 * Decode s into a new array of devices (caller frees with
 * gs_devices_free).  Returns 0, or -1 with a one-line reason in why.
 */
int	gs_volcano_register_decode(const char *s, struct gs_device **devs,
	    size_t *ndevs, char *why, size_t whylen);
/*
 * Node object obj's Volcano registration into n, when its annotations
 * carry one and HAMi's does not: the devices, n->vc_reg set; beside
 * HAMi's registration: the devices in n->vc_devs, read by the volcano-*
 * runs (gs_cluster_for_volcano).  A node whose status.allocatable lacks
 * a nonzero volcano.sh/vgpu-number, vgpu-cores or vgpu-memory gets none
 * (NewGPUDevices), with a warning.
 */
int	gs_volcano_node_load(const struct yt_file *, const struct yt_node *obj,
	    const struct yt_node *annos, struct gs_node *n,
	    struct gs_warnings *, struct gs_error *);

#endif
