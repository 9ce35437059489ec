/*
 * sched/share_view.c: the share view of the one model (sched/share_view.h),
 * read from gs_node and gs_pod as load/trace_model.c built them, and the
 * per-(shape, node) score cache the policies keep on it.
 */
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "sched/share_view.h"
#include "util/util.h"

#define MAX_MODELS		64
#define CACHE_MAX_ENTRIES	(UINT64_C(1) << 25)

/* A pod shape of the cache, and its number. */
struct skey {
	int64_t	cpu, mem;
	int	milli, num;
	int	id;
};

struct gs_share {
	struct gs_snode	  *v;
	size_t		   n;
	uint64_t	   seq;		/* the cluster's touches read */
	int		   read;	/* every node read once */
	size_t		  *chg;		/* nodes the last sync read again */
	size_t		   nchg;
	char		 **models;	/* distinct GPU models, first seen */
	size_t		   nmodels;
	int		   with_mem, cache;
	struct skey	  *keys;	/* sorted */
	size_t		   nkeys, keycap;
	struct gs_scache **blk;		/* per shape id: n entries */
};

/* The model of a node's GPUs (the trace's, else the device type). */
static const char *
node_model(const struct gs_node *n)
{
	const char	*m = gs_trace_device_model(&n->devs[0]);

	return m != NULL ? m : n->devs[0].type != NULL ? n->devs[0].type : "";
}

static int
model_index(struct gs_share *s, const char *model, size_t *cap)
{
	size_t	i;

	for (i = 0; i < s->nmodels; i++)
		if (strcmp(s->models[i], model) == 0)
			return (int)i;
	if (s->nmodels == MAX_MODELS)
		return -1;	/* the replay refuses such a cluster */
	grow_array(&s->models, cap, s->nmodels + 1, sizeof *s->models);
	s->models[s->nmodels] = xstrdup(model);
	return (int)s->nmodels++;
}

struct gs_share *
gs_share_new(const struct gs_cluster *c, int with_mem, int cache)
{
	struct gs_share	*s = xcalloc(1, sizeof *s);
	size_t		 i, cap = 0;

	s->n = c->nnodes;
	s->v = xcalloc(c->nnodes ? c->nnodes : 1, sizeof *s->v);
	s->chg = xcalloc(c->nnodes ? c->nnodes : 1, sizeof *s->chg);
	for (i = 0; i < c->nnodes; i++)
		s->v[i].model = c->nodes[i].ndevs > 0 ? model_index(s,
		    node_model(&c->nodes[i]), &cap) : -1;
	s->with_mem = with_mem;
	s->cache = cache;
	return s;
}

void
gs_share_free(struct gs_share *s)
{
	size_t	i;

	if (s == NULL)
		return;
	for (i = 0; i < s->nmodels; i++)
		free(s->models[i]);
	for (i = 0; i < s->nkeys; i++)
		free(s->blk[i]);
	free(s->models);
	free(s->keys);
	free(s->blk);
	free(s->v);
	free(s->chg);
	free(s);
}

/* The usage of m: allocatable left, the milli-GPU left per GPU (the
 * exact share where the device keeps it), pods per GPU, the GPUs a
 * whole-GPU pod holds (one pod, all of the GPU), and what follows. */
static void
read_node(struct gs_snode *n, const struct gs_node *m)
{
	size_t	g;

	n->gen1 = m->gen + 1;
	n->cpu_cap = m->alloc_cpu;
	n->cpu_left = m->alloc_cpu - m->used_cpu;
	n->mem_cap = m->alloc_mem >> 20;
	n->mem_left = n->mem_cap - (m->used_mem >> 20);
	n->max_pods = (int32_t)m->alloc_pods;
	n->pods = (int32_t)m->used_pods;
	n->ngpu = (int)(m->ndevs < GS_TRACE_MAXGPU ? m->ndevs :
	    GS_TRACE_MAXGPU);
	n->whole = 0;
	n->idle = 0;
	n->nfull = 0;
	n->maxfree = 0;
	for (g = 0; g < (size_t)n->ngpu; g++) {
		const struct gs_device *d = &m->devs[g];

		n->free[g] = (int16_t)(d->milli > 0 ? d->milli - d->usedmilli :
		    GS_MILLI);
		n->nused[g] = (int8_t)d->used;
		if (d->used == 1 && d->milli > 0 && d->usedmilli == d->milli)
			n->whole |= UINT32_C(1) << g;
		n->idle += n->free[g];
		if (n->free[g] == GS_MILLI)
			n->nfull++;
		if (n->free[g] > n->maxfree)
			n->maxfree = n->free[g];
	}
}

/* The nodes touched since the last call read again, from the cluster's
 * touch log (model/model.h) while it holds them all, else every node. */
const struct gs_snode *
gs_share_nodes(struct gs_share *s, const struct gs_cluster *c)
{
	uint64_t	k;
	size_t		i;

	s->nchg = 0;
	if (s->read && s->seq == c->touch_seq)
		return s->v;
	if (s->read && gs_cluster_touches_kept(c, s->seq) &&
	    c->touch_seq - s->seq <= s->n)
		for (k = s->seq; k < c->touch_seq; k++) {
			i = gs_cluster_touched(c, k);
			read_node(&s->v[i], &c->nodes[i]);
			s->chg[s->nchg++] = i;	/* a node may repeat */
		}
	else
		for (i = 0; i < s->n; i++) {
			read_node(&s->v[i], &c->nodes[i]);
			s->chg[s->nchg++] = i;
		}
	s->seq = c->touch_seq;
	s->read = 1;
	return s->v;
}

