/*
 * model/volcano_conf.c: copying, freeing and the model lookup of Volcano's
 * device config (model/volcano_conf.h).
 */
#include <stdlib.h>
#include <string.h>

#include "model/volcano_conf.h"
#include "util/util.h"

static void
group_copy(struct gs_vc_group *d, const struct gs_vc_group *s)
{
	size_t	i;

	d->name = xstrdup(s->name);
	d->ninst = s->ninst;
	d->inst = xcalloc(s->ninst ? s->ninst : 1, sizeof *d->inst);
	for (i = 0; i < s->ninst; i++) {
		d->inst[i] = s->inst[i];
		d->inst[i].name = xstrdup(s->inst[i].name);
	}
}

struct gs_volcano_conf *
gs_volcano_conf_dup(const struct gs_volcano_conf *s)
{
	struct gs_volcano_conf	*d;
	size_t			 i, j;

	if (s == NULL)
		return NULL;
	d = xcalloc(1, sizeof *d);
	d->file = s->file ? xstrdup(s->file) : NULL;
	d->mem_factor = s->mem_factor;
	d->nmig = s->nmig;
	d->mig = xcalloc(s->nmig ? s->nmig : 1, sizeof *d->mig);
	for (i = 0; i < s->nmig; i++) {
		const struct gs_vc_mig	*a = &s->mig[i];
		struct gs_vc_mig	*b = &d->mig[i];

		b->nmodels = a->nmodels;
		b->models = xcalloc(a->nmodels ? a->nmodels : 1,
		    sizeof *b->models);
		for (j = 0; j < a->nmodels; j++)
			b->models[j] = xstrdup(a->models[j]);
		b->ngroups = a->ngroups;
		b->groups = xcalloc(a->ngroups ? a->ngroups : 1,
		    sizeof *b->groups);
		for (j = 0; j < a->ngroups; j++)
			group_copy(&b->groups[j], &a->groups[j]);
	}
	return d;
}

void
gs_volcano_conf_free(struct gs_volcano_conf *c)
{
	size_t	i, j, k;

	if (c == NULL)
		return;
	for (i = 0; i < c->nmig; i++) {
		for (j = 0; j < c->mig[i].nmodels; j++)
			free(c->mig[i].models[j]);
		free(c->mig[i].models);
		for (j = 0; j < c->mig[i].ngroups; j++) {
			for (k = 0; k < c->mig[i].groups[j].ninst; k++)
				free(c->mig[i].groups[j].inst[k].name);
			free(c->mig[i].groups[j].inst);
			free(c->mig[i].groups[j].name);
		}
		free(c->mig[i].groups);
	}
	free(c->mig);
	free(c->file);
	free(c);
}

const struct gs_vc_mig *
gs_volcano_geometry(const struct gs_volcano_conf *c, const char *type)
{
	size_t	i, j;

	if (c == NULL || type == NULL)
		return NULL;
	for (i = 0; i < c->nmig; i++)
		for (j = 0; j < c->mig[i].nmodels; j++)
			if (strstr(type, c->mig[i].models[j]) != NULL)
				return &c->mig[i];
	return NULL;
}
