/*
 * sched/kai/dp.c: KAI-Scheduler on nodes whose GPUs NVIDIA's device plugin
 * advertises, as KAI v0.20.1 counts them (issue 18):
 *
 * - a node's GPUs are its allocatable nvidia.com/gpu
 *   (NewNodeInfo, ResourceFromResourceList,
 *   pkg/scheduler/api/node_info/node_info.go): whole GPUs, instances of
 *   the single MIG strategy, or time-slicing or MPS replicas, each a GPU
 *   to KAI (it reads no gpu.replicas label); a whole-GPU pod takes units
 *   of it, the device plugin hands them out (sched/kai/mig.c);
 * - a fraction's GPU is one such unit, held by the binder's reservation
 *   pod (createGPUReservationPod, pkg/binder/binding/resourcereservation/
 *   resource_reservation.go: nvidia.com/gpu: 1, so the device plugin
 *   hands it a replica on a shared node, its distributed policy's pick,
 *   internal/rm/allocate.go), not counted as a task
 *   (IsResourceReservationTask); the group shares the unit by memory
 *   against MemoryOfEveryGpuOnNode (getNodeGpuMemory: the
 *   nvidia.com/gpu.memory label, the whole card's even on a shared node
 *   (GFD's resource labeler), floored to 100; 100 without it), so the
 *   groups on a GPU's replicas each count the card's memory: KAI's
 *   fractions oversubscribe a shared GPU by up to its replicas;
 * - a new group takes one unit of Idle (addSharedTaskResourcesPerPodGroup,
 *   gpu_sharing_node_info.go; not while the gpu.count label exceeds
 *   allocatable, sched/kai/guard.h), the last pod leaving frees it (the
 *   binder deletes a reservation pod without fraction pods, syncForPods);
 *   whole-GPU pods, kube-scheduler's and KAI's, hold units of the same
 *   allocatable, so each scheduler sees the others' units;
 * - PredicateByNodeResourcesType: a MIG pod only on a MIG node, a MIG
 *   node (IsMIGEnabled) under mig.strategy mixed takes MIG pods only,
 *   under single whole-GPU pods only (GetMigStrategy reads
 *   nvidia.com/mig.strategy; gpusched's node keeps it as mig_strategy).
 */
#include <string.h>

#include <stdlib.h>

#include "load/sharing.h"
#include "sched/kai/dp.h"
#include "sched/kai/guard.h"
#include "sched/kai/mig.h"
#include "sched/kube_dp.h"
#include "util/util.h"

#define KAI_DEFAULT_GPU_MEMORY	100		/* DefaultGpuMemory */
#define KAI_TIB_IN_MIB		(1024LL * 1024)	/* TibInMib */

int
gs_kai_mig_enabled(const struct gs_node *n)
{
	const char	*v = gs_kv_get(&n->labels,
			    "node-role.kubernetes.io/mig-enabled");
	size_t		 j;

	if (v != NULL)
		return gs_go_parse_bool(v) == 1;
	if (!n->dp || n->mig_strategy != GS_MIG_MIXED)
		return 0;
	for (j = 0; j < n->ndevs; j++)
		if (n->devs[j].kind == GS_DEV_MIG)
			return 1;
	return 0;
}

const char *
gs_kai_node_type(const struct gs_node *n, enum gs_kai_podkind k)
{
	int	mig = gs_kai_mig_enabled(n);

	if (!mig && k == GS_KAI_POD_MIG)
		return "MIG job cannot be scheduled on non-MIG node";
	if (!mig || !n->dp)
		return NULL;
	if (n->mig_strategy == GS_MIG_SINGLE && k != GS_KAI_POD_WHOLE)
		return "only whole gpu jobs can run on a node with "
		    "MigStrategy='single'";
	if (n->mig_strategy == GS_MIG_MIXED && k != GS_KAI_POD_MIG)
		return "non MIG jobs cant run on a node with "
		    "MigStrategy='mixed'";
	return NULL;
}

int
gs_kai_dp_fraction_dev(const struct gs_node *n, size_t j)
{
	const struct gs_device	*d = &n->devs[j];
	char			 r[80];

	if (d->kind == GS_DEV_HAMI)
		return 0;
	gs_dev_resource(n, d, r, sizeof r);
	return strcmp(r, "nvidia.com/gpu") == 0;
}

