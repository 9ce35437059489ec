/*
 * load/hamiconfig.h: HAMi's own configuration and the HAMi versions a
 * cluster's annotations could come from.
 *
 * gs_hamicfg_load reads what --hami-config (or a scenario's hamiConfig)
 * names: the hami-scheduler-device ConfigMap (its data key
 * device-config.yaml; also inside a List or a multi-document file, as
 * `kubectl get cm -o yaml|json` and `helm template` print it), that
 * device-config.yaml alone, or the chart's values.yaml (`helm get
 * values` output too).  It keeps what gpusched simulates: NVIDIA's
 * deviceSplitCount, deviceMemoryScaling, deviceCoreScaling (for compact
 * pools: registered Node annotations already carry scaled values),
 * defaultMemory, defaultCores, defaultGPUNum, resource names,
 * knownMigGeometries, the chart's scheduler.defaultSchedulerPolicy, and
 * from the hami-device-plugin ConfigMap's config.json (in the same file)
 * each node's operatingmode.  Unknown keys are ignored,
 * as HAMi's yaml.Unmarshal ignores them.
 *
 * gs_hami_infer reads the register annotations' forms: HAMi v2.6-v2.7.x
 * decode hami.io/node-nvidia-register as text (pkg/util/util.go, later
 * pkg/device/devices.go DecodeNodeDevices, called by
 * pkg/device/nvidia/device.go GetNodeDevices); v2.8 on decode it as JSON
 * only (UnMarshalNodeDevices), so each form is read by one side alone.
 * hami.io/device-cordon is read from v2.10, and the vendors' annotations
 * named after types that appeared later (Iluvatar per model v2.7.1,
 * Ascend910B3 and 910B4-1 v2.7, Ascend910C v2.9) set a lower bound.
 */
#ifndef GS_HAMICONFIG_H
#define GS_HAMICONFIG_H

#include <stddef.h>

#include "model/model.h"
#include "util/util.h"
#include "load/yamltree.h"

/* What the file gives, besides the settings every file has. */
enum {
	GS_HC_DEFMEM = 1,	/* defaultMemory */
	GS_HC_DEFCORES = 2,	/* defaultCores */
	GS_HC_DEFGPUNUM = 4	/* defaultGPUNum */
};

struct gs_hamicfg {
	struct gs_hami_settings	 s;	/* knobs and resource names */
	int			 has;	/* GS_HC_* */
	int32_t			 default_memory, default_cores;
	int32_t			 default_gpunum;
	char			*node_policy;	/* or NULL: not given */
	char			*gpu_policy;
};

/* Read path into c (chart defaults where it says nothing). */
int	gs_hamicfg_load(struct gs_hamicfg *c, const char *path,
	    struct gs_error *);
/* The same for its text buf (the fuzz target's entry). */
int	gs_hamicfg_parse(struct gs_hamicfg *c, const char *path,
	    const char *buf, size_t len, struct gs_error *);
/* Its scheduler settings into cfg (the scenario's and the command
 * line's come after and win). */
void	gs_hamicfg_apply(const struct gs_hamicfg *, struct gs_config *);
void	gs_hamicfg_release(struct gs_hamicfg *);

/* The HAMi profiles a cluster's annotations are consistent with. */
struct gs_infer {
	unsigned	 mask;		/* bit i: hami_profile_at(i) */
	int		 any;		/* some annotation says anything */
	int		 lo, hi;	/* rows (hami_profile_at) that read
					   them all, INT_MAX: to the last */
	char		 lo_why[128];	/* what set lo: "hami.io/... (node n)" */
	char		 hi_why[128];
	char		 why[300];	/* both */
	char		 range[64];	/* "HAMi v2.8.0 or later" */
};

void	gs_hami_infer(const struct gs_cluster *, struct gs_infer *);

enum gs_infer_verdict {
	GS_INFER_NONE,		/* nothing to say */
	GS_INFER_USE,		/* one profile fits: use it (a note) */
	GS_INFER_AMBIGUOUS,	/* several, not the default: warn */
	GS_INFER_CONTRADICTS,	/* the given profile cannot read them */
	GS_INFER_CONFLICT	/* the annotations disagree among themselves */
};

/*
 * What to do for a run whose profile is profile, given (by --profile,
 * --hami-version or the scenario) or not.  *use is the profile to
 * simulate for GS_INFER_USE; msg the line to print.
 */
enum gs_infer_verdict gs_infer_decide(const struct gs_infer *,
	    const char *profile, int given, const char **use, char *msg,
	    size_t len);

/*
 * A YAML document held in the string v of f (whose text is buf), parsed
 * into in with its nodes located in f: a block scalar ("|", ">") maps line
 * for line (its indentation added to columns), a quoted string locates
 * everything at the string.  0, or -1 with err located in f.
 */
int	gs_yt_parse_embedded(const struct yt_file *f, const char *buf,
	    const struct yt_node *v, const char *what, struct yt_file *in,
	    struct gs_error *err);

#endif
