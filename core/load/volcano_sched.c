/*
 * load/volcano_sched.c: Volcano's deviceshare arguments from its scheduler
 * configuration (load/volcano_sched.h).
 *
 * enablePredicate (pkg/scheduler/plugins/deviceshare/deviceshare.go,
 * v1.15.1) reads them through framework.Arguments (arguments.go): GetBool
 * takes a YAML bool or a string strconv.ParseBool reads, GetString a
 * string, GetInt a YAML int; a value of another type is logged and the
 * default kept (VGPUEnable false, SchedulePolicy "", ScheduleWeight 0),
 * which gpusched refuses as an input error instead of guessing.  Volcano
 * exits (klog.Fatal) on GPUSharingEnable with GPUNumberEnable, or either
 * with VGPUEnable.  The policy chooses the device walk and score
 * (sortedDeviceIndicesByPolicy, GPUScore, nvidia/vgpu/utils.go): binpack
 * is volcano-binpack, spread volcano-spread; an unset or unknown policy
 * (the switch's default) walks the devices from the last and scores 0:
 * nopolicy, under the route's volcano-binpack profile (sched/peers.c).
 * The node score is the device score x ScheduleWeight, and 0 when the
 * weight is not above 0 (the node order function), so the documented
 * config (no weight) leaves the node order to the other plugins.
 */
#include <stdlib.h>
#include <string.h>

#include "load/sched_tiers.h"
#include "load/volcano_conf.h"
#include "load/volcano_sched.h"
#include "util/util.h"

#define ARG(x)	"deviceshare." x

/* GetBool: a bool, or a string ParseBool takes.  Absent leaves *v. */
static int
arg_bool(const struct yt_file *f, const struct yt_node *args,
    const char *key, int *v, struct gs_error *err)
{
	const struct yt_node	*n = yt_get(args, key);
	int			 b;

	if (n == NULL)
		return 0;
	if (n->type == YT_SCALAR && (b = gs_go_parse_bool(n->str)) >= 0)
		return (*v = b, 0);
	return yt_error(f, n, err, "%s must be true or false", key);
}

static int
read_args(const struct yt_file *f, const struct yt_node *p,
    struct gs_vc_sched *s, struct gs_error *err)
{
	static const char *const unmodelled[] = { ARG("GPUExclusiveRules"),
	    ARG("AscendMindClusterVNPUEnable"), ARG("AscendHAMiVNPUEnable") };
	const struct yt_node	*args = yt_get(p, "arguments"), *v;
	const char		*str;
	int64_t			 w;
	int			 share = 0, number = 0;
	size_t			 i;

	if (!yt_is_null(args) && yt_expect(f, args, YT_MAP,
	    "deviceshare.arguments", err) != 0)
		return -1;
	if (yt_is_null(args))
		args = NULL;
	for (i = 0; args != NULL && i < sizeof unmodelled /
	    sizeof unmodelled[0]; i++)
		if ((v = yt_get(args, unmodelled[i])) != NULL)
			return yt_error(f, v, err, "%s is not modelled by "
			    "gpusched", unmodelled[i]);
	if (args != NULL && (arg_bool(f, args, ARG("VGPUEnable"), &s->vgpu,
	    err) != 0 || arg_bool(f, args, ARG("GPUSharingEnable"), &share,
	    err) != 0 || arg_bool(f, args, ARG("GPUNumberEnable"), &number,
	    err) != 0 || arg_bool(f, args, ARG("NodeLockEnable"), &(int){ 0 },
	    err) != 0))
		return -1;
	if (share && number)
		return yt_error(f, args, err, "Volcano exits: can not define "
		    "true in both gpu sharing and gpu number");
	if ((share || number) && s->vgpu)
		return yt_error(f, args, err, "Volcano exits: gpu-share and "
		    "vgpu can't be used together");
	v = args != NULL ? yt_get(args, ARG("ScheduleWeight")) : NULL;
	if (v != NULL) {
		if (yt_int64(f, v, ARG("ScheduleWeight"), INT32_MIN, INT32_MAX,
		    &w, err) != 0)
			return -1;
		s->weight = (int)w;
	}
	v = args != NULL ? yt_get(args, ARG("KnownGeometriesCMName")) : NULL;
	if (v != NULL) {
		if (yt_string(f, v, ARG("KnownGeometriesCMName"), &str,
		    err) != 0)
			return -1;
		if (strcmp(str, VOLCANO_DEVICE_CM) != 0)
			return yt_error(f, v, err, "gpusched reads the device "
			    "config from the %s ConfigMap only",
			    VOLCANO_DEVICE_CM);
	}
	v = args != NULL ? yt_get(args, ARG("SchedulePolicy")) : NULL;
	str = "";
	if (v != NULL && yt_string(f, v, ARG("SchedulePolicy"), &str,
	    err) != 0)
		return -1;
	if (strcmp(str, "binpack") == 0 || strcmp(str, "spread") == 0)
		s->profile = str[0] == 'b' ? "volcano-binpack" :
		    "volcano-spread";
	else
		s->nopolicy = 1;
	return 0;
}

