/*
 * plan/whatif.c: scenario edits and the placement differences they cause.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/ident.h"
#include "plan/whatif.h"
#include "util/util.h"

static int
why_set(char *why, size_t len, const char *msg, const char *arg)
{
	snprintf(why, len, msg, arg);
	return -1;
}

/* "NAME=INTEGER" */
static int
parse_assign(const char *arg, struct gs_edit *e, int64_t min, int64_t max,
    char *why, size_t len)
{
	const char	*eq = strchr(arg, '=');
	char		*end;
	long long	 v;

	if (eq == NULL || eq == arg || eq[1] == '\0')
		return why_set(why, len, "'%s' is not NAME=NUMBER", arg);
	errno = 0;
	v = strtoll(eq + 1, &end, 10);
	if (*end != '\0' || errno != 0 || v < min || v > max)
		return why_set(why, len, "'%s': the number is out of range or "
		    "not an integer", arg);
	e->target = xstrndup(arg, (size_t)(eq - arg));
	e->value = v;
	return 0;
}

int
gs_edit_parse(enum gs_edit_kind kind, const char *arg, struct gs_edit *e,
    char *why, size_t len)
{
	char	*copy, *tok, *save = NULL;
	char	*end;
	long	 v;

	memset(e, 0, sizeof *e);
	e->kind = kind;
	switch (kind) {
	case ED_REMOVE_NODE:
	case ED_DRAIN_NODE:
		if (*arg == '\0')
			return why_set(why, len, "empty node name%s", "");
		e->target = xstrdup(arg);
		break;
	case ED_SET_SPLIT:
		errno = 0;
		v = strtol(arg, &end, 10);
		if (*arg == '\0' || *end != '\0' || errno != 0 || v < 1 ||
		    v > 1000000)
			return why_set(why, len, "split count '%s' must be an "
			    "integer from 1 to 1000000", arg);
		e->value = v;
		break;
	case ED_SET_POLICY:
		copy = xstrdup(arg);
		for (tok = strtok_r(copy, ",", &save); tok != NULL;
		    tok = strtok_r(NULL, ",", &save)) {
			char **dst = strncmp(tok, "node=", 5) == 0 ?
			    &e->node_policy : strncmp(tok, "gpu=", 4) == 0 ?
			    &e->gpu_policy : NULL;

			if (dst == NULL) {
				free(copy);
				gs_edit_release(e);
				return why_set(why, len, "'%s' is not "
				    "node=POLICY,gpu=POLICY", arg);
			}
			free(*dst);
			*dst = xstrdup(strchr(tok, '=') + 1);
		}
		free(copy);
		if (e->node_policy == NULL && e->gpu_policy == NULL)
			return why_set(why, len, "'%s' sets no policy", arg);
		break;
	case ED_SCALE:
		if (parse_assign(arg, e, 0, 100000, why, len) != 0)
			return -1;
		break;
	case ED_SET_GPUMEM:
		if (parse_assign(arg, e, 1, INT32_MAX, why, len) != 0)
			return -1;
		break;
	}
	e->text = xstrdup(arg);
	return 0;
}

void
gs_edit_release(struct gs_edit *e)
{
	free(e->text);
	free(e->target);
	free(e->node_policy);
	free(e->gpu_policy);
	memset(e, 0, sizeof *e);
}

static void
remove_node(struct gs_cluster *c, struct gs_workload *w, long idx)
{
	size_t	i;

	gs_node_release(&c->nodes[idx]);
	memmove(&c->nodes[idx], &c->nodes[idx + 1],
	    (c->nnodes - (size_t)idx - 1) * sizeof *c->nodes);
	c->nnodes--;
	gs_cluster_names_drop(c);
	/* DaemonSet pods pinned to it go with it; the others shift. */
	for (i = 0; i < w->npods; i++) {
		if (w->pods[i].pinned_node == idx) {
			gs_pod_release(&w->pods[i]);
			memmove(&w->pods[i], &w->pods[i + 1],
			    (w->npods - i - 1) * sizeof *w->pods);
			w->npods--;
			i--;
		} else if (w->pods[i].pinned_node > idx)
			w->pods[i].pinned_node--;
	}
}

