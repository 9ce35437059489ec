/*
 * replay/replay.c: one replay of a pod list on a trace cluster, as the FGD
 * paper's simulator does it (spec/openb-fgd.md §5): pods sorted by name
 * and shuffled, topped up (or cut) to `tune` x GPU capacity, nodes given a
 * seeded tie order, pods placed one at a time with failures dropped, and
 * the cluster's allocation and fragmentation recorded after every pod.
 *
 * The replay runs on the one model (load/trace_model.c): a copy of the trace's
 * gs_cluster and its pods as gs_pods.  Every policy decides through the one
 * table (gs_policy.decide over that model, gs_config.share: the FGD six in
 * sched/fgd_share.c, the peers in sched/peers_share.c, HAMi's profiles on
 * their version's view, configured by replay/hami_bridge.c, with
 * kube-scheduler's LeastAllocated for the CPU-only pods HAMi leaves); the engine commits the placement (gs_engine_commit) and, when the
 * pod leaves, releases it and tells the policy (gs_policy.release).  The
 * measures, allocation and fragmentation after every event, read the
 * model through its share view (sched/share_view.h: the nodes the engine
 * touched read again), each node's idle milli-GPU and frag numerator
 * kept to update the totals.
 *
 * Randomness comes from GSL's MT19937 seeded with --seed, drawn in the
 * simulator's order (one discarded draw, the shuffle, the top-up, the node
 * permutation, then the policies' picks and random ties, which draw from
 * the same source: gs_config.rng); the seeded node order reaches the
 * policies as gs_config.rank.  The streams differ from Go's math/rand, so
 * seeds agree in distribution, not pod by pod.
 *
 * Speed: the policies cache a (pod shape, node) score while the node's gen
 * stands (sched/share_view.h); nocache (gs_config.exhaustive) computes
 * every score and must decide identically.
 */
#include <stdlib.h>
#include <string.h>

#include "sched/engine.h"
#include "util/ostat.h"
#include "replay/internal.h"

/* Pods one replay may submit, top-up clones included. */
#define MAX_REPLAY_PODS		20000000

int
gs_replay_check(const struct gs_cluster *m, int64_t *gpus,
    struct gs_error *err)
{
	size_t	i;

	*gpus = 0;
	if (gs_share_check(m, err) != 0)
		return -1;
	for (i = 0; i < m->nnodes; i++)
		*gpus += (int64_t)m->nodes[i].ndevs;
	return 0;
}

void
gs_replay_opts_init(struct gs_replay_opts *o)
{
	memset(o, 0, sizeof *o);
	o->policy = &gs_policy_openb_fgd;
	o->seed = 42;
	o->tune = 1.3;
	o->threshold = 95;
	o->interval = 86400;
	o->speedup = 1;
}

size_t
rstate_intn(struct rstate *rs, size_t n)
{
	return (size_t)gsl_rng_uniform_int(rs->rng, (unsigned long)n);
}

static int
podname_cmp(size_t a, size_t b, const void *arg)
{
	const struct gs_trace_pods *t = arg;

	return strcmp(t->v[a].name, t->v[b].name);
}

void
rsort_stable(size_t *v, size_t n, int (*cmp)(size_t, size_t, const void *),
    const void *arg)
{
	size_t	*tmp, w, i, m, r, a, b, k;

	/* Bottom-up merge sort: stable, O(n log n), no qsort_r in C11. */
	tmp = xreallocarray(NULL, n ? n : 1, sizeof *tmp);
	for (w = 1; w < n; w *= 2) {
		for (i = 0; i < n; i += 2 * w) {
			m = i + w < n ? i + w : n;
			r = i + 2 * w < n ? i + 2 * w : n;
			a = i;
			b = m;
			k = i;
			while (a < m && b < r)
				tmp[k++] = cmp(v[b], v[a], arg) < 0 ? v[b++] :
				    v[a++];
			while (a < m)
				tmp[k++] = v[a++];
			while (b < r)
				tmp[k++] = v[b++];
		}
		memcpy(v, tmp, n * sizeof *v);
	}
	free(tmp);
}

/* The configuration of a policy on the share view: the replay's seed,
 * source, node order, typical pods and Volcano's deviceshare arguments. */
static void
share_config(struct rstate *rs, struct gs_config *cfg)
{
	gs_config_init(cfg);
	cfg->seed = rs->opts->seed;
	cfg->share = 1;
	cfg->rng = rs->rng;
	cfg->exhaustive = rs->opts->nocache;
	cfg->typical = &rs->typ;
	cfg->rank = rs->rank;
	cfg->volcano = rs->opts->volcano;
}

