/*
 * metrics/diff.h: two sets of placements (from golden files, `simulate -o json`
 * outputs or fresh simulations) and the changes between them, pod by pod
 * and run by run: moved, added, removed, newly pending, newly placed.
 * Pods are identified by namespace/name; runs are matched by name.
 */
#ifndef GS_DIFF_H
#define GS_DIFF_H

#include <stddef.h>

#include "sched/engine.h"
#include "model/model.h"
#include "util/util.h"

/* One GPU granted to one container. */
struct gs_pgpu {
	char	*ctr;		/* container name */
	char	*uuid;
	int	 index;		/* the GPU's index on its node, -1 unknown */
};

/* Where one pod went. */
struct gs_ppod {
	char		*ns, *name;
	int		 pending;
	char		*node;		/* NULL when pending */
	char		*reason;	/* pending: why, or NULL */
	struct gs_pgpu	*gpus;		/* gs_ppod_add_gpu keeps them sorted */
	size_t		 ngpus, cap;
	char		*file;		/* the workload file defining it, or NULL */
	int		 line;
	size_t		 seq;		/* order of arrival, for stable sorting */
};

struct gs_prun {
	char		*name;
	struct gs_ppod	*pods;
	size_t		 npods, cap;
};

struct gs_pset {
	struct gs_prun	*runs;
	size_t		 nruns, cap;
};

void		 gs_pset_release(struct gs_pset *);
struct gs_prun	*gs_pset_add_run(struct gs_pset *, const char *name);
/* A placed pod (node not NULL) or a pending one (node NULL, reason). */
struct gs_ppod	*gs_prun_add_pod(struct gs_prun *, const char *ns,
		    const char *name, const char *node, const char *reason);
void		 gs_ppod_add_gpu(struct gs_ppod *, const char *ctr,
		    const char *uuid, int index);

/*
 * Golden files name GPUs by UUID alone: give dst's GPUs without an index
 * the index src gives the same UUID, so both sides read "GPU 1".
 */
void	gs_pset_fill_index(struct gs_pset *dst, const struct gs_pset *src);

/*
 * Read a golden file (versions 1 and 2) or a `simulate -o json` output
 * (one run, or {"runs": [...]}), told apart by content.  0, or -1 with
 * a located error.
 */
int	gs_pset_load(struct gs_pset *, const char *path, struct gs_error *);
/* Add the placements of one simulated run (unmanaged pods left out). */
void	gs_pset_add_result(struct gs_pset *, const char *run,
	    const struct gs_cluster *, const struct gs_workload *,
	    const struct gs_result *);

enum gs_pchange {
	GS_PC_SAME,
	GS_PC_MOVED,		/* node or GPU set changed */
	GS_PC_ADDED,		/* only in head */
	GS_PC_REMOVED,		/* only in base */
	GS_PC_PENDING,		/* placed in base, pending in head */
	GS_PC_PLACED,		/* pending in base, placed in head */
	GS_PC_NKINDS
};

/* "moved", "added", ... ("same" for GS_PC_SAME). */
const char	*gs_pchange_name(enum gs_pchange);

struct gs_pcmp {
	enum gs_pchange		 kind;
	const struct gs_ppod	*base, *head;	/* NULL on the missing side */
};

struct gs_prun_cmp {
	const char	*name;		/* head's name (base's when only there) */
	const char	*base_name;	/* base's, when it differs, else NULL */
	int		 only;		/* -1 base only, +1 head only, 0 both */
	struct gs_pcmp	*pods;		/* by namespace, then name */
	size_t		 npods, cap;
	size_t		 count[GS_PC_NKINDS];
};

struct gs_pdiff {
	struct gs_prun_cmp	*runs;		/* by name */
	size_t			 nruns, cap;
	size_t			 count[GS_PC_NKINDS];
	size_t			 changes;	/* pods not GS_PC_SAME */
	size_t			 pods;		/* pods compared */
};

/*
 * Compare base with head, run by run (only the run named only, when not
 * NULL).  When each side has exactly one run, the two are compared
 * whatever their names.  The result points into base and head.
 */
void	gs_pset_compare(const struct gs_pset *base, const struct gs_pset *head,
	    const char *only, struct gs_pdiff *);
void	gs_pdiff_release(struct gs_pdiff *);

/* "name" in namespace default, "ns/name" otherwise (malloc'd). */
char	*gs_ppod_label(const struct gs_ppod *);
/* "node-a GPU 1,3", "pending (reason)" (malloc'd). */
char	*gs_ppod_where(const struct gs_ppod *);

#endif
