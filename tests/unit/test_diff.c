/*
 * test_diff.c: the changes between two placement sets (moved, added,
 * removed, newly pending, newly placed), run matching, the labels of pods
 * and places, and reading golden files and `-o json` output.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/metrics/diff.h"
#include "../../core/report/diff.h"

/* A pod on node with one GPU (uuid, index), or pending when node is NULL. */
static struct gs_ppod *
put(struct gs_prun *r, const char *ns, const char *name, const char *node,
    const char *uuid, int index)
{
	struct gs_ppod	*p = gs_prun_add_pod(r, ns, name, node, node ? NULL :
	    "CardInsufficientMemory");

	if (node != NULL)
		gs_ppod_add_gpu(p, "main", uuid, index);
	return p;
}

static const struct gs_pcmp *
find(const struct gs_pdiff *d, size_t run, const char *ns, const char *name)
{
	const struct gs_prun_cmp	*r = &d->runs[run];
	size_t				 i;

	for (i = 0; i < r->npods; i++) {
		const struct gs_ppod *p = r->pods[i].head ? r->pods[i].head :
		    r->pods[i].base;

		if (strcmp(p->ns, ns) == 0 && strcmp(p->name, name) == 0)
			return &r->pods[i];
	}
	return NULL;
}

static void
test_each_kind(void)
{
	struct gs_pset	 a = { 0 }, b = { 0 };
	struct gs_prun	*ra = gs_pset_add_run(&a, "r");
	struct gs_prun	*rb = gs_pset_add_run(&b, "r");
	struct gs_pdiff	 d;

	put(ra, "ml", "same", "n1", "GPU-0", 0);
	put(rb, "ml", "same", "n1", "GPU-0", 0);
	put(ra, NULL, "node", "n1", "GPU-0", 0);
	put(rb, NULL, "node", "n2", "GPU-0", 0);	/* same uuid, other node */
	put(ra, NULL, "gpu", "n1", "GPU-0", 0);
	put(rb, NULL, "gpu", "n1", "GPU-1", 1);
	put(ra, NULL, "stuck", "n1", "GPU-0", 0);
	put(rb, NULL, "stuck", NULL, NULL, 0);
	put(ra, NULL, "fits", NULL, NULL, 0);
	put(rb, NULL, "fits", "n1", "GPU-1", 1);
	put(ra, NULL, "both-pending", NULL, NULL, 0);
	put(rb, NULL, "both-pending", NULL, NULL, 0);
	put(ra, NULL, "gone", "n1", "GPU-0", 0);
	put(rb, NULL, "new", "n1", "GPU-0", 0);
	gs_pset_compare(&a, &b, NULL, &d);
	CU_ASSERT_EQUAL_FATAL(d.nruns, 1);
	CU_ASSERT_EQUAL(d.pods, 8);
	CU_ASSERT_EQUAL(d.changes, 6);
	CU_ASSERT_EQUAL(d.count[GS_PC_SAME], 2);
	CU_ASSERT_EQUAL(d.count[GS_PC_MOVED], 2);
	CU_ASSERT_EQUAL(d.count[GS_PC_PENDING], 1);
	CU_ASSERT_EQUAL(d.count[GS_PC_PLACED], 1);
	CU_ASSERT_EQUAL(d.count[GS_PC_ADDED], 1);
	CU_ASSERT_EQUAL(d.count[GS_PC_REMOVED], 1);
	CU_ASSERT_EQUAL(find(&d, 0, "default", "node")->kind, GS_PC_MOVED);
	CU_ASSERT_EQUAL(find(&d, 0, "default", "gpu")->kind, GS_PC_MOVED);
	CU_ASSERT_EQUAL(find(&d, 0, "default", "stuck")->kind, GS_PC_PENDING);
	CU_ASSERT_EQUAL(find(&d, 0, "default", "fits")->kind, GS_PC_PLACED);
	CU_ASSERT_EQUAL(find(&d, 0, "default", "gone")->kind, GS_PC_REMOVED);
	CU_ASSERT_PTR_NULL(find(&d, 0, "default", "gone")->head);
	CU_ASSERT_EQUAL(find(&d, 0, "default", "new")->kind, GS_PC_ADDED);
	CU_ASSERT_PTR_NULL(find(&d, 0, "default", "new")->base);
	CU_ASSERT_EQUAL(find(&d, 0, "ml", "same")->kind, GS_PC_SAME);
	/* Order: namespace, then name: default/both-pending ... ml/same. */
	CU_ASSERT_STRING_EQUAL(d.runs[0].pods[0].base->name, "both-pending");
	CU_ASSERT_STRING_EQUAL(d.runs[0].pods[7].base->ns, "ml");
	gs_pdiff_release(&d);
	gs_pset_release(&a);
	gs_pset_release(&b);
}