static int
scale(struct gs_workload *w, const char *name, size_t want)
{
	size_t	i, have = 0, last = 0, first = w->npods;

	for (i = 0; i < w->npods; i++)
		if (strcmp(w->pods[i].workload, name) == 0) {
			if (first == w->npods)
				first = i;
			have++;
			last = i;
		}
	if (have == 0)
		return -1;
	/* Fewer: drop the highest-numbered pods. */
	while (have > want) {
		gs_pod_release(&w->pods[last]);
		memmove(&w->pods[last], &w->pods[last + 1],
		    (w->npods - last - 1) * sizeof *w->pods);
		w->npods--;
		have--;
		for (last = i = 0; i < w->npods; i++)
			if (strcmp(w->pods[i].workload, name) == 0)
				last = i;
	}
	/* More: copies of the first pod after the last one. */
	while (have < want) {
		struct gs_pod	p;

		gs_pod_copy(&p, &w->pods[first]);
		free(p.name);
		p.name = xasprintf("%s-%zu", name, have);
		gs_workload_add(w);
		memmove(&w->pods[last + 2], &w->pods[last + 1],
		    (w->npods - last - 2) * sizeof *w->pods);
		w->pods[++last] = p;
		have++;
	}
	return 0;
}

int
gs_edits_apply(const struct gs_edit *e, size_t n, struct gs_cluster *c,
    struct gs_workload *w, struct gs_config *cfg, char *why, size_t len)
{
	size_t	k, i, j, hit;
	long	idx;

	for (k = 0; k < n; k++)
		switch (e[k].kind) {
		case ED_REMOVE_NODE:
		case ED_DRAIN_NODE:
			if ((idx = gs_cluster_find(c, e[k].target)) < 0)
				return why_set(why, len, "no node named '%s'",
				    e[k].target);
			if (e[k].kind == ED_REMOVE_NODE)
				remove_node(c, w, idx);
			break;
		case ED_SET_SPLIT:
			for (i = 0; i < c->nnodes; i++) {
				/* HAMi's deviceSplitCount: the device
				 * plugin's MIG instances and replicas
				 * (issue 18) are not HAMi's to split. */
				for (j = 0; j < c->nodes[i].ndevs; j++)
					if (c->nodes[i].devs[j].kind ==
					    GS_DEV_HAMI)
						c->nodes[i].devs[j].count =
						    (int32_t)e[k].value;
				gs_cluster_touch(c, i);
			}
			break;
		case ED_SET_POLICY:
			gs_config_set_policies(cfg, e[k].node_policy,
			    e[k].gpu_policy);
			cfg->override_policies = 1;
			break;
		case ED_SCALE:
			if (scale(w, e[k].target, (size_t)e[k].value) != 0)
				return why_set(why, len, "no workload named "
				    "'%s'", e[k].target);
			break;
		case ED_SET_GPUMEM:
			for (i = 0, hit = 0; i < w->npods; i++) {
				if (strcmp(w->pods[i].workload,
				    e[k].target) != 0)
					continue;
				hit++;
				for (j = 0; j < w->pods[i].nctrs; j++) {
					struct gs_container *ct =
					    &w->pods[i].ctrs[j];

					if (!ct->lim[GS_RES_GPU].set &&
					    !ct->req[GS_RES_GPU].set &&
					    !ct->lim[GS_RES_GPUMEM].set)
						continue;
					ct->lim[GS_RES_GPUMEM].set = 1;
					ct->lim[GS_RES_GPUMEM].ok = 1;
					ct->lim[GS_RES_GPUMEM].v = e[k].value;
					ct->req[GS_RES_GPUMEM].set = 0;
				}
			}
			if (hit == 0)
				return why_set(why, len, "no workload named "
				    "'%s'", e[k].target);
			break;
		}
	return 0;
}

