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

/* The hash of the key kind '\n' ns '/' name (ns NULL: kind '\n' name). */
static uint64_t
key_hash(const char *kind, const char *ns, const char *name)
{
	uint64_t	h = gs_hash_str(GS_HASH_START, kind);

	h = gs_hash_str(h, "\n");
	if (ns != NULL)
		h = gs_hash_str(gs_hash_str(h, ns), "/");
	return gs_hash_mix(gs_hash_str(h, name));
}

/* Does the stored key k spell kind '\n' ns '/' name? */
static int
key_is(const char *k, const char *kind, const char *ns, const char *name)
{
	size_t	n = strlen(kind);

	if (strncmp(k, kind, n) != 0 || k[n] != '\n')
		return 0;
	k += n + 1;
	if (ns != NULL) {
		n = strlen(ns);
		if (strncmp(k, ns, n) != 0 || k[n] != '/')
			return 0;
		k += n + 1;
	}
	return strcmp(k, name) == 0;
}

/*
 * Slot of the key: its entry, or the empty slot where it goes.  A slot
 * keeps its key's hash, so that only a probable match reads the key.
 */
static size_t
find_slot(const struct gs_idset *s, uint64_t h, const char *kind,
    const char *ns, const char *name)
{
	size_t	mask = s->nslot - 1, i = (size_t)h & mask;

	for (; s->slot[i].at != 0; i = (i + 1) & mask)
		if (s->slot[i].hash == h &&
		    key_is(s->v[s->slot[i].at - 1].key, kind, ns, name))
			break;
	return i;
}

/* Double the slots (a power of two), moving every entry by its hash. */
static void
rehash(struct gs_idset *s)
{
	struct gs_idslot	*old = s->slot;
	size_t			 i, j, n = s->nslot, mask;

	s->nslot = n ? n * 2 : 64;
	s->slot = xcalloc(s->nslot, sizeof *s->slot);
	mask = s->nslot - 1;
	for (i = 0; i < n; i++) {
		if (old[i].at == 0)
			continue;
		for (j = (size_t)old[i].hash & mask; s->slot[j].at != 0;
		    j = (j + 1) & mask)
			;
		s->slot[j] = old[i];
	}
	free(old);
}

/*
 * Room for len bytes in the set's string store: chunks of 64 KiB (a longer
 * string gets a chunk of its own), freed together with the set.
 */
static char *
store(struct gs_idset *s, size_t len)
{
	struct gs_idchunk	*c = s->chunk;
	size_t			 size = 65536;

	if (c == NULL || c->size - c->used < len) {
		if (len > size - sizeof *c)
			size = len + sizeof *c;
		c = xmalloc(size);
		c->next = s->chunk;
		c->size = size - sizeof *c;
		c->used = 0;
		s->chunk = c;
	}
	c->used += len;
	return (char *)(c + 1) + c->used - len;
}

/* A copy of the parts, one after the other, in the store. */
static char *
store_cat(struct gs_idset *s, const char *const *part, size_t nparts)
{
	size_t	 len[5], total = 1, i;
	char	*out, *p;

	for (i = 0; i < nparts; i++)
		total += len[i] = strlen(part[i]);
	p = out = store(s, total);
	for (i = 0; i < nparts; i++) {
		memcpy(p, part[i], len[i]);
		p += len[i];
	}
	*p = '\0';
	return out;
}

long
gs_idset_find(const struct gs_idset *s, const char *kind, const char *ns,
    const char *name)
{
	size_t	 i;

	if (s == NULL || s->n == 0)
		return -1;
	i = find_slot(s, key_hash(kind, ns, name), kind, ns, name);
	return s->slot[i].at != 0 ? (long)(s->slot[i].at - 1) : -1;
}

const struct gs_idref *
gs_idset_add(struct gs_idset *s, const char *kind, const char *ns,
    const char *name, const char *file, int line, int col)
{
	uint64_t	 h = key_hash(kind, ns, name);
	const char	*parts[5];
	size_t		 i;

	/* Keep the table at most half full. */
	if (2 * (s->n + 1) > s->nslot)
		rehash(s);
	i = find_slot(s, h, kind, ns, name);
	if (s->slot[i].at != 0)
		return &s->v[s->slot[i].at - 1];
	grow_array(&s->v, &s->cap, s->n + 1, sizeof *s->v);
	parts[0] = kind;
	parts[1] = "\n";
	parts[2] = ns ? ns : "";
	parts[3] = ns ? "/" : "";
	parts[4] = name;
	s->v[s->n].key = store_cat(s, parts, 5);
	/* One copy of a file's name for all its objects (read in turn). */
	if (file == NULL)
		file = "-";
	if (s->file == NULL || strcmp(s->file, file) != 0)
		s->file = store_cat(s, &file, 1);
	s->v[s->n].file = s->file;
	s->v[s->n].line = line;
	s->v[s->n].col = col;
	s->slot[i].hash = h;
	s->slot[i].at = ++s->n;
	return NULL;
}

void
gs_idset_free(struct gs_idset *s)
{
	struct gs_idchunk	*c;

	if (s == NULL)
		return;
	while ((c = s->chunk) != NULL) {
		s->chunk = c->next;
		free(c);
	}
	free(s->v);
	free(s->slot);
	memset(s, 0, sizeof *s);
}
