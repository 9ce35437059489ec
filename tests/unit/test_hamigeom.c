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
 * each a list of {name, memory, count, core}); an empty geometry is
 * refused where it stands (HAMi would index its first entry). */
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
	CU_ASSERT_EQUAL(gs_hamicfg_load(&c,
	    "../golden/inputs/hami-geom/bad-cm.yaml", &err), -1);
	CU_ASSERT_EQUAL(err.line, 12);
	CU_ASSERT_PTR_NOT_NULL(strstr(err.msg, "empty MIG geometry"));
}

CU_TestInfo hamigeom_tests[] = {
	{ "config", test_config },
	{ "charts", test_charts },
	{ "equal memory", test_equal_memory },
	{ "entry rule", test_entry_rule },
	{ "suffix quirk", test_suffix_quirk },
	{ "sticky and several", test_sticky_and_several },
	{ "percentage", test_percentage },
	{ "suffix parse", test_suffix_parse },
	CU_TEST_INFO_NULL,
};
