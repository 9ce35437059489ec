/*
 * strict.c: strict flags.  An enum flag's value is checked against the
 * real table of valid values (output formats, policies, profiles, HAMi
 * versions, subcommands); a wrong one is a usage error that lists them and
 * suggests the nearest ("did you mean"), and so is a misspelled long flag.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <argtable2.h>

#include "cmd.h"
#include "../core/sched/hami/hami.h"
#include "../core/sched/policy.h"
#include "../core/util/suggest.h"

#define MAX_NAMES	64

void
cmd_enum_error(const char *cmd, const char *flag, const char *value,
    const char *const *valid, size_t n)
{
	const char	*near = gs_suggest(value, valid, n);
	size_t		 i;

	fputs("gpusched: ", stderr);
	if (cmd != NULL)
		fprintf(stderr, "%s: ", cmd);
	fprintf(stderr, "unknown %s '%s'; valid: ", flag, value);
	for (i = 0; i < n; i++)
		fprintf(stderr, "%s%s", i == 0 ? "" : ", ", valid[i]);
	if (near != NULL)
		fprintf(stderr, " (did you mean '%s'?)", near);
	fputc('\n', stderr);
}

int
cmd_enum(const char *cmd, const char *flag, const char *value,
    const char *const *valid, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		if (strcmp(value, valid[i]) == 0)
			return EXIT_OK;
	cmd_enum_error(cmd, flag, value, valid, n);
	return EXIT_USAGE;
}

int
cmd_check_profile(const char *cmd, const char *flag, const char *name)
{
	const struct gs_policy	*p;
	const char		*names[MAX_NAMES];
	size_t			 i, n = 0;

	/* The device view's policies; a replay-only one is named as such. */
	if (gs_policy_find(name) == NULL && (p = gs_policy_lookup(name, 0)) !=
	    NULL && p->hami_node != NULL && p->hami_gpu != NULL) {
		cmd_errorf("%s%s%s '%s' is replay's only; here it is --profile "
		    "%s --node-policy %s --gpu-policy %s --ignore-pod-policies",
		    cmd != NULL ? cmd : "", cmd != NULL ? ": " : "", flag, name,
		    gs_policy_hami_profile(p)->name, p->hami_node, p->hami_gpu);
		return EXIT_USAGE;
	}
	for (i = 0; gs_policies[i] != NULL && n < MAX_NAMES; i++)
		if (gs_policies[i]->views & GS_VIEW_DEVICE)
			names[n++] = gs_policies[i]->name;
	return cmd_enum(cmd, flag, name, names, n);
}

int
cmd_check_hami_version(const char *cmd, const char *value)
{
	char		 buf[MAX_NAMES][16];
	const char	*names[MAX_NAMES];
	const char	*v;
	size_t		 n;

	if (hami_profile_for_version(value) != NULL)
		return EXIT_OK;
	/* Listed as written in flags, "v2.6"; compared the same way. */
	for (n = 0; n < MAX_NAMES && (v = hami_version_name(n)) != NULL; n++) {
		snprintf(buf[n], sizeof buf[n], "%s%s", value[0] == 'v' ||
		    value[0] == 'V' ? "v" : "", v);
		names[n] = buf[n];
	}
	cmd_enum_error(cmd, "--hami-version", value, names, n);
	return EXIT_USAGE;
}

int
cmd_check_node_policy(const char *cmd, const char *flag, const char *value)
{
	/* HAMi's node policies: exactly "spread", else binpack. */
	static const char *const names[] = { "binpack", "spread" };

	return cmd_enum(cmd, flag, value, names, 2);
}

int
cmd_check_gpu_policy(const char *cmd, const char *flag, const char *value,
    const struct hami_profile *hp)
{
	const char *const *names;
	size_t		 n = hami_gpu_policy_names(hp, &names);
	char		*entry, what[64];

	if (hami_gpu_policy_known(value, hp))
		return EXIT_OK;
	/* A list (v2.10): name the first entry HAMi does not know. */
	if ((entry = hami_gpu_policy_unknown(value, hp)) == NULL) {
		cmd_enum_error(cmd, flag, value, names, n);
		return EXIT_USAGE;
	}
	snprintf(what, sizeof what, "%s entry", flag);
	cmd_enum_error(cmd, what, entry, names, n);
	free(entry);
	return EXIT_USAGE;
}

/* The long options of an argtable (without their --) into names. */
static size_t
long_options(void **table, char buf[][48], const char **names, size_t max)
{
	struct arg_hdr	**t = (struct arg_hdr **)table;
	const char	*p, *comma;
	size_t		 i, n = 0, len;

	for (i = 0; n < max; i++) {
		for (p = t[i]->longopts; p != NULL && *p != '\0' && n < max;
		    p = *comma ? comma + 1 : comma) {
			comma = p + strcspn(p, ",");
			len = (size_t)(comma - p);
			if (len == 0 || len + 1 > sizeof buf[n])
				continue;
			snprintf(buf[n], sizeof buf[n], "%.*s", (int)len, p);
			names[n] = buf[n];
			n++;
		}
		if (t[i]->flag & ARG_TERMINATOR)
			break;
	}
	return n;
}

void
cmd_arg_errors(const char *prefix, void **table, struct arg_end *end)
{
	char		 buf[MAX_NAMES][48], opt[48];
	const char	*names[MAX_NAMES], *near;
	size_t		 n;
	int		 i;

	arg_print_errors(stderr, end, prefix);
	n = long_options(table, buf, names, MAX_NAMES);
	for (i = 0; i < end->count; i++) {
		const char *a = end->argval[i];

		if (end->error[i] != ARG_ELONGOPT || a == NULL ||
		    strncmp(a, "--", 2) != 0)
			continue;
		snprintf(opt, sizeof opt, "%.*s", (int)strcspn(a + 2, "="),
		    a + 2);
		if ((near = gs_suggest(opt, names, n)) != NULL)
			fprintf(stderr, "%s: --%s: did you mean '--%s'?\n",
			    prefix, opt, near);
	}
}
