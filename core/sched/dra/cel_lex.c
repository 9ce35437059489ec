/*
 * cel_lex.c: CEL's lexical grammar (github.com/google/cel-spec
 * doc/langdef.md "Syntax"): identifiers, int/uint/double literals, quoted
 * and raw strings with their escapes, operators and comments.  Tokens the
 * subset cannot use (bytes, uint) are still recognised, so that the
 * parser can name them in its error.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sched/dra/cel_lex.h"

static int
lex_fail(struct cel_lex *lx, size_t pos, const char *msg)
{
	lx->errpos = pos;
	lx->errmsg = msg;
	return -1;
}

static void
put(struct cel_lex *lx, char c)
{
	if (lx->slen + 1 >= lx->scap) {
		lx->scap = lx->scap ? lx->scap * 2 : 64;
		lx->sbuf = xreallocarray(lx->sbuf, lx->scap, 1);
	}
	lx->sbuf[lx->slen++] = c;
	lx->sbuf[lx->slen] = '\0';
}

static void
put_utf8(struct cel_lex *lx, uint32_t c)
{
	if (c < 0x80)
		put(lx, (char)c);
	else if (c < 0x800) {
		put(lx, (char)(0xc0 | c >> 6));
		put(lx, (char)(0x80 | (c & 0x3f)));
	} else if (c < 0x10000) {
		put(lx, (char)(0xe0 | c >> 12));
		put(lx, (char)(0x80 | ((c >> 6) & 0x3f)));
		put(lx, (char)(0x80 | (c & 0x3f)));
	} else {
		put(lx, (char)(0xf0 | c >> 18));
		put(lx, (char)(0x80 | ((c >> 12) & 0x3f)));
		put(lx, (char)(0x80 | ((c >> 6) & 0x3f)));
		put(lx, (char)(0x80 | (c & 0x3f)));
	}
}

static int
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* One escape after '\' at *p (langdef.md "String and Bytes Values"). */
static int
escape(struct cel_lex *lx, const char **pp)
{
	const char	*p = *pp, *simple = "abfnrtv\\'\"`?";
	const char	*val = "\a\b\f\n\r\t\v\\'\"`?";
	uint32_t	 c = 0;
	int		 n = 0, i, h;

	if (*p != '\0' && strchr(simple, *p) != NULL) {
		put(lx, val[strchr(simple, *p) - simple]);
		*pp = p + 1;
		return 0;
	}
	if (*p == 'x' || *p == 'X')
		n = 2;
	else if (*p == 'u')
		n = 4;
	else if (*p == 'U')
		n = 8;
	if (n > 0) {
		for (i = 1; i <= n; i++) {
			if ((h = hexval(p[i])) < 0)
				return lex_fail(lx, (size_t)(p - lx->src),
				    "bad hex escape in string");
			c = c * 16 + (uint32_t)h;
		}
		if (c > 0x10ffff || (c >= 0xd800 && c < 0xe000))
			return lex_fail(lx, (size_t)(p - lx->src),
			    "bad code point in string escape");
		put_utf8(lx, c);
		*pp = p + n + 1;
		return 0;
	}
	if (p[0] >= '0' && p[0] <= '3' && p[1] >= '0' && p[1] <= '7' &&
	    p[2] >= '0' && p[2] <= '7') {
		put_utf8(lx, (uint32_t)((p[0] - '0') * 64 + (p[1] - '0') * 8 +
		    (p[2] - '0')));
		*pp = p + 3;
		return 0;
	}
	return lex_fail(lx, (size_t)(p - lx->src), "bad escape in string");
}

static int
lex_string(struct cel_lex *lx, const char *p, int raw)
{
	char	q = *p;
	int	triple = p[1] == q && p[2] == q;

	lx->slen = 0;
	put(lx, '\0');
	lx->slen = 0;
	p += triple ? 3 : 1;
	for (;;) {
		if (*p == '\0' || (!triple && (*p == '\n' || *p == '\r')))
			return lex_fail(lx, lx->tok.pos,
			    "unterminated string literal");
		if (*p == q && (!triple || (p[1] == q && p[2] == q))) {
			p += triple ? 3 : 1;
			break;
		}
		if (*p == '\\' && !raw) {
			p++;
			if (escape(lx, &p) != 0)
				return -1;
			continue;
		}
		put(lx, *p++);
	}
	lx->tok.kind = K_STRING;
	lx->tok.str = lx->sbuf;
	lx->tok.len = lx->slen;
	lx->p = p;
	return 0;
}

