/*
 * cel_call.c: the functions a DRA selector may call, dispatched on the
 * run-time types of their receiver and arguments: size(), the string
 * functions of cel-go (startsWith, endsWith, contains, matches) and of
 * ext.Strings v2 (lowerAscii, upperAscii), and Kubernetes' quantity and
 * semver libraries (k8s.io/apiserver/pkg/cel/library/quantity.go,
 * semverlib.go).
 */
#include <stdlib.h>
#include <string.h>

#include "sched/dra/cel_int.h"

struct call {
	struct cel_ctx		*x;
	const struct cel_node	*n;
	struct cel_val		 recv;	/* receiver, or the first argument
					   of a global function */
	struct cel_val		 arg[2];
	size_t			 nargs;	/* arguments after recv */
};

static struct cel_val
str_val(const char *s)
{
	struct cel_val	v = cel_mk(V_STRING, 0);

	v.s = s;
	return v;
}

static struct cel_val
size_of(struct call *c)
{
	const struct gs_cel_device	*d = c->x->dev;
	const struct cel_val		*r = &c->recv;
	int64_t				 k = 0;
	size_t				 i, j;

	switch (r->t) {
	case V_STRING:
		return cel_mk(V_INT, (int64_t)cel_utf8_len(r->s));
	case V_LIST:
		return cel_mk(V_INT, (int64_t)r->list->nargs);
	case V_ATTRMAP:
	case V_CAPMAP:
	case V_ATTRS:
	case V_CAPS:
		break;
	default:
		return cel_overload(c->x, c->n, "size", r);
	}
	/* A map's size: its entries, or for the outer maps the domains. */
	{
		const struct gs_cel_attr *a = r->t == V_ATTRMAP ||
		    r->t == V_ATTRS ? d->attrs : d->capacity;
		size_t n = r->t == V_ATTRMAP || r->t == V_ATTRS ? d->nattrs :
		    d->ncapacity;

		for (i = 0; i < n; i++) {
			const char *sl = strchr(a[i].name, '/');
			size_t dl = sl != NULL ? (size_t)(sl - a[i].name) : 0;
			const char *dom = sl != NULL ? a[i].name : d->driver;

			if (dom == NULL)
				continue;
			if (sl == NULL)
				dl = strlen(dom);
			if (r->t == V_ATTRMAP || r->t == V_CAPMAP) {
				k += strlen(r->s) == dl &&
				    memcmp(r->s, dom, dl) == 0;
				continue;
			}
			for (j = 0; j < i; j++) {
				const char *s2 = strchr(a[j].name, '/');
				const char *d2 = s2 != NULL ? a[j].name :
				    d->driver;
				size_t l2 = s2 != NULL ?
				    (size_t)(s2 - a[j].name) :
				    d2 != NULL ? strlen(d2) : 0;

				if (d2 != NULL && l2 == dl &&
				    memcmp(d2, dom, dl) == 0)
					break;
			}
			k += j == i;
		}
	}
	return cel_mk(V_INT, k);
}

static struct cel_val
strfn(struct call *c, const char *fn)
{
	const char	*s = c->recv.s, *t;
	size_t		 ls, lt;
	char		*o;

	if (c->recv.t != V_STRING)
		return cel_overload(c->x, c->n, fn, &c->recv);
	if (c->nargs == 0) {		/* lowerAscii, upperAscii */
		int	up = fn[0] == 'u';

		o = cel_keep(c->x, xstrdup(s));
		for (ls = 0; o[ls] != '\0'; ls++)
			if (up && o[ls] >= 'a' && o[ls] <= 'z')
				o[ls] = (char)(o[ls] - 'a' + 'A');
			else if (!up && o[ls] >= 'A' && o[ls] <= 'Z')
				o[ls] = (char)(o[ls] - 'A' + 'a');
		return str_val(o);
	}
	if (c->arg[0].t != V_STRING)
		return cel_overload(c->x, c->n, fn, &c->arg[0]);
	t = c->arg[0].s;
	ls = strlen(s);
	lt = strlen(t);
	if (strcmp(fn, "startsWith") == 0)
		return cel_mk(V_BOOL, ls >= lt && memcmp(s, t, lt) == 0);
	if (strcmp(fn, "endsWith") == 0)
		return cel_mk(V_BOOL, ls >= lt && memcmp(s + ls - lt, t,
		    lt) == 0);
	return cel_mk(V_BOOL, strstr(s, t) != NULL);
}

