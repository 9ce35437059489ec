/*
 * report/float32.c: a float32 as its shortest decimal (Go's %v of a
 * float32, strconv.FormatFloat(f, 'g', -1, 32)), as the node scores are
 * written.  The fewest significant digits whose "%.*e" text reads back as
 * f, in %e form when the exponent is below -4 or 6 and above, otherwise
 * as "%.*f" writes f with as many digits.
 *
 * One run writes one score per placement, so the digits are made once:
 * printf gives f's nine digits ("%.8e", always enough for a float32), each
 * shorter precision is those rounded (printf rounds f itself, which is
 * the same but where the nine end in a tie, "5" then zeros: there printf
 * rounds f again), a precision whose digits are farther from f than the
 * gap to f's neighbours is passed over without strtof, and the %f form is
 * laid out from the same digits.  tests/unit/test_report.c compares it
 * with the printf-only search.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

/* s into buf of len bytes, cut as snprintf cuts. */
static void
copy_out(char *buf, size_t len, const char *s)
{
	size_t	n = strlen(s);

	if (len == 0)
		return;
	if (n >= len)
		n = len - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
}

/*
 * s9 ("%.8e" of f) rounded to prec (1 to 8) digits, into out as "%.*e"
 * (prec - 1) writes it, with *val its value (NAN where the power of ten
 * is not exact in a double): 0 when the digits past prec are a tie.
 */
static int
round_e(const char *s9, int prec, char *out, double *val)
{
	static const double p10[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7,
	    1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
	    1e19, 1e20, 1e21, 1e22 };
	const char	*p = s9;
	char		 d[10];
	double		 m = 0;
	int		 i, e, k, neg = *p == '-';

	if (neg)
		p++;
	d[0] = p[0];			/* d.dddddddde+XX */
	memcpy(d + 1, p + 2, 8);
	d[9] = '\0';
	e = atoi(p + 11);
	if (d[prec] == '5' && strspn(d + prec + 1, "0") == (size_t)(8 - prec))
		return 0;
	if (d[prec] >= '5') {
		for (i = prec - 1; i >= 0 && d[i] == '9'; i--)
			d[i] = '0';
		if (i >= 0)
			d[i]++;
		else {
			d[0] = '1';
			e++;
		}
	}
	for (i = 0; i < prec; i++)
		m = m * 10 + (d[i] - '0');
	k = e - prec + 1;
	*val = k > 22 || k < -22 ? NAN : k >= 0 ? m * p10[k] : m / p10[-k];
	if (neg) {
		*val = -*val;
		*out++ = '-';
	}
	*out++ = d[0];
	if (prec > 1) {
		*out++ = '.';
		memcpy(out, d + 1, (size_t)prec - 1);
		out += prec - 1;
	}
	*out++ = 'e';
	*out++ = e < 0 ? '-' : '+';
	if (e < 0)
		e = -e;
	*out++ = (char)('0' + e / 10);	/* a float32's is below 100 */
	*out++ = (char)('0' + e % 10);
	*out = '\0';
	return 1;
}

/*
 * The "%.*e" text t, of exponent exp (-4 to 5), as "%.*f" writes f with
 * its precision less 1 less exp decimals (none when that is negative):
 * the same digits, as both round f at the same place (or, when the
 * rounding carried into a new digit, one place after, where the digits
 * are zeros either way); an integer part longer than the digits ends in
 * zeros, as f is within half an ulp of that integer.
 */
static void
fixed(const char *t, int exp, char *buf, size_t len)
{
	char	 out[48], *o = out, d[9];
	int	 i, n = 0;

	if (*t == '-')
		*o++ = *t++;
	for (; *t != 'e'; t++)
		if (*t != '.')
			d[n++] = *t;
	if (exp < 0) {
		*o++ = '0';
		*o++ = '.';
		for (i = -1; i > exp; i--)
			*o++ = '0';
		memcpy(o, d, (size_t)n);
		o += n;
	} else {
		for (i = 0; i <= exp; i++)
			*o++ = i < n ? d[i] : '0';
		if (n > exp + 1) {
			*o++ = '.';
			memcpy(o, d + exp + 1, (size_t)(n - exp - 1));
			o += n - exp - 1;
		}
	}
	*o = '\0';
	copy_out(buf, len, out);
}

void
gs_format_float32(float f, char *buf, size_t len)
{
	char	s9[32], t[32];
	double	x = f, v, gap;
	int	prec, exp;

	if (isnan(f)) {
		copy_out(buf, len, "NaN");
		return;
	}
	if (isinf(f)) {
		copy_out(buf, len, f > 0 ? "+Inf" : "-Inf");
		return;
	}
	snprintf(s9, sizeof s9, "%.8e", x);
	gap = fmax(x - (double)nextafterf(f, -INFINITY),
	    (double)nextafterf(f, INFINITY) - x);
	for (prec = 1; prec < 9; prec++) {
		if (!round_e(s9, prec, t, &v))
			snprintf(t, sizeof t, "%.*e", prec - 1, x);
		else if (fabs(v - x) > gap)
			continue;	/* cannot read back as f */
		if (strtof(t, NULL) == f)
			break;
	}
	if (prec == 9)
		memcpy(t, s9, sizeof t);
	exp = atoi(strchr(t, 'e') + 1);
	if (exp < -4 || exp >= 6)
		copy_out(buf, len, t);
	else
		fixed(t, exp, buf, len);
}
