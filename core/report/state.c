/*
 * report/state.c: `gpusched state`'s writers: the cluster as it is now
 * (nodes with their cpu, memory and pods, the GPU map of running pods,
 * HAMi's namespace quotas), as a table and as JSON.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "report/gpus.h"
#include "report/report.h"
#include "util/util.h"

static void
resource_cell(char *buf, size_t len, int64_t used, int64_t alloc,
    int64_t div)
{
	if (alloc == INT64_MAX)
		snprintf(buf, len, "%lld/-", (long long)(used / div));
	else
		snprintf(buf, len, "%lld/%lld", (long long)(used / div),
		    (long long)(alloc / div));
}

/* Does HAMi of that version read quota q (a limit, v2.7+)? */
static int
quota_shown(const struct gs_quota *q, int version)
{
	return q->limit_set &&
	    hami_profile_of_version(version)->quota_fit != HQF_NONE;
}

/* HAMi's namespace quotas as it counts them (QuotaManager), if any. */
static void
state_quotas(FILE *fp, const struct gs_cluster *c, int version)
{
	size_t	i, nw = 9, rw = 8;
	int	head = 1;

	for (i = 0; i < c->quotas.n; i++)
		if (quota_shown(&c->quotas.v[i], version)) {
			if (strlen(c->quotas.v[i].ns) > nw)
				nw = strlen(c->quotas.v[i].ns);
			if (strlen(c->quotas.v[i].res) > rw)
				rw = strlen(c->quotas.v[i].res);
		}
	for (i = 0; i < c->quotas.n; i++) {
		const struct gs_quota *q = &c->quotas.v[i];

		if (!quota_shown(q, version))
			continue;
		if (head)
			fprintf(fp, "\n%-*s  %-*s  %12s  %12s  %s\n", (int)nw,
			    "NAMESPACE", (int)rw, "RESOURCE", "USED", "LIMIT",
			    "RESOURCEQUOTA");
		head = 0;
		fprintf(fp, "%-*s  %-*s  %12lld  %12lld  %s\n", (int)nw, q->ns,
		    (int)rw, q->res, (long long)q->used, (long long)q->limit,
		    q->src_name);
	}
}

void
gs_report_state(FILE *fp, const struct gs_cluster *c,
    const struct gs_running *r, int version)
{
	size_t	i, j, nw = gs_gpu_node_width(c);
	char	cpu[48], mem[48], pods[48];
	struct gs_gpu_widths gw;
	struct gs_gpu_index gx;

	fprintf(fp, "%-*s  %4s  %-13s  %-15s  %-17s  %-9s  %s\n", (int)nw,
	    "NODE", "GPUS", "SCHEDULABLE", "CPU(m)", "MEMORY(MiB)", "PODS",
	    "HAMI");
	for (i = 0; i < c->nnodes; i++) {
		const struct gs_node *n = &c->nodes[i];

		if (n->has_alloc) {
			resource_cell(cpu, sizeof cpu, n->used_cpu,
			    n->alloc_cpu, 1);
			resource_cell(mem, sizeof mem, n->used_mem,
			    n->alloc_mem, 1048576);
			resource_cell(pods, sizeof pods, n->used_pods,
			    n->alloc_pods, 1);
		} else {
			snprintf(cpu, sizeof cpu, "-");
			snprintf(mem, sizeof mem, "-");
			snprintf(pods, sizeof pods, "%lld",
			    (long long)n->used_pods);
		}
		fprintf(fp, "%-*s  %4zu  %-13s  %-15s  %-17s  %-9s  %s\n",
		    (int)nw, n->name, n->ndevs, n->unschedulable ? "cordoned" :
		    n->ntaints ? "tainted" : "yes", cpu, mem, pods,
		    n->registered ? "registered" : n->devices_note ?
		    n->devices_note : "no hami.io/node-nvidia-register");
	}
	fputc('\n', fp);
	gw = gs_gpu_widths(c, nw);
	gs_gpu_header(fp, &gw);
	gs_gpu_index_build(&gx, c, NULL, NULL, r,
	    hami_profile_of_version(version));
	for (i = 0; i < c->nnodes; i++)
		for (j = 0; j < c->nodes[i].ndevs; j++)
			gs_gpu_row(fp, &gw, &c->nodes[i], j, gs_gpu_running(&gx, i,
			    c->nodes[i].devs[j].id));
	gs_gpu_index_release(&gx);
	state_quotas(fp, c, version);
}

static json_t *
int_or_null(int64_t v)
{
	return v == INT64_MAX ? json_null() : json_integer(v);
}

json_t *
gs_report_state_json(const struct gs_cluster *c, const struct gs_running *r,
    int version)
{
	json_t	*nodes = json_array(), *quotas = json_array(), *doc;
	size_t	 i, j;
	struct gs_gpu_index gx;

	gs_gpu_index_build(&gx, c, NULL, NULL, r,
	    hami_profile_of_version(version));
	for (i = 0; i < c->nnodes; i++) {
		const struct gs_node	*n = &c->nodes[i];
		json_t			*gpus = json_array(), *o;

		for (j = 0; j < n->ndevs; j++)
			json_array_append_new(gpus, gs_gpu_json(n, j,
			    gs_gpu_running(&gx, i, n->devs[j].id)));
		o = json_pack("{s:s,s:b,s:b,s:o,s:o}", "name", n->name,
		    "registered", n->registered, "unschedulable",
		    n->unschedulable, "hami_note", n->devices_note ?
		    json_string(n->devices_note) : json_null(), "gpus", gpus);
		if (n->has_alloc)
			json_object_set_new(o, "allocatable", json_pack(
			    "{s:o,s:o,s:o}", "cpu_milli",
			    int_or_null(n->alloc_cpu), "memory_bytes",
			    int_or_null(n->alloc_mem), "pods",
			    int_or_null(n->alloc_pods)));
		json_object_set_new(o, "requested", json_pack("{s:I,s:I,s:I}",
		    "cpu_milli", (json_int_t)n->used_cpu, "memory_bytes",
		    (json_int_t)n->used_mem, "pods", (json_int_t)n->used_pods));
		json_array_append_new(nodes, o);
	}
	gs_gpu_index_release(&gx);
	doc = json_pack("{s:s,s:i,s:s,s:o}", "gpusched_version", GS_VERSION,
	    "schema_version", GS_SCHEMA_VERSION, "profile", "hami-v2.6.1",
	    "nodes", nodes);
	/* Only with quotas: the document is otherwise as before. */
	for (i = 0; i < c->quotas.n; i++)
		if (quota_shown(&c->quotas.v[i], version))
			json_array_append_new(quotas, json_pack(
			    "{s:s,s:s,s:I,s:I,s:s}", "namespace",
			    c->quotas.v[i].ns, "resource", c->quotas.v[i].res,
			    "used", (json_int_t)c->quotas.v[i].used, "limit",
			    (json_int_t)c->quotas.v[i].limit, "resourcequota",
			    c->quotas.v[i].src_name));
	if (json_array_size(quotas) > 0)
		json_object_set_new(doc, "quotas", quotas);
	else
		json_decref(quotas);
	return doc;
}
