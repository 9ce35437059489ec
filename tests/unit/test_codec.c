/*
 * test_codec.c: hami.io/node-nvidia-register in its text and JSON forms.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/CUnit.h>

#include "suites.h"
#include "../../core/load/load.h"
#include "../../core/load/register_codec.h"
#include "../../core/util/util.h"

static void
test_text_form(void)
{
	struct gs_device	*d;
	size_t			 n;
	char			 why[128], *enc;
	const char		*s = "GPU-a,10,15360,100,NVIDIA-Tesla T4,0,true,"
				    "0,hami-core:GPU-b,10,15360,100,NVIDIA-"
				    "Tesla T4,1,false,1,mps:";

	CU_ASSERT_EQUAL_FATAL(hami_register_decode(s, &d, &n, why,
	    sizeof why), 0);
	CU_ASSERT_EQUAL_FATAL(n, 2);
	CU_ASSERT_STRING_EQUAL(d[0].id, "GPU-a");
	CU_ASSERT_EQUAL(d[0].count, 10);
	CU_ASSERT_EQUAL(d[0].devmem, 15360);
	CU_ASSERT_EQUAL(d[0].devcore, 100);
	CU_ASSERT_STRING_EQUAL(d[0].type, "NVIDIA-Tesla T4");
	CU_ASSERT_EQUAL(d[1].numa, 1);
	CU_ASSERT_EQUAL(d[1].health, 0);
	CU_ASSERT_EQUAL(d[1].index, 1);
	CU_ASSERT_STRING_EQUAL(d[1].mode, "mps");
	enc = hami_register_encode_text(d, n);
	CU_ASSERT_STRING_EQUAL(enc, s);
	free(enc);
	gs_devices_free(d, n);
}

static void
test_seven_fields(void)
{
	struct gs_device	*d;
	size_t			 n;
	char			 why[128];

	CU_ASSERT_EQUAL_FATAL(hami_register_decode("GPU-x,4,8000,100,NVIDIA-"
	    "X,0,true:", &d, &n, why, sizeof why), 0);
	CU_ASSERT_EQUAL(n, 1);
	CU_ASSERT_STRING_EQUAL(d[0].mode, "hami-core");
	CU_ASSERT_EQUAL(d[0].index, 0);
	gs_devices_free(d, n);
}

static void
test_json_form(void)
{
	struct gs_device	*d;
	size_t			 n;
	char			 why[128];

	CU_ASSERT_EQUAL_FATAL(hami_register_decode(" [{\"id\":\"GPU-1\","
	    "\"count\":10,\"devmem\":23028,\"devcore\":100,\"type\":\"NVIDIA "
	    "A10G\",\"mode\":\"hami-core\",\"health\":true},{\"id\":\"GPU-2\","
	    "\"index\":1,\"numa\":1,\"count\":10,\"devmem\":23028}]", &d, &n,
	    why, sizeof why), 0);
	CU_ASSERT_EQUAL_FATAL(n, 2);
	CU_ASSERT_EQUAL(d[0].index, 0);
	CU_ASSERT_EQUAL(d[0].numa, 0);
	CU_ASSERT_EQUAL(d[0].health, 1);
	CU_ASSERT_EQUAL(d[1].health, 0);	/* omitempty false */
	CU_ASSERT_EQUAL(d[1].numa, 1);
	CU_ASSERT_STRING_EQUAL(d[1].type, "");
	gs_devices_free(d, n);
}

static void
test_rejects(void)
{
	static const char *const bad[] = {
		"",
		"no colon at all",
		"GPU-a,10,15360,100,T4,0,true,0:",		/* 8 fields */
		"GPU-a,ten,15360,100,T4,0,true,0,hami-core:",
		"GPU-a,10,15360,100,T4,0,yes,0,hami-core:",
		"GPU-a,10,99999999999,100,T4,0,true,0,hami-core:",
		",10,15360,100,T4,0,true,0,hami-core:",
		"[{\"id\": 5}]",
		"[{\"id\": \"a\", \"count\": \"10\"}]",
		"[{\"id\": \"a\", \"health\": 1}]",
		"[1]",
		"[{\"id\":\"a\"},",
		"{\"id\": \"a\"}",
		/* negative counts, memory and cores (HAMi takes them) */
		"GPU-a,-10,15360,100,T4,0,true,0,hami-core:",
		"GPU-a,10,-15360,100,T4,0,true,0,hami-core:",
		"GPU-a,10,15360,-100,T4,0,true,0,hami-core:",
		"[{\"id\": \"a\", \"count\": -1}]",
		"[{\"id\": \"a\", \"devmem\": -1}]",
		"[{\"id\": \"a\", \"devcore\": -1}]",
		NULL
	};
	struct gs_device	*d;
	size_t			 n;
	char			 why[128];
	int			 i;

	for (i = 0; bad[i] != NULL; i++) {
		why[0] = '\0';
		CU_ASSERT_EQUAL(hami_register_decode(bad[i], &d, &n, why,
		    sizeof why), -1);
		CU_ASSERT_NOT_EQUAL(why[0], '\0');
	}
}

