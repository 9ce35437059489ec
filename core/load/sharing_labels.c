/*
 * load/sharing_labels.c: a Node's GPUs from what NVIDIA's GPU operator puts on
 * it (issue 18): the GPU feature discovery labels nvidia.com/gpu.product,
 * gpu.count, gpu.memory, gpu.replicas, gpu.sharing-strategy and
 * mig.strategy, and the device plugin's allocatable nvidia.com/gpu,
 * nvidia.com/gpu.shared and nvidia.com/mig-<profile>
 * (NVIDIA/k8s-device-plugin internal/lm/resource.go and mig-strategy.go;
 * spec/peers.md §4.1-§4.3).
 *
 * GFD writes mig.strategy and mig.capable on every GPU node; GPUs without
 * MIG (or with MIG disabled) are whole GPUs under every strategy, so only
 * a single-strategy product '<model>-MIG-<profile>' or mixed-strategy
 * allocatable nvidia.com/mig-<profile> make MIG instances (mig_in_use).
 *
 * The labels say how many instances of each profile a node has, not on
 * which GPU: gpusched lays them out first fit, larger profiles first,
 * over the GPUs that are not whole (gpu.count minus the whole ones); only
 * the counts matter to kube-scheduler, the layout to the GPU map.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "model/catalog.h"
#include "load/load.h"
#include "load/quantity.h"
#include "load/sharing.h"

/* A label's whole number in [min, max]; absent: *out untouched. */
static int
label_int(const struct yt_file *f, const struct yt_node *labels,
    const char *key, int64_t min, int64_t max, int64_t *out,
    struct gs_error *err)
{
	const struct yt_node	*v = yt_get(labels, key);
	char			*end;
	long long		 x;

	if (v == NULL)
		return 0;
	if (v->type != YT_SCALAR || v->str[0] == '\0')
		return yt_error(f, v, err, "label %s must be a number", key);
	x = strtoll(v->str, &end, 10);
	if (*end != '\0' || x < min || x > max)
		return yt_error(f, v, err, "label %s must be a whole number "
		    "from %lld to %lld, got '%s'", key, (long long)min,
		    (long long)max, v->str);
	*out = x;
	return 0;
}

/* An allocatable count (0 when absent). */
static int
alloc_int(const struct yt_file *f, const struct yt_node *alloc,
    const char *key, int64_t *out, struct gs_error *err)
{
	const struct yt_node	*v = yt_get(alloc, key);
	struct gs_quantity	 q;
	char			 why[64];

	*out = 0;
	if (v == NULL)
		return 0;
	if (v->type != YT_SCALAR || gs_quantity_parse(v->str, &q, why,
	    sizeof why) != 0 || q.negative || !q.integral || !q.fits ||
	    q.value > 4096)
		return yt_error(f, v, err, "allocatable %s must be a whole "
		    "number from 0 to 4096", key);
	*out = q.value;
	return 0;
}

/* The catalogue model of a GFD product ("NVIDIA-A100-SXM4-80GB", where
 * NVML's spaces became dashes), without -MIG-... or -SHARED. */
static const struct gs_gpu_model *
product_model(const char *product)
{
	char		 a[128], b[128];
	char		*cut;
	unsigned	 i, k;

	snprintf(a, sizeof a, "%s", product);
	if ((cut = strstr(a, "-MIG-")) != NULL)
		*cut = '\0';
	if ((cut = strstr(a, "-SHARED")) != NULL && cut[7] == '\0')
		*cut = '\0';
	for (i = 0; i < gs_ngpu_models; i++) {
		snprintf(b, sizeof b, "%s", gs_gpu_models[i].nvml_name);
		for (k = 0; b[k] != '\0'; k++)
			if (b[k] == ' ')
				b[k] = '-';
		if (strcasecmp(a, b) == 0 || strcasecmp(a,
		    gs_gpu_models[i].key) == 0)
			return &gs_gpu_models[i];
	}
	return NULL;
}

