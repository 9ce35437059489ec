/*
 * util/paths.c: the expansion of file arguments that may name directories
 * (kubectl's -f DIR and -R), in an order that does not depend on the file
 * system: names sorted bytewise at every level.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/paths.h"

struct plist {
	char	**v;
	size_t	  n, cap;
};

static void
push(struct plist *l, char *path)
{
	grow_array(&l->v, &l->cap, l->n + 1, sizeof *l->v);
	l->v[l->n++] = path;
}

static int
manifest_name(const char *name)
{
	static const char *const exts[] = { ".json", ".yaml", ".yml" };
	size_t	len = strlen(name), i, e;

	for (i = 0; i < sizeof exts / sizeof exts[0]; i++) {
		e = strlen(exts[i]);
		if (len > e && strcmp(name + len - e, exts[i]) == 0)
			return 1;
	}
	return 0;
}

static int
name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
walk(const char *dir, int recursive, int depth, struct plist *out,
    struct gs_error *err)
{
	struct plist	 names = { 0 };
	struct dirent	*de;
	struct stat	 st;
	DIR		*d;
	size_t		 i;
	char		*path;
	int		 rc = 0;

	if ((d = opendir(dir)) == NULL)
		return gs_error_io(err, dir, "cannot read directory", errno);
	while ((de = readdir(d)) != NULL)
		if (strcmp(de->d_name, ".") != 0 &&
		    strcmp(de->d_name, "..") != 0)
			push(&names, xstrdup(de->d_name));
	closedir(d);
	qsort(names.v, names.n, sizeof *names.v, name_cmp);
	for (i = 0; i < names.n && rc == 0; i++) {
		path = xasprintf("%s%s%s", dir, dir[strlen(dir) - 1] == '/' ?
		    "" : "/", names.v[i]);
		if (lstat(path, &st) != 0)
			rc = gs_error_io(err, path, "cannot open", errno);
		else if (S_ISDIR(st.st_mode) && !recursive)
			;
		else if (S_ISDIR(st.st_mode) && depth >= GS_PATHS_MAX_DEPTH)
			rc = gs_error_set(err, path, 0, 0, "directories nested "
			    "deeper than %d levels", GS_PATHS_MAX_DEPTH);
		else if (S_ISDIR(st.st_mode))
			rc = walk(path, recursive, depth + 1, out, err);
		else if (manifest_name(names.v[i])) {
			push(out, path);
			path = NULL;
		}
		free(path);
	}
	gs_paths_free(names.v, names.n);
	return rc;
}

int
gs_expand_paths(char *const *in, size_t n, int recursive, char ***out,
    size_t *nout, struct gs_error *err)
{
	struct plist	l = { 0 };
	struct stat	st;
	size_t		i, before;

	for (i = 0; i < n; i++) {
		if (strcmp(in[i], "-") == 0 || stat(in[i], &st) != 0 ||
		    !S_ISDIR(st.st_mode)) {
			push(&l, xstrdup(in[i]));
			continue;
		}
		before = l.n;
		if (walk(in[i], recursive, 0, &l, err) != 0)
			goto fail;
		if (l.n == before) {
			gs_error_set(err, in[i], 0, 0, "no .json, .yaml or .yml "
			    "file in the directory%s", recursive ? " or below" :
			    " (-R descends into subdirectories)");
			goto fail;
		}
	}
	*out = l.v;
	*nout = l.n;
	return 0;
fail:
	gs_paths_free(l.v, l.n);
	return -1;
}

void
gs_paths_free(char **v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}
