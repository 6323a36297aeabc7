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
    @API(status = API.Status.INTERNAL, since = "0.2.0")
    public PtxModule {
    }


    /**
     * Loads a PTX resource, e.g. {@code load(ctx, MyBench.class, "saxpy.ptx")} (a path relative to the
     * class's package, or absolute with a leading slash).
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

    /** Loads PTX text; {@code name} appears in error messages. */
    public static PtxModule fromPtx(CudaContext context, byte[] ptx, String name) {
        context.makeCurrent();
        byte[] terminated = Arrays.copyOf(ptx, ptx.length + 1); // the driver reads a C string
        CUmodule m = new CUmodule();
        check(JCudaDriver.cuModuleLoadData(m, terminated), "cuModuleLoadData", "module=" + name);
        return new PtxModule(context, m, name);
    }

    /** A kernel of this module by its (extern "C") name. */
    public Kernel kernel(String name) {
        CUfunction f = new CUfunction();
        check(JCudaDriver.cuModuleGetFunction(f, module, name), "cuModuleGetFunction",
                "kernel=\"" + name + "\", module=" + source);
        return new Kernel(f, name);
    }

    @Override
    public void close() {
        context.makeCurrent();
        check(JCudaDriver.cuModuleUnload(module), "cuModuleUnload", "module=" + source);
    }
}
