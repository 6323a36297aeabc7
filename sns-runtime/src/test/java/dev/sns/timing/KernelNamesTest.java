package dev.sns.timing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Kernel names read back as c++filt prints them (expected values copied from GNU c++filt's output). */
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
        "_ZZ4mainENKUlvE_clEv|_ZZ4mainENKUlvE_clEv",
        "_Z|_Z"})
    void readsWhatCppFiltReads(String symbol, String expected) {
        assertEquals(expected, KernelNames.demangle(symbol));
    }
}
