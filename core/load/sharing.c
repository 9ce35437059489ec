/*
 * load/sharing.c: a compact pool's GPUs as NVIDIA's device plugin advertises
 * them (issue 18; spec/peers.md §4.1-§4.4).
 *
 * - mig: mig-parted's mig-devices map ({"1g.10gb": 2, "3g.40gb": 1}) for
 *   every GPU, or a list with one map (or null: MIG off) per GPU.  Each
 *   GPU's geometry is laid out by gs_mig_layout; one it cannot hold is an
 *   input error.  migStrategy: mixed (nvidia.com/mig-<profile>, the
 *   default here) or single (nvidia.com/gpu; every GPU MIG-partitioned
 *   into one profile, which the device plugin otherwise labels
 *   MIG-INVALID with no GPUs: gpusched refuses it).
 * - sharing: {strategy: time-slicing | mps, replicas: N,
 *   renameByDefault, failRequestsGreaterThanOne} for the GPUs without MIG
 *   (NVIDIA/k8s-device-plugin api/config/v1/replicas.go: ReplicatedResources;
 *   config.go: failRequestsGreaterThanOne defaults to false for
 *   time-slicing, true for MPS; cmd/mps-control-daemon: at most 48 MPS
 *   replicas, and MPS is not offered with MIG).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load/load.h"
#include "load/sharing.h"

/*
 * KAI-Scheduler gives each fractional pod a share of one GPU's memory and
 * binds a reservation pod that holds the one nvidia.com/gpu the device
 * plugin advertises (pkg/binder/binding/resourcereservation/
 * resource_reservation.go, ReserveGpuDevice; sched/kai/dp.c): the GPU's
 * single slot is taken once, not once per fraction.
 */
int
gs_dev_slots_used(const struct gs_device *d)
{
	if (d->kind == GS_DEV_WHOLE && d->used > d->count)
		return d->count;
	return d->used;
}

const char *
gs_devkind_name(int kind)
{
	switch (kind) {
	case GS_DEV_WHOLE:
		return "whole";
	case GS_DEV_MIG:
		return "mig";
	case GS_DEV_TIMESLICE:
		return "time-slicing";
	case GS_DEV_MPS:
		return "mps";
	default:
		return "hami-core";
	}
}

void
gs_dev_resource(const struct gs_node *n, const struct gs_device *d,
    char *buf, size_t len)
{
	const char	*plus;
	size_t		 k;

	if (d->kind == GS_DEV_MIG && n->mig_strategy == GS_MIG_MIXED) {
		/* '+' becomes '.': 1g.10gb+me -> nvidia.com/mig-1g.10gb.me */
		snprintf(buf, len, "nvidia.com/mig-%s", d->mig->name);
		if ((plus = strchr(buf, '+')) != NULL) {
			k = (size_t)(plus - buf);
			buf[k] = '.';
		}
		return;
	}
	if ((d->kind == GS_DEV_TIMESLICE || d->kind == GS_DEV_MPS) &&
	    n->dp_rename)
		snprintf(buf, len, "nvidia.com/gpu.shared");
	else
		snprintf(buf, len, "nvidia.com/gpu");
}

int
gs_dp_resource(const char *name)
{
	return strncmp(name, "nvidia.com/mig-", 15) == 0 ||
	    strcmp(name, "nvidia.com/gpu.shared") == 0;
}

int
gs_sharing_load_map(const struct yt_file *f, const struct yt_node *v,
    struct gs_sharing *s, struct gs_error *err)
{
	static const char *const keys[] = { "strategy", "replicas",
	    "renameByDefault", "failRequestsGreaterThanOne", NULL };
	const struct yt_node	*k;
	const char		*st;
	int64_t			 r = 1;

	if (yt_expect(f, v, YT_MAP, "sharing", err) != 0 ||
	    gs_check_keys(f, v, keys, "sharing", err) != 0)
		return -1;
	if ((k = yt_get(v, "strategy")) == NULL)
		return yt_error(f, v, err, "sharing needs a 'strategy' "
		    "(time-slicing or mps)");
	if (yt_string(f, k, "strategy", &st, err) != 0)
		return -1;
	if (strcmp(st, "time-slicing") == 0)
		s->share = GS_DEV_TIMESLICE;
	else if (strcmp(st, "mps") == 0)
		s->share = GS_DEV_MPS;
	else
		return yt_error(f, k, err, "unknown sharing strategy '%s' "
		    "(time-slicing or mps)", st);
	if ((k = yt_get(v, "replicas")) == NULL)
		return yt_error(f, v, err, "sharing needs 'replicas'");
	if (yt_int64(f, k, "replicas", 1, s->share == GS_DEV_MPS ? 48 : 1024,
	    &r, err) != 0)
		return -1;
	s->replicas = (int32_t)r;
	s->fail_gt1 = s->share == GS_DEV_MPS;
	if ((k = yt_get(v, "renameByDefault")) != NULL &&
	    yt_bool(f, k, "renameByDefault", &s->rename, err) != 0)
		return -1;
	if ((k = yt_get(v, "failRequestsGreaterThanOne")) != NULL &&
	    yt_bool(f, k, "failRequestsGreaterThanOne", &s->fail_gt1,
	    err) != 0)
		return -1;
	s->on = 1;
	return 0;
}

