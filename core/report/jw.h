/*
 * report/jw.h: one JSON writer, two sinks.  The same calls either write
 * text, byte for byte as jansson's json_dumpf with GS_JSON_FLAGS
 * (JSON_INDENT(2), JSON_REAL_PRECISION(10)) would write the tree they
 * describe, nested at a given depth, or build that tree with jansson.  A
 * large run's rows are written straight to the output (no tree of each
 * row, no jansson dump); gs_report_json's tree comes from the same code.
 *
 * A value with a key goes into the open object, without one into the open
 * array (or is the value itself).  As json_object_set_new with a NULL
 * value, a NULL string, one that is not UTF-8 and a real that is not
 * finite leave the member out in both sinks.
 */
#ifndef GS_REPORT_JW_H
#define GS_REPORT_JW_H

#include <stdio.h>

#include <jansson.h>

#define GS_JW_DEPTH	32

struct gs_jw {
	FILE	*fp;		/* the text sink, or NULL: the tree sink */
	int	 depth;		/* nesting depth of the open container */
	int	 first;		/* nothing written in it yet */
	int	 bare;		/* the next value is placed by the caller */
	int	 err;
	size_t	 n;
	json_t	*open[GS_JW_DEPTH];	/* the tree sink's containers */
	char	 kind[GS_JW_DEPTH];	/* '{' or '[' of each open one */
	int	 top;			/* how many are open */
	json_t	*root;
	char	 buf[16384];
};

/* A text writer of a value nested depth levels deep (its caller wrote
 * what comes before it); gs_jw_flush writes what is buffered: 0 or -1. */
void	 gs_jw_text(struct gs_jw *, FILE *, int depth);
int	 gs_jw_flush(struct gs_jw *);
/* A tree writer; gs_jw_tree_take hands over the value written (or NULL). */
void	 gs_jw_tree(struct gs_jw *);
json_t	*gs_jw_tree_take(struct gs_jw *);

/* kind '{' or '['. */
void	 gs_jw_begin(struct gs_jw *, const char *key, int kind);
void	 gs_jw_end(struct gs_jw *);
void	 gs_jw_str(struct gs_jw *, const char *key, const char *s);
void	 gs_jw_int(struct gs_jw *, const char *key, json_int_t);
void	 gs_jw_real(struct gs_jw *, const char *key, double);
void	 gs_jw_bool(struct gs_jw *, const char *key, int);
void	 gs_jw_null(struct gs_jw *, const char *key);
/* A jansson value (borrowed), as jansson writes it. */
void	 gs_jw_value(struct gs_jw *, const char *key, json_t *);
/* s is a string json_string takes (not NULL, UTF-8): where json_pack
 * left a whole object out for a string member, its writer checks this
 * first. */
int	 gs_jw_ok(const char *s);

#endif
