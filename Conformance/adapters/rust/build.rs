// The versions the adapters print (`mockauth-reqwest version …`, `mockauth-ureq version`): those of
// the crates this build resolved, read from its Cargo.lock, and the compiler's. rustls, ring and the
// HTTP crates are linked in statically, so the versions built are the versions that run.
use std::env;
use std::fs;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=Cargo.lock");
    let lock = fs::read_to_string("Cargo.lock").unwrap_or_default();
    for name in ["reqwest", "ureq", "hyper", "h2", "rustls", "ring", "native-tls", "openssl"] {
        let version = locked_version(&lock, name).unwrap_or_else(|| "?".to_string());
        println!("cargo:rustc-env=LOCKED_{}_VERSION={}", name.replace('-', "_").to_uppercase(), version);
    }
    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let compiler = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|output| String::from_utf8(output.stdout).ok())
        .map(|line| line.trim().to_string())
        .unwrap_or_else(|| "rustc ?".to_string());
    println!("cargo:rustc-env=BUILT_WITH_RUSTC={}", compiler);
}

/// The version of the package `name` in a Cargo.lock (its first [[package]] of that name).
fn locked_version(lock: &str, name: &str) -> Option<String> {
    let wanted = format!("name = \"{}\"", name);
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == wanted {
            let version = lines.next()?.trim().strip_prefix("version = \"")?.strip_suffix('"')?;
            return Some(version.to_string());
        }
    }
    None
}
