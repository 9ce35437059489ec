/*
 * sched/hami/neuron.c: what HAMi's AWS Neuron device
 * (pkg/device/awsneuron/device.go, v2.7.0 to v2.10.0) does beyond the
 * vendor table's row: MutateAdmission, GenerateResourceRequests (whole
 * devices, or NeuronCores taken as devices of one or two cores), and its
 * own Fit: several devices by graphSelect's contiguous runs, one device
 * by its core mask and the "awsusageinfo" CustomInfo that
 * addCoreUsage and AddResourceUsage keep.  Registration is
 * load/metax.c's gs_load_neuron_devices.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "sched/hami/neuron.h"
#include "sched/hami/vendor.h"
#include "util/int32.h"
#include "util/util.h"

/* v2.10's maxAWSNeuronDeviceCount, maxCoresPerNeuronDevice. */
#define NEURON_MAX_COUNT	INT32_MAX
#define NEURON_MAX_PER		2
#define NEURON_TYPE_LABEL	"node.kubernetes.io/instance-type"


/* v2.10 validateResourceRequest: the reason, or NULL. */
static const char *
validate(const struct gs_resval *v, enum gs_res r, int64_t max, char *buf,
    size_t len)
{
	if (!v->ok)
		snprintf(buf, len, "%s must be an integer", gs_res_names[r]);
	else if (v->v <= 0)
		snprintf(buf, len, "%s must be greater than 0",
		    gs_res_names[r]);
	else if (v->v > max)
		snprintf(buf, len, "%s must not exceed %lld", gs_res_names[r],
		    (long long)max);
	else
		return NULL;
	return buf;
}

/*
 * v2.10 coresPerDevice: the process's coresPerAWSNeuron (cores, set by
 * the first node GetNodeDevices registers with a share of at least one
 * core; hami_neuron_cores), capped at maxCoresPerNeuronDevice (2); 2 while
 * it is 0, before such a node registers.
 */
int32_t
hami_neuron_split_by(int32_t cores)
{
	return cores <= 0 || cores > NEURON_MAX_PER ? NEURON_MAX_PER : cores;
}

/*
 * v2.10 splitCoreRequest with coresPerDevice per (hami_neuron_split_by):
 * cores up to per are one device of that many, more must be a multiple
 * of per and at most MaxInt32 devices.  The reason, or NULL.
 */
static const char *
split_cores(int64_t cores, int32_t per_dev, int32_t *nums, int32_t *per,
    char *buf, size_t len)
{
	if (cores <= per_dev) {
		*nums = 1;
		*per = (int32_t)cores;
		return NULL;
	}
	if (cores % per_dev != 0) {
		snprintf(buf, len, "%s must be 1 or a multiple of %d, got %lld",
		    gs_res_names[GS_RES_NEURON_CORE], per_dev,
		    (long long)cores);
		return buf;
	}
	/* Only by 1: cores are at most 2 x MaxInt32. */
	if (cores / per_dev > NEURON_MAX_COUNT) {
		snprintf(buf, len, "%s needs %lld devices, which exceeds the "
		    "maximum of %d", gs_res_names[GS_RES_NEURON_CORE],
		    (long long)(cores / per_dev), NEURON_MAX_COUNT);
		return buf;
	}
	*nums = (int32_t)(cores / per_dev);
	*per = per_dev;
	return NULL;
}

/*
 * v2.10 MutateAdmission: the count (limits, else requests) must be an
 * integer in 1..MaxInt32; without it the cores (limits, else requests)
 * in 1..2 x MaxInt32 that splitCoreRequest takes.  cores: the cluster's
 * coresPerAWSNeuron (hami_neuron_cores; the webhook runs in the
 * scheduler's process, cmd/scheduler/main.go, and reads the same
 * device).  Up to v2.9 it refuses nothing.
 */
const char *
hami_neuron_webhook(const struct hami_profile *hp, int32_t cores,
    const struct gs_resval *lim, const struct gs_resval *req, char *buf,
    size_t len)
{
	const struct gs_resval	*v;
	const char		*why;
	int32_t			 nums, per;

	if (!hp->neuron_checks)
		return NULL;
	if ((v = hami_pick(lim, req, GS_RES_NEURON))->set)
		return validate(v, GS_RES_NEURON, NEURON_MAX_COUNT, buf, len);
	if (!(v = hami_pick(lim, req, GS_RES_NEURON_CORE))->set)
		return NULL;
	if ((why = validate(v, GS_RES_NEURON_CORE, 2 * (int64_t)INT32_MAX,
	    buf, len)) != NULL)
		return why;
	return split_cores(v->v, hami_neuron_split_by(cores), &nums, &per,
	    buf, len);
}

/* MutateAdmission reports a resource: the count or the cores in limits
 * (v2.10: or requests, and valid). */