int64_t
gs_kai_gpu_memory(const struct gs_node *n)
{
	const char	*v = gs_kv_get(&n->labels, "nvidia.com/gpu.memory");
	int64_t		 m;
	size_t		 j;

	/* strconv.ParseInt(s, 10, 64): no spaces, no overflow */
	if (v != NULL && gs_go_parse_int64(v, strlen(v), &m) == 0) {
		if (m >= KAI_TIB_IN_MIB)	/* bytes (GFD #26) */
			m /= 1024 * 1024;
		return m - m % 100;
	}
	if (n->pool == NULL)
		return KAI_DEFAULT_GPU_MEMORY;
	for (j = 0; j < n->ndevs; j++)
		if (gs_kai_dp_fraction_dev(n, j))
			return n->devs[j].devmem - n->devs[j].devmem % 100;
	return KAI_DEFAULT_GPU_MEMORY;
}

int
gs_kai_dp_cluster(const struct gs_cluster *c)
{
	size_t	i;

	for (i = 0; i < c->nnodes; i++)
		if (c->nodes[i].dp)
			return 1;
	return 0;
}

/* What unit u of device j is to KAI (gs_kai_dp_view). */
enum { KU_NONE, KU_GROUP, KU_IDLE, KU_HELD };

/* The free units of device j of nvidia.com/gpu (none when unhealthy,
 * gs_kube_dp_offers). */
static int32_t
units_free(const struct gs_node *n, size_t j)
{
	int32_t	cap, used;

	if (!gs_kube_dp_offers(n, j, "nvidia.com/gpu", &cap, &used))
		return 0;
	return cap > used ? cap - used : 0;
}

static int
no_group(const struct gs_device *d, int32_t u)
{
	return d->kai == NULL || d->kai[u].pods == 0;
}

/* A group's unit, else the first free ones of those without a group
 * idle, the rest held by whole-GPU pods. */
static int
unit_kind(const struct gs_node *n, size_t j, int32_t u)
{
	const struct gs_device	*d = &n->devs[j];
	int32_t			 k, before = 0;

	if (!gs_kai_dp_fraction_dev(n, j))
		return KU_NONE;
	if (!no_group(d, u))
		return KU_GROUP;
	for (k = 0; k < u; k++)
		before += no_group(d, k);
	return before < units_free(n, j) ? KU_IDLE : KU_HELD;
}

/* The entries device j takes in KAI's view: its units, or one. */
static size_t
dev_entries(const struct gs_node *n, size_t j)
{
	return gs_kai_dp_fraction_dev(n, j) ? (size_t)n->devs[j].count : 1;
}

size_t
gs_kai_dp_entries(const struct gs_node *n)
{
	size_t	j, k = 0;

	if (!n->dp)
		return n->ndevs;
	for (j = 0; j < n->ndevs; j++)
		k += dev_entries(n, j);
	return k;
}

size_t
gs_kai_dp_entry_dev(const struct gs_node *n, size_t entry, int32_t *unit)
{
	size_t	j;

	*unit = 0;
	if (!n->dp)
		return entry;
	for (j = 0; j + 1 < n->ndevs && entry >= dev_entries(n, j); j++)
		entry -= dev_entries(n, j);
	*unit = (int32_t)entry;
	return j;
}

int32_t
gs_kai_dp_idle(const struct gs_node *n)
{
	int32_t	idle = 0;
	size_t	j;

	for (j = 0; j < n->ndevs; j++)
		if (gs_kai_dp_fraction_dev(n, j))
			idle += units_free(n, j);
	return idle + gs_kai_node_extra(n);
}

