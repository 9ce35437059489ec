/*
 * load/quantity.c: exact parser for Kubernetes quantity syntax.
 *
 *   quantity := [+-] number suffix
 *   number   := digits | digits "." [digits] | "." digits
 *   suffix   := "" | n u m k M G T P E | Ki Mi Gi Ti Pi Ei | (e|E) [+-] digits
 *
 * The value is kept as D * 10^E * 2^B with D an integer of at most 38
 * digits, so integrality and int64 range are decided exactly (no floating
 * point).  The API server canonicalises quantities before HAMi sees them, so
 * "AsInt64 succeeds" is the same as "the value is a whole number in int64".
 */
#include <stdio.h>
#include <string.h>

#include "load/quantity.h"

typedef unsigned __int128 u128;

#define U128_MAX	(~(u128)0)

static int
fail(char *why, size_t len, const char *msg)
{
	if (why != NULL && len > 0)
		snprintf(why, len, "%s", msg);
	return -1;
}

static int
mul_ok(u128 *v, u128 m)
{
	if (m != 0 && *v > U128_MAX / m)
		return 0;
	*v *= m;
	return 1;
}

/* q->integral, fits, value and ceil of D * 10^exp10 * 2^exp2. */
static void
scaled(u128 d, int exp10, int exp2, int negative, struct gs_quantity *q)
{
	u128	num = d, den = 1;
	int	overflow = 0;

	if (!mul_ok(&num, (u128)1 << exp2))
		overflow = 1;
	for (; exp10 > 0 && !overflow; exp10--)
		if (!mul_ok(&num, 10))
			overflow = 1;
	if (overflow) {
		q->integral = 1;
		q->fits = 0;
		q->ceil = negative ? INT64_MIN : INT64_MAX;
		return;
	}
	for (; exp10 < 0; exp10++)
		if (!mul_ok(&den, 10)) {
			/* 10^-E beyond 128 bits: a tiny non-zero fraction. */
			q->integral = d == 0;
			q->fits = d == 0;
			q->value = 0;
			q->ceil = d == 0 ? 0 : (negative ? 0 : 1);
			return;
		}
	q->integral = num % den == 0;
	{
		u128	whole = num / den, up = whole + (num % den != 0);
		u128	lim = negative ? (u128)INT64_MAX + 1 : INT64_MAX;

		q->fits = q->integral && whole <= lim;
		if (q->fits)
			q->value = negative ? (int64_t)(0 - (uint64_t)whole) :
			    (int64_t)whole;
		if (negative)
			q->ceil = whole > lim ? INT64_MIN :
			    (int64_t)(0 - (uint64_t)whole);
		else
			q->ceil = up > INT64_MAX ? INT64_MAX : (int64_t)up;
	}
}

/*
 * The magnitude in nano units: ceil(D * 2^exp2 * 10^(exp10 + 9)), one more
 * when dropped digits (sticky) made D smaller than the text; a binary
 * suffix caps at 2^63-1 units.  k8s.io/apimachinery/pkg/api/resource
 * quantity.go: ParseQuantity (amount.Round(Nano, inf.RoundUp), then
 * "The max is just a simple cap" for BinarySI).
 */
static void
nano(u128 d, int exp10, int exp2, int sticky, struct gs_quantity *q)
{
	u128	num = d, den = 1, cap = (u128)INT64_MAX * 1000000000u;
	int	e = exp10 + 9;

	q->nano_sat = 0;
	if (d == 0) {
		q->nano_hi = q->nano_lo = 0;
		return;
	}
	if (!mul_ok(&num, (u128)1 << exp2))
		q->nano_sat = 1;
	for (; e > 0 && !q->nano_sat; e--)
		if (!mul_ok(&num, 10))
			q->nano_sat = 1;
	for (; e < 0 && !q->nano_sat; e++)
		if (!mul_ok(&den, 10)) {
			num = 1;	/* below one nano unit: rounds up to 1 */
			den = 1;
			sticky = 0;
			break;
		}
	if (!q->nano_sat) {
		u128	n = num / den;

		if (num % den != 0 || sticky)
			n++;
		if (n == 0)
			q->nano_sat = 1;	/* wrapped */
		num = n;
	}
	if (exp2 > 0 && (q->nano_sat || num > cap)) {
		q->nano_sat = 0;
		num = cap;
	}
	if (q->nano_sat)
		num = U128_MAX;
	q->nano_hi = (uint64_t)(num >> 64);
	q->nano_lo = (uint64_t)num;
}

