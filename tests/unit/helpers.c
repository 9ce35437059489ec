/*
 * helpers.c: hand-built nodes and containers for the unit tests, and a
 * policy whose decision fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suites.h"
#include "../../core/load/load.h"
#include "../../core/util/util.h"
#include "../../core/load/yamltree.h"
#include "../../core/sched/policy.h"

void
t_node(struct gs_node *n, const char *name, size_t count, int32_t mem,
    const char *type)
{
	size_t	i;

	memset(n, 0, sizeof *n);
	n->name = xstrdup(name);
	n->registered = 1;
	n->ndevs = count;
	n->devs = xcalloc(count, sizeof *n->devs);
	for (i = 0; i < count; i++) {
		n->devs[i].id = xasprintf("GPU-%zu", i);
		n->devs[i].index = (int32_t)i;
		n->devs[i].count = 10;
		n->devs[i].devmem = mem;
		n->devs[i].devcore = 100;
		n->devs[i].type = xstrdup(type);
		n->devs[i].health = 1;
		n->devs[i].mode = xstrdup("hami-core");
	}
}

static void
set(struct gs_resval *r, int64_t v)
{
	if (v < 0)
		return;
	r->set = 1;
	r->ok = 1;
	r->v = v;
}

void
t_ctr(struct gs_container *c, int64_t gpu, int64_t mem, int64_t pct,
    int64_t cores)
{
	memset(c, 0, sizeof *c);
	set(&c->lim[GS_RES_GPU], gpu);
	set(&c->lim[GS_RES_GPUMEM], mem);
	set(&c->lim[GS_RES_GPUMEM_PCT], pct);
	set(&c->lim[GS_RES_GPUCORES], cores);
}

struct gs_pod *
t_pod(struct gs_workload *w, const char *name, size_t nctrs)
{
	struct gs_pod	*p = gs_workload_add(w);

	p->name = xstrdup(name);
	p->ns = xstrdup("default");
	p->workload = xstrdup(name);
	p->kind = xstrdup("Pod");
	p->src_file = xstrdup("t");
	p->nctrs = nctrs;
	p->ctrs = xcalloc(nctrs, sizeof *p->ctrs);
	return p;
}

void
t_metrics_fx_init(struct t_metrics_fx *f, int64_t gpus, int64_t mem)
{
	struct gs_pod	*p;

	memset(f, 0, sizeof *f);
	f->c.nodes = xcalloc(2, sizeof *f->c.nodes);
	f->c.nnodes = f->c.cap = 2;
	t_node(&f->c.nodes[0], "a", 2, 15360, "NVIDIA-Tesla T4");
	t_node(&f->c.nodes[1], "b", 3, 15360, "NVIDIA-Tesla T4");
	gs_config_init(&f->cfg);
	p = t_pod(&f->w, "p", 1);
	t_ctr(&p->ctrs[0], gpus, mem, -1, -1);
}

void
t_metrics_fx_release(struct t_metrics_fx *f)
{
	gs_workload_release(&f->w);
	gs_config_release(&f->cfg);
	gs_cluster_release(&f->c);
}

struct hami_creq
t_creq(const struct gs_container *c, const char *profile, const char *mode,
    char *why, size_t len)
{
	struct gs_workload	 w;
	struct gs_pod		*p;
	struct gs_config	 cfg;
	struct hami_creq	*r, out;

	memset(&w, 0, sizeof w);
	p = t_pod(&w, "p", 1);
	p->ctrs[0] = *c;
	p->ctrs[0].name = xstrdup("main");
	if (mode != NULL)
		gs_kv_set(&p->annotations, HAMI_VNPU_MODE_ANNO, mode);
	gs_config_init(&cfg);
	if (profile != NULL)
		t_set_profile(&cfg, profile);
	if (why != NULL) {
		/* The reason, written into why or a constant. */
		const char *refusal = hami_admission(p, &cfg, NULL, why, len);

		if (refusal == NULL)
			why[0] = '\0';
		else if (refusal != why)
			snprintf(why, len, "%s", refusal);
	}
	hami_pod_requests(p, &cfg, NULL, &r);
	out = r[0];
	free(r);
	gs_config_release(&cfg);
	gs_workload_release(&w);
	return out;
}

