/*
 * load/pair_scores.h: hami.io/node-nvidia-score, the GPU link scores
 * HAMi's device plugin publishes (pkg/device-plugin/nvidiadevice/
 * nvinternal/plugin/register.go) and the scheduler reads from v2.7.0
 * (pkg/device/nvidia/device.go GetNodeDevices, device.DecodePairScores)
 * for the topology-aware GPU policy.
 */
#ifndef GS_PAIR_SCORES_H
#define GS_PAIR_SCORES_H

#include <stddef.h>

#include <jansson.h>

#include "model/model.h"

#define HAMI_PAIR_SCORE_ANNO	"hami.io/node-nvidia-score"

/*
 * Decode s (a JSON array of {"uuid": id, "score": {peer: int}}) into n's
 * pairs for n's NVIDIA GPUs: each GPU takes the first entry of its id,
 * as GetNodeDevices does.  Returns 0, or -1 with a one-line reason in
 * why (json.Unmarshal's failures: not an array, a score that is no
 * integer).
 */
int	gs_pair_scores_decode(const char *s, struct gs_node *n, char *why,
	    size_t whylen);

/* encoding/json's match of a field name: in any case, the last of
 * duplicate keys winning (as jansson keeps it); NULL when absent.  Also
 * load/enflame_drs.c's. */
json_t	*gs_json_field(json_t *o, const char *name);

#endif
