/*
 * load/volcano_node.c: Volcano's own node registration (load/volcano_node.h,
 * issue 19 item 4).  Where Volcano is lenient (strconv.Atoi and ParseBool
 * errors read as 0 and false, a short entry drops every device) gpusched
 * refuses the annotation with its location, exit 3.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load/quantity.h"
#include "load/register_codec.h"
#include "load/volcano_node.h"
#include "util/util.h"

#define VC_MAXDEVS	256	/* as a compact pool's 'gpus' */

/*
 * One "uuid,count,devmem,type,health,mode" entry (decodeNodeDevices:
 * fields past the sixth are ignored); ID its position in the annotation.
 */
static int
decode_one(char *seg, size_t pos, size_t nth, struct gs_device *d,
    char *why, size_t len)
{
	char	*f[6], *p = seg;
	size_t	 k;

	for (k = 0; k < 6; k++) {
		if (p == NULL)
			return gs_why(why, len, "device %zu has %zu fields, "
			    "want 6 (uuid,count,devmem,type,health,mode)", nth,
			    k);
		f[k] = p;
		if ((p = strchr(p, ',')) != NULL)
			*p++ = '\0';
	}
	memset(d, 0, sizeof *d);
	if (*f[0] == '\0')
		return gs_why(why, len, "device %zu has an empty uuid", nth);
	if (gs_parse_go_i32(f[1], &d->count) != 0 || d->count < 0)
		return gs_why(why, len, "device %zu: count '%.40s' is not a "
		    "whole number >= 0", nth, f[1]);
	if (gs_parse_go_i32(f[2], &d->devmem) != 0 || d->devmem < 0)
		return gs_why(why, len, "device %zu: devmem '%.40s' is not a "
		    "whole number of MiB >= 0", nth, f[2]);
	if ((d->health = gs_go_parse_bool(f[4])) < 0)
		return gs_why(why, len, "device %zu: health '%.40s' is not a "
		    "Go bool", nth, f[4]);
	d->id = xstrdup(f[0]);
	d->index = (int32_t)pos;
	/* Volcano keeps no core capacity: UsedCore + request <= 100. */
	d->devcore = 100;
	d->type = xstrdup(f[3]);
	d->mode = xstrdup(f[5]);
	return 0;
}

int
gs_volcano_register_decode(const char *s, struct gs_device **devs,
    size_t *ndevs, char *why, size_t len)
{
	struct gs_device	*v = NULL;
	char			*copy, *seg, *next;
	size_t			 n = 0, pos = 0, i;
	int			 rc = 0;

	*devs = NULL;
	*ndevs = 0;
	if (strchr(s, ':') == NULL)
		return gs_why(why, len, "no ':' after a device");
	copy = xstrdup(s);
	for (seg = copy; seg != NULL && rc == 0; seg = next, pos++) {
		if ((next = strchr(seg, ':')) != NULL)
			*next++ = '\0';
		if (strchr(seg, ',') == NULL)
			continue;
		if (n == VC_MAXDEVS) {
			rc = gs_why(why, len, "more than %d devices",
			    VC_MAXDEVS);
			break;
		}
		v = xreallocarray(v, n + 1, sizeof *v);
		if ((rc = decode_one(seg, pos, n + 1, &v[n], why, len)) != 0)
			break;
		for (i = 0; i < n && rc == 0; i++)
			if (strcmp(v[i].id, v[n].id) == 0)
				rc = gs_why(why, len, "device id '%.60s' is "
				    "registered twice", v[n].id);
		n++;
	}
	free(copy);
	if (rc == 0 && n == 0)
		rc = gs_why(why, len, "no device (\"uuid,count,devmem,type,"
		    "health,mode:\" per GPU)");
	if (rc != 0) {
		gs_devices_free(v, n);
		return -1;
	}
	*devs = v;
	*ndevs = n;
	return 0;
}