void
gs_kai_dp_view(const struct gs_node *n, struct gs_pnode *v)
{
	int64_t	mem = gs_kai_gpu_memory(n);	/* once per view */
	size_t	j, k = 0;
	int32_t	u;

	v->gpu_use = 0;
	v->nidle = 0;
	for (j = 0; j < n->ndevs; j++) {
		const struct gs_device *d = &n->devs[j];

		if (!gs_kai_dp_fraction_dev(n, j)) {
			memset(&v->dev[k++], 0, sizeof v->dev[0]);
			continue;
		}
		for (u = 0; u < d->count; u++) {
			struct gs_pdev *e = &v->dev[k++];

			memset(e, 0, sizeof *e);
			e->cap = mem;
			e->slots = 1;
			e->health = d->health != 0;
			e->allowed = 1;
			switch (unit_kind(n, j, u)) {
			case KU_GROUP:
				e->use = d->kai[u].mem;
				e->npods = d->kai[u].pods;
				e->group = 1;
				break;
			case KU_IDLE:
				e->idle = 1;
				break;
			default:
				e->use = mem;
				e->npods = 1;
			}
			v->nidle += e->idle;
			v->gpu_use += !e->idle;
		}
	}
	v->ndev = k;
	v->gpu_cap = (int64_t)k;
	v->gpus_all = (int64_t)gs_kai_node_gpus(n);
	v->phantom = gs_kai_node_extra(n);
	v->nidle += v->phantom;
}

static int
replica(const struct gs_device *d)
{
	return d->kind == GS_DEV_TIMESLICE || d->kind == GS_DEV_MPS;
}

/*
 * The GPU the device plugin gives a reservation pod (or a whole-GPU
 * container), each its own allocation of one unit: among replicas the
 * distributed policy's, the fewest allocated (those taken for this pod
 * counted), index order on ties; else the first free, index order.
 */
static long
reservation_dev(const struct gs_node *n, const int32_t *claimed)
{
	long	best = -1;
	size_t	j;

	for (j = 0; j < n->ndevs; j++) {
		const struct gs_device *d = &n->devs[j];

		if (!gs_kai_dp_fraction_dev(n, j) ||
		    units_free(n, j) <= claimed[j])
			continue;
		if (best < 0 || (replica(d) && replica(&n->devs[best]) &&
		    d->used + claimed[j] < n->devs[best].used +
		    claimed[best]))
			best = (long)j;
	}
	return best;
}

int32_t *
gs_kai_dp_claims(const struct gs_node *n)
{
	return xcalloc(2 * n->ndevs + 1, sizeof(int32_t));
}

void
gs_kai_dp_grant(const struct gs_node *n, size_t entry, int whole,
    int64_t mem, int32_t *claimed, struct gs_grant *g)
{
	int32_t	*groups = claimed + n->ndevs;	/* new groups */
	size_t	 j;
	int32_t	 u, k;
	long	 b;

	for (j = 0; j < n->ndevs && entry >= dev_entries(n, j); j++)
		entry -= dev_entries(n, j);
	if (j == n->ndevs)
		return;
	u = (int32_t)entry;
	if (!whole && unit_kind(n, j, u) == KU_GROUP) {
		g->dev = (int)j;
		g->kai_unit = u + 1;
		g->usedmem = (int32_t)mem;
		g->usedcores = 0;
		return;
	}
	if ((b = reservation_dev(n, claimed)) >= 0)
		j = (size_t)b;
	claimed[j]++;
	if (whole) {
		gs_kube_dp_grant(&n->devs[j], g, (int)j);
		return;
	}
	/* A new group: the next unit of the GPU without one. */
	for (u = 0, k = 0; u < n->devs[j].count; u++)
		if (no_group(&n->devs[j], u) && k++ == groups[j])
			break;
	groups[j]++;
	g->dev = (int)j;
	g->kai_unit = u + 1;
	g->usedmem = (int32_t)mem;
	g->usedcores = 0;
}

int32_t
gs_kai_dp_charge(struct gs_device *d, const struct gs_grant *g, int32_t sign)
{
	struct gs_kai_unit	*k;
	int32_t			 was;

	if (g->kai_unit < 1 || g->kai_unit > d->count)
		return gs_grant_slots(g);
	if (d->kai == NULL)
		d->kai = xcalloc((size_t)d->count, sizeof *d->kai);
	k = &d->kai[g->kai_unit - 1];
	was = k->pods;
	k->pods += sign;
	k->mem += sign * g->usedmem;
	return (was == 0) != (k->pods == 0);
}
