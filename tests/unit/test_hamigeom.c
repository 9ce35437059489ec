/*
 * test_hamigeom.c: HAMi's MIG geometry model, v2.6.1 to v2.9.0
 * (core/sched/hami/geom.c, core/model/hami_geom.c, core/load/hami_geom.c),
 * placements worked by hand from Project-HAMi/HAMi pkg/device/nvidia/
 * device.go (CustomFilterRule, migNeedsReset, AddResourceUsage, Fit's
 * `i++`) at v2.6.1, v2.7.0, v2.8.0 and v2.9.0, the chart's
 * knownMigGeometries of each, and pkg/scheduler/scheduler.go
 * getNodesUsage with util.ExtractMigTemplatesFromUUID.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/load/hamiconfig.h"
#include "../../core/load/hami_mig.h"
#include "../../core/metrics/hami_geom.h"
#include "../../core/model/running.h"
#include "../../core/sched/sim.h"
#include "../../core/model/hami_geom.h"
#include "../../core/sched/hami/mig.h"
#include "../../core/util/util.h"

/* One MIG-mode GPU of type under profile, its geometries the chart's. */
static void
geom_init_n(struct t_fit *x, size_t ndevs, const char *profile,
    const char *type, int32_t mem)
{
	const struct hami_profile	*hp = hami_profile_find(profile);
	const struct gs_vc_mig		*m;
	size_t				 n, i;

	t_fit_init(x, ndevs, mem, NULL);
	t_set_profile(&x->cfg, profile);
	m = gs_hgeom_chart(hp->mig_chart, &n);
	for (i = 0; i < ndevs; i++) {
		struct gs_device *d = &x->node.devs[i];

		free(d->mode);
		d->mode = xstrdup("mig");
		free(d->type);
		d->type = xstrdup(type);
		d->count = 7;
		d->hgeom = gs_vc_migs_find(m, n, type);
		CU_ASSERT_PTR_NOT_NULL(d->hgeom);
	}
}

static void
geom_init(struct t_fit *x, const char *profile, const char *type,
    int32_t mem)
{
	geom_init_n(x, 1, profile, type, mem);
}

/* The charts: v2.6.1's A100 80 GB tops at 7g.79gb of 80896 MiB with no
 * cores; v2.9.0's 1g.10gb has 9728 MiB and 14 cores, its 7g 98. */
static void
test_charts(void)
{
	const struct gs_vc_mig	*m;
	size_t			 n;

	m = gs_hgeom_chart(GS_HGEOM_V261, &n);
	CU_ASSERT_EQUAL(n, 3);
	m = gs_vc_migs_find(m, n, "NVIDIA A100-SXM4-80GB");
	CU_ASSERT_FATAL(m != NULL);
	CU_ASSERT_EQUAL(m->ngroups, 4);
	CU_ASSERT_STRING_EQUAL(m->groups[1].inst[0].name, "2g.20gb");
	CU_ASSERT_EQUAL(m->groups[3].inst[0].mem, 80896);
	CU_ASSERT_EQUAL(m->groups[3].inst[0].core, 0);
	CU_ASSERT_EQUAL(gs_hgeom_slots(&m->groups[1]), 4);
	CU_ASSERT_STRING_EQUAL(gs_hgeom_slot(&m->groups[1], 3)->name,
	    "1g.10gb");
	CU_ASSERT_PTR_NULL(gs_hgeom_slot(&m->groups[1], 4));
	/* v2.6.1 has no H100 entry; v2.8.0 has. */
	CU_ASSERT_PTR_NULL(gs_vc_migs_find(m, 0, "H100"));
	m = gs_hgeom_chart(GS_HGEOM_V261, &n);
	CU_ASSERT_PTR_NULL(gs_vc_migs_find(m, n, "NVIDIA H100-SXM5-80GB"));
	m = gs_hgeom_chart(GS_HGEOM_V280, &n);
	CU_ASSERT_EQUAL(n, 8);
	CU_ASSERT_PTR_NOT_NULL(gs_vc_migs_find(m, n, "NVIDIA H100-SXM5-80GB"));
	m = gs_vc_migs_find(m, n, "NVIDIA A100-SXM4-80GB");
	CU_ASSERT_EQUAL(m->groups[0].inst[0].mem, 10240);
	m = gs_hgeom_chart(GS_HGEOM_V290, &n);
	m = gs_vc_migs_find(m, n, "NVIDIA A100-SXM4-80GB");
	CU_ASSERT_EQUAL(m->groups[0].inst[0].mem, 9728);
	CU_ASSERT_EQUAL(m->groups[0].inst[0].core, 14);
	CU_ASSERT_EQUAL(m->groups[3].inst[0].core, 98);
	CU_ASSERT_PTR_NULL(gs_hgeom_chart(GS_HGEOM_NONE, &n));
	CU_ASSERT_EQUAL(n, 0);
}

