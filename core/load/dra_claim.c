/*
 * load/dra_claim.c: ResourceClaims and ResourceClaimTemplates (requests
 * with exactly/firstAvailable, allocationMode, count, selectors,
 * capacity.requests; constraints matchAttribute; status.allocation), a
 * pod's spec.resourceClaims, and the dispatch of DRA kinds (load/dra.h).
 * Field names: k8s.io/api/resource/v1 types.go (v1.34).
 */
#include <stdlib.h>
#include <string.h>

#include "load/dra.h"

#define MAP(f, n, what, err)	yt_expect(f, n, YT_MAP, what, err)

static const char *const dra_kinds[] = { "DeviceClass", "ResourceSlice",
    "ResourceClaim", "ResourceClaimTemplate", NULL };

int
gs_dra_kind(const char *kind)
{
	size_t	i;

	for (i = 0; dra_kinds[i] != NULL; i++)
		if (strcmp(kind, dra_kinds[i]) == 0)
			return 1;
	return 0;
}

static char *
opt_dup(const char *s)
{
	return s != NULL ? xstrdup(s) : NULL;
}

/* One `exactly` or firstAvailable entry. */
static int
load_sub(const struct yt_file *f, const struct yt_node *n, int named,
    struct gs_dra_sub *s, struct gs_error *err)
{
	const struct yt_node	*cap, *rq;
	const char		*v = NULL;
	size_t			 i;

	if (MAP(f, n, "request", err) != 0)
		return -1;
	s->count = 1;
	s->file = xstrdup(f->path);
	s->line = n->line;
	s->col = n->col;
	if (named) {
		if (yt_string(f, yt_get(n, "name"), "subrequest name", &v,
		    err) != 0)
			return -1;
		s->name = xstrdup(v);
	}
	if (yt_string(f, yt_get(n, "deviceClassName"), "deviceClassName", &v,
	    err) != 0)
		return -1;
	s->class = xstrdup(v);
	if (yt_opt_string(f, n, "allocationMode", &v, err) != 0)
		return -1;
	if (v != NULL && strcmp(v, "All") != 0 && strcmp(v, "ExactCount"))
		return yt_error(f, yt_get(n, "allocationMode"), err,
		    "allocationMode is ExactCount or All, got '%s'", v);
	s->all = v != NULL && strcmp(v, "All") == 0;
	if (yt_get(n, "count") != NULL && yt_int64(f, yt_get(n, "count"),
	    "count", 1, 128, &s->count, err) != 0)
		return -1;
	if (gs_dra_load_sels(f, yt_get(n, "selectors"), &s->sels, &s->nsels,
	    err) != 0)
		return -1;
	cap = yt_get(n, "capacity");
	if (cap == NULL || yt_is_null(cap))
		return 0;
	rq = yt_get(cap, "requests");
	if (MAP(f, cap, "capacity", err) != 0 ||
	    MAP(f, rq, "capacity.requests", err) != 0)
		return -1;
	s->capreq = xcalloc(yt_map_len(rq) + 1, sizeof *s->capreq);
	for (i = 0; i < yt_map_len(rq); i++, s->ncapreq++) {
		s->capreq[i].name = xstrdup(yt_key(rq, i)->str);
		if (gs_dra_quantity(f, yt_val(rq, i), "capacity request",
		    &s->capreq[i].v, err) != 0)
			return -1;
	}
	return 0;
}

static int
load_request(const struct yt_file *f, const struct yt_node *n,
    struct gs_dra_req *r, struct gs_error *err)
{
	const struct yt_node	*ex, *fa;
	const char		*name;
	size_t			 i;

