/*
 * test_io.c: the atomic writer (a failed write keeps the old file and
 * leaves no temporary file), the I/O error flag of file reading, and
 * progress: the meter's rate limit and line on a fake clock, and the
 * core loops' reports.
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
#include "../../core/util/atomic_write.h"
#include "../../core/sched/engine.h"
#include "../../core/plan/montecarlo.h"
#include "../../core/plan/plan.h"
#include "../../core/util/progress.h"
#include "../../core/util/util.h"

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
	/* The target is a directory: refused, no temp file made. */
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
	/* A device is written in place, not replaced by a regular file. */
	{
		struct stat	st;

		CU_ASSERT_EQUAL(gs_write_file("/dev/null", write_text, "x",
		    &err), 0);
		CU_ASSERT_EQUAL(stat("/dev/null", &st), 0);
		CU_ASSERT(S_ISCHR(st.st_mode));
	}
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

/* What a progress callback was told. */
struct calls {
	uint64_t	done[16], total[16];
	size_t		n;
};

static void
record(void *ctx, uint64_t done, uint64_t total)
{
	struct calls	*c = ctx;

	if (c->n < 16) {
		c->done[c->n] = done;
		c->total[c->n] = total;
	}
	c->n++;
}

static void
test_progress_step(void)
{
	struct calls		c = { .n = 0 };
	struct gs_progress	p = { record, &c, 4 };
	uint64_t		i;

	for (i = 1; i <= 10; i++)
		gs_progress_step(&p, i, 10);
	/* Every 4th unit, and the last. */
	CU_ASSERT_EQUAL_FATAL(c.n, 3);
	CU_ASSERT_EQUAL(c.done[0], 4);
	CU_ASSERT_EQUAL(c.done[1], 8);
	CU_ASSERT_EQUAL(c.done[2], 10);
	CU_ASSERT_EQUAL(c.total[2], 10);
	gs_progress_step(NULL, 4, 10);		/* no callback: nothing */
}

static void
test_meter_rate_limit(void)
{
	struct gs_meter	m;

	gs_meter_init(&m, "replay", "pods", 100.0);
	/* Nothing in the first second: short runs print nothing. */
	CU_ASSERT_FALSE(gs_meter_due(&m, 100.0));
	CU_ASSERT_FALSE(gs_meter_due(&m, 100.9));
	CU_ASSERT_TRUE(gs_meter_due(&m, 101.0));
	/* Then at most every 0.2 s. */
	CU_ASSERT_FALSE(gs_meter_due(&m, 101.0));
	CU_ASSERT_FALSE(gs_meter_due(&m, 101.15));
	CU_ASSERT_TRUE(gs_meter_due(&m, 101.25));
	CU_ASSERT_FALSE(gs_meter_due(&m, 101.4));
	CU_ASSERT_TRUE(gs_meter_due(&m, 103.0));
}

static void
test_meter_format(void)
{
	struct gs_meter	m;
	char		buf[128];

	/* 30 of 120 runs in 10 s: 3.0/s; a quarter done, 30 s to go. */
	gs_meter_init(&m, "plan montecarlo", "runs", 0);
	CU_ASSERT_EQUAL(gs_meter_format(&m, 30, 120, 10, buf, sizeof buf),
	    strlen("plan montecarlo: 30/120 runs, 3.0 runs/s, ETA 30s"));
	CU_ASSERT_STRING_EQUAL(buf,
	    "plan montecarlo: 30/120 runs, 3.0 runs/s, ETA 30s");
	/* 1 of 1000 in 10 s: 9990 s to go. */
	gs_meter_format(&m, 1, 1000, 10, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf,
	    "plan montecarlo: 1/1000 runs, 0.1 runs/s, ETA 2h46m30s");
	/* Run 3 of 10 (2 done, 5000 pods in them), 1000 of its 4000 pods
	 * at 10 s: 600 pods/s; share (2 + 1/4) / 10, ETA 10 * 0.775 /
	 * 0.225 = 34.4 s. */
	gs_meter_init(&m, "replay", "pods", 0);
	gs_meter_outer(&m, "run", 2, 10, 5000);
	gs_meter_format(&m, 1000, 4000, 10, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf,
	    "replay: run 3/10, 1000/4000 pods, 600 pods/s, ETA 34s");
	/* Total not known: no ETA.  2 min 5 s formats as 2m05s. */
	gs_meter_init(&m, "plan nodes", "simulations", 0);
	gs_meter_format(&m, 250, 0, 10, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf,
	    "plan nodes: 250 simulations, 25.0 simulations/s");
	gs_meter_format(&m, 500, 1000, 125, buf, sizeof buf);
	CU_ASSERT_STRING_EQUAL(buf,
	    "plan nodes: 500/1000 simulations, 4.0 simulations/s, ETA 2m05s");
	/* A short buffer: cut, still terminated. */
	CU_ASSERT_EQUAL(gs_meter_format(&m, 250, 0, 10, buf, 8), 7);
	CU_ASSERT_STRING_EQUAL(buf, "plan no");
}

