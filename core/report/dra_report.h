/*
 * report/dra_report.h: DRA devices in the metrics table and the JSON
 * document (report/dra_report.c, metrics/dra_use.h).
 */
#ifndef GS_REPORT_DRA_REPORT_H
#define GS_REPORT_DRA_REPORT_H

#include <stdio.h>

#include <jansson.h>

#include "report/report.h"

/* The DRA lines under METRICS: a summary and one line per device;
 * nothing without DRA devices. */
void	 gs_report_dra_table(FILE *fp, const struct gs_report_run *rr);
/* metrics.dra_devices, or NULL without DRA devices. */
json_t	*gs_report_dra_json(const struct gs_report_run *rr);

/* The DRA MAP after the GPU MAP: each device of the newest slices, by
 * node, with the pods and input claims holding it; nothing without
 * slices. */
void	 gs_report_dra_map(FILE *fp, const struct gs_report_run *rr);
/* Node node's DRA devices with what holds each ("held_by"), or NULL. */
json_t	*gs_report_dra_node_json(const struct gs_report_run *rr, size_t node);

struct gs_html;
/* The DRA map as an HTML table in a run's section; nothing without
 * slices. */
void	 gs_report_dra_html(struct gs_html *h, const struct gs_report_run *rr);

#endif
