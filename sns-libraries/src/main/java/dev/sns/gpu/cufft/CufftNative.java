package dev.sns.gpu.cufft;

import com.sun.jna.Library;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.LongByReference;

/** The functions of {@code libcufft.so.12} sns calls (cufft.h of CUDA 13). Each returns a {@code cufftResult} (0 = success). */
interface CufftNative extends Library {
    /** {@code CUFFT_C2C}: single-precision complex to complex, interleaved. */
    int C2C = 0x29;

    int cufftPlan1d(IntByReference plan, int nx, int type, int batch);

    int cufftPlan3d(IntByReference plan, int nx, int ny, int nz, int type);

    int cufftGetSize(int plan, LongByReference workSize);

    int cufftExecC2C(int plan, Pointer in, Pointer out, int direction);

    int cufftSetStream(int plan, Pointer stream);

    int cufftDestroy(int plan);

    int cufftGetVersion(IntByReference version);
}
