/*
 * load/running.c: running pods of a snapshot, charged as HAMi and
 * kube-scheduler see them.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sched/hami/hami.h"
#include "model/ident.h"
#include "util/int32.h"
#include "load/load.h"
#include "model/quota.h"
#include "model/running.h"
#include "sched/hami/vendor.h"
#include "sched/hami/mig.h"
#include "model/hami_geom.h"
#include "model/volcano_conf.h"
#include "load/hami_mig.h"
#include "sched/hami/vgcu_fit.h"
#include "sched/kubefilter.h"

/* A running pod's device list, emptied. */
static void
free_devs(struct gs_running_pod *rp)
{
	size_t	k;

	for (k = 0; k < rp->ndevs; k++) {
		free(rp->devs[k].id);
		free(rp->devs[k].hg);
	}
	free(rp->devs);
	rp->devs = NULL;
	rp->ndevs = 0;
}

/*
 * HAMi's DecodePodDevices: containers split by ';', devices by ':',
 * fields "UUID,Type,Usedmem,Usedcores" (at least 4).  A UUID's "[...]"
 * MIG suffix is dropped when matching devices.
 */
static int
charge_gpus(struct gs_node *n, struct gs_running_pod *rp, const char *s,
    char *why, size_t len)
{
	char	*copy = xstrdup(s), *ctr, *next, *dev, *ds = NULL;
	size_t	 j;
	int	 rc = 0, ci = 0;

	/* Containers split on ';' keeping empty ones: the position is the
	 * container's (init containers first), as DecodePodDevices keeps. */
	for (ctr = copy; ctr != NULL && rc == 0; ctr = next, ci++) {
		if ((next = strchr(ctr, ';')) != NULL)
			*next++ = '\0';
		for (dev = strtok_r(ctr, ":", &ds); dev != NULL && rc == 0;
		    dev = strtok_r(NULL, ":", &ds)) {
			char	*f[4], *p = dev, *br, entry[64];
			int	 k;

			snprintf(entry, sizeof entry, "%s", dev);
			for (k = 0; k < 4; k++) {
				f[k] = p;
				if (k < 3 && (p = strchr(p, ',')) == NULL)
					break;
				if (k < 3)
					*p++ = '\0';
			}
			if (k < 4) {
				snprintf(why, len, "device entry '%s' has "
				    "fewer than 4 fields", entry);
				rc = -1;
				break;
			}
			if ((p = strchr(f[3], ',')) != NULL)
				*p = '\0';
			if ((br = strchr(f[0], '[')) != NULL)
				*br++ = '\0';
			for (j = 0; j < n->ndevs; j++)
				if (strcmp(n->devs[j].id, f[0]) == 0)
					break;
			if (j == n->ndevs) {
				snprintf(why, len, "GPU '%.60s' is not "
				    "registered on node '%s'", f[0], n->name);
				rc = -1;
				break;
			}
			rp->devs = xreallocarray(rp->devs, rp->ndevs + 1,
			    sizeof *rp->devs);
			rp->devs[rp->ndevs].dev = (int)j;
			rp->devs[rp->ndevs].id = xstrdup(n->devs[j].id);
			rp->devs[rp->ndevs].ctr = ci;
			rp->devs[rp->ndevs].usedmem =
			    (int32_t)strtol(f[2], NULL, 10);
			rp->devs[rp->ndevs].usedcores =
			    (int32_t)strtol(f[3], NULL, 10);
			rp->devs[rp->ndevs].hg = br != NULL ?
			    xstrdup(br) : NULL;
			rp->ndevs++;
		}
	}
	free(copy);
	return rc;
}

