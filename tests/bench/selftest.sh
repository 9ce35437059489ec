#!/bin/sh
# selftest.sh: `make check`'s test of `make bench`'s tools.  The generator
# writes the same bytes for the same arguments (and the bytes committed
# below for the test size), splits the pods across files without changing
# them, and writes the same cluster in both forms; the floor counts
# libyaml's events and refuses bad YAML; the stopwatch passes on the exit
# status and stops a run at its CPU limit; bench-names lists the policies
# of a command from `gpusched policies -o json`; bench.sh prints the row and
# placement digest of the test size.
#
#   sh tests/bench/selftest.sh GPUSCHED TOOLS WORK
set -u
LC_ALL=C
export LC_ALL
[ $# -eq 3 ] || { echo "usage: selftest.sh GPUSCHED TOOLS WORK" >&2; exit 2; }
GS=$1 T=$2 W=$3
fails=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fails=$((fails + 1)); }
check() { if [ "$2" = "$3" ]; then ok "$1"; else
	bad "$1: got '$2', want '$3'"; fi; }

# The test size's files, as bench.sh generates them (20 x 8 / 300).
SCENARIO_SHA=2beeae31bfcee249
EVENTS=9144
PLACED=298
PLACEMENTS_SHA=f8a2c0dde1781331

rm -rf "$W" && mkdir -p "$W" || exit 4
"$T/bench-gen" -n 20 -p 300 "$W/a" && "$T/bench-gen" -n 20 -p 300 "$W/a2" &&
"$T/bench-gen" -n 20 -p 3000 "$W/p3k" &&
"$T/bench-gen" -n 20 -p 3000 -k 3 "$W/k3" &&
"$T/bench-gen" -n 20 -p 300 --pools "$W/pools" || { bad "gen runs"; exit 1; }

if diff -r "$W/a" "$W/a2" >/dev/null; then ok "gen: same bytes twice"
else bad "gen: same bytes twice"; fi
check "gen: the test size's bytes" \
    "$(cat "$W/a/cluster.yaml" "$W/a/pods/pods-001.yaml" | sha256sum |
    cut -c1-16)" "$SCENARIO_SHA"
check "gen -k 3: three files" "$(ls "$W/k3/pods" | tr '\n' ' ')" \
    "pods-001.yaml pods-002.yaml pods-003.yaml "
# 3,000 pods: Deployments straddle the files' boundaries.
grep -v '^# gpusched bench' "$W/p3k/pods/pods-001.yaml" > "$W/one"
if cat "$W/k3/pods"/*.yaml | grep -v '^# gpusched bench' | cmp -s - "$W/one"
then ok "gen -k 3: the same pods"; else bad "gen -k 3: the same pods"; fi
"$T/bench-gen" -n 0 "$W/bad" 2>/dev/null
check "gen -n 0: usage error" "$?" 2

# Node objects and compact pools: the same placements (UUIDs differ).
for f in a pools; do
	"$GS" simulate -q -c "$W/$f/cluster.yaml" -f "$W/$f/pods" -o csv |
	    cut -d, -f1-7,9- > "$W/$f.csv"
done
if [ -s "$W/a.csv" ] && cmp -s "$W/a.csv" "$W/pools.csv"; then
	ok "gen --pools: the same placements"
else bad "gen --pools: the same placements"; fi

set -- $("$T/bench-floor" --repeat 1 "$W/a/cluster.yaml" \
    "$W/a/pods/pods-001.yaml")
check "floor: events" "${3:-}" "$EVENTS"
printf 'a: [1, 2\n' > "$W/bad.yaml"
"$T/bench-floor" "$W/bad.yaml" 2>"$W/floor.err" >/dev/null
check "floor: bad YAML exits 3" "$?" 3
check "floor: bad YAML's message" "$(cut -d: -f1-2 "$W/floor.err")" \
    "floor: $W/bad.yaml"

set -- $("$T/bench-run" sh -c 'exit 3')
check "run: exit status" "${4:-}" 3
set -- $("$T/bench-run" -t 1 sh -c 'while :; do :; done')
check "run: CPU limit" "${4:-}" limit
set -- $("$T/bench-run" sh -c 'kill -TERM $$')
check "run: signal" "${4:-}" sig15
"$T/bench-run" -o "$W/echo.out" echo hello >/dev/null
check "run -o: output" "$(cat "$W/echo.out")" hello

# The replay's policies from the JSON table, in its order; not JSON:
# exit 3.
"$GS" policies -o json | "$T/bench-names" replay > "$W/names"
check "names: first replay policy" "$(head -1 "$W/names")" hami-v2.6.1
check "names: one per policy listing replay" "$(wc -l < "$W/names" |
    tr -d ' ')" "$("$GS" policies -o json | grep -c '^ *"replay"')"
"$GS" policies -o json | "$T/bench-names" simulatex > "$W/none"
check "names: an unknown command lists none" "$(wc -c < "$W/none" |
    tr -d ' ')" 0
echo 'NAME VIEWS' | "$T/bench-names" replay 2>/dev/null >/dev/null
check "names: not JSON exits 3" "$?" 3

BENCH_SIZES=test BENCH_PROFILES=hami-v2.6.1 sh tests/bench/bench.sh "$GS" \
    "$T" "$W/bench" > "$W/bench.out" 2>&1
check "bench.sh: exit status" "$?" 0
check "bench.sh: the test row" \
    "$(awk '$1 == "20x8/300" { print $4, $10, $11 }' "$W/bench.out")" \
    "hami-v2.6.1 $PLACED $PLACEMENTS_SHA"

[ "$fails" = 0 ] || { echo "bench selftest: $fails failed"; exit 1; }
echo "bench selftest: all passed"