/* matches(): RE2's unanchored search; a pattern that is not a literal
 * is translated when it is met. */
static struct cel_val
matches(struct call *c)
{
	const struct cel_val	*s = &c->recv, *p = &c->arg[0];
	regex_t			*re = c->n->re;
	char			 why[200];
	int			 rc;

	if (s->t != V_STRING)
		return cel_overload(c->x, c->n, "matches", s);
	if (p->t != V_STRING)
		return cel_overload(c->x, c->n, "matches", p);
	if (re == NULL && cel_regex_compile(p->s, &re, why, sizeof why) != 0)
		return cel_err(c->x, c->n, "%s", why);
	rc = regexec(re, s->s, 0, NULL, 0);
	if (re != c->n->re) {
		regfree(re);
		free(re);
	}
	return cel_mk(V_BOOL, rc == 0);
}

static struct cel_val
quantity(struct call *c, int test)
{
	struct cel_val	v = cel_mk(V_QUANTITY, 0);

	if (c->recv.t != V_STRING)
		return cel_overload(c->x, c->n, "quantity", &c->recv);
	v.s = c->recv.s;
	if (cel_qty_parse(c->recv.s, &v.q) != 0) {
		if (test)
			return cel_mk(V_BOOL, 0);
		return cel_err(c->x, c->n, "quantities must match the regular "
		    "expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
		    " (got '%s')", c->recv.s);
	}
	return test ? cel_mk(V_BOOL, 1) : v;
}

static struct cel_val
semver(struct call *c, int test)
{
	struct cel_val	v = cel_mk(V_SEMVER, 0);
	char		*norm = NULL;
	int		 normalize = 0;

	if (c->recv.t != V_STRING)
		return cel_overload(c->x, c->n, "semver", &c->recv);
	if (c->nargs == 1) {
		if (c->arg[0].t != V_BOOL)
			return cel_overload(c->x, c->n, "semver", &c->arg[0]);
		normalize = c->arg[0].i != 0;
	}
	v.s = c->recv.s;
	if (cel_semver_parse(c->recv.s, normalize, &norm, &v.v) != 0) {
		free(norm);
		if (test)
			return cel_mk(V_BOOL, 0);
		return cel_err(c->x, c->n, "could not parse semver '%s'",
		    c->recv.s);
	}
	if (norm != NULL)
		v.s = cel_keep(c->x, norm);
	return test ? cel_mk(V_BOOL, 1) : v;
}

/* compareTo, isGreaterThan, isLessThan of two quantities or versions. */
static struct cel_val
order(struct call *c, const char *fn)
{
	const struct cel_val	*a = &c->recv, *b = &c->arg[0];
	int			 k;

	if ((a->t != V_QUANTITY && a->t != V_SEMVER))
		return cel_overload(c->x, c->n, fn, a);
	if (b->t != a->t)
		return cel_overload(c->x, c->n, fn, b);
	k = a->t == V_QUANTITY ? cel_qty_cmp(&a->q, &b->q) :
	    cel_semver_cmp(&a->v, &b->v);
	if (fn[0] == 'c')
		return cel_mk(V_INT, k);
	return cel_mk(V_BOOL, fn[2] == 'G' ? k > 0 : k < 0);
}

