/*
 * run.c: `make bench`'s stopwatch.  Runs one command as a whole process,
 * its standard output to a file (-o, default /dev/null) and its standard
 * error to /dev/null, stops it after -t CPU seconds (default 120:
 * RLIMIT_CPU, so that the limit means the same on a busy machine; and
 * after 10 times as many wall seconds, should it wait on something), and
 * prints one line: wall seconds, CPU seconds (user + system: on a shared
 * machine the wall clock counts other processes' turns too), peak
 * resident memory in KiB (getrusage's RUSAGE_CHILDREN: this process waits
 * for no other child) and how it ended: its exit status, "limit" when it
 * was stopped at a limit, or "sigN".
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double
now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
child(const char *out, double limit, char **argv)
{
	struct rlimit	rl;
	int		fo = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	int		fe = open("/dev/null", O_WRONLY);

	/* SIGXCPU at the limit, SIGKILL a second later. */
	rl.rlim_cur = (rlim_t)limit;
	rl.rlim_max = (rlim_t)limit + 1;
	if (setrlimit(RLIMIT_CPU, &rl) != 0) {
		perror("run: setrlimit");
		_exit(127);
	}

	if (fo < 0 || fe < 0 || dup2(fo, 1) < 0 || dup2(fe, 2) < 0) {
		perror(out);
		_exit(127);
	}
	close(fo);
	close(fe);
	execvp(argv[0], argv);
	fprintf(stdout, "run: %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

int
main(int argc, char **argv)
{
	const struct timespec	tick = { 0, 5000000 };
	const char		*out = "/dev/null";
	double			 limit = 120, t0, dt, cpu;
	struct rusage		 ru;
	pid_t			 pid, w;
	int			 c, st, killed = 0;

	while ((c = getopt(argc, argv, "+o:t:")) != -1) {
		if (c == 'o')
			out = optarg;
		else if (c == 't' && atoi(optarg) > 0)
			limit = atoi(optarg);
		else
			goto usage;
	}
	if (optind >= argc)
		goto usage;
	t0 = now();
	if ((pid = fork()) < 0) {
		perror("run: fork");
		return 4;
	}
	if (pid == 0)
		child(out, limit, argv + optind);
	while ((w = waitpid(pid, &st, WNOHANG)) == 0) {
		if (!killed && now() - t0 >= 10 * limit) {
			kill(pid, SIGKILL);
			killed = 1;
		}
		nanosleep(&tick, NULL);
	}
	dt = now() - t0;
	if (w < 0) {
		perror("run: waitpid");
		return 4;
	}
	getrusage(RUSAGE_CHILDREN, &ru);
	cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
	    (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
	printf("%.3f %.3f %ld ", dt, cpu, ru.ru_maxrss);
	if (killed || (WIFSIGNALED(st) && (WTERMSIG(st) == SIGXCPU ||
	    (WTERMSIG(st) == SIGKILL && cpu >= limit))))
		printf("limit\n");
	else if (WIFEXITED(st))
		printf("%d\n", WEXITSTATUS(st));
	else
		printf("sig%d\n", WTERMSIG(st));
	return 0;
usage:
	fprintf(stderr, "usage: run [-o OUT] [-t CPU-SECONDS] COMMAND [ARG...]\n");
	return 2;
}
