/*
 * report/hmig.h: HAMi's MIG metrics (both models) in the reports
 * (report/hmig.c).
 */
#ifndef GS_REPORT_HMIG_H
#define GS_REPORT_HMIG_H

#include <stdio.h>

#include <jansson.h>

#include "report/report.h"

/* The METRICS lines, or nothing when the run has no HAMi MIG GPUs. */
void	gs_report_hmig_table(FILE *fp, const struct gs_report_run *rr);
/* The summary and (geometry model, else NULL) the geometries in use as
 * the METRICS lines word them, allocated; 0 when the run has none. */
int	gs_report_hmig_text(const struct gs_report_run *rr, char **sum,
	    char **geom);
/* The metrics' "hami_mig" object, or NULL. */
json_t	*gs_report_hmig_json(const struct gs_report_run *rr);

#endif
