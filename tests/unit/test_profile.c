/*
 * test_profile.c: the HAMi profile table (core/sched/hami/profile.c) against
 * expectations written by hand, one line per behaviour with the HAMi
 * source that shows it and the release that introduced it; and every
 * profile name and alias resolving to its row, unknown ones to none.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/hami/hami.h"

#define NROWS	6

static const char *const row_names[NROWS] = { "hami-v2.6.1", "hami-v2.7.0",
    "hami-v2.7.1", "hami-v2.8.0", "hami-v2.9.0", "hami-v2.10.0" };

/* Each flag per row, in row_names' order. */
static const struct {
	const char	*flag;
	size_t		 off;
	int		 want[NROWS];
	const char	*source;
} flags[] = {
#define F(f)	#f, offsetof(struct hami_profile, f)
	{ F(handshake_unread), { 0, 1, 0, 0, 0, 0 },
	    "v2.7.0 only: CheckHealth reads device.HandshakeAnnos, unfilled "
	    "(pkg/device/devices.go)" },
	{ F(exclusive_core_default), { 0, 1, 1, 1, 1, 1 },
	    "v2.7.0: defaultExclusiveCoreIfNeeded, pkg/device/nvidia/device.go" },
	{ F(webhook_all_containers), { 0, 0, 0, 0, 0, 1 },
	    "v2.10.0: Handle, pkg/scheduler/webhook.go" },
	{ F(webhook_refusals), { 0, 0, 0, 0, 0, 1 },
	    "v2.10.0: Handle, pkg/scheduler/webhook.go" },
	{ F(request_guards), { 0, 0, 0, 0, 0, 1 },
	    "v2.10.0: GenerateResourceRequests, pkg/device/*/device.go" },
	{ F(init_requests), { 0, 0, 0, 0, 1, 1 },
	    "v2.9.0: Resourcereqs, pkg/device/devices.go" },
	{ F(register_json), { 0, 0, 0, 1, 1, 1 },
	    "v2.8.0: UnMarshalNodeDevices, pkg/device/devices.go" },
	{ F(alloc_gpu_registers), { 0, 0, 0, 1, 1, 1 },
	    "v2.8.0: allocatable nvidia.com/gpu, pkg/scheduler/scheduler.go" },
	{ F(alloc_zero_handshake), { 0, 0, 0, 0, 1, 1 },
	    "v2.9.0: CheckHealth at allocatable 0, pkg/device/devices.go" },
	{ F(handshake_lenient), { 0, 0, 0, 0, 0, 1 },
	    "v2.10.0: CheckHealth, pkg/device/devices.go" },
	{ F(vendor_handshake_alloc), { 0, 0, 0, 0, 1, 1 },
	    "v2.9.0: CheckHealth(devType, resourceCountName), "
	    "pkg/device/devices.go" },
	{ F(health_check), { 0, 1, 1, 1, 1, 1 },
	    "v2.7.0: CardNotHealth, pkg/device/nvidia/device.go Fit" },
	{ F(vendor_health_check), { 0, 0, 0, 0, 0, 1 },
	    "v2.10.0: the vendors' Fit, pkg/device/*/device.go" },
	{ F(device_cordon), { 0, 0, 0, 0, 0, 1 },
	    "v2.10.0: hami.io/device-cordon, pkg/device/nvidia/device.go" },
	{ F(filter_lists_trimmed), { 0, 0, 0, 0, 0, 1 },
	    "v2.10.0: device.CheckType, CheckUUID" },
	{ F(fit_by_type), { 0, 1, 1, 1, 1, 1 },
	    "v2.7.0: getNodeResources, pkg/scheduler/policy" },
	{ F(type_case_insensitive), { 0, 0, 0, 0, 0, 1 },
	    "v2.10.0: getNodeResources, strings.ToLower" },
	{ F(insufficient_by_type), { 0, 0, 0, 0, 0, 1 },
	    "v2.10.0: NodeInsufficientDevice, fitInDevices" },
	{ F(reason_counts_devices), { 0, 0, 0, 0, 0, 1 },
	    "v2.10.0: len(tmpDevs[k.Type]), fitInCertainDevice" },
	{ F(topology_aware), { 0, 1, 1, 1, 1, 1 },
	    "v2.7.0: topology-aware GPU policy, pkg/device/nvidia" },
	{ F(gpu_policy_list), { 0, 0, 0, 0, 0, 1 },
	    "v2.10.0: PolicyContains, gpuSortKeyChain (gpu_policy.go)" },
	{ F(score_first), { 0, 0, 0, 0, 0, 1 },
	    "v2.10.0: DeviceUsageList.Less, pkg/scheduler/policy" },
	{ F(scoring_weights), { 0, 0, 0, 0, 0, 1 },
	    "v2.10.0: ParseDeviceScoringWeights, calcScore" },
	{ F(node_score_zero_guard), { 0, 0, 0, 0, 1, 1 },
	    "v2.9.0: ComputeDefaultScore, node_policy.go" },
	{ F(score_by_type), { 0, 0, 0, 0, 1, 1 },
	    "v2.9.0: ComputeScore, gpu_policy.go" },
	{ F(iluvatar_per_model), { 0, 0, 1, 1, 1, 1 },
	    "v2.7.1: hami.io/node-<model>-register, pkg/device/iluvatar" },
	{ F(ascend_chip_names), { 0, 1, 1, 1, 1, 1 },
	    "v2.7.0: Ascend910B3, Ascend910B4-1 in device-configmap.yaml" },
	{ F(ascend_910c), { 0, 0, 0, 0, 1, 1 },
	    "v2.9.0: Ascend910C in device-configmap.yaml" },
	{ F(ascend_core_resource), { 0, 0, 0, 0, 1, 1 },
	    "v2.9.0: ResourceCoreName, pkg/device/ascend/device.go" },
	{ F(ascend_910b4_1_doubled), { 0, 0, 0, 1, 1, 1 },
	    "v2.8.0: 910B4-1 templates, device-configmap.yaml" },
	{ F(ascend_910c_templates), { 0, 0, 0, 0, 0, 1 },
	    "v2.10.0: 910C templates, device-configmap.yaml" },
	{ F(biren), { 0, 0, 0, 0, 0, 1 },
	    "v2.10.0: pkg/device/biren, device-configmap.yaml biren" },
	{ F(amd_count), { 0, 0, 1, 1, 1, 0 },
	    "v2.7.1 to v2.9.0: pkg/device/amd GetNodeDevices, Mi300xMemory" },
	{ F(vastai), { 0, 0, 0, 0, 1, 1 },
	    "v2.9.0: pkg/device/vastai, device-configmap.yaml vastai" },
	{ F(amd_register), { 0, 0, 0, 0, 0, 1 },
	    "v2.10.0: pkg/device/amd GetNodeDevices, hami.io/node-amd-register" },
	{ F(mthreads_webhook_requests), { 0, 0, 0, 0, 0, 1 },
	    "v2.10.0: pkg/device/mthreads MutateAdmission reads requests" },
	{ F(enflame_gcu), { 0, 1, 1, 1, 1, 1 },
	    "v2.7.0: pkg/device/enflame/gcu.go, resourceNameGCU" },
	{ F(webhook_recovers_panic), { 0, 1, 1, 1, 1, 1 },
	    "v2.7.0: go.mod controller-runtime v0.21.0, RecoverPanic" },
	{ F(iluvatar_forward), { 0, 1, 1, 1, 0, 0 },
	    "v2.7.0 to v2.8.x: Iluvatar's Fit, pkg/device/iluvatar/device.go" },
	{ F(ascend_own_fit), { 0, 1, 1, 1, 1, 1 },
	    "v2.7.0: Ascend's Fit and ScoreNode, pkg/device/ascend/device.go" },
	{ F(ascend_net_by_type), { 0, 0, 0, 1, 1, 1 },
	    "v2.8.0: computeBestCombination, nodeInfo.Devices[commonWord]" },
	{ F(ascend_910c_modules), { 0, 0, 0, 0, 1, 1 },
	    "v2.9.0: Ascend MutateAdmission, 910C count 1 as 2" },
	{ F(ascend_910c_whole), { 0, 0, 0, 0, 0, 1 },
	    "v2.10.0: computeBestCombination910C, whole modules" },
	{ F(ascend_score_own_type), { 0, 0, 0, 0, 0, 1 },
	    "v2.10.0: Ascend ScoreNode, the type's own list" },
	{ F(ascend_mem_as_given), { 0, 0, 0, 0, 0, 1 },
	    "v2.10.0: Ascend GenerateResourceRequests" },
	{ F(ascend_core_hami_core_only), { 0, 0, 0, 0, 0, 1 },
	    "v2.10.0: Ascend MutateAdmission, hami-core mode" },
	/* Enflame. */
	{ F(enflame_vgcu), { 1, 1, 1, 1, 1, 0 },
	    "v2.6.1 to v2.9.0: pkg/device/enflame/device.go, enflame.com/vgcu" },
	/* Kunlun */
	{ F(kunlun), { 0, 1, 1, 1, 1, 1 },
	    "v2.7.0: pkg/device/kunlun/device.go, kunlunResourceName" },
	{ F(kunlun_uuid), { 0, 0, 0, 0, 0, 1 },
	    "v2.10.0: pkg/device/kunlun/device.go Fit, device.CheckUUID" },
	{ F(kunlun_vxpu_mem_bound), { 0, 0, 0, 1, 1, 1 },
	    "v2.8.0: pkg/device/kunlun/vdevice.go FitVXPU, Totalmem" },
	/* AWS Neuron. */
	{ F(aws_neuron), { 0, 1, 1, 1, 1, 1 },
	    "v2.7.0: pkg/device/awsneuron, device-configmap.yaml awsneuron" },
	{ F(neuron_checks), { 0, 0, 0, 0, 0, 1 },
	    "v2.10.0: awsneuron validateResourceRequest, splitCoreRequest" },
	{ F(enflame_drs), { 0, 0, 0, 0, 0, 1 },
	    "v2.10.0: pkg/device/enflame/device.go, enflame.com/drs-gcu" },
	/* kube-scheduler's enflame.com/shared-gcu (brief vsmall4). */
	{ F(vgcu_shared_fit), { 1, 1, 1, 1, 1, 0 },
	    "v2.6.1 to v2.9.0: enflame MutateAdmission, SharedResourceName" },
	/* Metax sGPU: simulated where HAMi uses the common Fit. */
	{ F(metax_sgpu), { 1, 0, 0, 0, 0, 0 },
	    "v2.6.1: pkg/device/metax/sdevice.go without Fit (v2.7.0 adds it)" },
#undef F
};

