/*
 * cel_lib.c: the value libraries DRA selectors call: quantities
 * (k8s.io/apiserver/pkg/cel/library/quantity.go over resource.Quantity),
 * semantic versions (library/semverlib.go over blang/semver/v4) and
 * the UTF-8 length CEL's size() counts.  RE2 patterns are in cel_regex.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load/quantity.h"
#include "sched/dra/cel_int.h"
#include "util/util.h"

typedef unsigned __int128 u128;

#define NANO	1000000000u

static u128
mag(const struct cel_qty *q)
{
	return ((u128)q->hi << 64) | q->lo;
}

static void
setmag(struct cel_qty *q, u128 m)
{
	q->hi = (uint64_t)(m >> 64);
	q->lo = (uint64_t)m;
	if (m == 0)
		q->neg = 0;
}

/* resource.ParseQuantity, through load/quantity.c's exact parser. */
int
cel_qty_parse(const char *s, struct cel_qty *out)
{
	struct gs_quantity	q;

	if (gs_quantity_parse(s, &q, NULL, 0) != 0)
		return -1;
	out->neg = q.negative;
	out->hi = q.nano_hi;
	out->lo = q.nano_lo;
	out->sat = q.nano_sat;
	return 0;
}

/* Quantity.Cmp: -1, 0, 1. */
int
cel_qty_cmp(const struct cel_qty *a, const struct cel_qty *b)
{
	u128	ma = mag(a), mb = mag(b);
	int	c;

	if (a->neg != b->neg)
		return a->neg ? -1 : 1;
	c = ma < mb ? -1 : ma > mb;
	return a->neg ? -c : c;
}

void
cel_qty_of_int(int64_t v, struct cel_qty *q)
{
	uint64_t	m = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;

	memset(q, 0, sizeof *q);
	q->neg = v < 0;
	setmag(q, (u128)m * NANO);
}

/* Quantity.Add / Sub (library quantity.go: add, sub). -1 beyond 128
 * bits (the simulator's limit, not Kubernetes'). */
int
cel_qty_add(const struct cel_qty *a, const struct cel_qty *b, int sub,
    struct cel_qty *out)
{
	u128	ma = mag(a), mb = mag(b);
	int	bneg = sub ? !b->neg : b->neg;

	if (a->sat || b->sat)
		return -1;
	memset(out, 0, sizeof *out);
	if (a->neg == bneg) {
		if (ma + mb < ma)
			return -1;
		out->neg = a->neg;
		setmag(out, ma + mb);
	} else if (ma >= mb) {
		out->neg = a->neg;
		setmag(out, ma - mb);
	} else {
		out->neg = bneg;
		setmag(out, mb - ma);
	}
	return 0;
}

/* Quantity.AsInt64: a whole number within int64, else -1. */
int
cel_qty_int(const struct cel_qty *q, int64_t *v)
{
	u128	m = mag(q), w;

	if (q->sat || m % NANO != 0)
		return -1;
	w = m / NANO;
	if (w > (u128)INT64_MAX + q->neg)
		return -1;
	*v = q->neg ? (int64_t)(0 - (uint64_t)w) : (int64_t)w;
	return 0;
}

/* Quantity.AsApproximateFloat64. */
double
cel_qty_float(const struct cel_qty *q)
{
	long double	v = (long double)mag(q) / NANO;

	return (double)(q->neg ? -v : v);
}

static int
numeric(const char *s, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return n > 0;
}

static int
ident_ok(const char *s, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' &&
		    s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		    s[i] == '-'))
			return 0;
	return n > 0;
}

/* Dot-separated identifiers of [0-9A-Za-z-], none empty; pre-release
 * numbers without leading zeros (blang/semver: Parse). */
static int
idents_ok(const char *s, size_t n, int pre)
{
	size_t	i = 0, j;

	while (i <= n) {
		for (j = i; j < n && s[j] != '.'; j++)
			;
		if (!ident_ok(s + i, j - i))
			return 0;
		if (pre && numeric(s + i, j - i) && j - i > 1 && s[i] == '0')
			return 0;
		i = j + 1;
	}
	return 1;
}

static int
part(const char **p, uint64_t *v, int last)
{
	const char	*s = *p;
	size_t		 n = 0;

	*v = 0;
	for (; s[n] >= '0' && s[n] <= '9'; n++) {
		if (*v > (UINT64_MAX - 9) / 10)
			return -1;
		*v = *v * 10 + (uint64_t)(s[n] - '0');
	}
	if (n == 0 || (n > 1 && s[0] == '0'))
		return -1;
	if (!last && s[n] != '.')
		return -1;
	*p = s + n + !last;
	return 0;
}