static void
test_handshake_time(void)
{
	CU_ASSERT_EQUAL(gs_handshake_time("Requesting_1970-01-02 00:00:00"),
	    86400);
	CU_ASSERT_EQUAL(gs_handshake_time("Requesting_2024-03-01 00:00:00"),
	    1709251200);
	CU_ASSERT_EQUAL(gs_handshake_time("Requesting_2026-11-22 13:32:05"),
	    1795354325);
	CU_ASSERT_EQUAL(gs_handshake_time("Requesting_yesterday"), INT64_MIN);
	CU_ASSERT_EQUAL(gs_handshake_time("Deleted"), INT64_MIN);
}

/*
 * The Go strconv rules the readers share (util/util.c): ParseBool takes
 * exactly 1 t T TRUE true True and 0 f F FALSE false False; ParseInt(s,
 * 10, 64) an optional sign and decimal digits within int64, on a span.
 */
static void
test_go_strconv(void)
{
	int64_t	v = 7;

	CU_ASSERT_EQUAL(gs_go_parse_bool("T"), 1);
	CU_ASSERT_EQUAL(gs_go_parse_bool("True"), 1);
	CU_ASSERT_EQUAL(gs_go_parse_bool("0"), 0);
	CU_ASSERT_EQUAL(gs_go_parse_bool("FALSE"), 0);
	CU_ASSERT_EQUAL(gs_go_parse_bool("yes"), -1);
	CU_ASSERT_EQUAL(gs_go_parse_bool("tRUE"), -1);
	CU_ASSERT_EQUAL(gs_go_parse_bool(""), -1);
	CU_ASSERT_EQUAL(gs_go_parse_int64("+42", 3, &v), 0);
	CU_ASSERT_EQUAL(v, 42);
	/* The span ends before "9": 12, not 129. */
	CU_ASSERT_EQUAL(gs_go_parse_int64("-129", 3, &v), 0);
	CU_ASSERT_EQUAL(v, -12);
	CU_ASSERT_EQUAL(gs_go_parse_int64("9223372036854775807", 19, &v), 0);
	CU_ASSERT_EQUAL(v, INT64_MAX);
	CU_ASSERT_EQUAL(gs_go_parse_int64("-9223372036854775808", 20, &v), 0);
	CU_ASSERT_EQUAL(v, INT64_MIN);
	/* Refusals leave v as it was. */
	CU_ASSERT_EQUAL(gs_go_parse_int64("9223372036854775808", 19, &v), -1);
	CU_ASSERT_EQUAL(gs_go_parse_int64(" 1", 2, &v), -1);
	CU_ASSERT_EQUAL(gs_go_parse_int64("-", 1, &v), -1);
	CU_ASSERT_EQUAL(gs_go_parse_int64("", 0, &v), -1);
	CU_ASSERT_EQUAL(gs_go_parse_int64("1_0", 3, &v), -1);
	CU_ASSERT_EQUAL(v, INT64_MIN);
}

CU_TestInfo codec_tests[] = {
	{ "node-handshake times (UTC)", test_handshake_time },
	{ "v2.5-2.7 text form round-trips", test_text_form },
	{ "v2.4 seven-field form", test_seven_fields },
	{ "v2.8+ JSON form with omitempty", test_json_form },
	{ "malformed annotations are refused", test_rejects },
	{ "Go's ParseBool and ParseInt, shared", test_go_strconv },
	CU_TEST_INFO_NULL,
};
