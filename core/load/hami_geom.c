/*
 * load/hami_geom.c: running pods' MIG instances under HAMi's geometry
 * model (v2.6-v2.9).  HAMi's getNodesUsage (pkg/scheduler/scheduler.go,
 * v2.6.1 to v2.9.0) reads the suffix "[geometry-slot]" of a device UUID
 * in hami.io/vgpu-devices-allocated (util.ExtractMigTemplatesFromUUID):
 * on a hami-core GPU it marks the GPU unhealthy; else the first suffix
 * flattens that geometry (util.PlatternMIG) and each marks its slot in
 * use.  What would make HAMi index out of range (a geometry or slot the
 * GPU's knownMigGeometries entry has not, an unparsable suffix) or mark
 * one instance twice is refused with the annotation's location; the
 * entry is --hami-config's, else the chart's of the run's version, so a
 * suffix some charts hold is refused only in the runs of the others.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load/hami_mig.h"
#include "load/load.h"
#include "model/hami_geom.h"
#include "model/running.h"
#include "model/volcano_conf.h"
#include "util/util.h"

/* strconv.Atoi of [s, e), kept as an int: beyond +-INT_MAX is -1. */
static int
go_atoi(const char *s, const char *e, int *v)
{
	int64_t	x;

	if (gs_go_parse_int64(s, (size_t)(e - s), &x) != 0 || x > INT_MAX ||
	    x < -INT_MAX)
		return -1;
	*v = (int)x;
	return 0;
}

int
gs_hgeom_suffix(const char *s, int *geom, int *slot)
{
	const char	*end, *dash, *open = strchr(s, '[');

	/* strings.Split(uuid, "[")[1]: up to a second '['. */
	if ((end = strchr(s, ']')) == NULL || (open != NULL && open < end))
		return -1;
	if ((dash = memchr(s, '-', (size_t)(end - s))) == NULL)
		return -1;
	/* Split on "-": the first two fields (a third is ignored). */
	end = memchr(dash + 1, '-', (size_t)(end - dash - 1)) != NULL ?
	    memchr(dash + 1, '-', (size_t)(end - dash - 1)) : end;
	if (go_atoi(s, dash, geom) != 0 || go_atoi(dash + 1, end, slot) != 0)
		return -1;
	return *geom < 0 || *slot < 0 ? -1 : 0;
}

/* Does m (a GPU's knownMigGeometries entry, or NULL) hold instance
 * [t-i]?  Else why not: HAMi's PlatternMIG would index out of range. */
static int
holds(const struct gs_vc_mig *m, const struct gs_device *d, int t, int i,
    char *why, size_t len)
{
	if (m == NULL) {
		snprintf(why, len, "GPU %s: no knownMigGeometries entry names "
		    "type '%s', so instance [%d-%d] has no geometry", d->id,
		    d->type, t, i);
		return 0;
	}
	if ((size_t)t >= m->ngroups || i >= gs_hgeom_slots(&m->groups[t])) {
		snprintf(why, len, "GPU %s: instance [%d-%d] is not in its "
		    "%zu geometries (geometry %d has %d instances)", d->id, t,
		    i, m->ngroups, t, (size_t)t < m->ngroups ?
		    gs_hgeom_slots(&m->groups[t]) : 0);
		return 0;
	}
	return 1;
}

/*
 * The geometries a suffix is checked against: --hami-config's (every
 * profile's); else each chart's, the version's own default
 * (model/hami_geom.c): a chart that cannot hold it keeps the first such
 * error in c->hg_bad for the runs of its profiles (sched/sim.c), and one
 * that no chart holds is refused now.
 */
