# MockAuth developer tasks. `make test` is what CI runs (through .ci/run).
SWIFT ?= swift
CERTS_DIR ?= Certs/generated

.PHONY: test build serve certs scenario-table validate format lint api-check api-baseline docs conformance conformance-adapters conformance-prepare conformance-shard conformance-merge conformance-site api-fuzz dist dist-check examples fuzz bench clean

VENV ?= .venv-test
# The tests and the conformance run find the Python reference clients in $(VENV) first.
WITH_VENV = PATH="$(CURDIR)/$(VENV)/bin:$$PATH"

## test: set up the Python clients in $(VENV), name any missing system tool (its tests are skipped;
## MOCKAUTH_REQUIRE_TOOLS=1 makes that a failure), build everything and run every test
test:
	VENV=$(VENV) scripts/test-setup
	$(SWIFT) build --build-tests
	$(WITH_VENV) $(SWIFT) test --parallel

## examples: build and test the example client package (its own dependency build)
examples:
	cd Examples/SecureFetch && $(SWIFT) build --build-tests && $(SWIFT) test --parallel

## build: build the library and mockauthd
build:
	$(SWIFT) build

## serve: serve every bundled scenario until Ctrl-C
serve:
	$(SWIFT) run mockauthd serve

## certs: write a full certificate set (CAs, every profile, client identity, PKCS#12) to $(CERTS_DIR)
certs:
	$(SWIFT) run mockauthd certs --out $(CERTS_DIR)

## scenario-table: regenerate Scenarios/README.md, the catalog page (a test keeps it equal to `mockauthd list --markdown`)
scenario-table:
	$(SWIFT) run mockauthd list --markdown --scenarios Scenarios > Scenarios/README.md

## validate: check every scenario file
validate:
	$(SWIFT) run mockauthd validate Scenarios

## format: format the Swift sources in place
format:
	$(SWIFT) format --in-place --recursive Sources Tests Plugins Fuzz Benchmarks/Sources Package.swift Benchmarks/Package.swift

## lint: check formatting
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Plugins Fuzz Benchmarks/Sources Package.swift Benchmarks/Package.swift

## api-check: the public API against the committed baseline, APIBaseline/: `swift package
## diagnose-api-breaking-changes` and the digester on the working tree's public declarations; fails on
## a breaking change (scripts/api-check; docs/architecture.md, "The public API and its baseline")
api-check:
	SWIFT=$(SWIFT) scripts/api-check

## api-baseline: rewrite APIBaseline/ from the working tree: a deliberate change of the public API,
## committed with the change
api-baseline:
	SWIFT=$(SWIFT) scripts/api-check --update

