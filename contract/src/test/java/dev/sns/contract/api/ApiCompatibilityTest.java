package dev.sns.contract.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The public API is a promise, checked in every build:
 * <ul>
 * <li>the API as compiled equals the committed dump {@code contract/api/sns-api.txt}: any change to
 *     the public API fails the build until it is recorded there (in the same commit);</li>
 * <li>against the last release's frozen dump ({@code contract/api/released/sns-api-VERSION.txt}),
 *     nothing STABLE is gone that the release had not deprecated for removal;</li>
 * <li>a change since that release has its line in CHANGELOG.md under {@code ## Unreleased};</li>
 * <li>every package says its status, and no API signature names an internal type.</li>
 * </ul>
 * The rules are JUnit's (apiguardian's statuses) with Kotlin's binary-compatibility-validator's
 * committed dump: see docs/internals.md.
 */
class ApiCompatibilityTest {
    static final Path ROOT = Path.of(System.getProperty("sns.repoRoot", ".."));
    static final Path DUMP = ROOT.resolve("contract/api/sns-api.txt");
    static final Path RELEASED = ROOT.resolve("contract/api/released");
    static final String UPDATE = "mvn -B -o -pl contract -am test -Dtest=ApiCompatibilityTest "
            + "-Dsurefire.failIfNoSpecifiedTests=false -Dsns.api.update=true";
    private static final Pattern RELEASE_FILE = Pattern.compile("sns-api-(\\d+)\\.(\\d+)\\.(\\d+)\\.txt");

    private final ApiDump dump = ApiDump.ofLibraries();

    @Test
    void theApiAsCompiledIsTheCommittedDump() throws IOException {
        String actual = dump.text();
        String committed = Files.exists(DUMP) ? Files.readString(DUMP, StandardCharsets.UTF_8) : "";
        if (actual.equals(committed)) {
            return;
        }
        if (Boolean.getBoolean("sns.api.update")) {
            Files.createDirectories(DUMP.getParent());
            Files.writeString(DUMP, actual, StandardCharsets.UTF_8);
            return;
        }
        fail(changeMessage(ApiFile.parse(committed), ApiFile.parse(actual)));
    }

    @Test
    void everyPackageDeclaresItsStatus() {
        Set<String> missing = new TreeSet<>();
        for (Class<?> c : dump.classes().values()) {
            if (!c.getPackageName().isEmpty() && dump.packageStatus(c.getPackageName()).isEmpty()) {
                missing.add(c.getPackageName());
            }
        }
        assertTrue(missing.isEmpty(), "packages without an @API status in their package-info.java (STABLE for the "
                + "public API, INTERNAL for everything else): " + missing);
    }

    @Test
    void apiSignaturesNameOnlyApiTypes() {
        List<String> leaks = ApiSignatures.leaks(dump);
        assertTrue(leaks.isEmpty(), "the public API names types a user cannot rely on; make each named type API "
                + "(@API(status = STABLE or EXPERIMENTAL)) or mark the member @API(status = INTERNAL):\n  "
                + String.join("\n  ", leaks));
    }

    @Test
    void nothingStableIsRemovedWithoutADeprecationInARelease() throws IOException {
        Optional<Path> release = lastRelease();
        assumeTrue(release.isPresent(), "no released API dump in " + RELEASED);
        ApiFile before = ApiFile.parse(Files.readString(release.get(), StandardCharsets.UTF_8));
        ApiFile now = ApiFile.parse(dump.text());
        List<String> broken = removedWithoutDeprecation(before, now);
        assertTrue(broken.isEmpty(), "since " + release.get().getFileName() + ", STABLE API is gone that that release "
                + "had not deprecated for removal. Put it back, mark it @Deprecated(since = \"<next version>\", "
                + "forRemoval = true) beside its replacement, and remove it one release later:\n  "
                + String.join("\n  ", broken));
    }

    @Test
    void changesSinceTheLastReleaseAreInTheChangelog() throws IOException {
        Optional<Path> release = lastRelease();
        assumeTrue(release.isPresent(), "no released API dump in " + RELEASED);
        String released = Files.readString(release.get(), StandardCharsets.UTF_8);
        assumeTrue(!dumpBody(released).equals(dumpBody(dump.text())), "the API is the last release's");
        List<String> unreleased = unreleasedEntries(Files.readString(ROOT.resolve("CHANGELOG.md"), StandardCharsets.UTF_8));
        assertTrue(!unreleased.isEmpty(), "the public API differs from " + release.get().getFileName()
                + " but CHANGELOG.md names no change under a first section '## Unreleased': add a line saying what "
                + "changed and, for a deprecation, what replaces it");
    }

    @Test
    void theRemovalRuleKnowsADeprecatedMemberFromAnUndeprecatedOne() {
        String before = """
                dev.sns.X  [STABLE]
                  public final class dev.sns.X
                  public int kept()
                  @Deprecated(since="0.2.0", forRemoval=true) public int old()
                  public int plain()
                  [EXPERIMENTAL] public int trial()
                """;
        String after = """
                dev.sns.X  [STABLE]
                  public final class dev.sns.X
                  @Deprecated(since="0.3.0", forRemoval=true) public int kept()
                """;
        assertEquals(List.of("dev.sns.X: public int plain()"),
                removedWithoutDeprecation(ApiFile.parse(before), ApiFile.parse(after)));
        assertEquals(List.of("dev.sns.X: the whole type"), removedWithoutDeprecation(ApiFile.parse(before), ApiFile.parse("")));
    }

