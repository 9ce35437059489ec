/*
 * fuzz_kai.c: libFuzzer target for KAI-Scheduler's request annotations
 * (sched/kai/request.c).  The input is up to four NUL-separated values of
 * gpu-fraction, gpu-memory, gpu-fraction-num-devices and mps (an empty
 * value is absent).  Checks that an accepted request is in range: a
 * fraction 1..99 %, memory positive, 1..1024 devices, and a refusal
 * always says why.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/sched/kai/request.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const keys[4] = { "gpu-fraction", "gpu-memory",
	    "gpu-fraction-num-devices", "mps" };
	char			 buf[512], why[160];
	struct gs_container	 ctr;
	struct gs_pod		 pod;
	struct gs_kai_req	 r;
	const char		*s = buf;
	size_t			 i;

	if (size >= sizeof buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	memset(&pod, 0, sizeof pod);
	memset(&ctr, 0, sizeof ctr);
	pod.ctrs = &ctr;
	pod.nctrs = 1;
	for (i = 0; i < 4 && s <= buf + size; i++) {
		if (*s != '\0')
			gs_kv_set(&pod.annotations, keys[i], s);
		s += strlen(s) + 1;
	}
	why[0] = '\0';
	if (gs_kai_request(&pod, &r, why, sizeof why) != 0) {
		if (why[0] == '\0')
			abort();
	} else if (r.fractional && ((r.pct != -1 && (r.pct < 1 ||
	    r.pct > 99)) || r.mem < 0 || (r.pct == -1 && r.mem <= 0) ||
	    r.num < 1 || r.num > 1024))
		abort();
	gs_kv_release(&pod.annotations);
	return 0;
}