/* A used memory or cores field: an int32 from 0, as HAMi writes it. */
static int
alloc_number(const char *s, const char *what, const char *entry, char *why,
    size_t len)
{
	char	*end;
	long	 v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (end == s || *end != '\0' || s[0] == ' ' || s[0] == '\t' ||
	    s[0] == '\n') {
		snprintf(why, len, "device entry '%.60s': %s '%.30s' is not an "
		    "integer", entry, what, s);
		return -1;
	}
	if (v < 0 || v > INT32_MAX || errno == ERANGE) {
		snprintf(why, len, "device entry '%.60s': %s '%.30s' is %s",
		    entry, what, s, v < 0 ? "negative" : "beyond int32");
		return -1;
	}
	return 0;
}

/*
 * The numbers of an allocation annotation (every entry of at least 4
 * fields, split as charge_gpus splits it): HAMi reads a negative or
 * overflowing one as it is (or clamped), but never writes one.
 */
static int
check_alloc(const char *s, char *why, size_t len)
{
	char	*copy = xstrdup(s), *ctr, *dev, *save = NULL, *f[4], *p;
	int	 rc = 0, k;

	for (ctr = copy; *ctr != '\0'; ctr++)
		if (*ctr == ';')
			*ctr = ':';
	for (dev = strtok_r(copy, ":", &save); dev != NULL && rc == 0;
	    dev = strtok_r(NULL, ":", &save)) {
		char	entry[64];

		snprintf(entry, sizeof entry, "%s", dev);
		for (k = 0, p = dev; k < 4 && p != NULL; k++) {
			f[k] = p;
			if ((p = strchr(p, ',')) != NULL)
				*p++ = '\0';
		}
		if (k < 4 || f[3] == NULL)
			continue;	/* charge_gpus warns */
		rc = alloc_number(f[2], "used memory", entry, why, len);
		if (rc == 0)
			rc = alloc_number(f[3], "used cores", entry, why, len);
	}
	free(copy);
	return rc;
}

/* status.initContainerStatuses: there are some, all terminated with exit
 * code 0 (util.AllInitContainersSucceeded). */
static int
init_succeeded(const struct yt_node *obj)
{
	const struct yt_node	*st, *t, *code;
	size_t			 i;

	st = yt_get(yt_get(obj, "status"), "initContainerStatuses");
	if (st == NULL || st->type != YT_SEQ || st->nitems == 0)
		return 0;
	for (i = 0; i < st->nitems; i++) {
		t = yt_get(yt_get(st->items[i], "state"), "terminated");
		code = yt_get(t, "exitCode");
		if (code == NULL || code->type != YT_SCALAR ||
		    strcmp(code->str, "0") != 0)
			return 0;
	}
	return 1;
}

/*
 * v2.10's usage of one running pod minus the sum already charged, per
 * GPU, into the devices' v210_* fields, and per vendor into its
 * namespace's quotas (v2.10's onAddPod charges the collapsed devices,
 * pkg/scheduler/scheduler.go).
 */
/* What v2.10 charges to ns's quotas of vendor v beyond the sum. */
static void
quota_delta(struct gs_cluster *c, const char *ns, int v, int32_t mem,
    int32_t cores)
{
	const char	*m = gs_quota_mem_name(c->hami, v);
	const char	*k = gs_quota_core_name(c->hami, v);

	if (m != NULL && mem != 0)
		gs_quota_get(&c->quotas, ns, m)->v210_used += mem;
	if (k != NULL && cores != 0)
		gs_quota_get(&c->quotas, ns, k)->v210_used += cores;
}