/*
 * A30 (geometries 1g.6gb x4, 2g.12gb x2, 4g.24gb x1), 6144 MiB asked:
 * the first geometry holds it (6144 >= 6144), but v2.6.1's instance scan
 * wants more than 6144: CardNotFoundCustomFilterRule.  v2.7.0 takes
 * instance 0 of geometry 0, "[0-0]", 6144 MiB.
 */
static void
test_equal_memory(void)
{
	struct t_fit	x;

	geom_init(&x, "hami-v2.6.1", "NVIDIA A30", 24576);
	CU_ASSERT_FALSE(t_fit_run(&x, 1, 6144, 101, 0));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_NOT_FOUND_CUSTOM_FILTER_RULE], 1);
	t_fit_release(&x);
	geom_init(&x, "hami-v2.7.0", "NVIDIA A30", 24576);
	CU_ASSERT_FATAL(t_fit_run(&x, 1, 6144, 101, 0));
	CU_ASSERT_EQUAL(x.g[0].hg_geom, 1);
	CU_ASSERT_EQUAL(x.g[0].hg_slot, 1);
	CU_ASSERT_EQUAL(x.g[0].usedmem, 6144);
	CU_ASSERT_EQUAL(x.s.devs[0].hg_used, 1);
	t_fit_release(&x);
	/* 6000 MiB: v2.6.1 fits (6144 > 6000), charged 6144. */
	geom_init(&x, "hami-v2.6.1", "NVIDIA A30", 24576);
	CU_ASSERT_FATAL(t_fit_run(&x, 1, 6000, 101, 30));
	CU_ASSERT_EQUAL(x.g[0].usedmem, 6144);
	CU_ASSERT_EQUAL(x.g[0].usedcores, 30);	/* the request's */
	t_fit_release(&x);
}

/*
 * A100 40 GB, 8000 MiB.  v2.6.1: geometry 0's first entry 1g.5gb (5120)
 * is too small, geometry 1's first (2g.10gb, 10240) holds it: slot 0,
 * "[1-0]".  v2.8.0 (geometry 1 = 1g.5gb x1, 2g.10gb x3): entry 1 holds
 * it: slot 1 (after one 1g), suffix "[1-1]", its 28 cores charged.
 */
static void
test_entry_rule(void)
{
	struct t_fit	x;
	char		buf[64];

	geom_init(&x, "hami-v2.6.1", "NVIDIA A100-SXM4-40GB", 40960);
	CU_ASSERT_FATAL(t_fit_run(&x, 1, 8000, 101, 0));
	CU_ASSERT_EQUAL(x.g[0].hg_geom, 2);
	CU_ASSERT_EQUAL(x.g[0].hg_slot, 1);
	CU_ASSERT_EQUAL(x.g[0].usedmem, 10240);
	CU_ASSERT_EQUAL(hami_geom_id(&x.node.devs[0], &x.g[0], buf,
	    sizeof buf), 0);
	CU_ASSERT_STRING_EQUAL(buf, "GPU-0[1-0]");
	t_fit_release(&x);
	geom_init(&x, "hami-v2.8.0", "NVIDIA A100-SXM4-40GB", 40960);
	CU_ASSERT_FATAL(t_fit_run(&x, 1, 8000, 101, 0));
	CU_ASSERT_EQUAL(x.g[0].hg_geom, 2);
	CU_ASSERT_EQUAL(x.g[0].hg_slot, 2);
	CU_ASSERT_EQUAL(x.g[0].usedmem, 10240);
	CU_ASSERT_EQUAL(x.g[0].usedcores, 28);
	CU_ASSERT_EQUAL(x.s.devs[0].hg_used, 2);
	t_fit_release(&x);
}

/*
 * v2.8's suffix names the entry, not the instance: with a geometry of
 * a 5000 x2 then b 10000 x2, 8000 MiB takes slot 2 (the first b) but the
 * suffix says "[0-1]"; getNodesUsage then marks slot 1 (an a).
 */
