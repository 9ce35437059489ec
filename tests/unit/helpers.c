/*
 * helpers.c: hand-built nodes and containers for the unit tests.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "suites.h"
#include "../../core/util.h"

void
t_node(struct gs_node *n, const char *name, size_t count, int32_t mem,
    const char *type)
{
	size_t	i;

	memset(n, 0, sizeof *n);
	n->name = xstrdup(name);
	n->registered = 1;
	n->ndevs = count;
	n->devs = xcalloc(count, sizeof *n->devs);
	for (i = 0; i < count; i++) {
		n->devs[i].id = xasprintf("GPU-%zu", i);
		n->devs[i].index = (int32_t)i;
		n->devs[i].count = 10;
		n->devs[i].devmem = mem;
		n->devs[i].devcore = 100;
		n->devs[i].type = xstrdup(type);
		n->devs[i].health = 1;
		n->devs[i].mode = xstrdup("hami-core");
	}
}

static void
set(struct gs_resval *r, int64_t v)
{
	if (v < 0)
		return;
	r->set = 1;
	r->ok = 1;
	r->v = v;
}

void
t_ctr(struct gs_container *c, int64_t gpu, int64_t mem, int64_t pct,
    int64_t cores)
{
	memset(c, 0, sizeof *c);
	set(&c->lim[GS_RES_GPU], gpu);
	set(&c->lim[GS_RES_GPUMEM], mem);
	set(&c->lim[GS_RES_GPUMEM_PCT], pct);
	set(&c->lim[GS_RES_GPUCORES], cores);
}

struct gs_pod *
t_pod(struct gs_workload *w, const char *name, size_t nctrs)
{
	struct gs_pod	*p = gs_workload_add(w);

	p->name = xstrdup(name);
	p->ns = xstrdup("default");
	p->workload = xstrdup(name);
	p->kind = xstrdup("Pod");
	p->src_file = xstrdup("t");
	p->nctrs = nctrs;
	p->ctrs = xcalloc(nctrs, sizeof *p->ctrs);
	return p;
}
