/*
 * util/suggest.h: "did you mean": the Damerau-Levenshtein distance (optimal
 * string alignment: insert, delete, substitute, swap two neighbours) and
 * the nearest of a list of valid words, for misspelled flags, values and
 * subcommands.
 */
#ifndef GS_SUGGEST_H
#define GS_SUGGEST_H

#include <stddef.h>

/* Longest word compared; longer ones are never near anything. */
#define GS_SUGGEST_MAX	128

/* Edit distance between a and b, ASCII letters compared without case;
 * (size_t)-1 when either is longer than GS_SUGGEST_MAX. */
size_t		 gs_edit_distance(const char *a, const char *b);
/*
 * The candidate nearest to word, or NULL when none is near: a distance of
 * at most a third of the shorter length (at least 1) and below that
 * length, so that "x" suggests nothing.  Among equals, the longest common
 * prefix wins ("2.1": "2.10", not "2.6"), then the first listed.
 */
const char	*gs_suggest(const char *word, const char *const *cands,
		    size_t n);
/* The same, and the distance at most max as well (lint: a few typos in a
 * long annotation key, not a third of it). */
const char	*gs_suggest_within(const char *word,
		    const char *const *cands, size_t n, size_t max);

#endif
