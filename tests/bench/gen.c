/*
 * gen.c: `make bench`'s scenario generator.  Writes a cluster of N nodes
 * x G GPUs and P pods as the ordinary files the CLI reads:
 *
 *   DIR/cluster.yaml      Node objects (multi-document YAML, HAMi v2.6.1's
 *                         text-form register annotation), or with --pools
 *                         the compact form; racks of 8 nodes of one model
 *                         (T4, A10G, L4, A100-40GB, H100) named rack-R-I
 *                         in both forms, so both describe the same cluster
 *   DIR/pods/pods-K.yaml  the pods: bare Pods and Deployments with
 *                         replicas, asking for nvidia.com/gpu, gpumem,
 *                         gpumem-percentage and gpucores, some with HAMi's
 *                         node and GPU policy annotations; --files K splits
 *                         them into K files of about P/K pods each, at
 *                         workload boundaries (the same pods as one file)
 *
 * GSL's mt19937 from a fixed seed: the same arguments write the same bytes
 * on every machine.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <argtable2.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_rng.h>

#define RACK	8

struct model {
	const char	*name;		/* compact form's model */
	const char	*type;		/* the registered type */
	long		 mem;		/* MiB, as the catalogue registers */
};

static const struct model models[] = {
	{ "T4", "NVIDIA-Tesla T4", 15360 },
	{ "A10G", "NVIDIA-NVIDIA A10G", 23028 },
	{ "L4", "NVIDIA-NVIDIA L4", 23034 },
	{ "A100-40GB", "NVIDIA-NVIDIA A100-SXM4-40GB", 40960 },
	{ "H100", "NVIDIA-NVIDIA H100 80GB HBM3", 81559 },
};
#define NMODELS	(sizeof models / sizeof models[0])

static const char *const policies[] = { "binpack", "spread" };

/* path = dir + "/" + name, or exit when it does not fit. */
static void
join(char *path, size_t size, const char *dir, const char *name)
{
	if ((size_t)snprintf(path, size, "%s/%s", dir, name) >= size) {
		fprintf(stderr, "gen: %s: path too long\n", dir);
		exit(2);
	}
}

static FILE *
create(const char *path)
{
	FILE	*f = fopen(path, "w");

	if (f == NULL) {
		fprintf(stderr, "gen: %s: %s\n", path, strerror(errno));
		exit(4);
	}
	return f;
}

static void
finish(FILE *f, const char *path)
{
	if (ferror(f) || fclose(f) != 0) {
		fprintf(stderr, "gen: %s: write error\n", path);
		exit(4);
	}
}

static void
write_cluster(const char *path, long nodes, long gpus, int pools,
    gsl_rng *r)
{
	FILE	*f = create(path);
	long	 rack, i, g, n;

	fprintf(f, "# gpusched bench cluster: %ld nodes x %ld GPUs "
	    "(tests/bench/gen)\n", nodes, gpus);
	if (pools)
		fprintf(f, "kind: Cluster\ndevicePlugin: {deviceSplitCount: "
		    "10, deviceMemoryScaling: 1, deviceCoreScaling: 1}\n"
		    "pools:\n");
	for (rack = 0; rack * RACK < nodes; rack++) {
		const struct model *m = &models[gsl_rng_uniform_int(r,
		    NMODELS)];

		n = nodes - rack * RACK < RACK ? nodes - rack * RACK : RACK;
		if (pools) {
			fprintf(f, "  - {name: rack-%05ld, count: %ld, gpus: "
			    "%ld, model: %s, labels: {accelerator: %s}, "
			    "numa: [", rack, n, gpus, m->name, m->name);
			for (g = 0; g < gpus; g++)
				fprintf(f, "%s%d", g ? ", " : "",
				    g < gpus / 2 ? 0 : 1);
			fprintf(f, "]}\n");
			continue;
		}
		for (i = 0; i < n; i++) {
			fprintf(f, "---\napiVersion: v1\nkind: Node\n"
			    "metadata:\n  name: rack-%05ld-%ld\n  labels:\n"
			    "    accelerator: %s\n  annotations:\n"
			    "    hami.io/node-nvidia-register: \"", rack, i,
			    m->name);
			for (g = 0; g < gpus; g++)
				fprintf(f, "GPU-%05lx%lx-%04lx,10,%ld,100,%s,%d,"
				    "true,%ld,hami-core:", rack, i, g, m->mem,
				    m->type, g < gpus / 2 ? 0 : 1, g);
			fprintf(f, "\"\n");
		}
	}
	finish(f, path);
}