## docs: build the DocC catalogs of MockAuth and MockAuthTesting into .build/docs (fails on any warning)
docs:
	rm -rf .build/symbol-graphs .build/docs && mkdir -p .build/symbol-graphs/all .build/docs
	for module in MockAuth MockAuthClients MockAuthTesting; do \
	  rm -rf .build/symbol-graphs/$$module && mkdir -p .build/symbol-graphs/$$module && \
	  touch Sources/$$module/*.swift && \
	  $(SWIFT) build --target $$module -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc .build/symbol-graphs/all && \
	  cp .build/symbol-graphs/all/$$module.symbols.json .build/symbol-graphs/all/$$module@*.symbols.json .build/symbol-graphs/$$module/ 2>/dev/null; \
	  docc convert Sources/$$module/$$module.docc --additional-symbol-graph-dir .build/symbol-graphs/$$module \
	    --fallback-display-name $$module --fallback-bundle-identifier $$module --warnings-as-errors \
	    --output-path .build/docs/$$module || exit 1; \
	done

## fuzz: every libFuzzer target (Fuzz/MockAuthFuzz) for FUZZ_RUNS executions or FUZZ_SECONDS each,
## from the seeds in Fuzz/seeds (new inputs go to .build-fuzz/corpus; crashes to .build-fuzz/findings)
FUZZ_TARGETS ?= basic digest ntlm spnego kerberos auth-parameters proxy-target scenario written-challenge cookie \
  socks-greeting socks-username-password socks-pipeline token-form
FUZZ_RUNS ?= 1000000
FUZZ_SECONDS ?= 1800
# The coverage libFuzzer is guided by, named for the Swift code: with --sanitize=address beside
# --sanitize=fuzzer, swiftc (6.3) leaves Swift code without coverage counters, and libFuzzer then
# mutates blind ("no interesting inputs were found"); `make fuzz` fails if that happens again.
# SWIFT_BACKTRACE=enable=no: libFuzzer reports a trap itself (Swift's backtracer could hold it).
FUZZ_COVERAGE ?= -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp
fuzz:
	MOCKAUTH_FUZZ=1 $(SWIFT) build -c debug --sanitize=fuzzer --sanitize=address $(FUZZ_COVERAGE) --scratch-path .build-fuzz --product MockAuthFuzz
	mkdir -p .build-fuzz/findings
	for target in $(FUZZ_TARGETS); do \
	  mkdir -p .build-fuzz/corpus/$$target && \
	  SWIFT_BACKTRACE=enable=no MOCKAUTH_FUZZ_TARGET=$$target .build-fuzz/debug/MockAuthFuzz -runs=$(FUZZ_RUNS) -max_total_time=$(FUZZ_SECONDS) \
	    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix=.build-fuzz/findings/$$target- \
	    .build-fuzz/corpus/$$target Fuzz/seeds/$$target > .build-fuzz/$$target.log 2>&1; status=$$?; \
	  grep -E '^(stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)|Done|==[0-9]+==|SUMMARY)' \
	    .build-fuzz/$$target.log | sed "s/^/$$target: /"; \
	  [ $$status -eq 0 ] || { echo "$$target: libFuzzer exited $$status: see .build-fuzz/$$target.log"; exit 1; }; \
	  ! grep -q 'no interesting inputs were found' .build-fuzz/$$target.log || \
	    { echo "$$target: libFuzzer saw no coverage (the Swift code is not instrumented): not a fuzz run"; exit 1; }; \
	done

## bench: the benchmarks (Benchmarks/, its own package: release builds of mockauthd, mockauth-adapter
## and mockauth-bench) beside a bare SwiftNIO / NIOSSL server and nginx, with wrk; prints the figures
## and ratios and rewrites the generated section of docs/performance.md. Needs wrk (and nginx for its
## column); loopback only, every load bounded in time. Never part of `make test`.
BENCH_SECONDS ?= 6
# Throughput rounds per server (alternating): the bare server's own rate moves ±10% between rounds.
BENCH_ROUNDS ?= 5
BENCH_MEMORY_REQUESTS ?= 5000000
bench:
	VENV=$(VENV) scripts/test-setup
	# SwiftPM keeps a path dependency's list of source files in its build plan: drop the plan so a
	# file added to MockAuth since the last bench is built.
	rm -f Benchmarks/.build/release.yaml Benchmarks/.build/*/release/description.json
	cd Benchmarks && $(SWIFT) build -c release --product mockauthd && \
	  $(SWIFT) build -c release --product mockauth-adapter && $(SWIFT) build -c release --product mockauth-bench
	Benchmarks/.build/release/mockauth-bench --mockauthd $(CURDIR)/Benchmarks/.build/release/mockauthd \
	  --adapter $(CURDIR)/Benchmarks/.build/release/mockauth-adapter --repository $(CURDIR) \
	  --venv $(CURDIR)/$(VENV) --seconds $(BENCH_SECONDS) --rounds $(BENCH_ROUNDS) --memory-requests $(BENCH_MEMORY_REQUESTS) \
	  --out docs/performance.md

clean:
	rm -rf .build .build-fuzz Benchmarks/.build $(CERTS_DIR) $(VENV)

## dist: a self-contained mockauthd for machines without Swift (release, Swift runtime linked in,
## catalog compiled in): dist/mockauthd-<version>-linux-<arch>.tar.gz and its .sha256; needs
## libcurl's development files (apt-get install libcurl4-openssl-dev)
DIST_DIR ?= dist
dist:
	DIST_DIR=$(DIST_DIR) SWIFT=$(SWIFT) scripts/dist

## dist-check: the tarball runs with the toolchain off PATH and LD_LIBRARY_PATH: no Swift library
## among its dependencies, --version, check tls-expired with curl, and a control-API round trip
dist-check:
	DIST_DIR=$(DIST_DIR) scripts/dist-check