static int
used_slices(const struct gs_gpu_geom *g)
{
	size_t	i;
	int	k = 0;

	for (i = 0; i < g->n; i++)
		k += g->p[i]->size;
	return k;
}

/* Put one instance of p on the GPU with the most free memory slices that
 * still holds it (the first such on ties): the node's geometry spread
 * evenly, as mig-parted's all-balanced config is; or (pack: one profile,
 * migStrategy single) on the first GPU that holds it, as all-<profile>. */
static int
fit_instance(struct gs_sharing *s, const struct gs_mig_profile *p, int pack)
{
	struct gs_gpu_geom	*g;
	struct gs_mig_slot	 tmp[8];
	char			 why[160];
	size_t			 i, best = SIZE_MAX;

	for (i = 0; i < s->ngpus; i++) {
		g = &s->gpu[i];
		if (g->n == 8 || (best != SIZE_MAX && (pack ||
		    used_slices(g) >= used_slices(&s->gpu[best]))))
			continue;
		g->p[g->n] = p;
		if (gs_mig_layout(s->mm, g->p, g->n + 1, tmp, why,
		    sizeof why) == 0)
			best = i;
	}
	if (best == SIZE_MAX)
		return -1;
	g = &s->gpu[best];
	g->p[g->n] = p;
	(void)gs_mig_layout(s->mm, g->p, g->n + 1, g->s, why, sizeof why);
	g->n++;
	g->mig = 1;
	return 0;
}

/* The MIG instances of allocatable nvidia.com/mig-<p> (mixed) or of the
 * single profile, on ngpus GPUs; whole GPUs after them. */
static int
lay_out(const struct yt_file *f, const struct yt_node *at,
    const struct yt_node *alloc, const struct gs_mig_profile *single,
    int64_t nsingle, struct gs_sharing *s, struct gs_error *err)
{
	const struct gs_mig_profile	*p;
	int64_t				 k;
	size_t				 i;
	int				 size;

	for (size = 8; size >= 1; size--) {
		if (single != NULL) {
			for (k = 0; single->size == size && k < nsingle; k++)
				if (fit_instance(s, single, 1) != 0)
					goto full;
			continue;
		}
		for (i = 0; i < yt_map_len(alloc); i++) {
			const char *key = yt_key(alloc, i)->str;

			if (strncmp(key, "nvidia.com/mig-", 15) != 0)
				continue;
			if ((p = gs_mig_profile_find(s->mm, key + 15)) == NULL)
				return yt_error(f, yt_key(alloc, i), err, "%s %s "
				    "has no MIG profile '%s'",
				    gs_article(s->mm->key), s->mm->key,
				    key + 15);
			if (p->size != size)
				continue;
			if (alloc_int(f, alloc, key, &k, err) != 0)
				return -1;
			while (k-- > 0)
				if (fit_instance(s, p, 0) != 0)
					goto full;
		}
	}
	return 0;
full:
	return yt_error(f, at, err, "the allocatable MIG instances do not fit "
	    "on the node's %zu MIG GPUs (%s)", s->ngpus, s->mm->key);
}

static int
read_sharing(const struct yt_file *f, const struct yt_node *labels,
    struct gs_sharing *s, struct gs_error *err)
{
	const struct yt_node	*v;
	int64_t			 r = 1;

