# TextLayout — the two set-up commands (see README.md):
#   make demo   installs what it needs, then wraps a bundled sample at two widths
#   make test   installs what it needs, then builds and runs every test
#   make bench  the benchmarks against Pango and the ICU + HarfBuzz floor (README)
#   make bench-quick  each benchmark once on small inputs: CI's smoke test
#
# Both install the Debian packages first (as root, or through sudo), once.

DEBIAN_PACKAGES := pkg-config libicu-dev libharfbuzz-dev libfontconfig-dev libcairo2-dev \
                   libfreetype-dev libharfbuzz-bin unicode-data
# The tests read PDF output back with poppler's pdftotext, pdffonts and pdfinfo.
TEST_PACKAGES := poppler-utils
# Only the benchmark harness (Benchmarks/, its own package) links Pango; python3
# generates its corpora.
BENCH_PACKAGES := libpango1.0-dev python3
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SAMPLE := testdata/corpus/english.txt

.PHONY: deps test-deps bench-deps install demo test build release bench bench-quick clean

deps:
	@$(MAKE) --no-print-directory install PACKAGES="$(DEBIAN_PACKAGES)"

test-deps: deps
	@$(MAKE) --no-print-directory install PACKAGES="$(TEST_PACKAGES)"

bench-deps: deps
	@$(MAKE) --no-print-directory install PACKAGES="$(BENCH_PACKAGES)"

install:
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

release: deps
	swift build -c release --product textlayout

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

bench: bench-deps
	swift run -c release --package-path Benchmarks textlayout-bench --json Benchmarks/results.json

bench-quick: bench-deps
	swift run -c release --package-path Benchmarks textlayout-bench --quick

clean:
	rm -rf .build Benchmarks/.build
