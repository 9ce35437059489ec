/*
 * load/dra.c: DRA objects (resource.k8s.io/v1) read from a cluster or a
 * workload file, alone or inside a List: DeviceClass, ResourceSlice,
 * ResourceClaim, ResourceClaimTemplate; and a pod's spec.resourceClaims.
 * Field names follow k8s.io/api/resource/v1 types.go (v1.34).  Every
 * malformed field is a located error; selectors are compiled here so a
 * bad expression stops the load at its place.
 */
#include <stdlib.h>
#include <string.h>

#include "load/dra.h"
#include "load/quantity.h"

#define MAP(f, n, what, err)	yt_expect(f, n, YT_MAP, what, err)

/* A quantity field: its value (ceil), located errors. */
int
gs_dra_quantity(const struct yt_file *f, const struct yt_node *n, const char *what,
    int64_t *v, struct gs_error *err)
{
	struct gs_quantity	q;
	char			why[128];
	const char		*s;

	if (yt_string(f, n, what, &s, err) != 0)
		return -1;
	if (gs_quantity_parse(s, &q, why, sizeof why) != 0 || q.negative)
		return yt_error(f, n, err, "%s must be a non-negative "
		    "quantity, got '%s'%s%s", what, s, *why ? ": " : "", why);
	*v = q.ceil;
	return 0;
}

/* Qualify an attribute or capacity name with the driver's domain. */
static char *
qualify(const char *driver, const char *name)
{
	if (strchr(name, '/') != NULL || driver == NULL)
		return xstrdup(name);
	return xasprintf("%s/%s", driver, name);
}

int
gs_dra_load_sels(const struct yt_file *f, const struct yt_node *n,
    struct gs_dra_sel **out, size_t *nout, struct gs_error *err)
{
	const struct yt_node	*cel, *ex;
	size_t			 i;

	*out = NULL;
	*nout = 0;
	if (n == NULL || yt_is_null(n))
		return 0;
	if (yt_expect(f, n, YT_SEQ, "selectors", err) != 0)
		return -1;
	*out = xcalloc(n->nitems ? n->nitems : 1, sizeof **out);
	for (i = 0; i < n->nitems; i++) {
		struct gs_dra_sel	*s = &(*out)[i];
		const char		*e;

		if (MAP(f, n->items[i], "selectors[]", err) != 0)
			return -1;
		cel = yt_get(n->items[i], "cel");
		if (MAP(f, cel, "selectors[].cel", err) != 0)
			return -1;
		ex = yt_get(cel, "expression");
		if (yt_string(f, ex, "cel.expression", &e, err) != 0)
			return -1;
		s->expr = xstrdup(e);
		s->h = gs_hash_str(GS_HASH_START, e);
		s->file = xstrdup(f->path);
		s->line = ex->line;
		s->col = ex->col + (ex->plain ? 0 : 1);
		(*nout)++;
		if (gs_cel_compile(s->expr, f->path, s->line, s->col, &s->cel,
		    err) != 0)
			return -1;
	}
	return 0;
}

/* A string field of m that may be absent: its value or dflt. */
static int
str_or(const struct yt_file *f, const struct yt_node *m, const char *key,
    const char *dflt, const char **out, struct gs_error *err)
{
	*out = NULL;
	if (yt_opt_string(f, m, key, out, err) != 0)
		return -1;
	if (*out == NULL)
		*out = dflt;
	return 0;
}

/*
 * The NVIDIA DRA driver's GpuConfig (k8s-dra-driver-gpu api/nvidia.com/
 * resource/v1beta1 sharing.go, GpuConfig.Normalize and Validate):
 * sharing.strategy TimeSlicing (the default) or MPS; TimeSlicing's
 * timeSlicingConfig.interval Default, Short, Medium or Long (Default
 * when absent).  The driver applies it when it prepares the claim's
 * devices (cmd/gpu-kubelet-plugin/sharing.go TimeSlicingManager.
 * SetTimeSlice: compute mode DEFAULT and the interval, on full GPUs
 * only; MPS starts a control daemon): placement is unchanged.
 */
