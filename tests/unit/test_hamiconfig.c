/*
 * test_hamiconfig.c: HAMi's own configuration (the hami-scheduler-device
 * ConfigMap, device-config.yaml, values.yaml), the resource names and
 * knobs it gives the loaders, and the HAMi versions a cluster's
 * annotations fit.  Expected values are read off the input files.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "suites.h"
#include "../../core/load/hamiconfig.h"
#include "../../core/load/load.h"
#include "../../core/sched/hami/vendor.h"
#include "../../core/sched/policy.h"

#define IN	"../golden/inputs/hami-config/"

/* Write text to a fresh temporary file; returns its path (free it). */
static char *
tmpfile_with(const char *text)
{
	char	*path = xstrdup("/tmp/gs-hamicfg-XXXXXX");
	int	 fd = mkstemp(path);

	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT_FATAL(write(fd, text, strlen(text)) ==
	    (ssize_t)strlen(text));
	close(fd);
	return path;
}

static void
test_configmap_v261(void)
{
	struct gs_hamicfg	c;
	struct gs_error		err;

	/* The chart's rendering with its defaults. */
	CU_ASSERT_EQUAL_FATAL(gs_hamicfg_load(&c, IN "cm-v2.6.1.yaml", &err),
	    0);
	CU_ASSERT_STRING_EQUAL(c.s.form, "ConfigMap");
	CU_ASSERT_EQUAL(c.s.split, 10);
	CU_ASSERT_EQUAL(c.s.mem_scaling, 1);
	CU_ASSERT_EQUAL(c.s.core_scaling, 1);
	CU_ASSERT_STRING_EQUAL(c.s.res[GS_RES_GPU], "nvidia.com/gpu");
	CU_ASSERT_STRING_EQUAL(c.s.res[GS_RES_GPUMEM_PCT],
	    "nvidia.com/gpumem-percentage");
	CU_ASSERT_EQUAL(c.has, GS_HC_DEFMEM | GS_HC_DEFCORES |
	    GS_HC_DEFGPUNUM);
	CU_ASSERT_EQUAL(c.default_gpunum, 1);
	CU_ASSERT_PTR_NULL(c.node_policy);
	gs_hamicfg_release(&c);
}

static void
test_configmap_v210_and_list(void)
{
	struct gs_hamicfg	c;
	struct gs_error		err;

	/* --set devicePlugin.deviceSplitCount=4,deviceMemoryScaling=2 */
	CU_ASSERT_EQUAL_FATAL(gs_hamicfg_load(&c, IN "cm-v2.10.0-split4.yaml",
	    &err), 0);
	CU_ASSERT_EQUAL(c.s.split, 4);
	CU_ASSERT_EQUAL(c.s.mem_scaling, 2);
	gs_hamicfg_release(&c);
	/* kubectl get cm -o json: a List, the text a JSON string. */
	CU_ASSERT_EQUAL_FATAL(gs_hamicfg_load(&c, IN "cm-custom-names.json",
	    &err), 0);
	CU_ASSERT_STRING_EQUAL(c.s.form, "ConfigMap");
	CU_ASSERT_STRING_EQUAL(c.s.res[GS_RES_GPU], "example.com/vgpu");
	CU_ASSERT_STRING_EQUAL(c.s.res[GS_RES_GPUMEM], "example.com/vgpu-mem");
	CU_ASSERT_STRING_EQUAL(c.s.res[GS_RES_GPUCORES],
	    "example.com/vgpu-cores");
	/* Names resolve once, to the same indices. */
	CU_ASSERT_EQUAL(gs_res_lookup(&c.s, "example.com/vgpu"), GS_RES_GPU);
	CU_ASSERT_EQUAL(gs_res_lookup(&c.s, "example.com/vgpu-mem-pct"),
	    GS_RES_GPUMEM_PCT);
	CU_ASSERT_EQUAL(gs_res_lookup(&c.s, "nvidia.com/gpu"), -1);
	CU_ASSERT_EQUAL(gs_res_lookup(&c.s, "hygon.com/dcumem"),
	    GS_RES_DCU_MEM);
	CU_ASSERT_EQUAL(gs_res_lookup(NULL, "nvidia.com/gpu"), GS_RES_GPU);
	gs_hamicfg_release(&c);
}