/*
 * NewGPUDevices (v1.15.1) takes the devices only when status.allocatable
 * has volcano.sh/vgpu-number, vgpu-cores and vgpu-memory, none 0 (the
 * device plugin's resources: v1.15 replaced the older
 * volcano.sh/node-vgpu-handshake annotation with this check).  NULL when
 * they are there, else why not; -1 on a value that is not a quantity.
 */
static int
vc_allocatable(const struct yt_file *f, const struct yt_node *obj,
    const char **why, struct gs_error *err)
{
	static const char *const keys[] = { "volcano.sh/vgpu-number",
	    "volcano.sh/vgpu-cores", "volcano.sh/vgpu-memory" };
	const struct yt_node	*al, *v;
	struct gs_quantity	 q;
	char			 qwhy[64];
	size_t			 k;

	*why = NULL;
	al = yt_get(yt_get(obj, "status"), "allocatable");
	if (yt_is_null(al) || al->type != YT_MAP) {
		*why = "status.allocatable is missing";
		return 0;
	}
	for (k = 0; k < 3; k++) {
		if ((v = yt_get(al, keys[k])) == NULL) {
			*why = keys[k] + 11;	/* "vgpu-number" ... */
			return 0;
		}
		if (v->type != YT_SCALAR || yt_is_null(v) ||
		    gs_quantity_parse(v->str, &q, qwhy, sizeof qwhy) != 0)
			return yt_error(f, v, err, "allocatable %s must be a "
			    "quantity, got '%s'", keys[k], v->type ==
			    YT_SCALAR ? v->str : yt_type_name(v));
		if (q.ceil == 0 && !q.negative) {
			*why = keys[k] + 11;
			return 0;
		}
	}
	return 0;
}

int
gs_volcano_node_load(const struct yt_file *f, const struct yt_node *obj,
    const struct yt_node *annos, struct gs_node *n, struct gs_warnings *w,
    struct gs_error *err)
{
	const struct yt_node	*v = yt_get(annos, VOLCANO_REGISTER_ANNO);
	struct gs_device	*devs;
	const char		*s, *miss;
	char			 why[256], *note;
	size_t			 nd;

	if (v == NULL)
		return 0;
	if (yt_string(f, v, VOLCANO_REGISTER_ANNO, &s, err) != 0)
		return -1;
	if (gs_volcano_register_decode(s, &devs, &nd, why, sizeof why) != 0)
		return yt_error(f, v, err, "%s does not decode: %s",
		    VOLCANO_REGISTER_ANNO, why);
	if (vc_allocatable(f, obj, &miss, err) != 0) {
		gs_devices_free(devs, nd);
		return -1;
	}
	if (n->ndevs > 0 && miss == NULL) {
		/* Both device plugins' registrations of the same GPUs:
		 * HAMi's for its runs, Volcano's for the volcano-* runs
		 * (gs_cluster_for_volcano). */
		n->vc_devs = devs;
		n->vc_ndevs = nd;
		return 0;
	}
	if (n->ndevs > 0 || miss != NULL) {
		gs_devices_free(devs, nd);
		note = strchr(miss, ' ') != NULL ?
		    xasprintf("Volcano reads no devices: %s", miss) :
		    xasprintf("Volcano reads no devices: status.allocatable "
		    "has no nonzero volcano.sh/%s", miss);
		if (n->ndevs > 0) {
			gs_warn(w, f->path, v->line, v->col, "node '%s' carries "
			    "both hami.io/node-nvidia-register and %s; %s: "
			    "its GPUs are HAMi's in every run", n->name,
			    VOLCANO_REGISTER_ANNO, note);
			free(note);
			return 0;
		}
		n->devices_note = note;
		gs_warn(w, f->path, obj->line, obj->col, "node '%s': %s",
		    n->name, n->devices_note);
		n->vc_reg = 1;	/* Volcano's node, without devices */
		return 0;
	}
	n->devs = devs;
	n->ndevs = nd;
	n->vc_reg = 1;
	return 0;
}
