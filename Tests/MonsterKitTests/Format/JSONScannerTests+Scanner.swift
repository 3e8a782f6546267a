import Testing

@testable import MonsterKit

// The scanner on its own: numbers as written, and errors at byte offsets.
extension JSONScannerTests {
  /// Reads one JSON value, as the scanner does for keys it does not know.
  private func value(_ bytes: [UInt8]) throws -> JSONValue {
    try bytes.withUnsafeBytes { buffer in
      try Result { () throws(JSONSyntaxError) -> JSONValue in
        var scanner = JSONScanner(buffer)
        let value = try scanner.readValue(depth: 1)
        try scanner.expectEnd(after: "the value")
        return value
      }.get()
    }
  }

  @Test func numbersKeepTheirDigitsAsWritten() throws {
    for number in [
      "0", "-0", "1e400", "-0.50", "1E+2", "12.340e-05", "123456789012345678901234567890",
    ] {
      #expect(try value(Array(number.utf8)) == .number(number))
    }
  }

  @Test func scannerErrorsGiveByteOffsets() {
    // `["é` then 0xFF: the bad byte is at offset 4, after the two bytes of é.
    #expect(throws: JSONSyntaxError(offset: 4, message: "invalid UTF-8 (byte 0xFF)")) {
      try value([0x5B, 0x22, 0xC3, 0xA9, 0xFF, 0x22, 0x5D])
    }
    #expect(throws: JSONSyntaxError(offset: 3, message: "unexpected 'x' after the value")) {
      try value(Array("[] x".utf8))
    }
  }
}
