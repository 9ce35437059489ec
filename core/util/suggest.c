/*
 * util/suggest.c: the edit distance behind "did you mean" and the choice of
 * the nearest valid word.
 */
#include <ctype.h>
#include <string.h>

#include "util/suggest.h"

size_t
gs_edit_distance(const char *a, const char *b)
{
	/* Three rows of the table: i - 2, i - 1 and i. */
	size_t	rows[3][GS_SUGGEST_MAX + 1], *p2, *p1, *cur;
	size_t	la = strlen(a), lb = strlen(b), i, j, v;
	int	ca, cb;

	if (la > GS_SUGGEST_MAX || lb > GS_SUGGEST_MAX)
		return (size_t)-1;
	for (j = 0; j <= lb; j++)
		rows[0][j] = j;
	for (i = 1; i <= la; i++) {
		cur = rows[i % 3];
		p1 = rows[(i - 1) % 3];
		p2 = rows[(i + 1) % 3];		/* i - 2 */
		cur[0] = i;
		ca = tolower((unsigned char)a[i - 1]);
		for (j = 1; j <= lb; j++) {
			cb = tolower((unsigned char)b[j - 1]);
			v = p1[j - 1] + (ca != cb);
			if (p1[j] + 1 < v)
				v = p1[j] + 1;
			if (cur[j - 1] + 1 < v)
				v = cur[j - 1] + 1;
			if (i > 1 && j > 1 && ca == tolower((unsigned char)
			    b[j - 2]) && tolower((unsigned char)a[i - 2]) ==
			    cb && p2[j - 2] + 1 < v)
				v = p2[j - 2] + 1;
			cur[j] = v;
		}
	}
	return rows[la % 3][lb];
}

/* Length of the common prefix, without case. */
static size_t
common_prefix(const char *a, const char *b)
{
	size_t	n = 0;

	while (a[n] != '\0' && tolower((unsigned char)a[n]) ==
	    tolower((unsigned char)b[n]))
		n++;
	return n;
}

const char *
gs_suggest(const char *word, const char *const *cands, size_t n)
{
	return gs_suggest_within(word, cands, n, (size_t)-1);
}

const char *
gs_suggest_within(const char *word, const char *const *cands, size_t n,
    size_t max)
{
	const char	*best = NULL;
	size_t		 i, bestd = (size_t)-1, bestp = 0, d, p, shorter, limit;

	for (i = 0; i < n; i++) {
		if ((d = gs_edit_distance(word, cands[i])) == (size_t)-1)
			continue;
		shorter = strlen(word) < strlen(cands[i]) ? strlen(word) :
		    strlen(cands[i]);
		limit = shorter / 3 > 1 ? shorter / 3 : 1;
		if (d > limit || d > max || d >= shorter)
			continue;
		p = common_prefix(word, cands[i]);
		if (d < bestd || (d == bestd && p > bestp)) {
			best = cands[i];
			bestd = d;
			bestp = p;
		}
	}
	return best;
}
