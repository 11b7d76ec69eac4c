#!/bin/sh
# Reference adapters: Java 17's HttpClient and HttpURLConnection (java/MockAuthJava.java), built once
# per run by `make conformance` into DIR (mockauth-java.jar, and a class-data archive per client,
# java-MODE.jsa, that starts the JVM faster). Usage: java.sh DIR httpclient|urlconnection
# Names under .test reach the JVM through its hosts file (jdk.net.hosts.file: JDK 17's InetAddress
# then looks names up in that file instead of the system resolver). MockAuthJava reads the rest of the
# environment itself (MockAuthMaterial).
set -u
. "$(dirname "$0")/mockauth_material.sh"
dir="$1"
mode="$2"
set -- -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto -cp "$dir/mockauth-java.jar" MockAuthJava "$mode"
[ -f "$dir/java-$mode.jsa" ] && set -- -XX:SharedArchiveFile="$dir/java-$mode.jsa" "$@"
[ -n "$mockauth_hosts_file" ] && set -- -Djdk.net.hosts.file="$mockauth_hosts_file" "$@"
# The run's Kerberos credential cache, where the JDK's Kerberos looks for one (KRB5CCNAME).
[ -n "$mockauth_krb5_credential_cache" ] && export KRB5CCNAME="FILE:$mockauth_krb5_credential_cache"
exec java "$@"