/* The GPU set is compared, not the order the output listed it in. */
static void
test_gpu_set(void)
{
	struct gs_pset	 a = { 0 }, b = { 0 };
	struct gs_ppod	*p, *q;
	struct gs_pdiff	 d;

	p = gs_prun_add_pod(gs_pset_add_run(&a, "r"), NULL, "x", "n1", NULL);
	q = gs_prun_add_pod(gs_pset_add_run(&b, "r"), NULL, "x", "n1", NULL);
	gs_ppod_add_gpu(p, "main", "GPU-3", 3);
	gs_ppod_add_gpu(p, "main", "GPU-1", 1);
	gs_ppod_add_gpu(q, "main", "GPU-1", 1);
	gs_ppod_add_gpu(q, "main", "GPU-3", 3);
	gs_pset_compare(&a, &b, NULL, &d);
	CU_ASSERT_EQUAL(d.changes, 0);
	gs_pdiff_release(&d);
	/* The same GPUs but another container holds GPU-3: moved. */
	gs_ppod_add_gpu(q, "side", "GPU-5", 5);
	gs_pset_compare(&a, &b, NULL, &d);
	CU_ASSERT_EQUAL(d.count[GS_PC_MOVED], 1);
	gs_pdiff_release(&d);
	gs_pset_release(&a);
	gs_pset_release(&b);
}

/* ml/web-0 and dev/web-0 trade GPUs: two pods moved, not zero. */
static void
test_namespace_swap(void)
{
	struct gs_pset	 a = { 0 }, b = { 0 };
	struct gs_prun	*ra = gs_pset_add_run(&a, "r");
	struct gs_prun	*rb = gs_pset_add_run(&b, "r");
	struct gs_pdiff	 d;

	put(ra, "ml", "web-0", "node-a", "GPU-1", 1);
	put(ra, "dev", "web-0", "node-a", "GPU-0", 0);
	put(rb, "dev", "web-0", "node-a", "GPU-1", 1);
	put(rb, "ml", "web-0", "node-a", "GPU-0", 0);
	gs_pset_compare(&a, &b, NULL, &d);
	CU_ASSERT_EQUAL(d.count[GS_PC_MOVED], 2);
	CU_ASSERT_EQUAL(d.changes, 2);
	CU_ASSERT_STRING_EQUAL(d.runs[0].pods[0].base->ns, "dev");
	CU_ASSERT_STRING_EQUAL(d.runs[0].pods[0].base->gpus[0].uuid, "GPU-0");
	CU_ASSERT_STRING_EQUAL(d.runs[0].pods[0].head->gpus[0].uuid, "GPU-1");
	gs_pdiff_release(&d);
	gs_pset_release(&a);
	gs_pset_release(&b);
}