size_t
gs_edits_drains(const struct gs_edit *e, size_t n, struct gs_cluster *c,
    long **out)
{
	size_t	k, nd = 0;

	*out = xcalloc(n ? n : 1, sizeof **out);
	for (k = 0; k < n; k++)
		if (e[k].kind == ED_DRAIN_NODE)
			(*out)[nd++] = gs_cluster_find(c, e[k].target);
	return nd;
}

int
gs_drain(struct gs_cluster *c, const struct gs_workload *w,
    const struct gs_config *cfg, const struct gs_policy *p,
    struct gs_result *r, long node, struct gs_error *err)
{
	void	*st;
	size_t	 i;
	long	 k;

	for (k = (long)r->npl - 1; k >= 0; k--)
		if (r->pl[k].status == GS_PLACED && r->pl[k].node == node)
			gs_engine_release(c, &r->pl[k], &w->pods[r->pl[k].pod]);
	c->nodes[node].unschedulable = 1;
	st = gs_policy_start(p, c, cfg, w);
	for (i = 0; i < r->npl; i++) {
		struct gs_placement	*pl = &r->pl[i];

		if (pl->status != GS_PLACED || pl->node != node)
			continue;
		gs_placement_release(pl);
		if (gs_policy_decide(p, st, c, &w->pods[i], pl, err) != 0) {
			pl->status = GS_PENDING;	/* released */
			r->placed--;
			r->pending++;
			p->destroy(st);
			return -1;
		}
		pl->pod = i;
		gs_engine_advance(c, pl);
		r->placed -= pl->status != GS_PLACED;
		r->pending += pl->status == GS_PENDING;
		gs_engine_commit(c, pl, &w->pods[i]);
	}
	p->destroy(st);
	return 0;
}

/* "t4-node GPU 3,1" for a placement, or its status. */
static char *
where(const struct gs_cluster *c, const struct gs_placement *pl)
{
	char	*s, *t;
	size_t	 j, k;
	int	 first = 1;

	if (pl == NULL)
		return xstrdup("absent");
	if (pl->status == GS_PENDING)
		return xstrdup("pending");
	if (pl->status == GS_UNMANAGED)
		return xstrdup("no GPU request");
	s = xasprintf("%s GPU", c->nodes[pl->node].name);
	for (j = 0; j < pl->nctrs; j++)
		for (k = 0; k < pl->ctrs[j].ngrants; k++) {
			t = xasprintf("%s%s%d", s, first ? " " : ",",
			    gs_gpu_number(&c->nodes[pl->node],
			    (size_t)pl->ctrs[j].grants[k].dev));
			free(s);
			s = t;
			first = 0;
		}
	return s;
}

/* GPUs by UUID, so renumbered nodes do not count as moves. */
static int
same_place(const struct gs_cluster *c0, const struct gs_placement *a,
    const struct gs_cluster *c1, const struct gs_placement *b)
{
	size_t	j, k;

	if (a->status != b->status)
		return 0;
	if (a->status != GS_PLACED)
		return 1;
	if (strcmp(c0->nodes[a->node].name, c1->nodes[b->node].name) != 0 ||
	    a->nctrs != b->nctrs)
		return 0;
	for (j = 0; j < a->nctrs; j++) {
		if (a->ctrs[j].ngrants != b->ctrs[j].ngrants)
			return 0;
		for (k = 0; k < a->ctrs[j].ngrants; k++)
			if (strcmp(c0->nodes[a->node].devs[a->ctrs[j].grants[k].
			    dev].id, c1->nodes[b->node].devs[b->ctrs[j].
			    grants[k].dev].id) != 0)
				return 0;
	}
	return 1;
}

