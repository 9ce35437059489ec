/*
 * test_io.c: the atomic writer (a failed write keeps the old file and
 * leaves no temporary file) and the I/O error flag of file reading.
 */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/atomic_write.h"
#include "../../core/util.h"

/* A scratch directory under /tmp (removed by rm_dir). */
static void
mk_dir(char *dir, size_t len)
{
	snprintf(dir, len, "/tmp/gs-unit-io.XXXXXX");
	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(dir));
}

/* Entries of dir other than . and .. */
static int
count_entries(const char *dir)
{
	DIR		*d = opendir(dir);
	struct dirent	*e;
	int		 n = 0;

	if (d == NULL)
		return -1;
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			n++;
	closedir(d);
	return n;
}

static void
rm_dir(const char *dir, const char *file)
{
	char	*p = xasprintf("%s/%s", dir, file);

	unlink(p);
	free(p);
	rmdir(dir);
}

static void
put(const char *path, const char *s)
{
	FILE	*fp = fopen(path, "w");

	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	fputs(s, fp);
	fclose(fp);
}

/* The whole file into buf (NUL-terminated); its length, or -1. */
static long
get(const char *path, char *buf, size_t len)
{
	FILE	*fp = fopen(path, "r");
	size_t	 n;

	if (fp == NULL)
		return -1;
	n = fread(buf, 1, len - 1, fp);
	buf[n] = '\0';
	fclose(fp);
	return (long)n;
}

/* After a failed write: the old content, alone in dir; then clean up. */
static void
old_survives(const char *dir, char *path)
{
	char	buf[64];

	CU_ASSERT_EQUAL(get(path, buf, sizeof buf), 4);
	CU_ASSERT_STRING_EQUAL(buf, "old\n");
	CU_ASSERT_EQUAL(count_entries(dir), 1);
	rm_dir(dir, "golden.json");
	free(path);
}

static int
write_text(FILE *fp, void *ctx)
{
	return fputs(ctx, fp) == EOF ? -1 : 0;
}

/* Writes half, then reports a failure of its own (errno not set). */
static int
write_then_fail(FILE *fp, void *ctx)
{
	fputs(ctx, fp);
	errno = 0;
	return -1;
}

/* 64 KiB: more than stdio buffers, so the size limit bites. */
static int
write_big(FILE *fp, void *ctx)
{
	size_t	i;

	(void)ctx;
	for (i = 0; i < 65536; i++)
		if (fputc('x', fp) == EOF)
			return -1;
	return 0;
}

static void
test_write_replaces(void)
{
	char		dir[64], *path, buf[64];
	struct stat	st;
	struct gs_error	err;

	mk_dir(dir, sizeof dir);
	path = xasprintf("%s/golden.json", dir);
	put(path, "old\n");
	CU_ASSERT_EQUAL(chmod(path, 0640), 0);
	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL(gs_write_file(path, write_text, "new\n", &err), 0);
	CU_ASSERT_EQUAL(get(path, buf, sizeof buf), 4);
	CU_ASSERT_STRING_EQUAL(buf, "new\n");
	CU_ASSERT_EQUAL(stat(path, &st), 0);
	CU_ASSERT_EQUAL(st.st_mode & 07777, 0640);	/* the old mode kept */
	CU_ASSERT_EQUAL(count_entries(dir), 1);		/* no temp file */
	/* A new file: 0666 less the umask (022 here: 0644). */
	unlink(path);
	{
		mode_t old = umask(022);

		CU_ASSERT_EQUAL(gs_write_file(path, write_text, "x", &err), 0);
		umask(old);
	}
	CU_ASSERT_EQUAL(stat(path, &st), 0);
	CU_ASSERT_EQUAL(st.st_mode & 07777, 0644);
	/* Through a link: the link stays, the file behind it changes. */
	{
		char *link = xasprintf("%s/link", dir);

		CU_ASSERT_EQUAL_FATAL(symlink("golden.json", link), 0);
		CU_ASSERT_EQUAL(gs_write_file(link, write_text, "via\n",
		    &err), 0);
		CU_ASSERT_EQUAL(lstat(link, &st), 0);
		CU_ASSERT(S_ISLNK(st.st_mode));
		CU_ASSERT_EQUAL(get(path, buf, sizeof buf), 4);
		CU_ASSERT_STRING_EQUAL(buf, "via\n");
		CU_ASSERT_EQUAL(count_entries(dir), 2);
		unlink(link);
		free(link);
	}
	rm_dir(dir, "golden.json");
	free(path);
}

