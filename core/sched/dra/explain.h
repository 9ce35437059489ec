/*
 * sched/dra/explain.h: `explain` for a pod the dra profiles place
 * (sched/dra/explain.c): its claims, each node's verdict, and per claim
 * request the devices of one node with why each can or cannot serve it.
 */
#ifndef GS_SCHED_DRA_EXPLAIN_H
#define GS_SCHED_DRA_EXPLAIN_H

#include "model/model.h"
#include "sched/explain_turn.h"

struct gs_dra_xnode {
	int		 verdict;	/* GS_DRA_FITS ... (sched/dra/dra.h) */
	char		*why;
};

/* A device tried alone for one request: why it cannot serve, or NULL. */
struct gs_dra_xdev {
	char		*request;	/* "claim/request[/sub]" */
	char		*device;	/* "driver/pool/device" */
	char		*why;
	int		 given;		/* the placement took it for request */
};

struct gs_dra_explain {
	char			**claims;	/* one line per claim */
	size_t			  nclaims;
	struct gs_dra_xnode	 *node;		/* per cluster node */
	struct gs_xverdict	 *verdict;	/* the same, for cmd/ */
	size_t			  nnodes;
	long			  detail;	/* node of dev, or -1 */
	struct gs_dra_xdev	 *dev;
	size_t			  ndev, capdev;
	size_t			  pools_bad;	/* on the detail node */
};

/*
 * Explain pod under profile (a dra row) on c, the cluster at its turn;
 * d is the placement the profile made of it; detail the node whose
 * devices to list (-1: the chosen one, none when pending).
 */
void	gs_dra_explain(const struct gs_cluster *c, const char *profile,
	    const struct gs_pod *pod, const struct gs_placement *d,
	    long detail, struct gs_dra_explain *ex);
void	gs_dra_explain_release(struct gs_dra_explain *);

struct gs_policy;
struct gs_sim;

/*
 * The simulation of w's pods before pod k on c0 under the dra profile p,
 * with the DRA objects of every pod of w joined first, so that
 * HAMi-DRA's mapping (gs_dra_hami_map) has made pod k's claims too.
 * Returns 0, or -1 with err (gs_simulate's); sim is released by the caller
 * either way.
 */
int	gs_dra_explain_turn(const struct gs_cluster *c0,
	    const struct gs_workload *w, size_t k, const struct gs_config *cfg,
	    const struct gs_policy *p, struct gs_sim *sim,
	    struct gs_error *err);

#endif
