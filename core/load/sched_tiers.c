/*
 * load/sched_tiers.c: tiers of plugins and the ConfigMap holding them
 * (load/sched_tiers.h), read for KAI's and Volcano's own configs.
 */
#include <string.h>

#include "load/hamiconfig.h"
#include "load/sched_tiers.h"

int
gs_tiers_each(const struct yt_file *f, const struct yt_node *root,
    const char *what, gs_plugin_fn fn, void *arg, struct gs_error *err)
{
	const struct yt_node	*tiers = yt_get(root, "tiers"), *pl, *p;
	const char		*name;
	size_t			 i, j;

	if (tiers == NULL)
		return yt_error(f, root, err, "%s needs 'tiers'", what);
	if (yt_expect(f, tiers, YT_SEQ, "tiers", err) != 0)
		return -1;
	for (i = 0; i < tiers->nitems; i++) {
		if (yt_expect(f, tiers->items[i], YT_MAP, "tiers[]", err) != 0)
			return -1;
		pl = yt_get(tiers->items[i], "plugins");
		if (yt_is_null(pl))
			continue;
		if (yt_expect(f, pl, YT_SEQ, "tiers[].plugins", err) != 0)
			return -1;
		for (j = 0; j < pl->nitems; j++) {
			p = pl->items[j];
			if (yt_expect(f, p, YT_MAP, "plugins[]", err) != 0)
				return -1;
			if (yt_get(p, "name") == NULL)
				return yt_error(f, p, err, "a plugin needs "
				    "'name'");
			if (yt_string(f, yt_get(p, "name"), "plugins[].name",
			    &name, err) != 0 || fn(f, p, name, arg, err) != 0)
				return -1;
		}
	}
	return 0;
}

int
gs_configmap_doc(const struct yt_file *f, const char *buf,
    const struct yt_node *root, const char *key, struct yt_file *in,
    const struct yt_node **doc, struct gs_error *err)
{
	const struct yt_node	*v = yt_get(yt_get(root, "data"), key);
	size_t			 d;

	if (v == NULL)
		return yt_error(f, root, err, "the ConfigMap needs data.%s",
		    key);
	if (gs_yt_parse_embedded(f, buf, v, key, in, err) != 0)
		return -1;
	for (d = 0; d < in->ndocs; d++)
		if (in->docs[d].root != NULL)
			break;
	if (d == in->ndocs)
		(void)yt_error(f, v, err, "%s is empty", key);
	else if (yt_expect(in, in->docs[d].root, YT_MAP, key, err) == 0) {
		*doc = in->docs[d].root;
		return 0;
	}
	yt_file_release(in);
	return -1;
}
