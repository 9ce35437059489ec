/*
 * cel_parse.c: recursive-descent parser and type checker for the CEL
 * subset of DRA selectors (grammar: github.com/google/cel-spec
 * doc/langdef.md "Syntax"; environment:
 * k8s.io/dynamic-resource-allocation/cel/compile.go newCompiler over
 * k8s.io/apiserver/pkg/cel/environment/base.go).  Types are checked as
 * cel-go's checker does: attribute values are dyn, capacities are
 * quantities, no implicit int/double mixing except ordering
 * (CrossTypeNumericComparisons), list literals homogeneous.  A construct
 * outside the subset is an error located at its token.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/dra/cel_int.h"
#include "sched/dra/cel_lex.h"

struct parser {
	struct cel_lex	 lx;
	struct gs_cel	*cel;
	struct gs_error	*err;
	int		 failed;
	int		 depth;
};

#define MAX_DEPTH	64
#define MAX_HEIGHT	100	/* of the tree (chains of && too) */

static struct cel_node	*p_expr(struct parser *);

static const char *const ty_names[] = {
	"dyn", "bool", "int", "double", "string", "Quantity", "Semver",
	"list", "kubernetes.DRADevice", "map(string, map(string, dyn))",
	"map(string, dyn)", "map(string, map(string, Quantity))",
	"map(string, Quantity)"
};

const char *
cel_ty_name(int ty)
{
	return ty_names[ty];
}

static void *
fail_at(struct parser *ps, size_t pos, const char *fmt, ...)
{
	char		msg[400];
	va_list		ap;
	struct gs_cel	*c = ps->cel;

	if (ps->failed)
		return NULL;
	ps->failed = 1;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	gs_error_set(ps->err, c->file, c->line, c->col == 0 ? 0 :
	    c->col + (c->oneline ? (int)pos : 0), "CEL: %s", msg);
	return NULL;
}

static int
next(struct parser *ps)
{
	if (cel_lex_next(&ps->lx) != 0) {
		fail_at(ps, ps->lx.errpos, "%s", ps->lx.errmsg);
		return -1;
	}
	return 0;
}

static int
expect(struct parser *ps, const char *punct)
{
	if (!cel_tok_is(&ps->lx, punct)) {
		fail_at(ps, ps->lx.tok.pos, "expected '%s'", punct);
		return -1;
	}
	return next(ps);
}

static struct cel_node *
node(struct parser *ps, int kind, int ty, size_t pos)
{
	struct cel_node	*n = xcalloc(1, sizeof *n);

	n->kind = kind;
	n->ty = ty;
	n->pos = pos;
	n->next = ps->cel->nodes;
	ps->cel->nodes = n;
	return n;
}

static void
add_arg(struct cel_node *n, struct cel_node *a)
{
	n->args = xreallocarray(n->args, n->nargs + 1, sizeof *n->args);
	n->args[n->nargs++] = a;
}

/* n with its children: its height checked, so that evaluation's
 * recursion stays bounded. */
static struct cel_node *
done(struct parser *ps, struct cel_node *n)
{
	int	h = 0;
	size_t	i;

	if (n->a != NULL && n->a->height > h)
		h = n->a->height;
	if (n->b != NULL && n->b->height > h)
		h = n->b->height;
	if (n->c != NULL && n->c->height > h)
		h = n->c->height;
	for (i = 0; i < n->nargs; i++)
		if (n->args[i]->height > h)
			h = n->args[i]->height;
	n->height = h + 1;
	if (n->height > MAX_HEIGHT)
		return fail_at(ps, n->pos, "expression nested too deeply "
		    "(more than %d levels)", MAX_HEIGHT);
	return n;
}

/* Two static types are assignable to each other (dyn matches all). */
static int
ty_ok(const struct cel_node *a, const struct cel_node *b)
{
	if (a->ty == TY_DYN || b->ty == TY_DYN)
		return 1;
	if (a->ty != b->ty)
		return 0;
	return a->ty != TY_LIST || a->elem == b->elem || a->elem == TY_DYN ||
	    b->elem == TY_DYN;
}

static int
is(const struct cel_node *n, int ty)
{
	return n->ty == ty || n->ty == TY_DYN;
}

static const char *
tyn(const struct cel_node *n)
{
	static char	buf[4][64];
	static int	k;

	if (n->ty != TY_LIST)
		return ty_names[n->ty];
	k = (k + 1) % 4;
	snprintf(buf[k], sizeof buf[k], "list(%s)", ty_names[n->elem]);
	return buf[k];
}

