/*
 * sched/fgd_share.c: the FGD paper's six policies deciding on the share view
 * of the one model (sched/share_view.h), as `replay` runs them
 * (spec/openb-fgd.md §5-6): each node as the share view reads it (again
 * when the cluster's touch log names it), with what the policy keeps
 * beside it (gs_fgd_aux: GpuClustering's counts, FGD's fragmentation of
 * the trace's typical pods, gs_config.typical), refreshed with the view;
 * the scores of sched/fgd_scores.c.
 *
 * The replay's seeded node order (gs_config.rank, lower wins) breaks ties
 * and orders Random's candidates; Random draws from the replay's source
 * (gs_config.rng): a feasible node uniformly (rand.Intn over the nodes in
 * rank order), then for a share pod a GPU that holds it (reservoir).
 * BestFit normalises its scores over the feasible nodes first.
 * GpuClustering's pods per node by GPU count are the policy's own: a
 * decision is counted once the engine committed it (the node's gen
 * moved), and taken back when the engine releases it (gs_policy.release).
 */
#include <string.h>

#include <gsl/gsl_rng.h>

#include "sched/fgd_scores.h"
#include "sched/fgd_share.h"
#include "util/util.h"

struct gs_fgd_share {
	const struct gs_policy	*pol;		/* its row of the table */
	const struct gs_config	*cfg;
	struct gs_fgd_ctx	 ctx;
	struct gs_share		*sv;
	struct gs_fgd_aux	*aux;		/* per node, beside the view */
	int32_t			(*tags)[GS_TRACE_MAXGPU + 1];
	size_t			 n;
	/* The last GpuClustering decision, until the engine commits it. */
	int			 last_valid, last_tag;
	size_t			 last_node;
	uint64_t		 last_gen;
	uint32_t		*byrank;	/* node indices by rank */
	int32_t			*cand;
	double			*cscore;
};

static int
is_share(const struct gs_spod *p)
{
	return p->num == 1 && p->milli < GS_MILLI;
}

struct gs_fgd_share *
gs_fgd_share_new(const struct gs_policy *pol, const struct gs_cluster *c,
    const struct gs_config *cfg)
{
	struct gs_fgd_share	*fs = xcalloc(1, sizeof *fs);
	size_t			 n = c->nnodes ? c->nnodes : 1;

	fs->pol = pol;
	fs->cfg = cfg;
	gs_fgd_ctx_init(&fs->ctx, pol, cfg->typical);
	fs->sv = gs_share_new(c, 0, !cfg->exhaustive);
	fs->n = c->nnodes;
	fs->aux = xcalloc(n, sizeof *fs->aux);
	fs->tags = xcalloc(n, sizeof *fs->tags);
	fs->cand = xcalloc(n, sizeof *fs->cand);
	fs->cscore = xcalloc(n, sizeof *fs->cscore);
	return fs;
}

void
gs_fgd_share_free(struct gs_fgd_share *fs)
{
	if (fs == NULL)
		return;
	gs_share_free(fs->sv);
	free(fs->aux);
	free(fs->tags);
	free(fs->byrank);
	free(fs->cand);
	free(fs->cscore);
	free(fs);
}

static int
tag_of(const struct gs_spod *p)
{
	return is_share(p) ? 0 : p->num;
}

/* What the policy keeps of node i beside the view: its tags counted, and
 * (FGD) its fragmentation. */
static void
derive(struct gs_fgd_share *fs, size_t i, const struct gs_snode *s)
{
	struct gs_fgd_aux	*a = &fs->aux[i];

	memcpy(a->tags, fs->tags[i], sizeof a->tags);
	gs_fgd_aux_count(a);
	a->frag = fs->pol == &gs_policy_openb_fgd ?
	    gs_frag_node(s, fs->cfg->typical) : 0;
}

/* Every node's view up to date (the share view's, returned, and the
 * paper's); GpuClustering's last decision counted when the engine
 * committed it. */
static const struct gs_snode *
sync_nodes(struct gs_fgd_share *fs, const struct gs_cluster *c)
{
	const struct gs_snode	*v;
	const size_t		*chg;
	size_t			 i, n;

	if (fs->last_valid) {
		fs->last_valid = 0;
		if (c->nodes[fs->last_node].gen != fs->last_gen)
			fs->tags[fs->last_node][fs->last_tag]++;
	}
	v = gs_share_nodes(fs->sv, c);
	chg = gs_share_changed(fs->sv, &n);
	for (i = 0; i < n; i++)
		derive(fs, chg[i], &v[chg[i]]);
	return v;
}

/* The seeded order, read on the first decision (the replay assigns it
 * before). */
static void
rank_order(struct gs_fgd_share *fs)
{
	size_t	i;

	if (fs->byrank != NULL)
		return;
	fs->byrank = xcalloc(fs->n ? fs->n : 1, sizeof *fs->byrank);
	for (i = 0; i < fs->n; i++)
		fs->byrank[fs->cfg->rank != NULL ? fs->cfg->rank[i] : i] =
		    (uint32_t)i;
}

static uint32_t
rank_of(const struct gs_fgd_share *fs, long i)
{
	return fs->cfg->rank != NULL ? fs->cfg->rank[i] : (uint32_t)i;
}

static size_t
draw(const struct gs_fgd_share *fs, size_t n)
{
	return (size_t)gsl_rng_uniform_int(fs->cfg->rng, (unsigned long)n);
}

