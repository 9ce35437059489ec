/*
 * cel_lex.h: the CEL lexer that cel_parse.c reads tokens from.
 */
#ifndef GS_CEL_LEX_H
#define GS_CEL_LEX_H

#include <stddef.h>
#include <stdint.h>

#include "util/util.h"

enum cel_tok_kind {
	K_EOF, K_IDENT, K_INT, K_UINT, K_DOUBLE, K_STRING, K_BYTES, K_PUNCT
};

struct cel_tok {
	int		 kind;		/* enum cel_tok_kind */
	size_t		 pos;		/* byte offset in the source */
	const char	*str;		/* IDENT, PUNCT: in the source;
					   STRING: the decoded text */
	size_t		 len;
	uint64_t	 u;		/* INT (magnitude; 2^63 only negated) */
	double		 d;		/* DOUBLE */
};

struct cel_lex {
	const char	*src;
	const char	*p;
	struct cel_tok	 tok;
	char		*sbuf;		/* decoded string literal */
	size_t		 slen, scap;
	size_t		 errpos;
	const char	*errmsg;
};

/* Read the next token into lx->tok: 0, or -1 with errpos and errmsg. */
int	cel_lex_next(struct cel_lex *);
/* The current token is this punctuation or identifier. */
int	cel_tok_is(const struct cel_lex *, const char *);

#endif
