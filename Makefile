# gpusched: build, test, demo, bench, fuzz, install.
#
#   make            optimised build: ./gpusched
#   make demo       the HAMi demo's four binpack/spread patterns
#   make check      every test, built with -Werror under ASan + UBSan
#   make bench      synthetic 1,000 nodes x 8 GPUs, 20,000 pods: pods/s;
#                   openb trace replay: seconds per seed (TRACES=dir)
#   make fuzz       short libFuzzer runs of the parsers (clang)
#   make setup      install the Debian packages the build needs (root)
#   make install    PREFIX=/usr/local DESTDIR=

PREFIX		?= /usr/local
BINDIR		?= $(PREFIX)/bin
MANDIR		?= $(PREFIX)/share/man
PKG_CONFIG	?= pkg-config
CC		?= cc
PKGS		 = yaml-0.1 jansson gsl argtable2

STD		 = -std=c11 -D_POSIX_C_SOURCE=200809L
WARN		 = -Wall -Wextra -Wformat=2 -Wmissing-prototypes \
		   -Wstrict-prototypes -Wshadow -Wpointer-arith -Wundef \
		   -Wvla -Wold-style-definition -Wno-format-nonliteral
# HAMi's scores are float32 evaluated operation by operation: no
# contraction into FMA, no excess precision.
FPFLAGS		 = -ffp-contract=off -fno-fast-math
OPT		?= -O2 -g
DEPCFLAGS	:= $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
DEPLIBS		:= $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null)
CUNIT_LIBS	:= $(shell $(PKG_CONFIG) --libs cunit 2>/dev/null)
SAN		 = -fsanitize=address,undefined -fno-sanitize-recover=all \
		   -fno-omit-frame-pointer