struct hami_creq
t_res_creq(enum gs_res res, int64_t v, int limits, const char *profile)
{
	return t_res_creq_why(res, v, limits, profile, NULL, 0);
}

struct hami_creq
t_res_creq_why(enum gs_res res, int64_t v, int limits, const char *profile,
    char *why, size_t len)
{
	struct gs_container	c;
	struct gs_resval	*r;

	memset(&c, 0, sizeof c);
	r = limits ? &c.lim[res] : &c.req[res];
	r->set = r->ok = 1;
	r->v = v;
	return t_creq(&c, profile, NULL, why, len);
}

void
t_assert_one_req(const struct hami_creq *r, const struct hami_req *want)
{
	CU_ASSERT_EQUAL_FATAL(r->n, 1);
	CU_ASSERT_EQUAL(r->r[0].vendor, want->vendor);
	CU_ASSERT_EQUAL(r->r[0].nums, want->nums);
	CU_ASSERT_EQUAL(r->r[0].memreq, want->memreq);
	CU_ASSERT_EQUAL(r->r[0].mempct, want->mempct);
	CU_ASSERT_EQUAL(r->r[0].coresreq, want->coresreq);
}

void
t_fit_init(struct t_fit *x, size_t ndevs, int32_t mem, const char *gpu_policy)
{
	memset(x, 0, sizeof *x);
	t_node(&x->node, "n", ndevs, mem, "NVIDIA-Tesla T4");
	gs_config_init(&x->cfg);
	gs_config_set_policies(&x->cfg, NULL, gpu_policy);
	x->pod.pinned_node = -1;
}

struct gs_device *
t_fit_vendor(struct t_fit *x, const char *profile, int vendor,
    const char *type, int32_t mem, int32_t count)
{
	struct gs_device	*d;

	t_fit_init(x, 1, mem, "spread");
	t_set_profile(&x->cfg, profile);
	d = &x->node.devs[0];
	free(d->type);
	d->type = xstrdup(type);
	d->vendor = vendor;
	d->count = count;
	d->devcore = 100;
	return d;
}

void
t_set_profile(struct gs_config *cfg, const char *profile)
{
	free(cfg->profile);
	cfg->profile = xstrdup(profile);
}

int
t_fit_run(struct t_fit *x, int32_t nums, int32_t mem, int32_t pct,
    int32_t cores)
{
	struct hami_req	r = { nums, mem, pct, cores, 0 };

	return t_fit_req(x, &r);
}

int
t_fit_req(struct t_fit *x, const struct hami_req *r)
{
	int	ok;

	hami_filter_init(&x->f, &x->pod, &x->cfg);
	hami_scratch_load(&x->s, &x->node, x->f.gpu_binpack);
	ok = hami_fit_request(&x->s, r, &x->f, x->g, x->counts,
	    &x->insufficient);
	hami_filter_release(&x->f);
	return ok;
}

void
t_fit_release(struct t_fit *x)
{
	hami_scratch_release(&x->s);
	gs_pod_release(&x->pod);
	gs_config_release(&x->cfg);
	gs_node_release(&x->node);
}

void
t_pfit_init(struct t_pfit *x, const struct gs_node *n,
    const struct hami_req *r)
{
	memset(x, 0, sizeof *x);
	x->pod.pinned_node = -1;
	gs_config_init(&x->cfg);
	hami_filter_init(&x->f, &x->pod, &x->cfg);
	x->r.n = 1;
	x->r.nums = r->nums;
	x->r.r[0] = *r;
	hami_scratch_load(&x->s, n, x->f.gpu_binpack);
}

int
t_pfit(struct t_pfit *x)
{
	return hami_fit_container(&x->s, &x->r, &x->f, x->g, x->counts,
	    &x->ins);
}

void
t_pfit_release(struct t_pfit *x)
{
	hami_filter_release(&x->f);
	hami_scratch_release(&x->s);
	gs_config_release(&x->cfg);
	gs_pod_release(&x->pod);
}

