/*
 * sched/volcano/explain.c: explain of a pod under the volcano-* profiles
 * (sched/volcano/explain.h), Volcano v1.15.1.  Each node is evaluated by
 * the engine's own code (gs_peer_volcano_eval, sched/peers.c: the
 * deviceshare predicate, then FilterNode's
 * checkNodeGPUSharingPredicateAndScore walk recorded step by step); this
 * file words what the walk saw: per node the predicate that refused the
 * pod or its score, per GPU of one node the check it failed with the
 * numbers Volcano compared, and on a MIG GPU what findMatch and
 * pickFromGroup (pkg/scheduler/api/devices/nvidia/vgpu/mig.go) tried.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/volcano/explain.h"
#include "sched/volcano/vgpu.h"
#include "util/util.h"

/* Append to buf (NUL-terminated, len bytes) what fmt says. */
static void
cat(char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
cat(char *buf, size_t len, const char *fmt, ...)
{
	size_t	n = strlen(buf);
	va_list	ap;

	if (n + 1 >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(buf + n, len - n, fmt, ap);
	va_end(ap);
}

/* One group's kinds as pickFromGroup tries them (memory ascending), and
 * why none holds req: too small, not in use (a group in use takes only
 * the kinds in its usage list), or every instance taken. */
static void
group_why(const struct gs_vc_group *g, uint64_t used, uint32_t req,
    char *buf, size_t len)
{
	size_t		idx[GS_VC_MAXPOS], i;
	uint64_t	u;
	int		n;

	gs_vc_mig_order(g, idx);
	for (i = 0; i < g->ninst; i++) {
		const struct gs_vc_inst *in = &g->inst[idx[i]];

		u = used & gs_vc_kind_mask(g, idx[i]);
		for (n = 0; u != 0; u &= u - 1)
			n++;
		cat(buf, len, "%s%s %u MiB ", i ? ", " : "", in->name,
		    in->mem);
		if (in->mem < req)
			cat(buf, len, "< %u", req);
		else if (used != 0 && n == 0)
			cat(buf, len, "not in use");
		else
			cat(buf, len, "%d of %d taken", n, in->count);
	}
}

void
gs_vc_mig_why(const struct gs_vc_mig *m, int32_t group, uint64_t used,
    uint32_t req, char *buf, size_t len)
{
	size_t	i;

	buf[0] = '\0';
	if (m == NULL) {
		cat(buf, len, "no MIG geometry for this GPU (MigTemplate "
		    "empty): nothing fits");
		return;
	}
	if (group > 0 && (size_t)group <= m->ngroups) {
		cat(buf, len, "no instance of %s (the group in use, "
		    "MigInUse.Index) holds %u MiB: ",
		    m->groups[group - 1].name, req);
		group_why(&m->groups[group - 1], used, req, buf, len);
		return;
	}
	cat(buf, len, "no group holds %u MiB: ", req);
	for (i = 0; i < m->ngroups; i++) {
		cat(buf, len, "%s%s (", i ? "; " : "", m->groups[i].name);
		group_why(&m->groups[i], 0, req, buf, len);
		cat(buf, len, ")");
	}
}

/* A device's state as the walk finds it: the node's, plus what the
 * pod's earlier grants on it charged. */
struct xdev {
	int64_t		use;
	int32_t		npods, cores;
	int32_t		group;
	uint64_t	used;
};

/* The walk's text for step s on device d (state x before it). */
static void
step_why(const struct gs_volcano_conf *conf, const struct gs_device *d,
    const struct xdev *x, const struct gs_preq *k,
    const struct gs_peer_vstep *s, int mig, char *buf, size_t len)
{
	uint32_t	f = conf != NULL ? conf->mem_factor : 0;
	uint64_t	req = (uint64_t)(s->mem < 0 ? 0 : s->mem);

	buf[0] = '\0';
	switch (s->check) {
	case GS_VCF_OK:
		cat(buf, len, "takes it: UsedMem %lld + %lld of %d MiB, "
		    "UsedCore %d + %d, UsedNum %d + 1 of %d",
		    (long long)x->use, (long long)s->charge, d->devmem,
		    x->cores, k->cores, x->npods, d->count);
		break;
	case GS_VCF_SLOTS:
		cat(buf, len, "Number %d <= UsedNum %d: no slot left",
		    d->count, x->npods);
		break;
	case GS_VCF_MEM:
		cat(buf, len, "Memory %d - UsedMem %lld = %lld MiB < "
		    "memreqForCard %lld", d->devmem, (long long)x->use,
		    (long long)(d->devmem - x->use), (long long)s->mem);
		break;
	case GS_VCF_CORES:
		cat(buf, len, "UsedCore %d + Coresreq %d > 100", x->cores,
		    k->cores);
		break;
	case GS_VCF_EXCLUSIVE:
		cat(buf, len, "Coresreq 100 wants the card alone; UsedNum %d",
		    x->npods);
		break;
	case GS_VCF_FULL:
		cat(buf, len, "UsedCore 100: no Coresreq 0 pod on a full "
		    "card");
		break;
	case GS_VCF_TYPE:
		cat(buf, len, "checkType: the pod's GPU type or UUID "
		    "annotations refuse %s", d->type);
		break;
	default:
		if (f > 1)
			req *= f;
		cat(buf, len, "MIG TryAddPod: ");
		gs_vc_mig_why(mig ? gs_volcano_geometry(conf, d->type) : NULL,
		    x->group, x->used, req > UINT32_MAX ? UINT32_MAX :
		    (uint32_t)req, buf + strlen(buf), len - strlen(buf));
		break;
	}
}

/* Step s's device charged (the walk's own accounting). */
static void
xdev_take(struct xdev *x, const struct gs_peer_vstep *s,
    const struct gs_preq *k)
{
	x->use += s->charge;
	x->npods++;
	x->cores += k->cores;
	if (s->vc_pos > 0) {
		x->group = s->vc_group;
		x->used |= 1ULL << (s->vc_pos - 1);
	}
}

/* The detail node's GPUs per container asking vGPU, from its walk. */
static void
detail_gpus(const struct gs_cluster *c, const struct gs_peer_veval *e,
    long node, struct gs_vc_explain *ex)
{
	const struct gs_node	*n = &c->nodes[node];
	struct xdev		*x = xcalloc(n->ndevs ? n->ndevs : 1,
				    sizeof *x);
	size_t			 i, j, s;

	for (j = 0; j < n->ndevs; j++) {
		x[j].use = n->devs[j].usedmem;
		x[j].npods = n->devs[j].used;
		x[j].cores = n->devs[j].usedcores;
		x[j].group = n->devs[j].vc_group;
		x[j].used = n->devs[j].vc_used;
	}
	ex->ctrs = xcalloc(e->nreq ? e->nreq : 1, sizeof *ex->ctrs);
	for (i = 0; i < e->nreq; i++) {
		struct gs_vc_xctr *xc;
		int pos = 0;

		if (e->req[i].num == 0)
			continue;
		xc = &ex->ctrs[ex->nctrs++];
		xc->ctr = i;
		xc->gpu = xcalloc(n->ndevs ? n->ndevs : 1, sizeof *xc->gpu);
		for (s = 0; s < e->trace.n; s++) {
			const struct gs_peer_vstep *st = &e->trace.step[s];
			struct gs_vc_xgpu *g;
			struct gs_grant gr = { 0 };

			if (st->ctr != i)
				continue;
			g = &xc->gpu[xc->ngpus++];
			g->dev = st->dev;
			g->try_pos = ++pos;
			g->check = st->check;
			g->mem = st->mem;
			g->score = st->score;
			step_why(c->volcano, &n->devs[st->dev], &x[st->dev],
			    &e->req[i], st, e->mode == GS_VCM_MIG, g->why,
			    sizeof g->why);
			gr.vc_group = st->vc_group;
			gr.vc_pos = st->vc_pos;
			if (st->check == GS_VCF_OK) {
				gs_vc_mig_id(c->volcano, &n->devs[st->dev],
				    &gr, g->mig, sizeof g->mig);
				xdev_take(&x[st->dev], st, &e->req[i]);
			}
		}
		for (j = 0; j < n->ndevs; j++) {
			for (s = 0; s < xc->ngpus; s++)
				if (xc->gpu[s].dev == (int)j)
					break;
			if (s < xc->ngpus)
				continue;
			xc->gpu[xc->ngpus].dev = (int)j;
			xc->gpu[xc->ngpus].check = -1;
			snprintf(xc->gpu[xc->ngpus].why,
			    sizeof xc->gpu[xc->ngpus].why, "%s",
			    e->trace.cards >= 0 ? "not walked: the pod asks "
			    "more GPUs than the node has" : pos > 0 ?
			    "not reached: the container had its GPUs" :
			    "not walked: an earlier container failed");
			xc->ngpus++;
		}
	}
	if (e->trace.cards >= 0)
		snprintf(ex->cards, sizeof ex->cards, "no enough gpu cards on "
		    "node %s: a container asks %d, the node has %zu",
		    n->name, e->req[e->trace.cards].num, n->ndevs);
	free(x);
}

/* Short words for the GPU check a failing node's last container failed,
 * for the node's line. */
static const char *const check_short[] = {
	"takes it", "no slot", "memory", "cores", "exclusive", "cores full",
	"checkType", "no MIG instance"
};

/* Node i's verdict text from its evaluation. */
static char *
node_why(const struct gs_cluster *c, const struct gs_config *cfg,
    const struct gs_pod *pod, const struct gs_peer_veval *e, size_t i)
{
	char	buf[512] = "";
	size_t	s, last;

	switch (e->why) {
	case -1:
		cat(buf, sizeof buf, "fits (mode %s): score %g",
		    gs_volcano_mode_name(e->mode), e->score);
		if (cfg->volcano.given)
			cat(buf, sizeof buf, " = GPUScore %g x ScheduleWeight "
			    "%d", e->raw, cfg->volcano.weight);
		break;
	case GS_VCX_FILTER:
		cat(buf, sizeof buf, "not a candidate: %s", e->text);
		break;
	case GS_VCX_NO_GPUS:
		cat(buf, sizeof buf, "not a candidate: no GPU registered for "
		    "Volcano");
		break;
	case GS_VCX_MODE:
		cat(buf, sizeof buf, "FilterNode: %s", e->text);
		break;
	case GS_VCX_PINNED:
		cat(buf, sizeof buf, "not a candidate: the pod names node %s",
		    c->nodes[pod->pinned_node].name);
		break;
	case GS_VCX_OFF:
		cat(buf, sizeof buf, "%s",
		    gs_peer_volcano_off(&cfg->volcano));
		break;
	default:
		if (e->trace.cards >= 0) {
			cat(buf, sizeof buf, "FilterNode: no enough gpu cards "
			    "on node %s", c->nodes[i].name);
			break;
		}
		cat(buf, sizeof buf, "FilterNode: not enough gpu fitted on "
		    "this node (");
		last = e->trace.n ? e->trace.step[e->trace.n - 1].ctr : 0;
		for (s = 0; s < e->trace.n; s++)
			if (e->trace.step[s].ctr == last)
				cat(buf, sizeof buf, "%sGPU %d %s",
				    buf[strlen(buf) - 1] == '(' ? "" : ", ",
				    (int)gs_gpu_number(&c->nodes[i],
				    (size_t)e->trace.step[s].dev),
				    check_short[e->trace.step[s].check]);
		cat(buf, sizeof buf, ")");
		break;
	}
	return xstrdup(buf);
}

int
gs_volcano_explain(const struct gs_cluster *c, const struct gs_config *cfg,
    const struct gs_pod *pod, const struct gs_placement *d, long detail,
    struct gs_vc_explain *ex)
{
	struct gs_peer_veval	e;
	size_t			i;
	long			show;

	memset(ex, 0, sizeof *ex);
	ex->chosen = -1;
	ex->detail = -1;
	ex->nnodes = c->nnodes;
	ex->weight = cfg->volcano.given ? cfg->volcano.weight : 1;
	ex->pod_mode = gs_kv_get(&pod->annotations, VOLCANO_MODE_ANNO);
	ex->mode = xcalloc(c->nnodes ? c->nnodes : 1, sizeof *ex->mode);
	ex->score = xcalloc(c->nnodes ? c->nnodes : 1, sizeof *ex->score);
	ex->verdict = xcalloc(c->nnodes ? c->nnodes : 1, sizeof *ex->verdict);
	ex->why = xcalloc(c->nnodes ? c->nnodes : 1, sizeof *ex->why);
	show = detail >= 0 ? detail : d->status == GS_PLACED ? d->node : -1;
	for (i = 0; i < c->nnodes; i++) {
		gs_peer_volcano_eval(c, cfg, pod, i, &e);
		if (e.unmanaged) {
			gs_peer_veval_release(&e);
			return -1;
		}
		if (i == 0) {
			ex->policy = e.policy;
			ex->nreq = e.nreq;
			ex->req = xcalloc(e.nreq ? e.nreq : 1,
			    sizeof *ex->req);
			memcpy(ex->req, e.req, e.nreq * sizeof *ex->req);
		}
		ex->mode[i] = e.mode;
		ex->score[i] = e.score;
		ex->why[i] = node_why(c, cfg, pod, &e, i);
		ex->verdict[i].why = ex->why[i];
		ex->verdict[i].fits = e.why < 0;
		/* Volcano's node order: the highest score; gpusched's rule
		 * for equal scores, the node listed first. */
		if (e.why < 0 && (ex->chosen < 0 ||
		    e.score > ex->score[ex->chosen]))
			ex->chosen = (long)i;
		if ((long)i == show && e.why != GS_VCX_FILTER &&
		    e.why != GS_VCX_NO_GPUS && e.why != GS_VCX_PINNED &&
		    e.why != GS_VCX_OFF && e.why != GS_VCX_MODE) {
			ex->detail = (long)i;
			detail_gpus(c, &e, show, ex);
		}
		gs_peer_veval_release(&e);
	}
	gs_xverdict_chosen(ex->verdict, c->nnodes, d);
	return 0;
}

void
gs_volcano_explain_release(struct gs_vc_explain *ex)
{
	size_t	i;

	for (i = 0; i < ex->nnodes && ex->why != NULL; i++)
		free(ex->why[i]);
	for (i = 0; i < ex->nctrs; i++)
		free(ex->ctrs[i].gpu);
	free(ex->ctrs);
	free(ex->why);
	free(ex->verdict);
	free(ex->score);
	free(ex->mode);
	free(ex->req);
	memset(ex, 0, sizeof *ex);
}
