package dev.sns.contract.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * ARCHITECTURE.md's layering, checked over the compiled main classes of the library modules
 * (sns-runtime, sns-reports, sns-jmh-profiler, sns-libraries) with ArchUnit: native code only in the
 * leaf packages, no cycle between packages, and every package importing exactly the sns packages its row
 * of the table names, so the table stays true. The names in a row's imports column are package names
 * relative to the row's own package or any package above it ({@code link} in {@code dev.sns.jmh.host}
 * is {@code dev.sns.jmh.link}, {@code model} is {@code dev.sns.model}), or {@code dev.sns} itself;
 * notes in parentheses are prose, and {@code -} is none.
 */
class ArchitectureTest {
    private static final Path ROOT = Path.of(System.getProperty("sns.repoRoot", ".."));
    private static final String SNS = "dev.sns";
    /** Where the library's sources are: the modules whose classes {@link #CLASSES} holds. */
    private static final List<String> LIBRARY_MODULES = List.of("sns-runtime", "reports", "sns-jmh-profiler",
            "sns-libraries");

    /**
     * The library's main classes, read from the three modules' own jars or class folders only (not the whole
     * class path: that takes seconds more); not JMH's generated classes, which it writes into a user's build.
     */
    private static final JavaClasses CLASSES = new ClassFileImporter()
            .withImportOption(location -> !location.contains("/jmh_generated/"))
            .importLocations(Stream.of(dev.sns.Sns.class, dev.sns.reports.RunReport.class, dev.sns.jmh.SnsProfiler.class,
                            dev.sns.gpu.cublas.Cublas.class)
                    .map(ArchitectureTest::locationOf).collect(Collectors.toSet()));

    @Test
    void jcudaIsImportedOnlyByTheCudaLeaf() {
        noClasses().that().resideOutsideOfPackage("dev.sns.gpu.cuda")
                .should().dependOnClassesThat().resideInAPackage("jcuda..")
                .because("ARCHITECTURE.md: native code only in the leaf packages (dev.sns.gpu.cuda binds the CUDA driver)")
                .check(CLASSES);
    }

    @Test
    void jnaIsImportedOnlyByTheLeavesThatBindLibraries() {
        noClasses().that().resideOutsideOfPackages("dev.sns.gpu.nvml", "dev.sns.gpu.cupti", "dev.sns.gpu.cublas",
                        "dev.sns.gpu.cufft", "dev.sns.gpu.cxxabi")
                .should().dependOnClassesThat().resideInAPackage("com.sun.jna..")
                .because("ARCHITECTURE.md: native code only in the leaf packages (NVML, CUPTI, cuBLAS, cuFFT and the C++ runtime's demangler through JNA)")
                .check(CLASSES);
    }

    @Test
    void noCycleBetweenPackages() {
        slices().assignedFrom(PACKAGES).should().beFreeOfCycles().check(CLASSES);
    }

    @Test
    void everyPackageImportsWhatItsRowInArchitectureMdStates() throws IOException {
        SortedMap<String, SortedSet<String>> uses = imports(CLASSES);
        SortedMap<String, SortedSet<String>> sourceImports = SourceImports.read(ROOT, LIBRARY_MODULES);
        SortedMap<String, String> stated = ArchitectureTable.read(ROOT.resolve("ARCHITECTURE.md"));
        assertTrue(uses.containsKey("dev.sns.gpu.cuda") && uses.containsKey("dev.sns.jmh.host")
                && sourceImports.containsKey("dev.sns.jmh.host"), "the library's classes or sources were not found: " + uses.keySet());
        Set<String> known = uses.keySet();
        List<String> wrong = new ArrayList<>();
        for (Map.Entry<String, SortedSet<String>> e : uses.entrySet()) {
            String pkg = e.getKey();
            if (!stated.containsKey(pkg)) {
                wrong.add("`" + pkg + "` has no row; it imports " + relative(pkg, e.getValue(), known));
                continue;
            }
            SortedSet<String> says = ArchitectureTable.resolve(pkg, stated.get(pkg), known, wrong);
            if (says == null) {
                continue;
            }
            // the layering: nothing the row does not allow (bytecode: every use, fully qualified ones too)
            SortedSet<String> unstated = new TreeSet<>(e.getValue());
            unstated.removeAll(says);
            // the table's truth: nothing the code does not import (bytecode, or an import a local variable's type
            // needs, which bytecode does not keep)
            SortedSet<String> unused = new TreeSet<>(says);
            unused.removeAll(e.getValue());
            unused.removeAll(sourceImports.getOrDefault(pkg, new TreeSet<>()));
            if (!unstated.isEmpty() || !unused.isEmpty()) {
                SortedSet<String> all = new TreeSet<>(e.getValue());
                all.addAll(sourceImports.getOrDefault(pkg, new TreeSet<>()));
                wrong.add("`" + pkg + "` states \"" + stated.get(pkg) + "\", but the code imports " + relative(pkg, all, known)
                        + (unstated.isEmpty() ? "" : "; not stated: " + relative(pkg, unstated, known))
                        + (unused.isEmpty() ? "" : "; stated, not imported: " + relative(pkg, unused, known)));
            }
        }
        for (String pkg : stated.keySet()) {
            if (!uses.containsKey(pkg)) {
                wrong.add("`" + pkg + "` has a row but no class in the library");
            }
        }
        if (!wrong.isEmpty()) {
            fail("ARCHITECTURE.md's table of packages is not what the code imports (a package may import only what its "
                    + "row states; change the code, or the row with the reason):\n  " + String.join("\n  ", wrong));
        }
    }

    /** Each sns package and the other sns packages its classes depend on (main code, bytecode). */
    static SortedMap<String, SortedSet<String>> imports(JavaClasses classes) {
        SortedMap<String, SortedSet<String>> imports = new TreeMap<>();
        for (JavaClass c : classes) {
            String from = c.getPackageName();
            if (!isSns(from)) {   // the default package's `sns`, which only resolves -prof sns
                continue;
            }
            SortedSet<String> to = imports.computeIfAbsent(from, k -> new TreeSet<>());
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                String target = d.getTargetClass().getBaseComponentType().getPackageName();
                if (isSns(target) && !target.equals(from)) {
                    to.add(target);
                }
            }
        }
        return imports;
    }

    private static Location locationOf(Class<?> type) {
        try {
            URI where = type.getProtectionDomain().getCodeSource().getLocation().toURI();
            return Location.of(where.getPath().endsWith(".jar") ? URI.create("jar:" + where + "!/") : where);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(type + " comes from no readable location", e);
        }
    }

    private static boolean isSns(String pkg) {
        return pkg.equals(SNS) || pkg.startsWith(SNS + ".");
    }

    /** Packages as a row would write them: shortest relative to {@code row}, e.g. {@code link, model}. */
    private static String relative(String row, Set<String> packages, Set<String> known) {
        return packages.stream().map(p -> ArchitectureTable.shortName(row, p, known)).collect(Collectors.joining(", "));
    }

    /** One slice per package: a cycle is between packages, not classes. */
    private static final SliceAssignment PACKAGES = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String pkg = javaClass.getPackageName();
            return isSns(pkg) ? SliceIdentifier.of(pkg) : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "the packages of sns";
        }
    };
}
