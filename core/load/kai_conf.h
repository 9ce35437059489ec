/*
 * load/kai_conf.h: KAI-Scheduler's own placement strategy (--kai-config
 * FILE): the SchedulingShard's spec.placementStrategy (gpu, cpu: binpack
 * or spread; pkg/apis/kai/v1/schedulingshard_types.go), or the scheduler
 * ConfigMap the operator writes from it (data config.yaml: tiers[].plugins
 * with gpupack or gpuspread, nodeplacement {gpu, cpu} and gpusharingorder;
 * pkg/operator/operands/scheduler/plugin_action_merge.go
 * buildDefaultPlugins), or that config.yaml alone.
 */
#ifndef GS_LOAD_KAI_CONF_H
#define GS_LOAD_KAI_CONF_H

#include <stddef.h>

#include "load/yamltree.h"
#include "util/util.h"

struct gs_kai_conf {
	int	gpu_spread;	/* placementStrategy.gpu: spread (else binpack) */
	int	cpu_spread;	/* placementStrategy.cpu: spread */
};

/* The profile the strategy names: "kai-binpack" or "kai-spread". */
const char *gs_kai_conf_profile(const struct gs_kai_conf *);

/* The file path (its text buf, len bytes) into c.  0, or -1 with err
 * located: a strategy other than binpack or spread, a config whose
 * gpupack/gpuspread, nodeplacement and gpusharingorder disagree (KAI
 * would run both rules; gpusched models one), no nodeplacement plugin. */
int	gs_kai_conf_parse(struct gs_kai_conf *c, const char *path,
	    const char *buf, size_t len, struct gs_error *err);

#endif
