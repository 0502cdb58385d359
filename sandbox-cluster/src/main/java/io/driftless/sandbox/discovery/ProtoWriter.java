package io.driftless.sandbox.discovery;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/** The protocol buffers wire format, just what {@link OpenApiV2Proto} writes. */
final class ProtoWriter {

  private static final int VARINT = 0;
  private static final int FIXED64 = 1;
  private static final int LENGTH_DELIMITED = 2;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();

  ProtoWriter string(int field, String value) {
    return bytes(field, value.getBytes(StandardCharsets.UTF_8));
  }

  ProtoWriter message(int field, ProtoWriter message) {
    return bytes(field, message.toByteArray());
  }

  ProtoWriter varint(int field, long value) {
    tag(field, VARINT);
    varint(value);
    return this;
  }

  ProtoWriter bool(int field, boolean value) {
    return varint(field, value ? 1 : 0);
  }

  ProtoWriter fixed64(int field, double value) {
    tag(field, FIXED64);
    var bits = Double.doubleToLongBits(value);
    for (int i = 0; i < 8; i++) {
      out.write((int) (bits >>> (8 * i)) & 0xff);
    }
    return this;
  }

  byte[] toByteArray() {
    return out.toByteArray();
  }

  private ProtoWriter bytes(int field, byte[] bytes) {
    tag(field, LENGTH_DELIMITED);
    varint(bytes.length);
    out.write(bytes, 0, bytes.length);
    return this;
  }

  private void tag(int field, int wireType) {
    varint(((long) field << 3) | wireType);
  }

  private void varint(long value) {
    var rest = value;
    while ((rest & ~0x7fL) != 0) {
      out.write((int) ((rest & 0x7f) | 0x80));
      rest >>>= 7;
    }
    out.write((int) rest);
  }
}
