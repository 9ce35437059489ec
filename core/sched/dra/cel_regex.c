/*
 * cel_regex.c: RE2 patterns, as cel-go's matches() takes them, mapped onto
 * POSIX extended regular expressions for glibc's regcomp.  Before the
 * translated pattern is compiled it is measured: Go's parser limits
 * (regexp/syntax/parse.go: parseRepeat's 1000, repeatIsValid's nested
 * product, maxHeight's nesting depth) are errors as in Go, and a pattern
 * whose expansion exceeds GS_CEL_REGEX_POSITIONS is refused, because
 * glibc's matcher is quadratic in it (Go's is linear).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/dra/cel_int.h"
#include "util/util.h"

/* One open group while measuring: what it holds so far, and its last atom. */
struct re_frame {
	size_t		size;		/* expanded positions committed */
	unsigned	need;		/* repeatIsValid's need, see below */
	size_t		lsize;		/* the last atom, not yet committed */
	unsigned	lneed;
	int		has_last;
};

static size_t
sat_add(size_t a, size_t b)
{
	return a > SIZE_MAX - b ? SIZE_MAX : a + b;
}

static size_t
sat_mul(size_t a, size_t b)
{
	return b != 0 && a > SIZE_MAX / b ? SIZE_MAX : a * b;
}

static void
commit(struct re_frame *f)
{
	if (!f->has_last)
		return;
	f->size = sat_add(f->size, f->lsize);
	if (f->lneed > f->need)
		f->need = f->lneed;
	f->has_last = 0;
}

static void
atom(struct re_frame *f, size_t size, unsigned need)
{
	commit(f);
	f->lsize = size;
	f->lneed = need;
	f->has_last = 1;
}

/* The end of a bracket expression that opens at p ('['). */
static const char *
bracket_end(const char *p)
{
	p++;
	if (*p == '^')
		p++;
	if (*p == ']')
		p++;
	for (; *p != '\0' && *p != ']'; p++)
		if (*p == '[' && (p[1] == ':' || p[1] == '.' || p[1] == '=')) {
			const char *e = strchr(p + 2, p[1]);

			while (e != NULL && e[1] != ']')
				e = strchr(e + 1, p[1]);
			if (e == NULL)
				return p + strlen(p);
			p = e + 1;
		}
	return p;
}

/*
 * A bound {m}, {m,} or {m,n} at p applied to the frame's last atom.
 * Go (parse.go, parseRepeat and repeat): a count over 1000, or m > n, is
 * "invalid repeat count"; repeatIsValid(re, 1000) then walks the new
 * repeat's subtree dividing 1000 by each nested repeat's count (max, or
 * min when there is no max; a count of 0 ends the walk) and fails when a
 * count exceeds what is left.  "need" is the least n for which
 * repeatIsValid(subtree, n) holds: m * max(need(sub), 1) for a repeat of
 * count m > 0, 0 for a count of 0, the largest child's need otherwise.
 * It returns the bound's last character, or NULL when invalid.
 */
static const char *
bound(const char *p, struct re_frame *f)
{
	unsigned long	 lo, hi;
	char		*e;
	unsigned	 m;

	lo = strtoul(p + 1, &e, 10);
	hi = lo;
	if (*e == ',') {
		hi = e[1] == '}' ? (unsigned long)-1 : strtoul(e + 1, &e, 10);
		if (hi == (unsigned long)-1)
			e++;
	}
	if (*e != '}' || !f->has_last)
		return *e == '}' ? e : p;	/* regcomp judges the rest */
	if (lo > 1000 || (hi != (unsigned long)-1 && (hi > 1000 || lo > hi)))
		return NULL;
	m = (unsigned)(hi == (unsigned long)-1 ? lo : hi);
	if (m == 0)
		f->lneed = 0;
	else if ((lo >= 2 || hi >= 2) &&
	    (unsigned long)m * (f->lneed > 0 ? f->lneed : 1) > 1000)
		return NULL;
	else
		f->lneed = m * (f->lneed > 0 ? f->lneed : 1);
	f->lsize = sat_mul(f->lsize, hi == (unsigned long)-1 ? lo + 1 :
	    (hi > 0 ? hi : 1));
	return e;
}

