/*
 * report/diff.h: writers for `gpusched diff`: a readable diff, JSON, JUnit
 * XML (one testsuite per run, one testcase per pod compared) and GitHub
 * workflow annotations.  base and head name the two sides.
 */
#ifndef GS_REPORT_DIFF_H
#define GS_REPORT_DIFF_H

#include <stdio.h>

#include <jansson.h>

#include "metrics/diff.h"

void	 gs_report_diff_text(FILE *, const char *base, const char *head,
	    const struct gs_pdiff *);
json_t	*gs_report_diff_json(const char *base, const char *head,
	    const struct gs_pdiff *);
void	 gs_report_diff_junit(FILE *, const char *base, const char *head,
	    const struct gs_pdiff *);
void	 gs_report_diff_github(FILE *, const char *base, const char *head,
	    const struct gs_pdiff *);

#endif
