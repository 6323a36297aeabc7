package dev.sns.reports.html;

/** HTML text helpers. */
final class Html {
    private Html() {}

    /**
     * {@code text} safe inside HTML (and inline SVG) text and double- or single-quoted attributes:
     * {@code & < > " '} become entities; null becomes the empty string.
     */
    static String escape(String text) {
        if (text == null) {
            return "";
        }
        if (!needsEscape(text)) {
            return text; // most labels and figures: no copy
        }
        StringBuilder sb = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    private static boolean needsEscape(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '&' || c == '<' || c == '>' || c == '"' || c == '\'') {
                return true;
            }
        }
        return false;
    }

    /**
     * {@code text} escaped, with a line-break opportunity ({@code <wbr>}) after each '.', ':', ',', '_'
     * and '=' so that long benchmark ids wrap at their parts rather than mid-word.
     */
    static String breakable(String text) {
        String escaped = escape(text);
        int breaks = 0;
        for (int i = 0; i < escaped.length(); i++) {
            char c = escaped.charAt(i);
            breaks += c == '.' || c == ':' || c == ',' || c == '_' || c == '=' ? 1 : 0;
        }
        StringBuilder sb = new StringBuilder(escaped.length() + 5 * breaks); // "<wbr>" after each: never grown
        for (int i = 0; i < escaped.length(); i++) {
            char c = escaped.charAt(i);
            sb.append(c);
            if (c == '.' || c == ':' || c == ',' || c == '_' || c == '=') {
                sb.append("<wbr>");
            }
        }
        return sb.toString();
    }
}