static void
test_suffix_quirk(void)
{
	static struct gs_vc_inst	inst[] = { { "a", 5000, 2, 10 },
					    { "b", 10000, 2, 20 } };
	static struct gs_vc_group	g = { NULL, inst, 2 };
	static char			*models[] = { "T4" };
	static const struct gs_vc_mig	m = { models, 1, &g, 1 };
	struct t_fit			x;
	struct gs_device		d;

	geom_init(&x, "hami-v2.9.0", "NVIDIA A100-SXM4-40GB", 40960);
	x.node.devs[0].hgeom = &m;
	CU_ASSERT_FATAL(t_fit_run(&x, 1, 8000, 101, 0));
	CU_ASSERT_EQUAL(x.g[0].hg_geom, 1);
	CU_ASSERT_EQUAL(x.g[0].hg_slot, 2);		/* "[0-1]" */
	CU_ASSERT_EQUAL(x.s.devs[0].hg_used, 4);	/* slot 2 */
	CU_ASSERT_EQUAL(x.g[0].usedcores, 20);
	memset(&d, 0, sizeof d);
	d.hgeom = &m;
	hami_geom_use(&d, &x.g[0], 1);
	CU_ASSERT_EQUAL(d.hg_geom, 1);
	CU_ASSERT_EQUAL(d.hg_used, 2);			/* slot 1 */
	/* Freed: the GPU's geometry resets. */
	hami_geom_use(&d, &x.g[0], -1);
	CU_ASSERT_EQUAL(d.hg_geom, 0);
	CU_ASSERT_EQUAL(d.hg_used, 0);
	t_fit_release(&x);
}

/*
 * The geometry sticks until the GPU empties: A100 80 GB under v2.9.0
 * with geometry 0 (1g.10gb x7, 9728 MiB) in use at slot 0, 30000 MiB
 * finds no instance; two of 9000 take slots 1 and 2 on that GPU (Fit
 * tries a MIG GPU again; the other GPU's 7 slots are taken), each
 * "[0-i]" with 9728 MiB and 14 cores.  v2.9 still refuses 2 GPUs on a
 * node of 1 (NodeInsufficientDevice), hence the second GPU.
 */
static void
test_sticky_and_several(void)
{
	struct t_fit	x;

	geom_init_n(&x, 2, "hami-v2.9.0", "NVIDIA A100-SXM4-80GB", 81920);
	x.node.devs[1].used = 7;
	x.node.devs[0].hg_geom = 1;
	x.node.devs[0].hg_used = 1;
	x.node.devs[0].used = 1;
	x.node.devs[0].usedmem = 9728;
	CU_ASSERT_FALSE(t_fit_run(&x, 1, 30000, 101, 0));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_NOT_FOUND_CUSTOM_FILTER_RULE], 1);
	CU_ASSERT_FATAL(t_fit_run(&x, 2, 9000, 101, 0));
	CU_ASSERT_EQUAL(x.s.ngrants, 2);
	CU_ASSERT_EQUAL(x.g[0].dev, 0);
	CU_ASSERT_EQUAL(x.g[1].dev, 0);
	CU_ASSERT_EQUAL(x.g[0].hg_slot, 2);
	CU_ASSERT_EQUAL(x.g[1].hg_slot, 3);
	CU_ASSERT_EQUAL(x.g[1].usedmem, 9728);
	CU_ASSERT_EQUAL(x.g[1].usedcores, 14);
	CU_ASSERT_EQUAL(x.s.devs[0].hg_used, 7);
	t_fit_release(&x);
}

/*
 * A percentage request: CustomFilterRule asks its Memreq, 0 (geometry 0
 * of the A30, 1g.6gb), but Fit computes 100% = 24576 MiB, and
 * AddResourceUsage on the empty GPU takes the first geometry holding
 * that: 4g.24gb, "[2-0]".
 */
static void
test_percentage(void)
{
	struct t_fit	x;

	geom_init(&x, "hami-v2.7.0", "NVIDIA A30", 24576);
	CU_ASSERT_FATAL(t_fit_run(&x, 1, 0, 100, 0));
	CU_ASSERT_EQUAL(x.g[0].hg_geom, 3);
	CU_ASSERT_EQUAL(x.g[0].hg_slot, 1);
	CU_ASSERT_EQUAL(x.g[0].usedmem, 24576);
	t_fit_release(&x);
	/* No geometry of the type: nothing fits. */
	geom_init(&x, "hami-v2.7.0", "NVIDIA A30", 24576);
	x.node.devs[0].hgeom = NULL;
	CU_ASSERT_FALSE(t_fit_run(&x, 1, 1000, 101, 0));
	CU_ASSERT_EQUAL(x.counts[HR_CARD_NOT_FOUND_CUSTOM_FILTER_RULE], 1);
	t_fit_release(&x);
}

