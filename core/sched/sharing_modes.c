/*
 * sched/sharing_modes.c: one workload under each way of sharing a GPU
 * (sched/sharing_modes.h, issue 18 item 7).  The rule, documented in the
 * README ("Sharing modes side by side") and gpusched(1):
 *
 * - Hardware: each node's physical GPUs (load/sharing.h
 *   gs_sharing_physical: a MIG GPU's instances are one GPU), whatever
 *   the input made of them; nodes with devices of other vendors stay as
 *   they are.
 * - Each container's need: how many GPUs and the memory of each: its
 *   nvidia.com/mig-<profile> the profile's memory, nvidia.com/gpumem
 *   (MiB) or gpumem-percentage of the card, nvidia.com/gpu or
 *   nvidia.com/gpu.shared alone the whole card.
 * - hami-core: HAMi's devices (deviceSplitCount slots, the card's memory,
 *   100 cores), the need as nvidia.com/gpu + gpumem (+ gpucores).  A node
 *   HAMi already registered keeps its devices, their usage cleared: no
 *   mode carries running pods' GPUs (their cpu and memory stay).
 * - mig: per pod, in workload order, the smallest profile of the GPU's
 *   model that holds each container's memory (a whole card: the full
 *   profile, 7g on 8-slice models), packed first fit: the first node
 *   (listed order) where every instance of the pod fits, each on the
 *   first GPU whose geometry still lays out with it (model/mig.c
 *   gs_mig_layout, as mig-parted would create it); GPUs given no
 *   instance keep MIG off (whole nvidia.com/gpu), migStrategy mixed.  A
 *   pod that fits nowhere still asks the profile of the cluster's first
 *   MIG model (it stays pending), or nvidia.com/gpu without one.
 * - time-slicing, mps: every GPU shared by the replicas the cluster
 *   already configures (its first time-sliced or MPS GPU's), else 4; MPS
 *   refuses requests above one replica (failRequestsGreaterThanOne, the
 *   device plugin's default) and gives each client memory / replicas.
 * - whole: one pod per GPU, nvidia.com/gpu.
 * - The scheduler: hami-core under the run's HAMi profile (else
 *   hami-v2.6.1), the rest under its kube-* profile (else
 *   kube-least-allocated: kube-scheduler's default scoring) with the
 *   device plugin's resources (sched/kube_dp.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load/sharing.h"
#include "metrics/kinds.h"
#include "sched/hami/hami.h"
#include "sched/hami/vendor.h"
#include "sched/policy.h"
#include "sched/sharing_modes.h"

static const char *const mode_names[GS_SHARE_NMODES] = {
	"hami-core", "mig", "time-slicing", "mps", "whole"
};

int
gs_share_mode_find(const char *s)
{
	int	m;

	for (m = 0; m < GS_SHARE_NMODES; m++)
		if (strcmp(s, mode_names[m]) == 0)
			return m;
	return -1;
}

const char *
gs_share_mode_name(int mode)
{
	return mode >= 0 && mode < GS_SHARE_NMODES ? mode_names[mode] : "?";
}

const char *
gs_share_mode_names(void)
{
	return "hami-core, mig, time-slicing, mps, whole";
}

int
gs_share_mode_isolated(int mode)
{
	return mode != GS_SHARE_TIMESLICE;
}

/* HAMi reads a resource from limits, else requests. */
static const struct gs_resval *
rv(const struct gs_container *c, int r)
{
	return c->lim[r].set ? &c->lim[r] : &c->req[r];
}

static int
rv_pos(const struct gs_resval *v)
{
	return v->set && v->ok && v->v > 0;
}

/* Profile name in mm first, then in every MIG table. */
static const struct gs_mig_profile *
any_profile(const struct gs_mig_model *mm, const char *name)
{
	const struct gs_mig_profile	*p = NULL;
	size_t				 i;

	if (mm != NULL)
		p = gs_mig_profile_find(mm, name);
	for (i = 0; p == NULL && i < gs_nmig_models; i++)
		p = gs_mig_profile_find(&gs_mig_models[i], name);
	return p;
}

