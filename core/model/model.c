/*
 * model/model.c: lifecycles of the model's structs.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/ident.h"
#include "util/int32.h"
#include "model/hami_geom.h"
#include "model/model.h"
#include "model/dra.h"
#include "model/quota.h"
#include "model/volcano_conf.h"
#include "util/util.h"

const char *const gs_res_names[GS_RES_N] = {
	"nvidia.com/gpu",
	"nvidia.com/gpumem",
	"nvidia.com/gpumem-percentage",
	"nvidia.com/gpucores",
	"cambricon.com/vmlu",
	"cambricon.com/mlu.smlu.vmemory",
	"cambricon.com/mlu.smlu.vcore",
	"hygon.com/dcunum",
	"hygon.com/dcumem",
	"hygon.com/dcucores",
	"iluvatar.ai/vgpu",
	"iluvatar.ai/vcuda-memory",
	"iluvatar.ai/vcuda-core",
	"huawei.com/Ascend910A",
	"huawei.com/Ascend910A-memory",
	"huawei.com/Ascend910B2",
	"huawei.com/Ascend910B2-memory",
	"huawei.com/Ascend910B",
	"huawei.com/Ascend910B-memory",
	"huawei.com/Ascend910B4",
	"huawei.com/Ascend910B4-memory",
	"huawei.com/Ascend310P",
	"huawei.com/Ascend310P-memory",
	"iluvatar.ai/MR-V100-vgpu",
	"iluvatar.ai/MR-V100.vMem",
	"iluvatar.ai/MR-V100.vCore",
	"iluvatar.ai/MR-V50-vgpu",
	"iluvatar.ai/MR-V50.vMem",
	"iluvatar.ai/MR-V50.vCore",
	"iluvatar.ai/BI-V150-vgpu",
	"iluvatar.ai/BI-V150.vMem",
	"iluvatar.ai/BI-V150.vCore",
	"iluvatar.ai/BI-V100-vgpu",
	"iluvatar.ai/BI-V100.vMem",
	"iluvatar.ai/BI-V100.vCore",
	"huawei.com/Ascend910B3",
	"huawei.com/Ascend910B3-memory",
	"huawei.com/Ascend910B4-1",
	"huawei.com/Ascend910B4-1-memory",
	"huawei.com/Ascend910C",
	"huawei.com/Ascend910C-memory",
	"huawei.com/Ascend910A-core",
	"huawei.com/Ascend910B2-core",
	"huawei.com/Ascend910B3-core",
	"huawei.com/Ascend910B4-core",
	"huawei.com/Ascend910B4-1-core",
	"huawei.com/Ascend310P-core",
	"huawei.com/Ascend910C-core",
	"metax-tech.com/gpu",
	"birentech.com/gpu",
	"amd.com/gpu",
	"vastaitech.com/va",
	"amd.com/gpumem",
	"amd.com/gpucores",
	"mthreads.com/vgpu",
	"mthreads.com/sgpu-memory",
	"mthreads.com/sgpu-core",
	"enflame.com/gcu",
	"enflame.com/vgcu",
	"enflame.com/vgcu-percentage",
	/* Kunlun */
	"kunlunxin.com/xpu",
	"kunlunxin.com/vxpu",
	"kunlunxin.com/vxpu-memory",
	/* AWS Neuron. */
	"aws.amazon.com/neuron",
	"aws.amazon.com/neuroncore",
	"enflame.com/drs-gcu",
	"enflame.com/gcu-memory",
	"enflame.com/gcu-core",
	/* Metax sGPU. */
	"metax-tech.com/sgpu",
	"metax-tech.com/vcore",
	"metax-tech.com/vmemory",
};

void
gs_kv_set(struct gs_kvlist *l, const char *key, const char *val)
{
	size_t	i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->v[i].key, key) == 0) {
			free(l->v[i].val);
			l->v[i].val = xstrdup(val);
			return;
		}
	grow_array(&l->v, &l->cap, l->n + 1, sizeof *l->v);
	l->v[l->n].key = xstrdup(key);
	l->v[l->n++].val = xstrdup(val);
}

