/*
 * load/intmap_json.h: a JSON object read as Go's json.Unmarshal reads it
 * into map[string]int or map[int]int (encoding/json decode.go, object():
 * a key of an integer map type through strconv.ParseInt(key, 10, 64), a
 * value through literalStore, where null leaves the zero value).  Shared
 * by hami.io/node-nvidia-score's scores (load/pair_scores.c) and Metax's
 * topology annotations (load/metax_topo.c); each caller words its own
 * errors.
 */
#ifndef GS_INTMAP_JSON_H
#define GS_INTMAP_JSON_H

#include <stdint.h>

#include <jansson.h>

/* What gs_json_intmap found wrong (0: nothing). */
enum gs_intmap_bad {
	GS_INTMAP_OK,
	GS_INTMAP_KEY,		/* int keys: a key ParseInt refuses */
	GS_INTMAP_VALUE		/* a value neither an integer nor null */
};

/* One entry: its key, the key as an integer (int keys; 0 otherwise) and
 * its value (0 for null). */
typedef void	gs_intmap_fn(void *arg, const char *key, int64_t index,
		    int64_t value);

/*
 * Walk object o in jansson's order (a key's first place, its last value),
 * the key checked before the value, calling each(arg, ...) for every
 * entry up to the first that fails (each may be NULL: check only).
 * Returns GS_INTMAP_OK, or what failed with *bad its key (o's, valid as
 * long as o).  o that is not an object (null) has no entries.
 */
int	gs_json_intmap(json_t *o, int int_keys, gs_intmap_fn *each, void *arg,
	    const char **bad);

#endif
