package dev.sns.contract.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every relative link in README.md, ARCHITECTURE.md, reports/SCHEMA.md and docs/ reaches a file of the repository, and
 * every {@code #anchor} a heading of the page it names (as GitHub anchors headings).
 */
class DocsLinksTest {
    /**
     * Pages that other branches of the same issue add (the lean branch: the CUDA binding; the fields
     * branch: the result fields): a link to one is accepted while it is missing, and checked like any
     * other once it is there. Remove an entry when its page has landed.
     */
    static final Set<String> ADDED_ELSEWHERE = Set.of();

    @Test
    void everyRelativeLinkReachesAFileAndEveryAnchorAHeading() {
        List<DocPages.Page> pages = DocPages.all();
        Map<String, DocPages.Page> byPath = pages.stream().collect(Collectors.toMap(DocPages.Page::relative,
                Function.identity()));
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (DocPages.Page page : pages) {
            for (DocPages.Link link : page.links()) {
                String problem = problem(page, link.target(), byPath);
                checked++;
                if (problem != null) {
                    broken.add(page.relative() + ":" + link.line() + ": (" + link.target() + ") " + problem);
                }
            }
        }
        if (!broken.isEmpty()) {
            fail(broken.size() + " broken link(s):\n  " + String.join("\n  ", broken));
        }
        assertTrue(checked > 100, "the pages link to each other: " + checked + " links checked");
    }

    /** The parser and the anchors, on known answers: GitHub's anchors for this repository's kinds of heading. */
    @Test
    void anchorsAreGithubs() {
        assertEquals("quick-start-jmh--prof-sns", DocPages.slug("Quick start: JMH (`-prof sns`)"));
        assertEquals("what-a-measurements-interval-covers", DocPages.slug("What a measurement's interval covers"));
        assertEquals("reporthtml-at-scale", DocPages.slug("report.html at scale"));
        assertEquals("version-020", DocPages.slug("Version 0.2.0"));
        assertEquals("sns-reports---help", DocPages.slug("`sns-reports --help`"));
        assertEquals("is-there-a-gpu", DocPages.slug("Is there a GPU?"));
        assertEquals("result_fields", DocPages.slug("result_fields"));
    }

    /** What is wrong with {@code target} as a link from {@code page}, or null when it resolves. */
    static String problem(DocPages.Page page, String target, Map<String, DocPages.Page> byPath) {
        if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
            return null; // https:, mailto: and the like: not this test's business
        }
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path base = DocPages.ROOT.resolve(page.relative()).getParent();
        Path file = path.isEmpty() ? DocPages.ROOT.resolve(page.relative()) : base.resolve(path).normalize();
        if (!file.startsWith(DocPages.ROOT)) {
            return "leads out of the repository";
        }
        String relative = DocPages.ROOT.relativize(file).toString().replace('\\', '/');
        if (!Files.exists(file)) {
            return ADDED_ELSEWHERE.contains(relative) ? null : "no such file: " + relative;
        }
        if (anchor == null || anchor.isEmpty()) {
            return null;
        }
        if (!relative.endsWith(".md")) {
            return "an anchor into a file that is not Markdown";
        }
        DocPages.Page target2 = byPath.containsKey(relative) ? byPath.get(relative) : DocPages.read(relative);
        return target2.anchors().contains(anchor) ? null
                : "no heading with the anchor #" + anchor + " in " + relative + " (its anchors: "
                        + String.join(", ", target2.anchors()) + ")";
    }
}
