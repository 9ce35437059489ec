/*
 * report/rows.h: the placement rows every writer shows (report/rows.c):
 * one per device a placed pod's containers were granted, init containers
 * first, with what the table, CSV and HTML writers print of it.
 */
#ifndef GS_REPORT_ROWS_H
#define GS_REPORT_ROWS_H

#include "model/model.h"

struct gs_grant_row {
	size_t			 j, k;		/* cursor: zero to start */
	const struct gs_node	*node;
	const struct gs_grant	*g;
	int			 gpu;		/* gs_gpu_number */
	const char		*uuid;
	const char		*ctr;		/* container name */
	int			 init;		/* an init container */
};

/*
 * The next device pl (pod's placement on c) was granted after r's cursor
 * into r: 1, or 0 when there is none left or pl is not placed.
 */
int	gs_grant_row_next(const struct gs_cluster *c, const struct gs_pod *pod,
	    const struct gs_placement *pl, struct gs_grant_row *r);

#endif