## api-fuzz: the control API against its contract, docs/openapi.yaml: openapi-spec-validator, then
## schemathesis fuzzing a live serve of scenarios with and without a control (every phase, stateful
## links included, --checks all, at most API_FUZZ_EXAMPLES test cases per operation, one to two
## minutes); fails on any finding (scripts/api-fuzz; reports in .build/api-fuzz)
API_FUZZ_EXAMPLES ?= 300
api-fuzz:
	VENV=$(VENV) scripts/test-setup
	$(SWIFT) build --product mockauthd
	$(WITH_VENV) API_FUZZ_EXAMPLES=$(API_FUZZ_EXAMPLES) scripts/api-fuzz .build/debug/mockauthd

## conformance: the whole catalog against the reference adapters; writes .build/conformance/,
## docs/conformance-matrix.md, the summary section of docs/conformance.md and
## docs/conformance-heatmap.svg, and fails on a regression against Conformance/baselines/
## (CONFORM_ARGS=--update-baselines then writes the new and changed cells into those files)
CONFORMANCE_OUT ?= .build/conformance
CONFORM_ARGS ?=
ADAPTER = .build/debug/mockauth-adapter
# The compiled reference adapters (Java, OkHttp, Go, Rust), rebuilt once per run by conformance-adapters.
ADAPTERS = .build/conformance-adapters
# The reference clients, once for every kind of run (the whole one, each shard and the merge): their
# commands, version commands, what each library lacks and who decides each cell are in the capability
# table, the one place for them.
CONFORM_CLIENTS = --clients Conformance/clients.yaml
CONFORM_BASELINES = $(patsubst %,--baseline %,$(sort $(wildcard Conformance/baselines/*.json)))
# What a whole run, or a merge of shards, writes.
CONFORM_REPORTS = --json $(CONFORMANCE_OUT)/results.json --junit $(CONFORMANCE_OUT)/junit.xml \
	--html $(CONFORMANCE_OUT)/index.html --markdown docs/conformance-matrix.md --markdown-matrix-only \
	--svg docs/conformance-heatmap.svg --summary docs/conformance.md --summary-heat-map conformance-heatmap.svg

## conformance-prepare: the Python clients, mockauthd and the adapters' builds, once per run
conformance-prepare:
	VENV=$(VENV) scripts/test-setup
	$(SWIFT) build --product mockauthd
	$(SWIFT) build --product mockauth-adapter
	$(MAKE) conformance-adapters
	mkdir -p $(CONFORMANCE_OUT)

conformance: conformance-prepare
	$(WITH_VENV) .build/debug/mockauthd conform --scenarios Scenarios $(CONFORM_CLIENTS) \
	  $(CONFORM_BASELINES) $(CONFORM_REPORTS) $(CONFORM_ARGS)

## conformance-adapters: compile the Java, OkHttp, Go and Rust reference adapters into
## .build/conformance-adapters (once per `make conformance`): MockAuthJava's jar, and MockAuthOkHttp's
## beside OkHttp's jars, with a class-data archive per JVM client (made from one run of the `basic`
## scenario: a faster JVM start); the Go net/http adapter, built offline with its caches under .build
## (GOPROXY=off: the standard library only); the reqwest and ureq adapters, built offline by cargo
## against Debian's vendored crates (CARGO_REGISTRY, a source replacement in a CARGO_HOME under .build,
## as Debian's Rust packaging sets it up), its target directory kept under .build between runs
MOCKAUTHD ?= .build/debug/mockauthd
GO_ENV = GOCACHE=$(CURDIR)/.build/go-cache GOPATH=$(CURDIR)/.build/go-path GOPROXY=off GOFLAGS=-mod=mod GOTOOLCHAIN=local
# OkHttp 3 and Okio from Debian's libokhttp-java and libokio-java; JavaNetCookieJar is in okhttp-urlconnection.
OKHTTP_JARS ?= /usr/share/java
OKHTTP_CLASSPATH = $(OKHTTP_JARS)/okhttp.jar:$(OKHTTP_JARS)/okio.jar:$(OKHTTP_JARS)/okhttp-urlconnection.jar
CARGO ?= cargo
CARGO_REGISTRY ?= /usr/share/cargo/registry
CARGO_ENV = CARGO_HOME=$(CURDIR)/.build/cargo-home CARGO_TARGET_DIR=$(CURDIR)/.build/cargo-target
conformance-adapters:
	rm -rf $(ADAPTERS) && mkdir -p $(ADAPTERS)/java-classes $(ADAPTERS)/okhttp-classes
	javac -d $(ADAPTERS)/java-classes Conformance/adapters/java/MockAuthJava.java Conformance/adapters/java/MockAuthMaterial.java
	jar cf $(ADAPTERS)/mockauth-java.jar -C $(ADAPTERS)/java-classes .
	javac -cp $(OKHTTP_CLASSPATH) -d $(ADAPTERS)/okhttp-classes Conformance/adapters/java/MockAuthOkHttp.java Conformance/adapters/java/MockAuthMaterial.java
	jar cf $(ADAPTERS)/mockauth-okhttp.jar -C $(ADAPTERS)/okhttp-classes .
	cp $(subst :, ,$(OKHTTP_CLASSPATH)) $(ADAPTERS)/
	for mode in httpclient urlconnection okhttp; do \
	  $(MOCKAUTHD) check --scenarios Scenarios basic --skip-control -- \
	    env JAVA_ARCHIVE_AT_EXIT=$(ADAPTERS)/java-$$mode.jsa Conformance/adapters/java.sh $(ADAPTERS) $$mode >/dev/null 2>&1 || \
	    echo "conformance-adapters: no class-data archive for java-$$mode (its JVM starts without one)"; \
	done
	cd Conformance/adapters/go && $(GO_ENV) go build -o $(CURDIR)/$(ADAPTERS)/go-nethttp .
	mkdir -p .build/cargo-home
	printf '[source.crates-io]\nreplace-with = "debian"\n\n[source.debian]\ndirectory = "%s"\n\n[net]\noffline = true\n' \
	  $(CARGO_REGISTRY) > .build/cargo-home/config.toml
	# The lock file is resolved afresh each time: a newer cargo's lock file (version 4) is one that
	# Debian's cargo cannot read, and the crates come from the registry directory alone.
	rm -f Conformance/adapters/rust/Cargo.lock
	$(CARGO_ENV) $(CARGO) build --offline --quiet --manifest-path Conformance/adapters/rust/Cargo.toml
	cp .build/cargo-target/debug/mockauth-reqwest .build/cargo-target/debug/mockauth-ureq $(ADAPTERS)/

## conformance-shard SHARD=K/N: one slice of the matrix (one machine of a CI matrix), written to
## $(CONFORMANCE_OUT)/shard-K.json; conformance-merge then joins the slices found there and
## compares them with the baselines, writing what a whole run writes
SHARD ?= 1/1
conformance-shard: conformance-prepare
	$(WITH_VENV) .build/debug/mockauthd conform --scenarios Scenarios $(CONFORM_CLIENTS) --shard $(SHARD) \
	  --json $(CONFORMANCE_OUT)/shard-$(firstword $(subst /, ,$(SHARD))).json

conformance-merge:
	$(SWIFT) build --product mockauthd
	.build/debug/mockauthd conform merge $(sort $(wildcard $(CONFORMANCE_OUT)/shard-*.json)) $(CONFORM_CLIENTS) \
	  $(CONFORM_BASELINES) $(CONFORM_REPORTS) $(CONFORM_ARGS)

## conformance-site: the run's report ($(CONFORMANCE_OUT)/results.json, written by `make conformance`
## or `make conformance-merge`) as a static site in $(CONFORMANCE_SITE), default .build/conformance/site:
## index.html (the summary per client, the heat map), a page per client (clients/NAME.html) and per
## scenario (scenarios/NAME.html); plain HTML and CSS with relative links, for file:// or GitHub Pages
## (CI publishes it from main)
CONFORMANCE_SITE ?= $(CONFORMANCE_OUT)/site
conformance-site:
	$(SWIFT) build --product mockauthd
	.build/debug/mockauthd conform site $(CONFORMANCE_OUT)/results.json --out $(CONFORMANCE_SITE) --scenarios Scenarios
