/*
 * sched/hami/score.c: HAMi v2.6.1's node score (NodeScore.ComputeDefaultScore),
 * device score (DeviceListsScore.ComputeScore) and device order
 * (DeviceUsageList.Less under sort.Sort).  float32 throughout, evaluated
 * in Go's order: 10 * ((a + b) + c).  Spec §3.4-§3.6, §3.12.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/gosort.h"
#include "sched/hami/hami.h"
#include "util/int32.h"
#include "util/util.h"
#include "sched/hami/vendor.h"

#define HAMI_WEIGHT	10

float
hami_node_score(const struct gs_device *devs, size_t n)
{
	return hami_node_score_v(devs, n, hami_profile(NULL));
}

float
hami_node_score_v(const struct gs_device *devs, size_t n,
    const struct hami_profile *hp)
{
	int32_t	used = 0, used_core = 0, used_mem = 0;
	int32_t	total = 0, total_core = 0, total_mem = 0;
	float	use_score, core_score, mem_score;
	size_t	i;

	for (i = 0; i < n; i++) {
		used = i32_add(used, devs[i].used);
		used_core = i32_add(used_core, devs[i].usedcores);
		used_mem = i32_add(used_mem, devs[i].usedmem);
	}
	for (i = 0; i < n; i++) {
		total = i32_add(total, devs[i].count);
		total_core = i32_add(total_core, devs[i].devcore);
		total_mem = i32_add(total_mem, devs[i].devmem);
	}
	if (hp->node_score_zero_guard && (total == 0 || total_core == 0 ||
	    total_mem == 0))
		return 0;
	use_score = (float)used / (float)total;
	core_score = (float)used_core / (float)total_core;
	mem_score = (float)used_mem / (float)total_mem;
	return (float)HAMI_WEIGHT * ((use_score + core_score) + mem_score);
}

int
hami_node_prefer(int spread, float sa, size_t a, float sb, size_t b)
{
	if (spread ? sa < sb : sa > sb)
		return 1;
	if (spread ? sa > sb : sa < sb)
		return 0;
	if (isnan(sa) != isnan(sb))
		return !isnan(sa);
	return a < b;
}

float
hami_device_score(const struct gs_device *d, const struct hami_req *r)
{
	return hami_device_score_v(d, r, hami_profile(NULL));
}

/*
 * ComputeScore with weights for slots, cores and memory: v2.10 reads them
 * from the pod (scoring_weights), earlier versions are weight 1 (and
 * 1.0f * x is x, so 10 * ((1*a + 1*b) + 1*c) is v2.9's
 * 10 * ((a + b) + c) bit for bit).
 * Go on amd64 rounds every product (no fused multiply-add).
 */
static float
device_score(const struct gs_device *d, const struct hami_req *reqs,
    size_t nreqs, const struct hami_profile *hp, int64_t w_slot, int64_t w_core,
    int64_t w_mem)
{
	int32_t	request = 0, core = 0, mem = 0;
	float	used_score, core_score, mem_score;
	size_t	i;

	if (hp->score_by_type &&
	    (d->count == 0 || d->devcore == 0 || d->devmem == 0))
		return 0;
	for (i = 0; i < nreqs; i++) {
		const struct hami_req *r = &reqs[i];

		if (hp->score_by_type) {
			/* Only the requests of the device's exact Type. */
			if (strcmp(d->type, gs_vendors[r->vendor].type) != 0)
				continue;
			request = i32_add(request, 1);
			core = i32_add(core, r->coresreq);
			if (r->mempct != 0 && r->mempct != 101)
				mem = i32_add(mem, (int32_t)((int64_t)d->devmem *
				    r->mempct / 100));
			else
				mem = i32_add(mem, r->memreq);
			continue;
		}
		request = i32_add(request, r->nums);
		core = i32_add(core, r->coresreq);
		if (r->mempct != 0 && r->mempct != 101)
			/* Integer pct / 100: 0 below 100%, the whole card at
			 * 100%. */
			mem = i32_add(mem, i32_mul(d->devmem,
			    i32_div(r->mempct, 100)));
		else
			mem = i32_add(mem, r->memreq);
	}
	used_score = (float)i32_add(request, d->used) / (float)d->count;
	core_score = (float)i32_add(core, d->usedcores) / (float)d->devcore;
	mem_score = (float)i32_add(mem, d->usedmem) / (float)d->devmem;
	return (float)HAMI_WEIGHT * (((float)w_slot * used_score +
	    (float)w_core * core_score) + (float)w_mem * mem_score);
}

float
hami_device_score_v(const struct gs_device *d, const struct hami_req *r,
    const struct hami_profile *hp)
{
	return device_score(d, r, 1, hp, 1, 1, 1);
}

float
hami_device_score_w(const struct gs_device *d, const struct hami_req *r,
    const struct hami_filter *f)
{
	return device_score(d, r, 1, f->hp, f->w_slot, f->w_core,
	    f->w_mem);
}

float
hami_device_score_c(const struct gs_device *d, const struct hami_creq *c,
    const struct hami_filter *f)
{
	return device_score(d, c->r, c->n, f->hp, f->w_slot, f->w_core,
	    f->w_mem);
}

/* strings.TrimSpace of [s, s+n) into a fresh string. */
static char *
trimmed(const char *s, size_t n)
{
	gs_trim_span(&s, &n);
	return xstrndup(s, n);
}