/* One container's limits, drawn from the request mix. */
static void
write_limits(FILE *f, gsl_rng *r, const char *ind)
{
	static const long mems[] = { 2000, 4000, 7500, 10000, 16000 };
	double	u = gsl_rng_uniform(r);

	fprintf(f, "%sresources:\n%s  limits:\n", ind, ind);
	if (u < 0.50)
		fprintf(f, "%s    nvidia.com/gpu: 1\n%s    nvidia.com/gpumem: "
		    "%ld\n", ind, ind, mems[gsl_rng_uniform_int(r, 5)]);
	else if (u < 0.65)
		fprintf(f, "%s    nvidia.com/gpumem-percentage: %d\n", ind,
		    gsl_rng_uniform_int(r, 2) ? 25 : 50);
	else if (u < 0.77)
		fprintf(f, "%s    nvidia.com/gpu: 1\n%s    nvidia.com/gpumem: "
		    "4000\n%s    nvidia.com/gpucores: %d\n", ind, ind, ind,
		    gsl_rng_uniform_int(r, 2) ? 20 : 50);
	else if (u < 0.82)
		fprintf(f, "%s    nvidia.com/gpu: 1\n", ind);
	else if (u < 0.95)
		fprintf(f, "%s    nvidia.com/gpu: 2\n%s    nvidia.com/gpumem: "
		    "8000\n%s    nvidia.com/gpucores: 30\n", ind, ind, ind);
	else if (u < 0.99)
		fprintf(f, "%s    nvidia.com/gpu: 4\n%s    nvidia.com/gpumem: "
		    "16000\n%s    nvidia.com/gpucores: 50\n", ind, ind, ind);
	else
		fprintf(f, "%s    nvidia.com/gpu: 8\n", ind);
}

/* Half the workloads name HAMi's node and GPU policies. */
static void
write_annotations(FILE *f, gsl_rng *r, const char *ind)
{
	if (gsl_rng_uniform_int(r, 2) == 0)
		return;
	fprintf(f, "%sannotations:\n", ind);
	fprintf(f, "%s  hami.io/node-scheduler-policy: %s\n", ind,
	    policies[gsl_rng_uniform_int(r, 2)]);
	fprintf(f, "%s  hami.io/gpu-scheduler-policy: %s\n", ind,
	    policies[gsl_rng_uniform_int(r, 2)]);
}

/* One workload of at most left pods; returns how many it holds. */
static long
write_workload(FILE *f, gsl_rng *r, long id, long left)
{
	long	replicas;

	if (gsl_rng_uniform(r) >= 0.08) {
		fprintf(f, "---\napiVersion: v1\nkind: Pod\nmetadata:\n"
		    "  name: job-%07ld\n  namespace: bench\n", id);
		write_annotations(f, r, "  ");
		fprintf(f, "spec:\n  containers:\n    - name: main\n"
		    "      image: bench:1\n");
		write_limits(f, r, "      ");
		return 1;
	}
	replicas = 2 + (long)gsl_rng_uniform_int(r, 23);
	if (replicas > left)
		replicas = left;
	fprintf(f, "---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n"
	    "  name: svc-%07ld\n  namespace: bench\nspec:\n  replicas: %ld\n"
	    "  selector:\n    matchLabels: {app: svc-%07ld}\n  template:\n"
	    "    metadata:\n      labels: {app: svc-%07ld}\n", id, replicas,
	    id, id);
	write_annotations(f, r, "      ");
	fprintf(f, "    spec:\n      containers:\n        - name: main\n"
	    "          image: bench:1\n");
	write_limits(f, r, "          ");
	return replicas;
}