static int
lex_number(struct cel_lex *lx, const char *p)
{
	const char	*s = p;
	char		*end;
	int		 dbl = 0;

	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		for (p += 2; hexval(*p) >= 0; p++)
			;
		if (p == s + 2)
			return lex_fail(lx, lx->tok.pos, "bad hex literal");
	} else {
		while (*p >= '0' && *p <= '9')
			p++;
		if (*p == '.' && p[1] >= '0' && p[1] <= '9') {
			dbl = 1;
			for (p++; *p >= '0' && *p <= '9'; p++)
				;
		}
		if (*p == 'e' || *p == 'E') {
			const char *e = p + 1;

			if (*e == '+' || *e == '-')
				e++;
			if (*e >= '0' && *e <= '9') {
				dbl = 1;
				for (p = e; *p >= '0' && *p <= '9'; p++)
					;
			}
		}
	}
	if (dbl) {
		lx->tok.kind = K_DOUBLE;
		lx->tok.d = strtod(s, &end);
		(void)end;
	} else if (*p == 'u' || *p == 'U') {
		lx->tok.kind = K_UINT;
		p++;
	} else {
		int	hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
		unsigned long long v;

		errno = 0;
		v = strtoull(hex ? s + 2 : s, &end, hex ? 16 : 10);
		if (errno != 0 || v > (unsigned long long)INT64_MAX + 1)
			return lex_fail(lx, lx->tok.pos,
			    "int literal out of range");
		lx->tok.kind = K_INT;
		lx->tok.u = v;
	}
	lx->p = p;
	return 0;
}

/* Two-character operators first, then single characters. */
static int
lex_punct(struct cel_lex *lx, const char *p)
{
	static const char *two[] = { "&&", "||", "==", "!=", "<=", ">=" };
	size_t	i;

	for (i = 0; i < sizeof two / sizeof two[0]; i++)
		if (p[0] == two[i][0] && p[1] == two[i][1]) {
			lx->tok.kind = K_PUNCT;
			lx->tok.str = two[i];
			lx->tok.len = 2;
			lx->p = p + 2;
			return 0;
		}
	if (strchr("()[]{}.,?:!<>+-*/%=&|", *p) == NULL)
		return lex_fail(lx, lx->tok.pos, "unexpected character");
	if (*p == '=' || *p == '&' || *p == '|')
		return lex_fail(lx, lx->tok.pos, *p == '=' ?
		    "unexpected '=' (CEL compares with '==')" :
		    "unexpected single '&' or '|' (CEL uses '&&', '||')");
	lx->tok.kind = K_PUNCT;
	lx->tok.str = p;
	lx->tok.len = 1;
	lx->p = p + 1;
	return 0;
}

int
cel_lex_next(struct cel_lex *lx)
{
	const char	*p = lx->p;

	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' ||
		    *p == '\f')
			p++;
		if (p[0] == '/' && p[1] == '/') {
			while (*p != '\0' && *p != '\n')
				p++;
			continue;
		}
		break;
	}
	memset(&lx->tok, 0, sizeof lx->tok);
	lx->tok.pos = (size_t)(p - lx->src);
	if (*p == '\0') {
		lx->tok.kind = K_EOF;
		lx->p = p;
		return 0;
	}
	if ((*p == 'r' || *p == 'R') && (p[1] == '"' || p[1] == '\''))
		return lex_string(lx, p + 1, 1);
	if ((*p == 'b' || *p == 'B') && (p[1] == '"' || p[1] == '\'' ||
	    ((p[1] == 'r' || p[1] == 'R') && (p[2] == '"' || p[2] == '\'')))) {
		if (lex_string(lx, p + 1 + (p[1] == 'r' || p[1] == 'R'),
		    p[1] == 'r' || p[1] == 'R') != 0)
			return -1;
		lx->tok.kind = K_BYTES;
		return 0;
	}
	if (*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) {
		const char *s = p;

		while (*p == '_' || (*p >= 'a' && *p <= 'z') ||
		    (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9'))
			p++;
		lx->tok.kind = K_IDENT;
		lx->tok.str = s;
		lx->tok.len = (size_t)(p - s);
		lx->p = p;
		return 0;
	}
	if (*p == '"' || *p == '\'')
		return lex_string(lx, p, 0);
	if ((*p >= '0' && *p <= '9') || (*p == '.' && p[1] >= '0' &&
	    p[1] <= '9'))
		return lex_number(lx, p);
	return lex_punct(lx, p);
}

int
cel_tok_is(const struct cel_lex *lx, const char *punct)
{
	size_t	n = strlen(punct);

	return (lx->tok.kind == K_PUNCT || lx->tok.kind == K_IDENT) &&
	    lx->tok.len == n && memcmp(lx->tok.str, punct, n) == 0;
}