/*
 * CustomFilterRule's toAllocate is the container's earlier picks on any
 * GPU: on an empty A30 (geometry 0, 1g.6gb x4) a 6000 MiB request passes
 * after three picks of 6000 elsewhere (slots 0-2 taken in the check, 3
 * left) and fails after four.
 */
static void
test_to_allocate(void)
{
	const struct hami_profile	*hp = hami_profile_find("hami-v2.7.0");
	struct t_fit			 x;
	struct gs_grant			 tmp[4];
	int				 i;

	geom_init(&x, "hami-v2.7.0", "NVIDIA A30", 24576);
	memset(tmp, 0, sizeof tmp);
	for (i = 0; i < 4; i++) {
		tmp[i].dev = 5;		/* another GPU */
		tmp[i].usedmem = 6000;
	}
	CU_ASSERT_TRUE(hami_geom_filter(hp, &x.node.devs[0], tmp, 3, 6000));
	CU_ASSERT_FALSE(hami_geom_filter(hp, &x.node.devs[0], tmp, 4, 6000));
	/* No geometry holds 30000 MiB: the list stays empty, nothing fits. */
	CU_ASSERT_FALSE(hami_geom_filter(hp, &x.node.devs[0], tmp, 0, 30000));
	t_fit_release(&x);
}

/* util.ExtractMigTemplatesFromUUID on what follows '['. */
static void
test_suffix_parse(void)
{
	int	t = -9, s = -9;

	CU_ASSERT_EQUAL(gs_hgeom_suffix("1-2]", &t, &s), 0);
	CU_ASSERT_EQUAL(t, 1);
	CU_ASSERT_EQUAL(s, 2);
	CU_ASSERT_EQUAL(gs_hgeom_suffix("+0-13]x", &t, &s), 0);
	CU_ASSERT_EQUAL(s, 13);
	CU_ASSERT_EQUAL(gs_hgeom_suffix("3-4-5]", &t, &s), 0);
	CU_ASSERT_EQUAL(t, 3);
	CU_ASSERT_EQUAL(s, 4);
	CU_ASSERT_EQUAL(gs_hgeom_suffix("1-2", &t, &s), -1);
	CU_ASSERT_EQUAL(gs_hgeom_suffix("12]", &t, &s), -1);
	CU_ASSERT_EQUAL(gs_hgeom_suffix("-1-2]", &t, &s), -1);
	CU_ASSERT_EQUAL(gs_hgeom_suffix("a-2]", &t, &s), -1);
	CU_ASSERT_EQUAL(gs_hgeom_suffix("1-]", &t, &s), -1);
	CU_ASSERT_EQUAL(gs_hgeom_suffix("1[2-3]", &t, &s), -1);
	CU_ASSERT_EQUAL(gs_hgeom_suffix("99999999999-1]", &t, &s), -1);
}

/* --hami-config's knownMigGeometries (HAMi's form: unnamed geometries,
 * each a list of {name, memory, count, core}) and the device plugin's
 * per-node operatingmode; an empty geometry or an unknown mode is
 * refused where it stands (HAMi would index the geometry's first entry). */
