/*
 * load/lint.c: manifest checks, once per source object (not per replica):
 * policy values, gpumem, GPU counts and memory against the cluster,
 * misspelled hami.io/ and nvidia.com/ annotation keys, empty entries in
 * the GPU filter lists, use-gputype naming no GPU of the cluster, gpumem
 * beside gpumem-percentage, a per-pod KAI placement strategy (KAI has
 * none), and objects defined twice.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "sched/hami/vendor.h"
#include "load/lint.h"
#include "load/scenario.h"
#include "model/dra.h"
#include "sched/dra/extres.h"
#include "sched/dra/kversion.h"
#include "sched/policy.h"
#include "util/suggest.h"
#include "util/util.h"

/* A per-pod placement strategy users expect of KAI; it reads none. */
#define KAI_STRATEGY_ANNO	"scheduling.run.ai/scheduling-strategy"

/* How many typos a misspelled key may hold and still be named. */
#define GS_LINT_TYPOS	3

/* What the cluster offers, computed once per run. */
struct lint_cluster {
	const struct gs_cluster	*c;		/* NULL: no -c */
	size_t			 maxdevs;
	int32_t			 maxmem;
	char			**types;	/* NVIDIA types, upper-cased */
	size_t			 ntypes, captypes;
	int			 hami_memory;	/* reads_hami_memory */
	int			 all_dra;	/* every run: dra profiles */
};

/* Pod annotation keys HAMi reads (users set them); weights: only a
 * profile with scoring_weights reads it. */
static const struct {
	const char	*key;
	int		 weights;
} user_keys[] = {
	{ HAMI_NODE_POLICY_ANNO, 0 },
	{ HAMI_GPU_POLICY_ANNO, 0 },
	{ HAMI_USE_TYPE_ANNO, 0 },
	{ HAMI_NOUSE_TYPE_ANNO, 0 },
	{ HAMI_USE_UUID_ANNO, 0 },
	{ HAMI_NOUSE_UUID_ANNO, 0 },
	{ HAMI_NUMA_BIND_ANNO, 0 },
	{ HAMI_VGPU_MODE_ANNO, 0 },
	{ HAMI_SCORING_WEIGHTS_ANNO, 1 },
};
#define NUSER_KEYS	(sizeof user_keys / sizeof user_keys[0])

/* Keys HAMi itself writes on pods it placed (a running pod's dump). */
static const char *const hami_written[] = {
	"hami.io/vgpu-node", "hami.io/vgpu-time", "hami.io/bind-phase",
	"hami.io/bind-time", "hami.io/vgpu-devices-allocated",
	"hami.io/vgpu-devices-to-allocate", "hami.io/mutex.lock",
};

static int
same_object(const struct gs_pod *a, const struct gs_pod *b)
{
	return b != NULL && strcmp(a->src_file, b->src_file) == 0 &&
	    a->src_line == b->src_line && a->src_col == b->src_col &&
	    strcmp(a->workload, b->workload) == 0;
}

static int
has_suffix(const char *s, const char *suffix)
{
	size_t	ls = strlen(s), lx = strlen(suffix);

	return ls >= lx && strcmp(s + ls - lx, suffix) == 0;
}

/*
 * A hami.io/ or nvidia.com/ pod annotation HAMi does not read, close to
 * one it does: a misspelling (HAMi ignores unknown keys silently).
 */
