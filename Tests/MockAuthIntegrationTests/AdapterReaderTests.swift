import Foundation
import MockAuth
import MockAuthTestSupport
import Testing

/// The reference adapters (`Conformance/adapters`) read the client contract through one small reader
/// per language, kept in step with ``ClientVariable`` by two rules, over each file's code (its
/// comments and Python's docstrings left out, so prose about a variable neither counts nor offends):
///
/// 1. Each reader names every variable of `ClientVariable.allCases`, a per-request one by its stem
///    (`MOCKAUTH_USERNAME_`, to which the reader adds the position), and no other `MOCKAUTH_` name.
///    A variable added to `ClientVariable` fails this until every reader reads it; a reader reading
///    a name the contract does not define fails it too.
/// 2. No other adapter file names a `MOCKAUTH_` variable: each reads its language's reader, so that
///    `MOCKAUTH_HEADERS` and the rest are parsed in one place per language.
@Suite("Each adapter language reads the client contract through one reader")
struct AdapterReaderTests {
    /// An adapter language, and how its comments are written.
    enum Language: String, CaseIterable, CustomStringConvertible {
        case python, javascript, java, go, rust, shell, ruby, perl, php

        /// The reader, relative to `Conformance/adapters`.
        var reader: String {
            switch self {
            case .python: "mockauth_material.py"
            case .javascript: "mockauth_material.cjs"
            case .java: "java/MockAuthMaterial.java"
            case .go: "go/material.go"
            case .rust: "rust/src/material.rs"
            case .shell: "mockauth_material.sh"
            case .ruby: "mockauth_material.rb"
            case .perl: "mockauth_material.pm"
            case .php: "mockauth_material.php"
            }
        }

        /// The language of an adapter file, by its extension; `nil` for another file.
        init?(file: String) {
            switch URL(fileURLWithPath: file).pathExtension {
            case "py": self = .python
            case "js", "mjs", "cjs": self = .javascript
            case "java": self = .java
            case "go": self = .go
            case "rs": self = .rust
            case "sh": self = .shell
            case "rb": self = .ruby
            case "pl", "pm": self = .perl
            case "php": self = .php
            default: return nil
            }
        }

        var description: String { rawValue }
    }

    static let adapters = MockAuthDBinary.repositoryRoot.appendingPathComponent("Conformance/adapters")

    static func text(_ file: String) throws -> String {
        try String(contentsOf: adapters.appendingPathComponent(file), encoding: .utf8)
    }

    /// `text` without its comments: `#` to the end of the line (at the start of a word) in Python,
    /// shell, Ruby and Perl, and Python's triple-quoted strings; `/* … */` and `//` to the end of the
    /// line (not in `scheme://`) in JavaScript, Java, Go, Rust and PHP (whose `#` comments the PHP
    /// files do not use). What is left out is never code that reads a variable; a `#` or `//` inside
    /// a string may leave out code, never add any.
    static func code(of text: String, in language: Language) -> String {
        var text = text
        func removeBlocks(from open: String, to close: String) {
            while let start = text.range(of: open) {
                let end = text.range(of: close, range: start.upperBound..<text.endIndex)?.upperBound ?? text.endIndex
                text.removeSubrange(start.lowerBound..<end)
            }
        }
        switch language {
        case .python:
            for quotes in [String(repeating: "\"", count: 3), "'''"] { removeBlocks(from: quotes, to: quotes) }
        case .javascript, .java, .go, .rust, .php:
            removeBlocks(from: "/*", to: "*/")
        case .shell, .ruby, .perl:
            break
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let characters = Array(line)
            for index in characters.indices {
                let previous = index > 0 ? characters[index - 1] : " "
                switch language {
                case .python, .shell, .ruby, .perl:
                    if characters[index] == "#", previous.isWhitespace { return String(characters[..<index]) }
                case .javascript, .java, .go, .rust, .php:
                    if characters[index] == "/", index + 1 < characters.count, characters[index + 1] == "/",
                        !":\"'\\".contains(previous)
                    {
                        return String(characters[..<index])
                    }
                }
            }
            return String(line)
        }.joined(separator: "\n")
    }

    /// Every `MOCKAUTH_` name in `code`, in order: `MOCKAUTH_` and the capitals, digits and
    /// underscores that follow.
    static func names(in code: String) -> [String] {
        var names: [String] = []
        var rest = code[...]
        while let start = rest.range(of: "MOCKAUTH_") {
            let tail = rest[start.upperBound...].prefix {
                $0 == "_" || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
            }
            names.append("MOCKAUTH_" + tail)
            rest = rest[tail.endIndex...]
        }
        return names
    }

    /// The variable `name` stands for: a variable's name, a per-request variable's name for a
    /// request (`MOCKAUTH_USERNAME_2`) or its stem (`MOCKAUTH_USERNAME_`); `nil` for anything else.
    static func variable(named name: String) -> ClientVariable? {
        if let stem = ClientVariable.allCases.first(where: { $0.isPerRequest && $0.name.dropLast() == name }) {
            return stem
        }
        return ClientVariable.parse(name)?.variable
    }

