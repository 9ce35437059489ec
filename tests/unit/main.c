/*
 * main.c: the CUnit runner.  Each test file exports a CU_SuiteInfo table;
 * the exit status is the number of failures (CUnit's own return value is
 * 0 even when assertions fail).
 */
#include <stdio.h>

#include <CUnit/Basic.h>

#include "suites.h"

int
main(void)
{
	CU_SuiteInfo	suites[] = {
		SUITE(quantity),
		SUITE(yaml),
		SUITE(codec),
		SUITE(request),
		SUITE(score),
		SUITE(gosort),
		SUITE(fit),
		SUITE(engine),
		SUITE(metrics),
		SUITE(demo),
		SUITE(plan),
		SUITE(kube),
		SUITE(replay),
		SUITE(share_scores),
		SUITE(peers),
		SUITE(v210),
		SUITE(vendor),
		SUITE(ascend),
		SUITE(ident),
		SUITE(diff),
		SUITE(hamiconfig),
		SUITE(cli),
		SUITE(truth),
		SUITE(lint),
		SUITE(io),
		SUITE(optparse),
		SUITE(onetable),
		SUITE(profile),
		SUITE(sim),
		SUITE(peer_rules),
		SUITE(perf),
		SUITE(order),
		SUITE(mig),
		SUITE(hamimig),
		SUITE(hamigeom),
		SUITE(sharing),
		SUITE(sharing_modes),
		SUITE(kinds),
		SUITE(html),
		SUITE(trace_model),
		SUITE(engine_events),
		SUITE(quota),
		SUITE(handshake),
		SUITE(topology),
		SUITE(metax),
		SUITE(biren),
		SUITE(amd),
		SUITE(vastai),
		SUITE(mthreads),
		SUITE(enflame),
		SUITE(cel),
		SUITE(route),
		SUITE(kai_own),
		SUITE(kai_mig),
		SUITE(kai_conf),
		SUITE(kai_dp),
		SUITE(kai_fx),
		SUITE(volcano_own),
		SUITE(volcano_vgpu),
		SUITE(volcano_sched),
		SUITE(dra),
		SUITE(dra_extres),
		SUITE(dra_view),
		SUITE(jw),
		SUITE(kunlun),	/* Kunlun */
		SUITE(neuron),
		SUITE(metax_sgpu),	/* Metax sGPU */
		SUITE(window),
		SUITE(peer_memo),
		CU_SUITE_INFO_NULL,
	};
	unsigned	failed;

	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	if (CU_register_suites(suites) != CUE_SUCCESS) {
		fprintf(stderr, "unit: %s\n", CU_get_error_msg());
		CU_cleanup_registry();
		return 2;
	}
	CU_basic_set_mode(CU_BRM_VERBOSE);
	CU_basic_run_tests();
	failed = CU_get_number_of_tests_failed() + CU_get_number_of_failures();
	CU_cleanup_registry();
	return failed != 0;
}
