#!/bin/sh
# Reference adapters on the JVM, built once per run by `make conformance` into DIR: Java 17's
# HttpClient and HttpURLConnection (java/MockAuthJava.java, in mockauth-java.jar) and OkHttp
# (java/MockAuthOkHttp.java, in mockauth-okhttp.jar beside OkHttp's and Okio's jars), each with a
# class-data archive of its own, java-MODE.jsa, that starts the JVM faster.
# Usage: java.sh DIR httpclient|urlconnection|okhttp [version]
# With JAVA_ARCHIVE_AT_EXIT=FILE the JVM records that archive at exit instead of using one (what
# `make conformance-adapters` does, from one run of the `basic` scenario).
# Names under .test reach the JVM through its hosts file (jdk.net.hosts.file: JDK 17's InetAddress
# then looks names up in that file instead of the system resolver). The adapters read the rest of the
# environment themselves (MockAuthMaterial).
set -u
. "$(dirname "$0")/mockauth_material.sh"
dir="$1"
mode="$2"
version="${3:-}"
case "$mode" in
okhttp) set -- -cp "$dir/mockauth-okhttp.jar:$dir/okhttp.jar:$dir/okio.jar:$dir/okhttp-urlconnection.jar" MockAuthOkHttp ${version:+"$version"} ;;
*) set -- -cp "$dir/mockauth-java.jar" MockAuthJava ${version:+"$version"} "$mode" ;;
esac
set -- -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto "$@"
if [ -n "${JAVA_ARCHIVE_AT_EXIT:-}" ]; then
    set -- -XX:ArchiveClassesAtExit="$JAVA_ARCHIVE_AT_EXIT" "$@"
elif [ -f "$dir/java-$mode.jsa" ]; then
    set -- -XX:SharedArchiveFile="$dir/java-$mode.jsa" "$@"
fi
[ -n "$mockauth_hosts_file" ] && set -- -Djdk.net.hosts.file="$mockauth_hosts_file" "$@"
# The run's Kerberos credential cache, where the JDK's Kerberos looks for one (KRB5CCNAME).
[ -n "$mockauth_krb5_credential_cache" ] && export KRB5CCNAME="FILE:$mockauth_krb5_credential_cache"
exec java "$@"