/*
 * Measures a translated POSIX pattern.  Returns 0, or -1 with why set to
 * Go's error for the same RE2 pattern or to gpusched's size limit.
 */
static int
measure(const char *ere, char *why, size_t whylen)
{
	size_t		 n = strlen(ere) + 2, d = 0;
	struct re_frame	*st = xcalloc(n, sizeof *st);
	const char	*p, *e, *tok, *lastrep = NULL;
	int		 rc = 0, rep;

	for (p = ere; *p != '\0' && rc == 0; p++) {
		struct re_frame *f = &st[d];

		tok = p;
		rep = strchr("*?+", *p) != NULL;
		switch (*p) {
		case '\\':
			atom(f, 1, 0);
			if (p[1] != '\0')
				p++;
			break;
		case '[':
			atom(f, 1, 0);
			p = bracket_end(p);
			if (*p == '\0')
				p--;
			break;
		case '(':
			commit(f);
			if (d + 1 > 1000) {
				snprintf(why, whylen, "invalid regex: "
				    "expression nests too deeply");
				rc = -1;
				break;
			}
			memset(&st[++d], 0, sizeof *st);
			break;
		case ')':
			if (d == 0) {
				atom(f, 1, 0);
				break;
			}
			commit(f);
			d--;
			atom(&st[d], f->size > 0 ? f->size : 1, f->need);
			break;
		case '|':
			/* glibc makes each alternation a node of its own, empty
			 * branches included, and copies it with its group: (a||||){600}
			 * is 3000 nodes whose closures filled 2 GB (CI's fuzz_cel). */
			commit(f);
			f->size = sat_add(f->size, 1);
			break;
		case '*':
		case '?':
			if (f->has_last)
				f->lsize = sat_add(f->lsize, 1);
			break;
		case '+':
			/* glibc copies the operand: x+ is xx*. */
			if (f->has_last)
				f->lsize = sat_add(sat_mul(f->lsize, 2), 1);
			break;
		case '{':
			if ((e = bound(p, f)) == NULL) {
				snprintf(why, whylen, "invalid regex: "
				    "invalid repeat count");
				rc = -1;
				break;
			}
			if (e == p)
				atom(f, 1, 0);
			rep = e != p;
			p = e;
			break;
		default:
			atom(f, 1, 0);
			break;
		}
		/* Go's parser with PerlX (parse.go, repeat): a repetition
		 * right after another is "invalid nested repetition
		 * operator" (a** a++ a*{2}); glibc would nest them, and
		 * its closure computation explodes on a few dozen. */
		if (rc == 0 && rep && lastrep != NULL) {
			snprintf(why, whylen, "invalid regex: invalid nested "
			    "repetition operator: `%.*s`",
			    (int)(p + 1 - lastrep), lastrep);
			rc = -1;
		}
		lastrep = rep ? tok : NULL;
	}
	while (rc == 0 && d > 0) {
		commit(&st[d]);
		atom(&st[d - 1], st[d].size, st[d].need);
		d--;
	}
	commit(&st[0]);
	if (rc == 0 && st[0].size > GS_CEL_REGEX_POSITIONS) {
		snprintf(why, whylen, "regex expands to more than %d "
		    "positions, gpusched's limit", GS_CEL_REGEX_POSITIONS);
		rc = -1;
	}
	free(st);
	return rc;
}

static int
refuse(char *why, size_t len, const char *what)
{
	snprintf(why, len, "regex %s is not supported", what);
	return -1;
}