void
gs_share_need_of(const struct gs_container *c, int32_t card_mem,
    const struct gs_mig_model *mm, struct gs_share_need *n)
{
	const struct gs_resval	*gpu = rv(c, GS_RES_GPU);
	const struct gs_resval	*mem = rv(c, GS_RES_GPUMEM);
	const struct gs_resval	*pct = rv(c, GS_RES_GPUMEM_PCT);
	const struct gs_resval	*cores = rv(c, GS_RES_GPUCORES);
	size_t			 i;

	memset(n, 0, sizeof *n);
	if (rv_pos(gpu))
		n->gpus = gpu->v;
	else if (rv_pos(mem) || rv_pos(pct))
		n->gpus = 1;		/* HAMi's defaultGPUNum */
	if (n->gpus > 0) {
		if (rv_pos(mem))
			n->mem = mem->v < INT32_MAX ? (int32_t)mem->v :
			    INT32_MAX;
		else if (rv_pos(pct) && pct->v < 100) {
			n->pct = (int32_t)pct->v;
			n->mem = (int32_t)(pct->v * card_mem / 100);
		} else
			n->whole = 1;
		if (rv_pos(cores) && cores->v <= 100)
			n->cores = (int32_t)cores->v;
	}
	for (i = 0; i < c->dp.n; i++) {
		const char			*key = c->dp.v[i].key;
		long long			 k = strtoll(c->dp.v[i].val,
						    NULL, 10);
		const struct gs_mig_profile	*p = NULL;

		if (k <= 0)
			continue;
		n->gpus += k;
		if (strncmp(key, "nvidia.com/mig-", 15) == 0)
			p = any_profile(mm, key + 15);
		if (p == NULL)
			n->whole = 1;
		else if (p->mem > n->mem) {
			n->mem = p->mem;
			n->prof = p;
		}
	}
	if (n->whole)
		n->mem = card_mem;
}

const struct gs_mig_profile *
gs_share_mig_profile(const struct gs_mig_model *mm,
    const struct gs_share_need *n)
{
	const struct gs_mig_profile	*best = NULL, *big = NULL;
	size_t				 i;

	if (n->prof != NULL && (best = gs_mig_profile_find(mm,
	    n->prof->name)) != NULL)
		return best;
	for (i = 0; i < mm->np; i++) {
		const struct gs_mig_profile *p = &mm->p[i];

		if (big == NULL || p->mem > big->mem ||
		    (p->mem == big->mem && p->g > big->g))
			big = p;
		if (n->whole || (n->pct > 0 ? p->size * 100 < n->pct *
		    mm->mslices : p->mem < n->mem))
			continue;
		if (best == NULL || p->mem < best->mem ||
		    (p->mem == best->mem && p->g < best->g))
			best = p;
	}
	return best != NULL ? best : big;
}

int32_t
gs_share_replicas(const struct gs_cluster *c, int mode)
{
	int32_t	r = GS_SHARE_REPLICAS;
	size_t	i, j;
	int	found = 0;

	if (mode != GS_SHARE_TIMESLICE && mode != GS_SHARE_MPS)
		return 1;
	for (i = 0; i < c->nnodes && !found; i++)
		for (j = 0; j < c->nodes[i].ndevs && !found; j++) {
			const struct gs_device *d = &c->nodes[i].devs[j];

			if ((d->kind == GS_DEV_TIMESLICE ||
			    d->kind == GS_DEV_MPS) && d->count >= 1) {
				r = d->count;
				found = 1;
			}
		}
	if (mode == GS_SHARE_MPS && r > 48)
		r = 48;		/* the MPS control daemon's limit */
	return r;
}

/* One node's physical GPUs while the mode lays them out. */
struct lay {
	int			on;	/* NVIDIA GPUs only: laid out */
	struct gs_node		tmp;
	struct gs_sharing	s;
	char			type[128];
	int32_t			mem;
};