void
t_t4_cluster(struct gs_cluster *c, const char *const *names, size_t n)
{
	size_t	i;

	memset(c, 0, sizeof *c);
	c->nodes = xcalloc(n, sizeof *c->nodes);
	c->nnodes = c->cap = n;
	for (i = 0; i < n; i++) {
		struct gs_node *nd = &c->nodes[i];

		t_node(nd, names[i], 4, 15360, "NVIDIA-Tesla T4");
		nd->has_alloc = 1;
		nd->alloc_cpu = 32000;
		nd->alloc_mem = 128LL << 30;
		nd->alloc_pods = 110;
	}
}

const struct hami_profile *
t_hp(const char *s)
{
	const struct hami_profile	*hp = hami_profile_find(s);

	CU_ASSERT_PTR_NOT_NULL_FATAL(hp);
	return hp;
}

int
t_load_workload(const char *yaml, struct gs_workload *w,
    struct gs_warnings *warn, char *msg, size_t len)
{
	struct yt_file	f;
	struct gs_error	err;
	size_t		i;
	int		rc = 0;

	memset(&err, 0, sizeof err);
	memset(w, 0, sizeof *w);
	msg[0] = '\0';
	CU_ASSERT_EQUAL_FATAL(yt_parse(&f, "w.yaml", yaml, strlen(yaml), &err),
	    0);
	for (i = 0; i < f.ndocs && rc == 0; i++)
		if (f.docs[i].root != NULL)
			rc = gs_load_workload_doc(w, &f, f.docs[i].root, NULL,
			    warn, &err);
	if (rc != 0)
		gs_error_format(&err, msg, len);
	yt_file_release(&f);
	return rc;
}

int
t_load_cluster(const char *yaml, struct gs_cluster *c, struct gs_error *err)
{
	struct yt_file		f;
	struct gs_warnings	w = { 0 };
	int			rc;

	memset(c, 0, sizeof *c);
	CU_ASSERT_EQUAL_FATAL(yt_parse(&f, "c.yaml", yaml, strlen(yaml), err),
	    0);
	rc = gs_load_cluster_doc(c, &f, f.docs[0].root, &w, err);
	gs_warnings_release(&w);
	yt_file_release(&f);
	return rc;
}

static struct {
	const struct gs_policy	*base;
	const char		*bad;
	int			 placed;
} failing;

static int
failing_decide(void *st, const struct gs_cluster *c, const struct gs_pod *pod,
    struct gs_placement *d, struct gs_error *err)
{
	if (strcmp(pod->name, failing.bad) != 0)
		return failing.base->decide(st, c, pod, d, err);
	d->reason = xstrdup("half a decision");	/* the caller releases */
	if (failing.placed)
		return gs_error_set(err, "ledger.conf", 7, 2, "no page");
	return gs_error_set(err, NULL, 0, 0, "the ledger is full");
}

static void *
failing_create(const struct gs_cluster *c, const struct gs_config *cfg)
{
	return failing.base->create(c, cfg);
}

static void
failing_destroy(void *st)
{
	failing.base->destroy(st);
}

const struct gs_policy *
t_failing(const struct gs_policy *base, const char *bad, int placed)
{
	static const struct gs_policy p = {
		.name = "failing", .summary = "fails on one pod",
		.family = "test", .views = GS_VIEW_DEVICE | GS_VIEW_SHARE,
		.create = failing_create, .destroy = failing_destroy,
		.decide = failing_decide,
	};

	failing.base = base;
	failing.bad = bad;
	failing.placed = placed;
	return &p;
}

int
t_load_capacity(const char *name, const char *res, const char *cap,
    struct gs_cluster *c, struct gs_error *err)
{
	char	doc[192];

	snprintf(doc, sizeof doc, "kind: Node\nmetadata: {name: %s}\n"
	    "status:\n  capacity: {%s: '%s'}\n", name, res, cap);
	return t_load_cluster(doc, c, err);
}

void
t_pfit_profile(struct t_pfit *x, const char *profile)
{
	hami_filter_release(&x->f);
	t_set_profile(&x->cfg, profile);
	hami_filter_init(&x->f, &x->pod, &x->cfg);
}
