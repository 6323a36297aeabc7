package dev.sns.reports.html;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * The page's fixed blocks, the style sheet ({@link Styles#CSS}) and the script ({@link PageScript#JS}),
 * each replaced by a marker, so that report.html's golden holds what its test is about (the report's
 * content) rather than a second copy of two constants. Strict: each block must stand in the page once,
 * to the byte, where the renderer puts it; the script's hash in the Content-Security-Policy stays in
 * the golden, so a changed script still changes it.
 */
public final class FixedBlocks {
    /** What stands in the golden for the style sheet. */
    static final String STYLE_MARKER = "/* Styles.CSS: the fixed style sheet, left out of the golden */\n";
    /** What stands in the golden for the script. */
    static final String SCRIPT_MARKER = "/* PageScript.JS: the fixed script, left out of the golden */\n";

    private FixedBlocks() {}

    /** {@code html} with its one style sheet and its one script replaced by their markers; fails if either is not there once. */
    public static String elide(String html) {
        String styled = once(html, "<style>\n" + Styles.CSS + "</style>\n", "<style>\n" + STYLE_MARKER + "</style>\n",
                "the style sheet (Styles.CSS)");
        return once(styled, "<script>" + PageScript.JS + "</script>\n", "<script>" + SCRIPT_MARKER + "</script>\n",
                "the script (PageScript.JS)");
    }

    private static String once(String html, String block, String marker, String what) {
        int at = html.indexOf(block);
        if (at < 0 || html.indexOf(block, at + 1) >= 0) {
            fail("the page holds " + what + (at < 0 ? " not at all, or not to the byte" : " more than once")
                    + ": the golden leaves it out only where it stands once, whole");
        }
        return html.substring(0, at) + marker + html.substring(at + block.length());
    }
}
