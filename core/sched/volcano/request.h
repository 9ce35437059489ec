/*
 * sched/volcano/request.h: Volcano's own vGPU request, read from a
 * container's volcano.sh/vgpu-* resources (Volcano v1.15.1).
 */
#ifndef GS_VOLCANO_REQUEST_H
#define GS_VOLCANO_REQUEST_H

#include <stdint.h>

#include "model/model.h"

struct gs_volcano_req {
	int32_t	num;		/* devices; 0: no Volcano request */
	int32_t	mem;		/* MiB per device, or 0 */
	int32_t	pct;		/* % of each device's memory, or -1 */
	int32_t	cores;		/* % of each device's cores */
};

/* Is name one of Volcano's four vGPU resources (kept by name in a
 * container's dp list)? */
int	gs_volcano_resource(const char *name);
/* Container c's Volcano request into r; r->num 0 when it asks none. */
void	gs_volcano_request(const struct gs_container *c,
	    struct gs_volcano_req *r);

#endif
