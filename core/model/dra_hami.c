/*
 * model/dra_hami.c: HAMi's workload and cluster as HAMi-DRA would present
 * them to kube-scheduler (model/dra.h gs_dra_hami_map), so that one HAMi
 * scenario runs under the `dra` profiles too.
 *
 * Devices: one ResourceSlice per node (pool and nodeName the node's) of
 * driver hami-core-gpu.project-hami.io, a device per registered NVIDIA GPU
 * as HAMi-DRA's driver publishes it (docs/fake-dra-driver.md: attributes
 * type "hami-gpu", uuid, productName; allowMultipleAllocations; capacity
 * cores (the GPU's, requestPolicy default all, validRange 0..all step 1)
 * and memory (bytes, default all, validRange 1Mi..all step 1Mi)), and the
 * DeviceClass of that name (pkg/constants NvidiaDraDriver).
 *
 * Claims: the webhook (pkg/webhook/dra/mutating.go handleContainer) makes
 * one ResourceClaim per container whose limits ask nvidia.com/gpu, named
 * <ns>-<pod>-<container>-nvidia, request "gpu" of count nvidia.com/gpu,
 * the selector device.attributes[driver].type == "hami-gpu"
 * (dra_device.go TypeSelectorExpression), capacity requests cores =
 * nvidia.com/gpucores and memory = nvidia.com/gpumem MiB in bytes
 * (ConvertMemory); the pod names it in spec.resourceClaims.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/dra.h"
#include "util/util.h"

#define HAMI_DRA_DRIVER	"hami-core-gpu.project-hami.io"
#define HAMI_DRA_SEL	"device.attributes[\"" HAMI_DRA_DRIVER "\"].type " \
			"== \"hami-gpu\""

static void
cap_set(struct gs_dra_device *d, size_t k, const char *name, int64_t v,
    int64_t min, int64_t step, const char *txt)
{
	d->caps[k].name = xasprintf("%s/%s", HAMI_DRA_DRIVER, name);
	d->caps[k].v = v;
	d->caps[k].has_policy = 1;
	d->caps[k].def = v;
	d->caps[k].min = min;
	d->caps[k].step = step;
	d->caps[k].max = v;
	d->capv[k].name = xstrdup(d->caps[k].name);
	d->capv[k].val.type = GS_CEL_QUANTITY;
	d->capv[k].val.s = xstrdup(txt);
}

static void
attr_set(struct gs_dra_device *d, size_t k, const char *name,
    const char *v)
{
	d->attrs[k].name = xasprintf("%s/%s", HAMI_DRA_DRIVER, name);
	d->attrs[k].val.type = GS_CEL_STRING;
	d->attrs[k].val.s = xstrdup(v);
}

/* The slice HAMi-DRA's driver publishes for node n; 0 without GPUs. */
static int
add_slice(struct gs_dra_block *b, const struct gs_node *n)
{
	struct gs_dra_slice	*s;
	size_t			 i, k = 0;
	char			 txt[32];

	for (i = 0; i < n->ndevs; i++)
		k += n->devs[i].kind == GS_DEV_HAMI && n->devs[i].vendor == 0;
	if (k == 0)
		return 0;
	grow_array(&b->slices, &b->caps, b->nslices + 1, sizeof *b->slices);
	s = &b->slices[b->nslices++];
	memset(s, 0, sizeof *s);
	s->name = xasprintf("%s-%s", n->name, HAMI_DRA_DRIVER);
	s->driver = xstrdup(HAMI_DRA_DRIVER);
	s->pool = xstrdup(n->name);
	s->slice_count = 1;
	s->node = xstrdup(n->name);
	s->file = xstrdup("HAMi-DRA");
	s->devs = xcalloc(k, sizeof *s->devs);
	for (i = 0; i < n->ndevs; i++) {
		const struct gs_device	*g = &n->devs[i];
		struct gs_dra_device	*d = &s->devs[s->ndevs];

		if (g->kind != GS_DEV_HAMI || g->vendor != 0)
			continue;
		d->name = xasprintf("gpu-%zu", s->ndevs++);
		d->allow_multiple = 1;
		d->attrs = xcalloc(3, sizeof *d->attrs);
		d->nattrs = 3;
		attr_set(d, 0, "type", "hami-gpu");
		attr_set(d, 1, "uuid", g->id != NULL ? g->id : "");
		attr_set(d, 2, "productName", g->type != NULL ? g->type : "");
		d->caps = xcalloc(2, sizeof *d->caps);
		d->capv = xcalloc(2, sizeof *d->capv);
		d->ncaps = 2;
		snprintf(txt, sizeof txt, "%d", (int)g->devcore);
		cap_set(d, 0, "cores", g->devcore, 0, 1, txt);
		snprintf(txt, sizeof txt, "%dMi", (int)g->devmem);
		cap_set(d, 1, "memory", (int64_t)g->devmem << 20, 1 << 20,
		    1 << 20, txt);
	}
	return 1;
}