static char *
gpu_config(const struct yt_file *f, const char *driver,
    const struct yt_node *params, struct gs_error *err)
{
	static const char *const ivals[] = { "Default", "Short", "Medium",
	    "Long", NULL };
	const struct yt_node	*sh = yt_get(params, "sharing");
	const char		*strat, *ival = "Default";
	size_t			 i;

	if (sh != NULL && MAP(f, sh, "sharing", err) != 0)
		return NULL;
	if (str_or(f, sh, "strategy", "TimeSlicing", &strat, err) != 0)
		return NULL;
	if (strcmp(strat, "MPS") == 0)
		return xasprintf("%s: GpuConfig sharing MPS", driver);
	if (strcmp(strat, "TimeSlicing") != 0) {
		(void)yt_error(f, yt_get(sh, "strategy"), err, "sharing."
		    "strategy must be TimeSlicing or MPS (the NVIDIA DRA "
		    "driver's GpuConfig), got '%s'", strat);
		return NULL;
	}
	if (yt_get(sh, "timeSlicingConfig") != NULL &&
	    (MAP(f, yt_get(sh, "timeSlicingConfig"), "timeSlicingConfig",
	    err) != 0 || str_or(f, yt_get(sh, "timeSlicingConfig"),
	    "interval", "Default", &ival, err) != 0))
		return NULL;
	for (i = 0; ivals[i] != NULL && strcmp(ivals[i], ival) != 0; i++)
		;
	if (ivals[i] == NULL) {
		(void)yt_error(f, yt_get(yt_get(sh, "timeSlicingConfig"),
		    "interval"), err, "timeSlicingConfig.interval must be "
		    "Default, Short, Medium or Long, got '%s'", ival);
		return NULL;
	}
	return xasprintf("%s: GpuConfig sharing TimeSlicing, interval %s",
	    driver, ival);
}

/* spec.config: [{opaque: {driver, parameters}}] (v1
 * DeviceClassConfiguration), one line each into c->config. */
static int
load_class_config(const struct yt_file *f, const struct yt_node *seq,
    struct gs_dra_class *c, struct gs_error *err)
{
	const struct yt_node	*it, *op, *params;
	const char		*driver, *kind;
	char			*line;
	size_t			 i;

	if (seq == NULL || yt_is_null(seq))
		return 0;
	if (yt_expect(f, seq, YT_SEQ, "spec.config", err) != 0)
		return -1;
	c->config = xcalloc(seq->nitems + 1, sizeof *c->config);
	for (i = 0; i < seq->nitems; i++) {
		it = seq->items[i];
		if (MAP(f, it, "config[]", err) != 0)
			return -1;
		if ((op = yt_get(it, "opaque")) == NULL)
			return yt_error(f, it, err, "config[] needs 'opaque' "
			    "(its only kind in resource.k8s.io/v1)");
		if (MAP(f, op, "opaque", err) != 0)
			return -1;
		if ((params = yt_get(op, "parameters")) == NULL)
			return yt_error(f, op, err, "opaque needs "
			    "'parameters'");
		if (yt_get(op, "driver") == NULL)
			return yt_error(f, op, err, "opaque needs 'driver'");
		if (yt_string(f, yt_get(op, "driver"), "driver", &driver,
		    err) != 0 || MAP(f, params, "parameters", err) != 0 ||
		    str_or(f, params, "kind", NULL, &kind, err) != 0)
			return -1;
		if (kind != NULL && strcmp(kind, "GpuConfig") == 0) {
			if ((line = gpu_config(f, driver, params, err)) == NULL)
				return -1;
		} else
			line = xasprintf("%s: %s", driver, kind != NULL ?
			    kind : "opaque parameters");
		c->config[c->nconfig++] = line;
	}
	return 0;
}