static void
write_pods(const char *dir, long pods, long files, gsl_rng *r)
{
	char	 path[4096], name[32];
	FILE	*f;
	long	 k, done = 0, id = 0;

	for (k = 0; k < files; k++) {
		long	end = pods * (k + 1) / files;

		snprintf(name, sizeof name, "pods-%03ld.yaml", k + 1);
		join(path, sizeof path, dir, name);
		f = create(path);
		fprintf(f, "# gpusched bench pods, file %ld of %ld "
		    "(tests/bench/gen)\n", k + 1, files);
		/* Whole workloads: the files hold the pods of -k 1. */
		while (done < end)
			done += write_workload(f, r, id++, pods - done);
		finish(f, path);
	}
}

/* mkdir -p path. */
static void
mkdir_p(const char *path)
{
	char	*p = strdup(path), *s;

	if (p == NULL) {
		perror("gen");
		exit(4);
	}
	for (s = strchr(p + 1, '/'); ; s = strchr(s + 1, '/')) {
		if (s != NULL)
			*s = '\0';
		if (mkdir(p, 0777) != 0 && errno != EEXIST) {
			fprintf(stderr, "gen: %s: %s\n", p, strerror(errno));
			exit(4);
		}
		if (s == NULL)
			break;
		*s = '/';
	}
	free(p);
}

int
main(int argc, char **argv)
{
	struct arg_int	*nodes = arg_int0("n", "nodes", "N", "nodes (1000)");
	struct arg_int	*gpus = arg_int0("g", "gpus", "G",
	    "GPUs per node (8)");
	struct arg_int	*pods = arg_int0("p", "pods", "P", "pods (20000)");
	struct arg_int	*files = arg_int0("k", "files", "K",
	    "pod files (1)");
	struct arg_int	*seed = arg_int0("s", "seed", "S", "seed (42)");
	struct arg_lit	*pools = arg_lit0(NULL, "pools",
	    "compact pools instead of Node objects");
	struct arg_file	*dir = arg_file1(NULL, NULL, "DIR",
	    "output directory");
	struct arg_end	*end = arg_end(5);
	void		*tab[] = { nodes, gpus, pods, files, seed, pools, dir,
	    end };
	char		 path[4096];
	gsl_rng		*r;

	nodes->ival[0] = 1000;
	gpus->ival[0] = 8;
	pods->ival[0] = 20000;
	files->ival[0] = 1;
	seed->ival[0] = 42;
	if (arg_parse(argc, argv, tab) > 0 || nodes->ival[0] < 1 ||
	    gpus->ival[0] < 1 || gpus->ival[0] > 64 || pods->ival[0] < 0 ||
	    files->ival[0] < 1 || files->ival[0] > 999 || seed->ival[0] < 0) {
		if (end->count > 0)
			arg_print_errors(stderr, end, "gen");
		else
			fprintf(stderr, "gen: N >= 1, 1 <= G <= 64, P >= 0, "
			    "1 <= K <= 999, S >= 0\n");
		fprintf(stderr, "usage: gen");
		arg_print_syntax(stderr, tab, "\n");
		arg_print_glossary(stderr, tab, "  %-24s %s\n");
		arg_freetable(tab, sizeof tab / sizeof tab[0]);
		return 2;
	}
	gsl_set_error_handler_off();
	r = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(r, (unsigned long)seed->ival[0]);
	mkdir_p(dir->filename[0]);
	join(path, sizeof path, dir->filename[0], "cluster.yaml");
	write_cluster(path, nodes->ival[0], gpus->ival[0], pools->count > 0,
	    r);
	join(path, sizeof path, dir->filename[0], "pods");
	mkdir_p(path);
	write_pods(path, pods->ival[0], files->ival[0], r);
	gsl_rng_free(r);
	arg_freetable(tab, sizeof tab / sizeof tab[0]);
	return 0;
}
