package dev.sns.gpu.cxxabi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sns.timing.KernelNameCorpus;
import dev.sns.timing.KernelNames;
import dev.sns.timing.SymbolDemangler;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * libstdc++'s {@code __cxa_demangle} through JNA: on Linux it loads (libstdc++.so.6 is there wherever
 * a JVM runs) and reads the recorded kernel names exactly as c++filt does; where the runtime is
 * missing it says why and sns's own demangler reads instead, with no exception. Elsewhere (macOS's
 * libc++abi, Windows with none) the tests that need it are skipped.
 */
class CxxAbiDemanglerTest {
    private static final CxxAbiDemangler PLATFORM = new CxxAbiDemangler();

    private static void assumeLoaded() {
        if (System.getProperty("os.name", "").startsWith("Linux")) {
            assertEquals(Optional.empty(), PLATFORM.unavailable(), "libstdc++ on Linux");
        }
        assumeTrue(PLATFORM.unavailable().isEmpty(), () -> PLATFORM.unavailable().get());
    }

    @Test
    void readsEveryRecordedKernelNameAsCppFiltDoes() {
        assumeLoaded();
        List<String> differing = new ArrayList<>();
        for (KernelNameCorpus.Line l : KernelNameCorpus.lines()) {
            String name = PLATFORM.demangle(l.symbol()).orElse(l.symbol());
            if (!name.equals(l.cppFilt())) {
                differing.add(l.symbol() + "\n  __cxa_demangle: " + name + "\n  c++filt:        " + l.cppFilt());
            }
        }
        assertEquals(List.of(), differing);
    }

    /**
     * Where libstdc++ and c++filt part: c++filt spells the standard abbreviations out (its
     * DMGL_VERBOSE), {@code __cxa_demangle} does not. sns's own demangler prints them as c++filt does.
     * No recorded kernel name has one.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "_Z1fSs|f(std::string)|f(std::basic_string<char, std::char_traits<char>, std::allocator<char> >)",
        "_Z1fSi|f(std::istream)|f(std::basic_istream<char, std::char_traits<char> >)",
        "_Z1fSo|f(std::ostream)|f(std::basic_ostream<char, std::char_traits<char> >)",
        "_Z1fSd|f(std::iostream)|f(std::basic_iostream<char, std::char_traits<char> >)",
        "_ZNKSs4sizeEv|std::string::size() const|std::basic_string<char, std::char_traits<char>, std::allocator<char> >::size() const"})
    void spellsTheStandardAbbreviationsShortWhereCppFiltSpellsThemOut(String symbol, String platform, String cppFilt) {
        assumeLoaded();
        assertEquals(Optional.of(platform), PLATFORM.demangle(symbol));
        assertEquals(Optional.of(cppFilt), KernelNames.own().demangle(symbol));
    }

    @Test
    void leavesSymbolsPastLibibertysLimitToOwn() {
        assumeLoaded();
        StringBuilder s = new StringBuilder("_Z4spinm");
        while (s.length() <= 1024) {
            s.append("PKf");
        }
        String symbol = s.toString(); // libiberty refuses more than 1,024 characters; c++filt gives it back unchanged
        assertEquals(Optional.empty(), PLATFORM.demangle(symbol));
        String name = KernelNames.chain(List.of(PLATFORM)).demangle(symbol).orElseThrow();
        assertTrue(name.startsWith("spin(unsigned long, float const*, float const*, "), name);
    }

    @Test
    void ownAgreesWithThePlatformOnCutSymbols() {
        assumeLoaded();
        int cuts = 0;
        int read = 0;
        for (KernelNameCorpus.Line l : KernelNameCorpus.lines()) {
            String s = l.symbol();
            for (int k = 1; k <= 5; k++) { // most cuts are not symbols any more; some are, shorter ones
                String cut = s.substring(0, 3 + (s.length() - 3) * k / 6);
                Optional<String> own = KernelNames.own().demangle(cut);
                Optional<String> platform = PLATFORM.demangle(cut);
                if (own.isPresent() || platform.isPresent()) {
                    assertEquals(platform, own, cut);
                    read++;
                }
                cuts++;
            }
        }
        assertTrue(read > 100, read + " of " + cuts + " cuts read: the property checked too little");
    }

    @Test
    void aMissingRuntimeIsUnavailableAndOwnReads() {
        CxxAbiDemangler missing = new CxxAbiDemangler(List.of("libsns-no-such-runtime.so.1"));
        String why = missing.unavailable().orElseThrow();
        assertTrue(why.startsWith("unavailable, because no C++ runtime with __cxa_demangle loads (libsns-no-such-runtime.so.1: "),
                why);
        KernelNameCorpus.Line lambda = KernelNameCorpus.lines().stream()
                .filter(l -> l.cppFilt().contains("{lambda(")).findFirst().orElseThrow();
        assertEquals(Optional.empty(), missing.demangle(lambda.symbol()));
        SymbolDemangler chain = KernelNames.chain(List.of(missing));
        assertEquals(Optional.of(lambda.cppFilt()), chain.demangle(lambda.symbol()));
        assertTrue(chain.name().startsWith("sns's own Itanium demangler (__cxa_demangle: unavailable, because"),
                chain.name());
    }

    @Test
    void readsOnlyMangledNames() {
        assumeLoaded();
        assertEquals(Optional.empty(), PLATFORM.demangle("sns_empty"));
        assertEquals(Optional.empty(), PLATFORM.demangle("i")); // a type to __cxa_demangle, not a kernel
        assertEquals(Optional.empty(), PLATFORM.demangle("_Z5spin"));  // the name is one character short
        assertEquals(Optional.empty(), PLATFORM.demangle(null));
        assertEquals(Optional.of("spin(unsigned long)"), PLATFORM.demangle("_Z4spinm"));
        assertEquals("libstdc++.so.6 __cxa_demangle", PLATFORM.name());
    }

    @Test
    void aCallThatGivesNoAnswerSwitchesThePlatformsDemanglerOff() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger calls = new AtomicInteger();
        CxxAbiDemangler stuck = new CxxAbiDemangler("libstuck.so", symbol -> {
            calls.incrementAndGet();
            try {
                release.await(); // as libstdc++ 12 does on some malformed symbols, but this one can be released
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return "never seen";
        }, 50);
        try {
            assertEquals(Optional.empty(), stuck.demangle("_Z4spinm"));
            assertEquals("unavailable, because libstuck.so __cxa_demangle gave no answer within 50 ms for a symbol of 8"
                    + " characters; sns's own demangler reads kernel names from now on", stuck.unavailable().orElseThrow());
            assertEquals(Optional.empty(), stuck.demangle("_Z4spinm"));
            assertEquals(1, calls.get(), "asked again after it gave no answer");
            assertEquals(Optional.of("spin(unsigned long)"), KernelNames.chain(List.of(stuck)).demangle("_Z4spinm"));
        } finally {
            release.countDown();
        }
    }

    @Test
    void aCallThatThrowsReadsNothingAndStaysAvailable() {
        CxxAbiDemangler throwing = new CxxAbiDemangler("libthrows.so", symbol -> {
            throw new IllegalStateException("as a binding error would");
        }, 1000);
        assertEquals(Optional.empty(), throwing.demangle("_Z4spinm"));
        assertEquals(Optional.empty(), throwing.unavailable());
        CxxAbiDemangler declining = new CxxAbiDemangler("libnull.so", symbol -> null, 1000);
        assertEquals(Optional.empty(), declining.demangle("_Z4spinm"));
    }
}
