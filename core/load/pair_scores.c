/*
 * load/pair_scores.c: decode hami.io/node-nvidia-score as HAMi's
 * device.DecodePairScores (json.Unmarshal into []DevicePairScore{ID
 * `json:"uuid"`, Scores map[string]int `json:"score"`}) and hand each
 * NVIDIA GPU its entry as GetNodeDevices does (pkg/device/nvidia/
 * device.go, v2.7.0+): the first entry whose uuid is the GPU's id; a GPU
 * with none has a nil map (every score 0).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "load/intmap_json.h"
#include "load/pair_scores.h"
#include "sched/hami/vendor.h"
#include "util/util.h"

json_t *
gs_json_field(json_t *o, const char *name)
{
	const char	*key;
	json_t		*v, *got = NULL;

	json_object_foreach(o, key, v)
		if (strcasecmp(key, name) == 0)
			got = v;
	return got;
}

/* Check entry i as json.Unmarshal would; its uuid (or "") in *id. */
static int
check_entry(json_t *e, size_t i, const char **id, char *why, size_t len)
{
	json_t		*u, *sc;
	const char	*key;

	*id = "";
	if (json_is_null(e))
		return 0;
	if (!json_is_object(e)) {
		snprintf(why, len, "entry %zu is not an object", i);
		return -1;
	}
	if ((u = gs_json_field(e, "uuid")) != NULL && !json_is_null(u)) {
		if (!json_is_string(u)) {
			snprintf(why, len, "entry %zu: uuid is not a string",
			    i);
			return -1;
		}
		*id = json_string_value(u);
	}
	if ((sc = gs_json_field(e, "score")) == NULL || json_is_null(sc))
		return 0;
	if (!json_is_object(sc)) {
		snprintf(why, len, "entry %zu: score is not an object", i);
		return -1;
	}
	if (gs_json_intmap(sc, 0, NULL, NULL, &key) != GS_INTMAP_OK) {
		snprintf(why, len, "entry %zu: score of '%.60s' is not an "
		    "integer", i, key);
		return -1;
	}
	return 0;
}

/* The node and GPU id taking scores (gs_intmap_fn's arg of take_one). */
struct taker {
	struct gs_node	*n;
	const char	*id;
};

/* The GPU's score with peer key. */
static void
take_one(void *arg, const char *key, int64_t index, int64_t value)
{
	struct taker	*tk = arg;
	struct gs_node	*n = tk->n;

	(void)index;
	n->pairs = xreallocarray(n->pairs, n->npairs + 1, sizeof *n->pairs);
	n->pairs[n->npairs].id = xstrdup(tk->id);
	n->pairs[n->npairs].peer = xstrdup(key);
	n->pairs[n->npairs].score = value;
	n->npairs++;
}

/* GPU id takes entry e's scores (checked by check_entry). */
static void
take(struct gs_node *n, const char *id, json_t *e)
{
	json_t		*sc = json_is_object(e) ? gs_json_field(e, "score") :
			    NULL;
	struct taker	 tk = { n, id };
	const char	*bad;

	if (json_is_object(sc))
		gs_json_intmap(sc, 0, take_one, &tk, &bad);
}

int
gs_pair_scores_decode(const char *s, struct gs_node *n, char *why,
    size_t len)
{
	json_error_t	 jerr;
	json_t		*root, *e;
	const char	*id;
	size_t		 i, j, k;

	if ((root = json_loads(s, JSON_DECODE_ANY, &jerr)) == NULL) {
		snprintf(why, len, "not JSON: %s", jerr.text);
		return -1;
	}
	if (!json_is_array(root) && !json_is_null(root)) {
		json_decref(root);
		snprintf(why, len, "not a JSON array");
		return -1;
	}
	json_array_foreach(root, i, e)
		if (check_entry(e, i, &id, why, len) != 0) {
			json_decref(root);
			return -1;
		}
	for (j = 0; j < n->ndevs; j++) {
		if (n->devs[j].vendor != GV_NVIDIA)
			continue;
		for (k = 0; k < j; k++)	/* one map per id */
			if (strcmp(n->devs[k].id, n->devs[j].id) == 0)
				break;
		if (k < j)
			continue;
		json_array_foreach(root, i, e) {
			check_entry(e, i, &id, why, len);
			if (strcmp(id, n->devs[j].id) == 0) {
				take(n, id, e);
				break;
			}
		}
	}
	json_decref(root);
	return 0;
}