int
gs_quantity_parse(const char *s, struct gs_quantity *q, char *why,
    size_t whylen)
{
	const char	*p = s;
	char		 digits[64];
	size_t		 nd = 0, i;
	int		 neg = 0, seen = 0, frac = 0, exp10 = 0, exp2 = 0;
	int		 overflow = 0;
	u128		 d = 0;

	memset(q, 0, sizeof *q);
	if (*p == '+' || *p == '-')
		neg = *p++ == '-';
	for (; (*p >= '0' && *p <= '9') || *p == '.'; p++) {
		if (*p == '.') {
			if (frac)
				return fail(why, whylen, "two decimal points");
			frac = 1;
			continue;
		}
		seen = 1;
		if (nd == 0 && *p == '0') {
			if (frac)
				exp10--;
			continue;
		}
		if (nd < sizeof digits - 1) {
			digits[nd++] = *p;
			if (frac)
				exp10--;
		} else if (!frac)
			exp10++;		/* drop excess integer digits */
		else if (*p != '0')
			overflow = 1;		/* precision we cannot keep */
	}
	if (!seen)
		return fail(why, whylen, "no digits");
	/* Suffix. */
	if (*p == '\0')
		;
	else if (p[1] == 'i' && p[2] == '\0' && strchr("KMGTPE", *p)) {
		exp2 = 10 * (int)(strchr("KMGTPE", *p) - "KMGTPE" + 1);
		q->binary = 1;
	} else if (p[1] == '\0' && strchr("numkMGTPE", *p)) {
		static const int e[] = { -9, -6, -3, 3, 6, 9, 12, 15, 18 };

		exp10 += e[strchr("numkMGTPE", *p) - "numkMGTPE"];
	} else if (*p == 'e' || *p == 'E') {
		const char	*x = p + 1;
		int		 eneg = 0, ev = 0;

		if (*x == '+' || *x == '-')
			eneg = *x++ == '-';
		if (*x < '0' || *x > '9')
			return fail(why, whylen, "bad exponent");
		for (; *x >= '0' && *x <= '9'; x++)
			if ((ev = ev * 10 + (*x - '0')) > 1000)
				return fail(why, whylen, "exponent too large");
		if (*x != '\0')
			return fail(why, whylen, "bad exponent");
		exp10 += eneg ? -ev : ev;
	} else
		return fail(why, whylen, "unknown suffix");

	/* Trailing zeros of D move into the exponent. */
	while (nd > 0 && digits[nd - 1] == '0') {
		nd--;
		exp10++;
	}
	q->negative = neg && nd > 0;
	if (nd > 38 || overflow) {
		/* Too many significant digits to be an int64 either way. */
		q->integral = exp10 >= 0 && !overflow;
		q->ceil = q->milli = q->negative ? INT64_MIN : INT64_MAX;
		for (i = 0; i < 38 && i < nd; i++)
			d = d * 10 + (u128)(digits[i] - '0');
		nano(d, exp10 + (int)(nd - i), exp2, 1, q);
		return 0;
	}
	for (i = 0; i < nd; i++)
		d = d * 10 + (u128)(digits[i] - '0');
	scaled(d, exp10, exp2, q->negative, q);
	nano(d, exp10, exp2, 0, q);
	{
		struct gs_quantity m;

		memset(&m, 0, sizeof m);
		scaled(d, exp10 + 3, exp2, q->negative, &m);
		q->milli = m.ceil;
	}
	return 0;
}

int
gs_quantity_unit(const struct gs_quantity *q)
{
	uint64_t	a;

	if (!q->fits || q->value == 0)
		return 0;
	a = q->value < 0 ? (uint64_t)0 - (uint64_t)q->value :
	    (uint64_t)q->value;
	/* BinarySI below 1024 is shown as DecimalSI. */
	if (q->binary && a >= 1024)
		return a % 1024 == 0;
	return a % 1000 == 0;
}