static void
v210_delta(struct gs_cluster *c, struct gs_node *n,
    const struct gs_running_pod *rp, size_t ninit, int init_done)
{
	struct gs_gpu_use	*u = xcalloc(rp->ndevs, sizeof *u);
	size_t			 i, k;
	int32_t			 slots, mem, cores;

	for (i = 0; i < rp->ndevs; i++) {
		u[i].dev = rp->devs[i].dev;
		u[i].init = (size_t)rp->devs[i].ctr < ninit;
		u[i].mem = rp->devs[i].usedmem;
		u[i].cores = rp->devs[i].usedcores;
	}
	for (i = 0; i < rp->ndevs; i++) {
		struct gs_device *d = &n->devs[u[i].dev];

		for (k = 0; k < i; k++)
			if (u[k].dev == u[i].dev)
				break;
		if (k < i)
			continue;	/* this GPU is done */
		gs_collapse_gpu(u, rp->ndevs, u[i].dev, init_done, &slots,
		    &mem, &cores);
		/* What load_pod charged: a slot and the share per entry. */
		for (k = i; k < rp->ndevs; k++)
			if (u[k].dev == u[i].dev) {
				slots = i32_sub(slots, 1);
				mem = i32_sub(mem, u[k].mem);
				cores = i32_sub(cores, u[k].cores);
			}
		d->v210_used = i32_add(d->v210_used, slots);
		d->v210_mem = i32_add(d->v210_mem, mem);
		d->v210_cores = i32_add(d->v210_cores, cores);
		quota_delta(c, rp->ns, d->vendor, mem, cores);
	}
	free(u);
}

/* countPodDevices + AddUsage (pkg/device/quota.go): the running pod's
 * devices, per vendor, into its namespace's quotas. */
static void
charge_quota(struct gs_cluster *c, const struct gs_running_pod *rp,
    const struct gs_node *n)
{
	int64_t	tot[GV_N][2];
	size_t	k;
	int	v;

	memset(tot, 0, sizeof tot);
	for (k = 0; k < rp->ndevs; k++) {
		v = n->devs[rp->devs[k].dev].vendor;
		tot[v][0] += rp->devs[k].usedmem;
		tot[v][1] += rp->devs[k].usedcores;
	}
	for (v = 0; v < GV_N; v++)
		if (tot[v][0] != 0 || tot[v][1] != 0)
			gs_quota_charge(&c->quotas, c->hami, rp->ns, v,
			    tot[v][0], tot[v][1], 1, 1);
}

/*
 * Drop n's devices of vendors HAMi of that version does not register
 * (an Iluvatar capacity device from v2.7.1, an annotation of a renamed
 * Ascend type) or whose vendor handshake it finds unhealthy
 * (sched/hami/vendor_health.c).  Returns whether any went.
 */
static int
drop_unregistered(struct gs_node *n, const struct hami_profile *hp)
{
	size_t	j, k = 0, before = n->ndevs;
	char	*hs_why = NULL;

	for (j = 0; j < n->ndevs; j++) {
		struct gs_device *d = &n->devs[j];

		if (!gs_vendor_registered(d->vendor, hp)) {
			gs_device_release(d);
		} else if (!gs_vendor_handshake_ok(d, hp)) {
			if (hs_why == NULL)
				hs_why = xasprintf("%s says %s: HAMi %s "
				    "removed its %s devices",
				    gs_vendors[d->vendor].handshake_anno,
				    gs_vendor_handshake_state(d), hp->name + 5,
				    gs_vendors[d->vendor].type);
			gs_device_release(d);
		} else
			n->devs[k++] = *d;
	}
	n->ndevs = k;
	if (k == before)
		return 0;
	if (k == 0 && n->registered) {
		n->registered = 0;
		free(n->devices_note);
		/* "hami-v2.7.1" names HAMi v2.7.1. */
		n->devices_note = hs_why != NULL ? hs_why : xasprintf("HAMi "
		    "%s registers none of its devices", hp->name + 5);
		hs_why = NULL;
	}
	free(hs_why);
	return 1;
}

/*
 * NVIDIA's node rules (the node handshake, v2.8+'s allocatable
 * nvidia.com/gpu: sched/hami/policy.c hami_node_usable) judge NVIDIA's
 * devices alone: HAMi's register loop asks each vendor's CheckHealth and
 * an unhealthy one loses only its own devices (pkg/scheduler/scheduler.go
 * RegisterFromNodeAnnotations: rmNodeDevices(node, vendor), continue).
 * When other vendors' devices stay, NVIDIA's go and the node keeps them.
 */
