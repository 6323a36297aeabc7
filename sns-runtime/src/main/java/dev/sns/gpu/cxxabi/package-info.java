/**
 * The platform's C++ demangler through JNA: {@code __cxa_demangle} of the C++ runtime the JVM's host
 * has (GNU libstdc++ on Linux, LLVM's libc++abi where that is the runtime).
 * {@link dev.sns.gpu.cxxabi.CxxAbiDemangler} is a {@link dev.sns.timing.SymbolDemangler}, registered
 * in {@code META-INF/services/dev.sns.timing.SymbolDemangler}, so {@code dev.sns.timing.KernelNames}
 * tries it before sns's own demangler without importing this package.
 *
 * <p>A leaf like {@code dev.sns.gpu.nvml}: imports JNA and {@code dev.sns.timing} (the seam) only, and
 * nothing imports it. It never throws and never takes the JVM down with it: no runtime, or no
 * {@code __cxa_demangle} in it, is "unavailable, because ..." and sns's own demangler reads every
 * name; the native call runs on a thread of its own with a large stack, long symbols are left to
 * sns's own, and a call that does not return in time switches the platform's demangler off.
 * Units: symbol lengths in characters, the time limit in milliseconds.
 */
@API(status = API.Status.INTERNAL, since = "0.2.0")
package dev.sns.gpu.cxxabi;

import org.apiguardian.api.API;