static void
test_config(void)
{
	struct gs_hamicfg	c;
	struct gs_error		err;

	CU_ASSERT_EQUAL_FATAL(gs_hamicfg_load(&c,
	    "../golden/inputs/hami-geom/cm.yaml", &err), 0);
	CU_ASSERT_EQUAL(c.s.has_mig, 1);
	CU_ASSERT_EQUAL_FATAL(c.s.nmig, 2);
	CU_ASSERT_STRING_EQUAL(c.s.mig[0].models[0], "A30");
	CU_ASSERT_EQUAL(c.s.mig[0].ngroups, 2);
	CU_ASSERT_PTR_NULL(c.s.mig[0].groups[0].name);
	CU_ASSERT_EQUAL(c.s.mig[0].groups[0].inst[0].mem, 12288);
	CU_ASSERT_EQUAL(c.s.mig[0].groups[0].inst[0].count, 2);
	CU_ASSERT_EQUAL(c.s.mig[0].groups[0].inst[0].core, 50);
	CU_ASSERT_EQUAL(c.s.mig[1].groups[1].inst[0].mem, 40960);
	gs_hamicfg_release(&c);
	/* The device plugin's config.json beside it: a100-0's
	 * operatingmode; a100-1's empty one says nothing. */
	CU_ASSERT_EQUAL_FATAL(gs_hamicfg_load(&c,
	    "../golden/inputs/hami-geom/plugin-cm.yaml", &err), 0);
	CU_ASSERT_EQUAL(c.s.node_modes.n, 1);
	CU_ASSERT_STRING_EQUAL(gs_kv_get(&c.s.node_modes, "a100-0"), "mig");
	CU_ASSERT_PTR_NULL(gs_kv_get(&c.s.node_modes, "a100-1"));
	CU_ASSERT_EQUAL(c.s.nmig, 1);
	gs_hamicfg_release(&c);
	CU_ASSERT_EQUAL(gs_hamicfg_load(&c,
	    "../golden/inputs/hami-geom/bad-plugin-cm.yaml", &err), -1);
	CU_ASSERT_EQUAL(err.line, 6);
	CU_ASSERT_EQUAL(gs_hamicfg_load(&c,
	    "../golden/inputs/hami-geom/bad-cm.yaml", &err), -1);
	CU_ASSERT_EQUAL(err.line, 12);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "empty MIG geometry"));
}

/* A cluster of one node "n" of count GPUs of type, hami-core mode. */
static void
metrics_cluster(struct gs_cluster *c, size_t count, int32_t mem,
    const char *type)
{
	memset(c, 0, sizeof *c);
	c->nodes = xcalloc(1, sizeof *c->nodes);
	c->nnodes = c->cap = 1;
	t_node(&c->nodes[0], "n", count, mem, type);
}

/* Make device j of c's node a MIG-mode GPU of profile's chart entry. */
static void
metrics_gpu(struct gs_cluster *c, size_t j, const struct hami_profile *hp,
    int32_t geom, uint64_t used)
{
	struct gs_device	*d = &c->nodes[0].devs[j];
	size_t			 n;

	free(d->mode);
	d->mode = xstrdup("mig");
	d->hgeom = gs_vc_migs_find(gs_hgeom_chart(hp->mig_chart, &n), n,
	    d->type);
	CU_ASSERT_PTR_NOT_NULL_FATAL(d->hgeom);
	d->hg_geom = geom;
	d->hg_used = used;
}

/*
 * The geometry model's MIG metrics (metrics/hami_geom.c), v2.9.0's
 * A100 80 GB (1g.10gb x7 | 1g.10gb, 2g.20gb x3 | 3g.40gb x2 | 7g.80gb):
 * GPU 0 in geometry 1 with the 1g and one 2g in use: 3 of 7 slices used,
 * the two free 2g hold a 1g or a 2g request each.  GPU 1 in geometry 2
 * with one 3g in use: 4 slices free, 3 under the other 3g, 1 stranded;
 * one more of 1g, 2g or 3g.  GPU 2 empty: a 1g request chooses
 * geometry 0 (7), a 2g geometry 1 at its entry 1 (slot 1, then 2 and 3:
 * 3), 3g geometry 2 (2), 7g geometry 3 (1).
 */
