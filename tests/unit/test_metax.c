/*
 * test_metax.c: Metax whole GPUs (core/load/metax.c, the GV_METAX row of
 * core/sched/hami/vendor.c, its customFilterRule in fit.c) against HAMi's
 * pkg/device/metax/device.go: GetNodeDevices, GenerateResourceRequests,
 * Fit, parseMetaxAnnos and ScoreNode (core/load/metax_topo.c,
 * core/sched/hami/metax_score.c) with OverrideScore
 * (pkg/scheduler/policy/node_policy.go); values worked out by hand.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/hami/hami.h"
#include "../../core/load/load.h"
#include "../../core/util/util.h"
#include "../../core/sched/hami/vendor.h"
#include "../../core/load/yamltree.h"
#include "../../core/load/intmap_json.h"
#include "../../core/load/metax_topo.h"
#include "../../core/sched/hami/metax.h"

/* Load a Node 'm' whose capacity metax-tech.com/gpu is cap: 0 and the
 * cluster, or -1 with err. */
static int
load_mx(const char *cap, struct gs_cluster *c, struct gs_error *err)
{
	struct yt_file		f;
	struct gs_warnings	w;
	char			buf[256];
	int			rc;

	snprintf(buf, sizeof buf, "kind: Node\nmetadata: {name: m}\n"
	    "status:\n  capacity: {metax-tech.com/gpu: '%s'}\n", cap);
	memset(c, 0, sizeof *c);
	memset(&w, 0, sizeof w);
	CU_ASSERT_EQUAL_FATAL(yt_parse(&f, "t.yaml", buf, strlen(buf), err),
	    0);
	rc = gs_load_cluster_doc(c, &f, f.docs[0].root, &w, err);
	yt_file_release(&f);
	gs_warnings_release(&w);
	return rc;
}

static void
test_metax_registration(void)
{
	struct gs_cluster	c;
	struct gs_error		err;

	CU_ASSERT_EQUAL_FATAL(load_mx("2", &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(c.nodes[0].ndevs, 2);
	CU_ASSERT_STRING_EQUAL(c.nodes[0].devs[1].id, "m-metax-1");
	CU_ASSERT_STRING_EQUAL(c.nodes[0].devs[1].type, "Metax-GPU");
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].index, 1);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].count, 1);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].devmem, 65536);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].devcore, 100);
	CU_ASSERT_EQUAL(c.nodes[0].devs[1].vendor, GV_METAX);
	CU_ASSERT(c.nodes[0].registered);
	gs_cluster_release(&c);
	/* AsInt64 fails on 1.5: none; 0: none. */
	CU_ASSERT_EQUAL(load_mx("1.5", &c, &err), 0);
	CU_ASSERT_EQUAL(c.nodes[0].ndevs, 0);
	gs_cluster_release(&c);
	CU_ASSERT_EQUAL(load_mx("0", &c, &err), 0);
	CU_ASSERT_EQUAL(c.nodes[0].ndevs, 0);
	gs_cluster_release(&c);
	CU_ASSERT_EQUAL(load_mx("-1", &c, &err), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "must not be negative"));
	gs_cluster_release(&c);
	CU_ASSERT_EQUAL(load_mx("300", &c, &err), -1);
	CU_ASSERT_EQUAL(err.line, 4);
	gs_cluster_release(&c);
	/* Every release registers them. */
	CU_ASSERT(gs_vendor_registered(GV_METAX, t_hp("2.6.1")));
	CU_ASSERT(gs_vendor_registered(GV_METAX, t_hp("2.10.0")));
}

/* GenerateResourceRequests: limits, else requests; whole devices. */
static void
test_metax_request(void)
{
	struct hami_creq	r;

	r = t_res_creq(GS_RES_METAX, 2, 0, "hami-v2.10.0");
	t_assert_one_req(&r, &(struct hami_req){ 2, 0, 100, 100, GV_METAX });
	r = t_res_creq(GS_RES_METAX, 0, 1, NULL);
	CU_ASSERT_EQUAL(r.n, 0);
}

/*
 * Three idle GPUs: a container of one takes m-metax-2 (tried first);
 * the next container of the same pod finds m-metax-2 used up and the
 * other two refused by customFilterRule (the earlier grant is not them).
 */