/* The measures of the nodes the engine touched since the last look
 * (every node on the first): idle milli-GPU and frag, and their totals.
 * A node may be named twice; the totals take the difference. */
static void
measure_sync(struct rstate *rs)
{
	const struct gs_snode	*v = gs_share_nodes(rs->sv, &rs->work);
	const size_t		*chg;
	size_t			 n, k, i;
	int64_t			 f;

	chg = gs_share_changed(rs->sv, &n);
	for (k = 0; k < n; k++) {
		i = chg[k];
		f = gs_frag_node(&v[i], &rs->typ);
		rs->idle_all += v[i].idle - rs->idle[i];
		rs->frag_all += f - rs->frag[i];
		rs->idle[i] = v[i].idle;
		rs->frag[i] = f;
	}
}

int
rstate_init(struct rstate *rs, const struct gs_cluster *model,
    const struct gs_trace_pods *pods, const struct gs_replay_opts *o,
    struct gs_replay_result *res, struct gs_error *err)
{
	size_t		*byname, i;

	memset(rs, 0, sizeof *rs);
	memset(res, 0, sizeof *res);
	if (o->policy == NULL || !(o->policy->views & GS_VIEW_SHARE))
		return gs_error_set(err, NULL, 0, 0, "policy '%s' has no "
		    "replay", o->policy != NULL ? o->policy->name : "");
	if (gs_replay_check(model, &rs->gpus, err) != 0)
		return -1;
	rs->opts = o;
	rs->res = res;
	res->policy = o->policy;
	res->seed = o->seed;
	res->gpus = rs->gpus;

	/* The working model, its share view and the measures. */
	gs_cluster_copy(&rs->work, model);
	rs->nnodes = model->nnodes;
	rs->sv = gs_share_new(&rs->work, 0, 0);
	rs->idle = xcalloc(rs->nnodes ? rs->nnodes : 1, sizeof *rs->idle);
	rs->frag = xcalloc(rs->nnodes ? rs->nnodes : 1, sizeof *rs->frag);
	gs_typical_build(pods, rs->sv, o->threshold, &rs->typ);
	res->kept = rs->typ.kept;
	res->ntypical = rs->typ.n;
	res->typical_cover = (double)rs->typ.kept / (double)rs->typ.total;
	measure_sync(rs);

	/* Pods in name order. */
	rs->npods = pods->n;
	byname = xreallocarray(NULL, pods->n, sizeof *byname);
	for (i = 0; i < pods->n; i++)
		byname[i] = i;
	rsort_stable(byname, pods->n, podname_cmp, pods);
	rs->pods = xcalloc(pods->n ? pods->n : 1, sizeof *rs->pods);
	for (i = 0; i < pods->n; i++) {
		const struct gs_trace_pod	*tp = &pods->v[byname[i]];
		struct gs_rpod			*p = &rs->pods[i];

		p->cpu = tp->cpu_milli;
		p->mem = tp->mem_mib;
		p->num = tp->num_gpu;
		p->milli = tp->gpu_milli;
		p->src = (int)byname[i];
	}
	gs_trace_workload(pods, byname, pods->n, &rs->w);
	rs->pl = xcalloc(pods->n ? pods->n : 1, sizeof *rs->pl);
	free(byname);

	rs->rank = xcalloc(rs->nnodes ? rs->nnodes : 1, sizeof *rs->rank);

	rs->rng = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(rs->rng, o->seed);
	/* core.go draws one rand.Int() right after seeding. */
	(void)gsl_rng_get(rs->rng);
	res->digest = UINT64_C(14695981039346656037);
	rs->table = gs_policy_hami_profile(o->policy);
	share_config(rs, &rs->cfg);
	if (strcmp(o->policy->family, "hami") == 0) {	/* HAMi's rows */
		rs->cfg.share = 0;	/* HAMi's device view */
		rhami_config(o->policy, o->node_policy, o->gpu_policy,
		    &rs->cfg, &rs->work);
		rs->cpu_table = &gs_policy_kube_least;
		share_config(rs, &rs->cpu_cfg);
		rs->cpu_state = rs->cpu_table->create(&rs->work, &rs->cpu_cfg);
	}
	rs->pstate = rs->table->create(&rs->work, &rs->cfg);
	return 0;
}