/* The engine reports pods, Monte Carlo the runs of its shard, the
 * node search each simulation (total not known). */
static void
test_progress_core_loops(void)
{
	struct gs_cluster	c;
	struct gs_workload	w;
	struct gs_config	cfg;
	struct gs_result	r;
	struct gs_nodes_plan	pl;
	struct gs_mc_sample	*v;
	struct calls		k = { .n = 0 };
	struct gs_progress	p = { record, &k, 2 };
	struct gs_mc_opts	o = { 10, 1, 0, 1, 3, &p };
	size_t			i, n;

	memset(&c, 0, sizeof c);
	memset(&w, 0, sizeof w);
	c.nodes = xcalloc(1, sizeof *c.nodes);
	c.nnodes = c.cap = 1;
	t_node(&c.nodes[0], "n", 1, 15360, "NVIDIA-Tesla T4");
	gs_config_init(&cfg);
	for (i = 0; i < 5; i++)
		t_pod(&w, i == 0 ? "a" : i == 1 ? "b" : i == 2 ? "c" :
		    i == 3 ? "d" : "e", 1);
	gs_engine_run(&c, &w, &cfg, &gs_policy_hami_v261, &p, &r, NULL);
	gs_result_release(&r);
	CU_ASSERT_EQUAL_FATAL(k.n, 3);		/* pods 2, 4 and 5 of 5 */
	CU_ASSERT_EQUAL(k.done[0], 2);
	CU_ASSERT_EQUAL(k.done[1], 4);
	CU_ASSERT_EQUAL(k.done[2], 5);
	CU_ASSERT_EQUAL(k.total[2], 5);
	/* Shard 1/3 of 10 runs: runs 1, 4, 7. */
	k.n = 0;
	p.every = 1;
	gs_montecarlo(&c, &w, &cfg, &gs_policy_hami_v261, &o, &v, &n, NULL);
	free(v);
	CU_ASSERT_EQUAL(n, 3);
	CU_ASSERT_EQUAL_FATAL(k.n, 3);
	CU_ASSERT_EQUAL(k.done[2], 3);
	CU_ASSERT_EQUAL(k.total[2], 3);
	/* Nothing pending: one simulation. */
	k.n = 0;
	gs_plan_nodes(&c, &w, &cfg, &gs_policy_hami_v261,
	    NULL, 0, 4, 100, &p, &pl, NULL);
	CU_ASSERT_TRUE(pl.found);
	gs_nodes_plan_release(&pl);
	CU_ASSERT_EQUAL_FATAL(k.n, 1);
	CU_ASSERT_EQUAL(k.done[0], 1);
	CU_ASSERT_EQUAL(k.total[0], 0);
	gs_config_release(&cfg);
	gs_workload_release(&w);
	gs_cluster_release(&c);
}

CU_TestInfo io_tests[] = {
	{ "atomic write: replaces, keeps the mode", test_write_replaces },
	{ "atomic write: a failed writer keeps the old file", test_write_failure_keeps_old },
	{ "atomic write: file size limit, EFBIG", test_write_size_limit },
	{ "atomic write: no directory, a directory, a device", test_write_no_directory },
	{ "reading: missing and directory are I/O", test_read_io_flag },
	{ "progress: every N units and the last", test_progress_step },
	{ "progress: first line after 1 s, then every 0.2 s", test_meter_rate_limit },
	{ "progress: done/total, rate, ETA", test_meter_format },
	{ "progress: engine pods, Monte Carlo runs, node search", test_progress_core_loops },
	CU_TEST_INFO_NULL,
};
