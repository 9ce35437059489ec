#!/bin/sh
# run.sh: the HTML reports (-o html) in a real browser.  Each case below
# is written by the binary, then opened in headless Chromium (Debian's
# chromium, installed by `make setup`) twice: once with a probe script
# appended that hovers the first element with a data-tip (the DOM is
# dumped), once for a screenshot.  A case fails on a JavaScript console
# message, an element it must have and lacks, a chart line without data
# points, the hover not showing its tip, or a change in the structure of
# its DOM (tag and class of every element, runs counted: expected/NAME)
# -- the structure, not the pixels.
#
# Usage: sh tests/browser/run.sh BINARY OUTDIR [TRACES]   (from the repo
#        root; TRACES: the openb traces, for the replay screenshot)
#        UPDATE=1 ... rewrites expected/ and the README's screenshots
set -u
bin=$1
out=$2
traces=${3:-}
here=$(dirname "$0")
mkdir -p "$out"
rm -f "$out"/../browser.pass "$out"/../browser.skip

browser=""
for b in chromium chromium-browser; do
	command -v "$b" >/dev/null 2>&1 && { browser=$b; break; }
done
if [ -z "$browser" ]; then
	echo "SKIP browser: no chromium (make setup installs it)"
	echo "no chromium" > "$out/../browser.skip"
	exit 0
fi

prof=$(mktemp -d)
trap 'rm -rf "$prof"' EXIT INT TERM
pass=0
fail=0
failed=""

# Headless Chromium on file $1 with the remaining flags; as root it needs
# --no-sandbox.  Its own noise (D-Bus, GPU) goes with stderr, kept for
# the console check.
chrome() {
	f=$1
	shift
	timeout 120 "$browser" --headless --no-sandbox --disable-gpu \
	    --no-first-run --hide-scrollbars --user-data-dir="$prof" \
	    --enable-logging=stderr "$@" "file://$(cd "$(dirname "$f")" &&
	    pwd)/$(basename "$f")"
}

# Tag and class of every element of a DOM, one a line, runs counted.
structure() {
	tr '\n' ' ' < "$1" | sed 's/</\
</g' | sed -n 's/^<\([a-zA-Z][a-zA-Z0-9]*\)\([^>]*\)>.*/\1 \2/p' |
	    sed 's/^\([a-zA-Z0-9]*\) .* class="\([^"]*\)".*/\1.\2/;
	    s/^\([a-zA-Z0-9]*\) .*/\1/' | uniq -c | sed 's/^ *//'
}

# need FILE WHAT PATTERN MIN: at least MIN lines match PATTERN.
need() {
	n=$(grep -o "$3" "$1" | wc -l)
	if [ "$n" -lt "$4" ]; then
		echo "FAIL $name: $2: $n, want at least $4"
		ok=0
	fi
}

probe='<script>(function(){var s=document.querySelector("[data-tip]");
if(!s)return;s.dispatchEvent(new MouseEvent("mouseover",{bubbles:true,
clientX:20,clientY:20}));var t=document.getElementById("tip");
document.body.setAttribute("data-probe",(t.hidden?"hidden":"shown")+
"|"+(t.textContent===s.getAttribute("data-tip")?"same":"other"))})();
</script>'