	if (label_int(f, labels, "nvidia.com/gpu.replicas", 1, 1024, &r,
	    err) != 0)
		return -1;
	s->replicas = (int32_t)r;
	v = yt_get(labels, "nvidia.com/gpu.sharing-strategy");
	if (v == NULL || (v->type == YT_SCALAR && strcmp(v->str, "none") ==
	    0)) {
		if (r > 1)
			s->share = GS_DEV_TIMESLICE;
		return 0;
	}
	if (v->type == YT_SCALAR && strcmp(v->str, "time-slicing") == 0)
		s->share = GS_DEV_TIMESLICE;
	else if (v->type == YT_SCALAR && strcmp(v->str, "mps") == 0)
		s->share = GS_DEV_MPS;
	else
		return yt_error(f, v, err, "unknown sharing strategy '%s' in "
		    "nvidia.com/gpu.sharing-strategy (none, time-slicing or "
		    "mps)", v->type == YT_SCALAR ? v->str : yt_type_name(v));
	s->fail_gt1 = s->share == GS_DEV_MPS;
	return 0;
}

/*
 * Whether the node's GPUs are MIG-partitioned. GPU feature discovery
 * writes nvidia.com/mig.strategy on every GPU node whatever its GPUs
 * (the device plugin's flag is cluster-wide) and labels GPUs without MIG
 * as under none (NVIDIA/k8s-device-plugin internal/lm/mig-strategy.go,
 * NewResourceLabeler and newGPULabelers): under single the product gains
 * -MIG-<profile> only when MIG is enabled (newMigStrategySingleLabeler
 * returns no labels without a MIG-enabled GPU); under mixed the MIG
 * devices are the separate nvidia.com/mig-<profile> resources
 * (newMigStrategyMixedLabeler), so a node advertising none has whole
 * GPUs only.
 */
static int
mig_in_use(const struct gs_sharing *s, const char *product,
    const struct yt_node *alloc)
{
	size_t	i;

	if (s->mig_strategy == GS_MIG_SINGLE)
		return strstr(product, "-MIG-") != NULL;
	if (s->mig_strategy != GS_MIG_MIXED)
		return 0;
	for (i = 0; i < yt_map_len(alloc); i++)
		if (strncmp(yt_key(alloc, i)->str, "nvidia.com/mig-", 15) == 0)
			return 1;
	return 0;
}

int
gs_sharing_from_labels(const struct yt_file *f, const struct yt_node *obj,
    struct gs_node *n, struct gs_error *err)
{
	const struct yt_node	*labels = yt_get(yt_get(obj, "metadata"),
				    "labels");
	const struct yt_node	*alloc = yt_get(yt_get(obj, "status"),
				    "allocatable");
	const struct yt_node	*pv = yt_get(labels, "nvidia.com/gpu.product");
	const struct yt_node	*ms = yt_get(labels, "nvidia.com/mig.strategy");
	const struct gs_gpu_model *model;
	const struct gs_mig_profile *single = NULL;
	struct gs_sharing	 s;
	struct gs_node		 tmp;
	int64_t			 count = 0, mem = 0, whole, shared, i;
	const char		*cut;
	char			 type[160];
	int			 rc = -1;