int
hami_parse_weights(const char *value, int64_t w[3], char *why, size_t len)
{
	static const char *const names[3] = { "slot", "core", "memory" };
	const char	*p = value, *q, *eq;
	char		*part = NULL, *key = NULL, *num = NULL;
	int		 seen[3] = { 0, 0, 0 }, k, nparts = 1, rc = -1;
	int64_t		 v;

#define BAD(...) do {							\
	snprintf(why, len, "invalid " HAMI_SCORING_WEIGHTS_ANNO		\
	    " annotation \"%s\": " __VA_ARGS__);			\
	goto out;							\
} while (0)
	w[0] = w[1] = w[2] = 0;
	for (q = value; *q; q++)
		nparts += *q == ',';
	if (nparts != 3)
		BAD("expected slot, core, and memory weights", value);
	for (;;) {
		q = strchr(p, ',');
		part = trimmed(p, q ? (size_t)(q - p) : strlen(p));
		if ((eq = strchr(part, '=')) == NULL)
			BAD("expected key=value entries", value);
		key = trimmed(part, (size_t)(eq - part));
		num = trimmed(eq + 1, strlen(eq + 1));
		for (k = 0; k < 3; k++)
			if (strcmp(key, names[k]) == 0 && seen[k])
				BAD("duplicate \"%s\" weight", value, key);
		if (gs_go_parse_int64(num, strlen(num), &v) != 0)
			BAD("\"%s\" weight must be an integer", value, key);
		if (v < 0)
			BAD("\"%s\" weight must not be negative", value, key);
		for (k = 0; k < 3; k++)
			if (strcmp(key, names[k]) == 0)
				break;
		if (k == 3)
			BAD("unknown weight \"%s\"", value, key);
		w[k] = v;
		seen[k] = 1;
		free(part);
		free(key);
		free(num);
		part = key = num = NULL;
		if (q == NULL)
			break;
		p = q + 1;
	}
	if (w[0] == 0 && w[1] == 0 && w[2] == 0)
		BAD("at least one weight must be positive", value);
	rc = 0;
out:
	free(part);
	free(key);
	free(num);
	return rc;
#undef BAD
}

void
hami_scratch_load(struct hami_scratch *s, const struct gs_node *node,
    int binpack)
{
	size_t	i;

	if (node->ndevs > s->cap) {
		s->cap = node->ndevs;
		s->devs = xreallocarray(s->devs, s->cap, sizeof *s->devs);
		s->score = xreallocarray(s->score, s->cap, sizeof *s->score);
		s->order = xreallocarray(s->order, s->cap, sizeof *s->order);
	}
	s->n = node->ndevs;
	s->binpack = binpack;
	s->f = NULL;
	s->node_vnpu_core = node->vnpu_core;
	s->node = node;
	if (s->n > 0)
		memcpy(s->devs, node->devs, s->n * sizeof *s->devs);
	for (i = 0; i < s->n; i++)
		s->order[i] = i;
}

void
hami_scratch_release(struct hami_scratch *s)
{
	free(s->devs);
	free(s->score);
	free(s->order);
	memset(s, 0, sizeof *s);
}

/* DeviceUsageList.Less on positions i, j of the current order. */
static int
device_less(void *ctx, size_t i, size_t j)
{
	const struct hami_scratch	*s = ctx;
	size_t				 a = s->order[i], b = s->order[j];
	int32_t				 na = s->devs[a].numa;
	int32_t				 nb = s->devs[b].numa;

	float				 sa = s->score[a], sb = s->score[b];
	int				 mode = s->f ? s->f->less_mode :
					     HL_NUMA_FIRST;
	size_t				 k;

	switch (mode) {
	case HL_NUMA_FIRST:
	case HL_NUMA_BIND:
		if (s->binpack) {
			if (na == nb)
				return sa < sb;
			return na > nb;
		}
		if (na == nb)
			return sa > sb;
		return na < nb;
	case HL_SCORE_FIRST:
		if (sa != sb)
			return s->binpack ? sa < sb : sa > sb;
		return na < nb;
	case HL_MUTEX:
		if (s->devs[a].used != s->devs[b].used)
			return s->devs[a].used > s->devs[b].used;
		return na < nb;
	default:
		break;
	}
	/* lessByChain. */
	for (k = 0; k < s->f->nchain; k++)
		switch (s->f->chain[k]) {
		case HK_BINPACK:
			if (sa != sb)
				return sa < sb;
			break;
		case HK_SPREAD:
			if (sa != sb)
				return sa > sb;
			break;
		default:
			if (na != nb)
				return na < nb;
			break;
		}
	return s->devs[a].index < s->devs[b].index;
}

static void
device_swap(void *ctx, size_t i, size_t j)
{
	struct hami_scratch	*s = ctx;
	size_t			 t = s->order[i];

	s->order[i] = s->order[j];
	s->order[j] = t;
}

void
hami_sort_devices(struct hami_scratch *s)
{
	struct gosort_iface	d = { s, device_less, device_swap };
	size_t			i, j;

	if (s->n <= 12) {
		/* Go's insertionSort, inlined for the common case. */
		for (i = 1; i < s->n; i++)
			for (j = i; j > 0 && device_less(s, j, j - 1); j--)
				device_swap(s, j, j - 1);
		return;
	}
	/* Up to 12 devices every Go sorts alike; beyond, the profile's Go. */
	gosort_sort(&d, s->n, s->f != NULL ? s->f->go_sort : GOSORT_PRE124);
}
