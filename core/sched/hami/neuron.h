/*
 * sched/hami/neuron.h: AWS Neuron's webhook, requests and Fit
 * (sched/hami/neuron.c).
 */
#ifndef GS_HAMI_NEURON_H
#define GS_HAMI_NEURON_H

#include "sched/hami/hami.h"

/*
 * AWS Neuron (sched/hami/neuron.c, pkg/device/awsneuron/device.go).  A
 * count request's Coresreq is the process's coresPerAWSNeuron: the
 * placeholder until hami_neuron_resolve sets cluster c's (the cores of
 * the first Neuron device of c with any; 0 when none).
 */
#define HAMI_NEURON_PER_DEVICE	INT32_MIN
/* cores: the cluster's coresPerAWSNeuron (hami_neuron_cores), which
 * v2.10's splitCoreRequest splits by (hami_neuron_split_by). */
const char *hami_neuron_webhook(const struct hami_profile *, int32_t cores,
	    const struct gs_resval *lim, const struct gs_resval *req,
	    char *buf, size_t len);
int	hami_neuron_admits(const struct hami_profile *, int32_t cores,
	    const struct gs_resval *lim, const struct gs_resval *req);
void	hami_neuron_request(const struct gs_resval *lim,
	    const struct gs_resval *req, const struct hami_profile *,
	    int32_t cores, struct hami_req *out);
int32_t	hami_neuron_split_by(int32_t cores);
int32_t	hami_neuron_cores(const struct gs_cluster *c);
void	hami_neuron_resolve(struct hami_creq *reqs, size_t n,
	    const struct gs_cluster *c);
int32_t	hami_neuron_popcount(int32_t mask);
int64_t	hami_neuron_core_usage(const struct gs_device *d, int32_t require);
/* Its Fit on the node in s (sorted): the grants, or -1 with the reasons
 * counted. */
int	hami_neuron_fit(struct hami_scratch *, const struct hami_req *,
	    const struct hami_filter *, struct gs_grant *tmp,
	    int counts[HR_N]);

#endif
