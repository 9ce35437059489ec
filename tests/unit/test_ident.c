/*
 * test_ident.c: pod identity: the "ns/name" key and its short form,
 * resolving a bare name (default wins, else the only namespace, else
 * ambiguous), the identity set, and the loader refusing an object, a
 * pod or a running pod defined twice.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/model/ident.h"
#include "../../core/load/load.h"
#include "../../core/model/running.h"
#include "../../core/util/util.h"

static void
add_pod(struct gs_workload *w, const char *ns, const char *name,
    const char *workload)
{
	struct gs_pod	*p = gs_workload_add(w);

	p->ns = xstrdup(ns);
	p->name = xstrdup(name);
	p->workload = xstrdup(workload);
	p->kind = xstrdup("Deployment");
}

/* got (consumed) is want. */
static void
check_str(char *got, const char *want)
{
	CU_ASSERT_STRING_EQUAL(got, want);
	free(got);
}

static void
test_key(void)
{
	check_str(gs_pod_key("ml", "web-0"), "ml/web-0");
	check_str(gs_pod_key("default", "web-0"), "default/web-0");
	check_str(gs_pod_display("default", "web-0"), "web-0");
	check_str(gs_pod_display("ml", "web-0"), "ml/web-0");
}

/* Resolve ref; "ns/name", "-" for none, "?" + candidates if ambiguous. */
static char *
resolve(const struct gs_workload *w, const char *ref, int by_workload)
{
	char	*ns, *name, *cands, *out;
	int	 rc = gs_workload_resolve(w, ref, by_workload, &ns, &name,
		    &cands);

	if (rc == -1)
		return xstrdup("-");
	if (rc == -2) {
		out = xasprintf("?%s", cands);
		free(cands);
		return out;
	}
	out = xasprintf("%s/%s", ns, name);
	free(ns);
	free(name);
	return out;
}

static void
check_resolve(const struct gs_workload *w, const char *ref, int by_workload,
    const char *want)
{
	check_str(resolve(w, ref, by_workload), want);
}

static void
test_resolve(void)
{
	struct gs_workload	w;

	memset(&w, 0, sizeof w);
	add_pod(&w, "ml", "web-0", "web");
	add_pod(&w, "default", "web-0", "web");
	add_pod(&w, "staging", "web-0", "web");
	add_pod(&w, "ml", "train-0", "train");
	add_pod(&w, "staging", "train-0", "train");
	add_pod(&w, "ml", "solo-0", "solo");
	/* default wins over the other namespaces */
	check_resolve(&w, "web-0", 0, "default/web-0");
	/* the only namespace that has it */
	check_resolve(&w, "solo-0", 0, "ml/solo-0");
	check_resolve(&w, "solo", 1, "ml/solo");
	/* several namespaces, none default: ambiguous, in listed order */
	check_resolve(&w, "train-0", 0, "?ml/train-0, staging/train-0");
	check_resolve(&w, "train", 1, "?ml/train, staging/train");
	/* "ns/name" as given */
	check_resolve(&w, "staging/web-0", 0, "staging/web-0");
	check_resolve(&w, "staging/solo-0", 0, "-");
	check_resolve(&w, "nothere", 0, "-");
	check_resolve(&w, "web-0", 1, "-");	/* not a workload name */
	gs_workload_release(&w);
}