const char *
gs_kv_get(const struct gs_kvlist *l, const char *key)
{
	size_t	i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->v[i].key, key) == 0)
			return l->v[i].val;
	return NULL;
}

void
gs_kv_copy(struct gs_kvlist *dst, const struct gs_kvlist *src)
{
	size_t	i;

	memset(dst, 0, sizeof *dst);
	for (i = 0; i < src->n; i++)
		gs_kv_set(dst, src->v[i].key, src->v[i].val);
}

void
gs_kv_release(struct gs_kvlist *l)
{
	size_t	i;

	for (i = 0; i < l->n; i++) {
		free(l->v[i].key);
		free(l->v[i].val);
	}
	free(l->v);
	memset(l, 0, sizeof *l);
}

void
gs_device_release(struct gs_device *d)
{
	free(d->id);
	free(d->type);
	free(d->mode);
	free(d->hmig);
	d->hmig = NULL;
	free(d->va_aic);
	d->va_aic = NULL;
	free(d->kai);
	d->kai = NULL;
}

int32_t
gs_gpu_number(const struct gs_node *n, size_t j)
{
	int32_t	pos = 0;
	size_t	k;

	if (!n->devs[j].index_unset)
		return n->devs[j].index;
	for (k = 0; k < j; k++)		/* its vendor's annotation */
		pos += n->devs[k].vendor == n->devs[j].vendor;
	return pos;
}

static void
devs_free(struct gs_device *v, size_t n)
{
	size_t	j;

	for (j = 0; j < n; j++)
		gs_device_release(&v[j]);
	free(v);
}

/* A copy of the n devices at s (at least one slot allocated). */
static struct gs_device *
devs_copy(const struct gs_device *s, size_t n)
{
	struct gs_device	*d = xcalloc(n ? n : 1, sizeof *d);
	size_t			 j;

	for (j = 0; j < n; j++) {
		d[j] = s[j];
		d[j].id = xstrdup(s[j].id);
		d[j].type = xstrdup(s[j].type);
		d[j].mode = xstrdup(s[j].mode);
		d[j].va_aic = s[j].va_aic ? xstrdup(s[j].va_aic) : NULL;
		if (s[j].hmig != NULL) {
			d[j].hmig = xmalloc(sizeof *d[j].hmig);
			*d[j].hmig = *s[j].hmig;
		}
		if (s[j].kai != NULL) {
			d[j].kai = xcalloc((size_t)s[j].count,
			    sizeof *d[j].kai);
			memcpy(d[j].kai, s[j].kai, (size_t)s[j].count *
			    sizeof *d[j].kai);
		}
	}
	return d;
}

void
gs_node_release(struct gs_node *n)
{
	size_t	j;

	devs_free(n->devs, n->ndevs);
	devs_free(n->vc_devs, n->vc_ndevs);
	free(n->name);
	free(n->pool);
	free(n->src_file);
	free(n->devices_note);
	free(n->hs_bad_time);
	for (j = 0; j < n->npairs; j++) {
		free(n->pairs[j].id);
		free(n->pairs[j].peer);
	}
	free(n->pairs);
	free(n->drs);
	free(n->metax_topo[0].e);
	free(n->metax_topo[1].e);
	gs_kv_release(&n->labels);
	gs_taints_free(n->taints, n->ntaints);
	memset(n, 0, sizeof *n);
}