static int
drop_nvidia(struct gs_node *n, const struct hami_profile *hp)
{
	size_t	j, k = 0, others = 0;

	for (j = 0; j < n->ndevs; j++)
		others += n->devs[j].vendor != GV_NVIDIA;
	if (others == 0 || hami_node_usable(n, hp))
		return 0;
	for (j = 0; j < n->ndevs; j++) {
		if (n->devs[j].vendor == GV_NVIDIA)
			gs_device_release(&n->devs[j]);
		else
			n->devs[k++] = n->devs[j];
	}
	n->ndevs = k;
	n->registered = 1;
	n->nvidia_gone = 1;
	return 1;
}

/*
 * GetNodeDevices (pkg/device/nvidia/device.go, v2.6-v2.9): each MIG-mode
 * GPU's templates are the geometries of the first knownMigGeometries
 * entry naming its type: --hami-config's, else the version's chart.
 */
static int
set_geometries(const struct gs_cluster *c, struct gs_node *n,
    const struct hami_profile *hp)
{
	const struct gs_vc_mig	*m;
	size_t			 j, nm;
	int			 any = 0;

	m = gs_hgeom_chart(hp->mig_chart, &nm);
	if (m != NULL && c->hami != NULL && c->hami->has_mig) {
		m = c->hami->mig;
		nm = c->hami->nmig;
	}
	for (j = 0; j < n->ndevs; j++) {
		struct gs_device *d = &n->devs[j];

		d->hgeom = NULL;
		if (m != NULL && hami_geom_applies(hp, d)) {
			d->hgeom = gs_vc_migs_find(m, nm, d->type);
			any = 1;
		}
	}
	return any;
}

void
gs_cluster_for_version(struct gs_cluster *c, int version)
{
	const struct hami_profile *hp = hami_profile_of_version(version);
	size_t	i, j;

	for (i = 0; i < c->nnodes; i++) {
		struct gs_node *n = &c->nodes[i];
		int changed = 0;

		for (j = 0; j < n->ndevs; j++) {
			struct gs_device *d = &n->devs[j];

			/* CollapseInitContainerUsage's charge. */
			if (hp->init_collapse != GS_COLLAPSE_NONE) {
				changed |= d->v210_used | d->v210_mem |
				    d->v210_cores;
				d->used = i32_add(d->used, d->v210_used);
				d->usedmem = i32_add(d->usedmem, d->v210_mem);
				d->usedcores = i32_add(d->usedcores,
				    d->v210_cores);
			}
			d->v210_used = d->v210_mem = d->v210_cores = 0;
		}
		changed |= set_geometries(c, n, hp);
		changed |= drop_unregistered(n, hp);
		changed |= drop_nvidia(n, hp);
		if (changed)
			gs_cluster_touch(c, i);
	}
	for (i = 0; i < c->quotas.n; i++) {
		if (hp->init_collapse != GS_COLLAPSE_NONE)
			c->quotas.v[i].used += c->quotas.v[i].v210_used;
		c->quotas.v[i].v210_used = 0;
	}
}

/*
 * HAMi v2.10 getNodesUsage (pkg/scheduler/scheduler.go): a running pod's
 * hami.io/vgpu-mig-allocations, grouped by GPU, are the placements in use
 * on its MIG-mode GPUs.  A reservation on a hami-core GPU, or a device
 * entry on a MIG-mode GPU without one, makes HAMi mark the GPU unhealthy
 * (Health = false); gpusched does the same and says so.
 */
