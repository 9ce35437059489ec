/*
 * sched/route.c: one scheduler per pod (issue 18 item 5).  The route
 * policy hands each pod to the profile its spec.schedulerName names and
 * records which one decided; every profile decides on the one gs_cluster,
 * whose usage the engine charges, so each sees the others' pods.
 *
 * Names, as a mixed cluster runs them: hami-scheduler (HAMi's chart,
 * values.yaml schedulerName), kai-scheduler (KAI-Scheduler's chart,
 * deployments/kai-scheduler values), volcano (volcano's
 * installer, pkg/scheduler/options DefaultSchedulerName) and
 * default-scheduler (corev1.DefaultSchedulerName, which the API server
 * sets on a pod naming none).  --scheduler NAME=PROFILE maps any name and
 * chooses a family's profile; a name nothing maps leaves the pod pending,
 * as no scheduler ever picks it up.  kai-scheduler goes to the profile
 * KAI's own config names (--kai-config, load/kai_conf.h), volcano to the
 * one Volcano's deviceshare.SchedulePolicy names (--volcano-config,
 * load/volcano_sched.h), unless the run's profile or --scheduler names
 * one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "sched/route.h"

/* The families' profiles when neither --profile nor --scheduler names one:
 * HAMi's chart default (gs_config_init), KAI's and Volcano's default
 * binpack, kube-scheduler's default NodeResourcesFit LeastAllocated. */
static const struct {
	const char	*name, *family, *profile;
} known[] = {
	{ "hami-scheduler", "hami", "hami-v2.6.1" },
	{ "kai-scheduler", "kai", "kai-binpack" },
	{ "volcano", "volcano", "volcano-binpack" },
	{ "default-scheduler", "kube", "kube-least-allocated" },
};
#define NKNOWN	(sizeof known / sizeof known[0])

/* Does HAMi run in the cluster (its profile, or hami-scheduler mapped)? */
static int
hami_runs(const struct gs_config *cfg)
{
	const struct gs_policy	*p = gs_policy_find(cfg->profile);

	return (p != NULL && strcmp(p->family, "hami") == 0) ||
	    gs_kv_get(&cfg->schedulers, "hami-scheduler") != NULL;
}

/* The profile of a scheduler name, the webhook aside. */
static const struct gs_policy *
named(const struct gs_config *cfg, const char *name)
{
	const struct gs_policy	*run = gs_policy_find(cfg->profile);
	const char		*m = gs_kv_get(&cfg->schedulers, name);
	size_t			 i;

	if (m != NULL)
		return gs_policy_find(m);
	for (i = 0; i < NKNOWN; i++) {
		if (strcmp(known[i].name, name) != 0)
			continue;
		if (run != NULL && strcmp(run->family, known[i].family) == 0)
			return run;
		/* KAI's placementStrategy (--kai-config), Volcano's
		 * deviceshare.SchedulePolicy (--volcano-config). */
		if (cfg->kai_profile != NULL &&
		    strcmp(known[i].family, "kai") == 0)
			return gs_policy_find(cfg->kai_profile);
		if (cfg->volcano.profile != NULL &&
		    strcmp(known[i].family, "volcano") == 0)
			return gs_policy_find(cfg->volcano.profile);
		return gs_policy_find(known[i].profile);
	}
	return NULL;
}

const struct gs_policy *
gs_route_profile(const struct gs_config *cfg, const char *name,
    int hami_claims)
{
	/*
	 * HAMi's webhook (Handle, pkg/scheduler/webhook.go) sets
	 * hami-scheduler on a pod asking a HAMi resource; pods naming
	 * another scheduler keep it (the newer webhook rewrites only
	 * default-scheduler; older ones rewrote every name: not modelled).
	 */
	if (name == NULL || strcmp(name, "default-scheduler") == 0)
		name = hami_claims && hami_runs(cfg) ? "hami-scheduler" :
		    "default-scheduler";
	return named(cfg, name);
}

const struct gs_policy *
gs_route_pod(const struct gs_config *cfg, const struct gs_cluster *c,
    const struct gs_pod *pod)
{
	const struct gs_policy	*hp;
	struct gs_config	 h;
	int			 claims = 0;

	/* HAMi's webhook claims the pod under HAMi's own configuration,
	 * as route_create's HAMi entry holds it. */
	if (hami_runs(cfg) && (hp = named(cfg, "hami-scheduler")) != NULL) {
		gs_config_copy(&h, cfg);
		free(h.profile);
		h.profile = xstrdup(hp->name);
		claims = hami_webhook_claims(pod, &h, c);
		gs_config_release(&h);
	}
	return gs_route_profile(cfg, pod->scheduler_name, claims);
}

