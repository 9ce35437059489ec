/*
 * cel_int.h: the CEL subset's syntax tree, static types and runtime
 * values, shared by cel_parse.c (lexer, parser, type check), cel_eval.c
 * (the evaluator), cel_lib.c (quantity and semver helpers) and
 * cel_regex.c (RE2 patterns).
 */
#ifndef GS_CEL_INT_H
#define GS_CEL_INT_H

#include <regex.h>
#include <stddef.h>
#include <stdint.h>

#include "sched/dra/cel.h"

/* Static types (cel-go's checker, reduced to what the subset needs). */
enum cel_ty {
	TY_DYN, TY_BOOL, TY_INT, TY_DOUBLE, TY_STRING, TY_QUANTITY,
	TY_SEMVER, TY_LIST, TY_DEVICE,
	TY_ATTRS,	/* device.attributes: domain -> ATTRMAP */
	TY_ATTRMAP,	/* one domain's attributes: name -> dyn */
	TY_CAPS,	/* device.capacity: domain -> CAPMAP */
	TY_CAPMAP	/* one domain's capacity: name -> quantity */
};

enum cel_kind {
	N_LIT, N_DEVICE, N_SELECT, N_INDEX, N_NOT, N_AND, N_OR, N_COND,
	N_CMP, N_IN, N_LIST, N_HAS, N_CALL
};

enum cel_cmp { OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE };

/* A quantity as resource.Quantity holds it: sign and nano units. */
struct cel_qty {
	int		neg;
	uint64_t	hi, lo;		/* magnitude x 10^9, 128 bits */
	int		sat;		/* beyond 128 bits */
};

/* A semantic version as blang/semver parses it. */
struct cel_semver {
	uint64_t	 major, minor, patch;
	const char	*pre;		/* pre-release, not NUL-ended */
	size_t		 prelen;
};

enum cel_vt {
	V_ERR, V_BOOL, V_INT, V_DOUBLE, V_STRING, V_QUANTITY, V_SEMVER,
	V_LIST, V_DEVICE, V_ATTRS, V_ATTRMAP, V_CAPS, V_CAPMAP
};

struct cel_node;

struct cel_val {
	int			 t;	/* enum cel_vt */
	int64_t			 i;	/* BOOL, INT */
	double			 d;
	const char		*s;	/* STRING; ERR: the message; maps:
					   the domain */
	struct cel_qty		 q;
	struct cel_semver	 v;
	const struct cel_node	*list;	/* LIST: its literal */
};

struct cel_node {
	int		  kind;		/* enum cel_kind */
	int		  ty;		/* enum cel_ty */
	int		  elem;		/* TY_LIST: the element type */
	int		  op;		/* N_CMP: enum cel_cmp */
	int		  height;	/* of the subtree */
	size_t		  pos;		/* byte offset in the expression */
	char		 *name;		/* SELECT field, CALL function */
	struct cel_node	 *a, *b, *c;	/* operands; CALL: a = target */
	struct cel_node	**args;		/* CALL, LIST */
	size_t		  nargs;
	struct cel_val	  lit;		/* N_LIT (strings owned) */
	regex_t		 *re;		/* matches() with a literal pattern */
	struct cel_node	 *next;		/* every node, for freeing */
};

struct gs_cel {
	char		*src;
	char		*file;
	int		 line, col;
	int		 oneline;
	struct cel_node	*root;
	struct cel_node	*nodes;
};

/* Evaluation scratch: strings made while evaluating, freed at the end. */
struct cel_ctx {
	const struct gs_cel		*cel;
	const struct gs_cel_device	*dev;
	char				**bufs;
	size_t				 nbufs, capbufs;
};

/* cel_lib.c */
int	cel_qty_parse(const char *, struct cel_qty *);
int	cel_qty_cmp(const struct cel_qty *, const struct cel_qty *);
int	cel_qty_add(const struct cel_qty *, const struct cel_qty *, int sub,
	    struct cel_qty *);
int	cel_qty_int(const struct cel_qty *, int64_t *);
double	cel_qty_float(const struct cel_qty *);
void	cel_qty_of_int(int64_t, struct cel_qty *);
int	cel_semver_parse(const char *, int normalize, char **norm,
	    struct cel_semver *);
int	cel_semver_cmp(const struct cel_semver *, const struct cel_semver *);
size_t	cel_utf8_len(const char *);

/* cel_regex.c */
#define GS_CEL_REGEX_POSITIONS	2048	/* expanded size regcomp may take */
int	cel_regex_compile(const char *pattern, regex_t **out, char *why,
	    size_t whylen);

/* cel_parse.c */
const char	*cel_ty_name(int);

/* cel_eval.c */
struct cel_val	 cel_eval_node(struct cel_ctx *, const struct cel_node *);
struct cel_val	 cel_mk(int t, int64_t i);
/* An error value located at n, its message kept in the context. */
struct cel_val	 cel_err(struct cel_ctx *, const struct cel_node *n,
		     const char *fmt, ...) __attribute__((format(printf, 3, 4)));
struct cel_val	 cel_overload(struct cel_ctx *, const struct cel_node *,
		     const char *fn, const struct cel_val *);
char		*cel_keep(struct cel_ctx *, char *);
const char	*cel_vt_name(int);

/* cel_call.c */
struct cel_val	 cel_call(struct cel_ctx *, const struct cel_node *);

#endif
