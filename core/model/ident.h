/*
 * model/ident.h: the identity of objects in one run's inputs.  A pod is
 * namespace/name (the namespace defaults to "default", as kubectl's);
 * golden files and matching use the full key "ns/name", human tables the
 * short form "name" in namespace default.  A reference a user types
 * ("ns/name" or a bare name) resolves to one namespace, and a set of
 * identities seen so far finds an object defined twice.
 */
#ifndef GS_IDENT_H
#define GS_IDENT_H

#include <stddef.h>
#include <stdint.h>

#include "model/model.h"

#define GS_DEFAULT_NS	"default"

/* "ns/name" (caller frees). */
char	*gs_pod_key(const char *ns, const char *name);
/* "name" in namespace default, else "ns/name" (caller frees). */
char	*gs_pod_display(const char *ns, const char *name);
/* Is the pod ns/name? */
int	 gs_pod_is(const struct gs_pod *, const char *ns, const char *name);

/*
 * Resolve a reference to a pod (by_workload 0: pod names) or to a
 * workload (1: owning objects' names): "ns/name" as given, or a bare name
 * meaning the one in namespace default if there is one, else the only
 * namespace that has it.  0 with *ns and *name set (caller frees both);
 * -1 when no pod matches; -2 when several namespaces have the bare name,
 * with *cands their keys, "ml/x, staging/x" (caller frees).
 */
int	 gs_workload_resolve(const struct gs_workload *, const char *ref,
	    int by_workload, char **ns, char **name, char **cands);

/* Where an identity was first defined (strings owned by the set). */
struct gs_idref {
	const char	*key;		/* kind '\n' ns '/' name */
	const char	*file;
	int		 line, col;
};

struct gs_idslot {
	uint64_t	 hash;		/* of the key */
	size_t		 at;		/* index + 1, 0 = empty */
};

/* A block of the set's strings. */
struct gs_idchunk {
	struct gs_idchunk *next;
	size_t		 size, used;
};

/* Identities seen so far (a hash set; all zero is empty). */
struct gs_idset {
	struct gs_idref	*v;
	size_t		 n, cap;
	struct gs_idslot *slot;		/* a power of two of them */
	size_t		 nslot;
	struct gs_idchunk *chunk;	/* the newest first */
	const char	*file;		/* the file named last */
};

/*
 * Record kind ns/name (ns NULL for cluster-scoped kinds) defined at
 * file:line:col.  NULL when it is new; the first definition when it is
 * not (nothing is added then).
 */
const struct gs_idref *gs_idset_add(struct gs_idset *, const char *kind,
	    const char *ns, const char *name, const char *file, int line,
	    int col);
/* Position (order of adding, from 0) of kind ns/name, or -1. */
long	gs_idset_find(const struct gs_idset *, const char *kind,
	    const char *ns, const char *name);
void	gs_idset_free(struct gs_idset *);

#endif
