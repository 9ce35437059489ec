/*
 * model/quota.c: the namespace quota table (model/quota.h) and its reader for
 * ResourceQuota objects, as HAMi's QuotaManager (pkg/device/quota.go,
 * v2.7.0-v2.10.0) keeps it: AddQuota reads spec.hard keys "limits.<name>"
 * whose name a registered device uses for memory or cores
 * (IsManagedQuota), with Quantity.AsInt64; AddUsage and RmUsage add and
 * take back a pod's devices' Usedmem and Usedcores (countPodDevices).
 */
#include <stdlib.h>
#include <string.h>

#include "load/quantity.h"
#include "model/quota.h"
#include "sched/hami/vendor.h"

struct gs_quota *
gs_quota_find(const struct gs_quotas *q, const char *ns, const char *res)
{
	size_t	i;

	for (i = 0; i < q->n; i++)
		if (strcmp(q->v[i].res, res) == 0 &&
		    strcmp(q->v[i].ns, ns) == 0)
			return &q->v[i];
	return NULL;
}

struct gs_quota *
gs_quota_get(struct gs_quotas *q, const char *ns, const char *res)
{
	struct gs_quota	*e = gs_quota_find(q, ns, res);

	if (e != NULL)
		return e;
	grow_array(&q->v, &q->cap, q->n + 1, sizeof *q->v);
	e = &q->v[q->n++];
	memset(e, 0, sizeof *e);
	e->ns = xstrdup(ns);
	e->res = xstrdup(res);
	return e;
}

static char *
dup_opt(const char *s)
{
	return s != NULL ? xstrdup(s) : NULL;
}

void
gs_quotas_copy(struct gs_quotas *dst, const struct gs_quotas *src)
{
	size_t	i;

	memset(dst, 0, sizeof *dst);
	if (src->n == 0)
		return;
	dst->v = xcalloc(src->n, sizeof *dst->v);
	dst->n = dst->cap = src->n;
	for (i = 0; i < src->n; i++) {
		dst->v[i] = src->v[i];
		dst->v[i].ns = xstrdup(src->v[i].ns);
		dst->v[i].res = xstrdup(src->v[i].res);
		dst->v[i].src_file = dup_opt(src->v[i].src_file);
		dst->v[i].src_name = dup_opt(src->v[i].src_name);
	}
}

void
gs_quotas_release(struct gs_quotas *q)
{
	size_t	i;

	for (i = 0; i < q->n; i++) {
		free(q->v[i].ns);
		free(q->v[i].res);
		free(q->v[i].src_file);
		free(q->v[i].src_name);
	}
	free(q->v);
	memset(q, 0, sizeof *q);
}

void
gs_quotas_reset_usage(struct gs_quotas *q)
{
	size_t	i;

	for (i = 0; i < q->n; i++)
		q->v[i].used = q->v[i].v210_used = 0;
}

void
gs_quotas_add_limits(struct gs_quotas *dst, const struct gs_quotas *src)
{
	struct gs_quota	*e;
	size_t		 i;

	for (i = 0; i < src->n; i++) {
		if (!src->v[i].limit_set)
			continue;
		e = gs_quota_get(dst, src->v[i].ns, src->v[i].res);
		e->limit = src->v[i].limit;
		e->limit_set = 1;
		free(e->src_file);
		free(e->src_name);
		e->src_file = dup_opt(src->v[i].src_file);
		e->src_name = dup_opt(src->v[i].src_name);
		e->src_line = src->v[i].src_line;
		e->src_col = src->v[i].src_col;
	}
}

int
gs_quotas_limit_ns(const struct gs_quotas *q, const char *ns)
{
	size_t	i;

	for (i = 0; i < q->n; i++)
		if (q->v[i].limit_set && strcmp(q->v[i].ns, ns) == 0)
			return 1;
	return 0;
}

const char *
gs_quota_mem_name(const struct gs_hami_settings *s, int v)
{
	return gs_vendors[v].res_mem == GS_RES_N ? NULL :
	    gs_res_name(s, gs_vendors[v].res_mem);
}

const char *
gs_quota_core_name(const struct gs_hami_settings *s, int v)
{
	return gs_vendors[v].res_core == GS_RES_N ? NULL :
	    gs_res_name(s, gs_vendors[v].res_core);
}