int
hami_neuron_admits(const struct hami_profile *hp, int32_t cores,
    const struct gs_resval *lim, const struct gs_resval *req)
{
	char	buf[160];

	if (!hp->neuron_checks)
		return lim[GS_RES_NEURON].set || lim[GS_RES_NEURON_CORE].set;
	return (hami_pick(lim, req, GS_RES_NEURON)->set ||
	    hami_pick(lim, req, GS_RES_NEURON_CORE)->set) &&
	    hami_neuron_webhook(hp, cores, lim, req, buf, sizeof buf) == NULL;
}

/*
 * GenerateResourceRequests, limits before requests: a count asks Nums
 * whole devices of Coresreq coresPerAWSNeuron (HAMI_NEURON_PER_DEVICE
 * until hami_neuron_resolve); else n cores ask n/2 devices of 2 cores
 * (n >= 2) or one of 1 (n = 0 or 1) up to v2.9, and splitCoreRequest's
 * by hami_neuron_split_by(cores) from v2.10, which voids what the webhook
 * refuses.  A count that is no integer asks nothing, cores or not.
 */
void
hami_neuron_request(const struct gs_resval *lim, const struct gs_resval *req,
    const struct hami_profile *hp, int32_t cores, struct hami_req *out)
{
	const struct gs_resval	*v;
	char			 buf[160];
	int32_t			 nums = 0, per = 0;

	memset(out, 0, sizeof *out);
	if ((v = hami_pick(lim, req, GS_RES_NEURON))->set) {
		if (!v->ok || (hp->neuron_checks && validate(v, GS_RES_NEURON,
		    NEURON_MAX_COUNT, buf, sizeof buf) != NULL))
			return;
		nums = i32_from64(v->v);
		per = HAMI_NEURON_PER_DEVICE;
	} else if ((v = hami_pick(lim, req, GS_RES_NEURON_CORE))->set && v->ok) {
		if (hp->neuron_checks) {
			if (hami_neuron_webhook(hp, cores, lim, req, buf,
			    sizeof buf) != NULL)
				return;
			(void)split_cores(v->v, hami_neuron_split_by(cores),
			    &nums, &per, buf, sizeof buf);
		} else {
			nums = v->v >= 2 ? i32_from64(v->v / 2) : 1;
			per = v->v >= 2 ? 2 : 1;
		}
	} else
		return;
	if (nums <= 0)		/* Resourcereqs keeps Nums > 0 */
		return;
	out->nums = nums;
	out->coresreq = per;
	out->vendor = GV_NEURON;
}

int32_t
hami_neuron_cores(const struct gs_cluster *c)
{
	size_t	i, j;

	for (i = 0; c != NULL && i < c->nnodes; i++)
		for (j = 0; j < c->nodes[i].ndevs; j++)
			if (c->nodes[i].devs[j].vendor == GV_NEURON &&
			    c->nodes[i].devs[j].count > 0)
				return c->nodes[i].devs[j].count;
	return 0;
}

void
hami_neuron_resolve(struct hami_creq *reqs, size_t n,
    const struct gs_cluster *c)
{
	size_t	i, t;

	for (i = 0; i < n; i++)
		for (t = 0; t < reqs[i].n; t++)
			if (reqs[i].r[t].vendor == GV_NEURON &&
			    reqs[i].r[t].coresreq == HAMI_NEURON_PER_DEVICE)
				reqs[i].r[t].coresreq = hami_neuron_cores(c);
}

/* countMaskAvailable: the bits of a positive mask, 0 otherwise. */
int32_t
hami_neuron_popcount(int32_t mask)
{
	int32_t	n = 0;

	for (; mask > 0; mask /= 2)
		n += mask % 2;
	return n;
}

/* addCoreUsage: the awsusageinfo a grant of require cores carries. */
int64_t
hami_neuron_core_usage(const struct gs_device *d, int32_t require)
{
	int64_t	count = d->aws_info_set ? d->aws_info : 0;

	if (count == 0 && require == 2)
		return 3;
	if (count == 0 && require == 1)
		return 1;
	return 3 - count;
}

/*
 * continuousDeviceAvailable: positions start..start+count-1 of the list
 * exist and hold devices no container uses (v2.10: and healthy).
 */
static int
run_free(const struct hami_scratch *s, const size_t *list, size_t nl,
    size_t start, size_t count, int health)
{
	size_t	p;

	if (nl < start + count)
		return 0;
	for (p = start; p < start + count; p++)
		if (s->devs[list[p]].used > 0 ||
		    (health && !s->devs[list[p]].health))
			return 0;
	return 1;
}

/*
 * graphSelect: on an Inferentia node (instance type containing "inf" or
 * "Inf": a ring) the first run of count free positions; elsewhere a
 * count of 1, 4, 8 or 16 in runs aligned to it, and no other count.
 * The positions are in the sorted list, but Fit then grants, for each
 * position p, the device whose Index is p.  Returns the start, or -1.
 */
