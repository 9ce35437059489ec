/*
 * util/atomic_write.c: gs_write_file, a temporary file renamed over the
 * target only once it is completely written and on disk.
 */
#define _XOPEN_SOURCE	700	/* realpath */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/atomic_write.h"

/* "DIR/.BASE.XXXXXX": a hidden name in the target's own directory. */
static char *
temp_template(const char *path)
{
	const char	*slash = strrchr(path, '/');
	int		 dirlen = slash != NULL ? (int)(slash - path + 1) : 0;

	return xasprintf("%.*s.%s.XXXXXX", dirlen, path, path + dirlen);
}

/* The mode the new file gets: the old file's, or 0666 less the umask. */
static mode_t
target_mode(const char *path)
{
	struct stat	st;
	mode_t		mask;

	if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
		return st.st_mode & 07777;
	mask = umask(022);
	umask(mask);
	return 0666 & ~mask;
}

/* Write, flush, sync (when sync) and close fp; 0, or the errno of the
 * first failure. */
static int
write_all(FILE *fp, gs_writer_fn fn, void *ctx, int sync)
{
	int	e = 0;

	errno = 0;
	if (fn(fp, ctx) != 0 || fflush(fp) != 0 || ferror(fp))
		e = errno != 0 ? errno : EIO;
	else if (sync && fsync(fileno(fp)) != 0)
		e = errno;
	if (fclose(fp) != 0 && e == 0)
		e = errno;
	return e;
}

/* Not a regular file (/dev/stdout, a pipe): nothing to keep, written
 * in place. */
static int
write_direct(const char *path, const char *target, gs_writer_fn fn,
    void *ctx, struct gs_error *err)
{
	FILE	*fp = fopen(target, "w");
	int	 e;

	e = fp == NULL ? errno : write_all(fp, fn, ctx, 0);
	return e != 0 ? gs_error_io(err, path, "cannot write", e) : 0;
}

int
gs_write_file(const char *path, gs_writer_fn fn, void *ctx,
    struct gs_error *err)
{
	struct stat	 st;
	char		*real = NULL, *tmp;
	const char	*target = path;
	FILE		*fp;
	int		 fd, e;

	/* Through a symbolic link: the file it points to is replaced. */
	if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode) &&
	    (real = realpath(path, NULL)) != NULL)
		target = real;
	if (stat(target, &st) == 0 && !S_ISREG(st.st_mode)) {
		e = write_direct(path, target, fn, ctx, err);
		free(real);
		return e;
	}
	tmp = temp_template(target);

	if ((fd = mkstemp(tmp)) == -1) {
		e = errno;
		free(tmp);
		free(real);
		return gs_error_io(err, path, "cannot write", e);
	}
	if (fchmod(fd, target_mode(target)) != 0 ||
	    (fp = fdopen(fd, "w")) == NULL) {
		e = errno;
		close(fd);
	} else
		e = write_all(fp, fn, ctx, 1);
	if (e == 0 && rename(tmp, target) != 0)
		e = errno;
	if (e != 0) {
		unlink(tmp);
		gs_error_io(err, path, "cannot write", e);
	}
	free(tmp);
	free(real);
	return e != 0 ? -1 : 0;
}
