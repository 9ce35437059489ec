/*
 * fuzz_dpconfig.c: libFuzzer target for NVIDIA's device plugin config and
 * mig-parted's config (core/load/dpconfig.c): the input is read as both,
 * and each config that loads is laid over a fixed labelled cluster.  Every
 * failure must carry a message.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/load/dpconfig.h"
#include "../../core/load/load.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const char cluster[] =
    "pools:\n"
    "- name: a\n  model: A100-80GB\n  gpus: 2\n"
    "  labels: {nvidia.com/mig.config: custom, "
    "nvidia.com/device-plugin.config: ts}\n"
    "- name: b\n  model: H100\n  gpus: 1\n"
    "  mig: [{3g.40gb: 2}]\n"
    "- name: c\n  model: T4\n  gpus: 1\n"
    "  labels: {nvidia.com/device-plugin.config: default}\n";

static void
over_cluster(const struct gs_dpconfigs *x)
{
	struct gs_cluster	c;
	struct gs_warnings	w = { 0 };
	struct gs_error		err;
	struct yt_file		f;

	memset(&c, 0, sizeof c);
	memset(&err, 0, sizeof err);
	if (yt_parse(&f, "c.yaml", cluster, sizeof cluster - 1, &err) != 0)
		abort();
	if (gs_load_cluster_doc(&c, &f, f.docs[0].root, &w, &err) != 0)
		abort();
	yt_file_release(&f);
	if (gs_dpconfigs_apply(x, &c, &err) != 0 && err.msg[0] == '\0')
		abort();
	gs_warnings_release(&w);
	gs_cluster_release(&c);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gs_dpconfigs	x;
	struct gs_error		err;
	const char		*buf = (const char *)data;

	memset(&x, 0, sizeof x);
	memset(&err, 0, sizeof err);
	if (gs_dpconfig_parse(&x, "dp.yaml", buf, size, NULL, &err) == 0)
		over_cluster(&x);
	else if (err.msg[0] == '\0')
		abort();
	gs_dpconfigs_release(&x);
	memset(&x, 0, sizeof x);
	memset(&err, 0, sizeof err);
	if (gs_migconfig_parse(&x, "mig.yaml", buf, size, &err) == 0)
		over_cluster(&x);
	else if (err.msg[0] == '\0')
		abort();
	gs_dpconfigs_release(&x);
	return 0;
}
