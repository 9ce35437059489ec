#!/bin/sh
# junit.sh: `gpusched diff -o junit` against the common JUnit schema
# (tests/diff/junit.xsd) with xmllint (Debian: libxml2-utils): a diff
# with every kind of change, one without any, one with runs on one side
# only, and a check that the schema does reject a report without counts.
# Usage: sh tests/diff/junit.sh BINARY      (from the repo root)
set -u
bin=$1
here=$(dirname "$0")
in=tests/golden/inputs
xsd=$here/junit.xsd
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0
fail=0

if ! command -v xmllint >/dev/null 2>&1; then
	echo "junit: xmllint not installed (apt-get install libxml2-utils)"
	exit 1
fi

# check NAME WANT-STATUS ARGS...: the status is right, the report validates
# and its counts are those of its testcases and failures.
check() {
	name=$1 want=$2
	shift 2
	"$bin" diff -q -o junit "$@" > "$tmp/$name.xml" 2> "$tmp/err"
	status=$?
	if [ "$status" != "$want" ]; then
		echo "FAIL $name: exit status $status, want $want"
		fail=$((fail + 1))
	elif ! xmllint --noout --schema "$xsd" "$tmp/$name.xml" \
	    2> "$tmp/lint"; then
		echo "FAIL $name: not valid JUnit"
		head -5 "$tmp/lint"
		fail=$((fail + 1))
	elif [ "$(xmllint --xpath 'count(//testcase)' "$tmp/$name.xml")" != \
	    "$(xmllint --xpath 'string(/testsuites/@tests)' "$tmp/$name.xml")" ] ||
	    [ "$(xmllint --xpath 'count(//failure)' "$tmp/$name.xml")" != \
	    "$(xmllint --xpath 'string(/testsuites/@failures)' \
	    "$tmp/$name.xml")" ]; then
		echo "FAIL $name: counts in attributes differ from the cases"
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
}

check changes 1 --base-workload $in/diff-base.yaml -c $in/diff-cluster.yaml \
    -w $in/diff-head.yaml
check same 0 $in/four-patterns.golden.json $in/four-patterns.golden.json
check one-side-runs 1 $in/four-patterns.golden.json $in/diff-head.json

# The schema is not a rubber stamp: a testsuite without its count fails.
sed 's/<testsuite name="\([^"]*\)" tests="[0-9]*"/<testsuite name="\1"/' \
    "$tmp/changes.xml" > "$tmp/broken.xml"
if xmllint --noout --schema "$xsd" "$tmp/broken.xml" 2> /dev/null; then
	echo "FAIL schema: accepted a testsuite without 'tests'"
	fail=$((fail + 1))
else
	pass=$((pass + 1))
fi
echo "junit: $pass passed, $fail failed"
[ $fail = 0 ]