static size_t
lint_keys(const struct gs_pod *p, const char *cfg_profile,
    const struct hami_profile *hp, struct gs_warnings *out)
{
	const char	*cand[NUSER_KEYS], *near;
	size_t		 i, k, nc = 0, n = 0;

	for (k = 0; k < NUSER_KEYS; k++)
		cand[nc++] = user_keys[k].key;
	for (i = 0; i < p->annotations.n; i++) {
		const char *key = p->annotations.v[i].key;
		int	    known = 0;

		if (strncmp(key, "hami.io/", 8) != 0 &&
		    strncmp(key, "nvidia.com/", 11) != 0)
			continue;
		for (k = 0; k < NUSER_KEYS; k++)
			if (strcmp(key, user_keys[k].key) == 0) {
				known = 1;
				if (user_keys[k].weights &&
				    !hp->scoring_weights) {
					gs_warn(out, p->src_file, p->src_line,
					    p->src_col, "%s: annotation '%s' is "
					    "read from HAMi v2.10 on: %s "
					    "ignores it", p->workload, key,
					    cfg_profile);
					n++;
				}
			}
		for (k = 0; k < sizeof hami_written / sizeof *hami_written;
		    k++)
			known |= strcmp(key, hami_written[k]) == 0;
		known |= has_suffix(key, "-devices-allocated") ||
		    has_suffix(key, "-devices-to-allocate");
		if (known || (near = gs_suggest_within(key, cand, nc,
		    GS_LINT_TYPOS)) == NULL)
			continue;
		gs_warn(out, p->src_file, p->src_line, p->src_col, "%s: unknown "
		    "annotation '%s': HAMi does not read it (did you mean "
		    "'%s'?)", p->workload, key, near);
		n++;
	}
	return n;
}

/* Does strings.Split(v, ",") hold an empty string? */
static int
has_empty_entry(const char *v)
{
	return *v == '\0' || *v == ',' || v[strlen(v) - 1] == ',' ||
	    strstr(v, ",,") != NULL;
}

/*
 * An empty entry in a filter list: v2.6.1-v2.9 split with strings.Split
 * on ',' and keep it (checkGPUtype and CheckUUID, pkg/device/nvidia/
 * device.go): strings.Contains(type, "") holds for every type, no GPU has
 * the UUID "".  v2.10 trims the entries and drops empty ones.
 */
static size_t
lint_empty_entries(const struct gs_pod *p, const struct hami_profile *hp,
    struct gs_warnings *out)
{
	static const struct {
		const char	*key, *effect;
	} t[] = {
		{ HAMI_NOUSE_TYPE_ANNO, "\"\" is contained in every GPU type, "
		    "so every GPU is refused (CardTypeMismatch) and the pod "
		    "stays pending" },
		{ HAMI_USE_TYPE_ANNO, "\"\" is contained in every GPU type, "
		    "so the list lets every GPU through" },
		{ HAMI_USE_UUID_ANNO, "no GPU has the UUID \"\": the entry "
		    "matches nothing (alone, it refuses every GPU)" },
		{ HAMI_NOUSE_UUID_ANNO, "no GPU has the UUID \"\": the entry "
		    "excludes nothing" },
	};
	const char	*v;
	size_t		 k, n = 0;

	for (k = 0; k < sizeof t / sizeof t[0]; k++) {
		if ((v = gs_kv_get(&p->annotations, t[k].key)) == NULL ||
		    !has_empty_entry(v))
			continue;
		gs_warn(out, p->src_file, p->src_line, p->src_col, "%s: %s '%s' "
		    "has an empty entry: HAMi up to v2.9 keeps it "
		    "(strings.Split), and %s%s", p->workload, t[k].key, v,
		    t[k].effect, hp->filter_lists_trimmed ?
		    "; v2.10 drops empty "
		    "entries" : "");
		n++;
	}
	return n;
}

static void
upper(char *s)
{
	for (; *s; s++)
		*s = (char)toupper((unsigned char)*s);
}

/* Does any NVIDIA GPU type of the cluster contain entry (checkGPUtype:
 * both upper-cased)? */
static int
type_present(const struct lint_cluster *lc, const char *entry)
{
	char	*e = xstrdup(entry);
	size_t	 i;
	int	 found = 0;

	upper(e);
	for (i = 0; i < lc->ntypes && !found; i++)
		found = strstr(lc->types[i], e) != NULL;
	free(e);
	return found;
}

