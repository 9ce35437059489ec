/*
 * sched/volcano/request.c: Volcano's vGPU request on its own manifests
 * (issue 19 item 4): volcano.sh/vgpu-number, volcano.sh/vgpu-memory,
 * volcano.sh/vgpu-memory-percentage and volcano.sh/vgpu-cores
 * (pkg/scheduler/api/devices/config/vgpu.go, v1.15.1), read as
 * ExtractResourceRequest (pkg/scheduler/api/devices/util.go, v1.15.1,
 * called by resourcereqs in pkg/scheduler/api/devices/nvidia/vgpu/
 * utils.go): the count from vgpu-number, or 1 when only vgpu-memory is
 * given; memory the percentage when given, else vgpu-memory, else 100 %;
 * cores, else 0.  The loader keeps these resources by name (limits, then
 * requests) as whole numbers.
 */
#include <stdlib.h>
#include <string.h>

#include "sched/volcano/request.h"

static const char *const names[] = {
	"volcano.sh/vgpu-number", "volcano.sh/vgpu-memory",
	"volcano.sh/vgpu-memory-percentage", "volcano.sh/vgpu-cores",
};

int
gs_volcano_resource(const char *name)
{
	size_t	i;

	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(name, names[i]) == 0)
			return 1;
	return 0;
}

/* The whole number kept for resource i, or def. */
static int32_t
get(const struct gs_container *c, size_t i, int32_t def)
{
	const char	*v = gs_kv_get(&c->dp, names[i]);

	return v != NULL ? (int32_t)strtol(v, NULL, 10) : def;
}

void
gs_volcano_request(const struct gs_container *c, struct gs_volcano_req *r)
{
	int32_t	pct;

	memset(r, 0, sizeof *r);
	r->pct = -1;
	if (gs_kv_get(&c->dp, names[0]) == NULL &&
	    gs_kv_get(&c->dp, names[1]) == NULL)
		return;
	r->num = get(c, 0, 1);
	r->mem = get(c, 1, 0);
	pct = get(c, 2, 101);
	if (pct == 101 && r->mem == 0)
		pct = 100;
	/* The device fit takes the percentage when one is set, else Memreq
	 * (checkNodeGPUSharingPredicateAndScore,
	 * pkg/scheduler/api/devices/nvidia/vgpu/utils.go, v1.15.1). */
	r->pct = pct != 101 ? pct : -1;
	r->cores = get(c, 3, 0);
}
