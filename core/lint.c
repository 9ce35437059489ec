/*
 * lint.c: manifest checks, once per source object (not per replica).
 */
#include <string.h>

#include "hami.h"
#include "lint.h"

static int
same_object(const struct gs_pod *a, const struct gs_pod *b)
{
	return b != NULL && strcmp(a->src_file, b->src_file) == 0 &&
	    a->src_line == b->src_line && a->src_col == b->src_col &&
	    strcmp(a->workload, b->workload) == 0;
}

static size_t
lint_pod(const struct gs_pod *p, const struct gs_cluster *c,
    const struct gs_config *cfg, struct gs_warnings *out)
{
	const char	*v;
	size_t		 i, j, maxdevs = 0, n = 0;
	int32_t		 maxmem = 0;

	if (c != NULL)
		for (i = 0; i < c->nnodes; i++) {
			if (c->nodes[i].ndevs > maxdevs)
				maxdevs = c->nodes[i].ndevs;
			for (j = 0; j < c->nodes[i].ndevs; j++)
				if (c->nodes[i].devs[j].devmem > maxmem)
					maxmem = c->nodes[i].devs[j].devmem;
		}
	if ((v = gs_kv_get(&p->annotations, HAMI_NODE_POLICY_ANNO)) != NULL &&
	    strcmp(v, "binpack") != 0 && strcmp(v, "spread") != 0) {
		gs_warn(out, p->src_file, p->src_line, p->src_col, "%s: %s "
		    "'%s' is neither binpack nor spread: HAMi treats it as "
		    "binpack", p->workload, HAMI_NODE_POLICY_ANNO, v);
		n++;
	}
	if ((v = gs_kv_get(&p->annotations, HAMI_GPU_POLICY_ANNO)) != NULL &&
	    !hami_gpu_policy_known(v, hami_version(cfg))) {
		gs_warn(out, p->src_file, p->src_line, p->src_col, "%s: %s "
		    "'%s' is not a GPU policy %s knows: %s", p->workload,
		    HAMI_GPU_POLICY_ANNO, v, cfg->profile ? cfg->profile :
		    "HAMi", strchr(v, ',') != NULL && hami_version(cfg) >=
		    21000 ? "its unknown entries are ignored, and with no "
		    "binpack, spread or numa it sorts as spread" :
		    "HAMi treats it as spread");
		n++;
	}
	for (i = 0; i < p->nctrs; i++) {
		struct hami_req	 r;
		const char	*cn = p->ctrs[i].name;

		hami_build_request(&p->ctrs[i], cfg, &r);
		if (r.nums == 0)
			continue;
		if (r.memreq == 0 && r.mempct == 100 &&
		    !p->ctrs[i].lim[GS_RES_GPUMEM_PCT].set &&
		    !p->ctrs[i].req[GS_RES_GPUMEM_PCT].set) {
			gs_warn(out, p->src_file, p->src_line, p->src_col,
			    "%s: container '%s' asks for nvidia.com/gpu "
			    "without nvidia.com/gpumem: HAMi gives it each "
			    "GPU's whole memory (set gpumem or "
			    "gpumem-percentage to share GPUs)", p->workload,
			    cn);
			n++;
		}
		if (c != NULL && (size_t)r.nums > maxdevs) {
			gs_warn(out, p->src_file, p->src_line, p->src_col,
			    "%s: container '%s' asks for %d GPUs, no node has "
			    "more than %zu: it stays pending "
			    "(NodeInsufficientDevice)", p->workload, cn,
			    r.nums, maxdevs);
			n++;
		}
		if (c != NULL && r.memreq > maxmem) {
			gs_warn(out, p->src_file, p->src_line, p->src_col,
			    "%s: container '%s' asks for %d MiB per GPU, the "
			    "largest GPU has %d MiB: it stays pending "
			    "(CardInsufficientMemory)", p->workload, cn,
			    r.memreq, maxmem);
			n++;
		}
	}
	return n;
}

size_t
gs_lint(const struct gs_workload *w, const struct gs_cluster *c,
    const struct gs_config *cfg, struct gs_warnings *out)
{
	size_t	i, n = 0;

	for (i = 0; i < w->npods; i++)
		if (!same_object(&w->pods[i], i ? &w->pods[i - 1] : NULL))
			n += lint_pod(&w->pods[i], c, cfg, out);
	return n;
}