const struct gs_policy *
gs_route_select(const struct gs_policy *p, const struct gs_config *cfg,
    const struct gs_workload *w)
{
	size_t	i;

	if (cfg->schedulers.n > 0)
		return &gs_policy_route;
	/* Pods naming the run's own scheduler (or the default) keep the
	 * run under its one profile, as before. */
	for (i = 0; i < w->npods; i++) {
		const char *n = w->pods[i].scheduler_name;

		if (n != NULL && strcmp(n, "default-scheduler") != 0 &&
		    named(cfg, n) != p)
			return &gs_policy_route;
	}
	return p;
}

/* One profile's state, under a copy of the run's configuration naming it
 * (HAMi's version rules read cfg->profile). */
struct route_ent {
	const struct gs_policy	*p;
	struct gs_config	 cfg;
	void			*st;
};

struct route_st {
	const struct gs_config	*cfg;
	struct route_ent	*ents;
	size_t			 n;
	const struct gs_config	*hami_cfg;	/* HAMi's entry, or NULL */
};

static struct route_ent *
ent_for(struct route_st *st, const struct gs_cluster *c,
    const struct gs_policy *p)
{
	struct route_ent	*e;
	size_t			 i;

	for (i = 0; i < st->n; i++)
		if (st->ents[i].p == p)
			return &st->ents[i];
	e = &st->ents[st->n++];
	e->p = p;
	gs_config_copy(&e->cfg, st->cfg);
	free(e->cfg.profile);
	e->cfg.profile = xstrdup(p->name);
	e->st = p->create(c, &e->cfg);
	return e;
}

static void *
route_create(const struct gs_cluster *c, const struct gs_config *cfg)
{
	struct route_st		*st = xcalloc(1, sizeof *st);
	const struct gs_policy	*p;
	size_t			 i;

	st->cfg = cfg;
	st->ents = xcalloc(NKNOWN + cfg->schedulers.n, sizeof *st->ents);
	/* Every scheduler that may run, created before the first pod. */
	for (i = 0; i < NKNOWN + cfg->schedulers.n; i++) {
		p = named(cfg, i < NKNOWN ? known[i].name :
		    cfg->schedulers.v[i - NKNOWN].key);
		if (p != NULL && p->create != NULL)
			(void)ent_for(st, c, p);
	}
	if (hami_runs(cfg))
		st->hami_cfg = &ent_for(st, c,
		    named(cfg, "hami-scheduler"))->cfg;
	return st;
}

static void
route_destroy(void *arg)
{
	struct route_st	*st = arg;
	size_t		 i;

	for (i = 0; i < st->n; i++) {
		st->ents[i].p->destroy(st->ents[i].st);
		gs_config_release(&st->ents[i].cfg);
	}
	free(st->ents);
	free(st);
}

static void
route_workload(void *arg, const struct gs_workload *w)
{
	struct route_st	*st = arg;
	size_t		 i;

	for (i = 0; i < st->n; i++)
		if (st->ents[i].p->workload != NULL)
			st->ents[i].p->workload(st->ents[i].st, w);
}

static int
route_decide(void *arg, const struct gs_cluster *c, const struct gs_pod *pod,
    struct gs_placement *d, struct gs_error *err)
{
	struct route_st		*st = arg;
	const struct gs_policy	*p;
	struct route_ent	*e;
	int			 claims;

	claims = st->hami_cfg != NULL &&
	    hami_webhook_claims(pod, st->hami_cfg, c);
	p = gs_route_profile(st->cfg, pod->scheduler_name, claims);
	if (p == NULL) {
		memset(d, 0, sizeof *d);
		d->node = -1;
		d->status = GS_PENDING;
		d->reason = xasprintf("no scheduler named '%s' runs in the "
		    "cluster (map it with --scheduler %s=PROFILE)",
		    pod->scheduler_name, pod->scheduler_name);
		return 0;
	}
	e = ent_for(st, c, p);
	if (p->decide(e->st, c, pod, d, err) != 0)
		return -1;
	d->scheduler = p->name;
	return 0;
}

const struct gs_policy gs_policy_route = {
	.name = "route",
	.summary = "each pod to the scheduler its spec.schedulerName names",
	.family = "route",
	.views = GS_VIEW_DEVICE,
	.tie = GS_TIE_FIRST,
	.create = route_create,
	.destroy = route_destroy,
	.decide = route_decide,
	.workload = route_workload,
};
