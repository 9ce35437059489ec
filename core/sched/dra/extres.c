/*
 * sched/dra/extres.c: KEP-5004, extended resources backed by DRA
 * (sched/dra/extres.h), after pkg/scheduler/framework/plugins/
 * dynamicresources/extendeddynamicresources.go (v1.36) and
 * extended/cache.go.
 *
 * A DeviceClass maps its extendedResourceName and, always, the implicit
 * name deviceclass.resource.kubernetes.io/CLASS (cache.go
 * OnDeviceClassEvent); a name two classes map goes to the one added
 * last, which is informer order in Kubernetes and the listed order
 * here.  On a node whose allocatable lacks a mapped resource the
 * plugin's Filter (filterExtendedResources) allocates it through a
 * special claim built by createRequestsAndMappings: per resource, in
 * name order, one request "container-I-request-R" of ExactCount per
 * long-lived container asking it (I its index among init containers
 * then containers, R the resource's index among the container's sorted
 * request names), and for the init containers the largest amount not
 * already covered by the requests of the containers after them; the
 * requests sorted by name.  gpusched does not read an init container's
 * restartPolicy: every init container is short-lived.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/dra/extres.h"

#define DEVICECLASS_PREFIX	"deviceclass.resource.kubernetes.io/"

const struct gs_dra_class *
gs_dra_class_for_ext(const struct gs_dra *d, const char *name)
{
	const struct gs_dra_class	*found = NULL;
	size_t				 b, i, l = strlen(DEVICECLASS_PREFIX);

	for (b = 0; d != NULL && b < d->nblocks; b++)
		for (i = 0; i < d->blocks[b]->nclasses; i++) {
			const struct gs_dra_class *c = &d->blocks[b]->classes[i];

			if ((c->ext_res != NULL && strcmp(c->ext_res,
			    name) == 0) || (strncmp(name, DEVICECLASS_PREFIX,
			    l) == 0 && strcmp(name + l, c->name) == 0))
				found = c;
		}
	return found;
}

/* Container i of the init containers then the containers. */
static const struct gs_container *
ctr_at(const struct gs_pod *pod, size_t i)
{
	return gs_pod_container(pod, pod->ninit, i);
}

static const struct gs_extres *
ext_of(const struct gs_container *c, const char *name)
{
	size_t	i;

	for (i = 0; i < c->next; i++)
		if (strcmp(c->ext[i].name, name) == 0)
			return &c->ext[i];
	return NULL;
}

int
gs_dra_extres_wanted(const struct gs_dra *d, const struct gs_pod *pod)
{
	size_t	i, k;

	for (i = 0; i < pod->ninit + pod->nctrs; i++)
		for (k = 0; k < ctr_at(pod, i)->next; k++)
			if (gs_dra_class_for_ext(d, ctr_at(pod, i)->ext[k].name)
			    != NULL)
				return 1;
	return 0;
}

/* The node's allocatable of name: only nvidia.com/gpu's is read. */
static int64_t
allocatable(const struct gs_node *n, const char *name)
{
	if (strcmp(name, "nvidia.com/gpu") == 0 && n->has_alloc_gpu)
		return n->alloc_gpu;
	return 0;
}

/* Append request "container-i-request-ridx" for count devices of class. */
static void
add_req(struct gs_dra_claim *cl, size_t i, int ridx, const char *class,
    int64_t count)
{
	struct gs_dra_req	*r;
	char			 name[64];

	snprintf(name, sizeof name, "container-%zu-request-%d", i, ridx);
	cl->reqs = xreallocarray(cl->reqs, cl->nreqs + 1, sizeof *cl->reqs);
	r = &cl->reqs[cl->nreqs++];
	memset(r, 0, sizeof *r);
	r->name = xstrdup(name);
	r->nsubs = 1;
	r->subs = xcalloc(1, sizeof *r->subs);
	r->subs->class = xstrdup(class);
	r->subs->count = count;
}

/* One resource's requests (createRequestsAndMappings' loop body). */
static void
resource_reqs(struct gs_dra_claim *cl, const struct gs_pod *pod,
    const char *name, const char *class)
{
	const struct gs_extres	*e, *best = NULL;
	size_t			 i, j, besti = 0;
	int64_t			 sum, bestn = 0;

	for (i = 0; i < pod->ninit; i++) {
		if ((e = ext_of(&pod->init[i], name)) == NULL)
			continue;
		/* The containers after it, all long-lived, come first. */
		for (sum = 0, j = 0; j < pod->nctrs && sum < e->count; j++)
			if (ext_of(&pod->ctrs[j], name) != NULL)
				sum += ext_of(&pod->ctrs[j], name)->count;
		if (sum < e->count && (best == NULL ||
		    e->count - sum > bestn)) {
			best = e;
			besti = i;
			bestn = e->count - sum;
		}
	}
	if (best != NULL)
		add_req(cl, besti, best->ridx, class, bestn);
	for (i = 0; i < pod->nctrs; i++)
		if ((e = ext_of(&pod->ctrs[i], name)) != NULL)
			add_req(cl, pod->ninit + i, e->ridx, class, e->count);
}

static int
cmp_req(const void *a, const void *b)
{
	return strcmp(((const struct gs_dra_req *)a)->name,
	    ((const struct gs_dra_req *)b)->name);
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int
gs_dra_extres_claim(const struct gs_dra *d, const struct gs_pod *pod,
    const struct gs_node *n, struct gs_dra_claim *cl, const char **dp)
{
	const char	**names = NULL;
	size_t		  i, k, j, nn = 0;

	memset(cl, 0, sizeof *cl);
	*dp = NULL;
	/* The pod's resource names that a class maps, sorted, once each. */
	for (i = 0; i < pod->ninit + pod->nctrs; i++)
		for (k = 0; k < ctr_at(pod, i)->next; k++) {
			const char *e = ctr_at(pod, i)->ext[k].name;

			for (j = 0; j < nn && strcmp(names[j], e) != 0; j++)
				;
			if (j < nn || gs_dra_class_for_ext(d, e) == NULL)
				continue;
			names = xreallocarray(names, nn + 1, sizeof *names);
			names[nn++] = e;
		}
	qsort(names, nn, sizeof *names, cmp_str);
	for (i = 0; i < nn; i++)
		if (allocatable(n, names[i]) > 0) {
			*dp = names[i];
			free(names);
			return -1;
		}
	for (i = 0; i < nn; i++)
		resource_reqs(cl, pod, names[i],
		    gs_dra_class_for_ext(d, names[i])->name);
	free(names);
	if (cl->nreqs == 0)
		return 0;
	qsort(cl->reqs, cl->nreqs, sizeof *cl->reqs, cmp_req);
	cl->name = xasprintf("%s-extended-resources", pod->name);
	cl->ns = xstrdup(pod->ns != NULL ? pod->ns : "default");
	cl->is_template = 1;
	return 1;
}
