/*
 * sched/fgd_scores.c: the node scores of the FGD paper's simulator's six
 * policies (spec/openb-fgd.md §6; pkg/simulator/plugin in its source) on
 * a node's milli-GPU share view: each node score as the plugin computes
 * it (int64 in 0..100, truncated; BestFit before its NormalizeScore) and
 * the GPUs the plugin's Reserve would take.  sched/fgd.c (device view)
 * and sched/fgd_share.c (share view) call them through gs_openb_score
 * (sched/fgd_scores.h), the policy's table row naming the score.
 */
#include <math.h>
#include <string.h>

#include "sched/fgd_scores.h"

#define MAX_SPEC_CPU	128000.0	/* gpushareutils.MaxSpecCpu */
#define MAX_SPEC_GPU	8000		/* gpushareutils.MaxSpecGpu */
#define MAX_SCORE	100

static int
is_share(const struct gs_spod *p)
{
	return p->num == 1 && p->milli < GS_MILLI;
}

/* The first num fully free GPUs by index (AllocateExclusiveGpuId). */
static uint32_t
exclusive_gpus(const struct gs_snode *n, int num)
{
	uint32_t	devs = 0;
	int		g;

	for (g = 0; g < n->ngpu && num > 0; g++)
		if (n->free[g] == GS_MILLI) {
			devs |= UINT32_C(1) << g;
			num--;
		}
	return devs;
}

uint32_t
gs_bestfit_gpus(const struct gs_snode *n, const struct gs_spod *p)
{
	int	g, best = -1;

	if (p->milli == 0)
		return 0;
	if (!is_share(p))
		return exclusive_gpus(n, p->num);
	for (g = 0; g < n->ngpu; g++)
		if (n->free[g] >= p->milli &&
		    (best < 0 || n->free[g] < n->free[best]))
			best = g;
	return best < 0 ? 0 : UINT32_C(1) << best;
}

static int
score_dotprod(const struct gs_snode *n, const struct gs_spod *p)
{
	double	dot = 0, s;

	if (n->cpu_left < p->cpu)
		return 0;
	/* NormByMax, MergeGpuDim: [cpu, gpu] / [128000, 8000]. */
	dot += ((double)n->cpu_left / MAX_SPEC_CPU) *
	    ((double)p->cpu / MAX_SPEC_CPU);
	dot += ((double)n->idle / MAX_SPEC_GPU) *
	    ((double)((int64_t)p->milli * p->num) / MAX_SPEC_GPU);
	s = 1 - dot / 2;
	return (int)(int64_t)(MAX_SCORE * s);
}

static int
score_clustering(const struct gs_snode *n, const struct gs_fgd_aux *a,
    const struct gs_spod *p)
{
	int64_t	base;
	int	tag;

	if (p->milli == 0)
		return 0;
	tag = is_share(p) ? 0 : p->num;
	base = (int64_t)(MAX_SCORE / 4) * (MAX_SPEC_GPU - n->idle) /
	    MAX_SPEC_GPU;
	if (a->tags[tag] > 0)
		return (int)(base + (a->ntags == 1 ? MAX_SCORE * 3 / 4 :
		    MAX_SCORE * 2 / 4));
	return (int)(base + (a->ntags == 0 ? MAX_SCORE / 4 : 0));
}

/* GPU indices by free milli ascending, stable: the simulator's
 * SortedMilliGpuLeftIndexList(true), used by GpuPacking and by
 * NodeResource.Sub. */
static void
sort_by_free(const struct gs_snode *n, int idx[GS_TRACE_MAXGPU])
{
	int	i, j;

	for (i = 0; i < n->ngpu; i++) {
		for (j = i; j > 0 && n->free[idx[j - 1]] > n->free[i]; j--)
			idx[j] = idx[j - 1];
		idx[j] = i;
	}
}

static int
score_packing(const struct gs_snode *n, const struct gs_spod *p)
{
	int	idx[GS_TRACE_MAXGPU];
	int	i, g, need, u = 0;
	int64_t	ratio = 0;

	if (p->milli == 0)
		return 0;
	if (n->nfull == n->ngpu)		/* case 3: an idle node */
		return MAX_SCORE / 3 - n->nfull > n->nfull ?
		    MAX_SCORE / 3 - n->nfull : n->nfull;
	sort_by_free(n, idx);
	need = p->num;
	for (i = 0; i < n->ngpu && need > 0; i++) {
		g = idx[i];
		if (n->free[g] >= p->milli) {
			need--;
			if (n->free[g] == GS_MILLI)
				u++;
			else
				ratio += (int64_t)n->free[g] * 100 / GS_MILLI;
		}
	}
	if (need > 0)
		return 0;			/* infeasible: filtered out */
	if (u > 0)				/* case 2: whole GPUs needed */
		return MAX_SCORE / 2 - u > MAX_SCORE / 3 ?
		    MAX_SCORE / 2 - u : MAX_SCORE / 3;
	/* case 1: shared GPUs only. */
	return MAX_SCORE - ratio / 10 > MAX_SCORE / 2 ?
	    (int)(MAX_SCORE - ratio / 10) : MAX_SCORE / 2;
}

