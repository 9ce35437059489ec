/*
 * util/util.h: allocation helpers that never return NULL, the error record
 * every fallible core function fills, and a few string helpers.
 *
 * Errors: core functions return 0 on success and -1 on failure, after filling
 * a caller-owned struct gs_error (file, 1-based line and column, message).
 * Core code never prints to stdout and never calls exit(); running out of
 * memory aborts, as tmux's x* allocators do.
 */
#ifndef GS_UTIL_H
#define GS_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

struct gs_error {
	char	file[256];
	int	line;		/* 1-based; 0 when unknown */
	int	col;		/* 1-based; 0 when unknown */
	char	msg[512];
	int	io;		/* an I/O failure (missing file, full
				   disk), not a fault in the content */
};

void	*xmalloc(size_t);
void	*xcalloc(size_t, size_t);
void	*xreallocarray(void *, size_t, size_t);
char	*xstrdup(const char *);
char	*xstrndup(const char *, size_t);
char	*xasprintf(const char *, ...) __attribute__((format(printf, 1, 2)));
char	*xvasprintf(const char *, va_list) __attribute__((format(printf, 1, 0)));

/* "a" or "an" before a model name read letter by letter or as a word
 * (an A100, an H100, an L4, a T4, a GH200). */
const char *gs_article(const char *word);

/* Grow *arr (element size sz) so that it holds at least n elements. */
void	 grow_array(void *arr, size_t *cap, size_t n, size_t sz);

/* Fill err and return -1. file may be NULL. */
int	 gs_error_set(struct gs_error *, const char *file, int line, int col,
	     const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* A decoder's one-line reason: why (len bytes) = the formatted text;
 * returns -1. */
int	 gs_why(char *why, size_t len, const char *fmt, ...)
	     __attribute__((format(printf, 3, 4)));
/* The same for an I/O failure: "FILE: what: strerror(errnum)", io set. */
int	 gs_error_io(struct gs_error *, const char *file, const char *what,
	     int errnum);
/* Format "FILE:LINE:COL: msg" (parts omitted when unknown) into buf. */
void	 gs_error_format(const struct gs_error *, char *buf, size_t len);

/*
 * Read a whole file (or standard input for "-"); NUL-terminated.  Every
 * input goes through here: a directory, a device or more than 256 MiB is
 * an error naming the file.
 */
int	 gs_read_file(const char *path, char **data, size_t *len,
	     struct gs_error *);

int	 gs_streq(const char *, const char *);
/*
 * Go's strings.TrimSpace for ASCII white space (space, \t to \r): narrow
 * the span [*s, *s + *len) to its trimmed part.
 */
void	 gs_trim_span(const char **s, size_t *len);
/* Go's strconv.ParseBool: 1 or 0, -1 for anything else. */
int	 gs_go_parse_bool(const char *s);
/*
 * Go's strconv.ParseInt(s, 10, 64) of the span [s, s + len): an optional
 * sign, then decimal digits, within int64; -1 otherwise (*v untouched).
 */
int	 gs_go_parse_int64(const char *s, size_t len, int64_t *v);
/* Case-sensitive substring test that treats "" as contained everywhere (Go). */
int	 gs_contains(const char *haystack, const char *needle);

/*
 * Hashing names for the hash tables: FNV-1a over s's bytes, going on from
 * h (GS_HASH_START at first), and MurmurHash3's finalizer, which makes
 * the low bits (a slot) depend on every byte.
 */
#define GS_HASH_START	14695981039346656037ULL
uint64_t gs_hash_str(uint64_t h, const char *s);
uint64_t gs_hash_mix(uint64_t h);

#endif