static void
test_values(void)
{
	struct gs_hamicfg	c;
	struct gs_config	cfg;
	struct gs_error		err;
	char			*p;

	CU_ASSERT_EQUAL_FATAL(gs_hamicfg_load(&c, IN "values.yaml", &err), 0);
	CU_ASSERT_STRING_EQUAL(c.s.form, "values.yaml");
	CU_ASSERT_EQUAL(c.s.split, 3);
	CU_ASSERT_EQUAL(c.has, 0);
	CU_ASSERT_STRING_EQUAL(c.node_policy, "spread");
	CU_ASSERT_STRING_EQUAL(c.gpu_policy, "binpack");
	gs_config_init(&cfg);
	cfg.default_cores = 7;
	gs_hamicfg_apply(&c, &cfg);
	CU_ASSERT_STRING_EQUAL(cfg.node_policy, "spread");
	CU_ASSERT_STRING_EQUAL(cfg.gpu_policy, "binpack");
	CU_ASSERT_EQUAL(cfg.default_cores, 7);	/* not in values.yaml */
	gs_config_release(&cfg);
	gs_hamicfg_release(&c);
	/* v2.10's device-config.content replaces the generated text. */
	p = tmpfile_with("resourceName: a.io/gpu\n"
	    "device-config:\n"
	    "  content: |\n"
	    "    nvidia:\n"
	    "      resourceCountName: b.io/gpu\n"
	    "      defaultCores: 20\n");
	CU_ASSERT_EQUAL_FATAL(gs_hamicfg_load(&c, p, &err), 0);
	CU_ASSERT_STRING_EQUAL(c.s.res[GS_RES_GPU], "b.io/gpu");
	CU_ASSERT_EQUAL(c.has, GS_HC_DEFCORES);
	CU_ASSERT_EQUAL(c.default_cores, 20);
	gs_hamicfg_release(&c);
	unlink(p);
	free(p);
}

static void
test_bad(void)
{
	struct gs_hamicfg	c;
	struct gs_error		err;
	char			*p;

	/* Inside the block scalar: line 11, column 25 of the file. */
	CU_ASSERT_EQUAL(gs_hamicfg_load(&c, IN "bad-split-zero.yaml", &err),
	    -1);
	CU_ASSERT_EQUAL(err.line, 11);
	CU_ASSERT_EQUAL(err.col, 25);
	/* A JSON string: located at the string. */
	CU_ASSERT_EQUAL(gs_hamicfg_load(&c, IN "bad-json-defaultcores.json",
	    &err), -1);
	CU_ASSERT_EQUAL(err.line, 9);
	CU_ASSERT_EQUAL(err.col, 31);
	p = tmpfile_with("devicePlugin:\n  deviceSplitCount: -2\n");
	CU_ASSERT_EQUAL(gs_hamicfg_load(&c, p, &err), -1);
	CU_ASSERT_EQUAL(err.line, 2);
	CU_ASSERT_EQUAL(err.col, 21);
	unlink(p);
	free(p);
	p = tmpfile_with("kind: ConfigMap\ndata: {other: x}\n");
	CU_ASSERT_EQUAL(gs_hamicfg_load(&c, p, &err), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "has no data.device-config"));
	unlink(p);
	free(p);
	/* A quoted device-config.yaml that does not parse. */
	p = tmpfile_with("kind: ConfigMap\ndata:\n  device-config.yaml: "
	    "\"nvidia: [\"\n");
	CU_ASSERT_EQUAL(gs_hamicfg_load(&c, p, &err), -1);
	CU_ASSERT_EQUAL(err.line, 3);
	CU_ASSERT_EQUAL(err.col, 23);
	unlink(p);
	free(p);
}