static long
graph_select(const struct hami_scratch *s, const size_t *list, size_t nl,
    size_t count, int health)
{
	const char	*type = gs_kv_get(&s->node->labels, NEURON_TYPE_LABEL);
	size_t		 start, step = count;

	if (type != NULL && (strstr(type, "inf") != NULL ||
	    strstr(type, "Inf") != NULL))
		step = 1;
	else if (count != 1 && count != 4 && count != 8 && count != 16)
		return -1;
	for (start = 0; start < nl; start += step)
		if (run_free(s, list, nl, start, count, health))
			return (long)start;
	return -1;
}

/* AddResourceUsage's CustomInfo: awsusageinfo (0 when unset) plus the
 * grant's. */
static void
add_usage(struct gs_device *d, int64_t info)
{
	if (!d->aws_info_set) {
		d->aws_info_set = 1;
		d->aws_info = 0;
	}
	d->aws_info = i64_add(d->aws_info, info);
}

/* Fit with Nums > 1: whole devices, Usedmem Totalmem and Usedcores
 * Totalcore each. */
static int
fit_devices(struct hami_scratch *s, const struct hami_req *k,
    const struct hami_filter *f, const size_t *list, size_t nl,
    struct gs_grant *tmp, int counts[HR_N])
{
	long	start = graph_select(s, list, nl, (size_t)k->nums,
		    f->hp->neuron_checks);
	size_t	p, q;
	int	n = 0;

	if (start < 0) {
		counts[HR_NUMA_NOT_FIT]++;
		/* GenReason(reason, len(reason)) up to v2.9: "1/1". */
		if (!f->hp->neuron_checks)
			s->cards_forced = 1;
		return -1;
	}
	for (p = (size_t)start; p < (size_t)start + (size_t)k->nums; p++)
		for (q = 0; q < nl; q++) {
			struct gs_device *d = &s->devs[list[q]];

			if ((size_t)d->index != p)
				continue;
			tmp[n].dev = (int)list[q];
			tmp[n].usedmem = d->devmem;
			tmp[n].usedcores = d->devcore;
			if (s->trace_result != NULL)
				s->trace_result[list[q]] = HR_N;
			add_usage(d, hami_neuron_core_usage(d, k->coresreq));
			n++;
			break;
		}
	return n;
}

#define FAIL(r)	HAMI_FIT_FAIL(r)

/* Fit with one device: from the end of the sorted list, the first whose
 * free core bits hold Coresreq. */
static int
fit_cores(struct hami_scratch *s, const struct hami_req *k,
    const struct hami_filter *f, const size_t *list, size_t nl,
    struct gs_grant *tmp, int counts[HR_N])
{
	size_t	p, di;
	int	tried = 0;
	int64_t	info;

	for (p = nl; p-- > 0;) {
		struct gs_device *d = &s->devs[di = list[p]];

		if (!d->aws_info_set) {
			d->aws_info_set = 1;
			d->aws_info = d->usedcores;
		}
		if (s->trace_try != NULL)
			s->trace_try[di] = ++tried;
		if (f->hp->vendor_health_check && !d->health)
			FAIL(HR_CARD_NOT_HEALTH);
		if (strstr(d->type, gs_vendors[GV_NEURON].type) == NULL)
			FAIL(HR_CARD_TYPE_MISMATCH);
		if (!vendor_uuid_ok(f, GV_NEURON, d))
			FAIL(HR_CARD_UUID_MISMATCH);
		if (d->count <= d->used)
			FAIL(HR_CARD_TIME_SLICING_EXHAUSTED);
		if (f->mutex && d->used > 0)
			FAIL(HR_EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT);
		if (hami_neuron_popcount(d->devcore) -
		    hami_neuron_popcount(d->usedcores) < k->coresreq)
			FAIL(HR_CARD_INSUFFICIENT_CORE);
		if (s->trace_result != NULL)
			s->trace_result[di] = HR_N;
		info = hami_neuron_core_usage(d, k->coresreq);
		tmp[0].dev = (int)di;
		tmp[0].usedmem = 0;
		tmp[0].usedcores = i32_from64(info);
		add_usage(d, info);
		return 1;
	}
	return -1;
}
#undef FAIL

int
hami_neuron_fit(struct hami_scratch *s, const struct hami_req *req,
    const struct hami_filter *f, struct gs_grant *tmp, int counts[HR_N])
{
	size_t	*list = xcalloc(s->n ? s->n : 1, sizeof *list), nl = 0, i;
	int	 n;

	/* getNodeResources: the type's devices, in the sorted order. */
	for (i = 0; i < s->n; i++)
		if (hami_of_type(&s->devs[s->order[i]], GV_NEURON, f->hp))
			list[nl++] = s->order[i];
	n = req->nums > 1 ? fit_devices(s, req, f, list, nl, tmp, counts) :
	    fit_cores(s, req, f, list, nl, tmp, counts);
	free(list);
	return n;
}
