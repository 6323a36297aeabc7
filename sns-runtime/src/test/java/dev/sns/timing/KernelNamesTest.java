package dev.sns.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sns.fakes.FakeSymbolDemangler;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Kernel names read back as c++filt prints them (expected values copied from GNU c++filt's output),
 * through the chain {@link KernelNames#demangle} uses and through sns's own demangler alone; and
 * the chain's order: the platform's demanglers first, sns's own where they do not read a symbol.
 */
class KernelNamesTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "_Z4spinm|spin(unsigned long)",
        "_ZN2ns6kernelIfLi256EEEvPT_PKS1_i|void ns::kernel<float, 256>(float*, float const*, int)",
        "_Z6kernelIfLi256EEvPT_S1_i|void kernel<float, 256>(float*, float*, int)",
        "_Z5flagsILb1ELln5EEvN2ns3VecIfEEPS2_|void flags<true, -5l>(ns::Vec<float>, ns::Vec<float>*)",
        "_Z5twiceIdEvT_PS0_N2ns3VecIS0_EE|void twice<double>(double, double*, ns::Vec<double>)",
        "_ZN2ns12_GLOBAL__N_14anonEmd|ns::(anonymous namespace)::anon(unsigned long, double)",
        "_ZN2ns1S1tIcEEvT_|void ns::S::t<char>(char)",
        "_ZN2ns4useSEv|ns::useS()",
        "_ZN2ns5plainEPNS_3BarES1_NS_3VecIiEERKS3_|ns::plain(ns::Bar*, ns::Bar*, ns::Vec<int>, ns::Vec<int> const&)",
        "_ZNK2ns1S1mEi|ns::S::m(int) const",
        "_Z3strNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEhaxy|str(std::__cxx11::basic_string<char, "
                + "std::char_traits<char>, std::allocator<char> >, unsigned char, signed char, long long, unsigned long long)",
        "_Z4spinm.clone.1|spin(unsigned long) [clone .clone.1]",
        "sns_empty|sns_empty",
        "_ZZ4mainENKUlvE_clEv|main::{lambda()#1}::operator()() const",
        "_Z|_Z",
        // what the first version gave back unchanged: lambdas, local names, operators, function types,
        // expressions, external names, ABI tags, unnamed types, packs
        "_ZN2at6native18elementwise_kernelILi128ELi4EZNS0_15gpu_kernel_implINS0_15CUDAFunctor_addIsEEEEvRNS_18TensorIteratorBaseERKT_EUliE_EEviT1_"
                + "|void at::native::elementwise_kernel<128, 4, at::native::gpu_kernel_impl<at::native::CUDAFunctor_add<short> >"
                + "(at::TensorIteratorBase&, at::native::CUDAFunctor_add<short> const&)::{lambda(int)#1}>(int, "
                + "at::native::gpu_kernel_impl<at::native::CUDAFunctor_add<short> >(at::TensorIteratorBase&, "
                + "at::native::CUDAFunctor_add<short> const&)::{lambda(int)#1})",
        "_Z1fPFvPKcEM1AFiiES1_|f(void (*)(char const*), int (A::*)(int), void (char const*))",
        "_Z1fIXadL_Z1gvEEEvv|void f<&(g())>()",
        "_ZN8internal5gemvx6kernelIiLb0EEENSt9enable_ifIXntT0_EvE4typeEv|std::enable_if<!(false), void>::type "
                + "internal::gemvx::kernel<int, false>()",
        "_ZN1A1fB5cxx11Ev|A::f[abi:cxx11]()",
        "_ZN1AplERKS_|A::operator+(A const&)",
        "_ZZ1fvENUt_3getEv|f()::{unnamed type#1}::get()",
        "_Z1fIJidEEvDpPT_|void f<int, double>(int*, double*)",
        "_Z1fRA3_iPKA2_A3_f|f(int (&) [3], float const (*) [2][3])"})
    void readsWhatCppFiltReads(String symbol, String expected) {
        assertEquals(expected, KernelNames.demangle(symbol), "through the chain");
        assertEquals(expected, KernelNames.own().demangle(symbol).orElse(symbol), "by sns's own demangler");
    }

    /** Reads every symbol into one fixed name, or none; counts its calls. */
    private static final class Scripted implements SymbolDemangler {
        final Optional<String> answer;
        final Optional<String> unavailable;
        int calls;

        Scripted(Optional<String> answer, Optional<String> unavailable) {
            this.answer = answer;
            this.unavailable = unavailable;
        }

        @Override
        public String name() {
            return "scripted";
        }

        @Override
        public Optional<String> unavailable() {
            return unavailable;
        }

        @Override
        public Optional<String> demangle(String symbol) {
            calls++;
            return answer;
        }
    }

    @Test
    void thePlatformsDemanglerReadsFirst() {
        Scripted platform = new Scripted(Optional.of("read by the platform"), Optional.empty());
        assertEquals(Optional.of("read by the platform"), KernelNames.chain(List.of(platform)).demangle("_Z4spinm"));
        assertEquals(1, platform.calls);
    }

    @Test
    void ownReadsWhatThePlatformGivesUp() {
        Scripted platform = new Scripted(Optional.empty(), Optional.empty());
        assertEquals(Optional.of("spin(unsigned long)"), KernelNames.chain(List.of(platform)).demangle("_Z4spinm"));
        assertEquals(1, platform.calls);
    }

    @Test
    void anUnavailableDemanglerIsNotAsked() {
        Scripted missing = new Scripted(Optional.of("never"), Optional.of("unavailable, because it is a test"));
        SymbolDemangler chain = KernelNames.chain(List.of(missing));
        assertEquals(Optional.of("spin(unsigned long)"), chain.demangle("_Z4spinm"));
        assertEquals(0, missing.calls);
        assertEquals("sns's own Itanium demangler (scripted: unavailable, because it is a test)", chain.name());
    }

    /** {@code levels} templates, each naming the one before twice: 40 levels are 453 characters that read to 2^40 names. */
    static String doubling(int levels) {
        StringBuilder s = new StringBuilder("_Z1f1aIiE");
        for (int k = 0, index = 1; k < levels; k++, index += 2) {
            String ref = "S" + Integer.toString(index - 1, 36).toUpperCase(java.util.Locale.ROOT) + "_";
            s.append("1bI").append(ref).append(ref).append('E');
        }
        return s.toString();
    }

    @Test
    void aSymbolWhoseNameDoublesPastAMebibyteGoesToNoPlatformDemangler() {
        String symbol = doubling(40);
        assertEquals(453, symbol.length());
        Scripted platform = new Scripted(Optional.of("would never finish"), Optional.empty());
        assertEquals(Optional.empty(), KernelNames.chain(List.of(platform)).demangle(symbol));
        assertEquals(0, platform.calls);
        assertEquals(symbol, KernelNames.demangle(symbol));
        Scripted asked = new Scripted(Optional.of("read by the platform"), Optional.empty());
        assertEquals(Optional.of("read by the platform"), KernelNames.chain(List.of(asked)).demangle(doubling(4)));
        assertEquals(1, asked.calls, "4 doublings read to a few hundred characters: the platform's to read");
    }

    @Test
    void aDemanglerThatThrowsCountsAsNotReading() {
        SymbolDemangler broken = new SymbolDemangler() {
            @Override
            public String name() {
                return "broken";
            }

            @Override
            public Optional<String> unavailable() {
                return Optional.empty();
            }

            @Override
            public Optional<String> demangle(String symbol) {
                throw new IllegalStateException("broken");
            }
        };
        assertEquals(Optional.of("spin(unsigned long)"), KernelNames.chain(List.of(broken)).demangle("_Z4spinm"));
    }

    @Test
    void theRegisteredDemanglersAreTheTestFakeAndLibstdcxxs() {
        List<String> registered = new ArrayList<>();
        for (SymbolDemangler d : KernelNames.registered()) {
            registered.add(d.getClass().getName());
        }
        assertTrue(registered.contains(FakeSymbolDemangler.class.getName()), registered.toString());
        assertTrue(registered.contains("dev.sns.gpu.cxxabi.CxxAbiDemangler"), registered.toString());
        assertEquals(FakeSymbolDemangler.NAME, KernelNames.demangle(FakeSymbolDemangler.SYMBOL));
    }
}