static void
test_runs(void)
{
	struct gs_pset	 a = { 0 }, b = { 0 };
	struct gs_pdiff	 d;

	put(gs_pset_add_run(&a, "b"), NULL, "x", "n1", "GPU-0", 0);
	put(gs_pset_add_run(&a, "a"), NULL, "x", "n1", "GPU-0", 0);
	put(gs_pset_add_run(&b, "c"), NULL, "x", "n1", "GPU-0", 0);
	put(gs_pset_add_run(&b, "b"), NULL, "x", "n2", "GPU-0", 0);
	gs_pset_compare(&a, &b, NULL, &d);
	CU_ASSERT_EQUAL_FATAL(d.nruns, 3);
	CU_ASSERT_STRING_EQUAL(d.runs[0].name, "a");
	CU_ASSERT_EQUAL(d.runs[0].only, -1);
	CU_ASSERT_EQUAL(d.runs[0].count[GS_PC_REMOVED], 1);
	CU_ASSERT_STRING_EQUAL(d.runs[1].name, "b");
	CU_ASSERT_EQUAL(d.runs[1].only, 0);
	CU_ASSERT_EQUAL(d.runs[1].count[GS_PC_MOVED], 1);
	CU_ASSERT_STRING_EQUAL(d.runs[2].name, "c");
	CU_ASSERT_EQUAL(d.runs[2].only, 1);
	CU_ASSERT_EQUAL(d.runs[2].count[GS_PC_ADDED], 1);
	CU_ASSERT_EQUAL(d.changes, 3);
	gs_pdiff_release(&d);
	/* --run b: that run alone, on both sides. */
	gs_pset_compare(&a, &b, "b", &d);
	CU_ASSERT_EQUAL_FATAL(d.nruns, 1);
	CU_ASSERT_EQUAL(d.changes, 1);
	CU_ASSERT_PTR_NULL(d.runs[0].base_name);
	gs_pdiff_release(&d);
	gs_pset_release(&a);
	gs_pset_release(&b);
	/* One run a side: compared whatever their names. */
	put(gs_pset_add_run(&a, "old"), NULL, "x", "n1", "GPU-0", 0);
	put(gs_pset_add_run(&b, "new"), NULL, "x", "n1", "GPU-0", 0);
	gs_pset_compare(&a, &b, NULL, &d);
	CU_ASSERT_EQUAL_FATAL(d.nruns, 1);
	CU_ASSERT_EQUAL(d.changes, 0);
	CU_ASSERT_STRING_EQUAL(d.runs[0].name, "new");
	CU_ASSERT_STRING_EQUAL(d.runs[0].base_name, "old");
	gs_pdiff_release(&d);
	gs_pset_release(&a);
	gs_pset_release(&b);
}

static void
check_str(char *got, const char *want)
{
	CU_ASSERT_STRING_EQUAL(got, want);
	free(got);
}

static void
test_labels(void)
{
	struct gs_pset	 a = { 0 };
	struct gs_prun	*r = gs_pset_add_run(&a, "r");
	struct gs_ppod	*p;

	p = gs_prun_add_pod(r, "default", "web-0", "node-b", NULL);
	gs_ppod_add_gpu(p, "main", "GPU-3", 3);
	gs_ppod_add_gpu(p, "main", "GPU-1", 1);
	gs_ppod_add_gpu(p, "side", "GPU-3", 3);
	check_str(gs_ppod_label(p), "web-0");
	check_str(gs_ppod_where(p), "node-b GPU 1,3");
	p = gs_prun_add_pod(r, "ml", "web-1", "node-a", NULL);
	gs_ppod_add_gpu(p, "main", "GPU-x", -1);
	check_str(gs_ppod_label(p), "ml/web-1");
	check_str(gs_ppod_where(p), "node-a GPU-x");
	p = gs_prun_add_pod(r, "", "big", NULL, "CardInsufficientMemory");
	check_str(gs_ppod_label(p), "big");
	check_str(gs_ppod_where(p), "pending (CardInsufficientMemory)");
	p = gs_prun_add_pod(r, "ml", "cpu", "node-a", NULL);
	check_str(gs_ppod_where(p), "node-a");
	gs_pset_release(&a);
}

static void
test_load(void)
{
	struct gs_pset	 g, j;
	struct gs_pdiff	 d;
	struct gs_error	 err;

	CU_ASSERT_EQUAL_FATAL(gs_pset_load(&g, "data/diff-golden-v2.json",
	    &err), 0);
	CU_ASSERT_EQUAL_FATAL(g.nruns, 1);
	CU_ASSERT_EQUAL_FATAL(g.runs[0].npods, 2);
	CU_ASSERT_STRING_EQUAL(g.runs[0].pods[0].ns, "ml");
	CU_ASSERT_STRING_EQUAL(g.runs[0].pods[0].name, "web-0");
	CU_ASSERT_EQUAL(g.runs[0].pods[0].ngpus, 2);
	CU_ASSERT_STRING_EQUAL(g.runs[0].pods[1].ns, "default");
	CU_ASSERT_TRUE(g.runs[0].pods[1].pending);
	CU_ASSERT_EQUAL_FATAL(gs_pset_load(&j, "data/diff-output.json", &err),
	    0);
	/* The unmanaged pod and the init container are left out. */
	CU_ASSERT_EQUAL_FATAL(j.runs[0].npods, 2);
	CU_ASSERT_EQUAL(j.runs[0].pods[0].ngpus, 2);
	CU_ASSERT_EQUAL(j.runs[0].pods[0].gpus[0].index, 0);
	gs_pset_compare(&g, &j, NULL, &d);
	CU_ASSERT_EQUAL(d.pods, 2);
	CU_ASSERT_EQUAL(d.changes, 0);
	gs_pdiff_release(&d);
	gs_pset_release(&g);
	gs_pset_release(&j);
}