static void
lay_init(struct lay *l, const struct gs_node *n)
{
	size_t	j;

	memset(l, 0, sizeof *l);
	if (n->ndevs == 0 || n->vc_reg)
		return;
	for (j = 0; j < n->ndevs; j++)
		if (n->devs[j].vendor != GV_NVIDIA)
			return;
	gs_sharing_physical(n, &l->tmp, &l->s, l->type, sizeof l->type,
	    &l->mem);
	memset(l->s.gpu, 0, l->s.ngpus * sizeof *l->s.gpu);	/* MIG off */
	l->on = 1;
}

static void
lay_release(struct lay *l)
{
	size_t	j;

	for (j = 0; j < l->tmp.ndevs; j++)
		gs_device_release(&l->tmp.devs[j]);
	free(l->tmp.devs);
	gs_sharing_release(&l->s);
}

/* Can geometry g take one more instance of p?  Into out. */
static int
mig_fits(const struct gs_mig_model *mm, const struct gs_gpu_geom *g,
    const struct gs_mig_profile *p, struct gs_gpu_geom *out)
{
	char	why[160];

	*out = *g;
	if (out->n >= 8)
		return 0;
	out->p[out->n++] = p;
	out->mig = 1;
	return gs_mig_layout(mm, out->p, out->n, out->s, why, sizeof why) == 0;
}

/* Every instance the pod's containers (needs nd[0..nc)) ask, on node l:
 * profiles into prof, the geometries kept; 0, or -1 when they do not fit. */
static int
mig_pack_node(struct lay *l, const struct gs_share_need *nd, size_t nc,
    const struct gs_mig_profile **prof)
{
	struct gs_gpu_geom	*trial, next;
	size_t			 c, g;
	int64_t			 k;
	int			 rc = -1;

	if (!l->on || l->s.mm == NULL || l->s.ngpus == 0)
		return -1;
	trial = xcalloc(l->s.ngpus, sizeof *trial);
	memcpy(trial, l->s.gpu, l->s.ngpus * sizeof *trial);
	for (c = 0; c < nc; c++) {
		if (nd[c].gpus > (int64_t)(8 * l->s.ngpus))
			goto out;
		prof[c] = nd[c].gpus > 0 ? gs_share_mig_profile(l->s.mm,
		    &nd[c]) : NULL;
		for (k = 0; k < nd[c].gpus; k++) {
			for (g = 0; g < l->s.ngpus &&
			    !mig_fits(l->s.mm, &trial[g], prof[c], &next); g++)
				;
			if (g == l->s.ngpus)
				goto out;
			trial[g] = next;
		}
	}
	memcpy(l->s.gpu, trial, l->s.ngpus * sizeof *trial);
	rc = 0;
out:
	free(trial);
	return rc;
}

/* The pod's profiles under the packing rule (see the top of the file). */
static void
mig_pack(struct lay *lays, size_t nl, const struct gs_share_need *nd,
    size_t nc, const struct gs_mig_profile **prof)
{
	const struct gs_mig_model	*mm0 = NULL;
	size_t				 i, c;

	for (i = 0; i < nl; i++)
		if (mig_pack_node(&lays[i], nd, nc, prof) == 0)
			return;
	for (i = 0; i < nl && mm0 == NULL; i++)
		if (lays[i].on)
			mm0 = lays[i].s.mm;
	for (c = 0; c < nc; c++)
		prof[c] = mm0 != NULL && nd[c].gpus > 0 ?
		    gs_share_mig_profile(mm0, &nd[c]) : NULL;
}

static void
set_rv(struct gs_resval *v, int64_t x)
{
	v->set = 1;
	v->ok = 1;
	v->v = x;
}