/* use-gputype entries that no GPU of the cluster has (-c only). */
static size_t
lint_use_type(const struct gs_pod *p, const struct lint_cluster *lc,
    struct gs_warnings *out)
{
	const char	*v, *s, *q;
	size_t		 n = 0, matched = 0, k, len;
	char		*missing[16];

	if (lc->c == NULL ||
	    (v = gs_kv_get(&p->annotations, HAMI_USE_TYPE_ANNO)) == NULL)
		return 0;
	for (s = v; ; s = q + 1) {
		char	*entry;

		q = strchr(s, ',');
		len = q ? (size_t)(q - s) : strlen(s);
		entry = xstrndup(s, len);
		if (len == 0 || type_present(lc, entry))
			matched++;		/* "" matches every type */
		else if (n < sizeof missing / sizeof *missing)
			missing[n++] = entry, entry = NULL;
		free(entry);
		if (q == NULL)
			break;
	}
	for (k = 0; k < n; k++) {
		gs_warn(out, p->src_file, p->src_line, p->src_col, "%s: %s "
		    "entry '%s' is in no GPU type of the cluster%s", p->workload,
		    HAMI_USE_TYPE_ANNO, missing[k], matched ? "" : ": no GPU "
		    "passes, the pod stays pending (CardTypeMismatch)");
		free(missing[k]);
	}
	return n;
}

/*
 * Does the run's scheduler read nvidia.com/gpu without gpumem as HAMi
 * does (each GPU's whole memory, shareable with gpumem)?  kube-scheduler
 * and KAI count it as whole devices (or the device plugin's replicas):
 * there gpumem is no advice.
 */
static int
reads_hami_memory(const struct gs_config *cfg)
{
	const struct gs_policy *p = cfg->profile != NULL ?
	    gs_policy_find(cfg->profile) : NULL;

	return p == NULL || (strcmp(p->family, "kube") != 0 &&
	    strcmp(p->family, "kai") != 0);
}

/* Is the pod HAMi's to read: naming no scheduler, the default or
 * hami-scheduler (a pod naming kai-scheduler is KAI's, sched/route.c)? */
static int
names_hami(const struct gs_pod *p)
{
	return p->scheduler_name == NULL ||
	    strcmp(p->scheduler_name, "default-scheduler") == 0 ||
	    strcmp(p->scheduler_name, "hami-scheduler") == 0;
}

/*
 * Is the container DRA's, not HAMi's: every run is under a dra profile
 * and it asks a resource a DeviceClass maps (KEP-5004, the class
 * sched/dra/extres.c gs_dra_class_for_ext finds, after
 * extendeddynamicresources.go's preFilterExtendedResources)?  HAMi's
 * fit (NodeInsufficientDevice, CardInsufficientMemory) says nothing of
 * it then.
 */
static int
dra_owned(const struct lint_cluster *lc, const struct gs_container *ctr)
{
	size_t	i;

	for (i = 0; lc->all_dra && lc->c != NULL && i < ctr->next; i++)
		if (gs_dra_class_for_ext(lc->c->dra, ctr->ext[i].name) != NULL)
			return 1;
	return 0;
}

/* Checks of one container's request. */
static size_t
lint_container(const struct gs_pod *p, const struct gs_container *ctr,
    const struct lint_cluster *lc, const struct gs_config *cfg,
    struct gs_warnings *out)
{
	struct hami_req	 r;
	const char	*cn = ctr->name;
	size_t		 n = 0;
	int		 hami_fit = lc->c != NULL && !dra_owned(lc, ctr);