int
gs_sharing_load_geom(const struct yt_file *f, const struct yt_node *v,
    const struct gs_mig_model *mm, struct gs_gpu_geom *g,
    struct gs_error *err)
{
	char	why[160], names[512];
	int64_t	count;
	size_t	i, j, off;

	memset(g, 0, sizeof *g);
	if (yt_is_null(v))
		return 0;
	if (yt_expect(f, v, YT_MAP, "mig", err) != 0)
		return -1;
	g->mig = 1;
	for (i = 0; i < yt_map_len(v); i++) {
		const struct yt_node		*k = yt_key(v, i);
		const struct gs_mig_profile	*p;

		if ((p = gs_mig_profile_find(mm, k->str)) == NULL) {
			for (j = 0, off = 0; j < mm->np && off < sizeof names;
			    j++)
				off += (size_t)snprintf(names + off,
				    sizeof names - off, "%s%s", j ? ", " : "",
				    mm->p[j].name);
			return yt_error(f, k, err, "%s %s has no MIG profile "
			    "'%s' (its profiles: %s)", gs_article(mm->key),
			    mm->key, k->str, names);
		}
		if (yt_int64(f, yt_val(v, i), k->str, 0, 8, &count, err) != 0)
			return -1;
		if (g->n + (size_t)count > 8)
			return yt_error(f, v, err, "more than 8 MIG instances "
			    "on one GPU");
		while (count-- > 0)
			g->p[g->n++] = p;
	}
	if (gs_mig_layout(mm, g->p, g->n, g->s, why, sizeof why) != 0)
		return yt_error(f, v, err, "%s %s cannot hold this MIG "
		    "geometry: %s", gs_article(mm->key), mm->key, why);
	return 0;
}

static int
load_mig(const struct yt_file *f, const struct yt_node *v, const char *gpu,
    int64_t gpus, struct gs_sharing *s, struct gs_error *err)
{
	char	names[128];
	size_t	i;

	if (v->type == YT_SCALAR && !yt_is_null(v))
		return yt_error(f, v, err, "'mig: %s' names a mig-parted "
		    "config; give its mig-devices map, or a list of them per "
		    "GPU", v->str);
	if (gpu == NULL || (s->mm = gs_mig_model_find(gpu)) == NULL) {
		gs_mig_model_names(names, sizeof names);
		return yt_error(f, v, err, "GPU model '%s' has no MIG (MIG "
		    "models: %s)", gpu != NULL ? gpu : "", names);
	}
	if (v->type == YT_SEQ && v->nitems != (size_t)gpus)
		return yt_error(f, v, err, "'mig' lists %zu GPUs for %lld",
		    v->nitems, (long long)gpus);
	s->ngpus = (size_t)gpus;
	s->gpu = xcalloc(s->ngpus ? s->ngpus : 1, sizeof *s->gpu);
	for (i = 0; i < s->ngpus; i++)
		if (gs_sharing_load_geom(f, v->type == YT_SEQ ? v->items[i] :
		    v, s->mm, &s->gpu[i], err) != 0)
			return -1;
	return 0;
}

int
gs_sharing_check_single(const struct yt_file *f, const struct yt_node *at,
    const struct gs_sharing *s, struct gs_error *err)
{
	const struct gs_mig_profile	*one = NULL;
	size_t				 i, j;

	for (i = 0; i < s->ngpus; i++) {
		if (!s->gpu[i].mig || s->gpu[i].n == 0)
			return yt_error(f, at, err, "migStrategy single needs "
			    "every GPU MIG-partitioned (GPU %zu is not); the "
			    "device plugin would label it MIG-INVALID", i);
		for (j = 0; j < s->gpu[i].n; j++) {
			if (one == NULL)
				one = s->gpu[i].p[j];
			if (s->gpu[i].p[j] != one)
				return yt_error(f, at, err, "migStrategy "
				    "single needs one MIG profile on the node "
				    "(%s and %s); the device plugin would label "
				    "it MIG-INVALID", one->name,
				    s->gpu[i].p[j]->name);
		}
	}
	return 0;
}

int
gs_sharing_load(const struct yt_file *f, const struct yt_node *p,
    const char *gpu, int64_t gpus, struct gs_sharing *s,
    struct gs_error *err)
{
	const struct yt_node	*mig = yt_get(p, "mig"), *ms, *sh;
	const char		*m;
	size_t			 i;
	int			 full = 0;