/* Container c's GPU request in the mode's resources. */
static void
rewrite(struct gs_container *c, int mode, const struct gs_share_need *n,
    const struct gs_mig_profile *p)
{
	static const int res[] = { GS_RES_GPU, GS_RES_GPUMEM,
	    GS_RES_GPUMEM_PCT, GS_RES_GPUCORES };
	char	name[64], num[24], *plus;
	size_t	i;

	for (i = 0; i < sizeof res / sizeof res[0]; i++) {
		memset(&c->lim[res[i]], 0, sizeof c->lim[res[i]]);
		memset(&c->req[res[i]], 0, sizeof c->req[res[i]]);
	}
	gs_kv_release(&c->dp);
	if (n->gpus == 0)
		return;
	if (mode == GS_SHARE_MIG && p != NULL) {
		/* 1g.10gb+me is advertised as nvidia.com/mig-1g.10gb.me */
		snprintf(name, sizeof name, "nvidia.com/mig-%s", p->name);
		if ((plus = strchr(name, '+')) != NULL)
			*plus = '.';
		snprintf(num, sizeof num, "%lld", (long long)n->gpus);
		gs_kv_set(&c->dp, name, num);
		return;
	}
	set_rv(&c->lim[GS_RES_GPU], n->gpus);
	if (mode != GS_SHARE_HAMI)
		return;
	if (!n->whole)
		set_rv(&c->lim[GS_RES_GPUMEM], n->mem);
	if (n->cores > 0)
		set_rv(&c->lim[GS_RES_GPUCORES], n->cores);
}

/* Node n's GPUs as HAMi's device plugin registers them (l's physical
 * GPUs, split slots each). */
static void
hami_devices(struct gs_node *n, const struct lay *l, int32_t split)
{
	size_t	j;

	for (j = 0; j < n->ndevs; j++)
		gs_device_release(&n->devs[j]);
	free(n->devs);
	n->ndevs = l->tmp.ndevs;
	n->devs = xcalloc(n->ndevs ? n->ndevs : 1, sizeof *n->devs);
	for (j = 0; j < n->ndevs; j++) {
		struct gs_device *d = &n->devs[j];

		d->id = xstrdup(l->tmp.devs[j].id);
		d->index = l->tmp.devs[j].index;
		d->numa = l->tmp.devs[j].numa;
		d->health = l->tmp.devs[j].health;
		d->count = split;
		d->devmem = l->mem;
		d->devcore = 100;
		d->type = xstrdup(l->type);
		d->mode = xstrdup("hami-core");
		d->kind = GS_DEV_HAMI;
	}
	n->dp = 0;
	n->registered = n->ndevs > 0;
	n->mig_strategy = GS_MIG_NONE;
	n->dp_rename = 0;
	n->dp_fail_gt1 = 0;
	free(n->devices_note);
	n->devices_note = NULL;
}

/* No GPU usage on HAMi's own node n: every mode starts from empty GPUs
 * (running pods' cpu and memory stay charged). */
static void
clear_gpu_usage(struct gs_node *n)
{
	size_t	j;

	for (j = 0; j < n->ndevs; j++) {
		struct gs_device *d = &n->devs[j];

		d->used = d->usedmem = d->usedcores = 0;
		d->v210_used = d->v210_mem = d->v210_cores = 0;
		d->usedmilli = 0;
		d->hmig_nuse = 0;
		d->vc_used = 0;
	}
}

/* Node n laid out as the mode shares its GPUs (MIG: l's packed
 * geometry). */
static void
lay_apply(struct lay *l, struct gs_node *n, int mode, int32_t replicas,
    int32_t split)
{
	size_t	j;

	if (mode == GS_SHARE_HAMI) {
		if (n->dp)	/* HAMi's own nodes keep their devices */
			hami_devices(n, l, split);
		else
			clear_gpu_usage(n);
		return;
	}
	l->s.on = 1;
	l->s.mig_strategy = GS_MIG_MIXED;
	l->s.share = mode == GS_SHARE_TIMESLICE ? GS_DEV_TIMESLICE :
	    mode == GS_SHARE_MPS ? GS_DEV_MPS : GS_DEV_WHOLE;
	l->s.replicas = replicas;
	l->s.rename = 0;
	l->s.fail_gt1 = mode == GS_SHARE_MPS;
	/* gs_sharing_apply names every device by its type (dpconfig_apply.c) */
	for (j = 0; j < l->tmp.ndevs; j++) {
		free(l->tmp.devs[j].type);
		l->tmp.devs[j].type = xstrdup(l->type);
	}
	gs_sharing_apply(&l->s, &l->tmp, l->type, l->mem);
	gs_sharing_adopt(n, &l->tmp);
}

