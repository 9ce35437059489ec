/*
 * report/kinds.c: the per-GPU metrics of MIG-partitioned, time-sliced and MPS
 * GPUs (metrics/kinds.c) as text lines under METRICS and as JSON.
 */
#include <stdio.h>
#include <string.h>

#include "report/kinds.h"
#include "load/sharing.h"

void
gs_report_kind_detail(const struct gs_physgpu *g, char *buf, size_t len)
{
	size_t	k, o = 0;

	buf[0] = '\0';
#define PUT(...) do {							\
	int n_ = snprintf(buf + o, o < len ? len - o : 0, __VA_ARGS__);	\
	if (n_ > 0)							\
		o += (size_t)n_;					\
} while (0)
	switch (g->kind) {
	case GS_DEV_MIG:
		for (k = 0; k < g->nprof; k++)
			PUT("%s%s %d of %d used", k ? ", " : "",
			    g->prof[k].p != NULL ? g->prof[k].p->name : "?",
			    g->prof[k].used, g->prof[k].total);
		PUT("; largest placeable %s; %d of %d slices free, %d "
		    "fragmented", g->largest != NULL ? g->largest->name :
		    "none", g->free_slices, g->mm != NULL ? g->mm->mslices : 0,
		    g->frag_slices);
		break;
	case GS_DEV_MPS:
		PUT("%d MiB per replica (MPS limit)", (int)g->replica_mem);
		break;
	case GS_DEV_TIMESLICE:
		PUT("up to %d MiB per replica, shared; sharers declare %lld "
		    "MiB%s", (int)g->replica_mem, (long long)g->declared_mem,
		    g->overcommit ? ": more than the card" : "");
		break;
	default:
		PUT("%d MiB", (int)g->replica_mem);
		/* KAI's GPU fractions on one slot (load/sharing.c) */
		if (g->kind == GS_DEV_WHOLE && g->pods > 1)
			PUT("; shared by %zu pods as GPU fractions", g->pods);
		break;
	}
#undef PUT
	if (o >= len && len > 0)
		buf[len - 1] = '\0';
}

void
gs_report_kinds_table(FILE *fp, const struct gs_report_run *rr)
{
	const struct gs_metrics	*m = rr->m;
	const struct gs_cluster	*c = rr->cluster;
	char			 detail[512], used[32];
	size_t			 k, w = 4;

	if (m->shared == 0)
		return;
	for (k = 0; k < m->pgpus; k++)
		if (m->pgpu[k].kind != GS_DEV_HAMI &&
		    strlen(c->nodes[m->pgpu[k].node].name) > w)
			w = strlen(c->nodes[m->pgpu[k].node].name);
	fprintf(fp, "  shared GPUs        %zu (NVIDIA's device plugin: used "
	    "of instances or replicas)\n", m->shared);
	fprintf(fp, "    %-*s  GPU  %-12s  %5s  %-8s  %s\n", (int)w, "NODE",
	    "KIND", "USED", "ISOLATED", "DETAIL");
	for (k = 0; k < m->pgpus; k++) {
		const struct gs_physgpu *g = &m->pgpu[k];

		if (g->kind == GS_DEV_HAMI)
			continue;
		snprintf(used, sizeof used, "%d/%d", g->used, g->cap);
		gs_report_kind_detail(g, detail, sizeof detail);
		fprintf(fp, "    %-*s  %3d  %-12s  %5s  %-8s  %s\n", (int)w,
		    c->nodes[g->node].name, (int)g->index,
		    gs_devkind_name(g->kind), used, g->isolated ? "yes" : "no",
		    detail);
	}
}

json_t *
gs_report_kinds_json(const struct gs_report_run *rr)
{
	const struct gs_metrics	*m = rr->m;
	json_t			*a = json_array();
	size_t			 k, i;

	for (k = 0; k < m->pgpus; k++) {
		const struct gs_physgpu	*g = &m->pgpu[k];
		json_t			*o, *prof;

		if (g->kind == GS_DEV_HAMI)
			continue;
		o = json_pack("{s:s,s:i,s:s,s:i,s:i,s:I,s:b,s:b}", "node",
		    rr->cluster->nodes[g->node].name, "index", (int)g->index,
		    "kind", gs_devkind_name(g->kind), "used", g->used,
		    "capacity", g->cap, "pods", (json_int_t)g->pods,
		    "memory_isolated", g->isolated, "whole_free", g->offered &&
		    !g->busy);
		if (g->kind == GS_DEV_MIG) {
			prof = json_array();
			for (i = 0; i < g->nprof; i++)
				json_array_append_new(prof, json_pack(
				    "{s:s,s:i,s:i}", "profile",
				    g->prof[i].p != NULL ? g->prof[i].p->name :
				    "?", "used", g->prof[i].used, "free",
				    g->prof[i].total - g->prof[i].used));
			json_object_set_new(o, "mig_instances", prof);
			json_object_set_new(o, "largest_placeable_profile",
			    g->largest != NULL ? json_string(g->largest->name) :
			    json_null());
			json_object_set_new(o, "free_slices",
			    json_integer(g->free_slices));
			json_object_set_new(o, "fragmented_slices",
			    json_integer(g->frag_slices));
		} else {
			json_object_set_new(o, "replica_memory_mib",
			    json_integer(g->replica_mem));
		}
		if (g->kind == GS_DEV_TIMESLICE) {
			json_object_set_new(o, "declared_memory_mib",
			    json_integer(g->declared_mem));
			json_object_set_new(o, "memory_overcommitted",
			    json_boolean(g->overcommit));
		}
		json_array_append_new(a, o);
	}
	return a;
}