static void
mig_apply(struct gs_node *n, const struct gs_running_pod *rp,
    const struct gs_pod *pod, const struct gs_hmig_alloc *a, size_t na,
    const struct yt_file *f, const struct yt_node *at, struct gs_warnings *w)
{
	size_t	i, k;
	int	p, left[64] = { 0 };

	for (k = 0; k < rp->ndevs; k++) {
		struct gs_device *d = &n->devs[rp->devs[k].dev];

		for (i = 0; i < na && i < 64; i++)
			if (!left[i] && strcmp(a[i].gpu, d->id) == 0)
				break;
		if (i < na && i < 64) {
			left[i] = 1;
			if (d->hmig == NULL) {
				gs_warn(w, f->path, at->line, at->col, "pod "
				    "%s/%s: a MIG reservation on GPU %s, "
				    "which is not in MIG mode: HAMi marks it "
				    "unhealthy", pod->ns, pod->name, d->id);
				d->health = 0;
				continue;
			}
			for (p = 0; p < d->hmig->np; p++)
				if (strcmp(d->hmig->p[p].name,
				    a[i].profile) == 0)
					break;
			if (d->hmig_nuse < GS_HMIG_MAXPL) {
				d->hmig_use[d->hmig_nuse].prof = (int16_t)
				    (p < d->hmig->np ? p : -1);
				d->hmig_use[d->hmig_nuse].start =
				    (uint8_t)a[i].start;
				d->hmig_use[d->hmig_nuse++].size =
				    (uint8_t)a[i].size;
			}
		} else if (d->hmig != NULL) {
			gs_warn(w, f->path, at->line, at->col, "pod %s/%s "
			    "lacks a MIG reservation for GPU %s: HAMi marks "
			    "it unhealthy", pod->ns, pod->name, d->id);
			d->health = 0;
		}
	}
}

static int
mig_uses(struct gs_node *n, const struct gs_running_pod *rp,
    const struct gs_pod *pod, const struct yt_file *f,
    const struct yt_node *obj, struct gs_warnings *w, struct gs_error *err)
{
	const struct yt_node	*an = yt_get(yt_get(yt_get(obj, "metadata"),
				    "annotations"), HAMI_MIG_ALLOC_ANNO);
	const char		*s = gs_kv_get(&pod->annotations,
				    HAMI_MIG_ALLOC_ANNO);
	struct gs_hmig_alloc	*a = NULL;
	json_t			*root;
	json_error_t		 je;
	size_t			 na = 0;
	char			 why[160];

	if (s == NULL || s[0] == '\0') {
		mig_apply(n, rp, pod, NULL, 0, f, obj, w);
		return 0;
	}
	if (an == NULL)
		an = obj;
	if ((root = json_loads(s, JSON_REJECT_DUPLICATES, &je)) == NULL)
		return yt_error(f, an, err, "%s: invalid JSON at character "
		    "%d: %s", HAMI_MIG_ALLOC_ANNO, je.position, je.text);
	if (gs_hmig_allocs_parse(root, &a, &na, why, sizeof why) != 0) {
		json_decref(root);
		return yt_error(f, an, err, "%s: %s", HAMI_MIG_ALLOC_ANNO,
		    why);
	}
	mig_apply(n, rp, pod, a, na, f, an, w);
	free(a);
	json_decref(root);
	return 0;
}

/* A pod bound to a node (spec.nodeName) takes its cpu, memory and a
 * pod slot there, as kube-scheduler's NodeResourcesFit counts them. */
static void
charge_bound(struct gs_cluster *c, struct gs_running_pod *rp,
    const struct gs_pod *pod, const struct yt_node *obj)
{
	const struct yt_node	*v = yt_get(yt_get(obj, "spec"), "nodeName");
	struct gs_node		*n;

	if (v == NULL || v->type != YT_SCALAR || yt_is_null(v) ||
	    (rp->bound = gs_cluster_find(c, v->str)) < 0)
		return;
	n = &c->nodes[rp->bound];
	n->used_cpu += pod->req_cpu;
	n->used_mem += pod->req_mem;
	n->used_pods++;
	/* The spec as the API server holds it: after HAMi's webhook. */
	n->used_vgcu_shared = i64_add(n->used_vgcu_shared,
	    gs_pod_ext_request(pod, HAMI_VGCU_SHARED));
	gs_cluster_touch(c, (size_t)rp->bound);
}

