/// The text of a field's UTF-8 bytes, as the roster file holds them.
///
/// Output that copies a field as it is writes its bytes; this is for output that needs the
/// text: to measure it in terminal columns, colour it, or escape its control characters.
/// The fields of a roster that has been read are valid UTF-8.
///
/// - Parameter utf8: The field's bytes.
/// - Returns: The text.
func text(_ utf8: UnsafeRawBufferPointer) -> String {
  String(decoding: utf8, as: UTF8.self)
}
