#!/bin/sh
# io.sh: what the golden cases cannot check, for want of a shell or a
# terminal.
# 1. A file gpusched writes is replaced whole or not at all: a golden
#    written under `ulimit -f 0` (the file size limit) fails with exit
#    status 4 and one line naming the file and the reason; the old golden
#    stays byte for byte and no temporary file is left behind.
#    The same for --output-file of -o html.
# 2. Progress on a real terminal (script(1) from bsdutils): a run longer
#    than a second draws a line rewritten with \r and clears it; standard
#    output is the same as without a terminal; -q draws nothing.
# Usage: sh tests/golden/io.sh BINARY     (from the repo root)
set -u
bin=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
in="-q -c scenarios/hami-demo/cluster.yaml -w tests/golden/inputs/kinds.yaml"
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

# The old golden: the right file name, other content.
cp tests/golden/inputs/moved.golden.json "$tmp/g.json"
chmod 640 "$tmp/g.json"
cp "$tmp/g.json" "$tmp/old.json"

# Under ulimit -f 0 every write to a file fails (EFBIG); stderr goes to a
# pipe (command substitution) so the error line itself gets out.
out=$( (ulimit -f 0; "$bin" simulate $in --update-expect "$tmp/g.json" \
    2>&1 >/dev/null; echo "status $?") )
want="gpusched: $tmp/g.json: cannot write: File too large
status 4"
[ "$out" = "$want" ] && ok || bad "ulimit -f 0: got '$out', want '$want'"
cmp -s "$tmp/g.json" "$tmp/old.json" && ok || bad "ulimit -f 0: golden changed"
left=$(ls -A "$tmp" | grep -v -x -e g.json -e old.json)
[ -z "$left" ] && ok || bad "ulimit -f 0: left behind: $left"

# Standard output to a file under the limit: status 4 too.
out=$( (ulimit -f 0; "$bin" simulate $in > "$tmp/out.txt" 2>&1; \
    echo "status $?") )
case $out in
*"status 4") ok ;;
*) bad "stdout under ulimit -f 0: got '$out'" ;;
esac
rm -f "$tmp/out.txt"

# A write that succeeds replaces the golden and keeps its mode.
if "$bin" simulate $in --update-expect "$tmp/g.json" >/dev/null 2>&1 &&
    "$bin" simulate $in --expect "$tmp/g.json" >/dev/null 2>&1; then
	ok
else
	bad "update then expect"
fi
mode=$(ls -l "$tmp/g.json" | cut -c1-10)
[ "$mode" = "-rw-r-----" ] && ok || bad "mode after update: $mode"

# A directory that is not writable (not for root, who writes anyway).
if [ "$(id -u)" != 0 ]; then
	mkdir "$tmp/ro"
	chmod 555 "$tmp/ro"
	out=$("$bin" simulate $in --update-expect "$tmp/ro/g.json" \
	    2>&1 >/dev/null; echo "status $?")
	want="gpusched: $tmp/ro/g.json: cannot write: Permission denied
status 4"
	[ "$out" = "$want" ] && ok || bad "read-only dir: got '$out'"
fi

# 1b. --output-file (-o html): the page goes to the file, the same bytes
#     as on standard output, which stays empty; under ulimit -f 0 status
#     4 and the old file kept whole.
cmp_args="compare -c scenarios/hami-demo/cluster.yaml -w \
    scenarios/hami-demo/a-node-binpack-gpu-binpack.yaml -o html"
# shellcheck disable=SC2086
"$bin" $cmp_args > "$tmp/page.html" 2>/dev/null
# shellcheck disable=SC2086
"$bin" $cmp_args --output-file "$tmp/out.html" > "$tmp/stdout.txt" \
    2>/dev/null && cmp -s "$tmp/page.html" "$tmp/out.html" &&
    [ ! -s "$tmp/stdout.txt" ] && ok || bad "--output-file: not the page"
echo old > "$tmp/out.html"
# shellcheck disable=SC2086
out=$( (ulimit -f 0; "$bin" $cmp_args --output-file "$tmp/out.html" \
    2>&1 >/dev/null; echo "status $?") )
case $out in
"gpusched: $tmp/out.html: cannot write: File too large
status 4") ok ;;
*) bad "--output-file under ulimit -f 0: got '$out'" ;;
esac
[ "$(cat "$tmp/out.html")" = old ] && ok || bad "--output-file: old file lost"
rm -f "$tmp/page.html" "$tmp/out.html" "$tmp/stdout.txt"

# 2. Progress on a terminal.  The first line is drawn after 1 s, so the
# check counts only when the run took 2 s or more.
mc="plan montecarlo -c scenarios/hami-demo/cluster.yaml -w tests/golden/inputs/kinds.yaml --runs 4000 --seed 5 -o json"
if command -v script >/dev/null 2>&1; then
	"$bin" $mc -q > "$tmp/plain.json" 2>/dev/null
	GPUSCHED_PROGRESS_NOW=1 TERM=xterm script -qec "$bin $mc -q > $tmp/tty-q.json" \
	    "$tmp/ts-q" >/dev/null 2>&1
	GPUSCHED_PROGRESS_NOW=1 TERM=xterm script -qec \
	    "$bin $mc > $tmp/tty.json" "$tmp/ts" >/dev/null 2>&1
	cmp -s "$tmp/plain.json" "$tmp/tty.json" && ok || bad "tty: stdout differs"
	cmp -s "$tmp/plain.json" "$tmp/tty-q.json" && ok ||
	    bad "tty -q: stdout differs"
	if grep -q "plan montecarlo:" "$tmp/ts-q"; then
		bad "tty -q: a progress line was drawn"
	else
		ok
	fi
	# GPUSCHED_PROGRESS_NOW: the line is drawn from the first report
	# on, however fast the run.
	if grep -q "plan montecarlo: [0-9]*/4000 runs" "$tmp/ts" &&
	    grep -q "$(printf '\r\033\[K')" "$tmp/ts"; then
		ok
	else
		bad "tty: no progress line, or not cleared"
	fi
else
	echo "io: script(1) not installed, terminal check skipped"
fi

echo "io: $pass passed, $fail failed"
[ $fail = 0 ]
