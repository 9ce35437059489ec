/*
 * test_gosort.c: device order.  Up to 12 devices Go's sort is a stable
 * insertion sort; beyond, pdqsort is not stable, and data/gosort-*.txt
 * hold the orders Go's own sort.Sort and sort.Slice produced (int keys, and
 * HAMi's Less), from tests/gosort/gen.go, before and from Go 1.24.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/sched/hami/hami.h"
#include "../../core/util/util.h"

static void
load(struct hami_scratch *s, size_t n, int binpack)
{
	struct gs_node	node;

	t_node(&node, "n", n, 100, "NVIDIA-X");
	memset(s, 0, sizeof *s);
	hami_scratch_load(s, &node, binpack);
	/* The sort reads only numa and score: the copied string pointers
	 * are never used after the node is freed. */
	gs_node_release(&node);
}

static void
test_stable_up_to_twelve(void)
{
	struct hami_scratch	s;
	size_t			i;

	load(&s, 12, 0);
	for (i = 0; i < 12; i++) {
		s.devs[i].numa = (int32_t)(i % 2);
		s.score[i] = (float)(i % 3);
	}
	hami_sort_devices(&s);
	/* spread: numa ascending, then score descending; ties keep the
	 * original (annotation) order. */
	{
		static const size_t want[12] = { 2, 8, 4, 10, 0, 6, 5, 11, 1,
		    7, 3, 9 };

		for (i = 0; i < 12; i++)
			CU_ASSERT_EQUAL(s.order[i], want[i]);
	}
	hami_scratch_release(&s);
}

/* Int keys, moved with their original positions. */
struct ikeys {
	long	key[256];
	long	pos[256];
};

static int
ikeys_less(void *ctx, size_t i, size_t j)
{
	const struct ikeys	*k = ctx;

	return k->key[i] < k->key[j];
}

static void
ikeys_swap(void *ctx, size_t i, size_t j)
{
	struct ikeys	*k = ctx;
	long		 t = k->key[i];

	k->key[i] = k->key[j];
	k->key[j] = t;
	t = k->pos[i];
	k->pos[i] = k->pos[j];
	k->pos[j] = t;
}

/* An "I" line: keys, then sort.Sort's and sort.Slice's orders. */
static int
check_ints(char *p, enum gosort_variant v)
{
	static struct ikeys	 k;
	struct gosort_iface	 d = { &k, ikeys_less, ikeys_swap };
	long			 n = strtol(p, &p, 10), i, want;
	int			 bad = 0, pass;

	for (i = 0; i < n; i++) {
		k.key[i] = strtol(p, &p, 10);
		k.pos[i] = i;
	}
	gosort_sort(&d, (size_t)n, v);
	for (pass = 0; pass < 2; pass++) {
		p = strchr(p, '|') + 1;
		for (i = 0; i < n; i++) {
			want = strtol(p, &p, 10);
			bad += k.pos[i] != want;
		}
	}
	return bad;
}

/* A "D" line: HAMi v2.6.1's DeviceUsageList.Less on numa:score. */
static int
check_devices(char *p, enum gosort_variant v)
{
	struct hami_scratch	 s;
	struct hami_filter	 f;
	long			 n, binpack, i;
	int			 bad = 0;

	n = strtol(p, &p, 10);
	binpack = strtol(p, &p, 10);
	load(&s, (size_t)n, (int)binpack);
	memset(&f, 0, sizeof f);
	f.less_mode = HL_NUMA_FIRST;
	f.go_sort = v;
	s.f = &f;
	for (i = 0; i < n; i++) {
		s.devs[i].numa = (int32_t)strtol(p, &p, 10);
		p++;			/* ':' */
		s.score[i] = strtof(p, &p);
	}
	hami_sort_devices(&s);
	p = strchr(p, '|') + 1;
	for (i = 0; i < n; i++)
		bad += (long)s.order[i] != strtol(p, &p, 10);
	hami_scratch_release(&s);
	return bad;
}

/* Every line of a fixture of tests/gosort/gen.go; returns the mismatches
 * and counts the lines of each kind. */
static int
run_fixture(const char *path, enum gosort_variant v, int *nints,
    int *ndevs)
{
	FILE	*fp = fopen(path, "r");
	char	 line[8192];
	int	 bad = 0;

	*nints = *ndevs = 0;
	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	while (fgets(line, sizeof line, fp) != NULL)
		if (line[0] == 'I') {
			bad += check_ints(line + 1, v);
			(*nints)++;
		} else if (line[0] == 'D') {
			bad += check_devices(line + 1, v);
			(*ndevs)++;
		}
	fclose(fp);
	return bad;
}

static void
test_go_pre124(void)
{
	int	ni, nd;

	/* go1.19.8's own sort package: the shifts of Go up to 1.23. */
	CU_ASSERT_EQUAL(run_fixture("data/gosort-pre124.txt", GOSORT_PRE124,
	    &ni, &nd), 0);
	CU_ASSERT_EQUAL(ni, 188);	/* 13 .. 200 elements */
	CU_ASSERT_EQUAL(nd, 400);
}

static void
test_go_124(void)
{
	int	ni, nd;

	CU_ASSERT_EQUAL(run_fixture("data/gosort-124.txt", GOSORT_124, &ni,
	    &nd), 0);
	CU_ASSERT_EQUAL(ni, 188);
	CU_ASSERT_EQUAL(nd, 400);
}

/* The variants differ: a fixture fails under the other Go's sort. */
static void
test_variants_differ(void)
{
	int	ni, nd;

	CU_ASSERT(run_fixture("data/gosort-pre124.txt", GOSORT_124, &ni,
	    &nd) > 0);
	CU_ASSERT(run_fixture("data/gosort-124.txt", GOSORT_PRE124, &ni,
	    &nd) > 0);
}

CU_TestInfo gosort_tests[] = {
	{ "stable insertion sort up to 12", test_stable_up_to_twelve },
	{ "Go 1.19-1.23 sort on 588 arrays", test_go_pre124 },
	{ "Go 1.24+ sort on 588 arrays", test_go_124 },
	{ "the two Go sorts differ", test_variants_differ },
	CU_TEST_INFO_NULL,
};
