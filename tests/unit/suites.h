/*
 * suites.h: the suites of the unit-test runner and helpers the tests
 * share (building devices and nodes by hand).
 */
#ifndef GS_TEST_SUITES_H
#define GS_TEST_SUITES_H

#include <CUnit/CUnit.h>

#include "../../core/sched/hami/hami.h"
#include "../../core/model/model.h"
#include "../../core/util/util.h"

#define SUITE(n) { .pName = #n, .pTests = n##_tests }

extern CU_TestInfo quantity_tests[], yaml_tests[], codec_tests[],
    request_tests[], score_tests[], gosort_tests[], fit_tests[],
    engine_tests[], metrics_tests[], demo_tests[], plan_tests[],
    kube_tests[], replay_tests[], peers_tests[], v210_tests[],
    vendor_tests[], ascend_tests[];
/* One suite a line, so that suites added on branches merge cleanly. */
extern CU_TestInfo ident_tests[];
extern CU_TestInfo diff_tests[];
extern CU_TestInfo hamiconfig_tests[];
extern CU_TestInfo cli_tests[];
extern CU_TestInfo truth_tests[];
extern CU_TestInfo lint_tests[];
extern CU_TestInfo io_tests[];
extern CU_TestInfo optparse_tests[];
extern CU_TestInfo onetable_tests[];
extern CU_TestInfo profile_tests[];
extern CU_TestInfo sim_tests[];
extern CU_TestInfo peer_rules_tests[];
extern CU_TestInfo perf_tests[];
extern CU_TestInfo order_tests[];
extern CU_TestInfo mig_tests[];
extern CU_TestInfo hamimig_tests[];
extern CU_TestInfo hamigeom_tests[];
extern CU_TestInfo sharing_tests[];
extern CU_TestInfo sharing_modes_tests[];
extern CU_TestInfo kinds_tests[];
extern CU_TestInfo html_tests[];
extern CU_TestInfo trace_model_tests[];
extern CU_TestInfo share_scores_tests[];
extern CU_TestInfo engine_events_tests[];
extern CU_TestInfo quota_tests[];
extern CU_TestInfo handshake_tests[];
extern CU_TestInfo topology_tests[];
extern CU_TestInfo metax_tests[];
extern CU_TestInfo biren_tests[];
extern CU_TestInfo amd_tests[];
extern CU_TestInfo vastai_tests[];
extern CU_TestInfo mthreads_tests[];
extern CU_TestInfo enflame_tests[];
extern CU_TestInfo cel_tests[];
extern CU_TestInfo route_tests[];
extern CU_TestInfo kai_own_tests[];
extern CU_TestInfo kai_mig_tests[];
extern CU_TestInfo kai_conf_tests[];
extern CU_TestInfo kai_dp_tests[];
extern CU_TestInfo kai_fx_tests[];
extern CU_TestInfo volcano_own_tests[];
extern CU_TestInfo volcano_vgpu_tests[];
extern CU_TestInfo volcano_sched_tests[];
extern CU_TestInfo dra_tests[];
extern CU_TestInfo dra_extres_tests[];
extern CU_TestInfo dra_view_tests[];
extern CU_TestInfo jw_tests[];
/* Kunlun */
extern CU_TestInfo kunlun_tests[];
extern CU_TestInfo neuron_tests[];
/* Metax sGPU */
extern CU_TestInfo metax_sgpu_tests[];
extern CU_TestInfo window_tests[];
extern CU_TestInfo peer_memo_tests[];

/* Load every DRA object of the YAML text into *d (test_dra.c): 0, or
 * -1 with err. */
struct gs_dra;
int	t_dra_load(struct gs_dra **d, const char *text, struct gs_error *err);

/* The HAMi profile row named or aliased s ("2.9.0"); fails the test
 * when there is none. */
const struct hami_profile *t_hp(const char *s);
/* A node of n identical GPUs (index order, UUIDs "GPU-<i>"). */
void	t_node(struct gs_node *, const char *name, size_t n, int32_t mem,
	    const char *type);
/* A container with limits: gpu, gpumem, pct, cores (-1 = absent). */
void	t_ctr(struct gs_container *, int64_t gpu, int64_t mem, int64_t pct,
	    int64_t cores);

/* One node, one pod and a configuration, for fitInDevices. */
struct t_fit {
	struct gs_node		node;
	struct gs_pod		pod;
	struct gs_config	cfg;
	struct hami_filter	f;
	struct hami_scratch	s;
	struct gs_grant		g[16];
	int			counts[HR_N];
	int			insufficient;
};

