/*
 * load/volcano_sched.h: Volcano's scheduler configuration (--volcano-config
 * FILE): the deviceshare plugin's arguments in volcano-scheduler.conf
 * (deviceshare.VGPUEnable, SchedulePolicy, ScheduleWeight, and the switches
 * Volcano refuses to combine; pkg/scheduler/plugins/deviceshare/
 * deviceshare.go enablePredicate, v1.15.1), given as the
 * volcano-scheduler-configmap ConfigMap or the conf file itself.
 */
#ifndef GS_LOAD_VOLCANO_SCHED_H
#define GS_LOAD_VOLCANO_SCHED_H

#include <stddef.h>

#include "model/model.h"
#include "util/util.h"

/* The file path (its text buf, len bytes) into s (given set).  0, or -1
 * with err located: no deviceshare plugin, an argument of the wrong type,
 * GPUSharingEnable with GPUNumberEnable or either with VGPUEnable (Volcano
 * exits: klog.Fatal), the
 * arguments gpusched does not model (GPUExclusiveRules, another
 * KnownGeometriesCMName, Ascend's vNPU switches).  A SchedulePolicy
 * other than binpack or spread, or none, sets s->nopolicy. */
int	gs_volcano_sched_parse(struct gs_vc_sched *s, const char *path,
	    const char *buf, size_t len, struct gs_error *err);
/* The same from the file at path (the replay's --volcano-config). */
int	gs_volcano_sched_load(struct gs_vc_sched *s, const char *path,
	    struct gs_error *err);

#endif
