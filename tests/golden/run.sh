#!/bin/sh
# run.sh: golden CLI tests.  Each folder under cases/ holds
#   args     the arguments, one per line (paths relative to the repo root)
#   stdout   expected standard output
#   stderr   expected standard error (checked when present)
#   status   expected exit status (0 when absent)
#   stdin    standard input (optional; /dev/null when absent)
# Usage: sh tests/golden/run.sh BINARY      (from the repo root)
#        UPDATE=1 sh tests/golden/run.sh BINARY  rewrites the expectations
set -u
bin=$1
here=$(dirname "$0")
pass=0
fail=0
failed=""
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

for dir in "$here"/cases/*/; do
	name=$(basename "$dir")
	set --
	while IFS= read -r line || [ -n "$line" ]; do
		set -- "$@" "$line"
	done < "$dir/args"
	input=/dev/null
	[ -f "$dir/stdin" ] && input="$dir/stdin"
	"$bin" "$@" > "$tmp/out" 2> "$tmp/err" < "$input"
	status=$?
	want=0
	[ -f "$dir/status" ] && want=$(cat "$dir/status")
	if [ "${UPDATE:-}" = 1 ]; then
		cp "$tmp/out" "$dir/stdout"
		[ -s "$tmp/err" ] && cp "$tmp/err" "$dir/stderr"
		[ -s "$tmp/err" ] || rm -f "$dir/stderr"
		[ "$status" = 0 ] && rm -f "$dir/status"
		[ "$status" = 0 ] || echo "$status" > "$dir/status"
		want=$status
	fi
	ok=1
	if [ "$status" != "$want" ]; then
		echo "FAIL $name: exit status $status, want $want"
		ok=0
	fi
	if ! cmp -s "$tmp/out" "$dir/stdout"; then
		echo "FAIL $name: stdout differs"
		diff -u "$dir/stdout" "$tmp/out" | head -40
		ok=0
	fi
	if [ -f "$dir/stderr" ] && ! cmp -s "$tmp/err" "$dir/stderr"; then
		echo "FAIL $name: stderr differs"
		diff -u "$dir/stderr" "$tmp/err" | head -20
		ok=0
	fi
	if [ ! -f "$dir/stderr" ] && [ -s "$tmp/err" ]; then
		echo "FAIL $name: unexpected stderr"
		head -5 "$tmp/err"
		ok=0
	fi
	if [ $ok = 1 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		failed="$failed $name"
	fi
done
[ -n "$failed" ] && echo "failed:$failed"
echo "golden: $pass passed, $fail failed"
[ $fail = 0 ]
