/*
 * model/quota.h: HAMi's namespace quotas, the table HAMi's QuotaManager keeps
 * (pkg/device/quota.go, v2.7+): one entry per namespace and device
 * resource, with the limit a ResourceQuota sets (AddQuota) and the usage
 * of the pods HAMi placed there (AddUsage, RmUsage).  The rules that read
 * it (FitQuota in Fit and in the webhook) are HAMi's: sched/hami/quota.c.
 */
#ifndef GS_QUOTA_H
#define GS_QUOTA_H

#include "model/model.h"
#include "util/util.h"
#include "load/yamltree.h"

/* The entry of namespace ns and resource res, or NULL. */
struct gs_quota	*gs_quota_find(const struct gs_quotas *, const char *ns,
		    const char *res);
/* The same, added with no limit and no usage when absent (AddUsage's
 * `&Quota{Used: 0, Limit: 0}`). */
struct gs_quota	*gs_quota_get(struct gs_quotas *, const char *ns,
		    const char *res);
void		 gs_quotas_copy(struct gs_quotas *dst,
		    const struct gs_quotas *src);
void		 gs_quotas_release(struct gs_quotas *);
/* Forget every usage (a cluster whose usage is reset). */
void		 gs_quotas_reset_usage(struct gs_quotas *);
/* AddQuota for every limit of src, in order: dst's entry gets the limit
 * (the last ResourceQuota read wins), its usage is kept. */
void		 gs_quotas_add_limits(struct gs_quotas *dst,
		    const struct gs_quotas *src);
/* Does any entry of namespace ns carry a limit? */
int		 gs_quotas_limit_ns(const struct gs_quotas *, const char *ns);
/*
 * countPodDevices + AddUsage (sign 1) or RmUsage (sign -1): a pod of
 * namespace ns took mem MiB and cores percent of vendor v's devices.  With
 * create, absent entries are added (AddUsage); otherwise only entries
 * that exist are charged (the simulation's: its limits are all known).
 */
void		 gs_quota_charge(struct gs_quotas *,
		    const struct gs_hami_settings *, const char *ns, int v,
		    int64_t mem, int64_t cores, int sign, int create);
/* Vendor v's memory and core resource names (NULL: it has none). */
const char	*gs_quota_mem_name(const struct gs_hami_settings *, int v);
const char	*gs_quota_core_name(const struct gs_hami_settings *, int v);

/*
 * A ResourceQuota object into q: every spec.hard key "limits.<name>"
 * whose name is a device memory or core resource HAMi manages
 * (IsManagedQuota) and whose value Quantity.AsInt64 reads; others are
 * skipped (a warning says why when HAMi would be expected to read them).
 * ns is the object's namespace, name its metadata.name.
 */
int		 gs_load_quota(struct gs_quotas *q, const struct yt_file *,
		    const struct yt_node *obj, const char *ns,
		    const char *name, const struct gs_hami_settings *,
		    struct gs_warnings *, struct gs_error *);

#endif