void
gs_node_copy(struct gs_node *d, const struct gs_node *s)
{
	size_t	j;

	*d = *s;
	d->name = xstrdup(s->name);
	d->pool = s->pool ? xstrdup(s->pool) : NULL;
	d->src_file = s->src_file ? xstrdup(s->src_file) : NULL;
	d->devices_note = s->devices_note ? xstrdup(s->devices_note) : NULL;
	d->hs_bad_time = s->hs_bad_time ? xstrdup(s->hs_bad_time) : NULL;
	d->taints = gs_taints_copy(s->taints, s->ntaints);
	gs_kv_copy(&d->labels, &s->labels);
	d->drs = s->ndrs ? xcalloc(s->ndrs, sizeof *d->drs) : NULL;
	if (s->ndrs)
		memcpy(d->drs, s->drs, s->ndrs * sizeof *d->drs);
	for (j = 0; j < 2; j++) {
		d->metax_topo[j].e = s->metax_topo[j].n ? xcalloc(
		    s->metax_topo[j].n, sizeof *d->metax_topo[j].e) : NULL;
		if (s->metax_topo[j].n)
			memcpy(d->metax_topo[j].e, s->metax_topo[j].e,
			    s->metax_topo[j].n * sizeof *d->metax_topo[j].e);
	}
	d->pairs = s->npairs ? xcalloc(s->npairs, sizeof *d->pairs) : NULL;
	for (j = 0; j < s->npairs; j++) {
		d->pairs[j].id = xstrdup(s->pairs[j].id);
		d->pairs[j].peer = xstrdup(s->pairs[j].peer);
		d->pairs[j].score = s->pairs[j].score;
	}
	d->devs = devs_copy(s->devs, s->ndevs);
	d->vc_devs = s->vc_devs != NULL ? devs_copy(s->vc_devs, s->vc_ndevs) :
	    NULL;
}

void
gs_cluster_for_volcano(struct gs_cluster *c)
{
	size_t	i;

	for (i = 0; i < c->nnodes; i++) {
		struct gs_node *n = &c->nodes[i];

		if (n->vc_devs == NULL)
			continue;
		devs_free(n->devs, n->ndevs);
		n->devs = n->vc_devs;
		n->ndevs = n->vc_ndevs;
		n->vc_devs = NULL;
		n->vc_ndevs = 0;
		n->vc_reg = 1;
		n->registered = 0;
		gs_cluster_touch(c, i);
	}
}

void
gs_cluster_release(struct gs_cluster *c)
{
	size_t	i;

	for (i = 0; i < c->nnodes; i++)
		gs_node_release(&c->nodes[i]);
	free(c->nodes);
	gs_hami_settings_free(c->hami);
	gs_cluster_names_drop(c);
	gs_quotas_release(&c->quotas);
	gs_dra_free(c->dra);
	gs_volcano_conf_free(c->volcano);
	free(c->hg_bad);
	free(c->touch_ring);
	memset(c, 0, sizeof *c);
}

/* A device's MIG geometry in src's knownMigGeometries points at the
 * same entry of dst's copy (the chart defaults are static). */
static void
rebase_geometries(struct gs_cluster *dst, const struct gs_cluster *src)
{
	size_t	i, j;

	if (src->hami == NULL || src->hami->nmig == 0)
		return;
	for (i = 0; i < dst->nnodes; i++)
		for (j = 0; j < dst->nodes[i].ndevs; j++) {
			struct gs_device *d = &dst->nodes[i].devs[j];

			if (d->hgeom >= src->hami->mig &&
			    d->hgeom < src->hami->mig + src->hami->nmig)
				d->hgeom = dst->hami->mig +
				    (d->hgeom - src->hami->mig);
		}
}

void
gs_cluster_copy(struct gs_cluster *dst, const struct gs_cluster *src)
{
	size_t	i;

	memset(dst, 0, sizeof *dst);
	dst->epoch = src->epoch;
	memcpy(dst->win_next, src->win_next, sizeof dst->win_next);
	dst->touch_seq = dst->touch_base = src->touch_seq;
	dst->nnodes = dst->cap = src->nnodes;
	dst->nodes = xcalloc(src->nnodes ? src->nnodes : 1,
	    sizeof *dst->nodes);
	for (i = 0; i < src->nnodes; i++)
		gs_node_copy(&dst->nodes[i], &src->nodes[i]);
	dst->hami = gs_hami_settings_dup(src->hami);
	rebase_geometries(dst, src);
	gs_quotas_copy(&dst->quotas, &src->quotas);
	dst->dra = gs_dra_copy(src->dra);
	dst->volcano = gs_volcano_conf_dup(src->volcano);
	if (src->hg_bad != NULL) {
		dst->hg_bad = xcalloc(GS_HGEOM_NCHART, sizeof *dst->hg_bad);
		memcpy(dst->hg_bad, src->hg_bad, GS_HGEOM_NCHART *
		    sizeof *dst->hg_bad);
	}
}