static struct cel_val
qty_method(struct call *c, const char *fn)
{
	const struct cel_val	*q = &c->recv;
	struct cel_val		 v;
	int64_t			 i;

	if (q->t != V_QUANTITY)
		return cel_overload(c->x, c->n, fn, q);
	if (strcmp(fn, "add") == 0 || strcmp(fn, "sub") == 0) {
		struct cel_qty	b;

		if (c->arg[0].t == V_INT)
			cel_qty_of_int(c->arg[0].i, &b);
		else if (c->arg[0].t == V_QUANTITY)
			b = c->arg[0].q;
		else
			return cel_overload(c->x, c->n, fn, &c->arg[0]);
		v = cel_mk(V_QUANTITY, 0);
		if (cel_qty_add(&q->q, &b, fn[0] == 's', &v.q) != 0)
			return cel_err(c->x, c->n, "quantity %s overflows the "
			    "simulator's 128-bit range", fn);
		return v;
	}
	if (strcmp(fn, "sign") == 0)
		return cel_mk(V_INT, q->q.hi == 0 && q->q.lo == 0 ? 0 :
		    q->q.neg ? -1 : 1);
	if (strcmp(fn, "asApproximateFloat") == 0) {
		v = cel_mk(V_DOUBLE, 0);
		v.d = cel_qty_float(&q->q);
		return v;
	}
	if (strcmp(fn, "isInteger") == 0)
		return cel_mk(V_BOOL, cel_qty_int(&q->q, &i) == 0);
	if (cel_qty_int(&q->q, &i) != 0)	/* asInteger */
		return cel_err(c->x, c->n, "cannot convert value to integer");
	return cel_mk(V_INT, i);
}

static struct cel_val
sv_part(struct call *c, const char *fn)
{
	const struct cel_val	*v = &c->recv;

	if (v->t != V_SEMVER)
		return cel_overload(c->x, c->n, fn, v);
	return cel_mk(V_INT, (int64_t)(strcmp(fn, "major") == 0 ?
	    v->v.major : strcmp(fn, "minor") == 0 ? v->v.minor : v->v.patch));
}

struct cel_val
cel_call(struct cel_ctx *x, const struct cel_node *n)
{
	struct call	 c;
	const char	*fn = n->name;
	size_t		 i, first = 0;

	memset(&c, 0, sizeof c);
	c.x = x;
	c.n = n;
	if (n->a != NULL)
		c.recv = cel_eval_node(x, n->a);
	else
		c.recv = cel_eval_node(x, n->args[first++]);
	if (c.recv.t == V_ERR)
		return c.recv;
	for (i = first; i < n->nargs && c.nargs < 2; i++) {
		c.arg[c.nargs] = cel_eval_node(x, n->args[i]);
		if (c.arg[c.nargs].t == V_ERR)
			return c.arg[c.nargs];
		c.nargs++;
	}
	if (strcmp(fn, "size") == 0)
		return size_of(&c);
	if (strcmp(fn, "matches") == 0)
		return matches(&c);
	if (strcmp(fn, "startsWith") == 0 || strcmp(fn, "endsWith") == 0 ||
	    strcmp(fn, "contains") == 0 || strcmp(fn, "lowerAscii") == 0 ||
	    strcmp(fn, "upperAscii") == 0)
		return strfn(&c, fn);
	if (strcmp(fn, "quantity") == 0 || strcmp(fn, "isQuantity") == 0)
		return quantity(&c, fn[0] == 'i');
	if (strcmp(fn, "semver") == 0 || strcmp(fn, "isSemver") == 0)
		return semver(&c, fn[0] == 'i');
	if (strcmp(fn, "compareTo") == 0 || strcmp(fn, "isGreaterThan") == 0 ||
	    strcmp(fn, "isLessThan") == 0)
		return order(&c, fn);
	if (strcmp(fn, "major") == 0 || strcmp(fn, "minor") == 0 ||
	    strcmp(fn, "patch") == 0)
		return sv_part(&c, fn);
	return qty_method(&c, fn);
}
