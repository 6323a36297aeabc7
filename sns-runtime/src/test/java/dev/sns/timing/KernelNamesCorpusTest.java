package dev.sns.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * sns's own demangler on the recorded kernel names ({@link KernelNameCorpus}): it reads every one of
 * them as c++filt does, character for character. Issue 27 asks for at least 95 % and never a wrong
 * name (a symbol not read comes back unchanged); the whole corpus is held here, so a change that
 * gives up on one symbol, or prints one differently, fails.
 */
class KernelNamesCorpusTest {
    @Test
    void ownReadsEveryRecordedKernelNameAsCppFiltDoes() {
        List<KernelNameCorpus.Line> lines = KernelNameCorpus.lines();
        assertEquals(1366, lines.size(), "corpus lines");
        List<String> unchanged = new ArrayList<>();
        List<String> wrong = new ArrayList<>();
        for (KernelNameCorpus.Line l : lines) {
            String own = KernelNames.own().demangle(l.symbol()).orElse(l.symbol());
            if (own.equals(l.symbol())) {
                unchanged.add(l.symbol());
            } else if (!own.equals(l.cppFilt())) {
                wrong.add(l.symbol() + "\n  own:      " + own + "\n  c++filt:  " + l.cppFilt());
            }
        }
        int exact = lines.size() - unchanged.size() - wrong.size();
        String counts = exact + " exact, " + unchanged.size() + " unchanged, " + wrong.size() + " wrong of " + lines.size();
        assertEquals(List.of(), wrong, counts);
        assertTrue(exact >= 0.95 * lines.size(), counts);
        assertEquals(List.of(), unchanged, counts);
    }

    /** Symbols c++filt gives back (checked): the last character made one no production starts with, an E too many. */
    @Test
    void aSymbolOwnCannotReadComesBackUnchanged() {
        for (KernelNameCorpus.Line l : KernelNameCorpus.lines().subList(0, 50)) {
            String s = l.symbol();
            for (String broken : List.of(s.substring(0, s.length() - 1) + "Q", s + "E")) {
                assertEquals(Optional.empty(), KernelNames.own().demangle(broken), broken);
                assertEquals(broken, KernelNames.demangle(broken));
            }
        }
    }
}
