/*
 * load/sched_tiers.h: the scheduler configuration shape KAI-Scheduler and
 * Volcano share (Volcano's conf.SchedulerConfiguration, which KAI forked):
 * `tiers`, each with `plugins`, each a map with `name` and optional
 * `arguments`; and a ConfigMap holding such a file under a data key.
 */
#ifndef GS_LOAD_SCHED_TIERS_H
#define GS_LOAD_SCHED_TIERS_H

#include "load/yamltree.h"
#include "util/util.h"

/* Called per plugin, in tier and list order: 0, or -1 with err set. */
typedef int	(*gs_plugin_fn)(const struct yt_file *,
		    const struct yt_node *plugin, const char *name, void *arg,
		    struct gs_error *);

/* Each plugin of root's tiers (root must hold `tiers`; what names the
 * file in messages).  0, or -1 with err located. */
int	gs_tiers_each(const struct yt_file *, const struct yt_node *root,
	    const char *what, gs_plugin_fn, void *arg, struct gs_error *);

/*
 * The document held in ConfigMap root's data[key] (f's text buf locates
 * a block scalar's lines) parsed into in, its first root a map in *doc.
 * 0 (release in), or -1 with err located (in released).
 */
int	gs_configmap_doc(const struct yt_file *f, const char *buf,
	    const struct yt_node *root, const char *key, struct yt_file *in,
	    const struct yt_node **doc, struct gs_error *);

#endif
