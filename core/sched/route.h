/*
 * sched/route.h: one scheduler per pod.  In a real mixed cluster each pod
 * is placed by the scheduler its spec.schedulerName names; the route
 * policy reproduces that by handing each pod to the profile of that name,
 * all of them deciding on the one gs_cluster (they see one another's
 * usage, which the engine alone charges).
 */
#ifndef GS_ROUTE_H
#define GS_ROUTE_H

#include "sched/policy.h"

/* The route policy itself (not in the table: it is no scheduler). */
extern const struct gs_policy gs_policy_route;

/*
 * The policy a run uses: the route policy when the run mixes schedulers
 * (a pod names one in spec.schedulerName, or --scheduler mapped one),
 * else p, the run's profile, which then places every pod as before.
 */
const struct gs_policy *gs_route_select(const struct gs_policy *p,
	    const struct gs_config *, const struct gs_workload *);

/*
 * The profile that schedules a pod naming `name` (NULL: none) under cfg,
 * or NULL when no scheduler of that name runs.  `hami_claims` says
 * whether HAMi's webhook claims the pod (hami_webhook_claims).
 */
const struct gs_policy *gs_route_profile(const struct gs_config *,
	    const char *name, int hami_claims);

/* The profile that schedules pod under cfg in a routed run on cluster c,
 * HAMi's webhook claim included (as the route policy decides it), or
 * NULL. */
const struct gs_policy *gs_route_pod(const struct gs_config *,
	    const struct gs_cluster *c, const struct gs_pod *);

#endif