static int
check_lists(struct gs_cluster *c, const struct gs_device *d, int t, int i,
    const struct yt_file *f, const struct yt_node *an, struct gs_error *err)
{
	static const char *const rel[GS_HGEOM_NCHART] = { "", "v2.6.1 and "
	    "v2.7.x", "v2.8.0", "v2.9.0" };
	const struct gs_vc_mig	*m;
	char			 why[GS_HGEOM_NCHART][256];
	size_t			 n;
	int			 k, bad = 0, ok[GS_HGEOM_NCHART];

	if (c->hami != NULL && c->hami->has_mig) {
		m = gs_vc_migs_find(c->hami->mig, c->hami->nmig, d->type);
		return holds(m, d, t, i, why[0], sizeof why[0]) ? 0 :
		    yt_error(f, an, err, "%s: %s", HAMI_ALLOCATED_ANNO,
		    why[0]);
	}
	for (k = GS_HGEOM_V261; k < GS_HGEOM_NCHART; k++) {
		m = gs_hgeom_chart(k, &n);
		m = gs_vc_migs_find(m, n, d->type);
		ok[k] = holds(m, d, t, i, why[k], sizeof why[k]);
		bad += !ok[k];
	}
	if (bad == GS_HGEOM_NCHART - 1)
		return yt_error(f, an, err, "%s: %s", HAMI_ALLOCATED_ANNO,
		    why[GS_HGEOM_V290]);
	for (k = GS_HGEOM_V261; k < GS_HGEOM_NCHART; k++) {
		if (ok[k])
			continue;
		if (c->hg_bad == NULL)
			c->hg_bad = xcalloc(GS_HGEOM_NCHART,
			    sizeof *c->hg_bad);
		if (c->hg_bad[k].msg[0] == '\0')
			(void)yt_error(f, an, &c->hg_bad[k], "%s: %s (HAMi "
			    "%s's chart knownMigGeometries)",
			    HAMI_ALLOCATED_ANNO, why[k], rel[k]);
	}
	return 0;
}

static int
one(struct gs_cluster *c, struct gs_device *d, const char *hg,
    const struct yt_file *f, const struct yt_node *an, struct gs_error *err)
{
	int	t, i;

	if (gs_hgeom_suffix(hg, &t, &i) != 0)
		return yt_error(f, an, err, "%s: GPU %s: '[%.20s' is not "
		    "HAMi's MIG suffix [geometry-slot]", HAMI_ALLOCATED_ANNO,
		    d->id, hg);
	if (check_lists(c, d, t, i, f, an, err) != 0)
		return -1;
	if (i >= 64)
		return yt_error(f, an, err, "%s: GPU %s: instance [%d-%d] is "
		    "past the 64 instances of a geometry", HAMI_ALLOCATED_ANNO,
		    d->id, t, i);
	if (d->hg_geom != 0 && d->hg_geom != t + 1)
		return yt_error(f, an, err, "%s: GPU %s: instance [%d-%d] is "
		    "in geometry %d, but the GPU's other instances are in "
		    "geometry %d", HAMI_ALLOCATED_ANNO, d->id, t, i, t,
		    d->hg_geom - 1);
	if (d->hg_used & (1ULL << i))
		return yt_error(f, an, err, "%s: GPU %s: instance [%d-%d] is "
		    "held twice (overlapping instances)", HAMI_ALLOCATED_ANNO,
		    d->id, t, i);
	d->hg_geom = t + 1;
	d->hg_used |= 1ULL << i;
	return 0;
}

int
gs_hgeom_uses(struct gs_cluster *c, struct gs_node *n,
    const struct gs_running_pod *rp, const struct gs_pod *pod,
    const struct yt_file *f, const struct yt_node *obj,
    struct gs_warnings *w, struct gs_error *err)
{
	const struct yt_node	*an = yt_get(yt_get(yt_get(obj, "metadata"),
				    "annotations"), HAMI_ALLOCATED_ANNO);
	size_t			 k;

	if (an == NULL)
		an = obj;
	for (k = 0; k < rp->ndevs; k++) {
		struct gs_device *d = &n->devs[rp->devs[k].dev];

		if (rp->devs[k].hg == NULL)
			continue;
		if (d->mode != NULL && strcmp(d->mode, "hami-core") == 0) {
			gs_warn(w, f->path, an->line, an->col, "pod %s/%s: a "
			    "MIG instance on GPU %s, which is in hami-core "
			    "mode: HAMi marks it unhealthy", pod->ns,
			    pod->name, d->id);
			d->health = 0;
			continue;
		}
		if (one(c, d, rp->devs[k].hg, f, an, err) != 0)
			return -1;
	}
	return 0;
}
