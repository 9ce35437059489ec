/*
 * model/dra.h: Kubernetes Dynamic Resource Allocation objects
 * (resource.k8s.io/v1, spec/peers.md §5): DeviceClasses, ResourceSlices,
 * ResourceClaims and ResourceClaimTemplates, the claims pods name, and the
 * usage of the devices (allocated, consumed capacity, used counters).
 *
 * The objects are read once (load/dra.c) into refcounted blocks that
 * copies share; a struct gs_dra holds the blocks it sees and the usage,
 * which a copy duplicates.
 */
#ifndef GS_DRA_H
#define GS_DRA_H

#include <stddef.h>
#include <stdint.h>

#include "model/model.h"
#include "sched/dra/cel.h"

/* A selector: its CEL expression (compiled by load/dra.c) and place. */
struct gs_dra_sel {
	char		*expr;
	uint64_t	 h;		/* gs_hash_str of expr (the CEL memo's) */
	struct gs_cel	*cel;
	char		*file;
	int		 line, col;
};

/* A counter: consumed by a device or held by a counter set. */
struct gs_dra_counter {
	char		*set;		/* counterSet (consumesCounters) */
	char		*name;
	int64_t		 v;
};

/* A capacity entry of a device (consumable when allowMultiple). */
struct gs_dra_cap {
	char		*name;		/* qualified */
	int64_t		 v;		/* Quantity value (milli for cpu) */
	int		 has_policy;	/* requestPolicy given */
	int64_t		 def, min, step, max;	/* 0: none */
};

struct gs_dra_device {
	char			*name;
	struct gs_cel_attr	*attrs;		/* qualified names */
	size_t			 nattrs;
	struct gs_cel_attr	*capv;		/* QUANTITY texts for CEL */
	struct gs_dra_cap	*caps;
	size_t			 ncaps;
	struct gs_dra_counter	*consumes;
	size_t			 nconsumes;
	int			 allow_multiple;
};

struct gs_dra_slice {
	char			*name;
	char			*driver;
	char			*pool;
	int64_t			 generation;
	int64_t			 slice_count;	/* resourceSliceCount */
	char			*node;		/* nodeName, or NULL */
	int			 all_nodes;
	struct gs_selterm	*nsel;		/* nodeSelector terms, ORed */
	size_t			 nnsel;
	struct gs_dra_device	*devs;		/* listed order */
	size_t			 ndevs;
	struct gs_dra_counter	*shared;	/* sharedCounters */
	size_t			 nshared;
	char			*file;
	int			 line, col;
};

struct gs_dra_class {
	char			*name;
	struct gs_dra_sel	*sels;
	size_t			 nsels;
	char			*ext_res;	/* extendedResourceName */
	/* spec.config[].opaque, one line each: "DRIVER: what it sets"
	 * (load/dra.c); the driver applies it when it prepares the
	 * devices, nothing in placement. */
	char			**config;
	size_t			  nconfig;
	char			*file;
	int			 line, col;
};

/* A capacity a request asks of each device (capacity.requests). */
struct gs_dra_capreq {
	char		*name;
	int64_t		 v;
};

/* One way to satisfy a request: `exactly`, or one of firstAvailable. */
struct gs_dra_sub {
	char			*name;		/* firstAvailable's; NULL */
	char			*class;
	const struct gs_dra_class *cls;	/* resolved when the pod is placed */
	struct gs_dra_sel	*sels;
	size_t			 nsels;
	int			 all;		/* allocationMode All */
	int64_t			 count;		/* ExactCount: 1 by default */
	struct gs_dra_capreq	*capreq;
	size_t			 ncapreq;
	char			*file;
	int			 line, col;
};

struct gs_dra_req {
	char			*name;
	struct gs_dra_sub	*subs;		/* one for `exactly` */
	size_t			 nsubs;
	int			 first_available;
};

struct gs_dra_constraint {
	char			**reqs;		/* empty: every request */
	size_t			  nreqs;
	char			 *match;	/* matchAttribute, qualified */
};

/* A device of status.allocation.devices.results. */
struct gs_dra_result {
	char			*request;
	char			*driver, *pool, *device;
	struct gs_dra_capreq	*consumed;	/* consumedCapacity */
	size_t			 nconsumed;
};

struct gs_dra_claim {
	char			*name;
	char			*ns;
	int			 is_template;
	struct gs_dra_req	*reqs;
	size_t			 nreqs;
	struct gs_dra_constraint *cons;
	size_t			 ncons;
	struct gs_dra_result	*alloc;		/* status.allocation */
	size_t			 nalloc;
	int			 allocated;
	char			*file;
	int			 line, col;
};

/* A pod's spec.resourceClaims entry. */
struct gs_dra_podclaim {
	char		*name;
	char		*claim;		/* resourceClaimName */
	char		*tmpl;		/* resourceClaimTemplateName */
	int		 line, col;
};

