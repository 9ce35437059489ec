/*
 * load/handshake_time.c: the time in a node handshake annotation
 * ("Requesting_2006-01-02 15:04:05"), read as Go's time.Parse reads it
 * (moved from load/cluster.c unchanged).
 */
#include <stdint.h>
#include <string.h>

#include "load/load.h"

/* Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant). */
static int64_t
days_from_civil(int64_t y, int m, int d)
{
	int64_t		era;
	unsigned	yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = (unsigned)(y - era * 400);
	doy = (unsigned)((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1);
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + (int64_t)doe - 719468;
}

/* n digits (min to max of them) at *p, advancing it; -1 if fewer. */
static int
go_digits(const char **p, int min, int max)
{
	int	v = 0, k = 0;

	while (k < max && **p >= '0' && **p <= '9') {
		v = v * 10 + (*(*p)++ - '0');
		k++;
	}
	return k < min ? -1 : v;
}

static int
days_in_month(int y, int m)
{
	static const int days[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31,
	    30, 31 };

	if (m == 2 && y % 4 == 0 && (y % 100 != 0 || y % 400 == 0))
		return 29;
	return days[m - 1];
}

/*
 * "Requesting_2006-01-02 15:04:05" to epoch s (UTC), as HAMi's
 * CheckHealth reads it (pkg/util/util.go, v2.6.1):
 * time.Parse(time.DateTime, strings.Split(handshake, "_")[1]), the part
 * between the first and the second '_'.  Go's parser wants a 4-digit
 * year, 2-digit month, day, minute and second, a 1- or 2-digit hour, a
 * real calendar day, and nothing after the seconds but a fraction.
 * INT64_MIN when that fails (Go: the zero time, long past).
 */
int64_t
gs_handshake_time(const char *s)
{
	const char	*p = strchr(s, '_'), *end;
	int		 Y, M, D, h, m, sec;

	if (p == NULL)
		return INT64_MIN;
	p++;
	if ((end = strchr(p, '_')) == NULL)
		end = p + strlen(p);
	if ((Y = go_digits(&p, 4, 4)) < 0 || *p++ != '-' ||
	    (M = go_digits(&p, 2, 2)) < 0 || *p++ != '-' ||
	    (D = go_digits(&p, 2, 2)) < 0 || *p++ != ' ' ||
	    (h = go_digits(&p, 1, 2)) < 0 || *p++ != ':' ||
	    (m = go_digits(&p, 2, 2)) < 0 || *p++ != ':' ||
	    (sec = go_digits(&p, 2, 2)) < 0)
		return INT64_MIN;
	if ((*p == '.' || *p == ',') && p[1] >= '0' && p[1] <= '9')
		for (p++; *p >= '0' && *p <= '9'; p++)
			;		/* a fraction Go accepts and drops */
	if (p != end || M < 1 || M > 12 || D < 1 ||
	    D > days_in_month(Y, M) || h > 23 || m > 59 || sec > 59)
		return INT64_MIN;
	return days_from_civil(Y, M, D) * 86400 + h * 3600 + m * 60 + sec;
}
