package dev.sns.validation;

import java.util.Arrays;
import java.util.Map;

/**
 * {@code java -jar sns-validation.jar kernels|energy|calibration|libraries [options]}: runs one tool with the
 * rest of the arguments ({@code java -cp sns-validation.jar dev.sns.validation.KernelCheckMain ...} does the same).
 */
public final class ValidationMain {
    /** A tool's name on the command line, its class's main. */
    private static final Map<String, Tool> TOOLS = Map.of(
            "kernels", KernelCheckMain::main,
            "energy", EnergyCheckMain::main,
            "calibration", CalibrationGpuMain::main,
            "libraries", LibraryCheckMain::main);

    private ValidationMain() {}

    /** One tool's {@code main}. */
    @FunctionalInterface
    private interface Tool {
        void main(String[] args) throws Exception;
    }

    public static void main(String[] args) throws Exception {
        Tool tool = args.length == 0 ? null : TOOLS.get(args[0]);
        if (tool == null) {
            System.err.println("usage: java -jar sns-validation.jar kernels|energy|calibration|libraries [options]"
                    + " (KernelCheckMain, EnergyCheckMain, CalibrationGpuMain, LibraryCheckMain; each one's Javadoc lists "
                    + "its options)");
            System.exit(1);
        }
        try {
            tool.main(Arrays.copyOfRange(args, 1, args.length));
        } catch (IllegalArgumentException e) {
            // the tools' argument parsing throws this for an unknown argument (--help too) or a bad value
            System.err.println("sns-validation " + args[0] + ": " + e.getMessage() + " (the tool's Javadoc lists its options)");
            System.exit(2);
        }
    }
}