/* The Go sort, init-container charge, vNPU check and message word. */
static const struct {
	enum gosort_variant	 go_sort;	/* docker/Dockerfile */
	int			 collapse;	/* initContainer.go */
	enum hami_vnpu_check	 vnpu;		/* Ascend Fit */
	const char		*word;		/* Ascend MutateAdmission */
} other[NROWS] = {
	{ GOSORT_PRE124, GS_COLLAPSE_NONE, HV_NONE, "nor" },
	{ GOSORT_124, GS_COLLAPSE_NONE, HV_NONE, "nor" },
	{ GOSORT_124, GS_COLLAPSE_NONE, HV_NONE, "nor" },
	{ GOSORT_124, GS_COLLAPSE_NONE, HV_NONE, "nor" },
	{ GOSORT_124, GS_COLLAPSE_NONE, HV_PARTIAL_FIRST, "nor" },
	{ GOSORT_124, GS_COLLAPSE_BY_POSITION, HV_NODE, "not" },
};

static void
test_rows(void)
{
	const struct hami_profile	*p;
	size_t				 r, k;
	int				 got;

	for (r = 0; r < NROWS; r++) {
		p = hami_profile_at(r);
		CU_ASSERT_PTR_NOT_NULL_FATAL(p);
		CU_ASSERT_STRING_EQUAL(p->name, row_names[r]);
		for (k = 0; k < sizeof flags / sizeof flags[0]; k++) {
			memcpy(&got, (const char *)p + flags[k].off, sizeof got);
			CU_ASSERT_EQUAL(got, flags[k].want[r]);
		}
		CU_ASSERT_EQUAL(p->go_sort, other[r].go_sort);
		CU_ASSERT_EQUAL(p->init_collapse, other[r].collapse);
		CU_ASSERT_EQUAL(p->vnpu_check, other[r].vnpu);
		CU_ASSERT_STRING_EQUAL(p->vnpu_multi_word, other[r].word);
	}
	/* A new row needs its expectations here. */
	CU_ASSERT_PTR_NULL(hami_profile_at(NROWS));
}

