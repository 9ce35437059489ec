/*
 * report/hmig.h: HAMi v2.10 MIG metrics in the reports (report/hmig.c).
 */
#ifndef GS_REPORT_HMIG_H
#define GS_REPORT_HMIG_H

#include <stdio.h>

#include <jansson.h>

#include "report/report.h"

/* The METRICS line, or nothing when the run has no HAMi MIG GPUs. */
void	gs_report_hmig_table(FILE *fp, const struct gs_report_run *rr);
/* The metrics' "hami_mig" object, or NULL. */
json_t	*gs_report_hmig_json(const struct gs_report_run *rr);

#endif
