/*
 * model/mig.c: the MIG tables of the MIG-capable GPU models and the layout of a
 * geometry on one GPU (spec/peers.md §4.4).
 *
 * Profiles, slices, instance counts and allowed placements are NVIDIA's
 * (MIG user guide, "Supported MIG Profiles"; `nvidia-smi mig -lgipp`:
 * A100/H100 1g {0..6}:1, 1g.20gb {0,2,4,6}:2, 2g {0,2,4}:2, 3g {0,4}:4,
 * 4g {0}:4, 7g {0}:8; A30 1g {0,1,2,3}:1, 2g {0,2}:2, 4g {0}:4).  The
 * H200 and B200 share the H100's slice geometry.  Memory (MiB) is what the
 * driver reports where spec/peers.md §4.4 quotes it (A100 40 GB: KEP-4815;
 * A100 80 GB: go-nvml's figures; H100: `nvidia-smi mig -lgip`; A30:
 * `nvidia-smi mig -lgip`, 5.81/11.69/23.50 GiB); for the H200 and B200,
 * which the spec does not quote, the card's memory (model/catalog.c) times the
 * profile's share of its 8 memory slices, rounded down.
 *
 * mig-parted (NVIDIA/mig-parted, pkg/mig/config: the mig-devices map)
 * asks the driver for instances without a placement; gpusched's rule for
 * which placement each gets is in gs_mig_layout.
 */
#include <stdio.h>
#include <string.h>

#include "model/catalog.h"
#include "model/mig.h"
#include "util/util.h"

#define B(s)	(1u << (s))
#define ALL7	(B(0) | B(1) | B(2) | B(3) | B(4) | B(5) | B(6))
#define EVEN4	(B(0) | B(2) | B(4) | B(6))
#define EVEN3	(B(0) | B(2) | B(4))
#define HALF	(B(0) | B(4))
#define ZERO	B(0)

/* The 8-slice families: the names and memory differ, not the geometry. */
#define FAMILY8(n1, n1me, n1x2, n2, n3, n4, n7, m1, m1x2, m4, m7)	\
	{ n1,    19, 1, 1, m1,   ALL7,  7 },				\
	{ n1me,  20, 1, 1, m1,   ALL7,  1 },				\
	{ n1x2,  15, 1, 2, m1x2, EVEN4, 4 },				\
	{ n2,    14, 2, 2, m1x2, EVEN3, 3 },				\
	{ n3,     9, 3, 4, m4,   HALF,  2 },				\
	{ n4,     5, 4, 4, m4,   ZERO,  1 },				\
	{ n7,     0, 7, 8, m7,   ZERO,  1 }

static const struct gs_mig_profile a30[] = {
	{ "1g.6gb",     14, 1, 1, 5952,  B(0) | B(1) | B(2) | B(3), 4 },
	{ "1g.6gb+me",  21, 1, 1, 5952,  B(0) | B(1) | B(2) | B(3), 1 },
	{ "2g.12gb",     5, 2, 2, 11968, B(0) | B(2), 2 },
	{ "2g.12gb+me",  6, 2, 2, 11968, B(0) | B(2), 1 },
	{ "4g.24gb",     0, 4, 4, 24064, ZERO, 1 },
};

/* A100 40 GB: 2g.10gb and 3g.20gb carry KEP-4815's MiB. */
static const struct gs_mig_profile a100_40[] = {
	{ "1g.5gb",     19, 1, 1, 4864,  ALL7,  7 },
	{ "1g.5gb+me",  20, 1, 1, 4864,  ALL7,  1 },
	{ "1g.10gb",    15, 1, 2, 9984,  EVEN4, 4 },
	{ "2g.10gb",    14, 2, 2, 9984,  EVEN3, 3 },
	{ "3g.20gb",     9, 3, 4, 20096, HALF,  2 },
	{ "4g.20gb",     5, 4, 4, 20096, ZERO,  1 },
	{ "7g.40gb",     0, 7, 8, 40320, ZERO,  1 },
};

static const struct gs_mig_profile a100_80[] = {
	FAMILY8("1g.10gb", "1g.10gb+me", "1g.20gb", "2g.20gb", "3g.40gb",
	    "4g.40gb", "7g.80gb", 9856, 19968, 40192, 80384),
};

static const struct gs_mig_profile h100[] = {
	FAMILY8("1g.10gb", "1g.10gb+me", "1g.20gb", "2g.20gb", "3g.40gb",
	    "4g.40gb", "7g.80gb", 9984, 20096, 40448, 81152),
};

/* 143771 MiB: 17971 a slice. */
static const struct gs_mig_profile h200[] = {
	FAMILY8("1g.18gb", "1g.18gb+me", "1g.35gb", "2g.35gb", "3g.71gb",
	    "4g.71gb", "7g.141gb", 17971, 35942, 71885, 143771),
};

/* 183359 MiB: 22919 a slice. */
static const struct gs_mig_profile b200[] = {
	FAMILY8("1g.23gb", "1g.23gb+me", "1g.45gb", "2g.45gb", "3g.90gb",
	    "4g.90gb", "7g.180gb", 22919, 45839, 91679, 183359),
};

#define MODEL(k, gs, ms, t) { k, gs, ms, t, sizeof t / sizeof t[0] }

