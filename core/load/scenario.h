/*
 * load/scenario.h: a scenario file names a cluster, workloads and the HAMi
 * scheduler configuration; paths resolve against the scenario's folder.
 * It may hold several runs, each simulated on the empty cluster (the HAMi
 * demo's four deployments are four runs).  See gpusched-scenario(5).
 */
#ifndef GS_SCENARIO_H
#define GS_SCENARIO_H

#include "load/expect.h"
#include "model/model.h"
#include "model/running.h"
#include "util/util.h"

struct gs_run {
	char			*name;
	struct gs_workload	 wl;
	struct gs_config	 cfg;
	struct gs_expect_list	 expects;	/* this run's own */
	/* `sharing:` the GPUs laid out as one sharing mode
	 * (sched/sharing_modes.h GS_SHARE_*), or -1: as the cluster has
	 * them. */
	int			 sharing;
};

struct gs_scenario {
	char			*name;
	struct gs_cluster	 cluster;
	struct gs_config	 cfg;
	struct gs_run		*runs;
	size_t			 nruns;
	struct gs_expect_list	 expects;	/* for every run */
	char			*path;		/* file, or NULL */
	struct gs_running	 running;	/* pods already there */
	int64_t			 now;		/* handshake reference, or
						   INT64_MIN */
};

/* Extra inputs for a snapshot: running pods and the reference time. */
struct gs_snapshot_opts {
	char		**running;	/* --running files */
	size_t		  nrunning;
	const char	 *now;		/* --now "YYYY-MM-DD HH:MM:SS", or NULL */
	const char	 *hami_config;	/* --hami-config FILE (load/hamiconfig.h),
					   over the scenario's hamiConfig */
	/* --device-plugin-config FILE, --device-plugin-default NAME,
	 * --mig-config FILE (load/dpconfig.h), --kai-config FILE
	 * (load/kai_conf.h), --volcano-config FILE (load/volcano_sched.h):
	 * each over the scenario's key of the same file, or NULL. */
	const char	 *dp_config, *dp_default, *mig_config;
	const char	 *kai_config, *volcano_config;
};

int	gs_scenario_load(struct gs_scenario *, const char *path,
	    const struct gs_snapshot_opts *, struct gs_warnings *,
	    struct gs_error *);
/* The same from len bytes of buf named path (the fuzz target's way in). */
int	gs_scenario_parse(struct gs_scenario *, const char *path,
	    const char *buf, size_t len, const struct gs_snapshot_opts *,
	    struct gs_warnings *, struct gs_error *);
/* A one-run scenario from --cluster and --workload files. */
int	gs_scenario_from_files(struct gs_scenario *, char **clusters,
	    size_t nclusters, char **workloads, size_t nworkloads,
	    const struct gs_snapshot_opts *, struct gs_warnings *,
	    struct gs_error *);
void	gs_scenario_release(struct gs_scenario *);

#endif
