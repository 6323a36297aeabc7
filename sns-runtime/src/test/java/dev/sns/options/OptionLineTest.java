package dev.sns.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The option line's text form: entries, the {@code \;} escape, entries without a key or a value. */
class OptionLineTest {
    @Test
    void anEscapedSemicolonStaysInTheValue() {
        assertEquals(List.of("out=a;b", "smi=/x;y/nvidia-smi"), OptionLine.split("out=a\\;b;smi=/x\\;y/nvidia-smi"));
        assertEquals(Map.of("out", "/tmp/run;1", "formats", "json"),
                OptionLine.parse("out=/tmp/run\\;1;formats=json", ""));
    }

    @Test
    void aDoubledBackslashIsOneBackslashAndDoesNotEscapeTheSemicolon() {
        // text: a=x\\;b=y  ->  a = x\ , then b = y
        assertEquals(List.of("a=x\\", "b=y"), OptionLine.split("a=x\\\\;b=y"));
        assertEquals(Map.of("a", "x\\", "b", "y"), OptionLine.parse("a=x\\\\;b=y", ""));
    }

    @Test
    void otherBackslashesAreKeptAsTheyAre() {
        assertEquals(List.of("smi=C:\\nv\\smi", "b=1\\"), OptionLine.split("smi=C:\\nv\\smi;b=1\\"));
    }

    @Test
    void emptyEntriesAreSkippedAndTheLastValueOfAKeyWins() {
        assertEquals(Map.of(), OptionLine.parse(" ; ;;", ""));
        assertEquals(Map.of(), OptionLine.parse(null, ""));
        assertEquals(Map.of("a", "3"), OptionLine.parse("a=1;;a=3;", ""));
        assertEquals(Map.of("pair", "(.*)Fast->$1=Slow"), OptionLine.parse("pair=(.*)Fast->$1=Slow", ""),
                "only the first '=' separates the key");
    }

    @Test
    void anEntryWithoutAKeyIsAnErrorNamingIt() {
        for (String line : new String[] {"=x", " = x", "timer=cuda;=x"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OptionLine.parse(line, ""));
            assertTrue(e.getMessage().contains("has no key")
                    && (e.getMessage().contains("'=x'") || e.getMessage().contains("'= x'")), line + ": " + e.getMessage());
        }
    }

    @Test
    void anEntryWithoutAValueIsAnErrorButAnEmptyValueIsAValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OptionLine.parse("a=1;flushL2", ""));
        assertTrue(e.getMessage().contains("'flushL2' has no value"), e.getMessage());
        assertEquals(Map.of("confidence", ""), OptionLine.parse("confidence=", ""));
    }
}
