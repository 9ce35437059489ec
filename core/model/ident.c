/*
 * model/ident.c: pod keys ("ns/name"), their short form for tables, resolving a
 * reference a user typed, and the set of identities that finds an object
 * defined twice.
 */
#include <stdlib.h>
#include <string.h>

#include "model/ident.h"
#include "util/util.h"

char *
gs_pod_key(const char *ns, const char *name)
{
	return xasprintf("%s/%s", ns ? ns : GS_DEFAULT_NS, name);
}

char *
gs_pod_display(const char *ns, const char *name)
{
	if (ns == NULL || strcmp(ns, GS_DEFAULT_NS) == 0)
		return xstrdup(name);
	return xasprintf("%s/%s", ns, name);
}

int
gs_pod_is(const struct gs_pod *p, const char *ns, const char *name)
{
	return strcmp(p->name, name) == 0 &&
	    strcmp(p->ns ? p->ns : GS_DEFAULT_NS, ns) == 0;
}

static const char *
ref_name(const struct gs_pod *p, int by_workload)
{
	return by_workload ? p->workload : p->name;
}

static const char *
pod_ns(const struct gs_pod *p)
{
	return p->ns ? p->ns : GS_DEFAULT_NS;
}

/* The namespaces holding a pod (or workload) of that name, as a list. */
static char *
candidates(const struct gs_workload *w, const char *name, int by_workload,
    size_t *n)
{
	char	*out = NULL, *t;
	size_t	 i, j;

	*n = 0;
	for (i = 0; i < w->npods; i++) {
		const struct gs_pod *p = &w->pods[i];

		if (strcmp(ref_name(p, by_workload), name) != 0)
			continue;
		for (j = 0; j < i; j++)
			if (strcmp(ref_name(&w->pods[j], by_workload),
			    name) == 0 &&
			    strcmp(pod_ns(&w->pods[j]), pod_ns(p)) == 0)
				break;
		if (j < i)
			continue;	/* namespace already listed */
		t = xasprintf("%s%s%s/%s", out ? out : "", out ? ", " : "",
		    pod_ns(p), name);
		free(out);
		out = t;
		(*n)++;
	}
	return out;
}

int
gs_workload_resolve(const struct gs_workload *w, const char *ref,
    int by_workload, char **ns, char **name, char **cands)
{
	const char	*slash = strchr(ref, '/');
	const char	*only = NULL;
	char		*list;
	size_t		 i, n;

	*ns = *name = *cands = NULL;
	for (i = 0; i < w->npods; i++) {
		const struct gs_pod *p = &w->pods[i];

		if (slash != NULL) {
			if (strcmp(ref_name(p, by_workload), slash + 1) == 0 &&
			    strlen(pod_ns(p)) == (size_t)(slash - ref) &&
			    strncmp(pod_ns(p), ref, (size_t)(slash - ref)) == 0)
				break;
		} else if (strcmp(ref_name(p, by_workload), ref) == 0) {
			if (strcmp(pod_ns(p), GS_DEFAULT_NS) == 0)
				break;
			if (only == NULL)
				only = pod_ns(p);
		}
	}
	if (i < w->npods) {
		*ns = xstrdup(pod_ns(&w->pods[i]));
		*name = xstrdup(ref_name(&w->pods[i], by_workload));
		return 0;
	}
	if (slash != NULL || only == NULL)
		return -1;
	list = candidates(w, ref, by_workload, &n);
	if (n > 1) {
		*cands = list;
		return -2;
	}
	free(list);
	*ns = xstrdup(only);
	*name = xstrdup(ref);
	return 0;
}

static uint64_t
hash(const char *s)
{
	uint64_t	h = 14695981039346656037ULL;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ULL;
	}
	return h;
}

/* Slot of key: its entry, or the empty slot where it goes. */
static size_t
find_slot(const struct gs_idset *s, const char *key)
{
	size_t	i = (size_t)(hash(key) % s->nslot);

	while (s->slot[i] != 0 && strcmp(s->v[s->slot[i] - 1].key, key) != 0)
		i = (i + 1) % s->nslot;
	return i;
}

static void
rehash(struct gs_idset *s)
{
	size_t	i;

	free(s->slot);
	s->nslot = s->nslot ? s->nslot * 2 : 64;
	s->slot = xcalloc(s->nslot, sizeof *s->slot);
	for (i = 0; i < s->n; i++)
		s->slot[find_slot(s, s->v[i].key)] = i + 1;
}

static char *
idkey(const char *kind, const char *ns, const char *name)
{
	return xasprintf("%s\n%s%s%s", kind, ns ? ns : "", ns ? "/" : "",
	    name);
}

long
gs_idset_find(const struct gs_idset *s, const char *kind, const char *ns,
    const char *name)
{
	char	*key;
	size_t	 i;

	if (s == NULL || s->n == 0)
		return -1;
	key = idkey(kind, ns, name);
	i = find_slot(s, key);
	free(key);
	return s->slot[i] != 0 ? (long)(s->slot[i] - 1) : -1;
}

const struct gs_idref *
gs_idset_add(struct gs_idset *s, const char *kind, const char *ns,
    const char *name, const char *file, int line, int col)
{
	char	*key = idkey(kind, ns, name);
	size_t	 i;

	/* Keep the table at most half full. */
	if (2 * (s->n + 1) > s->nslot)
		rehash(s);
	i = find_slot(s, key);
	if (s->slot[i] != 0) {
		free(key);
		return &s->v[s->slot[i] - 1];
	}
	grow_array(&s->v, &s->cap, s->n + 1, sizeof *s->v);
	s->v[s->n].key = key;
	s->v[s->n].file = xstrdup(file ? file : "-");
	s->v[s->n].line = line;
	s->v[s->n].col = col;
	s->slot[i] = ++s->n;
	return NULL;
}

void
gs_idset_free(struct gs_idset *s)
{
	size_t	i;

	if (s == NULL)
		return;
	for (i = 0; i < s->n; i++) {
		free(s->v[i].key);
		free(s->v[i].file);
	}
	free(s->v);
	free(s->slot);
	memset(s, 0, sizeof *s);
}