/* The profile serving mode under cfg (see the top of the file). */
static const char *
mode_profile(int mode, const struct gs_config *cfg)
{
	if (mode == GS_SHARE_HAMI)
		return hami_profile_find(cfg->profile) != NULL ?
		    cfg->profile : "hami-v2.6.1";
	return gs_policy_is_kube_dp(cfg->profile) ? cfg->profile :
	    "kube-least-allocated";
}

/* Pod i's requests rewritten; its per-GPU need into sr->need[i]. */
static void
rewrite_pod(struct gs_share_run *sr, size_t i, struct lay *lays,
    int32_t card, const struct gs_mig_model *mm)
{
	struct gs_pod			 *pod = &sr->wl.pods[i];
	size_t				  nc = pod->ninit + pod->nctrs, c;
	struct gs_share_need		 *nd = xcalloc(nc ? nc : 1, sizeof *nd);
	const struct gs_mig_profile	**prof = xcalloc(nc ? nc : 1,
					    sizeof *prof);

	for (c = 0; c < nc; c++) {
		gs_share_need_of(c < pod->ninit ? &pod->init[c] :
		    &pod->ctrs[c - pod->ninit], card, mm, &nd[c]);
		if (nd[c].gpus > 0 && !sr->need[i].whole &&
		    (nd[c].whole || nd[c].mem > sr->need[i].mem))
			sr->need[i] = nd[c];
	}
	if (sr->mode == GS_SHARE_MIG)
		mig_pack(lays, sr->cluster.nnodes, nd, nc, prof);
	for (c = 0; c < nc; c++)
		rewrite(c < pod->ninit ? &pod->init[c] :
		    &pod->ctrs[c - pod->ninit], sr->mode, &nd[c], prof[c]);
	free(pod->scheduler_name);
	pod->scheduler_name = NULL;
	free(prof);
	free(nd);
}

void
gs_share_run_init(struct gs_share_run *sr, int mode,
    const struct gs_cluster *c, const struct gs_workload *w,
    const struct gs_config *cfg)
{
	const struct gs_mig_model	*mm = NULL;
	struct lay			*lays;
	int32_t				 card = 0;
	size_t				 i;

	memset(sr, 0, sizeof *sr);
	sr->mode = mode;
	sr->replicas = gs_share_replicas(c, mode);
	gs_cluster_copy(&sr->cluster, c);
	gs_workload_copy(&sr->wl, w);
	gs_config_copy(&sr->cfg, cfg);
	free(sr->cfg.profile);
	sr->cfg.profile = xstrdup(mode_profile(mode, cfg));
	gs_kv_release(&sr->cfg.schedulers);
	lays = xcalloc(c->nnodes ? c->nnodes : 1, sizeof *lays);
	for (i = 0; i < c->nnodes; i++) {
		lay_init(&lays[i], &sr->cluster.nodes[i]);
		if (lays[i].on && card == 0) {
			card = lays[i].mem;
			mm = lays[i].s.mm;
		}
	}
	sr->need = xcalloc(w->npods ? w->npods : 1, sizeof *sr->need);
	for (i = 0; i < sr->wl.npods; i++)
		rewrite_pod(sr, i, lays, card, mm);
	for (i = 0; i < c->nnodes; i++) {
		if (lays[i].on)
			lay_apply(&lays[i], &sr->cluster.nodes[i], mode,
			    sr->replicas, c->hami != NULL ? c->hami->split :
			    10);
		lay_release(&lays[i]);
	}
	free(lays);
}