static int
is_map(int ty)
{
	return ty == TY_ATTRS || ty == TY_ATTRMAP || ty == TY_CAPS ||
	    ty == TY_CAPMAP;
}

/* The type of a map entry or a field of device. */
static int
member_ty(int ty)
{
	switch (ty) {
	case TY_ATTRS:
		return TY_ATTRMAP;
	case TY_CAPS:
		return TY_CAPMAP;
	case TY_CAPMAP:
		return TY_QUANTITY;
	default:
		return TY_DYN;
	}
}

static struct cel_node *
mk_select(struct parser *ps, struct cel_node *a, const char *name,
    size_t len, size_t pos)
{
	struct cel_node	*n;
	int		 ty;

	if (a->ty == TY_DEVICE) {
		static const char *f[] = { "driver", "attributes", "capacity",
		    "allowMultipleAllocations" };
		static const int t[] = { TY_STRING, TY_ATTRS, TY_CAPS, TY_BOOL };
		size_t	i;

		for (i = 0; i < 4; i++)
			if (strlen(f[i]) == len && memcmp(f[i], name, len) == 0)
				break;
		if (i == 4)
			return fail_at(ps, pos, "undefined field '%.*s' of "
			    "device (driver, attributes, capacity, "
			    "allowMultipleAllocations)", (int)len, name);
		ty = t[i];
	} else if (is_map(a->ty) || a->ty == TY_DYN)
		ty = member_ty(a->ty);
	else
		return fail_at(ps, pos, "type '%s' does not support field "
		    "selection", tyn(a));
	n = node(ps, N_SELECT, ty, pos);
	n->a = a;
	n->name = xmalloc(len + 1);
	memcpy(n->name, name, len);
	n->name[len] = '\0';
	return done(ps, n);
}

static struct cel_node *
mk_index(struct parser *ps, struct cel_node *a, struct cel_node *k,
    size_t pos)
{
	struct cel_node	*n;
	int		 ty;

	if (is_map(a->ty)) {
		if (!is(k, TY_STRING))
			return fail_at(ps, k->pos, "map key must be a string, "
			    "not '%s'", tyn(k));
		ty = member_ty(a->ty);
	} else if (a->ty == TY_LIST) {
		if (!is(k, TY_INT))
			return fail_at(ps, k->pos, "list index must be an "
			    "int, not '%s'", tyn(k));
		ty = a->elem;
	} else if (a->ty == TY_DYN)
		ty = TY_DYN;
	else
		return fail_at(ps, pos, "found no matching overload for "
		    "'_[_]' applied to '%s'", tyn(a));
	n = node(ps, N_INDEX, ty, pos);
	n->a = a;
	n->b = k;
	return done(ps, n);
}

/* A call's signature: receiver (TY_DYN: global), arguments, result. */
struct sig {
	const char	*name;
	int		 recv;		/* -1 global */
	int		 nargs;
	int		 args[2];
	int		 result;
};