const char *
gs_res_name(const struct gs_hami_settings *s, int r)
{
	if (s != NULL && r < GS_RES_NVIDIA_N)
		return s->res[r];
	return gs_res_names[r];
}

int
gs_res_lookup(const struct gs_hami_settings *s, const char *name)
{
	int	r;

	for (r = 0; r < GS_RES_N; r++)
		if (strcmp(name, gs_res_name(s, r)) == 0)
			return r;
	return -1;
}

struct gs_hami_settings *
gs_hami_settings_dup(const struct gs_hami_settings *s)
{
	struct gs_hami_settings	*d;
	int			 r;

	if (s == NULL)
		return NULL;
	d = xmalloc(sizeof *d);
	*d = *s;
	d->file = xstrdup(s->file);
	for (r = 0; r < GS_RES_NVIDIA_N; r++)
		d->res[r] = xstrdup(s->res[r]);
	d->mig = gs_vc_migs_dup(s->mig, s->nmig);
	memset(&d->node_modes, 0, sizeof d->node_modes);
	gs_kv_copy(&d->node_modes, &s->node_modes);
	return d;
}

void
gs_hami_settings_free(struct gs_hami_settings *s)
{
	int	r;

	if (s == NULL)
		return;
	free(s->file);
	for (r = 0; r < GS_RES_NVIDIA_N; r++)
		free(s->res[r]);
	gs_vc_migs_free(s->mig, s->nmig);
	gs_kv_release(&s->node_modes);
	free(s);
}

int
gs_node_selected(const struct gs_node *n, const struct gs_kvlist *sel)
{
	const char	*v;
	size_t		 i;

	for (i = 0; i < sel->n; i++) {
		v = gs_kv_get(&n->labels, sel->v[i].key);
		if (v == NULL || strcmp(v, sel->v[i].val) != 0)
			return 0;
	}
	return 1;
}

struct gs_idset *
gs_cluster_names(struct gs_cluster *c)
{
	size_t	i;

	if (c->names == NULL)
		c->names = xcalloc(1, sizeof *c->names);
	if (c->names->n != c->nnodes) {
		gs_idset_free(c->names);
		for (i = 0; i < c->nnodes; i++)
			(void)gs_idset_add(c->names, "Node", NULL,
			    c->nodes[i].name, c->nodes[i].src_file,
			    c->nodes[i].src_line, c->nodes[i].src_col);
	}
	return c->names;
}

void
gs_cluster_names_drop(struct gs_cluster *c)
{
	gs_idset_free(c->names);
	free(c->names);
	c->names = NULL;
}

long
gs_cluster_find(struct gs_cluster *c, const char *name)
{
	const struct gs_idset	*ix = gs_cluster_names(c);
	long			 i;
	size_t			 k;

	/* Names are unique once loaded; a cluster built otherwise with a
	 * name twice has an index shorter than its nodes: searched. */
	if (ix->n == c->nnodes) {
		i = gs_idset_find(ix, "Node", NULL, name);
		if (i < 0 || strcmp(c->nodes[i].name, name) == 0)
			return i;
	}
	for (k = 0; k < c->nnodes; k++)
		if (strcmp(c->nodes[k].name, name) == 0)
			return (long)k;
	return -1;
}

void
gs_cluster_reset_usage(struct gs_cluster *c)
{
	size_t	i, j;

	c->epoch++;
	for (i = 0; i < c->nnodes; i++) {
		gs_cluster_touch(c, i);
		for (j = 0; j < c->nodes[i].ndevs; j++) {
			c->nodes[i].devs[j].used = 0;
			c->nodes[i].devs[j].usedmem = 0;
			c->nodes[i].devs[j].usedcores = 0;
			c->nodes[i].devs[j].usedmilli = 0;
			free(c->nodes[i].devs[j].kai);
			c->nodes[i].devs[j].kai = NULL;
		}
	}
	gs_quotas_reset_usage(&c->quotas);
}

static char *
dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