void
rstate_release(struct rstate *rs)
{
	size_t	i;

	for (i = 0; i < rs->npods && rs->pl != NULL; i++)
		gs_placement_release(&rs->pl[i]);
	free(rs->pl);
	if (rs->pstate != NULL)
		rs->table->destroy(rs->pstate);
	if (rs->cpu_state != NULL)
		rs->cpu_table->destroy(rs->cpu_state);
	gs_config_release(&rs->cfg);
	gs_config_release(&rs->cpu_cfg);
	gs_workload_release(&rs->w);
	gs_share_free(rs->sv);
	free(rs->idle);
	free(rs->frag);
	gs_cluster_release(&rs->work);
	gs_typical_release(&rs->typ);
	free(rs->pods);
	free(rs->rank);
	if (rs->rng != NULL)
		gsl_rng_free(rs->rng);
	memset(rs, 0, sizeof *rs);
}

/* Nodes by name (Go's string order: bytes). */
static int
nodename_cmp(size_t a, size_t b, const void *arg)
{
	const struct gs_cluster *c = arg;

	return strcmp(c->nodes[a].name, c->nodes[b].name);
}

/* The node tie order (simulator.go): nodes sorted by name get a seeded
 * permutation as a "%04d-" prefix, and ties go to the smallest name. */
void
rstate_assign_ranks(struct rstate *rs)
{
	size_t	 n = rs->nnodes, i, j;
	size_t	*byname, *perm;

	byname = xreallocarray(NULL, n ? n : 1, sizeof *byname);
	perm = xreallocarray(NULL, n ? n : 1, sizeof *perm);
	for (i = 0; i < n; i++)
		byname[i] = i;
	rsort_stable(byname, n, nodename_cmp, &rs->work);
	/* rand.Perm: m[i] = m[j], m[j] = i with j uniform in [0, i]. */
	for (i = 0; i < n; i++) {
		j = rstate_intn(rs, i + 1);
		perm[i] = perm[j];
		perm[j] = i;
	}
	for (i = 0; i < n; i++)
		rs->rank[byname[i]] = (uint32_t)perm[i];
	free(byname);
	free(perm);
}

/* The policy's own decision through the table (gs_policy.decide on the
 * replay's model): *node, or -1 when not placed, the GPUs it took in
 * *devs.  -1 with err when the decision failed. */
static int
choose_table(struct rstate *rs, size_t idx, struct gs_placement *pl,
    uint32_t *devs, int *node, struct gs_error *err)
{
	size_t	i, j;

	*node = -1;
	if (gs_policy_decide(rs->table, rs->pstate, &rs->work,
	    &rs->w.pods[idx], pl, err) != 0)
		return -1;
	gs_engine_advance(&rs->work, pl);
	if (pl->status == GS_UNMANAGED && rs->cpu_table != NULL) {
		gs_placement_release(pl);
		memset(pl, 0, sizeof *pl);
		if (gs_policy_decide(rs->cpu_table, rs->cpu_state, &rs->work,
		    &rs->w.pods[idx], pl, err) != 0)
			return -1;
	}
	if (pl->status != GS_PLACED)
		return 0;
	for (i = 0; i < pl->nctrs; i++)
		for (j = 0; j < pl->ctrs[i].ngrants; j++)
			*devs |= UINT32_C(1) << pl->ctrs[i].grants[j].dev;
	*node = (int)pl->node;
	return 0;
}

/* The placement of p on node with GPUs devs, one grant a GPU, unless the
 * policy (HAMi) made its own; every grant charges p's share. */
static void
placement_of(struct gs_placement *pl, size_t idx, int node, uint32_t devs,
    const struct gs_rpod *p)
{
	size_t	j, k = 0;
	int	g;

	if (pl->ctrs == NULL) {	/* no decision of the policy's own */
		gs_placement_release(pl);
		memset(pl, 0, sizeof *pl);
		pl->status = GS_PLACED;
		pl->node = node;
		pl->nctrs = 1;
		pl->ctrs = xcalloc(1, sizeof *pl->ctrs);
		for (g = 0; g < GS_TRACE_MAXGPU; g++)
			k += (devs >> g) & 1;
		pl->ctrs[0].ngrants = k;
		pl->ctrs[0].grants = xcalloc(k ? k : 1,
		    sizeof *pl->ctrs[0].grants);
		for (g = 0, k = 0; g < GS_TRACE_MAXGPU; g++)
			if (devs & (UINT32_C(1) << g))
				pl->ctrs[0].grants[k++].dev = g;
	}
	pl->pod = idx;
	for (j = 0; j < pl->ctrs[0].ngrants; j++)
		pl->ctrs[0].grants[j].milli = p->milli;
}