static void
charge_one(struct gs_quotas *q, const char *ns, const char *res,
    int64_t amount, int sign, int create)
{
	struct gs_quota	*e;

	if (res == NULL || amount == 0)
		return;
	e = create ? gs_quota_get(q, ns, res) : gs_quota_find(q, ns, res);
	if (e != NULL)
		e->used += sign * amount;
}

void
gs_quota_charge(struct gs_quotas *q, const struct gs_hami_settings *s,
    const char *ns, int v, int64_t mem, int64_t cores, int sign, int create)
{
	charge_one(q, ns, gs_quota_mem_name(s, v), mem, sign, create);
	charge_one(q, ns, gs_quota_core_name(s, v), cores, sign, create);
}

/* IsManagedQuota: some device's memory or core resource. */
static int
managed(const struct gs_hami_settings *s, const char *name)
{
	const char	*m, *c;
	int		 v;

	for (v = 0; v < GV_N; v++) {
		m = gs_quota_mem_name(s, v);
		c = gs_quota_core_name(s, v);
		if ((m != NULL && strcmp(m, name) == 0) ||
		    (c != NULL && strcmp(c, name) == 0))
			return 1;
	}
	return 0;
}

/* One spec.hard entry. */
static int
load_hard(struct gs_quotas *q, const struct yt_file *f,
    const struct yt_node *k, const struct yt_node *v, const char *ns,
    const char *name, const struct gs_hami_settings *s,
    struct gs_warnings *w, struct gs_error *err)
{
	struct gs_quantity	 qt;
	struct gs_quota		*e;
	char			 why[64];
	const char		*res;

	if (v->type != YT_SCALAR || yt_is_null(v))
		return yt_error(f, v, err, "spec.hard '%s' must be a "
		    "quantity, got %s", k->str, yt_type_name(v));
	if (gs_quantity_parse(v->str, &qt, why, sizeof why) != 0)
		return yt_error(f, v, err, "spec.hard '%s' must be a quantity, "
		    "got '%s' (%s)", k->str, v->str, why);
	if (qt.negative)
		return yt_error(f, v, err, "spec.hard '%s' must not be "
		    "negative, got '%s'", k->str, v->str);
	if (strncmp(k->str, "limits.", 7) != 0) {
		if (strncmp(k->str, "requests.", 9) == 0 &&
		    managed(s, k->str + 9))
			gs_warn(w, f->path, k->line, k->col, "ResourceQuota "
			    "%s/%s: HAMi reads 'limits.%s', not '%s'", ns,
			    name, k->str + 9, k->str);
		return 0;
	}
	res = k->str + 7;
	if (!managed(s, res))
		return 0;
	/* AddQuota: `value, ok := val.AsInt64(); if ok {...}`. */
	if (!qt.fits) {
		gs_warn(w, f->path, v->line, v->col, "ResourceQuota %s/%s: "
		    "'%s' is '%s', not a whole number within int64: HAMi "
		    "ignores it", ns, name, k->str, v->str);
		return 0;
	}
	e = gs_quota_get(q, ns, res);
	if (e->limit_set)
		gs_warn(w, f->path, k->line, k->col, "ResourceQuota %s/%s "
		    "sets '%s' again (first at %s:%d:%d): HAMi keeps the one "
		    "it reads last, gpusched the later one", ns, name, k->str,
		    e->src_file, e->src_line, e->src_col);
	e->limit = qt.value;
	e->limit_set = 1;
	free(e->src_file);
	free(e->src_name);
	e->src_file = xstrdup(f->path);
	e->src_name = xstrdup(name);
	e->src_line = k->line;
	e->src_col = k->col;
	return 0;
}

int
gs_load_quota(struct gs_quotas *q, const struct yt_file *f,
    const struct yt_node *obj, const char *ns, const char *name,
    const struct gs_hami_settings *s, struct gs_warnings *w,
    struct gs_error *err)
{
	const struct yt_node	*spec, *hard;
	size_t			 i;

	spec = yt_get(obj, "spec");
	if (spec == NULL || yt_is_null(spec))
		return 0;
	if (yt_expect(f, spec, YT_MAP, "spec", err) != 0)
		return -1;
	hard = yt_get(spec, "hard");
	if (hard == NULL || yt_is_null(hard))
		return 0;
	if (yt_expect(f, hard, YT_MAP, "spec.hard", err) != 0)
		return -1;
	for (i = 0; i < yt_map_len(hard); i++)
		if (load_hard(q, f, yt_key(hard, i), yt_val(hard, i), ns, name,
		    s, w, err) != 0)
			return -1;
	return 0;
}