struct gs_taint *
gs_taints_copy(const struct gs_taint *v, size_t n)
{
	struct gs_taint	*out;
	size_t		 i;

	if (n == 0)
		return NULL;
	out = xcalloc(n, sizeof *out);
	for (i = 0; i < n; i++) {
		out[i].key = dup_or_null(v[i].key);
		out[i].value = dup_or_null(v[i].value);
		out[i].effect = dup_or_null(v[i].effect);
	}
	return out;
}

void
gs_taints_free(struct gs_taint *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		free(v[i].key);
		free(v[i].value);
		free(v[i].effect);
	}
	free(v);
}

static void
tols_free(struct gs_toleration *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		free(v[i].key);
		free(v[i].op);
		free(v[i].value);
		free(v[i].effect);
	}
	free(v);
}

static void
terms_free(struct gs_selterm *t, size_t n)
{
	size_t	i, j, k;

	for (i = 0; i < n; i++) {
		for (j = 0; j < t[i].nreqs; j++) {
			free(t[i].reqs[j].key);
			free(t[i].reqs[j].op);
			for (k = 0; k < t[i].reqs[j].nvalues; k++)
				free(t[i].reqs[j].values[k]);
			free(t[i].reqs[j].values);
		}
		free(t[i].reqs);
	}
	free(t);
}

static struct gs_selterm *
terms_copy(const struct gs_selterm *t, size_t n)
{
	struct gs_selterm	*out;
	size_t			 i, j, k;

	if (n == 0)
		return NULL;
	out = xcalloc(n, sizeof *out);
	for (i = 0; i < n; i++) {
		out[i].nreqs = t[i].nreqs;
		out[i].reqs = xcalloc(t[i].nreqs ? t[i].nreqs : 1,
		    sizeof *out[i].reqs);
		for (j = 0; j < t[i].nreqs; j++) {
			const struct gs_selreq	*a = &t[i].reqs[j];
			struct gs_selreq	*b = &out[i].reqs[j];

			*b = *a;
			b->key = xstrdup(a->key);
			b->op = xstrdup(a->op);
			b->values = xcalloc(a->nvalues ? a->nvalues : 1,
			    sizeof *b->values);
			for (k = 0; k < a->nvalues; k++)
				b->values[k] = xstrdup(a->values[k]);
		}
	}
	return out;
}

static void
ctr_release(struct gs_container *c)
{
	size_t	i;

	free(c->name);
	gs_kv_release(&c->dp);
	for (i = 0; i < c->next; i++)
		free(c->ext[i].name);
	free(c->ext);
}

static void
ctr_copy(struct gs_container *dst, const struct gs_container *src)
{
	size_t	i;

	*dst = *src;
	dst->name = xstrdup(src->name);
	memset(&dst->dp, 0, sizeof dst->dp);
	gs_kv_copy(&dst->dp, &src->dp);
	dst->ext = NULL;
	if (src->next > 0) {
		dst->ext = xcalloc(src->next, sizeof *dst->ext);
		for (i = 0; i < src->next; i++) {
			dst->ext[i] = src->ext[i];
			dst->ext[i].name = xstrdup(src->ext[i].name);
		}
	}
}

void
gs_pod_release(struct gs_pod *p)
{
	size_t	i;

	tols_free(p->tols, p->ntols);
	terms_free(p->affinity, p->naffinity);
	for (i = 0; i < p->nctrs; i++)
		ctr_release(&p->ctrs[i]);
	free(p->ctrs);
	for (i = 0; i < p->ninit; i++)
		ctr_release(&p->init[i]);
	free(p->init);
	free(p->pod_group);
	free(p->scheduler_name);
	free(p->queue);
	free(p->name);
	free(p->ns);
	free(p->workload);
	free(p->kind);
	free(p->src_file);
	gs_kv_release(&p->annotations);
	gs_kv_release(&p->node_selector);
	memset(p, 0, sizeof *p);
}

