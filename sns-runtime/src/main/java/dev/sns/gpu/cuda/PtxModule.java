package dev.sns.gpu.cuda;

import static dev.sns.gpu.cuda.CudaException.check;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.JCudaDriver;
import org.apiguardian.api.API;

/**
 * A module loaded from PTX text (compiled ahead of time with nvcc; the driver JIT-compiles it).
 *
 * @param context the context it was loaded into
 * @param module JCuda's handle of the module
 * @param source where the PTX came from, for messages
 */
public record PtxModule(CudaContext context, CUmodule module, String source) implements AutoCloseable {
    /**
     * Takes the handle as it is.
     *
     * @param context the context it was loaded into
     * @param module JCuda's handle of the module
     * @param source where the PTX came from, for messages
     */
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public PtxModule {
    }


    /**
     * Loads a PTX resource, e.g. {@code load(ctx, MyBench.class, "saxpy.ptx")}.
     *
     * @param context the context to load it into
     * @param anchor the class the resource is found next to
     * @param resource a path relative to the anchor's package, or absolute with a leading slash
     * @return the loaded module; close it to unload it
     * @throws IllegalArgumentException if the resource is not there (regenerate it with scripts/build-ptx.sh)
     * @throws java.io.UncheckedIOException if it cannot be read
     * @throws CudaException if the driver rejects the PTX (built for another GPU or driver, say)
     */
    public static PtxModule load(CudaContext context, Class<?> anchor, String resource) {
        byte[] ptx;
        try (InputStream in = anchor.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("PTX resource '" + resource + "' not found next to "
                        + anchor.getName() + "; regenerate it with scripts/build-ptx.sh and rebuild");
            }
            ptx = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("reading PTX resource " + resource, e);
        }
        return fromPtx(context, ptx, resource);
    }

    /**
     * Loads PTX text.
     *
     * @param context the context to load it into
     * @param ptx the PTX, as text bytes (no terminating zero needed)
     * @param name what to call it in error messages
     * @return the loaded module; close it to unload it
     * @throws CudaException if the driver rejects the PTX
     */
    public static PtxModule fromPtx(CudaContext context, byte[] ptx, String name) {
        context.makeCurrent();
        byte[] terminated = Arrays.copyOf(ptx, ptx.length + 1); // the driver reads a C string
        CUmodule m = new CUmodule();
        check(JCudaDriver.cuModuleLoadData(m, terminated), "cuModuleLoadData", "module=" + name);
        return new PtxModule(context, m, name);
    }

    /**
     * A kernel of this module.
     *
     * @param name its name as the PTX has it: the {@code extern "C"} name, or the mangled one
     * @return the kernel
     * @throws CudaException if the module has no such kernel, naming it and the module
     */
    public Kernel kernel(String name) {
        CUfunction f = new CUfunction();
        check(JCudaDriver.cuModuleGetFunction(f, module, name), "cuModuleGetFunction",
                "kernel=\"" + name + "\", module=" + source);
        return new Kernel(f, name);
    }

    /**
     * Unloads the module; its kernels must not be launched after.
     *
     * @throws CudaException if the driver refuses
     */
    @Override
    public void close() {
        context.makeCurrent();
        check(JCudaDriver.cuModuleUnload(module), "cuModuleUnload", "module=" + source);
    }
}
