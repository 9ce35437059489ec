/*
 * fuzz_files.c: libFuzzer target for the readers that take a path:
 * shard merge and golden files.  The input is written to a temporary
 * file, then merged alone and with itself (a run in two files), and read
 * as a golden file and compared with itself.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../core/load/golden.h"
#include "../../core/report/montecarlo.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static char	path[64];

static void
cleanup(void)
{
	unlink(path);
}

static void
merge(size_t n)
{
	char			*paths[2] = { path, path };
	struct gs_mc_header	 h;
	struct gs_mc_sample	*v;
	struct gs_error		 err;
	json_t			*keep;
	size_t			 nv;

	memset(&h, 0, sizeof h);
	memset(&err, 0, sizeof err);
	if (gs_mc_merge(paths, n, &h, &keep, &v, &nv, &err) != 0) {
		if (err.msg[0] == '\0')
			abort();
		return;
	}
	if (n == 2 || nv != h.opts.runs)
		abort();	/* every run once, or an error */
	json_decref(gs_mc_json(&h, v, nv, 0));
	free(v);
	json_decref(keep);
}

static void
golden(void)
{
	struct gs_error	 err;
	struct gs_diff	 d;
	json_t		*g;

	memset(&err, 0, sizeof err);
	if (gs_golden_load(path, &g, &err) != 0)
		return;
	memset(&d, 0, sizeof d);
	gs_golden_diff(g, g, &d);
	if (d.changed != 0)
		abort();
	gs_diff_release(&d);
	json_decref(g);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FILE	*fp;

	if (size > 65536)
		return 0;
	if (path[0] == '\0') {
		int fd;

		snprintf(path, sizeof path, "/tmp/gpusched-fuzz-XXXXXX");
		if ((fd = mkstemp(path)) < 0)
			abort();
		close(fd);
		atexit(cleanup);
	}
	if ((fp = fopen(path, "wb")) == NULL)
		abort();
	if (fwrite(data, 1, size, fp) != size || fclose(fp) != 0)
		abort();
	merge(1);
	merge(2);
	golden();
	return 0;
}