void
gs_pod_copy(struct gs_pod *dst, const struct gs_pod *src)
{
	size_t	i;

	*dst = *src;
	dst->name = xstrdup(src->name);
	dst->ns = xstrdup(src->ns);
	dst->workload = xstrdup(src->workload);
	dst->kind = xstrdup(src->kind);
	dst->src_file = xstrdup(src->src_file);
	dst->pod_group = dup_or_null(src->pod_group);
	dst->scheduler_name = dup_or_null(src->scheduler_name);
	dst->queue = dup_or_null(src->queue);
	gs_kv_copy(&dst->annotations, &src->annotations);
	gs_kv_copy(&dst->node_selector, &src->node_selector);
	dst->affinity = terms_copy(src->affinity, src->naffinity);
	dst->tols = NULL;
	if (src->ntols > 0) {
		dst->tols = xcalloc(src->ntols, sizeof *dst->tols);
		for (i = 0; i < src->ntols; i++) {
			dst->tols[i].key = dup_or_null(src->tols[i].key);
			dst->tols[i].op = dup_or_null(src->tols[i].op);
			dst->tols[i].value = dup_or_null(src->tols[i].value);
			dst->tols[i].effect = dup_or_null(src->tols[i].effect);
		}
	}
	dst->ctrs = xcalloc(src->nctrs, sizeof *dst->ctrs);
	for (i = 0; i < src->nctrs; i++)
		ctr_copy(&dst->ctrs[i], &src->ctrs[i]);
	dst->init = NULL;
	if (src->ninit > 0) {
		dst->init = xcalloc(src->ninit, sizeof *dst->init);
		for (i = 0; i < src->ninit; i++)
			ctr_copy(&dst->init[i], &src->init[i]);
	}
}

void
gs_workload_copy(struct gs_workload *dst, const struct gs_workload *src)
{
	size_t	i;

	memset(dst, 0, sizeof *dst);
	dst->pods = xcalloc(src->npods ? src->npods : 1, sizeof *dst->pods);
	dst->npods = dst->cap = src->npods;
	for (i = 0; i < src->npods; i++)
		gs_pod_copy(&dst->pods[i], &src->pods[i]);
	if (src->npods == 0)
		dst->cap = 1;
	gs_quotas_copy(&dst->quotas, &src->quotas);
	dst->dra = gs_dra_copy(src->dra);
}

void
gs_workload_release(struct gs_workload *w)
{
	size_t	i;

	for (i = 0; i < w->npods; i++)
		gs_pod_release(&w->pods[i]);
	free(w->pods);
	gs_idset_free(w->ids);
	free(w->ids);
	gs_quotas_release(&w->quotas);
	gs_dra_free(w->dra);
	memset(w, 0, sizeof *w);
}

struct gs_pod *
gs_workload_add(struct gs_workload *w)
{
	struct gs_pod	*p;

	grow_array(&w->pods, &w->cap, w->npods + 1, sizeof *w->pods);
	p = &w->pods[w->npods++];
	memset(p, 0, sizeof *p);
	p->pinned_node = -1;
	return p;
}

void
gs_config_init(struct gs_config *c)
{
	memset(c, 0, sizeof *c);
	c->node_policy = xstrdup("binpack");
	c->gpu_policy = xstrdup("spread");
	c->default_memory = 0;
	c->default_cores = 0;
	c->default_gpunum = 1;
	c->profile = xstrdup("hami-v2.6.1");
	c->seed = 42;
	c->pct_nodes = GS_PCT_UNSET;
}

void
gs_config_copy(struct gs_config *dst, const struct gs_config *src)
{
	*dst = *src;
	dst->node_policy = xstrdup(src->node_policy);
	dst->gpu_policy = xstrdup(src->gpu_policy);
	dst->profile = xstrdup(src->profile);
	gs_kv_copy(&dst->schedulers, &src->schedulers);
}

void
gs_config_release(struct gs_config *c)
{
	free(c->node_policy);
	free(c->gpu_policy);
	free(c->profile);
	gs_kv_release(&c->schedulers);
	memset(c, 0, sizeof *c);
}

void
gs_config_set_policies(struct gs_config *c, const char *node, const char *gpu)
{
	if (node != NULL) {
		free(c->node_policy);
		c->node_policy = xstrdup(node);
	}
	if (gpu != NULL) {
		free(c->gpu_policy);
		c->gpu_policy = xstrdup(gpu);
	}
}

