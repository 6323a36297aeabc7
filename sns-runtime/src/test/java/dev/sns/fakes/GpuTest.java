package dev.sns.fakes;

import dev.sns.gpu.GpuBackend;
import dev.sns.gpu.GpuBackends;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A test that needs an NVIDIA GPU: tagged {@code gpu}, and skipped with the detection's reason
 * (for example "no CUDA driver (...)") where none is found.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag("gpu")
@ExtendWith(GpuTest.RequiresGpu.class)
public @interface GpuTest {
    /** Disables the test, with the reason, when detection finds no GPU. */
    final class RequiresGpu implements ExecutionCondition {
        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            GpuBackend.Status s = GpuBackends.detect().probe();
            if (s.available()) {
                return ConditionEvaluationResult.enabled("GPU: " + s.devices().get(0).name());
            }
            // Maven's summary counts skipped tests without their reason: say it where the tests run
            System.out.println("[gpu test skipped] " + context.getDisplayName() + ": no GPU here: " + s.reason());
            return ConditionEvaluationResult.disabled("skipped, no GPU: " + s.reason());
        }
    }
}
