#!/bin/sh
# size.sh: the house limits (common rules, DESIGN.md): no file over 1,000
# lines and no function over 120 lines in core/, cmd/ and tests/.  A
# function is counted from the line naming it (at column 0, before its
# parameters) to its closing brace at column 0, the style of the tree.
# Prints each one over a limit; exits 1 if any.
# Usage: sh tests/size.sh [FILE...]     (from the repo root)
set -u
maxfile=1000
maxfunc=120
if [ $# = 0 ]; then
	set -- $(find core cmd tests -name '*.[ch]' | sort)
fi
awk -v maxfile=$maxfile -v maxfunc=$maxfunc '
function filesize() {
	if (prevlines > maxfile) {
		printf "%s: %d lines (over %d)\n", prevfile, prevlines, maxfile
		bad = 1
	}
}
FNR == 1 { filesize(); name = ""; start = 0; inbody = 0 }
{ prevfile = FILENAME; prevlines = FNR }
!inbody && /^[A-Za-z_][A-Za-z0-9_]*\(/ {
	name = $0; sub(/\(.*/, "", name); start = FNR
}
!inbody && /^\{$/ && name != "" { inbody = 1 }
inbody && /^\}/ {
	n = FNR - start + 1
	if (n > maxfunc) {
		printf "%s:%d: function %s is %d lines (over %d)\n",
		    FILENAME, start, name, n, maxfunc
		bad = 1
	}
	inbody = 0; name = ""
}
END {
	filesize()
	if (bad)
		exit 1
	print "size: every file under " maxfile " lines, every function under " maxfunc
}' "$@"
