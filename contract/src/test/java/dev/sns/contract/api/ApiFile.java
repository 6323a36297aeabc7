package dev.sns.contract.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An API dump read back: each type's status and its lines (declaration first, then members), so
 * that two dumps (the last release's and today's) can be compared line by line.
 */
final class ApiFile {
    private static final Pattern HEADER = Pattern.compile("^(\\S+)  \\[(\\w+)]$");
    private static final Pattern PREFIXES = Pattern.compile("^(\\[\\w+] )?(@Deprecated\\(since=\"[^\"]*\", forRemoval=(true|false)\\) )?");

    /** A type of the dump: its status and its lines. */
    record TypeBlock(String name, String status, List<String> lines) {
        /** The type's declaration line. */
        String declaration() {
            return lines.get(0);
        }
    }

    private final Map<String, TypeBlock> types = new LinkedHashMap<>();

    private ApiFile(String text) {
        String current = null;
        String status = null;
        List<String> lines = null;
        for (String line : text.lines().toList()) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            Matcher h = HEADER.matcher(line);
            if (h.matches()) {
                if (current != null) {
                    types.put(current, new TypeBlock(current, status, lines));
                }
                current = h.group(1);
                status = h.group(2);
                lines = new ArrayList<>();
            } else if (current != null && line.startsWith("  ")) {
                lines.add(line.substring(2));
            } else {
                throw new IllegalArgumentException("not a line of an API dump: " + line);
            }
        }
        if (current != null) {
            types.put(current, new TypeBlock(current, status, lines));
        }
    }

    static ApiFile parse(String text) {
        return new ApiFile(text);
    }

    Map<String, TypeBlock> types() {
        return types;
    }

    /** A line without its status and deprecation prefixes: what stays the same when a member is deprecated. */
    static String signature(String line) {
        return PREFIXES.matcher(line).replaceFirst("");
    }

    /** Whether a line was deprecated for removal. */
    static boolean deprecatedForRemoval(String line) {
        Matcher m = PREFIXES.matcher(line);
        return m.find() && "true".equals(m.group(3));
    }

    /** A member line's own status prefix ("EXPERIMENTAL"), or null when it has its type's. */
    static String memberStatus(String line) {
        Matcher m = PREFIXES.matcher(line);
        return m.find() && m.group(1) != null ? m.group(1).substring(1, m.group(1).length() - 2) : null;
    }
}