/* semverlib.go: normalizeAndParse's text (v prefix, leading zeros,
 * missing minor/patch), allocated. NULL for a short version with
 * pre-release or build data. */
static char *
normalize(const char *s)
{
	char		*out = xmalloc(strlen(s) + 8), *o = out;
	const char	*p;
	int		 nparts = 0;

	if (*s == 'v')
		s++;
	for (p = s; nparts < 3; nparts++) {
		const char *end = p;
		size_t n;

		if (nparts < 2)
			end = p + strcspn(p, ".");
		else
			end = p + strlen(p);
		n = (size_t)(end - p);
		if (n > 1) {
			while (n > 0 && *p == '0') {
				p++;
				n--;
			}
			if (n == 0 || *p < '0' || *p > '9')
				*o++ = '0';
		}
		memcpy(o, p, n);
		o += n;
		p += n;
		if (*p != '.' || nparts == 2)
			break;
		*o++ = *p++;
	}
	*o = '\0';
	if (nparts < 2) {
		if (strpbrk(out, "+-") != NULL) {
			free(out);
			return NULL;
		}
		for (; nparts < 2; nparts++)
			strcat(out, ".0");
	}
	return out;
}

/*
 * blang/semver/v4 Parse (normalize: semverlib.go normalizeAndParse).  The
 * pre-release points into s, or into *norm (allocated, caller frees)
 * when normalizing.  0 ok, -1 not a version.
 */
int
cel_semver_parse(const char *s, int normalize_it, char **norm,
    struct cel_semver *v)
{
	const char	*p, *pre, *build;
	size_t		 corelen;

	*norm = NULL;
	if (normalize_it) {
		if ((*norm = normalize(s)) == NULL)
			return -1;
		s = *norm;
	}
	memset(v, 0, sizeof *v);
	build = strchr(s, '+');
	pre = strchr(s, '-');
	if (pre != NULL && build != NULL && pre > build)
		pre = NULL;
	corelen = pre != NULL ? (size_t)(pre - s) : build != NULL ?
	    (size_t)(build - s) : strlen(s);
	p = s;
	if (part(&p, &v->major, 0) || part(&p, &v->minor, 0) ||
	    part(&p, &v->patch, 1) || (size_t)(p - s) != corelen)
		return -1;
	if (pre != NULL) {
		v->pre = pre + 1;
		v->prelen = build != NULL ? (size_t)(build - v->pre) :
		    strlen(v->pre);
		if (!idents_ok(v->pre, v->prelen, 1))
			return -1;
	}
	if (build != NULL && !idents_ok(build + 1, strlen(build + 1), 0))
		return -1;
	return 0;
}

/* One pre-release identifier against another (blang: PRVersion.Compare). */
static int
pre_cmp(const char *a, size_t na, const char *b, size_t nb)
{
	int	an = numeric(a, na), bn = numeric(b, nb), c;

	if (an && bn) {
		if (na != nb)
			return na < nb ? -1 : 1;
		c = memcmp(a, b, na);
		return c < 0 ? -1 : c > 0;
	}
	if (an != bn)
		return an ? -1 : 1;
	c = memcmp(a, b, na < nb ? na : nb);
	if (c != 0)
		return c < 0 ? -1 : 1;
	return na < nb ? -1 : na > nb;
}

/* blang/semver Version.Compare: build metadata is ignored. */
int
cel_semver_cmp(const struct cel_semver *a, const struct cel_semver *b)
{
	size_t	i = 0, j = 0;

	if (a->major != b->major)
		return a->major < b->major ? -1 : 1;
	if (a->minor != b->minor)
		return a->minor < b->minor ? -1 : 1;
	if (a->patch != b->patch)
		return a->patch < b->patch ? -1 : 1;
	if (a->pre == NULL || b->pre == NULL)
		return a->pre == b->pre ? 0 : a->pre == NULL ? 1 : -1;
	while (i < a->prelen && j < b->prelen) {
		size_t	ei = i, ej = j;
		int	c;

		while (ei < a->prelen && a->pre[ei] != '.')
			ei++;
		while (ej < b->prelen && b->pre[ej] != '.')
			ej++;
		if ((c = pre_cmp(a->pre + i, ei - i, b->pre + j, ej - j)))
			return c;
		i = ei + 1;
		j = ej + 1;
	}
	if (i < a->prelen)
		return 1;
	if (j < b->prelen)
		return -1;
	return 0;
}

/* The number of code points (CEL's size() of a string). */
size_t
cel_utf8_len(const char *s)
{
	size_t	n = 0;

	for (; *s != '\0'; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	return n;
}