	memset(s, 0, sizeof *s);
	s->mig_strategy = GS_MIG_MIXED;
	s->share = GS_DEV_WHOLE;
	s->replicas = 1;
	ms = yt_get(p, "migStrategy");
	sh = yt_get(p, "sharing");
	if ((sh != NULL && gs_sharing_load_map(f, sh, s, err) != 0) ||
	    (mig != NULL && load_mig(f, mig, gpu, gpus, s, err) != 0))
		goto fail;
	if (ms != NULL) {
		if (yt_string(f, ms, "migStrategy", &m, err) != 0)
			goto fail;
		if (strcmp(m, "single") == 0)
			s->mig_strategy = GS_MIG_SINGLE;
		else if (strcmp(m, "mixed") != 0) {
			yt_error(f, ms, err, "unknown migStrategy '%s' (single "
			    "or mixed)", m);
			goto fail;
		}
		if (mig == NULL) {
			yt_error(f, ms, err, "migStrategy without 'mig'");
			goto fail;
		}
		if (s->mig_strategy == GS_MIG_SINGLE &&
		    gs_sharing_check_single(f, ms, s, err) != 0)
			goto fail;
	}
	for (i = 0; i < s->ngpus; i++)
		full += !s->gpu[i].mig;
	if (mig != NULL && sh != NULL && s->share == GS_DEV_MPS &&
	    full < (int)s->ngpus) {
		yt_error(f, sh, err, "MPS sharing is not offered with MIG "
		    "(NVIDIA device plugin)");
		goto fail;
	}
	if (mig != NULL && sh != NULL && full == 0) {
		yt_error(f, sh, err, "sharing applies to GPUs without MIG, and "
		    "every GPU of the pool has MIG on (replicas of MIG "
		    "instances are not simulated)");
		goto fail;
	}
	s->on = mig != NULL || sh != NULL;
	return 0;
fail:
	gs_sharing_release(s);
	return -1;
}

void
gs_sharing_adopt(struct gs_node *n, struct gs_node *tmp)
{
	size_t	j;

	for (j = 0; j < n->ndevs; j++)
		gs_device_release(&n->devs[j]);
	free(n->devs);
	n->devs = tmp->devs;
	n->ndevs = tmp->ndevs;
	tmp->devs = NULL;
	tmp->ndevs = 0;
	n->dp = tmp->dp;
	n->registered = 0;
	n->mig_strategy = tmp->mig_strategy;
	n->dp_rename = tmp->dp_rename;
	n->dp_fail_gt1 = tmp->dp_fail_gt1;
	free(n->devices_note);
	n->devices_note = tmp->devices_note;
	tmp->devices_note = NULL;
}

void
gs_sharing_release(struct gs_sharing *s)
{
	free(s->gpu);
	memset(s, 0, sizeof *s);
}

static void
add_dev(struct gs_node *n, size_t *cap, const struct gs_device *d)
{
	grow_array(&n->devs, cap, n->ndevs + 1, sizeof *n->devs);
	n->devs[n->ndevs++] = *d;
}

/* GPU g's MIG instances, in the order of their memory slices. */
static void
add_mig(struct gs_node *n, size_t *cap, const struct gs_gpu_geom *g,
    const char *uuid, const char *type, int32_t index)
{
	struct gs_device	d;
	int			start;
	size_t			i;

	for (start = 0; start < 8; start++)
		for (i = 0; i < g->n; i++) {
			if (g->s[i].start != start)
				continue;
			memset(&d, 0, sizeof d);
			d.id = xasprintf("MIG-%s/%d", uuid + 4, start);
			d.index = index;
			d.count = 1;
			d.devmem = g->p[i]->mem;
			d.devcore = 100;
			d.type = xasprintf("%s-MIG-%s", type, g->p[i]->name);
			d.health = 1;
			d.mode = xstrdup("mig");
			d.kind = GS_DEV_MIG;
			d.mig = g->p[i];
			d.mig_start = start;
			add_dev(n, cap, &d);
		}
}

void
gs_sharing_apply(const struct gs_sharing *s, struct gs_node *n,
    const char *type, int32_t mem)
{
	struct gs_device	*old = n->devs, d;
	size_t			 nold = n->ndevs, cap = 0, g;

	n->devs = NULL;
	n->ndevs = 0;
	for (g = 0; g < nold; g++) {
		if (s->gpu != NULL && s->gpu[g].mig) {
			add_mig(n, &cap, &s->gpu[g], old[g].id, type,
			    old[g].index);
			continue;
		}
		memset(&d, 0, sizeof d);
		d.id = xstrdup(old[g].id);
		d.index = old[g].index;
		d.count = s->replicas;
		d.devmem = mem;
		d.devcore = 100;
		d.type = xstrdup(type);
		d.numa = old[g].numa;
		d.health = old[g].health;
		d.kind = s->share;
		d.mode = xstrdup(gs_devkind_name(s->share));
		add_dev(n, &cap, &d);
	}
	for (g = 0; g < nold; g++)
		gs_device_release(&old[g]);
	free(old);
	n->dp = 1;
	n->registered = 0;
	n->mig_strategy = s->gpu != NULL ? s->mig_strategy : GS_MIG_NONE;
	n->dp_rename = s->rename;
	n->dp_fail_gt1 = s->fail_gt1;
	free(n->devices_note);
	n->devices_note = xstrdup("GPUs advertised by NVIDIA's device "
	    "plugin (MIG, time-slicing, MPS), not HAMi");
}
