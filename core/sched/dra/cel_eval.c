/*
 * cel_eval.c: evaluate a compiled DRA selector against one device, as
 * k8s.io/dynamic-resource-allocation/cel/compile.go
 * CompilationResult.DeviceMatches does with cel-go: attribute values are
 * typed at run time, a missing key is an error unless has() guards it,
 * an unknown domain is an empty map (newStringInterfaceMapWithDefault),
 * && and || absorb errors commutatively (langdef.md "Logical
 * Operators"), and values of different types are unequal (heterogeneous
 * equality) except int and double, which compare as numbers.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/dra/cel_int.h"


char *
cel_keep(struct cel_ctx *x, char *s)
{
	if (x->nbufs == x->capbufs) {
		x->capbufs = x->capbufs ? x->capbufs * 2 : 8;
		x->bufs = xreallocarray(x->bufs, x->capbufs, sizeof *x->bufs);
	}
	x->bufs[x->nbufs++] = s;
	return s;
}

struct cel_val
cel_err(struct cel_ctx *x, const struct cel_node *n, const char *fmt, ...)
{
	struct cel_val	v;
	char		msg[400];
	va_list		ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	memset(&v, 0, sizeof v);
	v.t = V_ERR;
	v.s = cel_keep(x, xstrdup(msg));
	v.i = (int64_t)n->pos;
	return v;
}

struct cel_val
cel_mk(int t, int64_t i)
{
	struct cel_val	v;

	memset(&v, 0, sizeof v);
	v.t = t;
	v.i = i;
	return v;
}

const char *
cel_vt_name(int t)
{
	static const char *const names[] = { "error", "bool", "int",
	    "double", "string", "Quantity", "Semver", "list",
	    "kubernetes.DRADevice", "map", "map", "map", "map" };

	return names[t];
}

struct cel_val
cel_overload(struct cel_ctx *x, const struct cel_node *n, const char *fn,
    const struct cel_val *a)
{
	return cel_err(x, n, "no such overload: %s(%s)", fn, cel_vt_name(a->t));
}

/* The domain and id of a device's attribute or capacity name
 * (compile.go parseQualifiedName). */
static int
name_is(const char *name, const char *driver, const char *dom,
    const char *id)
{
	const char	*sl = strchr(name, '/');

	if (sl == NULL)
		return driver != NULL && strcmp(driver, dom) == 0 &&
		    strcmp(name, id) == 0;
	return strlen(dom) == (size_t)(sl - name) &&
	    memcmp(name, dom, (size_t)(sl - name)) == 0 &&
	    strcmp(sl + 1, id) == 0;
}

static int
in_domain(const char *name, const char *driver, const char *dom)
{
	const char	*sl = strchr(name, '/');

	if (sl == NULL)
		return driver != NULL && strcmp(driver, dom) == 0;
	return strlen(dom) == (size_t)(sl - name) &&
	    memcmp(name, dom, (size_t)(sl - name)) == 0;
}

/* An attribute's value (compile.go getAttributeValue). */
static struct cel_val
attr_val(struct cel_ctx *x, const struct cel_node *n,
    const struct gs_cel_attr *a)
{
	struct cel_val	v = cel_mk(V_INT, a->val.i);
	char		*norm;

	switch (a->val.type) {
	case GS_CEL_INT:
		return v;
	case GS_CEL_BOOL:
		v.t = V_BOOL;
		v.i = a->val.i != 0;
		return v;
	case GS_CEL_STRING:
		v.t = V_STRING;
		v.s = a->val.s != NULL ? a->val.s : "";
		return v;
	case GS_CEL_VERSION:
		v.t = V_SEMVER;
		v.s = a->val.s;
		if (a->val.s == NULL ||
		    cel_semver_parse(a->val.s, 0, &norm, &v.v) != 0)
			return cel_err(x, n, "attribute %s: parse semantic "
			    "version '%s'", a->name, a->val.s ? a->val.s : "");
		return v;
	default:
		return cel_err(x, n, "attribute %s: unsupported attribute value",
		    a->name);
	}
}