/*
 * Decide p, and charge the decision through the engine to the replay's
 * model (rs->work); the measures of its node follow.
 */
int
rstate_place(struct rstate *rs, const struct gs_rpod *p, uint32_t *devs,
    int *nodep, struct gs_error *err)
{
	size_t			 idx = (size_t)(p - rs->pods);
	struct gs_placement	*pl = &rs->pl[idx];
	int			 node, rc;

	*devs = 0;
	gs_placement_release(pl);
	memset(pl, 0, sizeof *pl);
	rc = choose_table(rs, idx, pl, devs, nodep, err);
	if ((node = *nodep) < 0) {
		gs_placement_release(pl);
		memset(pl, 0, sizeof *pl);
		return rc;
	}
	placement_of(pl, idx, node, *devs, p);
	gs_engine_commit(&rs->work, pl, &rs->w.pods[idx]);
	measure_sync(rs);
	return 0;
}

void
rstate_unplace(struct rstate *rs, const struct gs_rpod *p)
{
	size_t	idx = (size_t)(p - rs->pods);

	gs_engine_release(&rs->work, &rs->pl[idx], &rs->w.pods[idx]);
	if (rs->table != NULL && rs->table->release != NULL)
		rs->table->release(rs->pstate, &rs->work, &rs->w.pods[idx],
		    &rs->pl[idx]);
	gs_placement_release(&rs->pl[idx]);
	memset(&rs->pl[idx], 0, sizeof rs->pl[idx]);
	measure_sync(rs);
}

/*
 * Verify (tests): the share view, read incrementally, equals a fresh view
 * of the model the engine charged, and the incremental measures their
 * recomputation.
 */
static int
view_exact(struct rstate *rs)
{
	struct gs_share		*fresh = gs_share_new(&rs->work, 0, 0);
	const struct gs_snode	*v = gs_share_nodes(rs->sv, &rs->work);
	const struct gs_snode	*fv = gs_share_nodes(fresh, &rs->work);
	int64_t			 frag = 0, idle = 0;
	size_t			 i;
	int			 ok = 1;

	for (i = 0; i < rs->nnodes && ok; i++) {
		const struct gs_snode *a = &v[i], *b = &fv[i];

		ok = a->cpu_left == b->cpu_left && a->mem_left == b->mem_left &&
		    a->pods == b->pods && a->whole == b->whole &&
		    a->idle == b->idle &&
		    memcmp(a->free, b->free, sizeof a->free) == 0 &&
		    memcmp(a->nused, b->nused, sizeof a->nused) == 0;
		ok = ok && rs->idle[i] == b->idle &&
		    rs->frag[i] == gs_frag_node(b, &rs->typ);
		frag += gs_frag_node(b, &rs->typ);
		idle += b->idle;
	}
	gs_share_free(fresh);
	return ok && frag == rs->frag_all && idle == rs->idle_all;
}

void
rstate_event(struct rstate *rs, int64_t time, int32_t running,
    int32_t pending)
{
	struct gs_replay_result	*res = rs->res;
	struct gs_revent	*e;

	if (rs->opts->verify && !view_exact(rs))
		res->verify_failed = 1;
	grow_array(&res->ev, &rs->evcap, res->nev + 1, sizeof *res->ev);
	e = &res->ev[res->nev++];
	e->time = time;
	e->arrived = rs->arrived;
	e->idle = rs->idle_all;
	e->used = rs->gpus * GS_MILLI - rs->idle_all;
	e->frag = rs->frag_all;
	e->running = running;
	e->pending = pending;
	if (pending > res->peak_pending)
		res->peak_pending = pending;
	if (e->used > res->peak_used)
		res->peak_used = e->used;
}

void
rstate_digest(struct rstate *rs, size_t pod, int node, uint32_t devs)
{
	uint64_t	h = rs->res->digest;
	uint64_t	v[3] = { pod, (uint64_t)(int64_t)node, devs };
	size_t		i, b;

	for (i = 0; i < 3; i++)
		for (b = 0; b < 8; b++) {
			h ^= (v[i] >> (8 * b)) & 0xff;
			h *= UINT64_C(1099511628211);
		}
	rs->res->digest = h;
}

/*
 * §5.4: below target, append clones drawn with replacement from the pods
 * in name order, stopping at the first draw whose per-GPU milli would
 * cross the target (the quirk: num x milli is what gets added); above
 * target, remove random pods until at or under it.
 */