const struct gs_mig_model gs_mig_models[] = {
	MODEL("A30", 4, 4, a30),
	MODEL("A100-40GB", 7, 8, a100_40),
	MODEL("A100-80GB", 7, 8, a100_80),
	MODEL("H100", 7, 8, h100),
	MODEL("H200", 7, 8, h200),
	MODEL("B200", 7, 8, b200),
};

const size_t gs_nmig_models = sizeof gs_mig_models / sizeof gs_mig_models[0];

const struct gs_mig_model *
gs_mig_model_find(const char *gpu)
{
	const struct gs_gpu_model	*g = gs_gpu_model_find(gpu);
	size_t				 i;

	if (g == NULL)
		return NULL;
	for (i = 0; i < gs_nmig_models; i++)
		if (strcmp(gs_mig_models[i].key, g->key) == 0)
			return &gs_mig_models[i];
	return NULL;
}

const struct gs_mig_profile *
gs_mig_profile_find(const struct gs_mig_model *m, const char *s)
{
	size_t	i, n;

	for (i = 0; i < m->np; i++) {
		const char *name = m->p[i].name, *plus = strchr(name, '+');

		if (strcmp(name, s) == 0)
			return &m->p[i];
		/* The device plugin's resource spelling: '+' as '.'. */
		n = plus != NULL ? (size_t)(plus - name) : 0;
		if (n > 0 && strncmp(name, s, n) == 0 && s[n] == '.' &&
		    strcmp(name + n + 1, s + n + 1) == 0)
			return &m->p[i];
	}
	return NULL;
}

void
gs_mig_model_names(char *buf, size_t len)
{
	size_t	i, off = 0;

	if (len == 0)
		return;
	buf[0] = '\0';
	for (i = 0; i < gs_nmig_models && off < len; i++)
		off += (size_t)snprintf(buf + off, len - off, "%s%s",
		    i ? ", " : "", gs_mig_models[i].key);
}

static int
is_me(const struct gs_mig_profile *p)
{
	return strchr(p->name, '+') != NULL;
}

/* Place order[k..n) on the free slices of mask; 1 when all fit. */
static int
place(const struct gs_mig_model *m, const struct gs_mig_profile *const *p,
    const size_t *order, size_t k, size_t n, unsigned mask,
    struct gs_mig_slot *out)
{
	const struct gs_mig_profile	*q;
	unsigned			 bits;
	int				 s;

	if (k == n)
		return 1;
	q = p[order[k]];
	bits = (1u << q->size) - 1;
	for (s = 0; s + q->size <= m->mslices; s++) {
		if ((q->starts & (1u << s)) == 0 || (mask & (bits << s)) != 0)
			continue;
		out[order[k]].p = q;
		out[order[k]].start = s;
		if (place(m, p, order, k + 1, n, mask | bits << s, out))
			return 1;
	}
	return 0;
}

/*
 * The checks first, each with its own reason: compute slices, memory
 * slices, instances per profile, one media-extension instance per GPU;
 * then the placements.  Larger profiles are placed first, and among equal
 * sizes those with fewer allowed starts (4g before 3g), then in the given
 * order; each takes its lowest free allowed start, and a later profile
 * that finds none sends the search back (3g.40gb lands at 4 when two
 * 2g.20gb must take 0 and 2).
 */
int
gs_mig_layout(const struct gs_mig_model *m,
    const struct gs_mig_profile *const *p, size_t n,
    struct gs_mig_slot *out, char *why, size_t len)
{
	size_t	order[16], i, j, t;
	int	g = 0, ms = 0, me = 0, count;

	for (i = 0; i < n; i++) {
		g += p[i]->g;
		ms += p[i]->size;
		me += is_me(p[i]);
	}
	if (g > m->gslices) {
		snprintf(why, len, "the profiles take %d compute slices; %s %s "
		    "has %d", g, gs_article(m->key), m->key, m->gslices);
		return -1;
	}
	if (ms > m->mslices || n > sizeof order / sizeof order[0]) {
		snprintf(why, len, "the profiles take %d memory slices; %s %s "
		    "has %d", ms, gs_article(m->key), m->key, m->mslices);
		return -1;
	}
	for (i = 0; i < n; i++) {
		for (j = 0, count = 0; j < n; j++)
			count += p[j] == p[i];
		if (count > p[i]->max) {
			snprintf(why, len, "%d instances of %s; %s %s holds at "
			    "most %d", count, p[i]->name, gs_article(m->key),
			    m->key, p[i]->max);
			return -1;
		}
	}
	if (me > 1) {
		snprintf(why, len, "%d media-extension (+me) instances; a GPU "
		    "holds one", me);
		return -1;
	}
	for (i = 0; i < n; i++)
		order[i] = i;
	/* Insertion sort: stable, n is at most 8. */
	for (i = 1; i < n; i++)
		for (j = i; j > 0; j--) {
			const struct gs_mig_profile *a = p[order[j - 1]],
			    *b = p[order[j]];

			if (a->size > b->size || (a->size == b->size &&
			    __builtin_popcount(a->starts) <=
			    __builtin_popcount(b->starts)))
				break;
			t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	if (!place(m, p, order, 0, n, 0, out)) {
		snprintf(why, len, "no placement of these profiles fits the "
		    "%s's memory slices", m->key);
		return -1;
	}
	return 0;
}