static const struct sig sigs[] = {
	{ "size", -1, 1, { TY_STRING }, TY_INT },
	{ "size", -1, 1, { TY_LIST }, TY_INT },
	{ "size", -1, 1, { TY_ATTRS }, TY_INT },
	{ "size", -1, 1, { TY_ATTRMAP }, TY_INT },
	{ "size", -1, 1, { TY_CAPS }, TY_INT },
	{ "size", -1, 1, { TY_CAPMAP }, TY_INT },
	{ "size", TY_STRING, 0, { 0 }, TY_INT },
	{ "size", TY_LIST, 0, { 0 }, TY_INT },
	{ "size", TY_ATTRS, 0, { 0 }, TY_INT },
	{ "size", TY_ATTRMAP, 0, { 0 }, TY_INT },
	{ "size", TY_CAPS, 0, { 0 }, TY_INT },
	{ "size", TY_CAPMAP, 0, { 0 }, TY_INT },
	{ "startsWith", TY_STRING, 1, { TY_STRING }, TY_BOOL },
	{ "endsWith", TY_STRING, 1, { TY_STRING }, TY_BOOL },
	{ "contains", TY_STRING, 1, { TY_STRING }, TY_BOOL },
	{ "matches", TY_STRING, 1, { TY_STRING }, TY_BOOL },
	{ "matches", -1, 2, { TY_STRING, TY_STRING }, TY_BOOL },
	{ "lowerAscii", TY_STRING, 0, { 0 }, TY_STRING },
	{ "upperAscii", TY_STRING, 0, { 0 }, TY_STRING },
	{ "quantity", -1, 1, { TY_STRING }, TY_QUANTITY },
	{ "isQuantity", -1, 1, { TY_STRING }, TY_BOOL },
	{ "compareTo", TY_QUANTITY, 1, { TY_QUANTITY }, TY_INT },
	{ "isGreaterThan", TY_QUANTITY, 1, { TY_QUANTITY }, TY_BOOL },
	{ "isLessThan", TY_QUANTITY, 1, { TY_QUANTITY }, TY_BOOL },
	{ "add", TY_QUANTITY, 1, { TY_QUANTITY }, TY_QUANTITY },
	{ "add", TY_QUANTITY, 1, { TY_INT }, TY_QUANTITY },
	{ "sub", TY_QUANTITY, 1, { TY_QUANTITY }, TY_QUANTITY },
	{ "sub", TY_QUANTITY, 1, { TY_INT }, TY_QUANTITY },
	{ "asInteger", TY_QUANTITY, 0, { 0 }, TY_INT },
	{ "asApproximateFloat", TY_QUANTITY, 0, { 0 }, TY_DOUBLE },
	{ "isInteger", TY_QUANTITY, 0, { 0 }, TY_BOOL },
	{ "sign", TY_QUANTITY, 0, { 0 }, TY_INT },
	{ "semver", -1, 1, { TY_STRING }, TY_SEMVER },
	{ "semver", -1, 2, { TY_STRING, TY_BOOL }, TY_SEMVER },
	{ "isSemver", -1, 1, { TY_STRING }, TY_BOOL },
	{ "isSemver", -1, 2, { TY_STRING, TY_BOOL }, TY_BOOL },
	{ "major", TY_SEMVER, 0, { 0 }, TY_INT },
	{ "minor", TY_SEMVER, 0, { 0 }, TY_INT },
	{ "patch", TY_SEMVER, 0, { 0 }, TY_INT },
	{ "compareTo", TY_SEMVER, 1, { TY_SEMVER }, TY_INT },
	{ "isGreaterThan", TY_SEMVER, 1, { TY_SEMVER }, TY_BOOL },
	{ "isLessThan", TY_SEMVER, 1, { TY_SEMVER }, TY_BOOL },
	{ NULL, 0, 0, { 0 }, 0 }
};

static int
sig_fits(const struct sig *s, const struct cel_node *n)
{
	size_t	i;

	if ((s->recv < 0) != (n->a == NULL) || (size_t)s->nargs != n->nargs)
		return 0;
	if (n->a != NULL && !is(n->a, s->recv))
		return 0;
	for (i = 0; i < n->nargs; i++)
		if (!is(n->args[i], s->args[i]))
			return 0;
	return 1;
}

/* Overload resolution as cel-go's checker: the result type is the one
 * all fitting overloads share, else dyn. */
static struct cel_node *
check_call(struct parser *ps, struct cel_node *n)
{
	const struct sig	*s;
	int			 known = 0, fits = 0, ty = -1;

	for (s = sigs; s->name != NULL; s++) {
		if (strcmp(s->name, n->name) != 0)
			continue;
		known = 1;
		if (!sig_fits(s, n))
			continue;
		fits++;
		ty = ty < 0 || ty == s->result ? s->result : TY_DYN;
	}
	if (!known)
		return fail_at(ps, n->pos, "function '%s' is not supported",
		    n->name);
	if (fits == 0) {
		char	buf[200] = "";
		size_t	i;

		if (n->a != NULL)
			snprintf(buf, sizeof buf, "%s.", tyn(n->a));
		for (i = 0; i < n->nargs; i++)
			snprintf(buf + strlen(buf), sizeof buf - strlen(buf),
			    "%s%s", i ? ", " : "(", tyn(n->args[i]));
		return fail_at(ps, n->pos, "found no matching overload for "
		    "'%s' applied to '%s%s'", n->name, buf, n->nargs ? ")" :
		    "()");
	}
	n->ty = ty;
	if (strcmp(n->name, "matches") == 0) {
		struct cel_node	*pat = n->args[n->nargs - 1];
		char		 why[200];

		if (pat->kind == N_LIT && pat->lit.t == V_STRING &&
		    cel_regex_compile(pat->lit.s, &n->re, why, sizeof why) != 0)
			return fail_at(ps, pat->pos, "%s", why);
	}
	return done(ps, n);
}