static int
tune_pods(struct rstate *rs, size_t **orderp, size_t *n, size_t *nclones,
    size_t *nremoved, struct gs_error *err)
{
	double	 target = rs->opts->tune * (double)(rs->gpus * GS_MILLI);
	size_t	*order = *orderp;
	int64_t	 total = 0, *weight;
	size_t	 i, cap = *n, idx;

	*nclones = *nremoved = 0;
	if (rs->opts->tune <= 0)
		return 0;
	for (i = 0; i < *n; i++)
		total += (int64_t)rs->pods[order[i]].milli *
		    rs->pods[order[i]].num;
	if (total == 0)
		return gs_error_set(err, NULL, 0, 0, "the pod list requests no "
		    "GPU, so it cannot be topped up to %g x GPU capacity "
		    "(use --tune 0)", rs->opts->tune);
	if ((double)total == target)
		return 0;
	if ((double)total > target) {
		/* The k-th pod left, found in O(log n) (core/util/ostat.c). */
		weight = xreallocarray(NULL, rs->npods ? rs->npods : 1,
		    sizeof *weight);
		for (i = 0; i < rs->npods; i++)
			weight[i] = (int64_t)rs->pods[i].milli *
			    rs->pods[i].num;
		*nremoved = gs_trim_random(rs->rng, order, n, weight, &total,
		    target);
		free(weight);
		return 0;
	}
	for (;;) {
		idx = rstate_intn(rs, rs->npods);
		if ((double)(total + rs->pods[idx].milli) > target)
			break;
		if (*n >= MAX_REPLAY_PODS) {
			*orderp = order;
			return gs_error_set(err, NULL, 0, 0, "topping up to %g x "
			    "GPU capacity needs more than %d pods",
			    rs->opts->tune, MAX_REPLAY_PODS);
		}
		total += (int64_t)rs->pods[idx].milli * rs->pods[idx].num;
		grow_array(&order, &cap, *n + 1, sizeof *order);
		/* Clones are marked by an index past the pod list. */
		order[(*n)++] = rs->npods + idx;
		(*nclones)++;
	}
	*orderp = order;
	return 0;
}

static int
replay_arrivals(struct rstate *rs, struct gs_error *err)
{
	struct gs_replay_result	*res = rs->res;
	size_t			*order, n = rs->npods, i, j;
	uint32_t		 devs;
	int			 node;

	order = xreallocarray(NULL, n, sizeof *order);
	for (i = 0; i < n; i++)
		order[i] = i;
	/* rand.Shuffle: i from n-1 down to 1, j uniform in [0, i]. */
	for (i = n; i-- > 1;) {
		size_t t;

		j = rstate_intn(rs, i + 1);
		t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	if (tune_pods(rs, &order, &n, &res->nclones, &res->nremoved,
	    err) != 0) {
		free(order);
		return -1;
	}
	rstate_assign_ranks(rs);

	res->npods = n;
	res->node_of = xreallocarray(NULL, n ? n : 1, sizeof *res->node_of);
	res->devs_of = xreallocarray(NULL, n ? n : 1, sizeof *res->devs_of);
	rstate_event(rs, 0, 0, 0);
	for (i = 0; i < n; i++) {
		const struct gs_rpod *p = &rs->pods[order[i] % rs->npods];

		rs->arrived += (int64_t)p->milli * p->num;
		if (rstate_place(rs, p, &devs, &node, err) != 0) {
			free(order);
			return -1;
		}
		if (node < 0) {
			res->failed++;
			res->failed_milli += (int64_t)p->milli * p->num;
			devs = 0;
		} else
			res->placed++;
		res->node_of[i] = node;
		res->devs_of[i] = devs;
		rstate_digest(rs, order[i], node, devs);
		rstate_event(rs, 0, 0, 0);
		gs_progress_step(rs->opts->progress, i + 1, n);
	}
	free(order);
	return 0;
}

int
gs_replay_run(const struct gs_cluster *model, const struct gs_trace_pods *pods,
    const struct gs_replay_opts *o, struct gs_replay_result *res,
    struct gs_error *err)
{
	struct rstate	rs;
	int		rc;

	if (rstate_init(&rs, model, pods, o, res, err) != 0)
		return -1;
	if (o->timed)
		rc = gs_replay_timed(&rs, pods, err);
	else
		rc = replay_arrivals(&rs, err);
	rstate_release(&rs);
	if (rc != 0)
		gs_replay_result_release(res);
	return rc;
}

void
gs_replay_result_release(struct gs_replay_result *r)
{
	free(r->ev);
	free(r->node_of);
	free(r->devs_of);
	memset(r, 0, sizeof *r);
}
