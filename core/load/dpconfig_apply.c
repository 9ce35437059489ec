/*
 * load/dpconfig_apply.c: lay a node's GPUs out as the device plugin config and
 * the mig-parted config its labels choose (load/dpconfig.h).  The node's
 * physical GPUs are its devices, a MIG GPU's instances counted once; a
 * setting neither config gives stays as the node had it (its geometry, its
 * replicas).  mig-parted applies a config's entries to the GPUs their
 * devices filter names; the first entry naming a GPU wins here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load/dpconfig.h"
#include "load/load.h"
#include "load/sharing.h"
#include "model/catalog.h"
#include "model/mig.h"

/* The catalogue model of a device type ("NVIDIA-Tesla T4", or a MIG
 * instance's "...-MIG-1g.10gb" with the suffix cut into type). */
static const struct gs_gpu_model *
type_model(const char *dtype, char *type, size_t len)
{
	const struct gs_gpu_model	*m;
	char				*cut;

	snprintf(type, len, "%s", dtype);
	if ((cut = strstr(type, "-MIG-")) != NULL)
		*cut = '\0';
	if (strncmp(type, "NVIDIA-", 7) == 0 &&
	    (m = gs_gpu_model_find(type + 7)) != NULL)
		return m;
	return gs_gpu_model_find(type);
}

/* (load/sharing.h) */
void
gs_sharing_physical(const struct gs_node *n, struct gs_node *tmp,
    struct gs_sharing *s, char *type, size_t tlen, int32_t *mem)
{
	const struct gs_gpu_model	*m = NULL;
	size_t				 j, g = 0;

	tmp->devs = xcalloc(n->ndevs ? n->ndevs : 1, sizeof *tmp->devs);
	s->gpu = xcalloc(n->ndevs ? n->ndevs : 1, sizeof *s->gpu);
	s->share = GS_DEV_WHOLE;
	s->replicas = 1;
	*mem = 0;
	for (j = 0; j < n->ndevs; j++) {
		const struct gs_device *d = &n->devs[j];

		if (j == 0)
			m = type_model(d->type, type, tlen);
		if (d->kind == GS_DEV_MIG && g > 0 &&
		    tmp->devs[g - 1].index == d->index && s->gpu[g - 1].mig) {
			struct gs_gpu_geom *geo = &s->gpu[g - 1];

			if (geo->n < 8) {
				geo->p[geo->n] = d->mig;
				geo->s[geo->n].p = d->mig;
				geo->s[geo->n++].start = d->mig_start;
			}
			continue;
		}
		tmp->devs[g].id = gs_gpu_uuid(n->name, (int)g);
		tmp->devs[g].index = d->index;
		tmp->devs[g].numa = d->numa;
		tmp->devs[g].health = d->health;
		if (d->kind == GS_DEV_MIG) {
			s->gpu[g].mig = 1;
			s->gpu[g].n = 1;
			s->gpu[g].p[0] = d->mig;
			s->gpu[g].s[0].p = d->mig;
			s->gpu[g].s[0].start = d->mig_start;
		} else {
			*mem = d->devmem;
			if (d->kind == GS_DEV_TIMESLICE || d->kind == GS_DEV_MPS) {
				s->share = d->kind;
				s->replicas = d->count;
			}
		}
		g++;
	}
	tmp->ndevs = g;
	s->ngpus = g;
	if (m != NULL)
		*mem = m->memory;
	s->mm = m != NULL ? gs_mig_model_find(m->key) : NULL;
	s->mig_strategy = n->dp && n->mig_strategy != GS_MIG_NONE ?
	    n->mig_strategy : GS_MIG_MIXED;
	s->rename = n->dp_rename;
	s->fail_gt1 = n->dp_fail_gt1;
}

/* The mig-parted config mc over s's GPUs. */
static int
lay_mig(const struct gs_dpconfigs *x, const struct gs_migconf *mc,
    const struct gs_node *tmp, const char *type, struct gs_sharing *s,
    struct gs_error *err)
{
	size_t	g, i;

	for (g = 0; g < s->ngpus; g++) {
		const struct gs_migconf_entry *e = NULL;
		int idx = tmp->devs[g].index;

		for (i = 0; i < mc->ne && e == NULL; i++)
			if (mc->e[i].all || (idx >= 0 && idx < 64 &&
			    (mc->e[i].devs >> idx & 1)))
				e = &mc->e[i];
		if (e == NULL)
			continue;	/* mig-parted leaves it as it is */
		if (!e->enabled) {
			memset(&s->gpu[g], 0, sizeof s->gpu[g]);
			continue;
		}
		if (s->mm == NULL)
			return yt_error(&x->migf, e->at, err, "config '%s': "
			    "GPU model '%s' has no MIG", mc->name, type);
		if (gs_sharing_load_geom(&x->migf, e->devices, s->mm,
		    &s->gpu[g], err) != 0)
			return -1;
	}
	return 0;
}

/* The checks the device plugin makes of the result (MIG-INVALID, MPS). */
static int
check_node(const struct gs_dpconfigs *x, const struct yt_file *f,
    const struct yt_node *at, const struct gs_node *n,
    const struct gs_sharing *s, struct gs_error *err)
{
	size_t	g;
	int	mig = 0;

	for (g = 0; g < s->ngpus; g++)
		mig |= s->gpu[g].mig;
	(void)x;
	if (mig && s->share == GS_DEV_MPS)
		return yt_error(f, at, err, "node '%s': MPS sharing on a node "
		    "with MIG-enabled GPUs is not supported by the device "
		    "plugin", n->name);
	if (mig && s->mig_strategy == GS_MIG_NONE)
		return yt_error(f, at, err, "node '%s': migStrategy none over "
		    "MIG-enabled GPUs (single or mixed)", n->name);
	if (mig && s->mig_strategy == GS_MIG_SINGLE)
		return gs_sharing_check_single(f, at, s, err);
	return 0;
}