/* Every name and alias resolves to its row; others to none. */
static void
test_names(void)
{
	static const struct {
		const char	*s;
		size_t		 row;
	} t[] = {
		{ "hami-v2.6.1", 0 }, { "2.6", 0 }, { "v2.6.0", 0 },
		{ "2.6.1", 0 }, { "hami-v2.7.0", 1 }, { "v2.7", 1 },
		{ "2.7.0", 1 }, { "hami-v2.7.1", 2 }, { "v2.7.1", 2 },
		{ "hami-v2.8.0", 3 }, { "2.8", 3 }, { "2.8.0", 3 },
		{ "2.8.1", 3 }, { "v2.8.2", 3 }, { "2.8.3", 3 },
		{ "hami-v2.9.0", 4 }, { "2.9", 4 }, { "v2.9.0", 4 },
		{ "hami-v2.10.0", 5 }, { "v2.10", 5 }, { "2.10.0", 5 },
	};
	static const char *const unknown[] = { "2.7.2", "v2.11", "2.10.1",
	    "hami-v2.8.3", "hami-v2.10", "V2.7", "vv2.7", "", "kube-binpack",
	    "2", "2.1" };
	const struct hami_profile	*p;
	size_t				 i, r, k, n = 0;

	for (i = 0; i < sizeof t / sizeof t[0]; i++)
		CU_ASSERT_PTR_EQUAL(hami_profile_find(t[i].s),
		    hami_profile_at(t[i].row));
	for (i = 0; i < sizeof unknown / sizeof unknown[0]; i++)
		CU_ASSERT_PTR_NULL(hami_profile_find(unknown[i]));
	/* Every alias of every row, in hami_version_name's order, names
	 * that row for --hami-version; profile names are not versions. */
	for (r = 0; (p = hami_profile_at(r)) != NULL; r++) {
		for (k = 0; p->aliases[k] != NULL; k++, n++) {
			CU_ASSERT_PTR_EQUAL(hami_profile_find(p->aliases[k]), p);
			CU_ASSERT_STRING_EQUAL(hami_version_name(n),
			    p->aliases[k]);
			CU_ASSERT_STRING_EQUAL(hami_profile_for_version(
			    p->aliases[k]), p->name);
		}
		CU_ASSERT_PTR_NULL(hami_profile_for_version(p->name));
		CU_ASSERT_EQUAL(hami_profile_of_version(p->version), p);
	}
	CU_ASSERT_EQUAL(n, 15);
	CU_ASSERT_PTR_NULL(hami_version_name(n));
	/* The default: v2.6.1 for no profile and for a peer's. */
	CU_ASSERT_PTR_EQUAL(hami_profile(NULL), hami_profile_at(0));
}