/* Vendor vd's allocation annotation on pod, or NULL.  A row whose
 * annotation an earlier row has (AMD's v2.9 and v2.10 forms) reads none:
 * the devices are charged once. */
static const char *
vendor_alloc(const struct gs_pod *pod, int vd)
{
	const char	*key = gs_vendors[vd].allocated_anno;

	if (gs_vendor_by_allocated_anno(key) != vd)
		return NULL;
	return gs_kv_get(&pod->annotations, key);
}

static int
load_pod(struct gs_cluster *c, struct gs_running *r, const struct yt_file *f,
    const struct yt_node *obj, struct gs_warnings *w, struct gs_error *err)
{
	int			 vd, crc, found;
	long			 ni;
	struct gs_workload	 tmp;
	struct gs_running_pod	*rp;
	const struct gs_pod	*pod;
	const struct gs_idref	*first;
	const struct yt_node	*v;
	const char		*phase = NULL, *node, *alloc;
	char			 why[160];
	size_t			 k;

	memset(&tmp, 0, sizeof tmp);
	if (gs_load_workload_doc(&tmp, f, obj, c, NULL, err) != 0) {
		gs_workload_release(&tmp);
		return -1;
	}
	if (tmp.npods == 0 && tmp.quotas.n > 0) {
		/* A ResourceQuota of the snapshot: HAMi's AddQuota. */
		gs_quotas_add_limits(&c->quotas, &tmp.quotas);
		gs_workload_release(&tmp);
		return 0;
	}
	if (tmp.npods != 1) {
		gs_workload_release(&tmp);
		return yt_error(f, obj, err, "a running-pods file holds Pods "
		    "(kubectl get pods -A -o json)");
	}
	pod = &tmp.pods[0];
	/* Listed twice, it would be charged twice (the API server has one). */
	if (r->ids == NULL)
		r->ids = xcalloc(1, sizeof *r->ids);
	if ((first = gs_idset_add(r->ids, "Pod", pod->ns, pod->name, f->path,
	    pod->src_line, pod->src_col)) != NULL) {
		yt_error(f, obj, err, "duplicate running Pod %s/%s (first "
		    "defined at %s:%d:%d)", pod->ns, pod->name, first->file,
		    first->line, first->col);
		gs_workload_release(&tmp);
		return -1;
	}
	v = yt_get(yt_get(obj, "status"), "phase");
	if (v != NULL && v->type == YT_SCALAR)
		phase = v->str;
	if (phase != NULL && (strcmp(phase, "Succeeded") == 0 ||
	    strcmp(phase, "Failed") == 0)) {
		gs_workload_release(&tmp);
		return 0;
	}
	grow_array(&r->v, &r->cap, r->n + 1, sizeof *r->v);
	rp = &r->v[r->n++];
	memset(rp, 0, sizeof *rp);
	rp->name = xstrdup(pod->name);
	rp->ns = xstrdup(pod->ns);
	rp->node = rp->bound = -1;
	charge_bound(c, rp, pod, obj);
	node = gs_kv_get(&pod->annotations, HAMI_ASSIGNED_NODE_ANNO);
	ni = node != NULL ? gs_cluster_find(c, node) : -1;
	/* Every device type's allocation (DecodePodDevices). */
	for (vd = 0, found = 0, crc = 0; node != NULL && vd < GV_N &&
	    crc == 0; vd++) {
		if ((alloc = vendor_alloc(pod, vd)) == NULL)
			continue;
		found = 1;
		if (check_alloc(alloc, why, sizeof why) != 0) {
			const struct yt_node *an = yt_get(yt_get(yt_get(obj,
			    "metadata"), "annotations"),
			    gs_vendors[vd].allocated_anno);

			gs_workload_release(&tmp);
			return yt_error(f, an != NULL ? an : obj, err, "%s: %s",
			    gs_vendors[vd].allocated_anno, why);
		}
		if (ni >= 0)
			crc = charge_gpus(&c->nodes[ni], rp, alloc, why,
			    sizeof why);
	}
	if (found) {
		if (ni < 0)
			gs_warn(w, f->path, obj->line, obj->col, "pod %s/%s: "
			    "its GPUs are on node '%s', which is not in the "
			    "cluster", pod->ns, pod->name, node);
		else if (crc != 0) {
			gs_warn(w, f->path, obj->line, obj->col, "pod %s/%s: "
			    "%s; HAMi does not count it", pod->ns, pod->name,
			    why);
			free_devs(rp);
		} else if (mig_uses(&c->nodes[ni], rp, pod, f, obj, w, err)
		    != 0 || gs_hgeom_uses(c, &c->nodes[ni], rp, pod, f, obj,
		    w, err) != 0) {
			gs_workload_release(&tmp);
			return -1;
		} else {
			rp->node = ni;
			for (k = 0; k < rp->ndevs; k++) {
				struct gs_device *d =
				    &c->nodes[ni].devs[rp->devs[k].dev];

				d->used = i32_add(d->used, 1);
				d->usedmem = i32_add(d->usedmem,
				    rp->devs[k].usedmem);
				d->usedcores = i32_add(d->usedcores,
				    rp->devs[k].usedcores);
			}
			gs_cluster_touch(c, (size_t)ni);
			rp->ninit = pod->ninit;
			rp->init_done = init_succeeded(obj);
			charge_quota(c, rp, &c->nodes[ni]);
			if (pod->ninit > 0)
				v210_delta(c, &c->nodes[ni], rp, rp->ninit,
				    rp->init_done);
		}
	}
	gs_workload_release(&tmp);
	return 0;
}