	hami_build_request(ctr, cfg, &r);
	if (r.nums == 0)
		return 0;
	if (r.memreq == 0 && r.mempct == 100 && lc->hami_memory &&
	    names_hami(p) && !ctr->lim[GS_RES_GPUMEM_PCT].set &&
	    !ctr->req[GS_RES_GPUMEM_PCT].set) {
		gs_warn(out, p->src_file, p->src_line, p->src_col, "%s: "
		    "container '%s' asks for nvidia.com/gpu without "
		    "nvidia.com/gpumem: HAMi gives it each GPU's whole memory "
		    "(set gpumem or gpumem-percentage to share GPUs)",
		    p->workload, cn);
		n++;
	}
	/* fitInCertainDevice (pkg/scheduler/score.go v2.6.1): Memreq when
	 * above 0, the percentage only when Memreq is 0. */
	if (r.memreq > 0 && r.mempct != 101) {
		gs_warn(out, p->src_file, p->src_line, p->src_col, "%s: "
		    "container '%s' sets both nvidia.com/gpumem and "
		    "nvidia.com/gpumem-percentage: HAMi uses gpumem (%d MiB) "
		    "and ignores the percentage", p->workload, cn, r.memreq);
		n++;
	}
	if (hami_fit && (size_t)r.nums > lc->maxdevs) {
		gs_warn(out, p->src_file, p->src_line, p->src_col, "%s: "
		    "container '%s' asks for %d GPUs, no node has more than "
		    "%zu: it stays pending (NodeInsufficientDevice)",
		    p->workload, cn, r.nums, lc->maxdevs);
		n++;
	}
	if (hami_fit && r.memreq > lc->maxmem) {
		gs_warn(out, p->src_file, p->src_line, p->src_col, "%s: "
		    "container '%s' asks for %d MiB per GPU, the largest GPU "
		    "has %d MiB: it stays pending (CardInsufficientMemory)",
		    p->workload, cn, r.memreq, lc->maxmem);
		n++;
	}
	return n;
}

/*
 * Metax sGPU (pkg/device/metax/sdevice.go) is simulated under the HAMi
 * rows with metax_sgpu only: under the others a pod asking its
 * resources is left to kube-scheduler as one without GPU request, and a
 * node's metax-tech.com/node-gpu-devices registers nothing.  Said once
 * per pod and node, where they are.
 */
static int
asks_metax_sgpu(const struct gs_pod *p)
{
	static const int	 res[] = { GS_RES_METAX_SGPU, GS_RES_METAX_VCORE,
				    GS_RES_METAX_VMEM };
	size_t			 i, k;

	for (i = 0; i < p->ninit + p->nctrs; i++) {
		const struct gs_container *c = gs_pod_container(p, p->ninit,
		    i);

		for (k = 0; k < sizeof res / sizeof res[0]; k++)
			if (c->lim[res[k]].set || c->req[res[k]].set)
				return 1;
	}
	return 0;
}

static size_t
lint_metax_sgpu(const struct gs_workload *w, const struct gs_cluster *c,
    const struct gs_config *cfg, struct gs_warnings *out)
{
	const struct hami_profile *hp = hami_profile(cfg);
	const char	*name = cfg->profile ? cfg->profile : hp->name;
	size_t		 i, j, n = 0;

	if (hp->metax_sgpu)
		return 0;
	for (i = 0; c != NULL && i < c->nnodes; i++)
		for (j = 0; j < c->nodes[i].ndevs; j++)
			if (c->nodes[i].devs[j].vendor == GV_METAX_SGPU) {
				gs_warn(out, c->nodes[i].src_file,
				    c->nodes[i].src_line, c->nodes[i].src_col,
				    "node '%s': Metax sGPU is not simulated "
				    "under %s (only hami-v2.6.1): its "
				    "metax-tech.com/node-gpu-devices registers "
				    "nothing", c->nodes[i].name, name);
				n++;
				break;
			}
	for (i = 0; i < w->npods; i++)
		if (asks_metax_sgpu(&w->pods[i]) && !same_object(&w->pods[i],
		    i ? &w->pods[i - 1] : NULL)) {
			gs_warn(out, w->pods[i].src_file, w->pods[i].src_line,
			    w->pods[i].src_col, "%s: Metax sGPU is not "
			    "simulated under %s (only hami-v2.6.1): gpusched "
			    "leaves the pod to kube-scheduler as one without "
			    "GPU request", w->pods[i].workload, name);
			n++;
		}
	return n;
}

