package dev.sns.contract.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The hand-read docs as the tests see them: README.md, ARCHITECTURE.md, reports/SCHEMA.md and every page under docs/,
 * each split into its fenced blocks, its headings (as GitHub anchors them) and its links. Enough
 * Markdown for these pages, not a general parser: fences of three backticks, ATX headings, inline
 * links.
 */
final class DocPages {
    /** The repository root (the contract module's parent, or {@code -Dsns.repoRoot}). */
    static final Path ROOT = Path.of(System.getProperty("sns.repoRoot", "..")).toAbsolutePath().normalize();

    /** The languages of a shell block. */
    static final Set<String> SHELL = Set.of("bash", "sh", "shell", "console", "zsh");

    private static final Pattern FENCE = Pattern.compile("^ {0,3}```\\s*([^`\\s]*).*$");
    private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern LINK = Pattern.compile("!?\\[([^\\]]*)\\]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    private static final Pattern INLINE_CODE = Pattern.compile("(`+)(.+?)\\1");

    private DocPages() {}

    /** A fenced block: its language (empty when none is given), its lines, the line it starts on (1-based). */
    record Block(Page page, String language, List<String> lines, int line) {
        boolean isShell() {
            return SHELL.contains(language.toLowerCase(Locale.ROOT));
        }

        /** The first line, when it is a comment saying what the block needs or who runs it; else "". */
        String marker() {
            if (lines.isEmpty()) {
                return "";
            }
            String first = lines.get(0).strip();
            return first.startsWith("# needs ") || first.startsWith("# run by ") ? first : "";
        }

        String where() {
            return page.relative() + ":" + line;
        }

        String text() {
            return String.join("\n", lines) + "\n";
        }
    }

    /** A link: its target as written, and the line it is on. */
    record Link(String target, int line) {}

    /** One page: its path relative to the root, its blocks, headings' anchors and links. */
    record Page(String relative, List<Block> blocks, Set<String> anchors, List<Link> links) {
        Path file() {
            return ROOT.resolve(relative);
        }
    }

    /** README.md, ARCHITECTURE.md, reports/SCHEMA.md and docs/**.md, in that order (docs/ sorted by path). */
    static List<Page> all() {
        List<String> files = new ArrayList<>(List.of("README.md", "ARCHITECTURE.md", "reports/SCHEMA.md"));
        try (Stream<Path> s = Files.walk(ROOT.resolve("docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).map(p -> ROOT.relativize(p).toString().replace('\\', '/'))
                    .sorted().forEach(files::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Page> pages = new ArrayList<>();
        for (String f : files) {
            pages.add(read(f));
        }
        return pages;
    }

    /** The README and the hand-written pages of docs/ (not the generated references), in reading order. */
    static List<Page> handWritten() {
        return all().stream().filter(p -> p.relative().equals("README.md")
                || p.relative().startsWith("docs/") && !p.relative().startsWith("docs/reference/")).toList();
    }

    static Page read(String relative) {
        List<String> lines;
        try {
            lines = Files.readAllLines(ROOT.resolve(relative), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<Block> blocks = new ArrayList<>();
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        List<Link> links = new ArrayList<>();
        Page page = new Page(relative, blocks, anchors, links);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher fence = FENCE.matcher(line);
            if (fence.matches()) {
                int start = i;
                List<String> body = new ArrayList<>();
                for (i++; i < lines.size() && !FENCE.matcher(lines.get(i)).matches(); i++) {
                    body.add(lines.get(i));
                }
                if (i >= lines.size()) {
                    throw new IllegalStateException(relative + ":" + (start + 1) + ": a fenced block that never closes");
                }
                blocks.add(new Block(page, fence.group(1), List.copyOf(body), start + 1));
                continue;
            }
            Matcher h = HEADING.matcher(line);
            if (h.matches()) {
                String slug = slug(h.group(2));
                int n = seen.merge(slug, 1, Integer::sum) - 1;
                anchors.add(n == 0 ? slug : slug + "-" + n);
            }
            Matcher l = LINK.matcher(INLINE_CODE.matcher(line).replaceAll(""));
            while (l.find()) {
                links.add(new Link(l.group(2), i + 1));
            }
        }
        return page;
    }

    /** GitHub's anchor for a heading: lower case, punctuation but hyphens and underscores dropped, spaces to hyphens. */
    static String slug(String heading) {
        String text = heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1"); // a link's text only
        return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]", "").replace(' ', '-');
    }
}
