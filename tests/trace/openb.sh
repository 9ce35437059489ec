#!/bin/sh
# openb.sh: the trace replay against the published FGD results
# (spec/openb-fgd.md).  Every pod list must replay under every policy;
# on the default list over seeds 42-51 the median unallocated GPU at 100%
# arrived must order fgd < bestfit < gpupacking ~ gpuclustering < dotprod
# < random, and every policy but random must follow the ideal line to 90%.
# Every decision is also held to tests/trace/digests.txt: the replay's
# per-decision digest of every policy on every pod list (seed 42), on the
# default list for seeds 43-44, and timed; GS_UPDATE_DIGESTS=1 rewrites it
# (only with the change explained in the commit).
# Usage: sh tests/trace/openb.sh BINARY TRACES [RESULT]
# Without the trace it prints SKIP and, given RESULT, writes RESULT.skip
# (counted in make check's summary); RESULT.pass when the check passed.
set -u
bin=$1
dir=$2
result=${3:-}
nodes=$dir/openb_node_list_gpu_node.csv
if [ ! -r "$nodes" ]; then
	echo "SKIP trace-check: no openb trace at $dir"
	[ -n "$result" ] && echo "no openb trace at $dir" > "$result.skip"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0
n=0
want=$(dirname "$0")/digests.txt
# digests LABEL REPLAY-ARGS...: "LABEL policy seed digest" lines.
digests() {
	label=$1
	shift
	if ! "$bin" replay --nodes "$nodes" "$@" -o json > "$tmp/out" \
	    2> "$tmp/err"; then
		echo "FAIL $label: $(cat "$tmp/err")"
		fail=1
		return
	fi
	grep -o '"policy": *"[^"]*"\|"seed": *[0-9]*\|"digest": *"[0-9a-f]*"' \
	    "$tmp/out" | tr -d '"' | awk -v l="$label" '
	$1 == "policy:" { p = $2 }
	$1 == "seed:" { s = $2 }
	$1 == "digest:" { print l, p, s, $2 }' >> "$tmp/digests"
}
: > "$tmp/digests"
for pods in "$dir"/openb_pod_list_*.csv; do
	list=$(basename "$pods" .csv)
	digests "${list#openb_pod_list_}" --pods "$pods" --policy all
	n=$((n + 1))
done
digests default-seeds --pods "$dir/openb_pod_list_default.csv" \
    --policy all --seeds 43-44
digests default-timed --pods "$dir/openb_pod_list_default.csv" \
    --policy all --timed
if [ "${GS_UPDATE_DIGESTS:-0}" = 1 ]; then
	cp "$tmp/digests" "$want"
	echo "trace: wrote $want"
elif ! diff -u "$want" "$tmp/digests" > "$tmp/ddiff"; then
	echo "FAIL a replay decision moved (tests/trace/digests.txt):"
	head -40 "$tmp/ddiff"
	fail=1
else
	echo "trace: $(wc -l < "$want") replay digests unchanged"
fi
"$bin" replay --nodes "$nodes" --pods "$dir/openb_pod_list_default.csv" \
    --policy openb --seeds 42-51 -o csv > "$tmp/default.csv" || exit 1
# Columns: policy, arrived_pct, ideal, alloc (3), unalloc (3), ...
awk -F, '
$2 == 100 { u[$1] = $7 }
$2 == 90 && $1 != "random" && ($7 - 10 > 0.5 || 10 - $7 > 0.5) {
	printf "FAIL %s leaves the ideal line at 90%%: %s\n", $1, $7; bad = 1
}
END {
	printf "default, median unallocated GPU %% at 100%% arrived:"
	split("fgd bestfit gpupacking gpuclustering dotprod random", p, " ")
	for (i = 1; i <= 6; i++) printf " %s %.2f", p[i], u[p[i]]
	printf "\n"
	d = u["gpupacking"] - u["gpuclustering"]
	if (!(u["fgd"] < u["bestfit"] && u["bestfit"] < u["gpupacking"] &&
	    u["bestfit"] < u["gpuclustering"] && d < 1 && d > -1 &&
	    u["gpupacking"] < u["dotprod"] && u["gpuclustering"] < u["dotprod"] &&
	    u["dotprod"] < u["random"])) {
		print "FAIL the policies are not in the published order"; bad = 1
	}
	exit bad
}' "$tmp/default.csv" || fail=1
if [ "$fail" = 0 ]; then
	echo "trace: $n pod lists replayed under every policy, published order holds"
	[ -n "$result" ] && : > "$result.pass"
fi
exit $fail