/* The arguments after '(' up to close (or a list's items after '[');
 * node n receives them. */
static int
p_args(struct parser *ps, struct cel_node *n, const char *close)
{
	if (next(ps) != 0)
		return -1;
	while (!cel_tok_is(&ps->lx, close)) {
		struct cel_node *a = p_expr(ps);

		if (a == NULL)
			return -1;
		add_arg(n, a);
		if (cel_tok_is(&ps->lx, ","))
			next(ps);
		else if (!cel_tok_is(&ps->lx, close))
			return expect(ps, close);
		if (ps->failed)
			return -1;
	}
	return next(ps);
}

static int
is_macro(const char *name)
{
	static const char *m[] = { "all", "exists", "exists_one", "map",
	    "filter", "optMap", "optFlatMap", NULL };
	size_t	i;

	for (i = 0; m[i] != NULL; i++)
		if (strcmp(m[i], name) == 0)
			return 1;
	return 0;
}

static struct cel_node *
p_call(struct parser *ps, struct cel_node *target, const char *name,
    size_t len, size_t pos)
{
	struct cel_node	*n = node(ps, N_CALL, TY_DYN, pos);

	n->a = target;
	n->name = xmalloc(len + 1);
	memcpy(n->name, name, len);
	n->name[len] = '\0';
	if (is_macro(n->name))
		return fail_at(ps, pos, "macro '%s' is not supported",
		    n->name);
	if (p_args(ps, n, ")") != 0)
		return NULL;
	return check_call(ps, n);
}

/* has(e.f): a presence test of a field selection (langdef.md Macros). */
static struct cel_node *
p_has(struct parser *ps, size_t pos)
{
	struct cel_node	*n = node(ps, N_HAS, TY_BOOL, pos), *tmp;

	tmp = node(ps, N_CALL, TY_DYN, pos);
	if (p_args(ps, tmp, ")") != 0)
		return NULL;
	if (tmp->nargs != 1 || tmp->args[0]->kind != N_SELECT)
		return fail_at(ps, pos, "invalid argument to has() macro "
		    "(it takes one field selection, e.g. "
		    "has(device.attributes[\"d\"].name))");
	n->a = tmp->args[0];
	return done(ps, n);
}

static struct cel_node *
p_list(struct parser *ps, size_t pos)
{
	struct cel_node	*n = node(ps, N_LIST, TY_LIST, pos);
	size_t		 i;

	n->elem = TY_DYN;
	if (p_args(ps, n, "]") != 0)
		return NULL;
	for (i = 0; i < n->nargs; i++) {
		if (n->args[i]->ty == TY_LIST || is_map(n->args[i]->ty) ||
		    n->args[i]->ty == TY_DEVICE)
			return fail_at(ps, n->args[i]->pos, "list of '%s' is "
			    "not supported", tyn(n->args[i]));
		if (i > 0 && !ty_ok(n->args[i], n->args[0]))
			return fail_at(ps, n->args[i]->pos, "expected type "
			    "'%s' but found '%s'", tyn(n->args[0]),
			    tyn(n->args[i]));
		if (n->elem == TY_DYN)
			n->elem = n->args[i]->ty;
	}
	return done(ps, n);
}

static struct cel_node *
p_literal(struct parser *ps, int neg, size_t pos)
{
	struct cel_tok	*t = &ps->lx.tok;
	struct cel_node	*n = node(ps, N_LIT, TY_INT, pos);

	switch (t->kind) {
	case K_INT:
		if (!neg && t->u > INT64_MAX)
			return fail_at(ps, pos, "int literal out of range");
		n->lit.t = V_INT;
		n->lit.i = neg ? (int64_t)(0 - t->u) : (int64_t)t->u;
		break;
	case K_DOUBLE:
		n->ty = TY_DOUBLE;
		n->lit.t = V_DOUBLE;
		n->lit.d = neg ? -t->d : t->d;
		break;
	case K_STRING:
		n->ty = TY_STRING;
		n->lit.t = V_STRING;
		n->lit.s = n->name = xmalloc(t->len + 1);
		memcpy(n->name, t->str, t->len + 1);
		break;
	case K_UINT:
		return fail_at(ps, pos, "uint literals are not supported");
	case K_BYTES:
		return fail_at(ps, pos, "bytes literals are not supported");
	default:
		return fail_at(ps, pos, "expected an expression");
	}
	if (next(ps) != 0)
		return NULL;
	return n;
}

