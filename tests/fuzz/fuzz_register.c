/*
 * fuzz_register.c: libFuzzer target for the hami.io/node-nvidia-register
 * codecs.  Whatever decodes must encode and decode again to the same
 * devices (text form).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/load/register_codec.h"
#include "../../core/util/util.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gs_device	*d, *d2;
	size_t			 n, n2, i;
	char			 why[128], *s = xstrndup((const char *)data, size);
	char			*enc;

	if (hami_register_decode(s, &d, &n, why, sizeof why) != 0) {
		free(s);
		return 0;
	}
	enc = hami_register_encode_text(d, n);
	/*
	 * Ids, types or modes holding ':' or ',' cannot round-trip, nor can
	 * text that starts like the JSON form ('[' after blanks).
	 */
	if (strspn(enc, " \t\r\n") < strlen(enc) &&
	    enc[strspn(enc, " \t\r\n")] == '[')
		goto out;
	for (i = 0; i < n; i++)
		if (strpbrk(d[i].id, ":,") || strpbrk(d[i].type, ":,") ||
		    strpbrk(d[i].mode, ":,") || d[i].mode[0] == '\0')
			goto out;
	if (hami_register_decode(enc, &d2, &n2, why, sizeof why) != 0 ||
	    n2 != n)
		abort();
	for (i = 0; i < n; i++)
		if (strcmp(d[i].id, d2[i].id) != 0 ||
		    d[i].devmem != d2[i].devmem || d[i].count != d2[i].count ||
		    d[i].numa != d2[i].numa || d[i].index != d2[i].index)
			abort();
	gs_devices_free(d2, n2);
out:
	free(enc);
	gs_devices_free(d, n);
	free(s);
	return 0;
}