	if (MAP(f, n, "requests[]", err) != 0 ||
	    yt_string(f, yt_get(n, "name"), "request name", &name, err) != 0)
		return -1;
	r->name = xstrdup(name);
	ex = yt_get(n, "exactly");
	fa = yt_get(n, "firstAvailable");
	if ((ex == NULL) == (fa == NULL))
		return yt_error(f, n, err, "request '%s' needs exactly one of "
		    "exactly, firstAvailable", name);
	if (ex != NULL) {
		r->subs = xcalloc(1, sizeof *r->subs);
		r->nsubs = 1;
		return load_sub(f, ex, 0, &r->subs[0], err);
	}
	if (yt_expect(f, fa, YT_SEQ, "firstAvailable", err) != 0)
		return -1;
	if (fa->nitems == 0 || fa->nitems > 8)
		return yt_error(f, fa, err, "firstAvailable holds 1 to 8 "
		    "subrequests");
	r->first_available = 1;
	r->subs = xcalloc(fa->nitems, sizeof *r->subs);
	for (i = 0; i < fa->nitems; i++, r->nsubs++)
		if (load_sub(f, fa->items[i], 1, &r->subs[i], err) != 0) {
			r->nsubs++;
			return -1;
		}
	return 0;
}

static int
load_constraints(const struct yt_file *f, const struct yt_node *cs,
    struct gs_dra_claim *c, struct gs_error *err)
{
	size_t	i, j;

	if (cs == NULL || yt_is_null(cs))
		return 0;
	if (yt_expect(f, cs, YT_SEQ, "constraints", err) != 0)
		return -1;
	c->cons = xcalloc(cs->nitems ? cs->nitems : 1, sizeof *c->cons);
	for (i = 0; i < cs->nitems; i++, c->ncons++) {
		const struct yt_node	*x = cs->items[i], *rq;
		const char		*m;

		if (MAP(f, x, "constraints[]", err) != 0)
			return -1;
		if (yt_get(x, "distinctAttribute") != NULL)
			return yt_error(f, yt_get(x, "distinctAttribute"), err,
			    "distinctAttribute is not supported");
		if (yt_string(f, yt_get(x, "matchAttribute"),
		    "matchAttribute", &m, err) != 0)
			return -1;
		c->cons[i].match = xstrdup(m);
		rq = yt_get(x, "requests");
		if (rq == NULL || yt_is_null(rq))
			continue;
		if (yt_expect(f, rq, YT_SEQ, "constraint requests", err) != 0)
			return -1;
		c->cons[i].reqs = xcalloc(rq->nitems + 1, sizeof(char *));
		for (j = 0; j < rq->nitems; j++) {
			if (yt_string(f, rq->items[j], "request", &m, err))
				return -1;
			c->cons[i].reqs[c->cons[i].nreqs++] = xstrdup(m);
		}
	}
	return 0;
}

/* status.allocation.devices.results: what is already taken. */
static int
load_allocation(const struct yt_file *f, const struct yt_node *st,
    struct gs_dra_claim *c, struct gs_error *err)
{
	static const char *const keys[] = { "request", "driver", "pool",
	    "device" };
	const struct yt_node	*al, *dv, *rs, *cc;
	size_t			 i, j, k;

	if (st == NULL || yt_is_null(st) ||
	    (al = yt_get(st, "allocation")) == NULL || yt_is_null(al))
		return 0;
	if (MAP(f, al, "status.allocation", err) != 0)
		return -1;
	c->allocated = 1;
	dv = yt_get(al, "devices");
	if (dv == NULL || yt_is_null(dv))
		return 0;
	if (MAP(f, dv, "allocation.devices", err) != 0)
		return -1;
	rs = yt_get(dv, "results");
	if (rs == NULL || yt_is_null(rs))
		return 0;
	if (yt_expect(f, rs, YT_SEQ, "results", err) != 0)
		return -1;
	c->alloc = xcalloc(rs->nitems ? rs->nitems : 1, sizeof *c->alloc);
	for (i = 0; i < rs->nitems; i++, c->nalloc++) {
		struct gs_dra_result	*r = &c->alloc[i];
		char			**dst[4] = { &r->request, &r->driver,
					    &r->pool, &r->device };
		const char		*v;

		if (MAP(f, rs->items[i], "results[]", err) != 0)
			return -1;
		for (k = 0; k < 4; k++) {
			if (yt_string(f, yt_get(rs->items[i], keys[k]),
			    keys[k], &v, err) != 0)
				return -1;
			*dst[k] = xstrdup(v);
		}
		cc = yt_get(rs->items[i], "consumedCapacity");
		if (cc == NULL || yt_is_null(cc))
			continue;
		if (MAP(f, cc, "consumedCapacity", err) != 0)
			return -1;
		r->consumed = xcalloc(yt_map_len(cc) + 1, sizeof *r->consumed);
		for (j = 0; j < yt_map_len(cc); j++, r->nconsumed++) {
			r->consumed[j].name = xstrdup(yt_key(cc, j)->str);
			if (gs_dra_quantity(f, yt_val(cc, j),
			    "consumedCapacity", &r->consumed[j].v, err) != 0)
				return -1;
		}
	}
	return 0;
}