static struct cel_val
cap_val(struct cel_ctx *x, const struct cel_node *n,
    const struct gs_cel_attr *a)
{
	struct cel_val	v = cel_mk(V_QUANTITY, 0);

	v.s = a->val.s;
	if (a->val.type == GS_CEL_INT) {
		cel_qty_of_int(a->val.i, &v.q);
		return v;
	}
	if (a->val.type != GS_CEL_QUANTITY || a->val.s == NULL ||
	    cel_qty_parse(a->val.s, &v.q) != 0)
		return cel_err(x, n, "capacity %s: not a quantity", a->name);
	return v;
}

/* m[key] for the device's maps; presence only when val is NULL. */
static int
map_find(struct cel_ctx *x, const struct cel_node *n, const struct cel_val *m,
    const char *key, struct cel_val *val)
{
	const struct gs_cel_device	*d = x->dev;
	size_t				 i;

	switch (m->t) {
	case V_ATTRS:
	case V_CAPS:
		if (val != NULL) {
			*val = cel_mk(m->t == V_ATTRS ? V_ATTRMAP : V_CAPMAP, 0);
			val->s = key;
			return 1;
		}
		if (m->t == V_ATTRS) {
			for (i = 0; i < d->nattrs; i++)
				if (in_domain(d->attrs[i].name, d->driver, key))
					return 1;
		} else
			for (i = 0; i < d->ncapacity; i++)
				if (in_domain(d->capacity[i].name, d->driver,
				    key))
					return 1;
		return 0;
	case V_ATTRMAP:
		for (i = 0; i < d->nattrs; i++)
			if (name_is(d->attrs[i].name, d->driver, m->s, key)) {
				if (val != NULL)
					*val = attr_val(x, n, &d->attrs[i]);
				return 1;
			}
		return 0;
	default:
		for (i = 0; i < d->ncapacity; i++)
			if (name_is(d->capacity[i].name, d->driver, m->s, key)) {
				if (val != NULL)
					*val = cap_val(x, n, &d->capacity[i]);
				return 1;
			}
		return 0;
	}
}

static int
is_mapv(int t)
{
	return t == V_ATTRS || t == V_ATTRMAP || t == V_CAPS || t == V_CAPMAP;
}

static struct cel_val
lookup(struct cel_ctx *x, const struct cel_node *n, struct cel_val m,
    struct cel_val k)
{
	const struct gs_cel_device	*d = x->dev;
	struct cel_val			 v;

	if (m.t == V_ERR)
		return m;
	if (k.t == V_ERR)
		return k;
	if (m.t == V_DEVICE) {
		if (strcmp(k.s, "driver") == 0) {
			v = cel_mk(V_STRING, 0);
			v.s = d->driver != NULL ? d->driver : "";
			return v;
		}
		if (strcmp(k.s, "allowMultipleAllocations") == 0)
			return cel_mk(V_BOOL, d->allow_multiple != 0);
		return cel_mk(strcmp(k.s, "attributes") == 0 ? V_ATTRS : V_CAPS, 0);
	}
	if (m.t == V_LIST) {
		if (k.t != V_INT)
			return cel_overload(x, n, "_[_]", &k);
		if (k.i < 0 || (size_t)k.i >= m.list->nargs)
			return cel_err(x, n, "index out of range: %lld",
			    (long long)k.i);
		return cel_eval_node(x, m.list->args[k.i]);
	}
	if (!is_mapv(m.t))
		return cel_overload(x, n, "_[_]", &m);
	if (k.t != V_STRING)
		return cel_err(x, n, "no such key: %s value", cel_vt_name(k.t));
	if (!map_find(x, n, &m, k.s, &v))
		return cel_err(x, n, "no such key: %s", k.s);
	return v;
}

static struct cel_val
has(struct cel_ctx *x, const struct cel_node *n)
{
	struct cel_val	m = cel_eval_node(x, n->a->a);

	if (m.t == V_ERR)
		return m;
	if (m.t == V_DEVICE)
		return cel_mk(V_BOOL, 1);
	/* The outer maps find every domain (newStringInterfaceMapWithDefault
	 * answers Find with the empty map). */
	if (m.t == V_ATTRS || m.t == V_CAPS)
		return cel_mk(V_BOOL, 1);
	if (!is_mapv(m.t))
		return cel_err(x, n, "invalid type for field selection: %s",
		    cel_vt_name(m.t));
	return cel_mk(V_BOOL, map_find(x, n, &m, n->a->name, NULL));
}

