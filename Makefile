# MockAuth developer tasks. `make test` is what CI runs (through .ci/run).
SWIFT ?= swift
CERTS_DIR ?= Certs/generated

.PHONY: test build serve certs validate format lint clean

## test: build everything and run every test (needs curl, openssl, python3 + jsonschema/pyyaml: see .ci/run)
test:
	$(SWIFT) build --build-tests
	$(SWIFT) test

## build: build the library and mockauthd
build:
	$(SWIFT) build

## serve: serve every bundled scenario until Ctrl-C
serve:
	$(SWIFT) run mockauthd serve

## certs: write a full certificate set (CAs, every profile, client identity, PKCS#12) to $(CERTS_DIR)
certs:
	$(SWIFT) run mockauthd certs --out $(CERTS_DIR)

## validate: check every scenario file
validate:
	$(SWIFT) run mockauthd validate Scenarios

## format: format the Swift sources in place
format:
	$(SWIFT) format --in-place --recursive Sources Tests Plugins Package.swift

## lint: check formatting
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Plugins Package.swift

clean:
	rm -rf .build $(CERTS_DIR)