    /** STABLE lines of {@code before} missing from {@code now} that {@code before} had not deprecated for removal. */
    static List<String> removedWithoutDeprecation(ApiFile before, ApiFile now) {
        List<String> out = new ArrayList<>();
        for (ApiFile.TypeBlock b : before.types().values()) {
            if (!b.status().equals("STABLE") && !b.status().equals("MAINTAINED")) {
                continue;
            }
            boolean typeDeprecated = ApiFile.deprecatedForRemoval(b.declaration());
            ApiFile.TypeBlock n = now.types().get(b.name());
            if (n == null || !(n.status().equals("STABLE") || n.status().equals("MAINTAINED") || n.status().equals("DEPRECATED"))) {
                if (!typeDeprecated) {
                    out.add(b.name() + ": the whole type");
                }
                continue;
            }
            Set<String> nowSignatures = new LinkedHashSet<>();
            for (String line : n.lines()) {
                nowSignatures.add(ApiFile.signature(line));
            }
            for (String line : b.lines()) {
                String status = ApiFile.memberStatus(line);
                boolean stable = status == null || status.equals("STABLE") || status.equals("MAINTAINED");
                if (stable && !typeDeprecated && !ApiFile.deprecatedForRemoval(line)
                        && !nowSignatures.contains(ApiFile.signature(line))) {
                    out.add(b.name() + ": " + ApiFile.signature(line));
                }
            }
        }
        return out;
    }

    /** What changed, and what to do about it. */
    private static String changeMessage(ApiFile committed, ApiFile actual) {
        List<String> removed = new ArrayList<>();
        List<String> added = new ArrayList<>();
        diff(committed, actual, removed, added);
        StringBuilder sb = new StringBuilder("The public API changed and contract/api/sns-api.txt does not record it.\n");
        if (!removed.isEmpty()) {
            sb.append("Removed or changed (a user's code using these no longer compiles or links):\n  - ")
                    .append(String.join("\n  - ", removed)).append('\n');
        }
        if (!added.isEmpty()) {
            sb.append("Added:\n  + ").append(String.join("\n  + ", added)).append('\n');
        }
        sb.append("If the change is meant:\n")
                .append(" 1. a STABLE member that is removed or changes its signature needs a release with it deprecated first: ")
                .append("keep the old one, @Deprecated(since = \"<next version>\", forRemoval = true) and delegating, beside the new one;\n")
                .append(" 2. record the change: ").append(UPDATE).append(", and commit contract/api/sns-api.txt with it;\n")
                .append(" 3. add a line to CHANGELOG.md under '## Unreleased' (for a deprecation: what replaces it).\n")
                .append("If it is not meant: the type or member is internal, so mark it @API(status = INTERNAL) ")
                .append("(org.apiguardian.api.API) or make it non-public.");
        return sb.toString();
    }

    private static void diff(ApiFile before, ApiFile after, List<String> removed, List<String> added) {
        Set<String> names = new TreeSet<>(before.types().keySet());
        names.addAll(after.types().keySet());
        for (String name : names) {
            List<String> b = linesOf(before, name);
            List<String> a = linesOf(after, name);
            for (String line : b) {
                if (!a.contains(line)) {
                    removed.add(name + ": " + line);
                }
            }
            for (String line : a) {
                if (!b.contains(line)) {
                    added.add(name + ": " + line);
                }
            }
        }
    }

    private static List<String> linesOf(ApiFile file, String type) {
        ApiFile.TypeBlock block = file.types().get(type);
        if (block == null) {
            return List.of();
        }
        List<String> lines = new ArrayList<>(block.lines());
        lines.set(0, "[" + block.status() + "] " + lines.get(0));
        return lines;
    }

    /** The last release's dump: the highest version in {@link #RELEASED}. */
    static Optional<Path> lastRelease() throws IOException {
        if (!Files.isDirectory(RELEASED)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.list(RELEASED)) {
            return files.filter(p -> RELEASE_FILE.matcher(p.getFileName().toString()).matches())
                    .max(Comparator.comparing(ApiCompatibilityTest::version));
        }
    }

    private static String version(Path p) {
        Matcher m = RELEASE_FILE.matcher(p.getFileName().toString());
        if (!m.matches()) {
            throw new IllegalArgumentException(p.toString());
        }
        return String.format("%06d.%06d.%06d", Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                Integer.parseInt(m.group(3)));
    }

    private static String dumpBody(String text) {
        return String.join("\n", text.lines().filter(l -> !l.startsWith("#")).toList());
    }

    /** The bullet lines of CHANGELOG.md's first section when it is '## Unreleased'. */
    static List<String> unreleasedEntries(String changelog) {
        List<String> out = new ArrayList<>();
        boolean inFirst = false;
        for (String line : changelog.lines().toList()) {
            if (line.startsWith("## ")) {
                if (inFirst) {
                    break;
                }
                if (!line.trim().equalsIgnoreCase("## Unreleased")) {
                    return List.of();
                }
                inFirst = true;
            } else if (inFirst && line.startsWith("- ")) {
                out.add(line);
            }
        }
        return out;
    }
}
