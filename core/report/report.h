/*
 * report/report.h: writers for what a simulation produced: the placement table,
 * per-node GPU map and metrics for people; JSON (the contract in
 * DESIGN.md) and CSV for tools.  Writers take the FILE to write to; they
 * never choose stdout themselves.  Fixed precision, stable order, no
 * timestamps.
 */
#ifndef GS_REPORT_H
#define GS_REPORT_H

#include <stdio.h>

#include <jansson.h>

#include "sched/engine.h"
#include "metrics/metrics.h"
#include "model/model.h"
#include "model/running.h"

#define GS_VERSION		"0.1.0"
#define GS_SCHEMA_VERSION	1
/* Tables list at most this many nodes in one line ("and N more");
 * JSON lists them all. */
#define GS_LIST_MAX		10
#define GS_JSON_FLAGS		(JSON_INDENT(2) | JSON_REAL_PRECISION(10))

struct gs_share_run;

struct gs_report_run {
	const char			*scenario;
	const char			*run;
	const struct gs_cluster		*cluster;
	const struct gs_workload	*wl;
	const struct gs_config		*cfg;
	const struct gs_result		*res;
	const struct gs_metrics		*m;
	const struct gs_running		*running;	/* or NULL */
	/* compare --sharing: the mode the run shares GPUs by, or NULL
	 * (sched/sharing_modes.h). */
	const struct gs_share_run	*sharing;
};

void	 gs_report_table(FILE *, const struct gs_report_run *);
void	 gs_report_metrics_table(FILE *, const struct gs_report_run *);
json_t	*gs_report_json(const struct gs_report_run *);
/* The same document written as JSON, the placements made and written one
 * at a time (no tree of them all); 0 or -1. */
int	 gs_report_json_write(FILE *, const struct gs_report_run *);
void	 gs_report_csv_header(FILE *);
void	 gs_report_csv(FILE *, const struct gs_report_run *);
/* Four (or n) runs of one workload side by side. */
/* The widest pod name of the run (its table's first column). */
size_t	 gs_report_name_width(const struct gs_report_run *);
/* HAMi's profiles read its node/GPU policies; the peers' do not. */
int	 gs_report_is_hami(const struct gs_config *);
/* "; deviceshare.SchedulePolicy unset: ..." for a volcano-* run whose
 * --volcano-config leaves the policy unset or unknown, else "". */
const char *gs_report_volcano_note(const struct gs_config *);
/* --volcano-config's deviceshare arguments: {schedulePolicy (null when
 * unset or unknown), scheduleWeight, vgpuEnable}. */
json_t	*gs_report_volcano_json(const struct gs_vc_sched *);
void	 gs_report_compare_table(FILE *, const struct gs_report_run *, size_t);
/* A sharing mode's run (rr->sharing): its mode, isolation, replicas and
 * the pods short of memory, as a JSON object and as a table line. */
json_t	*gs_report_sharing_json(const struct gs_report_run *rr);
void	 gs_report_sharing_line(FILE *, const struct gs_report_run *rr);
/* The same figures as the rows above compare's metrics: row k's title
 * (k < gs_report_sharing_nrows) and run rr's cell in it. */
extern const char *const gs_report_sharing_titles[];
extern const size_t gs_report_sharing_nrows;
void	 gs_report_sharing_cell(const struct gs_report_run *rr, size_t k,
	    char *cell, size_t len);
/* Run r's column title among n: its profile when the runs compare
 * profiles, else its HAMi node/GPU policy pair ("binpack/spread"). */
void	 gs_report_compare_label(const struct gs_report_run *, size_t n,
	    size_t r, char *label, size_t len);
/* Where pod i landed in a run: "node GPU 0,1 +init 2", "<pending>" or
 * "-" (no GPU request). */
void	 gs_report_compare_cell(const struct gs_report_run *, size_t i,
	    char *cell, size_t len);

/* The cluster as HAMi of that version (hami_version's number) sees it:
 * per node and GPU, usage and pods. */
void	 gs_report_state(FILE *, const struct gs_cluster *,
	    const struct gs_running *, int version);
json_t	*gs_report_state_json(const struct gs_cluster *,
	    const struct gs_running *, int version);

/*
 * Every printed document (report/doc.c).  gs_doc_stamp puts
 * gpusched_version and schema_version first when missing (takes doc,
 * returns the stamped one); gs_report_doc stamps and writes doc as JSON or
 * YAML and releases it; gs_report_yaml writes any value as YAML, quoting
 * the strings gs_yaml_needs_quotes names ("", "yes", "1e3", "null", ...).
 * The writers return 0 or -1.
 */
json_t	*gs_doc_stamp(json_t *doc);
int	 gs_report_doc(FILE *, json_t *doc, int yaml);
int	 gs_report_yaml(FILE *, const json_t *);
/* A streamed member of a document: key (an array, empty in the
 * document) gets the n elements elem(i, arg) makes or, when write is
 * set, that write(w, i, warg) writes (report/jw.h). */
struct gs_jw;
struct gs_doc_stream {
	const char	*key;
	size_t		 n;
	json_t		*(*elem)(size_t i, const void *arg);
	const void	*arg;
	void		 (*write)(struct gs_jw *, size_t i, const void *warg);
	const void	*warg;
};

/*
 * Stamp doc and write it as JSON, byte for byte as gs_report_doc does,
 * except that the members s[0..ns) name get their elements, each written
 * and released before the next is made; doc is released.
 */
int	 gs_report_doc_stream(FILE *, json_t *doc,
	    const struct gs_doc_stream *s, size_t ns);
int	 gs_yaml_needs_quotes(const char *);

/* Shortest decimal that reads back as the same float32 (Go's %v). */
void	 gs_format_float32(float, char *buf, size_t len);

#endif