static int
skey_cmp(const void *a, const void *b)
{
	const struct skey *x = a, *y = b;

	if (x->cpu != y->cpu)
		return x->cpu < y->cpu ? -1 : 1;
	if (x->mem != y->mem)
		return x->mem < y->mem ? -1 : 1;
	if (x->milli != y->milli)
		return x->milli < y->milli ? -1 : 1;
	return (x->num > y->num) - (x->num < y->num);
}

/* The shape's number, a new one on first sight; -1 past the cache's
 * bound. */
static int
shape_of(struct gs_share *s, const struct gs_spod *p)
{
	struct skey	 k = { p->cpu, s->with_mem ? p->mem : 0, p->milli,
			    p->num, 0 };
	struct skey	*hit;
	size_t		 lo = 0, hi = s->nkeys, mid;

	if (s->nkeys > 0 && (hit = bsearch(&k, s->keys, s->nkeys, sizeof k,
	    skey_cmp)) != NULL)
		return hit->id;
	if ((uint64_t)(s->nkeys + 1) * s->n > CACHE_MAX_ENTRIES)
		return -1;
	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (skey_cmp(&s->keys[mid], &k) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (s->nkeys == s->keycap) {
		s->keycap = s->keycap ? 2 * s->keycap : 64;
		s->keys = xreallocarray(s->keys, s->keycap, sizeof *s->keys);
		s->blk = xreallocarray(s->blk, s->keycap, sizeof *s->blk);
	}
	memmove(&s->keys[lo + 1], &s->keys[lo],
	    (s->nkeys - lo) * sizeof *s->keys);
	k.id = (int)s->nkeys;
	s->keys[lo] = k;
	s->blk[s->nkeys++] = xcalloc(s->n ? s->n : 1, sizeof **s->blk);
	return k.id;
}

uint64_t
gs_share_spec_mask(const struct gs_share *s, const char *spec)
{
	uint64_t	mask = 0;
	size_t		i;

	if (spec[0] == '\0')
		return ~UINT64_C(0);
	for (i = 0; i < s->nmodels; i++)
		if (gs_trace_spec_allows(spec, s->models[i]))
			mask |= UINT64_C(1) << i;
	return mask;
}

int
gs_share_check(const struct gs_cluster *c, struct gs_error *err)
{
	struct gs_share	*s = gs_share_new(c, 0, 0);
	size_t		 i;
	int		 rc = 0;

	for (i = 0; i < c->nnodes && rc == 0; i++) {
		const struct gs_node *m = &c->nodes[i];

		if (m->ndevs > GS_TRACE_MAXGPU)
			rc = gs_error_set(err, NULL, m->src_line, 0, "node "
			    "'%s' has %zu GPUs; the replay takes at most %d",
			    m->name, m->ndevs, GS_TRACE_MAXGPU);
		else if (m->ndevs > 0 && s->v[i].model < 0)
			rc = gs_error_set(err, NULL, m->src_line, 0, "more "
			    "than %d GPU models", MAX_MODELS);
	}
	gs_share_free(s);
	return rc;
}

void
gs_share_pod(struct gs_share *s, const struct gs_pod *pod, struct gs_spod *p)
{
	const char	*types;
	char		*spec, *q;
	size_t		 i;

	memset(p, 0, sizeof *p);
	p->cpu = pod->req_cpu;
	p->mem = pod->req_mem >> 20;
	for (i = 0; i < pod->nctrs; i++)
		if (pod->ctrs[i].lim[GS_RES_GPU].set)
			p->num += (int)pod->ctrs[i].lim[GS_RES_GPU].v;
	p->milli = p->num > 0 ? pod->gpu_milli : 0;
	/* gpu_spec, as load/trace_model.c wrote it: "A,B" for "A|B". */
	p->mask = ~UINT64_C(0);
	if ((types = gs_kv_get(&pod->annotations, HAMI_USE_TYPE_ANNO)) !=
	    NULL) {
		spec = xstrdup(types);
		for (q = spec; *q != '\0'; q++)
			if (*q == ',')
				*q = '|';
		p->mask = gs_share_spec_mask(s, spec);
		free(spec);
	}
	p->shape = s->cache ? shape_of(s, p) : -1;
}

struct gs_scache *
gs_share_row(struct gs_share *s, const struct gs_spod *p)
{
	return p->shape < 0 ? NULL : s->blk[p->shape];
}

const size_t *
gs_share_changed(const struct gs_share *s, size_t *n)
{
	*n = s->nchg;
	return s->chg;
}

void
gs_share_place(struct gs_placement *d, const struct gs_pod *pod, long node,
    double score, uint32_t devs, int milli)
{
	size_t	ci = 0, k = 0;
	int	g;

	d->status = GS_PLACED;
	d->node = node;
	d->node_score = (float)score;
	d->nctrs = pod->nctrs;
	d->ctrs = xcalloc(pod->nctrs ? pod->nctrs : 1, sizeof *d->ctrs);
	while (ci + 1 < pod->nctrs && !pod->ctrs[ci].lim[GS_RES_GPU].set)
		ci++;
	for (g = 0; g < GS_TRACE_MAXGPU; g++)
		k += (devs >> g) & 1;
	d->ctrs[ci].ngrants = k;
	d->ctrs[ci].grants = xcalloc(k ? k : 1, sizeof *d->ctrs[ci].grants);
	for (g = 0, k = 0; g < GS_TRACE_MAXGPU; g++)
		if (devs & (UINT32_C(1) << g)) {
			d->ctrs[ci].grants[k].dev = g;
			d->ctrs[ci].grants[k++].milli = milli;
		}
}