static void
test_metax_custom_filter(void)
{
	struct gs_cluster	c;
	struct gs_error		err;
	struct t_pfit		x;

	CU_ASSERT_EQUAL_FATAL(load_mx("3", &c, &err), 0);
	t_pfit_init(&x, &c.nodes[0],
	    &(struct hami_req){ 1, 0, 100, 100, GV_METAX });
	CU_ASSERT_TRUE(t_pfit(&x));
	CU_ASSERT_EQUAL(x.g[0].dev, 2);
	CU_ASSERT_EQUAL(x.g[0].usedmem, 65536);
	CU_ASSERT(x.s.metax_granted);
	CU_ASSERT_FALSE(t_pfit(&x));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_TIME_SLICING_EXHAUSTED], 1);
	CU_ASSERT_EQUAL(x.counts[HR_CARD_NOT_FOUND_CUSTOM_FILTER_RULE], 2);
	/* Another pod: the flag is the caller's to clear. */
	x.s.metax_granted = 0;
	CU_ASSERT_TRUE(t_pfit(&x));
	CU_ASSERT_EQUAL(x.g[0].dev, 1);
	t_pfit_release(&x);
	gs_cluster_release(&c);
}

/* parseMetaxAnnos (pkg/device/metax/device.go): json.Unmarshal into
 * map[int]int; any failure reads 0 for every index. */
static void
test_metax_topo_decode(void)
{
	struct gs_metax_topo	t;
	char			why[128];

	CU_ASSERT_EQUAL(gs_metax_topo_decode("{\"1\": 100, \"2\": 500}", &t,
	    why, sizeof why), 0);
	CU_ASSERT(t.present && t.valid);
	CU_ASSERT_EQUAL(gs_metax_topo_value(&t, 1), 100);
	CU_ASSERT_EQUAL(gs_metax_topo_value(&t, 2), 500);
	CU_ASSERT_EQUAL(gs_metax_topo_value(&t, 3), 0);	/* not in the map */
	free(t.e);
	/* strconv.ParseInt(key, 10, 64): "+1" and "01" are both 1, the
	 * later wins; a null entry is 0; negative values stay. */
	CU_ASSERT_EQUAL(gs_metax_topo_decode("{\"+1\": 7, \"01\": 8, "
	    "\"-2\": -30, \"4\": null}", &t, why, sizeof why), 0);
	CU_ASSERT_EQUAL(gs_metax_topo_value(&t, 1), 8);
	CU_ASSERT_EQUAL(gs_metax_topo_value(&t, -2), -30);
	CU_ASSERT_EQUAL(gs_metax_topo_value(&t, 4), 0);
	CU_ASSERT_EQUAL(t.n, 3);
	free(t.e);
	/* Top-level null: a nil map, no error. */
	CU_ASSERT_EQUAL(gs_metax_topo_decode("null", &t, why, sizeof why), 0);
	CU_ASSERT_EQUAL(gs_metax_topo_value(&t, 1), 0);
	/* Failures: a float, a string value, a key that is no integer, not
	 * an object, not JSON, a value beyond int64. */
	CU_ASSERT_EQUAL(gs_metax_topo_decode("{\"1\": 1.5}", &t, why,
	    sizeof why), -1);
	CU_ASSERT_STRING_EQUAL(why, "not an integer: the value of '1'");
	CU_ASSERT(t.present && !t.valid && t.n == 0);
	CU_ASSERT_EQUAL(gs_metax_topo_value(&t, 1), 0);
	CU_ASSERT_EQUAL(gs_metax_topo_decode("{\"2\": 5, \"1\": \"9\"}", &t,
	    why, sizeof why), -1);
	CU_ASSERT_EQUAL(gs_metax_topo_value(&t, 2), 0);
	CU_ASSERT_EQUAL(gs_metax_topo_decode("{\"1_0\": 5}", &t, why,
	    sizeof why), -1);
	CU_ASSERT_STRING_EQUAL(why, "a key is not an integer: '1_0'");
	CU_ASSERT_EQUAL(gs_metax_topo_decode("[1, 2]", &t, why, sizeof why),
	    -1);
	CU_ASSERT_STRING_EQUAL(why, "it is not a JSON object");
	CU_ASSERT_EQUAL(gs_metax_topo_decode("{1: 2}", &t, why, sizeof why),
	    -1);
	CU_ASSERT_STRING_EQUAL(why, "it is not JSON");
	CU_ASSERT_EQUAL(gs_metax_topo_decode("{\"1\": 9223372036854775808}",
	    &t, why, sizeof why), -1);
	CU_ASSERT_EQUAL(gs_metax_topo_decode("{\"1\": 9223372036854775807}",
	    &t, why, sizeof why), 0);
	CU_ASSERT_EQUAL(gs_metax_topo_value(&t, 1), INT64_MAX);
	free(t.e);
}