/* The memory pod i needs of device d (a whole card: all of d's). */
static int64_t
need_on(const struct gs_share_run *sr, size_t i, const struct gs_device *d)
{
	return sr->need[i].whole ? d->devmem : sr->need[i].mem;
}

/* Does MIG instance d hold pod i's need (a percentage: of the memory
 * slices, as gs_share_mig_profile chose)? */
static int
mig_holds(const struct gs_share_need *n, const struct gs_device *d)
{
	const struct gs_mig_model *mm = gs_mig_model_of(d->mig);

	if (n->whole || d->mig == NULL || mm == NULL)
		return 1;
	if (n->pct > 0)
		return d->mig->size * 100 >= n->pct * mm->mslices;
	return n->mem <= d->devmem;
}

/* Is placed pod i short of memory on device d (sum: what the sharers of
 * d need together)? */
static int
short_on(const struct gs_share_run *sr, size_t i, const struct gs_device *d,
    int64_t sum)
{
	switch (d->kind) {
	case GS_DEV_TIMESLICE:
		return sum > d->devmem;
	case GS_DEV_MPS:
		return d->count > 0 && need_on(sr, i, d) > d->devmem / d->count;
	case GS_DEV_MIG:
		return !mig_holds(&sr->need[i], d);
	default:
		return 0;	/* HAMi grants what is asked; a whole card */
	}
}

/* Walk the grants of placement pl: fn(sr, pod, device, flat index). */
#define EACH_GRANT(pl, c, base, body) do {				\
	size_t j_, k_;							\
	for (j_ = 0; j_ < (pl)->ninit + (pl)->nctrs; j_++)		\
		for (k_ = 0; k_ < gs_placement_ctr(pl, j_)->ngrants; k_++) { \
			int dev = gs_placement_ctr(pl, j_)->grants[k_].dev; \
			const struct gs_device *d =			\
			    &(c)->nodes[(pl)->node].devs[dev];		\
			size_t flat = (base)[(pl)->node] + (size_t)dev;	\
			body;						\
		}							\
} while (0)

void
gs_share_run_measure(struct gs_share_run *sr, const struct gs_cluster *c,
    const struct gs_result *r)
{
	size_t	*base, *last, ndev = 0, i;
	int64_t	*sum;

	sr->short_pods = 0;
	base = xcalloc(c->nnodes ? c->nnodes : 1, sizeof *base);
	for (i = 0; i < c->nnodes; i++) {
		base[i] = ndev;
		ndev += c->nodes[i].ndevs;
	}
	sum = xcalloc(ndev ? ndev : 1, sizeof *sum);
	last = xcalloc(ndev ? ndev : 1, sizeof *last);
	for (i = 0; i < r->npl; i++) {
		const struct gs_placement *pl = &r->pl[i];

		if (pl->status != GS_PLACED || pl->pod >= sr->wl.npods)
			continue;
		EACH_GRANT(pl, c, base, if (last[flat] != i + 1) {
			last[flat] = i + 1;
			sum[flat] += need_on(sr, pl->pod, d);
		});
	}
	for (i = 0; i < r->npl; i++) {
		const struct gs_placement	*pl = &r->pl[i];
		int				 s = 0;

		if (pl->status != GS_PLACED || pl->pod >= sr->wl.npods)
			continue;
		EACH_GRANT(pl, c, base, s |= short_on(sr, pl->pod, d,
		    sum[flat]));
		sr->short_pods += s != 0;
	}
	free(last);
	free(sum);
	free(base);
}

void
gs_share_run_release(struct gs_share_run *sr)
{
	gs_cluster_release(&sr->cluster);
	gs_workload_release(&sr->wl);
	gs_config_release(&sr->cfg);
	free(sr->need);
	memset(sr, 0, sizeof *sr);
}
