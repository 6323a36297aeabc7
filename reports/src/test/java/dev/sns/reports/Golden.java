package dev.sns.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Byte-for-byte comparison with the checked-in files under
 * {@code src/test/resources/dev/sns/reports/golden/}. A missing golden file fails the test; it is
 * never created silently. To (re)create one on purpose, run the tests with
 * {@code -Dsns.golden.update=true}: the file is written and the test still fails, so that someone
 * looks at it before it counts.
 */
public final class Golden {
    static final String UPDATE_PROPERTY = "sns.golden.update";
    private static final Path SOURCE_DIR = Paths.get("src", "test", "resources", "dev", "sns", "reports", "golden");

    private Golden() {}

    /** Fails unless {@code actual} equals golden/{@code name} exactly, saying where they first differ. */
    public static void assertMatches(String name, String actual) {
        if (Boolean.getBoolean(UPDATE_PROPERTY)) {
            update(name, actual);
        }
        check(name, actual);
    }

    /** As {@link #assertMatches} without the update switch: for tests of the comparison itself. */
    static void check(String name, String actual) {
        String expected = load(name);
        if (expected == null) {
            fail("golden file golden/" + name + " is missing: run once with -D" + UPDATE_PROPERTY + "=true, check "
                    + SOURCE_DIR.resolve(name) + " by eye, and commit it");
        }
        if (!expected.equals(actual)) {
            fail("output differs from golden/" + name + " " + firstDifference(expected, actual));
        }
    }

    static String load(String name) {
        try (InputStream in = Golden.class.getResourceAsStream("golden/" + name)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read golden/" + name, e);
        }
    }

    private static void update(String name, String actual) {
        try {
            Files.createDirectories(SOURCE_DIR);
            Files.writeString(SOURCE_DIR.resolve(name), actual, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + SOURCE_DIR.resolve(name), e);
        }
        fail("wrote " + SOURCE_DIR.resolve(name) + ": check it by eye, then run again without -D" + UPDATE_PROPERTY);
    }

    /** "at line 3: expected <...> but was <...>" (or which one is longer). */
    static String firstDifference(String expected, String actual) {
        String[] e = expected.split("\n", -1);
        String[] a = actual.split("\n", -1);
        for (int i = 0; i < Math.min(e.length, a.length); i++) {
            if (!e[i].equals(a[i])) {
                return "at line " + (i + 1) + ":\n  expected: " + e[i] + "\n  actual:   " + a[i];
            }
        }
        return e.length > a.length ? "(the output ends early, at line " + a.length + " of " + e.length + ")"
                : "(the output has " + (a.length - e.length) + " more line(s))";
    }

    /** Runs {@code body} with every default locale category set to Germany's (decimal comma), then restores them. */
    public static <T> T inGermany(Supplier<T> body) {
        Locale all = Locale.getDefault();
        Locale format = Locale.getDefault(Locale.Category.FORMAT);
        Locale display = Locale.getDefault(Locale.Category.DISPLAY);
        Locale.setDefault(Locale.GERMANY);
        try {
            assertEquals("1,5", String.format("%.1f", 1.5), "the decimal-comma locale is in force");
            return body.get();
        } finally {
            Locale.setDefault(all);
            Locale.setDefault(Locale.Category.FORMAT, format);
            Locale.setDefault(Locale.Category.DISPLAY, display);
        }
    }
}