/* Sum the entries gs_json_intmap hands over (index, value) into acc. */
static void
intmap_sum(void *arg, const char *key, int64_t index, int64_t value)
{
	int64_t	*acc = arg;

	(void)key;
	acc[0]++;
	acc[1] += index;
	acc[2] += value;
}

/* The reader both hami.io/node-nvidia-score and parseMetaxAnnos use
 * (load/intmap_json.c): map[string]int takes any key, map[int]int parses
 * it ("+1" is 1), null is 0, the walk stops at the first bad entry with
 * its key, the key checked before the value. */
static void
test_json_intmap(void)
{
	json_t		*o = json_loads("{\"a\": 2, \"+1\": null, \"7\": 5}",
			    0, NULL);
	json_t		*bad = json_loads("{\"3\": 4, \"x\": 1.5, \"9\": 1}", 0,
			    NULL);
	int64_t		 acc[3] = { 0, 0, 0 };
	const char	*key;

	CU_ASSERT_EQUAL(gs_json_intmap(o, 0, intmap_sum, acc, &key),
	    GS_INTMAP_OK);
	CU_ASSERT(acc[0] == 3 && acc[1] == 0 && acc[2] == 7 && key == NULL);
	memset(acc, 0, sizeof acc);
	CU_ASSERT_EQUAL(gs_json_intmap(o, 1, intmap_sum, acc, &key),
	    GS_INTMAP_KEY);
	CU_ASSERT_STRING_EQUAL(key, "a");
	CU_ASSERT_EQUAL(acc[0], 0);
	/* Keys "3" then "x": the entry before is handed over. */
	CU_ASSERT_EQUAL(gs_json_intmap(bad, 1, intmap_sum, acc, &key),
	    GS_INTMAP_KEY);
	CU_ASSERT(acc[0] == 1 && acc[1] == 3 && acc[2] == 4);
	CU_ASSERT_EQUAL(gs_json_intmap(bad, 0, NULL, NULL, &key),
	    GS_INTMAP_VALUE);
	CU_ASSERT_STRING_EQUAL(key, "x");
	CU_ASSERT_EQUAL(gs_json_intmap(json_null(), 1, NULL, NULL, &key),
	    GS_INTMAP_OK);
	json_decref(o);
	json_decref(bad);
}

/* A node 'm' of two Metax GPUs with losses and scores annotations. */
static void
topo_node(struct gs_node *n, const char *losses, const char *scores)
{
	char	why[128];

	memset(n, 0, sizeof *n);
	n->name = xstrdup("m");
	if (losses != NULL)
		(void)gs_metax_topo_decode(losses, &n->metax_topo[0], why,
		    sizeof why);
	if (scores != NULL)
		(void)gs_metax_topo_decode(scores, &n->metax_topo[1], why,
		    sizeof why);
}

/*
 * ScoreNode: the Metax GPUs the pod gets on the node (here 2, in one
 * container: losses["2"] = 300 gives 2000 - 300 = 1700; spread reads
 * scores["2"] = 1990: 10); a policy that is neither (a pod's "foo"): 0;
 * no annotation: 0; one that does not decode: 2000 - 0.  float32:
 * loss 16777217 is 16777216 as float32, 2000 - 16777216 = -16775216.
 */
