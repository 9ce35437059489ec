/*
 * test_gosort.c: device order.  Up to 12 devices Go's sort is a stable
 * insertion sort; beyond, pdqsort is not stable, and data/gosort-vectors.txt
 * holds the orders Go's own sort.Sort produced for HAMi's Less.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/hami.h"
#include "../../core/util.h"

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

static void
test_go_vectors(void)
{
	FILE			*fp = fopen("data/gosort-vectors.txt", "r");
	char			 line[4096];
	int			 cases = 0, bad = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(fp);
	while (fgets(line, sizeof line, fp) != NULL) {
		struct hami_scratch	 s;
		char			*p = line, *end;
		long			 n, binpack, i;

		if (line[0] == '#')
			continue;
		n = strtol(p, &end, 10);
		binpack = strtol(end, &end, 10);
		load(&s, (size_t)n, (int)binpack);
		for (i = 0; i < n; i++) {
			s.devs[i].numa = (int32_t)strtol(end, &end, 10);
			end++;			/* ':' */
			s.score[i] = strtof(end, &end);
		}
		hami_sort_devices(&s);
		p = strchr(end, '|') + 1;
		for (i = 0; i < n; i++)
			if ((long)s.order[i] != strtol(p, &p, 10))
				bad++;
		hami_scratch_release(&s);
		cases++;
	}
	fclose(fp);
	CU_ASSERT_EQUAL(cases, 400);
	CU_ASSERT_EQUAL(bad, 0);
}

CU_TestInfo gosort_tests[] = {
	{ "stable insertion sort up to 12", test_stable_up_to_twelve },
	{ "pdqsort matches Go on 400 vectors", test_go_vectors },
	CU_TEST_INFO_NULL,
};
