/*
 * sched/sim.c: one simulation (sched/sim.h): copy, version view, engine,
 * drains, metrics.
 */
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "model/quota.h"
#include "model/dra.h"
#include "model/hami_geom.h"
#include "model/running.h"
#include "sched/sim.h"
#include "sched/sharing_modes.h"
#include "sched/dra/kversion.h"
#include "plan/whatif.h"

void
gs_sim_cluster(struct gs_cluster *dst, const struct gs_cluster *c,
    const struct gs_config *cfg)
{
	gs_cluster_copy(dst, c);
	/* Nodes both device plugins registered: the run's scheduler's. */
	if (cfg->profile != NULL && gs_policy_of_family(cfg->profile,
	    "volcano"))
		gs_cluster_for_volcano(dst);
	gs_cluster_for_version(dst, hami_version(cfg));
}

int
gs_sim_cluster_check(const struct gs_cluster *c, const struct gs_config *cfg,
    struct gs_error *err)
{
	const struct hami_profile	*hp;

	if (c->hg_bad == NULL || cfg->profile == NULL ||
	    !gs_policy_of_family(cfg->profile, "hami"))
		return 0;
	hp = hami_profile_of_version(hami_version(cfg));
	if (hp->mig_chart == GS_HGEOM_NONE ||
	    c->hg_bad[hp->mig_chart].msg[0] == '\0')
		return 0;
	*err = c->hg_bad[hp->mig_chart];
	return -1;
}

int
gs_simulate(const struct gs_cluster *c, const struct gs_workload *w,
    const struct gs_config *cfg, const struct gs_policy *p,
    const struct gs_sim_opts *o, struct gs_sim *out, struct gs_error *err)
{
	static const struct gs_sim_opts none;
	size_t	i;

	if (o == NULL)
		o = &none;
	memset(out, 0, sizeof *out);
	gs_config_copy(&out->cfg, cfg);
	gs_sim_cluster(&out->cluster, c, &out->cfg);
	if (gs_sim_cluster_check(c, &out->cfg, err) != 0)
		return -1;
	/* The workload's ResourceQuotas, known before its first pod. */
	gs_quotas_add_limits(&out->cluster.quotas, &w->quotas);
	/* The workload's DRA objects, and allocated claims charged. */
	gs_dra_prepare(&out->cluster.dra, w->dra);
	/* A `dra` profile on a HAMi cluster: HAMi-DRA's slices and claims. */
	if (gs_kube_version_of(p->name) != NULL)
		(void)gs_dra_hami_map(&out->cluster.dra, &out->cluster, w);
	if (o->prepare != NULL)
		o->prepare(&out->cluster, o->arg);
	if (gs_engine_run(&out->cluster, w, &out->cfg, p, o->progress,
	    &out->res, err) != 0)
		return -1;
	for (i = 0; i < o->ndrain; i++)
		if (gs_drain(&out->cluster, w, &out->cfg, p, &out->res,
		    o->drain[i], err) != 0)
			return -1;
	gs_metrics_compute(&out->m, &out->cluster, w, &out->cfg, &out->res);
	return 0;
}

void
gs_sim_release(struct gs_sim *s)
{
	gs_metrics_release(&s->m);
	gs_result_release(&s->res);
	gs_config_release(&s->cfg);
	gs_cluster_release(&s->cluster);
	if (s->share != NULL) {
		gs_share_run_release(s->share);
		free(s->share);
		s->share = NULL;
	}
}

int
gs_sim_share(const struct gs_cluster *c, const struct gs_workload *w,
    const struct gs_config *cfg, int mode, const struct gs_sim_opts *o,
    struct gs_sim *out, struct gs_error *err)
{
	struct gs_share_run	*sr = xcalloc(1, sizeof *sr);
	int			 rc;

	gs_share_run_init(sr, mode, c, w, cfg);
	rc = gs_simulate(&sr->cluster, &sr->wl, &sr->cfg,
	    gs_policy_find(sr->cfg.profile), o, out, err);
	if (rc == 0)
		gs_share_run_measure(sr, &out->cluster, &out->res);
	out->share = sr;
	return rc;
}

const struct gs_workload *
gs_sim_workload(const struct gs_sim *s, const struct gs_workload *w)
{
	return s->share != NULL ? &s->share->wl : w;
}