struct gs_dra_podref {
	char			*ns, *pod;	/* the pod's */
	char			*file;
	struct gs_dra_podclaim	*v;
	size_t			 n;
};

/* The objects one loader read: shared by every copy. */
struct gs_dra_block {
	int			 refs;
	struct gs_dra_class	*classes;
	size_t			 nclasses, capc;
	struct gs_dra_slice	*slices;
	size_t			 nslices, caps;
	struct gs_dra_claim	*claims;
	size_t			 nclaims, capcl;
	struct gs_dra_podref	*pods;
	size_t			 npods, capp;
};

/* A slice in the allocator's order with where its usage is kept. */
struct gs_dra_sref {
	const struct gs_dra_slice *s;
	size_t			 dev0;	/* first device in dev_alloc */
	size_t			 cap0;	/* first capacity in cap_used */
	size_t			 ctr0;	/* first shared counter */
};

/* A pool every slice of which is on one node (nodeName). */
struct gs_dra_poolnode {
	const char		*node;
	size_t			 pool;	/* in gs_dra.pool0 */
};

/* Bytes the allocator reuses from one node's check to the next
 * (sched/dra/view.c): grown, never shrunk; busy while a view holds it. */
struct gs_dra_scratch {
	void			*v;
	size_t			 cap;
	int			 busy;
};

/* A node's pools in gs_dra.bound: [lo, hi), hi 0 an empty slot. */
struct gs_dra_nodeslot {
	uint64_t		 h;	/* of the node's name */
	size_t			 lo, hi;
};

struct gs_dra {
	struct gs_dra_block	**blocks;
	size_t			  nblocks;
	struct gs_dra_sref	 *sref;	/* pools, then slices, by name */
	size_t			  nsref;
	/* Pools: the first slice of each in sref (npools + 1 entries, the
	 * last nsref); those only one node sees, by node name, and the
	 * others, in order (gs_dra_refresh), so that the allocator gathers
	 * a node's pools without looking at every node's. */
	size_t			 *pool0;
	size_t			  npools;
	struct gs_dra_poolnode	 *bound;
	size_t			  nbound;
	/* Per pool: is a bound one invalid (two devices of one name, the
	 * same for every pod: its node sees all its slices), -1 not known
	 * yet (sched/dra/alloc.c gather_pool). */
	signed char		 *pool_bad;
	size_t			 *unbound;
	size_t			  nunbound;
	/* Each node's run of bound, by a hash of its name
	 * (model/dra_pools.c). */
	struct gs_dra_nodeslot	 *bynode;
	size_t			  bynode_cap;	/* a power of two */
	struct gs_dra_scratch	 *scratch;	/* made by gs_dra_refresh */
	/* Usage: allocations per device, capacity consumed per device
	 * capacity, counters consumed per shared counter. */
	int32_t			 *dev_alloc;
	int64_t			 *cap_used;
	int64_t			 *ctr_used;
	size_t			  ndev, ncap, nctr;
	/* ResourceClaims (not templates) allocated by placed pods, shared
	 * by every pod naming them until the last one goes. */
	struct gs_dra_claimed	 *claimed;
	size_t			  nclaimed;
	size_t			 *byclaim;	/* claimed's indices, by address */
	struct gs_dra_celmemo	 *memo;		/* model/dra_memo.c */
	struct gs_dra_names	 *names;	/* model/dra_names.c */
};

/* CEL selector results per (expression text, device): -1, 0 or 1 as
 * gs_cel_eval returned (model/dra_memo.c). */
struct gs_dra_celent {
	const char			*expr;	/* own copy; NULL: free */
	const struct gs_dra_device	*dev;
	uint64_t			 h;
	int				 res;
};

struct gs_dra_celmemo {
	struct gs_dra_celent	*v;
	size_t			 cap, n;	/* cap a power of two */
};

struct gs_dra_take;

/* A ResourceClaim allocated in the simulation: its devices, its users. */
struct gs_dra_claimed {
	const struct gs_dra_claim *claim;
	struct gs_dra_take	*v;
	size_t			 n;
	int			 users;
};

/* An allocation decided for one pod: per device, what it takes. */
struct gs_dra_take {
	size_t		 sref;		/* slice, in gs_dra.sref */
	size_t		 dev;		/* device in that slice */
	char		*claim;		/* the pod's claim name */
	char		*request;	/* "req" or "req/sub" */
	int64_t		*cap;		/* per device capacity: consumed */
	size_t		 ncap;		/* the device's capacities */
	int		 exclusive;	/* not allowMultiple: whole device */
	const struct gs_dra_class *cls;	/* the request's DeviceClass */
	/* The ResourceClaim it allocates (shared by the pods naming it),
	 * NULL for a template's per-pod claim. */
	const struct gs_dra_claim *owner;
};

