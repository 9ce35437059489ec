/*
 * util/atomic_write.h: write a file so that a failure never destroys the old
 * one.  The content goes to a temporary file in the target's directory,
 * which is flushed, synced and checked, then renamed over the target; on
 * any failure the temporary file is removed and the target is untouched.
 */
#ifndef GS_ATOMIC_WRITE_H
#define GS_ATOMIC_WRITE_H

#include <stdio.h>

#include "util/util.h"

/* Writes the content to fp; returns 0, or -1 when a write failed. */
typedef int	(*gs_writer_fn)(FILE *fp, void *ctx);

/*
 * Write path with fn(fp, ctx).  The new file keeps the old one's
 * permission bits (0666 less the umask when there was none); through a
 * symbolic link, the file it points to is replaced.  What is not a
 * regular file (a device such as /dev/stdout, a pipe) is written in
 * place; a directory is refused.  Returns 0,
 * or -1 with err naming path and the reason (err->io set).
 */
int	gs_write_file(const char *path, gs_writer_fn fn, void *ctx,
	    struct gs_error *err);

#endif