static int
load_claim(struct gs_dra_block *b, const struct yt_file *f,
    const struct yt_node *obj, int tmpl, const char *name, const char *ns,
    struct gs_error *err)
{
	const struct yt_node	*spec = yt_get(obj, "spec"), *devs, *rq;
	struct gs_dra_claim	*c;
	size_t			 i;

	if (MAP(f, spec, "spec", err) != 0)
		return -1;
	if (tmpl && MAP(f, (spec = yt_get(spec, "spec")), "spec.spec",
	    err) != 0)
		return -1;
	grow_array(&b->claims, &b->capcl, b->nclaims + 1, sizeof *b->claims);
	c = &b->claims[b->nclaims++];
	memset(c, 0, sizeof *c);
	c->name = xstrdup(name);
	c->ns = xstrdup(ns);
	c->is_template = tmpl;
	c->file = xstrdup(f->path);
	c->line = obj->line;
	c->col = obj->col;
	devs = yt_get(spec, "devices");
	if (devs == NULL || yt_is_null(devs))
		return 0;
	if (MAP(f, devs, "spec.devices", err) != 0)
		return -1;
	rq = yt_get(devs, "requests");
	if (rq != NULL && !yt_is_null(rq)) {
		if (yt_expect(f, rq, YT_SEQ, "requests", err) != 0)
			return -1;
		c->reqs = xcalloc(rq->nitems ? rq->nitems : 1, sizeof *c->reqs);
		for (i = 0; i < rq->nitems; i++, c->nreqs++)
			if (load_request(f, rq->items[i], &c->reqs[i], err)) {
				c->nreqs++;
				return -1;
			}
	}
	if (load_constraints(f, yt_get(devs, "constraints"), c, err) != 0)
		return -1;
	return tmpl ? 0 : load_allocation(f, yt_get(obj, "status"), c, err);
}

int
gs_dra_load_object(struct gs_dra **d, const struct yt_file *f,
    const struct yt_node *obj, const char *kind, struct gs_error *err)
{
	const struct yt_node	*meta = yt_get(obj, "metadata");
	struct gs_dra_block	*b;
	const char		*name, *ns = NULL;
	size_t			 nc, ns_, ncl;
	int			 rc;

	if (MAP(f, meta, "metadata", err) != 0 ||
	    yt_string(f, yt_get(meta, "name"), "metadata.name", &name,
	    err) != 0 ||
	    yt_opt_string(f, meta, "namespace", &ns, err) != 0)
		return -1;
	b = gs_dra_own_block(d);
	nc = b->nclasses;
	ns_ = b->nslices;
	ncl = b->nclaims;
	if (strcmp(kind, "ResourceClaim") == 0 ||
	    strcmp(kind, "ResourceClaimTemplate") == 0) {
		if (gs_dra_claim_find(*d, ns ? ns : "default", name,
		    kind[13] != '\0') != NULL)
			return yt_error(f, obj, err, "%s %s/%s defined twice",
			    kind, ns ? ns : "default", name);
		rc = load_claim(b, f, obj, kind[13] != '\0', name,
		    ns ? ns : "default", err);
	} else {
		if (strcmp(kind, "DeviceClass") == 0 &&
		    gs_dra_class_find(*d, name) != NULL)
			return yt_error(f, obj, err, "DeviceClass %s defined "
			    "twice", name);
		rc = gs_dra_load_cluster_kind(b, f, obj, kind, name, err);
	}
	if (rc != 0)	/* no half-read object stays */
		gs_dra_block_truncate(b, nc, ns_, ncl, b->npods);
	gs_dra_refresh(*d);
	return rc;
}

