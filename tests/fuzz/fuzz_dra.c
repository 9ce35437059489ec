/*
 * fuzz_dra.c: libFuzzer target for the DRA loaders (load/dra.h) and the
 * allocator: any bytes are parsed and read as a cluster and as workloads
 * (DeviceClass, ResourceSlice, ResourceClaim[Template], pods'
 * resourceClaims); what loads is joined as a simulation joins it and
 * every pod is placed by the dra and dra-v1.36 profiles.  Must never crash, leak, hang
 * or grow without bound.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../../core/load/load.h"
#include "../../core/load/dra.h"
#include "../../core/model/model.h"
#include "../../core/sched/engine.h"
#include "../../core/sched/policy.h"
#include "../../core/load/yamltree.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct yt_file		f;
	struct gs_error		err;
	struct gs_warnings	w = { 0 };
	struct gs_cluster	c;
	struct gs_workload	wl;
	struct gs_config	cfg;
	struct gs_result	res;
	size_t			i, k;

	if (yt_parse(&f, "fuzz", (const char *)data, size, &err) != 0)
		return 0;
	memset(&c, 0, sizeof c);
	memset(&wl, 0, sizeof wl);
	for (i = 0; i < f.ndocs; i++) {
		if (f.docs[i].root == NULL)
			continue;
		(void)gs_load_cluster_doc(&c, &f, f.docs[i].root, &w, &err);
		(void)gs_load_workload_doc(&wl, &f, f.docs[i].root, &c, &w,
		    &err);
	}
	if (gs_dra_check(c.dra, wl.dra, &err) == 0) {
		gs_dra_prepare(&c.dra, wl.dra);
		/* v1.34, and v1.36 for the gates it adds (KEP-5004's
		 * extended resources among them); each run on its copy. */
		for (k = 0; k < 2; k++) {
			struct gs_cluster cc;

			gs_cluster_copy(&cc, &c);

			gs_config_init(&cfg);
			gs_engine_run(&cc, &wl, &cfg, k == 0 ? &gs_policy_dra :
			    &gs_policy_dra_v136, NULL, &res,
			    NULL);
			gs_result_release(&res);
			gs_config_release(&cfg);
			gs_cluster_release(&cc);
		}
	}
	gs_workload_release(&wl);
	gs_cluster_release(&c);
	gs_warnings_release(&w);
	yt_file_release(&f);
	return 0;
}