    /// What rule 1 finds wrong with a reader whose code is `code`: the variables it does not name,
    /// and the names it reads that no variable has.
    static func problems(reader code: String) -> (missing: [ClientVariable], unknown: [String]) {
        let names = names(in: code)
        let named = Set(names.compactMap(variable(named:)))
        return (ClientVariable.allCases.filter { !named.contains($0) }, names.filter { variable(named: $0) == nil })
    }

    @Test(
        "each reader names every ClientVariable in its code, per-request ones by their stem, and no other MOCKAUTH_ name",
        arguments: Language.allCases)
    func readerInStep(_ language: Language) throws {
        let (missing, unknown) = Self.problems(reader: Self.code(of: try Self.text(language.reader), in: language))
        #expect(missing.isEmpty, "\(language.reader) does not read \(missing.map(\.name))")
        #expect(unknown.isEmpty, "\(language.reader) reads \(unknown), which ClientVariable does not define")
    }

    @Test(
        "the rule fails a reader that drops a variable or reads one the contract lacks, not one that only mentions it")
    func ruleCanFail() throws {
        let python = try Self.text(Language.python.reader)
        #expect(python.contains(#"env.get("MOCKAUTH_TOKEN")"#))
        let dropped = python.replacingOccurrences(of: #"env.get("MOCKAUTH_TOKEN")"#, with: "None")
        #expect(Self.problems(reader: Self.code(of: dropped, in: .python)).missing == [.token])
        let extra = python + "\ntoken_file = os.environ.get(\"MOCKAUTH_TOKEN_FILE\")  # MOCKAUTH_TOKEN_FILE\n"
        #expect(Self.problems(reader: Self.code(of: extra, in: .python)).unknown == ["MOCKAUTH_TOKEN_FILE"])
        let mentioned = python + "\n# MOCKAUTH_TOKEN_FILE is no variable\n"
        #expect(Self.problems(reader: Self.code(of: mentioned, in: .python)).unknown.isEmpty)
        let shell = try Self.text(Language.shell.reader)
        let perRequest = shell.replacingOccurrences(of: "MOCKAUTH_DOMAIN_$1", with: "DOMAIN_$1")
        #expect(Self.problems(reader: Self.code(of: perRequest, in: .shell)).missing == [.requestDomain])
        // Each language's comments are told from its code.
        #expect(
            Self.names(in: Self.code(of: #"a = env.MOCKAUTH_URL; // MOCKAUTH_TOKEN"#, in: .javascript)) == [
                "MOCKAUTH_URL"
            ])
        #expect(
            Self.names(in: Self.code(of: #"u := "https://x" + os.Getenv("MOCKAUTH_URL")"#, in: .go)) == ["MOCKAUTH_URL"]
        )
        #expect(Self.names(in: Self.code(of: "/* MOCKAUTH_URL */ x();", in: .java)).isEmpty)
        #expect(
            Self.names(in: Self.code(of: #"n=$#; x=${MOCKAUTH_URL:-} # MOCKAUTH_TOKEN"#, in: .shell)) == [
                "MOCKAUTH_URL"
            ])
    }

    @Test("no other adapter file names a MOCKAUTH_ variable in its code: each reads its language's reader")
    func adaptersReadThroughTheirReader() throws {
        let readers = Set(Language.allCases.map(\.reader))
        var checked: [String] = []
        for file in try #require(FileManager.default.subpaths(atPath: Self.adapters.path)).sorted() {
            guard let language = Language(file: file), !readers.contains(file) else { continue }
            let names = Self.names(in: Self.code(of: try Self.text(file), in: language))
            #expect(names.isEmpty, "\(file) reads \(names) itself, not through \(language.reader)")
            checked.append(file)
        }
        // The rule covers every adapter of every language.
        for adapter in [
            "requests_adapter.py", "httpx_adapter.py", "aiohttp_adapter.py", "urllib_adapter.py", "mockauth_resolve.py",
            "node_fetch.mjs", "node_https.mjs", "chromium_adapter.js", "mockauth_lookup.mjs", "java/MockAuthJava.java",
            "java/MockAuthOkHttp.java", "go/main.go", "rust/src/bin/reqwest.rs", "rust/src/bin/ureq.rs",
            "rust/build.rs", "curl.sh", "curl-defective.sh", "wget.sh", "urlsession.sh", "java.sh", "node_fetch.sh",
            "ruby_nethttp_adapter.rb", "faraday_adapter.rb", "mockauth_resolve.rb", "perl_lwp_adapter.pl",
            "mockauth_resolve.pm", "php_curl.php", "php_streams.php", "niquests_adapter.py", "pycurl_adapter.py",
        ] {
            #expect(checked.contains(adapter), "\(adapter) is not checked")
        }
    }
}