static int
load_class(struct gs_dra_block *b, const struct yt_file *f,
    const struct yt_node *obj, const char *name, struct gs_error *err)
{
	const struct yt_node	*spec = yt_get(obj, "spec");
	struct gs_dra_class	*c;
	const char		*ext = NULL;

	if (spec != NULL && !yt_is_null(spec) &&
	    MAP(f, spec, "spec", err) != 0)
		return -1;
	grow_array(&b->classes, &b->capc, b->nclasses + 1, sizeof *b->classes);
	c = &b->classes[b->nclasses++];
	memset(c, 0, sizeof *c);
	c->name = xstrdup(name);
	c->file = xstrdup(f->path);
	c->line = obj->line;
	c->col = obj->col;
	if (spec == NULL || yt_is_null(spec))
		return 0;
	if (yt_opt_string(f, spec, "extendedResourceName", &ext, err) != 0)
		return -1;
	c->ext_res = ext != NULL ? xstrdup(ext) : NULL;
	if (load_class_config(f, yt_get(spec, "config"), c, err) != 0)
		return -1;
	return gs_dra_load_sels(f, yt_get(spec, "selectors"), &c->sels, &c->nsels,
	    err);
}

/* counters: {name: {value: q}} into v (set named). */
static int
load_counters(const struct yt_file *f, const struct yt_node *m,
    const char *set, struct gs_dra_counter **v, size_t *n, size_t *cap,
    struct gs_error *err)
{
	size_t	i;

	if (MAP(f, m, "counters", err) != 0)
		return -1;
	for (i = 0; i < yt_map_len(m); i++) {
		struct gs_dra_counter	*c;
		const struct yt_node	*val = yt_val(m, i);

		if (MAP(f, val, "counter", err) != 0)
			return -1;
		grow_array(v, cap, *n + 1, sizeof **v);
		c = &(*v)[(*n)++];
		c->set = xstrdup(set);
		c->name = xstrdup(yt_key(m, i)->str);
		c->v = 0;
		if (gs_dra_quantity(f, yt_get(val, "value"), "counter value", &c->v,
		    err) != 0)
			return -1;
	}
	return 0;
}

/* One attribute value: exactly one of bool, int, string, version. */
static int
load_attr(const struct yt_file *f, const struct yt_node *m,
    struct gs_cel_value *v, struct gs_error *err)
{
	static const char *const keys[] = { "bool", "int", "string",
	    "version" };
	const struct yt_node	*x = NULL;
	const char		*s;
	int			 k, which = -1, b;

	if (MAP(f, m, "attribute", err) != 0)
		return -1;
	for (k = 0; k < 4; k++)
		if (yt_get(m, keys[k]) != NULL) {
			if (which >= 0)
				return yt_error(f, m, err, "an attribute "
				    "holds exactly one of bool, int, string, "
				    "version");
			which = k;
			x = yt_get(m, keys[k]);
		}
	if (which < 0)
		return yt_error(f, m, err, "an attribute holds exactly one "
		    "of bool, int, string, version");
	switch (which) {
	case 0:
		v->type = GS_CEL_BOOL;
		if (yt_bool(f, x, "bool", &b, err) != 0)
			return -1;
		v->i = b;
		return 0;
	case 1:
		v->type = GS_CEL_INT;
		return yt_int64(f, x, "int", INT64_MIN, INT64_MAX, &v->i, err);
	default:
		v->type = which == 2 ? GS_CEL_STRING : GS_CEL_VERSION;
		if (yt_string(f, x, keys[which], &s, err) != 0)
			return -1;
		v->s = xstrdup(s);
		return 0;
	}
}