CORE_SRC	:= $(sort $(wildcard core/*.c))
CMD_SRC		:= $(sort $(wildcard cmd/*.c))
UNIT_SRC	:= $(sort $(wildcard tests/unit/*.c))
HDRS		:= $(wildcard core/*.h cmd/*.h tests/unit/*.h)

REL		 = build/release
ASAN		 = build/asan

REL_CORE_OBJ	:= $(CORE_SRC:%.c=$(REL)/%.o)
REL_CMD_OBJ	:= $(CMD_SRC:%.c=$(REL)/%.o)
ASAN_CORE_OBJ	:= $(CORE_SRC:%.c=$(ASAN)/%.o)
ASAN_CMD_OBJ	:= $(CMD_SRC:%.c=$(ASAN)/%.o)
ASAN_UNIT_OBJ	:= $(UNIT_SRC:%.c=$(ASAN)/%.o)

.PHONY: all demo check unit golden scenarios man-check trace-check bench fuzz \
	setup setup-fuzz \
	install uninstall clean

all: gpusched

gpusched: $(REL)/gpusched
	cp $< $@

$(REL)/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(OPT) $(DEPCFLAGS) $(CFLAGS) -c $< -o $@

$(REL)/libgpusched.a: $(REL_CORE_OBJ)
	$(AR) rcs $@ $^

$(REL)/gpusched: $(REL_CMD_OBJ) $(REL)/libgpusched.a
	$(CC) $(OPT) $(LDFLAGS) -o $@ $^ $(DEPLIBS) -lm

# The test build: warnings are errors, sanitizers on.
$(ASAN)/%.o: %.c $(HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(STD) $(WARN) -Werror $(FPFLAGS) -O1 -g $(SAN) $(DEPCFLAGS) \
	    $(CFLAGS) -c $< -o $@

$(ASAN)/libgpusched.a: $(ASAN_CORE_OBJ)
	$(AR) rcs $@ $^

$(ASAN)/gpusched: $(ASAN_CMD_OBJ) $(ASAN)/libgpusched.a
	$(CC) $(SAN) -o $@ $^ $(DEPLIBS) -lm

$(ASAN)/unit-tests: $(ASAN_UNIT_OBJ) $(ASAN)/libgpusched.a
	$(CC) $(SAN) -o $@ $^ $(DEPLIBS) $(CUNIT_LIBS) -lm

demo: gpusched
	./gpusched simulate scenarios/hami-demo/four-patterns.yaml
	@echo
	./gpusched compare -c scenarios/hami-demo/cluster.yaml \
	    -w scenarios/hami-demo/a-node-binpack-gpu-binpack.yaml

TEST_ENV = env -u POSIXLY_CORRECT LC_ALL=C NO_COLOR=1 \
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# Every scenario file (kind: Scenario) under scenarios/ with its expectations.
SCENARIOS := $(shell grep -l '^kind: Scenario' scenarios/*.yaml \
	scenarios/*/*.yaml 2>/dev/null)

check: unit golden scenarios man-check trace-check

scenarios: $(ASAN)/gpusched
	$(TEST_ENV) $(ASAN)/gpusched check $(SCENARIOS)

unit: $(ASAN)/unit-tests
	cd tests/unit && $(TEST_ENV) ../../$(ASAN)/unit-tests

golden: $(ASAN)/gpusched
	$(TEST_ENV) sh tests/golden/run.sh $(ASAN)/gpusched
	$(TEST_ENV) sh tests/golden/shard-merge.sh $(ASAN)/gpusched
	$(TEST_ENV) sh tests/golden/io.sh $(ASAN)/gpusched

# The replay against the published openb results (skipped without TRACES).
trace-check: gpusched
	$(TEST_ENV) sh tests/trace/openb.sh ./gpusched $(TRACES)

man-check:
	@if command -v mandoc >/dev/null 2>&1; then \
	    mandoc -Tlint -W warning man/gpusched.1 man/gpusched-scenario.5 \
	    && echo "man pages: mandoc -Tlint clean"; \
	else echo "man pages: mandoc not installed, lint skipped"; fi

$(REL)/bench: tests/bench/bench.c $(REL)/libgpusched.a
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(OPT) $(DEPCFLAGS) -o $@ $^ \
	    $(DEPLIBS) -lm

$(REL)/bench-replay: tests/bench/bench_replay.c $(REL)/libgpusched.a
	$(CC) $(STD) $(WARN) $(FPFLAGS) $(OPT) $(DEPCFLAGS) -o $@ $^ \
	    $(DEPLIBS) -lm

# The openb trace (spec/openb-fgd.md); the replay bench is skipped without it.
TRACES		?= ../shared/traces/openb

bench: $(REL)/bench $(REL)/bench-replay
	$(REL)/bench
	$(REL)/bench --profile hami-v2.10.0
	$(REL)/bench-replay $(TRACES)

FUZZ_SECONDS	?= 20
FUZZ_SEED	?= 1
FUZZ_TARGETS	 = fuzz_yaml fuzz_quantity fuzz_register fuzz_trace
FUZZ_FLAGS	 = -g -O1 -fsanitize=fuzzer,address,undefined $(STD) \
		   $(FPFLAGS) $(DEPCFLAGS)

build/fuzz/%: tests/fuzz/%.c $(CORE_SRC) $(HDRS)
	@mkdir -p build/fuzz
	clang $(FUZZ_FLAGS) -o $@ $< $(CORE_SRC) $(DEPLIBS) -lm

fuzz: $(FUZZ_TARGETS:%=build/fuzz/%)
	@for t in $(FUZZ_TARGETS); do \
	    mkdir -p build/fuzz/corpus-$$t; \
	    echo "fuzz: $$t for $(FUZZ_SECONDS)s"; \
	    build/fuzz/$$t -seed=$(FUZZ_SEED) -max_total_time=$(FUZZ_SECONDS) \
	        -max_len=65536 \
	        -rss_limit_mb=2048 -timeout=10 \
	        build/fuzz/corpus-$$t tests/fuzz/seeds/$$t || exit 1; \
	done

# Debian packages (run as root on a fresh machine).
SETUP_PKGS = build-essential pkg-config libyaml-dev libjansson-dev \
	libargtable2-dev libgsl-dev libcunit1-dev mandoc
# apt-get install what is missing of $(1) (root on Debian).
define apt_install
	@missing=""; for p in $(1); do \
	    dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	    echo "installing:$$missing"; \
	    apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	else echo "$@: all packages present"; fi
endef

setup:
	$(call apt_install,$(SETUP_PKGS))

FUZZ_PKGS = clang libclang-rt-14-dev
setup-fuzz:
	$(call apt_install,$(FUZZ_PKGS))

install: gpusched
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
	    $(DESTDIR)$(MANDIR)/man5
	install -m 755 gpusched $(DESTDIR)$(BINDIR)/gpusched
	install -m 644 man/gpusched.1 $(DESTDIR)$(MANDIR)/man1/gpusched.1
	install -m 644 man/gpusched-scenario.5 \
	    $(DESTDIR)$(MANDIR)/man5/gpusched-scenario.5

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/gpusched \
	    $(DESTDIR)$(MANDIR)/man1/gpusched.1 \
	    $(DESTDIR)$(MANDIR)/man5/gpusched-scenario.5

clean:
	rm -rf build gpusched
