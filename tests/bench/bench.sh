#!/bin/sh
# bench.sh: `make bench`'s table.  For each size (nodes x GPUs / pods) it
# generates the scenario files (gen, fixed seed), times libyaml's event
# loop over them (floor), then runs the real `gpusched simulate -c ... -f
# ... -o json` once per profile as a whole process under the stopwatch
# (run: wall and CPU seconds, peak RSS, a CPU time limit per run) and
# prints seconds, pods/s, peak MiB, the ratio to the floor, pods placed
# and the digest of the JSON placements.  Then the openb trace replay: seconds per seed for
# every replay policy.  Last, the targets of issue #17, met or not.
#
#   sh tests/bench/bench.sh GPUSCHED TOOLS WORK [TRACES]
#
# TOOLS holds bench-gen, bench-floor, bench-run and bench-names (the
# policies `gpusched policies -o json` lists for a command); WORK is scratch space
# (the generated files, the JSON of the run in progress, digests.txt with
# every run's full sha256 of the placements and of the whole output).
# Environment: BENCH_SIZES (1k 5k 10k 20k, the default, or test: 20 x 8
# GPUs / 300 pods, for tests/bench/selftest.sh),
# BENCH_PROFILES, BENCH_LIMIT (CPU seconds per run, default 60), BENCH_FILES
# (pod files per size, default 1), BENCH_SEEDS (replay seeds, default
# 42-51), BENCH_REPLAY_POLICIES (default: every policy that
# `gpusched policies -o json` lists for replay).
set -u
LC_ALL=C
export LC_ALL

[ $# -ge 3 ] || { echo "usage: bench.sh GPUSCHED TOOLS WORK [TRACES]" >&2;
    exit 2; }
GS=$1 TOOLS=$2 WORK=$3 TRACES=${4:-}
SIZES=${BENCH_SIZES:-1k 5k 10k 20k}
PROFILES=${BENCH_PROFILES:-hami-v2.6.1 hami-v2.10.0 fgd}
LIMIT=${BENCH_LIMIT:-60}
FILES=${BENCH_FILES:-1}
SEEDS=${BENCH_SEEDS:-42-51}
mkdir -p "$WORK" || exit 4
DIGESTS=$WORK/digests.txt
: > "$DIGESTS"
RESULTS=$WORK/results.txt
: > "$RESULTS"

# label nodes gpus pods
size_of() {
	case $1 in
	1k)	echo 1000 8 20000 ;;
	5k)	echo 5000 8 50000 ;;
	10k)	echo 10000 8 100000 ;;
	20k)	echo 20000 8 200000 ;;
	test)	echo 20 8 300 ;;
	*)	echo "bench: unknown size '$1' (1k 5k 10k 20k test)" >&2
		exit 2 ;;
	esac
}

# The sha256 of the "placements" array of gpusched's JSON (pretty-printed,
# two-space indent: the array ends at the first line "  ],").
placements_sha() {
	awk '/^  "placements": \[/ { on = 1 } on { print } on && /^  \]/ \
	    { exit }' "$1" | sha256sum | cut -c1-64
}

cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo "?")
load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?"; }
ROW='%-16s %6s %7s  %-13s %8s %8s %8s %8s %7s %7s  %s\n'
echo "gpusched bench: $cores cores, load average $(load); generator seed" \
    "42; limit $LIMIT CPU s per run; $FILES pod file(s) per size"
echo "  run: gpusched simulate -c cluster.yaml -f pods/ -o json, one whole" \
    "process, output to a file"
echo "  cpu s: the process's user + system seconds (wall s counts other" \
    "processes' turns too); pods/s and x floor from cpu s"
echo "  floor: libyaml's event loop over the same files, nothing built" \
    "(CPU seconds, best of 3)"
echo
printf "$ROW" size "in MiB" "floor s" profile "wall s" "cpu s" "pods/s" \
    "peak MiB" "x floor" placed "placements sha256"