static void
add_change(struct gs_change **v, size_t *n, const struct gs_pod *pod,
    char *before, char *after, const char *reason)
{
	*v = xreallocarray(*v, *n + 1, sizeof **v);
	(*v)[*n].pod = xstrdup(pod->name);
	(*v)[*n].ns = xstrdup(pod->ns ? pod->ns : GS_DEFAULT_NS);
	(*v)[*n].before = before;
	(*v)[*n].after = after;
	(*v)[(*n)++].reason = reason ? xstrdup(reason) : NULL;
}

/* Placements indexed by pod key, ns/name (sorted), for O(log n) lookups. */
struct by_name {
	char				*name;
	const struct gs_placement	*pl;
};

static int
by_name_cmp(const void *a, const void *b)
{
	return strcmp(((const struct by_name *)a)->name,
	    ((const struct by_name *)b)->name);
}

static struct by_name *
index_pods(const struct gs_workload *w, const struct gs_result *r)
{
	struct by_name	*v = xcalloc(r->npl ? r->npl : 1, sizeof *v);
	size_t		 i;

	for (i = 0; i < r->npl; i++) {
		v[i].name = gs_pod_key(w->pods[r->pl[i].pod].ns,
		    w->pods[r->pl[i].pod].name);
		v[i].pl = &r->pl[i];
	}
	qsort(v, r->npl, sizeof *v, by_name_cmp);
	return v;
}

static const struct gs_placement *
find_pod(const struct by_name *v, size_t n, const struct gs_pod *p)
{
	struct by_name	 key = { gs_pod_key(p->ns, p->name), NULL };
	struct by_name	*hit = bsearch(&key, v, n, sizeof *v, by_name_cmp);

	free(key.name);
	return hit ? hit->pl : NULL;
}

static void
free_index(struct by_name *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		free(v[i].name);
	free(v);
}

void
gs_whatif_diff(const struct gs_cluster *c0, const struct gs_workload *w0,
    const struct gs_result *r0, const struct gs_cluster *c1,
    const struct gs_workload *w1, const struct gs_result *r1,
    struct gs_whatif_diff *d)
{
	struct by_name	*i0 = index_pods(w0, r0), *i1 = index_pods(w1, r1);
	size_t		 i;

	memset(d, 0, sizeof *d);
	for (i = 0; i < r1->npl; i++) {
		const struct gs_placement *b = &r1->pl[i];
		const struct gs_pod *p = &w1->pods[b->pod];
		const struct gs_placement *a = find_pod(i0, r0->npl, p);

		if (a != NULL && same_place(c0, a, c1, b))
			continue;
		if (b->status == GS_PENDING)
			add_change(&d->pending, &d->npending, p,
			    where(c0, a), where(c1, b), b->reason);
		else if (a != NULL && a->status == GS_PLACED &&
		    b->status == GS_PLACED)
			add_change(&d->moved, &d->nmoved, p, where(c0, a),
			    where(c1, b), NULL);
		else if (b->status == GS_PLACED)
			add_change(&d->placed, &d->nplaced, p, where(c0, a),
			    where(c1, b), NULL);
		else
			add_change(&d->other, &d->nother, p, where(c0, a),
			    where(c1, b), NULL);
	}
	for (i = 0; i < r0->npl; i++) {
		const struct gs_pod *p = &w0->pods[r0->pl[i].pod];

		if (find_pod(i1, r1->npl, p) == NULL)
			add_change(&d->other, &d->nother, p,
			    where(c0, &r0->pl[i]), xstrdup("absent"), NULL);
	}
	free_index(i0, r0->npl);
	free_index(i1, r1->npl);
}

static void
free_changes(struct gs_change *v, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		free(v[i].pod);
		free(v[i].ns);
		free(v[i].before);
		free(v[i].after);
		free(v[i].reason);
	}
	free(v);
}

void
gs_whatif_diff_release(struct gs_whatif_diff *d)
{
	free_changes(d->moved, d->nmoved);
	free_changes(d->pending, d->npending);
	free_changes(d->placed, d->nplaced);
	free_changes(d->other, d->nother);
	memset(d, 0, sizeof *d);
}
