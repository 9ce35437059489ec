/*
 * fuzz_cel.c: libFuzzer target for the CEL subset of DRA selectors.
 * Any text compiles or fails with a located message; a compiled
 * expression evaluates on a fixed device to 1, 0 or -1 (with a message),
 * the same twice.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/sched/dra/cel.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const struct gs_cel_attr attrs[] = {
	{ "gpu.nvidia.com/type", { GS_CEL_STRING, "gpu", 0 } },
	{ "gpu.nvidia.com/productName",
	    { GS_CEL_STRING, "NVIDIA A100-SXM4-40GB", 0 } },
	{ "gpu.nvidia.com/driverVersion", { GS_CEL_VERSION, "550.54.15", 0 } },
	{ "gpu.nvidia.com/index", { GS_CEL_INT, NULL, 3 } },
	{ "gpu.nvidia.com/healthy", { GS_CEL_BOOL, NULL, 1 } },
	{ "model", { GS_CEL_STRING, "a100", 0 } },
};

static const struct gs_cel_attr cap[] = {
	{ "gpu.nvidia.com/memory", { GS_CEL_QUANTITY, "40Gi", 0 } },
	{ "gpu.nvidia.com/cores", { GS_CEL_QUANTITY, "1.5k", 0 } },
};

static const struct gs_cel_device dev = {
	"gpu.nvidia.com", attrs, 6, cap, 2, 1
};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char		*buf;
	struct gs_cel	*c = NULL;
	struct gs_error	 e;
	int		 r1, r2;

	if (size > 4096)
		return 0;
	buf = malloc(size + 1);
	memcpy(buf, data, size);
	buf[size] = '\0';
	memset(&e, 0, sizeof e);
	if (gs_cel_compile(buf, "fuzz.yaml", 3, 5, &c, &e) != 0) {
		if (c != NULL || e.msg[0] == '\0' || e.line != 3 || e.col < 5)
			abort();
		free(buf);
		return 0;
	}
	r1 = gs_cel_eval(c, &dev, &e);
	if (r1 < -1 || r1 > 1 || (r1 == -1 && e.msg[0] == '\0'))
		abort();
	r2 = gs_cel_eval(c, &dev, &e);
	if (r1 != r2)
		abort();
	gs_cel_free(c);
	free(buf);
	return 0;
}
