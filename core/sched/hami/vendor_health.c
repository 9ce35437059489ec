/*
 * sched/hami/vendor_health.c: the other vendors' node handshakes,
 * hami.io/node-handshake-<type> (sched/hami/vendor.h handshake_anno): read from
 * a Node object with the type's allocatable count, aged at the reference
 * time, and judged per HAMi profile as each release's CheckHealth does
 * (pkg/util/util.go CheckHealth in v2.6.1, pkg/device/devices.go
 * CheckHealth from v2.7.0, called by each vendor's device.go
 * CheckHealth).  An unhealthy type loses its devices only, the node's
 * others stay (pkg/scheduler/scheduler.go register: rmNodeDevices(node,
 * vendor) and no addNode for that vendor).  NVIDIA's handshake is the
 * node's own (load/cluster.c, sched/hami/policy.c hami_node_usable).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "load/load.h"
#include "load/quantity.h"
#include "sched/hami/vendor.h"

/*
 * The type's count resource in status.allocatable, > 0?  v2.9's
 * CheckHealth keeps an expired Requesting_ while it is
 * (node.Status.Allocatable[resourceCountName].Value() > 0).
 */
static int
alloc_count(const struct yt_file *f, const struct yt_node *obj, int vendor,
    int *out, struct gs_error *err)
{
	const char		*key = gs_res_names[gs_vendors[vendor].res_count];
	const struct yt_node	*alloc, *v;
	struct gs_quantity	 q;
	char			 why[64];

	*out = 0;
	alloc = yt_get(yt_get(obj, "status"), "allocatable");
	if (yt_is_null(alloc) || alloc->type != YT_MAP ||
	    (v = yt_get(alloc, key)) == NULL)
		return 0;
	if (v->type != YT_SCALAR || yt_is_null(v) ||
	    gs_quantity_parse(v->str, &q, why, sizeof why) != 0 ||
	    q.negative)
		return yt_error(f, v, err, "allocatable %s must be a "
		    "quantity, got '%s'", key, v->type == YT_SCALAR ?
		    v->str : yt_type_name(v));
	*out = q.ceil > 0;
	return 0;
}

int
gs_vendor_handshake_load(const struct yt_file *f, const struct yt_node *obj,
    const struct yt_node *annos, int vendor, struct gs_node *n,
    size_t first, struct gs_error *err)
{
	const char		*key = gs_vendors[vendor].handshake_anno;
	const struct yt_node	*v;
	const char		*s;
	int			 hs = GS_HS_NONE, alloc;
	int64_t			 t = INT64_MIN;
	unsigned		 flags = 0;
	size_t			 i;

	if (key == NULL || first == n->ndevs ||
	    (v = yt_get(annos, key)) == NULL)
		return 0;
	if (yt_string(f, v, key, &s, err) != 0 ||
	    alloc_count(f, obj, vendor, &alloc, err) != 0)
		return -1;
	/* strings.Contains(handshake, "Requesting"), then "Deleted". */
	if (strstr(s, "Requesting") != NULL)
		hs = GS_HS_REQUESTING;
	else if (strstr(s, "Deleted") != NULL)
		hs = GS_HS_DELETED;
	if (hs != GS_HS_NONE && (t = gs_handshake_time(s)) == INT64_MIN &&
	    hs == GS_HS_REQUESTING)
		flags |= GS_VHS_BAD_TIME | GS_VHS_EXPIRED;
	if (alloc)
		flags |= GS_VHS_ALLOC;
	for (i = first; i < n->ndevs; i++) {
		n->devs[i].hs = hs;
		n->devs[i].hs_time = t;
		n->devs[i].hs_flags = flags;
	}
	return 0;
}

int64_t
gs_vendor_handshake_newest(const struct gs_node *n, int64_t newest)
{
	size_t	j;

	for (j = 0; j < n->ndevs; j++)
		if (n->devs[j].hs == GS_HS_REQUESTING &&
		    n->devs[j].hs_time > newest)
			newest = n->devs[j].hs_time;
	return newest;
}

const char *
gs_vendor_handshake_state(const struct gs_device *d)
{
	if (d->hs == GS_HS_DELETED)
		return "Deleted";
	if (d->hs_flags & GS_VHS_BAD_TIME)
		return "Requesting_ with a time HAMi cannot parse";
	if (d->hs_flags & GS_VHS_EXPIRED)
		return "Requesting_ older than 60 s";
	return NULL;
}

void
gs_vendor_handshakes_age(struct gs_node *n, int64_t now,
    struct gs_warnings *w)
{
	const struct gs_device	*d;
	const char		*state;
	size_t			 j;
	int			 last = -1;

	for (j = 0; j < n->ndevs; j++) {
		struct gs_device *e = &n->devs[j];

		/* time.Now().Before(formertime.Add(time.Second * 60)) */
		if (e->hs == GS_HS_REQUESTING && e->hs_time != INT64_MIN &&
		    now != INT64_MIN && now - e->hs_time >= 60)
			e->hs_flags |= GS_VHS_EXPIRED;
		/* v2.9: a Deleted_ whose time is 60 s old re-registers. */
		if (e->hs == GS_HS_DELETED && e->hs_time != INT64_MIN &&
		    now != INT64_MIN && now - e->hs_time >= 60)
			e->hs_flags |= GS_VHS_DEL_STALE;
	}
	/* One warning per vendor (its devices are contiguous). */
	for (j = 0; j < n->ndevs; j++) {
		d = &n->devs[j];
		if (d->vendor == last || (state =
		    gs_vendor_handshake_state(d)) == NULL)
			continue;
		last = d->vendor;
		gs_warn(w, n->src_file, n->src_line, 1, "node '%s': %s says "
		    "%s: the HAMi profile decides whether its %s devices "
		    "stay (--now in gpusched(1))", n->name,
		    gs_vendors[d->vendor].handshake_anno, state,
		    gs_vendors[d->vendor].type);
	}
}

int
gs_vendor_handshake_ok(const struct gs_device *d,
    const struct hami_profile *hp)
{
	if (gs_vendors[d->vendor].handshake_anno == NULL ||
	    hp->handshake_unread)
		return 1;
	switch (d->hs) {
	case GS_HS_REQUESTING:
		/* v2.10: strings.Cut without '_' or a ParseInLocation error
		 * keeps the devices; up to v2.9 the zero time is long past. */
		if ((d->hs_flags & GS_VHS_BAD_TIME) && hp->handshake_lenient)
			return 1;
		if (!(d->hs_flags & GS_VHS_EXPIRED))
			return 1;
		return hp->vendor_handshake_alloc &&
		    (d->hs_flags & GS_VHS_ALLOC);
	case GS_HS_DELETED:
		/* v2.10 has no Deleted branch: re-registered at once. */
		if (hp->handshake_lenient)
			return 1;
		return hp->vendor_handshake_alloc &&
		    (d->hs_flags & GS_VHS_DEL_STALE);
	default:
		return 1;
	}
}