static size_t
lint_pod(const struct gs_pod *p, const struct lint_cluster *lc,
    const struct gs_config *cfg, struct gs_warnings *out)
{
	const char	*v;
	size_t		 i, n = 0;
	const struct hami_profile *hp = hami_profile(cfg);

	if ((v = gs_kv_get(&p->annotations, HAMI_NODE_POLICY_ANNO)) != NULL &&
	    strcmp(v, "binpack") != 0 && strcmp(v, "spread") != 0) {
		gs_warn(out, p->src_file, p->src_line, p->src_col, "%s: %s "
		    "'%s' is neither binpack nor spread: HAMi treats it as "
		    "binpack", p->workload, HAMI_NODE_POLICY_ANNO, v);
		n++;
	}
	if ((v = gs_kv_get(&p->annotations, HAMI_GPU_POLICY_ANNO)) != NULL &&
	    !hami_gpu_policy_known(v, hp)) {
		gs_warn(out, p->src_file, p->src_line, p->src_col, "%s: %s "
		    "'%s' is not a GPU policy %s knows: %s", p->workload,
		    HAMI_GPU_POLICY_ANNO, v, cfg->profile ? cfg->profile :
		    "HAMi", strchr(v, ',') != NULL && hp->gpu_policy_list ?
		    "its unknown entries are ignored, and with no "
		    "binpack, spread or numa it sorts as spread" :
		    "HAMi treats it as spread");
		n++;
	}
	/*
	 * KAI-Scheduler takes its placement strategy per shard only: the
	 * nodeplacement plugin's gpu and cpu arguments
	 * (pkg/scheduler/plugins/nodeplacement/nodeplacement.go New,
	 * OnSessionOpen), one rule for every pod, GPU or CPU-only
	 * (nodeOrderFn); no pod annotation or label overrides it (the key
	 * below is in none of its sources or history).
	 */
	if (gs_kv_get(&p->annotations, KAI_STRATEGY_ANNO) != NULL) {
		gs_warn(out, p->src_file, p->src_line, p->src_col, "%s: "
		    "KAI-Scheduler reads no %s: its shard's placementStrategy "
		    "(kaiConfig, --kai-config) places every pod", p->workload,
		    KAI_STRATEGY_ANNO);
		n++;
	}
	n += lint_keys(p, cfg->profile ? cfg->profile : hp->name,
	    hp, out);
	n += lint_empty_entries(p, hp, out);
	n += lint_use_type(p, lc, out);
	for (i = 0; i < p->nctrs; i++)
		n += lint_container(p, &p->ctrs[i], lc, cfg, out);
	return n;
}

/* Add type t (upper-cased) to lc's distinct types. */
static void
add_type(struct lint_cluster *lc, const char *t)
{
	char	*u = xstrdup(t);
	size_t	 i;

	upper(u);
	for (i = 0; i < lc->ntypes; i++)
		if (strcmp(lc->types[i], u) == 0) {
			free(u);
			return;
		}
	grow_array(&lc->types, &lc->captypes, lc->ntypes + 1,
	    sizeof *lc->types);
	lc->types[lc->ntypes++] = u;
}

