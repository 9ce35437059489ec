/*
 * util/util.c: never-failing allocators, error records, file reading and
 * the few Go string and strconv rules the readers share.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

void *
xmalloc(size_t n)
{
	void	*p;

	if (n == 0)
		n = 1;
	if ((p = malloc(n)) == NULL)
		abort();
	return p;
}

void *
xcalloc(size_t n, size_t sz)
{
	void	*p;

	if (n == 0 || sz == 0)
		n = sz = 1;
	if ((p = calloc(n, sz)) == NULL)
		abort();
	return p;
}

void *
xreallocarray(void *p, size_t n, size_t sz)
{
	if (n == 0 || sz == 0)
		n = sz = 1;
	if (SIZE_MAX / n < sz)
		abort();
	if ((p = realloc(p, n * sz)) == NULL)
		abort();
	return p;
}

const char *
gs_article(const char *word)
{
	/* Vowels, and the letters whose names start with a vowel sound. */
	return word != NULL && word[0] != '\0' &&
	    strchr("AEFHILMNORSXaeio", word[0]) != NULL ? "an" : "a";
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char	*p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
xvasprintf(const char *fmt, va_list ap)
{
	va_list	 ap2;
	int	 n;
	char	*p;

	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		abort();
	p = xmalloc((size_t)n + 1);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	return p;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list	 ap;
	char	*p;

	va_start(ap, fmt);
	p = xvasprintf(fmt, ap);
	va_end(ap);
	return p;
}

void
grow_array(void *arrp, size_t *cap, size_t n, size_t sz)
{
	void	**arr = arrp;
	size_t	  ncap;

	if (n <= *cap)
		return;
	ncap = *cap ? *cap : 8;
	while (ncap < n)
		ncap *= 2;
	*arr = xreallocarray(*arr, ncap, sz);
	*cap = ncap;
}

int
gs_error_set(struct gs_error *err, const char *file, int line, int col,
    const char *fmt, ...)
{
	va_list	ap;

	if (err == NULL)
		return -1;
	snprintf(err->file, sizeof err->file, "%s", file ? file : "");
	err->line = line;
	err->col = col;
	err->io = 0;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
	return -1;
}

int
gs_why(char *why, size_t len, const char *fmt, ...)
{
	va_list	ap;

	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
	return -1;
}

int
gs_error_io(struct gs_error *err, const char *file, const char *what,
    int errnum)
{
	gs_error_set(err, file, 0, 0, "%s: %s", what, strerror(errnum));
	if (err != NULL)
		err->io = 1;
	return -1;
}

void
gs_error_format(const struct gs_error *err, char *buf, size_t len)
{
	if (err->file[0] != '\0' && err->line > 0)
		snprintf(buf, len, "%s:%d:%d: %s", err->file, err->line,
		    err->col > 0 ? err->col : 1, err->msg);
	else if (err->file[0] != '\0')
		snprintf(buf, len, "%s: %s", err->file, err->msg);
	else
		snprintf(buf, len, "%s", err->msg);
}

#define GS_MAX_FILE	(256u << 20)	/* refuse inputs over 256 MiB */

/*
 * What fp is, before anything is read: a directory (an I/O error, as
 * reading it would give) or a device is refused by name (a device such as
 * /dev/zero never ends); a regular file over the
 * cap is refused without reading it.  Pipes and FIFOs are read up to the
 * cap.  Standard input is taken as it is (a terminal, /dev/null).
 */
static int
check_kind(FILE *fp, const char *path, int is_stdin, struct gs_error *err)
{
	struct stat	st;

	if (fstat(fileno(fp), &st) != 0)
		return gs_error_set(err, path, 0, 0, "cannot read: %s",
		    strerror(errno));
	if (S_ISDIR(st.st_mode))
		return gs_error_io(err, path, "read error", EISDIR);
	if (S_ISREG(st.st_mode) && (uintmax_t)st.st_size > GS_MAX_FILE)
		return gs_error_set(err, path, 0, 0, "file is larger than "
		    "256 MiB");
	if (!is_stdin && (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)))
		return gs_error_set(err, path, 0, 0, "is a device, not a "
		    "file");
	return 0;
}

int
gs_read_file(const char *path, char **data, size_t *len, struct gs_error *err)
{
	FILE	*fp;
	char	*buf = NULL;
	size_t	 cap = 0, n = 0, r;
	int	 is_stdin = strcmp(path, "-") == 0;

	if (is_stdin)
		path = "<stdin>";
	fp = is_stdin ? stdin : fopen(path, "rb");
	if (fp == NULL)
		return gs_error_io(err, path, "cannot open", errno);
	if (check_kind(fp, path, is_stdin, err) != 0) {
		if (!is_stdin)
			fclose(fp);
		return -1;
	}
	for (;;) {
		grow_array(&buf, &cap, n + 65536 + 1, 1);
		r = fread(buf + n, 1, cap - n - 1, fp);
		n += r;
		if (n > GS_MAX_FILE) {
			free(buf);
			if (!is_stdin)
				fclose(fp);
			return gs_error_set(err, path, 0, 0,
			    "file is larger than 256 MiB");
		}
		if (r == 0)
			break;
	}
	if (ferror(fp)) {
		int e = errno;

		free(buf);
		if (!is_stdin)
			fclose(fp);
		return gs_error_io(err, path, "read error", e);
	}
	if (!is_stdin)
		fclose(fp);
	buf[n] = '\0';
	*data = buf;
	*len = n;
	return 0;
}

int
gs_streq(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return a == b;
	return strcmp(a, b) == 0;
}

static int
go_space(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

void
gs_trim_span(const char **s, size_t *len)
{
	while (*len > 0 && go_space(**s)) {
		(*s)++;
		(*len)--;
	}
	while (*len > 0 && go_space((*s)[*len - 1]))
		(*len)--;
}

int
gs_go_parse_bool(const char *s)
{
	static const char *const t[] = { "1", "t", "T", "TRUE", "true",
	    "True" }, *const f[] = { "0", "f", "F", "FALSE", "false",
	    "False" };
	size_t	i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		if (strcmp(s, t[i]) == 0)
			return 1;
		if (strcmp(s, f[i]) == 0)
			return 0;
	}
	return -1;
}

int
gs_go_parse_int64(const char *s, size_t len, int64_t *v)
{
	const char	*e = s + len;
	uint64_t	 x = 0, lim;
	int		 neg = 0;

	if (s < e && (*s == '+' || *s == '-'))
		neg = *s++ == '-';
	if (s == e)
		return -1;
	lim = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
	for (; s < e; s++) {
		if (*s < '0' || *s > '9' || x > (lim - (uint64_t)(*s - '0')) /
		    10)
			return -1;
		x = x * 10 + (uint64_t)(*s - '0');
	}
	*v = neg ? (int64_t)(0 - x) : (int64_t)x;
	return 0;
}

int
gs_contains(const char *h, const char *n)
{
	return strstr(h, n) != NULL;
}

uint64_t
gs_hash_str(uint64_t h, const char *s)
{
	for (; *s != '\0'; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ULL;
	}
	return h;
}

uint64_t
gs_hash_mix(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 33;
	return h;
}
