#!/bin/sh
# shard-merge.sh: a Monte Carlo sweep split with --shard I/N and combined
# with gpusched merge must equal the single run byte for byte.
# Usage: sh tests/golden/shard-merge.sh BINARY     (from the repo root)
set -eu
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
args="plan montecarlo -q -c scenarios/hami-demo/cluster.yaml -w tests/golden/inputs/kinds.yaml --runs 37 --seed 5 --rotate -o json"
pass=0
fail=0
for n in 1 2 3 7; do
	i=0
	while [ $i -lt $n ]; do
		$bin $args --shard $i/$n > "$tmp/part-$i.json"
		i=$((i + 1))
	done
	$bin merge "$tmp"/part-*.json > "$tmp/merged.json"
	$bin $args > "$tmp/whole.json"
	if cmp -s "$tmp/merged.json" "$tmp/whole.json"; then
		pass=$((pass + 1))
	else
		echo "FAIL: $n shards merged differ from one run"
		diff "$tmp/whole.json" "$tmp/merged.json" | head -10
		fail=$((fail + 1))
	fi
	rm -f "$tmp"/part-*.json
done
echo "shard-merge: $pass passed, $fail failed"
[ $fail = 0 ]