/* Compact pools take --hami-config's knobs; the file's own win. */
static void
test_compact_knobs(void)
{
	struct gs_cluster	c;
	struct gs_hami_settings	s = { 0 };
	struct yt_file		f;
	struct gs_warnings	w = { 0 };
	struct gs_error		err;
	const char		*y = "pools:\n"
				    "  - {name: a, gpus: 1, model: T4}\n"
				    "  - {name: b, gpus: 1, model: T4, "
				    "splitCount: 7}\n";

	int			 r;

	for (r = 0; r < GS_RES_NVIDIA_N; r++)
		s.res[r] = (char *)gs_res_names[r];
	s.file = (char *)"x";
	s.split = 4;
	s.mem_scaling = 2;
	s.core_scaling = 1.5;
	memset(&c, 0, sizeof c);
	c.hami = gs_hami_settings_dup(&s);
	CU_ASSERT_EQUAL_FATAL(yt_parse(&f, "t.yaml", y, strlen(y), &err), 0);
	CU_ASSERT_EQUAL_FATAL(gs_load_cluster_doc(&c, &f, f.docs[0].root, &w,
	    &err), 0);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].count, 4);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].devmem, 30720);	/* 15360 x 2 */
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].devcore, 150);
	CU_ASSERT_EQUAL(c.nodes[1].devs[0].count, 7);
	yt_file_release(&f);
	gs_warnings_release(&w);
	gs_cluster_release(&c);
}

/* A one-node cluster whose annotations say what is given. */
static void
infer(int reg_form, int cordon, int vendor, struct gs_infer *in)
{
	struct gs_cluster	c;

	memset(&c, 0, sizeof c);
	c.nnodes = c.cap = 1;
	c.nodes = xcalloc(1, sizeof *c.nodes);
	t_node(&c.nodes[0], "n", 1, 1000, "NVIDIA-T4");
	c.nodes[0].reg_form = reg_form;
	c.nodes[0].cordon_anno = cordon;
	c.nodes[0].devs[0].vendor = vendor;
	gs_hami_infer(&c, in);
	gs_cluster_release(&c);
}

static void
test_infer_table(void)
{
	struct gs_infer	in;

	/* Profiles: 2.6.1 2.7.0 2.7.1 2.8.0 2.9.0 2.10.0 = bits 0..5. */
	infer(GS_REG_NONE, 0, GV_NVIDIA, &in);
	CU_ASSERT_EQUAL(in.any, 0);
	infer(GS_REG_TEXT, 0, GV_NVIDIA, &in);
	CU_ASSERT_EQUAL(in.mask, 0x07);
	CU_ASSERT_STRING_EQUAL(in.range, "HAMi v2.6.1 to v2.7.1");
	infer(GS_REG_JSON, 0, GV_NVIDIA, &in);
	CU_ASSERT_EQUAL(in.mask, 0x38);
	CU_ASSERT_STRING_EQUAL(in.range, "HAMi v2.8.0 or later");
	CU_ASSERT_STRING_EQUAL(in.why, "register annotations in JSON form "
	    "(node n)");
	infer(GS_REG_JSON, 1, GV_NVIDIA, &in);
	CU_ASSERT_EQUAL(in.mask, 0x20);
	infer(GS_REG_TEXT, 1, GV_NVIDIA, &in);
	CU_ASSERT_EQUAL(in.mask, 0);
	infer(GS_REG_NONE, 0, GV_ASCEND910C, &in);
	CU_ASSERT_EQUAL(in.mask, 0x30);
	infer(GS_REG_TEXT, 0, GV_ILU_MRV100, &in);
	CU_ASSERT_EQUAL(in.mask, 0x04);		/* v2.7.1 alone */
	infer(GS_REG_TEXT, 0, GV_ASCEND910B3, &in);
	CU_ASSERT_EQUAL(in.mask, 0x06);
	/* Registered by capacity: says nothing of HAMi's version. */
	infer(GS_REG_NONE, 0, GV_MLU, &in);
	CU_ASSERT_EQUAL(in.any, 0);
}

