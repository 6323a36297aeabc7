package dev.sns.options;

import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * The one place a secret is masked before text is shown or written: a password given in a JDBC URL
 * or an option line ({@code password=P}, {@code sslpassword=P}, {@code pwd=P}, {@code passwd=P}) and
 * the password of a URL's user information ({@code scheme://user:P@host}) become {@code ***}. The
 * reports (every option of {@code RunReport}), the history's stored options and its messages, the
 * console lines and the option line a fork is given all pass through {@link #mask}, whichever way the
 * value came ({@code history=...} directly, {@code -prof 'sns:history=...'}, or JMH's Java API).
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
public final class Secrets {
    /** What a secret is replaced by. */
    public static final String MASK = "***";

    /** {@code password=}, {@code sslpassword=}, {@code pwd=}, {@code passwd=} up to '&amp;', ';' (unescaped), a space or a message's ": ". */
    private static final Pattern PARAMETER =
            Pattern.compile("(?i)(\\b[a-z]*(?:password|passwd|pwd)=)(?:\\\\.|[^&;\\s\\\\])*?(?=[&;\\s]|:\\s|:?$)");
    /** {@code ://user:password@}: the password of a URL's user information. */
    private static final Pattern USER_INFO = Pattern.compile("(://[^/:@\\s;&]+:)[^@/\\s]*(@)");

    private Secrets() {}

    /**
     * {@code text} with every password in it replaced by {@value #MASK}; the rest as it was.
     *
     * @param text any text (a JDBC URL, an option line, a message); null gives null
     * @return the text without its passwords
     */
    public static String mask(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        String masked = PARAMETER.matcher(text).replaceAll("$1" + MASK);
        return USER_INFO.matcher(masked).replaceAll("$1" + MASK + "$2");
    }
}
