/*
 * load/metax_topo.c: Metax's node score annotations as HAMi reads them.
 * MetaxDevices.ScoreNode (pkg/device/metax/device.go, v2.6.1 ...
 * v2.10.0) takes metax-tech.com/gpu.topology.losses (binpack) or .scores
 * (spread) from the node and parseMetaxAnnos looks up the number of
 * Metax GPUs the pod gets there: json.Unmarshal of the annotation into
 * map[int]int, and any failure (not JSON, not an object, a key that
 * strconv.ParseInt(key, 10, 64) refuses, a value that is no integer
 * literal within int64) reads 0 for every index, as does a missing
 * index; a JSON null (the whole value or one entry's) is 0 too.  Go
 * keeps the last of repeated keys; jansson keeps a repeated key's last
 * value where the key first stood, so keys naming the same integer in
 * different text ("1", "01") are taken in jansson's order (gpusched
 * departs from Go only for such a mix of both).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "load/intmap_json.h"
#include "load/metax_topo.h"
#include "util/util.h"

/* Set index to value, replacing an earlier entry of the same index
 * (gs_intmap_fn on t). */
static void
put(void *arg, const char *key, int64_t index, int64_t value)
{
	struct gs_metax_topo	*t = arg;
	size_t			 i;

	(void)key;

	for (i = 0; i < t->n && t->e[i].index != index; i++)
		;
	if (i == t->n) {
		t->e = xreallocarray(t->e, t->n + 1, sizeof *t->e);
		t->e[t->n++].index = index;
	}
	t->e[i].value = value;
}

static int
fail(struct gs_metax_topo *t, char *why, size_t len, const char *what,
    const char *key)
{
	free(t->e);
	t->e = NULL;
	t->n = 0;
	t->valid = 0;
	snprintf(why, len, "%s%s%.60s%s", what, key ? " '" : "",
	    key ? key : "", key ? "'" : "");
	return -1;
}

int
gs_metax_topo_decode(const char *s, struct gs_metax_topo *t, char *why,
    size_t whylen)
{
	json_error_t	 jerr;
	json_t		*root;
	const char	*key;
	int		 rc = 0;

	memset(t, 0, sizeof *t);
	t->present = 1;
	t->valid = 1;
	if ((root = json_loads(s, JSON_DECODE_ANY, &jerr)) == NULL)
		return fail(t, why, whylen, "it is not JSON", NULL);
	/* A top-level null leaves the map nil: every index reads 0. */
	if (!json_is_object(root) && !json_is_null(root)) {
		json_decref(root);
		return fail(t, why, whylen, "it is not a JSON object", NULL);
	}
	switch (gs_json_intmap(root, 1, put, t, &key)) {
	case GS_INTMAP_KEY:
		rc = fail(t, why, whylen, "a key is not an integer:", key);
		break;
	case GS_INTMAP_VALUE:
		rc = fail(t, why, whylen, "not an integer: the value of", key);
		break;
	}
	json_decref(root);
	return rc;
}

int64_t
gs_metax_topo_value(const struct gs_metax_topo *t, int64_t index)
{
	size_t	i;

	for (i = 0; i < t->n; i++)
		if (t->e[i].index == index)
			return t->e[i].value;
	return 0;
}

int
gs_load_metax_topo(const struct yt_file *f, const struct yt_node *annos,
    struct gs_node *n, struct gs_warnings *w, struct gs_error *err)
{
	static const char *const keys[2] = { METAX_LOSS_ANNO,
	    METAX_SCORE_ANNO };
	const struct yt_node	*v;
	const char		*s;
	char			 why[128];
	int			 k;

	for (k = 0; k < 2; k++) {
		if ((v = yt_get(annos, keys[k])) == NULL)
			continue;
		if (yt_string(f, v, keys[k], &s, err) != 0)
			return -1;
		if (gs_metax_topo_decode(s, &n->metax_topo[k], why,
		    sizeof why) != 0 && w != NULL)
			gs_warn(w, f->path, v->line, v->col, "node '%s': %s "
			    "does not decode as HAMi's map[int]int (%s): "
			    "parseMetaxAnnos reads 0, so the node score of "
			    "pods asking for Metax GPUs gets 2000 under %s",
			    n->name, keys[k], why, k ? "spread" : "binpack");
	}
	return 0;
}
