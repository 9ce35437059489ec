/*
 * model/hami_geom.c: the knownMigGeometries HAMi's chart gives each
 * release (Project-HAMi/HAMi charts/hami/templates/scheduler/
 * device-configmap.yaml at v2.6.1, v2.7.0 (the same list), v2.8.0 and
 * v2.9.0), and util.PlatternMIG's flattening (pkg/util/util.go v2.6.1,
 * pkg/device/devices.go v2.9.0): each geometry's entries in order, each
 * repeated count times.
 */
#include <stddef.h>

#include "model/hami_geom.h"

#define N(a)	(sizeof a / sizeof a[0])
#define G(a)	{ NULL, a, N(a) }
#define E(m, g)	{ m, N(m), g, N(g) }

/*
 * A 4-geometry family of the chart: all 1g; the v2.6.1 mix (2g x3 then
 * 1g) or the v2.8+ one (1g then 2g x3); 3g x2; 7g.  From v2.8 each entry
 * carries its cores (14, 28, 42, c7).
 */
#define FAMILY(t, mix, n1, m1, n2, m2, n3, m3, n7, m7, c7, c)		\
	static struct gs_vc_inst t##_1[] = { { n1, m1, 7, 14 * c } };	\
	static struct gs_vc_inst t##_3[] = { { n3, m3, 2, 42 * c } };	\
	static struct gs_vc_inst t##_7[] = { { n7, m7, 1, c7 } };	\
	static struct gs_vc_inst t##_mix[] = mix(n1, m1, n2, m2, c);	\
	static struct gs_vc_group t[] = { G(t##_1), G(t##_mix), G(t##_3), \
		G(t##_7) }
#define MIX26(n1, m1, n2, m2, c) { { n2, m2, 3, 0 }, { n1, m1, 1, 0 } }
#define MIX28(n1, m1, n2, m2, c) { { n1, m1, 1, 14 }, { n2, m2, 3, 28 } }

/* A30: three geometries, one kind each. */
#define A30(t, c)							\
	static struct gs_vc_inst t##_1[] = { { "1g.6gb", 6144, 4, 25 * c } }; \
	static struct gs_vc_inst t##_2[] = { { "2g.12gb", 12288, 2, 50 * c } }; \
	static struct gs_vc_inst t##_4[] = { { "4g.24gb", 24576, 1, 100 * c } }; \
	static struct gs_vc_group t[] = { G(t##_1), G(t##_2), G(t##_4) }

static char *m_a30[] = { "A30" };
/* v2.6.1 names A100-SXM4-40GB twice. */
static char *m_a100_40_26[] = { "A100-SXM4-40GB", "A100-40GB-PCIe",
	"A100-PCIE-40GB", "A100-SXM4-40GB" };
static char *m_a100_40[] = { "A100-SXM4-40GB", "A100-40GB-PCIe",
	"A100-PCIE-40GB" };
static char *m_a100_80[] = { "A100-SXM4-80GB", "A100-80GB-PCIe",
	"A100-PCIE-80GB" };
static char *m_h100_80[] = { "H100-PCIE-80GB", "H100-SXM5-80GB" };
static char *m_h100_94[] = { "H100-PCIE-94GB", "H100-SXM5-94GB" };
static char *m_h20[] = { "H20", "H100 on GH200" };
static char *m_h200[] = { "H200 NVL", "H200-SXM5" };
static char *m_b200[] = { "B200" };

/* v2.6.1 and v2.7.0. */
A30(a30_26, 0);
FAMILY(a100_40_26, MIX26, "1g.5gb", 5120, "2g.10gb", 10240, "3g.20gb",
    20480, "7g.40gb", 40960, 0, 0);
FAMILY(a100_80_26, MIX26, "1g.10gb", 10240, "2g.20gb", 20480, "3g.40gb",
    40960, "7g.79gb", 80896, 0, 0);

static const struct gs_vc_mig v261[] = {
	E(m_a30, a30_26),
	E(m_a100_40_26, a100_40_26),
	E(m_a100_80, a100_80_26),
};

/* v2.8.0 and v2.9.0, which differ in the A100 80 GB alone. */
A30(a30_28, 1);
FAMILY(a100_40_28, MIX28, "1g.5gb", 5120, "2g.10gb", 10240, "3g.20gb",
    20480, "7g.40gb", 40960, 100, 1);
FAMILY(a100_80_28, MIX28, "1g.10gb", 10240, "2g.20gb", 20480, "3g.40gb",
    40960, "7g.79gb", 80896, 100, 1);
FAMILY(a100_80_29, MIX28, "1g.10gb", 9728, "2g.20gb", 19968, "3g.40gb",
    40192, "7g.80gb", 80896, 98, 1);
FAMILY(h100_80_28, MIX28, "1g.10gb", 10240, "2g.20gb", 20480, "3g.40gb",
    40960, "7g.80gb", 81920, 100, 1);
FAMILY(h100_94_28, MIX28, "1g.12gb", 12288, "2g.24gb", 24576, "3g.47gb",
    48128, "7g.94gb", 96256, 100, 1);
FAMILY(h20_28, MIX28, "1g.12gb", 12288, "2g.24gb", 24576, "3g.48gb",
    49152, "7g.96gb", 98304, 100, 1);
FAMILY(h200_28, MIX28, "1g.18gb", 18432, "2g.35gb", 35840, "3g.71gb",
    72704, "7g.141gb", 144384, 100, 1);
FAMILY(b200_28, MIX28, "1g.23gb", 23552, "2g.45gb", 46080, "3g.90gb",
    92160, "7g.180gb", 184320, 100, 1);

#define LATER(a100_80)							\
	E(m_a30, a30_28), E(m_a100_40, a100_40_28),			\
	E(m_a100_80, a100_80), E(m_h100_80, h100_80_28),		\
	E(m_h100_94, h100_94_28), E(m_h20, h20_28),			\
	E(m_h200, h200_28), E(m_b200, b200_28)

static const struct gs_vc_mig v280[] = { LATER(a100_80_28) };
static const struct gs_vc_mig v290[] = { LATER(a100_80_29) };

const struct gs_vc_mig *
gs_hgeom_chart(int chart, size_t *n)
{
	switch (chart) {
	case GS_HGEOM_V261:
		*n = N(v261);
		return v261;
	case GS_HGEOM_V280:
		*n = N(v280);
		return v280;
	case GS_HGEOM_V290:
		*n = N(v290);
		return v290;
	}
	*n = 0;
	return NULL;
}

int
gs_hgeom_slots(const struct gs_vc_group *g)
{
	size_t	i;
	int	n = 0;

	for (i = 0; i < g->ninst; i++)
		n += g->inst[i].count;
	return n;
}

const struct gs_vc_inst *
gs_hgeom_slot(const struct gs_vc_group *g, int s)
{
	size_t	i;

	for (i = 0; i < g->ninst && s >= 0; i++) {
		if (s < g->inst[i].count)
			return &g->inst[i];
		s -= g->inst[i].count;
	}
	return NULL;
}
