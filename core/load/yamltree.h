/*
 * load/yamltree.h: YAML and JSON documents as a small tree that remembers where
 * every node came from (1-based line and column), built with libyaml.
 *
 * JSON is read through the same parser, so both formats give located errors.
 * Inputs are hostile: nesting deeper than YT_MAX_DEPTH, a document of more
 * than YT_MAX_NODES nodes with aliases expanded, more than YT_MAX_NODES
 * nodes reached through aliases in the whole file, and non-scalar mapping
 * keys are errors, never a crash or an unbounded allocation.  When streamed
 * (yt_each), a List's items count one at a time (each as if its own
 * document), so a `kubectl get -o json` List of any number of objects loads
 * in the memory of one item.  An alias
 * shares the anchored node (no copy).  Bad bytes are located by line too.
 */
#ifndef GS_YAMLTREE_H
#define GS_YAMLTREE_H

#include <stddef.h>
#include <stdint.h>

#include "util/util.h"

#define YT_MAX_DEPTH	64
#define YT_MAX_NODES	2000000

enum yt_type { YT_SCALAR, YT_SEQ, YT_MAP };

struct yt_node {
	enum yt_type	  type;
	int		  line, col;
	int		  plain;	/* scalar written without quotes */
	int		  open;		/* container still being built */
	char		 *str;		/* scalar value (NUL-terminated) */
	size_t		  len;
	struct yt_node	**items;	/* sequence items; map keys/values alternate */
	size_t		  nitems;	/* for maps: 2 * number of pairs */
	size_t		  cap;
	size_t		  weight;	/* nodes in this subtree, aliases expanded */
};

struct yt_doc {
	struct yt_node	 *root;		/* NULL for an empty document */
	int		  line, col;	/* where the document starts */
};

struct yt_file {
	char		 *path;		/* "<stdin>" for "-" */
	struct yt_doc	 *docs;		/* empty and null documents skipped */
	size_t		  ndocs;
	struct yt_node	**arena;	/* every node, for freeing */
	size_t		  narena, carena;
	int		  item;		/* yt_each: the root handed to fn is
					 * one item of a List (see there) */
};

/* Parse buf (len bytes) named path into f. Returns 0 or -1 with err set. */
int		 yt_parse(struct yt_file *f, const char *path, const char *buf,
		     size_t len, struct gs_error *err);
/* Read and parse a file ("-" is standard input, named "<stdin>"). */
int		 yt_load(struct yt_file *f, const char *path,
		     struct gs_error *err);
void		 yt_file_release(struct yt_file *f);

/*
 * Streaming: read and parse a file ("-" is standard input) and hand each
 * non-empty document's root to fn as soon as the document ends; its nodes
 * are freed when fn returns, so memory holds one document's tree, not the
 * file's.  fn returns 0, or -1 with err set, which stops the parse.  0, or
 * -1 with err set; *ndocs counts the non-empty documents seen.
 *
 * A List (a document whose root mapping has an 'items' list, as kubectl
 * writes it, 'kind' before or after) is streamed: each item is handed to fn
 * as soon as it ends, with f->item set, and freed; the document itself is
 * handed last, its 'items' then empty.  Items count against the size limit
 * one at a time.  A document with anchors keeps its later items (an alias
 * may name them), and top-level 'items' in a document whose kind does not
 * end in "List" is an error.
 */
typedef int	(*yt_doc_fn)(const struct yt_file *, const struct yt_node *root,
		    void *arg, struct gs_error *);
int		 yt_each(const char *path, yt_doc_fn fn, void *arg,
		     size_t *ndocs, struct gs_error *err);

/* Mapping lookup: the value for key, or NULL. */
struct yt_node	*yt_get(const struct yt_node *map, const char *key);
/*
 * The value for key as Go's encoding/json finds a struct field through
 * sigs.k8s.io/yaml: a key equal to it with ASCII case folded
 * (encoding/json decode.go object: exact name, else EqualFold); of
 * several, the one json.Marshal of the YAML's map writes last, i.e. the
 * greatest in byte order, whose value is the one left in the field.
 * Non-ASCII folds (the Kelvin sign for k) are not made.
 */
struct yt_node	*yt_get_fold(const struct yt_node *map, const char *key);
size_t		 yt_map_len(const struct yt_node *map);
struct yt_node	*yt_key(const struct yt_node *map, size_t i);
struct yt_node	*yt_val(const struct yt_node *map, size_t i);

/* A scalar that YAML reads as null (~, null, empty plain). */
int		 yt_is_null(const struct yt_node *);
const char	*yt_type_name(const struct yt_node *);

/*
 * Typed accessors.  Each returns 0, or -1 with err located at the node and
 * saying what was expected ("what" names the field for the message).
 */
int		 yt_expect(const struct yt_file *, const struct yt_node *,
		     enum yt_type, const char *what, struct gs_error *);
int		 yt_string(const struct yt_file *, const struct yt_node *,
		     const char *what, const char **out, struct gs_error *);
/* Member key of map as a string; absent and null give *out NULL. */
int		 yt_opt_string(const struct yt_file *, const struct yt_node *map,
		     const char *key, const char **out, struct gs_error *);
int		 yt_int64(const struct yt_file *, const struct yt_node *,
		     const char *what, int64_t min, int64_t max, int64_t *out,
		     struct gs_error *);
int		 yt_bool(const struct yt_file *, const struct yt_node *,
		     const char *what, int *out, struct gs_error *);
/* Set err located at node n of file f. Always returns -1. */
int		 yt_error(const struct yt_file *, const struct yt_node *,
		     struct gs_error *, const char *fmt, ...)
		     __attribute__((format(printf, 4, 5)));

#endif