/* Heterogeneous equality (cel-go types: Equal): 1, 0, or -1 when an
 * element of a list fails to evaluate (*e set). */
static int
equal(struct cel_ctx *x, const struct cel_val *a, const struct cel_val *b,
    struct cel_val *e)
{
	size_t	i;

	if ((a->t == V_INT || a->t == V_DOUBLE) && (b->t == V_INT ||
	    b->t == V_DOUBLE)) {
		long double	l = a->t == V_INT ? a->i : a->d;
		long double	r = b->t == V_INT ? b->i : b->d;

		return l == r;
	}
	if (a->t != b->t)
		return 0;
	switch (a->t) {
	case V_BOOL:
		return a->i == b->i;
	case V_STRING:
		return strcmp(a->s, b->s) == 0;
	case V_QUANTITY:
		return cel_qty_cmp(&a->q, &b->q) == 0;
	case V_SEMVER:
		return cel_semver_cmp(&a->v, &b->v) == 0;
	case V_LIST:
		if (a->list->nargs != b->list->nargs)
			return 0;
		for (i = 0; i < a->list->nargs; i++) {
			struct cel_val	l = cel_eval_node(x, a->list->args[i]);
			struct cel_val	r = cel_eval_node(x, b->list->args[i]);
			int		q;

			if (l.t == V_ERR || r.t == V_ERR) {
				*e = l.t == V_ERR ? l : r;
				return -1;
			}
			if ((q = equal(x, &l, &r, e)) != 1)
				return q;
		}
		return 1;
	default:
		return a == b;
	}
}

static struct cel_val
compare(struct cel_ctx *x, const struct cel_node *n)
{
	struct cel_val	a = cel_eval_node(x, n->a), b = cel_eval_node(x, n->b), e;
	int		c;

	if (a.t == V_ERR)
		return a;
	if (b.t == V_ERR)
		return b;
	if (n->op == OP_EQ || n->op == OP_NE) {
		if ((c = equal(x, &a, &b, &e)) < 0)
			return e;
		return cel_mk(V_BOOL, n->op == OP_EQ ? c : !c);
	}
	if ((a.t == V_INT || a.t == V_DOUBLE) && (b.t == V_INT ||
	    b.t == V_DOUBLE)) {
		long double	l = a.t == V_INT ? a.i : a.d;
		long double	r = b.t == V_INT ? b.i : b.d;

		if (l != l || r != r)		/* NaN orders as false */
			return cel_mk(V_BOOL, 0);
		c = l < r ? -1 : l > r;
	} else if (a.t == V_STRING && b.t == V_STRING)
		c = strcmp(a.s, b.s) < 0 ? -1 : strcmp(a.s, b.s) > 0;
	else if (a.t == V_BOOL && b.t == V_BOOL)
		c = (int)(a.i - b.i);
	else
		return cel_err(x, n, "no such overload: %s < %s", cel_vt_name(a.t),
		    cel_vt_name(b.t));
	switch (n->op) {
	case OP_LT:
		return cel_mk(V_BOOL, c < 0);
	case OP_LE:
		return cel_mk(V_BOOL, c <= 0);
	case OP_GT:
		return cel_mk(V_BOOL, c > 0);
	default:
		return cel_mk(V_BOOL, c >= 0);
	}
}

static struct cel_val
member(struct cel_ctx *x, const struct cel_node *n)
{
	struct cel_val	a = cel_eval_node(x, n->a), b = cel_eval_node(x, n->b), e, v;
	size_t		i;
	int		c;

	if (a.t == V_ERR)
		return a;
	if (b.t == V_ERR)
		return b;
	if (is_mapv(b.t)) {
		if (a.t != V_STRING)
			return cel_overload(x, n, "@in", &a);
		return cel_mk(V_BOOL, map_find(x, n, &b, a.s, NULL));
	}
	if (b.t != V_LIST)
		return cel_overload(x, n, "@in", &b);
	for (i = 0; i < b.list->nargs; i++) {
		v = cel_eval_node(x, b.list->args[i]);
		if (v.t == V_ERR)
			return v;
		if ((c = equal(x, &a, &v, &e)) < 0)
			return e;
		if (c)
			return cel_mk(V_BOOL, 1);
	}
	return cel_mk(V_BOOL, 0);
}