	if (pv == NULL || pv->type != YT_SCALAR || (!yt_is_null(alloc) &&
	    alloc->type != YT_MAP))
		return 0;
	memset(&s, 0, sizeof s);
	s.share = GS_DEV_WHOLE;
	s.mig_strategy = GS_MIG_NONE;
	if (label_int(f, labels, "nvidia.com/gpu.count", 0, 256, &count,
	    err) != 0 || label_int(f, labels, "nvidia.com/gpu.memory", 0,
	    INT32_MAX, &mem, err) != 0 || read_sharing(f, labels, &s,
	    err) != 0 || alloc_int(f, alloc, "nvidia.com/gpu", &whole,
	    err) != 0 || alloc_int(f, alloc, "nvidia.com/gpu.shared",
	    &shared, err) != 0)
		return -1;
	if (ms != NULL && ms->type == YT_SCALAR && strcmp(ms->str, "none"))
		s.mig_strategy = strcmp(ms->str, "single") == 0 ?
		    GS_MIG_SINGLE : strcmp(ms->str, "mixed") == 0 ?
		    GS_MIG_MIXED : -1;
	if (s.mig_strategy < 0)
		return yt_error(f, ms, err, "unknown nvidia.com/mig.strategy "
		    "'%s' (none, single or mixed)", ms->str);
	model = product_model(pv->str);
	snprintf(type, sizeof type, "%s", pv->str);
	if ((cut = strstr(type, "-SHARED")) != NULL && cut[7] == '\0')
		type[cut - type] = '\0';
	s.rename = shared > 0;
	memset(&tmp, 0, sizeof tmp);
	tmp.name = n->name;
	if (s.mig_strategy == GS_MIG_SINGLE && (cut = strstr(pv->str,
	    "-MIG-INVALID")) != NULL && cut[12] == '\0') {
		/* GFD's labels for a node single cannot serve (MIG on some
		 * GPUs only, or two profiles: newInvalidMigStrategyLabeler,
		 * count 0): the device plugin advertises no GPU. */
		free(n->devices_note);
		n->devices_note = xstrdup("nvidia.com/gpu.product ends in "
		    "-MIG-INVALID: GPU feature discovery found a MIG "
		    "layout mig.strategy single cannot serve");
		return 0;
	}
	if (mig_in_use(&s, pv->str, alloc)) {
		if (model == NULL || (s.mm = gs_mig_model_find(model->key)) ==
		    NULL)
			return yt_error(f, pv, err, "nvidia.com/gpu.product "
			    "'%s' is no GPU model with MIG", pv->str);
		mem = model->memory;
		if (s.mig_strategy == GS_MIG_SINGLE) {
			cut = strstr(pv->str, "-MIG-");
			if (cut == NULL || (single = gs_mig_profile_find(s.mm,
			    cut + 5)) == NULL)
				return yt_error(f, pv, err, "mig.strategy single "
				    "needs a product '<model>-MIG-<profile>' of "
				    "the model's, got '%s'", pv->str);
			*strstr(type, "-MIG-") = '\0';
			whole = 0;
		}
		/* single: gpu.count is the MIG devices; a GPU holds at
		 * least one. */
		s.ngpus = (size_t)(single != NULL ? count : count -
		    (s.rename ? shared : whole) / s.replicas);
		if (count < 1 || (int64_t)s.ngpus < 0 || s.ngpus > 256)
			return yt_error(f, pv, err, "nvidia.com/gpu.count %lld "
			    "leaves no GPU for the MIG instances",
			    (long long)count);
		s.gpu = xcalloc(s.ngpus ? s.ngpus : 1, sizeof *s.gpu);
		if (lay_out(f, pv, alloc, single, count, &s, err) != 0)
			goto out;
		while (s.ngpus > 0 && !s.gpu[s.ngpus - 1].mig)
			s.ngpus--;
	} else if (model != NULL && mem == 0)
		mem = model->memory;
	/* The GPUs: the MIG ones, then the whole or replicated ones. */
	tmp.ndevs = s.ngpus + (size_t)((s.rename ? shared : whole) /
	    s.replicas);
	if (tmp.ndevs == 0 || mem < 1) {
		rc = 0;
		goto out;
	}
	if (s.ngpus < tmp.ndevs) {
		s.gpu = xreallocarray(s.gpu, tmp.ndevs, sizeof *s.gpu);
		memset(s.gpu + s.ngpus, 0, (tmp.ndevs - s.ngpus) *
		    sizeof *s.gpu);
	}
	s.ngpus = tmp.ndevs;
	tmp.devs = xcalloc(tmp.ndevs, sizeof *tmp.devs);
	for (i = 0; i < (int64_t)tmp.ndevs; i++) {
		tmp.devs[i].id = gs_gpu_uuid(n->name, (int)i);
		tmp.devs[i].index = (int32_t)i;
		tmp.devs[i].health = 1;
	}
	gs_sharing_apply(&s, &tmp, type, (int32_t)mem);
	gs_sharing_adopt(n, &tmp);
	rc = 0;
out:
	gs_sharing_release(&s);
	return rc;
}
