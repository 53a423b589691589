# TextLayout — the two set-up commands (see README.md):
#   make demo   installs what it needs, then wraps a bundled sample at two widths
#   make test   installs what it needs, then builds and runs every test
#   make install [PREFIX=/usr/local] [DESTDIR=]  the tool, its font, man page and
#               bash completion (uninstall removes them)
#   make man    the manual page, made from the help texts, in .build/man
#   make lint   swift-format lint with the checked-in .swift-format (make format fixes)
#   make docs   the DocC site of the library products in .build/docs/site
#   make docs-test  that site in headless Chromium (screenshots in .build/docs/screenshots)
#   make cluster-demo  2,000 generated cards on a local Dask cluster (scripts/render-cluster.py)
#   make cluster-test  the cluster's files byte-identical to a single-process run
#   make sanitize  the test suite under AddressSanitizer, then ThreadSanitizer, zero reports
#   make sanitize-ci  CI's lanes: the concurrency suites under ThreadSanitizer, the
#                     suites at the C libraries under AddressSanitizer
#   make bench  the benchmarks against Pango and the ICU + HarfBuzz floor (README)
#   make bench-quick  each benchmark once on small inputs: CI's smoke test
#   make bench-browser  line starts against headless Chromium (not in CI)
#   make fuzz [FUZZ_SECONDS=60]  builds the libFuzzer targets of Fuzz/ and runs each
#               that long, two at a time (Fuzz/README.md)
#
# Both install the Debian packages first (as root, or through sudo), once.

DEBIAN_PACKAGES := pkg-config libicu-dev libharfbuzz-dev libfontconfig-dev libcairo2-dev \
                   libfreetype-dev zlib1g-dev libharfbuzz-bin unicode-data \
                   libhyphen-dev hyphen-en-us hyphen-en-gb hyphen-de hyphen-fr hyphen-es hyphen-it
# The tests read PDF output back with poppler's pdftotext, pdffonts and pdfinfo.
TEST_PACKAGES := poppler-utils
# Only the benchmark harness (Benchmarks/, its own package) links Pango; python3
# generates its corpora; pango-view (pango1.0-tools) is the peer of its whole-process
# `render --format png` row, which runs the release build of textlayout; GNU time
# (time) measures the peak memory of the whole-process `wrap` rows.
BENCH_PACKAGES := libpango1.0-dev pango1.0-tools python3 time
# render-cluster.py runs on Dask distributed, installed from PyPI into a venv at the
# versions pinned in CLUSTER_PINS; CI keeps its venv outside the clone, to reuse it.
CLUSTER_PACKAGES := python3 python3-venv
CLUSTER_VENV ?= .build/cluster-venv
CLUSTER_PINS := scripts/requirements-cluster.txt
# The documentation site is checked in headless Chromium, served by python3.
DOCS_PACKAGES := chromium curl python3
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SAMPLE := testdata/corpus/english.txt
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR := $(DESTDIR)$(PREFIX)/bin
DATADIR := $(DESTDIR)$(PREFIX)/share

.PHONY: sanitize sanitize-ci deps test-deps bench-deps docs-deps docs docs-test cluster-venv cluster-demo cluster-test packages install uninstall man lint format demo test build release bench bench-quick bench-browser fuzz fuzz-build clean

deps:
	@$(MAKE) --no-print-directory packages PACKAGES="$(DEBIAN_PACKAGES)"

test-deps: deps
	@$(MAKE) --no-print-directory packages PACKAGES="$(TEST_PACKAGES)"

docs-deps: deps
	@$(MAKE) --no-print-directory packages PACKAGES="$(DOCS_PACKAGES)"

bench-deps: deps
	@$(MAKE) --no-print-directory packages PACKAGES="$(BENCH_PACKAGES)"

packages:
	@missing=""; \
	for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

build: deps
	swift build

# The Swift runtime linked in, so the installed binary needs only the Debian libraries.
release: deps
	swift build -c release --static-swift-stdlib --product textlayout

