/*
 * fuzz_options.c: libFuzzer target for the option strings the core
 * parses: the first byte chooses --now (a one-run scenario with no
 * files) or one of plan whatif's edits (--remove-node, --drain-node,
 * --set-split, --set-policy, --scale, --set-gpumem); the rest is the
 * string.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/load/scenario.h"
#include "../../core/plan/whatif.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gs_scenario	 sc;
	struct gs_snapshot_opts	 opts;
	struct gs_warnings	 w;
	struct gs_error		 err;
	struct gs_edit		 e;
	char			*s, why[256];
	int			 kind;

	if (size < 1 || size > 4096)
		return 0;
	kind = data[0] % (ED_SET_GPUMEM + 2);
	s = xstrndup((const char *)data + 1, size - 1);
	if (strlen(s) != size - 1) {	/* argv strings hold no NUL */
		free(s);
		return 0;
	}
	if (kind == ED_SET_GPUMEM + 1) {
		memset(&opts, 0, sizeof opts);
		memset(&w, 0, sizeof w);
		memset(&err, 0, sizeof err);
		opts.now = s;
		if (gs_scenario_from_files(&sc, NULL, 0, NULL, 0, &opts, &w,
		    &err) == 0)
			gs_scenario_release(&sc);
		gs_warnings_release(&w);
	} else {
		memset(&e, 0, sizeof e);
		why[0] = '\0';
		if (gs_edit_parse((enum gs_edit_kind)kind, s, &e, why,
		    sizeof why) == 0)
			gs_edit_release(&e);
		else if (why[0] == '\0')
			abort();	/* a refusal always says why */
	}
	free(s);
	return 0;
}