static void
test_idset(void)
{
	struct gs_idset		 s;
	const struct gs_idref	*first;
	char			 name[32];
	int			 i;

	memset(&s, 0, sizeof s);
	CU_ASSERT_PTR_NULL(gs_idset_add(&s, "Deployment", "ml", "web", "a.yaml",
	    1, 1));
	/* another namespace, another kind, a node: all new */
	CU_ASSERT_PTR_NULL(gs_idset_add(&s, "Deployment", "staging", "web",
	    "a.yaml", 9, 1));
	CU_ASSERT_PTR_NULL(gs_idset_add(&s, "StatefulSet", "ml", "web",
	    "a.yaml", 17, 1));
	CU_ASSERT_PTR_NULL(gs_idset_add(&s, "Node", NULL, "web", "n.yaml", 1,
	    1));
	/* enough to grow the table past its first 64 slots */
	for (i = 0; i < 100; i++) {
		snprintf(name, sizeof name, "p%d", i);
		CU_ASSERT_PTR_NULL(gs_idset_add(&s, "Pod", "ml", name, "b.yaml",
		    i + 1, 3));
	}
	first = gs_idset_add(&s, "Deployment", "ml", "web", "c.yaml", 5, 7);
	CU_ASSERT_PTR_NOT_NULL_FATAL(first);
	CU_ASSERT_STRING_EQUAL(first->file, "a.yaml");
	CU_ASSERT_EQUAL(first->line, 1);
	first = gs_idset_add(&s, "Pod", "ml", "p42", "c.yaml", 5, 7);
	CU_ASSERT_PTR_NOT_NULL_FATAL(first);
	CU_ASSERT_EQUAL(first->line, 43);
	CU_ASSERT_EQUAL(s.n, 104);
	/* Positions in order of adding; kind and namespace count. */
	CU_ASSERT_EQUAL(gs_idset_find(&s, "Deployment", "ml", "web"), 0);
	CU_ASSERT_EQUAL(gs_idset_find(&s, "Node", NULL, "web"), 3);
	CU_ASSERT_EQUAL(gs_idset_find(&s, "Pod", "ml", "p42"), 46);
	CU_ASSERT_EQUAL(gs_idset_find(&s, "Pod", "staging", "p42"), -1);
	CU_ASSERT_EQUAL(gs_idset_find(&s, "Node", "ml", "web"), -1);
	gs_idset_free(&s);
	CU_ASSERT_EQUAL(gs_idset_find(&s, "Node", NULL, "web"), -1);
}

static void
add_node(struct gs_cluster *c, const char *name)
{
	grow_array(&c->nodes, &c->cap, c->nnodes + 1, sizeof *c->nodes);
	memset(&c->nodes[c->nnodes], 0, sizeof *c->nodes);
	c->nodes[c->nnodes++].name = xstrdup(name);
}

/* Node lookup by hash: built on first use, rebuilt when nodes are added,
 * dropped when one is removed; a name twice finds the first. */
static void
test_cluster_find(void)
{
	struct gs_cluster	c;
	char			name[32];
	int			i;

	memset(&c, 0, sizeof c);
	CU_ASSERT_EQUAL(gs_cluster_find(&c, "a"), -1);
	for (i = 0; i < 200; i++) {
		snprintf(name, sizeof name, "n%d", i);
		add_node(&c, name);
	}
	CU_ASSERT_EQUAL(gs_cluster_find(&c, "n0"), 0);
	CU_ASSERT_EQUAL(gs_cluster_find(&c, "n199"), 199);
	CU_ASSERT_EQUAL(gs_cluster_find(&c, "n200"), -1);
	CU_ASSERT_EQUAL(c.names->n, 200);
	add_node(&c, "n200");
	CU_ASSERT_EQUAL(gs_cluster_find(&c, "n200"), 200);
	/* Renamed in place: the index is dropped with the change. */
	free(c.nodes[5].name);
	c.nodes[5].name = xstrdup("five");
	gs_cluster_names_drop(&c);
	CU_ASSERT_EQUAL(gs_cluster_find(&c, "five"), 5);
	CU_ASSERT_EQUAL(gs_cluster_find(&c, "n5"), -1);
	add_node(&c, "n7");
	CU_ASSERT_EQUAL(gs_cluster_find(&c, "n7"), 7);
	CU_ASSERT_EQUAL(gs_cluster_find(&c, "n200"), 200);
	CU_ASSERT_EQUAL(gs_cluster_find(&c, "zz"), -1);
	gs_cluster_release(&c);
}

/* Load yaml as a workload; the error message, or "" when it loads. */
static void
load_wl(const char *yaml, struct gs_workload *w, char *msg, size_t len)
{
	(void)t_load_workload(yaml, w, NULL, msg, len);
}