struct gs_dra_alloc {
	struct gs_dra_take	*v;
	size_t			 n;
	/* ResourceClaims an earlier pod allocated, which this pod shares. */
	const struct gs_dra_claim **uses;
	size_t			 nuses;
	/* DynamicResources' Score of this allocation (sched/dra/alloc.h). */
	int64_t			 score;
};

struct gs_dra_block *gs_dra_block_new(void);
void	gs_dra_block_unref(struct gs_dra_block *);
/* Drop the objects after the first n of each kind (a failed load's). */
void	gs_dra_block_truncate(struct gs_dra_block *, size_t nclasses,
	    size_t nslices, size_t nclaims, size_t npods);
/* The block a loader appends to (*d and the block created when NULL). */
struct gs_dra_block *gs_dra_own_block(struct gs_dra **d);
/* Re-derive the slice order and size the usage after objects were
 * added (loaders: usage is zero then). */
void	gs_dra_refresh(struct gs_dra *);
/*
 * The simulation's view: the workload's objects (w, may be NULL) join
 * the cluster's *c, and every claim's status.allocation is charged.
 * Returns the number of allocated results naming no known device.
 */
size_t	gs_dra_prepare(struct gs_dra **c, const struct gs_dra *w);
struct gs_dra *gs_dra_copy(const struct gs_dra *);
/*
 * HAMi-DRA (model/dra_hami.c): when *d has no ResourceSlice, add those
 * HAMi-DRA's driver would publish for c's NVIDIA GPUs and the claims its
 * webhook would make for w's pods asking nvidia.com/gpu.  Returns the
 * number of claims made.
 */
size_t	gs_dra_hami_map(struct gs_dra **d, const struct gs_cluster *c,
	    const struct gs_workload *w);
void	gs_dra_free(struct gs_dra *);
/* Free what a claim holds (not the claim itself). */
void	gs_dra_claim_free(struct gs_dra_claim *);
/* The index of the pods' claims and the claims by name behind the
 * lookups (model/dra_names.c): made where a gs_dra is, freed with it. */
void	gs_dra_names_open(struct gs_dra *);
void	gs_dra_names_free(struct gs_dra *);
/* Lookups over every block (pods and claims through the index). */
const struct gs_dra_class *gs_dra_class_find(const struct gs_dra *,
	    const char *name);
const struct gs_dra_claim *gs_dra_claim_find(const struct gs_dra *,
	    const char *ns, const char *name, int is_template);
const struct gs_dra_podref *gs_dra_pod_find(const struct gs_dra *,
	    const char *ns, const char *pod);
/* Does the slice serve node n? */
int	gs_dra_slice_on(const struct gs_dra_slice *, const struct gs_node *);
/* The pool index (model/dra_pools.c): made by gs_dra_refresh, freed
 * with the gs_dra; node_pools gives the range of bound of the pools
 * only node sees (empty when none). */
void	gs_dra_pools_index(struct gs_dra *);
void	gs_dra_pools_free(struct gs_dra *);
void	gs_dra_node_pools(const struct gs_dra *, const char *node, size_t *lo,
	    size_t *hi);
/* The pool (in gs_dra.pool0) of that driver and pool name, or -1. */
long	gs_dra_pool_find(const struct gs_dra *, const char *driver,
	    const char *pool);
/* Capacity index of name in device dv, or -1. */
long	gs_dra_cap_index(const struct gs_dra_device *, const char *name);
/* The usage slot (in ctr_used) of counter set/name for a device of
 * slice si: the pool's counter sets, any slice of its generation; -1. */
long	gs_dra_counter_slot(const struct gs_dra *, size_t si,
	    const char *set, const char *name);
/* The simulation's allocation of a ResourceClaim, or NULL. */
const struct gs_dra_claimed *gs_dra_claimed_find(const struct gs_dra *,
	    const struct gs_dra_claim *);
/* Charge (sign 1) or release (-1) an allocation: a shared ResourceClaim's
 * devices are charged with its first user, released with its last. */
void	gs_dra_charge(struct gs_dra *, const struct gs_dra_alloc *, int sign);
void	gs_dra_alloc_release(struct gs_dra_alloc *);
/* The memo: get is 1 with *res when (an expression of the same text,
 * dev) was put, else 0; th is the text's gs_hash_str (its selector's h).
 * clear empties it (and makes it), free releases it. */
int	gs_dra_celmemo_get(const struct gs_dra *, const char *expr,
	    uint64_t th, const struct gs_dra_device *, int *res);
void	gs_dra_celmemo_put(const struct gs_dra *, const char *expr,
	    uint64_t th, const struct gs_dra_device *, int res);
void	gs_dra_celmemo_clear(struct gs_dra *);
void	gs_dra_celmemo_free(struct gs_dra *);

#endif
