/*
 * report/dra_report.c: the metrics of DRA devices (metrics/dra_use.c) in
 * the metrics table and the JSON document: whole devices free in total
 * and per node, consumable memory used and fragmented, and each device
 * (a counter set stands for its partitionable device) with its use.
 */
#include <stdio.h>
#include <string.h>

#include "metrics/dra_use.h"
#include "report/dra_report.h"

#define MIB(b)	((long long)((b) / (1024 * 1024)))

static const char *
node_of(const struct gs_report_run *rr, const struct gs_dra_unit *u)
{
	return u->node >= 0 ? rr->cluster->nodes[u->node].name : "-";
}

static const char *
kind_of(const struct gs_dra_unit *u)
{
	return u->counters ? "partitionable" : u->shared ? "shared" :
	    "exclusive";
}

void
gs_report_dra_table(FILE *fp, const struct gs_report_run *rr)
{
	struct gs_dra_metrics	m;
	char			mem[64];
	size_t			i, nw = 4, dw = 6;

	gs_dra_metrics(rr->cluster, &m);
	if (m.nu == 0)
		return;
	fprintf(fp, "  DRA devices        %zu of %zu whole free", m.free, m.nu);
	snprintf(mem, sizeof mem, "the smallest request, %lld MiB",
	    MIB(m.target));
	if (m.nmem > 0)
		fprintf(fp, "; consumable memory %lld of %lld MiB used, %lld "
		    "MiB fragmented (free below %s), largest free %lld MiB",
		    MIB(m.mem_used), MIB(m.mem), MIB(m.mem_frag),
		    m.target > 0 ? mem : "each device's default",
		    MIB(m.mem_largest));
	fprintf(fp, "\n");
	for (i = 0; i < m.nu; i++) {
		if (strlen(node_of(rr, &m.u[i])) > nw)
			nw = strlen(node_of(rr, &m.u[i]));
		if (strlen(m.u[i].name) > dw)
			dw = strlen(m.u[i].name);
	}
	fprintf(fp, "    %-*s  %-*s  %-13s  %6s  %4s  %s\n", (int)nw, "NODE",
	    (int)dw, "DEVICE", "KIND", "ALLOCS", "FREE", "MEM(MiB)");
	for (i = 0; i < m.nu; i++) {
		const struct gs_dra_unit *u = &m.u[i];

		snprintf(mem, sizeof mem, "%lld/%lld", MIB(u->mem_used),
		    MIB(u->mem));
		fprintf(fp, "    %-*s  %-*s  %-13s  %6d  %4s  %s\n", (int)nw,
		    node_of(rr, u), (int)dw, u->name, kind_of(u), u->allocs,
		    u->free ? "yes" : "no", u->mem > 0 ? mem : "-");
	}
	gs_dra_metrics_release(&m);
}

json_t *
gs_report_dra_json(const struct gs_report_run *rr)
{
	struct gs_dra_metrics	m;
	json_t			*o, *a;
	size_t			i;

	gs_dra_metrics(rr->cluster, &m);
	if (m.nu == 0)
		return NULL;
	a = json_array();
	for (i = 0; i < m.nu; i++) {
		const struct gs_dra_unit *u = &m.u[i];

		json_array_append_new(a, json_pack("{s:o,s:s,s:s,s:i,s:b,"
		    "s:I,s:I}", "node", u->node >= 0 ? json_string(node_of(rr,
		    u)) : json_null(), "device", u->name, "kind", kind_of(u),
		    "allocations", u->allocs, "whole_free", u->free,
		    "memory_bytes", (json_int_t)u->mem, "memory_used_bytes",
		    (json_int_t)u->mem_used));
	}
	o = json_pack("{s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:o}", "devices",
	    (json_int_t)m.nu, "whole_free", (json_int_t)m.free,
	    "consumable_memory_bytes", (json_int_t)m.mem,
	    "consumable_memory_used_bytes", (json_int_t)m.mem_used,
	    "consumable_memory_fragmented_bytes", (json_int_t)m.mem_frag,
	    "consumable_memory_largest_free_bytes", (json_int_t)m.mem_largest,
	    "fragmentation_target_bytes", (json_int_t)m.target, "list", a);
	gs_dra_metrics_release(&m);
	return o;
}
