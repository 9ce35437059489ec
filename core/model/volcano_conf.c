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

	d->name = s->name != NULL ? xstrdup(s->name) : NULL;
	d->ninst = s->ninst;
	d->inst = xcalloc(s->ninst ? s->ninst : 1, sizeof *d->inst);
	for (i = 0; i < s->ninst; i++) {
		d->inst[i] = s->inst[i];
		d->inst[i].name = xstrdup(s->inst[i].name);
	}
}

struct gs_vc_mig *
gs_vc_migs_dup(const struct gs_vc_mig *s, size_t n)
{
	struct gs_vc_mig	*d = xcalloc(n ? n : 1, sizeof *d);
	size_t			 i, j;

	for (i = 0; i < n; i++) {
		const struct gs_vc_mig	*a = &s[i];
		struct gs_vc_mig	*b = &d[i];

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
gs_vc_migs_free(struct gs_vc_mig *m, size_t n)
{
	size_t	i, j, k;

	for (i = 0; i < n; i++) {
		for (j = 0; j < m[i].nmodels; j++)
			free(m[i].models[j]);
		free(m[i].models);
		for (j = 0; j < m[i].ngroups; j++) {
			for (k = 0; k < m[i].groups[j].ninst; k++)
				free(m[i].groups[j].inst[k].name);
			free(m[i].groups[j].inst);
			free(m[i].groups[j].name);
		}
		free(m[i].groups);
	}
	free(m);
}

const struct gs_vc_mig *
gs_vc_migs_find(const struct gs_vc_mig *m, size_t n, const char *type)
{
	size_t	i, j;

	if (m == NULL || type == NULL)
		return NULL;
	for (i = 0; i < n; i++)
		for (j = 0; j < m[i].nmodels; j++)
			if (strstr(type, m[i].models[j]) != NULL)
				return &m[i];
	return NULL;
}

struct gs_volcano_conf *
gs_volcano_conf_dup(const struct gs_volcano_conf *s)
{
	struct gs_volcano_conf	*d;

	if (s == NULL)
		return NULL;
	d = xcalloc(1, sizeof *d);
	d->file = s->file ? xstrdup(s->file) : NULL;
	d->mem_factor = s->mem_factor;
	d->nmig = s->nmig;
	d->mig = gs_vc_migs_dup(s->mig, s->nmig);
	return d;
}

void
gs_volcano_conf_free(struct gs_volcano_conf *c)
{
	if (c == NULL)
		return;
	gs_vc_migs_free(c->mig, c->nmig);
	free(c->file);
	free(c);
}

const struct gs_vc_mig *
gs_volcano_geometry(const struct gs_volcano_conf *c, const char *type)
{
	return c == NULL ? NULL : gs_vc_migs_find(c->mig, c->nmig, type);
}
