#!/bin/sh
# summary.sh: the last line of `make check`: how many suites passed and
# how many were skipped (a suite that cannot run leaves DIR/NAME.skip with
# its reason; one that passed leaves DIR/NAME.pass).  A suite that failed
# stopped make before this runs.
# Usage: sh tests/summary.sh DIR SUITE...
set -u
dir=$1
shift
pass=0
skip=0
fail=0
for s in "$@"; do
	if [ -f "$dir/$s.pass" ]; then
		pass=$((pass + 1))
	elif [ -f "$dir/$s.skip" ]; then
		skip=$((skip + 1))
		echo "SKIP $s: $(cat "$dir/$s.skip")"
	else
		fail=$((fail + 1))
		echo "FAIL $s: no result"
	fi
done
echo "check: $pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ]
