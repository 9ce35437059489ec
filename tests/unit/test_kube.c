/*
 * test_kube.c: kube-scheduler's filters before HAMi: taints and
 * tolerations, node affinity operators, resources against allocatable,
 * cordoned nodes.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/kubefilter.h"
#include "../../core/util/util.h"

static const char *
filt(const struct gs_node *n, const struct gs_pod *p)
{
	static char	buf[192];

	return gs_kube_filter(n, p, buf, sizeof buf);
}

static void
set_tol(struct gs_pod *p, const char *key, const char *op, const char *val,
    const char *effect)
{
	p->tols = xreallocarray(p->tols, p->ntols + 1, sizeof *p->tols);
	p->tols[p->ntols].key = key ? xstrdup(key) : NULL;
	p->tols[p->ntols].op = op ? xstrdup(op) : NULL;
	p->tols[p->ntols].value = val ? xstrdup(val) : NULL;
	p->tols[p->ntols].effect = effect ? xstrdup(effect) : NULL;
	p->ntols++;
}

static void
test_taints(void)
{
	struct gs_node	n;
	struct gs_pod	p;
	struct gs_taint	t = { "nvidia.com/gpu", "present", "NoSchedule" };

	t_node(&n, "gpu", 1, 15360, "NVIDIA-Tesla T4");
	memset(&p, 0, sizeof p);
	n.taints = gs_taints_copy(&t, 1);
	n.ntaints = 1;
	CU_ASSERT_STRING_EQUAL(filt(&n, &p), "TaintToleration (untolerated "
	    "taint nvidia.com/gpu=present:NoSchedule)");
	set_tol(&p, "nvidia.com/gpu", "Equal", "absent", "NoSchedule");
	CU_ASSERT_PTR_NOT_NULL(filt(&n, &p));	/* wrong value */
	set_tol(&p, "nvidia.com/gpu", "Exists", NULL, NULL);
	CU_ASSERT_PTR_NULL(filt(&n, &p));	/* any value, any effect */
	gs_pod_release(&p);
	memset(&p, 0, sizeof p);
	set_tol(&p, NULL, "Exists", NULL, NULL);	/* tolerates everything */
	CU_ASSERT_PTR_NULL(filt(&n, &p));
	gs_pod_release(&p);
	memset(&p, 0, sizeof p);
	free(n.taints[0].effect);
	n.taints[0].effect = xstrdup("PreferNoSchedule");	/* soft */
	CU_ASSERT_PTR_NULL(filt(&n, &p));
	n.unschedulable = 1;
	CU_ASSERT_STRING_EQUAL(filt(&n, &p), "NodeUnschedulable");
	set_tol(&p, "node.kubernetes.io/unschedulable", "Exists", NULL,
	    "NoSchedule");
	CU_ASSERT_PTR_NULL(filt(&n, &p));
	gs_pod_release(&p);
	gs_node_release(&n);
}

static void
add_req(struct gs_selterm *t, const char *key, const char *op,
    const char *v1, int field)
{
	struct gs_selreq *r;

	t->reqs = xreallocarray(t->reqs, t->nreqs + 1, sizeof *t->reqs);
	r = &t->reqs[t->nreqs++];
	memset(r, 0, sizeof *r);
	r->key = xstrdup(key);
	r->op = xstrdup(op);
	r->field = field;
	if (v1 != NULL) {
		r->values = xcalloc(1, sizeof *r->values);
		r->values[0] = xstrdup(v1);
		r->nvalues = 1;
	}
}

static void
test_affinity(void)
{
	struct gs_node	n;
	struct gs_pod	p;

	t_node(&n, "gpu-7", 1, 15360, "NVIDIA-Tesla T4");
	gs_kv_set(&n.labels, "accelerator", "t4");
	gs_kv_set(&n.labels, "gpu-count", "4");
	memset(&p, 0, sizeof p);
	p.affinity = xcalloc(2, sizeof *p.affinity);
	p.naffinity = 1;
	add_req(&p.affinity[0], "accelerator", "In", "t4", 0);
	add_req(&p.affinity[0], "gpu-count", "Gt", "2", 0);
	add_req(&p.affinity[0], "spot", "DoesNotExist", NULL, 0);
	CU_ASSERT_PTR_NULL(filt(&n, &p));
	add_req(&p.affinity[0], "gpu-count", "Lt", "3", 0);
	CU_ASSERT_STRING_EQUAL(filt(&n, &p), "NodeAffinity");
	/* A second term is ORed with the first. */
	p.naffinity = 2;
	add_req(&p.affinity[1], "metadata.name", "In", "gpu-7", 1);
	CU_ASSERT_PTR_NULL(filt(&n, &p));
	/* nodeSelector is ANDed with affinity. */
	gs_kv_set(&p.node_selector, "zone", "a");
	CU_ASSERT_PTR_NOT_NULL(filt(&n, &p));
	gs_pod_release(&p);
	gs_node_release(&n);
}

static void
test_resources(void)
{
	struct gs_node	n;
	struct gs_pod	p;

	t_node(&n, "n", 1, 15360, "NVIDIA-Tesla T4");
	memset(&p, 0, sizeof p);
	n.has_alloc = 1;
	n.alloc_cpu = 4000;
	n.alloc_mem = 8LL << 30;
	n.alloc_pods = 2;
	n.used_cpu = 3000;
	p.req_cpu = 1000;
	CU_ASSERT_PTR_NULL(filt(&n, &p));	/* exactly fits */
	p.req_cpu = 1001;
	CU_ASSERT_STRING_EQUAL(filt(&n, &p), "NodeResourcesFit (Insufficient "
	    "cpu)");
	p.req_cpu = 0;
	p.req_mem = (8LL << 30) + 1;
	CU_ASSERT_STRING_EQUAL(filt(&n, &p), "NodeResourcesFit (Insufficient "
	    "memory)");
	p.req_mem = 0;
	n.used_pods = 2;
	CU_ASSERT_STRING_EQUAL(filt(&n, &p), "NodeResourcesFit (Too many "
	    "pods)");
	gs_node_release(&n);
}

CU_TestInfo kube_tests[] = {
	{ "taints, tolerations, cordon", test_taints },
	{ "node affinity operators and terms", test_affinity },
	{ "cpu, memory and pods against allocatable", test_resources },
	CU_TEST_INFO_NULL,
};
