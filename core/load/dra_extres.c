/*
 * load/dra_extres.c: the extended resources a container asks, for
 * KEP-5004 (DRA extended resources, sched/dra/extres.c).  A name is an
 * extended resource as v1helper.IsExtendedResourceName and
 * schedutil.IsDRAExtendedResourceName say: it has a domain, not
 * kubernetes.io's, nor the prefix requests.; or it is
 * deviceclass.resource.kubernetes.io/CLASS.  Its count is the request,
 * else the limit (the API server defaults requests from limits); its
 * index is its place among the container's request names sorted, which
 * names the special claim's request (extendeddynamicresources.go
 * createResourceRequestAndMappings: container-I-request-RIDX).
 * Whole values only: a fractional one is refused by the API server and
 * read elsewhere (load/workload.c) with its error.
 */
#include <stdlib.h>
#include <string.h>

#include "load/dra.h"
#include "load/quantity.h"

#define DEVICECLASS_PREFIX	"deviceclass.resource.kubernetes.io/"

int
gs_extres_name(const char *name)
{
	if (strncmp(name, DEVICECLASS_PREFIX, strlen(DEVICECLASS_PREFIX)) == 0)
		return name[strlen(DEVICECLASS_PREFIX)] != '\0';
	return strchr(name, '/') != NULL &&
	    strstr(name, "kubernetes.io/") == NULL &&
	    strncmp(name, "requests.", 9) != 0;
}

/* The whole count of name in map m, or -1. */
static int64_t
count_in(const struct yt_node *m, const char *name)
{
	const struct yt_node	*v = yt_get(m, name);
	struct gs_quantity	 q;

	if (v == NULL || v->type != YT_SCALAR || yt_is_null(v) ||
	    gs_quantity_parse(v->str, &q, NULL, 0) != 0 || q.negative ||
	    !q.fits)
		return -1;
	return q.value;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void
gs_load_extres(const struct yt_node *res, struct gs_container *c)
{
	const struct yt_node	*req = yt_get(res, "requests");
	const struct yt_node	*lim = yt_get(res, "limits");
	const struct yt_node	*m[2];
	const char		**keys;
	size_t			 i, k, n = 0, nk = yt_map_len(req) +
				    yt_map_len(lim);
	int64_t			 v;

	m[0] = req;
	m[1] = lim;
	keys = xcalloc(nk + 1, sizeof *keys);
	/* The request names after defaulting: requests and limits. */
	for (k = 0; k < 2; k++)
		for (i = 0; m[k] != NULL && m[k]->type == YT_MAP &&
		    i < yt_map_len(m[k]); i++)
			if (k == 0 || yt_get(req, yt_key(m[k], i)->str) == NULL)
				keys[n++] = yt_key(m[k], i)->str;
	qsort(keys, n, sizeof *keys, cmp_str);
	for (i = 0; i < n; i++) {
		if (!gs_extres_name(keys[i]))
			continue;
		v = count_in(req, keys[i]);
		if (v < 0 && yt_get(req, keys[i]) == NULL)
			v = count_in(lim, keys[i]);
		if (v <= 0)
			continue;
		c->ext = xreallocarray(c->ext, c->next + 1, sizeof *c->ext);
		c->ext[c->next].name = xstrdup(keys[i]);
		c->ext[c->next].count = v;
		c->ext[c->next++].ridx = (int)i;
	}
	free(keys);
}