static void
test_infer_decide(void)
{
	struct gs_infer		 in;
	enum gs_infer_verdict	 v;
	const char		*use;
	char			 msg[512];
	size_t			 i, ncontra = 0;

	infer(GS_REG_JSON, 0, GV_NVIDIA, &in);
	CU_ASSERT_EQUAL(gs_infer_decide(&in, "hami-v2.6.1", 0, &use, msg,
	    sizeof msg), GS_INFER_AMBIGUOUS);
	CU_ASSERT_PTR_NULL(use);
	CU_ASSERT_STRING_EQUAL(msg, "register annotations in JSON form (node "
	    "n): HAMi v2.8.0 or later; simulating hami-v2.6.1; pass "
	    "--hami-version");
	CU_ASSERT_EQUAL(gs_infer_decide(&in, "hami-v2.9.0", 1, &use, msg,
	    sizeof msg), GS_INFER_NONE);
	CU_ASSERT_EQUAL(gs_infer_decide(&in, "hami-v2.7.1", 1, &use, msg,
	    sizeof msg), GS_INFER_CONTRADICTS);
	CU_ASSERT_EQUAL(gs_infer_decide(&in, "kube-least-allocated", 1, &use,
	    msg, sizeof msg), GS_INFER_NONE);
	/* HAMi's profiles are the policy table's family "hami": every other
	 * family says nothing, every HAMi row but v2.8 on is contradicted
	 * (v2.6.1 under fixed policies included). */
	for (i = 0; gs_policies[i] != NULL; i++) {
		const char *f = gs_policies[i]->family;

		v = gs_infer_decide(&in, gs_policies[i]->name, 1, &use, msg,
		    sizeof msg);
		if (strcmp(f, "hami") != 0)
			CU_ASSERT_EQUAL(v, GS_INFER_NONE);
		ncontra += v == GS_INFER_CONTRADICTS;
	}
	CU_ASSERT_EQUAL(ncontra, 3 + 4);
	infer(GS_REG_JSON, 1, GV_NVIDIA, &in);
	CU_ASSERT_EQUAL(gs_infer_decide(&in, "hami-v2.6.1", 0, &use, msg,
	    sizeof msg), GS_INFER_USE);
	CU_ASSERT_STRING_EQUAL(use, "hami-v2.10.0");
	/* Given, it is a contradiction, not a switch. */
	CU_ASSERT_EQUAL(gs_infer_decide(&in, "hami-v2.6.1", 1, &use, msg,
	    sizeof msg), GS_INFER_CONTRADICTS);
	CU_ASSERT_PTR_NULL(use);
	infer(GS_REG_TEXT, 0, GV_NVIDIA, &in);
	CU_ASSERT_EQUAL(gs_infer_decide(&in, "hami-v2.6.1", 0, &use, msg,
	    sizeof msg), GS_INFER_NONE);
	infer(GS_REG_TEXT, 1, GV_NVIDIA, &in);
	CU_ASSERT_EQUAL(gs_infer_decide(&in, "hami-v2.6.1", 0, &use, msg,
	    sizeof msg), GS_INFER_CONFLICT);
}

CU_TestInfo hamiconfig_tests[] = {
	{ "ConfigMap as the v2.6.1 chart renders it", test_configmap_v261 },
	{ "v2.10 ConfigMap; List of a custom-named one",
	    test_configmap_v210_and_list },
	{ "values.yaml and device-config.content", test_values },
	{ "bad configurations are located", test_bad },
	{ "compact pools take the knobs", test_compact_knobs },
	{ "versions each annotation form fits", test_infer_table },
	{ "inference: use, warn or keep", test_infer_decide },
	CU_TEST_INFO_NULL,
};
