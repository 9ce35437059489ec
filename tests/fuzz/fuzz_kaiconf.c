/*
 * fuzz_kaiconf.c: libFuzzer target for KAI-Scheduler's own config
 * (core/load/kai_conf.c): a SchedulingShard, the scheduler ConfigMap
 * (config.yaml embedded) or config.yaml itself.  A config that loads
 * names one of the two KAI profiles; a refusal always says why.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/load/kai_conf.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gs_kai_conf	 c;
	struct gs_error		 err;
	const char		*p;
	char			*buf;

	if (size > 65536)
		return 0;
	buf = malloc(size + 1);
	if (buf == NULL)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	memset(&err, 0, sizeof err);
	if (gs_kai_conf_parse(&c, "kai.yaml", buf, size, &err) != 0) {
		if (err.msg[0] == '\0')
			abort();
	} else {
		p = gs_kai_conf_profile(&c);
		if (strcmp(p, "kai-binpack") != 0 &&
		    strcmp(p, "kai-spread") != 0)
			abort();
	}
	free(buf);
	return 0;
}