static void
test_write_failure_keeps_old(void)
{
	char		dir[64], *path, want[256], msg[1024];
	struct gs_error	err;

	mk_dir(dir, sizeof dir);
	path = xasprintf("%s/golden.json", dir);
	put(path, "old\n");
	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL(gs_write_file(path, write_then_fail, "half", &err),
	    -1);
	CU_ASSERT_EQUAL(err.io, 1);
	/* The writer set no errno: reported as EIO, the file named. */
	snprintf(want, sizeof want, "%s: cannot write: %s", path,
	    strerror(EIO));
	gs_error_format(&err, msg, sizeof msg);
	CU_ASSERT_STRING_EQUAL(msg, want);
	old_survives(dir, path);
}

/* The file size limit: EFBIG (SIGXFSZ ignored, as cmd/main.c does). */
static void
test_write_size_limit(void)
{
	char		dir[64], *path, msg[512];
	struct gs_error	err;
	struct rlimit	old, lim;
	void		(*prev)(int);
	int		rc;

	mk_dir(dir, sizeof dir);
	path = xasprintf("%s/golden.json", dir);
	put(path, "old\n");
	CU_ASSERT_EQUAL_FATAL(getrlimit(RLIMIT_FSIZE, &old), 0);
	lim = old;
	lim.rlim_cur = 1024;
	prev = signal(SIGXFSZ, SIG_IGN);
	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL_FATAL(setrlimit(RLIMIT_FSIZE, &lim), 0);
	rc = gs_write_file(path, write_big, NULL, &err);
	setrlimit(RLIMIT_FSIZE, &old);
	signal(SIGXFSZ, prev);
	CU_ASSERT_EQUAL(rc, -1);
	CU_ASSERT_EQUAL(err.io, 1);
	snprintf(msg, sizeof msg, "cannot write: %s", strerror(EFBIG));
	CU_ASSERT_STRING_EQUAL(err.msg, msg);
	old_survives(dir, path);
}

static void
test_write_no_directory(void)
{
	char		dir[64], *path, msg[512];
	struct gs_error	err;

	mk_dir(dir, sizeof dir);
	path = xasprintf("%s/none/golden.json", dir);
	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL(gs_write_file(path, write_text, "x", &err), -1);
	CU_ASSERT_EQUAL(err.io, 1);
	snprintf(msg, sizeof msg, "cannot write: %s", strerror(ENOENT));
	CU_ASSERT_STRING_EQUAL(err.msg, msg);
	CU_ASSERT_EQUAL(err.line, 0);
	CU_ASSERT_EQUAL(count_entries(dir), 0);
	/* The target is a directory: rename fails, the temp file goes. */
	free(path);
	path = xasprintf("%s/sub", dir);
	CU_ASSERT_EQUAL_FATAL(mkdir(path, 0755), 0);
	CU_ASSERT_EQUAL(gs_write_file(path, write_text, "x", &err), -1);
	snprintf(msg, sizeof msg, "cannot write: %s", strerror(EISDIR));
	CU_ASSERT_STRING_EQUAL(err.msg, msg);
	CU_ASSERT_EQUAL(count_entries(dir), 1);
	rmdir(path);
	rmdir(dir);
	free(path);
}

/* A file that cannot be read is an I/O error; bad content is not. */
static void
test_read_io_flag(void)
{
	struct gs_error	err;
	char		*data;
	size_t		 len;

	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL(gs_read_file("no/such/file", &data, &len, &err), -1);
	CU_ASSERT_EQUAL(err.io, 1);
	CU_ASSERT_EQUAL(gs_read_file("/", &data, &len, &err), -1);
	CU_ASSERT_EQUAL(err.io, 1);
	CU_ASSERT_STRING_EQUAL(err.file, "/");
	gs_error_set(&err, "f", 1, 2, "bad");
	CU_ASSERT_EQUAL(err.io, 0);
}

CU_TestInfo io_tests[] = {
	{ "atomic write: replaces, keeps the mode", test_write_replaces },
	{ "atomic write: a failed writer keeps the old file", test_write_failure_keeps_old },
	{ "atomic write: file size limit, EFBIG", test_write_size_limit },
	{ "atomic write: no directory, a directory", test_write_no_directory },
	{ "reading: missing and directory are I/O", test_read_io_flag },
	CU_TEST_INFO_NULL,
};
