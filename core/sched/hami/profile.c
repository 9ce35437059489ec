/*
 * sched/hami/profile.c: the HAMi profile table, one row per release gpusched
 * reproduces: its name and the --hami-version values that name it, the
 * Go toolchain that built it (its docker/Dockerfile's GOLANG_IMAGE, whose
 * sort orders equal GPUs), and one named flag per behaviour that differs
 * between releases (struct hami_profile in sched/hami/hami.h says what each
 * does, where HAMi does it and from which release).  The code reads the flags;
 * nothing compares version numbers.  Adding a release is adding a row
 * that sets every field (man/gpusched.1, ADDING A HAMI VERSION).
 */
#include <string.h>

#include "model/hami_geom.h"
#include "sched/hami/hami.h"

static const struct hami_profile profiles[] = {
	/* docker/Dockerfile: golang:1.22.5-bullseye (go.mod: go 1.22.2). */
	{
		.name = "hami-v2.6.1",
		.aliases = { "2.6", "2.6.0", "2.6.1", NULL },
		.version = 20601,
		.go = "go1.22.5",
		.go_sort = GOSORT_PRE124,
		.handshake_unread = 0,
		.init_collapse = GS_COLLAPSE_NONE,
		.exclusive_core_default = 0,
		.webhook_all_containers = 0,
		.webhook_refusals = 0,
		.request_guards = 0,
		.init_requests = 0,
		.register_json = 0,
		.alloc_gpu_registers = 0,
		.alloc_zero_handshake = 0,
		.handshake_lenient = 0,
		.vendor_handshake_alloc = 0,
		.health_check = 0,
		.vendor_health_check = 0,
		.device_cordon = 0,
		.filter_lists_trimmed = 0,
		.fit_by_type = 0,
		.type_case_insensitive = 0,
		.insufficient_by_type = 0,
		.reason_counts_devices = 0,
		.topology_aware = 0,
		.gpu_policy_list = 0,
		.score_first = 0,
		.scoring_weights = 0,
		.node_score_zero_guard = 0,
		.score_by_type = 0,
		.iluvatar_per_model = 0,
		.ascend_chip_names = 0,
		.ascend_910c = 0,
		.ascend_core_resource = 0,
		.ascend_910b4_1_doubled = 0,
		.ascend_910c_templates = 0,
		.biren = 0,
		.amd_count = 0,
		.vastai = 0,
		.amd_register = 0,
		.mthreads_webhook_requests = 0,
		.enflame_gcu = 0,
		.webhook_recovers_panic = 0,
		/* Kunlun */
		.kunlun = 0,
		.kunlun_uuid = 0,
		.kunlun_vxpu_mem_bound = 0,
		.iluvatar_forward = 0,
		.ascend_own_fit = 0,
		.ascend_net_by_type = 0,
		.ascend_910c_modules = 0,
		.ascend_910c_whole = 0,
		.ascend_score_own_type = 0,
		.ascend_mem_as_given = 0,
		.ascend_core_hami_core_only = 0,
		.vnpu_check = HV_NONE,
		.vnpu_multi_word = "nor",
		.quota_fit = HQF_NONE,
		.quota_fit_mlu = 0,
		.quota_zero_blocks = 0,
		.quota_webhook = HQW_NONE,
		.podgroup_lock_retry = 0,
		.topology_first = 0,
		.mig_chart = GS_HGEOM_V261,
		.mig_geom_equal = 0,
		.mig_geom_any_entry = 0,
		.enflame_vgcu = 1,
		/* AWS Neuron. */
		.aws_neuron = 0,
		.neuron_checks = 0,
		.enflame_drs = 0,
		/* kube-scheduler's enflame.com/shared-gcu (brief vsmall4). */
		.vgcu_shared_fit = 1,
		/* Metax topology score (OverrideScore) */
		.override_replaces = 1,
		.metax_sgpu = 1,
	},
	/*
	 * golang:1.24.6-bullseye in v2.7.0 and v2.7.1.  v2.7.0's CheckHealth
	 * (pkg/device/devices.go) reads n.Annotations[HandshakeAnnos[devType]]
	 * from package device's own map, which nothing in v2.7.0 fills (the
	 * vendors fill util.HandshakeAnnos): the key is "", the handshake
	 * empty, every node healthy.  v2.7.1 and v2.8.x read
	 * util.HandshakeAnnos.
	 */
	{
		.name = "hami-v2.7.0",
		.aliases = { "2.7", "2.7.0", NULL },
		.version = 20700,
		.go = "go1.24.6",
		.go_sort = GOSORT_124,
		.handshake_unread = 1,
		.init_collapse = GS_COLLAPSE_NONE,
		.exclusive_core_default = 1,
		.webhook_all_containers = 0,
		.webhook_refusals = 0,
		.request_guards = 0,
		.init_requests = 0,
		.register_json = 0,
		.alloc_gpu_registers = 0,
		.alloc_zero_handshake = 0,
		.handshake_lenient = 0,
		.vendor_handshake_alloc = 0,
		.health_check = 1,
		.vendor_health_check = 0,
		.device_cordon = 0,
		.filter_lists_trimmed = 0,
		.fit_by_type = 1,
		.type_case_insensitive = 0,
		.insufficient_by_type = 0,
		.reason_counts_devices = 0,
		.topology_aware = 1,
		.gpu_policy_list = 0,
		.score_first = 0,
		.scoring_weights = 0,
		.node_score_zero_guard = 0,
		.score_by_type = 0,
		.iluvatar_per_model = 0,
		.ascend_chip_names = 1,
		.ascend_910c = 0,
		.ascend_core_resource = 0,
		.ascend_910b4_1_doubled = 0,
		.ascend_910c_templates = 0,
		.biren = 0,
		.amd_count = 0,
		.vastai = 0,
		.amd_register = 0,
		.mthreads_webhook_requests = 0,
		.enflame_gcu = 1,
		.webhook_recovers_panic = 1,
		/* Kunlun */
		.kunlun = 1,
		.kunlun_uuid = 0,
		.kunlun_vxpu_mem_bound = 0,
		.iluvatar_forward = 1,
		.ascend_own_fit = 1,
		.ascend_net_by_type = 0,
		.ascend_910c_modules = 0,
		.ascend_910c_whole = 0,
		.ascend_score_own_type = 0,
		.ascend_mem_as_given = 0,
		.ascend_core_hami_core_only = 0,
		.vnpu_check = HV_NONE,
		.vnpu_multi_word = "nor",
		.quota_fit = HQF_CONTAINER,
		.quota_fit_mlu = 0,
		.quota_zero_blocks = 0,
		.quota_webhook = HQW_NONE,
		.podgroup_lock_retry = 0,
		.topology_first = 0,
		.mig_chart = GS_HGEOM_V261,
		.mig_geom_equal = 1,
		.mig_geom_any_entry = 0,
		.enflame_vgcu = 1,
		/* AWS Neuron. */
		.aws_neuron = 1,
		.neuron_checks = 0,
		.enflame_drs = 0,
		/* kube-scheduler's enflame.com/shared-gcu (brief vsmall4). */
		.vgcu_shared_fit = 1,
		/* Metax topology score (OverrideScore) */
		.override_replaces = 0,
		.metax_sgpu = 0,
	},
	/* v2.7.1: Iluvatar GPUs registered per model (sched/hami/vendor.h). */
	{
		.name = "hami-v2.7.1",
		.aliases = { "2.7.1", NULL },
		.version = 20701,
		.go = "go1.24.6",
		.go_sort = GOSORT_124,
		.handshake_unread = 0,
		.init_collapse = GS_COLLAPSE_NONE,
		.exclusive_core_default = 1,
		.webhook_all_containers = 0,
		.webhook_refusals = 0,
		.request_guards = 0,
		.init_requests = 0,
		.register_json = 0,
		.alloc_gpu_registers = 0,
		.alloc_zero_handshake = 0,
		.handshake_lenient = 0,
		.vendor_handshake_alloc = 0,
		.health_check = 1,
		.vendor_health_check = 0,
		.device_cordon = 0,
		.filter_lists_trimmed = 0,
		.fit_by_type = 1,
		.type_case_insensitive = 0,
		.insufficient_by_type = 0,
		.reason_counts_devices = 0,
		.topology_aware = 1,
		.gpu_policy_list = 0,
		.score_first = 0,
		.scoring_weights = 0,
		.node_score_zero_guard = 0,
		.score_by_type = 0,
		.iluvatar_per_model = 1,
		.ascend_chip_names = 1,
		.ascend_910c = 0,
		.ascend_core_resource = 0,
		.ascend_910b4_1_doubled = 0,
		.ascend_910c_templates = 0,
		.biren = 0,
		.amd_count = 1,
		.vastai = 0,
		.amd_register = 0,
		.mthreads_webhook_requests = 0,
		.enflame_gcu = 1,
		.webhook_recovers_panic = 1,
		/* Kunlun */
		.kunlun = 1,
		.kunlun_uuid = 0,
		.kunlun_vxpu_mem_bound = 0,
		.iluvatar_forward = 1,
		.ascend_own_fit = 1,
		.ascend_net_by_type = 0,
		.ascend_910c_modules = 0,
		.ascend_910c_whole = 0,
		.ascend_score_own_type = 0,
		.ascend_mem_as_given = 0,
		.ascend_core_hami_core_only = 0,
		.vnpu_check = HV_NONE,
		.vnpu_multi_word = "nor",
		.quota_fit = HQF_CONTAINER,
		.quota_fit_mlu = 0,
		.quota_zero_blocks = 0,
		.quota_webhook = HQW_NONE,
		.podgroup_lock_retry = 0,
		.topology_first = 0,
		.mig_chart = GS_HGEOM_V261,
		.mig_geom_equal = 1,
		.mig_geom_any_entry = 0,
		.enflame_vgcu = 1,
		/* AWS Neuron. */
		.aws_neuron = 1,
		.neuron_checks = 0,
		.enflame_drs = 0,
		/* kube-scheduler's enflame.com/shared-gcu (brief vsmall4). */
		.vgcu_shared_fit = 1,
		/* Metax topology score (OverrideScore) */
		.override_replaces = 0,
		.metax_sgpu = 0,
	},
	/* golang:1.25.5-bookworm, v2.8.0 to v2.8.3. */
	{
		.name = "hami-v2.8.0",
		.aliases = { "2.8", "2.8.0", "2.8.1", "2.8.2", "2.8.3", NULL },
		.version = 20800,
		.go = "go1.25.5",
		.go_sort = GOSORT_124,
		.handshake_unread = 0,
		.init_collapse = GS_COLLAPSE_NONE,
		.exclusive_core_default = 1,
		.webhook_all_containers = 0,
		.webhook_refusals = 0,
		.request_guards = 0,
		.init_requests = 0,
		.register_json = 1,
		.alloc_gpu_registers = 1,
		.alloc_zero_handshake = 0,
		.handshake_lenient = 0,
		.vendor_handshake_alloc = 0,
		.health_check = 1,
		.vendor_health_check = 0,
		.device_cordon = 0,
		.filter_lists_trimmed = 0,
		.fit_by_type = 1,
		.type_case_insensitive = 0,
		.insufficient_by_type = 0,
		.reason_counts_devices = 0,
		.topology_aware = 1,
		.gpu_policy_list = 0,
		.score_first = 0,
		.scoring_weights = 0,
		.node_score_zero_guard = 0,
		.score_by_type = 0,
		.iluvatar_per_model = 1,
		.ascend_chip_names = 1,
		.ascend_910c = 0,
		.ascend_core_resource = 0,
		.ascend_910b4_1_doubled = 1,
		.ascend_910c_templates = 0,
		.biren = 0,
		.amd_count = 1,
		.vastai = 0,
		.amd_register = 0,
		.mthreads_webhook_requests = 0,
		.enflame_gcu = 1,
		.webhook_recovers_panic = 1,
		/* Kunlun */
		.kunlun = 1,
		.kunlun_uuid = 0,
		.kunlun_vxpu_mem_bound = 1,
		.iluvatar_forward = 1,
		.ascend_own_fit = 1,
		.ascend_net_by_type = 1,
		.ascend_910c_modules = 0,
		.ascend_910c_whole = 0,
		.ascend_score_own_type = 0,
		.ascend_mem_as_given = 0,
		.ascend_core_hami_core_only = 0,
		.vnpu_check = HV_NONE,
		.vnpu_multi_word = "nor",
		.quota_fit = HQF_POD,
		.quota_fit_mlu = 0,
		.quota_zero_blocks = 0,
		.quota_webhook = HQW_NONE,
		.podgroup_lock_retry = 0,
		.topology_first = 0,
		.mig_chart = GS_HGEOM_V280,
		.mig_geom_equal = 1,
		.mig_geom_any_entry = 1,
		.enflame_vgcu = 1,
		/* AWS Neuron. */
		.aws_neuron = 1,
		.neuron_checks = 0,
		.enflame_drs = 0,
		/* kube-scheduler's enflame.com/shared-gcu (brief vsmall4). */
		.vgcu_shared_fit = 1,
		/* Metax topology score (OverrideScore) */
		.override_replaces = 0,
		.metax_sgpu = 0,
	},
	/* v2.9.0: the device score counts usage only. */
	{
		.name = "hami-v2.9.0",
		.aliases = { "2.9", "2.9.0", NULL },
		.version = 20900,
		.go = "go1.26.2",
		.go_sort = GOSORT_124,
		.handshake_unread = 0,
		.init_collapse = GS_COLLAPSE_NONE,
		.exclusive_core_default = 1,
		.webhook_all_containers = 0,
		.webhook_refusals = 0,
		.request_guards = 0,
		.init_requests = 1,
		.register_json = 1,
		.alloc_gpu_registers = 1,
		.alloc_zero_handshake = 1,
		.handshake_lenient = 0,
		.vendor_handshake_alloc = 1,
		.health_check = 1,
		.vendor_health_check = 0,
		.device_cordon = 0,
		.filter_lists_trimmed = 0,
		.fit_by_type = 1,
		.type_case_insensitive = 0,
		.insufficient_by_type = 0,
		.reason_counts_devices = 0,
		.topology_aware = 1,
		.gpu_policy_list = 0,
		.score_first = 0,
		.scoring_weights = 0,
		.node_score_zero_guard = 1,
		.score_by_type = 1,
		.iluvatar_per_model = 1,
		.ascend_chip_names = 1,
		.ascend_910c = 1,
		.ascend_core_resource = 1,
		.ascend_910b4_1_doubled = 1,
		.ascend_910c_templates = 0,
		.biren = 0,
		.amd_count = 1,
		.vastai = 1,
		.amd_register = 0,
		.mthreads_webhook_requests = 0,
		.enflame_gcu = 1,
		.webhook_recovers_panic = 1,
		/* Kunlun */
		.kunlun = 1,
		.kunlun_uuid = 0,
		.kunlun_vxpu_mem_bound = 1,
		.iluvatar_forward = 0,
		.ascend_own_fit = 1,
		.ascend_net_by_type = 1,
		.ascend_910c_modules = 1,
		.ascend_910c_whole = 0,
		.ascend_score_own_type = 0,
		.ascend_mem_as_given = 0,
		.ascend_core_hami_core_only = 0,
		.vnpu_check = HV_PARTIAL_FIRST,
		.vnpu_multi_word = "nor",
		.quota_fit = HQF_POD,
		.quota_fit_mlu = 0,
		.quota_zero_blocks = 0,
		.quota_webhook = HQW_NVIDIA_LIMITS,
		.podgroup_lock_retry = 0,
		.topology_first = 0,
		.mig_chart = GS_HGEOM_V290,
		.mig_geom_equal = 1,
		.mig_geom_any_entry = 1,
		.enflame_vgcu = 1,
		/* AWS Neuron. */
		.aws_neuron = 1,
		.neuron_checks = 0,
		.enflame_drs = 0,
		/* kube-scheduler's enflame.com/shared-gcu (brief vsmall4). */
		.vgcu_shared_fit = 1,
		/* Metax topology score (OverrideScore) */
		.override_replaces = 0,
		.metax_sgpu = 0,
	},
	/*
	 * v2.10: CollapseInitContainerUsage (pkg/device/initContainer.go,
	 * called from Filter and onAddPod) tells init containers by position
	 * in the per-type list (see enum gs_collapse).
	 */
	{
		.name = "hami-v2.10.0",
		.aliases = { "2.10", "2.10.0", NULL },
		.version = 21000,
		.go = "go1.26.6",
		.go_sort = GOSORT_124,
		.handshake_unread = 0,
		.init_collapse = GS_COLLAPSE_BY_POSITION,
		.exclusive_core_default = 1,
		.webhook_all_containers = 1,
		.webhook_refusals = 1,
		.request_guards = 1,
		.init_requests = 1,
		.register_json = 1,
		.alloc_gpu_registers = 1,
		.alloc_zero_handshake = 1,
		.handshake_lenient = 1,
		.vendor_handshake_alloc = 1,
		.health_check = 1,
		.vendor_health_check = 1,
		.device_cordon = 1,
		.filter_lists_trimmed = 1,
		.fit_by_type = 1,
		.type_case_insensitive = 1,
		.insufficient_by_type = 1,
		.reason_counts_devices = 1,
		.topology_aware = 1,
		.gpu_policy_list = 1,
		.score_first = 1,
		.scoring_weights = 1,
		.node_score_zero_guard = 1,
		.score_by_type = 1,
		.iluvatar_per_model = 1,
		.ascend_chip_names = 1,
		.ascend_910c = 1,
		.ascend_core_resource = 1,
		.ascend_910b4_1_doubled = 1,
		.ascend_910c_templates = 1,
		.biren = 1,
		.amd_count = 0,
		.vastai = 1,
		.amd_register = 1,
		.mthreads_webhook_requests = 1,
		.enflame_gcu = 1,
		.webhook_recovers_panic = 1,
		/* Kunlun */
		.kunlun = 1,
		.kunlun_uuid = 1,
		.kunlun_vxpu_mem_bound = 1,
		.iluvatar_forward = 0,
		.ascend_own_fit = 1,
		.ascend_net_by_type = 1,
		.ascend_910c_modules = 1,
		.ascend_910c_whole = 1,
		.ascend_score_own_type = 1,
		.ascend_mem_as_given = 1,
		.ascend_core_hami_core_only = 1,
		.vnpu_check = HV_NODE,
		.vnpu_multi_word = "not",
		.quota_fit = HQF_COLLAPSED,
		.quota_fit_mlu = 1,
		.quota_zero_blocks = 1,
		.quota_webhook = HQW_REQUESTS,
		.podgroup_lock_retry = 1,
		.topology_first = 1,
		.mig_reservation = 1,
		.mig_chart = GS_HGEOM_NONE,
		.enflame_vgcu = 0,
		/* AWS Neuron. */
		.aws_neuron = 1,
		.neuron_checks = 1,
		.enflame_drs = 1,
		/* kube-scheduler's enflame.com/shared-gcu (brief vsmall4). */
		.vgcu_shared_fit = 0,
		/* Metax topology score (OverrideScore) */
		.override_replaces = 0,
		.metax_sgpu = 0,
	},
};
#define NPROFILES	(sizeof profiles / sizeof profiles[0])