/* Random: PreScore picks a feasible node uniformly (rand.Intn); its GPU
 * is reservoir-sampled for a share pod, the first free ones otherwise. */
static long
choose_random(struct gs_fgd_share *fs, const struct gs_snode *v,
    const struct gs_spod *p, uint32_t *devs)
{
	const struct gs_snode	*n;
	size_t			 i, nc = 0;
	long			 node;
	int			 g, cnt = 0, pick = -1;

	for (i = 0; i < fs->n; i++)
		if (gs_snode_fits(&v[fs->byrank[i]], p))
			fs->cand[nc++] = (int32_t)fs->byrank[i];
	if (nc == 0)
		return -1;
	node = fs->cand[draw(fs, nc)];
	n = &v[node];
	if (!is_share(p)) {
		*devs = gs_bestfit_gpus(n, p);	/* whole GPUs by index */
		return node;
	}
	for (g = 0; g < n->ngpu; g++)
		if (n->free[g] >= p->milli && draw(fs, (size_t)++cnt) == 0)
			pick = g;
	*devs = UINT32_C(1) << pick;
	return node;
}

/* Node i's score, from the cache row while the node is unchanged. */
static double
score(struct gs_fgd_share *fs, struct gs_scache *row, size_t i,
    const struct gs_snode *n, const struct gs_spod *p)
{
	uint32_t	devs;

	if (row == NULL)
		return gs_openb_score(&fs->ctx, n, &fs->aux[i], p, &devs);
	if (row[i].gen1 != n->gen1) {
		row[i].score = gs_openb_score(&fs->ctx, n, &fs->aux[i], p,
		    &devs);
		row[i].gen1 = n->gen1;
	}
	return row[i].score;
}

/*
 * The highest score; ties to the lowest rank.  NormalizeScore (BestFit)
 * maps [min, max] onto [0, 100] first, in integers.
 */
static long
choose_scored(struct gs_fgd_share *fs, const struct gs_snode *v,
    const struct gs_spod *p, uint32_t *devs, double *bs)
{
	struct gs_scache *row = gs_share_row(fs->sv, p);
	size_t	i, nc = 0;
	long	best = -1;
	double	s, lo = 0, hi = 0;

	for (i = 0; i < fs->n; i++) {
		if (!gs_snode_fits(&v[i], p))
			continue;
		if ((s = score(fs, row, i, &v[i], p)) < 0)
			continue;
		fs->cand[nc] = (int32_t)i;
		fs->cscore[nc++] = s;
		if (nc == 1 || s < lo)
			lo = s;
		if (nc == 1 || s > hi)
			hi = s;
	}
	for (i = 0; i < nc; i++) {
		long c = fs->cand[i];

		s = fs->cscore[i];
		if (fs->pol->normalize)
			s = hi == lo ? 0 : (double)(((int64_t)s - (int64_t)lo) *
			    100 / ((int64_t)hi - (int64_t)lo));
		if (best >= 0 && s == *bs) {
			if (rank_of(fs, c) < rank_of(fs, best))
				best = c;
			continue;
		}
		if (best < 0 || s > *bs) {
			best = c;
			*bs = s;
		}
	}
	if (best >= 0)
		(void)gs_openb_score(&fs->ctx, &v[best], &fs->aux[best], p,
		    devs);
	return best;
}

void
gs_fgd_share_decide(struct gs_fgd_share *fs, const struct gs_cluster *c,
    const struct gs_pod *pod, struct gs_placement *d)
{
	const struct gs_snode	*v;
	struct gs_spod		 p;
	uint32_t		 devs = 0;
	double			 bs = 0;
	long			 best;

	memset(d, 0, sizeof *d);
	d->node = -1;
	v = sync_nodes(fs, c);
	rank_order(fs);
	gs_share_pod(fs->sv, pod, &p);
	if (fs->pol == &gs_policy_openb_random)
		best = choose_random(fs, v, &p, &devs);
	else
		best = choose_scored(fs, v, &p, &devs, &bs);
	if (best < 0) {
		d->status = GS_PENDING;
		d->reason = xstrdup("no node has the cpu, memory and GPUs (in "
		    "milli-GPU) the pod asks for");
		return;
	}
	gs_share_place(d, pod, best, bs, devs, p.milli);
	if (fs->pol == &gs_policy_openb_gpuclustering && p.milli > 0) {
		fs->last_valid = 1;
		fs->last_node = (size_t)best;
		fs->last_gen = c->nodes[best].gen;
		fs->last_tag = tag_of(&p);
	}
}

void
gs_fgd_share_release(struct gs_fgd_share *fs, const struct gs_cluster *c,
    const struct gs_pod *pod, const struct gs_placement *d)
{
	struct gs_spod	p;

	if (fs->pol != &gs_policy_openb_gpuclustering || d->node < 0 ||
	    (size_t)d->node >= fs->n)
		return;
	if (fs->last_valid) {
		/* The last decision counts if the engine committed it before
		 * this release, which moved d's node's gen once more. */
		uint64_t gen = c->nodes[fs->last_node].gen;

		fs->last_valid = 0;
		if (fs->last_node == (size_t)d->node)
			gen--;
		if (gen != fs->last_gen)
			fs->tags[fs->last_node][fs->last_tag]++;
	}
	gs_share_pod(fs->sv, pod, &p);
	if (p.milli > 0)
		fs->tags[d->node][tag_of(&p)]--;
}