/* Which configs node n takes; 0 with none, 1, or -1 on a bad label. */
static int
choose(const struct gs_dpconfigs *x, const struct gs_node *n,
    const struct gs_dpconf **dc, const struct gs_migconf **mc,
    struct gs_error *err)
{
	const char	*dl = gs_kv_get(&n->labels, GS_DP_CONFIG_LABEL);
	const char	*ml = gs_kv_get(&n->labels, GS_MIG_CONFIG_LABEL);
	size_t		 i;

	*dc = NULL;
	*mc = NULL;
	for (i = 0; x->have_dp && i < x->ndp; i++)
		if (strcmp(x->dp[i].name, dl != NULL ? dl : x->dp_default ?
		    x->dp_default : "") == 0)
			*dc = &x->dp[i];
	if (x->have_dp && dl != NULL && *dc == NULL)
		return yt_error(&x->dpf, x->dp_at, err, "node '%s': label %s="
		    "%s names no config of the file", n->name,
		    GS_DP_CONFIG_LABEL, dl);
	if (dl == NULL && !n->dp)	/* HAMi's node: the default is not */
		*dc = NULL;		/* the device plugin's there */
	for (i = 0; x->have_mig && ml != NULL && i < x->nmig; i++)
		if (strcmp(x->mig[i].name, ml) == 0)
			*mc = &x->mig[i];
	if (x->have_mig && ml != NULL && *mc == NULL)
		return yt_error(&x->migf, x->mig_at, err, "node '%s': label %s="
		    "%s names no config of mig-configs", n->name,
		    GS_MIG_CONFIG_LABEL, ml);
	return *dc != NULL || *mc != NULL;
}

/* Lay node n out. */
static int
apply_node(const struct gs_dpconfigs *x, struct gs_node *n,
    const struct gs_dpconf *dc, const struct gs_migconf *mc,
    struct gs_error *err)
{
	struct gs_node		tmp;
	struct gs_sharing	s;
	char			type[128];
	int32_t			mem;
	size_t			j;
	int			rc = -1;

	memset(&tmp, 0, sizeof tmp);
	memset(&s, 0, sizeof s);
	gs_sharing_physical(n, &tmp, &s, type, sizeof type, &mem);
	s.on = 1;
	if (dc != NULL) {
		if (dc->mig_strategy >= 0)
			s.mig_strategy = dc->mig_strategy;
		s.share = dc->share;
		s.replicas = dc->replicas;
		s.rename = dc->rename;
		s.fail_gt1 = dc->fail_gt1;
	}
	if (mc != NULL && lay_mig(x, mc, &tmp, type, &s, err) != 0)
		goto out;
	if (check_node(x, mc != NULL ? &x->migf : &x->dpf, mc != NULL ?
	    mc->at : x->dp_at, n, &s, err) != 0)
		goto out;
	/* gs_sharing_apply names every device by its type, memory as the
	 * card's. */
	for (j = 0; j < tmp.ndevs; j++)
		tmp.devs[j].type = xstrdup(type);
	gs_sharing_apply(&s, &tmp, type, mem);
	gs_sharing_adopt(n, &tmp);
	rc = 0;
out:
	if (tmp.devs != NULL) {
		for (j = 0; j < tmp.ndevs; j++)
			gs_device_release(&tmp.devs[j]);
		free(tmp.devs);
	}
	gs_sharing_release(&s);
	return rc;
}

int
gs_dpconfigs_apply(const struct gs_dpconfigs *x, struct gs_cluster *c,
    struct gs_error *err)
{
	const struct gs_dpconf	*dc;
	const struct gs_migconf	*mc;
	size_t			 i;
	int			 rc;

	for (i = 0; i < c->nnodes; i++) {
		if ((rc = choose(x, &c->nodes[i], &dc, &mc, err)) < 0)
			return -1;
		if (rc == 0 || c->nodes[i].ndevs == 0)
			continue;
		if (apply_node(x, &c->nodes[i], dc, mc, err) != 0)
			return -1;
	}
	return 0;
}

static void
warn_unread(const struct gs_cluster *c, const char *label,
    const char *flag, const char *key, struct gs_warnings *w)
{
	const struct gs_node	*first = NULL;
	const char		*v = NULL;
	char			 others[48] = "";
	size_t			 i, more = 0;

	for (i = 0; i < c->nnodes; i++) {
		if (c->nodes[i].ndevs == 0 || gs_kv_get(&c->nodes[i].labels,
		    label) == NULL)
			continue;
		if (first == NULL) {
			first = &c->nodes[i];
			v = gs_kv_get(&first->labels, label);
		} else
			more++;
	}
	if (first == NULL)
		return;
	if (more > 0)
		snprintf(others, sizeof others, " (and on %zu other node%s)",
		    more, more == 1 ? "" : "s");
	gs_warn(w, first->src_file, first->src_line, first->src_col, "node "
	    "'%s': label %s=%s%s but no %s (%s) is given: gpusched takes the "
	    "GPUs as loaded (the device plugin's labels and allocatable, or "
	    "HAMi's registration)", first->name, label, v, others, flag, key);
}

void
gs_dpconfigs_warn_unread(const struct gs_cluster *c, int have_dp,
    int have_mig, struct gs_warnings *w)
{
	if (w == NULL)
		return;
	if (!have_dp)
		warn_unread(c, GS_DP_CONFIG_LABEL, "--device-plugin-config",
		    "devicePluginConfig", w);
	if (!have_mig)
		warn_unread(c, GS_MIG_CONFIG_LABEL, "--mig-config",
		    "migConfig", w);
}
