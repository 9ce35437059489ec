/*
 * load/metax_topo.h: Metax's node score annotations,
 * metax-tech.com/gpu.topology.losses and metax-tech.com/gpu.topology.scores,
 * which HAMi's MetaxDevices.ScoreNode reads (pkg/device/metax/device.go,
 * v2.6.1 ... v2.10.0; sched/hami/metax_score.c).
 */
#ifndef GS_METAX_TOPO_H
#define GS_METAX_TOPO_H

#include <stdint.h>

#include "load/yamltree.h"
#include "model/model.h"

#define METAX_LOSS_ANNO		"metax-tech.com/gpu.topology.losses"
#define METAX_SCORE_ANNO	"metax-tech.com/gpu.topology.scores"

/*
 * Decode s as parseMetaxAnnos does (json.Unmarshal into map[int]int)
 * into *t (present, its entries, last of one index winning).  Returns
 * 0; -1 when Unmarshal fails (t->valid 0, no entries: HAMi reads 0 for
 * every index), with a one-line reason in why.
 */
int	gs_metax_topo_decode(const char *s, struct gs_metax_topo *t,
	    char *why, size_t whylen);
/* parseMetaxAnnos(annos, index): the value of index, 0 when the
 * annotation does not decode or has no such index. */
int64_t	gs_metax_topo_value(const struct gs_metax_topo *t, int64_t index);
/* Both annotations of a Node (its annotations annos) onto n, with a
 * warning for one that HAMi cannot decode. */
int	gs_load_metax_topo(const struct yt_file *, const struct yt_node *annos,
	    struct gs_node *n, struct gs_warnings *, struct gs_error *);

#endif