static struct gs_dra_sel *
selector(void)
{
	struct gs_dra_sel	*v = xcalloc(1, sizeof *v);
	struct gs_error		 err;

	v->expr = xstrdup(HAMI_DRA_SEL);
	v->h = gs_hash_str(GS_HASH_START, v->expr);
	v->file = xstrdup("HAMi-DRA");
	if (gs_cel_compile(v->expr, v->file, 0, 0, &v->cel, &err) != 0)
		v->cel = NULL;	/* a constant expression: cannot fail */
	return v;
}

/* The webhook's claim for container ctr of pod p; *ref gets its entry. */
static void
add_claim(struct gs_dra_block *b, const struct gs_pod *p,
    const struct gs_container *ctr, struct gs_dra_podref *ref)
{
	struct gs_dra_claim	*c;
	struct gs_dra_sub	*sub;
	struct gs_dra_podclaim	*pc;

	grow_array(&b->claims, &b->capcl, b->nclaims + 1, sizeof *b->claims);
	c = &b->claims[b->nclaims++];
	memset(c, 0, sizeof *c);
	c->name = xasprintf("%s-%s-%s-nvidia", p->ns, p->name, ctr->name);
	c->ns = xstrdup(p->ns);
	c->file = xstrdup("HAMi-DRA");
	c->reqs = xcalloc(1, sizeof *c->reqs);
	c->nreqs = 1;
	c->reqs[0].name = xstrdup("gpu");
	c->reqs[0].subs = sub = xcalloc(1, sizeof *sub);
	c->reqs[0].nsubs = 1;
	sub->class = xstrdup(HAMI_DRA_DRIVER);
	sub->sels = selector();
	sub->nsels = 1;
	sub->count = ctr->lim[GS_RES_GPU].v;
	sub->capreq = xcalloc(2, sizeof *sub->capreq);
	if (ctr->lim[GS_RES_GPUCORES].set) {
		sub->capreq[sub->ncapreq].name = xstrdup("cores");
		sub->capreq[sub->ncapreq++].v = ctr->lim[GS_RES_GPUCORES].v;
	}
	if (ctr->lim[GS_RES_GPUMEM].set) {
		sub->capreq[sub->ncapreq].name = xstrdup("memory");
		sub->capreq[sub->ncapreq++].v = ctr->lim[GS_RES_GPUMEM].v << 20;
	}
	ref->v = xreallocarray(ref->v, ref->n + 1, sizeof *ref->v);
	pc = &ref->v[ref->n++];
	memset(pc, 0, sizeof *pc);
	pc->name = xstrdup(c->name);
	pc->claim = xstrdup(c->name);
}

size_t
gs_dra_hami_map(struct gs_dra **d, const struct gs_cluster *c,
    const struct gs_workload *w)
{
	struct gs_dra_block	*b;
	struct gs_dra_class	*cls;
	size_t			 i, j, nclaims = 0;

	if (*d != NULL && (*d)->nsref > 0)
		return 0;	/* the cluster has DRA devices of its own */
	/* A block of its own: the others are shared with other copies. */
	if (*d == NULL)
		*d = xcalloc(1, sizeof **d);
	gs_dra_names_open(*d);
	b = gs_dra_block_new();
	(*d)->blocks = xreallocarray((*d)->blocks, (*d)->nblocks + 1,
	    sizeof *(*d)->blocks);
	(*d)->blocks[(*d)->nblocks++] = b;
	for (i = 0; i < c->nnodes; i++)
		add_slice(b, &c->nodes[i]);
	grow_array(&b->classes, &b->capc, b->nclasses + 1,
	    sizeof *b->classes);
	cls = &b->classes[b->nclasses++];
	memset(cls, 0, sizeof *cls);
	cls->name = xstrdup(HAMI_DRA_DRIVER);
	cls->file = xstrdup("HAMi-DRA");
	for (i = 0; i < w->npods; i++) {
		const struct gs_pod	*p = &w->pods[i];
		struct gs_dra_podref	*ref;

		if (gs_dra_pod_find(*d, p->ns, p->name) != NULL)
			continue;
		grow_array(&b->pods, &b->capp, b->npods + 1, sizeof *b->pods);
		ref = &b->pods[b->npods];
		memset(ref, 0, sizeof *ref);
		for (j = 0; j < p->nctrs; j++)
			if (p->ctrs[j].lim[GS_RES_GPU].set &&
			    p->ctrs[j].lim[GS_RES_GPU].v > 0) {
				add_claim(b, p, &p->ctrs[j], ref);
				nclaims++;
			}
		if (ref->n == 0)
			continue;
		ref->ns = xstrdup(p->ns);
		ref->pod = xstrdup(p->name);
		ref->file = xstrdup("HAMi-DRA");
		b->npods++;
	}
	gs_dra_refresh(*d);
	return nclaims;
}
