package dev.sns.contract.docs;

import java.util.function.Supplier;

/**
 * A part of the docs that the code generates: a whole file, or a marked section of one.
 *
 * <p>A whole file starts with {@link #FILE_HEADER}. A section sits between
 * {@code <!-- generated: NAME -->} and {@code <!-- end of generated: NAME -->} lines; the text
 * around it is written by hand. {@link GeneratedDocsTest} fails when the committed text differs
 * from what the code generates, and rewrites it under {@code -Dsns.docs.update=true}.
 *
 * @param file the file, relative to the repository root
 * @param section the section's name, or null for the whole file
 * @param text what the code generates (without the header or the markers)
 */
record GeneratedText(String file, String section, Supplier<String> text) {
    /** How to bring the docs back in line with the code, in every message and header. */
    static final String UPDATE = "mvn -B -o -pl contract -am test -Dtest=GeneratedDocsTest "
            + "-Dsurefire.failIfNoSpecifiedTests=false -Dsns.docs.update=true";

    /** The first line of a generated file. */
    static final String FILE_HEADER = "<!-- Generated from the code by dev.sns.contract.docs.GeneratedDocs: do not edit. "
            + "After changing the code, regenerate with: " + UPDATE + " -->\n";

    static GeneratedText file(String file, Supplier<String> text) {
        return new GeneratedText(file, null, text);
    }

    static GeneratedText section(String file, String section, Supplier<String> text) {
        return new GeneratedText(file, section, text);
    }

    String begin() {
        return "<!-- generated: " + section + " -->\n";
    }

    String end() {
        return "<!-- end of generated: " + section + " -->\n";
    }

    /** The file's content with this part as the code generates it, from its current content. */
    String apply(String current) {
        String generated = text.get();
        if (!generated.endsWith("\n")) {
            generated += "\n";
        }
        if (section == null) {
            return FILE_HEADER + generated;
        }
        int b = current.indexOf(begin());
        int e = current.indexOf(end());
        if (b < 0 || e < b) {
            throw new IllegalStateException(file + " has no section '" + section + "': put the lines\n" + begin() + end()
                    + "where the generated text belongs, then run " + UPDATE);
        }
        return current.substring(0, b + begin().length()) + generated + current.substring(e);
    }
}