static void
test_metrics(void)
{
	const struct hami_profile	*hp = hami_profile_find("hami-v2.9.0");
	struct gs_cluster		 c;
	struct gs_hgeom_metrics		 m;

	metrics_cluster(&c, 4, 81920, "NVIDIA-A100-SXM4-80GB");
	metrics_gpu(&c, 0, hp, 2, 0x3);
	metrics_gpu(&c, 1, hp, 3, 0x1);
	metrics_gpu(&c, 2, hp, 0, 0);
	/* GPU 3 stays hami-core: not counted. */
	gs_hgeom_metrics(&c, hp, &m);
	CU_ASSERT_EQUAL_FATAL(m.m.gpus, 3);
	CU_ASSERT_EQUAL(m.m.slices, 21);
	CU_ASSERT_EQUAL(m.m.free_slices, 4 + 4 + 7);
	CU_ASSERT_EQUAL(m.m.stranded, 1);
	CU_ASSERT_EQUAL_FATAL(m.m.nnames, 4);
	CU_ASSERT_STRING_EQUAL(m.m.name[0], "1g.10gb");
	CU_ASSERT_EQUAL(m.m.more[0], 2 + 1 + 7);
	CU_ASSERT_STRING_EQUAL(m.m.name[1], "2g.20gb");
	CU_ASSERT_EQUAL(m.m.more[1], 2 + 1 + 3);
	CU_ASSERT_EQUAL(m.m.more[2], 0 + 1 + 2);	/* 3g.40gb */
	CU_ASSERT_EQUAL(m.m.more[3], 0 + 0 + 1);	/* 7g.80gb */
	CU_ASSERT_STRING_EQUAL(m.m.largest, "7g.80gb");
	CU_ASSERT_EQUAL(m.gpu[0].geom, 1);
	CU_ASSERT_EQUAL(gs_hgeom_free(&m.gpu[0], 0), 0);	/* 1g x1 */
	CU_ASSERT_EQUAL(gs_hgeom_free(&m.gpu[0], 1), 2);	/* 2g x3 */
	CU_ASSERT_EQUAL(m.gpu[1].geom, 2);
	CU_ASSERT_EQUAL(gs_hgeom_free(&m.gpu[1], 0), 1);
	CU_ASSERT_EQUAL(m.gpu[2].geom, -1);
	CU_ASSERT_EQUAL(gs_hgeom_free(&m.gpu[2], 0), 0);
	gs_hgeom_metrics_release(&m);
	/* GPU 2 in geometry 2 with both 3g in use: no 7g anywhere, GPU 1
	 * still takes a 3g (largest 3g.40gb); GPU 2's seventh slice is
	 * stranded too. */
	c.nodes[0].devs[2].hg_geom = 3;
	c.nodes[0].devs[2].hg_used = 0x3;
	gs_hgeom_metrics(&c, hp, &m);
	CU_ASSERT_STRING_EQUAL(m.m.largest, "3g.40gb");
	CU_ASSERT_EQUAL(m.m.stranded, 2);
	gs_hgeom_metrics_release(&m);
	/* Unhealthy GPUs are not counted. */
	c.nodes[0].devs[0].health = 0;
	gs_hgeom_metrics(&c, hp, &m);
	CU_ASSERT_EQUAL(m.m.gpus, 2);
	gs_hgeom_metrics_release(&m);
	gs_cluster_release(&c);
}

/*
 * v2.6.1 wants strictly more memory than asked: the metrics ask one MiB
 * less than the instance, so an empty A30 (1g.6gb x4 | 2g.12gb x2 |
 * 4g.24gb) still counts 4, 2 and 1.  Slices are the N of "Ng.*".
 */
static void
test_metrics_v261(void)
{
	const struct hami_profile	*hp = hami_profile_find("hami-v2.6.1");
	struct gs_cluster		 c;
	struct gs_hgeom_metrics		 m;

	metrics_cluster(&c, 1, 24576, "NVIDIA A30");
	metrics_gpu(&c, 0, hp, 0, 0);
	gs_hgeom_metrics(&c, hp, &m);
	CU_ASSERT_EQUAL_FATAL(m.m.nnames, 3);
	CU_ASSERT_EQUAL(m.m.more[0], 4);
	CU_ASSERT_EQUAL(m.m.more[1], 2);
	CU_ASSERT_EQUAL(m.m.more[2], 1);
	CU_ASSERT_EQUAL(m.m.slices, 4);
	CU_ASSERT_STRING_EQUAL(m.m.largest, "4g.24gb");
	gs_hgeom_metrics_release(&m);
	gs_cluster_release(&c);
	CU_ASSERT_EQUAL(gs_hgeom_inst_slices("1g.10gb"), 1);
	CU_ASSERT_EQUAL(gs_hgeom_inst_slices("12g.x"), 12);
	CU_ASSERT_EQUAL(gs_hgeom_inst_slices("0g.5gb"), 0);
	CU_ASSERT_EQUAL(gs_hgeom_inst_slices("g.5gb"), 0);
	CU_ASSERT_EQUAL(gs_hgeom_inst_slices("small"), 0);
	CU_ASSERT_EQUAL(gs_hgeom_inst_slices("7"), 0);
}