static int
load_capacity(const struct yt_file *f, const struct yt_node *m,
    const char *driver, struct gs_dra_device *d, struct gs_error *err)
{
	const struct yt_node	*val, *pol, *vr;
	size_t			 i, n = yt_map_len(m);

	if (MAP(f, m, "capacity", err) != 0)
		return -1;
	d->caps = xcalloc(n ? n : 1, sizeof *d->caps);
	d->capv = xcalloc(n ? n : 1, sizeof *d->capv);
	for (i = 0; i < n; i++) {
		struct gs_dra_cap	*c = &d->caps[i];
		const char		*txt;

		val = yt_val(m, i);
		if (MAP(f, val, "capacity", err) != 0)
			return -1;
		c->name = qualify(driver, yt_key(m, i)->str);
		d->capv[i].name = xstrdup(c->name);
		d->capv[i].val.type = GS_CEL_QUANTITY;
		d->ncaps++;
		if (gs_dra_quantity(f, yt_get(val, "value"), "capacity value", &c->v,
		    err) != 0 ||
		    yt_string(f, yt_get(val, "value"), "value", &txt, err) != 0)
			return -1;
		d->capv[i].val.s = xstrdup(txt);
		pol = yt_get(val, "requestPolicy");
		if (pol == NULL || yt_is_null(pol))
			continue;
		if (MAP(f, pol, "requestPolicy", err) != 0)
			return -1;
		c->has_policy = 1;
		if ((yt_get(pol, "default") != NULL && gs_dra_quantity(f,
		    yt_get(pol, "default"), "default", &c->def, err) != 0))
			return -1;
		vr = yt_get(pol, "validRange");
		if (vr != NULL && (MAP(f, vr, "validRange", err) != 0 ||
		    gs_dra_quantity(f, yt_get(vr, "min"), "min", &c->min, err) != 0 ||
		    (yt_get(vr, "step") != NULL && gs_dra_quantity(f, yt_get(vr,
		    "step"), "step", &c->step, err) != 0) ||
		    (yt_get(vr, "max") != NULL && gs_dra_quantity(f, yt_get(vr,
		    "max"), "max", &c->max, err) != 0)))
			return -1;
	}
	return 0;
}

static int
load_device(const struct yt_file *f, const struct yt_node *n,
    const char *driver, struct gs_dra_device *d, struct gs_error *err)
{
	const struct yt_node	*m, *cc, *am;
	const char		*name;
	size_t			 i, cap = 0, na;

	if (MAP(f, n, "devices[]", err) != 0 ||
	    yt_string(f, yt_get(n, "name"), "device name", &name, err) != 0)
		return -1;
	d->name = xstrdup(name);
	m = yt_get(n, "attributes");
	if (m != NULL && !yt_is_null(m)) {
		if (MAP(f, m, "attributes", err) != 0)
			return -1;
		na = yt_map_len(m);
		d->attrs = xcalloc(na ? na : 1, sizeof *d->attrs);
		for (i = 0; i < na; i++) {
			d->attrs[i].name = qualify(driver, yt_key(m, i)->str);
			d->nattrs++;
			if (load_attr(f, yt_val(m, i), &d->attrs[i].val,
			    err) != 0)
				return -1;
		}
	}
	m = yt_get(n, "capacity");
	if (m != NULL && !yt_is_null(m) &&
	    load_capacity(f, m, driver, d, err) != 0)
		return -1;
	am = yt_get(n, "allowMultipleAllocations");
	if (am != NULL && yt_bool(f, am, "allowMultipleAllocations",
	    &d->allow_multiple, err) != 0)
		return -1;
	cc = yt_get(n, "consumesCounters");
	if (cc == NULL || yt_is_null(cc))
		return 0;
	if (yt_expect(f, cc, YT_SEQ, "consumesCounters", err) != 0)
		return -1;
	for (i = 0; i < cc->nitems; i++) {
		const char *set;

		if (MAP(f, cc->items[i], "consumesCounters[]", err) != 0 ||
		    yt_string(f, yt_get(cc->items[i], "counterSet"),
		    "counterSet", &set, err) != 0 ||
		    load_counters(f, yt_get(cc->items[i], "counters"), set,
		    &d->consumes, &d->nconsumes, &cap, err) != 0)
			return -1;
	}
	return 0;
}