int
gs_load_running_doc(struct gs_cluster *c, struct gs_running *r,
    const struct yt_file *f, const struct yt_node *root,
    struct gs_warnings *w, struct gs_error *err)
{
	const struct yt_node	*kind = yt_get(root, "kind"), *items;
	size_t			 j;

	/* A streamed List's item (yamltree.h yt_each) is one pod. */
	if (f->item || kind == NULL || kind->type != YT_SCALAR ||
	    strlen(kind->str) < 4 ||
	    strcmp(kind->str + strlen(kind->str) - 4, "List") != 0)
		return load_pod(c, r, f, root, w, err);
	items = yt_get(root, "items");
	if (yt_is_null(items))
		return 0;
	if (yt_expect(f, items, YT_SEQ, "items", err) != 0)
		return -1;
	for (j = 0; j < items->nitems; j++)
		if (load_pod(c, r, f, items->items[j], w, err) != 0)
			return -1;
	return 0;
}

struct run_load {
	struct gs_cluster	*c;
	struct gs_running	*r;
	struct gs_warnings	*w;
};

static int
run_doc(const struct yt_file *f, const struct yt_node *root, void *arg,
    struct gs_error *err)
{
	struct run_load	*l = arg;

	return gs_load_running_doc(l->c, l->r, f, root, l->w, err);
}

int
gs_load_running_file(struct gs_cluster *c, struct gs_running *r,
    const char *path, struct gs_warnings *w, struct gs_error *err)
{
	struct run_load	l = { c, r, w };
	size_t		ndocs;

	/* One document's tree at a time. */
	return yt_each(path, run_doc, &l, &ndocs, err);
}

void
gs_running_release(struct gs_running *r)
{
	size_t	i;

	for (i = 0; i < r->n; i++) {
		free(r->v[i].name);
		free(r->v[i].ns);
		free_devs(&r->v[i]);
	}
	free(r->v);
	gs_idset_free(r->ids);
	free(r->ids);
	memset(r, 0, sizeof *r);
}
