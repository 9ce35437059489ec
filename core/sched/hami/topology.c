/*
 * sched/hami/topology.c: the "topology-aware" GPU policy of NVIDIA's Fit
 * (pkg/device/nvidia/device.go, v2.7.0+).  With needTopology, Fit does
 * not stop at the request: it collects every GPU that fits (its scan
 * order), and when more fit than asked it keeps, by the node's
 * hami.io/node-nvidia-score link scores (load/pair_scores.c):
 *   - one GPU: computeWorstSingleCard, the GPU whose scores to the other
 *     fitting GPUs sum lowest (the first such), leaving the well-linked
 *     ones together for larger pods;
 *   - several: computeBestCombination over generateCombinations (every
 *     subset of that size, in lexicographic order of the scan), the one
 *     whose pairs (i < z: GPU i's score towards GPU z) sum highest (the
 *     first such).
 * v2.7.0-v2.9.0 start the best score at 0 and keep only a higher one, so
 * when no combination scores above 0 (no annotation) the container gets
 * no GPU while Fit succeeds; the worst card starts from -1 ("< worst ||
 * worst == -1").  v2.10.0 keeps the first candidate in both
 * (profile flag topology_first).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "util/int32.h"
#include "util/util.h"

/* m[i * n + z]: GPU tmp[i]'s score towards GPU tmp[z]. */
static int64_t *
score_matrix(const struct hami_scratch *s, const struct gs_grant *tmp,
    int n)
{
	int64_t	*m = xcalloc((size_t)n * (size_t)n, sizeof *m);
	int	 i, z;

	if (s->node == NULL)
		return m;
	for (i = 0; i < n; i++)
		for (z = 0; z < n; z++)
			m[i * n + z] = gs_node_pair_score(s->node,
			    s->devs[tmp[i].dev].id, s->devs[tmp[z].dev].id);
	return m;
}

/* computeWorstSingleCard: the index in tmp of the GPU kept. */
static int
worst_single(const struct hami_scratch *s, const int64_t *m, int n,
    const struct gs_grant *tmp, int first)
{
	int64_t	worst = first ? 0 : -1, total;
	int	i, z, got = 0, found = 0;

	for (i = 0; i < n; i++) {
		total = 0;
		for (z = 0; z < n; z++)
			if (strcmp(s->devs[tmp[i].dev].id,
			    s->devs[tmp[z].dev].id) != 0)
				total = i64_add(total, m[i * n + z]);
		if (first ? (!found || total < worst) :
		    (total < worst || worst == -1)) {
			found = 1;
			worst = total;
			got = i;
		}
	}
	return got;
}

/* computeBestCombination over generateCombinations' k-subsets; the best
 * one's indexes into best[], or 0 when none is kept. */
static int
best_combination(const int64_t *m, int n, int k, int first, int *best)
{
	int	*c = xcalloc((size_t)k, sizeof *c);
	int64_t	 top = first ? -1 : 0, total;
	int	 i, z, found = 0;

	for (i = 0; i < k; i++)
		c[i] = i;
	for (;;) {
		total = 0;
		for (i = 0; i < k - 1; i++)
			for (z = i + 1; z < k; z++)
				total = i64_add(total, m[c[i] * n + c[z]]);
		if (first ? (!found || total > top) : total > top) {
			found = 1;
			top = total;
			memcpy(best, c, (size_t)k * sizeof *c);
		}
		/* The next subset in the helper's (lexicographic) order. */
		for (i = k - 1; i >= 0 && c[i] == n - k + i; i--)
			;
		if (i < 0)
			break;
		c[i]++;
		for (z = i + 1; z < k; z++)
			c[z] = c[z - 1] + 1;
	}
	free(c);
	return found;
}

int
hami_topology_choose(struct hami_scratch *s, const struct hami_req *req,
    struct gs_grant *tmp, int n)
{
	int		 first = s->f != NULL && s->f->hp->topology_first;
	int		 k = req->nums, i, *best;
	int64_t		*m;
	struct gs_grant	*keep;

	if (n <= k)
		return n;
	m = score_matrix(s, tmp, n);
	if (k == 1) {
		tmp[0] = tmp[worst_single(s, m, n, tmp, first)];
		free(m);
		return 1;
	}
	best = xcalloc((size_t)k, sizeof *best);
	if (!best_combination(m, n, k, first, best)) {
		free(best);
		free(m);
		return 0;
	}
	keep = xcalloc((size_t)k, sizeof *keep);
	for (i = 0; i < k; i++)
		keep[i] = tmp[best[i]];
	memcpy(tmp, keep, (size_t)k * sizeof *keep);
	free(keep);
	free(best);
	free(m);
	return k;
}