/*
 * An RE2 pattern (cel-go's matches() is RE2's unanchored search) as a
 * POSIX extended expression: \d \w \s and their negations become
 * bracket expressions, escaped punctuation stays escaped.  Constructs
 * with no POSIX equivalent are refused by name: (?...) groups and
 * flags, lazy quantifiers, \b \A \z \p \Q, escapes inside brackets
 * other than \d \w \s and non-ASCII bytes.
 */
int
cel_regex_compile(const char *pat, regex_t **out, char *why, size_t whylen)
{
	size_t		 n = strlen(pat), o = 0;
	char		*ere = xmalloc(n * 16 + 1);
	int		 inbr = 0, rc;
	const char	*p;

	for (p = pat; *p != '\0'; p++) {
		const char *cls = NULL;

		if ((unsigned char)*p >= 0x80)
			goto bad_byte;
		if (*p == '[' && !inbr) {
			inbr = 1;
			ere[o++] = *p;
			if (p[1] == '^')
				ere[o++] = *++p;
			if (p[1] == ']')
				ere[o++] = *++p;
			continue;
		}
		if (*p == '[' && inbr && p[1] == ':') {
			const char *e = strstr(p + 2, ":]");

			if (e == NULL) {
				free(ere);
				return refuse(why, whylen, "'[:' without ':]'");
			}
			memcpy(ere + o, p, (size_t)(e + 2 - p));
			o += (size_t)(e + 2 - p);
			p = e + 1;
			continue;
		}
		if (*p == ']' && inbr) {
			inbr = 0;
			ere[o++] = *p;
			continue;
		}
		if (*p == '(' && p[1] == '?') {
			free(ere);
			return refuse(why, whylen, "group '(?'");
		}
		if (!inbr && strchr("*+?}", *p) != NULL && p[1] == '?') {
			free(ere);
			return refuse(why, whylen, "lazy quantifier");
		}
		if (*p != '\\') {
			ere[o++] = *p;
			continue;
		}
		p++;
		switch (*p) {
		case 'd': cls = inbr ? "0-9" : "[0-9]"; break;
		case 'w': cls = inbr ? "0-9A-Za-z_" : "[0-9A-Za-z_]"; break;
		case 's': cls = inbr ? " \t\n\f\r\v" : "[ \t\n\f\r\v]"; break;
		case 'D': cls = inbr ? NULL : "[^0-9]"; break;
		case 'W': cls = inbr ? NULL : "[^0-9A-Za-z_]"; break;
		case 'S': cls = inbr ? NULL : "[^ \t\n\f\r\v]"; break;
		case 'n': cls = "\n"; break;
		case 't': cls = "\t"; break;
		default:
			if (*p != '\0' && !inbr && strchr(".\\+*?()|[]{}^$-/",
			    *p) != NULL) {
				ere[o++] = '\\';
				ere[o++] = *p;
				continue;
			}
			if (*p == '.' && inbr) {
				ere[o++] = '.';
				continue;
			}
			break;
		}
		if (cls == NULL) {
			char	what[32];

			if (*p == '\0')
				snprintf(what, sizeof what, "trailing '\\'");
			else if ((unsigned char)*p >= 0x80)
				goto bad_byte;
			else
				snprintf(what, sizeof what, "escape '\\%c'%s",
				    *p, inbr ? " in brackets" : "");
			free(ere);
			return refuse(why, whylen, what);
		}
		memcpy(ere + o, cls, strlen(cls));
		o += strlen(cls);
	}
	ere[o] = '\0';
	if (measure(ere, why, whylen) != 0) {
		free(ere);
		return -1;
	}
	*out = xmalloc(sizeof **out);
	if ((rc = regcomp(*out, ere, REG_EXTENDED | REG_NOSUB)) != 0) {
		char	msg[128];

		regerror(rc, *out, msg, sizeof msg);
		free(*out);
		*out = NULL;
		snprintf(why, whylen, "invalid regex: %s", msg);
		free(ere);
		return -1;
	}
	free(ere);
	return 0;
bad_byte:
	free(ere);
	return refuse(why, whylen, "with non-ASCII characters");
}