for s in $SIZES; do
	sz=$(size_of "$s") || exit 2
	set -- $sz
	nodes=$1 gpus=$2 pods=$3
	label="${nodes}x${gpus}/${pods}"
	dir=$WORK/$s
	rm -rf "$dir"
	"$TOOLS/bench-gen" -n "$nodes" -g "$gpus" -p "$pods" -k "$FILES" \
	    "$dir" || exit 4
	mib=$(cat "$dir/cluster.yaml" "$dir"/pods/*.yaml | wc -c |
	    awk '{ printf "%.1f", $1 / 1048576 }')
	fl=$("$TOOLS/bench-floor" "$dir/cluster.yaml" "$dir"/pods/*.yaml) ||
	    exit 4
	set -- $fl
	floor=$1
	for p in $PROFILES; do
		out=$WORK/out.json
		set -- $("$TOOLS/bench-run" -t "$LIMIT" -o "$out" "$GS" \
		    simulate -c "$dir/cluster.yaml" -f "$dir/pods" -o json \
		    --profile "$p")
		wall=$1 cpu=$2 rss=$3 how=$4
		mem=$(awk -v k="$rss" 'BEGIN { printf "%.0f", k / 1024 }')
		if [ "$how" = limit ]; then
			printf "$ROW" "$label" "$mib" "$floor" "$p" \
			    "$(printf %.2f "$wall")" ">$LIMIT" \
			    "<$((pods / LIMIT))" ">$mem" "-" - \
			    "(stopped at the limit)"
			echo "$s $p limit" >> "$RESULTS"
			continue
		fi
		if [ "$how" != 0 ]; then
			echo "bench: $label $p: gpusched ended with $how" >&2
			exit 4
		fi
		placed=$(grep -c '^      "status": "placed"' "$out")
		psha=$(placements_sha "$out")
		osha=$(sha256sum < "$out" | cut -c1-64)
		echo "$label $p placements $psha output $osha" >> "$DIGESTS"
		echo "$s $p $cpu $mem $floor" >> "$RESULTS"
		awk -v l="$label" -v m="$mib" -v f="$floor" -v p="$p" \
		    -v w="$wall" -v c="$cpu" -v n="$pods" -v r="$mem" \
		    -v pl="$placed" -v d="$(echo "$psha" | cut -c1-16)" \
		    -v fmt="$ROW" 'BEGIN {
			printf fmt, l, m, f, p, sprintf("%.2f", w),
			    sprintf("%.2f", c), sprintf("%.0f", n / c), r,
			    sprintf("%.1f", c / f), pl, d }'
	done
	rm -f "$WORK/out.json"
done
echo "load average at the end: $(load)"
echo "(full digests: $DIGESTS)"

# The openb trace replay, one process per policy over the seeds.
echo
if [ -z "$TRACES" ] || [ ! -f "$TRACES/openb_node_list_gpu_node.csv" ]; then
	echo "replay: skipped (no openb trace; TRACES=dir)"
else
	rp=${BENCH_REPLAY_POLICIES:-$("$GS" policies -o json |
	    "$TOOLS/bench-names" replay)}
	first=${SEEDS%-*} last=${SEEDS#*-}
	n=$((last - first + 1))
	echo "replay: openb gpu_node, pod list default, seeds $SEEDS" \
	    "(gpusched replay -p P --seeds $SEEDS -o csv, one process)"
	printf '  %-34s %8s %8s %8s  %s\n' policy "wall s" "cpu s" \
	    "peak MiB" "output sha256"
	printf '  %-34s %8s %8s\n' "" "per seed" "per seed"
	total=0
	for p in $rp; do
		out=$WORK/replay.csv
		set -- $("$TOOLS/bench-run" -t "$LIMIT" -o "$out" "$GS" replay \
		    --nodes "$TRACES/openb_node_list_gpu_node.csv" \
		    --pods "$TRACES/openb_pod_list_default.csv" -p "$p" \
		    --seeds "$SEEDS" -q -o csv)
		wall=$1 cpu=$2 rss=$3 how=$4
		if [ "$how" != 0 ]; then
			printf '  %-34s %8s\n' "$p" "$how"
			continue
		fi
		sha=$(sha256sum < "$out" | cut -c1-64)
		echo "replay $p seeds $SEEDS output $sha" >> "$DIGESTS"
		total=$(awk -v a="$total" -v b="$cpu" 'BEGIN { print a + b }')
		awk -v p="$p" -v w="$wall" -v c="$cpu" -v n="$n" -v r="$rss" \
		    -v d="$(echo "$sha" | cut -c1-16)" 'BEGIN {
			printf "  %-34s %8.3f %8.3f %8.0f  %s\n", p, w / n,
			    c / n, r / 1024, d }'
	done
	rm -f "$WORK/replay.csv"
	awk -v t="$total" 'BEGIN { printf "  all policies, all seeds: %.1f cpu s\n", t }'
fi

# Issue #17's targets, from the CPU seconds above (a run at the limit: -1).
echo
awk -v profiles="$PROFILES" '
	$3 == "limit" { t[$1 " " $2] = -1; next }
	{ t[$1 " " $2] = $3; m[$1 " " $2] = $4; f[$1 " " $2] = $5 }
	function show(what, ok) {
		printf "  %-56s %s\n", what, ok ? "met" : "NOT met"
	}
	END {
		print "targets (issue #17):"
		k = "10k hami-v2.6.1"
		if (k in t) {
			show("10000x8/100000, hami-v2.6.1: under 10 s",
			    t[k] >= 0 && t[k] < 10)
			show("10000x8/100000, hami-v2.6.1: under 400 MiB",
			    t[k] >= 0 && m[k] < 400)
		}
		k = "1k hami-v2.6.1"
		if (k in t)
			show("1000x8/20000, hami-v2.6.1: under 1 s",
			    t[k] >= 0 && t[k] < 1)
		# 10 times the pods: n log n allows 10 ln(200000)/ln(20000).
		nl = 10 * log(200000) / log(20000)
		n = split(profiles, p, " ")
		for (i = 1; i <= n; i++) {
			a = "1k " p[i]
			b = "20k " p[i]
			if ((a in t) && (b in t) && t[a] > 0)
				show(sprintf("growth 1k->20k, %s: at most n log n " \
				    "(x%.1f)", p[i], nl), t[b] >= 0 &&
				    t[b] / t[a] <= nl)
		}
		for (i = 1; i <= n; i++) {
			k = "10k " p[i]
			x = p[i] == "fgd" ? 20 : p[i] ~ /^hami/ ? 10 : 0
			if (x && (k in t))
				show(sprintf("10000x8/100000, %s: within %dx the " \
				    "floor", p[i], x), t[k] >= 0 &&
				    t[k] / f[k] <= x)
		}
	}' "$RESULTS"
