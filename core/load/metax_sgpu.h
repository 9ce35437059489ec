/*
 * load/metax_sgpu.h: metax-tech.com/node-gpu-devices, the sGPUs Metax's
 * device plugin offers to HAMi (pkg/device/metax/sdevice.go
 * GetNodeDevices: json.Unmarshal into []*MetaxSDeviceInfo of protocol.go,
 * convertMetaxSDeviceToHAMIDevice).
 */
#ifndef GS_METAX_SGPU_H
#define GS_METAX_SGPU_H

#include <stddef.h>
#include <stdint.h>

#define GS_METAX_SGPU_ANNO	"metax-tech.com/node-gpu-devices"

/* One MetaxSDeviceInfo: the fields HAMi keeps (uuid is the device's ID,
 * totalDevCount its Count, totalVRam its Devmem, totalCompute its
 * Devcore, numa, healthy its Health). */
struct gs_msgpu_dev {
	char	*uuid;
	int32_t	 count, vram, compute, numa;
	int	 healthy;
};

/*
 * Decode s into *devs (*n of them; caller frees with
 * gs_msgpu_devs_free).  Returns 0, or -1 with a one-line reason in why
 * where json.Unmarshal fails (not an array, a field of another type, a
 * number that is no int32), where GetNodeDevices would dereference a
 * null entry (HAMi panics), two devices share a uuid or there are more
 * than 256.  An empty list (or null) decodes to none: HAMi registers
 * none then (CheckHealth: no devices).
 */
int	gs_msgpu_decode(const char *s, struct gs_msgpu_dev **devs, size_t *n,
	    char *why, size_t whylen);
void	gs_msgpu_devs_free(struct gs_msgpu_dev *, size_t);

#endif