/* spec.nodeSelector: nodeSelectorTerms of matchExpressions/matchFields. */
static int
load_nodesel(const struct yt_file *f, const struct yt_node *ns,
    struct gs_dra_slice *s, struct gs_error *err)
{
	const struct yt_node	*terms = yt_get(ns, "nodeSelectorTerms");
	size_t			 i, j, k, e;

	if (MAP(f, ns, "nodeSelector", err) != 0 ||
	    yt_expect(f, terms, YT_SEQ, "nodeSelectorTerms", err) != 0)
		return -1;
	s->nsel = xcalloc(terms->nitems ? terms->nitems : 1, sizeof *s->nsel);
	for (i = 0; i < terms->nitems; i++, s->nnsel++) {
		const struct yt_node *t = terms->items[i];

		if (MAP(f, t, "nodeSelectorTerms[]", err) != 0)
			return -1;
		for (e = 0; e < 2; e++) {
			const struct yt_node *x = yt_get(t, e ? "matchFields" :
			    "matchExpressions");

			if (x == NULL || yt_is_null(x))
				continue;
			if (yt_expect(f, x, YT_SEQ, "matchExpressions", err))
				return -1;
			for (j = 0; j < x->nitems; j++) {
				struct gs_selreq	*r;
				const struct yt_node	*vals;
				const char		*key, *op;

				if (MAP(f, x->items[j], "requirement", err) ||
				    yt_string(f, yt_get(x->items[j], "key"),
				    "key", &key, err) ||
				    yt_string(f, yt_get(x->items[j],
				    "operator"), "operator", &op, err))
					return -1;
				if (strcmp(op, "In") && strcmp(op, "NotIn") &&
				    strcmp(op, "Exists") &&
				    strcmp(op, "DoesNotExist"))
					return yt_error(f, yt_get(x->items[j],
					    "operator"), err, "node selector "
					    "operator '%s' is not supported "
					    "(In, NotIn, Exists, DoesNotExist)",
					    op);
				s->nsel[i].reqs = xreallocarray(
				    s->nsel[i].reqs, s->nsel[i].nreqs + 1,
				    sizeof *r);
				r = &s->nsel[i].reqs[s->nsel[i].nreqs++];
				memset(r, 0, sizeof *r);
				r->key = xstrdup(key);
				r->op = xstrdup(op);
				r->field = (int)e;
				vals = yt_get(x->items[j], "values");
				if (vals == NULL || yt_is_null(vals))
					continue;
				if (yt_expect(f, vals, YT_SEQ, "values", err))
					return -1;
				r->values = xcalloc(vals->nitems + 1,
				    sizeof *r->values);
				for (k = 0; k < vals->nitems; k++) {
					const char *v;

					if (yt_string(f, vals->items[k],
					    "value", &v, err) != 0)
						return -1;
					r->values[r->nvalues++] = xstrdup(v);
				}
			}
		}
	}
	return 0;
}

static int
load_slice_where(const struct yt_file *f, const struct yt_node *spec,
    struct gs_dra_slice *s, struct gs_error *err)
{
	const struct yt_node	*nn = yt_get(spec, "nodeName");
	const struct yt_node	*an = yt_get(spec, "allNodes");
	const struct yt_node	*ns = yt_get(spec, "nodeSelector");
	const char		*v;
	int			 given = 0;

