/*
 * load/trace.h: the openb trace files (Alibaba cluster-trace-gpu-v2023) as a
 * list of nodes and a list of pods, checked row by row.
 *
 * Node lists: sn,cpu_milli,memory_mib,gpu,model.  Pod lists: the 11-column
 * form (name,cpu_milli,memory_mib,num_gpu,gpu_milli,gpu_spec,qos,pod_phase,
 * creation_time,deletion_time,scheduled_time) or the 5-column multigpu
 * form (the first five).  A malformed row is an error located at its
 * file:line:col; nothing is guessed.
 */
#ifndef GS_TRACE_H
#define GS_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "model/model.h"
#include "util/util.h"

/* The most GPUs one trace node may have (the trace has at most 8). */
#define GS_TRACE_MAXGPU		16
/* GPU milli of one whole device. */
#define GS_MILLI		1000

struct gs_trace_node {
	char	*name;
	int64_t	 cpu_milli;
	int64_t	 mem_mib;
	int	 gpus;
	char	*model;		/* "" for a CPU-only node */
	int	 line;
};

struct gs_trace_nodes {
	struct gs_trace_node	*v;
	size_t			 n;
};

struct gs_trace_pod {
	char	*name;
	int64_t	 cpu_milli;
	int64_t	 mem_mib;
	int	 num_gpu;	/* 0 for a CPU-only pod */
	int	 gpu_milli;	/* per GPU, 1..1000; 0 when num_gpu is 0 */
	char	*gpu_spec;	/* "" for any model, else "A|B|..." */
	char	*qos;		/* "" in the 5-column form */
	char	*phase;		/* "" in the 5-column form */
	int64_t	 creation;	/* seconds; -1 when absent */
	int64_t	 deletion;	/* seconds; -1 when absent */
	int64_t	 scheduled;	/* seconds; -1 when absent */
	int	 line;
};

struct gs_trace_pods {
	struct gs_trace_pod	*v;
	size_t			 n;
	int			 timed;	/* the 11-column form */
};

int	gs_trace_parse_nodes(const char *path, const char *data, size_t len,
	    struct gs_trace_nodes *, struct gs_error *);
int	gs_trace_parse_pods(const char *path, const char *data, size_t len,
	    struct gs_trace_pods *, struct gs_error *);
/* Read and parse a file ("-" is standard input). */
int	gs_trace_load_nodes(const char *path, struct gs_trace_nodes *,
	    struct gs_error *);
int	gs_trace_load_pods(const char *path, struct gs_trace_pods *,
	    struct gs_error *);
void	gs_trace_nodes_release(struct gs_trace_nodes *);
void	gs_trace_pods_release(struct gs_trace_pods *);

/*
 * Is a node of model `model` ("" for a CPU node) allowed by gpu_spec `spec`?
 * The simulator's rule: an empty spec allows every node; otherwise a CPU
 * node is refused, and a GPU node is allowed when its model is one of the
 * '|'-separated entries or when every entry is empty.
 */
int	gs_trace_spec_allows(const char *spec, const char *model);

/*
 * The one model of a trace (load/trace_model.c): the nodes as a gs_cluster
 * (allocatable cpu, memory and pods; GPUs as HAMi devices whose share view
 * is exact, gs_device.milli 1000), one pod as a gs_pod (HAMi's requests
 * and the exact share in gs_pod.gpu_milli), and n pods, trace pod order[i]
 * (or i when order is NULL) as pod i, as a gs_workload.
 */
void	gs_trace_cluster(const struct gs_trace_nodes *, struct gs_cluster *);
void	gs_trace_pod(struct gs_pod *, const struct gs_trace_pod *);
void	gs_trace_workload(const struct gs_trace_pods *, const size_t *order,
	    size_t n, struct gs_workload *);
/* The trace model of a device gs_trace_cluster built ("T4"), or NULL. */
const char *gs_trace_device_model(const struct gs_device *);

#endif