void
gs_placement_release(struct gs_placement *pl)
{
	size_t	i;

	for (i = 0; i < pl->nctrs; i++)
		free(pl->ctrs[i].grants);
	free(pl->ctrs);
	for (i = 0; i < pl->ninit; i++)
		free(pl->init[i].grants);
	free(pl->init);
	free(pl->reason);
	if (pl->dra != NULL) {
		gs_dra_alloc_release(pl->dra);
		free(pl->dra);
	}
	memset(pl, 0, sizeof *pl);
}

void
gs_warn(struct gs_warnings *w, const char *file, int line, int col,
    const char *fmt, ...)
{
	va_list	ap;
	char	msg[768];

	if (w == NULL)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	grow_array(&w->v, &w->cap, w->n + 1, sizeof *w->v);
	if (file != NULL && line > 0)
		w->v[w->n++] = xasprintf("%s:%d:%d: %s", file, line, col, msg);
	else if (file != NULL)
		w->v[w->n++] = xasprintf("%s: %s", file, msg);
	else
		w->v[w->n++] = xstrdup(msg);
}

void
gs_warnings_release(struct gs_warnings *w)
{
	size_t	i;

	for (i = 0; i < w->n; i++)
		free(w->v[i]);
	free(w->v);
	memset(w, 0, sizeof *w);
}

const struct gs_ctr_grant *
gs_placement_ctr(const struct gs_placement *pl, size_t i)
{
	return i < pl->ninit ? &pl->init[i] : &pl->ctrs[i - pl->ninit];
}

const char *
gs_placement_ctr_name(const struct gs_placement *pl, const struct gs_pod *pod,
    size_t i, int *init)
{
	*init = i < pl->ninit;
	return gs_pod_container(pod, pl->ninit, i)->name;
}

const struct gs_container *
gs_pod_container(const struct gs_pod *pod, size_t ninit, size_t i)
{
	return i < ninit ? &pod->init[i] : &pod->ctrs[i - ninit];
}

int
gs_collapse_gpu(const struct gs_gpu_use *u, size_t n, int dev, int init_done,
    int32_t *slots, int32_t *mem, int32_t *cores)
{
	int32_t	imem = 0, icores = 0, islots = 0, amem = 0, acores = 0;
	int32_t	aslots = 0;
	size_t	i;
	int	found = 0;

	for (i = 0; i < n; i++) {
		if (u[i].dev != dev)
			continue;
		found = 1;
		if (u[i].init) {
			islots = 1;
			if (u[i].mem > imem)
				imem = u[i].mem;
			if (u[i].cores > icores)
				icores = u[i].cores;
		} else {
			aslots = i32_add(aslots, 1);
			amem = i32_add(amem, u[i].mem);
			acores = i32_add(acores, u[i].cores);
		}
	}
	if (init_done)
		islots = imem = icores = 0;
	*slots = islots > aslots ? islots : aslots;
	*mem = imem > amem ? imem : amem;
	*cores = icores > acores ? icores : acores;
	return found;
}

void
gs_cluster_touch(struct gs_cluster *c, size_t i)
{
	c->nodes[i].gen++;
	if (c->touch_ring == NULL)
		c->touch_ring = xcalloc(GS_TOUCH_RING, sizeof *c->touch_ring);
	c->touch_ring[c->touch_seq++ % GS_TOUCH_RING] = i;
}

int
gs_cluster_touches_kept(const struct gs_cluster *c, uint64_t seq)
{
	return seq >= c->touch_base && seq <= c->touch_seq &&
	    c->touch_seq - seq <= GS_TOUCH_RING;
}

size_t
gs_cluster_touched(const struct gs_cluster *c, uint64_t k)
{
	return c->touch_ring[k % GS_TOUCH_RING];
}

int64_t
gs_node_pair_score(const struct gs_node *n, const char *a, const char *b)
{
	size_t	j;

	for (j = 0; j < n->npairs; j++)
		if (strcmp(n->pairs[j].id, a) == 0 &&
		    strcmp(n->pairs[j].peer, b) == 0)
			return n->pairs[j].score;
	return 0;
}