/* gs_lint; all_dra: every run of the scenario is under dra profiles. */
static size_t
lint_run(const struct gs_workload *w, const struct gs_cluster *c,
    const struct gs_config *cfg, int all_dra, struct gs_warnings *out)
{
	struct lint_cluster	lc;
	size_t			i, j, n = 0;

	/* Run-wide maxima and types, once (not per pod). */
	memset(&lc, 0, sizeof lc);
	lc.c = c;
	lc.all_dra = all_dra;
	lc.hami_memory = reads_hami_memory(cfg);
	for (i = 0; c != NULL && i < c->nnodes; i++) {
		if (c->nodes[i].ndevs > lc.maxdevs)
			lc.maxdevs = c->nodes[i].ndevs;
		for (j = 0; j < c->nodes[i].ndevs; j++) {
			const struct gs_device *d = &c->nodes[i].devs[j];

			if (d->devmem > lc.maxmem)
				lc.maxmem = d->devmem;
			if (d->vendor == 0)
				add_type(&lc, d->type);
		}
	}
	for (i = 0; i < w->npods; i++)
		if (!same_object(&w->pods[i], i ? &w->pods[i - 1] : NULL))
			n += lint_pod(&w->pods[i], &lc, cfg, out);
	n += lint_metax_sgpu(w, c, cfg, out);
	for (i = 0; i < lc.ntypes; i++)
		free(lc.types[i]);
	free(lc.types);
	return n;
}

size_t
gs_lint(const struct gs_workload *w, const struct gs_cluster *c,
    const struct gs_config *cfg, struct gs_warnings *out)
{
	return lint_run(w, c, cfg, 0, out);
}

/* Does every scheduler of cfg place through DRA (a dra profile row)? */
static int
dra_only(const struct gs_config *cfg)
{
	size_t	i;

	if (gs_kube_version_of(cfg->profile) == NULL)
		return 0;
	for (i = 0; i < cfg->schedulers.n; i++)
		if (gs_kube_version_of(cfg->schedulers.v[i].val) == NULL)
			return 0;
	return 1;
}

/* Is every run of sc (one at least) under dra profiles only? */
static int
all_dra(const struct gs_scenario *sc)
{
	size_t	i;

	for (i = 0; i < sc->nruns; i++)
		if (!dra_only(&sc->runs[i].cfg))
			return 0;
	return sc->nruns > 0;
}

/* Does a ResourceSlice of d name node (spec.nodeName)? */
static int
has_slices(const struct gs_dra *d, const char *node)
{
	size_t	b, i;

	for (b = 0; d != NULL && b < d->nblocks; b++)
		for (i = 0; i < d->blocks[b]->nslices; i++)
			if (d->blocks[b]->slices[i].node != NULL &&
			    strcmp(d->blocks[b]->slices[i].node, node) == 0)
				return 1;
	return 0;
}

/* Mark warning k (1 + its index in w, 0: none) to be dropped. */
static void
mark(char *drop, const struct gs_warnings *w, size_t k)
{
	if (k > 0 && k <= w->n)
		drop[k - 1] = 1;
}

void
gs_lint_dra_loader(const struct gs_scenario *sc, struct gs_warnings *w)
{
	const struct gs_cluster	*c = &sc->cluster;
	char			*drop;
	size_t			 i, j, r, n = 0;

	if (!all_dra(sc))
		return;
	drop = xcalloc(w->n + 1, 1);
	for (i = 0; i < c->nnodes; i++)
		if (c->nodes[i].noreg_warning > 0 && has_slices(c->dra,
		    c->nodes[i].name))
			mark(drop, w, c->nodes[i].noreg_warning);
	for (r = 0; r < sc->nruns; r++)
		for (i = 0; i < sc->runs[r].wl.npods; i++)
			for (j = 0; j < sc->runs[r].wl.pods[i].ninit; j++)
				mark(drop, w, sc->runs[r].wl.pods[i].init[j].
				    init_warning);
	for (i = 0; i < w->n; i++)
		if (drop[i])
			free(w->v[i]);
		else
			w->v[n++] = w->v[i];
	w->n = n;
	free(drop);
}

size_t
gs_lint_scenario(const struct gs_scenario *sc, struct gs_warnings *w)
{
	size_t	i, n = 0;
	int	dra = all_dra(sc);

	for (i = 0; i < sc->nruns; i++)
		n += lint_run(&sc->runs[i].wl, &sc->cluster, &sc->runs[i].cfg,
		    dra, w);
	gs_lint_dra_loader(sc, w);
	return n;
}