/* A pod's containers fitted one after another on one node, each with
 * request r (hami_fit_container): the customFilterRule tests. */
struct t_pfit {
	struct gs_config	cfg;
	struct gs_pod		pod;
	struct hami_filter	f;
	struct hami_scratch	s;
	struct hami_creq	r;
	struct gs_grant		g[16];
	int			counts[HR_N];
	int			ins;
};
void	t_pfit_init(struct t_pfit *, const struct gs_node *,
	    const struct hami_req *r);
/* Fit the next container: 1 if it fits. */
int	t_pfit(struct t_pfit *);
void	t_pfit_release(struct t_pfit *);

/* Load yaml ("w.yaml") as a workload, warnings into warn (may be
 * NULL): 0, or -1 with the located error in msg ("" when it loads). */
int	t_load_workload(const char *yaml, struct gs_workload *,
	    struct gs_warnings *warn, char *msg, size_t len);

/* Nodes of those names, each 4 T4s of 15360 MiB, 32 cores, 128 GiB
 * and 110 pods allocatable. */
void	t_t4_cluster(struct gs_cluster *, const char *const *names,
	    size_t n);
/* Set cfg's scheduler profile ("hami-v2.10.0"). */
void	t_set_profile(struct gs_config *, const char *profile);
/* ndevs identical T4s of mem MiB; the scheduler's GPU policy. */
void	t_fit_init(struct t_fit *, size_t ndevs, int32_t mem,
	    const char *gpu_policy);
/* One idle device of vendor, type, mem MiB, count slots and 100 cores,
 * under profile, GPU policy spread: the device, to adjust. */
struct gs_device *t_fit_vendor(struct t_fit *, const char *profile,
	    int vendor, const char *type, int32_t mem, int32_t count);
/* Fit one container request on the node; returns 1 if it fits. */
int	t_fit_run(struct t_fit *, int32_t nums, int32_t mem, int32_t pct,
	    int32_t cores);
/* The same for a request built by the caller (any vendor). */
int	t_fit_req(struct t_fit *, const struct hami_req *);
void	t_fit_release(struct t_fit *);

/*
 * The requests of a pod whose one container is c (named "main"), with
 * huawei.com/vnpu-mode mode (NULL: none), under profile (NULL: v2.6.1);
 * the webhook's refusal into why ("" when admitted) unless why is NULL.
 */
struct hami_creq t_creq(const struct gs_container *c, const char *profile,
	    const char *mode, char *why, size_t len);
/* The same for a container asking v of res only, in its limits or
 * requests. */
struct hami_creq t_res_creq(enum gs_res res, int64_t v, int limits,
	    const char *profile);
/* ... with the webhook's refusal into why ("" when admitted). */
struct hami_creq t_res_creq_why(enum gs_res res, int64_t v, int limits,
	    const char *profile, char *why, size_t len);
/* r holds exactly one request, equal to want. */
void	t_assert_one_req(const struct hami_creq *r,
	    const struct hami_req *want);
/* A pod of nctrs empty containers appended to w (namespace default). */
struct gs_pod *t_pod(struct gs_workload *, const char *name, size_t nctrs);
/*
 * The metrics fixture (test_metrics.c, test_truth.c): nodes "a" with 2
 * and "b" with 3 T4s of 15360 MiB, idle; a default config; one pod "p"
 * of one container asking gpus GPUs of mem MiB each.
 */
struct t_metrics_fx {
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_config	cfg;
};
void	t_metrics_fx_init(struct t_metrics_fx *, int64_t gpus, int64_t mem);
void	t_metrics_fx_release(struct t_metrics_fx *);
/*
 * A policy on both views that decides as base, except that the decision
 * for the pod named bad fails: "the ledger is full" with no place, or,
 * when placed, "no page" at ledger.conf:7:2.  One at a time.
 */
const struct gs_policy *t_failing(const struct gs_policy *base,
	    const char *bad, int placed);
/* Load yaml (one cluster document) into c: 0, or -1 with err. */
int	t_load_cluster(const char *yaml, struct gs_cluster *c,
	    struct gs_error *err);
/* A Node name of capacity res: cap, loaded as t_load_cluster does. */
int	t_load_capacity(const char *name, const char *res, const char *cap,
	    struct gs_cluster *c, struct gs_error *err);
/* Fit x's next containers under profile (the filter built again). */
void	t_pfit_profile(struct t_pfit *, const char *profile);

#endif
