#!/usr/bin/env bash
# Packs what the GPU test host needs into .gpu/ (git-ignored; send it with carry: [".gpu"]):
# a Java runtime, the JUnit console, sns-runtime's classes and test classes, its test classpath
# (JCuda's natives come as sns-jcuda-natives: the driver-API library only), the benchmarks jar, sns-reports.jar and
# the validation tools' sns-validation.jar (java -jar .gpu/sns-validation.jar kernels|energy|calibration).
# The runtime and the JUnit console come from scripts/make-jre.sh (made once, kept in .gpu/); docs/gpu-host.md
# says how the GPU host runs them.
# SNS_MODULES=a,b builds only those modules and what they need. Builds with `package`, never
# `install`: the local repository may be shared, and sns-runtime's test classpath needs no sns module.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .gpu
scripts/make-jre.sh .gpu
mvn -q -B -o package -DskipTests ${SNS_MODULES:+-pl $SNS_MODULES -am}
rm -rf .gpu/deps .gpu/runtime-classes .gpu/runtime-test-classes
(cd sns-runtime && mvn -q -B -o dependency:copy-dependencies -DoutputDirectory=../.gpu/deps -DincludeScope=test)
rm -f .gpu/deps/junit-*.jar .gpu/deps/opentest4j-*.jar .gpu/deps/apiguardian-*.jar .gpu/deps/jspecify-*.jar  # the console launcher brings its own
cp -r sns-runtime/target/classes .gpu/runtime-classes
cp -r sns-runtime/target/test-classes .gpu/runtime-test-classes
[ -f benchmarks/target/benchmarks.jar ] && cp benchmarks/target/benchmarks.jar .gpu/
[ -f reports/target/sns-reports.jar ] && cp reports/target/sns-reports.jar .gpu/
[ -f validation/target/sns-validation.jar ] && cp validation/target/sns-validation.jar .gpu/
du -sh .gpu