# The binary in bin, DejaVu Sans (and its licence) in share/textlayout, where the
# binary looks for it; without it the binary uses fontconfig's sans-serif.
install: release man
	install -D -m 755 .build/release/textlayout $(BINDIR)/textlayout
	install -D -m 644 Sources/TextLayoutCommand/Resources/DejaVuSans.ttf $(DATADIR)/textlayout/DejaVuSans.ttf
	install -D -m 644 Sources/TextLayoutCommand/Resources/LICENSE-DejaVu.txt $(DATADIR)/textlayout/LICENSE-DejaVu.txt
	install -D -m 644 .build/man/textlayout.1 $(DATADIR)/man/man1/textlayout.1
	.build/release/textlayout help bash-completion > .build/textlayout.bash
	install -D -m 644 .build/textlayout.bash $(DATADIR)/bash-completion/completions/textlayout

uninstall:
	rm -f $(BINDIR)/textlayout $(DATADIR)/man/man1/textlayout.1 $(DATADIR)/bash-completion/completions/textlayout
	rm -rf $(DATADIR)/textlayout

man: release
	@mkdir -p .build/man
	.build/release/textlayout help man > .build/man/textlayout.1
	@echo "wrote .build/man/textlayout.1 (man -l .build/man/textlayout.1)"

# DocC with the toolchain's docc, warnings as errors; no package plugin.
docs: deps
	bash scripts/build-docs.sh

docs-test: docs-deps docs
	bash scripts/test-docs.sh

# The venv is made again when the pins change: its copy of them is written last.
cluster-venv:
	@$(MAKE) --no-print-directory packages PACKAGES="$(CLUSTER_PACKAGES)"
	@cmp -s $(CLUSTER_PINS) $(CLUSTER_VENV)/pins.txt || { \
	  echo "Making $(CLUSTER_VENV) with $(CLUSTER_PINS)"; \
	  python3 -m venv --clear $(CLUSTER_VENV) \
	  && $(CLUSTER_VENV)/bin/pip install --quiet --disable-pip-version-check -r $(CLUSTER_PINS) \
	  && cp $(CLUSTER_PINS) $(CLUSTER_VENV)/pins.txt; }

cluster-demo: release cluster-venv
	@mkdir -p .build/cluster-demo
	python3 scripts/card_records.py 2000 > .build/cluster-demo/records.jsonl
	@# Two records fail on purpose, so the run exits 65; any other status is a failure.
	@status=0; $(CLUSTER_VENV)/bin/python scripts/render-cluster.py .build/cluster-demo/records.jsonl \
	  --out .build/cluster-demo/cards --format png --workers 2 --shard-size 250 \
	  --textlayout .build/release/textlayout --report .build/cluster-demo/report.json || status=$$?; \
	  [ $$status = 65 ] || { echo "render-cluster.py exited $$status, not 65 for the two bad records" >&2; exit 1; }
	@echo "the cards are in .build/cluster-demo/cards, the failures in .build/cluster-demo/report.json (two, on purpose)"

cluster-test: release cluster-venv
	TEXTLAYOUT=.build/release/textlayout $(CLUSTER_VENV)/bin/python -m unittest discover -s scripts/tests -v

# The toolchain's swift-format with .swift-format, over every Swift file of the
# three packages; CI runs it. `make format` rewrites the files in place.
SWIFT_FORMAT_PATHS = Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Sources Fuzz/Package.swift Fuzz/Sources
lint:
	swift format lint --strict --recursive --configuration .swift-format $(SWIFT_FORMAT_PATHS)

format:
	swift format format --in-place --recursive --configuration .swift-format $(SWIFT_FORMAT_PATHS)

demo: release
	@echo "== $(SAMPLE), first paragraphs, at 240 pt =="
	@head -c 700 $(SAMPLE) | .build/release/textlayout wrap --width 240 -
	@echo
	@echo "== the same at 480 pt, centred =="
	@head -c 700 $(SAMPLE) | .build/release/textlayout wrap --width 480 --align center -
	@echo
	@echo "== the same for a 40-column terminal =="
	@head -c 700 $(SAMPLE) | .build/release/textlayout wrap --columns 40 -