#define POD(ns, name) "kind: Pod\nmetadata: {name: " name ns "}\n" \
	"spec: {containers: [{name: c}]}\n"

static void
test_duplicates(void)
{
	struct gs_workload	w;
	char			msg[512];

	load_wl(POD("", "gpu-pod") "---\n" POD(", namespace: ml", "gpu-pod")
	    "---\n" POD(", namespace: \"\"", "x"), &w, msg, sizeof msg);
	CU_ASSERT_STRING_EQUAL(msg, "");
	CU_ASSERT_EQUAL_FATAL(w.npods, 3);
	CU_ASSERT_STRING_EQUAL(w.pods[0].ns, "default");
	CU_ASSERT_STRING_EQUAL(w.pods[1].ns, "ml");
	CU_ASSERT_STRING_EQUAL(w.pods[2].ns, "default");	/* "" */
	gs_workload_release(&w);
	load_wl(POD(", namespace: ml", "gpu-pod") "---\n"
	    POD(", namespace: ml", "gpu-pod"), &w, msg, sizeof msg);
	CU_ASSERT_STRING_EQUAL(msg, "w.yaml:5:1: duplicate Pod ml/gpu-pod "
	    "(first defined at w.yaml:1:1)");
	gs_workload_release(&w);
	/* Pod web-0 and Deployment web's first replica */
	load_wl(POD("", "web-0") "---\nkind: Deployment\nmetadata: {name: "
	    "web}\nspec: {replicas: 2, template: {spec: {containers: "
	    "[{name: c}]}}}\n", &w, msg, sizeof msg);
	CU_ASSERT_STRING_EQUAL(msg, "w.yaml:5:1: pod default/web-0 of "
	    "Deployment web has the namespace and name of a pod of Pod web-0 "
	    "(first defined at w.yaml:1:1); gpusched names replicas "
	    "NAME-INDEX");
	gs_workload_release(&w);
	load_wl(POD(", namespace: a/b", "x"), &w, msg, sizeof msg);
	CU_ASSERT_STRING_EQUAL(msg, "w.yaml:2:32: metadata.namespace must "
	    "be at most 63 characters without '/', got 'a/b'");
	gs_workload_release(&w);
}

static void
test_running_twice(void)
{
	static const char yaml[] = "kind: PodList\nitems:\n"
	    "- {kind: Pod, metadata: {name: a, namespace: ml}, spec: "
	    "{containers: [{name: c}]}}\n"
	    "- {kind: Pod, metadata: {name: a}, spec: "
	    "{containers: [{name: c}]}}\n"
	    "- {kind: Pod, metadata: {name: a, namespace: ml}, spec: "
	    "{containers: [{name: c}]}}\n";
	struct gs_cluster	c;
	struct gs_running	r;
	struct yt_file		f;
	struct gs_error		err;
	char			msg[512];

	memset(&c, 0, sizeof c);
	memset(&r, 0, sizeof r);
	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL_FATAL(yt_parse(&f, "r.yaml", yaml, strlen(yaml), &err),
	    0);
	CU_ASSERT_EQUAL(gs_load_running_doc(&c, &r, &f, f.docs[0].root, NULL,
	    &err), -1);
	gs_error_format(&err, msg, sizeof msg);
	CU_ASSERT_STRING_EQUAL(msg, "r.yaml:5:3: duplicate running Pod ml/a "
	    "(first defined at r.yaml:3:3)");
	CU_ASSERT_EQUAL(r.n, 2);	/* ml/a and default/a */
	yt_file_release(&f);
	gs_running_release(&r);
	gs_cluster_release(&c);
}

CU_TestInfo ident_tests[] = {
	{ "pod key and its short form", test_key },
	{ "bare names: default wins, unique elsewhere, ambiguous",
	    test_resolve },
	{ "identity set finds the first definition", test_idset },
	{ "cluster: node lookup by hash, kept in step", test_cluster_find },
	{ "namespaces default; duplicates are errors", test_duplicates },
	{ "a running pod listed twice is an error", test_running_twice },
	CU_TEST_INFO_NULL,
};
