/**
 * The timing options, each defined once. {@link dev.sns.options.TimingOptions} is the table: key,
 * accepted values, scope (the Java API only, the whole run, or per benchmark), help text, how its
 * text is read and which {@link dev.sns.options.SnsOptions.Builder} setter checks it. The builder,
 * {@code SnsOptions.Builder.set(key, value)}, {@code -prof sns:key=value}, {@code @GpuTiming} and
 * {@code -prof sns:help} all derive from it, so a key has one name and one meaning everywhere.
 * {@link dev.sns.options.OptionLine} reads and explains the {@code key=value;key=value} text form;
 * {@link dev.sns.options.DeviceSelection} is the syntax of {@code devices} (which GPUs it names is
 * found in {@code dev.sns.gpu}, where the devices are known).
 *
 * <p>Units are in the names: {@code targetMs} and {@code telemetryMs} in milliseconds,
 * {@code flushBytes} in bytes. Imports {@code dev.sns.timing} (launch modes, timer kinds),
 * {@code dev.sns.clocks} (policies by name), {@code dev.sns.model} and {@code dev.sns.stats}; never a
 * GPU package, JMH or Jackson.
 */
@API(status = API.Status.STABLE, since = "0.2.0")
package dev.sns.options;

import org.apiguardian.api.API;