# run NAME KIND HEIGHT ARGS...: KIND map, compare, replay or plan.
run() {
	name=$1 kind=$2 height=$3
	shift 3
	ok=1
	html=$out/$name.html
	if ! "$bin" "$@" > "$html" 2> "$out/$name.gpusched.err"; then
		echo "FAIL $name: gpusched $* failed"
		cat "$out/$name.gpusched.err"
		fail=$((fail + 1)); failed="$failed $name"
		return
	fi
	sed "s#</body>#$(echo "$probe" | tr -d '\n')</body>#" "$html" \
	    > "$out/$name.probe.html"
	chrome "$out/$name.probe.html" --dump-dom > "$out/$name.dom" \
	    2> "$out/$name.err"
	chrome "$html" --window-size=1400,"$height" \
	    --screenshot="$out/$name.png" > /dev/null 2>> "$out/$name.err"
	if grep -q ':CONSOLE' "$out/$name.err"; then
		echo "FAIL $name: JavaScript console:"
		grep ':CONSOLE' "$out/$name.err" | head -5
		ok=0
	fi
	[ -s "$out/$name.png" ] || { echo "FAIL $name: no screenshot"; ok=0; }
	need "$out/$name.dom" "hover probe" 'data-probe="shown|same"' 1
	need "$out/$name.dom" "tooltip element" 'id="tip"' 1
	case $kind in
	map|compare|plan)
		need "$out/$name.dom" "GPU maps" '<svg class="gpumap"' 1
		need "$out/$name.dom" "pod segments" 'class="seg c' 1
		need "$out/$name.dom" "map titles" '<title id="g' 1
		need "$out/$name.dom" "tables" '<table' 1 ;;
	esac
	[ "$kind" = compare ] &&
	    need "$out/$name.dom" "patterns" 'class="pattern"' 4
	[ "$kind" = plan ] &&
	    need "$out/$name.dom" "patterns" 'class="pattern"' 4
	if [ "$kind" = replay ]; then
		need "$out/$name.dom" "charts" '<figure class="chart"' 2
		lines=$(grep -o '<path class="line"' "$out/$name.dom" | wc -l)
		pts=$(grep -o 'data-points="[1-9][0-9]*"' "$out/$name.dom" |
		    wc -l)
		if [ "$lines" -lt 2 ] || [ "$lines" != "$pts" ]; then
			echo "FAIL $name: $lines lines, $pts with data points"
			ok=0
		fi
	fi
	structure "$out/$name.dom" > "$out/$name.structure"
	if [ "${UPDATE:-}" = 1 ]; then
		cp "$out/$name.structure" "$here/expected/$name"
	elif ! cmp -s "$out/$name.structure" "$here/expected/$name"; then
		echo "FAIL $name: DOM structure differs"
		diff -u "$here/expected/$name" "$out/$name.structure" | head -20
		ok=0
	fi
	if [ $ok = 1 ]; then
		pass=$((pass + 1))
		echo "ok $name"
	else
		fail=$((fail + 1)); failed="$failed $name"
	fi
}

demo=scenarios/hami-demo
mini="--nodes tests/data/mini-nodes.csv --pods tests/data/mini-pods.csv"
run four-patterns compare 1250 compare -c $demo/cluster.yaml \
    -w $demo/a-node-binpack-gpu-binpack.yaml -o html
run compare-sharing compare 1250 compare -q \
    -c scenarios/sharing-modes/cluster.yaml \
    -w scenarios/sharing-modes/modes-workload.yaml \
    --sharing hami-core,mig,time-slicing,mps,whole -o html
run simulate-demo map 1000 simulate $demo/four-patterns.yaml -o html
run simulate-snapshot map 1000 simulate scenarios/snapshot/snapshot.yaml \
    -q -o html
run simulate-sharing map 1000 simulate \
    scenarios/sharing-modes/sharing-modes.yaml -q -o html
run plan-report plan 1000 plan report $demo/four-patterns.yaml \
    --run a-node-binpack-gpu-binpack --pool $demo/pools.yaml --runs 20 \
    -o html
# shellcheck disable=SC2086
run replay-mini replay 900 replay $mini --policy fgd,bestfit,random \
    --seeds 1-3 -q -o html
# shellcheck disable=SC2086
run replay-timed-mini replay 900 replay $mini --policy fgd,random \
    --timed --interval 10000 -q -o html
t=$traces
if [ -n "$t" ] && [ -f "$t/openb_pod_list_default.csv" ]; then
	run replay-openb replay 820 replay \
	    --nodes "$t/openb_node_list_gpu_node.csv" \
	    --pods "$t/openb_pod_list_default.csv" \
	    --policy fgd,bestfit,dotprod,random --seeds 42-44 -q -o html
	[ "${UPDATE:-}" = 1 ] && cp "$out/replay-openb.png" "$here/replay.png"
else
	echo "browser: no openb traces: the replay screenshot not taken"
fi
[ "${UPDATE:-}" = 1 ] && cp "$out/four-patterns.png" "$here/four-patterns.png"

[ -n "$failed" ] && echo "failed:$failed"
echo "browser: $pass passed, $fail failed ($browser)"
[ $fail = 0 ] && touch "$out/../browser.pass"
[ $fail = 0 ]
