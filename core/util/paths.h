/*
 * util/paths.h: file arguments expanded as kubectl's -f expands them: a file
 * and "-" (standard input) as given, a directory into its .json, .yaml
 * and .yml files in byte order of their names, and with recursion into
 * its subdirectories too (symbolic links to directories not followed).
 */
#ifndef GS_PATHS_H
#define GS_PATHS_H

#include <stddef.h>

#include "util/util.h"

/* Directories deeper than this below an argument are an error. */
#define GS_PATHS_MAX_DEPTH	64

/*
 * in[0..n) into a new array *out of *nout allocated paths.  Returns 0, or
 * -1 with err naming the directory that cannot be read or holds no
 * manifest file.  A path that does not exist is kept, for its loader to
 * report.
 */
int	gs_expand_paths(char *const *in, size_t n, int recursive, char ***out,
	    size_t *nout, struct gs_error *err);
void	gs_paths_free(char **v, size_t n);

#endif