/* A GPU policy list's first unknown entry (v2.10), none before. */
static void
test_policy_entries(void)
{
	const struct hami_profile	*v29 = t_hp("2.9.0");
	const struct hami_profile	*v210 = t_hp("2.10.0");
	char				*e;

	CU_ASSERT_PTR_NULL(hami_gpu_policy_unknown("binpack,foo", v29));
	CU_ASSERT_PTR_NULL(hami_gpu_policy_unknown(" binpack, ,numa", v210));
	e = hami_gpu_policy_unknown("binpack,, \tmutx ,numa,bar", v210);
	CU_ASSERT_STRING_EQUAL(e, "mutx");
	free(e);
	CU_ASSERT_TRUE(hami_gpu_policy_known("topology-aware", v29));
	CU_ASSERT_FALSE(hami_gpu_policy_known("mutex", v29));
	CU_ASSERT_FALSE(hami_gpu_policy_known("topology-aware",
	    t_hp("2.6.1")));
	CU_ASSERT_TRUE(hami_gpu_policy_known("spread, mutex", v210));
}

CU_TestInfo profile_tests[] = {
	{ "every row's behaviours", test_rows },
	{ "profile names and aliases", test_names },
	{ "GPU policy list entries", test_policy_entries },
	CU_TEST_INFO_NULL,
};