static void
test_load_errors(void)
{
	struct gs_pset	s;
	struct gs_error	err;

	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL(gs_pset_load(&s, "data/diff-bad-index.json", &err),
	    -1);
	CU_ASSERT_EQUAL(err.line, 3);
	CU_ASSERT_EQUAL(err.col, 75);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "'index' must be an integer"));
	CU_ASSERT_EQUAL(s.nruns, 0);
	CU_ASSERT_EQUAL(gs_pset_load(&s, "data/diff-not-object.json",
	    &err), -1);
	CU_ASSERT_EQUAL(err.line, 2);
	CU_ASSERT_EQUAL(err.col, 1);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "not a gpusched golden file"));
}

/* A golden side learns GPU indices from the side that has them. */
static void
test_fill_index(void)
{
	struct gs_pset	 a = { 0 }, b = { 0 };
	struct gs_ppod	*p;

	p = put(gs_pset_add_run(&a, "r"), NULL, "x", "n1", "GPU-b", -1);
	gs_ppod_add_gpu(p, "main", "GPU-z", -1);
	put(gs_pset_add_run(&b, "r"), NULL, "y", "n1", "GPU-b", 4);
	gs_pset_fill_index(&a, &b);
	CU_ASSERT_STRING_EQUAL(p->gpus[0].uuid, "GPU-b");
	CU_ASSERT_EQUAL(p->gpus[0].index, 4);
	CU_ASSERT_EQUAL(p->gpus[1].index, -1);	/* not on the other side */
	gs_pset_release(&a);
	gs_pset_release(&b);
}

/* What a writer printed, NUL-terminated (the caller frees it). */
static char *
written(void (*fn)(FILE *, const char *, const char *,
    const struct gs_pdiff *), const struct gs_pdiff *d)
{
	char	*buf = NULL;
	size_t	 len = 0;
	FILE	*fp = open_memstream(&buf, &len);

	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	fn(fp, "base.json", "head,1.json", d);
	fclose(fp);
	return buf;
}

/* Names and reasons are escaped for XML and for workflow commands. */
static void
test_escaping(void)
{
	struct gs_pset	 a = { 0 }, b = { 0 };
	struct gs_ppod	*p;
	struct gs_pdiff	 d;
	char		*out;

	put(gs_pset_add_run(&a, "r<1>"), NULL, "a&b", "n1", "GPU-0", 0);
	p = gs_prun_add_pod(gs_pset_add_run(&b, "r<1>"), NULL, "a&b", NULL,
	    "50% \"full\"\nretry");
	p->file = xstrdup("dir,x/app:1.yaml");
	p->line = 7;
	gs_pset_compare(&a, &b, NULL, &d);
	out = written(gs_report_diff_junit, &d);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "<testsuite name=\"r&lt;1&gt;\" "
	    "tests=\"1\" failures=\"1\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "<testcase name=\"a&amp;b\""));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "message=\"a&amp;b newly pending: "
	    "n1 GPU 0 -&gt; pending (50% &quot;full&quot;\nretry)\""));
	free(out);
	out = written(gs_report_diff_github, &d);
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "::error file=dir%2Cx/app%3A1.yaml,"
	    "line=7,title=gpusched diff%3A pod newly pending::r<1>: a&b newly "
	    "pending: n1 GPU 0 -> pending (50%25 \"full\"%0Aretry)\n"));
	CU_ASSERT_PTR_NOT_NULL(strstr(out, "::notice title=gpusched diff::"
	    "base.json vs head,1.json: 0 moved, 1 newly pending, 0 newly "
	    "placed, 0 added, 0 removed; 1 pod in 1 run compared\n"));
	free(out);
	gs_pdiff_release(&d);
	gs_pset_release(&a);
	gs_pset_release(&b);
}

CU_TestInfo diff_tests[] = {
	{ "each kind of change", test_each_kind },
	{ "GPU sets, not GPU order", test_gpu_set },
	{ "namespace swap: two pods moved", test_namespace_swap },
	{ "runs matched by name, or one a side", test_runs },
	{ "pod labels and places", test_labels },
	{ "golden v2 and -o json read alike", test_load },
	{ "bad files: located errors", test_load_errors },
	{ "GPU indices from the other side", test_fill_index },
	{ "XML and workflow-command escaping", test_escaping },
	CU_TEST_INFO_NULL,
};
