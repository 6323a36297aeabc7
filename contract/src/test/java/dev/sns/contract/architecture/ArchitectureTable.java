package dev.sns.contract.architecture;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The table "Modules and packages" of ARCHITECTURE.md: a package row is {@code | `dev.sns.x` | job | imports |};
 * module rows (a bold name) are headings and are passed over.
 */
final class ArchitectureTable {
    private static final Pattern PACKAGE_ROW = Pattern.compile("^\\|\\s*`(dev\\.sns(?:\\.[a-z]\\w*)*)`\\s*\\|.*\\|\\s*([^|]*?)\\s*\\|\\s*$");
    private static final Pattern NOTE = Pattern.compile("\\([^)]*\\)");

    private ArchitectureTable() {}

    /** Each package row's package and its imports cell, as written. */
    static SortedMap<String, String> read(Path file) throws IOException {
        SortedMap<String, String> rows = new TreeMap<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            Matcher m = PACKAGE_ROW.matcher(line);
            if (m.matches() && rows.put(m.group(1), m.group(2)) != null) {
                throw new IllegalStateException(file + ": two rows for " + m.group(1));
            }
        }
        return rows;
    }

    /**
     * The packages a row's imports cell names, resolved against {@code known}; null, with a line in
     * {@code wrong}, where a name is no package.
     */
    static SortedSet<String> resolve(String row, String cell, Set<String> known, List<String> wrong) {
        SortedSet<String> packages = new TreeSet<>();
        String names = NOTE.matcher(cell).replaceAll("").replace("`", "").trim();
        if (names.equals("-") || names.isEmpty()) {
            return packages;
        }
        for (String name : names.split(",")) {
            String pkg = resolveName(row, name.trim(), known);
            if (pkg == null) {
                wrong.add("`" + row + "` names \"" + name.trim() + "\", which is no package of the library");
                return null;
            }
            packages.add(pkg);
        }
        return packages;
    }

    /** {@code name} below the row's package or the nearest package above it that has it, or dev.sns itself. */
    static String resolveName(String row, String name, Set<String> known) {
        if (name.equals("dev.sns") || name.startsWith("dev.sns.") && known.contains(name)) {
            return name;
        }
        for (String base : enclosing(row)) {
            if (known.contains(base + "." + name)) {
                return base + "." + name;
            }
        }
        return null;
    }

    /** The shortest name of {@code pkg} that {@link #resolveName} reads back as it from {@code row}. */
    static String shortName(String row, String pkg, Set<String> known) {
        for (String base : enclosing(row)) {
            if (pkg.startsWith(base + ".")) {
                String name = pkg.substring(base.length() + 1);
                return pkg.equals(resolveName(row, name, known)) ? name : pkg;
            }
        }
        return pkg;
    }

    /** The row's package and every package above it, up to dev.sns. */
    private static List<String> enclosing(String row) {
        List<String> bases = new ArrayList<>();
        for (String p = row; p.startsWith("dev.sns"); p = p.substring(0, Math.max(0, p.lastIndexOf('.')))) {
            bases.add(p);
        }
        return bases;
    }
}
