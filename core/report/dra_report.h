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
/*
 * What the DRA map shows, indexed in one pass (not one per device): the
 * slices of the newest generation of their pools with devices, by node
 * (slot 0: slices without a nodeName; node i: slot i + 1), in sref
 * order; and what holds each device (d->sref[si].dev0 + j): the pods of
 * the placements taking it, in placement order, then the input claims
 * allocating it.
 */
struct gs_dra_ent;
struct gs_dra_held {
	size_t			*soff;	/* slot t: sl[soff[t]..soff[t + 1]) */
	struct gs_dra_ent	*sl;
	size_t			*hoff;	/* device g: h[hoff[g]..hoff[g + 1]) */
	struct gs_dra_ent	*h;
};

/* All NULL when rr's cluster has no slices. */
void	 gs_dra_held_build(struct gs_dra_held *, const struct gs_report_run *);
void	 gs_dra_held_release(struct gs_dra_held *);
/* Node node's DRA devices with what holds each ("held_by"), or NULL. */
json_t	*gs_report_dra_node_json(const struct gs_report_run *rr,
	    const struct gs_dra_held *, size_t node);

struct gs_html;
/* The DRA map as an HTML table in a run's section; nothing without
 * slices. */
void	 gs_report_dra_html(struct gs_html *h, const struct gs_report_run *rr);

#endif
