/*
 * hami_score.c: HAMi v2.6.1's node score (NodeScore.ComputeDefaultScore),
 * device score (DeviceListsScore.ComputeScore) and device order
 * (DeviceUsageList.Less under sort.Sort).  float32 throughout, evaluated
 * in Go's order: 10 * ((a + b) + c).  Spec §3.4-§3.6, §3.12.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gosort.h"
#include "hami.h"
#include "int32.h"
#include "util.h"

#define HAMI_WEIGHT	10

float
hami_node_score(const struct gs_device *devs, size_t n)
{
	return hami_node_score_v(devs, n, 20601);
}

float
hami_node_score_v(const struct gs_device *devs, size_t n, int version)
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
	if (version >= 20900 && (total == 0 || total_core == 0 ||
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
	return hami_device_score_v(d, r, 20601);
}

float
hami_device_score_v(const struct gs_device *d, const struct hami_req *r,
    int version)
{
	int32_t	request, core, mem;
	float	used_score, core_score, mem_score;

	if (version >= 20900) {
		if (d->count == 0 || d->devcore == 0 || d->devmem == 0)
			return 0;
		request = core = mem = 0;
		if (strcmp(d->type, "NVIDIA") == 0) {
			request = 1;
			core = r->coresreq;
			if (r->mempct != 0 && r->mempct != 101)
				mem = (int32_t)((int64_t)d->devmem * r->mempct /
				    100);
			else
				mem = r->memreq;
		}
		goto score;
	}
	request = r->nums;
	core = r->coresreq;
	if (r->mempct != 0 && r->mempct != 101)
		/* Integer pct / 100: 0 below 100%, the whole card at 100%. */
		mem = i32_mul(d->devmem, i32_div(r->mempct, 100));
	else
		mem = r->memreq;
score:
	used_score = (float)i32_add(request, d->used) / (float)d->count;
	core_score = (float)i32_add(core, d->usedcores) / (float)d->devcore;
	mem_score = (float)i32_add(mem, d->usedmem) / (float)d->devmem;
	return (float)HAMI_WEIGHT * ((used_score + core_score) + mem_score);
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

	if (s->binpack) {
		if (na == nb)
			return s->score[a] < s->score[b];
		return na > nb;
	}
	if (na == nb)
		return s->score[a] > s->score[b];
	return na < nb;
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
	gosort_sort(&d, s->n);
}