const struct hami_profile *
hami_profile_at(size_t i)
{
	return i < NPROFILES ? &profiles[i] : NULL;
}

const struct hami_profile *
hami_profile(const struct gs_config *cfg)
{
	const struct hami_profile	*p;
	size_t				 i;

	if (cfg != NULL && cfg->profile != NULL)
		for (i = 0; (p = hami_profile_at(i)) != NULL; i++)
			if (strcmp(p->name, cfg->profile) == 0)
				return p;
	return &profiles[0];	/* the default, v2.6.1 */
}

const struct hami_profile *
hami_profile_of_version(int version)
{
	const struct hami_profile	*p;
	size_t				 i;

	for (i = 0; (p = hami_profile_at(i)) != NULL; i++)
		if (p->version == version)
			return p;
	return &profiles[0];
}

/* The row one of whose aliases is v (a leading "v" dropped), or NULL. */
static const struct hami_profile *
by_alias(const char *v)
{
	const struct hami_profile	*p;
	size_t				 i, k;

	if (v[0] == 'v')
		v++;
	for (i = 0; (p = hami_profile_at(i)) != NULL; i++)
		for (k = 0; p->aliases[k] != NULL; k++)
			if (strcmp(p->aliases[k], v) == 0)
				return p;
	return NULL;
}

const struct hami_profile *
hami_profile_find(const char *s)
{
	const struct hami_profile	*p;
	size_t				 i;

	for (i = 0; (p = hami_profile_at(i)) != NULL; i++)
		if (strcmp(p->name, s) == 0)
			return p;
	return by_alias(s);
}

int
hami_version(const struct gs_config *cfg)
{
	return hami_profile(cfg)->version;
}

const char *
hami_profile_for_version(const char *v)
{
	const struct hami_profile	*p = by_alias(v);

	return p != NULL ? p->name : NULL;
}

const char *
hami_version_name(size_t i)
{
	const struct hami_profile	*p;
	size_t				 r, k;

	for (r = 0; (p = hami_profile_at(r)) != NULL; r++)
		for (k = 0; p->aliases[k] != NULL; k++)
			if (i-- == 0)
				return p->aliases[k];
	return NULL;
}