static int
load_podclaim(const struct yt_file *f, const struct yt_node *x,
    struct gs_dra_podclaim *c, struct gs_error *err)
{
	const char	*n, *cl = NULL, *t = NULL;

	if (MAP(f, x, "resourceClaims[]", err) != 0 ||
	    yt_string(f, yt_get(x, "name"), "name", &n, err) != 0 ||
	    yt_opt_string(f, x, "resourceClaimName", &cl, err) != 0 ||
	    yt_opt_string(f, x, "resourceClaimTemplateName", &t, err) != 0)
		return -1;
	c->name = xstrdup(n);
	c->claim = opt_dup(cl);
	c->tmpl = opt_dup(t);
	c->line = x->line;
	c->col = x->col;
	if ((cl == NULL) == (t == NULL))
		return yt_error(f, x, err, "resourceClaims '%s' needs exactly "
		    "one of resourceClaimName, resourceClaimTemplateName", n);
	return 0;
}

int
gs_dra_load_pod(struct gs_dra **d, const struct yt_file *f,
    const struct yt_node *spec, const char *ns, const char *pod,
    struct gs_error *err)
{
	const struct yt_node	*rc = yt_get(spec, "resourceClaims");
	struct gs_dra_block	*b;
	struct gs_dra_podref	*p;
	size_t			 i;

	if (rc == NULL || yt_is_null(rc))
		return 0;
	if (yt_expect(f, rc, YT_SEQ, "resourceClaims", err) != 0)
		return -1;
	b = gs_dra_own_block(d);
	grow_array(&b->pods, &b->capp, b->npods + 1, sizeof *b->pods);
	p = &b->pods[b->npods++];
	memset(p, 0, sizeof *p);
	p->ns = xstrdup(ns);
	p->pod = xstrdup(pod);
	p->file = xstrdup(f->path);
	p->v = xcalloc(rc->nitems ? rc->nitems : 1, sizeof *p->v);
	for (i = 0; i < rc->nitems; i++, p->n++)
		if (load_podclaim(f, rc->items[i], &p->v[i], err) != 0) {
			p->n++;
			gs_dra_block_truncate(b, b->nclasses, b->nslices,
			    b->nclaims, b->npods - 1);
			return -1;
		}
	return 0;
}

/* Every class a claim names, and every claim a pod names, is known. */
int
gs_dra_check(const struct gs_dra *all, const struct gs_dra *d,
    struct gs_error *err)
{
	size_t	i, j, k, r;

	for (i = 0; d != NULL && i < d->nblocks; i++) {
		const struct gs_dra_block *b = d->blocks[i];

		for (j = 0; j < b->nclaims; j++)
			for (r = 0; r < b->claims[j].nreqs; r++)
				for (k = 0; k < b->claims[j].reqs[r].nsubs;
				    k++) {
					const struct gs_dra_sub *s =
					    &b->claims[j].reqs[r].subs[k];

					if (gs_dra_class_find(all, s->class) ==
					    NULL && gs_dra_class_find(d,
					    s->class) == NULL)
						return gs_error_set(err,
						    s->file, s->line, s->col,
						    "unknown DeviceClass '%s'",
						    s->class);
				}
		for (j = 0; j < b->npods; j++)
			for (k = 0; k < b->pods[j].n; k++) {
				const struct gs_dra_podclaim *c =
				    &b->pods[j].v[k];
				const char *nm = c->claim ? c->claim : c->tmpl;

				if (gs_dra_claim_find(d, b->pods[j].ns, nm,
				    c->tmpl != NULL) == NULL &&
				    gs_dra_claim_find(all, b->pods[j].ns, nm,
				    c->tmpl != NULL) == NULL)
					return gs_error_set(err,
					    b->pods[j].file, c->line, c->col,
					    "pod %s/%s: unknown %s '%s'",
					    b->pods[j].ns, b->pods[j].pod,
					    c->tmpl ? "ResourceClaimTemplate" :
					    "ResourceClaim", nm);
			}
	}
	return 0;
}
