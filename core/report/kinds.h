/*
 * report/kinds.h: the per-GPU metrics of the GPUs NVIDIA's device plugin
 * shares (metrics/kinds.h) in the metrics table and the JSON document.
 */
#ifndef GS_REPORT_KINDS_H
#define GS_REPORT_KINDS_H

#include <stdio.h>

#include <jansson.h>

#include "report/report.h"

/* The lines under METRICS, one per shared GPU; nothing without any. */
void	 gs_report_kinds_table(FILE *, const struct gs_report_run *);
/* metrics.shared_gpus: an array, one object per shared GPU. */
json_t	*gs_report_kinds_json(const struct gs_report_run *);
/* One GPU's detail ("1g.10gb 1 of 2 used, ...; largest placeable ...")
 * into buf. */
void	 gs_report_kind_detail(const struct gs_physgpu *, char *buf, size_t len);

#endif