static int
tok_ident(struct parser *ps, const char *s)
{
	return ps->lx.tok.kind == K_IDENT && cel_tok_is(&ps->lx, s);
}

static struct cel_node *
p_ident(struct parser *ps)
{
	struct cel_tok	 t = ps->lx.tok;
	struct cel_node	*n;

	if (next(ps) != 0)
		return NULL;
	if (cel_tok_is(&ps->lx, "(")) {
		if (t.len == 3 && memcmp(t.str, "has", 3) == 0)
			return p_has(ps, t.pos);
		return p_call(ps, NULL, t.str, t.len, t.pos);
	}
	if ((t.len == 4 && memcmp(t.str, "true", 4) == 0) ||
	    (t.len == 5 && memcmp(t.str, "false", 5) == 0)) {
		n = node(ps, N_LIT, TY_BOOL, t.pos);
		n->lit.t = V_BOOL;
		n->lit.i = t.len == 4;
		return n;
	}
	if (t.len == 6 && memcmp(t.str, "device", 6) == 0)
		return node(ps, N_DEVICE, TY_DEVICE, t.pos);
	if (t.len == 4 && memcmp(t.str, "null", 4) == 0)
		return fail_at(ps, t.pos, "null is not supported");
	if (t.len == 3 && memcmp(t.str, "cel", 3) == 0)
		return fail_at(ps, t.pos, "cel.bind is not supported");
	return fail_at(ps, t.pos, "undeclared reference to '%.*s' (the "
	    "only variable is 'device')", (int)t.len, t.str);
}

static struct cel_node *
p_primary(struct parser *ps)
{
	struct cel_tok	*t = &ps->lx.tok;
	struct cel_node	*n;
	size_t		 pos = t->pos;

	if (t->kind == K_IDENT)
		return p_ident(ps);
	if (cel_tok_is(&ps->lx, "(")) {
		if (next(ps) != 0 || (n = p_expr(ps)) == NULL ||
		    expect(ps, ")") != 0)
			return NULL;
		return n;
	}
	if (cel_tok_is(&ps->lx, "["))
		return p_list(ps, pos);
	if (cel_tok_is(&ps->lx, "{"))
		return fail_at(ps, pos, "map and message literals are not "
		    "supported");
	if (cel_tok_is(&ps->lx, "."))
		return fail_at(ps, pos, "leading '.' names are not supported");
	return p_literal(ps, 0, pos);
}

static struct cel_node *
p_member(struct parser *ps)
{
	struct cel_node	*n = p_primary(ps), *k;

	while (n != NULL && !ps->failed) {
		size_t	pos = ps->lx.tok.pos;

		if (cel_tok_is(&ps->lx, ".")) {
			struct cel_tok	id;

			if (next(ps) != 0)
				return NULL;
			id = ps->lx.tok;
			if (id.kind != K_IDENT)
				return fail_at(ps, id.pos, "expected a field "
				    "or method name after '.'");
			if (next(ps) != 0)
				return NULL;
			if (cel_tok_is(&ps->lx, "("))
				n = p_call(ps, n, id.str, id.len, id.pos);
			else
				n = mk_select(ps, n, id.str, id.len, id.pos);
		} else if (cel_tok_is(&ps->lx, "[")) {
			if (next(ps) != 0 || (k = p_expr(ps)) == NULL ||
			    expect(ps, "]") != 0)
				return NULL;
			n = mk_index(ps, n, k, pos);
		} else
			break;
	}
	return ps->failed ? NULL : n;
}

static struct cel_node *
p_unary(struct parser *ps)
{
	size_t		 pos = ps->lx.tok.pos;
	struct cel_node	*n, *a;

	if (++ps->depth > MAX_DEPTH)
		return fail_at(ps, pos, "expression nested too deeply");
	if (cel_tok_is(&ps->lx, "!")) {
		if (next(ps) != 0 || (a = p_unary(ps)) == NULL)
			return NULL;
		if (!is(a, TY_BOOL))
			return fail_at(ps, pos, "found no matching overload "
			    "for '!_' applied to '(%s)'", tyn(a));
		n = node(ps, N_NOT, TY_BOOL, pos);
		n->a = a;
		n = done(ps, n);
	} else if (cel_tok_is(&ps->lx, "-")) {
		if (next(ps) != 0)
			return NULL;
		if (ps->lx.tok.kind != K_INT && ps->lx.tok.kind != K_DOUBLE)
			return fail_at(ps, pos, "negation of an expression "
			    "(arithmetic) is not supported");
		n = p_literal(ps, 1, pos);
	} else
		n = p_member(ps);
	ps->depth--;
	return n;
}

