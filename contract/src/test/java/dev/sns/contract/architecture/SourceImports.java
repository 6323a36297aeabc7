package dev.sns.contract.architecture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The sns packages each package's main sources import by an import statement: what the bytecode
 * does not keep when a type is named only as a local variable's.
 */
final class SourceImports {
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;");
    /** {@code import dev.sns.a.B;}, {@code import static dev.sns.a.B.member;}: the package is the part before the class. */
    private static final Pattern IMPORT = Pattern.compile("(?m)^import\\s+(?:static\\s+)?((?:dev\\.sns)(?:\\.[a-z]\\w*)*)\\.[A-Z]");

    private SourceImports() {}

    static SortedMap<String, SortedSet<String>> read(Path root, List<String> modules) throws IOException {
        SortedMap<String, SortedSet<String>> imports = new TreeMap<>();
        for (String module : modules) {
            try (Stream<Path> files = Files.walk(root.resolve(module).resolve("src/main/java"))) {
                files.filter(f -> f.toString().endsWith(".java")).forEach(f -> add(imports, read(f)));
            }
        }
        return imports;
    }

    private static void add(SortedMap<String, SortedSet<String>> imports, String source) {
        Matcher pkg = PACKAGE.matcher(source);
        if (!pkg.find()) {
            return;
        }
        SortedSet<String> to = imports.computeIfAbsent(pkg.group(1), k -> new TreeSet<>());
        Matcher m = IMPORT.matcher(source);
        while (m.find()) {
            if (!m.group(1).equals(pkg.group(1))) {
                to.add(m.group(1));
            }
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