static void
test_metax_topo_score(void)
{
	struct gs_node		n;
	struct hami_creq	r;
	struct hami_filter	f;
	int			tg[1][HAMI_MAX_TYPES] = { { 2 } };

	memset(&r, 0, sizeof r);
	r.n = 1;
	r.r[0] = (struct hami_req){ 2, 0, 100, 100, GV_METAX };
	memset(&f, 0, sizeof f);
	f.hp = t_hp("2.7.0");
	f.node_binpack = 1;
	topo_node(&n, "{\"1\": 100, \"2\": 300}", "{\"2\": 1990}");
	CU_ASSERT(hami_metax_scored(&r, 1));
	CU_ASSERT_EQUAL(hami_metax_node_score(&n, &r, 1,
	    (const int (*)[HAMI_MAX_TYPES])tg, &f), 1700.0f);
	f.node_binpack = 0;
	f.node_spread = 1;
	CU_ASSERT_EQUAL(hami_metax_node_score(&n, &r, 1,
	    (const int (*)[HAMI_MAX_TYPES])tg, &f), 10.0f);
	f.node_spread = 0;
	CU_ASSERT_EQUAL(hami_metax_node_score(&n, &r, 1,
	    (const int (*)[HAMI_MAX_TYPES])tg, &f), 0.0f);
	gs_node_release(&n);
	f.node_binpack = 1;
	topo_node(&n, NULL, "{\"2\": 1990}");
	CU_ASSERT_EQUAL(hami_metax_node_score(&n, &r, 1,
	    (const int (*)[HAMI_MAX_TYPES])tg, &f), 0.0f);
	gs_node_release(&n);
	topo_node(&n, "{\"2\": \"300\"}", NULL);
	CU_ASSERT_EQUAL(hami_metax_node_score(&n, &r, 1,
	    (const int (*)[HAMI_MAX_TYPES])tg, &f), 2000.0f);
	gs_node_release(&n);
	topo_node(&n, "{\"2\": 16777217}", NULL);
	CU_ASSERT_EQUAL(hami_metax_node_score(&n, &r, 1,
	    (const int (*)[HAMI_MAX_TYPES])tg, &f), -16775216.0f);
	gs_node_release(&n);
	/* A pod without a Metax request: no ScoreNode. */
	r.r[0].vendor = GV_NVIDIA;
	CU_ASSERT_FALSE(hami_metax_scored(&r, 1));
	topo_node(&n, "{\"2\": 300}", NULL);
	CU_ASSERT_EQUAL(hami_metax_node_score(&n, &r, 1,
	    (const int (*)[HAMI_MAX_TYPES])tg, &f), 0.0f);
	gs_node_release(&n);
}

/* OverrideScore: v2.6.1 sets the node score to devScore when above 0
 * (15 with 1895: 1895; with -500: 15), v2.7.0 on adds (1910, -485). */
static void
test_metax_override_total(void)
{
	CU_ASSERT_EQUAL(hami_override_total(15, 1895, t_hp("2.6.1")), 1895.0f);
	CU_ASSERT_EQUAL(hami_override_total(15, -500, t_hp("2.6.1")), 15.0f);
	CU_ASSERT_EQUAL(hami_override_total(15, 0, t_hp("2.6.1")), 15.0f);
	CU_ASSERT_EQUAL(hami_override_total(15, 1895, t_hp("2.7.0")), 1910.0f);
	CU_ASSERT_EQUAL(hami_override_total(15, -500, t_hp("2.10.0")),
	    -485.0f);
}

/* The loader reads both annotations; one that does not decode warns at
 * its place. */
static void
test_metax_topo_load(void)
{
	const char	*doc = "kind: Node\nmetadata:\n  name: m\n"
			    "  annotations:\n"
			    "    metax-tech.com/gpu.topology.losses: '{\"1\": 4}'\n"
			    "    metax-tech.com/gpu.topology.scores: 'x'\n"
			    "status:\n  capacity: {metax-tech.com/gpu: '2'}\n";
	struct yt_file		f;
	struct gs_warnings	w;
	struct gs_cluster	c;
	struct gs_error		err;

	memset(&c, 0, sizeof c);
	memset(&w, 0, sizeof w);
	CU_ASSERT_EQUAL_FATAL(yt_parse(&f, "t.yaml", doc, strlen(doc), &err),
	    0);
	CU_ASSERT_EQUAL_FATAL(gs_load_cluster_doc(&c, &f, f.docs[0].root, &w,
	    &err), 0);
	CU_ASSERT(c.nodes[0].metax_topo[0].valid);
	CU_ASSERT_EQUAL(gs_metax_topo_value(&c.nodes[0].metax_topo[0], 1), 4);
	CU_ASSERT(c.nodes[0].metax_topo[1].present);
	CU_ASSERT_FALSE(c.nodes[0].metax_topo[1].valid);
	CU_ASSERT_EQUAL_FATAL(w.n, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(w.v[0], "t.yaml:6:"));
	yt_file_release(&f);
	gs_warnings_release(&w);
	gs_cluster_release(&c);
}

CU_TestInfo metax_tests[] = {
	{ "Metax registration from capacity", test_metax_registration },
	{ "Metax whole-device requests", test_metax_request },
	{ "Metax customFilterRule", test_metax_custom_filter },
	{ "Metax parseMetaxAnnos", test_metax_topo_decode },
	{ "JSON int map as json.Unmarshal reads it", test_json_intmap },
	{ "Metax ScoreNode", test_metax_topo_score },
	{ "OverrideScore replaces (v2.6.1) or adds", test_metax_override_total },
	{ "Metax node score annotations loaded", test_metax_topo_load },
	CU_TEST_INFO_NULL
};