static struct cel_node *
p_arith(struct parser *ps)
{
	struct cel_node	*n = p_unary(ps);
	static const char *ops[] = { "+", "-", "*", "/", "%" };
	size_t	i;

	for (i = 0; n != NULL && i < 5; i++)
		if (cel_tok_is(&ps->lx, ops[i]))
			return fail_at(ps, ps->lx.tok.pos, "arithmetic "
			    "operator '%s' is not supported", ops[i]);
	return n;
}

/* Comparison typing: equal types (or dyn); ordering also across int
 * and double (base.go: cel.CrossTypeNumericComparisons(true)); no
 * ordering of quantities or versions (use compareTo). */
static struct cel_node *
mk_cmp(struct parser *ps, int op, struct cel_node *a, struct cel_node *b,
    size_t pos, const char *opname)
{
	struct cel_node	*n;
	int		 ok;

	if (op == OP_EQ || op == OP_NE)
		ok = ty_ok(a, b) && a->ty != TY_DEVICE && !is_map(a->ty);
	else {
		int	num_a = a->ty == TY_INT || a->ty == TY_DOUBLE;
		int	num_b = b->ty == TY_INT || b->ty == TY_DOUBLE;
		int	ord_a = num_a || a->ty == TY_STRING || a->ty == TY_BOOL;
		int	ord_b = num_b || b->ty == TY_STRING || b->ty == TY_BOOL;

		ok = (a->ty == TY_DYN && (ord_b || b->ty == TY_DYN)) ||
		    (b->ty == TY_DYN && ord_a) || (num_a && num_b) ||
		    (ord_a && a->ty == b->ty);
	}
	if (!ok)
		return fail_at(ps, pos, "found no matching overload for "
		    "'_%s_' applied to '(%s, %s)'%s", opname, tyn(a), tyn(b),
		    (a->ty == TY_QUANTITY || a->ty == TY_SEMVER) &&
		    op != OP_EQ && op != OP_NE ? " (use isLessThan, "
		    "isGreaterThan or compareTo)" : "");
	n = node(ps, N_CMP, TY_BOOL, pos);
	n->op = op;
	n->a = a;
	n->b = b;
	return done(ps, n);
}

static struct cel_node *
mk_in(struct parser *ps, struct cel_node *a, struct cel_node *b,
    size_t pos)
{
	struct cel_node	*n;

	if (b->ty == TY_LIST) {
		if (a->ty != TY_DYN && b->elem != TY_DYN && a->ty != b->elem)
			return fail_at(ps, pos, "found no matching overload "
			    "for '@in' applied to '(%s, %s)'", tyn(a), tyn(b));
	} else if (is_map(b->ty)) {
		if (!is(a, TY_STRING))
			return fail_at(ps, pos, "found no matching overload "
			    "for '@in' applied to '(%s, %s)'", tyn(a), tyn(b));
	} else if (b->ty != TY_DYN)
		return fail_at(ps, pos, "found no matching overload for "
		    "'@in' applied to '(%s, %s)'", tyn(a), tyn(b));
	n = node(ps, N_IN, TY_BOOL, pos);
	n->a = a;
	n->b = b;
	return done(ps, n);
}

static struct cel_node *
p_relation(struct parser *ps)
{
	static const char *ops[] = { "==", "!=", "<", "<=", ">", ">=" };
	struct cel_node	*n = p_arith(ps), *b;

	while (n != NULL) {
		size_t	pos = ps->lx.tok.pos, i;

		for (i = 0; i < 6; i++)
			if (ps->lx.tok.kind == K_PUNCT &&
			    cel_tok_is(&ps->lx, ops[i]))
				break;
		if (i == 6 && !tok_ident(ps, "in"))
			break;
		if (next(ps) != 0 || (b = p_arith(ps)) == NULL)
			return NULL;
		n = i == 6 ? mk_in(ps, n, b, pos) :
		    mk_cmp(ps, (int)i, n, b, pos, ops[i]);
	}
	return n;
}

