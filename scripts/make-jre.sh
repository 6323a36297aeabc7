#!/usr/bin/env bash
# What a GPU host without Java needs to run sns: a small jlinked Java runtime and the JUnit console
# launcher. scripts/gpu-bundle.sh calls it; run it alone as scripts/make-jre.sh [OUT_DIR] (default .gpu,
# relative to the repository root).
#
# Leaves OUT_DIR/jre.tar.xz (a runtime of this JDK's version, about 13 MB for Java 17: the modules sns,
# JMH, JDBC and the JUnit console use) and OUT_DIR/junit-console.jar (junit-platform-console-standalone
# of the JUnit version the tests are built with, junit.version in pom.xml, fetched from Maven Central
# on the first run). Either file is kept when it is already there; delete it to make it again.
# Needs: a JDK's jlink, xz, and Maven (the network once, for the launcher).
# On the GPU host:  tar -xJf OUT_DIR/jre.tar.xz -C /tmp && export PATH=/tmp/jre/bin:$PATH
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.gpu}
mkdir -p "$out"
if [ ! -s "$out/jre.tar.xz" ]; then
  command -v jlink >/dev/null || { echo "make-jre: no jlink on PATH: install a JDK (17 or newer), not a JRE" >&2; exit 1; }
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  # the module set of the recipe proven on the H200 host (JMH, JNA, Jackson, JDBC, the JUnit console)
  jlink --add-modules java.base,java.logging,java.management,jdk.management,java.naming,java.sql,java.xml,jdk.unsupported,jdk.zipfs \
        --strip-debug --no-header-files --no-man-pages --output "$tmp/jre"
  tar -C "$tmp" -cJf "$out/jre.tar.xz" jre
  echo "make-jre: wrote $out/jre.tar.xz ($(du -h "$out/jre.tar.xz" | cut -f1), $("$tmp/jre/bin/java" -version 2>&1 | head -n 1))"
fi
if [ ! -s "$out/junit-console.jar" ]; then
  v=$(sed -n 's:.*<junit.version>\(.*\)</junit.version>.*:\1:p' pom.xml | head -n 1)
  [ -n "$v" ] || { echo "make-jre: no <junit.version> in pom.xml" >&2; exit 1; }
  # -N: the root project only (dependency:copy needs a project, and must not run once per module)
  mvn -q -B -N dependency:copy -Dartifact="org.junit.platform:junit-platform-console-standalone:$v" \
      -DoutputDirectory="$out" -Dmdep.stripVersion=true
  mv "$out/junit-platform-console-standalone.jar" "$out/junit-console.jar"
  echo "make-jre: wrote $out/junit-console.jar (JUnit $v)"
fi
