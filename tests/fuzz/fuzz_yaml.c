/*
 * fuzz_yaml.c: libFuzzer target for the YAML/JSON loader: any bytes are
 * parsed, then read as a cluster, as workloads and as running pods (on
 * that cluster), its handshakes aged and v2.9's view taken; then written to
 * a file and read by the file loaders, which stream a List item by item
 * (yamltree.h yt_each).  Must never crash, leak, hang or grow without bound.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../core/load/load.h"
#include "../../core/model/model.h"
#include "../../core/model/running.h"
#include "../../core/load/yamltree.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

/* The file loaders on the bytes: a List's items streamed one at a time. */
static void
load_files(const uint8_t *data, size_t size, struct gs_warnings *w)
{
	char			path[] = "/tmp/gs-fuzz-yaml-XXXXXX";
	struct gs_cluster	c;
	struct gs_workload	wl;
	struct gs_running	r;
	struct gs_error		err;
	FILE			*fp;
	int			fd;

	if ((fd = mkstemp(path)) < 0)
		return;
	if ((fp = fdopen(fd, "w")) == NULL) {
		close(fd);
		unlink(path);
		return;
	}
	fwrite(data, 1, size, fp);
	fclose(fp);
	memset(&c, 0, sizeof c);
	memset(&wl, 0, sizeof wl);
	memset(&r, 0, sizeof r);
	(void)gs_load_cluster_file(&c, path, w, &err);
	(void)gs_load_workload_file(&wl, path, &c, w, &err);
	(void)gs_load_running_file(&c, &r, path, w, &err);
	gs_running_release(&r);
	gs_workload_release(&wl);
	gs_cluster_release(&c);
	unlink(path);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct yt_file		f;
	struct gs_error		err;
	struct gs_warnings	w = { 0 };
	size_t			i;

	if (yt_parse(&f, "fuzz", (const char *)data, size, &err) != 0)
		return 0;
	for (i = 0; i < f.ndocs; i++) {
		struct gs_cluster	c;
		struct gs_workload	wl;

		if (f.docs[i].root == NULL)
			continue;
		memset(&c, 0, sizeof c);
		memset(&wl, 0, sizeof wl);
		(void)gs_load_cluster_doc(&c, &f, f.docs[i].root, &w, &err);
		(void)gs_load_workload_doc(&wl, &f, f.docs[i].root, &c, &w,
		    &err);
		{
			struct gs_running r;

			memset(&r, 0, sizeof r);
			(void)gs_load_running_doc(&c, &r, &f, f.docs[i].root,
			    &w, &err);
			gs_running_release(&r);
		}
		/* Handshakes aged (NVIDIA's and the vendors'), then one
		 * profile's view (sched/hami/vendor_health.c judges them). */
		gs_cluster_apply_handshakes(&c, INT64_MIN, &w);
		gs_cluster_for_version(&c, 20900);
		gs_workload_release(&wl);
		gs_cluster_release(&c);
	}
	yt_file_release(&f);
	load_files(data, size, &w);
	gs_warnings_release(&w);
	return 0;
}