/* && and || (langdef.md: commutative, an error or a non-bool is
 * absorbed when the other side decides). */
static struct cel_val
logic(struct cel_ctx *x, const struct cel_node *n)
{
	struct cel_val	a = cel_eval_node(x, n->a), b = cel_eval_node(x, n->b);
	int		decide = n->kind == N_OR;

	if ((a.t == V_BOOL && a.i == decide) || (b.t == V_BOOL &&
	    b.i == decide))
		return cel_mk(V_BOOL, decide);
	if (a.t == V_ERR)
		return a;
	if (b.t == V_ERR)
		return b;
	if (a.t != V_BOOL)
		return cel_overload(x, n, decide ? "_||_" : "_&&_", &a);
	if (b.t != V_BOOL)
		return cel_overload(x, n, decide ? "_||_" : "_&&_", &b);
	return cel_mk(V_BOOL, !decide);
}

struct cel_val
cel_eval_node(struct cel_ctx *x, const struct cel_node *n)
{
	struct cel_val	v, k;

	switch (n->kind) {
	case N_LIT:
		return n->lit;
	case N_DEVICE:
		return cel_mk(V_DEVICE, 0);
	case N_SELECT:
		k = cel_mk(V_STRING, 0);
		k.s = n->name;
		return lookup(x, n, cel_eval_node(x, n->a), k);
	case N_INDEX:
		v = cel_eval_node(x, n->a);
		return lookup(x, n, v, cel_eval_node(x, n->b));
	case N_NOT:
		v = cel_eval_node(x, n->a);
		if (v.t == V_ERR)
			return v;
		if (v.t != V_BOOL)
			return cel_overload(x, n, "!_", &v);
		return cel_mk(V_BOOL, !v.i);
	case N_AND:
	case N_OR:
		return logic(x, n);
	case N_COND:
		v = cel_eval_node(x, n->a);
		if (v.t == V_ERR)
			return v;
		if (v.t != V_BOOL)
			return cel_overload(x, n, "_?_:_", &v);
		return cel_eval_node(x, v.i ? n->b : n->c);
	case N_CMP:
		return compare(x, n);
	case N_IN:
		return member(x, n);
	case N_LIST:
		v = cel_mk(V_LIST, 0);
		v.list = n;
		return v;
	case N_HAS:
		return has(x, n);
	default:
		return cel_call(x, n);
	}
}

/* DeviceMatches converts every attribute before evaluating: a bad
 * version anywhere fails every expression on that device. */
static struct cel_val
check_device(struct cel_ctx *x, const struct cel_node *n)
{
	const struct gs_cel_device	*d = x->dev;
	struct cel_val			 v = cel_mk(V_BOOL, 1);
	size_t				 i;

	for (i = 0; i < d->nattrs && v.t != V_ERR; i++)
		v = attr_val(x, n, &d->attrs[i]);
	for (i = 0; i < d->ncapacity && v.t != V_ERR; i++)
		v = cap_val(x, n, &d->capacity[i]);
	return v;
}

int
gs_cel_eval(const struct gs_cel *c, const struct gs_cel_device *dev,
    struct gs_error *e)
{
	struct cel_ctx	x;
	struct cel_val	v;
	int		rc;
	size_t		i;

	memset(&x, 0, sizeof x);
	x.cel = c;
	x.dev = dev;
	v = check_device(&x, c->root);
	if (v.t != V_ERR)
		v = cel_eval_node(&x, c->root);
	if (v.t == V_BOOL)
		rc = v.i != 0;
	else {
		if (v.t == V_ERR)
			gs_error_set(e, c->file, c->line, c->col == 0 ? 0 :
			    c->col + (c->oneline ? (int)v.i : 0), "CEL: %s",
			    v.s);
		else
			gs_error_set(e, c->file, c->line, c->col, "CEL result "
			    "of type %s could not be converted to bool",
			    cel_vt_name(v.t));
		rc = -1;
	}
	for (i = 0; i < x.nbufs; i++)
		free(x.bufs[i]);
	free(x.bufs);
	return rc;
}
