#!/usr/bin/env bash
# Compile and run scripts/boilerpipe-java/BoilerpipeHarness.java: the original boilerpipe 1.2
# ArticleExtractor on HTML pages, as the reference for viseg's port (--strategy boilerpipe).
# Not part of CI (CI has no Java). Needs Debian's libboilerpipe-java (which pulls in nekohtml and
# xerces) and a JDK:  apt-get install libboilerpipe-java default-jdk-headless
#
# usage: scripts/boilerpipe-java.sh [--blocks FILE.jsonl] OUT.json PAGE_OR_DIR...
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
jar="${BOILERPIPE_JAR:-/usr/share/java/boilerpipe-1.2.0.jar}"
if [ ! -f "$jar" ]; then
  echo "boilerpipe-java: $jar not found (apt-get install libboilerpipe-java, or set BOILERPIPE_JAR)" >&2
  exit 2
fi
# The jar's manifest names nekohtml.jar and xercesImpl.jar beside it; name them too for other layouts.
dir="$(dirname "$jar")"
cp="$jar:$dir/nekohtml.jar:$dir/xercesImpl.jar"
build="$here/../out/boilerpipe-java"
mkdir -p "$build"
if [ ! -f "$build/BoilerpipeHarness.class" ] || [ "$here/boilerpipe-java/BoilerpipeHarness.java" -nt "$build/BoilerpipeHarness.class" ]; then
  javac -nowarn -cp "$cp" -d "$build" "$here/boilerpipe-java/BoilerpipeHarness.java"
fi
exec java -cp "$build:$cp" BoilerpipeHarness "$@"