	if (nn != NULL && !yt_is_null(nn)) {
		if (yt_string(f, nn, "nodeName", &v, err) != 0)
			return -1;
		s->node = xstrdup(v);
		given++;
	}
	if (an != NULL && !yt_is_null(an)) {
		if (yt_bool(f, an, "allNodes", &s->all_nodes, err) != 0)
			return -1;
		given += s->all_nodes;
	}
	if (ns != NULL && !yt_is_null(ns)) {
		if (load_nodesel(f, ns, s, err) != 0)
			return -1;
		given++;
	}
	if (yt_get(spec, "perDeviceNodeSelection") != NULL)
		return yt_error(f, yt_get(spec, "perDeviceNodeSelection"), err,
		    "perDeviceNodeSelection is not supported");
	/* A slice of shared counters alone (the v1.35 form) names no
	 * node: the pool's nodes see it (pools_incubating.go GatherPools). */
	if (given == 0 && yt_get(spec, "devices") == NULL &&
	    yt_get(spec, "sharedCounters") != NULL)
		return 0;
	if (given != 1)
		return yt_error(f, spec, err, "a ResourceSlice spec needs "
		    "exactly one of nodeName, nodeSelector, allNodes");
	return 0;
}

static int
load_slice(struct gs_dra_block *b, const struct yt_file *f,
    const struct yt_node *obj, const char *name, struct gs_error *err)
{
	const struct yt_node	*spec = yt_get(obj, "spec"), *pool, *devs, *sc;
	struct gs_dra_slice	*s;
	const char		*drv, *pn;
	size_t			 i, cap = 0;

	if (MAP(f, spec, "spec", err) != 0 ||
	    yt_string(f, yt_get(spec, "driver"), "spec.driver", &drv, err))
		return -1;
	pool = yt_get(spec, "pool");
	if (MAP(f, pool, "spec.pool", err) != 0 ||
	    yt_string(f, yt_get(pool, "name"), "pool.name", &pn, err) != 0)
		return -1;
	grow_array(&b->slices, &b->caps, b->nslices + 1, sizeof *b->slices);
	s = &b->slices[b->nslices++];
	memset(s, 0, sizeof *s);
	s->name = xstrdup(name);
	s->driver = xstrdup(drv);
	s->pool = xstrdup(pn);
	s->file = xstrdup(f->path);
	s->line = obj->line;
	s->col = obj->col;
	s->slice_count = 1;
	if ((yt_get(pool, "generation") != NULL && yt_int64(f, yt_get(pool,
	    "generation"), "generation", 0, INT64_MAX, &s->generation, err)) ||
	    (yt_get(pool, "resourceSliceCount") != NULL && yt_int64(f,
	    yt_get(pool, "resourceSliceCount"), "resourceSliceCount", 1,
	    INT64_MAX, &s->slice_count, err)) ||
	    load_slice_where(f, spec, s, err) != 0)
		return -1;
	devs = yt_get(spec, "devices");
	if (devs != NULL && !yt_is_null(devs)) {
		if (yt_expect(f, devs, YT_SEQ, "devices", err) != 0)
			return -1;
		s->devs = xcalloc(devs->nitems ? devs->nitems : 1,
		    sizeof *s->devs);
		for (i = 0; i < devs->nitems; i++, s->ndevs++)
			if (load_device(f, devs->items[i], drv,
			    &s->devs[i], err) != 0) {
				s->ndevs++;
				return -1;
			}
	}
	sc = yt_get(spec, "sharedCounters");
	if (sc == NULL || yt_is_null(sc))
		return 0;
	if (yt_expect(f, sc, YT_SEQ, "sharedCounters", err) != 0)
		return -1;
	for (i = 0; i < sc->nitems; i++) {
		const char *set;

		if (MAP(f, sc->items[i], "sharedCounters[]", err) != 0 ||
		    yt_string(f, yt_get(sc->items[i], "name"), "counter set "
		    "name", &set, err) != 0 ||
		    load_counters(f, yt_get(sc->items[i], "counters"), set,
		    &s->shared, &s->nshared, &cap, err) != 0)
			return -1;
	}
	return 0;
}

int
gs_dra_load_cluster_kind(struct gs_dra_block *b, const struct yt_file *f,
    const struct yt_node *obj, const char *kind, const char *name,
    struct gs_error *err)
{
	if (strcmp(kind, "DeviceClass") == 0)
		return load_class(b, f, obj, name, err);
	return load_slice(b, f, obj, name, err);
}
