module mockauth/conformance/go-nethttp

go 1.19
