/*
 * fuzz_volcano.c: libFuzzer target for Volcano's own inputs: the
 * volcano.sh/node-vgpu-register annotation (core/load/volcano_node.c) and
 * the device-config.yaml of volcano-vgpu-device-config
 * (core/load/volcano_conf.c), and the deviceshare arguments of
 * volcano-scheduler.conf (core/load/volcano_sched.c: a config that loads
 * names a volcano-* profile; a refusal says why).  Whatever decodes keeps
 * the invariants the
 * scheduler relies on: unique non-empty ids, counts and memory >= 0; a
 * group's instances within the 64 positions, and the MIG match of any
 * request landing inside the group it names.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/load/register_codec.h"
#include "../../core/load/volcano_conf.h"
#include "../../core/load/volcano_node.h"
#include "../../core/load/volcano_sched.h"
#include "../../core/sched/policy.h"
#include "../../core/sched/volcano/vgpu.h"
#include "../../core/util/util.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void
check_conf(const struct gs_volcano_conf *c)
{
	size_t		 i, j, k;
	int		 pos, g, total;
	uint32_t	 mem;

	for (i = 0; i < c->nmig; i++)
		for (j = 0; j < c->mig[i].ngroups; j++) {
			const struct gs_vc_group *gr = &c->mig[i].groups[j];

			for (k = 0, total = 0; k < gr->ninst; k++) {
				if (gr->inst[k].count < 1)
					abort();
				total += gr->inst[k].count;
			}
			if (total > GS_VC_MAXPOS)
				abort();
			if (gs_vc_mig_find(&c->mig[i], (int32_t)j + 1, 0, 1, &g,
			    &pos, &mem) == 0 && (g != (int)j || pos < 0 ||
			    pos >= total))
				abort();
		}
}

static void
sched_conf(const char *s, size_t size)
{
	struct gs_vc_sched	vs;
	struct gs_error		err;

	memset(&err, 0, sizeof err);
	if (gs_volcano_sched_parse(&vs, "s.yaml", s, size, &err) != 0) {
		if (err.msg[0] == '\0' || vs.given)
			abort();
	} else if (!vs.given || (vs.profile == NULL) != (vs.nopolicy != 0) ||
	    (vs.profile != NULL && !gs_policy_of_family(vs.profile,
	    "volcano")))
		abort();	/* a policy, or none (unset or unknown) */
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char			*s = xstrndup((const char *)data, size), why[256];
	struct gs_device	*d;
	struct gs_volcano_conf	*c;
	struct gs_error		 err;
	struct yt_file		 f;
	size_t			 n, i, j;

	if (gs_volcano_register_decode(s, &d, &n, why, sizeof why) == 0) {
		for (i = 0; i < n; i++) {
			if (d[i].id[0] == '\0' || d[i].count < 0 ||
			    d[i].devmem < 0)
				abort();
			for (j = 0; j < i; j++)
				if (strcmp(d[i].id, d[j].id) == 0)
					abort();
		}
		gs_devices_free(d, n);
	}
	memset(&err, 0, sizeof err);
	if (yt_parse(&f, "f.yaml", s, size, &err) == 0) {
		for (i = 0; i < f.ndocs; i++)
			if (f.docs[i].root != NULL &&
			    gs_volcano_conf_read(&f, f.docs[i].root, &c,
			    &err) == 0) {
				check_conf(c);
				gs_volcano_conf_free(c);
			}
		yt_file_release(&f);
	}
	sched_conf(s, size);
	free(s);
	return 0;
}