/* The deviceshare plugin (the first; Volcano builds one per entry). */
static int
read_plugin(const struct yt_file *f, const struct yt_node *p,
    const char *name, void *arg, struct gs_error *err)
{
	struct gs_vc_sched	*s = arg;

	if (strcmp(name, "deviceshare") != 0 || s->given)
		return 0;
	s->given = 1;
	return read_args(f, p, s, err);
}

int
gs_volcano_sched_parse(struct gs_vc_sched *s, const char *path,
    const char *buf, size_t len, struct gs_error *err)
{
	struct yt_file		 f, in;
	const struct yt_node	*root, *kind, *doc = NULL;
	const char		*k = NULL;
	int			 rc = -1;

	memset(s, 0, sizeof *s);
	memset(&in, 0, sizeof in);
	if (yt_parse(&f, path, buf, len, err) != 0)
		return -1;
	if (f.ndocs == 0)
		rc = gs_error_set(err, path, 1, 1, "no Volcano scheduler "
		    "config in the file");
	else if (yt_expect(&f, root = f.docs[0].root, YT_MAP,
	    "Volcano scheduler config", err) != 0)
		rc = -1;
	else if ((kind = yt_get(root, "kind")) != NULL &&
	    yt_string(&f, kind, "kind", &k, err) != 0)
		rc = -1;
	else if (k != NULL && strcmp(k, "ConfigMap") == 0) {
		if (gs_configmap_doc(&f, buf, root, "volcano-scheduler.conf",
		    &in, &doc, err) == 0) {
			rc = gs_tiers_each(&in, doc, "volcano-scheduler.conf",
			    read_plugin, s, err);
			if (rc == 0 && !s->given)
				rc = yt_error(&in, doc, err, "no deviceshare "
				    "plugin: Volcano places no vGPU");
			yt_file_release(&in);
		}
	} else if (k == NULL) {
		rc = gs_tiers_each(&f, root, "volcano-scheduler.conf",
		    read_plugin, s, err);
		if (rc == 0 && !s->given)
			rc = yt_error(&f, root, err, "no deviceshare plugin: "
			    "Volcano places no vGPU");
	} else
		rc = yt_error(&f, kind, err, "expected Volcano's scheduler "
		    "ConfigMap or volcano-scheduler.conf (tiers)");
	yt_file_release(&f);
	if (rc != 0)
		memset(s, 0, sizeof *s);
	return rc;
}

int
gs_volcano_sched_load(struct gs_vc_sched *s, const char *path,
    struct gs_error *err)
{
	char	*buf = NULL;
	size_t	 len;
	int	 rc;

	if ((rc = gs_read_file(path, &buf, &len, err)) == 0)
		rc = gs_volcano_sched_parse(s, path, buf, len, err);
	free(buf);
	return rc;
}