/*
 * A running pod's suffix is checked against the run's own chart: [0-1]
 * on an H100 80GB is geometry 0 (1g.10gb x7) of v2.8.0's and v2.9.0's
 * charts, while v2.6.1's has no H100 entry (HAMi's getNodesUsage would
 * index an empty template list).  Loading keeps it for v2.6.1's chart
 * alone, located at the annotation; a v2.9.0 run takes it, a v2.6.1
 * run refuses it; a type no chart names is refused at load.
 */
static void
test_suffix_per_chart(void)
{
	static const char node[] = "kind: Node\nmetadata:\n  name: h\n"
	    "  annotations:\n    hami.io/node-nvidia-register: "
	    "\"GPU-h,7,81920,100,NVIDIA H100-SXM5-80GB,0,true,0,mig:\"\n";
	static const char pod[] = "kind: Pod\nmetadata:\n  name: p\n"
	    "  annotations:\n    hami.io/vgpu-node: h\n"
	    "    hami.io/vgpu-devices-allocated: \"GPU-h[0-1],NVIDIA,10240,"
	    "14:;\"\nspec:\n  nodeName: h\n  containers: [{name: c}]\n";
	struct gs_cluster	c;
	struct gs_running	r;
	struct gs_config	cfg;
	struct yt_file		f;
	struct gs_error		err;

	memset(&r, 0, sizeof r);
	memset(&err, 0, sizeof err);
	CU_ASSERT_EQUAL_FATAL(t_load_cluster(node, &c, &err), 0);
	CU_ASSERT_EQUAL_FATAL(yt_parse(&f, "r.yaml", pod, strlen(pod), &err),
	    0);
	CU_ASSERT_EQUAL_FATAL(gs_load_running_doc(&c, &r, &f, f.docs[0].root,
	    NULL, &err), 0);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].hg_geom, 1);
	CU_ASSERT_EQUAL(c.nodes[0].devs[0].hg_used, 0x2);
	CU_ASSERT_PTR_NOT_NULL_FATAL(c.hg_bad);
	CU_ASSERT_EQUAL(c.hg_bad[GS_HGEOM_V261].line, 6);
	CU_ASSERT_EQUAL(c.hg_bad[GS_HGEOM_V280].msg[0], '\0');
	CU_ASSERT_EQUAL(c.hg_bad[GS_HGEOM_V290].msg[0], '\0');
	gs_config_init(&cfg);
	t_set_profile(&cfg, "hami-v2.9.0");
	CU_ASSERT_EQUAL(gs_sim_cluster_check(&c, &cfg, &err), 0);
	t_set_profile(&cfg, "hami-v2.6.1");
	CU_ASSERT_EQUAL(gs_sim_cluster_check(&c, &cfg, &err), -1);
	CU_ASSERT_STRING_EQUAL(err.file, "r.yaml");
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "v2.6.1 and v2.7.x"));
	t_set_profile(&cfg, "kube-least-allocated");
	CU_ASSERT_EQUAL(gs_sim_cluster_check(&c, &cfg, &err), 0);
	gs_config_release(&cfg);
	gs_running_release(&r);
	gs_cluster_release(&c);
	/* No chart names an "NVIDIA L40S": refused while loading. */
	memset(&r, 0, sizeof r);
	CU_ASSERT_EQUAL_FATAL(t_load_cluster("kind: Node\nmetadata:\n  name: h"
	    "\n  annotations:\n    hami.io/node-nvidia-register: \"GPU-h,7,"
	    "46068,100,NVIDIA L40S,0,true,0,mig:\"\n", &c, &err), 0);
	CU_ASSERT_EQUAL(gs_load_running_doc(&c, &r, &f, f.docs[0].root, NULL,
	    &err), -1);
	CU_ASSERT_EQUAL(err.line, 6);
	CU_ASSERT_PTR_NULL(c.hg_bad);
	yt_file_release(&f);
	gs_running_release(&r);
	gs_cluster_release(&c);
}

CU_TestInfo hamigeom_tests[] = {
	{ "suffix per chart", test_suffix_per_chart },
	{ "metrics", test_metrics },
	{ "metrics v2.6.1", test_metrics_v261 },
	{ "config", test_config },
	{ "charts", test_charts },
	{ "equal memory", test_equal_memory },
	{ "entry rule", test_entry_rule },
	{ "suffix quirk", test_suffix_quirk },
	{ "sticky and several", test_sticky_and_several },
	{ "percentage", test_percentage },
	{ "toAllocate", test_to_allocate },
	{ "suffix parse", test_suffix_parse },
	CU_TEST_INFO_NULL,
};
