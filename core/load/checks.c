/*
 * load/checks.c: checks shared by the loaders: known keys, string maps,
 * decimal numbers.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load/load.h"

int
gs_check_keys(const struct yt_file *f, const struct yt_node *map,
    const char *const *allowed, const char *what, struct gs_error *err)
{
	size_t	i, j;
	char	list[384];
	size_t	off = 0;

	for (i = 0; i < yt_map_len(map); i++) {
		const char *k = yt_key(map, i)->str;

		for (j = 0; allowed[j] != NULL; j++)
			if (strcmp(allowed[j], k) == 0)
				break;
		if (allowed[j] != NULL)
			continue;
		list[0] = '\0';
		for (j = 0; allowed[j] != NULL && off < sizeof list; j++)
			off += (size_t)snprintf(list + off, sizeof list - off,
			    "%s%s", j ? ", " : "", allowed[j]);
		return yt_error(f, yt_key(map, i), err,
		    "unknown key '%s' in %s (expected one of: %s)", k, what,
		    list);
	}
	return 0;
}

int
gs_load_string_map(const struct yt_file *f, const struct yt_node *n,
    const char *what, struct gs_kvlist *out, struct gs_error *err)
{
	size_t		i;
	const char	*v;

	if (yt_is_null(n))
		return 0;
	if (yt_expect(f, n, YT_MAP, what, err) != 0)
		return -1;
	for (i = 0; i < yt_map_len(n); i++) {
		const struct yt_node *val = yt_val(n, i);

		if (yt_is_null(val))
			v = "";
		else if (val->type != YT_SCALAR)
			return yt_error(f, val, err, "'%s' values must be "
			    "strings, got %s for '%s'", what,
			    yt_type_name(val), yt_key(n, i)->str);
		else
			v = val->str;
		gs_kv_set(out, yt_key(n, i)->str, v);
	}
	return 0;
}

int
gs_load_double(const struct yt_file *f, const struct yt_node *n,
    const char *what, double min, double max, double *out,
    struct gs_error *err)
{
	const char	*s;
	char		*end;
	double		 v;

	if (yt_string(f, n, what, &s, err) != 0)
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (end == s || *end != '\0' || errno == ERANGE || !isfinite(v))
		return yt_error(f, n, err, "'%s' must be a number, got '%s'",
		    what, s);
	if (v < min || v > max)
		return yt_error(f, n, err, "'%s' must be between %g and %g, "
		    "got '%s'", what, min, max, s);
	*out = v;
	return 0;
}
