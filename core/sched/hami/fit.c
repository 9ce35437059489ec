/*
 * sched/hami/fit.c: HAMi v2.6.1's fitInDevices and fitInCertainDevice for
 * NVIDIA GPUs: device scores, sort, then a scan from the END of the sorted list
 * applying every check in HAMi's order, and the usage charge that later
 * containers of the same pod see.  The reason counts reproduce HAMi's own,
 * quirks included (up to v2.9 NumaNotFit and AllocatedCardsInsufficientRequest
 * count device types, not devices; v2.10 the devices).  Spec §2.1, §3.7, §3.8.
 *
 * Other vendors' requests go through the same loop: checkType is "the
 * device's Type contains the request's" and then the vendor's CheckType
 * (Hygon's use/nouse-dcutype; the others pass), CheckUUID reads the
 * vendor's own annotations, and every other check is shared, with the
 * versions' differences: from v2.7 each vendor sees only its type's
 * devices, vendors check health from v2.10 only, NUMA and device-cordon
 * are NVIDIA's, and Iluvatar's own Fit scans forward up to v2.8.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "sched/hami/neuron.h"
#include "sched/hami/vastai.h"
#include "sched/hami/metax.h"
#include "sched/hami/mig.h"
#include "util/int32.h"
#include "util/util.h"
#include "sched/hami/vendor.h"

const char *const hami_reason_names[HR_N] = {
	"ModeNotFit",
	"CardNotHealth",
	"CardCordoned",
	"CardTypeMismatch",
	"NumaNotFit",
	"CardUuidMismatch",
	"CardTimeSlicingExhausted",
	"ResourceQuotaNotFit",
	"CardInsufficientMemory",
	"CardInsufficientCore",
	"ExclusiveDeviceAllocateConflict",
	"CardComputeUnitsExhausted",
	"CardNotFoundCustomFilterRule",
	"AllocatedCardsInsufficientRequest",
	"CardMigTopologyInfeasible",
};

void
hami_format_reasons(const int counts[HR_N], size_t cards, int insufficient,
    char *buf, size_t len)
{
	size_t	off = 0;
	int	k;

	if (insufficient & HAMI_NODE_INSUFFICIENT) {
		snprintf(buf, len, "NodeInsufficientDevice");
		return;
	}
	buf[0] = '\0';
	for (k = 0; k < HR_N && off < len; k++)
		if (counts[k] != 0 || (k == HR_ALLOCATED_CARDS_INSUFFICIENT_REQUEST &&
		    (insufficient & HAMI_ALLOC_ZERO)))
			off += (size_t)snprintf(buf + off, len - off,
			    "%s%d/%zu %s", off ? ", " : "", counts[k], cards,
			    hami_reason_names[k]);
	/* v2.7-v2.9: no device of the type and nothing counted. */
	if (off == 0)
		snprintf(buf, len, "no device of the requested type "
		    "(HAMi gives an empty reason)");
}

/* strings.Split(s, ","), optionally upper-cased (strings.ToUpper). */
static char **
split_commas(const char *s, size_t *n, int upper)
{
	char	**v = NULL, *c;
	size_t	  cap = 0;
	const char *p = s, *q;

	*n = 0;
	for (;;) {
		q = strchr(p, ',');
		grow_array(&v, &cap, *n + 1, sizeof *v);
		v[*n] = xstrndup(p, q ? (size_t)(q - p) : strlen(p));
		for (c = v[*n]; upper && *c != '\0'; c++)
			*c = (char)toupper((unsigned char)*c);
		(*n)++;
		if (q == NULL)
			break;
		p = q + 1;
	}
	return v;
}

/*
 * v2.10's CheckType/CheckUUID lists: split on ',', each entry trimmed,
 * empty entries dropped.  An all-blank value is no constraint (*n = 0
 * and the caller clears its has_ flag).
 */
static char **
split_trimmed(const char *s, size_t *n, int upper)
{
	char	**v = split_commas(s, n, upper);
	size_t	  i, k = 0;

	for (i = 0; i < *n; i++) {
		const char	*t = v[i];
		size_t		 len = strlen(t);

		gs_trim_span(&t, &len);
		if (len == 0) {
			free(v[i]);
			continue;
		}
		memmove(v[i], t, len);
		v[i][len] = '\0';
		v[k++] = v[i];
	}
	*n = k;
	return v;
}

/* A filter annotation's entries as that profile splits them. */
static char **
split_list(const char *s, size_t *n, int upper, const struct hami_profile *hp)
{
	return hp->filter_lists_trimmed ? split_trimmed(s, n, upper) :
	    split_commas(s, n, upper);
}