static int
score_bestfit(const struct gs_snode *n, const struct gs_spod *p)
{
	double	s = 0;

	s += (double)(n->cpu_left - p->cpu) / MAX_SPEC_CPU * 0.5;
	s += (double)(n->idle - (int64_t)p->milli * p->num) / MAX_SPEC_GPU *
	    0.5;
	s = (1.0 - s) * MAX_SCORE;
	return (int)(int64_t)s;
}

/* int(100 * sigmoid(delta / 1000)), delta = (fb - fa) / kept milli-GPU. */
static int
fgd_value(int64_t fb, int64_t fa, int64_t kept)
{
	double	x = (double)(fb - fa) / (double)kept / 1000.0;

	return (int)(int64_t)(1.0 / (1.0 + exp(-x)) * MAX_SCORE);
}

static int
score_fgd(const struct gs_snode *n, int64_t frag, const struct gs_spod *p,
    const struct gs_typical *t, uint32_t *devs)
{
	struct gs_snode	after;
	int16_t		seen_free[GS_TRACE_MAXGPU];
	int		seen_score[GS_TRACE_MAXGPU];
	int		nseen = 0, g, i, s, best = -1, bestg = -1;
	int		need;

	if (!is_share(p)) {
		/* NodeResource.Sub: CPU, then the tightest GPUs that fit. */
		int idx[GS_TRACE_MAXGPU];

		after = *n;
		after.cpu_left -= p->cpu;
		sort_by_free(n, idx);
		need = p->milli > 0 ? p->num : 0;
		for (i = 0; i < n->ngpu && need > 0; i++)
			if (after.free[idx[i]] >= p->milli) {
				after.free[idx[i]] = (int16_t)
				    (after.free[idx[i]] - p->milli);
				after.idle -= p->milli;
				need--;
			}
		*devs = p->milli > 0 ? exclusive_gpus(n, p->num) : 0;
		return fgd_value(frag, gs_frag_node(&after, t), t->kept);
	}
	/* A share pod: every GPU that fits, in index order; the first best
	 * wins.  The score depends only on the GPU's free milli. */
	for (g = 0; g < n->ngpu; g++) {
		if (n->free[g] < p->milli)
			continue;
		for (i = 0; i < nseen; i++)
			if (seen_free[i] == n->free[g])
				break;
		if (i < nseen)
			s = seen_score[i];
		else {
			after = *n;
			after.cpu_left -= p->cpu;
			after.free[g] = (int16_t)(after.free[g] - p->milli);
			after.idle -= p->milli;
			s = fgd_value(frag, gs_frag_node(&after, t),
			    t->kept);
			seen_free[nseen] = n->free[g];
			seen_score[nseen++] = s;
		}
		if (bestg < 0 || s > best) {
			best = s;
			bestg = g;
		}
	}
	*devs = bestg < 0 ? 0 : UINT32_C(1) << bestg;
	return bestg < 0 ? 0 : best;
}

void
gs_fgd_ctx_init(struct gs_fgd_ctx *c, const struct gs_policy *policy,
    const struct gs_typical *t)
{
	memset(c, 0, sizeof *c);
	c->policy = policy;
	c->t = t;
}

void
gs_fgd_aux_count(struct gs_fgd_aux *a)
{
	int	g;

	a->ntags = 0;
	for (g = 0; g <= GS_TRACE_MAXGPU; g++)
		if (a->tags[g] > 0)
			a->ntags++;
}

double
gs_openb_score(const struct gs_fgd_ctx *c, const struct gs_snode *n,
    const struct gs_fgd_aux *a, const struct gs_spod *p, uint32_t *devs)
{
	const struct gs_policy	*pol = c->policy;

	*devs = 0;
	if (pol == &gs_policy_openb_fgd)
		return score_fgd(n, a->frag, p, c->t, devs);
	if (pol == &gs_policy_openb_random)
		return 0;
	*devs = gs_bestfit_gpus(n, p);
	if (pol == &gs_policy_openb_dotprod)
		return score_dotprod(n, p);
	if (pol == &gs_policy_openb_gpuclustering)
		return score_clustering(n, a, p);
	if (pol == &gs_policy_openb_gpupacking)
		return score_packing(n, p);
	if (pol == &gs_policy_openb_bestfit)
		return score_bestfit(n, p);
	*devs = 0;
	return 0;
}
