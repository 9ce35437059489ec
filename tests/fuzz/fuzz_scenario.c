/*
 * fuzz_scenario.c: libFuzzer target for scenario files and their
 * expect: blocks.  When the input starts with '@', its first line is
 * also given as --now.  Paths a scenario names resolve under a folder
 * that does not exist, so only inline clusters and workloads load.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/load/scenario.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gs_scenario	 sc;
	struct gs_snapshot_opts	 opts;
	struct gs_warnings	 w;
	struct gs_error		 err;
	const char		*buf = (const char *)data, *nl;
	char			*now = NULL;

	if (size > 65536)
		return 0;
	memset(&opts, 0, sizeof opts);
	memset(&w, 0, sizeof w);
	memset(&err, 0, sizeof err);
	if (size > 0 && buf[0] == '@' &&
	    (nl = memchr(buf, '\n', size)) != NULL) {
		now = xstrndup(buf + 1, (size_t)(nl - buf - 1));
		opts.now = now;
		size -= (size_t)(nl + 1 - buf);
		buf = nl + 1;
	}
	if (gs_scenario_parse(&sc, "/nonexistent-fuzz/s.yaml", buf, size,
	    &opts, &w, &err) == 0)
		gs_scenario_release(&sc);
	gs_warnings_release(&w);
	free(now);
	return 0;
}