static void
free_list(char **v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/*
 * gpu_policy_list (v2.10 gpu_policy.go, nvidia Fit): the GPU policy is a
 * comma list.  "mutex" and "topology-aware" are Fit filters wherever
 * they appear; binpack, spread and numa are sort keys.  A value with a
 * comma, or exactly "numa", sorts by the key chain (spread when it names
 * none, numa forced first under numa-bind, device index last); "mutex"
 * alone sorts busy GPUs first; other single values keep Less's own
 * branches.
 */
static void
filter_policy_list(struct hami_filter *f, const char *raw)
{
	static const char *const keys[] = { "binpack", "spread", "numa" };
	char		**parts;
	size_t		 n, i, k, j;
	int		 chain[3], nchain = 0;

	/* The entries, trimmed (PolicyContains, gpuSortKeyChain). */
	parts = split_trimmed(raw, &n, 0);
	for (i = 0; i < n; i++) {
		f->topology |= strcmp(parts[i], "topology-aware") == 0;
		f->mutex |= strcmp(parts[i], "mutex") == 0;
		for (k = 0; k < 3; k++) {
			if (strcmp(parts[i], keys[k]) != 0)
				continue;
			for (j = 0; j < (size_t)nchain; j++)
				if (chain[j] == (int)k)
					break;
			if (j == (size_t)nchain)
				chain[nchain++] = (int)k;
		}
	}
	free_list(parts, n);
	if (strchr(raw, ',') != NULL || strcmp(raw, "numa") == 0) {
		f->less_mode = HL_CHAIN;
		if (nchain == 0)
			chain[nchain++] = HK_SPREAD;
		if (f->numa_bind && chain[0] != HK_NUMA) {
			f->chain[f->nchain++] = HK_NUMA;
			for (j = 0; j < (size_t)nchain; j++)
				if (chain[j] != HK_NUMA)
					f->chain[f->nchain++] = chain[j];
		} else {
			for (j = 0; j < (size_t)nchain; j++)
				f->chain[f->nchain++] = chain[j];
		}
	} else if (strcmp(raw, "mutex") == 0)
		f->less_mode = HL_MUTEX;
}

/* scoring_weights: the pod's hami.io/device-scoring-weights, or the
 * error HAMi's calcScore fails with. */
static void
filter_weights(struct hami_filter *f, const struct gs_pod *pod)
{
	const char	*v;
	char		 why[256];
	int64_t		 w[3];

	if ((v = gs_kv_get(&pod->annotations, HAMI_SCORING_WEIGHTS_ANNO)) ==
	    NULL)
		return;
	if (hami_parse_weights(v, w, why, sizeof why) != 0)
		f->error = xstrdup(why);
	else {
		f->w_slot = w[0];
		f->w_core = w[1];
		f->w_mem = w[2];
	}
}

static const char *const gpu_policy_names[] = { "binpack", "spread",
    "topology-aware", "mutex", "numa" };

size_t
hami_gpu_policy_names(const struct hami_profile *hp, const char *const **names)
{
	*names = gpu_policy_names;
	/* binpack, spread; topology-aware; mutex, numa (each later
	 * release knows the earlier ones' too). */
	return hp->gpu_policy_list ? 5 : hp->topology_aware ? 3 : 2;
}

int
hami_gpu_policy_known(const char *v, const struct hami_profile *hp)
{
	const char *const *names;
	size_t	 nnames = hami_gpu_policy_names(hp, &names);
	size_t	 n, i, k;
	char	**parts;
	int	 ok = 1;

	if (!hp->gpu_policy_list) {
		for (k = 0; k < nnames; k++)
			if (strcmp(v, names[k]) == 0)
				return 1;
		return 0;
	}
	/* Empty entries are skipped, as HAMi's chain skips them. */
	parts = split_trimmed(v, &n, 0);
	for (i = 0; i < n && ok; i++) {
		for (k = 0; k < nnames; k++)
			if (strcmp(parts[i], names[k]) == 0)
				break;
		ok = k < nnames;
	}
	free_list(parts, n);
	return ok;
}

/* Is [p, end) one of the n names? */
static int
name_in(const char *p, const char *end, const char *const *names, size_t n)
{
	size_t	k;

	for (k = 0; k < n; k++)
		if (strlen(names[k]) == (size_t)(end - p) &&
		    strncmp(names[k], p, (size_t)(end - p)) == 0)
			return 1;
	return 0;
}

char *
hami_gpu_policy_unknown(const char *v, const struct hami_profile *hp)
{
	const char *const *names;
	size_t		 n = hami_gpu_policy_names(hp, &names);
	const char	*e, *end;

	if (!hp->gpu_policy_list)
		return NULL;
	for (; *v != '\0'; v = *e != '\0' ? e + 1 : e) {
		if ((e = strchr(v, ',')) == NULL)
			e = v + strlen(v);
		for (end = e; v < end && (*v == ' ' || *v == '\t'); v++)
			;
		while (end > v && (end[-1] == ' ' || end[-1] == '\t'))
			end--;
		if (end > v && !name_in(v, end, names, n))
			return xasprintf("%.*s", (int)(end - v), v);
	}
	return NULL;
}

/* A use/nouse filter annotation, as hp splits it; a blank value is no
 * constraint when the entries are trimmed. */
static int
filter_list(const struct gs_pod *pod, const char *key, int upper,
    const struct hami_profile *hp, char ***list, size_t *n)
{
	const char	*v;

	if ((v = gs_kv_get(&pod->annotations, key)) == NULL)
		return 0;
	*list = split_list(v, n, upper, hp);
	return !hp->filter_lists_trimmed || *n > 0;
}

void
hami_filter_init(struct hami_filter *f, const struct gs_pod *pod,
    const struct gs_config *cfg)
{
	const char			*v, *node_policy, *gpu_policy, *raw;
	const struct hami_profile	*hp = hami_profile(cfg);

	memset(f, 0, sizeof *f);
	f->annos = &pod->annotations;
	f->hp = hp;
	f->go_sort = hp->go_sort;
	f->has_use_type = filter_list(pod, HAMI_USE_TYPE_ANNO, 1, hp,
	    &f->use_type, &f->nuse_type);
	f->has_nouse_type = filter_list(pod, HAMI_NOUSE_TYPE_ANNO, 1, hp,
	    &f->nouse_type, &f->nnouse_type);
	f->has_use_uuid = filter_list(pod, HAMI_USE_UUID_ANNO, 0, hp,
	    &f->use_uuid, &f->nuse_uuid);
	f->has_nouse_uuid = filter_list(pod, HAMI_NOUSE_UUID_ANNO, 0, hp,
	    &f->nouse_uuid, &f->nnouse_uuid);
	f->vgpu_mode = gs_kv_get(&pod->annotations, HAMI_VGPU_MODE_ANNO);
	f->vnpu_core = hami_vnpu_core_mode(pod, hp);
	if ((v = gs_kv_get(&pod->annotations, HAMI_NUMA_BIND_ANNO)) != NULL)
		f->numa_bind = gs_go_parse_bool(v) == 1;
	hami_effective_policies(pod, cfg, &node_policy, &gpu_policy);
	f->node_spread = strcmp(node_policy, "spread") == 0;
	f->node_binpack = strcmp(hami_node_policy_value(pod, cfg),
	    "binpack") == 0;
	f->gpu_binpack = strcmp(gpu_policy, "binpack") == 0;
	raw = hami_gpu_policy_value(pod, cfg);
	f->less_mode = HL_NUMA_FIRST;
	if (hp->score_first)
		f->less_mode = f->numa_bind ? HL_NUMA_BIND : HL_SCORE_FIRST;
	f->w_slot = f->w_core = f->w_mem = 1;
	f->health_check = hp->health_check;
	if (hp->topology_aware)
		f->topology = strcmp(raw, "topology-aware") == 0;
	if (hp->gpu_policy_list)
		filter_policy_list(f, raw);
	f->cordon = hp->device_cordon;
	if (hp->scoring_weights)
		filter_weights(f, pod);
}

const char *
hami_node_policy_name(const char *value)
{
	return strcmp(value, "spread") == 0 ? "spread" : "binpack";
}

const char *
hami_gpu_policy_name(const char *value)
{
	return strcmp(value, "binpack") == 0 ? "binpack" : "spread";
}

void
hami_effective_policies(const struct gs_pod *pod, const struct gs_config *cfg,
    const char **node, const char **gpu)
{
	*node = hami_node_policy_name(hami_node_policy_value(pod, cfg));
	*gpu = hami_gpu_policy_name(hami_gpu_policy_value(pod, cfg));
}

const char *
hami_gpu_policy_value(const struct gs_pod *pod, const struct gs_config *cfg)
{
	const char	*v = cfg->override_policies ? NULL :
			    gs_kv_get(&pod->annotations, HAMI_GPU_POLICY_ANNO);

	return v != NULL ? v : cfg->gpu_policy;
}

void
hami_filter_release(struct hami_filter *f)
{
	free_list(f->use_type, f->nuse_type);
	free_list(f->nouse_type, f->nnouse_type);
	free_list(f->use_uuid, f->nuse_uuid);
	free_list(f->nouse_uuid, f->nnouse_uuid);
	free(f->error);
	memset(f, 0, sizeof *f);
}

/* strings.ToUpper of a device type (cut at 255 bytes) into up. */
static void
upper_type(const char *type, char up[256])
{
	size_t	i;

	for (i = 0; type[i] != '\0' && i < 255; i++)
		up[i] = (char)toupper((unsigned char)type[i]);
	up[i] = '\0';
}

int
hami_type_ok(const struct hami_filter *f, const struct gs_device *d)
{
	char	up[256];
	size_t	i;
	int	ok = 1;

	upper_type(d->type, up);
	if (f->has_use_type) {
		ok = 0;
		for (i = 0; i < f->nuse_type && !ok; i++)
			ok = strstr(up, f->use_type[i]) != NULL;
		if (!ok)
			return 0;
	}
	if (f->has_nouse_type)
		for (i = 0; i < f->nnouse_type; i++)
			if (strstr(up, f->nouse_type[i]) != NULL)
				return 0;
	if (f->vgpu_mode != NULL && strstr(f->vgpu_mode, d->mode) == NULL)
		return 0;
	return 1;
}

int
hami_uuid_ok(const struct hami_filter *f, const struct gs_device *d)
{
	size_t	i;

	if (f->has_use_uuid) {
		for (i = 0; i < f->nuse_uuid; i++)
			if (strcmp(f->use_uuid[i], d->id) == 0)
				break;
		if (i == f->nuse_uuid)
			return 0;
		/* Up to v2.9 the use list alone decides. */
		if (!f->hp->filter_lists_trimmed)
			return 1;
	}
	if (f->has_nouse_uuid)
		for (i = 0; i < f->nnouse_uuid; i++)
			if (strcmp(f->nouse_uuid[i], d->id) == 0)
				return 0;
	return 1;
}

int32_t
hami_memreq(const struct gs_device *d, const struct hami_req *k)
{
	int32_t	memreq = 0;

	if (k->memreq > 0)
		memreq = k->memreq;
	if (k->mempct != 101 && k->memreq == 0)
		memreq = i32_div(i32_mul(d->devmem, k->mempct), 100);
	return memreq;
}

int
hami_capacity_check(const struct gs_device *d, struct hami_req *k,
    int32_t *memreq)
{
	if (d->count <= d->used)
		return HR_CARD_TIME_SLICING_EXHAUSTED;
	if (k->coresreq > 100)
		k->coresreq = 100;	/* persists, as in HAMi */
	*memreq = hami_memreq(d, k);
	if (i32_sub(d->devmem, d->usedmem) < *memreq)
		return HR_CARD_INSUFFICIENT_MEMORY;
	if (i32_sub(d->devcore, d->usedcores) < k->coresreq)
		return HR_CARD_INSUFFICIENT_CORE;
	if (d->devcore == 100 && k->coresreq == 100 && d->used > 0)
		return HR_EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT;
	if (d->devcore != 0 && d->usedcores == d->devcore &&
	    k->coresreq == 0)
		return HR_CARD_COMPUTE_UNITS_EXHAUSTED;
	return -1;
}

/* A UUID list entry names the device. */
int
hami_uuid_hit(const char *entry, const char *id)
{
	return strcmp(entry, id) == 0;
}

/* A type list entry (upper-cased) is in the device's type, upper-cased. */
static int
type_hit(const char *entry, const char *type)
{
	char	up[256];

	upper_type(type, up);
	return strstr(up, entry) != NULL;
}

/* strings.TrimSpace(s) == "" */
static int
blank(const char *s)
{
	size_t	len = strlen(s);

	gs_trim_span(&s, &len);
	return len == 0;
}

/*
 * Does any entry of list hit value?  Up to v2.9 the entries are
 * strings.Split's, as they are (an empty one is contained in every type);
 * v2.10 trims them and drops the blank ones.
 */
static int
list_hit(const char *list, const struct hami_profile *hp, int upper,
    const char *value,
    int (*hit)(const char *entry, const char *value))
{
	char	**v;
	size_t	  n, i;
	int	  any = 0;

	v = split_list(list, &n, upper, hp);
	for (i = 0; i < n && !any; i++)
		any = hit(v[i], value);
	free_list(v, n);
	return any;
}

/*
 * A vendor's use/nouse annotation pair.  Up to v2.9, when the use list
 * is present it alone decides (hit must match), else the nouse list must
 * not match.  v2.10 (device.CheckType, CheckUUID): a blank value is no
 * constraint, and both lists apply.
 */
int
hami_use_nouse(const struct hami_filter *f, const char *use, const char *nouse,
    int upper, int (*hit)(const char *entry, const char *value),
    const char *value)
{
	const char	*v;
	const struct hami_profile *hp = f->hp;

	if (use == NULL || f->annos == NULL)
		return 1;
	if (hp->filter_lists_trimmed) {
		if ((v = gs_kv_get(f->annos, use)) != NULL && !blank(v) &&
		    !list_hit(v, hp, upper, value, hit))
			return 0;
		if ((v = gs_kv_get(f->annos, nouse)) != NULL && !blank(v) &&
		    list_hit(v, hp, upper, value, hit))
			return 0;
		return 1;
	}
	if ((v = gs_kv_get(f->annos, use)) != NULL)
		return list_hit(v, hp, upper, value, hit);
	if ((v = gs_kv_get(f->annos, nouse)) != NULL)
		return !list_hit(v, hp, upper, value, hit);
	return 1;
}

/* The vendor's CheckType after the Type containment test (Hygon's
 * use/nouse-dcutype; NVIDIA's own rules). */
static int
vendor_type_ok(const struct hami_filter *f, int vendor,
    const struct gs_device *d)
{
	if (vendor == GV_NVIDIA)
		return hami_type_ok(f, d);
	return hami_use_nouse(f, gs_vendors[vendor].use_type,
	    gs_vendors[vendor].nouse_type, 1, type_hit, d->type);
}

/* The vendor's CheckUUID. */
int
vendor_uuid_ok(const struct hami_filter *f, int vendor,
    const struct gs_device *d)
{
	if (vendor == GV_NVIDIA)
		return hami_uuid_ok(f, d);
	return hami_use_nouse(f, gs_vendors[vendor].use_uuid,
	    gs_vendors[vendor].nouse_uuid, 0, hami_uuid_hit, d->id);
}

/*
 * checkType refuses d: its Type does not contain the request's
 * ("NVIDIA"), or the vendor's own check (the pod's type filters) fails.
 * Biren's, Vastai's, older AMD's and Enflame's GCUs compare the request
 * with itself; v2.10 AMD's too, then reads its type filters.
 */
static int
type_refused(const struct hami_filter *f, int vendor,
    const struct gs_device *d)
{
	enum gs_vendor_fit	vfit = gs_vendors[vendor].fit;

	if (vfit == GVF_SLOTS || vfit == GVF_EXCLUSIVE)
		return 0;
	if (vfit != GVF_AMD && strstr(d->type, gs_vendors[vendor].type) ==
	    NULL)
		return 1;
	return !vendor_type_ok(f, vendor, d);
}

/*
 * Ascend's choice among the n devices it collected (tmp, scan order), and
 * Vastai's dies' (topo): v2.10's 910C takes whole modules and fails short;
 * with the 910 topology, exactly the request fits, more keep the first (one
 * device) or the best networks (v2.9's 910C: whole modules; Vastai: cards),
 * maybe fewer than asked.  Returns the grants, or -1.
 */
static int
ascend_pick(struct hami_scratch *s, const struct hami_req *req,
    const struct hami_filter *f, struct gs_grant *tmp, int n, int topo,
    int counts[HR_N])
{
	int32_t	orig = req->nums;
	int	c910 = req->vendor == GV_ASCEND910C, got;

	if (c910 && f->hp->ascend_910c_whole && orig > 1) {
		got = hami_ascend_combine_910c(s, tmp, n, orig);
		if (got == orig)
			return got;
		counts[HR_ALLOCATED_CARDS_INSUFFICIENT_REQUEST] = got;
		s->cards_forced = (size_t)orig;
		return -1;
	}
	if (topo && n == orig)
		return n;
	if (topo && n > orig) {
		if (orig == 1)
			return 1;
		if (c910)
			return hami_ascend_combine_910c(s, tmp, n, orig);
		return req->vendor == GV_VASTAI ? hami_vastai_combine(s, tmp,
		    n, orig) : hami_ascend_combine(s, req->vendor, f->hp, tmp,
		    n, orig);
	}
	if (n > 0)
		counts[HR_ALLOCATED_CARDS_INSUFFICIENT_REQUEST] =
		    f->hp->reason_counts_devices ? n : 1;
	return -1;
}

/* ascend_pick, with explain's trace: what was collected but not kept
 * says so. */
static int
ascend_choose(struct hami_scratch *s, const struct hami_req *req,
    const struct hami_filter *f, struct gs_grant *tmp, int n, int topo,
    int counts[HR_N])
{
	int	got, i, *fitted;

	if (s->trace_result == NULL)
		return ascend_pick(s, req, f, tmp, n, topo, counts);
	fitted = xcalloc((size_t)n + 1, sizeof *fitted);
	for (i = 0; i < n; i++) {
		fitted[i] = tmp[i].dev;
		s->trace_result[tmp[i].dev] = HAMI_TRACE_NOT_KEPT;
	}
	/* On failure every device that fitted stays "chosen", as in the
	 * other Fits' traces. */
	if ((got = ascend_pick(s, req, f, tmp, n, topo, counts)) < 0)
		for (i = 0; i < n; i++)
			s->trace_result[fitted[i]] = HR_N;
	for (i = 0; i < got; i++)
		s->trace_result[tmp[i].dev] = HR_N;
	free(fitted);
	return got;
}

/* hami_topology_choose, with explain's trace of the GPUs not kept. */
static int
topology_trace(struct hami_scratch *s, const struct hami_req *req,
    struct gs_grant *tmp, int n)
{
	int	i, got;

	if (s->trace_result != NULL)
		for (i = 0; i < n; i++)
			s->trace_result[tmp[i].dev] = HAMI_TRACE_NOT_KEPT;
	got = hami_topology_choose(s, req, tmp, n);
	if (s->trace_result != NULL)
		for (i = 0; i < got; i++)
			s->trace_result[tmp[i].dev] = HR_N;
	return got;
}

/*
 * v2.7+ fitQuota (sched/hami/quota.c), between the slot and the memory checks,
 * after the cores clamp (which persists, as in HAMi): does the
 * namespace's quota refuse device di for request *k?
 */
static int
quota_refused(const struct hami_scratch *s, int vendor, struct hami_req *k,
    const struct gs_grant *tmp, int ntmp, size_t di)
{
	const struct gs_device	*d = &s->devs[di];

	if (s->quota == NULL || d->count <= d->used)
		return 0;
	if (k->coresreq > 100)
		k->coresreq = 100;
	return hami_quota_refuses(s, vendor, tmp, ntmp, (int)di,
	    hami_memreq(d, k), k->coresreq);
}

/*
 * A GPU of another NUMA node than the last (numa-bind): the request
 * starts again there, and the GPUs already picked count as NumaNotFit
 * (len(tmpDevs): the types (one) up to v2.9, v2.10 len(tmpDevs[k.Type]):
 * the devices).
 */
static void
numa_restart(const struct hami_filter *f, const struct gs_device *d,
    struct hami_req *k, int32_t orig, int32_t *prevnuma, int *ntmp,
    int counts[HR_N])
{
	if (k->nums != orig)
		counts[HR_NUMA_NOT_FIT] += f->hp->reason_counts_devices ?
		    *ntmp : *ntmp > 0;
	k->nums = orig;
	*prevnuma = d->numa;
	*ntmp = 0;
}

#define FAIL(r)	HAMI_FIT_FAIL(r)
/*
 * Does the Fit collect every fitting device, then choose among them
 * (*topo: by topology)?  Vastai's die mode (every die, *topo already
 * set), Ascend 910's networks and 910C's whole modules (its own Fit,
 * ascend), NVIDIA's topology-aware policy (v2.7+: needTopology, then the
 * link score).
 */
static int
fit_collects(struct hami_scratch *s, const struct hami_req *req,
    const struct hami_filter *f, int ascend, int *topo)
{
	int	collect = *topo;

	if (ascend) {
		*topo = gs_vendor_is_ascend910(req->vendor) &&
		    hami_ascend_all_networked(s, req->vendor, f->hp);
		collect = *topo || (req->vendor == GV_ASCEND910C &&
		    f->hp->ascend_910c_whole && req->nums > 1);
	}
	if (req->vendor == GV_NVIDIA && f->topology)
		collect = 1;
	return collect;
}

/*
 * fitInCertainDevice (and, from v2.7, Ascend's own Fit): returns the
 * number of grants on success, else -1.
 */
static int
fit_certain(struct hami_scratch *s, const struct hami_req *req,
    const struct hami_filter *f, struct gs_grant *tmp, int counts[HR_N])
{
	struct hami_req	k = *req;
	int32_t		orig = k.nums, memreq, cores, prevnuma = -1;
	int32_t		slots = 0;	/* Enflame DRS: a grant's slices */
	int		ntmp = 0, tried = 0, r, nvidia = req->vendor == GV_NVIDIA;
	/* Iluvatar's own Fit (v2.7.0's capacity form, then per model)
	 * scans from the START up to v2.8. */
	int		forward = (gs_vendor_is_iluvatar_model(req->vendor) ||
			    req->vendor == GV_ILUVATAR) &&
			    f->hp->iluvatar_forward;
	/* Ascend's own Fit (v2.7+): no type test, 910 topology, 910C. */
	int		ascend = f->hp->ascend_own_fit &&
			    gs_vendor_is_ascend(req->vendor);
	int		die = hami_vastai_die(s, req, f->hp), topo = die;
	int		collect;
	long		i, step, revisit = -1;

	if ((ascend && hami_ascend_mode_refused(s, &k, f)) || (req->vendor ==
	    GV_ENFLAME_DRS && hami_drs_mode_refused(s->node, &k, &slots))) {
		counts[HR_MODE_NOT_FIT]++;
		return -1;
	}
	collect = fit_collects(s, req, f, ascend, &topo);
	step = forward ? 1 : -1;
	for (i = forward ? 0 : (long)s->n - 1; i >= 0 && i < (long)s->n;
	    i += revisit == i ? 0 : step) {
		size_t			 di = s->order[i];
		const struct gs_device	*d = &s->devs[di];
		struct gs_device	 eff;

		/* v2.7+: each vendor's Fit sees only the devices whose Type
		 * contains the request's (getNodeResources; v2.10 in any
		 * case); the others are neither tried nor counted. */
		if (f->hp->fit_by_type &&
		    !hami_of_type(d, req->vendor, f->hp))
			continue;
		if (s->trace_try != NULL && revisit != i)	/* not again */
			s->trace_try[di] = ++tried;
		revisit = -1;

		/* Unhealthy first: NVIDIA's Fit from v2.7, the others' v2.10. */
		if (f->health_check && (nvidia || f->hp->vendor_health_check) &&
		    !d->health) {
			FAIL(HR_CARD_NOT_HEALTH);
		}
		/* v2.10: a GPU in the node's hami.io/device-cordon (NVIDIA's
		 * Fit alone reads it). */
		if (f->cordon && nvidia && d->cordoned) {
			FAIL(HR_CARD_CORDONED);
		}
		/* checkType; Ascend's own (v2.7+) compares the request with
		 * itself. */
		if (!ascend && type_refused(f, req->vendor, d)) {
			FAIL(HR_CARD_TYPE_MISMATCH);
		}
		/* Only NVIDIA's CheckType asserts NUMA (numa-bind). */
		if (f->numa_bind && nvidia && prevnuma != d->numa)
			numa_restart(f, d, &k, orig, &prevnuma, &ntmp, counts);
		if (!vendor_uuid_ok(f, req->vendor, d)) {
			FAIL(HR_CARD_UUID_MISMATCH);
		}
		/* v2.10 "mutex": only idle GPUs and cards (after the slots). */
		if (f->mutex && hami_mutex_refused(s, f->hp, d, die)) {
			FAIL(HR_EXCLUSIVE_DEVICE_ALLOCATE_CONFLICT);
		}
		/* Ascend v2.9+ in hami-core mode: the cores checks count
		 * against 100, not the device's own. */
		if (ascend && f->vnpu_core) {
			eff = *d;
			eff.devcore = 100;
			d = &eff;
		}
		if (quota_refused(s, req->vendor, &k, tmp, ntmp, di))
			FAIL(HR_RESOURCE_QUOTA_NOT_FIT);
		/* The slots, memory and cores, and the vendor's own rules
		 * (sched/hami/vendor_fit.c). */
		if ((r = hami_vendor_capacity(s, d, &k, &memreq, &cores)) >= 0)
			FAIL(r);
		/* CustomFilterRule: a MIG GPU's (sched/hami/mig.c). */
		if ((r = hami_mig_rule(f, d, di, tmp, ntmp, memreq,
		    k.memreq)) >= 0)
			FAIL(r);
		if (s->trace_result != NULL)
			s->trace_result[di] = HR_N;
		if (k.nums > 0) {
			if (!collect)
				k.nums--;
			tmp[ntmp].dev = (int)di;
			tmp[ntmp].usedmem = memreq;
			tmp[ntmp].usedcores = cores;
			tmp[ntmp++].slots = slots;
		}
		if (k.nums == 0 && !collect)
			return ntmp;
		/* v2.10 Fit's `i++`: a MIG GPU again (several instances). */
		revisit = hami_mig_again(f, d) ? i : -1;
	}
#undef FAIL
	if (collect && (ascend || die))
		return ascend_choose(s, req, f, tmp, ntmp, topo, counts);
	if (collect && ntmp >= orig)
		return topology_trace(s, req, tmp, ntmp);
	/* len(tmpDevs[k.Type]) from v2.10; len(tmpDevs) before and in gcu.go. */
	if (ntmp > 0)
		counts[HR_ALLOCATED_CARDS_INSUFFICIENT_REQUEST] =
		    f->hp->reason_counts_devices &&
		    gs_vendors[req->vendor].fit != GVF_EXCLUSIVE ? ntmp : 1;
	return -1;
}

/*
 * The devices a request of vendor is measured against: all of the node's
 * up to v2.6 (NodeInsufficientDevice) and v2.9 (HAMi's reason totals
 * from v2.7 count the type's); from v2.10 both count those whose Type
 * contains the request's in any case.
 */
static size_t
type_devices(const struct hami_scratch *s, int vendor,
    const struct hami_profile *hp, int for_reasons)
{
	size_t	i, n = 0;

	if (!hp->fit_by_type || (!hp->insufficient_by_type && !for_reasons))
		return s->n;
	for (i = 0; i < s->n; i++)
		n += hami_of_type(&s->devs[i], vendor, hp);
	return n;
}

/* One type's request: NodeInsufficientDevice, sort, scan, charge.  Returns
 * the grants made, or -1. */
static int
fit_type(struct hami_scratch *s, const struct hami_req *req,
    const struct hami_filter *f, struct gs_grant *grants, int counts[HR_N],
    int *insufficient_devices)
{
	int	n, g;

	if ((size_t)req->nums > type_devices(s, req->vendor, f->hp, 0) &&
	    !hami_mig_request(s, req, f)) {
		if (insufficient_devices != NULL)
			*insufficient_devices = HAMI_NODE_INSUFFICIENT;
		s->cards = type_devices(s, req->vendor, f->hp, 1);
		return -1;
	}
	s->f = f;
	hami_sort_devices(s);
	s->cards_forced = 0;
	/* The vendor's own Fit: Kunlun's (sched/hami/kunlun.c), AWS
	 * Neuron's (sched/hami/neuron.c). */
	switch (gs_vendors[req->vendor].fit) {
	case GVF_KUNLUN:
		n = hami_kunlun_fit(s, req, f, grants, counts);
		break;
	case GVF_NEURON:
		n = hami_neuron_fit(s, req, f, grants, counts);
		break;
	default:
		n = fit_certain(s, req, f, grants, counts);
	}
	if (n < 0) {
		/* v2.10's 910C counts its whole modules even when none. */
		if (s->cards_forced && req->vendor == GV_ASCEND910C &&
		    counts[HR_ALLOCATED_CARDS_INSUFFICIENT_REQUEST] == 0 &&
		    insufficient_devices != NULL)
			*insufficient_devices = HAMI_ALLOC_ZERO;
		/* GenReason's total: the type's devices (v2.10's 910C: the
		 * request). */
		s->cards = s->cards_forced ? s->cards_forced :
		    type_devices(s, req->vendor, f->hp, 1);
		return -1;
	}
	/* AddResourceUsage: later containers of this pod see the charge;
	 * on a MIG-mode GPU the instance's memory (and cores: v2.8+). */
	for (g = 0; g < n; g++) {
		struct gs_device *d = &s->devs[grants[g].dev];

		if (hami_mig_add(f, req->vendor, d, &grants[g]) != 0)
			return -1;
		hami_vendor_add(req->vendor, d, &grants[g]);
	}
	return n;
}

int
hami_fit_container(struct hami_scratch *s, const struct hami_creq *c,
    const struct hami_filter *f, struct gs_grant *grants, int counts[HR_N],
    int *insufficient_devices)
{
	int	local[HR_N], n, total = 0;
	size_t	i, t;

	if (counts == NULL)
		counts = local;
	memset(counts, 0, sizeof local);
	if (insufficient_devices != NULL)
		*insufficient_devices = 0;
	memset(s->type_grants, 0, sizeof s->type_grants);
	s->ngrants = 0;
	/* Every device scored once, with all of the container's requests. */
	for (i = 0; i < s->n; i++)
		s->score[i] = hami_device_score_c(&s->devs[i], c, f);
	for (t = 0; t < c->n; t++) {
		/* HAMi reports the reasons of the type that failed alone
		 * (fitInCertainDevice's own map). */
		memset(counts, 0, sizeof local);
		if ((n = fit_type(s, &c->r[t], f, grants + total, counts,
		    insufficient_devices)) < 0)
			return 0;
		s->type_grants[t] = n;
		total += n;
		if (c->r[t].vendor == GV_METAX && n > 0)
			s->metax_granted = 1;
		if (c->r[t].vendor == GV_MTHREADS)
			hami_mthreads_note(s, grants + total - n, n);
	}
	s->ngrants = total;
	return 1;
}

size_t
hami_grant_capacity(size_t ndevs)
{
	return (ndevs ? ndevs : 1) * HAMI_MAX_TYPES;
}

int
hami_fit_request(struct hami_scratch *s, const struct hami_req *r,
    const struct hami_filter *f, struct gs_grant *grants, int counts[HR_N],
    int *insufficient_devices)
{
	struct hami_creq	c;

	memset(&c, 0, sizeof c);
	if (r->nums > 0) {
		c.r[0] = *r;
		c.n = 1;
		c.nums = r->nums;
	}
	return hami_fit_container(s, &c, f, grants, counts,
	    insufficient_devices);
}