static struct cel_node *
p_logic(struct parser *ps, int kind)
{
	const char	*op = kind == N_OR ? "||" : "&&";
	struct cel_node	*n, *b, *l;

	n = kind == N_OR ? p_logic(ps, N_AND) : p_relation(ps);
	while (n != NULL && cel_tok_is(&ps->lx, op)) {
		size_t	pos = ps->lx.tok.pos;

		if (next(ps) != 0)
			return NULL;
		b = kind == N_OR ? p_logic(ps, N_AND) : p_relation(ps);
		if (b == NULL)
			return NULL;
		if (!is(n, TY_BOOL) || !is(b, TY_BOOL))
			return fail_at(ps, pos, "found no matching overload "
			    "for '_%s_' applied to '(%s, %s)'", op, tyn(n),
			    tyn(b));
		l = node(ps, kind, TY_BOOL, pos);
		l->a = n;
		l->b = b;
		n = done(ps, l);
	}
	return n;
}

static struct cel_node *
p_expr(struct parser *ps)
{
	struct cel_node	*n, *b, *c, *t;
	size_t		 pos;

	if (++ps->depth > MAX_DEPTH)
		return fail_at(ps, ps->lx.tok.pos, "expression nested too "
		    "deeply");
	n = p_logic(ps, N_OR);
	if (n != NULL && cel_tok_is(&ps->lx, "?")) {
		pos = ps->lx.tok.pos;
		if (next(ps) != 0 || (b = p_logic(ps, N_OR)) == NULL ||
		    expect(ps, ":") != 0 || (c = p_expr(ps)) == NULL)
			return NULL;
		if (!is(n, TY_BOOL) || !ty_ok(b, c))
			return fail_at(ps, pos, "found no matching overload "
			    "for '_?_:_' applied to '(%s, %s, %s)'", tyn(n),
			    tyn(b), tyn(c));
		t = node(ps, N_COND, b->ty == c->ty ? b->ty : TY_DYN, pos);
		t->elem = b->elem;
		t->a = n;
		t->b = b;
		t->c = c;
		n = done(ps, t);
	}
	ps->depth--;
	return n;
}

int
gs_cel_compile(const char *expr, const char *file, int line, int col,
    struct gs_cel **out, struct gs_error *err)
{
	struct parser	 ps;
	struct gs_cel	*c = xcalloc(1, sizeof *c);
	struct cel_node	*root = NULL;

	*out = NULL;
	c->src = xstrdup(expr);
	c->file = xstrdup(file != NULL ? file : "");
	c->line = line;
	c->col = col;
	c->oneline = strchr(expr, '\n') == NULL;
	memset(&ps, 0, sizeof ps);
	ps.cel = c;
	ps.err = err;
	ps.lx.src = ps.lx.p = c->src;
	if (next(&ps) == 0) {
		if (ps.lx.tok.kind == K_EOF)
			fail_at(&ps, 0, "empty expression");
		else if ((root = p_expr(&ps)) != NULL &&
		    ps.lx.tok.kind != K_EOF)
			fail_at(&ps, ps.lx.tok.pos, "unexpected '%.*s' after "
			    "the expression", ps.lx.tok.kind == K_PUNCT ||
			    ps.lx.tok.kind == K_IDENT ? (int)ps.lx.tok.len : 5,
			    ps.lx.tok.kind == K_PUNCT || ps.lx.tok.kind ==
			    K_IDENT ? ps.lx.tok.str : "token");
		else if (root != NULL && !is(root, TY_BOOL))
			fail_at(&ps, 0, "must evaluate to bool or the unknown "
			    "type, not %s", tyn(root));
	}
	free(ps.lx.sbuf);
	if (ps.failed) {
		gs_cel_free(c);
		return -1;
	}
	c->root = root;
	*out = c;
	return 0;
}

void
gs_cel_free(struct gs_cel *c)
{
	struct cel_node	*n, *nx;

	if (c == NULL)
		return;
	for (n = c->nodes; n != NULL; n = nx) {
		nx = n->next;
		if (n->re != NULL) {
			regfree(n->re);
			free(n->re);
		}
		free(n->name);
		free(n->args);
		free(n);
	}
	free(c->src);
	free(c->file);
	free(c);
}
