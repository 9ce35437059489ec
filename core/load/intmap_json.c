/*
 * load/intmap_json.c: a JSON object as json.Unmarshal reads it into
 * map[string]int or map[int]int (load/intmap_json.h).
 */
#include <string.h>

#include "load/intmap_json.h"
#include "util/util.h"

int
gs_json_intmap(json_t *o, int int_keys, gs_intmap_fn *each, void *arg,
    const char **bad)
{
	const char	*key;
	json_t		*v;
	int64_t		 index = 0;

	*bad = NULL;
	json_object_foreach(o, key, v) {
		*bad = key;
		if (int_keys && gs_go_parse_int64(key, strlen(key), &index) !=
		    0)
			return GS_INTMAP_KEY;
		if (!json_is_integer(v) && !json_is_null(v))
			return GS_INTMAP_VALUE;
		if (each != NULL)
			each(arg, key, index, json_is_integer(v) ?
			    (int64_t)json_integer_value(v) : 0);
	}
	*bad = NULL;
	return GS_INTMAP_OK;
}
