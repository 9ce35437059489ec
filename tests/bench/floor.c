/*
 * floor.c: `make bench`'s floor.  Reads each file named into memory and
 * runs libyaml's event loop over it (yaml_parser_parse until STREAM-END,
 * nothing built): no reader of YAML can be faster, so the seconds this
 * takes are the floor gpusched's whole run is compared with.  Prints the
 * best of --repeat runs (default 3): CPU seconds of this process (as
 * bench-run measures gpusched), wall seconds, and the events.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <yaml.h>

static double
now(clockid_t clock)
{
	struct timespec	ts;

	clock_gettime(clock, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Read path whole; returns its length, or -1 with a message. */
static long
slurp(const char *path, unsigned char **buf)
{
	FILE	*f = fopen(path, "rb");
	long	 len;

	if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) != 0) {
		perror(path);
		if (f != NULL)
			fclose(f);
		return -1;
	}
	if ((*buf = malloc((size_t)len + 1)) == NULL ||
	    fread(*buf, 1, (size_t)len, f) != (size_t)len) {
		perror(path);
		fclose(f);
		return -1;
	}
	fclose(f);
	return len;
}

/* The event loop over one file; returns its events, or -1. */
static long
events(const char *path)
{
	yaml_parser_t	 p;
	yaml_event_t	 ev;
	unsigned char	*buf = NULL;
	long		 len, n = 0;
	int		 done = 0;

	if ((len = slurp(path, &buf)) < 0)
		return -1;
	yaml_parser_initialize(&p);
	yaml_parser_set_input_string(&p, buf, (size_t)len);
	while (!done) {
		if (!yaml_parser_parse(&p, &ev)) {
			fprintf(stderr, "floor: %s:%zu:%zu: %s\n", path,
			    p.problem_mark.line + 1, p.problem_mark.column + 1,
			    p.problem != NULL ? p.problem : "parse error");
			n = -1;
			break;
		}
		done = ev.type == YAML_STREAM_END_EVENT;
		yaml_event_delete(&ev);
		n++;
	}
	yaml_parser_delete(&p);
	free(buf);
	return n;
}

int
main(int argc, char **argv)
{
	double	 best = -1, wbest = -1, t0, w0, dt, wt;
	long	 n, total = 0;
	int	 i, first = 1, rep, repeat = 3;

	if (argc > 2 && strcmp(argv[1], "--repeat") == 0) {
		repeat = atoi(argv[2]);
		first = 3;
	}
	if (first >= argc || repeat < 1) {
		fprintf(stderr, "usage: floor [--repeat N] FILE...\n");
		return 2;
	}
	for (rep = 0; rep < repeat; rep++) {
		total = 0;
		t0 = now(CLOCK_PROCESS_CPUTIME_ID);
		w0 = now(CLOCK_MONOTONIC);
		for (i = first; i < argc; i++) {
			if ((n = events(argv[i])) < 0)
				return 3;
			total += n;
		}
		dt = now(CLOCK_PROCESS_CPUTIME_ID) - t0;
		wt = now(CLOCK_MONOTONIC) - w0;
		if (best < 0 || dt < best)
			best = dt;
		if (wbest < 0 || wt < wbest)
			wbest = wt;
	}
	printf("%.3f %.3f %ld\n", best, wbest, total);
	return 0;
}
