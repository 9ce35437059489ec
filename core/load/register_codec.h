/*
 * load/register_codec.h: the hami.io/node-nvidia-register node annotation, in
 * both forms HAMi has written: v2.5-v2.7 text
 * ("id,count,devmem,devcore,type,numa,health,index,mode:" per GPU; the
 * 7-field v2.4 form too) and the v2.8+ JSON array.
 */
#ifndef GS_REGISTER_CODEC_H
#define GS_REGISTER_CODEC_H

#include <stddef.h>
#include <stdint.h>

#include "model/model.h"

#define HAMI_REGISTER_ANNO	"hami.io/node-nvidia-register"

/*
 * Decode s into a new array of devices (registration order).  Returns 0,
 * or -1 with a one-line reason in why.  The caller frees *devs with
 * gs_devices_free.
 */
int	hami_register_decode(const char *s, struct gs_device **devs,
	    size_t *ndevs, char *why, size_t whylen);
/* Is s in the JSON form (an array, after blanks)? */
int	hami_register_is_json(const char *s);
/* Encode devices in the v2.5-v2.7 text form (caller frees). */
char	*hami_register_encode_text(const struct gs_device *, size_t);
void	gs_devices_free(struct gs_device *, size_t);
/* strconv.ParseInt(s, 10, 32), strictly: 0, or -1 when Go refuses s
 * (shared with load/volcano_node.c; ParseBool is util's gs_go_parse_bool). */
int	gs_parse_go_i32(const char *s, int32_t *out);

#endif
