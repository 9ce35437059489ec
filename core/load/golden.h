/*
 * load/golden.h: golden placement files for CI regression.  A golden file is
 * normalised JSON (sorted keys, no timestamps, no scores): per run, the
 * scheduler settings and, per pod, the node and each container's GPU
 * UUIDs, or that the pod stayed pending, keyed "ns/name" (version 2).
 * Comparing two of them gives one row per difference, keyed by run and
 * pod: a pod that moved shows its old and its new row.
 */
#ifndef GS_GOLDEN_H
#define GS_GOLDEN_H

#include <jansson.h>

#include "sched/engine.h"
#include "model/model.h"
#include "util/util.h"

#define GS_GOLDEN_FLAGS	(JSON_SORT_KEYS | JSON_INDENT(2))

/*
 * The run of --cluster/--workload files: a golden file names no input
 * file, so renaming one changes nothing.
 */
#define GS_GOLDEN_FILES_RUN	"simulation"

/* Start a golden document; add each run with gs_golden_add_run. */
json_t	*gs_golden_new(void);
void	 gs_golden_add_run(json_t *golden, const char *run,
	    const struct gs_config *, const struct gs_cluster *,
	    const struct gs_workload *, const struct gs_result *);
/* Read a golden file; -1 with a located error if it is not one. */
int	 gs_golden_load(const char *path, json_t **out, struct gs_error *);

/*
 * Differences, as "-row"/"+row" lines sorted by key; runs of want that
 * got does not have are left out.
 */
struct gs_diff {
	char	**lines;
	size_t	  n, cap;
	size_t	  changed;	/* keys that differ */
};

void	gs_golden_diff(json_t *want, json_t *got, struct gs_diff *);
void	gs_diff_release(struct gs_diff *);

#endif