test: test-deps
	swift build --build-tests
	swift test --skip-build

# Each lane in its own scratch path (.build/asan, .build/tsan); see scripts/sanitize.sh.
sanitize: test-deps
	bash scripts/sanitize.sh address
	bash scripts/sanitize.sh thread

# The suites whose code runs on several threads: the worker pool and what runs on
# it (batches, galleries, sheets, parallel paragraphs and a frame's lines built on
# all cores, both managers' layout ahead, wrap's streamed batches), the shape cache
# and the layout context, outlines, the bridge's observation, and storage edits made
# by tests running side by side.
TSAN_CI_SUITES := WorkerPoolTests|aFrameHoldsEachParagraphsOwnLinesStacked|ShapingFontTests|SpinLockTests|ParallelLayoutTests|ConcurrentHyphenationTests|ShapeCacheTests|LayoutContextConcurrencyTests|BatchTests|GalleryTests|SheetTests|GlyphOutlineTests|ObservationTests|LazySplittingTests|ScrollToEndTests|LineBreakingPropertyTests|StreamingTests
# The suites that hand memory to C and take it back: HarfBuzz, ICU, FreeType and
# cairo, libhyphen (and the pattern walk that reads its loaded dictionaries) and
# fontconfig, fed hostile fonts and text, and what the fuzz targets found; and
# balanced breaking's survey, which writes its sums through unsafe buffers.
ASAN_CI_SUITES := BalancedProbeTests|CairoFontFacesTests|HostileFontTests|HostileInputTests|BadInputTests|FontTests|GlyphOutlineTests|GlyphMaskTests|HyphenationTests|HyphenPatternWalkTests|SoftHyphenTests|PNGCanvasTests|PDFCanvasTests|VariableFontRenderingTests|EmojiSequenceTests|FuzzFindingsTests|LayoutContextTests|StreamingTests|ParagraphTooLongTests|AnalysisFailureTests
# CI's lanes: each sanitizer over the suites where its reports are likeliest (the
# full lanes take about 10 minutes each here; make sanitize runs them).
sanitize-ci: test-deps
	bash scripts/sanitize.sh thread '$(TSAN_CI_SUITES)'
	bash scripts/sanitize.sh address '$(ASAN_CI_SUITES)'

bench: bench-deps
	swift build -c release --product textlayout
	swift run -c release --package-path Benchmarks textlayout-bench --json Benchmarks/results.json

# Built in the root package's scratch path with make release's flags: the library's
# release objects that make release (or install) made are the ones the harness links,
# so only the harness itself is compiled (18 s, against two minutes for a build of
# its own in Benchmarks/.build). `swift run` takes no --static-swift-stdlib, so the
# build and the run are two commands.
bench-quick: bench-deps
	swift build -c release --static-swift-stdlib --package-path Benchmarks --scratch-path .build --product textlayout-bench
	.build/release/textlayout-bench --quick

# Debian's chromium, driven headless; see Benchmarks/Browser/compare.py for how the
# two engines are given the same fonts and how differences are classified.
bench-browser: deps
	@$(MAKE) --no-print-directory packages PACKAGES="chromium python3"
	swift build -c release --product textlayout
	python3 Benchmarks/Browser/compare.py --textlayout .build/release/textlayout \
	  --json Benchmarks/Browser/differences.json

# The fuzz targets: their own package, every module built with libFuzzer's coverage
# and AddressSanitizer; lld links them (ld.gold stops with an internal error on them).
FUZZ_SECONDS ?= 60
fuzz-build: deps
	swift build -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld

fuzz: fuzz-build
	bash Fuzz/run.sh $(FUZZ_SECONDS)

clean:
	rm -rf .build Benchmarks/.build Fuzz/.build
